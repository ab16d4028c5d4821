//! gnomish-mines: NetHack's Gnomish Mines generator, the rules of a small mines
//! dungeon, and a Bevy game around them.
//!
//! - [`generation`]: the level generator (`mkmap.c`), plain Rust.
//! - [`dungeon`]: the rules of a run and the content they read, plain Rust.
//! - [`lab`]: the pass-2 lab and the seed catalogue, plain Rust.
//! - `game` (feature `play`, on by default): the Bevy app that plays and draws them.
//!
//! - `saves` (feature `saves`): where saves go, and the journal file on disk.
//! - `tui` (feature `tui`, on by default): the terminal front end, NetHack's
//!   screen over the same rules and journal.
//!
//! Arrows point down only: the game uses the dungeon and the generator, the
//! dungeon uses the generator, and the generator uses neither.
//!
//! # Where to start
//!
//! - A level: [`generation::generate`] with [`generation::MineParams`] gives a
//!   [`generation::MineLevel`], its map and how it formed.
//! - A run: [`dungeon::Dungeon::new`] with a [`dungeon::RunSetup`], then
//!   [`dungeon::Dungeon::act`] one [`dungeon::Command`] at a time.
//! - What the mines hold: [`dungeon::Content`], read from `assets/mines.ron`.
//! - The game: `game::run` opens the window with a `game::GameConfig`; in an
//!   app of your own, add `game::WindowPlugins` then `game::GamePlugin`
//!   (`examples/own_app.rs`).
//! - How it is laid out and why, and where each kind of change goes:
//!   `docs/design.md` and `docs/template.md` ("Start your roguelike from here").

// The library's surface is what a template user calls: a `pub` item no one
// outside can reach says so.
#![warn(unreachable_pub, missing_docs)]

// The crate's own tests share files with the integration tests, which name
// it by its name.
#[cfg(test)]
extern crate self as gnomish_mines;

pub mod dungeon;
#[cfg(feature = "play")]
pub mod game;
pub mod generation;
pub mod lab;
pub mod options;
pub mod palette;
#[cfg(feature = "saves")]
pub mod saves;
#[cfg(feature = "tui")]
pub mod tui;

/// The README's and the manual's Rust examples, compiled and run as doctests
/// so they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;

#[cfg(doctest)]
#[doc = include_str!("../docs/generator.md")]
struct GeneratorExamples;

#[cfg(doctest)]
#[doc = include_str!("../docs/template.md")]
struct TemplateExamples;
