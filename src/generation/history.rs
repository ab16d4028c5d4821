//! How a generated cave came about: the grid after every stage of its pipeline,
//! the stage that last changed each cell, and the numbers of each stage.
//!
//! A level built by hand has no history; everything that plays or draws a level
//! reads its [`super::LevelMap`] only, and the views that explain the generator
//! (overlay, stage replay) show themselves only when a history is there.

use std::fmt;

use super::bitgrid::{BitGrid, CellCodes};
use super::map::Pos;
use super::params::MineParams;
use super::pipeline::Step;
use super::terrain::Tile;
use super::walls::wall_tiles;

/// A stage of a history: 0 is the fill (`init`), then one per pass, and last the
/// finished cave (`joined`). Names come from the pipeline.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Stage(usize);

impl Stage {
    /// The random fill.
    pub const INIT: Stage = Stage(0);

    /// Its place in the history, 0 for the fill.
    pub const fn index(self) -> usize {
        self.0
    }

    /// The stage at place `i`.
    pub const fn from_index(i: usize) -> Stage {
        Stage(i)
    }
}

/// The stage that last changed a cell, as a small code: the codes below, then
/// one per pass. A history names them (`CaveHistory::provenance_name`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Provenance(u8);

impl Provenance {
    /// Rock from the start that nothing touched.
    pub const UNTOUCHED: Provenance = Provenance(0);
    /// Made floor by the random fill.
    pub const FILL: Provenance = Provenance(1);
    /// Dug by a joining corridor.
    pub const CORRIDOR: Provenance = Provenance(2);
    /// A speck of 3 cells or fewer that joining turned back into rock.
    pub const ERASED: Provenance = Provenance(3);
    /// Built after the cave was made (a town, a vault): no CA stage made it.
    pub const BUILT: Provenance = Provenance(u8::MAX);

    /// Last changed by the pass at 0-based place `i` of the pipeline.
    pub const fn pass(i: usize) -> Provenance {
        Provenance(4 + i as u8)
    }

    /// The pass's 0-based place, if a pass made this.
    pub(crate) fn pass_index(self) -> Option<usize> {
        (4..u8::MAX).contains(&self.0).then(|| self.0 as usize - 4)
    }

    /// The code as stored: 0 to 3 as above, 4 + i for pass i.
    pub const fn code(self) -> u8 {
        self.0
    }

    /// The provenance of what stage `s` changed (0 = the fill).
    const fn of_stage(s: usize) -> Provenance {
        if s == 0 {
            Provenance::FILL
        } else {
            Provenance::pass(s - 1)
        }
    }
}

/// Numbers that describe how a level came about.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LevelStats {
    /// Floor cells after each stage, indexed by [`Stage::index`].
    pub floor_after: Vec<usize>,
    /// Cells each stage changed (for the last: erased plus dug).
    pub changed_by: Vec<usize>,
    /// Kept regions that joining labelled.
    pub regions: usize,
    /// Regions of 3 cells or fewer turned back into rock.
    pub specks_erased: usize,
    /// The cells of those specks.
    pub speck_cells: usize,
    /// Corridors dug between regions.
    pub corridors: usize,
    /// Corridors that could not be dug.
    pub corridors_failed: usize,
    /// Cells the corridors made floor.
    pub corridor_cells: usize,
    /// Joining stopped at the region cap (NetHack's 80).
    pub region_cap_hit: bool,
    /// Whole pipelines run: more than 1 only if a try left no cave for two stairs.
    pub attempts: u32,
}

/// The snapshots, provenance and stats of one generated cave.
#[derive(Clone)]
pub struct CaveHistory {
    seed: u64,
    params: MineParams,
    /// The floor/rock grid after each stage.
    snapshots: Vec<BitGrid>,
    /// Each cell's provenance code as bit planes laid out like the snapshots;
    /// as few planes as the pipeline's codes need (3 for NetHack's).
    planes: Vec<BitGrid>,
    /// Cells built after the cave was made, if any.
    built: Option<BitGrid>,
    /// What joining did, and the counts of each stage.
    pub stats: LevelStats,
}

