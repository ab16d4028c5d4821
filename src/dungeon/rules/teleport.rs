//! Where teleports and falls land, and teleporting yourself, steered or
//! not (NetHack 3.7's `scrolltele`, `level_tele`, `random_teleport_level`).
//!
//! - **Not steered**, a teleport puts you on a random free cell of the
//!   level (one a creature may stand on, with no trap or boulder), a level
//!   teleport on a random level from the top to three below this one.
//! - **Teleport control** (a ring of it here) steers both, and a blessed
//!   scroll of teleportation steers its own teleport: a cursor asks "Where
//!   do you want to be teleported?" (moved and picked as travel's cursor
//!   is), and you land there if a creature may stand there and no trap lies
//!   there (a pit or hole is fine while you float or fly); elsewhere it
//!   says "Sorry..." and sends you to a random cell. Never minded, you stay.
//!   Asleep, you cannot steer.
//! - **A level teleport under control** asks "To what level do you want to
//!   teleport?": the words are a dungeon level as the status line counts
//!   them (`Dlvl`); `*` is a random one; words that start with no number
//!   ask again. Below the mines' bottom is the bottom; above their top is
//!   their top (the mines are the whole dungeon here); this level or one
//!   at or above 0 (NetHack's Nowhere and heaven, which kill) leaves you
//!   where you are: "You shudder for a moment."

use crate::dungeon::level::LevelState;
use crate::dungeon::rules::powers;
use crate::dungeon::rules::stairs::enter_level;
use crate::dungeon::state::{CursorFor, Question, RunState};
use crate::dungeon::words::Words;
use crate::generation::{MineRng, Pos};

/// The question a steered level teleport asks.
pub(crate) const WHICH_LEVEL: &str = "To what level do you want to teleport?";

/// Do you have teleport control (a ring of it, or a Monk's or Wizard's
/// 17th level)?
pub(crate) fn controlled(state: &RunState) -> bool {
    crate::dungeon::rules::grow::has(state, crate::dungeon::hero::Intrinsic::TeleportControl)
}

/// A teleport of yours on this level: steered by control or a blessed
/// scroll (`blessed_scroll`), the cursor asks where; else a random free
/// cell.
pub(crate) fn within_level(state: &mut RunState, blessed_scroll: bool) {
    if controlled(state) || blessed_scroll {
        if state.asleep == 0 {
            state.say("Where do you want to be teleported?");
            state.ask_cursor(CursorFor::Teleport);
            return;
        }
        state.say("Being unconscious, you cannot control your teleport.");
    }
    anywhere(state);
}

/// A random free cell of this level, and what you see from there.
fn anywhere(state: &mut RunState) {
    teleport_you(state);
    crate::dungeon::rules::sight::update(state);
}

/// The cursor picked `at` for a steered teleport: there if you may land
/// there, else "Sorry..." and a random cell. No turn (the teleport's was
/// spent).
pub(crate) fn to_cell(state: &mut RunState, at: Pos) -> bool {
    if may_land(state, at) {
        state.player.pos = at;
        state.player.trapped = None;
        crate::dungeon::rules::sight::update(state);
    } else {
        state.say("Sorry...");
        anywhere(state);
    }
    false
}

/// May you land on `at` (NetHack's `teleok`): a creature may stand there
/// (walkable, no other monster, no boulder) and no trap lies there, but a
/// pit or hole under you while you float or fly.
fn may_land(state: &RunState, at: Pos) -> bool {
    let level = state.level();
    if !level.map.contains(at) || !level.map.is_walkable(at) || level.has_boulder(at) {
        return false;
    }
    if level.monster_at(at).is_some() {
        return false;
    }
    match level.trap_at(at) {
        None => true,
        Some(t) => {
            let rule = state.content().trap(level.traps[t].kind).rule.as_str();
            matches!(rule, "Pit" | "Fall")
                && powers::above_the_floor(&state.player, state.content())
        }
    }
}

