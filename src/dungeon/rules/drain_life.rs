//! The spell of drain life, as NetHack 3.7 casts it (`bhitm`, `bhito` and
//! `zapyourself` for `SPE_DRAIN_LIFE`).
//!
//! Cast across, it is a beam: each monster it reaches that does not resist
//! draining (the undead) loses a level's worth of hit points
//! (`monhp_per_lvl`: 1d8, 1d4 for a level-0 monster, with your Int's spell
//! bonus). A monster that also fails its resistance check (`resist` at
//! your level) loses them twice over, loses them from its most too, and a
//! level ("The gnome lord suddenly seems weaker!"); one already at level 0
//! dies. One that passes the check loses half. Each enchanted or charged
//! thing the beam passes over (weapons, armour, wands, charged rings) loses
//! a point, one time in ten not. Cast down, it drains what lies at your
//! feet; at yourself, it drains you a level ("Goodbye level 3."), and at
//! level 1 kills you.

use crate::dungeon::content::ItemRow;
use crate::dungeon::direction::Way;
use crate::dungeon::rules::traps::shared::say_of;
use crate::dungeon::shared::Killer;
use crate::dungeon::state::RunState;
use crate::generation::Pos;

/// Cast the spell `way` (None or `.`: at yourself).
pub(crate) fn cast(state: &mut RunState, way: Option<Way>) {
    match way {
        Some(Way::Toward(d)) => {
            crate::dungeon::rules::zap::beam_over(state, d, drain_monster, None, Some(drain_cell));
        }
        Some(Way::Down) => {
            let me = state.player.pos;
            drain_cell(state, me);
        }
        Some(Way::Up) => {}
        Some(Way::Here) | None => {
            crate::dungeon::rules::grow::lose_level(state, Killer::LifeDrainage);
        }
    }
}

/// The beam reaches monster `m`. Returns whether you saw what it did.
fn drain_monster(state: &mut RunState, m: usize) -> bool {
    crate::dungeon::rules::combat::provoke(state, m);
    let monster = state.level().monsters[m];
    let row = state.content().monster(monster.kind).clone();
    state.level_mut().monsters[m].asleep = 0;
    let level = row.level - i32::from(monster.drained);
    let per_level = if level <= 0 {
        state.rng.rnd(4) as i32
    } else {
        state.rng.rnd(8) as i32
    };
    let bonus = state
        .player
        .growth
        .as_ref()
        .map_or(0, |g| g.spell_damage_bonus());
    let damage = crate::dungeon::rules::zap::spell_damage(per_level, bonus);
    // What resists draining (NetHack's `resists_drli`): the undead.
    if row.undead {
        return false;
    }
    let your_level = state.player.growth.as_ref().map_or(1, |g| g.level);
    if crate::dungeon::rules::zap::resists_magic(state, m, your_level) {
        // `resist` itself takes half the damage from one that resists.
        crate::dungeon::rules::combat::wound(state, m, (damage + 1) / 2);
        return true;
    }
    // `resist` took the whole of it, and the drain takes it again.
    if crate::dungeon::rules::combat::wound(state, m, damage) {
        return true;
    }
    let target = &mut state.level_mut().monsters[m];
    target.max_hp -= damage;
    let dies = target.hp <= damage || target.max_hp <= 0 || level < 1;
    if dies {
        let hp = state.level().monsters[m].hp;
        crate::dungeon::rules::combat::wound(state, m, hp.max(1));
        return true;
    }
    let target = &mut state.level_mut().monsters[m];
    target.hp -= damage;
    target.drained = target.drained.saturating_add(1);
    say_of(state, m, "{M} suddenly seems weaker!");
    true
}

/// Can a drain take a point from a thing of this row (NetHack's
/// `drain_item`: charged things, weapons and armour)?
fn drainable(row: &ItemRow) -> bool {
    let e = &row.on_pick_up;
    e.weapon().is_some()
        || e.armour().is_some()
        || e.zapped().is_some()
        || e.accessory().is_some_and(|a| a.charged)
}

/// The drain passes over cell `p`: each enchanted or charged thing there
/// loses a point, one time in ten not (`obj_resists`). Returns whether
/// anything lay there (which costs the beam a cell, as NetHack's).
fn drain_cell(state: &mut RunState, p: Pos) -> bool {
    let content = state.setup.content.clone();
    let here: Vec<usize> = (0..state.level().items.len())
        .filter(|&i| state.level().items[i].pos == p)
        .collect();
    for &i in &here {
        let item = &state.level().items[i];
        if item.spe <= 0 || !drainable(content.item(item.kind)) {
            continue;
        }
        if state.rng.rn2(100) < 10 {
            continue;
        }
        state.level_mut().items[i].spe -= 1;
    }
    !here.is_empty()
}
