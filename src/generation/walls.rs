//! Walls around the floor, typed as NetHack types them (`docs/nethack-mines.md`,
//! "Walls"): every rock cell next to floor is a wall; its first guess is
//! horizontal or vertical; then the spine fix-up looks at which neighbouring
//! walls it joins, which makes corners, T-walls and crosses.
//!
//! A wall *reaches* a direction when the cell that way is a wall too and floor
//! lies on either side of the pair: at one of the two cells beside this wall
//! across the pair's axis, or the two beside the neighbour. North, for
//! (x, y): a wall at (x, y−1), and floor at (x±1, y) or (x±1, y−1).

use super::bitgrid::{BitGrid, CellCodes, down as below, up as above};
use super::map::{LevelMap, Pos};
use super::terrain::Tile;

/// Floor, and every rock cell next to floor as a typed wall, column by column.
/// Computed 64 cells a word.
pub(crate) fn wall_tiles(grid: &BitGrid) -> Vec<Tile> {
    // NetHack's 21 rows fit a word; a constant column length unrolls the sweep.
    if grid.words_per_col() == 1 {
        wall_columns::<1>(grid)
    } else {
        wall_columns::<0>(grid)
    }
}

/// One direction's reach masks of a column word.
struct Reach {
    n: u64,
    s: u64,
    e: u64,
    w: u64,
}

/// [`wall_tiles`] for columns of `WORDS` words (0 = the grid's own count).
#[inline(always)]
fn wall_columns<const WORDS: usize>(grid: &BitGrid) -> Vec<Tile> {
    let (w, h) = (grid.width(), grid.height());
    let wpc = if WORDS == 0 {
        grid.words_per_col()
    } else {
        WORDS
    };
    let words = grid.words();
    let rock = vec![0u64; wpc];
    let column = |x: usize| &words[x * wpc..][..wpc];
    let left = |x: usize| if x > 0 { column(x - 1) } else { &rock[..] };
    let right = |x: usize| if x + 1 < w { column(x + 1) } else { &rock[..] };
    // Walls first: a wall's type depends on which of its neighbours are walls.
    let mut walls = vec![0u64; words.len()];
    let rows = |k: usize| match h - k * 64 {
        n if n >= 64 => !0u64,
        n => (1u64 << n) - 1,
    };
    for x in 0..w {
        let (l, c, r) = (left(x), column(x), right(x));
        for k in 0..wpc {
            let near = above(l, k) | l[k] | below(l, k) | above(c, k) | below(c, k);
            let near = near | above(r, k) | r[k] | below(r, k);
            walls[x * wpc + k] = !c[k] & near & rows(k);
        }
    }
    let wall_col = |x: usize| &walls[x * wpc..][..wpc];
    let mut codes = CellCodes::new(w, h);
    for x in 0..w {
        let (l, c, r) = (left(x), column(x), right(x));
        let wc = wall_col(x);
        let wl = if x > 0 { wall_col(x - 1) } else { &rock[..] };
        let wr = if x + 1 < w {
            wall_col(x + 1)
        } else {
            &rock[..]
        };
        for k in 0..wpc {
            let wall = wc[k];
            // First guess: horizontal with floor in the row above, else vertical
            // with floor beside it, else (floor only below) horizontal.
            let floor_above = above(l, k) | above(c, k) | above(r, k);
            let guess_v = wall & !floor_above & (l[k] | r[k]);
            let reach = Reach {
                n: above(wc, k) & (l[k] | r[k] | above(l, k) | above(r, k)),
                s: below(wc, k) & (l[k] | r[k] | below(l, k) | below(r, k)),
                e: wr[k] & (above(c, k) | below(c, k) | above(r, k) | below(r, k)),
                w: wl[k] & (above(c, k) | below(c, k) | above(l, k) | below(l, k)),
            };
            codes.put(x, k, wall_planes(c[k], wall, guess_v, reach));
        }
    }
    codes.finish(Tile::from_code)
}

