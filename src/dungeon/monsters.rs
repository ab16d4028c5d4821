//! Monsters and how they move: toward you while they see you, else wandering.
//! No two share a cell, and none steps into rock or wall.

use super::content::{MonsterKind, Role};
use super::level::LevelState;
use super::rules::{ACTION_COST, DARK_SIGHT, doorway_forbids};
use super::run::Dungeon;
use crate::generation::{Dir, Pos};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Monster {
    /// Unique within a run, so views can follow it.
    pub id: u32,
    pub kind: MonsterKind,
    pub pos: Pos,
    pub hp: i32,
    pub max_hp: i32,
    /// Movement points saved up toward the next action (NetHack's `movement`).
    pub energy: u32,
    /// It leaves you alone, and you are asked before you attack it.
    pub peaceful: bool,
    /// It was peaceful until you attacked it: killing it angers the watch.
    pub wronged: bool,
}

/// The eight steps, in the order ties are broken.
const STEPS: [Dir; 8] = [
    Dir::N,
    Dir::E,
    Dir::S,
    Dir::W,
    Dir::NE,
    Dir::SE,
    Dir::SW,
    Dir::NW,
];

/// Cells next to `pos` a monster may step onto: walkable, no monster, not the
/// player, and not diagonally into or out of a doorway.
fn free_steps(level: &LevelState, pos: Pos, player: Pos) -> Vec<Pos> {
    let map = &level.map;
    STEPS
        .iter()
        .filter(|&&d| !doorway_forbids(map, pos, d))
        .map(|&d| pos.step(d))
        .filter(|&to| map.is_walkable(to) && to != player && level.monster_at(to).is_none())
        .collect()
}

/// Does the monster at `pos` notice the player?
fn notices(run: &Dungeon, pos: Pos) -> bool {
    run.in_line_of_sight(pos) && (run.level().lit || pos.distance(run.player().pos) <= DARK_SIGHT)
}

/// Every monster on the player's level gains its speed in movement points and
/// acts once per [`ACTION_COST`], in the order they were placed.
pub(crate) fn monsters_act(run: &mut Dungeon) {
    let mut m = 0;
    while m < run.level().monsters.len() {
        let kind = run.level().monsters[m].kind;
        let speed = run.content().monster(kind).speed;
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
    let monster = run.level().monsters[m];
    let pos = monster.pos;
    let player = run.player().pos;
    if monster.peaceful {
        // A shopkeeper and a priest keep to their posts; other peaceful
        // folk stroll.
        let role = run.content().monster(monster.kind).role;
        if matches!(role, Role::Shopkeeper | Role::Priest) {
            return;
        }
    } else if notices(run, pos) {
        if pos.distance(player) == 1 {
            run.monster_attacks(m);
            return;
        }
        // Step to the free neighbour closest to the player (king moves, then
        // straight-line distance), but never away.
        let score = |c: Pos| {
            let (dx, dy) = (c.x.abs_diff(player.x), c.y.abs_diff(player.y));
            (dx.max(dy), dx * dx + dy * dy)
        };
        let best = free_steps(run.level(), pos, player)
            .into_iter()
            .min_by_key(|&c| score(c));
        if let Some(to) = best
            && score(to).0 <= pos.distance(player)
        {
            run.level_mut().monsters[m].pos = to;
        }
        return;
    }
    // Wander: one of the free neighbours, or stay put.
    let options = free_steps(run.level(), pos, player);
    let pick = run.roll(options.len() as u64 + 1) as usize;
    if let Some(&to) = options.get(pick) {
        run.level_mut().monsters[m].pos = to;
    }
}

/// The nearest walkable cell to `from` with no monster on it and not `player`,
/// searching outward ring by ring.
pub(crate) fn nearest_free_cell(level: &LevelState, from: Pos, player: Pos) -> Option<Pos> {
    let (w, h) = (level.map.width() as i32, level.map.height() as i32);
    let max_r = w.max(h);
    for r in 1..=max_r {
        for dx in -r..=r {
            for dy in -r..=r {
                if dx.abs() != r && dy.abs() != r {
                    continue;
                }
                let c = from.offset(dx, dy);
                if level.map.is_walkable(c) && c != player && level.monster_at(c).is_none() {
                    return Some(c);
                }
            }
        }
    }
    None
}
