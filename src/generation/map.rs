//! A level's map: its size, its tiles and its stairs, with one way to name a
//! cell ([`Pos`]) and one way to find it in memory ([`LevelMap::index`]).
//!
//! Anything that plays, draws or stocks a level reads only this type. How the
//! cave came about (stage snapshots, provenance) is kept apart, in
//! [`super::CaveHistory`], so a level built by hand is as good as a generated one.

use std::fmt;

use super::terrain::Tile;

/// A cell of the map: x to the right, y downward, (0, 0) the top-left corner.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    /// Column, from 0 at the left.
    pub x: i32,
    /// Row, from 0 at the top.
    pub y: i32,
}

impl Pos {
    /// The cell at column `x`, row `y`.
    pub const fn new(x: i32, y: i32) -> Self {
        Pos { x, y }
    }

    /// The cell `d` away.
    pub fn step(self, d: Dir) -> Pos {
        let (dx, dy) = d.delta();
        Pos::new(self.x + dx, self.y + dy)
    }

    /// The cell (dx, dy) away.
    pub fn offset(self, dx: i32, dy: i32) -> Pos {
        Pos::new(self.x + dx, self.y + dy)
    }

    /// King moves between two cells (Chebyshev distance).
    pub fn distance(self, other: Pos) -> u32 {
        self.x.abs_diff(other.x).max(self.y.abs_diff(other.y))
    }

    /// The direction of a neighbouring cell, if `other` is one.
    pub fn dir_to(self, other: Pos) -> Option<Dir> {
        Dir::from_delta(other.x - self.x, other.y - self.y)
    }

    /// The 8 cells around this one, in [`Dir::ALL`] order.
    pub fn neighbours(self) -> impl Iterator<Item = Pos> {
        Dir::ALL.into_iter().map(move |d| self.step(d))
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// One of the eight directions a creature steps in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// North (up).
    N,
    /// South.
    S,
    /// East.
    E,
    /// West.
    W,
    /// North-east.
    NE,
    /// North-west.
    NW,
    /// South-east.
    SE,
    /// South-west.
    SW,
}

impl Dir {
    /// The eight directions.
    pub const ALL: [Dir; 8] = [
        Dir::N,
        Dir::S,
        Dir::E,
        Dir::W,
        Dir::NE,
        Dir::NW,
        Dir::SE,
        Dir::SW,
    ];

    /// The eight directions clockwise from north, so neighbours in the list
    /// are neighbours round a cell.
    pub const CLOCKWISE: [Dir; 8] = [
        Dir::N,
        Dir::NE,
        Dir::E,
        Dir::SE,
        Dir::S,
        Dir::SW,
        Dir::W,
        Dir::NW,
    ];

    /// (dx, dy) of one step, y downward.
    pub(crate) const fn delta(self) -> (i32, i32) {
        match self {
            Dir::N => (0, -1),
            Dir::S => (0, 1),
            Dir::E => (1, 0),
            Dir::W => (-1, 0),
            Dir::NE => (1, -1),
            Dir::NW => (-1, -1),
            Dir::SE => (1, 1),
            Dir::SW => (-1, 1),
        }
    }

    /// The direction back.
    pub(crate) fn opposite(self) -> Dir {
        let (dx, dy) = self.delta();
        Dir::from_delta(-dx, -dy).expect("every direction has a way back")
    }

    /// A step along both axes at once.
    pub(crate) const fn is_diagonal(self) -> bool {
        let (dx, dy) = self.delta();
        dx != 0 && dy != 0
    }

    /// The direction of a step by (dx, dy), each -1, 0 or 1 and not both 0.
    pub(crate) fn from_delta(dx: i32, dy: i32) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.delta() == (dx, dy))
    }
}

/// Why a map could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MapError {
    /// Rows of different lengths, or a tile list of the wrong length.
    Shape(String),
    /// A character that is not a tile glyph.
    Glyph {
        /// Its column.
        x: usize,
        /// Its row.
        y: usize,
        /// The character.
        glyph: char,
    },
    /// Two up or two down staircases.
    TwoStairs(Tile),
}

