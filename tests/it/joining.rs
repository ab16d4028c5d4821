//! Joining on hand-made grids (`docs/nethack-mines.md`, "Joining").

use gnomish_mines::generation::join::{self, Labelling};
use gnomish_mines::generation::{BitGrid, MineParams, MineRng, RegionCap};

fn grid(rows: &[&str]) -> (BitGrid, MineParams) {
    let g = BitGrid::from_rows(rows);
    let p = MineParams::sized(g.width(), g.height());
    (g, p)
}

/// Three caves and two specks in a 20 × 8 map.
const CAVES: [&str; 8] = [
    "####################",
    "##...######.####..##",
    "##...#############.#",
    "####.##.#####...####",
    "#############...####",
    "##..##########..####",
    "##..################",
    "####################",
];

#[test]
fn regions_are_numbered_in_scan_order_and_specks_erased() {
    let (g, _) = grid(&CAVES);
    let Labelling {
        regions,
        labels,
        erased_cells: erased,
        specks,
        cap_hit,
    } = join::label_regions(&g, true, usize::MAX);
    // Scanning x outer: the cave at x=2..4 (y 1..3) comes first, then the 2×2
    // block at x=2..3 (y 5..6), then x=13..15, then the diagonal pair at x=16..18
    // is 3 cells (8-connected) and is erased, as are the single cells (7,3), (11,1).
    let boxes: Vec<_> = regions
        .iter()
        .map(|r| (r.lx, r.ly, r.hx, r.hy, r.cells))
        .collect();
    assert_eq!(
        boxes,
        vec![(2, 1, 4, 3, 7), (2, 5, 3, 6, 4), (13, 3, 15, 5, 8)]
    );
    assert_eq!(specks, 3);
    assert!(!cap_hit);
    let mut erased_sorted = erased.clone();
    erased_sorted.sort();
    assert_eq!(
        erased_sorted,
        vec![(7, 3), (11, 1), (16, 1), (17, 1), (18, 2)]
    );
    for (x, y) in erased {
        assert!(g.get(x, y), "only floor is erased");
        assert_eq!(labels.get(x, y), 0);
    }
    // Labels follow discovery order, and cover each region's cells exactly.
    assert_eq!(labels.cells(1).count(), 7);
    assert_eq!(labels.cells(3).collect::<Vec<_>>()[..2], [(13, 3), (13, 4)]);
    assert_eq!(labels.get(2, 1), 1);
    assert_eq!(labels.get(5, 1), 0);
    assert_eq!(labels.get(3, 6), 2);
    assert_eq!(labels.get(15, 5), 3);
}

#[test]
fn the_region_cap_stops_labelling() {
    let (g, _) = grid(&CAVES);
    let Labelling {
        regions,
        erased_cells: erased,
        cap_hit,
        ..
    } = join::label_regions(&g, true, 2);
    assert_eq!(regions.len(), 2);
    assert!(cap_hit);
    // The speck at (7,3) lies past the cap in scan order: it stays on the map.
    assert!(erased.is_empty());
    assert!(g.get(7, 3));
}

#[test]
fn joining_connects_every_kept_region() {
    for seed in 0..200 {
        let (mut g, mut p) = grid(&CAVES);
        p.region_cap = RegionCap::Unlimited;
        let report = join::join_caves(&mut g, &p, &mut MineRng::from_seed(seed));
        assert_eq!(report.corridors, 2);
        assert_eq!(report.corridors_failed, 0);
        assert_eq!(super::common::component_sizes(&g).len(), 1, "seed {seed}");
        // Corridors dig only rock: the original rock, or specks erased before.
        let mut before = BitGrid::from_rows(&CAVES);
        for &(x, y) in &report.erased_cells {
            before.set(x, y, false);
        }
        for &(x, y) in &report.dug_cells {
            assert!(!before.get(x, y), "dug cell was floor");
        }
    }
}

#[test]
fn a_corridor_along_one_row_is_straight() {
    // dx > 0, dy = 0: no random draw is ever made, the corridor is the row itself.
    let mut g = BitGrid::new(20, 8);
    let mut dug = Vec::new();
    let mut rng = MineRng::from_seed(1);
    let before = rng.clone().next_u64();
    assert!(join::dig_corridor(
        &mut g,
        (3, 4),
        (12, 4),
        500,
        &mut rng,
        &mut dug
    ));
    assert_eq!(dug, (3..=12).map(|x| (x, 4)).collect::<Vec<_>>());
    assert_eq!(
        rng.next_u64(),
        before,
        "a straight corridor draws no numbers"
    );
    // And a column, heading north.
    let mut dug = Vec::new();
    assert!(join::dig_corridor(
        &mut g,
        (5, 6),
        (5, 1),
        500,
        &mut rng,
        &mut dug
    ));
    assert_eq!(dug, vec![(5, 6), (5, 5), (5, 3), (5, 2), (5, 1)]);
}

#[test]
fn corridors_are_monotone_orthogonal_staircases() {
    let ends = [
        ((2, 1), (30, 12)),
        ((30, 1), (3, 13)),
        ((17, 13), (2, 2)),
        ((5, 5), (25, 6)),
    ];
    for seed in 0..500 {
        for &(s, e) in &ends {
            let mut g = BitGrid::new(40, 15);
            let mut dug = Vec::new();
            let mut rng = MineRng::from_seed(seed);
            assert!(join::dig_corridor(&mut g, s, e, 500, &mut rng, &mut dug));
            let len = s.0.abs_diff(e.0) + s.1.abs_diff(e.1) + 1;
            assert_eq!(dug.len(), len, "a staircase visits |dx|+|dy|+1 cells");
            assert_eq!((dug[0], dug[len - 1]), (s, e));
            for pair in dug.windows(2) {
                let ((ax, ay), (bx, by)) = (pair[0], pair[1]);
                assert_eq!(ax.abs_diff(bx) + ay.abs_diff(by), 1, "orthogonal step");
                assert!(bx.abs_diff(e.0) <= ax.abs_diff(e.0));
                assert!(by.abs_diff(e.1) <= ay.abs_diff(e.1));
            }
        }
    }
}

#[test]
fn a_corridor_gives_up_after_its_step_limit() {
    let mut g = BitGrid::new(40, 15);
    let mut dug = Vec::new();
    let ok = join::dig_corridor(
        &mut g,
        (2, 2),
        (30, 2),
        10,
        &mut MineRng::from_seed(0),
        &mut dug,
    );
    assert!(!ok);
    assert_eq!(dug.len(), 11, "steps 0..=10 are taken, the 12th gives up");
}
