//! A level drawn by hand in the content file, as NetHack's special levels are
//! drawn in their level files: its kind row's settings give the rows, and its
//! walls get their types as generated ones do. Every Minetown and every Mines'
//! End is one of these.
//!
//! Its settings:
//! - `map: ["-----", "|<..|", ...]`, one string per row: ` ` rock, `.` floor,
//!   `-` `|` walls, `<` `>` stairs, `+` a closed door, `'` an open one, `S` a
//!   secret door, `{` a fountain, `_` an altar, `#` a corridor, `T` a tree,
//!   `K` a sink, `F` iron bars, `D` a door in a random state (NetHack's
//!   `des.door("random", x, y)`: no door, broken, open, closed or locked,
//!   each one time in five). A character `spots` names is floor set aside
//!   under that name, for the stocking lines placed `At(name)` or
//!   `Pile(name)`.
//! - `spots: {'a': "temple", ...}`: those names.
//! - `shuffle: ["123"]`: each string's letters deal their names out among
//!   themselves at random (NetHack's `shuffle(place)`), so which niche holds
//!   the luckstone changes from run to run.
//! - `on_cave: true`: the drawing is laid in the middle of a mines cave of
//!   the run's size (Orcish Town, Bustling Town); its ` ` cells keep the cave.
//!   Without it the drawing is the whole level, at its own size.
//! - `lit: ["town", ...]`: the level is dark but for these spots' cells and
//!   their walls; `["*"]`: every cell of the drawing. Empty: the kind's `lit`
//!   roll lights the level or not.
//! - `lit_at_random: ["house", ...]`: each room of these spots (each group
//!   of their cells that touch) lit on its own roll, as NetHack lights a room
//!   drawn with no `lit` (`litstate_rnd`): unless rnd(1 + Dlvl) comes to 11 or
//!   more, lit 76 times in 77, so nearly always in the upper Mines.
//! - `locked_doors: true`: its doors, closed or secret, are locked
//!   (NetHack's `des.door("locked", ...)`): a kick or digging breaks them.
//! - `locked_rooms: ["locked_house"]`: the doors into these spots' rooms
//!   (a closed or secret door next to one of their cells) are locked, the
//!   others not (Town Square's three `des.door("locked", ...)`).
//! - `undiggable: true`: no wall of it can be dug; rock and secret doors can.
//! - `undiggable_areas: [(0, 0, 52, 17)]`: nothing in these rectangles of the
//!   drawing (first and last column, first and last row, before any flip) can
//!   be dug, rock or wall, secret doors aside (NetHack's `des.non_diggable`,
//!   which marks stone as well as walls; so no buried treasure lies there
//!   either).
//! - `maze: Some((start: (37, 7), through: "123{"))`: the drawing's `~` cells are
//!   rock for a maze carved afresh each game from `start` (NetHack's
//!   `des.mazewalk`, `kinds/mazewalk.rs`); what it leaves is wall. Cells
//!   drawn with a character of `through` are carved through too and keep
//!   what they are drawn as (a dead end's spot, a fountain in the maze).
//! - `flip: true`: flipped left-right and top-bottom, each on a roll of 1 in
//!   2 from the level's seed, as NetHack 3.7 flips its special levels.
//! - `altar: Unaligned`: its altar is no god's; by default it is lawful,
//!   neutral or chaotic, drawn from the level's seed.
//! - `engravings: {"warning": "Trespassers will be persecuted!"}`: words
//!   engraved on each cell of a spot, read when you step there.
//! - `optional: Some((percent: 75, letters: "abc", floor: ','))`: the room
//!   of each of these spot letters is drawn `percent` times in 100, each on
//!   its own roll (NetHack's `if percent(75) then des.room(...)`: Town
//!   Square's twelve houses, Bazaar Town's eleven). A room left out is
//!   `floor`, and so are its walls and doors, but those it shares with a
//!   room drawn or that face rock, and so is a feature drawn inside it
//!   (Bazaar Town's sink).
//! - `shops: [("candle_shop", "candle_keeper", "lighting store")]`: a shop's
//!   floor spot, its keeper's spot and what it is; its door is the door
//!   beside its floor. Its keeper greets you there and keeps you out while
//!   you carry a pick (`src/dungeon/rules/shop.rs`).

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::dungeon::content::KindRow;
use crate::dungeon::hero::rows::Alignment;
use crate::dungeon::kinds::cave::Cave;
use crate::dungeon::kinds::kind::{KindContext, LevelKind, Made};
use crate::dungeon::level::Shop;
use crate::dungeon::seeds::named_stream_seed;
use crate::generation::walls::{fix_wall_types, wall_tiles};
use crate::generation::{BitGrid, Dir, GenerateError, LevelMap, MineRng, Pos, Tile, params};

/// The builder of levels drawn in the content file.
pub(crate) struct Drawn;

