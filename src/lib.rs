//! gnomish-mines: NetHack's Gnomish Mines generator, and a Bevy game around it.
//!
//! [`generation`] (the level generator) and [`dungeon`] (the rules of a run) are
//! plain Rust with no Bevy in them. The game lives behind the
//! default `game` feature.

pub mod cli;
pub mod dungeon;
#[cfg(feature = "game")]
pub mod game;
pub mod generation;
