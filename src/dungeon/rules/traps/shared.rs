//! What every trap rule uses: who steps on the trap, the trap's row, who
//! sees it, rolls, hits and hurts (a free cell to land on is
//! `teleport.rs`'s). The rules (one a file) and the registry in `mod.rs`
//! take these from here, so no rule imports the folder's `mod.rs`.

use crate::dungeon::content::{SteedShare, TrapKind, TrapRow};
use crate::dungeon::shared::{Killer, capitalised};
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

/// The row of trap `t` of the current level.
pub(crate) fn row(state: &RunState, t: usize) -> TrapRow {
    state.content().trap(state.level().traps[t].kind).clone()
}

/// Do you see cell `p` now?
pub(crate) fn sees(state: &RunState, p: Pos) -> bool {
    let i = state.level().map.index(p);
    state.sight.visible_mark[i]
}

/// Where `victim` stands.
pub(crate) fn pos_of(state: &RunState, victim: Victim) -> Pos {
    match victim {
        Victim::You => state.player.pos,
        Victim::Monster(m) => state.level().monsters[m].pos,
    }
}

/// "the gnome", for messages about a monster.
pub(crate) fn the(state: &RunState, m: usize) -> String {
    let kind = state.level().monsters[m].kind;
    format!("the {}", state.content().monster(kind).name)
}

/// A sentence about monster `m`, said only if you see it: `text` with
/// `{m}` as "the gnome" and `{M}` as "The gnome".
pub(crate) fn say_of(state: &mut RunState, m: usize, text: &str) {
    if sees(state, state.level().monsters[m].pos) {
        let the = the(state, m);
        let cap = capitalised(&the);
        let line = text.replace("{m}", &the).replace("{M}", &cap);
        state.say(line);
    }
}

/// `n` d `sides`.
pub(crate) fn roll(rng: &mut MineRng, (n, sides): (u32, u32)) -> i32 {
    crate::dungeon::dice::roll_dice(n, sides, rng)
}

/// `lo` to `hi` turns.
pub(crate) fn turns(rng: &mut MineRng, range: (u32, u32)) -> u32 {
    crate::dungeon::dice::between(rng, range)
}

/// Does a trap of to-hit `to_hit` hit `victim`? NetHack's `thitu`: it hits
/// when `to_hit + AC > d20`. No to-hit: it always does.
pub(crate) fn hits(state: &mut RunState, victim: Victim, to_hit: Option<i32>) -> bool {
    let Some(to_hit) = to_hit else {
        return true;
    };
    let ac = match victim {
        Victim::You => crate::dungeon::rules::wear::armour_class(&state.player, state.content()),
        Victim::Monster(m) => crate::dungeon::rules::monster_armour::armour_class(
            state.content(),
            &state.level().monsters[m],
        ),
    };
    crate::dungeon::dice::hits(to_hit, ac, &mut state.rng)
}

/// `victim` takes `damage` from trap kind `kind`. Returns whether it lives.
/// A monster killed is taken off the level.
pub(crate) fn hurt(state: &mut RunState, victim: Victim, damage: i32, kind: TrapKind) -> bool {
    match victim {
        Victim::You => {
            state.player.hp -= damage;
            !state.die_if_spent(Killer::Trap(kind))
        }
        Victim::Monster(m) => harm_monster(state, m, damage),
    }
}

/// Monster `m` takes `damage` not of your doing ("The gnome is killed!",
/// its remains left). Returns whether it lives.
pub(crate) fn harm_monster(state: &mut RunState, m: usize, damage: i32) -> bool {
    state.level_mut().monsters[m].hp -= damage;
    if state.level().monsters[m].hp <= 0 {
        say_of(state, m, "{M} is killed!");
        if crate::dungeon::rules::life_saving::saved(state, m) {
            return true;
        }
        let dead = state.level_mut().monsters.remove(m);
        crate::dungeon::rules::remains::leave(state, &dead);
        return false;
    }
    true
}

/// The share of trap `t` the steed you ride takes, when `victim` is you
/// and you ride (NetHack's `steedintrap`).
pub(crate) fn steed_share(state: &RunState, victim: Victim, t: usize) -> Option<SteedShare> {
    if victim != Victim::You || state.player.steed.is_none() {
        return None;
    }
    row(state, t).steed
}

/// `text` with the steed's words in: `{s}` "the pony" (or its name),
/// `{poor}` "the poor pony" ("poor Trigger"), `{S}` and `{Poor}` the same
/// capitalised.
pub(crate) fn of_steed(state: &RunState, text: &str) -> String {
    let Some(steed) = state.player.steed else {
        return text.to_string();
    };
    let content = state.content();
    let named = steed.pet_name(content, state.player.hero, state.setup.pet_name.as_deref());
    let kind = &content.monster(steed.kind).name;
    let (s, poor) = match named {
        Some(name) => (name.clone(), format!("poor {name}")),
        None => (format!("the {kind}"), format!("the poor {kind}")),
    };
    text.replace("{Poor}", &capitalised(&poor))
        .replace("{poor}", &poor)
        .replace("{S}", &capitalised(&s))
        .replace("{s}", &s)
}

/// Your steed takes `damage` of a trap (`thitm`): it stands where you are
/// while it is hurt; killed ("The pony is killed!"), it is gone, its
/// remains where you are, and you are on foot. Returns whether it lives.
pub(crate) fn hurt_steed(state: &mut RunState, damage: i32) -> bool {
    let Some(mut steed) = state.player.steed.take() else {
        return false;
    };
    steed.pos = state.player.pos;
    let id = steed.id;
    state.level_mut().monsters.push(steed);
    let m = state.level().monsters.len() - 1;
    if !harm_monster(state, m, damage) {
        return false;
    }
    if let Some(i) = state.level().monsters.iter().position(|x| x.id == id) {
        let back = state.level_mut().monsters.remove(i);
        state.player.steed = Some(back);
    }
    true
}