/// The drawn builder's settings.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Settings {
    map: Vec<String>,
    #[serde(default)]
    spots: BTreeMap<char, String>,
    #[serde(default)]
    shuffle: Vec<String>,
    #[serde(default)]
    on_cave: bool,
    #[serde(default)]
    lit: Vec<String>,
    #[serde(default)]
    lit_at_random: Vec<String>,
    #[serde(default)]
    undiggable: bool,
    #[serde(default)]
    locked_doors: bool,
    #[serde(default)]
    locked_rooms: Vec<String>,
    #[serde(default)]
    undiggable_areas: Vec<(usize, usize, usize, usize)>,
    #[serde(default)]
    flip: bool,
    #[serde(default)]
    maze: Option<Maze>,
    #[serde(default)]
    altar: Altar,
    #[serde(default)]
    engravings: BTreeMap<String, String>,
    #[serde(default)]
    shops: Vec<(String, String, String)>,
    #[serde(default)]
    optional: Option<Optional>,
}

/// Rooms drawn only on a roll.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Optional {
    /// How often each is drawn, in 100.
    percent: u32,
    /// The spot letters of the rooms, each rolled in this order.
    letters: String,
    /// What a room left out becomes.
    floor: char,
}

impl Optional {
    /// The letters of the rooms left out this time.
    fn roll(&self, rng: &mut MineRng) -> Vec<char> {
        self.letters
            .chars()
            .filter(|_| rng.rn2(100) as u32 >= self.percent)
            .collect()
    }
}

/// Rows with the rooms of `left_out` letters taken away: their cells are
/// `floor`, and so are the walls and doors round them that touch nothing
/// but street, those rooms and other walls (a wall shared with a room still
/// drawn, or facing rock, stays). A feature drawn inside a room (Bazaar
/// Town's kitchen sink: one touching that room's cells and no other floor)
/// is of that room: it goes with it, or holds its walls up.
fn leave_out(
    rows: &mut [Vec<char>],
    left_out: &[char],
    floor: char,
    spots: &BTreeMap<char, String>,
) {
    let at = |rows: &[Vec<char>], x: i32, y: i32| -> Option<char> {
        rows.get(usize::try_from(y).ok()?)?
            .get(usize::try_from(x).ok()?)
            .copied()
    };
    let is_edge = |c: char| matches!(c, '-' | '|' | '+' | 'S');
    let around =
        |x: i32, y: i32| (-1..=1).flat_map(move |dx| (-1..=1).map(move |dy| (x + dx, y + dy)));
    // Each cell as a room's letter: its own, or a feature's room.
    let room_of = |rows: &[Vec<char>], x: i32, y: i32| -> Option<char> {
        let c = at(rows, x, y)?;
        if c == ' ' || is_edge(c) || spots.contains_key(&c) {
            return Some(c);
        }
        let mut rooms = around(x, y)
            .filter_map(|(nx, ny)| at(rows, nx, ny))
            .filter(|n| spots.contains_key(n));
        let first = rooms.next()?;
        (first != floor && rooms.all(|n| n == first))
            .then_some(first)
            .or(Some(c))
    };
    let (height, width) = (rows.len() as i32, rows.first().map_or(0, Vec::len) as i32);
    let cells: Vec<(i32, i32)> = (0..height)
        .flat_map(|y| (0..width).map(move |x| (x, y)))
        .collect();
    let gone = |x: i32, y: i32| room_of(rows, x, y).is_some_and(|c| left_out.contains(&c));
    // Something that holds a wall up: rock, or a cell of a room drawn.
    let holds = |x: i32, y: i32| {
        room_of(rows, x, y).is_some_and(|c| {
            c == ' ' || (spots.contains_key(&c) && c != floor && !left_out.contains(&c))
        })
    };
    let erased: Vec<(i32, i32)> = cells
        .iter()
        .copied()
        .filter(|&(x, y)| {
            let edge = at(rows, x, y).is_some_and(is_edge);
            edge && around(x, y).any(|(nx, ny)| gone(nx, ny))
                && !around(x, y).any(|(nx, ny)| holds(nx, ny))
        })
        .chain(cells.iter().copied().filter(|&(x, y)| gone(x, y)))
        .collect();
    for (x, y) in erased {
        rows[y as usize][x as usize] = floor;
    }
}

/// A maze carved through a drawing's `~` cells.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Maze {
    /// Where the walk starts, on the drawing as written.
    start: (usize, usize),
    /// Drawn characters the walk carves through, keeping what they are.
    #[serde(default)]
    through: String,
}

/// A drawing's maze rock, carved or left as wall.
const MAZE_ROCK: char = '~';

/// A drawing's door in a random state.
const RANDOM_DOOR: char = 'D';

/// Whose a drawn altar is.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
enum Altar {
    /// One of the three alignments, drawn from the level's seed (NetHack's
    /// `align[1]`: the three shuffled for each level).
    #[default]
    Aligned,
    /// No god's (Orcish Town's defiled altar, NetHack's `noalign`).
    Unaligned,
}

