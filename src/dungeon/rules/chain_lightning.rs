//! The spell of chain lightning, new in NetHack 3.7 (`spell.c`'s
//! `cast_chain_lightning`): no direction; sparks leave you in all eight
//! directions and crawl over open floor (never through rock, walls or
//! closed doors), two cells straight on. A spark that reaches a hostile
//! monster shocks it (2d6 and your Int's spell bonus, halved if it passes
//! its resistance check at your level, nothing if it resists shock, and
//! lightning may burn out what it carries) and springs on from it with its
//! strength renewed, straight ahead and to both diagonals; every spark
//! after the first step sends its weaker diagonals only where it still has
//! strength, and each such branch costs a point of power. Peaceful and tame
//! monsters stop a spark unharmed. No cell is crossed twice, and the whole
//! chain covers at most 100 cells.

use crate::dungeon::direction::Way;
use crate::dungeon::rules::destroy::Element;
use crate::dungeon::state::RunState;
use crate::generation::{Dir, Pos};

/// The most cells one casting covers (`CHAIN_LIGHTNING_LIMIT`).
const LIMIT: usize = 100;

/// Where NetHack's round of directions (`xdir`/`ydir`) starts in
/// [`Dir::CLOCKWISE`]: west. A spark's left is one back, its right one on.
const FIRST: usize = 6;

/// A spark: where it is, which way it goes (an index of
/// [`Dir::CLOCKWISE`]), and how
/// many cells it may still cover without a monster to renew it.
#[derive(Clone, Copy)]
struct Spark {
    at: Pos,
    dir: usize,
    strength: u8,
}

/// Cast it (it asks no direction).
pub(crate) fn cast(state: &mut RunState, _: Option<Way>) {
    let me = state.player.pos;
    let mut queue: Vec<Spark> = Vec::new();
    for k in 0..Dir::CLOCKWISE.len() {
        let dir = (FIRST + k) % 8;
        spread(
            state,
            &mut queue,
            Spark {
                at: me,
                dir,
                strength: 2,
            },
        );
    }
    let mut head = 0;
    while head < queue.len() {
        // A generation of sparks at a time, as NetHack draws them.
        let tail = queue.len();
        while head < tail {
            let mut spark = queue[head];
            head += 1;
            if let Some(m) = state.level().monster_at(spark.at) {
                shock(state, m);
            }
            if spark.strength == 0 {
                continue;
            }
            spark.strength -= 1;
            spread(state, &mut queue, spark);
            if spark.strength < 2 {
                spark.strength = 0;
            } else if let Some(g) = state.player.growth.as_mut()
                && g.pw > 0
            {
                g.pw -= 1;
            }
            spark.dir = (spark.dir + 7) % 8;
            spread(state, &mut queue, spark);
            spark.dir = (spark.dir + 2) % 8;
            spread(state, &mut queue, spark);
        }
    }
}

/// The spark moves a cell on (`propagate_chain_lightning`) and joins the
/// queue, unless it cannot go there or has nothing left to do.
fn spread(state: &mut RunState, queue: &mut Vec<Spark>, mut spark: Spark) {
    spark.at = spark.at.step(Dir::CLOCKWISE[spark.dir]);
    if queue.len() >= LIMIT || !open(state, spark.at) {
        return;
    }
    let monster = state.level().monster_at(spark.at).map(|m| {
        let m = &state.level().monsters[m];
        let row = state.content().monster(m.kind);
        (m.peaceful || m.tame, resists_shock(row))
    });
    match monster {
        Some((true, _)) => return,
        Some((false, false)) => spark.strength = 3,
        Some((false, true)) => spark.strength = 0,
        None if spark.strength == 0 => return,
        None => {}
    }
    if queue.iter().any(|s| s.at == spark.at) {
        return;
    }
    queue.push(spark);
}

/// Open space a spark can cross: floor, corridor, an open or broken door.
fn open(state: &RunState, p: Pos) -> bool {
    let map = &state.level().map;
    map.contains(p) && map.tile(p).is_walkable()
}

fn resists_shock(row: &crate::dungeon::content::MonsterRow) -> bool {
    row.resists
        .contains(&crate::dungeon::content::Resistance::Shock)
}

/// A spark reaches hostile monster `m` (`zhitm` with two dice of
/// lightning, cast by you).
fn shock(state: &mut RunState, m: usize) {
    let monster = state.level().monsters[m];
    let row = state.content().monster(monster.kind).clone();
    let seen = crate::dungeon::rules::sight::sees_monster(state, &monster);
    let name = if seen {
        format!("the {}", row.name)
    } else {
        "it".to_string()
    };
    let bonus = state
        .player
        .growth
        .as_ref()
        .map_or(0, |g| g.spell_damage_bonus());
    let rolled = crate::dungeon::dice::roll_dice(2, 6, &mut state.rng);
    let blast = crate::dungeon::rules::zap::spell_damage(rolled, bonus);
    let mut damage = if resists_shock(&row) { 0 } else { blast };
    damage += crate::dungeon::rules::destroy::maybe_theirs(state, m, Element::Lightning, blast);
    let your_level = state.player.growth.as_ref().map_or(1, |g| g.level);
    if damage > 0 && crate::dungeon::rules::zap::resists_magic(state, m, your_level) {
        damage /= 2;
    }
    state.level_mut().monsters[m].asleep = 0;
    if damage > 0 {
        if crate::dungeon::rules::combat::wound(state, m, damage) {
            return;
        }
        let mark = if damage <= 4 { "." } else { "!" };
        state.say(format!("You shock {name}{mark}"));
    } else if seen {
        state.say(format!(
            "{} resists.",
            crate::dungeon::shared::capitalised(&name)
        ));
    }
}
