//! `t` and a letter throws that thing, `f` fires what is in the quiver, `Q`
//! and a letter readies a thing there; the throw and the fire ask which way
//! (NetHack 3.7's `dothrow.c`).
//!
//! A volley: a stack of ammunition shot from its launcher, of missiles, or
//! of daggers and spears, may fly as more than one: one more at Skilled,
//! two at Expert (one for a Tourist but with darts, or a hero of Dexterity 6
//! or less), one more for a Samurai's ya from her yumi, a Caveman's sling
//! stones or spears, a gnome's crossbow bolts; then `rnd` of that many
//! ("You shoot 2 ya."). Each flies Strength/2 less a cell per 40 of its
//! weight (ammunition one more from its launcher, half without; crossbow
//! bolts 8), up to a wall, a closed door or a boulder, and stops at the
//! first monster, where it hits when `-1 + Luck + AC + level + Dexterity's
//! bonus + 3 − distance (at least −4) + the target's size + its own bonus
//! and enchantment` (+2 for a thing made to be thrown, −2 for one that is
//! not, −4 for ammunition without its launcher, the launcher's enchantment
//! and skill with it) is at least a d20. What hits does its damage (1d2 for
//! ammunition without its launcher), the thrower's strength bonus but for a
//! shot, the skill's bonus; ammunition and missiles that hit break one time
//! in two or so (`should_mulch_missile`). The rest lands where it stopped.

use crate::dungeon::blessing::Blessing;
use crate::dungeon::content::Size;
use crate::dungeon::direction::{IN_WHAT_DIRECTION, Then, Way};
use crate::dungeon::effects::{Ranged, WeaponUse};
use crate::dungeon::hero::attributes::{self, Attribute};
use crate::dungeon::rules::carry::{describe_carried, find, held, laid_down};
use crate::dungeon::rules::weld::{weld_message, welded};
use crate::dungeon::shared::inventory_letter;
use crate::dungeon::state::{Carried, RunState};
use crate::generation::{Dir, Pos};

/// Crossbow bolts fly this far whatever your strength (NetHack's `BOLT_LIM`).
const BOLT_RANGE: i32 = 8;

/// `t`: the thing of `letter` is thrown, once the way is given.
pub(crate) fn throw_what(state: &mut RunState, letter: u8) -> Then {
    let Some(i) = held(state, letter) else {
        return Then::Done(false);
    };
    match can_let_go(state, i) {
        true => Then::Ask(IN_WHAT_DIRECTION),
        false => Then::Done(false),
    }
}

/// The way a throw was given: throw it.
pub(crate) fn throw_toward(state: &mut RunState, letter: u8, way: Way) -> bool {
    let (Some(i), Some(d)) = (find(&state.player, letter), way.dir()) else {
        return false;
    };
    if !can_let_go(state, i) {
        return false;
    }
    volley(state, i, d);
    true
}

/// `f`: fire (or throw) what is in the quiver that way.
pub(crate) fn fire(state: &mut RunState, way: Way) -> bool {
    let Some(i) = state.player.inventory.iter().position(|c| c.quivered) else {
        state.say("You have no ammunition readied.");
        return false;
    };
    let Some(d) = way.dir() else {
        return false;
    };
    if !can_let_go(state, i) {
        return false;
    }
    volley(state, i, d);
    true
}

/// `Q`: ready the thing of `letter` in the quiver (no turn, as NetHack's).
pub(crate) fn quiver(state: &mut RunState, letter: u8) -> bool {
    let Some(i) = held(state, letter) else {
        return false;
    };
    let c = state.player.inventory[i];
    if c.worn {
        state.say("You cannot ready that!");
        return false;
    }
    if c.wielded {
        state.say("You are wielding that!");
        return false;
    }
    for other in &mut state.player.inventory {
        other.quivered = false;
    }
    state.player.inventory[i].quivered = true;
    let c = state.player.inventory[i];
    let name = describe_carried(state.content(), &state.discoveries, &c);
    state.say(format!("{} - {name}.", inventory_letter(c.letter)));
    false
}

