//! A finished level with its provenance, and the pipeline that makes it.

use std::fmt;

use super::bitgrid::{BitGrid, spread_codes};
use super::join::{self, JoinReport};
use super::params::{MineParams, ParamError};
use super::passes::random_fill;
use super::rng::MineRng;

/// The stages of the pipeline whose grid is kept, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stage {
    Init,
    Pass1,
    Pass2,
    Pass3,
    Pass4,
    Joined,
}

impl Stage {
    pub const ALL: [Stage; 6] = [
        Stage::Init,
        Stage::Pass1,
        Stage::Pass2,
        Stage::Pass3,
        Stage::Pass4,
        Stage::Joined,
    ];

    /// The name used by `--stages` and `--stage`.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Init => "init",
            Stage::Pass1 => "pass1",
            Stage::Pass2 => "pass2",
            Stage::Pass3 => "pass3",
            Stage::Pass4 => "pass4",
            Stage::Joined => "joined",
        }
    }

    pub fn from_name(name: &str) -> Option<Stage> {
        Stage::ALL.into_iter().find(|s| s.name() == name)
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn next(self) -> Option<Stage> {
        Stage::ALL.get(self.index() + 1).copied()
    }

    pub fn prev(self) -> Option<Stage> {
        self.index().checked_sub(1).map(|i| Stage::ALL[i])
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The stage that last changed a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Provenance {
    /// Rock from the start that nothing touched.
    Untouched,
    /// Made floor by the random fill.
    Init,
    Pass1,
    Pass2,
    Pass3,
    Pass4,
    /// Dug by a joining corridor.
    Corridor,
    /// A speck of 3 cells or fewer that joining turned back into rock.
    Erased,
}

impl Provenance {
    pub const ALL: [Provenance; 8] = [
        Provenance::Untouched,
        Provenance::Init,
        Provenance::Pass1,
        Provenance::Pass2,
        Provenance::Pass3,
        Provenance::Pass4,
        Provenance::Corridor,
        Provenance::Erased,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Provenance::Untouched => "untouched",
            Provenance::Init => "init",
            Provenance::Pass1 => "pass 1",
            Provenance::Pass2 => "pass 2",
            Provenance::Pass3 => "pass 3",
            Provenance::Pass4 => "pass 4",
            Provenance::Corridor => "corridor",
            Provenance::Erased => "erased speck",
        }
    }

    /// The provenance numbered `code` (its `as u8`); only the low 3 bits count.
    #[inline(always)]
    fn from_code(code: u8) -> Provenance {
        match code & 7 {
            0 => Provenance::Untouched,
            1 => Provenance::Init,
            2 => Provenance::Pass1,
            3 => Provenance::Pass2,
            4 => Provenance::Pass3,
            5 => Provenance::Pass4,
            6 => Provenance::Corridor,
            _ => Provenance::Erased,
        }
    }

    /// The provenance a cell has if nothing after `stage` changed it.
    fn is_at_or_before(self, stage: Stage) -> bool {
        match self {
            Provenance::Untouched => true,
            Provenance::Corridor | Provenance::Erased => stage == Stage::Joined,
            p => p as usize - 1 <= stage.index(),
        }
    }
}

/// One cell of the finished map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Tile {
    /// Solid rock, drawn blank.
    Rock,
    Floor,
    /// Wall with floor directly above or below it: `-`.
    WallH,
    /// Wall with floor directly left or right only: `|`.
    WallV,
    /// Wall touching floor only diagonally; NetHack draws corners as `-`.
    WallCorner,
    UpStairs,
    DownStairs,
}

impl Tile {
    /// The tile numbered `code` (its `as u8`); anything else is rock.
    #[inline(always)]
    fn from_code(code: u8) -> Tile {
        match code {
            1 => Tile::Floor,
            2 => Tile::WallH,
            3 => Tile::WallV,
            4 => Tile::WallCorner,
            5 => Tile::UpStairs,
            6 => Tile::DownStairs,
            _ => Tile::Rock,
        }
    }

