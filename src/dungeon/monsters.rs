//! Monsters and how they move: toward you while they see you, else wandering.
//! No two share a cell, and none steps into rock or wall.

use super::rules::{self, ACTION_COST, MonsterKind};
use super::{Dungeon, LevelState, distance};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Monster {
    /// Unique within a run, so views can follow it.
    pub id: u32,
    pub kind: MonsterKind,
    pub pos: (usize, usize),
    pub hp: i32,
    pub max_hp: i32,
    /// Movement points saved up toward the next action (NetHack's `movement`).
    pub energy: u32,
}

/// The eight steps, in the order ties are broken.
const STEPS: [(i64, i64); 8] = [
    (0, -1),
    (1, 0),
    (0, 1),
    (-1, 0),
    (1, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
];

/// Cells next to `pos` a monster may step onto: walkable, no monster, not the player.
fn free_steps(
    level: &LevelState,
    pos: (usize, usize),
    player: (usize, usize),
) -> Vec<(usize, usize)> {
    STEPS
        .iter()
        .filter_map(|&(dx, dy)| {
            let (x, y) = (pos.0 as i64 + dx, pos.1 as i64 + dy);
            if !level.walkable(x, y) {
                return None;
            }
            let to = (x as usize, y as usize);
            (to != player && level.monster_at(to).is_none()).then_some(to)
        })
        .collect()
}

/// Does the monster at `pos` notice the player?
fn notices(run: &Dungeon, pos: (usize, usize)) -> bool {
    run.in_line_of_sight(pos.0, pos.1)
        && (run.level().lit || distance(pos, run.player.pos) <= rules::DARK_SIGHT)
}

/// Every monster on the player's level gains its speed in movement points and
/// acts once per [`ACTION_COST`], in the order they were placed.
pub fn monsters_act(run: &mut Dungeon) {
    let mut m = 0;
    while m < run.level().monsters.len() {
        let speed = run.level().monsters[m].kind.stats().speed;
        run.level_mut().monsters[m].energy += speed;
        while run.level().monsters[m].energy >= ACTION_COST {
            run.level_mut().monsters[m].energy -= ACTION_COST;
            act_once(run, m);
            if run.is_over() {
                return;
            }
        }
        m += 1;
    }
}

fn act_once(run: &mut Dungeon, m: usize) {
    let pos = run.level().monsters[m].pos;
    let player = run.player.pos;
    if notices(run, pos) {
        if distance(pos, player) == 1 {
            run.monster_attacks(m);
            return;
        }
        // Step to the free neighbour closest to the player (king moves, then
        // straight-line distance), but never away.
        let score = |c: (usize, usize)| {
            let (dx, dy) = (c.0.abs_diff(player.0), c.1.abs_diff(player.1));
            (dx.max(dy), dx * dx + dy * dy)
        };
        let best = free_steps(run.level(), pos, player)
            .into_iter()
            .min_by_key(|&c| score(c));
        if let Some(to) = best
            && score(to).0 <= distance(pos, player)
        {
            run.level_mut().monsters[m].pos = to;
        }
        return;
    }
    // Wander: one of the free neighbours, or stay put.
    let options = free_steps(run.level(), pos, player);
    let pick = run.rng.rn2(options.len() as u64 + 1) as usize;
    if let Some(&to) = options.get(pick) {
        run.level_mut().monsters[m].pos = to;
    }
}

/// The nearest walkable cell to `from` with no monster on it and not `player`,
/// searching outward ring by ring.
pub fn nearest_free_cell(
    level: &LevelState,
    from: (usize, usize),
    player: (usize, usize),
) -> Option<(usize, usize)> {
    let (w, h) = (level.map.width() as i64, level.map.height() as i64);
    let max_r = w.max(h);
    for r in 1..=max_r {
        for dx in -r..=r {
            for dy in -r..=r {
                if dx.abs() != r && dy.abs() != r {
                    continue;
                }
                let (x, y) = (from.0 as i64 + dx, from.1 as i64 + dy);
                if !level.walkable(x, y) {
                    continue;
                }
                let c = (x as usize, y as usize);
                if c != player && level.monster_at(c).is_none() {
                    return Some(c);
                }
            }
        }
    }
    None
}
