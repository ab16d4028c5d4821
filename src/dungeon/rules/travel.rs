//! Travel (`_`, as NetHack's) and auto-explore (`X`, beyond NetHack, as
//! DCSS's `o`): walking a shortest way through the cells you know, a step a
//! turn with the monsters acting between, as one occupation.
//!
//! - **The cursor.** `_` asks "Where do you want to travel to?" with a
//!   cursor on you. `hjklyubn` move it a cell, `HJKLYUBN` eight; `<` and `>`
//!   put it on a staircase you have seen; `.` or `,` goes. Any other key:
//!   never mind. (`;` uses the same cursor: `look.rs`.) In a key file the
//!   keys are written as typed: `_>.` travels to the down stairs.
//! - **The way.** Through cells you have seen that are walkable, never onto
//!   a trap you know of, a boulder or a peaceful monster, nor diagonally
//!   through a doorway. With no known way, you go to the known cell nearest
//!   the target, as NetHack's travel guesses.
//! - **Auto-explore** walks to the nearest cell you know with a cell you have
//!   not seen beside it, again and again, and says "Done exploring." when no
//!   such cell is left that you can reach.
//! - **What stops either,** as running stops: a blow, any message (a swap
//!   with your pet aside), a hostile monster coming into view. Arriving ends
//!   travel.

use std::collections::VecDeque;

use crate::dungeon::rules::intent::STEPS;
use crate::dungeon::rules::moving::{doorway_forbids, step};
use crate::dungeon::rules::running::{lookout_after, something_happened};
use crate::dungeon::state::{CursorFor, Question, RunState, Travel, Worked};
use crate::generation::{Dir, Pos};

/// How far `HJKLYUBN` move the cursor.
const FAR: i32 = 8;

/// `_`: ask where to, the cursor on you.
pub(crate) fn ask(state: &mut RunState) -> bool {
    state.ask_cursor(CursorFor::Travel);
    false
}

/// A key typed at the cursor, as the cursor reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CursorKey {
    /// `hjklyubn`: one cell that way.
    Step(Dir),
    /// `HJKLYUBN`: eight cells that way.
    Far(Dir),
    /// `<`: onto the up staircase, if seen.
    UpStairs,
    /// `>`: onto the down staircase, if seen.
    DownStairs,
    /// `.` or `,`: this cell.
    Pick,
    /// `;` or `:`: this cell, when looking.
    LookPick,
    /// `@`: back onto you.
    You,
    /// Anything else: never mind.
    Other,
}

/// `key` answers the cursor at `at`: moves it (the question stays), or
/// picks the cell, or never minds. Returns whether a turn was spent.
pub(crate) fn answer(state: &mut RunState, at: Pos, purpose: CursorFor, key: CursorKey) -> bool {
    let again = |state: &mut RunState, to: Pos| {
        let map = &state.level().map;
        let to = Pos::new(
            to.x.clamp(0, map.width() as i32 - 1),
            to.y.clamp(0, map.height() as i32 - 1),
        );
        state.question = Some(Question::Cursor { at: to, purpose });
        false
    };
    let known = |state: &RunState, p: Option<Pos>| p.filter(|&p| state.level().is_seen(p));
    match key {
        CursorKey::Step(d) => again(state, at.step(d)),
        CursorKey::Far(d) => {
            let (dx, dy) = d.delta();
            again(state, at.offset(dx * FAR, dy * FAR))
        }
        CursorKey::UpStairs => {
            let up = known(state, state.level().map.up_stairs());
            again(state, up.unwrap_or(at))
        }
        CursorKey::DownStairs => {
            let down = known(state, state.level().down_stairs());
            again(state, down.unwrap_or(at))
        }
        CursorKey::You => {
            let you = state.player.pos;
            again(state, you)
        }
        CursorKey::Pick => match purpose {
            CursorFor::Travel => go(state, at),
            CursorFor::Look => crate::dungeon::rules::look::at(state, at),
            CursorFor::Teleport => crate::dungeon::rules::teleport::to_cell(state, at),
            CursorFor::Jump(magic) => crate::dungeon::rules::jump::to_cell(state, at, magic),
            CursorFor::Pole => crate::dungeon::rules::pole::hit_at(state, at),
        },
        CursorKey::LookPick if purpose == CursorFor::Look => {
            crate::dungeon::rules::look::at(state, at)
        }
        _ => {
            state.say("Never mind.");
            false
        }
    }
}

/// Travel to `to`: the first step now, the rest as an occupation.
fn go(state: &mut RunState, to: Pos) -> bool {
    if to == state.player.pos {
        return false;
    }
    begin(state, Some(to))
}

