//! Monsters using what they carry (NetHack 3.7's `muse.c`): a monster
//! with hands and a mind (not `animal`, `mindless` or `nohands`) that
//! carries magic ([`crate::dungeon::Magic`], given when it was made) uses
//! it on its move, as NetHack's `dochug` and `mattacku` have it:
//!
//! - [`defend`], first: hurt (under 10 hit points, or under a fifth of its
//!   most while you are below level 10, a quarter to level 13, a third
//!   after) and within 5 cells of you, it digs down and away, teleports
//!   (wand, then scroll), drinks full, extra or plain healing, or creates a
//!   monster, in that order of preference; a peaceful one only drinks.
//! - [`misc`], when it did not: within 6 cells, it makes itself invisible,
//!   fast, or (below difficulty 6) another monster.
//! - [`attack`], in place of its blow or its step: lined up with you
//!   within 7 cells, it zaps death, sleep, fire, cold, lightning or magic
//!   missile (not from next to you), else striking.
//!
//! It never picks an empty wand; a cursed one explodes one zap in 100.
//! What you see it use is named (a potion it drinks, a wand whose effect
//! shows); what you don't, you hear.

use crate::dungeon::blessing::Blessing;
use crate::dungeon::content::{Content, ItemKind, with_article};
use crate::dungeon::monsters::{Magic, Pace};
use crate::dungeon::rules::sight;
use crate::dungeon::rules::teleport::random_free_cell_here;
use crate::dungeon::rules::traps::shared::{harm_monster, say_of};
use crate::dungeon::shared::{Killer, capitalised};
use crate::dungeon::state::RunState;
use crate::generation::{Dir, Pos, Tile};

/// How far off a monster looks for a defensive item (`dist2` of 25).
const DEFEND_REACH: i32 = 25;
/// How far off it looks for another (`dist2` of 36).
const MISC_REACH: i32 = 36;
/// How far it zaps at you: lined up within 7 cells (`BOLT_LIM` less one).
const ZAP_REACH: i32 = 7;
/// A cursed wand explodes one zap in this many.
const BACKFIRE: u64 = 100;

/// What a thing of magic does, by its row's rule name.
fn does(content: &Content, kind: ItemKind) -> Option<&str> {
    let effect = &content.item(kind).on_pick_up;
    effect.zapped().or(effect.quaffed()).or(effect.read())
}

/// Can monster `m` use what it carries at all (hands and a mind)?
fn able(state: &RunState, m: usize) -> bool {
    let monster = &state.level().monsters[m];
    let row = state.content().monster(monster.kind);
    !(row.animal || row.mindless || row.nohands)
        && monster.magic.iter().any(Option::is_some)
        && monster.asleep == 0
        && monster.disguise.is_none()
}

/// Squared distance between two cells (NetHack's `dist2`).
fn dist2(a: Pos, b: Pos) -> i32 {
    (a.x - b.x).pow(2) + (a.y - b.y).pow(2)
}

/// "The gnome lord", or "It" when you don't see it.
fn subject(state: &RunState, m: usize) -> String {
    let monster = state.level().monsters[m];
    if sight::sees_monster(state, &monster) {
        capitalised(&format!(
            "the {}",
            state.content().monster(monster.kind).name
        ))
    } else {
        "It".to_string()
    }
}

/// Do you see monster `m`?
fn seen(state: &RunState, m: usize) -> bool {
    sight::sees_monster(state, &state.level().monsters[m])
}

/// "an oak wand", "a wand of fire": a thing of `kind` as you know it.
fn named(state: &RunState, kind: ItemKind) -> String {
    with_article(state.discoveries.floor_name(state.content(), kind))
}

/// The slot of the first thing monster `m` carries that `rule` (its rule
/// name and charges) takes.
fn find(state: &RunState, m: usize, rule: impl Fn(&str, &Magic) -> bool) -> Option<usize> {
    let content = state.content();
    let monster = &state.level().monsters[m];
    monster.magic.iter().position(|slot| {
        slot.is_some_and(|magic| does(content, magic.kind).is_some_and(|d| rule(d, &magic)))
    })
}

