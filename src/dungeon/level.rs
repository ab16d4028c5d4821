//! One level as it stands, kept whole while the player is elsewhere.

use std::sync::Arc;

use super::content::KindId;
use super::items::Item;
use super::monsters::Monster;
use crate::generation::{CaveHistory, LevelMap, Pos};

#[derive(Clone, Debug)]
pub struct LevelState {
    pub depth: usize,
    pub kind: KindId,
    /// The map. Shared, so views can hold it without a copy.
    pub map: Arc<LevelMap>,
    /// How its cave formed; None for a level built by hand.
    pub history: Option<Arc<CaveHistory>>,
    pub lit: bool,
    /// Cells the player has seen, in map index order.
    pub seen: Vec<bool>,
    pub monsters: Vec<Monster>,
    pub items: Vec<Item>,
}

impl PartialEq for LevelState {
    fn eq(&self, other: &Self) -> bool {
        self.depth == other.depth
            && self.kind == other.kind
            && self.map == other.map
            && self.lit == other.lit
            && self.seen == other.seen
            && self.monsters == other.monsters
            && self.items == other.items
    }
}

impl LevelState {
    /// Where the player arrives from above.
    pub fn up_stairs(&self) -> Pos {
        self.map
            .up_stairs()
            .expect("every level kind makes an up staircase")
    }

    /// The way down; None at the bottom.
    pub fn down_stairs(&self) -> Option<Pos> {
        self.map.down_stairs()
    }

    pub fn is_seen(&self, p: Pos) -> bool {
        self.seen[self.map.index(p)]
    }

    pub fn monster_at(&self, p: Pos) -> Option<usize> {
        self.monsters.iter().position(|m| m.pos == p)
    }

    pub fn item_at(&self, p: Pos) -> Option<usize> {
        self.items.iter().position(|i| i.pos == p)
    }
}
