//! Shopkeepers at their doors, as NetHack's (`u_entered_shop`): stepping
//! into a shop's door, you are greeted ("Hello, stranger! Welcome to the
//! lighting store!"), unless you carry a pick-axe or a mattock: then the
//! keeper asks you to leave it outside and stands in the way in until you
//! come back without it. The shops are the level kind's (a drawn level's
//! `shops`); the keeper is the peaceful shopkeeper standing in the shop.
//!
//! NetHack's keeper also stands in the door when you would leave with
//! goods you have not paid for; here a ware is paid for as it is picked up,
//! so that never happens.

use crate::dungeon::state::RunState;
use crate::generation::Pos;

/// The shop whose door you stand on, and its keeper, if one keeps it.
fn at_its_door(state: &RunState) -> Option<(usize, usize)> {
    let me = state.player.pos;
    let s = state
        .level()
        .shops
        .iter()
        .position(|shop| shop.door == me)?;
    let shop = &state.level().shops[s];
    let content = state.content();
    let keeper = state.level().monsters.iter().position(|m| {
        m.peaceful && content.monster(m.kind).role.keeps_shop() && shop.floor.contains(&m.pos)
    })?;
    Some((s, keeper))
}

/// The name of the digging tool you carry, if any.
fn digger(state: &RunState) -> Option<String> {
    let content = state.content();
    state
        .player
        .inventory
        .iter()
        .find(|c| content.item(c.kind).on_pick_up.digs())
        .map(|c| content.item(c.kind).name.clone())
}

/// Standing in a shop's door, its keeper stands in the way in while you
/// carry a pick, and at its post when you don't (after every action, so
/// dropping the pick there lets you in).
pub(crate) fn tend(state: &mut RunState) {
    let Some((s, keeper)) = at_its_door(state) else {
        return;
    };
    let shop = &state.level().shops[s];
    let stand = match digger(state) {
        Some(_) => shop.inside,
        None => shop.post,
    };
    if state.level().monster_at(stand).is_none_or(|m| m == keeper) {
        state.level_mut().monsters[keeper].pos = stand;
    }
}

/// You stepped from `from` onto `to`: at a shop's door, coming from outside,
/// its keeper greets you or asks you to leave your pick outside.
pub(crate) fn at_door(state: &mut RunState, from: Pos, to: Pos) {
    let Some((s, _)) = at_its_door(state) else {
        return;
    };
    let shop = state.level().shops[s].clone();
    if shop.door != to || shop.floor.contains(&from) {
        return; // leaving, not coming in
    }
    tend(state);
    match digger(state) {
        Some(tool) => state.say(format!("\"Will you please leave your {tool} outside?\"")),
        None => state.say(format!(
            "\"Hello, stranger! Welcome to the {}!\"",
            shop.name
        )),
    }
}
