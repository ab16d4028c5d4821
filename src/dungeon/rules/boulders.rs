//! Boulders (`0`): you push one by walking into it, one cell on, if the cell
//! beyond is free floor. It won't roll diagonally between two corners of
//! rock, nor into a doorway, another boulder or a monster. Pushed into a pit
//! or hole, it fills it. Monsters don't push boulders, and boulders stop
//! sight.

use crate::dungeon::state::RunState;
use crate::generation::{Dir, Pos};

/// What walking into the boulder at `from + d` did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Push {
    /// It moved (or fell into a pit or hole), and you step where it was.
    Moved,
    /// It would not move: you stay, and the turn is not spent.
    Stuck,
}

/// You walk from `from` toward `d` into a boulder.
pub(crate) fn push(state: &mut RunState, from: Pos, d: Dir) -> Push {
    let at = from.step(d);
    let beyond = at.step(d);
    let level = state.level();
    let map = &level.map;
    let (dx, dy) = d.delta();
    let squeezed = d.is_diagonal()
        && !map.is_walkable(Pos::new(at.x + dx, at.y))
        && !map.is_walkable(Pos::new(at.x, at.y + dy));
    let into_door = d.is_diagonal() && map.tile(beyond).is_door();
    let blocked = !map.is_walkable(beyond) || level.has_boulder(beyond) || squeezed || into_door;
    if blocked {
        state.say("You try to move the boulder, but in vain.");
        return Push::Stuck;
    }
    if let Some(m) = level.monster_at(beyond) {
        if state.sight.visible_mark[map.index(beyond)] {
            let name = &state.content().monster(level.monsters[m].kind).name;
            let a = crate::dungeon::content::with_article(name);
            state.say(format!("There's {a} on the other side."));
        } else {
            state.say("You hear a monster behind the boulder.");
        }
        state.say("Perhaps that's why you cannot move it.");
        return Push::Stuck;
    }
    state.level_mut().boulders.retain(|&b| b != at);
    state.say("With great effort you move the boulder.");
    crate::dungeon::rules::grow::exercise(
        state,
        crate::dungeon::hero::attributes::Attribute::Str,
        true,
    );
    if !roll_into(state, beyond) {
        state.level_mut().boulders.push(beyond);
    }
    Push::Moved
}

/// A boulder arrives at `at`: a pit or hole there swallows it and is filled
/// (the trap is gone). Returns whether it was swallowed.
pub(crate) fn roll_into(state: &mut RunState, at: Pos) -> bool {
    let Some(t) = state.level().trap_at(at) else {
        return false;
    };
    let row = state.content().trap(state.level().traps[t].kind);
    let said = match row.rule.as_str() {
        "Pit" => format!("The boulder fills a {}.", row.name),
        "Fall" => format!("The boulder falls into and plugs a {}!", row.name),
        _ => return false,
    };
    state.level_mut().traps.remove(t);
    state.say(said);
    true
}
