//! Praying: heard when you are in trouble (below a third of your hit points,
//! or poisoned by a tainted corpse) and have not been heard for
//! [`PRAYER_TIMEOUT`] turns; then the trouble is mended.
//!
//! A hero prays as NetHack 3.7's (`pray.c`): the prayer timeout starts at
//! 300 and falls a turn at a time; major trouble (critically low hit points,
//! food poisoning, weakness from hunger) is heard once it is down to 200,
//! minor trouble (hunger) at 100, none at 0. Too soon costs 3 luck and adds
//! to the timeout; with bad luck or a record below 0 the god is displeased;
//! heard, the worst trouble is mended (more of them with luck), and the
//! timeout set to about 350 (`rnz(350)`). A record below 4 (NetHack's
//! STRIDENT; a Valkyrie's, a Caveman's and a Tourist's start at 0) mends
//! one trouble only, and at 0 only when `rnl(2)` comes to 0.

use crate::dungeon::state::RunState;

/// Turns between two prayers that are heard (NetHack's prayer timeout is
/// about this long).
pub const PRAYER_TIMEOUT: u64 = 300;

/// Pray. It always takes the turn.
pub(crate) fn pray(state: &mut RunState) -> bool {
    if state.player.growth.is_some() {
        return hero_prays(state);
    }
    let (player, turn, log) = (&mut state.player, state.turn, &mut state.log);
    let low = player.hp * 3 < player.max_hp;
    let sick = player.sick.is_some();
    let rested = player.prayed_at.is_none_or(|t| turn >= t + PRAYER_TIMEOUT);
    log.push(turn, "You begin praying.");
    if (low || sick) && rested {
        player.prayed_at = Some(turn);
        // NetHack mends the worst trouble first: food poisoning, then
        // low hit points.
        let mut said = String::from("You feel a hopeful feeling.");
        if sick {
            player.sick = None;
            said += " You feel better.";
        }
        if low {
            player.hp = player.max_hp;
            said += " You feel much better.";
        }
        log.push(turn, said);
    } else {
        log.push(turn, "You feel that your god is displeased.");
    }
    true
}

/// How much trouble a hero is in (`in_trouble`): major, minor or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Trouble {
    None,
    Minor,
    Major,
}

/// Are a hero's hit points critically low (`critically_low_hp`): 5 or
/// less, or at most a fifth (to a ninth, by rank) of the most, counted up
/// to 15 a level?
fn critically_low(hp: i32, max_hp: i32, level: u32) -> bool {
    let divisor = match crate::dungeon::hero::experience::rank_index(level) {
        0 | 1 => 5,
        2 | 3 => 6,
        4 | 5 => 7,
        6 | 7 => 8,
        _ => 9,
    };
    let limit = max_hp.min(15 * level as i32);
    hp <= 5 || hp * divisor <= limit
}

/// A hero's prayer (`dopray`, `can_pray`, `pleased`).
fn hero_prays(state: &mut RunState) -> bool {
    use crate::dungeon::rules::hunger::{Hunger, status};
    state.say("You begin praying.");
    let luck = crate::dungeon::rules::grow::luck(&state.player, state.content());
    let Some(g) = &state.player.growth else {
        return true;
    };
    let (level, timeout) = (g.level, g.prayer_timeout);
    let p = &state.player;
    let hunger = status(p.nutrition);
    let low = critically_low(p.hp, p.max_hp, level);
    let trouble = if low || p.sick.is_some() || hunger >= Hunger::Weak {
        Trouble::Major
    } else if hunger == Hunger::Hungry {
        Trouble::Minor
    } else {
        Trouble::None
    };
    let too_soon = match trouble {
        Trouble::Major => timeout > 200,
        Trouble::Minor => timeout > 100,
        Trouble::None => timeout > 0,
    };
    if too_soon {
        let more = crate::dungeon::dice::rnz(250, &mut state.rng);
        if let Some(g) = &mut state.player.growth {
            g.prayer_timeout += more;
        }
        crate::dungeon::rules::grow::change_luck(state, -3);
        state.say("You feel that your god is displeased.");
        return true;
    }
    let record = g.alignment;
    if luck < 0 || record < 0 {
        state.say("You feel that your god is displeased.");
        return true;
    }
    // Heard (`pleased`): how much is mended is a draw on luck, all of it
    // one thing at the most off an altar; a record below 4 mends one thing,
    // and at 0 only if an `rnl(2)` comes to 0.
    let mut action = state.rng.rn1((luck.max(-1) + 2) as u64, 1).min(3) as i32;
    if record < 4 {
        action = i32::from(record > 0 || crate::dungeon::rules::grow::rnl(state, 2) == 0);
    }
    let next = crate::dungeon::dice::rnz(350, &mut state.rng);
    crate::dungeon::rules::grow::exercise(
        state,
        crate::dungeon::hero::attributes::Attribute::Wis,
        true,
    );
    let player = &mut state.player;
    if let Some(g) = &mut player.growth {
        g.prayer_timeout = next;
    }
    player.prayed_at = Some(state.turn);
    if trouble == Trouble::None {
        state.say("You feel that your god is well-pleased.");
        return true;
    }
    if action == 0 {
        state.say("You feel that your god is displeased.");
        return true;
    }
    // The troubles worst first (`in_trouble`): food poisoning, weakness
    // from hunger, low hit points; then hunger. One is mended for an
    // action of 1, every major one for 2 or 3.
    let weak = hunger >= Hunger::Weak;
    let troubles = [
        (player.sick.is_some(), 0),
        (weak, 1),
        (low, 2),
        (hunger == Hunger::Hungry, 3),
    ];
    let mut said = String::from("You feel a hopeful feeling.");
    let mut mended = 0;
    for (present, which) in troubles {
        let minor = which == 3;
        // Off an altar a minor trouble is mended only as the worst of
        // them, by an action of 3.
        let minor_ok = action >= 4 || (action == 3 && mended == 0);
        if !present || (action == 1 && mended == 1) || (minor && !minor_ok) {
            continue;
        }
        mended += 1;
        match which {
            0 => {
                player.sick = None;
                said += " You feel better.";
            }
            2 => {
                // TROUBLE_HIT: a low most grows by up to 5, then you are
                // healed.
                if player.max_hp < level as i32 * 5 + 11 {
                    player.max_hp += state.rng.rnd(5) as i32;
                }
                player.max_hp = player.max_hp.max(6);
                player.hp = player.max_hp;
                said += " You feel much better.";
            }
            _ => {
                player.nutrition = 900;
                said += " Your stomach feels content.";
            }
        }
    }
    state.say(said);
    true
}
