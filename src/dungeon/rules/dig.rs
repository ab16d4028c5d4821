//! Digging with a pick-axe or mattock (NetHack's `dig.c`): `a` and the tool's
//! letter asks "In what direction do you want to dig?" (`apply.rs`), and the
//! next key answers (a direction, or `>` for down). Digging goes on turn after turn,
//! the monsters acting between, until it is done or a hostile monster comes
//! next to you ("You stop digging."); applying again at the same place goes
//! on from where you stopped.
//!
//! Each turn adds `10 + rn2(5)` to the effort (NetHack's, with no bonuses for
//! strength, skill or enchantment, which this game does not have). Rock or a
//! wall gives way past 100: rock leaves a corridor, a wall an opening. A
//! boulder breaks apart past 100; a secret door breaks, even in an
//! undiggable wall (as in NetHack). Down, past 50 you are in a pit you dug; past
//! 250 it is a hole, and you fall through to the next level. The level's edge,
//! undiggable cells, stairs, altars and fountains, and the floor of the
//! bottom level can't be dug.
//!
//! The Mines' rock holds gold and gems (`kinds/treasure.rs`): digging a cell
//! out leaves what lay in it on the floor, and a pit brings up what was
//! buried under it.

use crate::dungeon::rules::teleport::go_to_level;
use crate::dungeon::state::{Digging, RunState};
use crate::dungeon::traps::Trap;
use crate::generation::{Dir, Pos, Tile};

/// Effort at which rock, a wall or a boulder gives way.
pub(crate) const THROUGH: u32 = 100;
/// Effort at which digging down has made a pit.
pub(crate) const PIT: u32 = 50;
/// Effort at which digging down has made a hole.
pub(crate) const HOLE: u32 = 250;

/// Where to dig: a direction, or down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DigWay {
    /// Through the cell that way.
    Toward(Dir),
    /// Through the floor.
    Down,
}

/// Dig `way` (the answer to the direction question, `apply.rs`'s).
/// Returns whether a turn was spent.
pub(crate) fn answer(state: &mut RunState, way: DigWay) -> bool {
    let me = state.player.pos;
    let at = match way {
        DigWay::Toward(d) => me.step(d),
        DigWay::Down => me,
    };
    if let Some(why) = refusal(state, at, way) {
        state.say(why);
        return false;
    }
    let down = way == DigWay::Down;
    let same = state
        .digging
        .is_some_and(|d| d.at == at && d.down == down && d.depth == state.depth);
    if same {
        state.say("You continue digging.");
    } else {
        state.digging = Some(Digging {
            at,
            down,
            depth: state.depth,
            effort: 0,
            active: true,
        });
        state.say(if down {
            "You start digging downward."
        } else {
            "You start digging."
        });
    }
    if let Some(d) = state.digging.as_mut() {
        d.active = true;
    }
    work(state);
    true
}

/// Why you can't dig at `at`, if you can't.
fn refusal(state: &RunState, at: Pos, way: DigWay) -> Option<String> {
    let level = state.level();
    let tile = level.map.tile(at);
    if way == DigWay::Down {
        if crate::dungeon::rules::carry::levitating(state) {
            return Some("You can't reach the floor.".into());
        }
        if let Some(why) = tile.row().dig_down {
            return Some(why.into());
        }
        let undiggable = level.marked_undiggable(at);
        let bottom = state.depth >= state.plan.len();
        return (bottom || undiggable).then(|| "The floor here is too hard to dig in.".into());
    }
    if level.has_boulder(at) {
        return None;
    }
    if tile.is_walkable() || tile.is_door() {
        return Some("You swing your pick through thin air.".into());
    }
    if !level.is_diggable(at) {
        return Some(if tile.is_wall() {
            "This wall is too hard to dig into.".into()
        } else {
            "The rock here is too hard to dig in.".into()
        });
    }
    None
}

