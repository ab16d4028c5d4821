//! The cellular-automaton rules and the packed kernels that run them (see
//! `docs/nethack-mines.md`, "The four passes").
//!
//! A rule maps the floor count N of a cell's 8 neighbours to a [`Fate`]. NetHack's
//! rules are [`Rule::CLUSTER`], [`Rule::ENIGMA`] and [`Rule::ERODE`]; an author can
//! write others, in code or in the pipeline notation (`buffered:RRRKKKKKK`).

use super::bitgrid::{BitGrid, down, up};

/// What a rule does to a cell with N floor neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fate {
    /// `K`: the cell stays as it is.
    Keep,
    /// `R`: the cell becomes rock.
    Rock,
    /// `F`: the cell becomes floor.
    Floor,
}

impl Fate {
    /// The letter of the pipeline notation.
    pub fn letter(self) -> char {
        match self {
            Fate::Keep => 'K',
            Fate::Rock => 'R',
            Fate::Floor => 'F',
        }
    }

    /// The fate a letter of the notation names: `R`, `K` or `F`.
    pub(crate) fn from_letter(c: char) -> Option<Fate> {
        match c.to_ascii_uppercase() {
            'K' => Some(Fate::Keep),
            'R' => Some(Fate::Rock),
            'F' => Some(Fate::Floor),
            _ => None,
        }
    }
}

/// Whether a pass sees its own writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Update {
    /// `inplace`: each cell is written as it is visited, x outer, y inner, so
    /// later cells see the new values of earlier ones (NetHack's pass 1).
    InPlace,
    /// `buffered`: the whole grid is computed from the old values, then written
    /// back.
    Buffered,
}

impl Update {
    /// The word of the pipeline notation.
    pub fn word(self) -> &'static str {
        match self {
            Update::InPlace => "inplace",
            Update::Buffered => "buffered",
        }
    }
}

/// One CA rule: a fate for each N in 0..=8, and how the pass updates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    /// What a cell becomes with 0 to 8 floor neighbours.
    pub fates: [Fate; 9],
    /// In place or buffered.
    pub update: Update,
}

use Fate::{Floor, Keep, Rock};

impl Rule {
    /// Pass 1 "clustering": 0–2 → rock, 3–4 unchanged, 5–8 → floor, in place.
    pub const CLUSTER: Rule = Rule {
        fates: [Rock, Rock, Rock, Keep, Keep, Floor, Floor, Floor, Floor],
        update: Update::InPlace,
    };
    /// Pass 2 "the enigma": exactly 5 → rock, buffered.
    pub const ENIGMA: Rule = Rule {
        fates: [Keep, Keep, Keep, Keep, Keep, Rock, Keep, Keep, Keep],
        update: Update::Buffered,
    };
    /// Passes 3 and 4 "erosion": 0–2 → rock, buffered.
    pub const ERODE: Rule = Rule {
        fates: [Rock, Rock, Rock, Keep, Keep, Keep, Keep, Keep, Keep],
        update: Update::Buffered,
    };
    /// A rule that changes nothing.
    pub const KEEP: Rule = Rule {
        fates: [Keep; 9],
        update: Update::Buffered,
    };

    #[inline]
    fn apply(&self, n: u32, floor: bool) -> bool {
        match self.fates[n as usize] {
            Keep => floor,
            Rock => false,
            Floor => true,
        }
    }

    /// Run this rule over the interior of `grid`. Cells outside the interior are
    /// rock and stay rock, so reading them reads as rock, as NetHack's neighbour
    /// bounds require.
    pub fn run(&self, grid: &mut BitGrid, interior: Interior) {
        let (xs, ys) = interior.ranges();
        let rows = RowMask::new(ys);
        match self.update {
            Update::Buffered => self.run_buffered(grid, xs, &rows),
            Update::InPlace => match InPlaceChain::of(self) {
                Some(chain) => chain.run(grid, xs, &rows),
                None => self.run_in_place_per_cell(grid, xs, &rows),
            },
        }
    }

