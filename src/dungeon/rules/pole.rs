//! Applying a pole (a lance, a polearm) to strike a monster two cells
//! away, as NetHack 3.7's `use_pole`: `a` and its letter wields it first if
//! it is not in your hands (that takes the turn), then a cursor asks
//! "Where do you want to hit?", starting on the one monster in reach if
//! there is only one (not your pet, not a peaceful one). The pole reaches
//! squared distance 4 (two cells straight) at Basic or below, 5 (a
//! knight's move too) Skilled, 8 (two cells diagonally too) Expert:
//! further is "Too far!", nearer "Too close!", a cell you can't see "You
//! won't hit anything if you can't see that spot.", and behind a wall "You
//! can't reach that spot from here.", none of them taking time.
//!
//! The blow is `thitmonst`'s with the pole held (`HMON_APPLIED`): the
//! thrown to-hit but for the penalty of a weapon not made to be thrown,
//! with riding's part as in any blow; the weapon's whole damage, mounted
//! or not (on foot only a pole swung next to you is feeble), with
//! strength, skill and riding; no joust. "The lance hits the gnome!" A
//! peaceful monster there is asked about first ("Really attack the
//! gnome?"), and a lawful Knight striking a fleeing one is a caitiff. With
//! no monster there, the pole thumps a boulder (waking those near it),
//! strikes a wall or the stone uselessly, or misses the empty air.

use crate::dungeon::rules::carry::find;
use crate::dungeon::skills::SkillLevel;
use crate::dungeon::state::{CursorFor, Question, RunState};
use crate::generation::{Pos, Tile};

/// Nearer than this (squared distance) a pole can't be brought to bear.
const MIN_REACH: i32 = 4;

/// `a` on the pole at `letter`: wield it if need be, then ask where to
/// strike. Returns whether a turn passed (the wielding).
pub(crate) fn apply(state: &mut RunState, letter: u8) -> bool {
    let Some(i) = find(&state.player, letter) else {
        return false;
    };
    let mut took = false;
    if !state.player.inventory[i].wielded {
        took = crate::dungeon::rules::wield::wield(state, letter);
        if !state.player.inventory[i].wielded {
            return took;
        }
    }
    let start = only_target(state).unwrap_or(state.player.pos);
    state.ask_cursor_at(CursorFor::Pole, start);
    took
}

/// The farthest (squared distance) the pole you wield reaches: 4 at Basic
/// or below, 5 Skilled, 8 Expert.
fn reach(state: &RunState) -> i32 {
    let content = state.content();
    let skill = state
        .player
        .inventory
        .iter()
        .find(|c| c.wielded)
        .and_then(|c| content.item(c.kind).on_pick_up.wielded_as())
        .map(|w| w.skill);
    let level = match (skill, state.player.growth.as_ref()) {
        (Some(s), Some(g)) => g.skills.level(s),
        _ => SkillLevel::Unskilled,
    };
    match level {
        SkillLevel::Skilled => 5,
        l if l > SkillLevel::Skilled => 8,
        _ => 4,
    }
}

/// Squared distance from you to `at`.
fn distance(state: &RunState, at: Pos) -> i32 {
    let me = state.player.pos;
    (at.x - me.x).pow(2) + (at.y - me.y).pow(2)
}

/// The one cell in reach with a monster you see that you may mean to
/// strike (not a pet, not a peaceful one), if there is just one
/// (`find_poleable_mon`).
fn only_target(state: &RunState) -> Option<Pos> {
    let max = reach(state);
    let level = state.level();
    let mut found = state.level().monsters.iter().filter(|m| {
        let d = distance(state, m.pos);
        (MIN_REACH..=max).contains(&d)
            && state.sight.visible_mark[level.map.index(m.pos)]
            && crate::dungeon::rules::sight::sees_monster(state, m)
            && !m.peaceful
            && !m.tame
    });
    let first = found.next()?;
    found.next().is_none().then_some(first.pos)
}

/// The cursor picked `at`: strike there, or say why not. Returns whether a
/// turn passed.
pub(crate) fn hit_at(state: &mut RunState, at: Pos) -> bool {
    let level = state.level();
    if !level.map.contains(at) || distance(state, at) > reach(state) {
        state.say("Too far!");
        return false;
    }
    if distance(state, at) < MIN_REACH {
        state.say("Too close!");
        return false;
    }
    let i = level.map.index(at);
    let shown = level
        .monster_at(at)
        .is_some_and(|m| crate::dungeon::rules::sight::sees_monster(state, &level.monsters[m]));
    if !state.sight.visible_mark[i] && !shown {
        state.say("You won't hit anything if you can't see that spot.");
        return false;
    }
    if !state.sight.los_mark[i] {
        state.say("You can't reach that spot from here.");
        return false;
    }
    if let Some(m) = level.monster_at(at) {
        let monster = level.monsters[m];
        if (monster.peaceful || monster.tame) && shown {
            let name = state.content().monster(monster.kind).name.clone();
            state.say(format!("Really attack the {name}? [yn] (n)"));
            state.question = Some(Question::PoleAttack(at));
            return false;
        }
        strike(state, m);
        wipe_under_you(state);
        return true;
    }
    let tile = level.map.tile(at);
    if level.has_boulder(at) {
        state.say("Thump!  Your blow bounces harmlessly off the boulder.");
        wake_near(state, at);
    } else if !tile.is_walkable()
        || matches!(
            tile,
            Tile::UpStairs | Tile::DownStairs | Tile::Altar | Tile::Fountain | Tile::Sink
        )
    {
        let what = if tile == Tile::Rock {
            "stone".to_string()
        } else {
            format!("the {}", tile.row().name)
        };
        state.say(format!("You uselessly attack {what}."));
    } else {
        state.say("You miss; there is no one there to hit.");
    }
    wipe_under_you(state);
    true
}

/// A pole's blow, whatever it met, rubs the dust you stand on
/// (`u_wipe_engr(2)`).
fn wipe_under_you(state: &mut RunState) {
    let me = state.player.pos;
    crate::dungeon::rules::floor_writing::wipe(state, me, 2);
}

/// The answer to "Really attack the gnome?" asked of the monster at `at`.
pub(crate) fn answer_attack(state: &mut RunState, at: Pos, yes: bool) -> bool {
    match (yes, state.level().monster_at(at)) {
        (true, Some(m)) => {
            strike(state, m);
            wipe_under_you(state);
            true
        }
        _ => false,
    }
}

/// The pole you wield comes down on monster `m`.
fn strike(state: &mut RunState, m: usize) {
    let Some(pole) = state.player.inventory.iter().find(|c| c.wielded).copied() else {
        return;
    };
    let target = state.level().monsters[m];
    crate::dungeon::rules::floor_writing::hypocrite(state, m);
    crate::dungeon::rules::combat::check_caitiff(state, &target);
    crate::dungeon::rules::throw::strikes(state, m, &pole, None, None, true);
}

/// A blow on a boulder wakes the monsters asleep within five cells of it
/// (`wake_nearto`, squared distance under 25).
fn wake_near(state: &mut RunState, at: Pos) {
    for m in &mut state.level_mut().monsters {
        let d = (m.pos.x - at.x).pow(2) + (m.pos.y - at.y).pow(2);
        if d < 25 && m.asleep == crate::dungeon::monsters::UNTIL_DISTURBED {
            m.asleep = 0;
        }
    }
}
