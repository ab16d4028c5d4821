//! Properties over thousands of seeds and many sizes (`docs/nethack-mines.md`,
//! all sections).

use gnomish_mines::generation::{
    CaPass, Fate, GenerateError, MineParams, MineRng, Pipeline, RegionCap, Rule, Stage, Step,
    Update, generate, reference,
};
use proptest::prelude::*;

use super::common::check_level;

/// The packed generator and the plain reference give the same grid after every
/// stage, on the same try: a level that needed more than one is checked too.
fn matches_reference(seed: u64, p: &MineParams) {
    let level = generate(seed, p).unwrap();
    let attempts = level.history.stats.attempts;
    let (plain, tried) = reference::stages_retried(seed, p, attempts)
        .unwrap_or_else(|| panic!("seed {seed}: the reference makes no cave in {attempts} tries"));
    assert_eq!(tried, attempts, "seed {seed}: the try that made a cave");
    let history = &level.history;
    assert_eq!(plain.len(), history.stage_count());
    for (stage, g) in history.stages().zip(&plain) {
        let snap = history.snapshot(stage);
        let name = history.stage_name(stage);
        for x in 0..p.width {
            for y in 0..p.height {
                assert_eq!(snap.get(x, y), g.get(x, y), "seed {seed} {name} ({x},{y})");
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
        prop_assert_eq!(level.history.stats.attempts, 1);
        matches_reference(seed, &p);
    }
}

/// NetHack's pipeline with the passes in `mask` (bit i: pass i + 1) kept and
/// joining as `join` says: the others dropped, or, with `identity`, replaced
/// by a pass that changes nothing (so every stage is still there).
fn switched(mask: u8, join: bool, identity: bool) -> Pipeline {
    let mut steps = vec![Step::Fill];
    for (i, pass) in Pipeline::nethack().passes().enumerate() {
        if mask & (1 << i) != 0 {
            steps.push(Step::Pass(pass.clone()));
        } else if identity {
            steps.push(Step::Pass(CaPass::new(pass.name.clone(), Rule::KEEP)));
        }
    }
    if join {
        steps.push(Step::Join);
    }
    Pipeline::new(steps).unwrap()
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

    /// Every combination of passes and joining still makes a valid level. A
    /// dropped pass makes the same level as one that changes nothing, whose
    /// stage then changes no cell.
    #[test]
    fn switched_off_stages_still_make_levels(
        seed in any::<u64>(),
        mask in 0u8..32,
    ) {
        let mut p = MineParams::default();
        let join = mask & 16 != 0;
        p.pipeline = switched(mask, join, false);
        let level = generate(seed, &p).unwrap();
        check_level(&level);
        let mut kept = p.clone();
        kept.pipeline = switched(mask, join, true);
        let same = generate(seed, &kept).unwrap();
        check_level(&same);
        prop_assert_eq!(&same.map, &level.map);
        let h = &same.history;
        for i in 0..4 {
            if mask & (1 << i) == 0 {
                let (stage, before) = (Stage::from_index(i + 1), Stage::from_index(i));
                prop_assert_eq!(h.stats.changed_by[stage.index()], 0);
                prop_assert_eq!(h.snapshot(stage), h.snapshot(before));
                prop_assert!(level.history.stage_named(h.stage_name(stage)).is_none());
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
        prop_assert_eq!(a.map.tiles(), b.map.tiles());
        prop_assert_eq!(a.history.provenances(), b.history.provenances());
        for s in a.history.stages() {
            prop_assert_eq!(a.history.snapshot(s), b.history.snapshot(s));
        }
        prop_assert_eq!(&a.history.stats, &b.history.stats);
        prop_assert_eq!(a.history.seed(), seed);
    }

    /// Pipelines of any length, of random rules, make valid levels that the
    /// plain reference agrees with stage by stage.
    #[test]
    fn any_pipeline_matches_the_reference(
        seed in any::<u64>(),
        rules in proptest::collection::vec((any::<[u8; 9]>(), any::<bool>()), 0..9),
    ) {
        let passes = rules.iter().enumerate().map(|(i, (fates, in_place))| {
            let fates = fates.map(|f| [gnomish_mines::generation::Fate::Keep,
                gnomish_mines::generation::Fate::Rock,
                gnomish_mines::generation::Fate::Floor][f as usize % 3]);
            let update = if *in_place {
                gnomish_mines::generation::Update::InPlace
            } else {
                gnomish_mines::generation::Update::Buffered
            };
            CaPass::new(format!("p{i}"), Rule { fates, update })
        });
        let mut p = MineParams::sized(60, 30);
        p.pipeline = Pipeline::of_passes(passes).unwrap();
        match generate(seed, &p) {
            Ok(level) => {
                check_level(&level);
                prop_assert_eq!(level.history.stage_count(), rules.len() + 2);
                matches_reference(seed, &p);
            }
            // A rule set may erode every cave away: then no level, and the
            // reference finds none in as many tries.
            Err(GenerateError::NoCave { attempts }) => {
                prop_assert!(reference::stages_retried(seed, &p, attempts).is_none());
            }
            Err(e) => prop_assert!(false, "{e}"),
        }
    }
}

/// Random pipelines drawn from a fixed stream, as
/// `any_pipeline_matches_the_reference` draws them, until five levels needed
/// more than one try: each matches the reference on the try that made it.
#[test]
fn retried_levels_match_the_reference() {
    let mut draw = MineRng::from_seed(48);
    let mut retried = 0;
    for seed in 0..3000 {
        let mut passes = Vec::new();
        for i in 0..draw.rn2(9) {
            let mut fates = [Fate::Keep; 9];
            for f in &mut fates {
                *f = [Fate::Keep, Fate::Rock, Fate::Floor][draw.rn2(3) as usize];
            }
            let update = if draw.rn2(2) == 0 {
                Update::InPlace
            } else {
                Update::Buffered
            };
            passes.push(CaPass::new(format!("p{i}"), Rule { fates, update }));
        }
        let mut p = MineParams::sized(60, 30);
        p.pipeline = Pipeline::of_passes(passes).unwrap();
        if let Ok(level) = generate(seed, &p)
            && level.history.stats.attempts > 1
        {
            matches_reference(seed, &p);
            retried += 1;
            if retried == 5 {
                return;
            }
        }
    }
    panic!("only {retried} of 3000 random pipelines needed a second try");
}

#[test]
fn different_seeds_give_different_levels() {
    let p = MineParams::default();
    let a = generate(1, &p).unwrap();
    let b = generate(2, &p).unwrap();
    assert_ne!(a.map.tiles(), b.map.tiles());
}

#[test]
fn the_nethack_cap_can_bind_on_big_maps() {
    // 300 × 120 has far more than 80 caves: NetHack stops labelling, the rest stay.
    let level = generate(5, &MineParams::sized(300, 120)).unwrap();
    assert!(level.history.stats.region_cap_hit);
    assert_eq!(level.history.stats.regions, 80);
    check_level(&level);
    let mut p = MineParams::sized(300, 120);
    p.region_cap = RegionCap::Unlimited;
    let level = generate(5, &p).unwrap();
    assert!(!level.history.stats.region_cap_hit);
    assert!(level.history.stats.regions > 80);
    check_level(&level);
}

#[test]
fn sizes_outside_the_limits_are_refused() {
    use gnomish_mines::generation::{MAX_SIDE, MIN_HEIGHT, MIN_WIDTH};
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

/// Six, nine and sixty passes: provenance needs 4, 4 and 6 bit planes, and
/// still tells the same story as the snapshots.
#[test]
fn long_pipelines_keep_provenance_exact() {
    for n in [6usize, 9, 60] {
        let mut p = MineParams::default();
        let mut passes: Vec<CaPass> = Pipeline::nethack().passes().cloned().collect();
        while passes.len() < n {
            let rule = if passes.len().is_multiple_of(2) {
                Rule::ERODE
            } else {
                Rule::KEEP
            };
            passes.push(CaPass::new(format!("extra{}", passes.len()), rule));
        }
        p.pipeline = Pipeline::of_passes(passes).unwrap();
        for seed in 0..10 {
            let level = generate(seed, &p).unwrap();
            check_level(&level);
            matches_reference(seed, &p);
            let kinds = level.history.provenance_kinds();
            assert_eq!(
                kinds.len(),
                n + 4,
                "untouched, init, {n} passes, corridor, erased"
            );
        }
    }
}

/// A step of an author's own (not a CA pass): floor along one random row and
/// one random column of the interior, drawn from the level's roll stream.
#[derive(Debug)]
struct Crossroads;

impl gnomish_mines::generation::CaveStep for Crossroads {
    fn name(&self) -> &str {
        "crossroads"
    }

    fn run(
        &self,
        grid: &mut gnomish_mines::generation::BitGrid,
        interior: gnomish_mines::generation::Interior,
        rng: &mut gnomish_mines::generation::MineRng,
    ) {
        let (columns, rows) = interior.ranges();
        let x = columns.start() + rng.rn2((columns.end() - columns.start() + 1) as u64) as usize;
        let y = rows.start + rng.rn2((rows.end - rows.start) as u64) as usize;
        for cx in columns {
            grid.set(cx, y, true);
        }
        for cy in rows {
            grid.set(x, cy, true);
        }
    }
}

/// NetHack's pipeline with the crossroads after the second pass.
fn with_crossroads() -> Pipeline {
    let mut steps: Vec<Step> = Pipeline::nethack().steps().to_vec();
    steps.insert(3, Step::Custom(std::sync::Arc::new(Crossroads)));
    Pipeline::new(steps).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// A step of an author's own is a stage like a pass: named, kept, the
    /// cells it made floor are its provenance until a later pass changes
    /// them, the level holds every invariant, and the plain reference runs
    /// the same step to the same grids.
    #[test]
    fn a_step_of_your_own_is_a_stage_of_its_own(seed in any::<u64>()) {
        let p = MineParams { pipeline: with_crossroads(), ..MineParams::default() };
        let level = generate(seed, &p).unwrap();
        check_level(&level);
        matches_reference(seed, &p);
        let h = &level.history;
        prop_assert_eq!(
            p.pipeline.stage_names(),
            ["init", "pass1", "pass2", "crossroads", "pass3", "pass4", "joined"]
        );
        let cross = h.stage_named("crossroads").unwrap();
        let before = h.snapshot(h.prev_stage(cross).unwrap());
        let after = h.snapshot(cross);
        // One whole row and one whole column of the interior are floor.
        let (columns, rows) = p.interior().ranges();
        let full_row = rows.clone().any(|y| columns.clone().all(|x| after.get(x, y)));
        let full_column = columns.clone().any(|x| rows.clone().all(|y| after.get(x, y)));
        prop_assert!(full_row && full_column);
        let names: Vec<&str> = h
            .provenance_kinds()
            .into_iter()
            .map(|k| h.provenance_name(k))
            .collect();
        prop_assert!(names.contains(&"crossroads"), "{names:?}");
        // A cell it made floor that stays floor through the later passes
        // was last changed by it.
        let ours = h.provenance_kinds()[4]; // untouched, init, pass1, pass2, then it
        prop_assert_eq!(h.provenance_name(ours), "crossroads");
        let (pass3, pass4) = (h.stage_named("pass3").unwrap(), h.stage_named("pass4").unwrap());
        let provenance = h.provenance_at(pass4);
        for x in 0..p.width {
            for y in 0..p.height {
                let kept = [cross, pass3, pass4].iter().all(|&s| h.snapshot(s).get(x, y));
                if !before.get(x, y) && kept {
                    prop_assert_eq!(provenance[x * p.height + y], ours, "({}, {})", x, y);
                }
            }
        }
    }
}

/// The fast generator, the notation and the equality know a step of your
/// own: it is written `NAME=custom` (which does not read back), two
/// pipelines with it are equal, and a name taken twice is refused.
#[test]
fn a_step_of_your_own_is_written_by_name_and_checked() {
    let p = with_crossroads();
    assert_eq!(p, with_crossroads());
    assert_eq!(p.pass_count(), 4);
    assert_eq!(p.shaping_count(), 5);
    assert_eq!(
        p.to_string(),
        "inplace:RRRKKFFFF buffered:KKKKKRKKK crossroads=custom buffered:RRRKKKKKK buffered:RRRKKKKKK"
    );
    let e = p.to_string().parse::<Pipeline>().unwrap_err();
    assert!(e.reason.contains("made in code"), "{e}");
    let mut twice = p.clone();
    assert!(
        twice
            .push_step(Step::Custom(std::sync::Arc::new(Crossroads)))
            .is_err()
    );
    // NetHack's own pipeline is untouched by the new variant.
    assert_eq!(Pipeline::nethack().shaping_count(), 4);
}
