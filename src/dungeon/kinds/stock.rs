//! The standard stocking (NetHack 3.7's `minefill.lua`): light, items and
//! monsters from the kind's content row, every draw from the level's own
//! stream, so a level's contents don't depend on how the player got there.

use super::{KindContext, Made, Stock};
use crate::dungeon::content::Place;
use crate::dungeon::fov;
use crate::dungeon::items::Item;
use crate::dungeon::monsters::Monster;
use crate::dungeon::rules;
use crate::dungeon::seeds::contents_seed;
use crate::generation::{MineRng, Pos};

/// Ids for monsters and items, unique within a run so views can follow them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ids(u32);

impl Ids {
    pub fn next_id(&mut self) -> u32 {
        self.0 += 1;
        self.0
    }
}

/// Take a random cell out of `cells`.
pub fn take(cells: &mut Vec<Pos>, rng: &mut MineRng) -> Option<Pos> {
    if cells.is_empty() {
        return None;
    }
    let i = rng.rn2(cells.len() as u64) as usize;
    Some(cells.swap_remove(i))
}

/// Light, then each item line (count, then per item its kind and cell), then
/// every monster line's kinds, then each monster's cell and hit points.
pub fn standard(made: &Made, ctx: &KindContext, ids: &mut Ids) -> Stock {
    let row = ctx.content.kind(ctx.kind);
    let map = &made.map;
    let mut rng = MineRng::from_seed(contents_seed(ctx.level_seed));
    let lit = row.lit.roll(&mut rng);

    // Plain floor, in scan order; and which of it the arrival stairs can see.
    let floor = map.floor_cells();
    let mut in_view = vec![false; map.len()];
    if let Some(up) = map.up_stairs() {
        fov::line_of_sight_on(map, up, |p| in_view[map.index(p)] = true);
    }

    let mut items = Vec::new();
    let mut item_cells = floor.clone();
    let mut spots = made.spots.iter().copied();
    for spawn in &row.items {
        for _ in 0..spawn.roll_count(&mut rng) {
            let id = &spawn.one_of[spawn.roll_pick(&mut rng)];
            let kind = ctx.content.item_kind(id).expect("checked content");
            let pos = match spawn.at {
                Place::Spot => spots.next().inspect(|p| item_cells.retain(|c| c != p)),
                Place::Random => take(&mut item_cells, &mut rng),
            };
            if let Some(pos) = pos {
                items.push(Item {
                    id: ids.next_id(),
                    kind,
                    pos,
                });
            }
        }
    }

    let mut monsters = Vec::new();
    if ctx.options.monsters {
        let mut hidden: Vec<Pos> = floor
            .iter()
            .copied()
            .filter(|&p| !in_view[map.index(p)])
            .collect();
        let mut spots_for_monsters = spots;
        let mut kinds = Vec::new();
        for spawn in &row.monsters {
            for _ in 0..spawn.roll_count(&mut rng) {
                let id = &spawn.one_of[spawn.roll_pick(&mut rng)];
                kinds.push((
                    ctx.content.monster_kind(id).expect("checked content"),
                    spawn.at,
                ));
            }
        }
        for (kind, at) in kinds {
            let pos = match at {
                Place::Spot => spots_for_monsters.next(),
                Place::Random => take(&mut hidden, &mut rng),
            };
            let Some(pos) = pos else {
                break;
            };
            let hp = rules::roll_hp(ctx.content.monster(kind), &mut rng);
            monsters.push(Monster {
                id: ids.next_id(),
                kind,
                pos,
                hp,
                max_hp: hp,
                energy: 0,
            });
        }
    }
    Stock {
        lit,
        monsters,
        items,
    }
}