    /// Buffered: every cell from the old grid, 64 cells a word with bitwise adders.
    fn run_buffered(
        &self,
        grid: &mut BitGrid,
        xs: std::ops::RangeInclusive<usize>,
        rows: &RowMask,
    ) {
        // NetHack's rules get their masks written out, so each is a handful of
        // word operations; any other rule goes through its table.
        if *self == Rule::ENIGMA {
            buffered_with(grid, xs, rows, |n| (n.eq(5), 0))
        } else if *self == Rule::ERODE {
            buffered_with(grid, xs, rows, |n| (!n.at_least_3(), 0))
        } else {
            let (mut rock_n, mut floor_n) = ([false; 9], [false; 9]);
            for n in 0..9 {
                rock_n[n] = self.fates[n] == Rock;
                floor_n[n] = self.fates[n] == Floor;
            }
            buffered_with(grid, xs, rows, |n| {
                let (mut rock, mut floor) = (0u64, 0u64);
                for v in 0..9 {
                    if rock_n[v] {
                        rock |= n.eq(v);
                    } else if floor_n[v] {
                        floor |= n.eq(v);
                    }
                }
                (rock, floor)
            })
        }
    }

    /// In place, one cell at a time: for rules whose in-place update can't be
    /// written as a carry chain (none of NetHack's).
    fn run_in_place_per_cell(
        &self,
        grid: &mut BitGrid,
        xs: std::ops::RangeInclusive<usize>,
        rows: &RowMask,
    ) {
        for x in xs {
            for y in 0..grid.height() {
                if rows.contains(y) {
                    let n = grid.floor_neighbours(x, y);
                    let v = self.apply(n, grid.get(x, y));
                    grid.set(x, y, v);
                }
            }
        }
    }
}

/// A buffered pass whose rule gives (rock, floor) masks from the neighbour count.
#[inline(always)]
fn buffered_with(
    grid: &mut BitGrid,
    xs: std::ops::RangeInclusive<usize>,
    rows: &RowMask,
    masks: impl Fn(Count) -> (u64, u64),
) {
    // NetHack's 21 rows fit a word: with the column length a constant the compiler
    // keeps the whole sweep in registers.
    if grid.words_per_col() == 1 {
        buffered_columns::<1>(grid, xs, rows, masks)
    } else {
        buffered_columns::<0>(grid, xs, rows, masks)
    }
}

/// [`buffered_with`] for columns of `WORDS` words (0 = the grid's own count).
///
/// N is (left column's 3 cells) + (the 2 above and below) + (right column's 3).
/// Each column's sums are worked out once, when it is the right neighbour, and
/// kept for its turns as centre and left. No copy of the grid is needed: column
/// x is written after everything that reads its old value.
#[inline(always)]
fn buffered_columns<const WORDS: usize>(
    grid: &mut BitGrid,
    xs: std::ops::RangeInclusive<usize>,
    rows: &RowMask,
    masks: impl Fn(Count) -> (u64, u64),
) {
    let wpc = if WORDS == 0 {
        grid.words_per_col()
    } else {
        WORDS
    };
    let words = grid.words_mut();
    let (mut one_word, mut many_words);
    let scratch: &mut [ColumnSums] = if WORDS == 1 {
        one_word = [ColumnSums::default(); 3];
        &mut one_word
    } else {
        many_words = vec![ColumnSums::default(); 3 * wpc];
        &mut many_words
    };
    let (mut left, rest) = scratch.split_at_mut(wpc);
    let (mut here, mut right) = rest.split_at_mut(wpc);
    let x0 = *xs.start();
    column_sums(&words[(x0 - 1) * wpc..][..wpc], left);
    column_sums(&words[x0 * wpc..][..wpc], here);
    for x in xs {
        column_sums(&words[(x + 1) * wpc..][..wpc], right);
        let out = &mut words[x * wpc..][..wpc];
        for k in 0..wpc {
            let n = add_sums(left[k].three, here[k].two, right[k].three);
            let (rock, floor) = masks(n);
            out[k] = ((out[k] & !rock) | floor) & rows.word(k);
        }
        // Rotate: this column becomes the left one, the right one the centre.
        std::mem::swap(&mut left, &mut here);
        std::mem::swap(&mut here, &mut right);
    }
}

