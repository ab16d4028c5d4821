//! Minetown: a mines cave with a lit town carved into its middle. This
//! project's own layout, not NetHack's maps: a plaza around a street, with a
//! row of buildings on each side of it. Top row: the temple (an altar in the
//! middle) and houses; bottom row: the lighting shop and houses. Each building
//! is a walled room with a door onto the street; two fountains stand in the
//! street.
//!
//! The town is laid on the generator's cave as floor, and the walls of the
//! whole level are then typed again from the new floor, the way NetHack types
//! any level's walls, so the buildings' walls join the cave's. The cells the
//! town changed are marked built in the cave's history: the overlay shows them
//! as "built", not as a pass.
//!
//! Cells set aside for stocking ([`Minetown::spots`]): `priest` (beside the
//! altar), `shopkeeper` (inside the shop, beside its door), `shop` (the shop's
//! floor away from the door, for its wares) and `plaza` (the street and the plaza, for the
//! watch and the townsfolk). A map too small for the town (under
//! [`MIN_SIZE`]) is left a plain cave, and nothing is set aside.

use super::cave::Cave;
use super::{KindContext, LevelKind, Made};
use crate::generation::walls::wall_tiles;
use crate::generation::{BitGrid, GenerateError, LevelMap, Pos, Tile};

pub(crate) struct Minetown;

/// The smallest map a town fits in, with a cell of cave round it.
pub(crate) const MIN_SIZE: (usize, usize) = (50, 17);

/// The town's plaza: `TOWN_W` x `TOWN_H` cells.
const TOWN_W: i32 = 46;
const TOWN_H: i32 = 13;

/// One building: its walls' corners (inclusive), its door, and what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Building {
    x0: i32,
    y0: i32,
    x1: i32,
    y1: i32,
    door: Pos,
    use_: Use,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Use {
    Temple,
    Shop,
    House,
}

impl Building {
    fn contains(&self, p: Pos) -> bool {
        (self.x0..=self.x1).contains(&p.x) && (self.y0..=self.y1).contains(&p.y)
    }

    fn interior(&self) -> impl Iterator<Item = Pos> + '_ {
        (self.x0 + 1..self.x1)
            .flat_map(move |x| (self.y0 + 1..self.y1).map(move |y| Pos::new(x, y)))
    }

    fn is_wall(&self, p: Pos) -> bool {
        self.contains(p) && (p.x == self.x0 || p.x == self.x1 || p.y == self.y0 || p.y == self.y1)
    }
}

/// The town with its top-left plaza corner at `(ox, oy)`: its buildings and
/// its fountains. Widths of the buildings, walls included, left to right.
fn layout(ox: i32, oy: i32) -> (Vec<Building>, Vec<Pos>) {
    const TOP: [(i32, Use); 3] = [(12, Use::Temple), (9, Use::House), (9, Use::House)];
    const BOTTOM: [(i32, Use); 3] = [(9, Use::House), (10, Use::Shop), (9, Use::House)];
    const GAP: i32 = 3;
    let mut buildings = Vec::new();
    for (row, top) in [(TOP, true), (BOTTOM, false)] {
        let total: i32 = row.iter().map(|b| b.0).sum::<i32>() + GAP * (row.len() as i32 - 1);
        let mut x = ox + (TOWN_W - total) / 2;
        // Rows of the plaza: margin 1, buildings 4 (2 inside), street 3.
        let (y0, y1) = if top {
            (oy + 1, oy + 4)
        } else {
            (oy + TOWN_H - 5, oy + TOWN_H - 2)
        };
        for (w, use_) in row {
            let door_y = if top { y1 } else { y0 };
            buildings.push(Building {
                x0: x,
                y0,
                x1: x + w - 1,
                y1,
                door: Pos::new(x + w / 2, door_y),
                use_,
            });
            x += w + GAP;
        }
    }
    let street = oy + TOWN_H / 2;
    let fountains = vec![
        Pos::new(ox + TOWN_W / 3, street),
        Pos::new(ox + 2 * TOWN_W / 3, street),
    ];
    (buildings, fountains)
}

impl LevelKind for Minetown {
    fn make(&self, ctx: &KindContext) -> Result<Made, GenerateError> {
        let made = Cave.make(ctx)?;
        let (w, h) = (made.map.width(), made.map.height());
        if w < MIN_SIZE.0 || h < MIN_SIZE.1 {
            return Ok(made);
        }
        Ok(build_town(made))
    }

