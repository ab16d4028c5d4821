//! Running (`Shift` and a direction, or `G` and one; `HJKLYUBN` in key
//! files), as NetHack's run mode: you step on, a turn at a time with the
//! monsters acting between, until something interesting happens.
//!
//! - **The way:** straight on while the cell ahead is open. In a passage
//!   (three open cells round you at most) that bends, you follow the bend;
//!   where it forks, you stop. (Cells are looked at as a ring round you: the
//!   open cells of the ring that are not joined to the one you came from are
//!   the ways on. One: follow it; more: a fork; none: a dead end.) In the
//!   open you go straight on until something is in the way.
//! - **What stops you,** after each step: a blow or any message (but "You
//!   swap places with your kitten.", which stops nothing, as in NetHack); a hostile
//!   monster coming into view, or any monster but your pet next to you; an
//!   object, a trap you know of, stairs, a door, an altar, a fountain or a
//!   sink where you stand or beside you (not behind); a trap you know of
//!   ahead (you stop before it).
//!
//! The whole run is one command in the journal, so it replays as it played.

use crate::dungeon::rules::moving::{doorway_forbids, step};
use crate::dungeon::rules::sight::sees_monster;
use crate::dungeon::state::{Lookout, RunState, Running, Worked};
use crate::generation::{Dir, Pos};

/// The ring of eight cells round you, in order round the compass.
const RING: [Dir; 8] = Dir::CLOCKWISE;

/// Start running toward `d`: the first step as any step (an attack, a
/// question, a door opened end the run there); once it moved you, the run
/// goes on as an occupation.
pub(crate) fn start(state: &mut RunState, d: Dir) -> bool {
    let (from, said) = (state.player.pos, state.log.said());
    let took = step(state, d);
    if took && state.player.pos == from.step(d) && state.question.is_none() && !state.is_over() {
        state.running = Some(Running {
            dir: d,
            lookout: lookout_after(state, from, said),
        });
    }
    took
}

/// `G` and a direction (one of the eight: its question takes no other):
/// run as Shift and the direction does.
pub(crate) fn start_toward(state: &mut RunState, way: crate::dungeon::direction::Way) -> bool {
    way.dir().is_some_and(|d| start(state, d))
}

/// Does something stop the run before its next step (see the module's
/// list)? Stopping says nothing: what stopped you was said or is in view.
pub(crate) fn interrupted(state: &mut RunState, hp: i32) -> bool {
    let Some(run) = state.running.as_ref() else {
        return false;
    };
    let stop = something_happened(state, &run.lookout, hp)
        || monster_beside(state)
        || interesting_near(state, run.dir);
    if stop {
        state.running = None;
    }
    stop
}

/// One step of the run, the way on; with no way on (a fork, a wall, a dead
/// end) the run ends and no turn passes. A step that did not take you there
/// (a trap held you) is the run's last.
pub(crate) fn work(state: &mut RunState) -> Worked {
    let Some(d) = state
        .running
        .as_ref()
        .and_then(|run| way_on(state, run.dir))
    else {
        state.running = None;
        return Worked::Nothing;
    };
    let (from, said) = (state.player.pos, state.log.said());
    if !step(state, d) {
        state.running = None;
        return Worked::Nothing;
    }
    if state.player.pos != from.step(d) {
        state.running = None;
        return Worked::Last;
    }
    state.running = Some(Running {
        dir: d,
        lookout: lookout_after(state, from, said),
    });
    Worked::Going
}

/// What a run or a travel watches after a step from `from` (`said`
/// messages before it): the messages said so far, and the hostile monsters
/// in view.
pub(crate) fn lookout_after(state: &RunState, from: Pos, said: u64) -> Lookout {
    Lookout {
        said: said_but_a_swap(state, from, said),
        hostiles_seen: hostiles_in_view(state),
    }
}

/// Has something happened since `lookout` that stops a run or a travel: a
/// blow since `hp`, any message, a hostile monster newly in view?
pub(crate) fn something_happened(state: &RunState, lookout: &Lookout, hp: i32) -> bool {
    state.player.hp < hp
        || state.log.said() > lookout.said
        || hostiles_in_view(state)
            .iter()
            .any(|id| !lookout.hostiles_seen.contains(id))
}

/// The message count a multi-turn move goes on from after a step from
/// `from` (`said` before it): a swap with your pet says so, and that stops
/// nothing, as in NetHack, so the step's messages are let pass.
fn said_but_a_swap(state: &RunState, from: Pos, said: u64) -> u64 {
    let level = state.level();
    match level.monster_at(from) {
        Some(m) if level.monsters[m].tame => state.log.said(),
        _ => said,
    }
}

