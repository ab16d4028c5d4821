//! Which level kind each depth gets, and where the mines leave the main
//! dungeon, drawn from the run's seed (the content's `plan`, like NetHack's
//! `dungeon.lua`).

use super::content::{Content, KindId};
use super::seeds::plan_seed;
use crate::generation::MineRng;

/// A run's mines: the kind of each depth and the level they branch from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The kind of each depth, index `depth - 1`.
    pub kinds: Vec<KindId>,
    /// The main dungeon's level the mines leave from: mines level `d` is
    /// dungeon level `branch + d`.
    pub branch: usize,
}

/// `lo` to `hi`, drawn as NetHack's `rn1` when they differ.
fn between(rng: &mut MineRng, (lo, hi): (usize, usize)) -> usize {
    super::dice::between(rng, (lo as u32, hi as u32)) as usize
}

/// The whole plan of run `seed`. The branch is drawn last, so the kinds are
/// what they were before the plan had a branch.
pub fn draw_plan(seed: u64, content: &Content) -> Plan {
    let plan = &content.plan();
    let mut rng = MineRng::from_seed(plan_seed(seed));
    let levels = between(&mut rng, plan.levels);
    let mut kinds = vec![content.filler(); levels];
    for special in &plan.special {
        let depth = between(&mut rng, special.at.range(levels));
        kinds[depth - 1] = content.kind_id(&special.kind).expect("checked content");
    }
    let branch = between(&mut rng, plan.branch);
    Plan { kinds, branch }
}

/// The kind of each depth, index `depth - 1`.
pub fn draw(seed: u64, content: &Content) -> Vec<KindId> {
    draw_plan(seed, content).kinds
}
