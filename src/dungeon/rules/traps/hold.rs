//! Traps that keep you where you are: a bear trap or a web holds you (`Hold`),
//! a pit takes turns to climb out of (`Pit`), sleeping gas puts you to sleep
//! while the monsters act (`Sleep`). Each reads its turns from the row's
//! `hold`. While held, a step toward anywhere spends a turn struggling
//! ([`held_step`]); a blow at a monster next to you still lands.

use crate::dungeon::content::SteedTakes;
use crate::dungeon::rules::traps::shared::{
    Victim, hurt, hurt_steed, of_steed, roll, row, say_of, steed_share, turns,
};
use crate::dungeon::state::RunState;

/// `Hold`: the row's damage, then held for its turns.
pub(super) fn hold(state: &mut RunState, victim: Victim, t: usize) {
    held(state, victim, t, "{M} is caught in {a}!");
}

/// `Pit`: you fall in, take the row's damage and need its turns to climb out.
pub(super) fn pit(state: &mut RunState, victim: Victim, t: usize) {
    held(state, victim, t, "{M} falls into {a}!");
}

fn held(state: &mut RunState, victim: Victim, t: usize, of_monster: &str) {
    let row = row(state, t);
    let kind = state.level().traps[t].kind;
    let share = steed_share(state, victim, t);
    match (victim, &share) {
        (Victim::You, Some(s)) => {
            let line = of_steed(state, s.message.as_deref().unwrap_or(&row.message));
            state.say(line);
        }
        (Victim::You, None) => state.say(row.message.clone()),
        (Victim::Monster(m), _) => {
            let a = crate::dungeon::content::with_article(&row.name);
            say_of(state, m, &of_monster.replace("{a}", &a));
        }
    }
    let damage = row.damage.map_or(0, |d| roll(&mut state.rng, d));
    let takes = share.map(|s| s.takes);
    // Your steed's share first: killed, it leaves you on foot and free.
    if damage > 0 && matches!(takes, Some(SteedTakes::Instead | SteedTakes::Also)) {
        let steed_damage = if takes == Some(SteedTakes::Also) {
            row.damage.map_or(0, |d| roll(&mut state.rng, d))
        } else {
            damage
        };
        if !hurt_steed(state, steed_damage) {
            return;
        }
    }
    let yours = takes != Some(SteedTakes::Instead);
    if yours && damage > 0 && !hurt(state, victim, damage, kind) {
        return;
    }
    let n = row.hold.map_or(0, |h| turns(&mut state.rng, h));
    if n == 0 {
        return;
    }
    match victim {
        Victim::You => state.player.trapped = Some((kind, n)),
        Victim::Monster(m) => state.level_mut().monsters[m].trapped = n,
    }
}

/// `Sleep`: asleep for the row's turns; the monsters act while you sleep.
pub(super) fn sleep(state: &mut RunState, victim: Victim, t: usize) {
    let row = row(state, t);
    let n = row.hold.map_or(1, |h| turns(&mut state.rng, h));
    match victim {
        Victim::You => {
            state.say(row.message.clone());
            state.asleep = n;
            // Riding, your steed breathes the gas too (`steedintrap`).
            if steed_share(state, victim, t).is_some_and(|s| s.takes == SteedTakes::Also) {
                steed_sleeps(state, &row);
            }
        }
        Victim::Monster(m) => {
            say_of(state, m, "A cloud of gas puts {m} to sleep!");
            state.level_mut().monsters[m].asleep = n;
        }
    }
}

/// The steed you ride falls asleep for the row's turns of its own, unless
/// it resists sleep: "The pony suddenly falls asleep!"
fn steed_sleeps(state: &mut RunState, row: &crate::dungeon::content::TrapRow) {
    let Some(steed) = state.player.steed else {
        return;
    };
    let resists = state
        .content()
        .monster(steed.kind)
        .resists
        .contains(&crate::dungeon::content::Resistance::Sleep);
    if resists || steed.asleep > 0 {
        return;
    }
    let n = row.hold.map_or(1, |h| turns(&mut state.rng, h));
    if let Some(s) = &mut state.player.steed {
        s.asleep = n;
    }
    let line = of_steed(state, "{S} suddenly falls asleep!");
    state.say(line);
}

/// You try to step while a trap holds you: the turn goes on struggling, and
/// the last one frees you. Returns false when nothing holds you (the step
/// goes ahead).
pub(crate) fn held_step(state: &mut RunState) -> bool {
    let Some((kind, left)) = state.player.trapped else {
        return false;
    };
    let row = state.content().trap(kind).clone();
    let in_pit = row.rule == "Pit";
    // Riding, it is your steed that is held (`trapmove`, `climb_pit`).
    let riding = state.player.steed.is_some();
    let line = if left <= 1 {
        state.player.trapped = None;
        match (in_pit, riding) {
            (true, true) => "You ride to the edge of the pit.".to_string(),
            (true, false) => "You crawl to the edge of the pit.".to_string(),
            (false, true) => format!("{{S}} pulls free of the {}.", row.name),
            (false, false) => format!("You pull free of the {}.", row.name),
        }
    } else {
        state.player.trapped = Some((kind, left - 1));
        match (in_pit, riding) {
            (true, true) => "{S} is still in a pit.".to_string(),
            (true, false) => "You are still in a pit.".to_string(),
            (false, true) => format!("{{S}} is caught in the {}.", row.name),
            (false, false) => format!("You are caught in the {}.", row.name),
        }
    };
    let line = line.replace("{S}", &crate::dungeon::rules::riding::your_steed(state));
    state.say(line);
    true
}
