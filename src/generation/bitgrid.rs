//! A grid of floor/rock bits, packed 64 cells to a word down each column.
//!
//! Columns are the unit because every pass scans x outer, y inner: one column is
//! a run of words, and the cell above a cell is the previous bit.

/// Floor (`true`) or rock (`false`) for every cell of a `width × height` map.
#[derive(Clone, PartialEq, Eq)]
pub struct BitGrid {
    width: usize,
    height: usize,
    words_per_col: usize,
    words: Vec<u64>,
}

impl BitGrid {
    /// An all-rock grid.
    pub fn new(width: usize, height: usize) -> Self {
        let words_per_col = height.div_ceil(64);
        Self {
            width,
            height,
            words_per_col,
            words: vec![0; words_per_col * width],
        }
    }

    /// A grid from its words, column by column (`words_per_col` words a column).
    pub(crate) fn from_words(width: usize, height: usize, words: Vec<u64>) -> Self {
        let words_per_col = height.div_ceil(64);
        debug_assert_eq!(words.len(), words_per_col * width);
        Self {
            width,
            height,
            words_per_col,
            words,
        }
    }

    /// A grid from rows of `.` (floor) and anything else (rock), all the same length.
    pub fn from_rows(rows: &[&str]) -> Self {
        let height = rows.len();
        let width = rows.first().map_or(0, |r| r.chars().count());
        let mut grid = Self::new(width, height);
        for (y, row) in rows.iter().enumerate() {
            assert_eq!(row.chars().count(), width, "row {y} has another length");
            for (x, c) in row.chars().enumerate() {
                grid.set(x, y, c == '.');
            }
        }
        grid
    }

