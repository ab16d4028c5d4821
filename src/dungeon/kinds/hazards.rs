//! A level's boulders and random traps, as NetHack's `des.object("boulder")`
//! and `des.trap()` make them. Each draws from a stream of its own (`boulders`,
//! `traps`), so adding them moved nothing else a level held.

use crate::dungeon::content::{Content, KindRow, TrapKind};
use crate::dungeon::dice;
use crate::dungeon::kinds::kind::take;
use crate::dungeon::seeds::named_stream_seed;
use crate::dungeon::traps::Trap;
use crate::generation::{Dir, LevelMap, MineRng, Pos, Tile};

/// The eight directions, in the order a rolling boulder's launch is tried:
/// clockwise from north.
const DIRS: [Dir; 8] = Dir::CLOCKWISE;

/// The boulders of a level of `row`, each on a random plain floor cell that
/// nothing else took (`taken`: where monsters and items stand); and the
/// cells of the items its line leaves with each draw (`with_each`), after
/// them. On `percent` % of levels, `count` of them; with `each`, `count`
/// draws, each a boulder `percent` % of the time.
pub(crate) fn boulders(
    map: &LevelMap,
    row: &KindRow,
    level_seed: u64,
    taken: &[Pos],
) -> (Vec<Pos>, Vec<Pos>) {
    let Some(line) = &row.boulders else {
        return (Vec::new(), Vec::new());
    };
    let mut rng = MineRng::from_seed(named_stream_seed(level_seed, "boulders"));
    let (draws, made) = if line.each {
        let draws = dice::between(&mut rng, line.count);
        let made = (0..draws)
            .filter(|_| (rng.rn2(100) as u32) < line.percent)
            .count() as u32;
        (draws, made)
    } else if (rng.rn2(100) as u32) < line.percent {
        let n = dice::between(&mut rng, line.count);
        (n, n)
    } else {
        return (Vec::new(), Vec::new());
    };
    let floor = map.floor_cells();
    let mut cells: Vec<Pos> = floor
        .iter()
        .copied()
        .filter(|p| !taken.contains(p))
        .collect();
    let boulders = (0..made)
        .filter_map(|_| take(&mut cells, &mut rng))
        .collect();
    // Anywhere on the floor, as `des.object` with no place.
    let with = match (&line.with_each, floor.is_empty()) {
        (Some(_), false) => (0..draws)
            .map(|_| floor[rng.rn2(floor.len() as u64) as usize])
            .collect(),
        _ => Vec::new(),
    };
    (boulders, with)
}

/// A random trap kind allowed at `difficulty`, drawn as NetHack's `mktrap`
/// draws it: uniformly over the rows, a row made only from its difficulty on
/// and kept only one time in its `kept_one_in`. None when no row is allowed.
pub(crate) fn random_trap_kind(
    content: &Content,
    difficulty: u32,
    rng: &mut MineRng,
) -> Option<TrapKind> {
    let rows = content.traps();
    if !rows.iter().any(|t| t.from_difficulty <= difficulty) {
        return None;
    }
    loop {
        let k = rng.rn2(rows.len() as u64) as usize;
        let t = &rows[k];
        if t.from_difficulty > difficulty {
            continue;
        }
        if t.kept_one_in > 1 && rng.rn2(t.kept_one_in as u64) != 0 {
            continue;
        }
        return Some(TrapKind(k as u16));
    }
}

/// The random traps of a level of `row` at `difficulty`: each a random kind
/// on a random plain floor cell with no boulder, no other trap and nothing in
/// `taken` (where monsters and items stand). A trap
/// that would drop you through the floor of a level with no way down is a
/// falling rock trap instead, as in NetHack. A rolling boulder trap gets its
/// boulder, put where it will roll from.
pub(crate) fn traps(
    map: &LevelMap,
    content: &Content,
    row: &KindRow,
    difficulty: u32,
    level_seed: u64,
    taken: &[Pos],
    boulders: &mut Vec<Pos>,
) -> Vec<Trap> {
    let mut rng = MineRng::from_seed(named_stream_seed(level_seed, "traps"));
    let mut cells: Vec<Pos> = map
        .floor_cells()
        .into_iter()
        .filter(|p| !boulders.contains(p) && !taken.contains(p))
        .collect();
    let mut out: Vec<Trap> = Vec::new();
    for _ in 0..row.traps {
        let Some(mut kind) = random_trap_kind(content, difficulty, &mut rng) else {
            break;
        };
        if content.trap(kind).rule == "Fall"
            && map.down_stairs().is_none()
            && let Some(rock) = content.trap_kind("falling_rock_trap")
        {
            kind = rock;
        }
        let Some(pos) = take(&mut cells, &mut rng) else {
            break;
        };
        let launch = if content.trap(kind).rule == "RollingBoulder" {
            let launch = launch_place(
                map,
                pos,
                &Blocked {
                    boulders,
                    traps: &out,
                    taken,
                },
                &mut rng,
            );
            if let Some((from, _)) = launch {
                boulders.push(from);
                cells.retain(|&c| c != from);
            }
            launch
        } else {
            None
        };
        out.push(Trap {
            kind,
            pos,
            seen: false,
            launch,
        });
    }
    out
}

/// What a rolling boulder's path must keep clear of.
struct Blocked<'a> {
    boulders: &'a [Pos],
    traps: &'a [Trap],
    /// Where monsters and items stand.
    taken: &'a [Pos],
}

/// Can a boulder roll `n` cells from `from` toward `d` (every cell floor with
/// nothing on it)?
fn clear_path(map: &LevelMap, from: Pos, d: Dir, n: i32, blocked: &Blocked) -> bool {
    (1..=n).all(|i| {
        let (dx, dy) = d.delta();
        let c = from.offset(dx * i, dy * i);
        map.tile(c) == Tile::Floor
            && !blocked.boulders.contains(&c)
            && !blocked.taken.contains(&c)
            && blocked.traps.iter().all(|t| t.pos != c)
    })
}

/// Where a rolling boulder trap at `at` launches its boulder from, and where
/// the boulder rolls to: NetHack's `mkroll_launch` tries every direction at a
/// distance of 4 to 8, then nearer ones down to 2, for a clear straight path
/// both ways.
fn launch_place(
    map: &LevelMap,
    at: Pos,
    blocked: &Blocked,
    rng: &mut MineRng,
) -> Option<(Pos, Pos)> {
    let mut distance = rng.rn1(5, 4) as i32;
    let first = rng.rn2(8) as usize;
    while distance >= 2 {
        for t in 0..8 {
            let d = DIRS[(first + t) % 8];
            let back = d.opposite();
            if clear_path(map, at, d, distance, blocked)
                && clear_path(map, at, back, distance, blocked)
            {
                let (dx, dy) = d.delta();
                let from = at.offset(dx * distance, dy * distance);
                let to = at.offset(-dx * distance, -dy * distance);
                return Some((from, to));
            }
        }
        distance -= 1;
    }
    None
}
