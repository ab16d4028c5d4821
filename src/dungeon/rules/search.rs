//! `s`: search the eight cells around you. A mimic posing as an object
//! there is always found (NetHack's `dosearch0`); each secret door is found
//! one time in seven (NetHack's `rnl(7)` with no luck) and is then a closed
//! door; each hidden trap one time in eight (`rnl(8)`), luck leaning on
//! both for a hero. Searching takes the turn, so it also rests.

use crate::dungeon::hero::attributes::Attribute;
use crate::dungeon::rules::grow::{self, rnl};
use crate::dungeon::rules::traps::a_trap;
use crate::dungeon::state::RunState;
use crate::generation::Tile;

/// The one-in chance of finding each adjacent hidden trap per search.
pub(crate) const FIND_ONE_IN: u64 = 8;
/// The one-in chance of finding each adjacent secret door per search.
pub(crate) const DOOR_ONE_IN: u64 = 7;

pub(crate) fn search(state: &mut RunState) -> bool {
    let me = state.player.pos;
    crate::dungeon::rules::mimic::search_beside(state, me);
    for dx in -1..=1 {
        for dy in -1..=1 {
            let p = me.offset(dx, dy);
            if state.level().map.tile(p).is_secret_door() && rnl(state, DOOR_ONE_IN) == 0 {
                std::sync::Arc::make_mut(&mut state.level_mut().map).set_tile(p, Tile::DoorClosed);
                state.say("You find a hidden door.");
                grow::exercise(state, Attribute::Wis, true);
            }
        }
    }
    for t in 0..state.level().traps.len() {
        let trap = state.level().traps[t];
        if trap.seen || trap.pos.distance(me) != 1 {
            continue;
        }
        if rnl(state, FIND_ONE_IN) == 0 {
            state.level_mut().traps[t].seen = true;
            let name = a_trap(state.content(), trap.kind);
            state.say(format!("You find {name}."));
            grow::exercise(state, Attribute::Wis, true);
        }
    }
    true
}

/// Every secret door of the level is found, a closed door now (a blessed
/// scroll of magic mapping's `cvt_sdoor_to_door`).
pub(crate) fn reveal_secret_doors(state: &mut RunState) {
    let map = &state.level().map;
    let secret: Vec<_> = map
        .cells()
        .filter(|&p| map.tile(p).is_secret_door())
        .collect();
    if secret.is_empty() {
        return;
    }
    let map = std::sync::Arc::make_mut(&mut state.level_mut().map);
    for p in secret {
        map.set_tile(p, Tile::DoorClosed);
    }
}
