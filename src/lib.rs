//! gnomish-mines: NetHack's Gnomish Mines generator, and a Bevy game around it.
//!
//! [`generation`] is plain Rust with no Bevy in it. The game lives behind the
//! default `game` feature.

pub mod cli;
#[cfg(feature = "game")]
pub mod game;
pub mod generation;
