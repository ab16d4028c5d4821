//! You, invisible (a ring of invisibility here), as NetHack 3.7's monsters
//! meet you (`set_apparxy`, `m_move`, `wildmiss`, `u_entered_shop`):
//!
//! - **Where they think you are.** A monster that does not see invisible
//!   things (all but the mind flayers here) knows where you are one time in
//!   three, each time it acts; else it guesses a cell beside you (or yours)
//!   that it could stand on and you could see. It keeps a right guess while
//!   you stay there.
//! - **Coming at you** it wanders ten times in eleven, and aims at its
//!   guess the eleventh; it strikes at its guess, and a blow at an empty
//!   cell misses wildly ("The gnome swings wildly and misses!"); it shoots
//!   only when its guess is right.
//! - **Shopkeepers** sense you: "Invisible customers are not welcome!", and
//!   the keeper stands in the way in (`shop.rs`).

use crate::dungeon::attacks::AttackType;
use crate::dungeon::rules::powers::{self, Power};
use crate::dungeon::state::RunState;
use crate::generation::Pos;

/// Are you invisible (a ring of it, or your own wand for a time)?
pub(crate) fn you_are(state: &RunState) -> bool {
    state.timeouts.invisible > 0 || powers::has(&state.player, state.content(), Power::Invisibility)
}

/// What you see of yourself as you turn invisible (NetHack's
/// `self_invis_message`).
pub(crate) fn fading_line(state: &RunState) -> &'static str {
    if powers::has(&state.player, state.content(), Power::SeeInvisible) {
        "Gee! All of a sudden, you can see right through yourself."
    } else {
        "Gee! All of a sudden, you can't see yourself."
    }
}

/// Your own wand of make invisible: invisible 31 to 45 turns more (NetHack
/// 3.7's `incr_itimeout(&HInvis, rn1(15, 31))`). Returns whether you see it
/// happen (you were not invisible already), which names the wand.
pub(crate) fn zapped(state: &mut RunState) -> bool {
    let was = you_are(state);
    state.timeouts.invisible += 31 + state.rng.rn2(15) as u32;
    if !was {
        state.say(fading_line(state));
    }
    !was
}

/// A turn passes: a wand's invisibility wears off ("You are no longer
/// invisible.").
pub(crate) fn end_of_turn(state: &mut RunState) {
    if state.timeouts.invisible == 0 {
        return;
    }
    state.timeouts.invisible -= 1;
    if !you_are(state) {
        state.say(
            if powers::has(&state.player, state.content(), Power::SeeInvisible) {
                "You can no longer see through yourself."
            } else {
                "You are no longer invisible."
            },
        );
    }
}

/// Are you unseen by monster `m`: invisible to a monster that does not see
/// invisible things?
pub(crate) fn unseen_by(state: &RunState, m: usize) -> bool {
    let monster = &state.level().monsters[m];
    you_are(state) && !state.content().monster(monster.kind).sees_invisible
}

/// Where monster `m` believes you are as it acts (NetHack's `set_apparxy`),
/// kept in its `you_seem_at`. A pet or a peaceful monster, or one that sees
/// you, knows.
pub(crate) fn aim(state: &mut RunState, m: usize) -> Pos {
    let me = state.player.pos;
    let monster = state.level().monsters[m];
    let guess = if monster.tame || monster.peaceful || !unseen_by(state, m) {
        None
    } else if monster.you_seem_at == Some(me) || state.rng.rn2(3) == 0 {
        Some(me)
    } else {
        Some(guess_beside(state, monster.pos))
    };
    state.level_mut().monsters[m].you_seem_at = guess;
    guess.unwrap_or(me)
}

/// A cell beside you or yours, as a monster at `from` guesses it: on the
/// map, not its own, one it could stand on (or yours), and in your line of
/// sight. After 200 tries, yours.
fn guess_beside(state: &mut RunState, from: Pos) -> Pos {
    let me = state.player.pos;
    for _ in 0..200 {
        let x = me.x - 1 + state.rng.rn2(3) as i32;
        let y = me.y - 1 + state.rng.rn2(3) as i32;
        let at = Pos::new(x, y);
        let level = state.level();
        let fits = level.map.contains(at)
            && at != from
            && (at == me || level.map.is_walkable(at))
            && state.sight.los_mark[level.map.index(at)];
        if fits {
            return at;
        }
    }
    me
}

/// Monster `m` strikes at where it believes you are: if that is not where
/// you are, its blow finds nothing and, if you see it, you are told
/// (NetHack's `wildmiss`). Returns whether it struck at nothing.
pub(crate) fn misses_wildly(state: &mut RunState, m: usize) -> bool {
    let monster = state.level().monsters[m];
    match monster.you_seem_at {
        Some(at) if at != state.player.pos => {}
        _ => return false,
    }
    let seen = state.sight.visible_mark[state.level().map.index(monster.pos)];
    if !seen {
        return true;
    }
    let row = state.content().monster(monster.kind);
    let name = row.name.clone();
    let swings = match row.attacks.first().map(|a| a.0) {
        Some(AttackType::Bite) => "snaps",
        Some(AttackType::Kick) => "kicks",
        Some(AttackType::Sting | AttackType::Butt) => "lunges",
        _ => "swings",
    };
    let line = match state.rng.rn2(3) {
        0 => format!("The {name} {swings} wildly and misses!"),
        1 => format!("The {name} attacks a spot beside you."),
        _ => format!("The {name} strikes at thin air!"),
    };
    state.say(line);
    true
}
