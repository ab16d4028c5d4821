//! Monsters as a level holds them. What each kind is is its row in the
//! content file ([`super::content::MonsterRow`]); how they act is
//! [`super::rules::monsters`].

use super::content::MonsterKind;
use crate::generation::Pos;

/// A monster on a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Monster {
    /// Unique within a run, so views can follow it.
    pub id: u32,
    /// Its row in the content.
    pub kind: MonsterKind,
    /// Where it stands.
    pub pos: Pos,
    /// Hit points now.
    pub hp: i32,
    /// Hit points at full health.
    pub max_hp: i32,
    /// Movement points saved up toward the next action (NetHack's `movement`).
    pub energy: u32,
    /// It leaves you alone, and you are asked before you attack it.
    pub peaceful: bool,
    /// It was peaceful until you attacked it: killing it angers the watch.
    pub wronged: bool,
}
