//! Monsters arriving over time, as of NetHack 3.7 (`allmain.c`): at the
//! end of one turn in 70, a random monster for your level is made where you
//! can't see it (`makemon_rnd_goodpos`: fifty random cells tried, then every
//! cell in turn from the last one tried, those out of your sight first). It
//! comes as any random monster does: with its group, its kit and its gold,
//! peaceful or not as your race and alignment make it.
//!
//! The rolls are the run's `arrivals` stream's, so a turn no one arrives
//! leaves every other roll of the run as it was. A hero's runs only, with
//! monsters on: the nameless hero's levels, and a run explored in peace,
//! hold what they were made with.

use crate::dungeon::monsters::Monster;
use crate::dungeon::state::RunState;
use crate::generation::{MineRng, Pos};

/// One turn in this many, a monster arrives (NetHack's 70 above the
/// stronghold, which the Mines are).
pub(crate) const ONE_TURN_IN: u64 = 70;

/// The end of a turn: one time in [`ONE_TURN_IN`], a monster arrives.
pub(crate) fn end_of_turn(state: &mut RunState) {
    // A run without monsters (explored in peace) has none arriving either.
    let off = state.player.hero.is_none() || !state.setup.options.monsters;
    if off || state.arrivals.rn2(ONE_TURN_IN) != 0 {
        return;
    }
    let mut rng = std::mem::replace(&mut state.arrivals, MineRng::from_seed(0));
    arrive(state, &mut rng);
    state.arrivals = rng;
}

/// A random monster for the level, out of your sight, with its group.
fn arrive(state: &mut RunState, rng: &mut MineRng) {
    let content = state.setup.content.clone();
    let difficulty = state.dlvl(state.depth) as u32;
    let you = state.player.growth.as_ref().map_or(1, |g| g.level as i32);
    let Some(kind) = crate::dungeon::kinds::classes::random_monster(&content, difficulty, you, rng)
    else {
        return;
    };
    let Some(at) = unseen_place(state, rng) else {
        return;
    };
    let row = content.monster(kind);
    let peaceful = state.player.hero.is_some_and(|h| {
        crate::dungeon::hero::peace_minded(content.heroes(), h, row.nature(), rng)
    });
    let hp = crate::dungeon::dice::roll_hp(row.hit_dice, rng);
    let mut monster = Monster::new(state.ids.next_id(), kind, at, hp, peaceful);
    crate::dungeon::kinds::dress::made_now(&content, &mut monster, difficulty, rng);
    state.level_mut().monsters.push(monster);
    let m = state.level().monsters.len() - 1;
    crate::dungeon::rules::zap::bring_group(state, m, rng);
}

/// Where an arrival may stand: fifty random cells tried for one out of
/// your sight, then every cell from the last tried, first those out of
/// sight, then any. None: the level has no room.
fn unseen_place(state: &RunState, rng: &mut MineRng) -> Option<Pos> {
    let level = state.level();
    let (w, h) = (level.map.width() as i32, level.map.height() as i32);
    let free = |p: Pos| {
        p != state.player.pos
            && level.map.is_walkable(p)
            && level.monster_at(p).is_none()
            && !level.has_boulder(p)
    };
    let unseen = |p: Pos| !state.sight.visible_mark[level.map.index(p)];
    let mut p = Pos::new(0, 0);
    for _ in 0..50 {
        p = Pos::new(
            rng.rn1((w - 3).max(1) as u64, 2) as i32 % w,
            rng.rn2(h as u64) as i32,
        );
        if free(p) && unseen(p) {
            return Some(p);
        }
    }
    for out_of_sight in [true, false] {
        for dx in 0..w {
            for dy in 0..h {
                let q = Pos::new((dx + p.x) % (w - 1) + 1, (dy + p.y) % (h - 1) + 1);
                if q.x < w && q.y < h && free(q) && (!out_of_sight || unseen(q)) {
                    return Some(q);
                }
            }
        }
    }
    None
}
