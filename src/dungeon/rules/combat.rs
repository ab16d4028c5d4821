//! Blows: yours at a monster, a monster's at you, and the watch that turns on
//! you when you kill a peaceful one. The dice are [`crate::dungeon::dice`]'s.
//!
//! A hero's blow is NetHack 3.7's (`find_roll_to_hit`, `dmgval`, `dbon`):
//! luck, strength and dexterity, level, the weapon's enchantment and own
//! bonus, skill and load all count, and a kill brings experience. The
//! nameless hero's is the plain roll it always was.

use crate::dungeon::content::{Content, ItemKind};
use crate::dungeon::dice::{blow_hits, roll_damage, roll_dice};
use crate::dungeon::monsters::Monster;
use crate::dungeon::skills::{Skill, SkillLevel};
use crate::dungeon::state::RunState;
use crate::generation::MineRng;

/// Your blow at monster `m` of the current level.
pub(crate) fn player_attacks(state: &mut RunState, m: usize) {
    let kind = state.level().monsters[m].kind;
    let row = state.content().monster(kind).clone();
    let me = state.content().player().clone();
    crate::dungeon::rules::floor_writing::you_attack(state, m);
    if state.player.growth.is_some() {
        let target = state.level().monsters[m];
        check_caitiff(state, &target);
    }
    provoke(state, m);
    if state.player.growth.is_some() {
        hero_attacks(state, m);
        return;
    }
    let damage = {
        let deep = &mut state.level_mut().monsters[m].asleep;
        if *deep == crate::dungeon::monsters::UNTIL_DISTURBED {
            *deep = 0;
        }
        let ac = crate::dungeon::rules::monster_armour::armour_class(
            state.content(),
            &state.level().monsters[m],
        );
        if !blow_hits(me.level, ac, &mut state.rng) {
            state.say(format!("You miss the {}.", row.name));
            return;
        }
        // NetHack's dmgval: the die, less the weapon's rust, at least 1.
        let (die, rust) = crate::dungeon::rules::wield::blow(&state.player, state.content());
        (roll_damage(die, &mut state.rng) - rust).max(1)
    };
    if !wound(state, m, damage) {
        state.say(format!("You hit the {}.", row.name));
    }
}

/// A hero's attack on monster `m` (`hitum`): a blow, and with bare hands
/// past Basic perhaps a second at the same monster if it is still there.
fn hero_attacks(state: &mut RunState, m: usize) {
    let target = state.level().monsters[m];
    let twice = crate::dungeon::rules::martial_arts::punches_twice(state);
    if !hero_strikes(state, m) || !twice {
        return;
    }
    if let Some(m) = state
        .level()
        .monsters
        .iter()
        .position(|o| o.id == target.id)
        && state.level().monsters[m].pos == target.pos
        && !state.is_over()
    {
        hero_strikes(state, m);
    }
}

/// Your attack on `target` as your role's code of honour sees it
/// (`check_caitiff`), unless your alignment is down to −10 already: a
/// lawful Knight striking one that flees or is helpless, not undead, is a
/// caitiff; a Samurai striking a peaceful one dishonours himself. Either
/// costs a point of alignment.
pub(crate) fn check_caitiff(state: &mut RunState, target: &Monster) {
    let Some(hero) = state.player.hero else {
        return;
    };
    if state
        .player
        .growth
        .as_ref()
        .is_some_and(|g| g.alignment <= -10)
    {
        return;
    }
    let content = state.content();
    let role = hero.role(content.heroes());
    let row = content.monster(target.kind);
    let said = if role.chivalrous
        && hero.alignment == crate::dungeon::hero::Alignment::Lawful
        && !row.undead
        && (target.asleep > 0 || target.flees > 0)
    {
        "You caitiff!"
    } else if role.honourable && target.peaceful {
        "You dishonorably attack the innocent!"
    } else {
        return;
    };
    state.say(said);
    crate::dungeon::rules::grow::adjust_alignment(state, -1);
}