/// Monster `m` spends a charge of the wand in slot `i` (an empty one
/// stays with it, unused), or uses up the potion or scroll there.
fn spend(state: &mut RunState, m: usize, i: usize) {
    let content = state.setup.content.clone();
    let slot = &mut state.level_mut().monsters[m].magic[i];
    match slot {
        Some(magic) if content.item(magic.kind).on_pick_up.zapped().is_some() => {
            magic.spe = (magic.spe - 1).max(0);
        }
        _ => *slot = None,
    }
}

/// A cursed wand about to be zapped explodes one time in 100 (`precheck`):
/// `d(charges + 2, 6)` to the monster, the wand gone. Returns whether it
/// did (the monster does something else, if it lives).
fn backfires(state: &mut RunState, m: usize, i: usize) -> bool {
    let magic = state.level().monsters[m].magic[i].expect("a thing in the slot");
    if magic.blessing != Blessing::Cursed || state.rng.rn2(BACKFIRE) != 0 {
        return false;
    }
    let who = subject(state, m);
    if seen(state, m) {
        let wand = named(state, magic.kind);
        state.say(format!("{who} zaps {wand}, which suddenly explodes!"));
    } else {
        state.say("You hear a zap and an explosion nearby.");
    }
    state.level_mut().monsters[m].magic[i] = None;
    let damage = crate::dungeon::dice::roll_dice(magic.spe.max(0) as u32 + 2, 6, &mut state.rng);
    harm_monster(state, m, damage);
    true
}

/// The zap of the wand in slot `i` at you or at itself (`mzapwand`): said
/// as you see or hear it, and a charge spent.
fn zap_message(state: &mut RunState, m: usize, i: usize, at_itself: bool) {
    let kind = state.level().monsters[m].magic[i].expect("a wand").kind;
    let wand = named(state, kind);
    if seen(state, m) {
        let who = subject(state, m);
        if at_itself {
            state.say(format!("{who} zaps itself with {wand}!"));
        } else {
            state.say(format!("{who} zaps {wand}!"));
        }
    } else {
        let near = dist2(state.level().monsters[m].pos, state.player.pos) <= 81;
        state.say(if near {
            "You hear a nearby zap."
        } else {
            "You hear a distant zap."
        });
    }
    spend(state, m, i);
}

/// You learn the kind of what monster `m` used, if you saw it.
fn learn_if_seen(state: &mut RunState, m: usize, kind: ItemKind) {
    if seen(state, m) {
        state.discoveries.discover(kind);
    }
}

/// Monster `m`, hurt enough and near enough, digs, teleports, heals or
/// calls help with what it carries (`find_defensive`, `use_defensive`).
/// Returns whether it used its move so.
pub(crate) fn defend(state: &mut RunState, m: usize) -> bool {
    if !able(state, m) {
        return false;
    }
    let monster = state.level().monsters[m];
    if dist2(monster.pos, state.player.pos) > DEFEND_REACH {
        return false;
    }
    let level = state.player.growth.as_ref().map_or(1, |g| g.level);
    let fraction = match level {
        ..10 => 5,
        10..14 => 4,
        _ => 3,
    };
    let (hp, max) = (monster.hp, monster.max_hp);
    if hp >= max || (hp >= 10 && hp * fraction >= max) {
        return false;
    }
    // Peaceful, it only drinks.
    let choice = if monster.peaceful {
        healing(state, m)
    } else {
        best_defence(state, m)
    };
    let Some(i) = choice else {
        return false;
    };
    let magic = state.level().monsters[m].magic[i].expect("chosen");
    let content = state.setup.content.clone();
    let rule = does(&content, magic.kind).unwrap_or_default().to_string();
    let wand = content.item(magic.kind).on_pick_up.zapped().is_some();
    if wand && backfires(state, m, i) {
        return false;
    }
    // Digging and teleporting away are flight (`monflee`).
    if matches!(rule.as_str(), "digging" | "teleportation") {
        let monster = &mut state.level_mut().monsters[m];
        if monster.flees == 0 {
            monster.flees = (33 - 30 * monster.hp / monster.max_hp.max(1)).max(1) as u32;
        }
    }
    match rule.as_str() {
        "digging" => dig_away(state, m, i),
        "teleportation" if wand => {
            zap_message(state, m, i, true);
            teleport_away(state, m, Some(magic.kind));
        }
        "teleportation" => {
            read_message(state, m, magic.kind);
            spend(state, m, i);
            if magic.blessing == Blessing::Cursed {
                level_teleport_away(state, m);
            } else {
                teleport_away(state, m, None);
            }
        }
        "create monster" => {
            zap_message(state, m, i, false);
            let at = state.level().monsters[m].pos;
            let seen_zap = seen(state, m);
            if crate::dungeon::rules::zap::make_monster_next_to(state, at) && seen_zap {
                state.discoveries.discover(magic.kind);
            }
        }
        _ => drink_healing(state, m, i, &rule),
    }
    true
}

