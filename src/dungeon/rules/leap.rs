//! `#jump` (`'`, NetHack's `M-j`), as NetHack 3.7's `dojump`: a Knight
//! leaps a knight's move (`Intrinsic::Jumping`, NetHack's `HJumping` from
//! outside); the leap itself, its cursor and its landing are
//! [`super::jump`]'s. One who is no Knight casts the spell of jumping if
//! she knows it well, else "You can't jump very far."; a Knight can't leap
//! floating, Burdened, weak with hunger or under Str 6, nor with his steed
//! in a trap.

use crate::dungeon::direction::Then;
use crate::dungeon::hero::Intrinsic;
use crate::dungeon::hero::attributes::{Attribute, Encumbrance};
use crate::dungeon::state::{CursorFor, RunState};

/// The spell of jumping known well enough to be cast by `#jump` (NetHack's
/// `known_spell() >= spe_Fresh`: more than 2,000 turns of memory left).
const FRESH: u32 = 2_000;

/// `#jump`: a Knight's leap (the cursor asks where), or the spell.
/// Returns whether a turn passed (the spell's casting).
pub(crate) fn leap(state: &mut RunState) -> bool {
    if !crate::dungeon::rules::grow::has(state, Intrinsic::Jumping) {
        let content = state.content();
        let spell =
            state.player.spells.iter().position(|k| {
                k.memory > FRESH && content.item(k.book).id == "spellbook_of_jumping"
            });
        if let Some(letter) = spell {
            return match crate::dungeon::rules::cast::cast_what(state, letter as u8) {
                Then::Done(took) => took,
                _ => false,
            };
        }
        state.say("You can't jump very far.");
        return false;
    }
    let content = state.content();
    let load = crate::dungeon::rules::grow::encumbrance(&state.player, content);
    let strength = state
        .player
        .growth
        .as_ref()
        .map_or(10, |g| g.attribute(Attribute::Str));
    let why = if crate::dungeon::rules::carry::levitating(state) {
        Some("You don't have enough traction to jump.".to_string())
    } else if load > Encumbrance::Unencumbered {
        Some("You are carrying too much to jump!".to_string())
    } else if state.player.nutrition <= 100 || strength < 6 {
        Some("You lack the strength to jump!".to_string())
    } else if state.player.trapped.is_some() && state.player.steed.is_some() {
        Some(format!(
            "{} is stuck in a trap.",
            crate::dungeon::rules::riding::your_steed(state)
        ))
    } else {
        None
    };
    if let Some(why) = why {
        state.say(why);
        return false;
    }
    state.ask_cursor(CursorFor::Jump(0));
    false
}
