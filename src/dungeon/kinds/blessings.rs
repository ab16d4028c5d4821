//! Whether a new object is blessed or cursed, and how enchanted (NetHack's
//! `mksobj_init`): each object by its row's or its class's [`CurseOdds`].
//!
//! Each object draws from a stream of its own, seeded by its level and its
//! id, so adding or removing a draw here moves no other roll of the level:
//! a hero's level holds the same things in the same places as before
//! blessings, only now some are blessed, cursed or enchanted. A run
//! without a hero (the nameless hero's) draws nothing: only what is always
//! cursed (a loadstone) is.

use crate::dungeon::blessing::Blessing;
use crate::dungeon::content::{Content, CurseOdds};
use crate::dungeon::dice::rne;
use crate::dungeon::items::Item;
use crate::dungeon::seeds::{mix, named_stream_seed};
use crate::generation::MineRng;

/// The stream the draws come from, named after what it decides.
const STREAM: &str = "blessings";

/// Bless, curse and enchant `item`, just made on the level of seed
/// `level_seed`, as its kind's odds say, and charge it if it is charged;
/// `hero`: the run has one (else no blessing is drawn). One made cursed already stays so, as NetHack curses a
/// trap victim's possessions after making them.
pub(crate) fn make(item: &mut Item, content: &Content, level_seed: u64, hero: bool) {
    let odds = content.curse_odds(item.kind);
    let seed = mix(named_stream_seed(level_seed, STREAM) ^ mix(u64::from(item.id)));
    let mut rng = MineRng::from_seed(seed);
    // A wand's charges first, as `mksobj` draws them before its blessing.
    if let Some(range) = content.item(item.kind).on_pick_up.charges() {
        item.spe = crate::dungeon::dice::between(&mut rng, range).min(i8::MAX as u32) as i8;
    }
    if !hero {
        if odds == CurseOdds::Always {
            item.blessing = Blessing::Cursed;
        }
        return;
    }
    let (blessing, spe) = draw(odds, &mut rng);
    // Made cursed on purpose (a dead adventurer's things) stays cursed.
    if item.blessing != Blessing::Cursed {
        item.blessing = blessing;
    }
    item.spe = item.spe.saturating_add(spe);
}

/// A blessing and an enchantment drawn by `odds` (`mksobj_init`'s rolls).
pub(crate) fn draw(odds: CurseOdds, rng: &mut MineRng) -> (Blessing, i8) {
    let rne3 = |rng: &mut MineRng| rne(3, rng) as i8;
    match odds {
        CurseOdds::Never => (Blessing::Uncursed, 0),
        CurseOdds::Always => (Blessing::Cursed, 0),
        CurseOdds::OneIn(n) => (bless_or_curse(n, rng), 0),
        CurseOdds::Weapon => {
            if rng.rn2(11) == 0 {
                let spe = rne3(rng);
                (blessed_half(rng), spe)
            } else if rng.rn2(10) == 0 {
                (Blessing::Cursed, -rne3(rng))
            } else {
                (bless_or_curse(10, rng), 0)
            }
        }
        CurseOdds::Armour | CurseOdds::CursedArmour => {
            let cursed = rng.rn2(10) != 0 && (odds == CurseOdds::CursedArmour || rng.rn2(11) == 0);
            if cursed {
                (Blessing::Cursed, -rne3(rng))
            } else if rng.rn2(10) == 0 {
                let blessing = blessed_half(rng);
                (blessing, rne3(rng))
            } else {
                (bless_or_curse(10, rng), 0)
            }
        }
        CurseOdds::Ring => {
            let cursed = rng.rn2(10) != 0 && rng.rn2(9) == 0;
            (cursed_or_not(cursed), 0)
        }
        CurseOdds::CursedRing => (cursed_or_not(rng.rn2(10) != 0), 0),
        CurseOdds::CursedAmulet => {
            if rng.rn2(10) != 0 {
                (Blessing::Cursed, 0)
            } else {
                (bless_or_curse(10, rng), 0)
            }
        }
        CurseOdds::ChargedRing => charged_ring(rng),
    }
}

/// Cursed if `cursed`, else uncursed.
fn cursed_or_not(cursed: bool) -> Blessing {
    if cursed {
        Blessing::Cursed
    } else {
        Blessing::Uncursed
    }
}

