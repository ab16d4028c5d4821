//! `a` and a letter: a digging tool asks which way to dig ([`super::dig`]);
//! an unlocking tool which door to unlock ([`super::unlock`]); a light is lit
//! or snuffed ([`super::carry`]).

use crate::dungeon::direction::{Ask, IN_WHAT_DIRECTION, Then, Way};
use crate::dungeon::rules::dig::DigWay;
use crate::dungeon::rules::{carry, dig, unlock};
use crate::dungeon::state::RunState;

/// What a digging tool asks (NetHack's `use_pick_axe`): a direction, or
/// `>` for down.
const DIG: Ask = Ask::compass("In what direction do you want to dig? [yubnhjkl>]").or_down();

/// What the item at inventory place `letter` is used for when applied.
fn tool(state: &RunState, letter: u8) -> (bool, bool) {
    let effect = carry::find(&state.player, letter).map(|at| {
        let kind = state.player.inventory[at].kind;
        &state.setup.content.item(kind).on_pick_up
    });
    effect.map_or((false, false), |e| (e.digs(), e.unlocks().is_some()))
}

/// Apply the item at inventory place `letter`: a digging or unlocking tool
/// asks which way; anything else acts at once (whether that took a turn).
pub(crate) fn apply(state: &mut RunState, letter: u8) -> Then {
    if crate::dungeon::rules::grow::too_loaded(
        state,
        crate::dungeon::hero::attributes::Encumbrance::Overtaxed,
        crate::dungeon::rules::grow::SO_MUCH_STUFF,
    ) {
        return Then::Done(false);
    }
    let wand = carry::find(&state.player, letter).is_some_and(|at| {
        let kind = state.player.inventory[at].kind;
        state.setup.content.item(kind).on_pick_up.zapped().is_some()
    });
    if wand {
        return Then::Done(crate::dungeon::rules::zap::ask_to_break(state, letter));
    }
    match tool(state, letter) {
        (true, _) => Then::Ask(DIG),
        (false, true) => Then::Ask(IN_WHAT_DIRECTION),
        (false, false) => Then::Done(use_at_once(state, letter)),
    }
}

/// The direction a digging or unlocking tool asked for: dig that way, or
/// work at the lock of the door there. Returns whether a turn was spent.
pub(crate) fn toward(state: &mut RunState, letter: u8, way: Way) -> bool {
    match (tool(state, letter), way) {
        ((true, _), Way::Toward(d)) => dig::answer(state, DigWay::Toward(d)),
        ((true, _), Way::Down) => dig::answer(state, DigWay::Down),
        ((false, true), Way::Toward(d)) => unlock::answer(state, letter, d),
        // Only a tool asks, and only for the ways its question takes.
        _ => false,
    }
}

/// A light lit or snuffed, or nothing to apply.
fn use_at_once(state: &mut RunState, letter: u8) -> bool {
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