/// A level teleport of yours (a level teleporter, a cursed scroll): under
/// control the words name the level; else a random one.
pub(crate) fn to_another_level(state: &mut RunState) {
    if controlled(state) {
        state.say(WHICH_LEVEL);
        state.question = Some(Question::LevelTeleport);
        return;
    }
    if let Some(to) = random_teleport_level(state) {
        go_to_level(state, to);
    }
}

/// The answer to "To what level do you want to teleport?": `words`, or
/// nothing when another command came (never mind: you stay). Returns
/// whether a turn was spent (none: the teleport's was).
pub(crate) fn answer_level(state: &mut RunState, words: Option<Words>) -> bool {
    let Some(words) = words else {
        state.say("Never mind.");
        return false;
    };
    let to = if words.as_str().trim() == "*" {
        random_teleport_level(state)
    } else {
        let Some(n) = words.leading_number() else {
            // No number: asked again, as NetHack asks.
            state.say(WHICH_LEVEL);
            state.question = Some(Question::LevelTeleport);
            return false;
        };
        depth_of(state, n)
    };
    match to {
        Some(to) if to != state.depth => go_to_level(state, to),
        _ => state.say("You shudder for a moment."),
    }
    false
}

/// The mines' level a `Dlvl` of `n` names, the mines' top or bottom beyond
/// them; None for a `Dlvl` of 0 or above.
fn depth_of(state: &RunState, n: i64) -> Option<usize> {
    if n < 1 {
        return None;
    }
    let bottom = state.plan.len() as i64;
    let depth = (n - state.dlvl(0) as i64).clamp(1, bottom);
    Some(depth as usize)
}

/// You, to a random free cell of this level (a scroll of teleportation).
/// Returns whether there was one.
pub(crate) fn teleport_you(state: &mut RunState) -> bool {
    let Some(to) = random_free_cell_here(state) else {
        return false;
    };
    state.player.pos = to;
    state.player.trapped = None;
    state.player.held_by = None;
    true
}

/// Where a level teleport you do not steer takes you (NetHack's
/// `random_teleport_level`, the mines for the whole dungeon): a level from
/// the top to three below this one, never this one, and up from the
/// bottom. None in a run of one level.
pub(crate) fn random_teleport_level(state: &mut RunState) -> Option<usize> {
    let (here, bottom) = (state.depth, state.plan.len());
    if bottom < 2 {
        return None;
    }
    let mut to = state.rng.rn2((here + 2) as u64) as usize + 1;
    if to >= here {
        to += 1;
    }
    if to > bottom {
        to = bottom;
        if here == bottom {
            to = here.saturating_sub(state.rng.rnd(3) as usize).max(1);
        }
    }
    Some(to)
}

/// You arrive on level `depth`, on a random free cell (falling, or
/// teleported).
pub(crate) fn go_to_level(state: &mut RunState, depth: usize) {
    state.player.trapped = None;
    if !enter_level(state, depth) {
        return;
    }
    let at = random_free_cell_here(state).unwrap_or_else(|| state.level().up_stairs());
    state.player.pos = at;
}

/// A random cell of `level` a creature may be put on: walkable, with no
/// monster, boulder or trap, and not `player`.
pub(crate) fn random_free_cell(level: &LevelState, player: Pos, rng: &mut MineRng) -> Option<Pos> {
    let cells: Vec<Pos> = level
        .map
        .cells()
        .filter(|&c| {
            level.map.is_walkable(c)
                && c != player
                && level.monster_at(c).is_none()
                && !level.has_boulder(c)
                && level.trap_at(c).is_none()
        })
        .collect();
    if cells.is_empty() {
        return None;
    }
    Some(cells[rng.rn2(cells.len() as u64) as usize])
}

/// A random free cell of the current level, not yours.
pub(crate) fn random_free_cell_here(state: &mut RunState) -> Option<Pos> {
    let level = state.levels[state.depth - 1]
        .as_ref()
        .expect("the current level exists");
    random_free_cell(level, state.player.pos, &mut state.rng)
}
