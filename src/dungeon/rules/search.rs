//! `s`: search the eight cells around you. Each hidden trap there is found
//! one time in eight (NetHack's `rnl(8)` with no luck). Searching takes the
//! turn, so it also rests.

use super::traps::a_trap;
use crate::dungeon::state::RunState;

/// The one-in chance of finding each adjacent hidden trap per search.
pub(crate) const FIND_ONE_IN: u64 = 8;

pub(crate) fn search(state: &mut RunState) -> bool {
    let me = state.player.pos;
    for t in 0..state.level().traps.len() {
        let trap = state.level().traps[t];
        if trap.seen || trap.pos.distance(me) != 1 {
            continue;
        }
        if state.rng.rn2(FIND_ONE_IN) == 0 {
            state.level_mut().traps[t].seen = true;
            let name = a_trap(state.content(), trap.kind);
            state.say(format!("You find {name}."));
        }
    }
    true
}
