//! Trap victims (NetHack 3.7's `mktrap_victim`, in `mklev.c`): "the hero
//! isn't the only person who's entered the dungeon in search of treasure."
//! On the shallowest levels a trap made at random may already have killed
//! someone, who lies on it: the missile it left (an arrow trap's arrow, a
//! dart trap's dart, a falling rock trap's rock), one random possession or
//! more, and their corpse, long dead.
//!
//! Each trap a row marks `victim` gets one when the level's difficulty is at
//! most rnd(4): always at Dlvl 1, half the time at 3, a quarter at 4, never
//! below (so in the Mines, only on their top levels). A rolling boulder trap
//! with no boulder to roll has killed nobody. A possession is a weapon, a
//! tool, food or a gem, each as likely, and another comes one time in five.
//! The corpse is an elf's 1 time in 15 (here a human's: there is no elf
//! row), a dwarf's 2, an orc's 3, a gnome's 4 (with a candle one time in
//! ten, tallow 3 in 4; NetHack lights it in the dark), else a human's (NetHack's
//! is a fallen adventurer's, an archeologist's to a wizard's, 24 in 25).
//! The possessions are cursed, as NetHack curses them, in a hero's run (the
//! nameless hero's runs curse nothing, as before blessings).

use crate::dungeon::blessing::Blessing;
use crate::dungeon::content::{Content, ItemKind, MonsterKind};
use crate::dungeon::items::{Corpse, Item, STOCKED_AT, TAINT_AGE, rot_time};
use crate::dungeon::kinds::kind::Ids;
use crate::dungeon::kinds::objects;
use crate::dungeon::seeds::named_stream_seed;
use crate::dungeon::traps::Trap;
use crate::generation::MineRng;

/// The classes of a victim's possessions, each as likely.
const POSSESSIONS: [char; 4] = [')', '(', '%', '*'];

/// The belongings and corpses of the victims of `traps` (the level's
/// random ones) at difficulty `dlvl`, drawn from the level's stream
/// "victims"; `hero`: the run has a hero, whose finds are cursed.
pub(crate) fn victims(
    content: &Content,
    traps: &[Trap],
    (dlvl, level_seed): (u32, u64),
    hero: bool,
    ids: &mut Ids,
) -> Vec<Item> {
    let mut rng = MineRng::from_seed(named_stream_seed(level_seed, "victims"));
    let mut left = Vec::new();
    for t in traps {
        let row = content.trap(t.kind);
        if !row.victim || dlvl > rng.rnd(4) as u32 {
            continue;
        }
        // A rolling boulder trap with nothing to roll killed nobody.
        if row.rule == "RollingBoulder" && t.launch.is_none() {
            continue;
        }
        let mut put = |kind: ItemKind, ids: &mut Ids, blessing: Blessing| {
            left.push(Item {
                blessing,
                ..Item::new(ids.next_id(), kind, t.pos, 1)
            });
        };
        if let Some(id) = &row.leaves {
            put(
                content.item_kind(id).expect("checked content"),
                ids,
                Blessing::Uncursed,
            );
        }
        loop {
            let class = POSSESSIONS[rng.rn2(4) as usize];
            if let Some(kind) = objects::random_of_class(content, class, hero, &mut rng) {
                let cursed = if hero {
                    Blessing::Cursed
                } else {
                    Blessing::Uncursed
                };
                put(kind, ids, cursed);
            }
            if rng.rn2(5) != 0 {
                break;
            }
        }
        let (whose, candle) = corpse_of(content, &mut rng);
        if let Some(candle) = candle {
            put(candle, ids, Blessing::Uncursed);
        }
        if let (Some(whose), Some(item)) = (whose, content.corpse_kind()) {
            // Died too long ago to eat safely; it rots as a fresh one would
            // from the level's first visit (NetHack starts its timer first).
            let rots_at = rot_time(STOCKED_AT, &mut rng);
            left.push(Item {
                corpse: Some(Corpse {
                    of: whose,
                    died: (STOCKED_AT - (TAINT_AGE + 1)) as i64,
                    rots_at,
                }),
                ..Item::new(ids.next_id(), item, t.pos, 1)
            });
        }
    }
    left
}

/// Whose corpse a victim leaves, by NetHack's rn2(15), and the candle a
/// gnome had. A kind the content has no row for leaves none. The living
/// kinds are the rows whose corpse is theirs: the dwarf's and gnome's own,
/// the orc's and human's their zombies'.
fn corpse_of(content: &Content, rng: &mut MineRng) -> (Option<MonsterKind>, Option<ItemKind>) {
    let kind = |id: &str| content.monster_kind(id);
    let human = || kind("human_zombie");
    match rng.rn2(15) {
        // An elf's (no elf row here: a human's, as NetHack's is on a
        // sleeping gas trap, since elves resist sleep early).
        0 => (human(), None),
        1 | 2 => (kind("dwarf"), None),
        3..=5 => (kind("orc_zombie"), None),
        6..=9 => {
            let candle = (rng.rn2(10) == 0).then(|| {
                let id = if rng.rn2(4) != 0 {
                    "tallow_candle"
                } else {
                    "wax_candle"
                };
                content.item_kind(id)
            });
            (kind("gnome"), candle.flatten())
        }
        _ => (human(), None),
    }
}
