//! A step: onto floor, into a closed door (it opens), into a monster (a blow,
//! or a question first if it is peaceful), into a boulder (a push), onto a
//! trap (it springs; a question first if you know it is there); and
//! NetHack's doorway rule.

use crate::dungeon::hero::rows::Alignment;
use crate::dungeon::rules::boulders::{Push, push};
use crate::dungeon::rules::carry::floor_item_name;
use crate::dungeon::rules::combat::player_attacks;
use crate::dungeon::rules::powers::{self, Power};
use crate::dungeon::rules::traps::hold::held_step;
use crate::dungeon::rules::traps::{Victim, a_trap, spring, step_question};
use crate::dungeon::shared::capitalised;
use crate::dungeon::state::{Question, RunState};
use crate::generation::{Dir, LevelMap, Pos, Tile};

/// NetHack's doorway rule: nobody steps diagonally into or out of a doorway
/// (a blow may still go that way). Does it forbid the step from `from` toward
/// `d`?
pub(crate) fn doorway_forbids(map: &LevelMap, from: Pos, d: Dir) -> bool {
    d.is_diagonal() && (map.tile(from).is_door() || map.tile(from.step(d)).is_door())
}

/// Step (or attack) toward `d`. Returns whether it took a turn: bumping into
/// rock takes none, nor does a question asked.
pub(crate) fn step(state: &mut RunState, d: Dir) -> bool {
    step_asking(state, d, true)
}

/// The answer to "Really step onto that trap?": `yes` steps.
pub(crate) fn answer_trap(state: &mut RunState, d: Dir, yes: bool) -> bool {
    yes && step_asking(state, d, false)
}

/// A step toward `d`; `ask`: ask first before stepping onto a found trap.
fn step_asking(state: &mut RunState, d: Dir, ask: bool) -> bool {
    if crate::dungeon::rules::grow::too_loaded(
        state,
        crate::dungeon::hero::attributes::Encumbrance::Overloaded,
        "You collapse under your load.",
    ) {
        return false;
    }
    let from = state.player.pos;
    let to = from.step(d);
    let map = &state.level().map;
    if map.tile(to) == Tile::DoorClosed {
        if d.is_diagonal() {
            return false;
        }
        if state.level().is_locked(to) {
            state.say("This door is locked.");
            return false;
        }
        open_door(state, to);
        return true;
    }
    if !map.is_walkable(to) {
        return false;
    }
    // A blow may go any way, even diagonally out of a doorway (as in
    // NetHack); a step may not.
    if let Some(m) = state.level().monster_at(to)
        && state.level().monsters[m].tame
    {
        if doorway_forbids(&state.level().map, from, d) || !make_way(state, m, from) {
            return false;
        }
    } else if let Some(m) = state.level().monster_at(to) {
        if crate::dungeon::rules::mimic::posing(state, m) {
            return crate::dungeon::rules::mimic::touch(state, m);
        }
        // Confused or stunned, you don't stop to ask (`attack_checks`).
        if state.level().monsters[m].peaceful && !crate::dungeon::rules::impaired::either(state) {
            let kind = state.level().monsters[m].kind;
            let name = state.content().monster(kind).name.clone();
            state.say(format!("Really attack the {name}? [yn] (n)"));
            state.question = Some(Question::Attack(to));
            return false;
        }
        player_attacks(state, m);
        return true;
    }
    if doorway_forbids(&state.level().map, from, d) {
        return false;
    }
    if crate::dungeon::rules::riding::steed_stuck(state) {
        return false;
    }
    if crate::dungeon::rules::held::cannot_escape(state, to) {
        return true;
    }
    if held_step(state) {
        return true;
    }
    if state.level().has_boulder(to) && push(state, from, d) == Push::Stuck {
        return false;
    }
    if ask
        && let Some(t) = state.level().seen_trap_at(to)
        && !passes_over(state, t)
    {
        let kind = state.level().traps[t].kind;
        let question = step_question(state.content(), kind);
        state.say(question);
        state.question = Some(Question::StepOnTrap(d));
        return false;
    }
    arrive(state, from, to);
    true
}

