//! Unlocking a door (NetHack's `lock.c`): `a` on a skeleton key, a lock pick
//! or a credit card asks "In what direction?", and the next key answers. At
//! a locked door you work at the lock turn after turn, the monsters acting
//! between, each turn opening it with the tool's chance in 100
//! ("You succeed in unlocking the door."), until fifty turns have gone ("You
//! give up your attempt at unlocking the door.") or a hostile monster comes
//! next to you ("You stop unlocking the door.").
//!
//! NetHack's chances: a skeleton key 70 + your dexterity, a lock pick three
//! times it, a credit card twice it (a Rogue's are better); this game keeps
//! no dexterity, so a middling 12: 82, 36 and 24 (the tools' rows say).
//! Left out: NetHack's "Unlock it?" confirmation, and locking a door.

use crate::dungeon::state::{RunState, Unlocking, Worked};
use crate::generation::{Dir, Tile};

/// Turns you work at a lock before giving up (NetHack's 50).
const PATIENCE: u32 = 50;

/// Work at the lock of the door toward `d` with the tool at place `i`
/// (the answer to `apply.rs`'s direction question). Returns whether a
/// turn was spent.
pub(crate) fn answer(state: &mut RunState, i: u8, d: Dir) -> bool {
    let at = state.player.pos.step(d);
    let tile = state.level().map.tile(at);
    if tile != Tile::DoorClosed {
        state.say(if tile.is_door() {
            "This door is open."
        } else {
            "You see no door there."
        });
        return false;
    }
    if !state.level().is_locked(at) {
        state.say("This door is not locked.");
        return false;
    }
    let chance = crate::dungeon::rules::carry::find(&state.player, i)
        .and_then(|k| {
            let kind = state.player.inventory[k].kind;
            state.content().item(kind).on_pick_up.unlocks()
        })
        .unwrap_or(0);
    state.unlocking = Some(Unlocking {
        at,
        depth: state.depth,
        chance,
        used: 0,
    });
    work(state);
    true
}

/// One turn at the lock, if you are at one.
pub(crate) fn work(state: &mut RunState) -> Worked {
    let Some(mut u) = state.unlocking else {
        return Worked::Nothing;
    };
    if u.depth != state.depth || !state.level().is_locked(u.at) {
        state.unlocking = None;
        return Worked::Nothing;
    }
    u.used += 1;
    if (state.rng.rn2(100) as u32) < u.chance {
        state.unlocking = None;
        state.level_mut().locked.retain(|&p| p != u.at);
        state.say("You succeed in unlocking the door.");
        return Worked::Last;
    }
    if u.used >= PATIENCE {
        state.unlocking = None;
        state.say("You give up your attempt at unlocking the door.");
        return Worked::Last;
    }
    state.unlocking = Some(u);
    Worked::Going
}

/// Stop when a hostile monster is next to you or you were hurt: returns
/// whether you stopped.
pub(crate) fn interrupted(state: &mut RunState, hp_before: i32) -> bool {
    if state.unlocking.is_some() && crate::dungeon::rules::interrupt::disturbed(state, hp_before) {
        state.unlocking = None;
        state.say("You stop unlocking the door.");
        return true;
    }
    false
}