impl Altar {
    /// The altar's god: one of the three drawn, or none.
    fn roll(self, rng: &mut MineRng) -> Alignment {
        match self {
            Altar::Unaligned => Alignment::Unaligned,
            Altar::Aligned => {
                [Alignment::Lawful, Alignment::Neutral, Alignment::Chaotic][rng.rn2(3) as usize]
            }
        }
    }
}

/// Every lit spot: `lit: ["*"]`.
const ALL: &str = "*";

/// A drawing read: its tiles, and each cell's spot letter.
struct Drawing {
    width: usize,
    height: usize,
    /// Column-major, as [`LevelMap`]'s; `None`: a ` ` that keeps the cave.
    tiles: Vec<Option<Tile>>,
    letters: Vec<Option<char>>,
    /// Rock for the maze walk (`~`, and the maze's `through` cells).
    maze: Vec<bool>,
    /// Doors whose state is rolled each game (`D`).
    random_doors: Vec<bool>,
}

impl Drawing {
    fn index(&self, x: usize, y: usize) -> usize {
        x * self.height + y
    }
}

/// What a drawn character is: floor set aside under a spot's letter, or a
/// tile as its row of `generation::TILES` draws it (a secret door `S` and an
/// open door `'` are typed by their wall below); a letter that is neither is
/// no tile.
fn read_char(c: char, spots: &BTreeMap<char, String>) -> Option<(Tile, Option<char>)> {
    if spots.contains_key(&c) {
        return Some((Tile::Floor, Some(c)));
    }
    Some((Tile::drawn_as(c)?, None))
}

impl Settings {
    fn of(row: &KindRow) -> Result<Settings, String> {
        let text = row
            .settings
            .as_deref()
            .ok_or("the drawn builder needs settings: (map: [...])")?;
        ron::from_str(text).map_err(|e| format!("settings: {}", e.code))
    }

    /// The rows, flipped as `flips` says (left-right, top-bottom).
    fn rows(&self, (lr, tb): (bool, bool)) -> Vec<Vec<char>> {
        let mut rows: Vec<Vec<char>> = self.map.iter().map(|r| r.chars().collect()).collect();
        if lr {
            rows.iter_mut().for_each(|r| r.reverse());
        }
        if tb {
            rows.reverse();
        }
        rows
    }

    fn drawing(&self, flips: (bool, bool), left_out: &[char]) -> Result<Drawing, String> {
        let mut rows = self.rows(flips);
        if let Some(optional) = &self.optional {
            leave_out(&mut rows, left_out, optional.floor, &self.spots);
        }
        let height = rows.len();
        let width = rows.first().map_or(0, Vec::len);
        if rows.iter().any(|r| r.len() != width) {
            return Err("map: every row must be as long as the first".into());
        }
        let mut d = Drawing {
            width,
            height,
            tiles: vec![None; width * height],
            letters: vec![None; width * height],
            maze: vec![false; width * height],
            random_doors: vec![false; width * height],
        };
        let through = self.maze.as_ref().map_or("", |m| m.through.as_str());
        for (y, row) in rows.iter().enumerate() {
            for (x, &c) in row.iter().enumerate() {
                let i = d.index(x, y);
                if c == MAZE_ROCK && self.maze.is_some() {
                    d.tiles[i] = Some(Tile::Rock);
                    d.maze[i] = true;
                    continue;
                }
                if c == RANDOM_DOOR && !self.spots.contains_key(&c) {
                    d.tiles[i] = Some(Tile::DoorClosed);
                    d.random_doors[i] = true;
                    continue;
                }
                let (tile, letter) = read_char(c, &self.spots).ok_or_else(|| {
                    format!("map: '{c}' at column {x}, row {y} is no tile and has no name in spots")
                })?;
                d.tiles[i] = (c != ' ' || !self.on_cave).then_some(tile);
                d.letters[i] = letter;
                d.maze[i] = through.contains(c);
            }
        }
        Ok(d)
    }

    /// Whether the drawing is flipped left-right and top-bottom: each on a
    /// roll of 1 in 2 when it may be.
    fn roll_flips(&self, rng: &mut MineRng) -> (bool, bool) {
        if self.flip {
            (rng.rn2(2) == 1, rng.rn2(2) == 1)
        } else {
            (false, false)
        }
    }

    /// The spot names, each string of `shuffle` dealt out among its letters.
    fn names(&self, rng: &mut MineRng) -> BTreeMap<char, String> {
        let mut names = self.spots.clone();
        for group in &self.shuffle {
            let letters: Vec<char> = group.chars().collect();
            let mut dealt: Vec<String> = letters.iter().map(|l| names[l].clone()).collect();
            // Fisher-Yates, as NetHack's shuffle.
            for i in (1..dealt.len()).rev() {
                let j = rng.rn2(i as u64 + 1) as usize;
                dealt.swap(i, j);
            }
            for (l, name) in letters.into_iter().zip(dealt) {
                names.insert(l, name);
            }
        }
        names
    }
}

