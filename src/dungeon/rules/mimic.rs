//! Mimics posing as objects (a stocking line's `poses_as`: the Mimic of the
//! Mines' gray stones), as NetHack's `m_ap_type`. A posing mimic is drawn as
//! its object and waits (the monsters' turn skips it); walking into it shows
//! it, the move spent on it, and a search beside it always finds it.
//! Left out: NetHack sticks you to a mimic you touched.

use crate::dungeon::state::RunState;
use crate::generation::Pos;

/// Is monster `m` of the level posing as an object?
pub(crate) fn posing(state: &RunState, m: usize) -> bool {
    state.level().monsters[m].disguise.is_some()
}

/// You walked into posing mimic `m`: it shows itself. Takes the turn.
pub(crate) fn touch(state: &mut RunState, m: usize) -> bool {
    let name = reveal(state, m);
    state.say(format!("Wait! That's a {name}!"));
    true
}

/// A search from `me` finds every posing mimic next to it.
pub(crate) fn search_beside(state: &mut RunState, me: Pos) {
    for m in 0..state.level().monsters.len() {
        if posing(state, m) && state.level().monsters[m].pos.distance(me) == 1 {
            let name = reveal(state, m);
            state.say(format!("You find a {name}."));
        }
    }
}

/// Mimic `m` stops posing: it is drawn as itself, and acts from its next
/// turn. Returns its name.
pub(crate) fn reveal(state: &mut RunState, m: usize) -> String {
    state.level_mut().monsters[m].disguise = None;
    let kind = state.level().monsters[m].kind;
    state.content().monster(kind).name.clone()
}
