//! Held by a monster (NetHack's `u.ustuck`): a lichen's sticky touch, an
//! owlbear's hug. You may strike it, but a step away pulls free only three
//! times in 40 (three in 8 while it sleeps, when one time in 8 it wakes
//! instead). It lets go when it dies, teleports, or is no longer beside
//! you.

use crate::dungeon::state::RunState;
use crate::generation::Pos;

/// You try to step to `to` while held: whether you stay (a turn spent).
pub(crate) fn cannot_escape(state: &mut RunState, to: Pos) -> bool {
    let Some(id) = state.player.held_by else {
        return false;
    };
    let me = state.player.pos;
    let holder = state
        .level()
        .monsters
        .iter()
        .position(|m| m.id == id && m.pos.distance(me) == 1);
    let Some(h) = holder else {
        state.player.held_by = None;
        return false;
    };
    let monster = state.level().monsters[h];
    if monster.pos == to {
        return false;
    }
    let name = state.content().monster(monster.kind).name.clone();
    let helpless = monster.asleep > 0;
    match state.rng.rn2(if helpless { 8 } else { 40 }) {
        0..=2 => {}
        n => {
            if n == 3 && helpless {
                state.level_mut().monsters[h].asleep = 0;
            }
            if !monster.tame {
                state.say(format!("You cannot escape from the {name}!"));
                return true;
            }
        }
    }
    state.say(format!("You pull free from the {name}."));
    state.player.held_by = None;
    false
}

/// Monster `id` lets go of you, if it held you.
pub(crate) fn let_go(state: &mut RunState, id: u32) {
    if state.player.held_by == Some(id) {
        state.player.held_by = None;
    }
}
