//! Confused and stunned monsters, and the hands that confuse them, as
//! NetHack 3.7 has them.
//!
//! A scroll or spell of confuse monster makes your hands glow red
//! (`seffect_confuse_monster`): a count of hits (`u.umconf`). Each hand to
//! hand hit that leaves a monster alive and not yet confused spends one and
//! confuses it unless its magic resistance wins (`hmon_hitmon`,
//! `nohandglow`, `resist` at your level).
//!
//! What a confused monster does is [`super::stumble`]'s.

use crate::dungeon::blessing::Blessing;
use crate::dungeon::direction::Way;
use crate::dungeon::skills::Skill;
use crate::dungeon::state::RunState;

/// From this many hits the glow grows by one a reading.
const GLOW_FULL: u32 = 40;

/// The scroll (`b` as it is): your hands glow. Cursed, it confuses you
/// for 1 to 100 turns more; read while you are confused, an uncursed one
/// does that too (your hands glow purple) and a blessed one clears your
/// head. Reading it never names it.
pub(crate) fn scroll(
    state: &mut RunState,
    _: crate::dungeon::content::ItemKind,
    b: Blessing,
) -> bool {
    use crate::dungeon::rules::impaired;
    let tingle = unseen(state);
    let more = |state: &mut RunState| {
        let turns = state.rng.rnd(100) as u32;
        impaired::confuse_more(state, turns);
    };
    if b == Blessing::Cursed {
        if !impaired::confused(state) {
            state.say("You feel confused.");
        }
        more(state);
    } else if impaired::confused(state) {
        if b == Blessing::Blessed {
            state.say(if tingle {
                "A faint buzz surrounds your head."
            } else {
                "A red glow surrounds your head."
            });
            impaired::make_confused(state, 0, true);
        } else {
            state.say(if tingle {
                "Your hands begin to tingle."
            } else {
                "Your hands begin to glow purple."
            });
            more(state);
        }
    } else {
        glow(state, 3, b == Blessing::Blessed);
    }
    false
}

/// Invisible and not seeing invisible: a glow is felt as a tingle
/// (NetHack's `Invisible`).
fn unseen(state: &RunState) -> bool {
    crate::dungeon::rules::invisible::you_are(state)
        && !crate::dungeon::rules::grow::has(state, crate::dungeon::hero::Intrinsic::SeeInvisible)
}

/// The spell: as the scroll, three hits fewer, and as a blessed one once
/// you are Skilled in enchantment spells.
pub(crate) fn cast(state: &mut RunState, _: Option<Way>) {
    let skilled = crate::dungeon::rules::grow::skilled(state, Skill::EnchantmentSpells);
    glow(state, 0, skilled);
}

/// Your hands glow for `base` + 1..2 more hits (blessed: `base` + 2..9),
/// or one more from 40.
fn glow(state: &mut RunState, base: u32, blessed: bool) {
    let already = state.hands_glow > 0;
    let tingle = unseen(state);
    let said = match (blessed, tingle, already) {
        (false, true, false) => "Your hands tingle.",
        (false, true, true) => "Your hands tingle even more.",
        (false, false, false) => "Your hands begin to glow red.",
        (false, false, true) => "The red glow of your hands intensifies.",
        (true, true, false) => "Your hands tingle very sharply.",
        (true, true, true) => "Your hands tingle even more sharply.",
        (true, false, false) => "Your hands glow a brilliant red.",
        (true, false, true) => "Your hands glow an even more brilliant red.",
    };
    state.say(said);
    let more = if state.hands_glow >= GLOW_FULL {
        1
    } else if blessed {
        base + 2 + state.rng.rn2(8) as u32
    } else {
        base + state.rng.rnd(2) as u32
    };
    state.hands_glow += more;
}

/// Your hand to hand blow hit monster `m` and left it alive: glowing
/// hands spend a hit on it, unless it is confused already, and confuse it
/// unless it resists ("The gnome appears confused.").
pub(crate) fn touched(state: &mut RunState, m: usize) {
    let target = state.level().monsters[m];
    if state.hands_glow == 0 || target.confused {
        return;
    }
    let tingle = unseen(state);
    state.say(match (state.hands_glow, tingle) {
        (1, false) => "Your hands stop glowing red.",
        (_, false) => "Your hands no longer glow so brightly red.",
        (1, true) => "Your hands stop tingling.",
        (_, true) => "The tingling in your hands lessens.",
    });
    state.hands_glow -= 1;
    let row = state.content().monster(target.kind);
    let (mr, level) = (row.magic_resistance, row.level.clamp(1, 50));
    let yours = state.player.growth.as_ref().map_or(1, |g| g.level as i32);
    let name = row.name.clone();
    if (state.rng.rn2((100 + yours - level).max(1) as u64) as u32) < mr {
        return;
    }
    state.level_mut().monsters[m].confused = true;
    let seen = crate::dungeon::rules::sight::sees_monster(state, &target);
    if !target.stunned && target.asleep == 0 && seen {
        state.say(format!("The {name} appears confused."));
    }
}
