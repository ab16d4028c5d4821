//! Fighting with bare hands, as NetHack 3.7's `uhitm.c` has it beyond the
//! blow itself (`combat.rs`): a Monk's to-hit without armour and his
//! suit's penalty, the second punch of a skilled hand, and the staggering
//! blow that knocks a monster back and stuns it.

use crate::dungeon::content::Size;
use crate::dungeon::effects::Slot;
use crate::dungeon::skills::{Skill, SkillLevel};
use crate::dungeon::state::RunState;
use crate::generation::Pos;

/// What the role's unarmoured fighting adds to your to-hit now
/// (`find_roll_to_hit`, a Monk's): in body armour its casting penalty off
/// (20; returned too as `.1`, for "Your armor is rather cumbersome...");
/// without armour, weapon and shield, your level / 3 + 2.
pub(crate) fn to_hit(state: &RunState) -> (i32, i32) {
    let (Some(hero), Some(g)) = (state.player.hero, &state.player.growth) else {
        return (0, 0);
    };
    let content = state.content();
    let role = hero.role(content.heroes());
    if !role.fights_unarmoured {
        return (0, 0);
    }
    if state.player.worn_in(content, Slot::Body).is_some() {
        let penalty = role.casting.armour;
        return (-penalty, penalty);
    }
    if !wields_nothing(state) || state.player.worn_in(content, Slot::Shield).is_some() {
        return (0, 0);
    }
    (g.level as i32 / 3 + 2, 0)
}

/// Do you wield nothing?
fn wields_nothing(state: &RunState) -> bool {
    !state.player.inventory.iter().any(|c| c.wielded)
}

/// Your bare-hands skill as NetHack counts it (`P_SKILL`: Unskilled 1 to
/// Grand Master 6; 0 restricted or without a hero).
fn bare_hands(state: &RunState) -> u64 {
    let Some(g) = &state.player.growth else {
        return 0;
    };
    match g.skills.level(Skill::BareHands) {
        SkillLevel::Restricted => 0,
        SkillLevel::Unskilled => 1,
        SkillLevel::Basic => 2,
        SkillLevel::Skilled => 3,
        SkillLevel::Expert => 4,
        SkillLevel::Master => 5,
        SkillLevel::GrandMaster => 6,
    }
}

/// Bare-handed and past Basic, with no shield: a second punch one time
/// in five for each level past Basic (`double_punch`).
pub(crate) fn punches_twice(state: &mut RunState) -> bool {
    let content = state.content();
    if !wields_nothing(state) || state.player.worn_in(content, Slot::Shield).is_some() {
        return false;
    }
    let past_basic = bare_hands(state).saturating_sub(2);
    past_basic > 0 && past_basic > state.rng.rn2(5)
}

/// Your bare-handed blow of `raw` (the hand's own roll) landed on monster
/// `m`, with nothing wielded, worn on your body or on your arm: one time in
/// 100 for each skill level past Unskilled, a monster smaller than Large
/// staggers (`hmon_hitmon_stagger`). Says so; returns whether it did.
pub(crate) fn staggers(state: &mut RunState, m: usize, raw: i32) -> bool {
    let content = state.content();
    if !wields_nothing(state)
        || state.player.worn_in(content, Slot::Body).is_some()
        || state.player.worn_in(content, Slot::Shield).is_some()
        || raw <= 1
        || state.player.growth.is_none()
    {
        return false;
    }
    let target = state.level().monsters[m];
    let row = content.monster(target.kind);
    let (large, name) = (row.size >= Size::Large, row.name.clone());
    let skill = bare_hands(state);
    if state.rng.rnd(100) >= skill || large {
        return false;
    }
    if crate::dungeon::rules::sight::sees_monster(state, &target) {
        state.say(format!("The {name} staggers from your powerful strike!"));
    }
    true
}

/// Monster `m`, staggered and still alive, is knocked a cell away from you
/// and stunned (`mhurtle`): woken, its movement spent; a Huge one or one
/// held by a trap doesn't budge; a wall, door, boulder or monster behind
/// it stops it; a trap where it lands springs.
pub(crate) fn knock_back(state: &mut RunState, m: usize) {
    let me = state.player.pos;
    let target = state.level().monsters[m];
    {
        let t = &mut state.level_mut().monsters[m];
        t.stunned = true;
        t.energy = 0;
        if t.asleep > 0 {
            t.asleep = 0;
        }
    }
    let row = state.content().monster(target.kind);
    let name = row.name.clone();
    if row.size >= Size::Huge || target.trapped > 0 {
        state.say(format!("The {name} doesn't budge!"));
        return;
    }
    let (dx, dy) = (target.pos.x - me.x, target.pos.y - me.y);
    let to = Pos::new(target.pos.x + dx.signum(), target.pos.y + dy.signum());
    let level = state.level();
    // Not diagonally into or out of a doorway, as no one steps.
    let through_doorway = dx != 0
        && dy != 0
        && (level.map.tile(target.pos).is_door() || level.map.tile(to).is_door());
    let free = level.map.is_walkable(to)
        && level.monster_at(to).is_none()
        && !level.has_boulder(to)
        && !through_doorway;
    if !free {
        return;
    }
    state.level_mut().monsters[m].pos = to;
    if let Some(t) = state.level().trap_at(to) {
        crate::dungeon::rules::traps::spring(
            state,
            crate::dungeon::rules::traps::Victim::Monster(m),
            t,
        );
    }
}
