//! One integration-test binary (each `tests/*.rs` would link all of Bevy again).

mod cli;
#[cfg(feature = "game")]
mod game;
#[cfg(feature = "game")]
mod window;
mod common;
mod joining;
mod means;
mod passes;
mod properties;
