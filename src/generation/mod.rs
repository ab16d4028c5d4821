//! NetHack's Gnomish Mines generator (`mkmap.c`), as plain Rust.
//!
//! Nothing here knows about Bevy or the dungeon: a roguelike author can copy this
//! folder into another project. `docs/nethack-mines.md` tells, in this project's
//! words, the exact NetHack behaviour each step follows.
//!
//! [`generate`] runs a [`Pipeline`] (fill, CA passes, join) and returns a
//! [`MineLevel`]: the [`LevelMap`] to play on and the [`CaveHistory`] that tells
//! how it formed.
//!
//! ```
//! use gnomish_mines::generation::{generate, render_ascii, MineParams};
//! let level = generate(42, &MineParams::default()).unwrap();
//! assert_eq!(render_ascii(&level.map).lines().count(), 21);
//! assert_eq!(level.history.stage_count(), 6); // init, pass1..pass4, joined
//! ```

pub(crate) mod ascii;
pub(crate) mod bitgrid;
mod history;
mod hue;
mod join;
mod map;
mod mkmap;
pub(crate) mod params;
mod passes;
mod pipeline;
#[doc(hidden)]
pub mod reference;
mod rng;
mod terrain;
pub(crate) mod walls;

pub use ascii::{render_ascii, render_at_stage, render_stages, render_stats};
pub use bitgrid::BitGrid;
pub use history::{CaveHistory, LevelStats, Provenance, Stage};
pub use hue::Hue;
pub use map::{Dir, LevelMap, MapError, Pos};
pub use mkmap::{GenerateError, MineLevel, generate};
pub use params::{MAX_SIDE, MIN_HEIGHT, MIN_WIDTH, MineParams, ParamError, RegionCap};
pub use passes::{Fate, Interior, Rule, Update, random_fill};
pub use pipeline::{CaPass, CaveStep, Pipeline, PipelineError, Step};
pub use rng::MineRng;
pub use terrain::{Article, TILES, Tile, TileClass, TileRow};
pub use walls::fix_wall_types;
