//! NetHack's `mkmap()`: the pipeline's steps in order, then walls and stairs
//! (`docs/nethack-mines.md` tells the whole recipe).

use std::fmt;

use super::bitgrid::BitGrid;
use super::history::{CaveHistory, LevelStats};
use super::join::{self, JoinReport, join_caves};
use super::map::{LevelMap, Pos};
use super::params::{MineParams, ParamError};
use super::passes::random_fill;
use super::pipeline::Step;
use super::rng::MineRng;
use super::terrain::Tile;
use super::walls::wall_tiles;

/// A generated level: the map to play on, and how its cave came about.
#[derive(Clone, Debug, PartialEq)]
pub struct MineLevel {
    /// The finished map, walls typed and stairs placed.
    pub map: LevelMap,
    /// How it formed.
    pub history: CaveHistory,
}

/// Why a level could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenerateError {
    /// The parameters can't make a level.
    Params(ParamError),
    /// Every try eroded the map to fewer than two connected floor cells.
    NoCave {
        /// How many whole pipelines were tried.
        attempts: u32,
    },
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Params(e) => e.fmt(f),
            GenerateError::NoCave { attempts } => write!(
                f,
                "no cave with room for two staircases after {attempts} tries; \
                 try a larger map or other passes"
            ),
        }
    }
}

impl std::error::Error for GenerateError {}

impl From<ParamError> for GenerateError {
    fn from(e: ParamError) -> Self {
        GenerateError::Params(e)
    }
}

/// How many whole pipelines to try before giving up on a map with no cave.
pub(crate) const MAX_ATTEMPTS: u32 = 100;

/// Generate the level for `seed` with `params`. Pure: the same inputs always give
/// the same level, byte for byte.
pub fn generate(seed: u64, params: &MineParams) -> Result<MineLevel, GenerateError> {
    params.validate()?;
    let mut rng = MineRng::from_seed(seed);
    for attempt in 1..=MAX_ATTEMPTS {
        if let Some(mut level) = mkmap(seed, params, &mut rng) {
            level.history.stats.attempts = attempt;
            return Ok(level);
        }
    }
    Err(GenerateError::NoCave {
        attempts: MAX_ATTEMPTS,
    })
}

/// One run of the pipeline; `None` if it left no room for the stairs.
fn mkmap(seed: u64, params: &MineParams, rng: &mut MineRng) -> Option<MineLevel> {
    let mut cave = Cave::new(params);
    for step in params.pipeline.steps() {
        match step {
            Step::Fill => random_fill(&mut cave.grid, params.interior(), rng),
            Step::Pass(pass) => pass.rule.run(&mut cave.grid, params.interior()),
            Step::Custom(step) => step.run(&mut cave.grid, params.interior(), rng),
            Step::Join => cave.joined = Some(join_caves(&mut cave.grid, params, rng)),
        }
        cave.snapshot_after(step);
    }
    let (up, down) = place_stairs(&cave.grid, cave.is_one_cave(), rng)?;
    Some(cave.finish(seed, params, up, down))
}

/// The grid being worked on and what each step left behind.
struct Cave {
    grid: BitGrid,
    /// The grid after the fill and after each pass.
    snapshots: Vec<BitGrid>,
    joined: Option<JoinReport>,
}

impl Cave {
    fn new(params: &MineParams) -> Self {
        Cave {
            grid: BitGrid::new(params.width, params.height),
            snapshots: Vec::with_capacity(params.pipeline.shaping_count() + 2),
            joined: None,
        }
    }

    /// Keep the grid as the stage `step` ends (joining's is the finished cave,
    /// kept by [`Cave::finish`] whether or not it joins).
    fn snapshot_after(&mut self, step: &Step) {
        if !matches!(step, Step::Join) {
            self.snapshots.push(self.grid.clone());
        }
    }

    /// When every region was joined the floor is one cave, so the stairs can be
    /// drawn from all of it without labelling it again.
    fn is_one_cave(&self) -> bool {
        self.joined
            .as_ref()
            .is_some_and(|r| !r.cap_hit && r.corridors_failed == 0)
    }