/// One turn of digging, if you are digging: returns whether you still are.
pub(crate) fn work(state: &mut RunState) -> bool {
    let Some(mut dig) = state.digging.filter(|d| d.active) else {
        return false;
    };
    if dig.depth != state.depth {
        state.digging = None;
        return false;
    }
    dig.effort += 10 + state.rng.rn2(5) as u32;
    state.digging = Some(dig);
    if dig.down {
        if dig.effort > HOLE {
            state.digging = None;
            dig_through(state);
            return false;
        }
        if dig.effort > PIT && state.level().trap_at(dig.at).is_none() {
            make_pit(state, dig.at);
        }
        return true;
    }
    if dig.effort > THROUGH {
        state.digging = None;
        let at = dig.at;
        if state.level().has_boulder(at) {
            state.level_mut().boulders.retain(|&b| b != at);
            state.say("You hit the boulder with all your might. The boulder falls apart.");
        } else {
            let was = state.level().map.tile(at);
            state.level_mut().dig_out(at);
            state.say(if was == Tile::Rock {
                "You succeed in cutting away some rock."
            } else if was.is_secret_door() {
                "You break through a secret door!"
            } else {
                "You make an opening in the wall."
            });
        }
        return false;
    }
    true
}

/// Stop digging when a hostile monster is next to you, or when you were hurt
/// this turn: returns whether you stopped.
pub(crate) fn interrupted(state: &mut RunState, hp_before: i32) -> bool {
    if crate::dungeon::rules::interrupt::disturbed(state, hp_before)
        && let Some(d) = state.digging.as_mut()
        && d.active
    {
        d.active = false;
        state.say("You stop digging.");
        return true;
    }
    false
}

/// The pit you dig under you: a found pit trap, and you are in it.
fn make_pit(state: &mut RunState, at: Pos) {
    let Some(pit) = state.content().trap_kind("pit") else {
        return;
    };
    state.level_mut().traps.push(Trap {
        kind: pit,
        pos: at,
        seen: true,
        launch: None,
    });
    // Floating or flying, you stay above it (`dighole`'s `wont_fall`).
    if !in_the_air(state) {
        state.player.trapped = Some((pit, 2 + state.rng.rn2(4) as u32));
    }
    state.say("You dig a pit in the floor.");
    // Whatever was buried here comes up into the pit (NetHack's
    // `unearth_objs`), and you see it.
    if state.level_mut().unearth(at) > 0 {
        crate::dungeon::rules::moving::say_whats_here(state);
    }
}

/// A wand of digging zapped down (NetHack's `dighole`): floor too hard
/// stays; on the bottom level a pit; else a hole, and you fall through.
pub(crate) fn hole_by_wand(state: &mut RunState) {
    let at = state.player.pos;
    let level = state.level();
    let tile = level.map.tile(at);
    let undiggable = level.marked_undiggable(at);
    if let Some(why) = tile.row().dig_down {
        state.say(why);
        return;
    }
    if undiggable {
        state.say("The floor here is too hard to dig in.");
        return;
    }
    if state.depth >= state.plan.len() {
        if state.level().trap_at(at).is_none() {
            make_pit(state, at);
        }
        return;
    }
    dig_through(state);
}

/// Through the floor: a hole where the pit was, and you fall to the next level.
fn dig_through(state: &mut RunState) {
    let at = state.player.pos;
    state.level_mut().traps.retain(|t| t.pos != at);
    if let Some(hole) = state.content().trap_kind("hole") {
        state.level_mut().traps.push(Trap {
            kind: hole,
            pos: at,
            seen: true,
            launch: None,
        });
    }
    state.player.trapped = None;
    if in_the_air(state) {
        state.say("You dig a hole through the floor.");
        return;
    }
    state.say("You dig a hole through the floor. You fall through...");
    let to = state.depth + 1;
    go_to_level(state, to);
}

/// Do you float or fly above the floor?
fn in_the_air(state: &RunState) -> bool {
    crate::dungeon::rules::powers::above_the_floor(&state.player, state.content())
}