/// Its best defence (`find_defensive`'s scan): each thing in turn, one
/// time in three stopping at what it has found; a later thing replaces the
/// choice only if it ranks higher (digging, a wand of teleportation, the
/// scroll, full, extra healing, create monster, healing).
fn best_defence(state: &mut RunState, m: usize) -> Option<usize> {
    let content = state.setup.content.clone();
    let monster = state.level().monsters[m];
    let row = content.monster(monster.kind);
    let mut best: Option<(usize, u32)> = None;
    for (i, slot) in monster.magic.iter().enumerate() {
        if best.is_some() && state.rng.rn2(3) == 0 {
            break;
        }
        let Some(magic) = slot else { continue };
        let wand = content.item(magic.kind).on_pick_up.zapped().is_some();
        let rank = match does(&content, magic.kind) {
            Some("digging")
                if wand && magic.spe > 0 && !row.role.keeps_post() && can_dig(state, m) =>
            {
                0
            }
            Some("teleportation") if wand && magic.spe > 0 => 1,
            Some("teleportation") if !wand => 2,
            Some("full healing") => 3,
            Some("extra healing") => 4,
            Some("create monster") if wand && magic.spe > 0 => 5,
            Some("healing") => 6,
            _ => continue,
        };
        if best.is_none_or(|(_, r)| rank < r) {
            best = Some((i, rank));
        }
    }
    best.map(|(i, _)| i)
}

/// Its best healing potion (`m_use_healing`): full, extra, then plain.
fn healing(state: &RunState, m: usize) -> Option<usize> {
    ["full healing", "extra healing", "healing"]
        .into_iter()
        .find_map(|want| find(state, m, |d, _| d == want))
}

/// Can monster `m` dig down where it stands: plain diggable floor, no trap
/// but a pit, web or bear trap, a level below?
fn can_dig(state: &RunState, m: usize) -> bool {
    let at = state.level().monsters[m].pos;
    let level = state.level();
    let trap_ok = level.trap_at(at).is_none_or(|t| {
        let rule = &state.content().trap(level.traps[t].kind).rule;
        rule == "Pit" || rule == "Hold"
    });
    level.map.tile(at) == Tile::Floor
        && !level.marked_undiggable(at)
        && trap_ok
        && state.depth < state.plan.len()
}

/// A wand of digging zapped down: a hole, and the monster falls through
/// to the next level (NetHack's `use_defensive` `MUSE_WAN_DIGGING`).
fn dig_away(state: &mut RunState, m: usize, i: usize) {
    let kind = state.level().monsters[m].magic[i].expect("a wand").kind;
    zap_message(state, m, i, false);
    learn_if_seen(state, m, kind);
    let at = state.level().monsters[m].pos;
    let was_seen = seen(state, m);
    let who = subject(state, m);
    if was_seen {
        state.say(format!("{who} has made a hole in the floor."));
        state.say(format!("{who} falls through..."));
    } else {
        state.say("You hear something crash through the floor.");
    }
    if let Some(hole) = state.content().trap_kind("hole") {
        state.level_mut().traps.retain(|t| t.pos != at);
        state.level_mut().traps.push(crate::dungeon::traps::Trap {
            kind: hole,
            pos: at,
            seen: was_seen,
            launch: None,
        });
    }
    let below = state.depth + 1;
    crate::dungeon::rules::traps::send_monster(state, m, below);
}