impl fmt::Display for MapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MapError::Shape(s) => f.write_str(s),
            MapError::Glyph { x, y, glyph } => {
                write!(f, "'{glyph}' at ({x}, {y}) is not a tile glyph")
            }
            MapError::TwoStairs(t) => write!(f, "more than one '{}' on the map", t.glyph()),
        }
    }
}

impl std::error::Error for MapError {}

/// A level's tiles and stairs.
///
/// Cells are stored column by column (`index = x * height + y`), the order the
/// generator's bit grids use; [`index`](Self::index) and [`pos`](Self::pos) are
/// the only place that order is spelled out. The stairs' positions are kept in
/// step with the tiles by [`set_tile`](Self::set_tile), so they can't go stale.
#[derive(Clone, PartialEq, Eq)]
pub struct LevelMap {
    width: usize,
    height: usize,
    tiles: Vec<Tile>,
    up_stairs: Option<Pos>,
    down_stairs: Option<Pos>,
}

impl fmt::Debug for LevelMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LevelMap")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("up_stairs", &self.up_stairs)
            .field("down_stairs", &self.down_stairs)
            .finish_non_exhaustive()
    }
}

impl LevelMap {
    /// A map of solid rock.
    pub fn new(width: usize, height: usize) -> Self {
        LevelMap {
            width,
            height,
            tiles: vec![Tile::Rock; width * height],
            up_stairs: None,
            down_stairs: None,
        }
    }

    /// A map from its tiles in [`index`](Self::index) order. At most one
    /// staircase of each kind.
    pub fn from_tiles(width: usize, height: usize, tiles: Vec<Tile>) -> Result<Self, MapError> {
        if tiles.len() != width * height {
            return Err(MapError::Shape(format!(
                "{} tiles for a {width}x{height} map",
                tiles.len()
            )));
        }
        let mut map = LevelMap {
            width,
            height,
            tiles,
            up_stairs: None,
            down_stairs: None,
        };
        for i in 0..map.tiles.len() {
            let tile = map.tiles[i];
            let Some(slot) = map.stairs_slot(tile) else {
                continue;
            };
            if slot.is_some() {
                return Err(MapError::TwoStairs(map.tiles[i]));
            }
            *slot = Some(Pos::new((i / height) as i32, (i % height) as i32));
        }
        Ok(map)
    }