/// One blow of a hero's at monster `m` and all it leads to: a miss said,
/// or the damage, a stagger, glowing hands. Returns whether the monster
/// is still alive.
fn hero_strikes(state: &mut RunState, m: usize) -> bool {
    let target = state.level().monsters[m];
    let name = state.content().monster(target.kind).name.clone();
    let struck = crate::dungeon::rules::passive::Struck {
        kind: target.kind,
        id: target.id,
        cancelled: target.cancelled,
        seen: state.sight.visible_mark[state.level().map.index(target.pos)] && !target.invisible,
    };
    let blow = match hero_blow(state, m) {
        Blow::Missed { cumbersome } => {
            state.say(format!("You miss the {name}."));
            if cumbersome {
                state.say("Your armor is rather cumbersome...");
            }
            crate::dungeon::rules::passive::after_blow(state, struck, false, true);
            return true;
        }
        Blow::Landed(blow) => blow,
    };
    if wound(state, m, blow.damage) {
        let alive = state.level().monsters.iter().any(|x| x.id == target.id);
        crate::dungeon::rules::passive::after_blow(state, struck, true, alive);
        return false;
    }
    if !blow.told {
        state.say(format!("You hit the {name}."));
    }
    if blow.staggered {
        crate::dungeon::rules::martial_arts::knock_back(state, m);
    }
    crate::dungeon::rules::confusion::touched(state, m);
    crate::dungeon::rules::passive::after_blow(state, struck, true, true);
    !state.is_over()
}

/// What a hero's blow did.
enum Blow {
    /// It missed; it would have hit but for a Monk's body armour.
    Missed { cumbersome: bool },
    /// It landed.
    Landed(Landed),
}

/// A blow that landed.
struct Landed {
    /// What it takes off.
    damage: i32,
    /// Something was said in place of "You hit" (from behind, staggers).
    told: bool,
    /// It staggered the monster: knocked back if it lives.
    staggered: bool,
}

/// Attacked (struck, shot at or thrown at), a peaceful monster `m` is
/// peaceful no more; attacking it costs a hero a point of alignment
/// (NetHack's `setmangry`). Your own pet is not turned by it.
pub(crate) fn provoke(state: &mut RunState, m: usize) {
    let target = state.level().monsters[m];
    if target.peaceful && !target.tame {
        let target = &mut state.level_mut().monsters[m];
        target.peaceful = false;
        target.wronged = true;
        crate::dungeon::rules::grow::adjust_alignment(state, -1);
    }
}

/// `damage` of yours to monster `m`: if that kills it, "You kill the
/// gnome!", its remains, the murder of a peaceful and what the kill brings
/// (NetHack's `xkilled`). Returns whether the blow killed, though an amulet
/// of life saving may have brought it back (then it is still there, at
/// `m`).
pub(crate) fn wound(state: &mut RunState, m: usize, damage: i32) -> bool {
    let kind = state.level().monsters[m].kind;
    let row = state.content().monster(kind).clone();
    state.level_mut().monsters[m].hp -= damage;
    if state.level().monsters[m].hp > 0 {
        return false;
    }
    state.say(format!("You kill the {}!", row.name));
    if crate::dungeon::rules::life_saving::saved(state, m) {
        return true;
    }
    let dead = state.level_mut().monsters.remove(m);
    crate::dungeon::rules::remains::treasure(state, &dead);
    crate::dungeon::rules::remains::leave(state, &dead);
    if dead.wronged {
        murdered(state, &row);
        anger_the_watch(state);
    }
    crate::dungeon::rules::grow::killed(state, kind);
    crate::dungeon::rules::grow::killed_alignment(state, &dead);
    true
}