/// One column word's vertical sums, each a 2-bit count as (ones, twos) planes.
#[derive(Clone, Copy, Default)]
struct ColumnSums {
    /// The cell above + the cell + the cell below: what a neighbour column adds.
    three: (u64, u64),
    /// Above + below: what a cell's own column adds.
    two: (u64, u64),
}

/// [`ColumnSums`] for every word of a column.
#[inline(always)]
fn column_sums(col: &[u64], out: &mut [ColumnSums]) {
    for (k, sums) in out.iter_mut().enumerate() {
        let (a, b) = (up(col, k), down(col, k));
        *sums = ColumnSums {
            three: three_sum(col, k),
            two: (a ^ b, a & b),
        };
    }
}

/// Three 2-bit counts summed lane by lane into a 4-bit [`Count`].
#[inline(always)]
fn add_sums(a: (u64, u64), b: (u64, u64), c: (u64, u64)) -> Count {
    let (ones, carry) = full_add(a.0, b.0, c.0);
    let (t, fours_a) = full_add(a.1, b.1, c.1);
    let (twos, fours_b) = (t ^ carry, t & carry);
    Count([ones, twos, fours_a ^ fours_b, fours_a & fours_b])
}

/// The interior rows, as the bits they cover in each word of a column.
struct RowMask(std::ops::Range<usize>);

impl RowMask {
    fn new(ys: std::ops::Range<usize>) -> Self {
        RowMask(ys)
    }

    /// Bit `y % 64` set for each interior row `y` of word `k`.
    #[inline(always)]
    fn word(&self, k: usize) -> u64 {
        let lo = self.0.start.clamp(k * 64, k * 64 + 64) - k * 64;
        let hi = self.0.end.clamp(k * 64, k * 64 + 64) - k * 64;
        let below = |n: usize| if n >= 64 { !0 } else { (1u64 << n) - 1 };
        below(hi) & !below(lo)
    }

    fn contains(&self, y: usize) -> bool {
        self.0.contains(&y)
    }
}

/// A count 0..=8 in each of 64 lanes, as four bit planes.
#[derive(Clone, Copy)]
struct Count([u64; 4]);

impl Count {
    /// Lanes whose count is exactly `n`.
    #[inline(always)]
    fn eq(self, n: usize) -> u64 {
        let mut m = !0u64;
        for (bit, plane) in self.0.iter().enumerate() {
            m &= if n >> bit & 1 == 1 { *plane } else { !*plane };
        }
        m
    }
}

impl Count {
    /// Lanes whose count is 3 or more.
    #[inline(always)]
    fn at_least_3(self) -> u64 {
        let [b0, b1, b2, b3] = self.0;
        b3 | b2 | (b1 & b0)
    }
}

#[inline(always)]
fn full_add(a: u64, b: u64, c: u64) -> (u64, u64) {
    let t = a ^ b;
    (t ^ c, (a & b) | (t & c))
}

/// An in-place pass as a carry chain down each column.
///
/// Scanning x outer, y inner, a cell's 8 neighbours are the new left column, the
/// old right column, the old cell below, and the *new* cell above. With K the
/// count of the 7 known ones, the new value is fixed (0 or 1) or, when the rule
/// flips between K and K + 1, is the new value above: `new = F | (P & above)`.
/// That recurrence is a carry chain (generate F, propagate P), which integer
/// addition resolves 64 cells at a time.
struct InPlaceChain {
    /// For K in 0..=7 and the cell's old value: forced floor?
    forced: [[bool; 2]; 8],
    /// ...or equal to the new value above?
    passes: [[bool; 2]; 8],
}

