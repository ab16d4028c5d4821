//! Booty: monsters a level sends down to the levels below it, carrying what
//! they took (NetHack's `stolen_booty`: the orc gang that sacked Orcish Town
//! has fled down the mines with the town's candles, keys and food). A kind
//! row's `booty` says who and what, and each thing goes to one of them.
//! Where each goes is NetHack 3.7's `migrate_orc`: the leader to the bottom
//! level (one time in 40 the one above it), each other to a level drawn
//! from this one to the bottom, this one counting as the next, so the next
//! level gets twice its share.
//!
//! The whole gang is drawn from a stream of the sending level's own, the same
//! whichever level below is made first, and placed on its level from that
//! level's own stream named "booty": the level's other stock is what it
//! would be without them.

use crate::dungeon::content::{Content, ItemKind, KindId, MonsterKind};
use crate::dungeon::dice;
use crate::dungeon::fov;
use crate::dungeon::hero::peace_minded;
use crate::dungeon::kinds::kind::{KindContext, Made, Stock, take};
use crate::dungeon::kinds::{classes, objects};
use crate::dungeon::monsters::{MAX_GEAR, Monster};
use crate::dungeon::seeds::{level_seed, named_stream_seed};
use crate::generation::{MineRng, Pos};

/// A monster sent down, and what it carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Migrant {
    pub kind: MonsterKind,
    pub carry: Vec<ItemKind>,
    /// Gold pieces of its own (NetHack's `shiny_orc_stuff`).
    pub gold: u32,
    /// Its line says it is hostile whoever you are (NetHack's gang leader).
    pub hostile: bool,
}

/// The monsters of run `seed` that arrive on level `depth`, from every level
/// above it whose kind sends booty; `kinds` is the run's plan, and the mines
/// leave the main dungeon from level `branch`.
pub(crate) fn migrants_to(
    seed: u64,
    content: &Content,
    (kinds, branch): (&[KindId], usize),
    depth: usize,
    hero: bool,
) -> Vec<Migrant> {
    let bottom = kinds.len();
    let mut out = Vec::new();
    for (i, &k) in kinds.iter().enumerate().take(depth.saturating_sub(1)) {
        let from = i + 1;
        let Some(booty) = &content.kind(k).booty else {
            continue;
        };
        let mut rng = MineRng::from_seed(named_stream_seed(level_seed(seed, from), "booty"));
        let difficulty = (branch + from) as u32;
        let mut gang: Vec<(usize, Migrant)> = Vec::new();
        for spawn in &booty.monsters {
            for _ in 0..spawn.roll_count(&mut rng) {
                let id = &spawn.one_of[spawn.roll_pick(&mut rng)];
                let kind = match content.monster_kind(id) {
                    Some(kind) => kind,
                    None => {
                        let class = id.chars().next().expect("checked content");
                        let you = content.player().level;
                        classes::random_of_class(content, class, difficulty, you, &mut rng)
                            .expect("checked content: the class has members")
                    }
                };
                let to = destination(from, bottom, spawn.leader, &mut rng);
                gang.push((
                    to,
                    Migrant {
                        kind,
                        carry: Vec::new(),
                        gold: 0,
                        hostile: spawn.hostile,
                    },
                ));
            }
        }
        if gang.is_empty() {
            continue;
        }
        for spawn in &booty.carry {
            for _ in 0..spawn.roll_count(&mut rng) {
                let id = &spawn.one_of[spawn.roll_pick(&mut rng)];
                let who = rng.rn2(gang.len() as u64) as usize;
                if let Some(item) = objects::resolve(content, id, hero, &mut rng) {
                    gang[who].1.carry.push(item);
                }
            }
        }
        // Each orc's own gold and gems, from a stream of their own so the
        // gang and its loot are drawn as before.
        let mut shiny =
            MineRng::from_seed(named_stream_seed(level_seed(seed, from), "booty shiny"));
        for (_, m) in &mut gang {
            shiny_stuff(content, m, &mut shiny);
        }
        out.extend(
            gang.into_iter()
                .filter(|(to, _)| *to == depth)
                .map(|(_, m)| m),
        );
    }
    out
}

/// NetHack's `shiny_orc_stuff`: gold 300 times in 1000 (an orc-captain's
/// 600), 1 + rnd(that) pieces; a gem a quarter as often (a rock drawn is
/// thrown away). NetHack's ring (one orc in 8, every captain: the kind
/// whose look is "shiny" that game) is not made here yet.
fn shiny_stuff(content: &Content, m: &mut Migrant, rng: &mut MineRng) {
    let captain = content.monster(m.kind).id == "orc_captain";
    let gold_chance = if captain { 600 } else { 300 };
    if (rng.rn2(1000) as u32) < gold_chance {
        m.gold = 1 + rng.rnd(gold_chance as u64) as u32;
    }
    if (rng.rn2(1000) as u32) < gold_chance / 4
        && let Some(gem) = objects::random_of_class(content, '*', false, rng)
        && content.item(gem).id != "rock"
    {
        m.carry.push(gem);
    }
}

