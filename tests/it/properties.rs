//! Properties over thousands of seeds and many sizes (SPEC, all sections).

use gnomish_mines::generation::{MineParams, RegionCap, Stage, generate, reference};
use proptest::prelude::*;

use super::common::check_level;

/// The packed generator and the plain SPEC reference give the same grid after
/// every stage.
fn matches_reference(seed: u64, p: &MineParams) {
    let level = generate(seed, p).unwrap();
    if level.stats.attempts != 1 {
        return; // the reference has no retry; such maps are rare and tiny
    }
    let (plain, _) = reference::stages(seed, p);
    for (stage, g) in Stage::ALL.iter().zip(&plain) {
        let snap = level.snapshot(*stage);
        for x in 0..p.width {
            for y in 0..p.height {
                assert_eq!(snap.get(x, y), g.get(x, y), "seed {seed} {stage} ({x},{y})");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// 2,000 NetHack-sized levels.
    #[test]
    fn default_levels_hold_every_invariant(seed in any::<u64>()) {
        let p = MineParams::default();
        let level = generate(seed, &p).unwrap();
        check_level(&level);
        prop_assert_eq!(level.stats.attempts, 1);
        matches_reference(seed, &p);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Other sizes, including odd and tall ones, with the cap lifted.
    #[test]
    fn sized_levels_hold_every_invariant(
        seed in any::<u64>(),
        w in 10usize..180,
        h in 6usize..130,
        unlimited in any::<bool>(),
    ) {
        let mut p = MineParams::sized(w, h);
        if unlimited {
            p.region_cap = RegionCap::Unlimited;
        }
        let level = generate(seed, &p).unwrap();
        check_level(&level);
        matches_reference(seed, &p);
    }

    /// Every combination of passes and joining still makes a valid level.
    #[test]
    fn switched_off_stages_still_make_levels(
        seed in any::<u64>(),
        mask in 0u8..32,
    ) {
        let mut p = MineParams::default();
        for i in 0..4 {
            p.pass_enabled[i] = mask & (1 << i) != 0;
        }
        p.join = mask & 16 != 0;
        let level = generate(seed, &p).unwrap();
        check_level(&level);
        for i in 0..4 {
            if !p.pass_enabled[i] {
                prop_assert_eq!(level.stats.changed_by[i + 1], 0);
                prop_assert_eq!(level.snapshot(Stage::ALL[i + 1]), level.snapshot(Stage::ALL[i]));
            }
        }
        matches_reference(seed, &p);
    }

    /// The same seed and options give the same level, byte for byte.
    #[test]
    fn the_same_seed_gives_the_same_level(seed in any::<u64>(), w in 10usize..120, h in 6usize..60) {
        let p = MineParams::sized(w, h);
        let a = generate(seed, &p).unwrap();
        let b = generate(seed, &p).unwrap();
        prop_assert_eq!(a.tiles(), b.tiles());
        prop_assert_eq!(a.provenances(), b.provenances());
        for s in Stage::ALL {
            prop_assert_eq!(a.snapshot(s), b.snapshot(s));
        }
        prop_assert_eq!(&a.stats, &b.stats);
        prop_assert_eq!(a.seed, seed);
    }
}

#[test]
fn different_seeds_give_different_levels() {
    let p = MineParams::default();
    let a = generate(1, &p).unwrap();
    let b = generate(2, &p).unwrap();
    assert_ne!(a.tiles(), b.tiles());
}

#[test]
fn the_nethack_cap_can_bind_on_big_maps() {
    // 300 × 120 has far more than 80 caves: NetHack stops labelling, the rest stay.
    let level = generate(5, &MineParams::sized(300, 120)).unwrap();
    assert!(level.stats.region_cap_hit);
    assert_eq!(level.stats.regions, 80);
    check_level(&level);
    let mut p = MineParams::sized(300, 120);
    p.region_cap = RegionCap::Unlimited;
    let level = generate(5, &p).unwrap();
    assert!(!level.stats.region_cap_hit);
    assert!(level.stats.regions > 80);
    check_level(&level);
}

#[test]
fn sizes_outside_the_limits_are_refused() {
    use gnomish_mines::generation::params::{MAX_SIDE, MIN_HEIGHT, MIN_WIDTH};
    assert!(generate(1, &MineParams::sized(MIN_WIDTH - 1, 21)).is_err());
    assert!(generate(1, &MineParams::sized(80, MIN_HEIGHT - 1)).is_err());
    assert!(generate(1, &MineParams::sized(MAX_SIDE + 1, 10)).is_err());
    assert!(MineParams::sized(4096, 4096).validate().is_ok());
    assert!(MineParams::sized(MAX_SIDE, MAX_SIDE).validate().is_ok());
    let smallest = generate(3, &MineParams::sized(MIN_WIDTH, MIN_HEIGHT)).unwrap();
    check_level(&smallest);
}

/// Columns that end on, just before and just after a word boundary: packed
/// passes, walls and provenance all carry bits from word to word.
#[test]
fn heights_around_word_boundaries_match_the_reference() {
    for h in [63, 64, 65, 127, 128, 129] {
        for seed in 0..8 {
            let p = MineParams::sized(70, h);
            let level = generate(seed, &p).unwrap();
            check_level(&level);
            matches_reference(seed, &p);
        }
    }
}
