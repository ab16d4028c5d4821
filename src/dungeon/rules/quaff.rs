//! `q` and a letter: drink that potion. A potion row names its rule
//! (`Potion(does: "healing")`); the rule is one function here and one line
//! in [`POTIONS`]. It returns whether drinking told you what the potion was:
//! then its kind is known from now on (NetHack's `makeknown`). The numbers
//! are NetHack's for an uncursed potion (this game has no blessings or
//! curses); see docs/nethack-mines.md.

use crate::dungeon::content::{Content, ContentError, ItemKind};
use crate::dungeon::dice::{between, roll_dice};
use crate::dungeon::rules::carry::{held, use_up};
use crate::dungeon::shared::Killer;
use crate::dungeon::state::RunState;

/// A potion's rule: what drinking it does; returns whether you now know it.
type PotionRule = fn(&mut RunState) -> bool;

/// Every rule a potion row can name: a new potion that does something new
/// is a function and a line.
const POTIONS: &[(&str, PotionRule)] = &[
    ("healing", healing),
    ("extra healing", extra_healing),
    ("full healing", full_healing),
    ("sleeping", sleeping),
    ("see invisible", see_invisible),
    ("fruit juice", fruit_juice),
    ("water", water),
    ("booze", booze),
    ("oil", oil),
];

fn rule(name: &str) -> Option<PotionRule> {
    POTIONS.iter().find(|(n, _)| *n == name).map(|&(_, r)| r)
}

/// Every potion row names a rule of [`POTIONS`].
pub(crate) fn check_rows(content: &Content, text: &str) -> Result<(), ContentError> {
    let names: Vec<&str> = POTIONS.iter().map(|(n, _)| *n).collect();
    crate::dungeon::rules::check_item_rules(
        content,
        text,
        "potion",
        |row| row.on_pick_up.quaffed(),
        &names,
    )
}

/// Drink the potion with inventory letter `letter`. Returns whether a turn
/// was spent.
pub(crate) fn quaff(state: &mut RunState, letter: u8) -> bool {
    let Some(i) = held(state, letter) else {
        return false;
    };
    let kind = state.player.inventory[i].kind;
    let row = state.content().item(kind).clone();
    let Some(does) = row.on_pick_up.quaffed() else {
        state.say("That is a silly thing to drink.");
        return false;
    };
    let rule = rule(does).expect("checked content");
    let lit = state.player.inventory[i].lit;
    use_up(&mut state.player, i);
    if lit {
        burning(state, kind);
    } else if rule(state) {
        state.discoveries.discover(kind);
    }
    true
}

/// A lit potion (oil, the one a potion row can make a light of) burns your
/// face whatever its rule: 4d4, as NetHack's for a hero without fire
/// resistance, which this game has none of.
fn burning(state: &mut RunState, kind: ItemKind) {
    state.say("You burn your face.");
    state.player.hp -= roll_dice(4, 4, &mut state.rng);
    state.die_if_spent(Killer::Quaffing(kind));
}

/// NetHack's `healup`: `hp` back, and when that passes your most, your most
/// grows by `more` and you are at it.
fn heal_up(state: &mut RunState, hp: i32, more: i32) {
    let p = &mut state.player;
    p.hp += hp;
    if p.hp > p.max_hp {
        p.max_hp += more;
        p.hp = p.max_hp;
    }
}

/// 6d4 hit points, and one more at most.
fn healing(state: &mut RunState) -> bool {
    let hp = roll_dice(6, 4, &mut state.rng);
    heal_up(state, hp, 1);
    state.say("You feel better.");
    true
}

/// 6d8 hit points, and two more at most.
fn extra_healing(state: &mut RunState) -> bool {
    let hp = roll_dice(6, 8, &mut state.rng);
    heal_up(state, hp, 2);
    state.say("You feel much better.");
    crate::dungeon::rules::corpses::cure(state);
    true
}

/// Every hit point back, and four more at most.
fn full_healing(state: &mut RunState) -> bool {
    heal_up(state, 400, 4);
    state.say("You feel completely healed.");
    crate::dungeon::rules::corpses::cure(state);
    true
}

/// Asleep for 25 to 34 turns (NetHack's `rn1(10, 25)`), the monsters acting.
fn sleeping(state: &mut RunState) -> bool {
    state.say("You suddenly fall asleep!");
    state.asleep = between(&mut state.rng, (25, 34));
    true
}

/// It tastes like fruit juice, and you can't tell it from that. (Seeing
/// invisible monsters does nothing here: the mines have none.)
fn see_invisible(state: &mut RunState) -> bool {
    state.say("This tastes like fruit juice.");
    false
}

/// 20 nutrition, and no telling it from see invisible.
fn fruit_juice(state: &mut RunState) -> bool {
    state.say("This tastes like fruit juice.");
    state.player.nutrition += 20;
    false
}

/// Plain water: 1 to 10 nutrition.
fn water(state: &mut RunState) -> bool {
    state.say("This tastes like water.");
    state.player.nutrition += state.rng.rnd(10) as i32;
    true
}

/// Booze: it burns going down, heals a hit point and feeds you 20, as
/// NetHack's uncursed potion does. (NetHack also confuses you for 3d8 turns;
/// this game has no confusion.)
fn booze(state: &mut RunState) -> bool {
    state.say("Ooph! This tastes like liquid fire!");
    heal_up(state, 1, 0);
    state.player.nutrition += 20;
    true
}

/// Oil, unlit: smooth, and nothing more (a lit one burns: [`burning`]).
fn oil(state: &mut RunState) -> bool {
    state.say("That was smooth!");
    true
}