/// Carve the drawing's maze from `start` (NetHack's `des.mazewalk`): its
/// rock carved becomes floor, its `through` cells keep their drawn tiles,
/// and the rock the walk left is wall.
fn carve_maze(d: &mut Drawing, start: (usize, usize), rng: &mut MineRng) {
    let (w, h) = (d.width, d.height);
    let mut grid = BitGrid::new(w, h);
    for x in 0..w {
        for y in 0..h {
            grid.set(x, y, !d.maze[d.index(x, y)]);
        }
    }
    let inside = (0..=w - 1, 0..=h - 1);
    crate::dungeon::kinds::mazewalk::MazeWalk { start }.carve(&mut grid, inside, rng);
    for x in 0..w {
        for y in 0..h {
            let i = d.index(x, y);
            if !d.maze[i] {
                continue;
            }
            let carved = grid.get(x, y);
            d.tiles[i] = Some(match (d.tiles[i], carved) {
                (Some(Tile::Rock), true) => Tile::Floor,
                // A `through` cell the walk reached keeps its tile.
                (Some(t), true) => t,
                // Uncarved (or nothing drawn): the maze's wall.
                (Some(_), false) | (None, _) => Tile::HWall,
            });
            if !carved {
                d.letters[i] = None;
            }
        }
    }
}

/// Light the cell `p` of `map` and the walls around it, as a lit room's
/// (`lit` in map index order).
fn light_around(map: &LevelMap, lit: &mut [bool], p: Pos) {
    for dx in -1..=1 {
        for dy in -1..=1 {
            let q = p.offset(dx, dy);
            if map.contains(q) {
                lit[map.index(q)] = true;
            }
        }
    }
}

/// NetHack's `litstate_rnd` for a room drawn with no light of its own, at
/// dungeon level `dlvl`.
fn litstate_rnd(dlvl: u32, rng: &mut MineRng) -> bool {
    rng.rnd(1 + dlvl as u64) < 11 && rng.rn2(77) != 0
}

/// `cells` grouped into rooms: the groups of cells that touch (8 ways), each
/// in the order its first cell comes in `cells`.
fn rooms(cells: &[Pos]) -> Vec<Vec<Pos>> {
    let mut left: Vec<Pos> = cells.to_vec();
    let mut rooms = Vec::new();
    while !left.is_empty() {
        let mut room = vec![left.remove(0)];
        let mut i = 0;
        while i < room.len() {
            let p = room[i];
            let (near, far): (Vec<Pos>, Vec<Pos>) = left
                .into_iter()
                .partition(|q| (q.x - p.x).abs() <= 1 && (q.y - p.y).abs() <= 1);
            room.extend(near);
            left = far;
            i += 1;
        }
        rooms.push(room);
    }
    rooms
}

/// Cell `(x, y)` of a `w` × `h` drawing as written, flipped as `flips` says
/// (left-right, top-bottom).
fn flipped(flips: (bool, bool), (w, h): (usize, usize), (x, y): (usize, usize)) -> (usize, usize) {
    (
        if flips.0 { w - 1 - x } else { x },
        if flips.1 { h - 1 - y } else { y },
    )
}

/// A drawing laid on its level: its spot names dealt, its flips, and the
/// level's cell under its top left.
struct Laid<'a> {
    drawing: &'a Drawing,
    names: &'a BTreeMap<char, String>,
    origin: Pos,
    flips: (bool, bool),
}

impl Laid<'_> {
    /// The level's cell under the drawing's cell `(x, y)`.
    fn at(&self, x: usize, y: usize) -> Pos {
        Pos::new(self.origin.x + x as i32, self.origin.y + y as i32)
    }

    /// The cells set aside under each spot's name, column by column.
    fn spots(&self) -> BTreeMap<String, Vec<Pos>> {
        let d = self.drawing;
        let mut spots: BTreeMap<String, Vec<Pos>> = BTreeMap::new();
        for x in 0..d.width {
            for y in 0..d.height {
                if let Some(l) = d.letters[d.index(x, y)] {
                    spots
                        .entry(self.names[&l].clone())
                        .or_default()
                        .push(self.at(x, y));
                }
            }
        }
        spots
    }

    /// The level's cells under the drawing's doors of a random state,
    /// column by column.
    fn random_doors(&self) -> Vec<Pos> {
        let d = self.drawing;
        (0..d.width)
            .flat_map(|x| (0..d.height).map(move |y| (x, y)))
            .filter(|&(x, y)| d.random_doors[d.index(x, y)])
            .map(|(x, y)| self.at(x, y))
            .collect()
    }

    /// The cells of `map` lit by `lit` (spot names, or [`ALL`]): each lit
    /// cell of the drawing and the walls around it.
    fn lit_cells(&self, map: &LevelMap, lit: &[String]) -> Vec<bool> {
        let d = self.drawing;
        let mut cells = vec![false; map.len()];
        for x in 0..d.width {
            for y in 0..d.height {
                let i = d.index(x, y);
                let whole = lit.iter().any(|n| n == ALL) && d.tiles[i].is_some();
                let spot = d.letters[i].is_some_and(|l| lit.contains(&self.names[&l]));
                if whole || spot {
                    light_around(map, &mut cells, self.at(x, y));
                }
            }
        }
        cells
    }

    /// Mark the rock and walls of each of `areas` (on the drawing as
    /// written: flipped too) as not to be dug.
    fn mark_undiggable_areas(&self, made: &mut Made, areas: &[(usize, usize, usize, usize)]) {
        let map = &made.map;
        made.nondiggable.resize(map.len(), false);
        let (w, h) = (self.drawing.width, self.drawing.height);
        for &(x1, y1, x2, y2) in areas {
            for x in x1..=x2.min(w - 1) {
                for y in y1..=y2.min(h - 1) {
                    let (fx, fy) = flipped(self.flips, (w, h), (x, y));
                    let p = self.at(fx, fy);
                    if map.tile(p) == Tile::Rock || map.tile(p).is_wall() {
                        made.nondiggable[map.index(p)] = true;
                    }
                }
            }
        }
    }
}

