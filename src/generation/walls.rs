//! Walls around the floor (`docs/nethack-mines.md`, "Walls").

use super::bitgrid::{BitGrid, CellCodes};
use super::map::Tile;

/// Floor, and every rock cell next to floor as wall, column by column.
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
