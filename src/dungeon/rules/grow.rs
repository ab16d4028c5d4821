//! A hero growing in play (NetHack 3.7's `exper.c`, `attrib.c`, `weapon.c`,
//! `hack.c`): experience from kills and the levels it brings, what you carry
//! against what you can, luck and its timeout, the attribute checks,
//! regeneration, and `#enhance`. The numbers are `hero/`'s; this file says
//! what the run shows of them. None of it touches the nameless hero, whose
//! runs play exactly as before.

use crate::dungeon::content::{Content, MonsterKind};
use crate::dungeon::hero::attributes::{self, Attribute, Encumbrance};
use crate::dungeon::hero::experience::{Foe, experience};
use crate::dungeon::hero::luck::{self, LuckStones};
use crate::dungeon::hero::{Growth, Hero, Intrinsic, has_intrinsic};
use crate::dungeon::state::{Player, RunState};

/// The weight of what `player` carries (NetHack's `inv_weight` plus your
/// capacity): each item's row weight by its quantity, a corpse its
/// monster's, gold a hundredth of its pieces.
pub(crate) fn carried_weight(player: &Player, content: &Content) -> i32 {
    let items: u32 = player
        .inventory
        .iter()
        .map(|c| {
            let each = match c.corpse {
                Some(corpse) => content
                    .monster(corpse.of)
                    .corpse
                    .as_ref()
                    .map_or(0, |line| line.weight),
                None => content.item(c.kind).weight,
            };
            each * c.quantity
        })
        .sum();
    (items + (player.gold + 50) / 100) as i32
}

/// What a hero can carry unencumbered (`weight_cap`).
pub(crate) fn capacity(growth: &Growth) -> i32 {
    attributes::weight_cap(
        growth.attribute(Attribute::Str),
        growth.attribute(Attribute::Con),
    )
}

/// How much what you carry slows you: a hero's by weight against capacity;
/// the nameless hero is never encumbered (a loadstone slows it instead).
pub(crate) fn encumbrance(player: &Player, content: &Content) -> Encumbrance {
    match &player.growth {
        Some(g) => Encumbrance::of(carried_weight(player, content), capacity(g)),
        None => Encumbrance::Unencumbered,
    }
}

/// After every action: a change in your load is told, as NetHack's
/// `encumber_msg` tells it after a pickup, a drop or a change of strength.
pub(crate) fn tell_load(state: &mut RunState) {
    let load = encumbrance(&state.player, state.content());
    let Some(g) = &mut state.player.growth else {
        return;
    };
    let before = std::mem::replace(&mut g.load, load);
    if let Some(text) = load.message(before) {
        state.say(text);
    }
}

/// Is a hero carrying `at_least` this much? Then `refusal` is said
/// (NetHack's `check_capacity` and its kin) and the command refused.
pub(crate) fn too_loaded(state: &mut RunState, at_least: Encumbrance, refusal: &str) -> bool {
    let load = encumbrance(&state.player, state.content());
    if load >= at_least {
        state.say(refusal);
        true
    } else {
        false
    }
}

/// The words NetHack refuses eating, reading and applying with when you
/// are Overtaxed or worse.
pub(crate) const SO_MUCH_STUFF: &str = "You can't do that while carrying so much stuff.";

/// A new hero's kit too heavy to carry raises strength, then constitution,
/// a point at a time until it is not or neither can rise
/// (`u_init_carry_attr_boost`).
pub(crate) fn strengthen_to_carry(
    growth: &mut Growth,
    player: &Player,
    content: &Content,
    hero: Hero,
) {
    let race = hero.race(content.heroes());
    let weight = carried_weight(player, content);
    while weight > capacity(growth) {
        let a = &mut growth.attributes;
        let (st, con) = (a.base(Attribute::Str), a.base(Attribute::Con));
        if st < race.attribute_max.0 {
            a.set(Attribute::Str, st + 1);
        } else if con < race.attribute_max.4 {
            a.set(Attribute::Con, con + 1);
        } else {
            break;
        }
    }
}