/// Light each room of the `names` spots on its own roll (NetHack's
/// `litstate_rnd`), from a stream of its own.
fn light_rooms_at_random(
    made: &mut Made,
    names: &[String],
    spots: &BTreeMap<String, Vec<Pos>>,
    ctx: &KindContext,
) {
    let mut rng = MineRng::from_seed(named_stream_seed(ctx.level_seed, "lit rooms"));
    made.lit_cells.resize(made.map.len(), false);
    for name in names {
        let cells = spots.get(name).cloned().unwrap_or_default();
        for room in rooms(&cells) {
            if !litstate_rnd(ctx.difficulty, &mut rng) {
                continue;
            }
            for p in room {
                light_around(&made.map, &mut made.lit_cells, p);
            }
        }
    }
}

/// Engrave each spot's words on every cell of it.
fn engrave(
    made: &mut Made,
    engravings: &BTreeMap<String, String>,
    spots: &BTreeMap<String, Vec<Pos>>,
) {
    for (spot, words) in engravings {
        let cells = spots.get(spot).into_iter().flatten();
        made.engravings.extend(cells.map(|&p| (p, words.clone())));
    }
}

/// Each shop of `shops` (its floor spot, its keeper's spot, what it sells)
/// whose keeper's spot is drawn.
fn open_shops(
    made: &mut Made,
    shops: &[(String, String, String)],
    spots: &BTreeMap<String, Vec<Pos>>,
) {
    for (floor, keeper, name) in shops {
        // A shop whose keeper's spot is not drawn (a shop left out of
        // this map) is none.
        let Some(&post) = spots.get(keeper).and_then(|c| c.first()) else {
            continue;
        };
        let mut floor = spots.get(floor).cloned().unwrap_or_default();
        floor.push(post);
        if let Some(shop) = shop_of(&made.map, name, floor, post) {
            made.shops.push(shop);
        }
    }
}

/// Each door of a random state (`D`) as NetHack's `rnddoor()` rolls it,
/// from a stream of its own: no door, broken (both an empty doorway here),
/// open, closed or locked, each one time in five.
fn roll_random_doors(made: &mut Made, doors: &[Pos], ctx: &KindContext) {
    let mut rng = MineRng::from_seed(named_stream_seed(ctx.level_seed, "random doors"));
    for &p in doors {
        match (1u32 << rng.rn2(5)) >> 1 {
            0 | 1 => made.map.set_tile(p, Tile::Floor),
            2 => {
                let open = Tile::DoorOpenInVWall.in_wall(in_h_wall(&made.map, p));
                made.map.set_tile(p, open);
            }
            4 => made.map.set_tile(p, Tile::DoorClosed),
            _ => {
                made.map.set_tile(p, Tile::DoorClosed);
                made.locked.push(p);
            }
        }
    }
}

/// Lock every closed or secret door (`locked_doors`), and those into the
/// `locked_rooms` spots.
fn lock_doors(made: &mut Made, settings: &Settings, spots: &BTreeMap<String, Vec<Pos>>) {
    let map = &made.map;
    let lockable = |p: Pos| map.tile(p) == Tile::DoorClosed || map.tile(p).is_secret_door();
    if settings.locked_doors {
        made.locked = map.cells().filter(|&p| lockable(p)).collect();
    }
    for name in &settings.locked_rooms {
        for &p in spots.get(name).into_iter().flatten() {
            let doors = [Dir::N, Dir::S, Dir::E, Dir::W].map(|d| p.step(d));
            made.locked.extend(
                doors
                    .into_iter()
                    .filter(|&q| map.contains(q) && lockable(q)),
            );
        }
    }
}

