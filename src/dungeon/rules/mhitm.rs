//! A monster fighting a monster (NetHack 3.7's `mattackm`): your pet
//! against the hostile ones it can beat, and under conflict any monster
//! against the one beside it.

use crate::dungeon::rules::pet::who;
use crate::dungeon::shared::capitalised;
use crate::dungeon::state::RunState;

/// Monster `m` (an index) fights the monster with id `target` (NetHack's
/// `mattackm`: it hits when the target's AC plus its level beats a d20); a
/// target that lives strikes back three times in four (here after a miss
/// too, as this game's pets always have). Returns whether the first blow
/// landed.
pub(crate) fn fight(state: &mut RunState, m: usize, target: u32) -> bool {
    let Some(t) = state.level().monsters.iter().position(|o| o.id == target) else {
        return false;
    };
    let attacker_id = state.level().monsters[m].id;
    let first = blow(state, m, t);
    if first == Blow::Killed {
        return true;
    }
    if state.rng.rn2(4) != 0
        && let (Some(t), Some(m)) = (
            state.level().monsters.iter().position(|o| o.id == target),
            state
                .level()
                .monsters
                .iter()
                .position(|o| o.id == attacker_id),
        )
    {
        blow(state, t, m);
    }
    first == Blow::Hit
}

/// What one blow did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Blow {
    Missed,
    Hit,
    /// The defender died of it.
    Killed,
}

/// One blow of monster `a` at monster `d` (indexes of the current level);
/// a `d` killed is gone, its gear on the floor.
fn blow(state: &mut RunState, a: usize, d: usize) -> Blow {
    let content = state.setup.content.clone();
    let (attacker, defender) = (state.level().monsters[a], state.level().monsters[d]);
    let ar = content.monster(attacker.kind);
    let seen = state.sight.visible_mark[state.level().map.index(defender.pos)]
        || state.sight.visible_mark[state.level().map.index(attacker.pos)];
    let (an, dn) = (who(state, &attacker), who(state, &defender));
    let ac = crate::dungeon::rules::monster_armour::armour_class(&content, &defender);
    if ac + ar.level <= state.rng.rnd(20) as i32 {
        if seen {
            state.say(format!("{} misses {dn}.", capitalised(&an)));
        }
        return Blow::Missed;
    }
    let damage = crate::dungeon::rules::combat::monster_blow(&content, &attacker, &mut state.rng);
    state.level_mut().monsters[d].hp -= damage;
    if state.level().monsters[d].hp > 0 {
        if seen {
            state.say(format!("{} hits {dn}.", capitalised(&an)));
        }
        return Blow::Hit;
    }
    if seen {
        state.say(format!("{} kills {dn}!", capitalised(&an)));
    }
    if crate::dungeon::rules::life_saving::saved(state, d) {
        return Blow::Hit;
    }
    let dead = state.level_mut().monsters.remove(d);
    if dead.tame && !seen {
        state.say("You have a sad feeling for a moment, then it passes.");
    }
    crate::dungeon::rules::remains::leave(state, &dead);
    Blow::Killed
}
