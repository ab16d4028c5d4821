//! What every kind of cell is, one row each: the generator's tiles (rock,
//! floor, the eleven walls, the stairs) and then what level kinds build on a
//! map (altars, fountains, doors, corridors, secret doors, trees, sinks),
//! which the generator never makes. A row says how `--ascii` prints the
//! cell, the character a drawn map writes it with, whether a creature can
//! stand there (and so whether it stops sight), and its tile in
//! `assets/tiles.png`. Everything that prints, reads, draws or walks a map
//! asks this table, so a new terrain is a [`Tile`] variant and its row here
//! (and its picture in the tileset).

use super::map::Tile;

/// One kind of cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileRow {
    /// The tile it describes (the table is in [`Tile`]'s order).
    pub tile: Tile,
    /// Its name in the game's words.
    pub name: &'static str,
    /// How `--ascii` and the level's text print it: NetHack's default
    /// symbol.
    pub glyph: char,
    /// The character a drawn map (`LevelMap::from_rows`, a kind's `map:`)
    /// writes it with; None for a tile a drawing never names (a corner is
    /// drawn `-` and typed by the walls around it).
    pub drawn_as: Option<char>,
    /// Can a creature stand here?
    pub walkable: bool,
    /// Does it stop sight? What can't be stood on does, but iron bars.
    pub stops_sight: bool,
    /// Its tile in `assets/tiles.png`; its overlay look is 16 further on.
    pub look: u32,
}

const fn row(
    tile: Tile,
    name: &'static str,
    glyph: char,
    drawn_as: Option<char>,
    walkable: bool,
    look: u32,
) -> TileRow {
    TileRow {
        tile,
        name,
        glyph,
        drawn_as,
        walkable,
        stops_sight: !walkable,
        look,
    }
}

impl TileRow {
    /// The row, seen through though it can't be stood on (iron bars).
    const fn seen_through(self) -> TileRow {
        TileRow {
            stops_sight: false,
            ..self
        }
    }
}

/// The first row of what level kinds build.
pub(crate) const FIRST_BUILT: usize = 15;

/// Every tile, in [`Tile`]'s order: the generator's, then the built ones.
pub const TILES: &[TileRow] = &[
    row(Tile::Rock, "rock", ' ', Some(' '), false, 0),
    row(Tile::Floor, "floor", '.', Some('.'), true, 1),
    row(Tile::HWall, "wall", '-', Some('-'), false, 4),
    row(Tile::VWall, "wall", '|', Some('|'), false, 5),
    row(Tile::TopLeftCorner, "wall", '-', None, false, 6),
    row(Tile::TopRightCorner, "wall", '-', None, false, 7),
    row(Tile::BottomLeftCorner, "wall", '-', None, false, 8),
    row(Tile::BottomRightCorner, "wall", '-', None, false, 9),
    row(Tile::CrossWall, "wall", '-', None, false, 10),
    row(Tile::TUpWall, "wall", '-', None, false, 11),
    row(Tile::TDownWall, "wall", '-', None, false, 12),
    row(Tile::TLeftWall, "wall", '|', None, false, 13),
    row(Tile::TRightWall, "wall", '|', None, false, 14),
    row(Tile::UpStairs, "staircase up", '<', Some('<'), true, 2),
    row(Tile::DownStairs, "staircase down", '>', Some('>'), true, 3),
    // Built by level kinds, never by the generator:
    row(Tile::Altar, "altar", '_', Some('_'), true, 48),
    row(Tile::Fountain, "fountain", '{', Some('{'), true, 49),
    row(Tile::DoorClosed, "closed door", '+', Some('+'), false, 50),
    // NetHack draws an open door across its wall: `|` in a horizontal one.
    // A drawing writes `'` for either; the wall around it says which.
    row(Tile::DoorOpenInHWall, "open door", '|', None, true, 51),
    row(
        Tile::DoorOpenInVWall,
        "open door",
        '-',
        Some('\''),
        true,
        52,
    ),
    row(Tile::Corridor, "corridor", '#', Some('#'), true, 53),
    // Unfound, a secret door looks (and is drawn) as the wall it hides in. A
    // drawing writes `S` for either.
    row(Tile::SecretDoorInHWall, "wall", '-', None, false, 4),
    row(Tile::SecretDoorInVWall, "wall", '|', Some('S'), false, 5),
    row(Tile::Tree, "tree", '#', Some('T'), false, 54),
    row(Tile::Sink, "sink", '#', Some('K'), true, 55),
    // NetHack's `F` in a level's map.
    row(Tile::IronBars, "iron bars", '#', Some('F'), false, 56).seen_through(),
];

