//! What a level holds when first visited: its light, monsters and gems, after
//! NetHack 3.7's `minefill.lua` (SPEC §4). Every draw comes from the level's own
//! stream, so a level's contents don't depend on how the player got there.

use std::sync::Arc;

use super::items::{GemColour, Item, ItemKind};
use super::monsters::Monster;
use super::rules::MonsterKind;
use super::{LEVELS, LevelState, RunOptions, fov, mix};
use crate::generation::{MineLevel, MineRng, Tile};

/// The seed of a level's contents, from its generator seed.
fn contents_seed(level_seed: u64) -> u64 {
    mix(level_seed ^ 0x636F_6E74_656E_7473)
}

/// minefill's monster mix: 6–8 gnomes, a gnome lord, 2 dwarves, 2 random G and
/// one more h or G.
pub fn monster_mix(rng: &mut MineRng) -> Vec<MonsterKind> {
    use MonsterKind::*;
    let mut mix = vec![Gnome; rng.rn1(3, 6) as usize];
    mix.push(GnomeLord);
    mix.extend([Dwarf, Dwarf]);
    for _ in 0..2 {
        mix.push([Gnome, Gnome, GnomeLord][rng.rn2(3) as usize]);
    }
    mix.push([Dwarf, Hobbit, Gnome, GnomeLord][rng.rn2(4) as usize]);
    mix
}

/// Take a random cell out of `cells`.
fn take(cells: &mut Vec<(usize, usize)>, rng: &mut MineRng) -> Option<(usize, usize)> {
    if cells.is_empty() {
        return None;
    }
    let i = rng.rn2(cells.len() as u64) as usize;
    Some(cells.swap_remove(i))
}

/// Light, monsters and items for level `depth`; ids continue from `next_id`.
pub fn stock_level(
    depth: usize,
    map: Arc<MineLevel>,
    options: RunOptions,
    next_id: &mut u32,
) -> LevelState {
    let mut rng = MineRng::from_seed(contents_seed(map.seed));
    let mut id = || {
        *next_id += 1;
        *next_id
    };
    // NetHack 3.6 and 3.7 light a filler level on rn2(2).
    let lit = rng.rn2(2) == 0;
    let (w, h) = (map.width(), map.height());
    let bottom = depth == LEVELS;
    let up = map.up_stairs;
    let down = (!bottom).then_some(map.down_stairs);

    // Plain floor, in scan order; and which of it the arrival stairs can see.
    let floor: Vec<(usize, usize)> = (0..w)
        .flat_map(|x| (0..h).map(move |y| (x, y)))
        .filter(|&(x, y)| map.tile(x, y) == Tile::Floor)
        .collect();
    let mut in_view = vec![false; w * h];
    fov::line_of_sight_on(&map, up, |x, y| in_view[map.cell_index(x, y)] = true);

    let mut items = Vec::new();
    let mut item_cells = floor.clone();
    if bottom {
        // The gray stone lies where the down stairs would have been.
        item_cells.retain(|&c| c != map.down_stairs);
        items.push(Item {
            id: id(),
            kind: ItemKind::GrayStone,
            pos: map.down_stairs,
        });
    }
    for _ in 0..rng.rn1(4, 2) {
        let colour = GemColour::ALL[rng.rn2(GemColour::ALL.len() as u64) as usize];
        if let Some(pos) = take(&mut item_cells, &mut rng) {
            items.push(Item {
                id: id(),
                kind: ItemKind::Gem(colour),
                pos,
            });
        }
    }

    let mut monsters = Vec::new();
    if options.monsters {
        let mut hidden: Vec<(usize, usize)> = floor
            .iter()
            .copied()
            .filter(|&(x, y)| !in_view[map.cell_index(x, y)])
            .collect();
        for kind in monster_mix(&mut rng) {
            let Some(pos) = take(&mut hidden, &mut rng) else {
                break;
            };
            let hp = kind.roll_hp(&mut rng);
            monsters.push(Monster {
                id: id(),
                kind,
                pos,
                hp,
                max_hp: hp,
                energy: 0,
            });
        }
    }

    LevelState {
        depth,
        seen: vec![false; w * h],
        map,
        lit,
        monsters,
        items,
        down_stairs: down,
    }
}
