//! You, as NetHack makes you: a role, a race and an alignment (NetHack 3.7's
//! `role.c`), each a row of the content file's `hero` section, and what they
//! decide in the Mines: your hit points and kit, and who is friendly; and
//! how you grow (experience, attributes, skills, luck: NetHack 3.7's
//! `exper.c`, `attrib.c`, `weapon.c`).
//!
//! A run without a hero (a journal from before heroes, or a run started
//! without `--role`, `--race` or `--alignment`) plays the nameless hero of
//! the content's `player` row, with no pet, exactly as before.

pub mod attributes;
mod choose;
pub mod experience;
mod growth;
pub mod luck;
mod peace;
mod pick;
pub mod rows;

pub use crate::dungeon::skills::{Skill, SkillLevel};
pub use choose::{Hero, HeroWish, choose, choose_for_run};
pub use growth::{Growth, LevelChange, SpellProtection, has_intrinsic};
pub use peace::{Nature, peace_minded};
pub use pick::Pick;
pub use rows::{
    ALIGNMENTS, Alignment, Extra, HeroRows, Intrinsic, KitLine, KitVariant, RaceRow, RoleRow,
    Temper,
};
