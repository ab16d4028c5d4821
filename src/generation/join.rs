//! Joining the caves (`docs/nethack-mines.md`, "Joining"): label regions, erase
//! specks, dig corridors.
//!
//! One labelling pass over the grid (each cell is pushed once), then NetHack's
//! join order over the regions in discovery order.

use super::bitgrid::{BitGrid, down, up};
use super::params::MineParams;
use super::rng::MineRng;

/// A region of this many cells or fewer is a speck, erased rather than joined:
/// NetHack does it "to avoid having the player end up here with no way out".
pub(crate) const SPECK_CELLS: usize = 3;
/// How many uniform tries `somexy` makes in a region's bounding box before it
/// takes the region's first cell.
pub(crate) const SOMEXY_TRIES: usize = 100;
/// NetHack's limit on a corridor's steps (`dig_corridor`).
pub(crate) const CORRIDOR_STEPS: usize = 500;
/// When two regions' y-ranges don't overlap, joining moves on to the next
/// region unless `rn2(STAY_ODDS)` is 0: with probability 2/3.
pub(crate) const STAY_ODDS: u64 = 3;

/// A kept region: its bounding box and label, as NetHack's `add_room` keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Region {
    /// 1-based label, in discovery order, as [`Labels::get`] returns it.
    pub label: u32,
    /// The region's bounding box: lowest column.
    pub lx: usize,
    /// Lowest row.
    pub ly: usize,
    /// Highest column.
    pub hx: usize,
    /// Highest row.
    pub hy: usize,
    /// Its floor cells.
    pub cells: usize,
}

/// What joining did, for stats and provenance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct JoinReport {
    /// The regions kept, in discovery order.
    pub regions: Vec<Region>,
    /// Regions of 3 cells or fewer turned back into rock.
    pub specks_erased: usize,
    /// The cells of those specks, in erase order.
    pub erased_cells: Vec<(usize, usize)>,
    /// Corridors dug (regions − 1 when the cap was not hit).
    pub corridors: usize,
    /// Corridors that gave up (500-step or edge rule) before reaching their end.
    pub corridors_failed: usize,
    /// Rock cells that corridors turned into floor, in dig order.
    pub dug_cells: Vec<(usize, usize)>,
    /// Whether labelling stopped at the region cap.
    pub cap_hit: bool,
}

/// Which region each floor cell belongs to, stored as runs of floor down each
/// column rather than one label per cell: a few bytes per run, found with word
/// operations on the packed grid.
pub(crate) struct Labels {
    /// Runs of column x are `runs[col_start[x]..col_start[x + 1]]`.
    col_start: Vec<u32>,
    runs: Vec<Run>,
    /// The region label of each run; 0 = none.
    run_label: Vec<u32>,
}

/// Floor cells `y0..=y1` of one column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Run {
    y0: u32,
    y1: u32,
}

impl Labels {
    /// The region label of (x, y), 0 if none.
    pub(crate) fn get(&self, x: usize, y: usize) -> u32 {
        let (a, b) = (self.col_start[x] as usize, self.col_start[x + 1] as usize);
        let col = &self.runs[a..b];
        // The last run starting at or above y.
        let i = col.partition_point(|r| r.y0 as usize <= y);
        if i > 0 && col[i - 1].y1 as usize >= y {
            self.run_label[a + i - 1]
        } else {
            0
        }
    }

    /// The cells of region `label`, in scan order (x outer, y inner).
    pub(crate) fn cells(&self, label: u32) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.col_start.len() - 1).flat_map(move |x| {
            let (a, b) = (self.col_start[x] as usize, self.col_start[x + 1] as usize);
            (a..b)
                .filter(move |&i| self.run_label[i] == label)
                .flat_map(move |i| {
                    (self.runs[i].y0..=self.runs[i].y1).map(move |y| (x, y as usize))
                })
        })
    }
}

