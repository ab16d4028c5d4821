//! The Gnomish Mines as a small roguelike: kept levels, light and memory,
//! gnomes and dwarves, gems, messages, death and victory.
//!
//! Plain Rust like [`crate::generation`], with no Bevy in it. A [`Dungeon`] is
//! the whole state of a run and [`Dungeon::act`] plays one command; a run is a
//! function of its seed, its [`RunSetup`] and its commands, so a key file
//! replays it exactly ([`keys`]).
//!
//! What the mines hold is data ([`content`], `assets/mines.ron`): monster and
//! item rows, level kinds and the plan of which kind each depth gets. The code
//! that makes and stocks each kind of level is in `kinds/`.

pub mod attacks;
pub(crate) mod blessing;
pub mod content;
pub(crate) mod dice;
pub(crate) mod direction;
pub(crate) mod discoveries;
pub(crate) mod effects;
pub(crate) mod fov;
pub mod hero;
pub(crate) mod items;
pub mod journal;
pub mod keys;
pub(crate) mod kinds;
pub(crate) mod level;
mod load;
pub(crate) mod messages;
pub(crate) mod monsters;
pub(crate) mod outfit;
pub(crate) mod plan;
pub(crate) mod render;
pub(crate) mod roles;
pub(crate) mod rules;
mod run;
pub(crate) mod seeds;
mod setup;
pub(crate) mod shared;
pub mod size;
pub mod skills;
mod state;
pub(crate) mod status;
pub(crate) mod traps;
pub mod verbs;
pub(crate) mod words;

pub use blessing::Blessing;
pub use content::{
    Content, ContentError, CorpseLine, Effect, Group, ItemKind, KindId, MonsterKind, Resistance,
    Role, Size, TrapKind,
};
pub use discoveries::Discoveries;
pub use fov::{adjacent_cells, line_of_sight, line_of_sight_on};
pub use hero::{Alignment, Hero, Temper};
pub use items::{Corpse, Item, Treasure};
pub use keys::{Header, KeyError, parse_keys};
pub use kinds::mazewalk::MazeWalk;
pub use level::{Engraved, Engraving, LevelState, Shop};
pub use messages::{HistoryPage, MORE, MessageLog};
pub use monsters::{Magic, Monster, Pace};
pub use plan::check_variant;
pub use render::{render_level, render_run};
pub use rules::prayer::PRAYER_TIMEOUT;
pub use rules::warning::Warned;
pub use run::{Dungeon, Wizard};
pub use seeds::level_seed;
pub use setup::{RunSetup, built_in_content};
pub use shared::{CellSight, CorpseHarm, Killer, PickupTypes, RunOptions, RunStatus};
pub use state::{Carried, Hand, KnownSpell, Player};
pub use status::{Ending, Status};
pub use traps::Trap;
pub use verbs::{Command, Verb};
pub use words::{WORDS_MAX, Words, Writing};
