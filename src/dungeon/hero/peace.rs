//! Who is friendly: NetHack's `peace_minded` (`makemon.c`) over a monster
//! row, your race's love and hate (`role.c`) and your alignment.

use crate::dungeon::hero::choose::Hero;
use crate::dungeon::hero::rows::{Alignment, HeroRows, Temper};
use crate::generation::MineRng;

/// NetHack's `sgn` of an alignment: lawful 1, neutral 0, chaotic -1.
fn sign(a: Alignment) -> i32 {
    match a {
        Alignment::Lawful => 1,
        Alignment::Chaotic => -1,
        Alignment::Neutral | Alignment::Unaligned => 0,
    }
}

/// What `peace_minded` reads of a monster row: its temper, its race and its
/// alignment (NetHack's `M2_PEACEFUL`/`M2_HOSTILE`, race flags, `maligntyp`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Nature<'a> {
    /// Always peaceful, always hostile, or minded.
    pub temper: Temper,
    /// Its race's id, if it has one of the hero races.
    pub race: Option<&'a str>,
    /// Its alignment: below 0 chaotic, 0 neutral, above 0 lawful.
    pub alignment: i32,
    /// A god's minion (NetHack's `M2_MINION`: the Aleax, the couatl):
    /// peaceful to a co-aligned hero who has not strayed.
    pub minion: bool,
}

/// NetHack's `peace_minded`: is a monster of this nature, made now, peaceful
/// to `hero`? Its own temper first, then your race's love and hate, then the
/// alignments' signs, then a minion's loyalty, then a roll: a co-aligned monster is hostile one time
/// in `16 + record` and, besides, one time in `2 + |alignment|`.
pub fn peace_minded(rows: &HeroRows, hero: Hero, row: Nature, rng: &mut MineRng) -> bool {
    match row.temper {
        Temper::Peaceful => return true,
        Temper::Hostile => return false,
        Temper::Minded => {}
    }
    let race = hero.race(rows);
    if let Some(theirs) = row.race {
        if race.loves.iter().any(|r| r == theirs) {
            return true;
        }
        if race.hates.iter().any(|r| r == theirs) {
            return false;
        }
    }
    if row.alignment.signum() != sign(hero.alignment) {
        return false;
    }
    let record = hero.role(rows).record.max(-15);
    if row.minion {
        return record >= 0;
    }
    rng.rn2((16 + record) as u64) != 0 && rng.rn2((2 + row.alignment.unsigned_abs()) as u64) != 0
}
