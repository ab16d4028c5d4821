//! The standard stocking (NetHack 3.7's `minefill.lua`): light, items and
//! monsters from the kind's content row, every draw from the level's own
//! stream, so a level's contents don't depend on how the player got there.

use crate::dungeon::content::Place;
use crate::dungeon::dice;
use crate::dungeon::fov;
use crate::dungeon::items::Item;
use crate::dungeon::kinds::kind::{Ids, KindContext, Made, Stock, take};
use crate::dungeon::kinds::{classes, hazards, objects, temper, victims};
use crate::dungeon::monsters::Monster;
use crate::dungeon::seeds::{contents_seed, named_stream_seed};
use crate::dungeon::traps::Trap;
use crate::generation::{MineRng, Pos};

/// The cells the builder set aside, by name, each taken once; and the piles
/// made so far, by name.
struct Spots {
    lists: Vec<(String, Vec<Pos>)>,
    piles: Vec<(String, Pos)>,
}

impl Spots {
    /// A cell for one thing placed `at` (not `Random`): a spot's cell is
    /// taken, a pile's is the same for everything placed on it. None: the
    /// builder set no cell aside under that name, or every one is taken.
    fn take(&mut self, at: &Place, rng: &mut MineRng) -> Option<Pos> {
        let name = at.spot()?;
        if let Place::Pile(_) = at
            && let Some((_, p)) = self.piles.iter().find(|(n, _)| n == name)
        {
            return Some(*p);
        }
        let list = self.lists.iter_mut().find(|(n, _)| n == name)?;
        let p = take(&mut list.1, rng)?;
        if let Place::Pile(_) = at {
            self.piles.push((name.to_string(), p));
        }
        Some(p)
    }
}

/// The random streams a level's stocking draws from: the contents stream, and
/// one more for each line that names a stream of its own.
struct Streams {
    level_seed: u64,
    main: MineRng,
    named: Vec<(String, MineRng)>,
}

impl Streams {
    fn new(level_seed: u64) -> Self {
        Streams {
            level_seed,
            main: MineRng::from_seed(contents_seed(level_seed)),
            named: Vec::new(),
        }
    }

    /// The stream a line draws from.
    fn of(&mut self, stream: &Option<String>) -> &mut MineRng {
        let Some(name) = stream else {
            return &mut self.main;
        };
        let i = match self.named.iter().position(|(n, _)| n == name) {
            Some(i) => i,
            None => {
                let seed = named_stream_seed(self.level_seed, name);
                self.named.push((name.clone(), MineRng::from_seed(seed)));
                self.named.len() - 1
            }
        };
        &mut self.named[i].1
    }
}

