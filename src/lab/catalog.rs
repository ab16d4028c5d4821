//! The seed catalogue (as Brogue's): one row per seed and level, with what a
//! seed hunter filters on. Each row is the level as `--depth D --ascii` shows
//! it: first made and stocked.

use std::collections::BTreeMap;
use std::fmt::Write;

use rayon::prelude::*;

use super::metrics::walk_between;
use crate::dungeon::{Dungeon, LevelState, RunSetup};

/// One level of one seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The run's seed.
    pub seed: u64,
    /// The level's depth.
    pub depth: usize,
    /// Its kind's name.
    pub kind: String,
    /// Is it lit?
    pub lit: bool,
    /// Walkable cells.
    pub floor: usize,
    /// Regions joining labelled (kept and erased); None for a built level.
    pub regions: Option<usize>,
    /// Corridors joining dug; None for a built level.
    pub corridors: Option<usize>,
    /// The walk from the up to the down stairs; None without down stairs.
    pub stairs_walk: Option<u32>,
    /// Monster ids and how many, in content order.
    pub monsters: Vec<(String, usize)>,
    /// Gems lying about.
    pub gems: usize,
    /// Gold pieces lying about, all piles together.
    pub gold: u32,
    /// Gems in the solid rock, found by digging (NetHack's `mineralize`).
    pub rock_gems: usize,
    /// Gold pieces in the solid rock, found by digging.
    pub rock_gold: u32,
    /// Traps, found or not.
    pub traps: usize,
    /// Boulders.
    pub boulders: usize,
    /// Other items by id (gray stones by what they are, wares for sale too).
    pub items: Vec<(String, usize)>,
    /// The run's variant of each place that has them (`minetown`,
    /// `mines_end`), by kind name: the same on every row of the seed.
    pub variants: Vec<(String, String)>,
}

/// The places of the content's plan that have variants: a column each.
fn places(setup: &RunSetup) -> Vec<&str> {
    let plan = setup.content.plan();
    plan.special
        .iter()
        .filter(|s| s.varies())
        .map(|s| s.kind.as_str())
        .collect()
}

fn row(seed: u64, level: &LevelState, setup: &RunSetup, variants: &[(String, String)]) -> Row {
    let content = &setup.content;
    let map = &level.map;
    let mut monsters: BTreeMap<u16, usize> = BTreeMap::new();
    for m in &level.monsters {
        *monsters.entry(m.kind.0).or_default() += 1;
    }
    let (mut gems, mut gold, mut items) = (0, 0, BTreeMap::<u16, usize>::new());
    for i in &level.items {
        let effect = &content.item(i.kind).on_pick_up;
        if effect.counts_as_gem() {
            gems += 1;
        } else if effect.is_money() {
            gold += i.quantity;
        } else {
            *items.entry(i.kind.0).or_default() += 1;
        }
    }
    let (mut rock_gems, mut rock_gold) = (0, 0);
    for t in &level.treasure {
        if content.item(t.item.kind).on_pick_up.is_money() {
            rock_gold += t.item.quantity;
        } else {
            rock_gems += 1;
        }
    }
    Row {
        seed,
        depth: level.depth,
        kind: content.kind_name(level.kind).to_string(),
        lit: level.lit,
        floor: map.tiles().iter().filter(|t| t.is_walkable()).count(),
        regions: level
            .history
            .as_ref()
            .map(|h| h.stats.regions + h.stats.specks_erased),
        corridors: level.history.as_ref().map(|h| h.stats.corridors),
        stairs_walk: map
            .up_stairs()
            .zip(map.down_stairs())
            .and_then(|(a, b)| walk_between(map, a, b)),
        monsters: monsters
            .into_iter()
            .map(|(k, n)| (content.monsters()[k as usize].id.clone(), n))
            .collect(),
        gems,
        gold,
        rock_gems,
        rock_gold,
        traps: level.traps.len(),
        boulders: level.boulders.len(),
        items: items
            .into_iter()
            .map(|(k, n)| (content.items()[k as usize].id.clone(), n))
            .collect(),
        variants: variants.to_vec(),
    }
}

