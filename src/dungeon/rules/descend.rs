//! `>` as the player gives it: the stairs down ([`super::stairs`]), then the
//! fall a load brings on them (NetHack's `goto_level`), which throws a rider
//! off the steed ([`super::steed`]). Its own file, so the stairs need not
//! know the steed.

use crate::dungeon::state::RunState;

/// `>`: down the stairs you stand on, and down them hard under a load.
pub(crate) fn down(state: &mut RunState) -> bool {
    let depth = state.depth;
    if !crate::dungeon::rules::stairs::down(state) {
        return false;
    }
    if state.depth > depth {
        fall_down_the_stairs(state);
    }
    true
}

/// A hero who takes the stairs down Burdened or worse falls down them
/// (NetHack's `goto_level`): "You fall down the stairs.", then off the
/// steed ridden, or 1 to 3 hit points on foot. Flying, you fly down.
fn fall_down_the_stairs(state: &mut RunState) {
    use crate::dungeon::hero::attributes::Encumbrance;
    let content = state.setup.content.clone();
    if state.player.growth.is_none()
        || crate::dungeon::rules::powers::above_the_floor(&state.player, &content)
        || crate::dungeon::rules::grow::encumbrance(&state.player, &content)
            == Encumbrance::Unencumbered
    {
        return;
    }
    state.say("You fall down the stairs.");
    if state.player.steed.is_some() {
        crate::dungeon::rules::steed::fall_off(state);
    } else {
        state.player.hp -= state.rng.rnd(3) as i32;
        state.die_if_spent(crate::dungeon::shared::Killer::TumblingDownStairs);
    }
}