// The table is in the enum's order, so a tile's row is `TILES[tile as usize]`.
const _: () = {
    let mut i = 0;
    while i < TILES.len() {
        assert!(TILES[i].tile as usize == i, "TILES is in Tile's order");
        i += 1;
    }
};

impl Tile {
    /// Its row of [`TILES`].
    #[inline]
    pub fn row(self) -> &'static TileRow {
        &TILES[self as usize]
    }

    /// The tile a drawn map writes as `c` (see [`TileRow::drawn_as`]).
    pub fn drawn_as(c: char) -> Option<Tile> {
        TILES.iter().find(|r| r.drawn_as == Some(c)).map(|r| r.tile)
    }

    /// Is it one a level kind built (the generator never makes it)?
    pub fn is_built(self) -> bool {
        self as usize >= FIRST_BUILT
    }

    /// The tiles level kinds build; the generator never makes them.
    pub const BUILT: [Tile; TILES.len() - FIRST_BUILT] = {
        let mut built = [Tile::Rock; TILES.len() - FIRST_BUILT];
        let mut i = 0;
        while i < built.len() {
            built[i] = TILES[FIRST_BUILT + i].tile;
            i += 1;
        }
        built
    };

    /// Every tile: the generator's, then the built ones ([`TILES`]' order).
    pub const EVERY: [Tile; TILES.len()] = {
        let mut every = [Tile::Rock; TILES.len()];
        let mut i = 0;
        while i < every.len() {
            every[i] = TILES[i].tile;
            i += 1;
        }
        every
    };

    /// Can a creature stand here? (Its row of [`TILES`] says.)
    #[inline]
    pub fn is_walkable(self) -> bool {
        self.row().walkable
    }

    /// The NetHack glyph, as `--ascii` prints it (NetHack's default symbols:
    /// `|` for vertical walls and the T-walls that join north and south, `-`
    /// for every other wall; its row of [`TILES`] says).
    pub fn glyph(self) -> char {
        self.row().glyph
    }

    /// The tile a glyph of a drawn map stands for (`-` is a horizontal wall,
    /// `|` a vertical one; [`super::walls::fix_wall_types`] gives drawn walls
    /// their joins; see [`TileRow::drawn_as`]).
    ///
    /// [`TileRow::drawn_as`]: super::terrain::TileRow::drawn_as
    pub(crate) fn from_glyph(c: char) -> Option<Tile> {
        Tile::drawn_as(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each look is one tile's, but an unfound secret door's, which is its
    /// wall's; each drawn character names one tile; the generator's tiles
    /// come first and only the built ones are built.
    #[test]
    fn each_row_looks_and_draws_as_one_tile() {
        for (i, a) in TILES.iter().enumerate() {
            assert_eq!(a.tile.is_built(), i >= FIRST_BUILT, "{:?}", a.tile);
            for b in &TILES[i + 1..] {
                if a.look == b.look {
                    assert!(b.tile.is_secret_door(), "{:?} and {:?}", a.tile, b.tile);
                    assert!(a.tile.is_wall() && a.glyph == b.glyph);
                }
                if a.drawn_as.is_some() {
                    assert_ne!(a.drawn_as, b.drawn_as, "{:?} and {:?}", a.tile, b.tile);
                }
            }
            if let Some(c) = a.drawn_as {
                assert_eq!(Tile::drawn_as(c), Some(a.tile));
            }
        }
        // What blocks a step blocks sight, and the other way round, but
        // iron bars.
        for r in TILES {
            let bars = r.tile == Tile::IronBars;
            assert_eq!(r.tile.blocks_sight(), !r.walkable && !bars, "{:?}", r.tile);
        }
    }
}
