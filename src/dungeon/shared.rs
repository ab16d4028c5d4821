//! The words every part of a run shares: a command, how a run stands, what
//! killed you, what you know of a cell, the run's options. Defined here, not
//! in `mod.rs`, so the folder's modules take them from a file of their own and
//! `mod.rs` only declares and re-exports.

use super::content::{Content, ItemKind, MonsterKind, TrapKind, with_article};
use crate::generation::Dir;

/// One player action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// Step (or attack) one cell. While the run asks a yes/no question
    /// ("Really attack the gnome?"), the next command is the answer: the `y`
    /// key, a move north-west, says yes; anything else says no.
    Move(Dir),
    /// Rest a turn (`.`).
    Wait,
    /// Search the cells around you for hidden traps (`s`); it also rests.
    Search,
    /// Pick up what lies underfoot (`,`).
    PickUp,
    /// Go down the stairs you stand on (`>`).
    Down,
    /// Go up the stairs you stand on (`<`).
    Up,
    /// Apply the item at this place in the inventory (`a` and its letter):
    /// light or snuff a light; a digging tool asks which way to dig.
    Apply(u8),
    /// Drop the item at this place in the inventory (letter `a` is 0).
    Drop(u8),
    /// Pray (`p` in key files, Alt+P in the game).
    Pray,
    /// Look at a trap next to you (`^`, then a direction): NetHack's `^`.
    LookAtTrap,
    /// Wield the weapon with this inventory letter (`w`); the one you wield
    /// already: put it away.
    Wield(u8),
    /// Put on the armour with this inventory letter (`W`).
    Wear(u8),
    /// Take off the armour with this inventory letter (`T`).
    TakeOff(u8),
    /// Drink the potion with this inventory letter (`q`).
    Quaff(u8),
    /// Read the scroll with this inventory letter (`r`).
    Read(u8),
    /// Eat the food with this inventory letter (`e`).
    Eat(u8),
}

/// How a run stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunStatus {
    /// Still going.
    Playing,
    /// Killed.
    Died {
        /// Who or what killed you.
        killer: Killer,
        /// Where.
        depth: usize,
    },
    /// Picked up an item that wins (the luckstone).
    Won {
        /// The item that won it.
        item: ItemKind,
        /// Where.
        depth: usize,
    },
}

/// What killed you.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Killer {
    /// A monster's blow.
    Monster(MonsterKind),
    /// A trap.
    Trap(TrapKind),
    /// Hunger.
    Starvation,
    /// Eating past full (NetHack's choking).
    Choking(ItemKind),
}

impl Killer {
    /// How the tombstone names it: "a dwarf", "an arrow trap", "starvation",
    /// "a food ration".
    pub fn a_name(self, content: &Content) -> String {
        match self {
            Killer::Monster(k) => with_article(&content.monster(k).name),
            Killer::Trap(k) => with_article(&content.trap(k).name),
            Killer::Starvation => "starvation".into(),
            Killer::Choking(k) => with_article(&content.item(k).name),
        }
    }

    /// How the end of a run says it: "killed by a dwarf", "starved to
    /// death", "choked on a food ration".
    pub fn death(self, content: &Content) -> String {
        match self {
            Killer::Starvation => "starved to death".into(),
            Killer::Choking(_) => format!("choked on {}", self.a_name(content)),
            _ => format!("killed by {}", self.a_name(content)),
        }
    }
}

/// What the player knows of a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellSight {
    /// In view now.
    Visible,
    /// Seen before: drawn dimmed, without monsters.
    Remembered,
    /// Never seen: drawn black.
    Unseen,
}

/// Choices for a whole run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunOptions {
    /// Place monsters (off: explore the levels in peace).
    pub monsters: bool,
}

impl Default for RunOptions {
    fn default() -> Self {
        Self { monsters: true }
    }
}
