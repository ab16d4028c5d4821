//! What passes after every action that took a turn: the monsters act (twice
//! as often while you are slowed), lights burn, the turn counter moves on,
//! you heal a little and now and then a monster arrives.

use crate::dungeon::dice::ACTION_COST as ACTION;
use crate::dungeon::hero::Intrinsic;
use crate::dungeon::rules::carry::{burn_lights, burn_monster_lights, is_slowed};
use crate::dungeon::rules::{monsters, sight};
use crate::dungeon::state::RunState;

/// `.`: rest a turn; the turn passes and nothing else happens.
pub(crate) fn rest(_: &mut RunState) -> bool {
    true
}

/// The rest of the turn, after your action. `arrived`: you came onto this
/// level with it, and its monsters have not noticed you yet (so a level you
/// return to is exactly as you left it).
pub(crate) fn end_of_action(state: &mut RunState, arrived: bool) {
    crate::dungeon::rules::grow::tell_load(state);
    crate::dungeon::rules::shop::tend(state);
    sight::update(state);
    // A Fast hero's saved movement is a free action: the monsters and the
    // turn wait (NetHack's `u.umovement` left over after acting).
    if state.player.bonus_movement >= ACTION && !state.is_over() {
        state.player.bonus_movement -= ACTION;
        return;
    }
    if !state.is_over() && !arrived {
        monsters::take_turn(state);
        if state.player.growth.is_some() {
            // A hero's load slows it as NetHack's (`u_calc_moveamt`): the
            // monsters get the turns its action took beyond one.
            let load = crate::dungeon::rules::grow::encumbrance(&state.player, state.content());
            let movement = load.movement(ACTION as i32) as u64;
            state.slowed_actions += ACTION as u64 - movement;
            while state.slowed_actions >= movement && !state.is_over() {
                state.slowed_actions -= movement;
                monsters::take_turn(state);
            }
        } else if is_slowed(&state.player, state.content()) {
            // Slowed, you lose every third move to the monsters.
            state.slowed_actions += 1;
            if state.slowed_actions.is_multiple_of(3) && !state.is_over() {
                monsters::take_turn(state);
            }
        }
    }
    if !state.is_over() {
        let content = state.setup.content.clone();
        let yours = burn_lights(&mut state.player, &content, state.turn, &mut state.log);
        // The monsters' lights moved with them: what you see moves too.
        let theirs = burn_monster_lights(&mut state.level_mut().monsters);
        if yours || theirs {
            sight::update(state);
        }
        state.turn += 1;
        crate::dungeon::rules::hunger::digest(state);
        crate::dungeon::rules::accessories::end_of_turn(state);
        crate::dungeon::rules::corpses::fester(state);
        crate::dungeon::rules::corpses::rot_away(state);
        if state.player.growth.is_some() {
            crate::dungeon::rules::grow::end_of_turn(state);
            crate::dungeon::rules::protection::wear_off(state);
        } else {
            let regen = content.player().regen_turns;
            if state.turn.is_multiple_of(regen) && state.player.hp < state.player.max_hp {
                state.player.hp += 1;
            }
        }
        if crate::dungeon::rules::grow::has(state, Intrinsic::Searching) {
            crate::dungeon::rules::search::search(state);
        }
        crate::dungeon::rules::invisible::end_of_turn(state);
        crate::dungeon::rules::levitation::end_of_turn(state);
        crate::dungeon::rules::impaired::end_of_turn(state);
        state.timeouts.detect_monsters = state.timeouts.detect_monsters.saturating_sub(1);
        crate::dungeon::rules::arrivals::end_of_turn(state);
        // A new turn's movement (NetHack's `u_calc_moveamt`): a very fast
        // hero gains a free action two turns in three, a Fast one one turn
        // in three.
        let fast = crate::dungeon::rules::grow::has(state, Intrinsic::Fast);
        // Mounted, you go at your steed's speed, your own not adding to it.
        let riding = crate::dungeon::rules::riding::movement(state);
        if let Some(movement) = riding {
            state.player.bonus_movement += movement.saturating_sub(ACTION);
            crate::dungeon::rules::riding::keep_fed(state);
        }
        if state.timeouts.very_fast > 0 {
            if state.rng.rn2(3) != 0 && riding.is_none() {
                state.player.bonus_movement += ACTION;
            }
            state.timeouts.very_fast -= 1;
            if state.timeouts.very_fast == 0 {
                state.say(if fast {
                    "You feel yourself slow a bit down."
                } else {
                    "You feel yourself slow down."
                });
            }
        } else if fast && riding.is_none() && state.rng.rn2(3) == 0 {
            state.player.bonus_movement += ACTION;
        }
    }
}