    /// Can the player stand here?
    pub fn is_walkable(self) -> bool {
        matches!(self, Tile::Floor | Tile::UpStairs | Tile::DownStairs)
    }

    pub fn is_wall(self) -> bool {
        matches!(self, Tile::WallH | Tile::WallV | Tile::WallCorner)
    }

    /// The NetHack glyph for `--ascii`.
    pub fn glyph(self) -> char {
        match self {
            Tile::Rock => ' ',
            Tile::Floor => '.',
            Tile::WallH | Tile::WallCorner => '-',
            Tile::WallV => '|',
            Tile::UpStairs => '<',
            Tile::DownStairs => '>',
        }
    }
}

/// Numbers that describe how a level came about.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LevelStats {
    /// Floor cells after each stage, indexed by [`Stage::index`].
    pub floor_after: [usize; 6],
    /// Cells each stage changed (for `Joined`: erased plus dug).
    pub changed_by: [usize; 6],
    /// Kept regions that joining labelled.
    pub regions: usize,
    pub specks_erased: usize,
    pub speck_cells: usize,
    pub corridors: usize,
    pub corridors_failed: usize,
    pub corridor_cells: usize,
    pub region_cap_hit: bool,
    /// Whole pipelines run: more than 1 only if a try left no cave for two stairs.
    pub attempts: u32,
}

/// Why a level could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenerateError {
    Params(ParamError),
    /// Every try eroded the map to fewer than two connected floor cells.
    NoCave {
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
pub const MAX_ATTEMPTS: u32 = 100;

/// A finished Gnomish Mines level, with everything needed to show how it formed.
#[derive(Clone)]
pub struct MineLevel {
    pub seed: u64,
    pub params: MineParams,
    /// Column-major like the bit grids: index `x * height + y` ([`Self::cell_index`]).
    tiles: Vec<Tile>,
    /// Each cell's provenance code (its `as u8`) as three bit planes laid out like
    /// the snapshots: 3 bits a cell, expanded to a byte a cell only when asked.
    provenance: [BitGrid; 3],
    snapshots: [BitGrid; 6],
    pub up_stairs: (usize, usize),
    pub down_stairs: (usize, usize),
    pub stats: LevelStats,
}

impl fmt::Debug for MineLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MineLevel")
            .field("seed", &self.seed)
            .field("width", &self.width())
            .field("height", &self.height())
            .field("stats", &self.stats)
            .finish_non_exhaustive()
    }
}

impl MineLevel {
    pub fn width(&self) -> usize {
        self.params.width
    }

    pub fn height(&self) -> usize {
        self.params.height
    }

    /// Where cell (x, y) sits in [`tiles`](Self::tiles) and
    /// [`provenances`](Self::provenances): column-major, `x * height + y`.
    #[inline]
    pub fn cell_index(&self, x: usize, y: usize) -> usize {
        x * self.height() + y
    }

    pub fn tile(&self, x: usize, y: usize) -> Tile {
        self.tiles[self.cell_index(x, y)]
    }

    /// Tile at signed coordinates; off the map is rock.
    pub fn tile_i(&self, x: i64, y: i64) -> Tile {
        if x < 0 || y < 0 || x as usize >= self.width() || y as usize >= self.height() {
            Tile::Rock
        } else {
            self.tile(x as usize, y as usize)
        }
    }

    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    /// Change one finished tile, e.g. to take the down stairs off the bottom
    /// level. Snapshots and provenance keep telling how the cave formed.
    pub fn set_tile(&mut self, x: usize, y: usize, tile: Tile) {
        let i = self.cell_index(x, y);
        self.tiles[i] = tile;
    }

    pub fn provenance(&self, x: usize, y: usize) -> Provenance {
        let [p0, p1, p2] = &self.provenance;
        let bit = |p: &BitGrid| p.get(x, y) as u8;
        Provenance::from_code(bit(p0) | bit(p1) << 1 | bit(p2) << 2)
    }

    /// Every cell's provenance, column-major like [`tiles`](Self::tiles).
    pub fn provenances(&self) -> Vec<Provenance> {
        expand_provenance(&self.provenance)
    }

