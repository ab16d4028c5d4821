//! `Missile`: something shoots or falls at whoever steps on the trap (an
//! arrow, a dart, a rock from the ceiling). It hits when the row's `to_hit`
//! plus the victim's AC beats a d20 (always, with no `to_hit`), for the row's
//! damage dice. Riding, one time in two a row whose steed share is `Shot`
//! shoots at your steed instead.

use crate::dungeon::content::{SteedTakes, TrapRow};
use crate::dungeon::rules::traps::shared::{
    Victim, hits, hurt, hurt_steed, of_steed, roll, row, say_of, steed_share,
};
use crate::dungeon::state::RunState;

pub(super) fn missile(state: &mut RunState, victim: Victim, t: usize) {
    let row = row(state, t);
    let kind = state.level().traps[t].kind;
    match victim {
        Victim::You => state.say(row.message.clone()),
        Victim::Monster(m) => say_of(state, m, &format!("{{M}} sets off {}!", a(&row.name))),
    }
    let share = steed_share(state, victim, t).map(|s| s.takes);
    if share == Some(SteedTakes::Shot) && state.rng.rn2(2) == 0 {
        at_steed(state, &row);
        return;
    }
    if !hits(state, victim, row.to_hit) {
        match victim {
            Victim::You => state.say("It misses you."),
            Victim::Monster(m) => say_of(state, m, "It misses {m}."),
        }
        return;
    }
    let damage = row.damage.map_or(0, |d| roll(&mut state.rng, d));
    if let Victim::You = victim {
        state.say("It hits you!");
    } else if let Victim::Monster(m) = victim {
        say_of(state, m, "It hits {m}.");
    }
    hurt(state, victim, damage, kind);
}

/// The missile flies at the steed you ride instead (`steedintrap`,
/// `thitm`): as NetHack has it, it strikes when the steed's AC and the
/// row's to-hit come to no more than a d20. "The pony is hit by an
/// arrow!" or "The pony is almost hit by an arrow!"
fn at_steed(state: &mut RunState, row: &TrapRow) {
    let Some(steed) = state.player.steed else {
        return;
    };
    let ac = state.content().monster(steed.kind).ac;
    let strikes = ac + row.to_hit.unwrap_or(0) <= state.rng.rnd(20) as i32;
    let missile = row
        .leaves
        .as_deref()
        .and_then(|id| state.content().item_kind(id))
        .map_or_else(|| "it".to_string(), |k| a(&state.content().item(k).name));
    if !strikes {
        let line = of_steed(state, &format!("{{S}} is almost hit by {missile}!"));
        state.say(line);
        return;
    }
    let line = of_steed(state, &format!("{{S}} is hit by {missile}!"));
    state.say(line);
    let damage = row.damage.map_or(1, |d| roll(&mut state.rng, d).max(1));
    hurt_steed(state, damage);
}

fn a(name: &str) -> String {
    crate::dungeon::content::with_article(name)
}