/// Light, then each item line (count, then per item its kind, its cell and
/// its pile), then every monster line's kinds, then each monster's cell and
/// hit points. A line with a `stream` of its own draws all of that from its
/// stream, so it moves nothing else.
pub(crate) fn standard(made: &Made, ctx: &KindContext, ids: &mut Ids) -> Stock {
    let row = ctx.content.kind(ctx.kind);
    let map = &made.map;
    let mut rngs = Streams::new(ctx.level_seed);
    // A level lit whole needs no lit patches (Orcish Town's cave, lit one
    // time in two, takes its town's light with it).
    let lit = row.lit.roll(&mut rngs.main);

    // Plain floor, in scan order; and which of it the arrival stairs can see.
    let floor = map.floor_cells();
    let mut in_view = vec![false; map.len()];
    if let Some(up) = map.up_stairs() {
        fov::line_of_sight_on(map, up, |p| in_view[map.index(p)] = true);
    }
    let mut spots = Spots {
        lists: made.spots.clone(),
        piles: Vec::new(),
    };
    // The kind's named rolls, from a stream of their own, before any line.
    let rolled: Vec<&str> = {
        let rng = rngs.of(&Some("rolls".to_string()));
        row.rolls
            .iter()
            .filter(|(_, percent)| (rng.rn2(100) as u32) < **percent)
            .map(|(name, _)| name.as_str())
            .collect()
    };
    let stocked = |spawn: &&crate::dungeon::content::Spawn| {
        spawn.when.as_deref().is_none_or(|w| rolled.contains(&w))
    };
    let mut items = Vec::new();
    let mut item_cells = floor.clone();
    for spawn in row.items.iter().filter(stocked) {
        let rng = rngs.of(&spawn.stream);
        for _ in 0..spawn.roll_count(rng) {
            let id = &spawn.one_of[spawn.roll_pick(rng)];
            let Some(kind) = objects::resolve(ctx.content, id, rng) else {
                continue;
            };
            let pos = match &spawn.at {
                Place::Random => take(&mut item_cells, rng),
                at => spots
                    .take(at, rng)
                    .inspect(|p| item_cells.retain(|c| c != p)),
            };
            let Some(pos) = pos else { continue };
            let quantity = spawn.amount.map_or(1, |range| dice::between(rng, range));
            let item_row = ctx.content.item(kind);
            items.push(Item {
                price: spawn.for_sale.then_some(item_row.price),
                burn_left: item_row.on_pick_up.light().map(|l| l.turns),
                ..Item::new(ids.next_id(), kind, pos, quantity)
            });
        }
    }

    // Monsters are placed even in a run without them and then left out, so
    // the traps and boulders that keep off their cells are where they are in
    // a run with monsters.
    let mut monsters = Vec::new();
    {
        let mut hidden: Vec<Pos> = floor
            .iter()
            .copied()
            .filter(|&p| !in_view[map.index(p)])
            .collect();
        let mut kinds = Vec::new();
        for spawn in row.monsters.iter().filter(stocked) {
            let rng = rngs.of(&spawn.stream);
            for _ in 0..spawn.roll_count(rng) {
                let id = &spawn.one_of[spawn.roll_pick(rng)];
                let kind = match ctx.content.monster_kind(id) {
                    Some(k) => k,
                    None => {
                        let class = id.chars().next().expect("checked content");
                        let you = ctx.content.player().level;
                        classes::random_of_class(ctx.content, class, ctx.difficulty, you, rng)
                            .expect("checked content: the class has members")
                    }
                };
                kinds.push((kind, spawn));
            }
        }
        // Who each is and whether it is peaceful, for the run's hero.
        let temper_stream = Some(temper::STREAM.to_string());
        let kinds: Vec<_> = kinds
            .into_iter()
            .map(|(kind, spawn)| {
                let (kind, peaceful) = temper::settle(ctx, kind, spawn, rngs.of(&temper_stream));
                (kind, spawn, peaceful)
            })
            .collect();
        for (kind, spawn, peaceful) in kinds {
            let rng = rngs.of(&spawn.stream);
            let pos = match &spawn.at {
                Place::Random => match take(&mut hidden, rng) {
                    Some(p) => p,
                    None => break,
                },
                at => match spots.take(at, rng) {
                    // One monster a cell: a pile takes one.
                    Some(p) if !monsters.iter().any(|m: &Monster| m.pos == p) => {
                        hidden.retain(|c| *c != p);
                        p
                    }
                    _ => continue,
                },
            };
            let hp = dice::roll_hp(ctx.content.monster(kind).hit_dice, rng);
            let mut monster = Monster::new(ids.next_id(), kind, pos, hp, peaceful);
            monster.disguise = spawn
                .poses_as
                .as_deref()
                .map(|id| ctx.content.item_kind(id).expect("checked content"));
            monsters.push(monster);
        }
        // What each carries, from a stream of its kind's own, so a tool line
        // added to one row moves nothing another carries.
        for m in &mut monsters {
            let row = ctx.content.monster(m.kind);
            let stream = Some(format!("tools:{}", row.id));
            let kind_of = |id: &str| ctx.content.item_kind(id).expect("checked content");
            if let Some(line) = &row.tool {
                m.tool = line.roll(rngs.of(&stream)).map(kind_of);
            }
            // A light it carries is lit where it stands in the dark.
            let in_dark = !lit
                && !made
                    .lit_cells
                    .get(map.index(m.pos))
                    .copied()
                    .unwrap_or(false);
            if in_dark {
                m.tool_burning = m
                    .tool
                    .and_then(|k| ctx.content.item(k).on_pick_up.light())
                    .map(|l| l.turns);
            }
            // Its gear from a stream of its own too, after the tool, so the
            // tools drawn before gear existed are drawn still.
            let gear_stream = Some(format!("gear:{}", row.id));
            let mut slots = m.gear.iter_mut();
            for line in &row.gear {
                if let Some(id) = line.roll(rngs.of(&gear_stream))
                    && let Some(slot) = slots.next()
                {
                    *slot = Some(kind_of(id));
                }
            }
        }
    }
    let taken: Vec<Pos> = monsters
        .iter()
        .map(|m| m.pos)
        .chain(items.iter().map(|i| i.pos))
        .collect();
    let (mut boulders, left_with) = hazards::boulders(map, row, ctx.level_seed, &taken);
    if let Some(id) = row.boulders.as_ref().and_then(|l| l.with_each.as_deref()) {
        let kind = ctx.content.item_kind(id).expect("checked content");
        items.extend(
            left_with
                .into_iter()
                .map(|p| Item::new(ids.next_id(), kind, p, 1)),
        );
    }
    let mut traps = hazards::traps(
        map,
        ctx.content,
        row,
        ctx.difficulty,
        ctx.level_seed,
        &taken,
        &mut boulders,
    );
    // Who a random trap killed before you came (NetHack 3.7's
    // `mktrap_victim`), from a stream of its own.
    items.extend(victims::victims(
        ctx.content,
        &traps,
        ctx.difficulty,
        ctx.level_seed,
        ids,
    ));
    // What a random trap brings with it (NetHack's `mktrap`: a giant
    // spider on each web), from a stream of its own.
    {
        let rng = rngs.of(&Some("trap monsters".to_string()));
        for t in &traps {
            let Some(id) = &ctx.content.trap(t.kind).brings else {
                continue;
            };
            if monsters.iter().any(|m| m.pos == t.pos) {
                continue;
            }
            let kind = ctx.content.monster_kind(id).expect("checked content");
            let hp = dice::roll_hp(ctx.content.monster(kind).hit_dice, rng);
            monsters.push(Monster::new(ids.next_id(), kind, t.pos, hp, false));
        }
    }
    // Monsters are made even in a run without them and then left out, so
    // everything else is where it is in a run with them.
    if !ctx.options.monsters {
        monsters.clear();
    }
    let rng = rngs.of(&Some("fixed traps".to_string()));
    for fixed in &row.fixed_traps {
        let kind = ctx.content.trap_kind(&fixed.kind).expect("checked content");
        if let Some(pos) = spots.take(&fixed.at, rng) {
            traps.retain(|t| t.pos != pos);
            boulders.retain(|b| *b != pos);
            traps.push(Trap {
                kind,
                pos,
                seen: false,
                launch: None,
            });
        }
    }
    Stock {
        lit,
        monsters,
        items,
        traps,
        boulders,
    }
}
