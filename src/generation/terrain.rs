//! What every kind of cell is, one row each: the generator's tiles (rock,
//! floor, the eleven walls, the stairs) and then what level kinds build on a
//! map (altars, fountains, doors, corridors, secret doors, trees, sinks,
//! iron bars), which the generator never makes.
//!
//! One list makes both the [`Tile`] enum and its rows ([`TILES`]): a row says
//! what the cell is called and how `;` names it, how `--ascii` prints it
//! and the character a drawn map writes it with, its NetHack colour and
//! DECgraphics symbol for the terminal, its tile in `assets/tiles.png`,
//! whether a creature can stand there and whether it stops sight, whether a
//! run or travel stops beside it and stepping on it says so, whether a pick
//! can dig down through it, and which door or wall it is. Everything that
//! prints, reads, draws, walks, digs or names a map asks the row, so a new
//! terrain is one line here (and its picture in the tileset; a built one's
//! glyph joins the string `map.rs`'s test pins them with).

use super::hue::Hue;

/// What kind of cell a tile is, as walls, doors and searching treat it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TileClass {
    /// Anything else.
    Plain,
    /// One of the wall types.
    Wall,
    /// A door, open or closed.
    Door,
    /// A secret door, not yet found: a wall to all but a search.
    SecretDoor,
}

/// How `;` names a tile: "a fountain", "the floor", "iron bars".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Article {
    /// With "a" or "an".
    A,
    /// With "the": there is one floor.
    The,
    /// Bare: a plural or a mass noun ("iron bars", "stone").
    Bare,
}

/// One kind of cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileRow {
    /// The tile it describes (the table is in [`Tile`]'s order).
    pub tile: Tile,
    /// Its name in the game's words ("closed door", "stone").
    pub name: &'static str,
    /// How `;` names it with its name: with "a", "the", or bare (a plural).
    pub article: Article,
    /// How `--ascii` and the level's text print it: NetHack's default
    /// symbol.
    pub glyph: char,
    /// The character a drawn map (`LevelMap::from_rows`, a kind's `map:`)
    /// writes it with; None for a tile a drawing never names (a corner is
    /// drawn `-` and typed by the walls around it).
    pub drawn_as: Option<char>,
    /// Its symbol in NetHack's `DECgraphics` symset (line drawing), where
    /// that differs from the glyph.
    pub dec: Option<char>,
    /// Its colour in NetHack's sixteen, as the terminal draws it.
    pub hue: Hue,
    /// Can a creature stand here?
    pub walkable: bool,
    /// Does it stop sight? What can't be stood on does, but iron bars.
    pub stops_sight: bool,
    /// Walls, doors and secret doors.
    pub class: TileClass,
    /// Is it solid stone to a drawing laid on a cave and to a pick: rock, a
    /// wall or a secret door (never a tree or bars)?
    pub solid: bool,
    /// Worth stopping for: a run stops beside it, and stepping on it says
    /// so ("There is a fountain here."), which stops travel too.
    pub worth_a_stop: bool,
    /// Said when you stand on it: "There is a staircase down here." (the
    /// row's name with its article).
    pub said_here: bool,
    /// Why a pick can't dig down through it, if it can't.
    pub dig_down: Option<&'static str>,
    /// The tile's forms in a horizontal wall and in a vertical one, for a
    /// door or secret door that takes the form of the wall it stands in.
    pub in_wall: Option<(Tile, Tile)>,
    /// Its tile in `assets/tiles.png`; its overlay look is 16 further on.
    pub look: u32,
}

/// A row of plain terrain: its name, glyph, drawn character, whether it is
/// walked on, and its look; the rest as the chained setters say.
const fn row(
    name: &'static str,
    glyph: char,
    drawn_as: Option<char>,
    walkable: bool,
    look: u32,
) -> TileRow {
    TileRow {
        // Set from the row's place in the list.
        tile: Tile::Rock,
        name,
        article: Article::A,
        glyph,
        drawn_as,
        dec: None,
        hue: Hue::Grey,
        walkable,
        stops_sight: !walkable,
        class: TileClass::Plain,
        solid: false,
        worth_a_stop: false,
        said_here: false,
        dig_down: None,
        in_wall: None,
        look,
    }
}

