//! The one table of numbers the dungeon plays by: who is how strong, fast and
//! hard to hit, and how a blow is rolled. Change a number here and every test,
//! replay and the game follow.
//!
//! | who        | glyph | level | speed | AC | hit points | damage |
//! |------------|-------|-------|-------|----|------------|--------|
//! | you        | `@`   | 1     | 12    | 3  | 24         | d8     |
//! | gnome      | `G`   | 1     | 6     | 10 | 1d8        | d6     |
//! | gnome lord | `G`   | 2     | 8     | 10 | 2d8        | d8     |
//! | dwarf      | `h`   | 2     | 6     | 4  | 2d8        | d8     |
//! | hobbit     | `h`   | 1     | 9     | 10 | 1d8        | d6     |
//!
//! Monster levels, speeds and base ACs are NetHack's (a dwarf's AC 4 stands for
//! the armour it usually wears; your AC 3 for a starting fighter's); damage dice
//! are the "for now" values. Your hit points and regeneration were tuned
//! so that a bot that walks straight to the stairs and fights whatever it meets
//! wins about half its runs (`cargo test -- --ignored balance --nocapture`). A blow hits
//! when `10 + attacker level + defender AC > d20` (NetHack's to-hit, without luck,
//! skills or weapons), so a gnome hits you 65 % of the time, a dwarf 70 %, and you
//! always hit a gnome but a dwarf only 70 %. Speed is NetHack's movement: each turn a creature gains `speed` points
//! and acts once per 12. You regain 1 hit point every [`REGEN_TURNS`] turns.

use crate::generation::MineRng;

/// Points of movement one action costs (NetHack's NORMAL_SPEED).
pub const ACTION_COST: u32 = 12;

/// Your starting and maximum hit points.
pub const PLAYER_HP: i32 = 24;
pub const PLAYER_LEVEL: i32 = 1;
pub const PLAYER_AC: i32 = 3;
pub const PLAYER_DAMAGE: u32 = 8;

/// Turns between two regained hit points.
pub const REGEN_TURNS: u64 = 5;

/// How far a monster notices you on an unlit level (gnomes and dwarves have
/// infravision, and you are warm); on a lit level, anywhere in line of sight.
pub const DARK_SIGHT: usize = 4;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MonsterKind {
    Gnome,
    GnomeLord,
    Dwarf,
    Hobbit,
}

/// One row of the table.
#[derive(Clone, Copy, Debug)]
pub struct MonsterStats {
    pub name: &'static str,
    pub glyph: char,
    pub level: i32,
    pub speed: u32,
    pub ac: i32,
    /// Hit points are `hit_dice` d8.
    pub hit_dice: u32,
    /// One blow does 1 to `damage`.
    pub damage: u32,
}

impl MonsterKind {
    pub const ALL: [MonsterKind; 4] = [
        MonsterKind::Gnome,
        MonsterKind::GnomeLord,
        MonsterKind::Dwarf,
        MonsterKind::Hobbit,
    ];

    pub fn stats(self) -> MonsterStats {
        let row = |name, glyph, level, speed, ac, hit_dice, damage| MonsterStats {
            name,
            glyph,
            level,
            speed,
            ac,
            hit_dice,
            damage,
        };
        match self {
            MonsterKind::Gnome => row("gnome", 'G', 1, 6, 10, 1, 6),
            MonsterKind::GnomeLord => row("gnome lord", 'G', 2, 8, 10, 2, 8),
            MonsterKind::Dwarf => row("dwarf", 'h', 2, 6, 4, 2, 8),
            MonsterKind::Hobbit => row("hobbit", 'h', 1, 9, 10, 1, 6),
        }
    }

    pub fn name(self) -> &'static str {
        self.stats().name
    }

    /// Roll a new monster's hit points.
    pub fn roll_hp(self, rng: &mut MineRng) -> i32 {
        (0..self.stats().hit_dice).map(|_| rng.rnd(8) as i32).sum()
    }
}

/// Does a blow from an attacker of `level` land on a defender with armour `ac`?
pub fn blow_hits(level: i32, ac: i32, rng: &mut MineRng) -> bool {
    10 + level + ac > rng.rnd(20) as i32
}

/// The damage of one blow: 1 to `die`.
pub fn roll_damage(die: u32, rng: &mut MineRng) -> i32 {
    rng.rnd(die as u64) as i32
}