/// The ids of the hostile monsters you see now.
fn hostiles_in_view(state: &RunState) -> Vec<u32> {
    state
        .level()
        .monsters
        .iter()
        .filter(|m| !m.tame && !m.peaceful && m.disguise.is_none() && sees_monster(state, m))
        .map(|m| m.id)
        .collect()
}

/// Is a monster you see, not your pet, next to you?
fn monster_beside(state: &RunState) -> bool {
    let me = state.player.pos;
    state.level().monsters.iter().any(|m| {
        !m.tame && m.disguise.is_none() && m.pos.distance(me) == 1 && sees_monster(state, m)
    })
}

/// Is something worth stopping for where you stand, or beside you (not
/// behind, as you run toward `d`)?
fn interesting_near(state: &RunState, d: Dir) -> bool {
    let me = state.player.pos;
    let (dx, dy) = d.delta();
    std::iter::once(me)
        .chain(
            RING.iter()
                .map(|&r| me.step(r))
                .filter(|c| (c.x - me.x) * dx + (c.y - me.y) * dy >= 0),
        )
        .any(|c| interesting(state, c))
}

/// An object, a trap you know of, or a feature at `c`.
fn interesting(state: &RunState, c: Pos) -> bool {
    let level = state.level();
    if !level.map.contains(c) {
        return false;
    }
    let feature = level.map.tile(c).row().worth_a_stop;
    feature || level.item_at(c).is_some() || level.seen_trap_at(c).is_some()
}

/// Can a run step onto `c`: walkable, no monster but your pet (you swap
/// places), no boulder, no trap you know of?
fn open(state: &RunState, c: Pos) -> bool {
    let level = state.level();
    level.map.contains(c)
        && level.map.is_walkable(c)
        && level.monster_at(c).is_none_or(|m| level.monsters[m].tame)
        && !level.has_boulder(c)
        && level.seen_trap_at(c).is_none()
}

/// Which way the run goes on from here, heading `d`: straight on in the
/// open; along a passage's bend; none at a fork, a wall or a dead end.
fn way_on(state: &RunState, d: Dir) -> Option<Dir> {
    let me = state.player.pos;
    let map = &state.level().map;
    let can = |r: Dir| open(state, me.step(r)) && !doorway_forbids(map, me, r);
    let ahead = can(d);
    // In the open (more than three open cells round you, as a cave mostly
    // is) a run goes straight on, as NetHack's does on a room's floor.
    let walkable = |r: Dir| {
        let c = me.step(r);
        map.contains(c) && map.is_walkable(c)
    };
    if RING.iter().filter(|&&r| walkable(r)).count() > 3 {
        return ahead.then_some(d);
    }
    let ways = ways_out(state, d);
    match ways.as_slice() {
        // In the open (the way ahead is joined to the way back), or one way on.
        [] if ahead => Some(d),
        [only] if only.contains(&d) && ahead => Some(d),
        // A bend: the open cell of the one way on that is nearest straight on.
        [only] => only
            .iter()
            .copied()
            .filter(|&r| can(r))
            .min_by_key(|&r| (turn_from(d, r), r.is_diagonal())),
        _ => None,
    }
}

/// The groups of open cells of the ring round you that are not joined
/// (round the ring) to the cell behind you: the ways on.
fn ways_out(state: &RunState, d: Dir) -> Vec<Vec<Dir>> {
    let me = state.player.pos;
    let is_open = |r: Dir| {
        let c = me.step(r);
        state.level().map.contains(c) && state.level().map.is_walkable(c)
    };
    let back = RING.iter().position(|&r| r == d.opposite()).unwrap_or(0);
    // Walk the ring from just after the cell behind, grouping open runs.
    let mut groups: Vec<Vec<Dir>> = Vec::new();
    let mut current: Vec<Dir> = Vec::new();
    let mut joined_to_back = is_open(RING[back]);
    for k in 1..8 {
        let r = RING[(back + k) % 8];
        if is_open(r) {
            current.push(r);
        } else if !current.is_empty() {
            if !joined_to_back {
                groups.push(std::mem::take(&mut current));
            } else {
                current.clear();
            }
            joined_to_back = false;
        } else {
            joined_to_back = false;
        }
    }
    // The last run touches the cell behind from the other side.
    if !current.is_empty() && !is_open(RING[back]) && !joined_to_back {
        groups.push(current);
    }
    groups
}

/// How far round from `d` the direction `r` is: 0 straight on, 4 back.
fn turn_from(d: Dir, r: Dir) -> usize {
    let i = RING.iter().position(|&x| x == d).unwrap_or(0);
    let j = RING.iter().position(|&x| x == r).unwrap_or(0);
    let k = (8 + j - i) % 8;
    k.min(8 - k)
}
