//! The standard stocking (NetHack 3.7's `minefill.lua`): light, items and
//! monsters from the kind's content row, every draw from the level's own
//! stream, so a level's contents don't depend on how the player got there.

use crate::dungeon::content::{KindRow, MonsterKind, Place, Spawn};
use crate::dungeon::dice;
use crate::dungeon::fov;
use crate::dungeon::items::Item;
use crate::dungeon::kinds::kind::{Ids, KindContext, Made, Stock, take};
use crate::dungeon::kinds::{classes, dress, hazards, objects, temper, victims};
use crate::dungeon::monsters::Monster;
use crate::dungeon::seeds::{contents_seed, named_stream_seed};
use crate::dungeon::traps::Trap;
use crate::generation::{LevelMap, MineRng, Pos};

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
    let mut rngs = Streams::new(ctx.level_seed);
    // A level lit whole needs no lit patches (Orcish Town's cave, lit one
    // time in two, takes its town's light with it).
    let lit = row.lit.roll(&mut rngs.main);
    let spots = Spots {
        lists: made.spots.clone(),
        piles: Vec::new(),
    };
    let rolled = named_rolls(row, &mut rngs);
    let mut stocker = Stocker {
        made,
        ctx,
        row,
        rngs,
        spots,
        rolled,
    };
    // Plain floor, in scan order.
    let floor = made.map.floor_cells();
    let mut items = stocker.items(&floor, ids);
    // Monsters are placed even in a run without them and then left out, so
    // the traps and boulders that keep off their cells are where they are in
    // a run with monsters.
    let mut monsters = stocker.monsters(&floor, ids);
    stocker.equip(&mut monsters, lit);
    let taken: Vec<Pos> = monsters
        .iter()
        .map(|m| m.pos)
        .chain(items.iter().map(|i| i.pos))
        .collect();
    let (mut boulders, left_with) = hazards::boulders(&made.map, row, ctx.level_seed, &taken);
    items.extend(stocker.left_with_boulders(left_with, ids));
    let mut traps = hazards::traps(
        &made.map,
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
        (ctx.difficulty, ctx.level_seed),
        ctx.hero.is_some(),
        ids,
    ));
    stocker.bring_trap_monsters(&traps, &mut monsters, ids);
    // Monsters are made even in a run without them and then left out, so
    // everything else is where it is in a run with them.
    if !ctx.options.monsters {
        monsters.clear();
    }
    stocker.fix_traps(&mut traps, &mut boulders);
    Stock {
        lit,
        monsters,
        items,
        traps,
        boulders,
    }
}

/// The kind's named rolls that came up, from a stream of their own, before
/// any line: a line `when` one of them is stocked only then.
fn named_rolls<'a>(row: &'a KindRow, rngs: &mut Streams) -> Rolled<'a> {
    let rng = rngs.of(&Some("rolls".to_string()));
    Rolled(
        row.rolls
            .iter()
            .filter(|(_, percent)| (rng.rn2(100) as u32) < **percent)
            .map(|(name, _)| name.as_str())
            .collect(),
    )
}

/// What the stocking steps share: the level made, its kind's row, the
/// streams, the cells set aside and the named rolls that came up.
struct Stocker<'a> {
    made: &'a Made,
    ctx: &'a KindContext<'a>,
    row: &'a KindRow,
    rngs: Streams,
    spots: Spots,
    rolled: Rolled<'a>,
}

/// The kind's named rolls that came up.
struct Rolled<'a>(Vec<&'a str>);

impl Rolled<'_> {
    /// Is the line stocked: has it no `when`, or did its roll come up? And
    /// is it for this run (`hero`: it has one; see `Spawn::to_nameless` and
    /// `Spawn::to_heroes`)?
    fn stocks(&self, spawn: &Spawn, hero: bool) -> bool {
        (if hero {
            spawn.to_heroes
        } else {
            spawn.to_nameless
        }) && spawn.when.as_deref().is_none_or(|w| self.0.contains(&w))
    }
}