/// A charged ring's blessing and enchantment (`mksobj_init`'s ring case):
/// `blessorcurse(3)`; nine in ten get `rne(3)`, signed by the blessing
/// nine times in ten where it has one, else either way; a +0 one is moved
/// by `rn2(4) - rn2(3)`; one below 0 is cursed four times in five.
fn charged_ring(rng: &mut MineRng) -> (Blessing, i8) {
    let mut blessing = bless_or_curse(3, rng);
    let sign = match blessing {
        Blessing::Blessed => 1,
        Blessing::Uncursed => 0,
        Blessing::Cursed => -1,
    };
    let mut spe = 0;
    if rng.rn2(10) != 0 {
        spe = if rng.rn2(10) != 0 && sign != 0 {
            sign * rne(3, rng) as i8
        } else if rng.rn2(2) == 1 {
            rne(3, rng) as i8
        } else {
            -(rne(3, rng) as i8)
        };
    }
    if spe == 0 {
        spe = rng.rn2(4) as i8 - rng.rn2(3) as i8;
    }
    if spe < 0 && rng.rn2(5) != 0 {
        blessing = Blessing::Cursed;
    }
    (blessing, spe)
}

/// Blessed half the time, else uncursed (NetHack's `blessed = rn2(2)`).
fn blessed_half(rng: &mut MineRng) -> Blessing {
    if rng.rn2(2) == 1 {
        Blessing::Blessed
    } else {
        Blessing::Uncursed
    }
}

