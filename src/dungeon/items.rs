//! Things that lie on the floor. What each kind is and does is its row in the
//! content file ([`super::content::ItemRow`]).

use super::content::ItemKind;
use crate::generation::Pos;

/// An item on a level's floor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Item {
    /// Unique within a run, so views can follow it.
    pub id: u32,
    pub kind: ItemKind,
    pub pos: Pos,
}
