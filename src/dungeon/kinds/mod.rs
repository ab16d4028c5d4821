//! Level kinds: the code that makes a level's map and stocks it. Which kind
//! each depth gets is the content's plan; each kind's pipeline, light and
//! stocking lists are its row in the content file.
//!
//! A kind is one module implementing [`LevelKind`] and one line in
//! [`BUILDERS`]; content rows name it by that line's name.

pub(crate) mod booty;
mod cave;
mod classes;
mod drawn;
mod hazards;
mod objects;
pub(crate) mod stock;

use super::content::{Content, ContentError, KindId, KindRow};
use super::items::Item;
use super::level::{Alignment, Shop};
use super::monsters::Monster;
use super::shared::RunOptions;
use super::traps::Trap;
use crate::generation::{CaveHistory, GenerateError, LevelMap, MineParams, MineRng, Pos};

pub(crate) use stock::Ids;

/// What a kind is asked to make: everything it may depend on.
#[derive(Clone, Copy, Debug)]
pub(crate) struct KindContext<'a> {
    /// The level's depth, 1 at the top: no built-in kind varies with it
    /// yet, but a kind of an author's may (as a tutorial's
    /// `level_builder(depth)` does).
    #[allow(dead_code)]
    pub depth: usize,
    /// NetHack's level difficulty: the level's dungeon level.
    pub difficulty: u32,
    /// The level's own seed (see [`super::seeds::level_seed`]).
    pub level_seed: u64,
    /// Size, region cap and this kind's pipeline.
    pub params: &'a MineParams,
    pub content: &'a Content,
    pub kind: KindId,
    pub options: RunOptions,
}

/// A made map, before stocking.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Made {
    pub map: LevelMap,
    /// How the cave formed, when the generator made it.
    pub history: Option<CaveHistory>,
    /// Cells set aside by name for the stocking lines placed `at: At(name)`
    /// (the names are the builder's [`LevelKind::spots_of`]).
    pub spots: Vec<(String, Vec<Pos>)>,
    /// Cells no one can dig, in map index order; empty: none but the edge.
    pub nondiggable: Vec<bool>,
    /// Cells lit whatever the level's light, in map index order; empty:
    /// the level's light alone says.
    pub lit_cells: Vec<bool>,
    /// Whose its altar is, when it has one.
    pub altar: Option<Alignment>,
    /// Words engraved on the floor, and where.
    pub engravings: Vec<(Pos, String)>,
    /// Its shops.
    pub shops: Vec<Shop>,
}

impl Made {
    /// A map with no cells set aside.
    pub(crate) fn plain(map: LevelMap, history: Option<CaveHistory>) -> Self {
        Made {
            map,
            history,
            spots: Vec::new(),
            nondiggable: Vec::new(),
            lit_cells: Vec::new(),
            altar: None,
            engravings: Vec::new(),
            shops: Vec::new(),
        }
    }
}

/// What a level holds when first visited.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Stock {
    pub lit: bool,
    pub monsters: Vec<Monster>,
    pub items: Vec<Item>,
    pub traps: Vec<Trap>,
    pub boulders: Vec<Pos>,
}

/// A level kind: make the map, then stock it.
pub(crate) trait LevelKind: Sync {
    /// The map, with its cave history when the generator made it. It must have
    /// an up staircase (where the player arrives).
    fn make(&self, ctx: &KindContext) -> Result<Made, GenerateError>;

    /// Light, monsters and items, from the kind's content row. The standard
    /// stocking suits most kinds.
    fn stock(&self, made: &Made, ctx: &KindContext, ids: &mut Ids) -> Stock {
        stock::standard(made, ctx, ids)
    }

    /// The names of the cells this builder sets aside for a level of
    /// content row `row`, for content lines placed `at: At(name)` (constants
    /// of the kind's own module, or names the row's settings give).
    fn spots_of(&self, _row: &KindRow) -> Vec<String> {
        Vec::new()
    }

    /// Does a level of content row `row` come out of the generator (so it
    /// has a cave history and stages)? Most kinds' do.
    fn generates(&self, _row: &KindRow) -> bool {
        true
    }

    /// Check a content row of this kind: its own settings, when it takes any.
    /// A kind that takes none refuses them.
    fn check(&self, row: &KindRow) -> Result<(), String> {
        match row.settings {
            Some(_) => Err("this builder takes no settings".into()),
            None => Ok(()),
        }
    }
}