/// Can the thing at pack place `i` leave your hands: not worn, not a
/// cursed weapon welded to them, not a cursed loadstone?
fn can_let_go(state: &mut RunState, i: usize) -> bool {
    let c = state.player.inventory[i];
    if c.worn {
        state.say("You cannot throw something you are wearing.");
        return false;
    }
    if welded(state.content(), &c) {
        weld_message(state, &c);
        return false;
    }
    if state.content().item(c.kind).on_pick_up.cursed() && c.blessing == Blessing::Cursed {
        state.say("For some reason, you cannot throw the stone!");
        state.player.inventory[i].blessing_known = true;
        return false;
    }
    true
}

/// The launcher you wield, if the thing of `weapon` is its ammunition.
fn launcher_for(state: &RunState, weapon: Option<WeaponUse>) -> Option<(Carried, WeaponUse)> {
    let ammo = weapon.filter(|w| w.ranged == Ranged::Ammo)?;
    let content = state.content();
    let wielded = state.player.inventory.iter().find(|c| c.wielded).copied()?;
    let use_ = content.item(wielded.kind).on_pick_up.wielded_as()?;
    (use_.ranged == Ranged::Launcher && use_.skill == ammo.skill).then_some((wielded, use_))
}

/// Throw (or shoot) as many of the stack at pack place `i` as the volley
/// comes to, that way; each flies on its own.
fn volley(state: &mut RunState, i: usize, d: Dir) {
    // Throwing rubs the dust you stand on (`u_wipe_engr(2)`).
    crate::dungeon::rules::floor_writing::wipe(state, state.player.pos, 2);
    let c = state.player.inventory[i];
    let content = state.setup.content.clone();
    let row = content.item(c.kind);
    let weapon = row.on_pick_up.wielded_as();
    let launcher = launcher_for(state, weapon);
    let n = volley_size(state, &c, weapon, launcher);
    if n > 1 {
        let verb = if launcher.is_some() { "shoot" } else { "throw" };
        let name =
            crate::dungeon::discoveries::plural(state.discoveries.pack_name(&content, c.kind));
        state.say(format!("You {verb} {n} {name}."));
    }
    for shot in 1..=n {
        let Some(at) = state.player.inventory.iter().position(|x| x.id == c.id) else {
            break;
        };
        let one = take_one(state, at);
        let nth = (n > 1).then_some(shot);
        fly(state, one, d, launcher, nth);
        if state.is_over() {
            break;
        }
    }
}

/// How many fly at once (`throw_obj`'s multishot).
fn volley_size(
    state: &mut RunState,
    c: &Carried,
    weapon: Option<WeaponUse>,
    launcher: Option<(Carried, WeaponUse)>,
) -> u32 {
    let Some(w) = weapon else {
        return 1;
    };
    let content = state.setup.content.clone();
    let (Some(g), Some(hero)) = (&state.player.growth, state.player.hero) else {
        return 1;
    };
    let stack = match w.ranged {
        Ranged::Ammo => launcher.is_some(),
        r => r.stacks(),
    };
    if c.quantity < 2 || !stack {
        return 1;
    }
    use crate::dungeon::skills::{Skill, SkillLevel};
    let rows = content.heroes();
    let role = hero.role(rows).id.as_str();
    let race = hero.race(rows).id.as_str();
    // Some roles get no volley bonus below Expert (`weakmultishot`).
    let weak = matches!(role, "wizard" | "priest")
        || (role == "healer" && w.skill != Skill::Knife)
        || (role == "tourist" && w.skill != Skill::Dart)
        || g.attribute(Attribute::Dex) <= 6;
    let mut n = 1;
    match g.skills.level(w.skill) {
        SkillLevel::Expert | SkillLevel::Master | SkillLevel::GrandMaster => {
            n += 1 + u32::from(!weak)
        }
        SkillLevel::Skilled => n += u32::from(!weak),
        _ => {}
    }
    // The role's own gear (`multishot_class_bonus`).
    let kind_id = |k| content.item(k).id.as_str();
    n += match role {
        "caveman" => u32::from(matches!(w.skill, Skill::Sling | Skill::Spear)),
        "rogue" => u32::from(w.skill == Skill::Dagger),
        "ranger" => u32::from(w.skill != Skill::Dagger),
        "samurai" => u32::from(
            kind_id(c.kind) == "ya" && launcher.is_some_and(|(l, _)| kind_id(l.kind) == "yumi"),
        ),
        _ => 0,
    };
    // A race's own bow and arrows, or a gnome's crossbow.
    let own_bow = |arrow: &str, bow: &str| {
        kind_id(c.kind) == arrow && launcher.is_some_and(|(l, _)| kind_id(l.kind) == bow)
    };
    let racial = match race {
        "elf" => own_bow("elven_arrow", "elven_bow"),
        "orc" => own_bow("orcish_arrow", "orcish_bow"),
        "gnome" => w.skill == Skill::Crossbow,
        _ => false,
    };
    if !weak && racial {
        n += 1;
    }
    let strength = g.attribute(Attribute::Str);
    let strong = if race == "gnome" { 16 } else { 18 };
    if n > 1 && w.skill == Skill::Crossbow && launcher.is_some() && strength < strong {
        n = state.rng.rnd(u64::from(n)) as u32;
    }
    let n = state.rng.rnd(u64::from(n)) as u32;
    n.min(c.quantity)
}