/// Monster `m` goes to a random free cell of the level (`m_tele`); seen
/// going, the wand (if it was one) is known.
fn teleport_away(state: &mut RunState, m: usize, wand: Option<ItemKind>) {
    let was_seen = seen(state, m);
    if let Some(kind) = wand
        && was_seen
    {
        state.discoveries.discover(kind);
    }
    let Some(to) = random_free_cell_here(state) else {
        return;
    };
    let who = subject(state, m);
    state.level_mut().monsters[m].pos = to;
    let seen_now = seen(state, m);
    match (was_seen, seen_now) {
        (true, true) => state.say(format!("{who} vanishes and reappears.")),
        (true, false) => state.say(format!("{who} vanishes!")),
        (false, true) => say_of(state, m, "{M} appears!"),
        (false, false) => {}
    }
}

/// A cursed scroll of teleportation sends monster `m` to another level
/// (`random_teleport_level`, then `migrate_to_level`): gone from here
/// unsaid, or, with nowhere else to go, "The gnome shudders for a moment."
fn level_teleport_away(state: &mut RunState, m: usize) {
    match crate::dungeon::rules::teleport::random_teleport_level(state) {
        Some(to) if to != state.depth => {
            crate::dungeon::rules::traps::send_monster(state, m, to);
        }
        _ => say_of(state, m, "{M} shudders for a moment."),
    }
}

/// Monster `m` reads a scroll of `kind` (`mreadmsg`): seen, "The gnome
/// reads a scroll labelled FOO!"; heard, "You hear a gnome incant FOO.".
fn read_message(state: &mut RunState, m: usize, kind: ItemKind) {
    let scroll = named(state, kind);
    if seen(state, m) {
        let who = subject(state, m);
        state.say(format!("{who} reads {scroll}!"));
    } else {
        let name = &state.content().monster(state.level().monsters[m].kind).name;
        let who = with_article(name);
        let look = state.discoveries.floor_name(state.content(), kind);
        match look.strip_prefix("scroll labelled ") {
            Some(label) => state.say(format!("You hear {who} incant {label}.")),
            None => state.say(format!("You hear {who} reading {scroll}.")),
        }
    }
}

/// Monster `m` drinks the healing potion in slot `i` (`use_defensive`'s
/// potions): healing `d(6 + 2 × bcsign, 4)`, extra `d(6 + 2 × bcsign, 8)`,
/// past its most raising that by 1 (extra: 2, blessed 5); full healing
/// raises its most by 4 (blessed 8) and heals it all.
fn drink_healing(state: &mut RunState, m: usize, i: usize, rule: &str) {
    let magic = state.level().monsters[m].magic[i].expect("a potion");
    let was_seen = seen(state, m);
    if was_seen {
        let who = subject(state, m);
        let potion = named(state, magic.kind);
        state.say(format!("{who} drinks {potion}!"));
    } else {
        state.say("You hear a chugging sound.");
    }
    spend(state, m, i);
    let sign: i32 = match magic.blessing {
        Blessing::Blessed => 1,
        Blessing::Uncursed => 0,
        Blessing::Cursed => -1,
    };
    let blessed = magic.blessing == Blessing::Blessed;
    let dice = (6 + 2 * sign).max(1) as u32;
    let (heal, raise, looks) = match rule {
        "full healing" => (
            i32::MAX,
            if blessed { 8 } else { 4 },
            "looks completely healed",
        ),
        "extra healing" => {
            let d = crate::dungeon::dice::roll_dice(dice, 8, &mut state.rng);
            (d, if blessed { 5 } else { 2 }, "looks much better")
        }
        _ => (
            crate::dungeon::dice::roll_dice(dice, 4, &mut state.rng),
            1,
            "looks better",
        ),
    };
    let monster = &mut state.level_mut().monsters[m];
    let healed = monster.hp.saturating_add(heal);
    if healed > monster.max_hp || rule == "full healing" {
        monster.max_hp += raise;
        monster.hp = monster.max_hp;
    } else {
        monster.hp = healed;
    }
    if was_seen {
        let who = subject(state, m);
        state.say(format!("{who} {looks}."));
        state.discoveries.discover(magic.kind);
    }
}