    fn finish(mut self, seed: u64, params: &MineParams, up: Pos, down: Pos) -> MineLevel {
        let report = self.joined.take().unwrap_or_default();
        self.snapshots.push(self.grid.clone());
        let stats = stats(&self.snapshots, &report);
        let mut tiles = wall_tiles(&self.grid);
        let h = params.height;
        tiles[up.x as usize * h + up.y as usize] = Tile::UpStairs;
        tiles[down.x as usize * h + down.y as usize] = Tile::DownStairs;
        let map = LevelMap::with_stairs(params.width, h, tiles, Some(up), Some(down));
        let history = CaveHistory::new(
            seed,
            params,
            self.snapshots,
            &report.erased_cells,
            &report.dug_cells,
            stats,
        );
        MineLevel { map, history }
    }
}

/// Floor and changes per stage, and what joining did.
fn stats(snapshots: &[BitGrid], report: &JoinReport) -> LevelStats {
    let last = snapshots.len() - 1;
    let floor_after: Vec<usize> = snapshots.iter().map(BitGrid::count_floor).collect();
    let mut changed_by = vec![floor_after[0]];
    changed_by.extend((1..last).map(|i| snapshots[i].count_changed(&snapshots[i - 1])));
    changed_by.push(report.erased_cells.len() + report.dug_cells.len());
    LevelStats {
        floor_after,
        changed_by,
        regions: report.regions.len(),
        specks_erased: report.specks_erased,
        speck_cells: report.erased_cells.len(),
        corridors: report.corridors,
        corridors_failed: report.corridors_failed,
        corridor_cells: report.dug_cells.len(),
        region_cap_hit: report.cap_hit,
        attempts: 0,
    }
}

/// Up and down stairs on two distinct random cells of the largest 8-connected
/// cave (NetHack: "one up staircase and one down staircase on random floor").
/// Choosing from one cave keeps the down stairs reachable even where joining was
/// off or the region cap was hit.
fn place_stairs(grid: &BitGrid, one_cave: bool, rng: &mut MineRng) -> Option<(Pos, Pos)> {
    let pos = |(x, y): (usize, usize)| Pos::new(x as i32, y as i32);
    if one_cave {
        let n = grid.count_floor();
        if n < 2 {
            return None;
        }
        let (up_i, down_i) = two_distinct(n, rng);
        return Some((pos(nth_floor(grid, up_i)?), pos(nth_floor(grid, down_i)?)));
    }
    let join::Labelling {
        regions, labels, ..
    } = join::label_regions(grid, false, usize::MAX);
    // The largest cave; the first found wins a tie.
    let best = regions
        .iter()
        .fold(None::<&join::Region>, |best, r| match best {
            Some(b) if b.cells >= r.cells => Some(b),
            _ => Some(r),
        })?;
    if best.cells < 2 {
        return None;
    }
    let (up_i, down_i) = two_distinct(best.cells, rng);
    // The k-th cells of the cave in scan order.
    let up = labels.cells(best.label).nth(up_i)?;
    let down = labels.cells(best.label).nth(down_i)?;
    Some((pos(up), pos(down)))
}

/// Two distinct indices in `0..n` (n >= 2), up first.
fn two_distinct(n: usize, rng: &mut MineRng) -> (usize, usize) {
    let up = rng.rn2(n as u64) as usize;
    let mut down = rng.rn2(n as u64 - 1) as usize;
    if down >= up {
        down += 1;
    }
    (up, down)
}

/// The `i`-th floor cell in scan order (x outer, y inner), by popcounts.
fn nth_floor(grid: &BitGrid, mut i: usize) -> Option<(usize, usize)> {
    let wpc = grid.words_per_col();
    for (w, &word) in grid.words().iter().enumerate() {
        let ones = word.count_ones() as usize;
        if i < ones {
            let mut word = word;
            for _ in 0..i {
                word &= word - 1;
            }
            let y = (w % wpc) * 64 + word.trailing_zeros() as usize;
            return Some((w / wpc, y));
        }
        i -= ones;
    }
    None
}
