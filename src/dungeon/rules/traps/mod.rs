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
mod travel;

pub(crate) use travel::go_to_level;

use crate::dungeon::content::{Content, ContentError, TrapKind, TrapRow, with_article};
use crate::dungeon::level::LevelState;
use crate::dungeon::shared::Killer;
use crate::dungeon::shared::RunStatus;
use crate::dungeon::state::RunState;
use crate::generation::{MineRng, Pos};

/// Who steps on a trap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Victim {
    /// You.
    You,
    /// Monster `m` of the current level (its index).
    Monster(usize),
}

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

/// The row of trap `t` of the current level.
fn row(state: &RunState, t: usize) -> TrapRow {
    state.content().trap(state.level().traps[t].kind).clone()
}

/// Do you see cell `p` now?
fn sees(state: &RunState, p: Pos) -> bool {
    let i = state.level().map.index(p);
    state.sight.visible_mark[i]
}

/// Where `victim` stands.
fn pos_of(state: &RunState, victim: Victim) -> Pos {
    match victim {
        Victim::You => state.player.pos,
        Victim::Monster(m) => state.level().monsters[m].pos,
    }
}

/// "the gnome", for messages about a monster.
fn the(state: &RunState, m: usize) -> String {
    let kind = state.level().monsters[m].kind;
    format!("the {}", state.content().monster(kind).name)
}

/// A sentence about monster `m`, said only if you see it: `text` with
/// `{m}` as "the gnome" and `{M}` as "The gnome".
fn say_of(state: &mut RunState, m: usize, text: &str) {
    if sees(state, state.level().monsters[m].pos) {
        let the = the(state, m);
        let cap = capitalised(&the);
        let line = text.replace("{m}", &the).replace("{M}", &cap);
        state.say(line);
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// `n` d `sides`.
fn roll(rng: &mut MineRng, (n, sides): (u32, u32)) -> i32 {
    crate::dungeon::dice::roll_dice(n, sides, rng)
}

/// `lo` to `hi` turns.
fn turns(rng: &mut MineRng, range: (u32, u32)) -> u32 {
    crate::dungeon::dice::between(rng, range)
}

/// Does a trap of to-hit `to_hit` hit `victim`? NetHack's `thitu`: it hits
/// when `to_hit + AC > d20`. No to-hit: it always does.
fn hits(state: &mut RunState, victim: Victim, to_hit: Option<i32>) -> bool {
    let Some(to_hit) = to_hit else {
        return true;
    };
    let ac = match victim {
        Victim::You => crate::dungeon::rules::wear::armour_class(&state.player, state.content()),
        Victim::Monster(m) => {
            let kind = state.level().monsters[m].kind;
            state.content().monster(kind).ac
        }
    };
    crate::dungeon::dice::hits(to_hit, ac, &mut state.rng)
}

/// `victim` takes `damage` from trap kind `kind`. Returns whether it lives.
/// A monster killed is taken off the level.
fn hurt(state: &mut RunState, victim: Victim, damage: i32, kind: TrapKind) -> bool {
    match victim {
        Victim::You => {
            state.player.hp -= damage;
            if state.player.hp <= 0 {
                state.player.hp = 0;
                state.status = RunStatus::Died {
                    killer: Killer::Trap(kind),
                    depth: state.depth,
                };
                state.say("You die...");
                return false;
            }
            true
        }
        Victim::Monster(m) => {
            state.level_mut().monsters[m].hp -= damage;
            if state.level().monsters[m].hp <= 0 {
                say_of(state, m, "{M} is killed!");
                let dead = state.level_mut().monsters.remove(m);
                crate::dungeon::rules::remains::leave(state, &dead);
                return false;
            }
            true
        }
    }
}

/// A random cell of `level` a creature may be put on: walkable, with no
/// monster, boulder or trap, and not `player`.
fn random_free_cell(level: &LevelState, player: Pos, rng: &mut MineRng) -> Option<Pos> {
    let cells: Vec<Pos> = level
        .map
        .cells()
        .filter(|&c| {
            level.map.is_walkable(c)
                && c != player
                && level.monster_at(c).is_none()
                && !level.has_boulder(c)
                && level.trap_at(c).is_none()
        })
        .collect();
    if cells.is_empty() {
        return None;
    }
    Some(cells[rng.rn2(cells.len() as u64) as usize])
}

/// A random free cell of the current level, not yours.
fn random_free_cell_here(state: &mut RunState) -> Option<Pos> {
    let level = state.levels[state.depth - 1]
        .as_ref()
        .expect("the current level exists");
    random_free_cell(level, state.player.pos, &mut state.rng)
}

/// You, to a random free cell of this level (a scroll of teleportation).
/// Returns whether there was one.
pub(crate) fn teleport_you(state: &mut RunState) -> bool {
    let Some(to) = random_free_cell_here(state) else {
        return false;
    };
    state.player.pos = to;
    state.player.trapped = None;
    true
}

/// `^` and a direction: what the found trap there is. It takes no turn
/// (false).
pub(crate) fn look_at_trap(state: &mut RunState, d: crate::generation::Dir) -> bool {
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
