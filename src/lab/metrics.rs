//! What the lab measures on a level. Grid metrics are counted 64 cells a word
//! on the packed floor grid of any stage; graph metrics (chokepoints, dead
//! ends, the walk between the stairs, sight) on the finished map.
//!
//! Definitions (cells are 8-connected, as a player moves):
//! - **floor**: floor cells.
//! - **walls**: wall cells: rock with floor among its 8 neighbours.
//! - **wall runs ≥ 4 / ≥ 6**: maximal straight runs (along a row or a column)
//!   of wall cells (rock next to floor) at least that long.
//! - **roughness**: floor–rock edges (pairs of side-by-side cells, one floor,
//!   one not) per floor cell.
//! - **open 3 × 3**: floor cells whose 8 neighbours are all floor.
//! - **2-wide**: cross-sections exactly two floor cells wide: rock, floor,
//!   floor, rock along a row or a column.
//! - **checkerboards**: 2 × 2 blocks of floor on one diagonal and rock on the
//!   other (the only way between them is a diagonal step).
//! - **chokepoints**: floor cells whose removal cuts the cave in two
//!   (articulation points of the floor graph).
//! - **dead ends**: floor cells with exactly one floor neighbour.
//! - **stairs walk** and **walk ratio**: the shortest walk from the up to the
//!   down stairs, and it over their straight-line (king-move) distance.
//! - **sight**: how many cells a player sees on a lit level, on average, from
//!   32 floor cells drawn from the seed (all of them when there are fewer).

use crate::dungeon::fov::line_of_sight_on;
use crate::generation::bitgrid::{down, up};
use crate::generation::{BitGrid, LevelMap, MineRng, Pos};

/// Counts of one grid, any stage.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct GridCounts {
    /// Floor cells.
    pub floor: u32,
    /// Wall cells: rock with floor among its 8 neighbours.
    pub walls: u32,
    /// Straight wall runs of 4 or more.
    pub wall_runs_4: u32,
    /// Straight wall runs of 6 or more.
    pub wall_runs_6: u32,
    /// Floor-rock edges per floor cell.
    pub roughness: f64,
    /// Floor cells whose 8 neighbours are all floor.
    pub open_3x3: u32,
    /// Cross-sections of the floor exactly 2 wide.
    pub two_wide: u32,
    /// 2 × 2 blocks with floor on one diagonal and rock on the other.
    pub checkerboards: u32,
}

/// Bits of word `k` of `col` holding the cells `n` below (y + n), n < 64.
#[inline(always)]
fn below_by(col: &[u64], k: usize, n: u32) -> u64 {
    match n {
        0 => col[k],
        _ => {
            let next = col.get(k + 1).copied().unwrap_or(0);
            (col[k] >> n) | (next << (64 - n))
        }
    }
}

/// The interior rows of word `k` of a column of height `h`.
#[inline(always)]
fn rows(h: usize, k: usize) -> u64 {
    match h - k * 64 {
        n if n >= 64 => !0,
        n => (1u64 << n) - 1,
    }
}

/// Column `x` of `grid`; `rock` beyond its left and right edges.
#[inline(always)]
fn column_or_rock<'a>(grid: &'a BitGrid, rock: &'a [u64], x: isize) -> &'a [u64] {
    if x < 0 || x as usize >= grid.width() {
        rock
    } else {
        grid.column(x as usize)
    }
}

/// Wall masks, a column each: rock with floor among its 8 neighbours.
fn wall_masks(grid: &BitGrid, rock: &[u64]) -> Vec<Vec<u64>> {
    let (w, h, wpc) = (grid.width(), grid.height(), grid.words_per_col());
    let col = |x: isize| column_or_rock(grid, rock, x);
    (0..w as isize)
        .map(|x| {
            let (l, c, r) = (col(x - 1), col(x), col(x + 1));
            (0..wpc)
                .map(|k| {
                    let near = up(l, k) | l[k] | down(l, k) | up(c, k) | down(c, k);
                    let near = near | up(r, k) | r[k] | down(r, k);
                    !c[k] & near & rows(h, k)
                })
                .collect()
        })
        .collect()
}

