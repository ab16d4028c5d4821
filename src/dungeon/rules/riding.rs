//! What riding does while you ride, as NetHack 3.7 has it (the mounting
//! is [`super::steed`]'s): you move at your steed's speed, its hunger
//! waits, your riding skill counts in your blows (−1 at Basic, −2 below;
//! +1 and +2 damage at Skilled and Expert) and trains one point in 100
//! moves.

use crate::dungeon::content::Content;
use crate::dungeon::monsters::Monster;
use crate::dungeon::skills::{Skill, SkillLevel};
use crate::dungeon::state::RunState;

/// The item row a steed wears to be ridden.
pub(crate) const SADDLE: &str = "saddle";

/// Moves mounted for each practice of riding (`exercise_steed`).
const MOVES_A_PRACTICE: u32 = 100;

/// You moved mounted: a practice of riding every 100 moves.
pub(crate) fn rode(state: &mut RunState) {
    if state.player.steed.is_none() {
        return;
    }
    state.player.ridden_moves += 1;
    if state.player.ridden_moves >= MOVES_A_PRACTICE {
        state.player.ridden_moves = 0;
        if let Some(g) = &mut state.player.growth {
            g.skills.practise(Skill::Riding);
        }
    }
}

/// The movement a turn brings you mounted (`u_calc_moveamt`): the steed's
/// speed, rounded at random to a whole number of actions (a pony's 16 is
/// one action, two one time in three). None on foot.
pub(crate) fn movement(state: &mut RunState) -> Option<u32> {
    let steed = state.player.steed?;
    let speed = steed.pace.of(state.content().monster(steed.kind).speed);
    let action = crate::dungeon::dice::ACTION_COST;
    let whole = speed / action * action;
    let part = speed % action;
    Some(
        whole
            + if (state.rng.rn2(u64::from(action)) as u32) < part {
                action
            } else {
                0
            },
    )
}

/// A turn passes mounted: the steed's hunger waits while it carries you
/// (NetHack's steed eats what lies where you stand; this game does not
/// feed it there, so its hunger is held back instead).
pub(crate) fn keep_fed(state: &mut RunState) {
    let now = state.turn;
    if let Some(steed) = &mut state.player.steed {
        steed.hungry_at = steed.hungry_at.max(now);
        // Off the map, its sleep (a trap's gas) wears off here.
        if steed.asleep != crate::dungeon::monsters::UNTIL_DISTURBED {
            steed.asleep = steed.asleep.saturating_sub(1);
        }
    }
}

/// "Your pony" (NetHack's `YMonnam` of your steed); "" on foot.
pub(crate) fn your_steed(state: &RunState) -> String {
    state.player.steed.map_or_else(String::new, |s| {
        format!("Your {}", state.content().monster(s.kind).name)
    })
}

/// Is the steed you ride asleep? Then it won't move ("Your pony won't
/// move!", NetHack's `stucksteed`), though you may still strike.
pub(crate) fn steed_stuck(state: &mut RunState) -> bool {
    if state.player.steed.is_none_or(|s| s.asleep == 0) {
        return false;
    }
    let steed = your_steed(state);
    state.say(format!("{steed} won't move!"));
    true
}

/// What your riding skill adds to a blow's to-hit and damage while you
/// ride (`weapon_hit_bonus`, `weapon_dam_bonus`).
pub(crate) fn blow_bonus(state: &RunState) -> (i32, i32) {
    if state.player.steed.is_none() {
        return (0, 0);
    }
    let skill = state
        .player
        .growth
        .as_ref()
        .map_or(SkillLevel::Restricted, |g| g.skills.level(Skill::Riding));
    match skill {
        SkillLevel::Restricted | SkillLevel::Unskilled => (-2, 0),
        SkillLevel::Basic => (-1, 0),
        SkillLevel::Skilled => (0, 1),
        _ => (0, 2),
    }
}

/// Does monster `m` wear a saddle?
pub(crate) fn saddled(content: &Content, m: &Monster) -> bool {
    m.gear
        .iter()
        .flatten()
        .any(|&k| content.item(k).id == SADDLE)
}

/// Put a saddle on monster `m` (a Knight's pony comes saddled), if it can
/// be ridden and has room for it.
pub(crate) fn put_saddle_on(content: &Content, m: &mut Monster) {
    let Some(saddle) = content.item_kind(SADDLE) else {
        return;
    };
    if !content.monster(m.kind).rideable || saddled(content, m) {
        return;
    }
    if let Some(slot) = m.gear.iter_mut().find(|g| g.is_none()) {
        *slot = Some(saddle);
    }
}
