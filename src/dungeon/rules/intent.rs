//! What a monster means to do with one action, and where it may step: the
//! words the monsters' turn (`monsters.rs`) and your pet's (`pet.rs`) share.

use crate::dungeon::level::LevelState;
use crate::dungeon::rules::moving::doorway_forbids;
use crate::generation::{Dir, Pos, Tile};

/// What a monster means to do with one action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Intent {
    /// A blow at the player.
    Attack,
    /// A step to this cell.
    MoveTo(Pos),
    /// Dig this cell of rock or wall out with a pick, and step into it (as
    /// NetHack's tunnelling dwarves do, in one move).
    DigTo(Pos),
    /// Open the closed door in this cell (the move is spent on it).
    OpenDoor(Pos),
    /// A blow at the monster with this id (a pet's at its prey).
    Fight(u32),
    /// Fire or throw its missiles at the player, that way.
    Shoot(Dir),
    /// The action was spent already, by the rule that chose it (a pet's
    /// meal).
    Done,
    /// Nothing.
    Stay,
}

/// The eight steps, in the order ties are broken.
pub(crate) const STEPS: [Dir; 8] = [
    Dir::N,
    Dir::E,
    Dir::S,
    Dir::W,
    Dir::NE,
    Dir::SE,
    Dir::SW,
    Dir::NW,
];

/// Cells next to monster `m` it may step onto: walkable (or a closed door,
/// for one that opens doors, unless locked and it carries no key), no monster, no boulder (monsters don't push
/// them), not the player, not diagonally into or out of a doorway, and no
/// trap of a kind it has learnt of.
pub(crate) fn free_steps(
    level: &LevelState,
    m: usize,
    player: Pos,
    (opens_doors, unlocks): (bool, bool),
) -> Vec<Pos> {
    let map = &level.map;
    let monster = &level.monsters[m];
    let pos = monster.pos;
    STEPS
        .iter()
        .filter(|&&d| !doorway_forbids(map, pos, d))
        .map(|&d| pos.step(d))
        .filter(|&to| {
            (map.is_walkable(to)
                || (opens_doors
                    && map.tile(to) == Tile::DoorClosed
                    && (unlocks || !level.is_locked(to))))
                && to != player
                && level.monster_at(to).is_none()
                && !level.has_boulder(to)
                && level
                    .trap_at(to)
                    .is_none_or(|t| !monster.knows_trap(level.traps[t].kind))
        })
        .collect()
}
