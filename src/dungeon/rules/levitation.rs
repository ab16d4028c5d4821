//! Levitation by a spell, as NetHack 3.7's potion (`peffect_levitation`,
//! `float_up`, `float_down`, `levitation_dialogue`): you float for 10 to
//! 149 turns more (250 to 299 when you are Skilled in escape spells, and
//! then `>` brings you down whenever you like). While it lasts it is a
//! ring of levitation's power: no stairs down, nothing on the floor within
//! reach, floor traps pass under you (`powers::has`). Two turns before the
//! end you sink and wobble; at the end you float gently down, unless a
//! ring still holds you up.

use crate::dungeon::direction::Way;
use crate::dungeon::rules::powers::{self, Power};
use crate::dungeon::skills::Skill;
use crate::dungeon::state::RunState;

/// Cast it (it asks no direction).
pub(crate) fn cast(state: &mut RunState, _: Option<Way>) {
    let blessed = crate::dungeon::rules::grow::skilled(state, Skill::EscapeSpells);
    let already = crate::dungeon::rules::carry::levitating(state);
    let more = if blessed {
        state.rng.rn1(50, 250)
    } else {
        state.rng.rn1(140, 10)
    } as u32;
    let p = &mut state.player;
    if !already {
        // The first turn NetHack gives before `float_up`.
        p.levitation = 1;
    }
    p.levitation += more;
    if blessed {
        p.levitation_at_will = true;
    }
    if !already {
        float_up(state);
    }
}

/// A turn of levitation passes: the warnings as it runs out, and the
/// landing.
pub(crate) fn end_of_turn(state: &mut RunState) {
    if state.player.levitation == 0 {
        return;
    }
    state.player.levitation -= 1;
    let left = state.player.levitation;
    let content = state.setup.content.clone();
    let held_up = powers::worn_gives(&state.player, &content, Power::Levitation);
    match left {
        5 if !held_up => state.say("You float slightly lower."),
        3 if !held_up => state.say("You wobble unsteadily in the air."),
        0 => {
            state.player.levitation_at_will = false;
            if !held_up {
                land(state, "float gently");
            }
        }
        _ => {}
    }
}

/// `>` while a blessed levitation holds you: it ends (NetHack's
/// `float_down(I_SPECIAL | TIMEOUT)`). Returns whether it did, which takes
/// the turn; a ring may still hold you up.
pub(crate) fn come_down_at_will(state: &mut RunState) -> bool {
    if state.player.levitation == 0 || !state.player.levitation_at_will {
        return false;
    }
    state.player.levitation = 0;
    state.player.levitation_at_will = false;
    let content = state.setup.content.clone();
    if powers::worn_gives(&state.player, &content, Power::Levitation) {
        return false;
    }
    land(state, "float gently");
    true
}

/// Levitation starts: you float up, out of a pit (a bear trap or a web
/// still holds you).
pub(crate) fn float_up(state: &mut RunState) {
    match state.player.trapped {
        Some((kind, _)) if state.content().trap(kind).rule == "Pit" => {
            state.player.trapped = None;
            state.say("You float up, out of the pit!");
        }
        Some((kind, _)) if state.content().trap(kind).glyph == '"' => {
            state.say("You float up slightly, but you are still stuck in the web.");
        }
        Some(_) => state.say("You float up slightly, but your leg is still stuck."),
        None => state.say("You start to float in the air!"),
    }
}

/// You come down to the floor (or the stairs) you float over.
pub(crate) fn land(state: &mut RunState, how: &str) {
    let what = crate::dungeon::rules::carry::floor_word(state);
    state.say(format!("You {how} to the {what}."));
}
