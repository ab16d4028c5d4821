//! What wakes a monster that sleeps until disturbed (a nymph made asleep),
//! as NetHack 3.7's `disturb`: each of its turns it wakes if it is in your
//! line of sight within 10 cells (squared distance at most 100), and you
//! are not stealthy, and it is no nymph (or one time in 50), and you
//! aggravate monsters, or it is a dog or a human, or one time in 7 it is
//! not posing as an object. Seen, a hostile one "wakes up!", another
//! "wakes up.". Your blow wakes it too (`combat.rs`).

use crate::dungeon::hero::Intrinsic;
use crate::dungeon::monsters::UNTIL_DISTURBED;
use crate::dungeon::rules::powers::{self, Power};
use crate::dungeon::state::RunState;

/// Monster `m`, asleep until disturbed, may wake now. Returns whether it
/// did.
pub(crate) fn disturb(state: &mut RunState, m: usize) -> bool {
    let monster = state.level().monsters[m];
    if monster.asleep != UNTIL_DISTURBED {
        return false;
    }
    let me = state.player.pos;
    let in_sight = state.sight.los_mark[state.level().map.index(monster.pos)];
    let near = (monster.pos.x - me.x).pow(2) + (monster.pos.y - me.y).pow(2) <= 100;
    if !in_sight || !near || crate::dungeon::rules::grow::has(state, Intrinsic::Stealth) {
        return false;
    }
    let glyph = state.content().monster(monster.kind).glyph;
    // Nymphs (and NetHack's jabberwocks and leprechauns) sleep deeply.
    if glyph == 'n' && state.rng.rn2(50) != 0 {
        return false;
    }
    let aggravates = powers::has(&state.player, state.content(), Power::AggravateMonster)
        || state.player.growth.as_ref().is_some_and(|g| g.aggravates);
    let wakes = aggravates
        || matches!(glyph, 'd' | '@')
        || (state.rng.rn2(7) == 0 && monster.disguise.is_none());
    if !wakes {
        return false;
    }
    wake(state, m);
    true
}

/// Monster `m` wakes ("The water nymph wakes up!" if you see it).
pub(crate) fn wake(state: &mut RunState, m: usize) {
    let monster = state.level().monsters[m];
    if crate::dungeon::rules::sight::sees_monster(state, &monster) {
        let name = &state.content().monster(monster.kind).name;
        let end = if monster.peaceful { "." } else { "!" };
        state.say(format!("The {name} wakes up{end}"));
    }
    state.level_mut().monsters[m].asleep = 0;
}
