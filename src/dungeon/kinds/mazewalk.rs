//! NetHack's `des.mazewalk` (`walkfrom` in `sp_lev.c`): a maze carved
//! through solid rock afresh each game, as the Catacombs' passages are.
//!
//! From its start cell, the walk looks at the four cells two steps away
//! (north, east, south, west); of those still rock it takes one at random,
//! carves it and the cell between, and walks on from there; where none is
//! left it goes back the way it came. So every rock cell two steps apart
//! from the start (same parity of column and row) that rock joins to it is
//! carved, joined to the start by exactly one way: a perfect maze. The cells
//! between that it never crossed stay rock (the walls).
//!
//! It is a pipeline step ([`CaveStep`]) like any other: pushed into a cave's
//! pipeline it carves mazes through the rock between the caves. The drawn
//! builder runs it on a drawing's maze cells (`maze:` in its settings).

use crate::generation::{BitGrid, CaveStep, Interior, MineRng};

/// Carve a maze through rock from `start` (NetHack's `walkfrom`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MazeWalk {
    /// Where the walk starts: a rock cell, or nothing is carved.
    pub start: (usize, usize),
}

/// North, east, south, west, in NetHack's `mz_move` order.
const DIRS: [(isize, isize); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

impl MazeWalk {
    /// Carve `grid` (true: floor or anything the walk must leave alone;
    /// false: rock it may carve) inside columns and rows `inside`.
    pub(crate) fn carve(
        &self,
        grid: &mut BitGrid,
        inside: (
            std::ops::RangeInclusive<usize>,
            std::ops::RangeInclusive<usize>,
        ),
        rng: &mut MineRng,
    ) {
        let (x0, y0) = self.start;
        let (columns, rows) = inside;
        if !columns.contains(&x0) || !rows.contains(&y0) || grid.get(x0, y0) {
            return;
        }
        let rock = |grid: &BitGrid, x: isize, y: isize| {
            x >= 0
                && y >= 0
                && columns.contains(&(x as usize))
                && rows.contains(&(y as usize))
                && !grid.get(x as usize, y as usize)
        };
        grid.set(x0, y0, true);
        // The walk's way back, as `walkfrom`'s recursion keeps it.
        let mut path = vec![(x0 as isize, y0 as isize)];
        while let Some(&(x, y)) = path.last() {
            let open: Vec<(isize, isize)> = DIRS
                .iter()
                .copied()
                .filter(|&(dx, dy)| rock(grid, x + 2 * dx, y + 2 * dy))
                .collect();
            if open.is_empty() {
                path.pop();
                continue;
            }
            let (dx, dy) = open[rng.rn2(open.len() as u64) as usize];
            grid.set((x + dx) as usize, (y + dy) as usize, true);
            let next = (x + 2 * dx, y + 2 * dy);
            grid.set(next.0 as usize, next.1 as usize, true);
            path.push(next);
        }
    }
}

impl CaveStep for MazeWalk {
    fn name(&self) -> &str {
        "mazewalk"
    }

    fn run(&self, grid: &mut BitGrid, interior: Interior, rng: &mut MineRng) {
        let (columns, rows) = interior.ranges();
        let rows = rows.start..=rows.end.saturating_sub(1);
        self.carve(grid, (columns, rows), rng);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 9 x 7 block of rock with a floor frame: the walk from (1, 1) carves
    /// all twelve cells of odd column and row, joined by exactly eleven cells
    /// between (a tree), and nothing else.
    #[test]
    fn a_walk_carves_a_perfect_maze_of_every_odd_cell() {
        for seed in 0..50 {
            let (w, h) = (9, 7);
            let mut grid = BitGrid::new(w, h);
            for x in 0..w {
                for y in 0..h {
                    grid.set(x, y, x == 0 || y == 0 || x == w - 1 || y == h - 1);
                }
            }
            let mut rng = MineRng::from_seed(seed);
            MazeWalk { start: (1, 1) }.carve(&mut grid, (1..=7, 1..=5), &mut rng);
            let carved = |x: usize, y: usize| grid.get(x, y);
            let mut lattice = 0;
            let mut between = 0;
            for x in 1..8 {
                for y in 1..6 {
                    match (x % 2, y % 2) {
                        (1, 1) => {
                            assert!(carved(x, y), "seed {seed}: ({x}, {y})");
                            lattice += 1;
                        }
                        (0, 0) => assert!(!carved(x, y), "seed {seed}: a pillar carved"),
                        _ => between += usize::from(carved(x, y)),
                    }
                }
            }
            assert_eq!((lattice, between), (12, 11), "seed {seed}");
        }
    }

    #[test]
    fn a_walk_from_floor_carves_nothing() {
        let mut grid = BitGrid::new(5, 5);
        grid.set(1, 1, true);
        let mut rng = MineRng::from_seed(1);
        MazeWalk { start: (1, 1) }.carve(&mut grid, (1..=3, 1..=3), &mut rng);
        let floor = (0..5)
            .flat_map(|x| (0..5).map(move |y| (x, y)))
            .filter(|&(x, y)| grid.get(x, y))
            .count();
        assert_eq!(floor, 1);
    }
}
