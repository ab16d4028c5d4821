//! `e` and a letter: eat that food. It gives its nutrition at once and
//! takes its turns (a food ration 5, an apple 1), the monsters acting
//! meanwhile. Eating past 2000 nutrition chokes you, as in NetHack.
//!
//! NetHack adds the nutrition bite by bite and lets a monster interrupt the
//! meal, leaving it partly eaten; here a meal, once begun, is eaten whole.

use super::carry::{held, use_up};
use super::hunger::{CHOKE, HARD_TO_EAT, Hunger, status};
use crate::dungeon::state::{Busy, RunState};
use crate::dungeon::{Killer, RunStatus};

/// Eat the food with inventory letter `letter`. Returns whether a turn
/// was spent.
pub(crate) fn eat(state: &mut RunState, letter: u8) -> bool {
    let Some(i) = held(state, letter) else {
        return false;
    };
    let kind = state.player.inventory[i].kind;
    let row = state.content().item(kind).clone();
    let Some(food) = row.on_pick_up.rule().food() else {
        state.say("That is a silly thing to eat.");
        return false;
    };
    let full = status(state.player.nutrition) == Hunger::Satiated;
    use_up(&mut state.player, i);
    if food.turns > 1 {
        state.say(format!("You begin eating the {}.", row.name));
        state.busy = Some(Busy {
            turns: food.turns - 1,
            done: format!("You finish eating the {}.", row.name),
        });
    } else {
        state.say(format!("You eat the {}.", row.name));
    }
    if full {
        state.say("You're having a hard time getting all of it down.");
    }
    state.player.nutrition += food.nutrition as i32;
    if state.player.nutrition >= CHOKE {
        state.busy = None;
        state.say("You choke over your food.");
        state.say("You die...");
        state.player.hp = 0;
        state.status = RunStatus::Died {
            killer: Killer::Choking(kind),
            depth: state.depth,
        };
    } else if state.player.nutrition >= HARD_TO_EAT && !full {
        state.say("You're having a hard time getting all of it down.");
    }
    true
}