/// The tile codes of a column word as four bit planes: floor, and each wall's
/// type from the ways it reaches (none: its first guess).
#[inline(always)]
fn wall_planes(floor: u64, wall: u64, guess_v: u64, r: Reach) -> [u64; 4] {
    let (n, s, e, w) = (r.n & wall, r.s & wall, r.e & wall, r.w & wall);
    let (vert, horiz) = (n | s, e | w);
    let none = wall & !(vert | horiz);
    let h_wall = (none & !guess_v) | (horiz & !vert);
    let v_wall = (none & guess_v) | (vert & !horiz);
    let (ns, ew) = (n & s, e & w);
    let top_right = s & w & !n & !e;
    let bottom_left = n & e & !s & !w;
    let bottom_right = n & w & !s & !e;
    let corners = (vert & horiz) & !ns & !ew; // one of each axis
    let t_up = ew & n & !s;
    let t_down = ew & s & !n;
    let t_left = ns & w & !e;
    let t_right = ns & e & !w;
    let cross = ns & ew;
    // The tile codes' bits (Tile's order: floor 1, ─ 2, │ 3, ┌ 4, ┐ 5, └ 6,
    // ┘ 7, ┼ 8, ┴ 9, ┬ 10, ┤ 11, ├ 12), written out plane by plane.
    [
        floor | v_wall | top_right | bottom_right | t_up | t_left,
        h_wall | v_wall | bottom_left | bottom_right | t_down | t_left,
        corners | t_right,
        cross | t_up | t_down | t_left | t_right,
    ]
}