    /// Rows of `.` (floor) and `#` (rock), the `--stages` format.
    pub fn to_rows(&self) -> Vec<String> {
        (0..self.height)
            .map(|y| {
                (0..self.width)
                    .map(|x| if self.get(x, y) { '.' } else { '#' })
                    .collect()
            })
            .collect()
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// 64-bit words a column.
    pub(crate) fn words_per_col(&self) -> usize {
        self.words_per_col
    }

    /// The words of column `x`, top row in bit 0 of the first word.
    pub fn column(&self, x: usize) -> &[u64] {
        &self.words[x * self.words_per_col..(x + 1) * self.words_per_col]
    }

    pub(crate) fn column_mut(&mut self, x: usize) -> &mut [u64] {
        &mut self.words[x * self.words_per_col..(x + 1) * self.words_per_col]
    }

    /// The words, column after column.
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    pub(crate) fn words_mut(&mut self) -> &mut [u64] {
        &mut self.words
    }

    /// Is (x, y) floor? Anything off the grid reads as rock.
    #[inline]
    pub fn get(&self, x: usize, y: usize) -> bool {
        if x >= self.width || y >= self.height {
            return false;
        }
        (self.words[x * self.words_per_col + y / 64] >> (y % 64)) & 1 == 1
    }

    /// Like [`get`](Self::get) with signed coordinates, for neighbour lookups.
    #[inline]
    pub fn get_i(&self, x: isize, y: isize) -> bool {
        x >= 0 && y >= 0 && self.get(x as usize, y as usize)
    }

    #[inline]
    /// Make cell (x, y) floor or rock.
    pub fn set(&mut self, x: usize, y: usize, floor: bool) {
        let word = &mut self.words[x * self.words_per_col + y / 64];
        let bit = 1u64 << (y % 64);
        if floor {
            *word |= bit;
        } else {
            *word &= !bit;
        }
    }

    /// The sizes of the floor's 8-connected components (as a player walks),
    /// in the order a column-by-column scan first meets them. A plain
    /// breadth-first search, independent of the joining step's labelling, so
    /// tests can check one against the other.
    pub fn component_sizes(&self) -> Vec<usize> {
        let (w, h) = (self.width(), self.height());
        let mut seen = vec![false; w * h];
        let mut sizes = Vec::new();
        for x in 0..w {
            for y in 0..h {
                if !self.get(x, y) || seen[y * w + x] {
                    continue;
                }
                seen[y * w + x] = true;
                let mut queue = std::collections::VecDeque::from([(x, y)]);
                let mut n = 0;
                while let Some((cx, cy)) = queue.pop_front() {
                    n += 1;
                    for nx in cx.saturating_sub(1)..=(cx + 1).min(w - 1) {
                        for ny in cy.saturating_sub(1)..=(cy + 1).min(h - 1) {
                            if self.get(nx, ny) && !seen[ny * w + nx] {
                                seen[ny * w + nx] = true;
                                queue.push_back((nx, ny));
                            }
                        }
                    }
                }
                sizes.push(n);
            }
        }
        sizes
    }

    /// Number of floor cells.
    pub fn count_floor(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Number of cells that differ between two grids of the same size.
    pub(crate) fn count_changed(&self, other: &BitGrid) -> usize {
        debug_assert_eq!((self.width, self.height), (other.width, other.height));
        self.words
            .iter()
            .zip(&other.words)
            .map(|(a, b)| (a ^ b).count_ones() as usize)
            .sum()
    }

    /// Floor count among the 8 neighbours of (x, y), off-grid reading as rock.
    #[inline]
    pub fn floor_neighbours(&self, x: usize, y: usize) -> u32 {
        let (x, y) = (x as isize, y as isize);
        let mut n = 0;
        for (dx, dy) in NEIGHBOURS {
            n += self.get_i(x + dx, y + dy) as u32;
        }
        n
    }
}

impl std::fmt::Debug for BitGrid {
    /// Rows of `.` (floor) and `#` (rock), the `--stages` format.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "BitGrid {}x{}", self.width, self.height)?;
        for y in 0..self.height {
            for x in 0..self.width {
                f.write_str(if self.get(x, y) { "." } else { "#" })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// Word `k` of a column shifted so that bit y holds the cell above, y − 1.
#[inline(always)]
pub(crate) fn up(col: &[u64], k: usize) -> u64 {
    (col[k] << 1) | if k > 0 { col[k - 1] >> 63 } else { 0 }
}

/// Word `k` of a column shifted so that bit y holds the cell below, y + 1.
#[inline(always)]
pub(crate) fn down(col: &[u64], k: usize) -> u64 {
    (col[k] >> 1)
        | if k + 1 < col.len() {
            col[k + 1] << 63
        } else {
            0
        }
}

/// The 8 neighbour offsets in NetHack's `dirs[]` order.
pub(crate) const NEIGHBOURS: [(isize, isize); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// Writes `P` bit planes of one column word out as a small code per cell: cell
/// `i` (bit `i`) gets `p0ᵢ | p1ᵢ << 1 | p2ᵢ << 2 | …`, for the first `cells`
/// cells (up to 64). Eight cells at a time from a table, so that turning packed
/// masks into a byte a cell (tiles, provenance) costs about an instruction a cell.
///
/// `out` starts at the word's first cell and must hold `cells` rounded up to a
/// multiple of 8: the bytes past `cells` get junk, for the next word to overwrite.
#[inline(always)]
pub(crate) fn spread_codes<const P: usize>(planes: [u64; P], cells: usize, out: &mut [u8]) {
    let out = &mut out[..cells.next_multiple_of(8)];
    for (g, chunk) in out.chunks_exact_mut(8).enumerate() {
        let byte = |p: u64| SPREAD[(p >> (8 * g)) as usize & 0xFF];
        let mut code = 0u64;
        for (j, &plane) in planes.iter().enumerate() {
            code |= byte(plane) << j;
        }
        chunk.copy_from_slice(&code.to_le_bytes());
    }
}

/// A byte a cell, column by column, filled a word of cells at a time from codes
/// given as bit planes.
pub(crate) struct CellCodes {
    height: usize,
    len: usize,
    /// `len` bytes plus slack for the last word's junk past the map's end.
    bytes: Vec<u8>,
}

impl CellCodes {
    pub(crate) fn new(width: usize, height: usize) -> Self {
        let len = width * height;
        CellCodes {
            height,
            len,
            bytes: vec![0; len + 64],
        }
    }

    /// Column `x`'s word `k` of cells, as bit planes of their codes. Words must
    /// come in column order: each overwrites the junk the last left.
    #[inline(always)]
    pub(crate) fn put<const P: usize>(&mut self, x: usize, k: usize, planes: [u64; P]) {
        let start = x * self.height + k * 64;
        let cells = (self.height - k * 64).min(64);
        spread_codes(planes, cells, &mut self.bytes[start..]);
    }

    pub(crate) fn finish<T>(mut self, decode: impl Fn(u8) -> T) -> Vec<T> {
        self.bytes.truncate(self.len);
        self.bytes.into_iter().map(decode).collect()
    }
}

/// Each byte value as 8 bytes of 0 or 1, bit `i` in byte `i`.
static SPREAD: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            table[b] |= ((b as u64 >> i) & 1) << (8 * i);
            i += 1;
        }
        b += 1;
    }
    table
};
