//! A stethoscope applied (`a`, then a direction), as NetHack 3.7's
//! `use_stethoscope`: toward a monster it tells its status (and finds a
//! mimic posing as a thing), toward yourself (`.`) yours, toward a wall a
//! secret door behind it, down the dead lying here. The first listen of
//! each move takes no time; a second in the same move does. A cursed one
//! half the time hears only your heart.

use crate::dungeon::direction::{Ask, Way};
use crate::dungeon::rules::{carry, insight};
use crate::dungeon::state::RunState;
use crate::generation::{Pos, Tile};

/// What a stethoscope asks (`getdir`): a direction, `.` for yourself, `<`
/// or `>`.
pub(crate) const LISTEN: Ask = Ask::compass("In what direction?")
    .or_here()
    .or_up()
    .or_down();

/// Listen with the stethoscope at inventory place `letter` toward `way`.
/// Returns whether it took time.
pub(crate) fn listen(state: &mut RunState, letter: u8, way: Way) -> bool {
    let Some(at) = carry::find(&state.player, letter) else {
        return false;
    };
    if !free_hand(state) {
        state.say("You have no free hand.");
        return false;
    }
    let this_move = (state.turn, state.player.bonus_movement);
    let spent = state.listened_at == Some(this_move);
    state.listened_at = Some(this_move);
    let cursed = state.player.inventory[at].blessing == crate::dungeon::blessing::Blessing::Cursed;
    match way {
        Way::Up => state.say("You can't reach the ceiling."),
        Way::Down => {
            let me = state.player.pos;
            if !the_dead(state, me) {
                state.say("The floor seems healthy enough.");
            }
        }
        _ if cursed && state.rng.rn2(2) == 0 => state.say("You hear your heart beat."),
        Way::Here => {
            let line = insight::your_status(state);
            state.say(line);
        }
        Way::Toward(d) => {
            let there = state.player.pos.step(d);
            if !state.level().map.contains(there) {
                state.say("You hear a faint typing noise.");
                return false;
            }
            at_spot(state, there);
        }
    }
    spent
}

/// A hand to hold it: not while a cursed two-handed weapon is welded to
/// both (NetHack's `freehand`).
fn free_hand(state: &RunState) -> bool {
    let content = state.content();
    !state.player.inventory.iter().any(|c| {
        crate::dungeon::rules::weld::welded(content, c)
            && crate::dungeon::rules::weld::two_handed(content, c)
    })
}

/// What the stethoscope hears at `there`, next to you.
fn at_spot(state: &mut RunState, there: Pos) {
    if let Some(m) = state.level().monster_at(there) {
        if let Some(look) = state.level().monsters[m].disguise {
            let what = state
                .discoveries
                .floor_name(state.content(), look)
                .to_string();
            let name = crate::dungeon::rules::mimic::reveal(state, m);
            state.say(format!("That {what} is really a {name}."));
        } else {
            let monster = state.level().monsters[m];
            if !crate::dungeon::rules::sight::sees_monster(state, &monster) {
                let name = state.content().monster(monster.kind).name.clone();
                state.say(format!(
                    "There is {} there.",
                    crate::dungeon::content::with_article(&name)
                ));
            }
        }
        let line = insight::monster_status(state, m);
        state.say(line);
        return;
    }
    if state.level().map.tile(there).is_secret_door() {
        std::sync::Arc::make_mut(&mut state.level_mut().map).set_tile(there, Tile::DoorClosed);
        crate::dungeon::rules::sight::update(state);
        state.say("You hear a hollow sound.  This must be a secret door!");
        return;
    }
    if !the_dead(state, there) {
        state.say("You hear nothing special.");
    }
}

/// Corpses at `p` (NetHack's `its_dead`): "You determine that that
/// unfortunate being is dead." Returns whether there were any.
fn the_dead(state: &mut RunState, p: Pos) -> bool {
    let dead: u32 = state
        .level()
        .items()
        .iter()
        .filter(|i| i.pos == p && i.corpse.is_some())
        .map(|i| i.quantity)
        .sum();
    if dead == 0 {
        return false;
    }
    let here = p == state.player.pos;
    let line = match (dead, here) {
        (1, true) => "You determine that this unfortunate being is dead.",
        (1, false) => "You determine that that unfortunate being is dead.",
        (_, true) => "You determine that these unfortunate beings are dead.",
        (_, false) => "You determine that those unfortunate beings are dead.",
    };
    state.say(line);
    true
}
