//! Joining the caves (SPEC §3): label regions, erase specks, dig corridors.
//!
//! One labelling pass over the grid (each cell is pushed once), then NetHack's
//! join order over the regions in discovery order.

use super::bitgrid::BitGrid;
use super::params::MineParams;
use super::rng::MineRng;

/// A kept region: its bounding box and label, as NetHack's `add_room` keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    /// 1-based label written into the label grid.
    pub label: u32,
    pub lx: usize,
    pub ly: usize,
    pub hx: usize,
    pub hy: usize,
    pub cells: usize,
}

/// What joining did, for stats and provenance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct JoinReport {
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

/// Region labels per cell, column-major like [`BitGrid`]; 0 = unlabelled.
pub struct Labels {
    height: usize,
    labels: Vec<u32>,
}

impl Labels {
    pub fn new(width: usize, height: usize) -> Self {
        Self {
            height,
            labels: vec![0; width * height],
        }
    }

    #[inline]
    pub fn get(&self, x: usize, y: usize) -> u32 {
        self.labels[x * self.height + y]
    }

    #[inline]
    fn set(&mut self, x: usize, y: usize, label: u32) {
        self.labels[x * self.height + y] = label;
    }
}

/// Flood-fill the 8-connected floor region at (x, y) with `label`, returning its
/// cells. `stack` is reused scratch space.
fn flood(
    grid: &BitGrid,
    labels: &mut Labels,
    x: usize,
    y: usize,
    label: u32,
    stack: &mut Vec<(usize, usize)>,
    cells: &mut Vec<(usize, usize)>,
) {
    let (w, h) = (grid.width(), grid.height());
    stack.clear();
    cells.clear();
    labels.set(x, y, label);
    stack.push((x, y));
    while let Some((cx, cy)) = stack.pop() {
        cells.push((cx, cy));
        for nx in cx.saturating_sub(1)..=(cx + 1).min(w - 1) {
            for ny in cy.saturating_sub(1)..=(cy + 1).min(h - 1) {
                if grid.get(nx, ny) && labels.get(nx, ny) == 0 {
                    labels.set(nx, ny, label);
                    stack.push((nx, ny));
                }
            }
        }
    }
}

/// Label every 8-connected floor region in scan order, x outer and y inner. Regions
/// of `min_kept - 1` cells or fewer are erased (rock) when `erase_specks`; labelling
/// stops after `cap` kept regions. Returns the kept regions and the erased cells.
pub fn label_regions(
    grid: &mut BitGrid,
    labels: &mut Labels,
    xs: std::ops::RangeInclusive<usize>,
    ys: std::ops::Range<usize>,
    erase_specks: bool,
    cap: usize,
) -> (Vec<Region>, Vec<(usize, usize)>, usize, bool) {
    let mut regions = Vec::new();
    let mut erased = Vec::new();
    let mut specks = 0;
    let mut stack = Vec::new();
    let mut cells = Vec::new();
    for x in xs {
        for y in ys.clone() {
            if !grid.get(x, y) || labels.get(x, y) != 0 {
                continue;
            }
            let label = regions.len() as u32 + 1;
            flood(grid, labels, x, y, label, &mut stack, &mut cells);
            if erase_specks && cells.len() <= 3 {
                // A tiny hole: NetHack erases it "to avoid having the player end up
                // here with no way out" and reuses its number (SPEC §3.2).
                specks += 1;
                for &(cx, cy) in &cells {
                    grid.set(cx, cy, false);
                    labels.set(cx, cy, 0);
                    erased.push((cx, cy));
                }
                continue;
            }
            let mut r = Region {
                label,
                lx: x,
                ly: y,
                hx: x,
                hy: y,
                cells: cells.len(),
            };
            for &(cx, cy) in &cells {
                r.lx = r.lx.min(cx);
                r.hx = r.hx.max(cx);
                r.ly = r.ly.min(cy);
                r.hy = r.hy.max(cy);
            }
            regions.push(r);
            if regions.len() >= cap {
                return (regions, erased, specks, true);
            }
        }
    }
    (regions, erased, specks, false)
}

/// NetHack's `somexy` for an irregular room: up to 100 uniform tries in the
/// bounding box, then the first member cell in scan order.
pub fn somexy(region: &Region, labels: &Labels, rng: &mut MineRng) -> (usize, usize) {
    for _ in 0..100 {
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
/// only rock and floor (SPEC §3.5). Rock becomes floor; every cell is passable, so
/// only the step rule draws random numbers. Returns whether it reached `dest`.
///
/// `max_steps` is NetHack's 500; it can never bind on 80 × 21, where the longest
/// staircase is under 100 steps.
pub fn dig_corridor(
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
        if !grid.get(ux, uy) {
            grid.set(ux, uy, true);
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
pub fn corridor_step_limit(params: &MineParams) -> usize {
    500.max(params.width + params.height)
}

/// NetHack's `join_map` (SPEC §3).
pub fn join_caves(grid: &mut BitGrid, params: &MineParams, rng: &mut MineRng) -> JoinReport {
    let (xs, ys) = params.interior();
    let mut labels = Labels::new(grid.width(), grid.height());
    let (regions, erased_cells, specks_erased, cap_hit) =
        label_regions(grid, &mut labels, xs, ys, true, params.region_cap.limit());
    let mut report = JoinReport {
        specks_erased,
        erased_cells,
        cap_hit,
        ..Default::default()
    };
    let max_steps = corridor_step_limit(params);
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
        if rb.lx > ra.hx || ((rb.ly > ra.hy || rb.hy < ra.ly) && rng.rn2(3) != 0) {
            a = b;
        }
        b += 1;
    }
    report.regions = regions;
    report
}
