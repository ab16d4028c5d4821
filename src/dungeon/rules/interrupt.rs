//! What breaks off an occupation that lasts several turns (digging, picking
//! a lock, a meal): a hostile monster next to you, or a blow taken. Its own
//! file, below the occupations and the monsters' turn, so that each may ask
//! it without importing the other.

use crate::dungeon::state::RunState;

/// Is a several-turn occupation (digging, a meal) to stop: a hostile monster
/// next to you, or a blow since `hp_before`?
pub(crate) fn disturbed(state: &RunState, hp_before: i32) -> bool {
    let me = state.player.pos;
    let threat = state
        .level()
        .monsters
        .iter()
        .any(|m| !m.peaceful && m.pos.distance(me) <= 1);
    threat || state.player.hp < hp_before
}
