//! The spell of protection, as NetHack 3.7's (`cast_protection`, and
//! `nh_timeout` wearing it off): a golden haze that takes points off your
//! armour class, fewer the more you have and the better your armour
//! already is, one point wearing off every 10 turns (20 when you are
//! Expert in clerical spells).

use crate::dungeon::direction::Way;
use crate::dungeon::skills::{Skill, SkillLevel};
use crate::dungeon::state::RunState;

/// Cast protection: `log2(level) + 1` points, less the haze you have over
/// `4 - min(3, (10 - AC without the haze) / 10)`.
pub(crate) fn cast(state: &mut RunState, _: Option<Way>) {
    let ac = crate::dungeon::rules::wear::armour_class(&state.player, state.content());
    let Some(g) = &mut state.player.growth else {
        return;
    };
    let haze = g.spell_protection;
    let natural = ((10 - (ac + haze.points)) / 10).min(3);
    let mut loglev = 0;
    let mut l = g.level;
    while l > 0 {
        loglev += 1;
        l /= 2;
    }
    let gain = loglev - haze.points / (4 - natural);
    if gain <= 0 {
        state.say("Your skin feels warm for a moment.");
        return;
    }
    let every = if g.skills.level(Skill::ClericalSpells) == SkillLevel::Expert {
        20
    } else {
        10
    };
    let p = &mut g.spell_protection;
    p.points += gain;
    p.every = every;
    if p.left == 0 {
        p.left = every;
    }
    state.say(if haze.points > 0 {
        "The golden haze around you becomes more dense."
    } else {
        "The air around you begins to shimmer with a golden haze."
    });
}

/// A turn passes: every `every` turns a point of the haze wears off
/// ("The golden haze around you becomes less dense.", "... disappears.").
pub(crate) fn wear_off(state: &mut RunState) {
    let Some(g) = &mut state.player.growth else {
        return;
    };
    let p = &mut g.spell_protection;
    if p.left == 0 {
        return;
    }
    p.left -= 1;
    if p.left > 0 || p.points == 0 {
        return;
    }
    p.left = p.every;
    p.points -= 1;
    let line = if p.points > 0 {
        "The golden haze around you becomes less dense."
    } else {
        "The golden haze around you disappears."
    };
    state.say(line);
}
