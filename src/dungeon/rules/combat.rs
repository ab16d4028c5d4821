//! Blows: yours at a monster, a monster's at you, and the watch that turns on
//! you when you kill a peaceful one. The dice are [`crate::dungeon::dice`]'s.

use crate::dungeon::content::{Content, ItemKind};
use crate::dungeon::dice::{blow_hits, roll_damage};
use crate::dungeon::monsters::Monster;
use crate::dungeon::state::RunState;
use crate::generation::MineRng;

/// Your blow at monster `m` of the current level.
pub(crate) fn player_attacks(state: &mut RunState, m: usize) {
    let kind = state.level().monsters[m].kind;
    let row = state.content().monster(kind).clone();
    let me = state.content().player().clone();
    // Attacked, a peaceful monster is peaceful no more.
    if state.level().monsters[m].peaceful {
        let target = &mut state.level_mut().monsters[m];
        target.peaceful = false;
        target.wronged = true;
    }
    if !blow_hits(me.level, row.ac, &mut state.rng) {
        state.say(format!("You miss the {}.", row.name));
        return;
    }
    // NetHack's dmgval: the die, less the weapon's rust, at least 1.
    let (die, rust) = crate::dungeon::rules::wield::blow(&state.player, state.content());
    let damage = (roll_damage(die, &mut state.rng) - rust).max(1);
    let level = state.level_mut();
    level.monsters[m].hp -= damage;
    if level.monsters[m].hp <= 0 {
        let dead = level.monsters.remove(m);
        state.say(format!("You kill the {}!", row.name));
        crate::dungeon::rules::remains::leave(state, &dead);
        if dead.wronged {
            anger_the_watch(state);
        }
    } else {
        state.say(format!("You hit the {}.", row.name));
    }
}

/// You killed a peaceful: those of this level whose role punishes murder
/// turn on you.
fn anger_the_watch(state: &mut RunState) {
    let content = state.setup.content.clone();
    let mut angered = false;
    for m in &mut state.level_mut().monsters {
        if content.monster(m.kind).role.punishes_murder() && m.peaceful {
            m.peaceful = false;
            angered = true;
        }
    }
    if angered {
        state.say("You hear the shrieks of the watch: \"Halt, murderer!\"");
    }
}

/// Monster `m`'s blow at you.
pub(crate) fn monster_attacks(state: &mut RunState, m: usize) {
    let kind = state.level().monsters[m].kind;
    let row = state.content().monster(kind).clone();
    // A row with no blow (a gas spore) only floats beside you.
    if row.damage == 0 {
        return;
    }
    let ac = crate::dungeon::rules::wear::armour_class(&state.player, state.content());
    let attacker = state.level().monsters[m];
    let content = state.setup.content.clone();
    // NetHack's `mswings`: you see the weapon it swings.
    let seen = state.sight.visible_mark[state.level().map.index(attacker.pos)];
    if let Some(weapon) = wielded(&content, &attacker).filter(|_| seen) {
        let name = state.discoveries.floor_name(&content, weapon).to_string();
        state.say(format!("The {} swings its {name}.", row.name));
    }
    if !blow_hits(row.level, ac, &mut state.rng) {
        state.say(format!("The {} misses.", row.name));
        return;
    }
    state.player.hp -= monster_blow(&content, &attacker, &mut state.rng);
    state.say(format!("The {} hits!", row.name));
    // A ghoul's claw paralyses one time in three (NetHack's AD_PLYS).
    if row.paralyses && state.player.hp > 0 && state.asleep == 0 && state.rng.rn2(3) == 0 {
        state.asleep = state.rng.rnd(10) as u32;
        state.say(format!("You are frozen by the {}!", row.name));
    }
    // A mind flayer's tentacles, each on its own to-hit roll.
    for _ in 0..row.tentacles {
        if state.player.hp > 0 && blow_hits(row.level, ac, &mut state.rng) {
            state.player.hp -= 2;
            state.say(format!("The {}'s tentacles suck you!", row.name));
        }
    }
    state.die_if_spent(crate::dungeon::shared::Killer::Monster(kind));
}

/// The weapon monster `m` wields, when its row's blow is a weapon attack:
/// the best weapon it carries, tool or gear (NetHack's `select_hwep` takes
/// the strongest: a dwarf's mattock before its dagger). A missile weapon (a
/// dart, a bow) is swung as it is.
pub(crate) fn wielded(content: &Content, m: &Monster) -> Option<ItemKind> {
    if !content.monster(m.kind).weapon_attack {
        return None;
    }
    m.tool
        .iter()
        .chain(m.gear.iter().flatten())
        .copied()
        .filter(|&k| content.item(k).on_pick_up.weapon().is_some())
        .max_by_key(|&k| content.item(k).on_pick_up.weapon())
}

/// What monster `m`'s blow takes off when it hits: its row's die, and the
/// die of the weapon it wields (NetHack's `mhitu`: `d(damn, damd)` plus
/// `dmgval` of its weapon; a dwarf's mattock adds d12).
pub(crate) fn monster_blow(content: &Content, m: &Monster, rng: &mut MineRng) -> i32 {
    let own = match content.monster(m.kind).damage {
        0 => 0,
        die => roll_damage(die, rng),
    };
    let weapon = wielded(content, m).and_then(|k| content.item(k).on_pick_up.weapon());
    own + weapon.map_or(0, |die| roll_damage(die, rng))
}
