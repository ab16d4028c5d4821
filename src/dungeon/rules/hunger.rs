//! Hunger, as NetHack's `eat.c` keeps it: you start with 900 nutrition and
//! burn one a turn. At 150 or less you are Hungry, at 50 or less Weak; at 0 you faint
//! from lack of food (for `10 - nutrition / 10` turns, the monsters acting),
//! and fall again at random, more often the hungrier you are; past
//! `-(100 + 10 * Con)` you starve. Over 1000 you are Satiated, and eating
//! on until 2000 chokes you.

use crate::dungeon::rules::powers::{self, Power};
use crate::dungeon::shared::{Killer, RunStatus};
use crate::dungeon::state::RunState;

/// Your constitution, for the starvation line (this game has no attributes:
/// an average hero's).
const CONSTITUTION: i32 = 12;
/// Nutrition over this is Satiated.
pub(crate) const SATIATED: i32 = 1000;
/// Nutrition at which a meal chokes you.
pub(crate) const CHOKE: i32 = 2000;
/// Nutrition at which eating gets hard ("You're having a hard time...").
pub(crate) const HARD_TO_EAT: i32 = 1500;

/// How hungry you are (NetHack's `u.uhs`), best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Hunger {
    Satiated,
    NotHungry,
    Hungry,
    Weak,
    Fainting,
}

impl Hunger {
    /// The status line's word: none when not hungry.
    pub(crate) fn word(self) -> &'static str {
        match self {
            Hunger::Satiated => "Satiated",
            Hunger::NotHungry => "",
            Hunger::Hungry => "Hungry",
            Hunger::Weak => "Weak",
            Hunger::Fainting => "Fainting",
        }
    }
}

/// The hunger state of `nutrition` (NetHack's `newuhs`).
pub(crate) fn status(nutrition: i32) -> Hunger {
    match nutrition {
        n if n > SATIATED => Hunger::Satiated,
        n if n > 150 => Hunger::NotHungry,
        n if n > 50 => Hunger::Hungry,
        n if n > 0 => Hunger::Weak,
        _ => Hunger::Fainting,
    }
}

/// A turn's digestion: one nutrition (none with slow digestion) and what
/// worn rings and amulets burn, and what the new state brings.
pub(crate) fn digest(state: &mut RunState) {
    let before = status(state.player.nutrition);
    let content = state.setup.content.clone();
    let slow = powers::has(&state.player, &content, Power::SlowDigestion);
    let worn = powers::hunger_cost(&state.player, &content, &mut state.rng);
    state.player.nutrition -= i32::from(!slow) + worn;
    let n = state.player.nutrition;
    match status(n) {
        Hunger::Hungry if before != Hunger::Hungry => {
            state.say("You are beginning to feel hungry.")
        }
        Hunger::Weak if before != Hunger::Weak => state.say("You are beginning to feel weak."),
        Hunger::Fainting => faint_or_starve(state, before, n),
        _ => {}
    }
}

/// NetHack's fainting: on the first turn of it, and after one time in
/// `20 - n / 10` (more often as you starve), you faint unless you already
/// lie fainted; otherwise, past the line, you starve.
fn faint_or_starve(state: &mut RunState, before: Hunger, n: i32) {
    if before < Hunger::Fainting || state.rng.rn2((20 - n / 10) as u64) >= 19 {
        if state.asleep == 0 {
            state.say("You faint from lack of food.");
            state.asleep = (10 - n / 10) as u32;
        }
    } else if n < -(100 + 10 * CONSTITUTION) {
        state.say("You die from starvation.");
        state.player.hp = 0;
        state.status = RunStatus::Died {
            killer: Killer::Starvation,
            depth: state.depth,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_states_change_at_nethack_s_lines() {
        assert_eq!(status(1001), Hunger::Satiated);
        assert_eq!(status(1000), Hunger::NotHungry);
        assert_eq!(status(151), Hunger::NotHungry);
        assert_eq!(status(150), Hunger::Hungry);
        assert_eq!(status(51), Hunger::Hungry);
        assert_eq!(status(50), Hunger::Weak);
        assert_eq!(status(1), Hunger::Weak);
        assert_eq!(status(0), Hunger::Fainting);
        assert_eq!(status(-500), Hunger::Fainting);
        assert_eq!(status(900).word(), "");
    }
}
