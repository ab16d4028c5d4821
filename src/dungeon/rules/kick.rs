//! Kicking (NetHack's `dokick`): `x` (Ctrl+D in the game, as NetHack's),
//! then a direction. A closed door, locked or not, crashes open when
//! rn2(35) comes under your average of strength, dexterity and
//! constitution, else "WHAMM!!"; a secret door kicked open when rn2(30)
//! does, else it hurts like a wall. A wall, rock or a boulder hurts: "Ouch!
//! That hurts!", rnd(5) hit points. A monster there takes your blow. Each
//! kick is a turn.
//!
//! This game keeps no strength, dexterity or constitution: the average is
//! [`ATTRIBUTES`], a middling hero's, so a door gives way about one kick in
//! three. A kicked-open door is broken (NetHack's `D_BROKEN`): a doorway
//! for good. Left out: kicking objects along the floor, hurting a kicked
//! shop door's keeper, a strained muscle kicking empty space, waking the
//! level.

use crate::dungeon::direction::Way;
use crate::dungeon::rules::combat::player_attacks;
use crate::dungeon::shared::Killer;
use crate::dungeon::state::RunState;
use crate::generation::Tile;

/// The average of strength, dexterity and constitution a kick rolls
/// against (NetHack's `avrg_attrib`).
pub(crate) const ATTRIBUTES: u64 = 12;

/// Kick toward `way` (one of the eight: its question takes no other).
/// Returns whether a turn was spent.
pub(crate) fn kick(state: &mut RunState, way: Way) -> bool {
    let Some(d) = way.dir() else { return false };
    let at = state.player.pos.step(d);
    if let Some(m) = state.level().monster_at(at) {
        player_attacks(state, m);
        return true;
    }
    let tile = state.level().map.tile(at);
    if state.level().has_boulder(at) {
        ouch(state);
    } else if tile == Tile::DoorClosed {
        if state.rng.rn2(35) < ATTRIBUTES {
            state.level_mut().break_door(at);
            state.say("As you kick the door, it crashes open!");
        } else {
            state.say("WHAMM!!");
        }
    } else if tile.is_secret_door() {
        if state.rng.rn2(30) < ATTRIBUTES {
            state.level_mut().break_door(at);
            state.say("Crash!  You kick open a secret door!");
        } else {
            ouch(state);
        }
    } else if tile == Tile::Rock || tile.is_wall() || !tile.is_walkable() {
        ouch(state);
    } else {
        state.say("You kick at empty space.");
    }
    true
}

/// A kick at something hard: rnd(5) hit points (NetHack's, for a
/// constitution of 15 or less), which may kill you.
fn ouch(state: &mut RunState) {
    state.say("Ouch!  That hurts!");
    state.player.hp -= state.rng.rnd(5) as i32;
    state.die_if_spent(Killer::Kicking);
}