/// `X`: explore, or say there is nothing left to.
pub(crate) fn explore(state: &mut RunState) -> bool {
    begin(state, None)
}

/// Start travelling to `to` (None: exploring) with its first step.
/// Returns whether a turn was spent.
fn begin(state: &mut RunState, to: Option<Pos>) -> bool {
    step_toward(state, to) != Worked::Nothing
}

/// Does something stop the travel before its next step: arrival, a blow, a
/// message, a hostile monster newly in view (as running stops)?
pub(crate) fn interrupted(state: &mut RunState, hp: i32) -> bool {
    let Some(t) = state.travel.as_ref() else {
        return false;
    };
    let stop = t.to == Some(state.player.pos) || something_happened(state, &t.lookout, hp);
    if stop {
        state.travel = None;
    }
    stop
}

/// One step of the way.
pub(crate) fn work(state: &mut RunState) -> Worked {
    match state.travel.as_ref() {
        Some(t) => step_toward(state, t.to),
        None => Worked::Nothing,
    }
}

/// One step toward `to` (None: the nearest unexplored edge), the travel
/// under way after it. With nowhere to go it ends, and no turn passes
/// ("Done exploring." when exploring); a step that did not move you is its
/// last.
fn step_toward(state: &mut RunState, to: Option<Pos>) -> Worked {
    let Some(d) = next_step(state, to) else {
        state.travel = None;
        if to.is_none() {
            state.say("Done exploring.");
        }
        return Worked::Nothing;
    };
    let (from, said) = (state.player.pos, state.log.said());
    if !step(state, d) {
        state.travel = None;
        return Worked::Nothing;
    }
    if state.player.pos != from.step(d) {
        state.travel = None;
        return Worked::Last;
    }
    state.travel = Some(Travel {
        to,
        lookout: lookout_after(state, from, said),
    });
    Worked::Going
}

/// May a traveller step onto `c`: seen, walkable, no trap you know of, no
/// boulder, no peaceful monster?
pub(crate) fn passable(state: &RunState, c: Pos) -> bool {
    let level = state.level();
    level.map.contains(c)
        && level.is_seen(c)
        && level.map.is_walkable(c)
        && level.seen_trap_at(c).is_none()
        && !level.has_boulder(c)
        && level
            .monster_at(c)
            .is_none_or(|m| !level.monsters[m].peaceful || level.monsters[m].tame)
}

/// Every cell a traveller can reach from you, in the order a breadth-first
/// walk finds them, each with the first step toward it.
pub(crate) fn reachable(state: &RunState) -> Vec<(Pos, Dir)> {
    let map = &state.level().map;
    let me = state.player.pos;
    let mut first: Vec<Option<Dir>> = vec![None; map.width() * map.height()];
    let mut queue = VecDeque::new();
    let mut found = Vec::new();
    let mut seen = vec![false; map.width() * map.height()];
    seen[map.index(me)] = true;
    queue.push_back(me);
    while let Some(p) = queue.pop_front() {
        for d in STEPS {
            let c = p.step(d);
            if !map.contains(c) || seen[map.index(c)] || doorway_forbids(map, p, d) {
                continue;
            }
            if !passable(state, c) {
                continue;
            }
            seen[map.index(c)] = true;
            let way = if p == me {
                d
            } else {
                first[map.index(p)].unwrap_or(d)
            };
            first[map.index(c)] = Some(way);
            found.push((c, way));
            queue.push_back(c);
        }
    }
    found
}

/// The first step toward `to` (None: the nearest unexplored edge), or None
/// when there is nowhere to go.
fn next_step(state: &RunState, to: Option<Pos>) -> Option<Dir> {
    let me = state.player.pos;
    let cells = reachable(state);
    match to {
        Some(to) => {
            if let Some(&(_, d)) = cells.iter().find(|(c, _)| *c == to) {
                return Some(d);
            }
            // No known way: the known cell nearest it, if nearer than you.
            let near = |c: Pos| (c.distance(to), (c.x - to.x).pow(2) + (c.y - to.y).pow(2));
            cells
                .iter()
                .min_by_key(|(c, _)| near(*c))
                .filter(|(c, _)| near(*c) < near(me))
                .map(|&(_, d)| d)
        }
        // The cells beside you are always seen, so the edge is a step away
        // at least.
        None => cells
            .iter()
            .find(|(c, _)| unexplored_beside(state, *c))
            .map(|&(_, d)| d),
    }
}

/// Has cell `c` a neighbour you have not seen?
pub(crate) fn unexplored_beside(state: &RunState, c: Pos) -> bool {
    let level = state.level();
    Dir::ALL.iter().any(|&d| {
        let n = c.step(d);
        level.map.contains(n) && !level.is_seen(n)
    })
}
