//! Field of view: Albert Ford's symmetric shadowcasting
//! (<https://www.albertford.com/shadowcasting/>), with exact integer slopes.
//!
//! Symmetric means: if floor cell A sees floor cell B, B sees A. Walls are seen
//! whenever any part of them is in view, as in NetHack, so the cave's outline
//! shows. Rock and walls block sight; floor and stairs don't.

use crate::generation::{LevelMap, Pos};

/// A slope `num / den` (den > 0) measured from the centre of the origin.
#[derive(Clone, Copy, Debug)]
struct Slope {
    num: i64,
    den: i64,
}

impl Slope {
    /// `depth * self` rounded to the nearest column, ties rounding up.
    fn round_up(self, depth: i64) -> i64 {
        (2 * depth * self.num + self.den).div_euclid(2 * self.den)
    }

    /// `depth * self` rounded to the nearest column, ties rounding down.
    fn round_down(self, depth: i64) -> i64 {
        -(-(2 * depth * self.num - self.den)).div_euclid(2 * self.den)
    }
}

/// One row of a quadrant scan: cells at `depth` between two slopes.
#[derive(Clone, Copy, Debug)]
struct Row {
    depth: i64,
    start: Slope,
    end: Slope,
}

impl Row {
    /// Is column `col` of this row inside the row's slopes (the symmetry test)?
    fn is_symmetric(&self, col: i64) -> bool {
        // col >= depth * start and col <= depth * end, in exact integers.
        col * self.start.den >= self.depth * self.start.num
            && col * self.end.den <= self.depth * self.end.num
    }
}

/// The slope through the near edge of cell `(depth, col)`.
fn slope(depth: i64, col: i64) -> Slope {
    Slope {
        num: 2 * col - 1,
        den: 2 * depth,
    }
}

/// Maps (origin x, origin y, depth, column) of a quadrant scan to (x, y).
type ToMap = fn(i64, i64, i64, i64) -> (i64, i64);

/// Every cell in line of sight of `origin` on a `width` x `height` map, reported
/// to `see` (the origin first; cells on the diagonals, where the four quadrant
/// scans meet, may be reported twice). `blocks(p)` says whether a cell stops
/// sight; cells off the map are never reported and always block.
pub fn line_of_sight(
    origin: Pos,
    width: usize,
    height: usize,
    blocks: impl Fn(Pos) -> bool,
    mut see: impl FnMut(Pos),
) {
    let (ox, oy) = (origin.x as i64, origin.y as i64);
    let (w, h) = (width as i64, height as i64);
    see(origin);
    let on_map = |x: i64, y: i64| x >= 0 && y >= 0 && x < w && y < h;
    let at = |x: i64, y: i64| Pos::new(x as i32, y as i32);
    let opaque = |x: i64, y: i64| !on_map(x, y) || blocks(at(x, y));
    // North, east, south, west: (depth, col) to map (x, y).
    let quadrants: [ToMap; 4] = [
        |ox, oy, d, c| (ox + c, oy - d),
        |ox, oy, d, c| (ox + d, oy + c),
        |ox, oy, d, c| (ox + c, oy + d),
        |ox, oy, d, c| (ox - d, oy + c),
    ];
    for to_map in quadrants {
        let mut rows = vec![Row {
            depth: 1,
            start: Slope { num: -1, den: 1 },
            end: Slope { num: 1, den: 1 },
        }];
        while let Some(mut row) = rows.pop() {
            let mut prev: Option<bool> = None; // was the previous cell a wall?
            let (lo, hi) = (row.start.round_up(row.depth), row.end.round_down(row.depth));
            for col in lo..=hi {
                let (x, y) = to_map(ox, oy, row.depth, col);
                let wall = opaque(x, y);
                if (wall || row.is_symmetric(col)) && on_map(x, y) {
                    see(at(x, y));
                }
                if prev == Some(true) && !wall {
                    row.start = slope(row.depth, col);
                }
                if prev == Some(false) && wall {
                    rows.push(Row {
                        depth: row.depth + 1,
                        start: row.start,
                        end: slope(row.depth, col),
                    });
                }
                prev = Some(wall);
            }
            if prev == Some(false) {
                rows.push(Row {
                    depth: row.depth + 1,
                    ..row
                });
            }
        }
    }
}

/// [`line_of_sight`] on a level's map: what blocks sight there (rock and
/// walls) blocks it.
pub fn line_of_sight_on(map: &LevelMap, origin: Pos, see: impl FnMut(Pos)) {
    line_of_sight(
        origin,
        map.width(),
        map.height(),
        |p| map.tile(p).blocks_sight(),
        see,
    );
}

/// What the player sees on an unlit level: their own cell and the 8 around it.
pub fn adjacent_cells(origin: Pos, width: usize, height: usize, mut see: impl FnMut(Pos)) {
    for dx in -1..=1 {
        for dy in -1..=1 {
            let p = origin.offset(dx, dy);
            if p.x >= 0 && p.y >= 0 && (p.x as usize) < width && (p.y as usize) < height {
                see(p);
            }
        }
    }
}

/// Does a light of `radius` carried at `origin` light `p`? NetHack's light
/// circles: radius 1 is the 3 x 3 square, 2 the 5 x 5 without its corners, 3
/// the 7 x 7 without the cells two or more off each corner.
pub(crate) fn within_light(origin: Pos, p: Pos, radius: u32) -> bool {
    let (dx, dy) = ((p.x - origin.x) as i64, (p.y - origin.y) as i64);
    let r = radius as i64;
    dx * dx + dy * dy <= r * (r + 1)
}

/// Is nothing in the way from `a` to `b` (the cells strictly between them
/// on a Bresenham line)? For the short reach of a carried light.
pub(crate) fn clear_line(a: Pos, b: Pos, blocks: impl Fn(Pos) -> bool) -> bool {
    let (dx, dy) = ((b.x - a.x).abs(), -(b.y - a.y).abs());
    let (sx, sy) = (
        if a.x < b.x { 1 } else { -1 },
        if a.y < b.y { 1 } else { -1 },
    );
    let (mut x, mut y, mut err) = (a.x, a.y, dx + dy);
    loop {
        if (x, y) == (b.x, b.y) {
            return true;
        }
        if (x, y) != (a.x, a.y) && blocks(Pos::new(x, y)) {
            return false;
        }
        let e2 = 2 * err;
        if e2 >= dy {
            err += dy;
            x += sx;
        }
        if e2 <= dx {
            err += dx;
            y += sy;
        }
    }
}
