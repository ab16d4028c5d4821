//! `e` and a letter: eat that food. As NetHack's `eat.c`, a meal is a bite a
//! turn over the food's turns (a food ration 5, an apple 1), the nutrition
//! spread over the bites, the monsters acting between. A hostile monster
//! next to you, or a blow, stops the meal ("You stop eating the food
//! ration."): what is left goes back in the pack, partly eaten, with the
//! nutrition still in it, and eating it again resumes the meal. Eating on
//! past 2000 nutrition chokes you.

use crate::dungeon::rules::carry::{held, named, put_back, use_up};
use crate::dungeon::rules::hunger::{CHOKE, HARD_TO_EAT};
use crate::dungeon::rules::interrupt::disturbed;
use crate::dungeon::shared::{Killer, RunStatus};
use crate::dungeon::state::{Carried, Meal, RunState};

/// Eat the food with inventory letter `letter`: the first bite. Returns
/// whether a turn was spent.
pub(crate) fn eat(state: &mut RunState, letter: u8) -> bool {
    if crate::dungeon::rules::grow::too_loaded(
        state,
        crate::dungeon::hero::attributes::Encumbrance::Overtaxed,
        crate::dungeon::rules::grow::SO_MUCH_STUFF,
    ) {
        return false;
    }
    let Some(i) = held(state, letter) else {
        return false;
    };
    let c = state.player.inventory[i];
    let row = state.content().item(c.kind).clone();
    if c.corpse.is_some() {
        // What the corpse does first decides whether there is a meal.
        if let Some(m) = crate::dungeon::rules::corpses::first_taste(state, i) {
            state.meal = Some(Meal {
                kind: c.kind,
                id: c.id,
                letter,
                bites: m.bites,
                left: m.left,
                warned: false,
                turns: m.turns,
                corpse: c.corpse,
            });
            bite(state);
        }
        return true;
    }
    let Some(food) = row.on_pick_up.food() else {
        state.say("That is a silly thing to eat.");
        return false;
    };
    use_up(&mut state.player, i);
    if food.meat {
        crate::dungeon::rules::corpses::ate_meat(state);
    }
    // A partly eaten one takes its share of the turns (NetHack's
    // `rounddiv(reqtime * oeaten, basenutrit)`).
    let left = c.nutrition_left.unwrap_or(food.nutrition);
    let bites = match c.nutrition_left {
        Some(n) if food.nutrition > 0 => {
            ((food.turns * n + food.nutrition / 2) / food.nutrition).max(1)
        }
        _ => food.turns,
    };
    state.say(match (c.nutrition_left, bites) {
        (Some(_), _) => "You resume your meal.".to_string(),
        (None, 1) => format!("You eat the {}.", row.name),
        (None, _) => format!("You begin eating the {}.", row.name),
    });
    state.meal = Some(Meal {
        kind: c.kind,
        id: c.id,
        letter,
        bites,
        left,
        warned: false,
        turns: food.turns,
        corpse: None,
    });
    bite(state);
    true
}

/// One bite of the meal under way: its share of the nutrition (the last
/// bite all that is left), and the meal ends when it was the last.
pub(crate) fn bite(state: &mut RunState) {
    let Some(mut meal) = state.meal else {
        return;
    };
    let gain = if meal.bites <= 1 {
        meal.left
    } else {
        meal.left / meal.bites
    };
    meal.left -= gain;
    meal.bites = meal.bites.saturating_sub(1);
    state.player.nutrition += gain as i32;
    let name = meal_name(state, &meal);
    if state.player.nutrition >= CHOKE {
        state.meal = None;
        // Gluttony is unchivalrous (a lawful Knight's, `choke`).
        if let Some(hero) = state.player.hero
            && hero.role(state.content().heroes()).chivalrous
            && hero.alignment == crate::dungeon::hero::Alignment::Lawful
        {
            state.say("You feel like a glutton!");
            crate::dungeon::rules::grow::adjust_alignment(state, -1);
        }
        state.say("You choke over your food.");
        state.say("You die...");
        state.player.hp = 0;
        state.status = RunStatus::Died {
            killer: Killer::Choking(meal.kind),
            depth: state.depth,
        };
        return;
    }
    // NetHack warns once a meal, when it takes you to 1500.
    if state.player.nutrition >= HARD_TO_EAT && !meal.warned {
        meal.warned = true;
        state.say("You're having a hard time getting all of it down.");
    }
    if meal.bites == 0 {
        state.meal = None;
        if meal.turns > 1 {
            state.say(format!("You finish eating the {name}."));
        }
        if let Some(corpse) = meal.corpse {
            crate::dungeon::rules::corpses::eaten_up(state, corpse.of);
        }
    } else {
        state.meal = Some(meal);
    }
}

/// Between bites: a hostile monster next to you, or a blow since
/// `hp_before`, stops the meal, and what is left goes back in the pack.
/// Returns whether it stopped.
pub(crate) fn interrupted(state: &mut RunState, hp_before: i32) -> bool {
    let Some(meal) = state.meal else {
        return false;
    };
    if !disturbed(state, hp_before) {
        return false;
    }
    state.meal = None;
    let name = meal_name(state, &meal);
    state.say(format!("You stop eating the {name}."));
    let content = state.setup.content.clone();
    let rest = Carried {
        nutrition_left: Some(meal.left),
        corpse: meal.corpse,
        ..Carried::new(meal.id, meal.kind, 1)
    };
    // The pack had room for it a bite ago.
    put_back(&mut state.player, &content, rest, meal.letter);
    true
}

/// What the meal is of: "food ration", "gnome corpse".
fn meal_name(state: &RunState, meal: &Meal) -> String {
    named(
        state.content(),
        meal.corpse,
        &state.content().item(meal.kind).name,
    )
}