/// Give every wall of a map drawn by hand its NetHack type, from the walls and
/// floor around it (the spine fix-up; a drawn `-` or `|` is the first guess).
/// Anything a creature can stand on counts as floor.
pub fn fix_wall_types(map: &mut LevelMap) {
    let wall = |map: &LevelMap, p: Pos| map.tile(p).is_wall();
    let floor = |map: &LevelMap, p: Pos| map.tile(p).is_walkable();
    let mut fixed = Vec::new();
    for p in map.cells() {
        let t = map.tile(p);
        if !t.is_wall() {
            continue;
        }
        // The pair's neighbour, and the two cells across the pair's axis.
        let reaches = |dx: i32, dy: i32| {
            let q = p.offset(dx, dy);
            let (ax, ay) = (dy.abs(), dx.abs()); // across the pair
            wall(map, q)
                && [
                    p.offset(ax, ay),
                    p.offset(-ax, -ay),
                    q.offset(ax, ay),
                    q.offset(-ax, -ay),
                ]
                .into_iter()
                .any(|c| floor(map, c))
        };
        let (n, s, e, w) = (reaches(0, -1), reaches(0, 1), reaches(1, 0), reaches(-1, 0));
        let tile = match (n, s, e, w) {
            (false, false, false, false) => {
                if t == Tile::VWall || t.glyph() == '|' {
                    Tile::VWall
                } else {
                    Tile::HWall
                }
            }
            (_, _, false, false) => Tile::VWall,
            (false, false, _, _) => Tile::HWall,
            (false, true, true, false) => Tile::TopLeftCorner,
            (false, true, false, true) => Tile::TopRightCorner,
            (true, false, true, false) => Tile::BottomLeftCorner,
            (true, false, false, true) => Tile::BottomRightCorner,
            (true, true, true, true) => Tile::CrossWall,
            (true, false, true, true) => Tile::TUpWall,
            (false, true, true, true) => Tile::TDownWall,
            (true, true, false, true) => Tile::TLeftWall,
            (true, true, true, false) => Tile::TRightWall,
        };
        fixed.push((p, tile));
    }
    for (p, tile) in fixed {
        map.set_tile(p, tile);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Walls of a hand-made floor plan (`.` floor), drawn with a letter per
    /// wall type: `-` and `|` straight, `F` `7` `L` `J` corners (┌ ┐ └ ┘), `+`
    /// cross, `^` `v` `<` `>` T-walls pointing up, down, left, right (┴ ┬ ┤ ├).
    fn walls_of(rows: &[&str]) -> Vec<String> {
        let grid = BitGrid::from_rows(rows);
        let tiles = wall_tiles(&grid);
        let h = grid.height();
        (0..h)
            .map(|y| {
                (0..grid.width())
                    .map(|x| match tiles[x * h + y] {
                        Tile::Rock => ' ',
                        Tile::Floor => '.',
                        Tile::HWall => '-',
                        Tile::VWall => '|',
                        Tile::TopLeftCorner => 'F',
                        Tile::TopRightCorner => '7',
                        Tile::BottomLeftCorner => 'L',
                        Tile::BottomRightCorner => 'J',
                        Tile::CrossWall => '+',
                        Tile::TUpWall => '^',
                        Tile::TDownWall => 'v',
                        Tile::TLeftWall => '<',
                        Tile::TRightWall => '>',
                        t => t.glyph(),
                    })
                    .collect::<String>()
                    .trim_end()
                    .to_string()
            })
            .collect()
    }

    #[test]
    fn tile_codes_are_their_discriminants() {
        for (i, t) in Tile::ALL.iter().enumerate() {
            assert_eq!(Tile::from_code(i as u8), *t);
            assert_eq!(*t as usize, i);
        }
        assert_eq!(Tile::from_code(15), Tile::Rock);
    }

    #[test]
    fn a_room_has_four_corners_and_straight_sides() {
        let plan = ["#######", "##...##", "##...##", "#######"];
        assert_eq!(walls_of(&plan), [" F---7", " |...|", " |...|", " L---J"]);
    }

    #[test]
    fn a_vertical_run_ends_in_a_vertical_wall() {
        // NetHack's seed-0 case at (44, 7): a wall with floor left, right and
        // below and a wall above. It reaches north only: `|` (a rule that looks
        // at the floor below would say `-`).
        let plan = [
            "#######", //
            "#######", //
            "##.#.##", //
            "##...##", //
            "#######",
        ];
        // (3, 2) reaches north only; (3, 1) above it joins west, east and
        // south: a T pointing down.
        assert_eq!(
            walls_of(&plan),
            ["", " F-v-7", " |.|.|", " |...|", " L---J"]
        );
        let got = walls_of(&plan);
        assert_eq!(got[2].chars().nth(3), Some('|'), "{got:#?}");
    }

    /// A plus-shaped wall between four rooms.
    const PLUS: [&str; 7] = [
        "#########",
        "#...#...#",
        "#...#...#",
        "#########",
        "#...#...#",
        "#...#...#",
        "#########",
    ];

    #[test]
    fn every_junction_has_its_type() {
        // A plus-shaped wall between four rooms: the centre is a cross, the
        // arms' ends are T-walls where they meet the outer walls.
        let plan = PLUS;
        assert_eq!(
            walls_of(&plan),
            [
                "F---v---7",
                "|...|...|",
                "|...|...|",
                ">---+---<",
                "|...|...|",
                "|...|...|",
                "L---^---J",
            ]
        );
        // Glyphs: `|` for vertical walls and the T-walls that join north and
        // south, `-` for the rest.
        // The eleven wall tiles, `HWall` to `TRightWall`, in code order.
        let walls = &Tile::ALL[2..13];
        assert!(walls.iter().all(|t| t.is_wall()));
        let glyphs: String = walls.iter().map(|t| t.glyph()).collect();
        assert_eq!(glyphs, "-|-------||");
    }

    #[test]
    fn a_pillar_keeps_its_first_guess() {
        // A lone pillar in a room: floor all round and no wall next to it, so it
        // reaches nowhere and stays its first guess: horizontal (floor above).
        let plan = ["#####", "#...#", "#.#.#", "#...#", "#####"];
        assert_eq!(
            walls_of(&plan),
            ["F---7", "|...|", "|.-.|", "|...|", "L---J"]
        );
        // A one-cell cave: its eight walls make a ring of corners and sides.
        let plan = ["####", "####", "#.##", "####"];
        assert_eq!(walls_of(&plan), ["", "F-7", "|.|", "L-J"]);
    }

    #[test]
    fn drawn_maps_get_the_same_types_as_generated_ones() {
        let plan = PLUS;
        let grid = BitGrid::from_rows(&plan);
        let generated = wall_tiles(&grid);
        let drawn_rows: Vec<String> = (0..grid.height())
            .map(|y| {
                (0..grid.width())
                    .map(|x| generated[x * grid.height() + y].glyph())
                    .collect()
            })
            .collect();
        let rows: Vec<&str> = drawn_rows.iter().map(String::as_str).collect();
        let mut map = LevelMap::from_rows(&rows).unwrap();
        fix_wall_types(&mut map);
        assert_eq!(map.tiles(), &generated[..]);
    }
}
