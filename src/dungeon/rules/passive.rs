//! A monster's passive defence when you strike it, hit or miss, as of
//! NetHack 3.7 (`passive()`): the floating eye's gaze freezes you, an acid
//! blob splashes you, a mold burns, chills or shocks you, a rust monster
//! rusts your weapon, a cockatrice touched bare-handed turns you to stone.
//!
//! The defence's dice are rolled first whatever happens (`d(n, d)`, or
//! `d(level + 1, d)` where its count is 0); what needs the monster alive
//! then happens two times in three.

use crate::dungeon::attacks::{AttackType, DamageType};
use crate::dungeon::content::MonsterKind;
use crate::dungeon::dice::roll_dice;
use crate::dungeon::hero::attributes::Attribute;
use crate::dungeon::rules::powers::{self, Power};
use crate::dungeon::shared::Killer;
use crate::dungeon::state::RunState;

/// What you struck, as it was when you struck it.
#[derive(Clone, Copy)]
pub(crate) struct Struck {
    pub(crate) kind: MonsterKind,
    pub(crate) id: u32,
    pub(crate) cancelled: bool,
    /// Whether you saw it (you can't meet the gaze of an eye you don't see).
    pub(crate) seen: bool,
}

/// You struck `target` (landing the blow or not; `alive` after it).
pub(crate) fn after_blow(state: &mut RunState, target: Struck, hit: bool, alive: bool) {
    let content = state.setup.content.clone();
    let row = content.monster(target.kind);
    let Some(defence) = row.attacks.iter().find(|a| a.0 == AttackType::Passive) else {
        return;
    };
    let (n, sides) = (defence.2, defence.3);
    let amount = match (n, sides) {
        (0, 0) => 0,
        (0, d) => roll_dice(row.level.max(0) as u32 + 1, d, &mut state.rng),
        (n, d) => roll_dice(n, d, &mut state.rng),
    };
    let name = row.name.clone();
    let barehanded = !state.player.inventory.iter().any(|c| c.wielded);
    // What happens even to a dead one's.
    match defence.1 {
        DamageType::Acid => {
            if hit && state.rng.rn2(2) == 1 {
                state.say(format!("You are splashed by the {name}'s acid!"));
                state.player.hp -= amount;
                if state.die_if_spent(Killer::Monster(target.kind)) {
                    return;
                }
            }
            crate::dungeon::rules::grow::exercise(state, Attribute::Str, false);
        }
        DamageType::Rust if hit && !target.cancelled => {
            if let Some(w) = state.player.inventory.iter().position(|c| c.wielded) {
                crate::dungeon::rules::traps::erode(state, w);
            }
        }
        DamageType::Stone if hit && barehanded && !wears_gloves(state) => {
            state.say(format!("You hit the {name} with your bare hands."));
            state.say("You turn to stone...");
            state.player.hp = 0;
            state.die_if_spent(Killer::Stoned(target.kind));
            return;
        }
        _ => {}
    }
    if !alive || target.cancelled || state.rng.rn2(3) == 0 {
        return;
    }
    let resists = |state: &RunState, power: Power| powers::has(&state.player, &content, power);
    match defence.1 {
        DamageType::Paralyse => frozen(state, target, amount),
        // A yellow mold's: stunned for its roll, unless you are already.
        DamageType::Stun if !crate::dungeon::rules::impaired::stunned(state) => {
            crate::dungeon::rules::impaired::make_stunned(state, amount.max(1) as u32, true);
        }
        DamageType::Cold => {
            if resists(state, Power::ColdResistance) {
                state.say("You feel a mild chill.");
            } else {
                state.say("You are suddenly very cold!");
                state.player.hp -= amount;
                let gain = (amount + state.rng.rn2(2) as i32) / 2;
                if let Some(m) = state
                    .level()
                    .monsters
                    .iter()
                    .position(|m| m.id == target.id)
                {
                    let it = &mut state.level_mut().monsters[m];
                    it.max_hp += gain;
                    it.hp = (it.hp + gain).min(it.max_hp);
                }
            }
        }
        DamageType::Fire => {
            if resists(state, Power::FireResistance) {
                state.say("You feel mildly warm.");
            } else {
                state.say("You are suddenly very hot!");
                state.player.hp -= amount;
            }
        }
        DamageType::Shock => {
            if resists(state, Power::ShockResistance) {
                state.say("You feel a mild tingle.");
            } else {
                state.say("You are jolted with electricity!");
                state.player.hp -= amount;
            }
        }
        _ => {}
    }
    state.die_if_spent(Killer::Monster(target.kind));
}

/// A paralysing defence: a floating eye's gaze (met only if you see it),
/// a gelatinous cube's touch.
fn frozen(state: &mut RunState, target: Struck, turns: i32) {
    let content = state.setup.content.clone();
    let name = content.monster(target.kind).name.clone();
    let eye = content
        .monster(target.kind)
        .attacks
        .iter()
        .all(|a| a.0 == AttackType::Passive);
    if eye {
        if !target.seen {
            return;
        }
        if powers::has(&state.player, &content, Power::Reflection) {
            state.say(format!("The {name}'s gaze is reflected by your amulet."));
            return;
        }
        if powers::has(&state.player, &content, Power::FreeAction) {
            state.say(format!("You momentarily stiffen under the {name}'s gaze!"));
            return;
        }
        state.say(format!("You are frozen by the {name}'s gaze!"));
        let wise = state
            .player
            .growth
            .as_ref()
            .is_some_and(|g| g.attributes.get(Attribute::Wis) > 12);
        let turns = if wise || state.rng.rn2(4) != 0 {
            turns
        } else {
            127
        };
        state.asleep = state.asleep.max(turns.max(1) as u32);
        return;
    }
    if powers::has(&state.player, &content, Power::FreeAction) {
        state.say("You momentarily stiffen.");
        return;
    }
    state.say(format!("You are frozen by the {name}!"));
    state.asleep = state.asleep.max(turns.max(1) as u32);
}

fn wears_gloves(state: &RunState) -> bool {
    crate::dungeon::rules::wear::worn_in(state, crate::dungeon::effects::Slot::Gloves).is_some()
}