impl Rule {
    /// NetHack's pass 1 as a chain: (forced, passes) tables, to spot it.
    const CLUSTER_CHAIN: ([[bool; 2]; 8], [[bool; 2]; 8]) = (
        // forced floor: K = 3, 4 with floor; K >= 5 always
        [
            [false, false],
            [false, false],
            [false, false],
            [false, true],
            [false, true],
            [true, true],
            [true, true],
            [true, true],
        ],
        // passes the cell above on: K = 2 with floor, K = 4 with rock
        [
            [false, false],
            [false, false],
            [false, true],
            [false, false],
            [true, false],
            [false, false],
            [false, false],
            [false, false],
        ],
    );
}

impl InPlaceChain {
    fn of(pass: &Rule) -> Option<Self> {
        let mut chain = InPlaceChain {
            forced: [[false; 2]; 8],
            passes: [[false; 2]; 8],
        };
        for k in 0..8 {
            for v in 0..2 {
                let without = pass.apply(k as u32, v == 1);
                let with = pass.apply(k as u32 + 1, v == 1);
                match (without, with) {
                    (true, true) => chain.forced[k][v] = true,
                    (false, true) => chain.passes[k][v] = true,
                    (false, false) => {}
                    (true, false) => return None, // an inverting chain
                }
            }
        }
        Some(chain)
    }

    fn run(&self, grid: &mut BitGrid, xs: std::ops::RangeInclusive<usize>, rows: &RowMask) {
        if self.forced == Rule::CLUSTER_CHAIN.0 && self.passes == Rule::CLUSTER_CHAIN.1 {
            // NetHack's pass 1, written out: K >= 5 forces floor, K = 3 or 4 keeps a
            // floor cell; K = 2 passes the cell above on to a floor cell, K = 4 to a
            // rock cell.
            chain_with(grid, xs, rows, |n, v| {
                let [b0, b1, b2, _] = n.0;
                let k5 = b2 & (b0 | b1);
                let k4 = b2 & !b1 & !b0;
                let k3 = !b2 & b1 & b0;
                let k2 = !b2 & b1 & !b0;
                (k5 | ((k3 | k4) & v), (k2 & v) | (k4 & !v))
            })
        } else {
            chain_with(grid, xs, rows, |n, old| {
                let (mut f, mut p) = (0u64, 0u64);
                for kk in 0..8 {
                    let eq = n.eq(kk);
                    for (v, vmask) in [(0, !old), (1, old)] {
                        if self.forced[kk][v] {
                            f |= eq & vmask;
                        } else if self.passes[kk][v] {
                            p |= eq & vmask;
                        }
                    }
                }
                (f, p)
            })
        }
    }
}

/// The carry-chain sweep, with `fp(count of the 7 known neighbours, old value)`
/// giving the forced and pass-through masks.
#[inline(always)]
fn chain_with(
    grid: &mut BitGrid,
    xs: std::ops::RangeInclusive<usize>,
    rows: &RowMask,
    fp: impl Fn(Count, u64) -> (u64, u64),
) {
    if grid.words_per_col() == 1 {
        chain_columns::<1>(grid, xs, rows, fp)
    } else {
        chain_columns::<0>(grid, xs, rows, fp)
    }
}

