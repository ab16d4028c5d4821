//! Which level kind each depth gets, drawn from the run's seed (the content's
//! `plan`, like NetHack's `dungeon.lua`).

use super::content::{Content, KindId};
use super::seeds::plan_seed;
use crate::generation::MineRng;

/// The kind of each depth, index `depth - 1`.
pub fn draw(seed: u64, content: &Content) -> Vec<KindId> {
    let plan = &content.plan();
    let mut rng = MineRng::from_seed(plan_seed(seed));
    let (lo, hi) = plan.levels;
    let levels = if lo == hi {
        lo
    } else {
        rng.rn1((hi - lo + 1) as u64, lo as u64) as usize
    };
    let mut kinds = vec![content.filler(); levels];
    for special in &plan.special {
        let (a, b) = special.at.range(levels);
        let depth = if a == b {
            a
        } else {
            rng.rn1((b - a + 1) as u64, a as u64) as usize
        };
        kinds[depth - 1] = content.kind_id(&special.kind).expect("checked content");
    }
    kinds
}
