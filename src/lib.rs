//! gnomish-mines: NetHack's Gnomish Mines generator, the rules of a small mines
//! dungeon, and a Bevy game around them.
//!
//! - [`generation`]: the level generator (`mkmap.c`), plain Rust.
//! - [`dungeon`]: the rules of a run and the content they read, plain Rust.
//! - [`lab`]: the pass-2 lab and the seed catalogue, plain Rust.
//! - `game` (feature `play`, on by default): the Bevy app that plays and draws them.
//!
//! Arrows point down only: the game uses the dungeon and the generator, the
//! dungeon uses the generator, and the generator uses neither.

// The library's surface is what a template user calls: a `pub` item no one
// outside can reach says so.
#![warn(unreachable_pub)]

pub mod dungeon;
#[cfg(feature = "play")]
pub mod game;
pub mod generation;
pub mod lab;
#[cfg(feature = "saves")]
pub mod saves;

/// The README's Rust examples, compiled and run as doctests so they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;