    /// The floor/rock grid as it was after `stage`.
    pub fn snapshot(&self, stage: Stage) -> &BitGrid {
        &self.snapshots[stage.index()]
    }

    /// The map as it looked after `stage`: the finished tiles for `Joined`, else that
    /// stage's floor with walls around it (and no stairs yet).
    pub fn tiles_at(&self, stage: Stage) -> std::borrow::Cow<'_, [Tile]> {
        match stage {
            Stage::Joined => std::borrow::Cow::Borrowed(&self.tiles),
            _ => std::borrow::Cow::Owned(wall_tiles(self.snapshot(stage))),
        }
    }

    /// The stage that had last changed each cell by the end of `stage` (column-major).
    pub fn provenance_at(&self, stage: Stage) -> Vec<Provenance> {
        if stage == Stage::Joined {
            return self.provenances();
        }
        expand_provenance(&provenance_planes(&self.snapshots[..=stage.index()]))
    }

    /// How many cells each provenance covers, indexed like [`Provenance::ALL`].
    pub fn provenance_counts(&self) -> [usize; 8] {
        let [p0, p1, p2] = &self.provenance;
        let mut counts = [0; 8];
        for ((&a, &b), &c) in p0.words().iter().zip(p1.words()).zip(p2.words()) {
            for (code, count) in counts.iter_mut().enumerate().skip(1) {
                let plane = |p: u64, j: usize| if code >> j & 1 == 1 { p } else { !p };
                *count += (plane(a, 0) & plane(b, 1) & plane(c, 2)).count_ones() as usize;
            }
        }
        // Code 0 also covers the unused bits past each column's end: count it last.
        counts[0] = self.width() * self.height() - counts[1..].iter().sum::<usize>();
        counts
    }

    /// Whether the provenance of (x, y) is consistent with the snapshots up to
    /// `stage`: a cell last changed later than `stage` shows as it was then.
    pub fn changed_by_then(&self, x: usize, y: usize, stage: Stage) -> bool {
        self.provenance(x, y).is_at_or_before(stage)
    }
}

/// Generate the level for `seed` with `params`. Pure: the same inputs always give the
/// same level, byte for byte.
pub fn generate(seed: u64, params: &MineParams) -> Result<MineLevel, GenerateError> {
    params.validate()?;
    let mut rng = MineRng::from_seed(seed);
    for attempt in 1..=MAX_ATTEMPTS {
        if let Some(mut level) = try_generate(seed, params, &mut rng) {
            level.stats.attempts = attempt;
            return Ok(level);
        }
    }
    Err(GenerateError::NoCave {
        attempts: MAX_ATTEMPTS,
    })
}

/// One run of the pipeline; `None` if it left no room for the stairs.
fn try_generate(seed: u64, params: &MineParams, rng: &mut MineRng) -> Option<MineLevel> {
    let (w, h) = (params.width, params.height);
    let mut grid = BitGrid::new(w, h);
    let mut stats = LevelStats::default();

    random_fill(&mut grid, params, rng);
    let mut snapshots: Vec<BitGrid> = Vec::with_capacity(6);
    snapshots.push(grid.clone());

    for (i, pass) in params.passes.iter().enumerate() {
        if params.pass_enabled[i] {
            pass.run(&mut grid, params);
        }
        snapshots.push(grid.clone());
    }

    let report = if params.join {
        join::join_caves(&mut grid, params, rng)
    } else {
        JoinReport::default()
    };
    let mut provenance = provenance_planes(&snapshots);
    // Joining's changes on top; a corridor may cut through a speck erased before it.
    for (cells, code) in [
        (&report.erased_cells, Provenance::Erased),
        (&report.dug_cells, Provenance::Corridor),
    ] {
        for &(x, y) in cells {
            for (j, plane) in provenance.iter_mut().enumerate() {
                plane.set(x, y, (code as u8) >> j & 1 == 1);
            }
        }
    }
    snapshots.push(grid.clone());

    for (i, snap) in snapshots.iter().enumerate() {
        stats.floor_after[i] = snap.count_floor();
    }
    stats.changed_by[0] = stats.floor_after[0];
    for i in 1..6 {
        stats.changed_by[i] = snapshots[i].count_changed(&snapshots[i - 1]);
    }
    stats.changed_by[Stage::Joined.index()] = report.erased_cells.len() + report.dug_cells.len();
    stats.regions = report.regions.len();
    stats.specks_erased = report.specks_erased;
    stats.speck_cells = report.erased_cells.len();
    stats.corridors = report.corridors;
    stats.corridors_failed = report.corridors_failed;
    stats.corridor_cells = report.dug_cells.len();
    stats.region_cap_hit = report.cap_hit;

    // When every region was joined the floor is one cave, so the stairs can be
    // drawn from all of it without labelling it again.
    let one_cave = params.join && !report.cap_hit && report.corridors_failed == 0;
    let (up, down) = place_stairs(&grid, one_cave, rng)?;
    let tiles = finish_tiles(&grid, up, down);
    let snapshots: [BitGrid; 6] = snapshots.try_into().ok()?;
    Some(MineLevel {
        seed,
        params: params.clone(),
        tiles,
        provenance,
        snapshots,
        up_stairs: up,
        down_stairs: down,
        stats,
    })
}

