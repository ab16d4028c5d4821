//! `Missile`: something shoots or falls at whoever steps on the trap (an
//! arrow, a dart, a rock from the ceiling). It hits when the row's `to_hit`
//! plus the victim's AC beats a d20 (always, with no `to_hit`), for the row's
//! damage dice.

use crate::dungeon::rules::traps::shared::{Victim, hits, hurt, roll, row, say_of};
use crate::dungeon::state::RunState;

pub(super) fn missile(state: &mut RunState, victim: Victim, t: usize) {
    let row = row(state, t);
    let kind = state.level().traps[t].kind;
    match victim {
        Victim::You => state.say(row.message.clone()),
        Victim::Monster(m) => say_of(state, m, &format!("{{M}} sets off {}!", a(&row.name))),
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

fn a(name: &str) -> String {
    crate::dungeon::content::with_article(name)
}