/// The luckstones you carry.
fn luck_stones(player: &Player, content: &Content) -> LuckStones {
    let uncursed = player
        .inventory
        .iter()
        .filter(|c| content.item(c.kind).confers_luck)
        .map(|c| c.quantity)
        .sum();
    LuckStones {
        uncursed,
        ..LuckStones::default()
    }
}

/// Your luck (NetHack's `Luck`): your own and a carried luckstone's; 0 for
/// the nameless hero.
pub(crate) fn luck(player: &Player, content: &Content) -> i32 {
    player
        .growth
        .as_ref()
        .map_or(0, |g| g.luck_with(luck_stones(player, content).bonus()))
}

/// Your luck changed by `by` (`change_luck`), within ±10.
pub(crate) fn change_luck(state: &mut RunState, by: i32) {
    if let Some(g) = &mut state.player.growth {
        g.luck = luck::changed(g.luck, by);
    }
}

/// Your alignment record changed by `n` (`adjalign`): down freely, up to
/// at most 10 + a two-hundredth of the turns (`ALIGNLIM`).
pub(crate) fn adjust_alignment(state: &mut RunState, n: i32) {
    let limit = 10 + (state.turn / 200) as i32;
    if let Some(g) = &mut state.player.growth {
        let new = g.alignment + n;
        if n < 0 {
            g.alignment = g.alignment.min(new);
        } else if new > g.alignment {
            g.alignment = new.min(limit);
        }
    }
}

/// What killing `dead` does to a hero's alignment record (`set_malign`,
/// worked out when it was made, as it was then): a hostile cross-aligned
/// monster adds its alignment's size (at least 3, or 5 for the always
/// hostile; nothing for an always hostile co-aligned one); one that was
/// peaceful takes 3 × as much (at least 3, or 5 for the always peaceful).
pub(crate) fn killed_alignment(state: &mut RunState, dead: &crate::dungeon::monsters::Monster) {
    let Some(hero) = state.player.hero else {
        return;
    };
    let row = state.content().monster(dead.kind);
    let mal = row.alignment;
    let yours = match hero.alignment {
        crate::dungeon::hero::Alignment::Lawful => 1,
        crate::dungeon::hero::Alignment::Chaotic => -1,
        _ => 0,
    };
    let coaligned = mal.signum() == yours;
    let was_peaceful = dead.peaceful || dead.wronged;
    let size = mal.abs();
    let malign = match row.temper {
        crate::dungeon::hero::Temper::Peaceful if was_peaceful => -3 * size.max(5),
        crate::dungeon::hero::Temper::Peaceful => 3 * size.max(5),
        crate::dungeon::hero::Temper::Hostile if coaligned => 0,
        crate::dungeon::hero::Temper::Hostile => size.max(5),
        _ if coaligned && was_peaceful => -3 * size.max(3),
        _ if coaligned => size.max(3),
        _ => size,
    };
    adjust_alignment(state, malign);
}

/// A roll below `x` that luck leans on (`rnl`): as a plain draw for the
/// nameless hero, so its runs stay as they were.
pub(crate) fn rnl(state: &mut RunState, x: u64) -> u64 {
    match &state.player.growth {
        Some(_) => {
            let l = luck(&state.player, state.content());
            luck::rnl(x, l, &mut state.rng)
        }
        None => state.rng.rn2(x),
    }
}

/// Has the hero this intrinsic now: by role or race at its level, or from
/// a ring or an amulet worn?
pub(crate) fn has(state: &RunState, which: Intrinsic) -> bool {
    let grown = match (state.player.hero, &state.player.growth) {
        (Some(hero), Some(g)) => has_intrinsic(hero, state.content().heroes(), g.level, which),
        _ => false,
    };
    grown || crate::dungeon::rules::powers::gives(&state.player, state.content(), which)
}

/// You killed a monster of `kind`: its experience (`experience`,
/// `more_experienced`) and the level it may bring (`newexplevel`).
pub(crate) fn killed(state: &mut RunState, kind: MonsterKind) {
    let content = state.setup.content.clone();
    let row = content.monster(kind);
    let points = experience(&Foe {
        level: row.level,
        speed: row.speed,
        ac: row.ac,
        attacks: &row.attacks,
        nasty: row.nasty,
    });
    gain_experience(state, points);
}