impl GridCounts {
    /// Count `grid`, a word of cells at a time.
    pub(crate) fn of(grid: &BitGrid) -> GridCounts {
        let (w, h, wpc) = (grid.width(), grid.height(), grid.words_per_col());
        let rock = vec![0u64; wpc];
        let col = |x: isize| column_or_rock(grid, &rock, x);
        let walls = wall_masks(grid, &rock);
        let wall = |x: isize| -> &[u64] {
            if x < 0 || x as usize >= w {
                &rock
            } else {
                &walls[x as usize]
            }
        };
        let mut out = GridCounts::default();
        let mut edges = 0u64;
        let count = |m: u64| m.count_ones();
        for x in 0..w as isize {
            let (l, c, r, r2) = (col(x - 1), col(x), col(x + 1), col(x + 2));
            let (wl, wc) = (wall(x - 1), wall(x));
            let wr: [&[u64]; 5] = [wc, wall(x + 1), wall(x + 2), wall(x + 3), wall(x + 4)];
            for k in 0..wpc {
                let f = c[k];
                let inside = rows(h, k);
                // Pairs with the cell below stop at the last row.
                let last_row = if (h - 1) / 64 == k {
                    1u64 << ((h - 1) % 64)
                } else {
                    0
                };
                let not_last = inside & !last_row;
                out.floor += count(f);
                out.walls += count(wc[k]);
                // Wall runs down this column, and along rows starting here.
                let v = |n: u32| below_by(wc, k, n);
                let start_v = wc[k] & !up(wc, k);
                let start_h = wc[k] & !wl[k];
                let h_run = |n: usize| wr[..n].iter().fold(!0u64, |m, c| m & c[k]);
                out.wall_runs_4 += count(start_v & v(1) & v(2) & v(3));
                out.wall_runs_6 += count(start_v & v(1) & v(2) & v(3) & v(4) & v(5));
                out.wall_runs_4 += count(start_h & h_run(4));
                out.wall_runs_6 += count(start_h & h_run(5) & wall(x + 5)[k]);
                // Edges: with the cell below, and with the cell to the right.
                edges += count((f ^ down(c, k)) & not_last) as u64;
                edges += count((f ^ r[k]) & inside) as u64;
                out.open_3x3 += count(
                    f & up(c, k)
                        & down(c, k)
                        & l[k]
                        & up(l, k)
                        & down(l, k)
                        & r[k]
                        & up(r, k)
                        & down(r, k),
                );
                // Rock, floor, floor, rock: along the row, and down the column.
                out.two_wide += count(!l[k] & f & r[k] & !r2[k] & inside);
                out.two_wide += count(!up(c, k) & f & down(c, k) & !below_by(c, k, 2) & inside);
                // 2 x 2 blocks with this cell at the top left.
                let (b, cc, d) = (r[k], down(c, k), down(r, k));
                out.checkerboards += count(((f & d & !b & !cc) | (!f & !d & b & cc)) & not_last);
            }
        }
        out.roughness = if out.floor == 0 {
            0.0
        } else {
            edges as f64 / out.floor as f64
        };
        out
    }
}

/// What the finished map's floor graph says.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct GraphCounts {
    /// Floor cells whose removal cuts the cave in two.
    pub chokepoints: u32,
    /// Floor cells with one floor neighbour.
    pub dead_ends: u32,
    /// The walk from the up to the down stairs.
    pub stairs_walk: u32,
    /// That walk over the straight distance.
    pub walk_ratio: f64,
    /// Cells a player sees on a lit level, on average, from 32 floor cells
    /// drawn from the seed.
    pub sight: f64,
}

/// How many floor cells the sight metric looks from.
pub(crate) const SIGHT_SAMPLES: usize = 32;

