//! Things that lie on the floor. What each kind is and does is its row in the
//! content file ([`super::content::ItemRow`]).

use super::blessing::Blessing;
use super::content::{ItemKind, MonsterKind};
use super::dice::rnz;
use crate::generation::{MineRng, Pos};

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
    /// Its enchantment (NetHack's `spe`), and whether it is known.
    pub spe: i8,
    /// Its enchantment is known (kept from your pack).
    pub spe_known: bool,
    /// Blessed, uncursed or cursed (NetHack's `blessed` and `cursed`).
    pub blessing: Blessing,
    /// Whether it is blessed or cursed is known (NetHack's `bknown`).
    pub blessing_known: bool,
    /// Food partly eaten: the nutrition still in it.
    pub nutrition_left: Option<u32>,
    /// A corpse: whose, and how old.
    pub corpse: Option<Corpse>,
}

impl Item {
    /// `quantity` of item kind `kind` with id `id` lying at `pos`: not for
    /// sale, not burning, whole, not a corpse (the fields say otherwise).
    pub fn new(id: u32, kind: ItemKind, pos: Pos, quantity: u32) -> Item {
        Item {
            id,
            kind,
            pos,
            quantity,
            price: None,
            burn_left: None,
            eroded: 0,
            spe: 0,
            spe_known: false,
            blessing: Blessing::Uncursed,
            blessing_known: false,
            nutrition_left: None,
            corpse: None,
        }
    }
}

/// Something the rock holds (NetHack's `mineralize`): an item at a rock cell, and whether it is
/// buried under it (NetHack's buried object list) or lies in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Treasure {
    /// The item, at its cell.
    pub item: Item,
    /// Buried: a pit dug on its cell brings it up. Not buried: digging the
    /// rock out leaves it on the new floor.
    pub buried: bool,
}

/// What makes a corpse item this monster's: whose it is and how old (NetHack's
/// `corpsenm` and `age`, and its rot timer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Corpse {
    /// The monster it was (a zombie's corpse is the zombie's, named after
    /// its living kind).
    pub of: MonsterKind,
    /// The turn its age counts from: its death, or earlier for one left
    /// already old.
    pub died: i64,
    /// The turn it rots away, wherever it lies.
    pub rots_at: u64,
}

/// A corpse older than this many turns is no longer fresh: a pet won't eat
/// it (NetHack's `TAINT_AGE`), and one left by an undead is this old and one.
pub(crate) const TAINT_AGE: u64 = 50;

/// Turns a corpse lasts before it rots away, give or take `rnz(10)`
/// (NetHack's `ROT_AGE`).
const ROT_AGE: u64 = 250;

/// The turn a corpse made at `now` rots away (NetHack's `ROT_AGE` and its
/// `rnz(10)` spread).
pub(crate) fn rot_time(now: u64, rng: &mut MineRng) -> u64 {
    now + (ROT_AGE + rnz(10, rng)).saturating_sub(10)
}

/// The turn the corpses a level is stocked with count from (a trap's
/// victim, long dead): the level's first visit moves them to its own turn
/// ([`to_first_visit`]).
pub(crate) const STOCKED_AT: u64 = 1000;

/// Move the corpse times of a level just made from [`STOCKED_AT`] to `now`,
/// the turn of its first visit.
pub(crate) fn to_first_visit(items: &mut [Item], now: u64) {
    for c in items.iter_mut().filter_map(|i| i.corpse.as_mut()) {
        c.died += now as i64 - STOCKED_AT as i64;
        c.rots_at = (c.rots_at + now).saturating_sub(STOCKED_AT);
    }
}
