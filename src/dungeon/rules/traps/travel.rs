//! Traps that take you elsewhere: a hole or trap door drops you to a deeper
//! level (`Fall`), a teleportation trap to a random place on this one
//! (`Teleport`), a level teleporter to a random other level of the mines
//! (`LevelTeleport`). You arrive on a random free cell, as NetHack's
//! `u_on_rndspot` puts you; nothing follows you.

use crate::dungeon::rules::teleport::{
    go_to_level, random_free_cell, random_free_cell_here, random_teleport_level,
};
use crate::dungeon::rules::traps::shared::{Victim, row, say_of};
use crate::dungeon::state::RunState;

/// `Fall`: down at least one level, and one more one time in four (again
/// and again) while there are levels below (NetHack's `hole_destination`).
pub(super) fn fall(state: &mut RunState, victim: Victim, t: usize) {
    let bottom = state.plan.len();
    let mut to = state.depth + 1;
    if to > bottom {
        return;
    }
    while to < bottom && state.rng.rn2(4) == 0 {
        to += 1;
    }
    match victim {
        Victim::You => {
            let message = row(state, t).message;
            state.say(message);
            go_to_level(state, to);
        }
        Victim::Monster(m) => {
            let name = &row(state, t).name.clone();
            say_of(state, m, &format!("{{M}} falls through the {name}!"));
            send_monster(state, m, to);
        }
    }
}

/// `Teleport`: a random free cell of this level.
pub(super) fn teleport(state: &mut RunState, victim: Victim, t: usize) {
    if victim == Victim::You && crate::dungeon::rules::teleport::controlled(state) {
        let message = row(state, t).message;
        state.say(message);
        crate::dungeon::rules::teleport::within_level(state, false);
        return;
    }
    let Some(to) = random_free_cell_here(state) else {
        return;
    };
    match victim {
        Victim::You => {
            let message = row(state, t).message;
            state.say(message);
            state.player.pos = to;
            state.player.trapped = None;
        }
        Victim::Monster(m) => {
            say_of(state, m, "{M} suddenly disappears!");
            state.level_mut().monsters[m].pos = to;
        }
    }
}

/// `LevelTeleport`: NetHack's `random_teleport_level` with the mines for the
/// whole dungeon: a level from the top to three below this one, never this
/// one, and up from the bottom.
pub(super) fn level_teleport(state: &mut RunState, victim: Victim, t: usize) {
    if victim == Victim::You && crate::dungeon::rules::teleport::controlled(state) {
        let message = row(state, t).message;
        state.say(message);
        state.say("You are momentarily blinded by a flash of light.");
        state.level_mut().traps.remove(t);
        crate::dungeon::rules::teleport::to_another_level(state);
        return;
    }
    let Some(to) = random_teleport_level(state) else {
        return;
    };
    match victim {
        Victim::You => {
            let message = row(state, t).message;
            state.say(message);
            state.say("You are momentarily blinded by a flash of light.");
            // It works once on you, and is gone (NetHack's `deltrap` in
            // `level_tele_trap`): the Catacombs' luckstone can be fetched
            // on the way back.
            state.level_mut().traps.remove(t);
            go_to_level(state, to);
        }
        Victim::Monster(m) => {
            say_of(state, m, "{M} suddenly disappears!");
            send_monster(state, m, to);
        }
    }
}

/// Monster `m` leaves this level for level `depth`: it arrives there on a
/// random free cell if that level has been made, and is lost to the run if
/// not (a simplification: NetHack keeps it until the level is made).
pub(crate) fn send_monster(state: &mut RunState, m: usize, depth: usize) {
    let mut monster = state.level_mut().monsters.remove(m);
    monster.energy = 0;
    monster.trapped = 0;
    let nobody = crate::generation::Pos::new(-1, -1);
    if let Some(level) = state.levels[depth - 1].as_mut()
        && let Some(at) = random_free_cell(level, nobody, &mut state.rng)
    {
        monster.pos = at;
        level.monsters.push(monster);
    }
}