/// Monster `m`, near enough, makes itself invisible, fast or another
/// monster with what it carries (`find_misc`, `use_misc`). Returns whether
/// it used its move so.
pub(crate) fn misc(state: &mut RunState, m: usize) -> bool {
    if !able(state, m) {
        return false;
    }
    let monster = state.level().monsters[m];
    if dist2(monster.pos, state.player.pos) > MISC_REACH {
        return false;
    }
    let content = state.setup.content.clone();
    let difficulty = content.monster(monster.kind).difficulty;
    let sees_invisible =
        crate::dungeon::rules::grow::has(state, crate::dungeon::hero::Intrinsic::SeeInvisible);
    let wants = |d: &str, magic: &Magic| {
        let charged = magic.spe > 0;
        match d {
            "make invisible" => {
                charged && !monster.invisible && (!monster.peaceful || sees_invisible)
            }
            "speed monster" => charged && monster.pace != Pace::Fast,
            "polymorph" => charged && difficulty < 6,
            _ => false,
        }
    };
    let Some(i) = ["make invisible", "speed monster", "polymorph"]
        .into_iter()
        .find_map(|want| find(state, m, |d, magic| d == want && wants(d, magic)))
    else {
        return false;
    };
    let magic = monster.magic[i].expect("chosen");
    if backfires(state, m, i) {
        return false;
    }
    let was_seen = seen(state, m);
    zap_message(state, m, i, true);
    let rule = does(&content, magic.kind).unwrap_or_default();
    let shown = match rule {
        "make invisible" => {
            state.level_mut().monsters[m].invisible = true;
            if was_seen && sees_invisible {
                say_of(state, m, "{M}'s body takes on a strange transparency.");
            } else if was_seen {
                let name = &content.monster(monster.kind).name;
                state.say(format!("Suddenly you cannot see the {name}."));
            }
            was_seen
        }
        "speed monster" => {
            let now = match monster.pace {
                Pace::Slow => Pace::Normal,
                _ => Pace::Fast,
            };
            state.level_mut().monsters[m].pace = now;
            say_of(state, m, "{M} is suddenly moving faster.");
            was_seen
        }
        _ => crate::dungeon::rules::zap::transform(state, m),
    };
    if shown && was_seen {
        state.discoveries.discover(magic.kind);
    }
    true
}

/// Monster `m`, hostile and lined up with you, zaps a wand at you in place
/// of its blow or its step (`find_offensive`, `use_offensive`). Returns
/// whether it did.
pub(crate) fn attack(state: &mut RunState, m: usize) -> bool {
    if !able(state, m) || state.level().monsters[m].peaceful {
        return false;
    }
    let from = state.level().monsters[m].pos;
    // Where it believes you are: an invisible you may be elsewhere
    // (`mux`, `muy`).
    let target = state.level().monsters[m]
        .you_seem_at
        .unwrap_or(state.player.pos);
    let Some(way) = lined_up(state, from, target) else {
        return false;
    };
    let next_to = from.distance(target) <= 1;
    let asleep = state.asleep > 0;
    // Rays not from next to you; sleep not at one already asleep.
    let rays = [
        "death",
        "sleep",
        "fire",
        "cold",
        "lightning",
        "magic missile",
    ];
    let choice = rays
        .into_iter()
        .filter(|_| !next_to)
        .filter(|&r| !(r == "sleep" && asleep))
        .chain(["striking"])
        .find_map(|want| find(state, m, |d, magic| d == want && magic.spe > 0));
    let Some(i) = choice else {
        // No wand to zap: a potion of sleeping to hurl, after the wands in
        // `find_offensive`'s order.
        return match find(state, m, |d, _| d == "sleeping") {
            Some(i) => {
                hurl(state, m, i);
                true
            }
            None => false,
        };
    };
    let magic = state.level().monsters[m].magic[i].expect("chosen");
    if backfires(state, m, i) {
        return false;
    }
    zap_message(state, m, i, false);
    let content = state.setup.content.clone();
    let rule = does(&content, magic.kind).unwrap_or_default();
    if rule == "striking" {
        strike(state, m, magic.kind, way);
    } else {
        learn_if_seen(state, m, magic.kind);
        crate::dungeon::rules::zap::monster_ray(state, rule, from, way);
    }
    true
}