/// One of the stack at pack place `i`, out of the pack (the last of it
/// leaves your hands, your quiver or your pack).
fn take_one(state: &mut RunState, i: usize) -> Carried {
    if state.player.inventory[i].quantity > 1 {
        // One split off the stack is a thing of its own, with an id of
        // its own.
        let id = state.ids.next_id();
        let c = &mut state.player.inventory[i];
        c.quantity -= 1;
        return Carried {
            id,
            quantity: 1,
            wielded: false,
            quivered: false,
            ..*c
        };
    }
    state.player.inventory.remove(i)
}

/// How far a thrown thing goes (`throwit`'s range).
fn range(state: &RunState, c: &Carried, weapon: Option<WeaponUse>, fired: bool) -> i32 {
    let content = state.content();
    let strength = state.player.growth.as_ref().map_or(16, |g| {
        attributes::condensed_strength(g.attribute(Attribute::Str))
    });
    let crossbow =
        fired && weapon.is_some_and(|w| w.skill == crate::dungeon::skills::Skill::Crossbow);
    let reach = if crossbow { 18 } else { strength } / 2;
    let mut range = (reach - content.item(c.kind).weight as i32 / 40).max(1);
    if weapon.is_some_and(|w| w.ranged == Ranged::Ammo) {
        range = match (fired, crossbow) {
            (true, true) => BOLT_RANGE,
            (true, false) => range + 1,
            _ => range / 2,
        };
    }
    range
}

/// `c` flies that way; `launcher` shot it; `nth`: its place in a volley.
fn fly(
    state: &mut RunState,
    c: Carried,
    d: Dir,
    launcher: Option<(Carried, WeaponUse)>,
    nth: Option<u32>,
) {
    let content = state.setup.content.clone();
    let weapon = content.item(c.kind).on_pick_up.wielded_as();
    let reach = range(state, &c, weapon, launcher.is_some());
    let mut at = state.player.pos;
    let mut target = None;
    for _ in 0..reach {
        let next = at.step(d);
        let level = state.level();
        let open = level.map.contains(next)
            && level.map.tile(next).is_walkable()
            && !level.boulders.contains(&next);
        if !open {
            break;
        }
        at = next;
        if let Some(m) = state.level().monsters.iter().position(|m| m.pos == at) {
            target = Some(m);
            break;
        }
    }
    let gone = match target {
        Some(m) => strikes(state, m, &c, launcher, nth, false),
        None => false,
    };
    if !gone {
        land(state, c, at);
    }
}