/// Experience points gained (`more_experienced`), and the level they may
/// bring (`newexplevel`: one at most).
pub(crate) fn gain_experience(state: &mut RunState, points: u64) {
    let Some(g) = &mut state.player.growth else {
        return;
    };
    if g.gain_experience(points) {
        gain_level(state);
    }
}

/// A level gained (`pluslvl`): "Welcome to experience level 2.", its hit
/// points and power, and what the level gives.
pub(crate) fn gain_level(state: &mut RunState) {
    let (Some(hero), Some(g)) = (state.player.hero, &mut state.player.growth) else {
        return;
    };
    let content = state.setup.content.clone();
    let change = g.gain_level(hero, content.heroes(), &mut state.rng);
    state.player.hp += change.hp;
    state.player.max_hp += change.hp;
    state.say(if change.again {
        format!("Welcome back to experience level {}.", change.level)
    } else {
        format!("Welcome to experience level {}.", change.level)
    });
    // Some come without a word (a Ranger's see invisible).
    for line in change
        .intrinsics
        .iter()
        .map(|&i| feels(&content, hero, i).0)
    {
        if !line.is_empty() {
            state.say(line);
        }
    }
}

/// A level drained (`losexp`): "Goodbye level 4.", the hit points and
/// power it brought taken back; at level 1 the drainer kills. Returns
/// whether it killed.
pub(crate) fn lose_level(state: &mut RunState, drainer: crate::dungeon::shared::Killer) -> bool {
    let (Some(hero), Some(g)) = (state.player.hero, &mut state.player.growth) else {
        return false;
    };
    let content = state.setup.content.clone();
    let from = g.level;
    let Some(change) = g.lose_level(hero, content.heroes()) else {
        state.player.hp = 0;
        return state.die_if_spent(drainer);
    };
    let floor = (change.level as i32).max(10);
    let p = &mut state.player;
    p.max_hp = (p.max_hp + change.hp).max(floor.min(p.max_hp));
    p.hp = (p.hp + change.hp).clamp(1, p.max_hp);
    state.say(format!("Goodbye level {from}."));
    for line in change
        .intrinsics
        .iter()
        .map(|&i| feels(&content, hero, i).1)
    {
        if !line.is_empty() {
            state.say(line);
        }
    }
    false
}

/// What gaining and losing intrinsic `which` by level says to `hero`: its
/// role's own words, else the intrinsic's.
fn feels(
    content: &crate::dungeon::content::Content,
    hero: Hero,
    which: Intrinsic,
) -> (String, String) {
    let role = hero.role(content.heroes());
    match role.feels.iter().find(|(i, _, _)| *i == which) {
        Some((_, gained, lost)) => (gained.clone(), lost.clone()),
        None => {
            let (gained, lost) = which.messages();
            (gained.into(), lost.into())
        }
    }
}

/// `#enhance`: list your skills and advance those that can be, most
/// practised first, while the slots last (NetHack asks which; every
/// advance open to you is made here, in that order). No turn passes.
pub(crate) fn enhance(state: &mut RunState) -> bool {
    let Some(g) = &mut state.player.growth else {
        state.say("You have no skills to enhance.");
        return false;
    };
    let mut ready: Vec<_> = g
        .skills
        .list
        .iter()
        .filter(|s| g.skills.can_advance(s.skill))
        .map(|s| (s.practice, s.skill))
        .collect();
    ready.sort_by_key(|&(practice, _)| std::cmp::Reverse(practice));
    let mut said = Vec::new();
    for (_, skill) in ready {
        let martial = g.skills.martial_arts;
        if let Some(level) = g.skills.advance(skill) {
            let most = g
                .skills
                .list
                .iter()
                .find(|s| s.skill == skill)
                .map(|s| s.max);
            said.push(format!(
                "You are now {} skilled in {}.",
                if most == Some(level) { "most" } else { "more" },
                skill.name(martial)
            ));
        }
    }
    if said.is_empty() {
        let list: Vec<String> = g
            .skills
            .list
            .iter()
            .filter(|s| s.level > crate::dungeon::skills::SkillLevel::Restricted)
            .map(|s| {
                let mark = if g.skills.could_advance(s.skill) {
                    "*"
                } else {
                    ""
                };
                format!(
                    "{mark}{} [{}]",
                    s.skill.name(g.skills.martial_arts),
                    s.level.word()
                )
            })
            .collect();
        state.say(format!("Current skills: {}.", list.join(", ")));
        state.say(if list.iter().any(|l| l.starts_with('*')) {
            "Skills flagged by \"*\" may be enhanced when you're more experienced."
        } else {
            "You can't enhance any skill now."
        });
    } else {
        for line in said {
            state.say(line);
        }
        know_books_by_skill(state);
    }
    false
}