impl LevelKind for Drawn {
    fn make(&self, ctx: &KindContext) -> Result<Made, GenerateError> {
        let row = ctx.content.kind(ctx.kind);
        let settings = Settings::of(row).expect("checked content: the settings read");
        let mut rng = MineRng::from_seed(named_stream_seed(ctx.level_seed, "drawn"));
        let flips = settings.roll_flips(&mut rng);
        // Its optional rooms, from a stream of their own.
        let left_out = settings.optional.as_ref().map_or(Vec::new(), |o| {
            o.roll(&mut MineRng::from_seed(named_stream_seed(
                ctx.level_seed,
                "optional rooms",
            )))
        });
        let mut drawing = settings
            .drawing(flips, &left_out)
            .expect("checked content: the map reads");
        if let Some(maze) = &settings.maze {
            let start = flipped(flips, (drawing.width, drawing.height), maze.start);
            let mut stream = MineRng::from_seed(named_stream_seed(ctx.level_seed, "mazewalk"));
            carve_maze(&mut drawing, start, &mut stream);
        }
        let names = settings.names(&mut rng);
        let god = settings.altar.roll(&mut rng);
        let (mut made, origin) = if settings.on_cave {
            let cave = Cave.make(ctx)?;
            let (w, h) = (cave.map.width(), cave.map.height());
            if drawing.width + 2 > w || drawing.height > h {
                // A run too small for the drawing keeps the plain cave.
                return Ok(cave);
            }
            lay_on_cave(cave, &drawing)
        } else {
            (Made::plain(alone(&drawing), None), Pos::new(0, 0))
        };
        let laid = Laid {
            drawing: &drawing,
            names: &names,
            origin,
            flips,
        };
        let spots = laid.spots();
        if !settings.lit.is_empty() {
            made.lit_cells = laid.lit_cells(&made.map, &settings.lit);
        }
        if !settings.lit_at_random.is_empty() {
            light_rooms_at_random(&mut made, &settings.lit_at_random, &spots, ctx);
        }
        if made.map.tiles().contains(&Tile::Altar) {
            made.altar = Some(god);
        }
        engrave(&mut made, &settings.engravings, &spots);
        open_shops(&mut made, &settings.shops, &spots);
        lock_doors(&mut made, &settings, &spots);
        roll_random_doors(&mut made, &laid.random_doors(), ctx);
        if settings.undiggable {
            // The walls hold; plain rock can still be dug, as in the Gnome
            // King's wine cellar, and so can a secret door (NetHack marks
            // only stone and walls undiggable, and breaks through a secret
            // door in any wall).
            made.nondiggable = made.map.tiles().iter().map(|t| t.is_wall()).collect();
        }
        if !settings.undiggable_areas.is_empty() {
            laid.mark_undiggable_areas(&mut made, &settings.undiggable_areas);
        }
        made.spots = spots.into_iter().collect();
        Ok(made)
    }

    /// Only a drawing laid on a cave has the cave's history.
    fn generates(&self, row: &KindRow) -> bool {
        Settings::of(row).is_ok_and(|s| s.on_cave)
    }

    /// Its spots are the settings' own names, not the builder's.
    fn spots_of(&self, row: &KindRow) -> Vec<String> {
        Settings::of(row)
            .map(|s| s.spots.into_values().collect())
            .unwrap_or_default()
    }

    /// The map reads, every letter has a name, the shuffled letters have
    /// names, a drawing alone has an up staircase, and it is no smaller than
    /// 3 × 3 and no larger than the generator's largest.
    fn check(&self, row: &KindRow) -> Result<(), String> {
        let settings = Settings::of(row)?;
        let d = settings.drawing((false, false), &[])?;
        if let Some(optional) = &settings.optional {
            if let Some(l) = optional
                .letters
                .chars()
                .find(|l| !settings.spots.contains_key(l))
            {
                return Err(format!("optional: the letter '{l}' has no name in spots"));
            }
            if optional.percent > 100 {
                return Err(format!(
                    "optional: percent {} is over 100",
                    optional.percent
                ));
            }
        }
        for group in &settings.shuffle {
            if let Some(l) = group.chars().find(|l| !settings.spots.contains_key(l)) {
                return Err(format!("shuffle: the letter '{l}' has no name in spots"));
            }
        }
        for (floor, keeper, _) in &settings.shops {
            for spot in [floor, keeper] {
                if !settings.spots.values().any(|n| n == spot) {
                    return Err(format!("shops: no spot '{spot}' in spots"));
                }
            }
        }
        for spot in settings.engravings.keys() {
            if !settings.spots.values().any(|n| n == spot) {
                return Err(format!("engravings: no spot '{spot}' in spots"));
            }
        }
        if let Some(maze) = &settings.maze {
            let (x, y) = maze.start;
            let row: Option<Vec<char>> = settings.map.get(y).map(|r| r.chars().collect());
            if row.and_then(|r| r.get(x).copied()) != Some(MAZE_ROCK) {
                return Err(format!(
                    "maze: the start ({x}, {y}) is not a '{MAZE_ROCK}' cell of the map"
                ));
            }
        }
        for spot in &settings.lit_at_random {
            if !settings.spots.values().any(|n| n == spot) {
                return Err(format!("lit_at_random: no spot '{spot}' in spots"));
            }
        }
        let (w, h) = (d.width, d.height);
        if w < 3 || h < 3 {
            return Err(format!("the map is too small ({w}x{h})"));
        }
        if w > params::MAX_SIDE || h > params::MAX_SIDE {
            return Err(format!(
                "the map is too large ({w}x{h}; at most {} a side)",
                params::MAX_SIDE
            ));
        }
        for &(x1, y1, x2, y2) in &settings.undiggable_areas {
            if x1 > x2 || y1 > y2 || x2 >= w || y2 >= h {
                return Err(format!(
                    "undiggable_areas: ({x1}, {y1}, {x2}, {y2}) is not a rectangle inside the {w}x{h} map"
                ));
            }
        }
        let ups = d
            .tiles
            .iter()
            .filter(|t| **t == Some(Tile::UpStairs))
            .count();
        if !settings.on_cave && ups != 1 {
            return Err("the map needs an up staircase '<'".into());
        }
        if settings.on_cave && ups > 0 {
            return Err("a map laid on a cave has the cave's stairs, not its own".into());
        }
        Ok(())
    }
}

