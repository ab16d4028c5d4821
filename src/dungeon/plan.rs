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
    /// Each place with variants (`"minetown"`, `"mines_end"`), in plan order,
    /// and the variant this run got.
    pub variants: Vec<(String, KindId)>,
}

/// `lo` to `hi`, drawn as NetHack's `rn1` when they differ.
fn between(rng: &mut MineRng, (lo, hi): (usize, usize)) -> usize {
    super::dice::between(rng, (lo as u32, hi as u32)) as usize
}

/// The whole plan of run `seed`. The branch is drawn after the depths, and
/// the variants last, one `rn2(n)` each in plan order, so the depths and the
/// branch are what they were before places had variants. A variant forced in
/// `forced` (a place and a kind: `--minetown NAME`) is still drawn, and then
/// replaced, so forcing one place leaves the others as they were. (A run's
/// setup draws its plan with [`super::setup::RunSetup::plan`].)
pub(crate) fn draw_plan(seed: u64, content: &Content, forced: &[(String, String)]) -> Plan {
    let plan = content.plan();
    let mut rng = MineRng::from_seed(plan_seed(seed));
    let levels = between(&mut rng, plan.levels);
    let mut kinds = vec![content.filler(); levels];
    let mut depths = Vec::new();
    for special in &plan.special {
        let depth = between(&mut rng, special.at.range(levels));
        kinds[depth - 1] = kind(content, special.choices()[0]);
        depths.push(depth);
    }
    let branch = between(&mut rng, plan.branch);
    let mut variants = Vec::new();
    for (special, depth) in plan.special.iter().zip(depths) {
        if !special.varies() {
            continue;
        }
        let choices = special.choices();
        let drawn = choices[rng.rn2(choices.len() as u64) as usize];
        let chosen = forced
            .iter()
            .find(|(place, _)| *place == special.kind)
            .map_or(drawn, |(_, kind)| kind.as_str());
        kinds[depth - 1] = kind(content, chosen);
        variants.push((special.kind.clone(), kinds[depth - 1]));
    }
    Plan {
        kinds,
        branch,
        variants,
    }
}

fn kind(content: &Content, name: &str) -> KindId {
    content.kind_id(name).expect("checked content")
}

/// Check a forced variant: `place` has variants and `name` is one of them.
/// The error names the valid ones.
pub fn check_variant(content: &Content, place: &str, name: &str) -> Result<(), String> {
    let special = content
        .plan()
        .special
        .iter()
        .find(|s| s.kind == place && s.varies())
        .ok_or_else(|| format!("the content's plan has no '{place}' with variants"))?;
    let choices = special.choices();
    if choices.contains(&name) {
        Ok(())
    } else {
        Err(format!(
            "no {place} variant '{name}' (there are: {})",
            choices.join(", ")
        ))
    }
}