/// A hero's blow at monster `m` (NetHack's `find_roll_to_hit`, then
/// `dmgval` and the bonuses of `hmon`). Trying exercises strength,
/// landing it dexterity and, when the weapon alone did more than 1, its
/// skill.
fn hero_blow(state: &mut RunState, m: usize) -> Blow {
    use crate::dungeon::hero::attributes::{self, Attribute};
    let content = state.setup.content.clone();
    let target = state.level().monsters[m];
    // Your blow wakes one asleep until disturbed (its to-hit bonus below).
    if target.asleep == crate::dungeon::monsters::UNTIL_DISTURBED {
        state.level_mut().monsters[m].asleep = 0;
    }
    let row = content.monster(target.kind);
    let ac = crate::dungeon::rules::monster_armour::armour_class(&content, &target);
    let weapon = state.player.inventory.iter().find(|c| c.wielded).copied();
    let wields = weapon.and_then(|c| Some((c, content.item(c.kind).on_pick_up.wielded_as()?)));
    let luck = crate::dungeon::rules::grow::luck(&state.player, &content);
    let load = crate::dungeon::rules::grow::encumbrance(&state.player, &content);
    let trapped = state.player.trapped.is_some();
    // Rings of increase accuracy and damage (NetHack's `u.uhitinc`,
    // `u.udaminc`).
    let ring = |power| crate::dungeon::rules::powers::enchantment(&state.player, &content, power);
    let (hit_ring, damage_ring) = (
        ring(crate::dungeon::rules::powers::Power::IncreaseAccuracy),
        ring(crate::dungeon::rules::powers::Power::IncreaseDamage),
    );
    let (unarmoured, penalty) = crate::dungeon::rules::martial_arts::to_hit(state);
    let (riding_hit, riding_damage) = crate::dungeon::rules::riding::blow_bonus(state);
    let Some(g) = state.player.growth.as_mut() else {
        return Blow::Missed { cumbersome: false };
    };
    let st = g.attribute(Attribute::Str);
    attributes::exercise(&mut g.attributes, Attribute::Str, true, &mut state.rng);
    let skill = wields.map(|(_, w)| w.skill);
    let weapon = wields.map(|(c, w)| (i32::from(c.spe) + w.hit, w.skill));
    let mut to_hit = g.to_hit(luck, ac, weapon, load) + hit_ring + unarmoured + riding_hit;
    // Asleep for a time it can't move (NetHack's +4 for `!mcanmove`);
    // asleep until disturbed, +2 (`msleeping`); held in a trap, you fight
    // worse.
    let deep = target.asleep == crate::dungeon::monsters::UNTIL_DISTURBED;
    if deep {
        to_hit += 2;
    } else if target.asleep > 0 {
        to_hit += 4;
    }
    if trapped {
        to_hit -= 3;
    }
    let roll = state.rng.rnd(crate::dungeon::dice::TO_HIT_DIE) as i32;
    if to_hit <= roll {
        return Blow::Missed {
            cumbersome: to_hit + penalty > roll,
        };
    }
    let large = row.size >= crate::dungeon::content::Size::Large;
    let riding = state.player.steed.is_some();
    // A pole (a lance, a polearm) swung on foot is no weapon: 1 or 2, and
    // no practice (`hmon_hitmon_weapon`).
    let pole_on_foot = !riding && wields.is_some_and(|(_, w)| is_pole(w.skill));
    let raw = match wields {
        Some(_) if pole_on_foot => state.rng.rnd(2) as i32,
        Some((c, w)) => {
            let die = if large {
                w.large
            } else {
                content.item(c.kind).on_pick_up.weapon().unwrap_or(1)
            };
            let rolled = (roll_damage(die, &mut state.rng) + i32::from(c.spe)).max(0);
            // Rust takes its levels off, but never below 1 a blow that did
            // harm.
            if rolled > 0 {
                (rolled - i32::from(c.eroded)).max(1)
            } else {
                0
            }
        }
        None => {
            let martial = g.skills.martial_arts;
            roll_damage(if martial { 4 } else { 2 }, &mut state.rng)
        }
    };
    // A Rogue's weapon strikes a fleeing monster from behind: 1 to her
    // level more, when the weapon alone did more than 1.
    let backstabs = state
        .player
        .hero
        .is_some_and(|h| h.role(content.heroes()).backstabs);
    let swung = wields.is_some_and(|(_, w)| {
        !matches!(
            w.ranged,
            crate::dungeon::effects::Ranged::Launcher | crate::dungeon::effects::Ranged::Ammo
        )
    });
    let from_behind = backstabs && swung && raw > 1 && target.flees > 0;
    let mut raw = raw;
    if from_behind {
        let level = state.player.growth.as_ref().map_or(1, |g| g.level);
        raw += state.rng.rnd(u64::from(level)) as i32;
        state.say(format!("You strike the {} from behind!", row.name));
    }
    let staggered =
        wields.is_none() && crate::dungeon::rules::martial_arts::staggers(state, m, raw);
    // Mounted with a lance, a joust now and then (`joust`).
    let jousted = match wields {
        Some((c, w)) if riding && w.skill == Skill::Lance && raw > 0 => joust(state, c.id),
        _ => Joust::No,
    };
    if jousted != Joust::No {
        raw += roll_dice(2, 10, &mut state.rng);
        let mark = if raw > 4 { "!" } else { "." };
        let seen = crate::dungeon::rules::sight::sees_monster(state, &target);
        let name = if seen {
            format!("the {}", row.name)
        } else {
            "it".into()
        };
        state.say(format!("You joust {name}{mark}"));
        if jousted == Joust::Shattered {
            state.say("Your lance shatters on impact!");
        }
    }
    let Some(g) = state.player.growth.as_mut() else {
        return Blow::Missed { cumbersome: false };
    };
    let strength = attributes::damage_bonus(st);
    // As of NetHack 3.7 a two-handed weapon adds half again strength's
    // bonus.
    let strength = match wields {
        Some((_, w)) if w.two_handed => (strength.abs() * 3 + 1) / 2 * strength.signum(),
        _ => strength,
    };
    let damage =
        (raw + strength + g.skills.damage_bonus(skill) + damage_ring + riding_damage).max(1);
    if !pole_on_foot {
        crate::dungeon::rules::grow::practise(state, skill, raw);
    }
    Blow::Landed(Landed {
        damage,
        told: from_behind || staggered || jousted != Joust::No,
        staggered: staggered || jousted != Joust::No,
    })
}