/// Runs of floor in every column, in scan order.
///
/// A run starts on a floor cell with rock above and ends on one with rock below,
/// so each column's starts and ends are two masks, read off with trailing-zero
/// counts: a few instructions a run, and one allocation of the exact size.
fn column_runs(grid: &BitGrid) -> (Vec<u32>, Vec<Run>) {
    let (w, wpc) = (grid.width(), grid.words_per_col());
    let starts = |col: &[u64], k: usize| col[k] & !up(col, k);
    let ends = |col: &[u64], k: usize| col[k] & !down(col, k);
    let total: usize = (0..w)
        .map(|x| {
            let col = grid.column(x);
            (0..wpc)
                .map(|k| starts(col, k).count_ones() as usize)
                .sum::<usize>()
        })
        .sum();
    let mut col_start = Vec::with_capacity(w + 1);
    let mut runs = Vec::with_capacity(total);
    for x in 0..w {
        let col = grid.column(x);
        let first = runs.len();
        col_start.push(first as u32);
        for k in 0..wpc {
            let mut m = starts(col, k);
            while m != 0 {
                let y0 = (k * 64) as u32 + m.trailing_zeros();
                runs.push(Run { y0, y1: y0 });
                m &= m - 1;
            }
        }
        // Ends come in the same order as starts, one each.
        let mut run = first;
        for k in 0..wpc {
            let mut m = ends(col, k);
            while m != 0 {
                runs[run].y1 = (k * 64) as u32 + m.trailing_zeros();
                run += 1;
                m &= m - 1;
            }
        }
    }
    col_start.push(runs.len() as u32);
    (col_start, runs)
}

fn find(parent: &mut [u32], mut i: u32) -> u32 {
    while parent[i as usize] != i {
        let p = parent[i as usize];
        parent[i as usize] = parent[p as usize];
        i = p;
    }
    i
}

/// What labelling found.
pub(crate) struct Labelling {
    /// The regions kept, in discovery order.
    pub regions: Vec<Region>,
    /// Each cell's region.
    pub labels: Labels,
    /// Cells of erased specks.
    pub erased_cells: Vec<(usize, usize)>,
    /// Specks erased.
    pub specks: usize,
    /// Labelling stopped at the region cap.
    pub cap_hit: bool,
}

/// Label every 8-connected floor region in NetHack's discovery order (scan order,
/// x outer and y inner, of each region's first cell). Regions of 3 cells or fewer
/// are listed for erasing when `erase_specks`; labelling stops after `cap` kept
/// regions, leaving the rest untouched.
///
/// Linear: one pass to find runs, one union-find sweep over neighbouring columns'
/// runs, one pass over the regions. No cell is visited again per region.
pub(crate) fn label_regions(grid: &BitGrid, erase_specks: bool, cap: usize) -> Labelling {
    let (col_start, runs) = column_runs(grid);
    let parent = join_touching_runs(&col_start, &runs);
    let (region_of, accs) = measure_regions(parent, &col_start, &runs);
    let kept = keep_regions(&accs, erase_specks, cap);
    let erased_cells = if kept.specks > 0 {
        erased_cells(&col_start, &runs, &region_of, &kept.erase)
    } else {
        Vec::new()
    };
    let run_label = label_runs(region_of, &kept.label_of);
    Labelling {
        regions: kept.regions,
        labels: Labels {
            col_start,
            runs,
            run_label,
        },
        erased_cells,
        specks: kept.specks,
        cap_hit: kept.cap_hit,
    }
}

/// Each run's parent in a union-find over the runs, joined where runs in
/// neighbouring columns touch; a root is always its region's first run.
#[inline]
fn join_touching_runs(col_start: &[u32], runs: &[Run]) -> Vec<u32> {
    let n = runs.len();
    let mut parent: Vec<u32> = (0..n as u32).collect();
    // Runs in neighbouring columns touch (8-connected) if their y-ranges overlap
    // once one is grown by a cell each way.
    for x in 0..(col_start.len() - 1).saturating_sub(1) {
        let (a_end, b_end) = (col_start[x + 1] as usize, col_start[x + 2] as usize);
        let (mut i, mut j) = (col_start[x] as usize, a_end);
        while i < a_end && j < b_end {
            let (a, b) = (runs[i], runs[j]);
            if a.y0 <= b.y1 + 1 && b.y0 <= a.y1 + 1 {
                let (ra, rb) = (find(&mut parent, i as u32), find(&mut parent, j as u32));
                // The root is always the earlier run, so it is its region's first.
                if ra < rb {
                    parent[rb as usize] = ra;
                } else if rb < ra {
                    parent[ra as usize] = rb;
                }
            }
            if a.y1 < b.y1 { i += 1 } else { j += 1 }
        }
    }
    parent
}

/// A region's size and bounding box, as labelling measures it.
struct Acc {
    cells: u32,
    lx: u32,
    ly: u32,
    hx: u32,
    hy: u32,
}