/// NetHack's `blessorcurse(n)`: one time in `n`, cursed or blessed, each
/// half the time.
fn bless_or_curse(n: u32, rng: &mut MineRng) -> Blessing {
    if rng.rn2(u64::from(n.max(1))) != 0 {
        Blessing::Uncursed
    } else if rng.rn2(2) == 0 {
        Blessing::Cursed
    } else {
        Blessing::Blessed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Draws of `odds`, 10,000 of them.
    fn draws(odds: CurseOdds, seed: u64) -> Vec<(Blessing, i8)> {
        let mut rng = MineRng::from_seed(seed);
        (0..10_000).map(|_| draw(odds, &mut rng)).collect()
    }

    /// `hits` of `n` is within three standard deviations of share `p`.
    fn within_3_sigma(what: &str, hits: usize, n: usize, p: f64) {
        let (n, hits) = (n as f64, hits as f64);
        let sigma = (n * p * (1.0 - p)).sqrt();
        assert!(
            (hits - n * p).abs() <= 3.0 * sigma.max(1.0),
            "{what}: {hits} of {n}, expected {:.1} ± {:.1}",
            n * p,
            3.0 * sigma
        );
    }

    fn share(all: &[(Blessing, i8)], f: impl Fn(&(Blessing, i8)) -> bool) -> usize {
        all.iter().filter(|d| f(d)).count()
    }

    // The shares worked out from mksobj_init by hand:
    // a weapon is +rne(3) 1/11 (blessed half of those), -rne(3) and cursed
    // 10/11 × 1/10 = 1/11, else blessorcurse(10) on 9/11. Blessed: 1/22 +
    // 9/11 × 1/20 = 19/220; cursed: 1/11 + 9/220 = 29/220.
    #[test]
    fn weapons_come_out_as_nethack_makes_them() {
        let all = draws(CurseOdds::Weapon, 1);
        let n = all.len();
        within_3_sigma(
            "blessed",
            share(&all, |d| d.0 == Blessing::Blessed),
            n,
            19.0 / 220.0,
        );
        within_3_sigma(
            "cursed",
            share(&all, |d| d.0 == Blessing::Cursed),
            n,
            29.0 / 220.0,
        );
        within_3_sigma("positive", share(&all, |d| d.1 > 0), n, 1.0 / 11.0);
        within_3_sigma("negative", share(&all, |d| d.1 < 0), n, 1.0 / 11.0);
        // Every negative one is cursed; no positive one is.
        assert_eq!(share(&all, |d| d.1 < 0 && d.0 != Blessing::Cursed), 0);
        assert_eq!(share(&all, |d| d.1 > 0 && d.0 == Blessing::Cursed), 0);
        // rne(3): 1 two times in three, 2 in 2/9, 3 in 2/27, at most 5.
        let plus = share(&all, |d| d.1 > 0);
        within_3_sigma("+1", share(&all, |d| d.1 == 1), plus, 2.0 / 3.0);
        within_3_sigma("+2", share(&all, |d| d.1 == 2), plus, 2.0 / 9.0);
        assert!(all.iter().all(|d| (-5..=5).contains(&d.1)));
    }

    // Armour: cursed -rne(3) 9/10 × 1/11 = 9/110; of the other 101/110, a
    // tenth +rne(3) (blessed half), else blessorcurse(10). Blessed: 101/2200
    // + 909/22000 = 1919/22000; cursed: 9/110 + 909/22000 = 2709/22000.
    #[test]
    fn armour_comes_out_as_nethack_makes_it() {
        let all = draws(CurseOdds::Armour, 2);
        let n = all.len();
        within_3_sigma(
            "blessed",
            share(&all, |d| d.0 == Blessing::Blessed),
            n,
            1919.0 / 22000.0,
        );
        within_3_sigma(
            "cursed",
            share(&all, |d| d.0 == Blessing::Cursed),
            n,
            2709.0 / 22000.0,
        );
        within_3_sigma("positive", share(&all, |d| d.1 > 0), n, 101.0 / 1100.0);
        within_3_sigma("negative", share(&all, |d| d.1 < 0), n, 9.0 / 110.0);
        // Gauntlets of fumbling: nine in ten cursed and negative.
        let fumbling = draws(CurseOdds::CursedArmour, 3);
        within_3_sigma(
            "fumbling cursed",
            share(&fumbling, |d| d.0 == Blessing::Cursed),
            n,
            0.9045,
        );
        within_3_sigma("fumbling negative", share(&fumbling, |d| d.1 < 0), n, 0.9);
    }

    // blessorcurse(n): cursed 1/(2n), blessed 1/(2n), never enchanted.
    #[test]
    fn potions_scrolls_and_lights_are_blessed_or_cursed_one_in_n() {
        for (n, seed) in [(4, 4), (5, 5), (17, 6), (2, 7)] {
            let all = draws(CurseOdds::OneIn(n), seed);
            let p = 1.0 / (2.0 * n as f64);
            within_3_sigma(
                "blessed",
                share(&all, |d| d.0 == Blessing::Blessed),
                all.len(),
                p,
            );
            within_3_sigma(
                "cursed",
                share(&all, |d| d.0 == Blessing::Cursed),
                all.len(),
                p,
            );
            assert!(all.iter().all(|d| d.1 == 0));
        }
        assert!(
            draws(CurseOdds::Always, 8)
                .iter()
                .all(|d| *d == (Blessing::Cursed, 0))
        );
        assert!(
            draws(CurseOdds::Never, 9)
                .iter()
                .all(|d| *d == (Blessing::Uncursed, 0))
        );
    }

    // Rings and amulets, worked out from mksobj_init by hand. A plain ring
    // is cursed 9/10 × 1/9 = 1/10; a ring made to be cursed 9/10; an
    // amulet made to be cursed 9/10 + 1/10 × 1/20, blessed 1/200.
    #[test]
    fn rings_and_amulets_come_out_as_nethack_makes_them() {
        let cursed = |all: &[(Blessing, i8)]| share(all, |d| d.0 == Blessing::Cursed);
        let blessed = |all: &[(Blessing, i8)]| share(all, |d| d.0 == Blessing::Blessed);
        let plain = draws(CurseOdds::Ring, 10);
        within_3_sigma("plain ring cursed", cursed(&plain), plain.len(), 0.1);
        assert_eq!(blessed(&plain), 0);
        let bad = draws(CurseOdds::CursedRing, 11);
        within_3_sigma("bad ring cursed", cursed(&bad), bad.len(), 0.9);
        assert_eq!(blessed(&bad), 0);
        let amulet = draws(CurseOdds::CursedAmulet, 12);
        within_3_sigma("bad amulet cursed", cursed(&amulet), amulet.len(), 0.905);
        within_3_sigma("bad amulet blessed", blessed(&amulet), amulet.len(), 0.005);
        assert!(plain.iter().chain(&bad).chain(&amulet).all(|d| d.1 == 0));
    }

    // A charged ring: blessorcurse(3) gives 1/6 blessed, 1/6 cursed. Its
    // enchantment is negative, given the first blessing: blessed 9/10 ×
    // 1/10 × 1/2 + 1/10 × 1/4 = 0.07 (rn2(4) - rn2(3) < 0 is 3 of 12);
    // uncursed 9/10 × 1/2 + 1/40 = 0.475; cursed 9/10 × (9/10 + 1/20) +
    // 1/40 = 0.88. A negative one is cursed 4 in 5. So blessed 1/6 × (1 -
    // 0.07 × 4/5) = 0.15733, uncursed 2/3 × (1 - 0.475 × 4/5) = 0.41333;
    // negative 0.07/6 + 0.475 × 2/3 + 0.88/6 = 0.475; +0 only 1/10 × 3/12.
    #[test]
    fn charged_rings_come_out_as_nethack_makes_them() {
        let all = draws(CurseOdds::ChargedRing, 13);
        let n = all.len();
        within_3_sigma(
            "blessed",
            share(&all, |d| d.0 == Blessing::Blessed),
            n,
            0.157_333,
        );
        within_3_sigma(
            "uncursed",
            share(&all, |d| d.0 == Blessing::Uncursed),
            n,
            0.413_333,
        );
        within_3_sigma("negative", share(&all, |d| d.1 < 0), n, 0.475);
        within_3_sigma("zero", share(&all, |d| d.1 == 0), n, 0.025);
        assert!(all.iter().all(|d| (-5..=5).contains(&d.1)));
    }
}