/// The last of init, pass 1.. that changed each cell, from the snapshots after
/// each. As three bit planes of each cell's provenance code, built a word (64
/// cells) at a time.
fn provenance_planes(snapshots: &[BitGrid]) -> [BitGrid; 3] {
    let first = &snapshots[0];
    let (w, h) = (first.width(), first.height());
    // Init .. pass 4; stages not yet run repeat the last, so they change nothing.
    let mut stages = [first.words(); 5];
    for (s, stage) in stages.iter_mut().enumerate() {
        *stage = snapshots[s.min(snapshots.len() - 1)].words();
    }
    let mut out = [BitGrid::new(w, h), BitGrid::new(w, h), BitGrid::new(w, h)];
    let [o0, o1, o2] = &mut out;
    let words = o0
        .words_mut()
        .iter_mut()
        .zip(o1.words_mut())
        .zip(o2.words_mut());
    for (i, ((o0, o1), o2)) in words.enumerate() {
        // Stage s (init = 0) gives code s + 1, Provenance's own numbering.
        let (mut planes, mut before) = ([0u64; 3], 0u64);
        for (s, stage) in stages.iter().enumerate() {
            let now = stage[i];
            set_code(&mut planes, now ^ before, s as u8 + 1);
            before = now;
        }
        [*o0, *o1, *o2] = planes;
    }
    out
}

/// Provenance planes as a byte a cell, column-major.
fn expand_provenance(planes: &[BitGrid; 3]) -> Vec<Provenance> {
    let [p0, p1, p2] = planes;
    let (w, h, wpc) = (p0.width(), p0.height(), p0.words_per_col());
    let mut codes = CellCodes::new(w, h);
    let mut i = 0;
    for x in 0..w {
        for k in 0..wpc {
            codes.put(x, k, [p0.words()[i], p1.words()[i], p2.words()[i]]);
            i += 1;
        }
    }
    codes.finish(Provenance::from_code)
}

/// Give the cells in `mask` the 3-bit `code` in `planes`.
#[inline(always)]
fn set_code(planes: &mut [u64; 3], mask: u64, code: u8) {
    for (j, plane) in planes.iter_mut().enumerate() {
        *plane = if code >> j & 1 == 1 {
            *plane | mask
        } else {
            *plane & !mask
        };
    }
}