/// Size and bounding box per region, in discovery order, and each run's
/// region index among them: a region's root is its first run in scan order,
/// so regions appear as their roots are reached.
#[inline]
fn measure_regions(parent: Vec<u32>, col_start: &[u32], runs: &[Run]) -> (Vec<u32>, Vec<Acc>) {
    let mut accs: Vec<Acc> = Vec::new();
    // One forward sweep turns `parent` into each run's region index in `accs`. A
    // run's parent is never a later run, so it has been turned already.
    let mut region_of = parent;
    for x in 0..col_start.len() - 1 {
        for i in col_start[x] as usize..col_start[x + 1] as usize {
            let (run, x) = (runs[i], x as u32);
            let p = region_of[i] as usize;
            let r = if p == i {
                accs.push(Acc {
                    cells: 0,
                    lx: x,
                    ly: run.y0,
                    hx: x,
                    hy: run.y1,
                });
                accs.len() - 1
            } else {
                region_of[p] as usize
            };
            region_of[i] = r as u32;
            let a = &mut accs[r];
            a.cells += run.y1 - run.y0 + 1;
            a.hx = x;
            a.ly = a.ly.min(run.y0);
            a.hy = a.hy.max(run.y1);
        }
    }
    (region_of, accs)
}

/// What became of each measured region: kept with a label, erased as a
/// speck, or left past the cap.
struct Kept {
    /// Each region's label; 0: a speck or past the cap.
    label_of: Vec<u32>,
    /// Each region: is it a speck to erase?
    erase: Vec<bool>,
    regions: Vec<Region>,
    specks: usize,
    cap_hit: bool,
}

/// The kept regions get labels 1, 2, ... in discovery order; specks and those
/// past the cap get 0.
#[inline]
fn keep_regions(accs: &[Acc], erase_specks: bool, cap: usize) -> Kept {
    let mut label_of = vec![0u32; accs.len()];
    let mut erase = vec![false; accs.len()];
    let mut regions = Vec::new();
    let (mut specks, mut cap_hit) = (0, false);
    for (r, a) in accs.iter().enumerate() {
        if cap_hit {
            break;
        }
        if erase_specks && a.cells as usize <= SPECK_CELLS {
            // A tiny hole: NetHack erases it so the player can't end up in it.
            specks += 1;
            erase[r] = true;
            continue;
        }
        let label = regions.len() as u32 + 1;
        label_of[r] = label;
        regions.push(Region {
            label,
            lx: a.lx as usize,
            ly: a.ly as usize,
            hx: a.hx as usize,
            hy: a.hy as usize,
            cells: a.cells as usize,
        });
        cap_hit = regions.len() >= cap;
    }
    Kept {
        label_of,
        erase,
        regions,
        specks,
        cap_hit,
    }
}

/// The cells of the regions to erase, in scan order.
fn erased_cells(
    col_start: &[u32],
    runs: &[Run],
    region_of: &[u32],
    erase: &[bool],
) -> Vec<(usize, usize)> {
    let mut erased_cells = Vec::new();
    for x in 0..col_start.len() - 1 {
        for i in col_start[x] as usize..col_start[x + 1] as usize {
            if erase[region_of[i] as usize] {
                let run = runs[i];
                erased_cells.extend((run.y0..=run.y1).map(|y| (x, y as usize)));
            }
        }
    }
    erased_cells
}

/// Each run's label, written over its region index.
#[inline]
fn label_runs(region_of: Vec<u32>, label_of: &[u32]) -> Vec<u32> {
    let mut run_label = region_of;
    for l in run_label.iter_mut() {
        *l = label_of[*l as usize];
    }
    run_label
}

/// NetHack's `somexy` for an irregular room: up to 100 uniform tries in the
/// bounding box, then the first member cell in scan order.
pub(crate) fn somexy(region: &Region, labels: &Labels, rng: &mut MineRng) -> (usize, usize) {
    for _ in 0..SOMEXY_TRIES {
        let x = rng.rn1((region.hx - region.lx + 1) as u64, region.lx as u64) as usize;
        let y = rng.rn1((region.hy - region.ly + 1) as u64, region.ly as u64) as usize;
        if labels.get(x, y) == region.label {
            return (x, y);
        }
    }
    for x in region.lx..=region.hx {
        for y in region.ly..=region.hy {
            if labels.get(x, y) == region.label {
                return (x, y);
            }
        }
    }
    unreachable!("a kept region has at least one cell")
}

