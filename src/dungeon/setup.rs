//! What a run is made from besides its seed and commands, and how a run's
//! level is made from it: the level kind's builder, asked with the level's own
//! seed and the generator's passes.

use std::sync::{Arc, OnceLock};

use super::content::{Content, KindId};
use super::hero::Hero;
use super::kinds::{self, Ids, KindContext};
use super::level::LevelState;
use super::seeds::level_seed;
use super::shared::RunOptions;
use crate::generation::{GenerateError, LevelMap, MineParams, Pipeline, RegionCap, params};

/// Everything a run is made from besides its seed and commands.
#[derive(Clone, Debug, PartialEq)]
pub struct RunSetup {
    /// Map width in cells.
    pub width: usize,
    /// Map height in cells.
    pub height: usize,
    /// The filler's pipeline instead of the content's (`--pipeline`,
    /// `--skip-pass`, `--no-join`). Kinds without a pipeline of their own use
    /// the filler's too.
    pub pipeline: Option<Pipeline>,
    /// How many regions the joining step joins.
    pub region_cap: RegionCap,
    /// Choices for the whole run.
    pub options: RunOptions,
    /// Variants forced for places that have them (`--minetown NAME`): the
    /// place's name and the kind it is, instead of the one drawn.
    pub variants: Vec<(String, String)>,
    /// The monsters, items, level kinds and plan.
    pub content: Arc<Content>,
    /// Who you are (`--role`, `--race`, `--alignment`); None: the nameless
    /// hero of the content's `player` row, as runs were before heroes.
    pub hero: Option<Hero>,
    /// The hero's pet (`--pet`): a monster id, or `none`; None: the role's,
    /// else a kitten or a little dog.
    pub pet: Option<String>,
    /// The pet's name (the options' `pet_name`, NetHack's `dogname` and
    /// `catname`); None: the role's for a little dog (a Samurai's Hachi),
    /// else none.
    pub pet_name: Option<String>,
}

/// The built-in content, read once and shared (it never changes after).
pub fn built_in_content() -> Arc<Content> {
    static CONTENT: OnceLock<Arc<Content>> = OnceLock::new();
    CONTENT
        .get_or_init(|| Arc::new(Content::built_in()))
        .clone()
}

impl Default for RunSetup {
    fn default() -> Self {
        RunSetup {
            width: params::NETHACK_WIDTH,
            height: params::NETHACK_HEIGHT,
            pipeline: None,
            region_cap: RegionCap::Limit(params::NETHACK_REGION_CAP),
            options: RunOptions::default(),
            variants: Vec::new(),
            content: built_in_content(),
            hero: None,
            pet: None,
            pet_name: None,
        }
    }
}

impl RunSetup {
    /// NetHack's setup at another size.
    pub fn sized(width: usize, height: usize) -> Self {
        RunSetup {
            width,
            height,
            ..RunSetup::default()
        }
    }

    /// The filler's pipeline: the override, else the content's, else NetHack's.
    pub fn filler_pipeline(&self) -> Pipeline {
        self.pipeline.clone().unwrap_or_else(|| {
            let filler = self.content.filler();
            self.content
                .kind(filler)
                .pipeline
                .clone()
                .unwrap_or_default()
        })
    }

    /// The plan of run `seed` with this setup: its content's, with the
    /// variants it forces.
    pub fn plan(&self, seed: u64) -> super::plan::Plan {
        super::plan::draw_plan(seed, &self.content, &self.variants)
    }

    /// Does a level of `kind` come out of the generator, with stages to show
    /// (a drawn level does not)?
    pub fn generates(&self, kind: KindId) -> bool {
        let row = self.content.kind(kind);
        kinds::builder(&row.builder).is_some_and(|b| b.generates(row))
    }

    /// The generator's options for a level of `kind`.
    pub fn params_for(&self, kind: KindId) -> MineParams {
        let own = if kind == self.content.filler() {
            None
        } else {
            self.content.kind(kind).pipeline.clone()
        };
        MineParams {
            width: self.width,
            height: self.height,
            pipeline: own.unwrap_or_else(|| self.filler_pipeline()),
            region_cap: self.region_cap,
        }
    }
}