/// The end of a hero's turn (`moveloop`'s once-a-turn work): HP and power
/// come back (`regen_hp`, `regen_pw`), luck drifts (`nh_timeout`), exercise
/// from hunger and load every tenth turn (`exerper`), and the attribute
/// check when its turn comes (`exerchk`).
pub(crate) fn end_of_turn(state: &mut RunState) {
    // Spells fade a turn at a time (`age_spells`).
    for spell in &mut state.player.spells {
        spell.memory = spell.memory.saturating_sub(1);
    }
    let here = state.player.pos;
    let sustained = crate::dungeon::rules::powers::has(
        &state.player,
        &state.setup.content,
        crate::dungeon::rules::powers::Power::SustainAbility,
    );
    let Some(g) = &mut state.player.growth else {
        return;
    };
    let moved = g.stood.replace(here) != Some(here);
    let content = state.setup.content.clone();
    let load = encumbrance(&state.player, &content);
    let turn = state.turn;
    let stones = luck_stones(&state.player, &content);
    let energy_every = state
        .player
        .hero
        .map_or(4, |h| h.role(content.heroes()).energy_every);
    let hungry = crate::dungeon::rules::hunger::status(state.player.nutrition).word();
    // The race's bounds, copied out (two `Six`es), for the attribute check.
    let bounds = state.player.hero.map(|h| {
        let race = h.race(content.heroes());
        (race.attribute_min, race.attribute_max)
    });
    let (player, rng) = (&mut state.player, &mut state.rng);
    let g = player.growth.as_mut().expect("a hero's growth");
    if player.hp < player.max_hp && (load < Encumbrance::Stressed || !moved) {
        let chance = g.level as i32 + g.attribute(Attribute::Con);
        if chance > rng.rn2(100) as i32 {
            player.hp += 1;
        }
    }
    let every = (38 - g.level as u64) * energy_every / 6;
    if g.pw < g.max_pw && load < Encumbrance::Stressed && turn.is_multiple_of(every) {
        let upper = (g.attribute(Attribute::Wis) + g.attribute(Attribute::Int)) / 15 + 1;
        g.pw = (g.pw + rng.rn1(upper as u64, 1) as i32).min(g.max_pw);
    }
    g.luck = luck::after_turn(g.luck, turn, stones);
    g.prayer_timeout = g.prayer_timeout.saturating_sub(1);
    if turn.is_multiple_of(10) {
        let a = &mut g.attributes;
        match hungry {
            "Satiated" => attributes::exercise(a, Attribute::Dex, false, rng),
            "" => attributes::exercise(a, Attribute::Con, true, rng),
            "Weak" => attributes::exercise(a, Attribute::Str, false, rng),
            "Fainting" | "Fainted" => attributes::exercise(a, Attribute::Con, false, rng),
            _ => {}
        }
        match load {
            Encumbrance::Stressed => attributes::exercise(a, Attribute::Str, true, rng),
            Encumbrance::Strained => {
                attributes::exercise(a, Attribute::Str, true, rng);
                attributes::exercise(a, Attribute::Dex, false, rng);
            }
            Encumbrance::Overtaxed => {
                attributes::exercise(a, Attribute::Dex, false, rng);
                attributes::exercise(a, Attribute::Con, false, rng);
            }
            _ => {}
        }
    }
    let Some((least, most)) = bounds else {
        return;
    };
    let before = (g.attributes.now, g.attributes.peak);
    let mut changed = attributes::check(&mut g.attributes, turn, least, most, rng);
    // A ring of sustain ability holds them where they were.
    if sustained {
        (g.attributes.now, g.attributes.peak) = before;
        changed.clear();
    }
    for c in changed {
        for line in c.messages() {
            state.say(line);
        }
    }
}