impl fmt::Debug for CaveHistory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CaveHistory")
            .field("seed", &self.seed)
            .field("pipeline", &self.params.pipeline.to_string())
            .field("stats", &self.stats)
            .finish_non_exhaustive()
    }
}

impl PartialEq for CaveHistory {
    fn eq(&self, other: &Self) -> bool {
        self.seed == other.seed
            && self.params == other.params
            && self.snapshots == other.snapshots
            && self.planes == other.planes
            && self.built == other.built
            && self.stats == other.stats
    }
}

/// Bit planes needed for the provenance codes of `passes` passes.
fn planes_for(passes: usize) -> usize {
    let codes = Provenance::pass(passes).code() as usize; // one past the last
    (usize::BITS - (codes - 1).leading_zeros()) as usize
}

impl CaveHistory {
    /// Put a history together from its stage grids: the fill, one per pass, and
    /// the finished cave; `erased` and `dug` are joining's cells, in order.
    pub(crate) fn new(
        seed: u64,
        params: &MineParams,
        snapshots: Vec<BitGrid>,
        erased: &[(usize, usize)],
        dug: &[(usize, usize)],
        stats: LevelStats,
    ) -> Self {
        debug_assert_eq!(params.pipeline.shaping_count() + 2, snapshots.len());
        let stages = &snapshots[..snapshots.len() - 1];
        let mut planes = provenance_planes(stages, planes_for(params.pipeline.shaping_count()));
        // Joining's changes on top; a corridor may cut through a speck erased before it.
        for (cells, p) in [(erased, Provenance::ERASED), (dug, Provenance::CORRIDOR)] {
            for &(x, y) in cells {
                for (j, plane) in planes.iter_mut().enumerate() {
                    plane.set(x, y, p.code() >> j & 1 == 1);
                }
            }
        }
        CaveHistory {
            seed,
            params: params.clone(),
            snapshots,
            planes,
            built: None,
            stats,
        }
    }

    /// The seed the level was made from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The size and pipeline the cave was made with.
    pub fn params(&self) -> &MineParams {
        &self.params
    }

    /// Map width.
    pub fn width(&self) -> usize {
        self.params.width
    }

    /// Map height.
    pub fn height(&self) -> usize {
        self.params.height
    }

    /// Every stage, in order.
    pub fn stages(&self) -> impl Iterator<Item = Stage> + use<> {
        (0..self.snapshots.len()).map(Stage)
    }

    /// How many stages it kept: the fill, each pass, and joining if it ran.
    pub fn stage_count(&self) -> usize {
        self.snapshots.len()
    }

    /// The finished cave (`joined`).
    pub fn last_stage(&self) -> Stage {
        Stage(self.snapshots.len() - 1)
    }

    /// The stage's name: `init`, a pass's name, `joined`.
    pub fn stage_name(&self, s: Stage) -> &str {
        self.params.pipeline.stage_name(s.0)
    }

    /// The stage called `name`.
    pub fn stage_named(&self, name: &str) -> Option<Stage> {
        self.stages().find(|&s| self.stage_name(s) == name)
    }

    /// The stage after `s`, if any.
    pub fn next_stage(&self, s: Stage) -> Option<Stage> {
        (s.0 + 1 < self.snapshots.len()).then_some(Stage(s.0 + 1))
    }

    /// The stage before `s`, if any.
    pub fn prev_stage(&self, s: Stage) -> Option<Stage> {
        s.0.checked_sub(1).map(Stage)
    }

    /// The floor/rock grid as it was after stage `s`.
    pub fn snapshot(&self, s: Stage) -> &BitGrid {
        &self.snapshots[s.0]
    }

    /// The cave after stage `s` as tiles: its floor with walls around it, no
    /// stairs (the finished level's tiles are its map's).
    pub fn tiles_at(&self, s: Stage) -> Vec<Tile> {
        wall_tiles(self.snapshot(s))
    }

