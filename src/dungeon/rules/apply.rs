//! `a` and a letter: a digging tool asks which way to dig ([`super::dig`]);
//! an unlocking tool which door to unlock ([`super::unlock`]); a light is lit
//! or snuffed ([`super::carry`]).

use crate::dungeon::rules::{carry, dig};
use crate::dungeon::state::RunState;

/// Apply the item at inventory place `letter`. Returns whether it took a
/// turn (asking for a direction does not).
pub(crate) fn apply(state: &mut RunState, letter: u8) -> bool {
    let digs = carry::find(&state.player, letter).is_some_and(|at| {
        let kind = state.player.inventory[at].kind;
        state.setup.content.item(kind).on_pick_up.digs()
    });
    if digs {
        return dig::ask_direction(state, letter);
    }
    let unlocks = carry::find(&state.player, letter).is_some_and(|at| {
        let kind = state.player.inventory[at].kind;
        state
            .setup
            .content
            .item(kind)
            .on_pick_up
            .unlocks()
            .is_some()
    });
    if unlocks {
        return crate::dungeon::rules::unlock::ask_direction(state, letter);
    }
    carry::apply(
        &mut state.player,
        &state.setup.content,
        letter,
        state.turn,
        &mut state.log,
    )
}