/// A wall: solid, its DEC line, drawn `glyph` and typed by its joins.
const fn wall(glyph: char, dec: char, look: u32) -> TileRow {
    row("wall", glyph, None, false, look)
        .dec(dec)
        .class(TileClass::Wall)
        .solid()
}

impl TileRow {
    /// Seen through though it can't be stood on (iron bars).
    const fn seen_through(self) -> TileRow {
        TileRow {
            stops_sight: false,
            ..self
        }
    }

    const fn article(self, article: Article) -> TileRow {
        TileRow { article, ..self }
    }

    const fn dec(self, dec: char) -> TileRow {
        TileRow {
            dec: Some(dec),
            ..self
        }
    }

    const fn hue(self, hue: Hue) -> TileRow {
        TileRow { hue, ..self }
    }

    const fn class(self, class: TileClass) -> TileRow {
        TileRow { class, ..self }
    }

    const fn solid(self) -> TileRow {
        TileRow {
            solid: true,
            ..self
        }
    }

    /// Worth a stop, and said when stood on.
    const fn feature(self) -> TileRow {
        TileRow {
            worth_a_stop: true,
            said_here: true,
            ..self
        }
    }

    /// Worth a stop, but not said when stood on.
    const fn worth_a_stop(self) -> TileRow {
        TileRow {
            worth_a_stop: true,
            ..self
        }
    }

    const fn dig_down(self, why: &'static str) -> TileRow {
        TileRow {
            dig_down: Some(why),
            ..self
        }
    }

    const fn in_wall(self, horizontal: Tile, vertical: Tile) -> TileRow {
        TileRow {
            in_wall: Some((horizontal, vertical)),
            ..self
        }
    }
}

