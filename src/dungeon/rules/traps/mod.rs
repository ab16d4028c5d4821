//! Traps: what stepping on one does, for you and for the monsters. A trap
//! row names its rule (`rule: "Hold"`); the rule is one function in one file
//! here and one line in [`TRAP_RULES`], and it reads its numbers (damage,
//! to-hit, turns held) from the row. A new trap that does what an old one
//! does is a content row alone.
//!
//! - [`missile`]: arrows, darts, falling rocks.
//! - [`harmless`]: the squeaky board, the rust trap.
//! - [`hold`]: bear traps and webs, pits, sleeping gas, and being held.
//! - [`travel`]: holes and trap doors, teleportation traps, level teleporters.
//! - [`boulder`]: rolling boulder traps and land mines.

mod boulder;
mod harmless;
pub(crate) mod hold;
mod missile;
pub(crate) mod shared;
mod travel;

pub(crate) use harmless::erode;
pub(crate) use shared::Victim;
pub(crate) use travel::send_monster;

use crate::dungeon::content::{Content, ContentError, TrapKind, with_article};
use crate::dungeon::rules::traps::shared::sees;
use crate::dungeon::state::RunState;

/// A trap's rule: what trap `t` of the current level does to `victim`.
type TrapRule = fn(&mut RunState, Victim, usize);

/// Every rule a trap row can name: a new rule is a function and a line.
const TRAP_RULES: &[(&str, TrapRule)] = &[
    ("Missile", missile::missile),
    ("Squeak", harmless::squeak),
    ("Rust", harmless::rust),
    ("Hold", hold::hold),
    ("Pit", hold::pit),
    ("Sleep", hold::sleep),
    ("Fall", travel::fall),
    ("Teleport", travel::teleport),
    ("LevelTeleport", travel::level_teleport),
    ("RollingBoulder", boulder::rolling_boulder),
    ("LandMine", boulder::land_mine),
];

/// The rule called `name`.
fn rule(name: &str) -> Option<TrapRule> {
    TRAP_RULES.iter().find(|(n, _)| *n == name).map(|&(_, r)| r)
}

/// Every trap row names a rule of [`TRAP_RULES`]. `text` is the file, to
/// point at the line of a bad row.
pub(crate) fn check_rows(content: &Content, text: &str) -> Result<(), ContentError> {
    for t in content.traps() {
        if rule(&t.rule).is_none() {
            let names: Vec<&str> = TRAP_RULES.iter().map(|(n, _)| *n).collect();
            return Err(ContentError::at(
                text,
                &format!("\"{}\"", t.rule),
                format!(
                    "trap '{}': no trap rule '{}' (there are: {})",
                    t.id,
                    t.rule,
                    names.join(", ")
                ),
            ));
        }
    }
    Ok(())
}

/// Trap `t` of the current level is sprung by `victim`. You find it, and so
/// does a monster (which won't step on one of its kind again); you find one a
/// monster springs where you can see.
pub(crate) fn spring(state: &mut RunState, victim: Victim, t: usize) {
    let trap = state.level().traps[t];
    // The monster a trap brings is at home in it (a spider in its web).
    if let Victim::Monster(m) = victim
        && let Some(home) = &state.content().trap(trap.kind).brings
        && state.content().monster(state.level().monsters[m].kind).id == *home
    {
        return;
    }
    match victim {
        Victim::You => state.level_mut().traps[t].seen = true,
        Victim::Monster(m) => {
            state.level_mut().monsters[m].learn_trap(trap.kind);
            if sees(state, trap.pos) {
                state.level_mut().traps[t].seen = true;
            }
        }
    }
    let name = &state.content().trap(trap.kind).rule;
    let rule = rule(name).expect("checked content");
    rule(state, victim, t);
}

/// `^` and a direction: what the found trap there is. It takes no turn
/// (false).
pub(crate) fn look_at_trap(state: &mut RunState, way: crate::dungeon::direction::Way) -> bool {
    // One of the eight: its question takes no other.
    let Some(d) = way.dir() else { return false };
    let at = state.player.pos.step(d);
    match state.level().seen_trap_at(at) {
        Some(t) => {
            let name = a_trap(state.content(), state.level().traps[t].kind);
            state.say(format!("That is {name}."));
        }
        None => state.say("I can't see a trap there."),
    }
    false
}

/// "Really step onto that bear trap?"
pub(crate) fn step_question(content: &Content, kind: TrapKind) -> String {
    let name = &content.trap(kind).name;
    format!("Really step onto that {name}? [yn] (n)")
}

/// "a bear trap", as looking at a found trap names it.
pub(crate) fn a_trap(content: &Content, kind: TrapKind) -> String {
    with_article(&content.trap(kind).name)
}
