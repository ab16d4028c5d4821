//! NetHack's Gnomish Mines generator (`mkmap.c`), as plain Rust.
//!
//! Nothing here knows about Bevy: a roguelike author can copy this folder into
//! another project. See `SPEC.md` in the repository's shared notes for the exact
//! NetHack behaviour each step follows.
//!
//! ```
//! use gnomish_mines::generation::{generate, MineParams, render_ascii};
//! let level = generate(42, &MineParams::default()).unwrap();
//! assert_eq!(render_ascii(&level).lines().count(), 21);
//! ```

pub mod ascii;
pub mod bitgrid;
pub mod join;
pub mod level;
pub mod params;
pub mod passes;
pub mod reference;
pub mod rng;

pub use ascii::{render_ascii, render_stages, render_stats};
pub use bitgrid::BitGrid;
pub use level::{GenerateError, LevelStats, MineLevel, Provenance, Stage, Tile, generate};
pub use params::{MineParams, ParamError, RegionCap};
pub use passes::{CaPass, Outcome, Update};
pub use rng::MineRng;