    /// Mark cells as built after the cave was made: they show as
    /// [`Provenance::BUILT`] at the last stage.
    pub(crate) fn mark_built(&mut self, cells: impl IntoIterator<Item = Pos>) {
        let (w, h) = (self.width(), self.height());
        let built = self.built.get_or_insert_with(|| BitGrid::new(w, h));
        for p in cells {
            built.set(p.x as usize, p.y as usize, true);
        }
    }

    /// The stage that last changed `p`.
    pub fn provenance(&self, p: Pos) -> Provenance {
        let (x, y) = (p.x as usize, p.y as usize);
        if self.built.as_ref().is_some_and(|b| b.get(x, y)) {
            return Provenance::BUILT;
        }
        let mut code = 0u8;
        for (j, plane) in self.planes.iter().enumerate() {
            code |= (plane.get(x, y) as u8) << j;
        }
        Provenance(code)
    }

    /// Every cell's provenance, in [`super::LevelMap::index`] order.
    pub fn provenances(&self) -> Vec<Provenance> {
        let mut out = expand(&self.planes);
        if let Some(built) = &self.built {
            for (i, p) in out.iter_mut().enumerate() {
                let (x, y) = (i / self.height(), i % self.height());
                if built.get(x, y) {
                    *p = Provenance::BUILT;
                }
            }
        }
        out
    }

    /// The stage that had last changed each cell by the end of stage `s`.
    pub fn provenance_at(&self, s: Stage) -> Vec<Provenance> {
        if s == self.last_stage() {
            return self.provenances();
        }
        expand(&provenance_planes(
            &self.snapshots[..=s.0],
            self.planes.len(),
        ))
    }

    /// Every provenance this cave can have, in the order a legend lists them:
    /// untouched, the fill, each pass, corridors, erased specks, and built
    /// cells when there are any.
    pub fn provenance_kinds(&self) -> Vec<Provenance> {
        let mut kinds = vec![Provenance::UNTOUCHED, Provenance::FILL];
        kinds.extend((0..self.params.pipeline.shaping_count()).map(Provenance::pass));
        kinds.extend([Provenance::CORRIDOR, Provenance::ERASED]);
        if self.built.is_some() {
            kinds.push(Provenance::BUILT);
        }
        kinds
    }

    /// How a legend names a provenance: `init`, the pass's name, `corridor`, ...
    pub fn provenance_name(&self, p: Provenance) -> &str {
        match p {
            Provenance::UNTOUCHED => "untouched",
            Provenance::FILL => "init",
            Provenance::CORRIDOR => "corridor",
            Provenance::ERASED => "erased speck",
            Provenance::BUILT => "built",
            _ => p
                .pass_index()
                .and_then(|i| self.params.pipeline.shaping_steps().nth(i))
                .and_then(Step::stage_name)
                .unwrap_or("?"),
        }
    }

    /// How many cells have each provenance, in [`Self::provenance_kinds`] order.
    pub fn provenance_counts(&self) -> Vec<(Provenance, usize)> {
        let codes = 1usize << self.planes.len();
        let mut by_code = vec![0usize; codes];
        let n = self.planes[0].words().len();
        for i in 0..n {
            for (code, count) in by_code.iter_mut().enumerate().skip(1) {
                let mut m = !0u64;
                for (j, plane) in self.planes.iter().enumerate() {
                    let w = plane.words()[i];
                    m &= if code >> j & 1 == 1 { w } else { !w };
                }
                *count += m.count_ones() as usize;
            }
        }
        // Code 0 also covers the unused bits past each column's end: count it last.
        by_code[0] = self.width() * self.height() - by_code[1..].iter().sum::<usize>();
        let mut counts = self.tally(&by_code);
        if let Some(built) = &self.built {
            // Built cells are counted as built, not as what the planes say.
            for (x, y) in (0..self.width()).flat_map(|x| (0..self.height()).map(move |y| (x, y))) {
                if built.get(x, y) {
                    let p = self.provenance_planes_at(x, y);
                    if let Some(c) = counts.iter_mut().find(|c| c.0 == p) {
                        c.1 -= 1;
                    }
                    if let Some(c) = counts.iter_mut().find(|c| c.0 == Provenance::BUILT) {
                        c.1 += 1;
                    }
                }
            }
        }
        counts
    }