impl<'a> Stocker<'a> {
    /// Each item line's items, in order: count, then per item its kind, its
    /// cell (any floor, or a spot) and its amount.
    fn items(&mut self, floor: &[Pos], ids: &mut Ids) -> Vec<Item> {
        let content = self.ctx.content;
        let mut items = Vec::new();
        let mut item_cells = floor.to_vec();
        let hero = self.ctx.hero.is_some();
        for spawn in self
            .row
            .items
            .iter()
            .filter(|s| self.rolled.stocks(s, hero))
        {
            let rng = self.rngs.of(&spawn.stream);
            for _ in 0..spawn.roll_count(rng) {
                let id = &spawn.one_of[spawn.roll_pick(rng)];
                let Some(kind) = objects::resolve(content, id, self.ctx.hero.is_some(), rng) else {
                    continue;
                };
                let pos = match &spawn.at {
                    Place::Random => take(&mut item_cells, rng),
                    at => self
                        .spots
                        .take(at, rng)
                        .inspect(|p| item_cells.retain(|c| c != p)),
                };
                let Some(pos) = pos else { continue };
                let quantity = spawn.amount.map_or(1, |range| dice::between(rng, range));
                let item_row = content.item(kind);
                items.push(Item {
                    price: spawn.for_sale.then_some(item_row.price),
                    burn_left: item_row.on_pick_up.light().map(|l| l.turns),
                    ..Item::new(ids.next_id(), kind, pos, quantity)
                });
            }
        }
        items
    }

    /// Every monster line's monsters: all their kinds first, then who each
    /// is and whether it is peaceful, then each one's cell and hit points.
    fn monsters(&mut self, floor: &[Pos], ids: &mut Ids) -> Vec<Monster> {
        let kinds = self.monster_kinds();
        let kinds = self.settle_tempers(kinds);
        self.place_monsters(kinds, floor, ids)
    }

