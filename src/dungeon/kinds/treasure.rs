//! Buried treasure (NetHack 3.7's `mineralize`, in `mklev.c`): gold and gems
//! left inside solid rock, found by digging. NetHack runs it on every level
//! but a handful of special ones; in the Mines, on every level but the towns,
//! and there it doubles the gold's odds and triples the gems', "otherwise why
//! mine?". A content row asks for it with `buried_treasure: true`.
//!
//! Each rock cell whose eight neighbours are rock too, and that can be dug,
//! draws once for gold and once for gems, scanning column by column as
//! NetHack does. Two in three of what it makes lie in the rock, there once
//! the rock is dug away; one in three is buried deeper, and comes up only
//! when a pit is dug on its cell. Rocks drawn among the gems are thrown away.

use crate::dungeon::content::Content;
use crate::dungeon::items::{Item, Treasure};
use crate::dungeon::kinds::kind::Ids;
use crate::dungeon::kinds::objects;
use crate::dungeon::seeds::named_stream_seed;
use crate::generation::{LevelMap, MineRng, Pos, Tile};

/// NetHack's gold chance a cell, per thousand, at dungeon level `dlvl`,
/// doubled in the Mines.
pub(crate) fn gold_chance(dlvl: u32) -> u32 {
    (20 + dlvl / 3) * 2
}

/// NetHack's gem chance a cell, per thousand: a quarter of the gold's before
/// the Mines' doubling, tripled in the Mines.
pub(crate) fn gem_chance(dlvl: u32) -> u32 {
    (20 + dlvl / 3) / 4 * 3
}

/// Can `p` hold treasure: inside NetHack's scan (two columns in from each
/// side, one row in from the top and bottom), diggable, and rock with rock
/// all round?
pub(crate) fn holds_treasure(map: &LevelMap, nondiggable: &[bool], p: Pos) -> bool {
    let (w, h) = (map.width() as i32, map.height() as i32);
    let inside = p.x >= 2 && p.x < w - 2 && p.y >= 1 && p.y < h - 1;
    inside
        && !nondiggable.get(map.index(p)).copied().unwrap_or(false)
        && (-1..=1).all(|dx| (-1..=1).all(|dy| map.tile(p.offset(dx, dy)) == Tile::Rock))
}

/// The treasure of a level at dungeon level `dlvl`, the `dunlev`th of the
/// Mines, drawn from the level's stream "treasure" (so it moves nothing else
/// on the level), in map index order.
pub(crate) fn mineralize(
    map: &LevelMap,
    nondiggable: &[bool],
    content: &Content,
    (dlvl, dunlev): (u32, u32),
    level_seed: u64,
    ids: &mut Ids,
) -> Vec<Treasure> {
    let mut rng = MineRng::from_seed(named_stream_seed(level_seed, "treasure"));
    let gold = content.item_kind("gold").expect("checked content");
    let rock = content.item_kind("rock");
    let (gold_chance, gem_chance) = (gold_chance(dlvl), gem_chance(dlvl));
    let mut found = Vec::new();
    let (w, h) = (map.width() as i32, map.height() as i32);
    // NetHack scans column by column, so its draws come in that order.
    for x in 2..w - 2 {
        for y in 1..h - 1 {
            let at = Pos::new(x, y);
            if !holds_treasure(map, nondiggable, at) {
                continue;
            }
            if (rng.rn2(1000) as u32) < gold_chance {
                let amount = 1 + rng.rnd(gold_chance as u64 * 3) as u32;
                let buried = rng.rn2(3) == 0;
                let item = Item::new(ids.next_id(), gold, at, amount);
                found.push(Treasure { item, buried });
            }
            if (rng.rn2(1000) as u32) < gem_chance {
                for _ in 0..rng.rnd(2 + dunlev as u64 / 3) {
                    let Some(kind) = objects::random_of_class(content, '*', false, &mut rng) else {
                        continue;
                    };
                    if Some(kind) == rock {
                        continue;
                    }
                    let buried = rng.rn2(3) == 0;
                    let item = Item::new(ids.next_id(), kind, at, 1);
                    found.push(Treasure { item, buried });
                }
            }
        }
    }
    found.sort_by_key(|t| map.index(t.item.pos));
    found
}
