//! What a level kind is: the trait a kind implements ([`LevelKind`]), what
//! it is asked to make a level with ([`KindContext`]) and what it hands back
//! ([`Made`], [`Stock`]), with the small helpers every kind's code shares.
//! The registry of kinds is the folder's `mod.rs` ([`super::BUILDERS`]).

use crate::dungeon::content::{Content, KindId, KindRow};
use crate::dungeon::hero::Hero;
use crate::dungeon::hero::rows::Alignment;
use crate::dungeon::items::Item;
use crate::dungeon::level::Shop;
use crate::dungeon::monsters::Monster;
use crate::dungeon::shared::RunOptions;
use crate::dungeon::traps::Trap;
use crate::generation::{CaveHistory, GenerateError, LevelMap, MineParams, MineRng, Pos};

/// Ids for monsters and items, unique within a run so views can follow them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Ids(u32);

impl Ids {
    pub(crate) fn next_id(&mut self) -> u32 {
        self.0 += 1;
        self.0
    }
}

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
    /// The run's hero, whose race and alignment decide who is peaceful;
    /// None: the nameless hero of a run from before heroes.
    pub hero: Option<Hero>,
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
    /// Its locked doors (closed or secret).
    pub locked: Vec<Pos>,
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
            locked: Vec::new(),
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

    /// Light, monsters and items of its own making; None (the default):
    /// the standard stocking from the kind's content row, which suits most
    /// kinds (`stock.rs`).
    fn stock(&self, _made: &Made, _ctx: &KindContext, _ids: &mut Ids) -> Option<Stock> {
        None
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
