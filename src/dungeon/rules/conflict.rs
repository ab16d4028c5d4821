//! Conflict (a ring of it), as NetHack 3.7's (`movemon`'s `fightm`,
//! `dochug`'s attack on you, `resist_conflict`). While you wear it, each
//! time a monster acts it may resist: it does when a d20 beats your
//! Charisma less its level plus your level (at most 19, so one time in
//! twenty at least). Not resisting:
//!
//! - one that sees you, standing where you see it within 8 cells, falls
//!   on the first other monster beside it (the one hit may strike back);
//!   a blow that lands is its action;
//! - a peaceful monster or your pet beside you strikes you.

use crate::dungeon::hero::attributes::Attribute;
use crate::dungeon::rules::powers::{self, Power};
use crate::dungeon::state::RunState;

/// How far (squared) a monster may be for its conflict (NetHack's
/// `BOLT_LIM` squared).
const REACH: i32 = 64;

/// Do you wear conflict?
fn worn(state: &RunState) -> bool {
    powers::has(&state.player, state.content(), Power::Conflict)
}

/// Does monster `m` resist your conflict this time (NetHack's
/// `resist_conflict`: a d20 over your Charisma less its level plus your
/// level, at most 19)?
fn resists(state: &mut RunState, m: usize) -> bool {
    let level = state
        .content()
        .monster(state.level().monsters[m].kind)
        .level;
    let (cha, yours) = state
        .player
        .growth
        .as_ref()
        .map_or((10, 1), |g| (g.attribute(Attribute::Cha), g.level as i32));
    let chance = (cha - level + yours).min(19);
    state.rng.rnd(20) as i32 > chance
}

/// Under conflict, monster `m`, which sees you (`sees_you`) from a cell you
/// see within 8 cells, falls on the first other monster beside it unless
/// it resists (NetHack's `fightm`). Returns whether its blow landed, which
/// spends its action.
pub(crate) fn fights(state: &mut RunState, m: usize, sees_you: bool) -> bool {
    if !worn(state) || !sees_you {
        return false;
    }
    let (pos, me) = (state.level().monsters[m].pos, state.player.pos);
    let seen = state.sight.visible_mark[state.level().map.index(pos)];
    if !seen || (pos.x - me.x).pow(2) + (pos.y - me.y).pow(2) > REACH {
        return false;
    }
    if resists(state, m) {
        return false;
    }
    let id = state.level().monsters[m].id;
    let beside = state
        .level()
        .monsters
        .iter()
        .find(|o| o.id != id && o.pos.distance(pos) == 1)
        .map(|o| o.id);
    match beside {
        Some(target) => crate::dungeon::rules::mhitm::fight(state, m, target),
        None => false,
    }
}

/// Under conflict, does monster `m`, a peaceful one or your pet beside
/// you, strike you this time instead of its own business (it does unless
/// it resists)?
pub(crate) fn turns_on_you(state: &mut RunState, m: usize) -> bool {
    let monster = state.level().monsters[m];
    worn(state)
        && (monster.peaceful || monster.tame)
        && monster.pos.distance(state.player.pos) == 1
        && !resists(state, m)
}