/// The builder of `kind`, and what it is asked to make level `depth` of run
/// `seed` with, the generator's passes given by `params`.
fn builder_for<'a>(
    seed: u64,
    setup: &'a RunSetup,
    kind: KindId,
    depth: usize,
    dlvl: usize,
    params: &'a MineParams,
) -> (&'static dyn kinds::LevelKind, KindContext<'a>) {
    let content = &*setup.content;
    let builder = kinds::builder(&content.kind(kind).builder).expect("checked content");
    let ctx = KindContext {
        depth,
        difficulty: dlvl as u32,
        level_seed: level_seed(seed, depth),
        params,
        content,
        kind,
        options: setup.options,
        hero: setup.hero,
    };
    (builder, ctx)
}

/// Make and stock level `depth` of run `seed`, of the kind the run's plan
/// gives it (`kinds`, the kind of each depth; `branch`, the main dungeon's
/// level the mines leave from), which the caller has already drawn.
pub(crate) fn make_level(
    seed: u64,
    setup: &RunSetup,
    (kinds, branch): (&[KindId], usize),
    depth: usize,
    ids: &mut Ids,
) -> Result<LevelState, GenerateError> {
    let kind = kinds[depth - 1];
    let dlvl = branch + depth;
    let params = setup.params_for(kind);
    let (builder, ctx) = builder_for(seed, setup, kind, depth, dlvl, &params);
    let made = builder.make(&ctx)?;
    let mut stock = builder
        .stock(&made, &ctx, ids)
        .unwrap_or_else(|| kinds::stock::standard(&made, &ctx, ids));
    // Who came down from a level above (Orcish Town's orcs and their loot).
    let migrants = kinds::booty::migrants_to(
        seed,
        &setup.content,
        (kinds, branch),
        depth,
        ctx.hero.is_some(),
    );
    kinds::booty::place(&made, &ctx, &mut stock, migrants, ids);
    let mut treasure = if setup.content.kind(kind).buried_treasure {
        let levels = (dlvl as u32, depth as u32);
        kinds::treasure::mineralize(
            &made.map,
            &made.nondiggable,
            &setup.content,
            levels,
            ctx.level_seed,
            ids,
        )
    } else {
        Vec::new()
    };
    // Blessed, cursed and enchanted as NetHack makes them, each thing from a
    // stream of its own.
    let hero = setup.hero.is_some();
    let made_items = stock.items.iter_mut();
    for item in made_items.chain(treasure.iter_mut().map(|t| &mut t.item)) {
        kinds::blessings::make(item, &setup.content, ctx.level_seed, hero);
    }
    let cells = made.map.len();
    Ok(LevelState {
        depth,
        kind,
        map: Arc::new(made.map),
        history: made.history.map(Arc::new),
        lit: stock.lit,
        seen: vec![false; cells],
        lit_cells: made.lit_cells,
        altar: made.altar,
        engravings: made
            .engravings
            .into_iter()
            .map(|(pos, text)| crate::dungeon::level::Engraving {
                pos,
                text,
                how: crate::dungeon::level::Engraved::Engrave,
            })
            .collect(),
        shops: made.shops,
        monsters: stock.monsters,
        items: stock.items,
        traps: stock.traps,
        boulders: stock.boulders,
        treasure,
        locked: made.locked,
        nondiggable: made.nondiggable,
        sensed_items: Vec::new(),
        pockets: Vec::new(),
    })
}

/// Level `depth`'s map made again as its kind makes it, with `pipeline` for
/// the generator's passes.
pub(crate) fn remake_map(
    seed: u64,
    setup: &RunSetup,
    kind: KindId,
    depth: usize,
    pipeline: &Pipeline,
) -> Result<LevelMap, GenerateError> {
    let params = MineParams {
        pipeline: pipeline.clone(),
        ..setup.params_for(kind)
    };
    // The map does not depend on the difficulty, only the stock does.
    let (builder, ctx) = builder_for(seed, setup, kind, depth, depth, &params);
    Ok(builder.make(&ctx)?.map)
}
