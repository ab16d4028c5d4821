//! You, invisible (a ring of invisibility here) or displaced (a cloak of
//! displacement), as NetHack 3.7's monsters meet you (`set_apparxy`,
//! `m_move`, `wildmiss`, `u_entered_shop`):
//!
//! - **Where they think you are.** A monster that does not see invisible
//!   things (all but the mind flayers here) knows where you are one time in
//!   three, each time it acts; else it guesses a cell beside you (or yours)
//!   that it could stand on and you could see. It keeps a right guess while
//!   you stay there. Displaced, you seem to stand within two cells of where
//!   you are (one, when its last guess was out of your sight), and a
//!   monster that sees you knows better one time in four.
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
    if crate::dungeon::rules::grow::has(state, crate::dungeon::hero::Intrinsic::SeeInvisible) {
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
            if crate::dungeon::rules::grow::has(
                state,
                crate::dungeon::hero::Intrinsic::SeeInvisible,
            ) {
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

/// Are you displaced (a cloak of displacement worn)?
pub(crate) fn displaced(state: &RunState) -> bool {
    powers::has(&state.player, state.content(), Power::Displacement)
}

/// Where monster `m` believes you are as it acts (NetHack's `set_apparxy`),
/// kept in its `you_seem_at`. A pet or a peaceful monster, or one that sees
/// you where you are, knows. One that can't see you guesses a cell beside
/// you, right one time in three; against your displacement it is right one
/// time in four, and guesses within two cells when you could see where it
/// last believed you were (within one when you couldn't).
pub(crate) fn aim(state: &mut RunState, m: usize) -> Pos {
    let me = state.player.pos;
    let monster = state.level().monsters[m];
    let unseen = unseen_by(state, m);
    let reach = if unseen {
        1
    } else if displaced(state) {
        // Two cells when you could see where it last believed you were
        // (and it knew, None, where you could see it).
        match monster.you_seem_at {
            Some(p) if !state.sight.los_mark[state.level().map.index(p)] => 1,
            _ => 2,
        }
    } else {
        0
    };
    let right_one_in = if unseen { 3 } else { 4 };
    let guess = if monster.tame || monster.peaceful || reach == 0 {
        None
    } else if monster.you_seem_at == Some(me) || state.rng.rn2(right_one_in) == 0 {
        Some(me)
    } else {
        Some(guess_near(state, monster.pos, reach))
    };
    state.level_mut().monsters[m].you_seem_at = guess;
    guess.unwrap_or(me)
}

/// A cell within `reach` of you, as a monster at `from` guesses it: on the
/// map, not its own (unless the reach is 2), one it could stand on (or
/// yours), and in your line of sight. After 200 tries, yours.
fn guess_near(state: &mut RunState, from: Pos, reach: i32) -> Pos {
    let me = state.player.pos;
    let side = (2 * reach + 1) as u64;
    for _ in 0..200 {
        let x = me.x - reach + state.rng.rn2(side) as i32;
        let y = me.y - reach + state.rng.rn2(side) as i32;
        let at = Pos::new(x, y);
        let level = state.level();
        let fits = level.map.contains(at)
            && (reach == 2 || at != from)
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
    if !unseen_by(state, m) {
        // It sees you, displaced.
        let invisible = if you_are(state) { "invisible " } else { "" };
        state.say(format!(
            "The {name} strikes at your {invisible}displaced image and misses you!"
        ));
        return true;
    }
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