/// Take a random cell out of `cells`.
pub(crate) fn take(cells: &mut Vec<Pos>, rng: &mut MineRng) -> Option<Pos> {
    if cells.is_empty() {
        return None;
    }
    let i = rng.rn2(cells.len() as u64) as usize;
    Some(cells.swap_remove(i))
}

/// The shortest walk (8-connected, over walkable cells) from `from` to every
/// cell, by map index; None where no walk reaches.
pub(crate) fn walk_distances(map: &LevelMap, from: Pos) -> Vec<Option<u32>> {
    let mut dist = vec![None; map.len()];
    dist[map.index(from)] = Some(0);
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(p) = queue.pop_front() {
        let d = dist[map.index(p)].expect("queued cells have a distance");
        for dx in -1..=1 {
            for dy in -1..=1 {
                let q = p.offset(dx, dy);
                if map.is_walkable(q) && dist[map.index(q)].is_none() {
                    dist[map.index(q)] = Some(d + 1);
                    queue.push_back(q);
                }
            }
        }
    }
    dist
}

/// Every builder a content row can name.
pub(crate) const BUILDERS: &[(&str, &dyn LevelKind)] =
    &[("cave", &cave::Cave), ("drawn", &drawn::Drawn)];

/// The builder called `name`.
pub(crate) fn builder(name: &str) -> Option<&'static dyn LevelKind> {
    BUILDERS.iter().find(|(n, _)| *n == name).map(|(_, k)| *k)
}

/// The names of every builder.
pub(crate) fn builder_names() -> Vec<&'static str> {
    BUILDERS.iter().map(|(n, _)| *n).collect()
}

/// What only the kinds can check of a content file: each kind row names a
/// builder, the builder takes its settings, and every line placed
/// `at: At(name)` names cells the builder sets aside. `text` is the file, to
/// point at the line of a bad row.
pub(crate) fn check_content(content: &Content, text: &str) -> Result<(), ContentError> {
    for (name, kind) in content.kinds() {
        let at = |needle: &str, message: String| {
            ContentError::at(text, needle, format!("kind '{name}': {message}"))
        };
        let Some(builder) = builder(&kind.builder) else {
            return Err(at(
                &format!("\"{}\"", kind.builder),
                format!(
                    "no builder '{}' (there are: {})",
                    kind.builder,
                    builder_names().join(", ")
                ),
            ));
        };
        builder
            .check(kind)
            .map_err(|m| at(&format!("\"{name}\""), m))?;
        for spawn in &kind.items {
            for id in &spawn.one_of {
                if !objects::names_items(content, id) {
                    return Err(at(
                        &format!("\"{id}\""),
                        format!(
                            "no item with id '{id}', and no item rows of frequency above 0 for it to draw"
                        ),
                    ));
                }
            }
        }
        for spawn in &kind.monsters {
            if let Some(id) = &spawn.poses_as
                && content.item_kind(id).is_none()
            {
                return Err(at(
                    &format!("\"{id}\""),
                    format!("poses_as: no item with id '{id}'"),
                ));
            }
        }
        for t in &kind.fixed_traps {
            if content.trap_kind(&t.kind).is_none() {
                return Err(at(
                    &format!("\"{}\"", t.kind),
                    format!("fixed_traps: no trap with id '{}'", t.kind),
                ));
            }
        }
        for spawn in kind.items.iter().chain(&kind.monsters) {
            if let Some(roll) = &spawn.when
                && !kind.rolls.contains_key(roll)
            {
                return Err(at(
                    &format!("\"{roll}\""),
                    format!("when: no roll '{roll}' among the row's rolls"),
                ));
            }
        }
        let spots = builder.spots_of(kind);
        let lines = kind.items.iter().chain(&kind.monsters);
        let placed = lines
            .filter_map(|s| s.at.spot())
            .chain(kind.fixed_traps.iter().filter_map(|t| t.at.spot()));
        for spot in placed {
            if !spots.iter().any(|s| s == spot) {
                let has = if spots.is_empty() {
                    "none".to_string()
                } else {
                    spots.join(", ")
                };
                return Err(at(
                    &format!("\"{spot}\""),
                    format!(
                        "the {} builder sets no cells aside as '{spot}' (it has: {has})",
                        kind.builder
                    ),
                ));
            }
        }
    }
    Ok(())
}
