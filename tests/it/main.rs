//! One integration-test binary (each `tests/*.rs` would link all of Bevy again).

mod cli;
mod common;
mod joining;
mod means;
mod passes;
mod properties;