    /// A map drawn in NetHack glyphs, one string per row, for hand-built levels
    /// and tests: ` ` rock, `.` floor, `-` and `|` walls, `<` and `>` stairs,
    /// `_` altar, `{` fountain, `+` door.
    /// Shorter rows are padded with rock.
    pub fn from_rows(rows: &[&str]) -> Result<Self, MapError> {
        let height = rows.len();
        let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
        let mut tiles = vec![Tile::Rock; width * height];
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                tiles[x * height + y] =
                    Tile::from_glyph(c).ok_or(MapError::Glyph { x, y, glyph: c })?;
            }
        }
        LevelMap::from_tiles(width, height, tiles)
    }

    /// A generated map whose stairs are already known (no scan for them).
    pub(crate) fn with_stairs(
        width: usize,
        height: usize,
        tiles: Vec<Tile>,
        up_stairs: Option<Pos>,
        down_stairs: Option<Pos>,
    ) -> Self {
        LevelMap {
            width,
            height,
            tiles,
            up_stairs,
            down_stairs,
        }
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    /// Has it no cells?
    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    /// Is `p` on the map?
    pub fn contains(&self, p: Pos) -> bool {
        p.x >= 0 && p.y >= 0 && (p.x as usize) < self.width && (p.y as usize) < self.height
    }

    /// Where cell `p` is stored: column by column, `x * height + y`. `p` must be
    /// on the map.
    #[inline]
    pub fn index(&self, p: Pos) -> usize {
        debug_assert!(self.contains(p), "{p} is off the map");
        p.x as usize * self.height + p.y as usize
    }

    /// The cell stored at `index`.
    #[inline]
    pub fn pos(&self, index: usize) -> Pos {
        Pos::new((index / self.height) as i32, (index % self.height) as i32)
    }

    /// The tile at `p`; off the map is rock.
    #[inline]
    pub fn tile(&self, p: Pos) -> Tile {
        if self.contains(p) {
            self.tiles[self.index(p)]
        } else {
            Tile::Rock
        }
    }

    /// Can one stand on `p`: floor, stairs, an altar, a fountain or an open door?
    pub fn is_walkable(&self, p: Pos) -> bool {
        self.tile(p).is_walkable()
    }

    /// Every tile, in [`index`](Self::index) order.
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    /// Every cell in scan order (x outer, y inner), which is index order.
    pub fn cells(&self) -> impl Iterator<Item = Pos> + use<> {
        let h = self.height as i32;
        (0..self.width as i32).flat_map(move |x| (0..h).map(move |y| Pos::new(x, y)))
    }

    /// Change one tile. Placing a staircase moves that staircase here (its old
    /// cell becomes floor); covering one removes it.
    pub fn set_tile(&mut self, p: Pos, tile: Tile) {
        let i = self.index(p);
        if let Some(covered) = self.stairs_slot(self.tiles[i]) {
            *covered = None;
        }
        if let Some(old) = self.stairs_slot(tile).and_then(|slot| slot.replace(p)) {
            let j = old.x as usize * self.height + old.y as usize;
            self.tiles[j] = Tile::Floor;
        }
        self.tiles[i] = tile;
    }

    /// Where the staircase `tile` is kept, if it is one.
    fn stairs_slot(&mut self, tile: Tile) -> Option<&mut Option<Pos>> {
        if tile == Tile::UpStairs {
            Some(&mut self.up_stairs)
        } else if tile == Tile::DownStairs {
            Some(&mut self.down_stairs)
        } else {
            None
        }
    }

    /// Where the up staircase is.
    pub fn up_stairs(&self) -> Option<Pos> {
        self.up_stairs
    }

    /// Where the down staircase is.
    pub fn down_stairs(&self) -> Option<Pos> {
        self.down_stairs
    }

    /// Plain floor cells (no stairs), in scan order.
    pub(crate) fn floor_cells(&self) -> Vec<Pos> {
        self.cells()
            .filter(|&p| self.tiles[self.index(p)] == Tile::Floor)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::Tile;

    #[test]
    fn every_tile_is_listed_once_and_only_the_built_ones_are_not_the_generators() {
        let mut seen = std::collections::HashSet::new();
        for t in Tile::EVERY {
            assert!(seen.insert(t), "{t:?} twice");
        }
        for code in 0..=u8::MAX {
            assert!(!Tile::BUILT.contains(&Tile::from_code(code)));
        }
        let glyphs: String = Tile::BUILT.iter().map(|t| t.glyph()).collect();
        // NetHack draws a secret door as its wall, and trees and sinks `#`.
        assert_eq!(glyphs, "_{+|-#-|###");
        assert!(!Tile::Tree.is_walkable() && Tile::Tree.blocks_sight());
        assert!(Tile::Sink.is_walkable() && !Tile::Sink.blocks_sight());
        for secret in [Tile::SecretDoorInHWall, Tile::SecretDoorInVWall] {
            assert!(!secret.is_walkable() && secret.blocks_sight() && !secret.is_door());
        }
        assert!(Tile::Corridor.is_walkable() && !Tile::Corridor.blocks_sight());
        // A closed door blocks like a wall; an open one is walked through.
        assert!(!Tile::DoorClosed.is_walkable() && Tile::DoorClosed.blocks_sight());
        assert!(Tile::DoorOpenInHWall.is_walkable() && !Tile::DoorOpenInHWall.blocks_sight());
        assert!(Tile::Altar.is_walkable() && Tile::Fountain.is_walkable());
        // Iron bars stop a step, not sight.
        assert!(!Tile::IronBars.is_walkable() && !Tile::IronBars.blocks_sight());
    }
}
