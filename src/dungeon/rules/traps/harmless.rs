//! Traps that do no harm to your hit points: the squeaky board (it wakes
//! the sleepers near it) and the rust trap (it rusts the iron you wear or
//! wield).

use crate::dungeon::content::Slot;
use crate::dungeon::rules::traps::shared::{Victim, say_of};
use crate::dungeon::state::RunState;

/// `Squeak`: a loud squeak wakes the sleeping monsters near it, as of
/// NetHack 3.7: under you, those within a squared distance under 20 times
/// your level (`wake_nearby`; you are level 1 here, so under 20: four cells
/// straight, three diagonally); under a monster, under 40 of it
/// (`wake_nearto`).
pub(super) fn squeak(state: &mut RunState, victim: Victim, t: usize) {
    let (at, reach) = match victim {
        Victim::You => (state.player.pos, 20 * state.content().player().level),
        Victim::Monster(m) => (state.level().monsters[m].pos, 40),
    };
    match victim {
        Victim::You => {
            let message = crate::dungeon::rules::traps::shared::row(state, t).message;
            state.say(message);
        }
        Victim::Monster(m) => {
            let at = state.level().monsters[m].pos;
            if crate::dungeon::rules::traps::shared::sees(state, at) {
                say_of(state, m, "A board beneath {m} squeaks loudly.");
            } else {
                state.say("You hear a distant squeak.");
            }
        }
    }
    for m in &mut state.level_mut().monsters {
        let (dx, dy) = (m.pos.x - at.x, m.pos.y - at.y);
        if dx * dx + dy * dy < reach {
            m.asleep = 0;
        }
    }
}

/// `Rust`: a gush of water, as NetHack's rust trap aims it (`rn2(5)`): on
/// your head (your helmet), your left arm (your shield), your right arm
/// (your weapon), or your body (your cloak, else your suit). What it hits
/// rusts a level if it is iron, to at most "thoroughly rusty"; each level
/// takes 1 off the piece's AC or the weapon's damage. A monster is only wet
/// (its gear is not worn here).
pub(super) fn rust(state: &mut RunState, victim: Victim, t: usize) {
    let Victim::You = victim else {
        if let Victim::Monster(m) = victim {
            say_of(state, m, "A gush of water hits {m}!");
        }
        return;
    };
    let worn = crate::dungeon::rules::wear::worn_in;
    let (message, hit) = match state.rng.rn2(5) {
        0 => (
            crate::dungeon::rules::traps::shared::row(state, t).message,
            worn(state, Slot::Helmet),
        ),
        1 => (
            "A gush of water hits your left arm!".into(),
            worn(state, Slot::Shield),
        ),
        2 => (
            "A gush of water hits your right arm!".into(),
            state.player.inventory.iter().position(|c| c.wielded),
        ),
        _ => (
            "A gush of water hits you!".into(),
            worn(state, Slot::Cloak).or_else(|| worn(state, Slot::Body)),
        ),
    };
    state.say(message);
    if let Some(i) = hit {
        erode(state, i);
    }
}

/// The item at pack place `i` rusts a level, if it is iron and not yet
/// thoroughly rusty. Returns whether it was iron.
pub(crate) fn erode(state: &mut RunState, i: usize) -> bool {
    let c = state.player.inventory[i];
    let row = state.content().item(c.kind).clone();
    let name = state
        .discoveries
        .pack_name(state.content(), c.kind)
        .to_string();
    if !row.rusts {
        state.say(format!("Your {name} is not affected."));
        return false;
    } else if c.eroded >= MAX_RUST {
        state.say(format!("Your {name} looks completely rusty."));
    } else {
        state.player.inventory[i].eroded += 1;
        state.say(if c.eroded == 0 {
            format!("Your {name} rusts!")
        } else {
            format!("Your {name} rusts further!")
        });
    }
    true
}

/// NetHack's most erosion: thoroughly rusty.
const MAX_RUST: u8 = 3;