    /// Each monster line's kinds, in order: count, then per monster a kind
    /// named, or a random one of a class.
    fn monster_kinds(&mut self) -> Vec<(MonsterKind, &'a Spawn)> {
        let ctx = self.ctx;
        let row = self.row;
        let mut kinds = Vec::new();
        let hero = ctx.hero.is_some();
        for spawn in row.monsters.iter().filter(|s| self.rolled.stocks(s, hero)) {
            let rng = self.rngs.of(&spawn.stream);
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
        kinds
    }

    /// Who each is and whether it is peaceful, for the run's hero.
    fn settle_tempers(
        &mut self,
        kinds: Vec<(MonsterKind, &'a Spawn)>,
    ) -> Vec<(temper::Settled, &'a Spawn)> {
        let temper_stream = Some(temper::STREAM.to_string());
        kinds
            .into_iter()
            .map(|(kind, spawn)| {
                let stream = self.rngs.of(&temper_stream);
                (temper::settle(self.ctx, kind, spawn, stream), spawn)
            })
            .collect()
    }

    /// Each monster's cell (out of sight of the arrival stairs, or a spot;
    /// one monster a cell) and hit points; the random ones stop when every
    /// hidden cell is taken.
    fn place_monsters(
        &mut self,
        kinds: Vec<(temper::Settled, &Spawn)>,
        floor: &[Pos],
        ids: &mut Ids,
    ) -> Vec<Monster> {
        let content = self.ctx.content;
        let mut hidden = hidden_from_arrival(&self.made.map, floor);
        let mut monsters = Vec::new();
        for (settled, spawn) in kinds {
            let (kind, peaceful) = (settled.kind, settled.peaceful);
            let rng = self.rngs.of(&spawn.stream);
            let pos = match &spawn.at {
                Place::Random => match take(&mut hidden, rng) {
                    Some(p) => p,
                    None => break,
                },
                at => {
                    // One monster a cell: a pile takes one; a spot's cell
                    // someone placed at random stands on is passed over for
                    // the next.
                    let mut free = None;
                    while let Some(p) = self.spots.take(at, rng) {
                        if !monsters.iter().any(|m: &Monster| m.pos == p) {
                            free = Some(p);
                            break;
                        }
                        if let Place::Pile(_) = at {
                            break;
                        }
                    }
                    let Some(p) = free else { continue };
                    hidden.retain(|c| *c != p);
                    p
                }
            };
            let hp = dice::roll_hp(content.monster(kind).hit_dice, rng);
            let mut monster = Monster::new(ids.next_id(), kind, pos, hp, peaceful);
            // Asleep from birth on a hero's level (the nameless hero's
            // monsters are made awake, as they always were), from a stream
            // of its kind's own, so the rest of the level is drawn as before.
            if let Some((a, b)) = content
                .monster(kind)
                .asleep_at_birth
                .filter(|_| self.ctx.hero.is_some())
            {
                let stream = Some(format!("asleep:{}", content.monster(kind).id));
                if (self.rngs.of(&stream).rn2(u64::from(b)) as u32) < a {
                    monster.asleep = crate::dungeon::monsters::UNTIL_DISTURBED;
                }
            }
            monster.disguise = spawn
                .poses_as
                .as_deref()
                .map(|id| content.item_kind(id).expect("checked content"));
            monsters.push(monster);
            if settled.random {
                self.bring_group(&mut monsters, floor, &mut hidden, ids);
            }
        }
        monsters
    }

    /// The last monster made at random brings its group (`groups.rs`),
    /// drawn from a stream of its kind's own so the rest of the level is
    /// drawn as before; each comes hostile, next to the one before.
    fn bring_group(
        &mut self,
        monsters: &mut Vec<Monster>,
        floor: &[Pos],
        hidden: &mut Vec<Pos>,
        ids: &mut Ids,
    ) {
        let content = self.ctx.content;
        let Some(hero) = self.ctx.hero else {
            return;
        };
        let leader = *monsters.last().expect("just placed");
        let row = content.monster(leader.kind);
        let rng = self.rngs.of(&Some(format!("group:{}", row.id)));
        let you = content.player().level;
        let size = (self.made.map.width() as i32, self.made.map.height() as i32);
        let mut last = leader.pos;
        for _ in 0..crate::dungeon::kinds::groups::more(row.group, you, rng) {
            if crate::dungeon::hero::peace_minded(content.heroes(), hero, row.nature(), rng) {
                continue;
            }
            let free = |p: Pos| floor.contains(&p) && !monsters.iter().any(|m| m.pos == p);
            let Some(at) = crate::dungeon::kinds::groups::next_to(last, size, free, rng) else {
                break;
            };
            hidden.retain(|c| *c != at);
            let hp = dice::roll_hp(row.hit_dice, rng);
            monsters.push(Monster::new(ids.next_id(), leader.kind, at, hp, false));
            last = at;
        }
    }

    /// What each carries, from a stream of its kind's own, so a tool line
    /// added to one row moves nothing another carries.
    fn equip(&mut self, monsters: &mut [Monster], lit: bool) {
        let content = self.ctx.content;
        let made = self.made;
        let kind_of = |id: &str| content.item_kind(id).expect("checked content");
        for m in monsters {
            let row = content.monster(m.kind);
            let stream = Some(format!("tools:{}", row.id));
            if let Some(line) = &row.tool {
                m.tool = line.roll(self.rngs.of(&stream)).map(kind_of);
            }
            // A light it carries is lit where it stands in the dark.
            let in_dark = !lit
                && !made
                    .lit_cells
                    .get(made.map.index(m.pos))
                    .copied()
                    .unwrap_or(false);
            if in_dark {
                m.tool_burning = m
                    .tool
                    .and_then(|k| content.item(k).on_pick_up.light())
                    .map(|l| l.turns);
            }
            // Its gear from a stream of its own too, after the tool, so the
            // tools drawn before gear existed are drawn still.
            let gear_stream = Some(format!("gear:{}", row.id));
            // What it fires or throws, from a stream of its own again, and
            // only on a hero's levels (the nameless hero's monsters never
            // shoot, as before).
            let missile_stream = Some(format!("missiles:{}", row.id));
            let hero = self.ctx.hero.is_some();
            // Its magic from a stream of its own, on a hero's levels only.
            if hero {
                let magic_stream = Some(format!("magic:{}", row.id));
                let rng = self.rngs.of(&magic_stream);
                m.magic = crate::dungeon::kinds::magic::carried(content, row, m.peaceful, rng);
                // Its own list after, from a stream of its own again, so the
                // draws above stay as they were.
                let own = self.rngs.of(&Some(format!("own magic:{}", row.id)));
                m.magic = crate::dungeon::kinds::magic::with_own(content, row, m.magic, own);
                // A shopkeeper's purse (`shkinit`: 1000 + 30 rnd(100)), from a
                // stream of its own: what it pays for what you sell.
                if row.role.keeps_shop() {
                    let purse = self.rngs.of(&Some(format!("purse:{}", row.id)));
                    m.gold = 1000 + 30 * purse.rnd(100) as u32;
                }
            }
            let mut slots = m.gear.iter_mut();
            for line in &row.gear {
                if let Some(id) = line.roll(self.rngs.of(&gear_stream))
                    && let Some(slot) = slots.next()
                {
                    *slot = Some(kind_of(id));
                    let throws = line.throws.iter().find(|(with, ..)| with == id);
                    if let Some((_, missile, n)) = throws.filter(|_| hero) {
                        let count = self.rngs.of(&missile_stream).rn1(u64::from(*n), 3) as u32;
                        m.missiles = Some((kind_of(missile), count));
                        // Darts or daggers of its own: the stack is them.
                        if missile == id {
                            *slot = None;
                        }
                    }
                }
            }
            // Its outfit, drawn whole from a stream of its own again.
            let outfit_stream = Some(format!("outfit:{}", row.id));
            dress::outfit(content, row, m, hero, self.rngs.of(&outfit_stream));
            // Its gold, from a stream of its own, on a hero's levels.
            if hero {
                let gold = self.rngs.of(&Some(format!("gold:{}", row.id)));
                dress::gold(row, m, self.ctx.difficulty, gold);
            }
        }
    }

    /// The items the kind's boulder line leaves with each boulder, at the
    /// cells `left_with`.
    fn left_with_boulders(&self, left_with: Vec<Pos>, ids: &mut Ids) -> Vec<Item> {
        let content = self.ctx.content;
        let Some(id) = self
            .row
            .boulders
            .as_ref()
            .and_then(|l| l.with_each.as_deref())
        else {
            return Vec::new();
        };
        let kind = content.item_kind(id).expect("checked content");
        left_with
            .into_iter()
            .map(|p| Item::new(ids.next_id(), kind, p, 1))
            .collect()
    }

    /// What a random trap brings with it (NetHack's `mktrap`: a giant
    /// spider on each web), from a stream of its own.
    fn bring_trap_monsters(&mut self, traps: &[Trap], monsters: &mut Vec<Monster>, ids: &mut Ids) {
        let content = self.ctx.content;
        let rng = self.rngs.of(&Some("trap monsters".to_string()));
        for t in traps {
            let Some(id) = &content.trap(t.kind).brings else {
                continue;
            };
            if monsters.iter().any(|m| m.pos == t.pos) {
                continue;
            }
            let kind = content.monster_kind(id).expect("checked content");
            let hp = dice::roll_hp(content.monster(kind).hit_dice, rng);
            monsters.push(Monster::new(ids.next_id(), kind, t.pos, hp, false));
        }
    }

    /// The kind's fixed traps, each on its spot, in place of any trap or
    /// boulder there.
    fn fix_traps(&mut self, traps: &mut Vec<Trap>, boulders: &mut Vec<Pos>) {
        let content = self.ctx.content;
        let rng = self.rngs.of(&Some("fixed traps".to_string()));
        for fixed in &self.row.fixed_traps {
            let kind = content.trap_kind(&fixed.kind).expect("checked content");
            if let Some(pos) = self.spots.take(&fixed.at, rng) {
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
    }
}

/// The floor cells, in scan order, that the arrival stairs can't see.
fn hidden_from_arrival(map: &LevelMap, floor: &[Pos]) -> Vec<Pos> {
    let mut in_view = vec![false; map.len()];
    if let Some(up) = map.up_stairs() {
        fov::line_of_sight_on(map, up, |p| in_view[map.index(p)] = true);
    }
    floor
        .iter()
        .copied()
        .filter(|&p| !in_view[map.index(p)])
        .collect()
}