    fn spots(&self) -> &'static [&'static str] {
        &[PRIEST, SHOPKEEPER, SHOP, PLAZA]
    }
}

/// The cells beside the temple's altar, for its priest.
pub(crate) const PRIEST: &str = "priest";
/// The shopkeeper's post, inside the shop beside its door.
pub(crate) const SHOPKEEPER: &str = "shopkeeper";
/// The shop's floor, for its wares.
pub(crate) const SHOP: &str = "shop";
/// The plaza's open floor, for the watch and the townsfolk.
pub(crate) const PLAZA: &str = "plaza";

/// Where the plaza goes: as near the middle as can be with neither staircase
/// on a building (a staircase may stand in the street).
fn place_town(map: &LevelMap) -> Option<(i32, i32)> {
    let (w, h) = (map.width() as i32, map.height() as i32);
    let (cx, cy) = ((w - TOWN_W) / 2, (h - TOWN_H) / 2);
    let stairs: Vec<Pos> = [map.up_stairs(), map.down_stairs()]
        .into_iter()
        .flatten()
        .collect();
    let mut tries: Vec<(i32, i32)> = Vec::new();
    for ox in 2..=w - TOWN_W - 2 {
        for oy in 2..=h - TOWN_H - 2 {
            tries.push((ox, oy));
        }
    }
    tries.sort_by_key(|&(ox, oy)| ((ox - cx).abs() + (oy - cy).abs(), ox, oy));
    tries.into_iter().find(|&(ox, oy)| {
        let (buildings, fountains) = layout(ox, oy);
        stairs
            .iter()
            .all(|s| !buildings.iter().any(|b| b.contains(*s)) && !fountains.contains(s))
    })
}

fn build_town(mut made: Made) -> Made {
    let cave = made.map.clone();
    let Some((ox, oy)) = place_town(&cave) else {
        // Both staircases in the way wherever the town goes: leave the cave.
        return made;
    };
    let (buildings, fountains) = layout(ox, oy);
    let (w, h) = (cave.width(), cave.height());
    // The new floor: the cave's, the plaza, the buildings' insides.
    let mut floor = BitGrid::new(w, h);
    for p in cave.cells() {
        let plaza = (ox..ox + TOWN_W).contains(&p.x) && (oy..oy + TOWN_H).contains(&p.y);
        let walled = buildings.iter().any(|b| b.is_wall(p));
        let open = if plaza { !walled } else { cave.is_walkable(p) };
        floor.set(p.x as usize, p.y as usize, open);
    }
    connect_stairs(&cave, &mut floor, (ox, oy));
    // Walls typed from the new floor, as NetHack types any level's; then the
    // town's fixtures and the cave's stairs.
    let mut tiles = wall_tiles(&floor);
    let index = |p: Pos| p.x as usize * h + p.y as usize;
    for b in &buildings {
        tiles[index(b.door)] = match b.use_ {
            // The temple and the shop stand open; houses are shut.
            Use::House => Tile::DoorClosed,
            _ => Tile::DoorOpenInHWall,
        };
        if b.use_ == Use::Temple {
            tiles[index(temple_altar(b))] = Tile::Altar;
        }
    }
    for &f in &fountains {
        tiles[index(f)] = Tile::Fountain;
    }
    for s in [cave.up_stairs(), cave.down_stairs()].into_iter().flatten() {
        tiles[index(s)] = cave.tile(s);
    }
    let map = LevelMap::from_tiles(w, h, tiles).expect("one staircase of each kind");
    if let Some(history) = made.history.as_mut() {
        let changed: Vec<Pos> = map
            .cells()
            .filter(|&p| map.tile(p) != cave.tile(p))
            .collect();
        history.mark_built(changed);
    }
    made.spots = town_spots(&map, &buildings, &fountains, (ox, oy));
    made.map = map;
    made
}

