//! What keeps you busy over several turns, NetHack's `occupation`: digging,
//! picking a lock, eating a meal, sleeping off a gas. After an action that takes a turn, the
//! run goes on with each occupation in turn, a turn at a time with the
//! monsters acting between, until it ends or is interrupted. Each is one
//! value here with its three answers (is it under way, what stops it, one
//! turn of it).

use crate::dungeon::rules::{dig, eat, engrave, running, study, travel, turn, unlock};
use crate::dungeon::state::{RunState, Worked};

/// One thing that lasts several turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Occupation {
    /// A pick at work on rock, a wall or the floor (`dig.rs`).
    Digging,
    /// A key, a lock pick or a credit card at a locked door (`unlock.rs`).
    Unlocking,
    /// A meal, a bite a turn (`eat.rs`).
    Eating,
    /// Writing on the floor, ten letters a turn, one with a blade
    /// (`engrave.rs`).
    Engraving,
    /// A spellbook studied, a turn at a time (`study.rs`).
    Studying,
    /// Asleep (a sleeping gas trap): the monsters act, you don't.
    Sleeping,
    /// A run, a step a turn (`running.rs`).
    Running,
    /// Travel or auto-explore, a step a turn (`travel.rs`).
    Travelling,
}

/// The order the run goes on with them after an action: a dig, then a
/// meal, then sleep (a dig can end on a sleeping gas trap below), then a
/// run (which a sleeping gas trap stops: see `running.rs`).
const IN_ORDER: [Occupation; 8] = [
    Occupation::Digging,
    Occupation::Unlocking,
    Occupation::Eating,
    Occupation::Engraving,
    Occupation::Studying,
    Occupation::Sleeping,
    Occupation::Running,
    Occupation::Travelling,
];

impl Occupation {
    /// Is it under way?
    fn goes_on(self, state: &RunState) -> bool {
        match self {
            Occupation::Digging => state.digging.is_some_and(|d| d.active),
            Occupation::Unlocking => state.unlocking.is_some(),
            Occupation::Eating => state.meal.is_some(),
            Occupation::Engraving => state.inscribing.is_some(),
            Occupation::Studying => state.studying.is_some_and(|s| s.active),
            Occupation::Sleeping => state.asleep > 0,
            Occupation::Running => state.running.is_some(),
            Occupation::Travelling => state.travel.is_some(),
        }
    }

    /// Does something stop it before its next turn (a blow since `hp`, a
    /// monster next to you)? It says why. Nothing wakes a sleeper.
    fn interrupted(self, state: &mut RunState, hp: i32) -> bool {
        match self {
            Occupation::Digging => dig::interrupted(state, hp),
            Occupation::Unlocking => unlock::interrupted(state, hp),
            Occupation::Eating => eat::interrupted(state, hp),
            Occupation::Engraving => engrave::interrupted(state, hp),
            Occupation::Studying => study::interrupted(state, hp),
            Occupation::Sleeping => false,
            Occupation::Running => running::interrupted(state, hp),
            Occupation::Travelling => travel::interrupted(state, hp),
        }
    }

    /// One turn of it, or nothing when it cannot go on.
    fn work(self, state: &mut RunState) -> Worked {
        match self {
            Occupation::Digging => dig::work(state).into(),
            Occupation::Unlocking => unlock::work(state),
            Occupation::Eating => {
                eat::bite(state);
                Worked::Going
            }
            Occupation::Engraving => engrave::work(state),
            Occupation::Studying => study::work(state),
            Occupation::Sleeping => {
                state.asleep -= 1;
                Worked::Going
            }
            Occupation::Running => running::work(state),
            Occupation::Travelling => travel::work(state),
        }
    }

    /// What is said when it has run its course (or the run ended).
    fn ended(self, state: &mut RunState) {
        if self == Occupation::Sleeping && !state.is_over() {
            state.say("You wake up.");
        }
    }
}

/// After an action that took a turn (`hp_before` the hit points before it):
/// each occupation under way goes on, a turn at a time, until it ends, is
/// interrupted, or the run is over.
pub(crate) fn go_on(state: &mut RunState, hp_before: i32) {
    for occupation in IN_ORDER {
        if !occupation.goes_on(state) {
            continue;
        }
        let mut hp = hp_before;
        while occupation.goes_on(state) && !state.is_over() {
            if occupation.interrupted(state, hp) {
                break;
            }
            hp = state.player.hp;
            let depth = state.depth;
            let worked = occupation.work(state);
            if worked == Worked::Nothing {
                break;
            }
            turn::end_of_action(state, state.depth != depth);
            if worked == Worked::Last {
                break;
            }
        }
        occupation.ended(state);
    }
}
