//! How a blow and a monster's hit points are rolled, and the numbers of a
//! turn. The numbers they roll
//! with (levels, armour, dice, speeds) are the content file's rows.
//!
//! A blow hits when `10 + attacker level + defender AC > d20` (NetHack's to-hit,
//! without luck, skills or weapons), so with the built-in rows a gnome hits you
//! 65 % of the time, a dwarf 70 %, and you always hit a gnome but a dwarf only
//! 70 %. Speed is NetHack's movement: each turn a creature gains `speed` points
//! and acts once per [`ACTION_COST`].

use crate::generation::MineRng;

/// Points of movement one action costs (NetHack's NORMAL_SPEED).
pub(crate) const ACTION_COST: u32 = 12;

/// How far a monster notices you on an unlit level (gnomes and dwarves have
/// infravision, and you are warm); on a lit level, anywhere in line of sight.
pub(crate) const DARK_SIGHT: u32 = 4;

/// The die of a monster's hit dice.
pub(crate) const HIT_DIE: u64 = 8;

/// The die of NetHack's to-hit roll.
pub(crate) const TO_HIT_DIE: u64 = 20;

/// `lo` to `hi`, drawn as NetHack's `rn1(hi - lo + 1, lo)`; no draw when they
/// are equal (so a fixed count moves no stream).
pub(crate) fn between(rng: &mut MineRng, (lo, hi): (u32, u32)) -> u32 {
    if lo == hi {
        lo
    } else {
        rng.rn1((hi - lo + 1) as u64, lo as u64) as u32
    }
}

/// NetHack's `rnz(i)`: a number round `i`, now and then far from it (a
/// corpse's rot timer). `rne(4)` for a hero below level 15 tops out at 5.
pub(crate) fn rnz(i: u64, rng: &mut MineRng) -> u64 {
    let mut tmp = 1000 + rng.rn2(1000);
    let mut rne = 1;
    while rne < 5 && rng.rn2(4) == 0 {
        rne += 1;
    }
    tmp *= rne;
    if rng.rn2(2) == 1 {
        i * tmp / 1000
    } else {
        i * 1000 / tmp
    }
}

/// NetHack's `rne(x)`: 1, and one more each time a 1-in-`x` comes up, at
/// most 5 (the cap of a hero below level 15; this game's levels are made
/// with that cap).
pub(crate) fn rne(x: u64, rng: &mut MineRng) -> u32 {
    let mut n = 1;
    while n < 5 && rng.rn2(x) == 0 {
        n += 1;
    }
    n
}

/// `n` d `sides`.
pub(crate) fn roll_dice(n: u32, sides: u32, rng: &mut MineRng) -> i32 {
    (0..n).map(|_| rng.rnd(sides as u64) as i32).sum()
}

/// A new monster's hit points: `hit_dice` d8, or 1 to 4 for a monster of
/// level 0 (NetHack's `newmonhp`).
pub(crate) fn roll_hp(hit_dice: u32, rng: &mut MineRng) -> i32 {
    match hit_dice {
        0 => rng.rnd(4) as i32,
        n => roll_dice(n, HIT_DIE as u32, rng),
    }
}

/// NetHack's to-hit: does something of to-hit `to_hit` land on a defender
/// with armour `ac` (`to_hit + ac > d20`)?
pub(crate) fn hits(to_hit: i32, ac: i32, rng: &mut MineRng) -> bool {
    to_hit + ac > rng.rnd(TO_HIT_DIE) as i32
}

/// Does a blow from an attacker of `level` land on a defender with armour `ac`?
pub(crate) fn blow_hits(level: i32, ac: i32, rng: &mut MineRng) -> bool {
    hits(10 + level, ac, rng)
}

/// The damage of one blow: 1 to `die`.
pub(crate) fn roll_damage(die: u32, rng: &mut MineRng) -> i32 {
    rng.rnd(die as u64) as i32
}