/// Is a weapon of `skill` a pole, swung well only mounted and applied
/// from two cells away (NetHack's `is_pole`: polearms and lances)?
pub(crate) fn is_pole(skill: Skill) -> bool {
    matches!(skill, Skill::Polearms | Skill::Lance)
}

/// What a mounted blow with a lance came to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Joust {
    No,
    /// A joust: 2d10 more, the monster knocked back and stunned.
    Jousted,
    /// A joust, and the lance is gone.
    Shattered,
}

/// A mounted blow with the lance of id `lance` that landed: a joust when
/// `rn2(5)` comes under your lance skill (Unskilled 1 to Expert 4); on a 0,
/// one time in 50 (by luck) the lance shatters (`joust`).
fn joust(state: &mut RunState, lance: u32) -> Joust {
    let rating = match state
        .player
        .growth
        .as_ref()
        .map(|g| g.skills.level(Skill::Lance))
    {
        Some(SkillLevel::Basic) => 2,
        Some(SkillLevel::Skilled) => 3,
        Some(SkillLevel::Expert | SkillLevel::Master | SkillLevel::GrandMaster) => 4,
        _ => 1,
    };
    let roll = state.rng.rn2(5);
    if roll >= rating {
        return Joust::No;
    }
    if roll == 0 && crate::dungeon::rules::grow::rnl(state, 50) == 49 {
        if let Some(i) = state.player.inventory.iter().position(|c| c.id == lance) {
            state.player.inventory.remove(i);
        }
        return Joust::Shattered;
    }
    Joust::Jousted
}

/// A once peaceful monster killed (`xkilled`): a human, by a hero who is
/// not chaotic, is murder: "You murderer!" and luck −2. (NetHack's other
/// penalty, luck −1 one time in two, is for a monster still peaceful when
/// it dies; your blow made this one hostile first, as NetHack's
/// `setmangry` does.)
fn murdered(state: &mut RunState, row: &crate::dungeon::content::MonsterRow) {
    let Some(hero) = state.player.hero else {
        return;
    };
    if row.race.as_deref() == Some("human")
        && hero.alignment != crate::dungeon::hero::Alignment::Chaotic
    {
        state.say("You murderer!");
        crate::dungeon::rules::grow::change_luck(state, -2);
    }
}

/// You killed a peaceful: those of this level whose role punishes murder
/// turn on you.
fn anger_the_watch(state: &mut RunState) {
    let content = state.setup.content.clone();
    let mut angered = false;
    for m in &mut state.level_mut().monsters {
        if content.monster(m.kind).role.punishes_murder() && m.peaceful {
            m.peaceful = false;
            angered = true;
        }
    }
    if angered {
        state.say("You hear the shrieks of the watch: \"Halt, murderer!\"");
    }
}

/// The weapon monster `m` wields, when its row's blow is a weapon attack:
/// the best weapon it carries, tool or gear (NetHack's `select_hwep` takes
/// the strongest: a dwarf's mattock before its dagger). A missile weapon (a
/// dart, a bow) is swung as it is.
pub(crate) fn wielded(content: &Content, m: &Monster) -> Option<ItemKind> {
    if !content.monster(m.kind).weapon_attack {
        return None;
    }
    m.tool
        .iter()
        .chain(m.gear.iter().flatten())
        .copied()
        .filter(|&k| content.item(k).on_pick_up.weapon().is_some())
        .max_by_key(|&k| content.item(k).on_pick_up.weapon())
}

/// What monster `m`'s blow takes off when it hits: its row's die, and the
/// die of the weapon it wields (NetHack's `mhitu`: `d(damn, damd)` plus
/// `dmgval` of its weapon; a dwarf's mattock adds d12).
pub(crate) fn monster_blow(content: &Content, m: &Monster, rng: &mut MineRng) -> i32 {
    let own = match content.monster(m.kind).damage {
        0 => 0,
        die => roll_damage(die, rng),
    };
    let weapon = wielded(content, m).and_then(|k| content.item(k).on_pick_up.weapon());
    own + weapon.map_or(0, |die| roll_damage(die, rng))
}
