//! A forceful blow knocks you back, as NetHack 3.7's `mhitm_knockback`
//! has a monster do to a hero: a monster much bigger than you (two sizes
//! or more: a Huge ettin or giant at a human, a Large one at a gnome) whose
//! blow is a claw, kick or butt of plain damage, or a weapon attack with
//! nothing in its hands, knocks you one time in six. Riding, it knocks you
//! out of your saddle ("The ettin zombie knocks you out of your saddle with
//! a forceful blow!", then "You are knocked off of the pony!", 10 to 19 hit
//! points of a riding accident); on foot, back a cell, two one time in
//! three, as far as open floor goes ("…knocks you backward with a powerful
//! strike!", or "back" when nothing gives). Either way, one time in four
//! it stuns you for a turn more than you were knocked ("You stagger...").
//! Only a hero is knocked (the nameless hero's runs play as they did).

use crate::dungeon::attacks::{AttackLine, AttackType, DamageType};
use crate::dungeon::state::RunState;
use crate::generation::Pos;

/// Monster `m`'s blow just landed on you: it may knock you back or out of
/// your saddle.
pub(crate) fn after_blow(state: &mut RunState, m: usize) {
    let Some(hero) = state.player.hero else {
        return;
    };
    let content = state.setup.content.clone();
    let attacker = state.level().monsters[m];
    let row = content.monster(attacker.kind);
    let yours = hero.race(content.heroes()).size;
    let bigger = row.size as i32 > yours as i32 + 1;
    let unarmed = crate::dungeon::rules::combat::wielded(&content, &attacker).is_none();
    let forceful = row
        .attacks
        .first()
        .is_some_and(|&AttackLine(kind, damage, _, _)| {
            damage == DamageType::Phys
                && match kind {
                    AttackType::Claw | AttackType::Kick | AttackType::Butt => true,
                    AttackType::Weapon => unarmed,
                    _ => false,
                }
        });
    if !bigger || !forceful || state.player.hp <= 0 || state.rng.rn2(6) != 0 {
        return;
    }
    let distance = if state.rng.rn2(3) != 0 { 1 } else { 2 };
    let (dx, dy) = (
        (state.player.pos.x - attacker.pos.x).signum(),
        (state.player.pos.y - attacker.pos.y).signum(),
    );
    let first = Pos::new(state.player.pos.x + dx, state.player.pos.y + dy);
    let riding = state.player.steed.is_some();
    let how = if riding {
        "out of your saddle"
    } else if open(state, first) {
        "backward"
    } else {
        "back"
    };
    let force = if state.rng.rn2(2) != 0 {
        "forceful"
    } else {
        "powerful"
    };
    let blow = if state.rng.rn2(2) != 0 {
        "blow"
    } else {
        "strike"
    };
    state.say(format!(
        "The {} knocks you {how} with a {force} {blow}!",
        row.name
    ));
    if riding {
        crate::dungeon::rules::steed::knocked_off(state);
    } else {
        let from = state.player.pos;
        let mut at = from;
        for _ in 0..distance {
            let next = Pos::new(at.x + dx, at.y + dy);
            if !open(state, next) {
                break;
            }
            at = next;
        }
        if at != from {
            crate::dungeon::rules::moving::arrive(state, from, at);
            crate::dungeon::rules::sight::update(state);
        }
    }
    if !state.is_over() && !crate::dungeon::rules::impaired::stunned(state) && state.rng.rn2(4) == 0
    {
        crate::dungeon::rules::impaired::make_stunned(state, distance + 1, true);
    }
}

/// Can you be knocked onto `p`: open floor, no monster, no boulder?
fn open(state: &RunState, p: Pos) -> bool {
    let level = state.level();
    level.map.contains(p)
        && level.map.is_walkable(p)
        && level.monster_at(p).is_none()
        && !level.has_boulder(p)
}
