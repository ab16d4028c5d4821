//! Each pass on hand-made grids, with answers worked out by hand
//! (`docs/nethack-mines.md`, "The random fill" and "The four passes").
//!
//! The 6 × 5 grids have an interior of x = 2..=4, y = 1..=3; neighbour lookups
//! outside x = 1..=4, y = 0..=3 read as rock.

use gnomish_mines::generation::reference::{self, PlainGrid};
use gnomish_mines::generation::{BitGrid, Fate, MineParams, MineRng, Rule};

fn run(pass: Rule, rows: &[&str]) -> Vec<String> {
    let mut g = BitGrid::from_rows(rows);
    let params = MineParams::sized(g.width(), g.height());
    pass.run(&mut g, params.interior());
    // The plain reference must agree with the packed generator on every case.
    let mut plain = to_plain(&BitGrid::from_rows(rows));
    reference::run_pass(&mut plain, &pass);
    assert_eq!(to_plain(&g), plain, "reference disagrees");
    g.to_rows()
}

fn to_plain(g: &BitGrid) -> PlainGrid {
    PlainGrid::from(g)
}

/// Pass 1 scanned row by row instead (y outer, x inner), in place: not NetHack.
fn pass1_row_major(rows: &[&str]) -> Vec<String> {
    let mut g = BitGrid::from_rows(rows);
    let p = MineParams::sized(g.width(), g.height());
    let (xs, ys) = p.interior().ranges();
    for y in ys {
        for x in xs.clone() {
            let n = g.floor_neighbours(x, y);
            match Rule::CLUSTER.fates[n as usize] {
                Fate::Keep => {}
                Fate::Rock => g.set(x, y, false),
                Fate::Floor => g.set(x, y, true),
            }
        }
    }
    g.to_rows()
}

/// Pass 1's rule applied buffered: not NetHack either.
fn pass1_buffered(rows: &[&str]) -> Vec<String> {
    let buffered = Rule {
        update: gnomish_mines::generation::Update::Buffered,
        ..Rule::CLUSTER
    };
    run(buffered, rows)
}

#[test]
fn pass1_in_place_sees_the_column_above() {
    // (2,1) has 2 floor neighbours and turns to rock first; (2,2) then counts only
    // (3,2) and (3,3): 2 → rock. Buffered, (2,2) would count 3 and stay floor.
    let start = [
        "######", //
        "##.###", //
        "##...#", //
        "###..#", //
        "######",
    ];
    let in_place = [
        "######", //
        "######", //
        "###..#", //
        "###..#", //
        "######",
    ];
    let buffered = [
        "######", //
        "######", //
        "##...#", //
        "###..#", //
        "######",
    ];
    assert_eq!(run(Rule::CLUSTER, &start), in_place);
    assert_eq!(pass1_buffered(&start), buffered);
}

#[test]
fn pass1_scans_columns_not_rows() {
    // Column order: (2,2) dies (1 neighbour) before (3,1) is visited, so (3,1)
    // counts 2 and dies, and the rest follows. Row order visits (3,1) while (2,2)
    // is still floor: it counts 3 and survives.
    let start = [
        "######", //
        "###..#", //
        "##.#.#", //
        "######", //
        "######",
    ];
    let column_major = [
        "######", //
        "######", //
        "######", //
        "######", //
        "######",
    ];
    let row_major = [
        "######", //
        "###.##", //
        "######", //
        "######", //
        "######",
    ];
    assert_eq!(run(Rule::CLUSTER, &start), column_major);
    assert_eq!(pass1_row_major(&start), row_major);
    assert_eq!(pass1_buffered(&start), row_major);
}

#[test]
fn pass1_fills_cells_with_five_or_more() {
    // A ring around rock (3,2). Column x=2: (2,1) counts 2 → rock; (2,2) then
    // counts 3 → kept; (2,3) counts 2 → rock. Column x=3: (3,2) counts 6 → floor.
    // Column x=4: (4,2) counts 5 → floor; its neighbours keep 3.
    let start = [
        "######", //
        "##...#", //
        "##.#.#", //
        "##...#", //
        "######",
    ];
    let done = [
        "######", //
        "###..#", //
        "##...#", //
        "###..#", //
        "######",
    ];
    assert_eq!(run(Rule::CLUSTER, &start), done);
}

/// A 5 × 4 block of floor in a 10 × 7 map (interior x 2..=8, y 1..=5).
const BLOCK: [&str; 7] = [
    "##########",
    "##.....###",
    "##.....###",
    "##.....###",
    "##.....###",
    "##########",
    "##########",
];

#[test]
fn pass2_bites_flat_edges() {
    // Every non-corner edge cell of the block has exactly 5 floor neighbours.
    // Buffered: the bites don't cascade inward.
    let done = [
        "##########",
        "##.###.###",
        "###...####",
        "###...####",
        "##.###.###",
        "##########",
        "##########",
    ];
    assert_eq!(run(Rule::ENIGMA, &BLOCK), done);
}

#[test]
fn pass3_erodes_what_pass2_left() {
    // The four corners now have 1 floor neighbour each; the 3 × 2 core keeps 4+.
    let after_pass2 = run(Rule::ENIGMA, &BLOCK);
    let rows: Vec<&str> = after_pass2.iter().map(String::as_str).collect();
    let done = [
        "##########",
        "##########",
        "###...####",
        "###...####",
        "##########",
        "##########",
        "##########",
    ];
    assert_eq!(run(Rule::ERODE, &rows), done);
}

#[test]
fn pass2_removes_two_wide_passages() {
    // Inside a 2-wide corridor every cell has exactly 5 floor neighbours; the end
    // cells have 3 and stay.
    let start = [
        "##########",
        "##########",
        "##.......#",
        "##.......#",
        "##########",
        "##########",
        "##########",
    ];
    let done = [
        "##########",
        "##########",
        "##.#####.#",
        "##.#####.#",
        "##########",
        "##########",
        "##########",
    ];
    assert_eq!(run(Rule::ENIGMA, &start), done);
}

#[test]
fn neighbours_outside_bounds_read_as_rock() {
    // A floor cell in the interior's corner has only 3 neighbour lookups inside.
    let g = BitGrid::from_rows(&["######", "##..##", "##..##", "######", "######"]);
    assert_eq!(g.floor_neighbours(2, 1), 3);
    assert_eq!(g.floor_neighbours(0, 0), 0);
}

#[test]
fn random_fill_makes_exactly_the_limit_distinct_interior_cells() {
    for (w, h) in [(80, 21), (10, 6), (33, 17)] {
        let p = MineParams::sized(w, h);
        let mut g = BitGrid::new(w, h);
        gnomish_mines::generation::random_fill(&mut g, p.interior(), &mut MineRng::from_seed(7));
        assert_eq!(g.count_floor(), p.fill_count());
    }
    assert_eq!(MineParams::default().fill_count(), 624);
}
