//! Traps that do no harm here: the squeaky board (it wakes the level's
//! sleepers) and the rust trap (it rusts iron armour, which this game's
//! creatures don't wear, so it only wets them).

use super::{Victim, say_of};
use crate::dungeon::state::RunState;

/// `Squeak`: a loud squeak wakes every sleeping monster on the level.
pub(super) fn squeak(state: &mut RunState, victim: Victim, t: usize) {
    match victim {
        Victim::You => {
            let message = super::row(state, t).message;
            state.say(message);
        }
        Victim::Monster(m) => {
            let at = state.level().monsters[m].pos;
            if super::sees(state, at) {
                say_of(state, m, "A board beneath {m} squeaks loudly.");
            } else {
                state.say("You hear a distant squeak.");
            }
        }
    }
    for m in &mut state.level_mut().monsters {
        m.asleep = 0;
    }
}

/// `Rust`: a gush of water; with no iron armour it does nothing more.
pub(super) fn rust(state: &mut RunState, victim: Victim, t: usize) {
    match victim {
        Victim::You => {
            let message = super::row(state, t).message;
            state.say(message);
        }
        Victim::Monster(m) => say_of(state, m, "A gush of water hits {m}!"),
    }
}
