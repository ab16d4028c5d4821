//! Confused and stunned monsters on their turn, as NetHack 3.7's `dochug`
//! and `m_move` have them.
//!
//! A confused monster (`mconf`, from hands glowing red: `confusion.rs`)
//! stumbles to a neighbouring cell at random (`m_move` with `appr = 0`,
//! `mfndpos`'s `ALLOW_ALL`): into you, it strikes you if hostile or tame;
//! into another monster, it fights it; else it steps there. It shakes
//! confusion off one action in 50. A stunned one (`mstun`, a staggering
//! blow's) reels to a free cell and strikes nothing, steadying one action
//! in 10.

use crate::dungeon::rules::intent::{Intent, STEPS, free_steps};
use crate::dungeon::rules::moving::doorway_forbids;
use crate::dungeon::state::RunState;

/// One action in this many a confused monster shakes it off.
const CONFUSION_LASTS: u64 = 50;
/// One action in this many a stunned monster steadies.
const STUN_LASTS: u64 = 10;

/// Monster `m`, awake, acts: confused, it shakes it off one time in 50;
/// stunned, one in 10 (`dochug`).
pub(crate) fn wear_off(state: &mut RunState, m: usize) {
    if state.level().monsters[m].confused && state.rng.rn2(CONFUSION_LASTS) == 0 {
        state.level_mut().monsters[m].confused = false;
    }
    if state.level().monsters[m].stunned && state.rng.rn2(STUN_LASTS) == 0 {
        state.level_mut().monsters[m].stunned = false;
    }
}

/// What confused or stunned monster `m` does with its action, if it is
/// either (and awake and free): see the module's words. `ways`: it opens
/// doors, and locked ones too.
pub(crate) fn stumble(state: &mut RunState, m: usize, ways: (bool, bool)) -> Option<Intent> {
    let monster = state.level().monsters[m];
    if !(monster.confused || monster.stunned)
        || monster.asleep > 0
        || monster.disguise.is_some()
        || monster.trapped > 0
    {
        return None;
    }
    let level = state.level();
    let me = state.player.pos;
    let mut cells: Vec<Intent> = free_steps(level, m, me, ways)
        .into_iter()
        .map(|to| {
            if level.map.is_walkable(to) {
                Intent::MoveTo(to)
            } else {
                Intent::OpenDoor(to)
            }
        })
        .collect();
    if monster.confused {
        let map = &level.map;
        for d in STEPS {
            if doorway_forbids(map, monster.pos, d) {
                continue;
            }
            let to = monster.pos.step(d);
            if to == me {
                cells.push(if monster.peaceful && !monster.tame {
                    Intent::Stay
                } else {
                    Intent::Attack
                });
            } else if let Some(other) = level.monster_at(to) {
                cells.push(Intent::Fight(level.monsters[other].id));
            }
        }
    }
    if cells.is_empty() {
        // Nowhere to go: it fights as it would (`MMOVE_NOMOVES`).
        return None;
    }
    let pick = state.rng.rn2(cells.len() as u64) as usize;
    Some(cells[pick])
}
