//! `a` and a letter: a digging tool asks which way to dig ([`super::dig`]);
//! an unlocking tool which door to unlock ([`super::unlock`]); a light is lit
//! or snuffed ([`super::carry`]).

use crate::dungeon::rules::{carry, dig, unlock};
use crate::dungeon::state::RunState;

/// Apply the item at inventory place `letter`. Returns whether it took a
/// turn (asking for a direction does not).
pub(crate) fn apply(state: &mut RunState, letter: u8) -> bool {
    let effect = carry::find(&state.player, letter).map(|at| {
        let kind = state.player.inventory[at].kind;
        &state.setup.content.item(kind).on_pick_up
    });
    let (digs, unlocks) = effect.map_or((false, false), |e| (e.digs(), e.unlocks().is_some()));
    if digs {
        return dig::ask_direction(state, letter);
    }
    if unlocks {
        return unlock::ask_direction(state, letter);
    }
    let spent = carry::apply(
        &mut state.player,
        &state.setup.content,
        letter,
        state.turn,
        &mut state.log,
    );
    // Lighting a potion tells you it is oil (NetHack's `light_cocktail`).
    let lit = carry::find(&state.player, letter)
        .map(|at| state.player.inventory[at])
        .filter(|c| c.lit);
    if let Some(c) = lit
        && (state.setup.content.item(c.kind).on_pick_up.light()).is_some_and(|l| l.burns_away)
    {
        state.discoveries.discover(c.kind);
    }
    spent
}