/// The altar stands in the middle of the temple.
fn temple_altar(b: &Building) -> Pos {
    Pos::new((b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2)
}

/// A staircase cut off from the plaza (the cave's only way to it ran through a
/// building) gets a straight corridor to the plaza: along its row, then its
/// column. Rare; it keeps every level walkable from stairs to stairs.
fn connect_stairs(cave: &LevelMap, floor: &mut BitGrid, (ox, oy): (i32, i32)) {
    let inside = |p: Pos| (ox..ox + TOWN_W).contains(&p.x) && (oy..oy + TOWN_H).contains(&p.y);
    for stair in [cave.up_stairs(), cave.down_stairs()].into_iter().flatten() {
        let reach = reachable(floor, stair);
        if reach.iter().any(|&p| inside(p)) {
            continue;
        }
        // Towards the plaza's street, row first, then column.
        let street = Pos::new(ox + TOWN_W / 2, oy + TOWN_H / 2);
        let mut p = stair;
        while p.x != street.x {
            p.x += (street.x - p.x).signum();
            floor.set(p.x as usize, p.y as usize, true);
            if inside(p) {
                break;
            }
        }
        while !inside(p) && p.y != street.y {
            p.y += (street.y - p.y).signum();
            floor.set(p.x as usize, p.y as usize, true);
        }
    }
}

/// Every floor cell reachable from `from`, 8-connected.
fn reachable(floor: &BitGrid, from: Pos) -> Vec<Pos> {
    let (w, h) = (floor.width() as i32, floor.height() as i32);
    let mut seen = vec![false; (w * h) as usize];
    let mut out = vec![from];
    seen[(from.x * h + from.y) as usize] = true;
    let mut i = 0;
    while i < out.len() {
        let p = out[i];
        i += 1;
        for dx in -1..=1 {
            for dy in -1..=1 {
                let q = p.offset(dx, dy);
                if q.x < 0 || q.y < 0 || q.x >= w || q.y >= h {
                    continue;
                }
                let k = (q.x * h + q.y) as usize;
                if !seen[k] && floor.get(q.x as usize, q.y as usize) {
                    seen[k] = true;
                    out.push(q);
                }
            }
        }
    }
    out
}

/// The cells set aside for stocking, by name.
fn town_spots(
    map: &LevelMap,
    buildings: &[Building],
    fountains: &[Pos],
    (ox, oy): (i32, i32),
) -> Vec<(&'static str, Vec<Pos>)> {
    let mut priest = Vec::new();
    let mut shopkeeper = Vec::new();
    let mut shop = Vec::new();
    for b in buildings {
        match b.use_ {
            Use::Temple => {
                let altar = temple_altar(b);
                // Beside the altar, but not in the doorway's way in.
                priest.extend(
                    b.interior()
                        .filter(|p| p.distance(altar) == 1 && p.distance(b.door) > 1),
                );
            }
            Use::Shop => {
                // Inside, beside the door: the shopkeeper's post. (Not in
                // front of it: nobody steps diagonally out of a doorway, so
                // the cell before the door is the only way in.)
                let inside_y = if b.door.y == b.y0 { b.y0 + 1 } else { b.y1 - 1 };
                shopkeeper.push(Pos::new(b.door.x - 1, inside_y));
                shop.extend(b.interior().filter(|&p| p.distance(b.door) > 1));
            }
            Use::House => {}
        }
    }
    let plaza: Vec<Pos> = (ox..ox + TOWN_W)
        .flat_map(|x| (oy..oy + TOWN_H).map(move |y| Pos::new(x, y)))
        .filter(|&p| {
            map.tile(p) == Tile::Floor
                && !buildings.iter().any(|b| b.contains(p))
                && !fountains.contains(&p)
                && buildings.iter().all(|b| p.distance(b.door) > 1)
        })
        .collect();
    vec![
        (PRIEST, priest),
        (SHOPKEEPER, shopkeeper),
        (SHOP, shop),
        (PLAZA, plaza),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_town_fits_its_plaza_with_four_buildings_or_more() {
        let (buildings, fountains) = layout(10, 3);
        assert!(buildings.len() >= 4);
        for b in &buildings {
            assert!(b.x0 > 10 && b.x1 < 10 + TOWN_W - 1, "{b:?}");
            assert!(b.y0 > 3 && b.y1 < 3 + TOWN_H - 1, "{b:?}");
            assert!(b.is_wall(b.door));
            assert!(b.interior().count() >= 2);
        }
        for (i, a) in buildings.iter().enumerate() {
            for c in &buildings[i + 1..] {
                assert!(a.x1 + 1 < c.x0 || c.x1 + 1 < a.x0 || a.y1 + 1 < c.y0 || c.y1 + 1 < a.y0);
            }
        }
        assert!(
            fountains
                .iter()
                .all(|f| !buildings.iter().any(|b| b.contains(*f)))
        );
        assert_eq!(
            buildings.iter().filter(|b| b.use_ == Use::Temple).count(),
            1
        );
        assert_eq!(buildings.iter().filter(|b| b.use_ == Use::Shop).count(), 1);
    }
}