/// You come onto `to` from `from` (a step, a jump): your steed's share,
/// what you pick up and see there, a shop's door, an engraving read, and
/// the trap there sprung or passed over.
pub(crate) fn arrive(state: &mut RunState, from: Pos, to: Pos) {
    state.player.pos = to;
    crate::dungeon::rules::riding::rode(state);
    crate::dungeon::rules::carry::autopickup(state);
    say_whats_here(state);
    crate::dungeon::rules::shop::at_door(state, from, to);
    if let Some(e) = state.level().engraving(to) {
        let read = format!("You read: \"{}\"", e.text);
        // As NetHack's `read_engr_at` says each kind.
        state.say(match e.how {
            crate::dungeon::level::Engraved::Dust => "Something is written here in the dust.",
            crate::dungeon::level::Engraved::Engrave => "Something is engraved here on the floor.",
            crate::dungeon::level::Engraved::Burn => {
                "Some text has been burned into the floor here."
            }
        });
        state.say(read);
    }
    if let Some(t) = state.level().trap_at(to) {
        if !passes_over(state, t) {
            spring(state, Victim::You, t);
        } else if state.level().traps[t].seen {
            // An unseen one stays unseen (`dotrap`'s `check_in_air`).
            let how = if powers::has(&state.player, state.content(), Power::Levitation) {
                "float"
            } else {
                "fly"
            };
            let name = a_trap(state.content(), state.level().traps[t].kind);
            state.say(format!("You {how} over {name}."));
        }
    }
}

/// Do you float or fly over trap `t` of this level (one set off by a step
/// on the floor)?
fn passes_over(state: &RunState, t: usize) -> bool {
    let kind = state.level().traps[t].kind;
    state.content().trap(kind).floor && powers::above_the_floor(&state.player, state.content())
}

/// Say what lies where you stand: an item, and the stairs, an altar or a
/// fountain. Returns whether there was anything to say.
pub(crate) fn say_whats_here(state: &mut RunState) -> bool {
    let at = state.player.pos;
    let mut said = false;
    if let Some(i) = state.level().item_at(at) {
        let here = floor_item_name(state, &state.level().items[i]);
        state.say(format!("You see here {here}."));
        said = true;
    }
    let tile = state.level().map.tile(at);
    if !tile.row().said_here {
        return said;
    }
    // An altar is named by its god's alignment.
    let named = match state.level().altar.filter(|_| tile == Tile::Altar) {
        Some(Alignment::Unaligned) => "an unaligned altar".to_string(),
        Some(a) => format!("a {} altar", a.word()),
        None => tile.named(),
    };
    state.say(format!("There is {named} here."));
    true
}

/// The answer to "Really attack?": `yes` attacks the monster at `at`, if it
/// is still there.
pub(crate) fn answer_attack(state: &mut RunState, at: Pos, yes: bool) -> bool {
    match (yes, state.level().monster_at(at)) {
        (true, Some(m)) => {
            player_attacks(state, m);
            true
        }
        _ => false,
    }
}

/// Open the closed door at `at`.
fn open_door(state: &mut RunState, at: Pos) {
    state.level_mut().open_door(at);
    state.say("The door opens.");
}

/// You step into your pet at index `m` from `from`: it moves to where you
/// stand, and your step goes on (NetHack's "You swap places with your
/// kitten."). False, and no step, when a trap holds it.
fn make_way(state: &mut RunState, m: usize, from: Pos) -> bool {
    let pet = state.level().monsters[m];
    let name = pet
        .pet_name(
            state.content(),
            state.player.hero,
            state.setup.pet_name.as_deref(),
        )
        .unwrap_or_else(|| format!("your {}", state.content().monster(pet.kind).name));
    if pet.trapped > 0 {
        state.say(format!(
            "You stop. {} can't move out of that trap.",
            capitalised(&name)
        ));
        return false;
    }
    state.level_mut().monsters[m].pos = from;
    state.say(format!("You swap places with {name}."));
    true
}
