//! What magic a new monster carries to use (NetHack 3.7's `makemon`: one
//! item to attack with when its level beats `rn2(75)` and it fights with
//! weapons, one to defend itself with when its level beats `rn2(50)`, one
//! for anything else when it beats `rn2(100)`), drawn from `muse.c`'s
//! `rnd_offensive_item`, `rnd_defensive_item` and `rnd_misc_item` by the
//! monster's difficulty. An animal or a mindless monster gets none. A
//! draw naming a thing this game has no row for (a scroll of create
//! monster, a potion of acid or of speed...) gives nothing, as a 0 does
//! there. A row may add its own ([`with_own`]: a shopkeeper's wands and
//! potions). Made on a hero's levels only, from a stream of its own, so the
//! nameless hero's monsters carry what they always did.

use crate::dungeon::content::{Content, MonsterRow};
use crate::dungeon::kinds::blessings;
use crate::dungeon::monsters::{MAX_MAGIC, Magic};
use crate::generation::MineRng;

/// The magic a new monster of `row` (`peaceful` or not) carries, drawn from
/// `rng`: the attacking, the defending, then the other.
pub(crate) fn carried(
    content: &Content,
    row: &MonsterRow,
    peaceful: bool,
    rng: &mut MineRng,
) -> [Option<Magic>; MAX_MAGIC] {
    let mut out = [None; MAX_MAGIC];
    if row.animal || row.mindless {
        return out;
    }
    let level = row.level.max(0) as u64;
    let diff = row.difficulty;
    let mut ids: [Option<&str>; MAX_MAGIC] = [None; MAX_MAGIC];
    if row.weapon_attack && level > rng.rn2(75) {
        ids[0] = offensive(diff, rng);
    }
    if level > rng.rn2(50) {
        ids[1] = defensive(row, diff, rng);
    }
    if level > rng.rn2(100) {
        ids[2] = misc(row, diff, peaceful, rng);
    }
    for (slot, id) in out.iter_mut().zip(ids) {
        *slot = id
            .and_then(|id| content.item_kind(id))
            .map(|kind| made(content, kind, rng));
    }
    out
}

/// `magic` with the magic of `row`'s own list added in its free slots
/// (`m_initinv`: a tail of [`MonsterRow::magic_from`], from `rn2` of its
/// length on), drawn from `rng`.
pub(crate) fn with_own(
    content: &Content,
    row: &MonsterRow,
    mut magic: [Option<Magic>; MAX_MAGIC],
    rng: &mut MineRng,
) -> [Option<Magic>; MAX_MAGIC] {
    if row.magic_from.is_empty() {
        return magic;
    }
    let first = rng.rn2(row.magic_from.len() as u64) as usize;
    for id in &row.magic_from[first..] {
        let Some(kind) = content.item_kind(id) else {
            continue;
        };
        let thing = made(content, kind, rng);
        if let Some(slot) = magic.iter_mut().find(|s| s.is_none()) {
            *slot = Some(thing);
        }
    }
    magic
}

/// A new thing of `kind`: its charges if a wand, its blessing.
fn made(content: &Content, kind: crate::dungeon::content::ItemKind, rng: &mut MineRng) -> Magic {
    let spe = content.item(kind).on_pick_up.charges().map_or(0, |range| {
        crate::dungeon::dice::between(rng, range).min(100) as i8
    });
    let (blessing, _) = blessings::draw(content.curse_odds(kind), rng);
    Magic {
        kind,
        spe,
        blessing,
    }
}

/// `rnd_offensive_item`: a wand of death one time in 35 past difficulty 7;
/// else by `rn2(8)` (to difficulty 3), `rn2(9)` (4 to 6) or `rn2(13)`.
fn offensive(diff: u32, rng: &mut MineRng) -> Option<&'static str> {
    if diff > 7 && rng.rn2(35) == 0 {
        return Some("wand_of_death");
    }
    let n = 9 - u64::from(diff < 4) + 4 * u64::from(diff > 6);
    Some(match rng.rn2(n) {
        // 0 is a scroll of earth for a hard-hatted monster; none is worn
        // yet when it is drawn, so striking.
        0 | 1 => "wand_of_striking",
        2 => "potion_of_acid",
        3 => "potion_of_confusion",
        4 => "potion_of_blindness",
        5 => "potion_of_sleeping",
        6 => "potion_of_paralysis",
        7 | 8 => "wand_of_magic_missile",
        9 => "wand_of_sleep",
        10 => "wand_of_fire",
        11 => "wand_of_cold",
        _ => "wand_of_lightning",
    })
}

/// `rnd_defensive_item`: by `rn2(8)`, one more past difficulty 3, 6 and 8.
fn defensive(row: &MonsterRow, diff: u32, rng: &mut MineRng) -> Option<&'static str> {
    let n = 8 + u64::from(diff > 3) + u64::from(diff > 6) + u64::from(diff > 8);
    let roll = rng.rn2(n);
    Some(match roll {
        6 | 9 if rng.rn2(3) == 0 => "wand_of_teleportation",
        0 | 1 | 6 | 9 => "scroll_of_teleportation",
        8 | 10 if rng.rn2(3) == 0 => "wand_of_create_monster",
        2 | 8 | 10 => "scroll_of_create_monster",
        3 => "potion_of_healing",
        4 => "potion_of_extra_healing",
        5 => "potion_of_full_healing",
        // A shopkeeper or a priest never digs its way out.
        _ if row.role.keeps_post() => return None,
        _ => "wand_of_digging",
    })
}

/// `rnd_misc_item`: polymorph one time in 30 below difficulty 6, life
/// saving one time in 40 for the living, else speed, invisibility or gain
/// level, one in three each.
fn misc(row: &MonsterRow, diff: u32, peaceful: bool, rng: &mut MineRng) -> Option<&'static str> {
    let potion_or_wand = |rng: &mut MineRng, potion, wand| {
        if rng.rn2(6) != 0 { potion } else { wand }
    };
    if diff < 6 && rng.rn2(30) == 0 {
        return Some(potion_or_wand(
            rng,
            "potion_of_polymorph",
            "wand_of_polymorph",
        ));
    }
    if rng.rn2(40) == 0 && !row.nonliving {
        return Some("amulet_of_life_saving");
    }
    match rng.rn2(3) {
        // (NetHack's vault guard gets no speed; the Mines have none.)
        0 => Some(potion_or_wand(
            rng,
            "potion_of_speed",
            "wand_of_speed_monster",
        )),
        // A peaceful monster turns invisible only for a hero who would
        // see it anyway; the hero here is not asked, so never.
        1 if peaceful => None,
        1 => Some(potion_or_wand(
            rng,
            "potion_of_invisibility",
            "wand_of_make_invisible",
        )),
        _ => Some("potion_of_gain_level"),
    }
}