/// "the ya", or "the 2nd ya" in a volley (NetHack's `mshot_xname`).
fn missile_name(state: &RunState, c: &Carried, nth: Option<u32>) -> String {
    let name = state.discoveries.pack_name(state.content(), c.kind);
    match nth {
        Some(n) => format!("the {} {name}", ordinal(n)),
        None => format!("the {name}"),
    }
}

fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, x) if x != 11 => "st",
        (2, x) if x != 12 => "nd",
        (3, x) if x != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// `c` reaches monster `m` (`thitmonst`): hit or miss, and what it does.
/// `applied`: it is the pole in your hands, swung from two cells away
/// (`HMON_APPLIED`: no penalty for a weapon not made to be thrown, and
/// your riding counts as in a blow). Returns whether it is gone (broken on
/// the hit).
pub(crate) fn strikes(
    state: &mut RunState,
    m: usize,
    c: &Carried,
    launcher: Option<(Carried, WeaponUse)>,
    nth: Option<u32>,
    applied: bool,
) -> bool {
    let content = state.setup.content.clone();
    let target = state.level().monsters[m];
    let row = content.monster(target.kind).clone();
    let weapon = content.item(c.kind).on_pick_up.wielded_as();
    let missile = missile_name(state, c, nth);
    let missile = crate::dungeon::shared::capitalised(&missile);
    crate::dungeon::rules::combat::provoke(state, m);
    if let Some(t) = state.level_mut().monsters.get_mut(m) {
        t.asleep = 0;
    }
    let hits = weapon.is_some()
        && to_hit(state, m, c, weapon, launcher, applied) >= state.rng.rnd(20) as i32;
    if !hits {
        state.say(format!("{missile} misses the {}.", row.name));
        return false;
    }
    let (damage, raw, skill) = damage(state, c, weapon, launcher, row.size >= Size::Large, applied);
    crate::dungeon::rules::grow::practise(state, skill, raw);
    let mark = if damage > 4 { "!" } else { "." };
    state.say(format!("{missile} hits the {}{mark}", row.name));
    crate::dungeon::rules::combat::wound(state, m, damage);
    breaks(state, c, weapon)
}

/// The thrown to-hit (`thitmonst`, with `omon_adj`).
fn to_hit(
    state: &RunState,
    m: usize,
    c: &Carried,
    weapon: Option<WeaponUse>,
    launcher: Option<(Carried, WeaponUse)>,
    applied: bool,
) -> i32 {
    let content = state.content();
    let target = state.level().monsters[m];
    let row = content.monster(target.kind);
    let luck = crate::dungeon::rules::grow::luck(&state.player, content);
    let g = state.player.growth.as_ref();
    let level = g.map_or(content.player().level, |g| g.level as i32);
    let dex = g.map_or(10, |g| g.attribute(Attribute::Dex));
    let dex_bonus = match dex {
        ..4 => -3,
        4..6 => -2,
        6..8 => -1,
        14.. => dex - 14,
        _ => 0,
    };
    let distance = state.player.pos.distance(target.pos) as i32;
    let size = match row.size {
        Size::Tiny => -2,
        Size::Small => -1,
        Size::Medium => 0,
        Size::Large => 1,
        Size::Huge => 2,
        Size::Gigantic => 5,
    };
    let hit_ring = crate::dungeon::rules::powers::enchantment(
        &state.player,
        content,
        crate::dungeon::rules::powers::Power::IncreaseAccuracy,
    );
    let ac = crate::dungeon::rules::monster_armour::armour_class(content, &target);
    let mut tmp = -1 + luck + ac + level + dex_bonus + (3 - distance).max(-4) + size + hit_ring;
    if target.asleep > 0 {
        tmp += 2;
    }
    let skill = |s| g.map_or(0, |g| g.skills.hit_bonus(Some(s)));
    if let Some(w) = weapon {
        tmp += i32::from(c.spe) + w.hit;
        match (w.ranged, launcher) {
            // A pole swung from your hands: its skill, and riding's as in
            // any blow (`weapon_hit_bonus`).
            _ if applied => {
                tmp += skill(w.skill) + crate::dungeon::rules::riding::blow_bonus(state).0
            }
            (Ranged::Ammo, None) => tmp -= 4,
            (Ranged::Ammo, Some((l, lw))) => {
                tmp += i32::from(l.spe) - i32::from(l.eroded) + skill(lw.skill);
                // A Samurai is trained to the bow, her own yumi most.
                let samurai = state
                    .player
                    .hero
                    .is_some_and(|h| h.role(content.heroes()).id == "samurai");
                if samurai && lw.skill == crate::dungeon::skills::Skill::Bow {
                    tmp += 1 + i32::from(content.item(l.kind).id == "yumi");
                }
            }
            (Ranged::Missile | Ranged::Thrown, _) => tmp += 2 + skill(w.skill),
            _ => tmp += -2 + skill(w.skill),
        }
    }
    tmp
}

