//! The words every part of a run shares: how a run stands, what killed you,
//! what you know of a cell, the run's options, inventory letters. Defined here, not
//! in `mod.rs`, so the folder's modules take them from a file of their own and
//! `mod.rs` only declares and re-exports.

use super::content::{Content, ItemKind, MonsterKind, TrapKind, with_article};

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
    /// The poison of a monster's bite or sting ("poisoned by a killer
    /// bee").
    Poisoned(MonsterKind),
    /// Touching a monster that turns you to stone ("petrified by a
    /// cockatrice").
    Stoned(MonsterKind),
    /// A trap.
    Trap(TrapKind),
    /// Hunger.
    Starvation,
    /// Eating past full (NetHack's choking).
    Choking(ItemKind),
    /// A corpse eaten: what it did, and whose it was.
    Corpse(CorpseHarm, MonsterKind),
    /// Kicking something hard (NetHack's "kicking a wall").
    Kicking,
    /// Drinking a lit potion (NetHack's "quaffing a burning potion of oil").
    Quaffing(ItemKind),
    /// Water blessed or cursed against your god's side: "a potion of holy
    /// water" (true) or "of unholy water" (false).
    HolyWater(bool),
    /// A wand's doing: its ray come back ("bolt of fire"), its explosion
    /// ("exploding wand"), the rock its digging loosened ("falling rock").
    Zap(&'static str),
    /// A potion of sickness ("contaminated potion", "mildly contaminated
    /// potion").
    Contaminated(&'static str),
    /// An amulet of strangulation ("killed by strangulation").
    Strangled,
    /// Something a monster threw that is no weapon ("thrown potion").
    Thrown(&'static str),
    /// Slipping while mounting a steed.
    Slipped,
    /// Your own spell of drain life cast at yourself, at level 1
    /// (NetHack's "life drainage").
    LifeDrainage,
    /// Leaping out of a bear trap.
    JumpingOutOfATrap,
    /// Falling off your steed (NetHack's "a riding accident").
    RidingAccident,
    /// Falling down the stairs under a load (NetHack's "tumbling down a
    /// flight of stairs").
    TumblingDownStairs,
    /// What fire, cold or lightning destroyed in your pack: "a boiling
    /// potion", or `many` "boiling potions".
    Destroyed {
        /// The thing as it went: "boiling potion", "exploding wand".
        what: &'static str,
        /// Several went at once.
        many: bool,
    },
}

/// What a corpse did to the one who ate it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CorpseHarm {
    /// It had died too long ago: food poisoning, fatal unless cured.
    Tainted,
    /// It was poisonous.
    Poisonous,
    /// It was acidic.
    Acidic,
    /// It was old enough to make you sick.
    Cadaver,
}

impl Killer {
    /// How the tombstone names it: "a dwarf", "an arrow trap", "starvation",
    /// "a food ration".
    pub fn a_name(self, content: &Content) -> String {
        match self {
            Killer::Monster(k) | Killer::Poisoned(k) | Killer::Stoned(k) => {
                with_article(&content.monster(k).name)
            }
            Killer::Trap(k) => with_article(&content.trap(k).name),
            Killer::Starvation => "starvation".into(),
            Killer::Kicking => "kicking a wall".into(),
            Killer::Quaffing(k) => with_article(&format!("burning {}", content.item(k).name)),
            Killer::Choking(k) => with_article(&content.item(k).name),
            Killer::HolyWater(true) => "a potion of holy water".into(),
            Killer::HolyWater(false) => "a potion of unholy water".into(),
            Killer::Zap(what) | Killer::Thrown(what) | Killer::Contaminated(what) => {
                with_article(what)
            }
            Killer::Destroyed { what, many: false } => with_article(what),
            Killer::Destroyed { what, many: true } => format!("{what}s"),
            Killer::Strangled => "strangulation".into(),
            Killer::LifeDrainage => "life drainage".into(),
            Killer::JumpingOutOfATrap => "jumping out of a bear trap".into(),
            Killer::RidingAccident => "a riding accident".into(),
            Killer::TumblingDownStairs => "tumbling down a flight of stairs".into(),
            Killer::Slipped => "slipping while mounting a saddled steed".into(),
            Killer::Corpse(harm, of) => {
                let word = match harm {
                    CorpseHarm::Tainted => "tainted",
                    CorpseHarm::Poisonous => "poisonous",
                    CorpseHarm::Acidic => "acidic",
                    CorpseHarm::Cadaver => "rotted",
                };
                with_article(&format!("{word} {}", content.corpse_name(of)))
            }
        }
    }

    /// How the end of a run says it: "killed by a dwarf", "starved to
    /// death", "choked on a food ration".
    pub fn death(self, content: &Content) -> String {
        match self {
            Killer::Starvation => "starved to death".into(),
            Killer::Poisoned(_) => format!("poisoned by {}", self.a_name(content)),
            Killer::Stoned(_) => format!("petrified by {}", self.a_name(content)),
            Killer::Kicking => "killed by kicking a wall".into(),
            Killer::Slipped => "slipped while mounting a saddled steed".into(),
            Killer::Quaffing(k) => format!("killed by quaffing a burning {}", content.item(k).name),
            Killer::Choking(_) => format!("choked on {}", self.a_name(content)),
            Killer::Corpse(CorpseHarm::Tainted, _) => {
                format!("died of food poisoning from {}", self.a_name(content))
            }
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
    /// Pick up what you step on, of these kinds (NetHack's `autopickup`
    /// and `pickup_types`); None: off, as NetHack's default.
    pub autopickup: Option<PickupTypes>,
}

impl Default for RunOptions {
    fn default() -> Self {
        Self {
            monsters: true,
            autopickup: None,
        }
    }
}

/// The kinds of object autopickup takes, by their glyph (NetHack's
/// `pickup_types`: `$?!` is gold, scrolls and potions; none given: all).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PickupTypes(u128);

impl PickupTypes {
    /// Every kind.
    pub const ALL: PickupTypes = PickupTypes(u128::MAX);

    /// The kinds `glyphs` names, each an object's glyph (`$?!/="+`); an
    /// empty string: every kind.
    pub fn of(glyphs: &str) -> Result<PickupTypes, String> {
        if glyphs.is_empty() || glyphs == "all" {
            return Ok(PickupTypes::ALL);
        }
        let mut bits = 0u128;
        for c in glyphs.chars() {
            if !c.is_ascii_graphic() {
                return Err(format!("'{c}' is no object's glyph"));
            }
            bits |= 1 << (c as u32 - '!' as u32);
        }
        Ok(PickupTypes(bits))
    }

    /// Does it take objects drawn `glyph`?
    pub fn takes(self, glyph: char) -> bool {
        glyph.is_ascii_graphic() && self.0 & (1 << (glyph as u32 - '!' as u32)) != 0
    }

    /// As the journal writes it: `all`, or the glyphs.
    pub fn text(self) -> String {
        if self == PickupTypes::ALL {
            return "all".into();
        }
        ('!'..='~').filter(|&c| self.takes(c)).collect()
    }
}

/// An inventory letter: `a` to `z`, then `A` to `Z`, as NetHack's.
pub(crate) fn inventory_letter(index: u8) -> char {
    match index {
        0..=25 => (b'a' + index) as char,
        26..=51 => (b'A' + index - 26) as char,
        _ => '?',
    }
}

/// The inventory place of a letter.
pub(crate) fn letter_index(letter: char) -> Option<u8> {
    match letter {
        'a'..='z' => Some(letter as u8 - b'a'),
        'A'..='Z' => Some(letter as u8 - b'A' + 26),
        _ => None,
    }
}

/// `s` with its first letter in upper case, for a message that starts with
/// a name: "Your kitten misses the gnome.", "Killed by a dwarf".
pub(crate) fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}