impl GraphCounts {
    /// Measure the walkable cells of `map`; `sample_seed` draws the cells
    /// sight is measured from.
    pub(crate) fn of(map: &LevelMap, sample_seed: u64) -> GraphCounts {
        let n = map.len();
        let h = map.height() as i32;
        // The 8 index offsets of a cell's neighbours; cells on the map's edge
        // are never floor, so their neighbours' indices stay on the map.
        let offsets: [isize; 8] = [-h - 1, -h, -h + 1, -1, 1, h - 1, h, h + 1].map(|d| d as isize);
        let walk: Vec<bool> = map.tiles().iter().map(|t| t.is_walkable()).collect();
        let floor: Vec<usize> = (0..n).filter(|&i| walk[i]).collect();
        let neighbours = |i: usize| {
            offsets
                .iter()
                .map(move |&d| (i as isize + d) as usize)
                .filter(|&j| j < n && walk[j])
        };
        let mut out = GraphCounts {
            dead_ends: floor
                .iter()
                .filter(|&&i| neighbours(i).count() == 1)
                .count() as u32,
            chokepoints: articulation_points(&floor, n, neighbours),
            ..GraphCounts::default()
        };
        if let (Some(up), Some(downs)) = (map.up_stairs(), map.down_stairs()) {
            let (a, b) = (map.index(up), map.index(downs));
            if let Some(d) = walk_distance(a, b, n, neighbours) {
                out.stairs_walk = d;
                out.walk_ratio = d as f64 / up.distance(downs).max(1) as f64;
            }
        }
        out.sight = sight(map, &floor, sample_seed);
        out
    }
}

/// The shortest walk (8-connected, on walkable cells) between two cells.
pub fn walk_between(map: &LevelMap, a: Pos, b: Pos) -> Option<u32> {
    let n = map.len();
    let h = map.height() as isize;
    let offsets: [isize; 8] = [-h - 1, -h, -h + 1, -1, 1, h - 1, h, h + 1];
    // A closed door is opened on the way (a town's), as the player does.
    let walk: Vec<bool> = map
        .tiles()
        .iter()
        .map(|t| t.is_walkable() || t.is_door())
        .collect();
    let neighbours = |i: usize| {
        offsets
            .iter()
            .map(move |&d| (i as isize + d) as usize)
            .filter(|&j| j < n && walk[j])
    };
    walk_distance(map.index(a), map.index(b), n, neighbours)
}

/// Shortest walk (8-connected) from `a` to `b`.
fn walk_distance<I: Iterator<Item = usize>>(
    a: usize,
    b: usize,
    n: usize,
    neighbours: impl Fn(usize) -> I,
) -> Option<u32> {
    let mut dist = vec![u32::MAX; n];
    let mut queue = std::collections::VecDeque::from([a]);
    dist[a] = 0;
    while let Some(i) = queue.pop_front() {
        if i == b {
            return Some(dist[i]);
        }
        for j in neighbours(i) {
            if dist[j] == u32::MAX {
                dist[j] = dist[i] + 1;
                queue.push_back(j);
            }
        }
    }
    None
}

/// Articulation points of the graph on `nodes` (Tarjan's low-link, without
/// recursion).
fn articulation_points<I: Iterator<Item = usize>>(
    nodes: &[usize],
    n: usize,
    neighbours: impl Fn(usize) -> I,
) -> u32 {
    let mut order = vec![0u32; n]; // 0: not visited; else discovery time
    let mut low = vec![0u32; n];
    let mut cut = vec![false; n];
    let mut time = 0u32;
    // Each frame: the cell, its parent, and where its neighbours start in
    // `pending` (one shared buffer, so the walk allocates nothing per cell).
    let mut stack: Vec<(usize, usize, usize)> = Vec::new();
    let mut pending: Vec<usize> = Vec::new();
    for &root in nodes {
        if order[root] != 0 {
            continue;
        }
        time += 1;
        order[root] = time;
        low[root] = time;
        let mut root_children = 0;
        stack.push((root, usize::MAX, pending.len()));
        pending.extend(neighbours(root));
        while let Some(&(v, parent, start)) = stack.last() {
            if pending.len() > start {
                let u = pending
                    .pop()
                    .expect("pending holds this frame's neighbours");
                if order[u] == 0 {
                    time += 1;
                    order[u] = time;
                    low[u] = time;
                    if v == root {
                        root_children += 1;
                    }
                    stack.push((u, v, pending.len()));
                    pending.extend(neighbours(u));
                } else if u != parent {
                    low[v] = low[v].min(order[u]);
                }
            } else {
                stack.pop();
                if let Some((p, _, _)) = stack.last() {
                    let p = *p;
                    low[p] = low[p].min(low[v]);
                    if p != root && low[v] >= order[p] {
                        cut[p] = true;
                    }
                }
            }
        }
        if root_children > 1 {
            cut[root] = true;
        }
    }
    cut.iter().filter(|&&c| c).count() as u32
}