/// [`chain_with`] for columns of `WORDS` words (0 = the grid's own count).
///
/// The 7 known neighbours are the new left column's 3 cells, the old right
/// column's 3 and the old cell below.
#[inline(always)]
fn chain_columns<const WORDS: usize>(
    grid: &mut BitGrid,
    xs: std::ops::RangeInclusive<usize>,
    rows: &RowMask,
    fp: impl Fn(Count, u64) -> (u64, u64),
) {
    let wpc = if WORDS == 0 {
        grid.words_per_col()
    } else {
        WORDS
    };
    let words = grid.words_mut();
    let (mut one_word, mut many_words);
    let below: &mut [u64] = if WORDS == 1 {
        one_word = [0u64; 1];
        &mut one_word
    } else {
        many_words = vec![0u64; wpc];
        &mut many_words
    };
    for x in xs {
        // The left column is already new, the right one still old: in place.
        let (before, from_here) = words[(x - 1) * wpc..].split_at_mut(wpc);
        let (c, right) = from_here.split_at_mut(wpc);
        let (l, r) = (&before[..wpc], &right[..wpc]);
        // The old cells below, taken before the column is overwritten.
        for (k, b) in below.iter_mut().enumerate() {
            *b = down(c, k);
        }
        let mut carry = 0u64;
        for k in 0..wpc {
            let old = c[k];
            // The cell below is a 1-bit count: 3 + 1 + 3 = at most 7.
            let n = add_sums(three_sum(l, k), (below[k], 0), three_sum(r, k));
            let (mut f, mut p) = fp(n, old);
            f &= rows.word(k);
            p &= rows.word(k) & !f;
            // Carries of (f|p) + f + carry: bit i carries out iff f_i, or p_i
            // and a carry came in. The carry into bit i+1 is the new cell i.
            let (a, b) = (f | p, f);
            let (s1, o1) = a.overflowing_add(b);
            let (s2, o2) = s1.overflowing_add(carry);
            let cout = (o1 | o2) as u64;
            let carries_in = s2 ^ a ^ b;
            c[k] = (carries_in >> 1) | (cout << 63);
            carry = cout;
        }
    }
}

/// Above + the cell + below in a neighbour column, as (ones, twos) planes.
#[inline(always)]
fn three_sum(col: &[u64], k: usize) -> (u64, u64) {
    let (a, b, c) = (up(col, k), down(col, k), col[k]);
    full_add(a, b, c)
}

/// The cells the fill and the passes touch, as mkmap bounds them: x in
/// `2..=width`, y in `1..height` (mkmap's WIDTH and HEIGHT, one and two short
/// of the map's own). All a pass needs of the level's parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interior {
    /// mkmap's WIDTH: the last usable column.
    pub width: usize,
    /// mkmap's HEIGHT: one past the last interior row.
    pub height: usize,
}

impl Interior {
    /// The interior's columns and rows.
    pub fn ranges(self) -> (std::ops::RangeInclusive<usize>, std::ops::Range<usize>) {
        (2..=self.width, 1..self.height)
    }

    /// Cells the random fill makes floor: `(WIDTH * HEIGHT * 2) / 5`.
    pub fn fill_count(self) -> usize {
        (self.width * self.height * 2) / 5
    }
}

/// NetHack's `init_fill`: make exactly `fill_count` distinct interior cells
/// floor, each draw x first then y, redrawing on a hit.
pub fn random_fill(grid: &mut BitGrid, interior: Interior, rng: &mut super::rng::MineRng) {
    // NetHack's 21 rows fit a word: a cell's word is then its column's.
    if grid.words_per_col() == 1 {
        fill_columns::<1>(grid, interior, rng)
    } else {
        fill_columns::<0>(grid, interior, rng)
    }
}

/// [`random_fill`] for columns of `WORDS` words (0 = the grid's own count).
#[inline(always)]
fn fill_columns<const WORDS: usize>(
    grid: &mut BitGrid,
    interior: Interior,
    rng: &mut super::rng::MineRng,
) {
    let limit = interior.fill_count();
    let (w, h) = (interior.width as u64, interior.height as u64);
    let wpc = if WORDS == 0 {
        grid.words_per_col()
    } else {
        WORDS
    };
    let words = grid.words_mut();
    let mut count = 0;
    while count < limit {
        let x = rng.rn2(w - 1) as usize + 2; // rn1(WIDTH - 1, 2)
        let y = rng.rn2(h - 1) as usize + 1; // rnd(HEIGHT - 1)
        // A hit on floor is a wasted draw. No branch on it: which draws hit is
        // random, so a branch would be mispredicted about one time in four.
        let word = &mut words[x * wpc + y / 64];
        let bit = 1u64 << (y % 64);
        count += (*word & bit == 0) as usize;
        *word |= bit;
    }
}