/// What a thrown potion is called as it breaks on you (NetHack's
/// `bottlename`).
const BOTTLES: [&str; 7] = [
    "bottle", "phial", "flagon", "carafe", "flask", "jar", "vial",
];

/// Monster `m` hurls the potion in slot `i` at you, lined up with nothing
/// between (`use_offensive`, `m_throw`, `potionhit`): "The gnome lord
/// hurls a pink potion!"; it breaks on your head for 1 or 2 hit points,
/// and you breathe its vapour (`potionbreathe`: sleeping, you sleep 1 to 5
/// turns, unless free action or sleep resistance makes you only yawn). A
/// potion seen hurled is known by its vapour.
fn hurl(state: &mut RunState, m: usize, i: usize) {
    let kind = state.level().monsters[m].magic[i].expect("a potion").kind;
    let was_seen = seen(state, m);
    if was_seen {
        let who = subject(state, m);
        let potion = named(state, kind);
        state.say(format!("{who} hurls {potion}!"));
    }
    spend(state, m, i);
    let bottle = BOTTLES[state.rng.rn2(BOTTLES.len() as u64) as usize];
    state.say(format!(
        "The {bottle} crashes on your head and breaks into shards."
    ));
    state.player.hp -= state.rng.rnd(2) as i32;
    if state.die_if_spent(Killer::Thrown("thrown potion")) {
        return;
    }
    let content = state.setup.content.clone();
    let resists =
        crate::dungeon::rules::grow::has(state, crate::dungeon::hero::Intrinsic::SleepResistance)
            || crate::dungeon::rules::powers::has(
                &state.player,
                &content,
                crate::dungeon::rules::powers::Power::FreeAction,
            );
    if resists {
        state.say("You yawn.");
    } else {
        state.say("You feel rather tired.");
        let turns = state.rng.rnd(5) as u32;
        state.asleep = state.asleep.max(turns);
    }
    if was_seen {
        state.discoveries.discover(kind);
    }
}

/// A wand of striking's beam at you (`mbhitm`): 6 to 13 cells; it hits
/// when `rnd(20) < 10 + your AC`, for 2d12.
fn strike(state: &mut RunState, m: usize, kind: ItemKind, way: Dir) {
    let from = state.level().monsters[m].pos;
    let range = state.rng.rn1(8, 6) as u32;
    // The beam goes `range` cells that way, stopped by what it can't pass;
    // aimed where an invisible you only seemed to be, it may find nobody.
    let level = state.level();
    let mut at = from;
    let reaches = (0..range).any(|_| {
        at = at.step(way);
        at == state.player.pos
            || !(level.map.contains(at) && level.map.tile(at).is_walkable())
            || level.monster_at(at).is_some()
    }) && at == state.player.pos;
    if !reaches {
        return;
    }
    let ac = crate::dungeon::rules::wear::armour_class(&state.player, state.content());
    if (state.rng.rnd(20) as i32) < 10 + ac {
        state.say("The wand hits you!");
        learn_if_seen(state, m, kind);
        let damage = crate::dungeon::dice::roll_dice(2, 12, &mut state.rng);
        state.player.hp -= damage;
        state.die_if_spent(Killer::Zap("wand"));
    } else {
        state.say("The wand misses you.");
    }
}

/// The way from `from` to `to` (where a monster believes you are) when in
/// a line with it (a row, a column or a diagonal) within [`ZAP_REACH`],
/// nothing but floor and open doors between (NetHack's `lined_up`).
fn lined_up(state: &RunState, from: Pos, to: Pos) -> Option<Dir> {
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let far = dx.abs().max(dy.abs());
    let straight = dx == 0 || dy == 0 || dx.abs() == dy.abs();
    if !straight || far == 0 || far > ZAP_REACH {
        return None;
    }
    let way = Dir::ALL
        .into_iter()
        .find(|&d| d.delta() == (dx.signum(), dy.signum()))?;
    let level = state.level();
    let mut at = from.step(way);
    while at != to {
        if !level.map.tile(at).is_walkable()
            || level.has_boulder(at)
            || level.monster_at(at).is_some()
        {
            return None;
        }
        at = at.step(way);
    }
    Some(way)
}