/// NetHack 3.6's `dig_corridor(org, dest, nxcor = FALSE, ROOM, STONE)` on a map of
/// only rock and floor. Rock becomes floor; every cell is passable, so
/// only the step rule draws random numbers. Returns whether it reached `dest`.
///
/// `max_steps` is NetHack's 500; it can never bind on 80 × 21, where the longest
/// staircase is under 100 steps.
pub(crate) fn dig_corridor(
    grid: &mut BitGrid,
    from: (usize, usize),
    to: (usize, usize),
    max_steps: usize,
    rng: &mut MineRng,
    dug: &mut Vec<(usize, usize)>,
) -> bool {
    let (w, h) = (grid.width() as isize, grid.height() as isize);
    let (mut xx, mut yy) = (from.0 as isize, from.1 as isize);
    let (tx, ty) = (to.0 as isize, to.1 as isize);
    let (mut dx, mut dy) = if tx > xx {
        (1, 0)
    } else if ty > yy {
        (0, 1)
    } else if tx < xx {
        (-1, 0)
    } else {
        (0, -1)
    };
    xx -= dx;
    yy -= dy;
    let mut steps = 0;
    while xx != tx || yy != ty {
        if steps > max_steps {
            return false;
        }
        steps += 1;
        xx += dx;
        yy += dy;
        // NetHack: x in 1..=COLNO-2, y in 1..=ROWNO-2.
        if xx >= w - 1 || xx <= 0 || yy <= 0 || yy >= h - 1 {
            return false;
        }
        let (ux, uy) = (xx as usize, yy as usize);
        let word = &mut grid.column_mut(ux)[uy / 64];
        let bit = 1u64 << (uy % 64);
        if *word & bit == 0 {
            *word |= bit;
            dug.push((ux, uy));
        }
        let mut dix = (xx - tx).abs();
        let mut diy = (yy - ty).abs();
        if dix > diy && diy != 0 && rng.rn2((dix - diy + 1) as u64) == 0 {
            dix = 0;
        } else if diy > dix && dix != 0 && rng.rn2((diy - dix + 1) as u64) == 0 {
            diy = 0;
        }
        // Turn toward the target; going straight is always possible here because
        // every cell of a mines map is rock or floor.
        if dy != 0 && dix > diy {
            dx = if xx > tx { -1 } else { 1 };
            dy = 0;
        } else if dx != 0 && diy > dix {
            dy = if yy > ty { -1 } else { 1 };
            dx = 0;
        }
    }
    true
}

/// The corridor step limit for a map: NetHack's 500, or the longest possible
/// staircase (width + height) on maps big enough for 500 to bind.
pub(crate) fn corridor_step_limit(params: &MineParams) -> usize {
    CORRIDOR_STEPS.max(params.width + params.height)
}

/// NetHack's `join_map`.
pub(crate) fn join_caves(grid: &mut BitGrid, params: &MineParams, rng: &mut MineRng) -> JoinReport {
    // Floor only lies in the interior before joining, so labelling the whole grid
    // finds the regions NetHack's interior scan finds, in the same order.
    let Labelling {
        regions,
        labels,
        erased_cells,
        specks,
        cap_hit,
    } = label_regions(grid, true, params.region_cap.limit());
    for &(x, y) in &erased_cells {
        grid.set(x, y, false);
    }
    let mut report = JoinReport {
        specks_erased: specks,
        erased_cells,
        cap_hit,
        ..Default::default()
    };
    let max_steps = corridor_step_limit(params);
    // Room for the usual corridors without growing the list a cell at a time.
    report.dug_cells.reserve(4 * (params.width + params.height));
    let mut a = 0;
    let mut b = 1;
    while b < regions.len() {
        let s = somexy(&regions[a], &labels, rng);
        let e = somexy(&regions[b], &labels, rng);
        report.corridors += 1;
        if !dig_corridor(grid, s, e, max_steps, rng, &mut report.dug_cells) {
            report.corridors_failed += 1;
        }
        let (ra, rb) = (&regions[a], &regions[b]);
        // Only move a on when the two regions don't overlap: always if b starts
        // right of a, with probability 2/3 if only their y-ranges are apart.
        // The rn2(3) is drawn only in the second case, as C's || short-circuits.
        if rb.lx > ra.hx || ((rb.ly > ra.hy || rb.hy < ra.ly) && rng.rn2(STAY_ODDS) != 0) {
            a = b;
        }
        b += 1;
    }
    report.regions = regions;
    report
}

/// Joining on hand-made grids (`docs/nethack-mines.md`, "Joining"): unit
/// tests beside the code, so the labelling and the corridor digger need not
/// be public.
#[cfg(test)]
mod tests {
    use super::Labelling;
    use crate::generation::{BitGrid, MineParams, MineRng, RegionCap};

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
        } = super::label_regions(&g, true, usize::MAX);
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
        } = super::label_regions(&g, true, 2);
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
            let report = super::join_caves(&mut g, &p, &mut MineRng::from_seed(seed));
            assert_eq!(report.corridors, 2);
            assert_eq!(report.corridors_failed, 0);
            assert_eq!(g.component_sizes().len(), 1, "seed {seed}");
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
        assert!(super::dig_corridor(
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
        assert!(super::dig_corridor(
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
                assert!(super::dig_corridor(&mut g, s, e, 500, &mut rng, &mut dug));
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
        let ok = super::dig_corridor(
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
}