/// Mean cells in view (lit) from up to [`SIGHT_SAMPLES`] floor cells drawn
/// from `seed`.
fn sight(map: &LevelMap, floor: &[usize], seed: u64) -> f64 {
    if floor.is_empty() {
        return 0.0;
    }
    let mut cells = floor.to_vec();
    let mut rng = MineRng::from_seed(seed);
    let k = SIGHT_SAMPLES.min(cells.len());
    // The first k of a partial Fisher-Yates shuffle.
    for i in 0..k {
        let j = i + rng.rn2((cells.len() - i) as u64) as usize;
        cells.swap(i, j);
    }
    let mut stamp = vec![0u32; map.len()];
    let mut total = 0u64;
    for (s, &i) in cells[..k].iter().enumerate() {
        let mark = s as u32 + 1;
        let from: Pos = map.pos(i);
        line_of_sight_on(map, from, |p| {
            let j = map.index(p);
            if stamp[j] != mark {
                stamp[j] = mark;
                total += 1;
            }
        });
    }
    total as f64 / k as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(rows: &[&str]) -> GridCounts {
        GridCounts::of(&BitGrid::from_rows(rows))
    }

    #[test]
    fn a_room_counts_as_worked_out() {
        // A 4 x 3 room: 12 floor cells; its walls: a 6-long run above and
        // below, a 5-long run each side (runs share the corner cells).
        let c = counts(&["########", "#....###", "#....###", "#....###", "########"]);
        assert_eq!(c.floor, 12);
        // The 6 x 5 rectangle round it, less the room.
        assert_eq!(c.walls, 18);
        assert_eq!((c.wall_runs_4, c.wall_runs_6), (4, 2));
        // Edges: 4 on top, 4 below, 3 each side = 14, over 12 cells.
        assert!((c.roughness - 14.0 / 12.0).abs() < 1e-12);
        // Only the two middle cells of the middle row have 8 floor neighbours.
        assert_eq!(c.open_3x3, 2);
        assert_eq!(c.two_wide, 0);
        assert_eq!(c.checkerboards, 0);
    }

    #[test]
    fn passages_and_diagonals_count_as_worked_out() {
        // A 2-wide passage along a row (4 cross-sections down its length) and
        // a diagonal-only link: (7,1)-(8,2) meet only at a corner.
        let c = counts(&[
            "############", //
            "#....##.####", //
            "#....###.###", //
            "############",
        ]);
        // Vertical cross-sections of the 4 x 2 block: x = 1..4.
        assert_eq!(c.two_wide, 4);
        // Blocks at (7,1) and nothing else.
        assert_eq!(c.checkerboards, 1);
    }

    #[test]
    fn graph_counts_as_worked_out() {
        // Two 2 x 3 rooms joined through one doorway cell (3, 2): it is the
        // only chokepoint, and the walk from '<' to '>' is 4 king moves.
        let rooms = LevelMap::from_rows(&[
            "-------", //
            "|..|..|", //
            "|<...>|", //
            "|..|..|", //
            "-------",
        ])
        .unwrap();
        let g = GraphCounts::of(&rooms, 1);
        assert_eq!((g.chokepoints, g.dead_ends), (1, 0));
        assert_eq!(g.stairs_walk, 4);
        assert!((g.walk_ratio - 1.0).abs() < 1e-12);
        // A 1-wide line: every inner cell a chokepoint, both ends dead ends.
        let line = LevelMap::from_rows(&["-------", "|<...>|", "-------"]).unwrap();
        let g = GraphCounts::of(&line, 1);
        assert_eq!(g.chokepoints, 3);
        assert_eq!(g.dead_ends, 2);
        assert_eq!(g.stairs_walk, 4);
        // Lit, from every cell of the line the whole 7 x 3 map is in view.
        assert!((g.sight - 21.0).abs() < 1e-12, "{}", g.sight);
    }
}