/// What a thrown weapon that hit does: the damage, what the weapon alone
/// rolled, and the skill it trains.
fn damage(
    state: &mut RunState,
    c: &Carried,
    weapon: Option<WeaponUse>,
    launcher: Option<(Carried, WeaponUse)>,
    large: bool,
    applied: bool,
) -> (i32, i32, Option<crate::dungeon::skills::Skill>) {
    let content = state.setup.content.clone();
    let Some(w) = weapon else {
        return (1, 1, None);
    };
    let bashes =
        matches!(w.ranged, Ranged::Launcher) || (w.ranged == Ranged::Ammo && launcher.is_none());
    let raw = if bashes {
        state.rng.rnd(2) as i32
    } else {
        let die = if large {
            w.large
        } else {
            content.item(c.kind).on_pick_up.weapon().unwrap_or(1)
        };
        let rolled =
            (crate::dungeon::dice::roll_damage(die, &mut state.rng) + i32::from(c.spe)).max(0);
        if rolled > 0 {
            (rolled - i32::from(c.eroded)).max(1)
        } else {
            0
        }
    };
    let mut total = raw;
    let samurai = state
        .player
        .hero
        .is_some_and(|h| h.role(content.heroes()).id == "samurai");
    if let Some((l, _)) = launcher
        && samurai
        && content.item(c.kind).id == "ya"
        && content.item(l.kind).id == "yumi"
    {
        total += 1;
    }
    let skill = match launcher {
        Some((_, lw)) => Some(lw.skill),
        None if bashes => None,
        None => Some(w.skill),
    };
    if let Some(g) = &state.player.growth {
        if launcher.is_none() {
            total += attributes::damage_bonus(g.attribute(Attribute::Str));
        }
        total += g.skills.damage_bonus(skill);
    }
    total += crate::dungeon::rules::powers::enchantment(
        &state.player,
        state.content(),
        crate::dungeon::rules::powers::Power::IncreaseDamage,
    );
    if applied {
        total += crate::dungeon::rules::riding::blow_bonus(state).1;
    }
    (total.max(1), raw, skill)
}

/// Ammunition and missiles that hit break about one time in two
/// (`should_mulch_missile`): `rn2(3 + rust − enchantment)`, or one in four
/// when that is 1 or less; a blessed one survives when `rnl(4)` is 0.
fn breaks(state: &mut RunState, c: &Carried, weapon: Option<WeaponUse>) -> bool {
    if !weapon.is_some_and(|w| matches!(w.ranged, Ranged::Ammo | Ranged::Missile)) {
        return false;
    }
    let chance = 3 + i32::from(c.eroded) - i32::from(c.spe);
    let mut broken = if chance > 1 {
        state.rng.rn2(chance as u64) != 0
    } else {
        state.rng.rn2(4) == 0
    };
    if c.blessing == Blessing::Blessed && crate::dungeon::rules::grow::rnl(state, 4) == 0 {
        broken = false;
    }
    broken
}

/// `c` comes to rest at `at`.
fn land(state: &mut RunState, c: Carried, at: Pos) {
    state.level_mut().items.push(laid_down(&c, at));
}