/// Every level of the seeds `from..from + count`, in seed and depth order
/// (seeds in parallel; the order is the same at any thread count).
pub fn catalogue(
    from: u64,
    count: u64,
    setup: &RunSetup,
    tick: impl Fn() + Sync,
) -> Result<Vec<Row>, String> {
    let per_seed: Vec<Result<Vec<Row>, String>> = (from..from + count)
        .into_par_iter()
        .map(|seed| {
            let levels =
                Dungeon::levels_as_made(seed, setup).map_err(|e| format!("seed {seed}: {e}"))?;
            let variants: Vec<(String, String)> = setup
                .plan(seed)
                .variants
                .into_iter()
                .map(|(place, kind)| (place, setup.content.kind_name(kind).to_string()))
                .collect();
            tick();
            Ok(levels
                .iter()
                .map(|l| row(seed, l, setup, &variants))
                .collect())
        })
        .collect();
    let mut rows = Vec::new();
    for r in per_seed {
        rows.extend(r?);
    }
    Ok(rows)
}

fn counts(list: &[(String, usize)]) -> String {
    list.iter()
        .map(|(id, n)| format!("{id}:{n}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn opt<T: ToString>(x: &Option<T>) -> String {
    x.as_ref().map_or("-".into(), T::to_string)
}

fn variant_of<'a>(r: &'a Row, place: &str) -> &'a str {
    r.variants
        .iter()
        .find(|(p, _)| p == place)
        .map_or("-", |(_, k)| k.as_str())
}

/// The catalogue as a table to read.
pub fn table(rows: &[Row], setup: &RunSetup) -> String {
    let places = places(setup);
    let mut out = format!(
        "{:>20} {:>5} {:<24} {:<5} {:>5} {:>7} {:>9} {:>6} {:>4} {:>4} {:>9} {:>9} {:>5} {:>8}  {}",
        "seed",
        "depth",
        "kind",
        "light",
        "floor",
        "regions",
        "corridors",
        "stairs",
        "gems",
        "gold",
        "rock_gems",
        "rock_gold",
        "traps",
        "boulders",
        places
            .iter()
            .map(|p| format!("{p:<24} "))
            .collect::<String>()
    );
    out += "monsters; items\n";
    for r in rows {
        let mut things = counts(&r.monsters);
        if !r.items.is_empty() {
            things += &format!("; {}", counts(&r.items));
        }
        let variants: String = places
            .iter()
            .map(|p| format!("{:<24} ", variant_of(r, p)))
            .collect();
        let _ = writeln!(
            out,
            "{:>20} {:>5} {:<24} {:<5} {:>5} {:>7} {:>9} {:>6} {:>4} {:>4} {:>9} {:>9} {:>5} {:>8}  {}{}",
            r.seed,
            r.depth,
            r.kind,
            if r.lit { "lit" } else { "dark" },
            r.floor,
            opt(&r.regions),
            opt(&r.corridors),
            opt(&r.stairs_walk),
            r.gems,
            r.gold,
            r.rock_gems,
            r.rock_gold,
            r.traps,
            r.boulders,
            variants,
            things
        );
    }
    out
}

/// The catalogue as CSV: monsters and items one column per id.
pub fn csv(rows: &[Row], setup: &RunSetup) -> String {
    let content = &setup.content;
    let places = places(setup);
    let mut out = String::from(
        "seed,depth,kind,lit,floor,regions,corridors,stairs_walk,gems,gold,rock_gems,rock_gold,traps,boulders",
    );
    for place in &places {
        out += &format!(",{place}");
    }
    for m in content.monsters() {
        out += &format!(",{}", m.id);
    }
    let listed = |i: &&crate::dungeon::content::ItemRow| {
        let effect = &i.on_pick_up;
        !effect.counts_as_gem() && !effect.is_money()
    };
    for i in content.items().iter().filter(listed) {
        out += &format!(",{}", i.id);
    }
    out.push('\n');
    let get = |list: &[(String, usize)], id: &str| {
        list.iter().find(|(k, _)| k == id).map_or(0, |(_, n)| *n)
    };
    let blank = |x: &Option<usize>| x.map_or(String::new(), |v| v.to_string());
    for r in rows {
        out += &format!(
            "{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
            r.seed,
            r.depth,
            r.kind,
            r.lit,
            r.floor,
            blank(&r.regions),
            blank(&r.corridors),
            r.stairs_walk.map_or(String::new(), |v| v.to_string()),
            r.gems,
            r.gold,
            r.rock_gems,
            r.rock_gold,
            r.traps,
            r.boulders
        );
        for place in &places {
            out += &format!(",{}", variant_of(r, place));
        }
        for m in content.monsters() {
            out += &format!(",{}", get(&r.monsters, &m.id));
        }
        for i in content.items().iter().filter(listed) {
            out += &format!(",{}", get(&r.items, &i.id));
        }
        out.push('\n');
    }
    out
}