/// The [`Tile`] enum and its rows, [`TILES`], from one list: each line a
/// variant (with its doc) and its row.
macro_rules! terrain_table {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident: $row:expr;
    )*) => {
        /// A cell of the map: the generator's tiles first (rock, floor, the
        /// wall types, the stairs), in the order of their codes, then what
        /// level kinds build. Its row of [`TILES`] says everything about it
        /// ([`Tile::row`]).
        ///
        /// The wall types are NetHack's (`rm.h`): plain horizontal and
        /// vertical walls, four corners, four T-junctions and the cross,
        /// named for the way they join (see `docs/nethack-mines.md`,
        /// "Walls"). A corner or T is named for where it sits: the top-left
        /// corner joins walls to its east and south.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[repr(u8)]
        pub enum Tile {
            $( $(#[doc = $doc])* $name, )*
        }

        /// Every tile, in [`Tile`]'s order: the generator's, then the built
        /// ones.
        pub const TILES: &[TileRow] = &[ $( TileRow { tile: Tile::$name, ..$row } ),* ];

        impl Tile {
            /// The tile numbered `n` in [`Tile`]'s order, if any. A match, not
            /// a table: the compiler sees it is the number itself.
            #[inline(always)]
            const fn numbered(n: u8) -> Option<Tile> {
                match n {
                    $( n if n == Tile::$name as u8 => Some(Tile::$name), )*
                    _ => None,
                }
            }
        }
    };
}

terrain_table! {
    /// Solid rock, drawn blank.
    Rock: row("stone", ' ', Some(' '), false, 0).article(Article::Bare).solid();
    /// Walkable floor (NetHack's ROOM).
    Floor: row("floor", '.', Some('.'), true, 1).article(Article::The).dec('·');
    /// `─`, drawn `-`.
    HWall: TileRow { drawn_as: Some('-'), ..wall('-', '─', 4) };
    /// `│`, drawn `|`.
    VWall: TileRow { drawn_as: Some('|'), ..wall('|', '│', 5) };
    /// `┌`: joins east and south. Drawn `-`, as all corners.
    TopLeftCorner: wall('-', '┌', 6);
    /// `┐`: joins west and south.
    TopRightCorner: wall('-', '┐', 7);
    /// `└`: joins north and east.
    BottomLeftCorner: wall('-', '└', 8);
    /// `┘`: joins north and west.
    BottomRightCorner: wall('-', '┘', 9);
    /// `┼`: joins all four ways. Drawn `-`.
    CrossWall: wall('-', '┼', 10);
    /// `┴`: joins west, east and north. Drawn `-`.
    TUpWall: wall('-', '┴', 11);
    /// `┬`: joins west, east and south. Drawn `-`.
    TDownWall: wall('-', '┬', 12);
    /// `┤`: joins north, south and west. Drawn `|`.
    TLeftWall: wall('|', '┤', 13);
    /// `├`: joins north, south and east. Drawn `|`.
    TRightWall: wall('|', '├', 14);
    /// The up staircase.
    UpStairs: row("staircase up", '<', Some('<'), true, 2)
        .feature()
        .dig_down("The stairs are too hard to dig in.");
    /// The down staircase.
    DownStairs: row("staircase down", '>', Some('>'), true, 3)
        .feature()
        .dig_down("The stairs are too hard to dig in.");
    // Built by level kinds, never by the generator:
    /// `_`, where a priest tends their god.
    Altar: row("altar", '_', Some('_'), true, 48)
        .feature()
        .dig_down("The altar is too hard to dig in.");
    /// `{`.
    Fountain: row("fountain", '{', Some('{'), true, 49)
        .hue(Hue::Blue)
        .feature()
        .dig_down("The fountain is too hard to dig in.");
    /// `+`: stops creatures and sight until opened.
    DoorClosed: row("closed door", '+', Some('+'), false, 50)
        .hue(Hue::Brown)
        .class(TileClass::Door)
        .worth_a_stop();
    /// An open door in a horizontal wall, drawn `|` as NetHack draws it
    /// (across its wall). A drawing writes `'` for either open door; the
    /// wall around it says which.
    DoorOpenInHWall: row("open door", '|', None, true, 51)
        .hue(Hue::Brown)
        .class(TileClass::Door)
        .worth_a_stop()
        .in_wall(Tile::DoorOpenInHWall, Tile::DoorOpenInVWall);
    /// An open door in a vertical wall, drawn `-`.
    DoorOpenInVWall: row("open door", '-', Some('\''), true, 52)
        .hue(Hue::Brown)
        .class(TileClass::Door)
        .worth_a_stop()
        .in_wall(Tile::DoorOpenInHWall, Tile::DoorOpenInVWall);
    /// `#`: a tunnel dug through rock (NetHack's CORR).
    Corridor: row("corridor", '#', Some('#'), true, 53).dec('▒');
    /// A secret door in a horizontal wall: it looks and acts like the wall
    /// (drawn `-`) until a search finds it, when it is a closed door. A
    /// drawing writes `S` for either secret door.
    SecretDoorInHWall: row("wall", '-', None, false, 4)
        .dec('─')
        .class(TileClass::SecretDoor)
        .solid()
        .in_wall(Tile::SecretDoorInHWall, Tile::SecretDoorInVWall);
    /// A secret door in a vertical wall, drawn `|` until found.
    SecretDoorInVWall: row("wall", '|', Some('S'), false, 5)
        .dec('│')
        .class(TileClass::SecretDoor)
        .solid()
        .in_wall(Tile::SecretDoorInHWall, Tile::SecretDoorInVWall);
    /// A tree (NetHack's `#`, green): stops creatures and sight.
    Tree: row("tree", '#', Some('T'), false, 54).hue(Hue::Green);
    /// A kitchen sink (NetHack's `#`, gray): stood on like floor.
    Sink: row("sink", '#', Some('K'), true, 55).worth_a_stop();
    /// Iron bars (NetHack's `#`, cyan, `F` in a level's map): stop
    /// creatures, not sight.
    IronBars: row("iron bars", '#', Some('F'), false, 56)
        .article(Article::Bare)
        .hue(Hue::Cyan)
        .seen_through();
}

/// The first row of what level kinds build: the generator makes the tiles
/// before it, its codes being their numbers.
pub(crate) const FIRST_BUILT: usize = Tile::Altar as usize;

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

    /// Every tile the generator makes, in the order of its codes.
    pub const ALL: [Tile; FIRST_BUILT] = {
        let mut all = [Tile::Rock; FIRST_BUILT];
        let mut i = 0;
        while i < all.len() {
            all[i] = TILES[i].tile;
            i += 1;
        }
        all
    };

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

    /// The tile the generator's code `code` stands for (its number, below
    /// [`FIRST_BUILT`]); past them, rock. The generator builds tiles as
    /// small codes 64 cells at a time.
    #[inline(always)]
    pub(crate) fn from_code(code: u8) -> Tile {
        let code = if (code as usize) < FIRST_BUILT {
            code
        } else {
            0
        };
        match Tile::numbered(code) {
            Some(tile) => tile,
            None => Tile::Rock,
        }
    }

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
    pub(crate) fn from_glyph(c: char) -> Option<Tile> {
        Tile::drawn_as(c)
    }

    /// A secret door, not yet found.
    pub fn is_secret_door(self) -> bool {
        self.row().class == TileClass::SecretDoor
    }

    /// Does it stop sight? Rock, walls, trees and closed doors do; iron
    /// bars don't (its row says).
    pub(crate) fn blocks_sight(self) -> bool {
        self.row().stops_sight
    }

    /// A door, open or closed.
    pub fn is_door(self) -> bool {
        self.row().class == TileClass::Door
    }

    /// Is it one of the wall types?
    pub fn is_wall(self) -> bool {
        self.row().class == TileClass::Wall
    }

    /// Its form in the wall it stands in: a door or secret door drawn in a
    /// horizontal wall (`horizontal`) or a vertical one; any other tile is
    /// itself.
    pub fn in_wall(self, horizontal: bool) -> Tile {
        match self.row().in_wall {
            Some((h, _)) if horizontal => h,
            Some((_, v)) => v,
            None => self,
        }
    }

    /// How `;` names it: "a fountain", "the floor", "iron bars".
    pub fn named(self) -> String {
        let row = self.row();
        match row.article {
            Article::A => {
                let an = row.name.starts_with(['a', 'e', 'i', 'o', 'u']);
                format!("{} {}", if an { "an" } else { "a" }, row.name)
            }
            Article::The => format!("the {}", row.name),
            Article::Bare => row.name.to_string(),
        }
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
                    assert_eq!(a.dec, b.dec, "an unfound door is its wall in DEC too");
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

    /// The rows' own rules: the generator's codes are the tiles' numbers;
    /// solid is rock, walls and secret doors; what is said when stood on is
    /// worth a stop; a form in a wall is a pair of the tile's own kind, the
    /// tile one of them.
    #[test]
    fn the_rows_keep_their_rules() {
        for code in 0..=u8::MAX {
            let t = Tile::from_code(code);
            if usize::from(code) < FIRST_BUILT {
                assert_eq!(t as u8, code);
            } else {
                assert_eq!(t, Tile::Rock, "{code}");
            }
        }
        for r in TILES {
            let t = r.tile;
            let stone = t == Tile::Rock || t.is_wall() || t.is_secret_door();
            assert_eq!(r.solid, stone, "{t:?}");
            assert!(!r.said_here || r.worth_a_stop, "{t:?}");
            assert!(!r.solid || !r.walkable, "{t:?}");
            if let Some((h, v)) = r.in_wall {
                assert!(t == h || t == v, "{t:?}");
                assert_eq!(h.row().class, r.class);
                assert_eq!(v.row().class, r.class);
                assert_eq!((t.in_wall(true), t.in_wall(false)), (h, v));
            }
        }
        assert_eq!(Tile::Floor.named(), "the floor");
        assert_eq!(Tile::Rock.named(), "stone");
        assert_eq!(Tile::IronBars.named(), "iron bars");
        assert_eq!(Tile::Altar.named(), "an altar");
        assert_eq!(Tile::DoorClosed.named(), "a closed door");
    }
}
