//! The Bevy game.
use crate::cli::Cli;

pub fn run(_cli: Cli) {}
