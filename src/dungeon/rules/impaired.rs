//! You, confused or stunned, as NetHack 3.7 has you (`make_confused`,
//! `make_stunned`, `u_maybe_impaired`, `confdir`).
//!
//! Both last a number of turns (`Timeouts::confused`, `stunned`), shown on
//! the status line as `Conf` and `Stun`, and wear off with "You feel less
//! confused now." and "You feel a bit steadier now.". Stunned, every step
//! and every direction you give goes a random way; confused, one in five
//! does. A step that would go into rock or a wall is rolled again, up to
//! fifty times (`impaired_movement`). Neither asks before you strike a
//! peaceful monster. What makes you so, and what else it changes (casting,
//! studying, reading confuse monster), is each rule's own.

use crate::dungeon::direction::Way;
use crate::dungeon::state::RunState;
use crate::generation::{Dir, Tile};

/// The eight directions in the order NetHack's `confdir` draws from
/// (`dirs_ord`: west, north, east, south, then the diagonals).
const DRAWN: [Dir; 8] = [
    Dir::W,
    Dir::N,
    Dir::E,
    Dir::S,
    Dir::NW,
    Dir::NE,
    Dir::SE,
    Dir::SW,
];

/// Are you confused?
pub(crate) fn confused(state: &RunState) -> bool {
    state.timeouts.confused > 0
}

/// Are you stunned?
pub(crate) fn stunned(state: &RunState) -> bool {
    state.timeouts.stunned > 0
}

/// Confused or stunned: you strike a peaceful monster without being asked
/// (NetHack's `attack_checks`).
pub(crate) fn either(state: &RunState) -> bool {
    confused(state) || stunned(state)
}

/// Confused for `turns` from now (0: no longer). As NetHack's
/// `make_confused`, only the end is said, when `talk`.
pub(crate) fn make_confused(state: &mut RunState, turns: u32, talk: bool) {
    let was = state.timeouts.confused;
    state.timeouts.confused = turns;
    if turns == 0 && was > 0 && talk {
        state.say("You feel less confused now.");
    }
}

/// Stunned for `turns` from now (0: no longer), said when `talk`: "You
/// stagger..." (in the saddle, "You wobble in the saddle.") and "You feel
/// a bit steadier now.".
pub(crate) fn make_stunned(state: &mut RunState, turns: u32, talk: bool) {
    let was = state.timeouts.stunned;
    state.timeouts.stunned = turns;
    if !talk {
        return;
    }
    if turns == 0 && was > 0 {
        state.say("You feel a bit steadier now.");
    } else if turns > 0 && was == 0 {
        state.say(if state.player.steed.is_some() {
            "You wobble in the saddle."
        } else {
            "You stagger..."
        });
    }
}

/// Confused for `more` turns beyond what is left, without a word
/// (`make_confused(HConfusion + more, FALSE)`).
pub(crate) fn confuse_more(state: &mut RunState, more: u32) {
    let turns = state.timeouts.confused + more;
    make_confused(state, turns, false);
}

/// Stunned for `more` turns beyond what is left, without a word.
pub(crate) fn stun_more(state: &mut RunState, more: u32) {
    let turns = state.timeouts.stunned + more;
    make_stunned(state, turns, false);
}

/// A turn passes: both wear off by one (NetHack's `nh_timeout`).
pub(crate) fn end_of_turn(state: &mut RunState) {
    if state.timeouts.confused > 0 {
        let left = state.timeouts.confused - 1;
        make_confused(state, left, true);
    }
    if state.timeouts.stunned > 0 {
        let left = state.timeouts.stunned - 1;
        make_stunned(state, left, true);
    }
}

/// Does this action go astray: stunned, always; confused, one time in
/// five (`u_maybe_impaired`). Rolls only while confused and not stunned.
fn astray(state: &mut RunState) -> bool {
    stunned(state) || (confused(state) && state.rng.rn2(5) == 0)
}

/// A random direction (`confdir`).
fn random_dir(state: &mut RunState) -> Dir {
    DRAWN[state.rng.rn2(8) as usize]
}

/// Where a step meant to go `d` goes: `d`, or, astray, a random way that
/// is on the map and not into rock, a wall or a tree, rolled up to fifty
/// times; None when none was found (you don't move).
pub(crate) fn step(state: &mut RunState, d: Dir) -> Option<Dir> {
    if !astray(state) {
        return Some(d);
    }
    for _ in 0..=50 {
        let d = random_dir(state);
        let to = state.player.pos.step(d);
        let map = &state.level().map;
        if map.contains(to) && !bad_rock(map.tile(to)) {
            return Some(d);
        }
    }
    None
}

/// The way a direction you give goes (NetHack's `getdir`): up and down as
/// given, any other (yourself too), astray, a random one of the eight.
pub(crate) fn way(state: &mut RunState, way: Way) -> Way {
    match way {
        Way::Up | Way::Down => way,
        Way::Toward(_) | Way::Here if astray(state) => Way::Toward(random_dir(state)),
        _ => way,
    }
}

/// Rock you can't step into (NetHack's `bad_rock` for one who can't dig
/// or pass walls): stone, walls, secret doors, trees.
fn bad_rock(t: Tile) -> bool {
    t == Tile::Rock || t.is_wall() || t.is_secret_door() || t == Tile::Tree
}
