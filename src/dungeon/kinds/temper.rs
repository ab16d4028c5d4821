//! Who a stocking line's monster turns out to be, and whether it is peaceful,
//! given the run's hero (NetHack's `create_monster` in `sp_lev.c` and
//! `makemon`'s `peace_minded`).
//!
//! A run without a hero is stocked as before heroes: a line's `peaceful` or
//! `peaceful_to_nameless` makes its monsters peaceful, and no roll is drawn.
//! With a hero, every roll comes from the level's `temper` stream, so the
//! level's map, items and monsters' cells are the same whoever you are.

use crate::dungeon::content::{MonsterKind, Spawn};
use crate::dungeon::hero::peace_minded;
use crate::dungeon::kinds::classes;
use crate::dungeon::kinds::kind::KindContext;
use crate::generation::MineRng;

/// The stream a hero's rolls come from, named after what it decides.
pub(crate) const STREAM: &str = "temper";

/// What a line's monster turned out to be.
pub(crate) struct Settled {
    pub kind: MonsterKind,
    pub peaceful: bool,
    /// A random monster in its place (it may bring its group).
    pub random: bool,
}

/// The monster a line placed as `kind`, and whether it is peaceful. For a
/// hero whose race calls the Mines home (a gnome or a dwarf), two in three of
/// its own race's monsters are a random monster instead (NetHack's
/// `rndmonst`). Then a line's `peaceful` or `hostile` holds, else your race
/// and alignment decide (`peace_minded`).
pub(crate) fn settle(
    ctx: &KindContext,
    kind: MonsterKind,
    spawn: &Spawn,
    rng: &mut MineRng,
) -> Settled {
    let Some(hero) = ctx.hero else {
        let peaceful = spawn.peaceful || spawn.peaceful_to_nameless;
        return Settled {
            kind,
            peaceful,
            random: false,
        };
    };
    let content = ctx.content;
    let mut kind = kind;
    let mut random = false;
    let rows = content.heroes();
    if hero.race(rows).mines_home
        && hero.is_own_race(rows, content.monster(kind).race.as_deref())
        && rng.rn2(3) != 0
    {
        let you = content.player().level;
        if let Some(k) = classes::random_monster(content, ctx.difficulty, you, rng) {
            kind = k;
            random = true;
        }
    }
    let peaceful = if spawn.peaceful {
        true
    } else if spawn.hostile {
        false
    } else {
        peace_minded(content.heroes(), hero, content.monster(kind).nature(), rng)
    };
    Settled {
        kind,
        peaceful,
        random,
    }
}
