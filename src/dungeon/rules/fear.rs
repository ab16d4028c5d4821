//! The spell of cause fear, as NetHack 3.7 reads it (`seffect_scare_monster`
//! for the spell's uncursed pseudo-scroll): every monster on a cell you
//! see, pets and peaceful ones too, turns to flee with no end set unless it
//! passes its resistance check (`resist` at your level); one fleeing so
//! takes heart only when whole, one turn in 25. It says nothing of those
//! it scares; with no monster but your pets in view, "You hear maniacal
//! laughter in the distance." Being Skilled changes nothing.

use crate::dungeon::direction::Way;
use crate::dungeon::monsters::FLEES_UNTIL_CALM;
use crate::dungeon::state::RunState;

/// Cast it (it asks no direction).
pub(crate) fn cast(state: &mut RunState, _: Option<Way>) {
    let your_level = state.player.growth.as_ref().map_or(1, |g| g.level);
    let ids: Vec<u32> = state.level().monsters.iter().map(|m| m.id).collect();
    let mut untamed = 0;
    for id in ids {
        let Some(m) = state.level().monsters.iter().position(|x| x.id == id) else {
            continue;
        };
        let monster = state.level().monsters[m];
        let i = state.level().map.index(monster.pos);
        if !state.sight.visible_mark[i] {
            continue;
        }
        if !monster.tame {
            untamed += 1;
        }
        if !crate::dungeon::rules::zap::resists_magic(state, m, your_level) {
            state.level_mut().monsters[m].flees = FLEES_UNTIL_CALM;
        }
    }
    if untamed == 0 {
        state.say("You hear maniacal laughter in the distance.");
    }
}
