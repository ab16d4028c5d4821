//! The cellular-automaton passes (SPEC §2).
//!
//! A pass maps the floor count N of a cell's 8 neighbours to an outcome. NetHack's
//! four passes are [`CaPass::NETHACK`]; a roguelike author can write others.

use super::bitgrid::BitGrid;
use super::params::MineParams;

/// What a pass does to a cell with N floor neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Keep,
    Rock,
    Floor,
}

/// Whether a pass sees its own writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Update {
    /// Each cell is written as it is visited, x outer, y inner, so later cells see
    /// the new values of earlier ones (NetHack's pass 1).
    InPlace,
    /// The whole grid is computed from the old values, then written back.
    Buffered,
}

/// One CA pass: an outcome for each N in 0..=8, and how it updates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CaPass {
    pub outcome: [Outcome; 9],
    pub update: Update,
}

use Outcome::{Floor, Keep, Rock};

impl CaPass {
    /// Pass 1 "clustering": 0–2 → rock, 3–4 unchanged, 5–8 → floor, in place.
    pub const CLUSTER: CaPass = CaPass {
        outcome: [Rock, Rock, Rock, Keep, Keep, Floor, Floor, Floor, Floor],
        update: Update::InPlace,
    };
    /// Pass 2 "the enigma": exactly 5 → rock, buffered.
    pub const ENIGMA: CaPass = CaPass {
        outcome: [Keep, Keep, Keep, Keep, Keep, Rock, Keep, Keep, Keep],
        update: Update::Buffered,
    };
    /// Passes 3 and 4 "erosion": 0–2 → rock, buffered.
    pub const ERODE: CaPass = CaPass {
        outcome: [Rock, Rock, Rock, Keep, Keep, Keep, Keep, Keep, Keep],
        update: Update::Buffered,
    };
    /// NetHack's passes in order (mkmap: pass_one, pass_two, pass_three × 2).
    pub const NETHACK: [CaPass; 4] = [Self::CLUSTER, Self::ENIGMA, Self::ERODE, Self::ERODE];

    #[inline]
    fn apply(&self, n: u32, floor: bool) -> bool {
        match self.outcome[n as usize] {
            Keep => floor,
            Rock => false,
            Floor => true,
        }
    }

    /// Run this pass over the interior of `grid`. Cells outside the interior are
    /// rock and stay rock, so reading them reads as rock, as SPEC's bounds require.
    pub fn run(&self, grid: &mut BitGrid, params: &MineParams) {
        let (xs, ys) = params.interior();
        match self.update {
            Update::InPlace => {
                for x in xs {
                    for y in ys.clone() {
                        let n = grid.floor_neighbours(x, y);
                        let v = self.apply(n, grid.get(x, y));
                        grid.set(x, y, v);
                    }
                }
            }
            Update::Buffered => {
                let old = grid.clone();
                for x in xs {
                    for y in ys.clone() {
                        let n = old.floor_neighbours(x, y);
                        grid.set(x, y, self.apply(n, old.get(x, y)));
                    }
                }
            }
        }
    }
}

/// NetHack's `init_fill` (SPEC §1): make exactly `fill_count` distinct interior cells
/// floor, each draw x first then y, redrawing on a hit.
pub fn random_fill(grid: &mut BitGrid, params: &MineParams, rng: &mut super::rng::MineRng) {
    let limit = params.fill_count();
    let (w, h) = (params.mk_width() as u64, params.mk_height() as u64);
    let mut count = 0;
    while count < limit {
        let x = rng.rn1(w - 1, 2) as usize;
        let y = rng.rnd(h - 1) as usize;
        if !grid.get(x, y) {
            grid.set(x, y, true);
            count += 1;
        }
    }
}