/// The level a gang member sent from level `from` lands on, the mines'
/// bottom being `bottom` (NetHack 3.7's `migrate_orc`).
fn destination(from: usize, bottom: usize, leader: bool, rng: &mut MineRng) -> usize {
    if leader {
        return if rng.rn2(40) == 0 {
            (bottom - 1).max(from + 1)
        } else {
            bottom
        };
    }
    let to = from + rng.rn2((bottom - from + 1) as u64) as usize;
    if to == from { from + 1 } else { to }.min(bottom)
}

/// Put `migrants` on the level, each on a free floor cell out of sight of
/// the up stairs where there is one, carrying its booty (what a monster
/// can't carry is lost): hostile to the nameless hero; to a hero, as its
/// line and `peace_minded` say, rolled from the level's stream "booty
/// temper".
pub(crate) fn place(
    made: &Made,
    ctx: &KindContext,
    stock: &mut Stock,
    migrants: Vec<Migrant>,
    ids: &mut crate::dungeon::kinds::Ids,
) {
    if migrants.is_empty() {
        return;
    }
    let map = &made.map;
    let mut rng = MineRng::from_seed(named_stream_seed(ctx.level_seed, "booty"));
    let mut in_view = vec![false; map.len()];
    if let Some(up) = map.up_stairs() {
        fov::line_of_sight_on(map, up, |p| in_view[map.index(p)] = true);
    }
    // Not on anyone, nor on a trap or a boulder (where it would hide them).
    let taken: Vec<Pos> = stock
        .monsters
        .iter()
        .map(|m| m.pos)
        .chain(stock.traps.iter().map(|t| t.pos))
        .chain(stock.boulders.iter().copied())
        .collect();
    let mut cells: Vec<Pos> = map
        .floor_cells()
        .into_iter()
        .filter(|&p| !in_view[map.index(p)] && !taken.contains(&p))
        .collect();
    let mut temper = MineRng::from_seed(named_stream_seed(ctx.level_seed, "booty temper"));
    let mut kit = MineRng::from_seed(named_stream_seed(ctx.level_seed, "booty kit"));
    for migrant in migrants {
        let Some(pos) = take(&mut cells, &mut rng) else {
            break;
        };
        let hp = dice::roll_hp(ctx.content.monster(migrant.kind).hit_dice, &mut rng);
        let peaceful = ctx.hero.is_some_and(|hero| {
            !migrant.hostile
                && peace_minded(
                    ctx.content.heroes(),
                    hero,
                    ctx.content.monster(migrant.kind).nature(),
                    &mut temper,
                )
        });
        let mut monster = Monster::new(ids.next_id(), migrant.kind, pos, hp, peaceful);
        monster.gold = migrant.gold;
        // Its loot, then the weapons its kind is made with (NetHack's
        // `m_initweap`), in the hands left free.
        let row = ctx.content.monster(migrant.kind);
        let own = row
            .gear
            .iter()
            .filter_map(|line| line.roll(&mut kit))
            .map(|id| ctx.content.item_kind(id).expect("checked content"));
        let carried: Vec<_> = migrant
            .carry
            .into_iter()
            .chain(own)
            .take(MAX_GEAR)
            .collect();
        for (slot, item) in monster.gear.iter_mut().zip(carried) {
            *slot = Some(item);
        }
        if ctx.options.monsters {
            stock.monsters.push(monster);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_leader_goes_to_the_bottom_and_the_next_level_gets_twice_its_share() {
        let mut rng = MineRng::from_seed(3);
        let n = 40_000;
        // From level 3 of 8: the leader at 8 (39 in 40) or 7.
        let mut at = [0usize; 9];
        for _ in 0..n {
            at[destination(3, 8, true, &mut rng)] += 1;
        }
        assert_eq!(at[8] + at[7], n);
        let share = at[7] as f64 / n as f64;
        assert!((share - 1.0 / 40.0).abs() < 0.004, "{share}");
        // The rest: rn2(6) + 3, a 3 counting as 4: level 4 two in six,
        // 5 to 8 one in six each.
        let mut at = [0usize; 9];
        for _ in 0..n {
            at[destination(3, 8, false, &mut rng)] += 1;
        }
        assert_eq!(at[..4].iter().sum::<usize>(), 0);
        let share = |l: usize| at[l] as f64 / n as f64;
        assert!((share(4) - 2.0 / 6.0).abs() < 0.01, "{}", share(4));
        for l in 5..=8 {
            assert!((share(l) - 1.0 / 6.0).abs() < 0.01, "{l}: {}", share(l));
        }
    }
}