/// Up and down stairs on two distinct random cells of the largest 8-connected cave
/// (SPEC §4: "one up staircase and one down staircase on random floor"). Choosing
/// from one cave keeps the down stairs reachable even where joining was off or the
/// region cap was hit.
fn place_stairs(
    grid: &BitGrid,
    one_cave: bool,
    rng: &mut MineRng,
) -> Option<((usize, usize), (usize, usize))> {
    if one_cave {
        let n = grid.count_floor();
        if n < 2 {
            return None;
        }
        let (up_i, down_i) = two_distinct(n, rng);
        return Some((nth_floor(grid, up_i)?, nth_floor(grid, down_i)?));
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
    Some((up, down))
}

/// How many cells each provenance covers, indexed like [`Provenance::ALL`].
pub fn count_provenance(cells: &[Provenance]) -> [usize; 8] {
    let mut counts = [0; 8];
    for p in cells {
        counts[*p as usize] += 1;
    }
    counts
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

/// Walls around the floor (SPEC §4) and the stairs.
fn finish_tiles(grid: &BitGrid, up: (usize, usize), down: (usize, usize)) -> Vec<Tile> {
    let h = grid.height();
    let mut tiles = wall_tiles(grid);
    tiles[up.0 * h + up.1] = Tile::UpStairs;
    tiles[down.0 * h + down.1] = Tile::DownStairs;
    tiles
}

/// Floor, and every rock cell next to floor as wall (SPEC §4), column-major.
/// Computed 64 cells a word: `-` where floor is above or below, else `|` where it
/// is left or right, else a corner where it is only diagonal.
pub fn wall_tiles(grid: &BitGrid) -> Vec<Tile> {
    // NetHack's 21 rows fit a word; a constant column length unrolls the sweep.
    if grid.words_per_col() == 1 {
        wall_columns::<1>(grid)
    } else {
        wall_columns::<0>(grid)
    }
}

/// [`wall_tiles`] for columns of `WORDS` words (0 = the grid's own count).
#[inline(always)]
fn wall_columns<const WORDS: usize>(grid: &BitGrid) -> Vec<Tile> {
    use super::bitgrid::{down as below, up as above};
    let (w, h) = (grid.width(), grid.height());
    let wpc = if WORDS == 0 {
        grid.words_per_col()
    } else {
        WORDS
    };
    let words = grid.words();
    let (one_word, many_words);
    let rock: &[u64] = if WORDS == 1 {
        one_word = [0u64; 1];
        &one_word
    } else {
        many_words = vec![0u64; wpc];
        &many_words
    };
    let column = |x: usize| &words[x * wpc..][..wpc];
    let mut codes = CellCodes::new(w, h);
    for x in 0..w {
        let l = if x > 0 { column(x - 1) } else { rock };
        let r = if x + 1 < w { column(x + 1) } else { rock };
        let c = column(x);
        for k in 0..wpc {
            let f = c[k];
            let vert = above(c, k) | below(c, k);
            let side = l[k] | r[k];
            let diag = above(l, k) | below(l, k) | above(r, k) | below(r, k);
            let wall_h = !f & vert;
            let wall_v = !f & !vert & side;
            let corner = !f & !vert & !side & diag;
            // Tile codes: floor 1, `-` 2, `|` 3, corner 4, as bit planes.
            codes.put(x, k, [f | wall_v, wall_h | wall_v, corner]);
        }
    }
    codes.finish(Tile::from_code)
}

/// A byte a cell, column-major, filled a word of cells at a time from 3-bit codes.
struct CellCodes {
    height: usize,
    len: usize,
    /// `len` bytes plus slack for the last word's junk past the map's end.
    bytes: Vec<u8>,
}

impl CellCodes {
    fn new(width: usize, height: usize) -> Self {
        let len = width * height;
        CellCodes {
            height,
            len,
            bytes: vec![0; len + 64],
        }
    }

    /// Column `x`'s word `k` of cells, as bit planes of their codes. Words must
    /// come in column-major order: each overwrites the junk the last left.
    #[inline(always)]
    fn put(&mut self, x: usize, k: usize, planes: [u64; 3]) {
        let start = x * self.height + k * 64;
        let cells = (self.height - k * 64).min(64);
        spread_codes(planes, cells, &mut self.bytes[start..]);
    }

    fn finish<T>(mut self, decode: impl Fn(u8) -> T) -> Vec<T> {
        self.bytes.truncate(self.len);
        self.bytes.into_iter().map(decode).collect()
    }
}