    /// How many of `cells` have each provenance, in [`Self::provenance_kinds`]
    /// order.
    pub fn count_provenance(&self, cells: &[Provenance]) -> Vec<(Provenance, usize)> {
        let mut by_code = vec![0usize; 256];
        for p in cells {
            by_code[p.code() as usize] += 1;
        }
        self.tally(&by_code)
    }

    fn tally(&self, by_code: &[usize]) -> Vec<(Provenance, usize)> {
        self.provenance_kinds()
            .into_iter()
            .map(|p| (p, by_code.get(p.code() as usize).copied().unwrap_or(0)))
            .collect()
    }

    /// The planes' code at (x, y), ignoring built cells.
    fn provenance_planes_at(&self, x: usize, y: usize) -> Provenance {
        let mut code = 0u8;
        for (j, plane) in self.planes.iter().enumerate() {
            code |= (plane.get(x, y) as u8) << j;
        }
        Provenance(code)
    }
}

/// The last of the fill and the passes that changed each cell, from the grids
/// after each, as `planes` bit planes of its code, built a word (64 cells) at a
/// time.
fn provenance_planes(stages: &[BitGrid], planes: usize) -> Vec<BitGrid> {
    match planes {
        0..=3 => planes_of::<3>(stages, planes),
        4 => planes_of::<4>(stages, planes),
        5 => planes_of::<5>(stages, planes),
        _ => planes_of::<6>(stages, planes),
    }
}

/// [`provenance_planes`] with room for `P` planes, of which `used` are kept.
fn planes_of<const P: usize>(stages: &[BitGrid], used: usize) -> Vec<BitGrid> {
    let first = &stages[0];
    let n = first.words().len();
    let mut out: [Vec<u64>; P] = std::array::from_fn(|_| vec![0u64; n]);
    for i in 0..n {
        let (mut planes, mut before) = ([0u64; P], 0u64);
        for (s, stage) in stages.iter().enumerate() {
            let now = stage.words()[i];
            set_code(&mut planes, now ^ before, Provenance::of_stage(s).code());
            before = now;
        }
        for (o, p) in out.iter_mut().zip(planes) {
            o[i] = p;
        }
    }
    out.into_iter()
        .take(used)
        .map(|words| BitGrid::from_words(first.width(), first.height(), words))
        .collect()
}

/// Give the cells in `mask` the code `code` in `planes`.
#[inline(always)]
fn set_code<const P: usize>(planes: &mut [u64; P], mask: u64, code: u8) {
    for (j, plane) in planes.iter_mut().enumerate() {
        *plane = if code >> j & 1 == 1 {
            *plane | mask
        } else {
            *plane & !mask
        };
    }
}

/// Provenance planes as a code a cell, in map index order.
fn expand(planes: &[BitGrid]) -> Vec<Provenance> {
    match planes.len() {
        0..=3 => expand_of::<3>(planes),
        4 => expand_of::<4>(planes),
        5 => expand_of::<5>(planes),
        _ => expand_of::<6>(planes),
    }
}

fn expand_of<const P: usize>(planes: &[BitGrid]) -> Vec<Provenance> {
    let first = &planes[0];
    let (w, h, wpc) = (first.width(), first.height(), first.words_per_col());
    let mut codes = CellCodes::new(w, h);
    let mut i = 0;
    for x in 0..w {
        for k in 0..wpc {
            let words: [u64; P] =
                std::array::from_fn(|j| planes.get(j).map_or(0, |p| p.words()[i]));
            codes.put(x, k, words);
            i += 1;
        }
    }
    codes.finish(Provenance)
}
