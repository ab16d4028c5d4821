//! `RollingBoulder` and `LandMine`: the traps that move boulders and the
//! floor. A rolling boulder trap's boulder waits where it was put when the
//! level was made; sprung, it rolls through the trap to the far side, hitting
//! whoever stands in its way (to-hit and damage from the row). A land mine
//! blows up for the row's damage and leaves a pit its victim falls into.

use crate::dungeon::rules::boulders::roll_into;
use crate::dungeon::rules::traps::shared::{Victim, hits, hurt, roll, row, say_of};
use crate::dungeon::state::RunState;
use crate::generation::Pos;

pub(super) fn rolling_boulder(state: &mut RunState, victim: Victim, t: usize) {
    let row = row(state, t);
    let trap = state.level().traps[t];
    match victim {
        Victim::You => state.say(row.message.clone()),
        Victim::Monster(m) => say_of(state, m, "Click! {M} triggers a rolling boulder trap!"),
    }
    let Some((from, to)) = trap
        .launch
        .filter(|(from, _)| state.level().has_boulder(*from))
    else {
        if victim == Victim::You {
            state.say("Fortunately for you, no boulder was released.");
        }
        return;
    };
    state.level_mut().boulders.retain(|&b| b != from);
    let (dx, dy) = ((to.x - from.x).signum(), (to.y - from.y).signum());
    let mut at = from;
    let victim_pos = crate::dungeon::rules::traps::shared::pos_of(state, victim);
    while at != to {
        let next = Pos::new(at.x + dx, at.y + dy);
        if !state.level().map.is_walkable(next) || state.level().has_boulder(next) {
            break;
        }
        if next == victim_pos {
            if hits(state, victim, row.to_hit) {
                let damage = row.damage.map_or(0, |d| roll(&mut state.rng, d));
                match victim {
                    Victim::You => state.say("You are hit by a boulder!"),
                    Victim::Monster(m) => say_of(state, m, "{M} is hit by a boulder!"),
                }
                if !hurt(state, victim, damage, trap.kind) && victim == Victim::You {
                    return;
                }
            } else if victim == Victim::You {
                state.say("A boulder rolls past you.");
            }
        }
        at = next;
        // A pit or hole on the way swallows it.
        if roll_into(state, at) {
            return;
        }
    }
    state.level_mut().boulders.push(at);
}

pub(super) fn land_mine(state: &mut RunState, victim: Victim, t: usize) {
    let row = row(state, t);
    let share = crate::dungeon::rules::traps::shared::steed_share(state, victim, t);
    let kind = state.level().traps[t].kind;
    match victim {
        Victim::You => state.say(row.message.clone()),
        Victim::Monster(m) => {
            let at = state.level().monsters[m].pos;
            if crate::dungeon::rules::traps::shared::sees(state, at) {
                say_of(state, m, "KAABLAMM!!! {M} triggers a land mine!");
            } else {
                state.say("You hear a distant explosion.");
            }
        }
    }
    // The mine is spent: a pit is left where it was.
    let pit = state.content().trap_kind("pit");
    match pit {
        Some(p) => state.level_mut().traps[t].kind = p,
        None => {
            state.level_mut().traps.remove(t);
        }
    }
    // Riding, your steed is blown up too (`steedintrap`), first.
    if share.is_some_and(|s| s.takes == crate::dungeon::content::SteedTakes::Also) {
        let damage = row.damage.map_or(0, |d| roll(&mut state.rng, d));
        crate::dungeon::rules::traps::shared::hurt_steed(state, damage);
    }
    let damage = row.damage.map_or(0, |d| roll(&mut state.rng, d));
    if !hurt(state, victim, damage, kind) {
        return;
    }
    if pit.is_some() {
        crate::dungeon::rules::traps::hold::pit(state, victim, t);
    }
}