/// The shop on `floor`: its door is the door next to (not diagonally) one of
/// its cells, and the cell inside the door the one it is next to. None: no
/// door.
fn shop_of(map: &LevelMap, name: &str, floor: Vec<Pos>, post: Pos) -> Option<Shop> {
    let steps = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    let (inside, door) = floor.iter().find_map(|&c| {
        steps
            .iter()
            .map(|&(dx, dy)| c.offset(dx, dy))
            .find(|&d| map.contains(d) && map.tile(d).is_door())
            .map(|d| (c, d))
    })?;
    Some(Shop {
        name: name.to_string(),
        floor,
        post,
        door,
        inside,
    })
}

/// A drawing that is the whole level: walls typed as generated ones are,
/// then each door and secret door typed by the wall it stands in.
fn alone(d: &Drawing) -> LevelMap {
    let tiles = d.tiles.iter().map(|t| t.unwrap_or(Tile::Rock)).collect();
    let mut map = LevelMap::from_tiles(d.width, d.height, tiles).expect("checked: one staircase");
    finish(&mut map);
    map
}

/// Drawn `-` and `|` are first guesses; walls join as generated ones do. A
/// door's look depends on its wall: in a wall running east-west, it is an
/// "in a horizontal wall" door.
fn finish(map: &mut LevelMap) {
    fix_wall_types(map);
    let cells: Vec<Pos> = map.cells().collect();
    for p in cells {
        let t = map.tile(p);
        if t.row().in_wall.is_some() {
            map.set_tile(p, t.in_wall(in_h_wall(map, p)));
        }
    }
}

/// Whether the door at `p` stands in a wall running east-west.
fn in_h_wall(map: &LevelMap, p: Pos) -> bool {
    let walled = |q: Pos| {
        let t = map.tile(q);
        t.is_wall() || t.is_door() || t.is_secret_door()
    };
    walled(p.offset(-1, 0)) || walled(p.offset(1, 0))
}

/// Lay the drawing in the middle of `cave`: the drawing's cells replace the
/// cave's (its ` ` cells keep them), the cave's walls are typed again from
/// the new floor, a staircase the drawing covered moves to the nearest cave
/// floor outside it, and a staircase cut off from the drawing gets a tunnel
/// to it. The cave is at least as large as the drawing.
fn lay_on_cave(mut cave: Made, d: &Drawing) -> (Made, Pos) {
    let (w, h) = (cave.map.width(), cave.map.height());
    let origin = Pos::new(((w - d.width) / 2) as i32, ((h - d.height) / 2) as i32);
    let drawn_at = |p: Pos| -> Option<Tile> {
        let (x, y) = (p.x - origin.x, p.y - origin.y);
        if x < 0 || y < 0 || x as usize >= d.width || y as usize >= d.height {
            return None;
        }
        d.tiles[d.index(x as usize, y as usize)]
    };
    let old = cave.map.clone();
    // The floor the cave's walls are typed from: the cave's, and the drawing's
    // walkable cells and doors.
    let mut floor = BitGrid::new(w, h);
    for p in old.cells() {
        let open = match drawn_at(p) {
            Some(t) => !t.row().solid,
            None => old.is_walkable(p),
        };
        floor.set(p.x as usize, p.y as usize, open);
    }
    let mut tiles = wall_tiles(&floor);
    let index = |p: Pos| p.x as usize * h + p.y as usize;
    for p in old.cells() {
        if let Some(t) = drawn_at(p) {
            tiles[index(p)] = t;
        }
    }
    // The cave's stairs, where the drawing left room for them.
    let mut stairs = Vec::new();
    for s in [old.up_stairs(), old.down_stairs()].into_iter().flatten() {
        let spot = match drawn_at(s) {
            None => s,
            Some(_) => nearest_cave_floor(&old, s, &drawn_at, &stairs).unwrap_or(s),
        };
        tiles[index(spot)] = old.tile(s);
        stairs.push(spot);
    }
    let mut map = LevelMap::from_tiles(w, h, tiles).expect("one staircase of each kind");
    let centre = Pos::new(
        origin.x + d.width as i32 / 2,
        origin.y + d.height as i32 / 2,
    );
    // A drawing ringed by open ground (Orcish Town's, whose wall has no way
    // in) is reached at its ring; any other at its middle.
    let ring: Vec<Pos> = (0..d.width as i32)
        .flat_map(|x| (0..d.height as i32).map(move |y| (x, y)))
        .filter(|&(x, y)| x == 0 || y == 0 || x == d.width as i32 - 1 || y == d.height as i32 - 1)
        .map(|(x, y)| Pos::new(origin.x + x, origin.y + y))
        .collect();
    let ringed = ring
        .iter()
        .all(|&p| drawn_at(p).is_some_and(Tile::is_walkable));
    for s in stairs {
        let to = match ring.iter().min_by_key(|&&p| (p.distance(s), p.x, p.y)) {
            Some(&p) if ringed => p,
            _ => centre,
        };
        tunnel_if_cut_off(&mut map, s, to, &drawn_at);
    }
    finish(&mut map);
    if let Some(history) = cave.history.as_mut() {
        let changed: Vec<Pos> = map
            .cells()
            .filter(|&p| map.tile(p) != old.tile(p))
            .collect();
        history.mark_built(changed);
    }
    cave.map = map;
    (cave, origin)
}