/// Exercise (`good`) or abuse of a hero's attribute `a` (NetHack's
/// `exercise`): finding something hidden and a prayer heard exercise Wisdom,
/// pushing a boulder Strength.
pub(crate) fn exercise(state: &mut RunState, a: Attribute, good: bool) {
    if let Some(g) = &mut state.player.growth {
        attributes::exercise(&mut g.attributes, a, good, &mut state.rng);
    }
}

/// Poison takes a hero's strength (`losestr(rnd(4))`): 1 to 4 points, not
/// below the race's least (none under a ring of sustain ability). Nothing
/// (and no roll) for the nameless hero.
pub(crate) fn poison_strength(state: &mut RunState) {
    let Some(hero) = state.player.hero else {
        return;
    };
    if state.player.growth.is_none() {
        return;
    }
    let least = hero.race(state.setup.content.heroes()).attribute_min.0;
    let lost = state.rng.rnd(4) as i32;
    if crate::dungeon::rules::powers::has(
        &state.player,
        &state.setup.content,
        crate::dungeon::rules::powers::Power::SustainAbility,
    ) {
        return;
    }
    let Some(g) = &mut state.player.growth else {
        return;
    };
    let st = &mut g.attributes.now.0;
    *st = (*st - lost).max(least);
}

/// A hero's blow practised and exercised: Dex for landing it, and the
/// weapon's skill (or bare hands) when the weapon alone did more than 1
/// (`use_skill`); "You feel more confident in your weapon skills." when it
/// can now be advanced.
pub(crate) fn practise(
    state: &mut RunState,
    skill: Option<crate::dungeon::skills::Skill>,
    raw: i32,
) {
    let Some(g) = &mut state.player.growth else {
        return;
    };
    attributes::exercise(&mut g.attributes, Attribute::Dex, true, &mut state.rng);
    if raw > 1 {
        let skill = skill.unwrap_or(crate::dungeon::skills::Skill::BareHands);
        if g.skills.practise(skill) {
            state.say("You feel more confident in your weapon skills.");
        }
    }
}

/// A role that knows books by its skill (a Wizard's
/// `skill_based_spellbook_id`) learns the look of every spellbook whose
/// level its skill in the book's school reaches.
pub(crate) fn know_books_by_skill(state: &mut RunState) {
    let (Some(hero), Some(g)) = (state.player.hero, &state.player.growth) else {
        return;
    };
    let content = state.setup.content.clone();
    if !hero.role(content.heroes()).knows_books_by_skill {
        return;
    }
    let mut known = Vec::new();
    for (i, row) in content.items().iter().enumerate() {
        let Some(book) = row.on_pick_up.spellbook() else {
            continue;
        };
        let Some(school) = book.school else {
            continue;
        };
        let reach = match g.skills.level(school) {
            crate::dungeon::skills::SkillLevel::Basic => 3,
            crate::dungeon::skills::SkillLevel::Skilled => 5,
            crate::dungeon::skills::SkillLevel::Expert
            | crate::dungeon::skills::SkillLevel::Master
            | crate::dungeon::skills::SkillLevel::GrandMaster => 7,
            crate::dungeon::skills::SkillLevel::Unskilled
            | crate::dungeon::skills::SkillLevel::Restricted => 1,
        };
        if book.level > 0 && book.level <= reach {
            known.push(crate::dungeon::content::ItemKind(i as u16));
        }
    }
    for kind in known {
        state.discoveries.discover(kind);
    }
}

/// Are you Skilled or better in `skill` (a spell acting as NetHack's
/// blessed potion or scroll)? The nameless hero has no skills.
pub(crate) fn skilled(state: &RunState, skill: crate::dungeon::skills::Skill) -> bool {
    state
        .player
        .growth
        .as_ref()
        .is_some_and(|g| g.skills.level(skill) >= crate::dungeon::skills::SkillLevel::Skilled)
}
