//! Things that lie on the floor. What each kind is and does is its row in the
//! content file ([`super::content::ItemRow`]).

use super::content::ItemKind;
use crate::generation::Pos;

/// An item on a level's floor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Item {
    /// Unique within a run, so views can follow it.
    pub id: u32,
    /// Its row in the content.
    pub kind: ItemKind,
    /// Where it lies.
    pub pos: Pos,
    /// How many: the pieces of a pile of gold, else 1.
    pub quantity: u32,
    /// What the shop asks for it; None: it is yours to take.
    pub price: Option<u32>,
    /// Turns of burning left, for a light (a light dropped keeps what it had
    /// left); None for anything else.
    pub burn_left: Option<u32>,
    /// Levels of rust, 0 to 3 (kept from when it was worn or wielded).
    pub eroded: u8,
    /// Food partly eaten: the nutrition still in it.
    pub nutrition_left: Option<u32>,
}