/// The cave floor nearest `from` that the drawing leaves alone and no
/// staircase in `taken` stands on.
fn nearest_cave_floor(
    cave: &LevelMap,
    from: Pos,
    drawn_at: &impl Fn(Pos) -> Option<Tile>,
    taken: &[Pos],
) -> Option<Pos> {
    cave.cells()
        .filter(|&p| cave.tile(p) == Tile::Floor && drawn_at(p).is_none() && !taken.contains(&p))
        .min_by_key(|&p| (p.distance(from), p.x, p.y))
}

/// A staircase that can't walk to `centre` (the drawing's middle, or its
/// ring) gets a straight tunnel of floor toward it, row first, then column,
/// until it meets floor that can. Rare; it keeps every level walkable from
/// stairs to stairs.
fn tunnel_if_cut_off(
    map: &mut LevelMap,
    stair: Pos,
    centre: Pos,
    drawn_at: &impl Fn(Pos) -> Option<Tile>,
) {
    let reach = crate::dungeon::kinds::kind::walk_distances(map, centre);
    if reach[map.index(stair)].is_some() {
        return;
    }
    let mut p = stair;
    while p != centre {
        if p.x != centre.x {
            p.x += (centre.x - p.x).signum();
        } else {
            p.y += (centre.y - p.y).signum();
        }
        if reach[map.index(p)].is_some() {
            break;
        }
        // Through the cave's rock and walls, and the drawing's walls.
        let t = map.tile(p);
        if !t.is_walkable() && (drawn_at(p).is_none() || t.is_wall()) {
            map.set_tile(p, Tile::Floor);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_room_left_out_takes_its_own_walls_door_and_sink_and_keeps_the_shared_wall() {
        let grid = |rows: &[&str]| -> Vec<Vec<char>> {
            rows.iter().map(|r| r.chars().collect()).collect()
        };
        let mut rows = grid(&[
            ",,,,,,,,,",
            ",-------,",
            ",|Ks|aa|,",
            ",|ss|aa|,",
            ",--+--+-,",
            ",,,,,,,,,",
        ]);
        let spots: BTreeMap<char, String> = [(',', "town"), ('s', "sink_house"), ('a', "house")]
            .into_iter()
            .map(|(c, n)| (c, n.to_string()))
            .collect();
        leave_out(&mut rows, &['s'], ',', &spots);
        assert_eq!(
            rows,
            grid(&[
                ",,,,,,,,,",
                ",,,,----,",
                ",,,,|aa|,",
                ",,,,|aa|,",
                ",,,,--+-,",
                ",,,,,,,,,",
            ])
        );
        // The sink's room kept, its neighbour left out: the corner they
        // share touches no cell of the sink's room but the sink, and stays.
        let mut rows = grid(&[
            ",,,,,,,,,",
            ",-------,",
            ",|aa|Ks|,",
            ",|aa|ss|,",
            ",--+--+-,",
            ",,,,,,,,,",
        ]);
        leave_out(&mut rows, &['a'], ',', &spots);
        assert_eq!(
            rows,
            grid(&[
                ",,,,,,,,,",
                ",,,,----,",
                ",,,,|Ks|,",
                ",,,,|ss|,",
                ",,,,--+-,",
                ",,,,,,,,,",
            ])
        );
    }
}
