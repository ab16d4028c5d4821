//! `a` and a letter: a digging tool asks which way to dig ([`super::dig`]);
//! an unlocking tool which door to unlock ([`super::unlock`]); a stethoscope
//! where to listen ([`super::stethoscope`]); a saddle which monster to
//! saddle ([`super::saddling`]); a pole where to strike
//! ([`super::pole`]); a light is lit or snuffed ([`super::carry`]).

use crate::dungeon::direction::{Ask, IN_WHAT_DIRECTION, Then, Way};
use crate::dungeon::rules::dig::DigWay;
use crate::dungeon::rules::{carry, dig, stethoscope, unlock};
use crate::dungeon::state::RunState;

/// What a digging tool asks (NetHack's `use_pick_axe`): a direction, or
/// `>` for down.
const DIG: Ask = Ask::compass("In what direction do you want to dig? [yubnhjkl>]").or_down();

/// What an applied tool does.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Tool {
    /// It digs, a way asked for.
    Digs,
    /// It unlocks the door a way asked for.
    Unlocks,
    /// It listens, a way asked for.
    Listens,
    /// It saddles the monster a way asked for.
    Saddles,
    /// It acts at once (a light), or does nothing.
    AtOnce,
}

/// What the item at inventory place `letter` is used for when applied.
fn tool(state: &RunState, letter: u8) -> Tool {
    let effect = carry::find(&state.player, letter).map(|at| {
        let kind = state.player.inventory[at].kind;
        &state.setup.content.item(kind).on_pick_up
    });
    let is_saddle = carry::find(&state.player, letter).is_some_and(|at| {
        let kind = state.player.inventory[at].kind;
        state.setup.content.item(kind).id == crate::dungeon::rules::riding::SADDLE
    });
    match effect {
        Some(e) if e.digs() => Tool::Digs,
        Some(e) if e.unlocks().is_some() => Tool::Unlocks,
        Some(e) if e.listens() => Tool::Listens,
        _ if is_saddle => Tool::Saddles,
        _ => Tool::AtOnce,
    }
}

/// Apply the item at inventory place `letter`: a digging, unlocking or
/// listening tool asks which way; anything else acts at once (whether that
/// took a turn).
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
    let pole = carry::find(&state.player, letter).is_some_and(|at| {
        let kind = state.player.inventory[at].kind;
        (state.setup.content.item(kind).on_pick_up.wielded_as())
            .is_some_and(|w| crate::dungeon::rules::combat::is_pole(w.skill))
    });
    if pole {
        return Then::Done(crate::dungeon::rules::pole::apply(state, letter));
    }
    match tool(state, letter) {
        Tool::Digs => Then::Ask(DIG),
        Tool::Unlocks => Then::Ask(IN_WHAT_DIRECTION),
        Tool::Listens => Then::Ask(stethoscope::LISTEN),
        Tool::Saddles => Then::Ask(IN_WHAT_DIRECTION.or_here()),
        Tool::AtOnce => Then::Done(use_at_once(state, letter)),
    }
}

/// The direction a tool asked for: dig that way, work at the lock of the
/// door there, or listen. Returns whether a turn was spent.
pub(crate) fn toward(state: &mut RunState, letter: u8, way: Way) -> bool {
    match (tool(state, letter), way) {
        (Tool::Digs, Way::Toward(d)) => dig::answer(state, DigWay::Toward(d)),
        (Tool::Digs, Way::Down) => dig::answer(state, DigWay::Down),
        (Tool::Unlocks, Way::Toward(d)) => unlock::answer(state, letter, d),
        (Tool::Listens, way) => stethoscope::listen(state, letter, way),
        (Tool::Saddles, way) => crate::dungeon::rules::saddling::saddle(state, letter, way),
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
