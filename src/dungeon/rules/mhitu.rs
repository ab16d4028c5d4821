//! A monster's blows at you, attack by attack as its row lists them, as of
//! NetHack 3.7 (`mattacku`, `hitmu` and the `mhitm_ad_*` handlers).
//!
//! Each attack in reach rolls its own to-hit, `10 + its level + your AC`
//! against a die one larger for each attack before it (`rnd(20 + i)`), so
//! a second claw lands less often than the first. A hit rolls the
//! attack's dice, then does what its damage type does: poison, paralysis,
//! sleep, sticking to you, stealing gold or an item and teleporting away,
//! teleporting you, rust, fire, frost, lightning, acid, draining a level or
//! power. A hug lands on its own after the two attacks before it both
//! land. A thief that got away ends the round. An engulfer's engulfing is
//! a blow of its dice here (nothing swallows you); a gaze, breath, spit or
//! explosion beside you is not made. What a type needs that this game does
//! not have (blindness, confusion, stun and hallucination of your own do
//! no harm; wounded legs, lycanthropy, illness, stoning, sliming, rot and
//! corrosion are a plain blow of the attack's dice) is in the manual.

use crate::dungeon::attacks::{AttackLine, AttackType, DamageType};
use crate::dungeon::dice::{TO_HIT_DIE, roll_dice};
use crate::dungeon::hero::attributes::Attribute;
use crate::dungeon::rules::destroy::Element;
use crate::dungeon::rules::powers::{self, Power};
use crate::dungeon::shared::Killer;
use crate::dungeon::state::RunState;

/// What one attack came to (NetHack's `M_ATTK_*`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Outcome {
    /// Missed, or not made.
    Missed,
    /// Landed.
    Hit,
    /// Landed, and the attacker is gone (teleported away with its loot):
    /// no more attacks this round.
    Gone,
}

/// Monster `m` attacks you, each of its row's attacks in turn. Returns
/// whether its first blow landed (for a knock-back).
pub(crate) fn monster_attacks(state: &mut RunState, m: usize) -> bool {
    let attacker = state.level().monsters[m];
    let content = state.setup.content.clone();
    let row = content.monster(attacker.kind);
    // A row with no blow (a gas spore) only floats beside you.
    if row.damage == 0 {
        return false;
    }
    // You invisible, it may strike where you are not.
    if crate::dungeon::rules::invisible::misses_wildly(state, m) {
        return false;
    }
    if row.attacks.is_empty() {
        return one_blow(state, m);
    }
    let ac = crate::dungeon::rules::wear::armour_class(&state.player, &content);
    // You helpless, it hits the more easily.
    let helpless = if state.asleep > 0 { 4 } else { 0 };
    let to_hit = 10 + row.level + ac + helpless;
    let mut results: Vec<Outcome> = Vec::with_capacity(row.attacks.len());
    let mut last_landed: Option<AttackType> = None;
    for (i, &attack) in row.attacks.iter().enumerate() {
        if state.is_over() {
            break;
        }
        // Still there, and still beside you (a knock-back moves you).
        let Some(m) = find(state, attacker.id) else {
            break;
        };
        if !beside_you(state, m) {
            break;
        }
        let outcome = match attack.0 {
            AttackType::Passive
            | AttackType::Boom
            | AttackType::Gaze
            | AttackType::Breath
            | AttackType::Spit
            | AttackType::Explode => Outcome::Missed,
            AttackType::Hug => {
                let held = state.player.held_by == Some(attacker.id);
                let two_before =
                    i >= 2 && results[i - 1] == Outcome::Hit && results[i - 2] == Outcome::Hit;
                if held || two_before {
                    hit(state, m, attack, &mut last_landed)
                } else {
                    Outcome::Missed
                }
            }
            // A spell stands as a blow of the row's own die here (this game
            // casts no monster spells).
            AttackType::Magic => spell_blow(state, m, to_hit, i, &mut last_landed),
            _ => {
                if attack.0 == AttackType::Weapon {
                    swings(state, m);
                }
                let roll = state.rng.rnd(TO_HIT_DIE + i as u64) as i32;
                if to_hit > roll {
                    hit(state, m, attack, &mut last_landed)
                } else {
                    missed(state, m);
                    last_landed = None;
                    Outcome::Missed
                }
            }
        };
        results.push(outcome);
        if outcome == Outcome::Gone {
            break;
        }
    }
    results.first() == Some(&Outcome::Hit) && !state.is_over()
}

/// The blow of a row that lists no attacks (a content file's own): one of
/// its `damage` die, perhaps paralysing, then its tentacles.
fn one_blow(state: &mut RunState, m: usize) -> bool {
    let attacker = state.level().monsters[m];
    let content = state.setup.content.clone();
    let row = content.monster(attacker.kind);
    let ac = crate::dungeon::rules::wear::armour_class(&state.player, &content);
    swings(state, m);
    if !crate::dungeon::dice::blow_hits(row.level, ac, &mut state.rng) {
        state.say(format!("The {} misses.", row.name));
        return false;
    }
    state.player.hp -=
        crate::dungeon::rules::combat::monster_blow(&content, &attacker, &mut state.rng);
    state.say(format!("The {} hits!", row.name));
    if row.paralyses && state.player.hp > 0 && state.asleep == 0 && state.rng.rn2(3) == 0 {
        frozen_by(state, &row.name);
    }
    for _ in 0..row.tentacles {
        if state.player.hp > 0 && crate::dungeon::dice::blow_hits(row.level, ac, &mut state.rng) {
            state.player.hp -= 2;
            state.say(format!("The {}'s tentacles suck you!", row.name));
        }
    }
    !state.die_if_spent(Killer::Monster(attacker.kind))
}

/// Where monster `id` is on the level now.
fn find(state: &RunState, id: u32) -> Option<usize> {
    state.level().monsters.iter().position(|x| x.id == id)
}

fn beside_you(state: &RunState, m: usize) -> bool {
    let at = state.level().monsters[m].pos;
    let me = state.player.pos;
    (at.x - me.x).abs() <= 1 && (at.y - me.y).abs() <= 1
}

/// NetHack's `mswings`: you see the weapon it swings.
fn swings(state: &mut RunState, m: usize) {
    let attacker = state.level().monsters[m];
    let content = state.setup.content.clone();
    let seen = state.sight.visible_mark[state.level().map.index(attacker.pos)];
    if let Some(weapon) =
        crate::dungeon::rules::combat::wielded(&content, &attacker).filter(|_| seen)
    {
        let name = state.discoveries.floor_name(&content, weapon).to_string();
        let who = &content.monster(attacker.kind).name;
        state.say(format!("The {who} swings its {name}."));
    }
}

/// "The gnome misses.", or a nymph's pretence.
fn missed(state: &mut RunState, m: usize) {
    let row = state.content().monster(state.level().monsters[m].kind);
    let line = if seduces(row.attacks.as_slice()) && !state.level().monsters[m].cancelled {
        format!("The {} pretends to be friendly.", row.name)
    } else {
        format!("The {} misses.", row.name)
    };
    state.say(line);
}

/// A thief whose hands are its charm (a nymph: NetHack's `could_seduce`).
fn seduces(attacks: &[AttackLine]) -> bool {
    attacks.iter().any(|a| {
        matches!(a.1, DamageType::Seduce | DamageType::StealItem) && a.0 != AttackType::Weapon
    })
}

/// A spell cast at you, as a blow of the row's `damage` die.
fn spell_blow(
    state: &mut RunState,
    m: usize,
    to_hit: i32,
    i: usize,
    last: &mut Option<AttackType>,
) -> Outcome {
    let attacker = state.level().monsters[m];
    let content = state.setup.content.clone();
    let row = content.monster(attacker.kind);
    let roll = state.rng.rnd(TO_HIT_DIE + i as u64) as i32;
    if to_hit <= roll {
        missed(state, m);
        *last = None;
        return Outcome::Missed;
    }
    state.player.hp -= crate::dungeon::dice::roll_damage(row.damage, &mut state.rng);
    state.say(format!("The {} hits!", row.name));
    *last = Some(AttackType::Magic);
    state.die_if_spent(Killer::Monster(attacker.kind));
    Outcome::Hit
}

/// "The jackal bites!", "The dwarf lord hits again!".
fn hit_message(state: &mut RunState, m: usize, kind: AttackType, last: &Option<AttackType>) {
    let name = state
        .content()
        .monster(state.level().monsters[m].kind)
        .name
        .clone();
    let again = if *last == Some(kind) { " again" } else { "" };
    let line = match kind {
        AttackType::Bite => format!("The {name} bites{again}!"),
        AttackType::Kick => format!("The {name} kicks{again}!"),
        AttackType::Sting => format!("The {name} stings{again}!"),
        AttackType::Butt => format!("The {name} butts{again}!"),
        AttackType::Touch => format!("The {name} touches you{again}!"),
        AttackType::Tentacle => format!("The {name}'s tentacles suck your brain{again}!"),
        _ => format!("The {name} hits{again}!"),
    };
    state.say(line);
}

/// Attack `attack` landed: its dice, what its type does, and the damage
/// left.
fn hit(
    state: &mut RunState,
    m: usize,
    attack: AttackLine,
    last: &mut Option<AttackType>,
) -> Outcome {
    let AttackLine(how, what, n, sides) = attack;
    let attacker = state.level().monsters[m];
    let content = state.setup.content.clone();
    let mut damage = roll_dice(n, sides, &mut state.rng);
    let mut told = false;
    match what {
        DamageType::Phys => {
            if how == AttackType::Weapon
                && let Some(die) = crate::dungeon::rules::combat::wielded(&content, &attacker)
                    .and_then(|k| content.item(k).on_pick_up.weapon())
            {
                damage += crate::dungeon::dice::roll_damage(die, &mut state.rng);
            }
            if how == AttackType::Hug {
                told = true;
                hug(state, m);
            }
        }
        DamageType::DrainStrength | DamageType::DrainDexterity | DamageType::DrainConstitution => {
            hit_message(state, m, how, last);
            told = true;
            if state.rng.rn2(8) == 0 {
                let attribute = match what {
                    DamageType::DrainStrength => Attribute::Str,
                    DamageType::DrainDexterity => Attribute::Dex,
                    _ => Attribute::Con,
                };
                poisoned(state, attacker.kind, how, attribute);
            }
        }
        DamageType::Paralyse => {
            hit_message(state, m, how, last);
            told = true;
            if state.player.hp > damage && state.asleep == 0 && state.rng.rn2(3) == 0 {
                frozen_by(state, &content.monster(attacker.kind).name);
            }
        }
        DamageType::Sleep => {
            hit_message(state, m, how, last);
            told = true;
            if state.asleep == 0 && state.rng.rn2(5) == 0 && !resists_sleep(state) {
                state.asleep = state.rng.rnd(10) as u32;
                let name = &content.monster(attacker.kind).name;
                state.say(format!("You are put to sleep by the {name}!"));
            }
        }
        DamageType::Stick => {
            hit_message(state, m, how, last);
            told = true;
            if !attacker.cancelled && state.player.held_by.is_none() {
                state.player.held_by = Some(attacker.id);
            }
        }
        DamageType::StealGold => {
            hit_message(state, m, how, last);
            told = true;
            if !attacker.cancelled {
                crate::dungeon::rules::steal::gold(state, m);
            }
        }
        DamageType::StealItem | DamageType::Seduce => {
            if content.monster(attacker.kind).animal {
                hit_message(state, m, how, last);
            }
            *last = None;
            return match crate::dungeon::rules::steal::item(state, m) {
                true => Outcome::Gone,
                false => Outcome::Hit,
            };
        }
        DamageType::Teleport => {
            hit_message(state, m, how, last);
            told = true;
            if !attacker.cancelled {
                teleported(state);
                damage = damage.min(state.player.hp - 1).max(1);
            }
        }
        DamageType::Rust => {
            hit_message(state, m, how, last);
            told = true;
            if !attacker.cancelled {
                crate::dungeon::rules::erosion::rust_worn_armour(state);
            }
        }
        DamageType::Fire | DamageType::Cold | DamageType::Shock => {
            hit_message(state, m, how, last);
            told = true;
            damage = element_blow(state, m, what, damage);
        }
        DamageType::Acid => {
            hit_message(state, m, how, last);
            told = true;
            if !attacker.cancelled && state.rng.rn2(3) == 0 {
                state.say("You're covered in acid!  It burns!");
                crate::dungeon::rules::grow::exercise(state, Attribute::Str, false);
            } else {
                damage = 0;
            }
        }
        DamageType::DrainLife => {
            hit_message(state, m, how, last);
            told = true;
            if state.rng.rn2(3) == 0 && !attacker.cancelled {
                *last = Some(how);
                if crate::dungeon::rules::grow::lose_level(state, Killer::Monster(attacker.kind)) {
                    return Outcome::Hit;
                }
            }
        }
        DamageType::DrainEnergy => {
            hit_message(state, m, how, last);
            told = true;
            if !attacker.cancelled && state.rng.rn2(4) == 0 {
                drain_energy(state, damage);
            }
            damage = 0;
        }
        // No blindness, confusion, stun or hallucination of yours here: the
        // blow's words and no harm.
        DamageType::Blind | DamageType::Confuse | DamageType::Hallucinate => {
            if what != DamageType::Blind {
                hit_message(state, m, how, last);
            }
            told = true;
            damage = 0;
        }
        _ => {}
    }
    if !told {
        hit_message(state, m, how, last);
    }
    *last = Some(how);
    if damage > 0 {
        state.player.hp -= damage;
    }
    state.die_if_spent(Killer::Monster(attacker.kind));
    Outcome::Hit
}

/// A paralysing blow of monster `name`'s (NetHack's `AD_PLYS`): up to ten
/// turns helpless, or a moment's stiffness with free action.
fn frozen_by(state: &mut RunState, name: &str) {
    if powers::has(&state.player, state.content(), Power::FreeAction) {
        state.say("You momentarily stiffen.");
    } else {
        state.asleep = state.rng.rnd(10) as u32;
        state.say(format!("You are frozen by the {name}!"));
    }
}

/// A hug that lands: it holds you, or crushes you the more.
fn hug(state: &mut RunState, m: usize) {
    let attacker = state.level().monsters[m];
    let name = state.content().monster(attacker.kind).name.clone();
    if state.player.held_by == Some(attacker.id) {
        state.say("You are being crushed.");
    } else {
        state.player.held_by = Some(attacker.id);
        state.say(format!("The {name} grabs you!"));
    }
}

fn resists_sleep(state: &RunState) -> bool {
    crate::dungeon::rules::grow::has(state, crate::dungeon::hero::Intrinsic::SleepResistance)
}

/// Poison in a blow (NetHack's `poisoned`): the attribute, a good deal of
/// hit points, or one time in 30 your life.
fn poisoned(
    state: &mut RunState,
    kind: crate::dungeon::content::MonsterKind,
    how: AttackType,
    attribute: Attribute,
) {
    let content = state.setup.content.clone();
    let name = &content.monster(kind).name;
    let part = match how {
        AttackType::Bite => "bite",
        AttackType::Sting => "sting",
        AttackType::Touch => "contact",
        AttackType::Gaze => "gaze",
        AttackType::Weapon => "weapon",
        _ => "attack",
    };
    state.say(format!("The {name}'s {part} was poisoned!"));
    if powers::has(&state.player, &content, Power::PoisonResistance)
        || crate::dungeon::rules::grow::has(
            state,
            crate::dungeon::hero::Intrinsic::PoisonResistance,
        )
    {
        state.say("The poison doesn't seem to affect you.");
        return;
    }
    match state.rng.rn2(30) {
        0 => {
            let loss = 6 + roll_dice(4, 6, &mut state.rng);
            if state.player.hp <= loss {
                state.player.hp = 0;
                state.say("The poison was deadly...");
                state.die_if_spent(Killer::Poisoned(kind));
                return;
            }
            state.player.max_hp = (state.player.max_hp - loss / 2).max(1);
            state.player.hp -= loss;
            lose_attribute(
                state,
                Attribute::Con,
                if attribute == Attribute::Con { 3 } else { 1 },
            );
            if attribute != Attribute::Con {
                lose_attribute(state, attribute, 3);
            }
        }
        1..=5 => {
            let lost = roll_dice(2, 2, &mut state.rng);
            lose_attribute(state, attribute, lost);
        }
        _ => {
            state.player.hp -= state.rng.rn1(10, 6) as i32;
            state.die_if_spent(Killer::Monster(kind));
        }
    }
}

/// `n` points of `attribute` lost to poison, not below the race's least,
/// with poison's words for it ("You feel weaker!"); none under sustain
/// ability.
fn lose_attribute(state: &mut RunState, attribute: Attribute, n: i32) {
    let content = state.setup.content.clone();
    let Some(hero) = state.player.hero else {
        return;
    };
    if powers::has(&state.player, &content, Power::SustainAbility) {
        return;
    }
    let race = hero.race(content.heroes());
    let least = race.attribute_min.get(attribute);
    let Some(g) = &mut state.player.growth else {
        return;
    };
    let now = g.attributes.base(attribute);
    g.attributes.set(attribute, (now - n).max(least));
    state.say(match attribute {
        Attribute::Str => "You feel weaker!",
        Attribute::Dex => "Your muscles won't obey you!",
        Attribute::Con => "You feel very sick!",
        _ => "You feel rather dull!",
    });
}

/// A quantum mechanic's touch: "Your position suddenly seems very
/// uncertain!" and a teleport.
fn teleported(state: &mut RunState) {
    state.say("Your position suddenly seems very uncertain!");
    crate::dungeon::rules::teleport::within_level(state, false);
}

/// Fire, frost or lightning in a blow: its words, nothing if you resist,
/// and now and then your potions, scrolls, rings or wands go.
fn element_blow(state: &mut RunState, m: usize, what: DamageType, damage: i32) -> i32 {
    let attacker = state.level().monsters[m];
    let content = state.setup.content.clone();
    let level = content.monster(attacker.kind).level;
    if attacker.cancelled {
        return 0;
    }
    let (words, resisted, power, element) = match what {
        DamageType::Fire => (
            "You're on fire!",
            "The fire doesn't feel hot!",
            Power::FireResistance,
            Element::Fire,
        ),
        DamageType::Cold => (
            "You're covered in frost!",
            "The frost doesn't seem cold!",
            Power::ColdResistance,
            Element::Cold,
        ),
        _ => (
            "You get zapped!",
            "The zap doesn't shock you!",
            Power::ShockResistance,
            Element::Lightning,
        ),
    };
    state.say(words);
    let resists = powers::has(&state.player, &content, power)
        || (power == Power::FireResistance
            && crate::dungeon::rules::grow::has(
                state,
                crate::dungeon::hero::Intrinsic::FireResistance,
            ))
        || (power == Power::ColdResistance
            && crate::dungeon::rules::grow::has(
                state,
                crate::dungeon::hero::Intrinsic::ColdResistance,
            ))
        || (power == Power::ShockResistance
            && crate::dungeon::rules::grow::has(
                state,
                crate::dungeon::hero::Intrinsic::ShockResistance,
            ));
    let left = if resists {
        state.say(resisted);
        0
    } else {
        damage
    };
    if level > state.rng.rn2(20) as i32 {
        crate::dungeon::rules::destroy::by_blow(state, element, damage);
    }
    left
}

/// Power drained (`drain_en`): `n` of it, or less when that is over a third
/// of what you have and could have; what it can't take comes off the most.
fn drain_energy(state: &mut RunState, n: i32) {
    let Some(g) = &mut state.player.growth else {
        return;
    };
    if g.max_pw == 0 {
        state.say("You feel momentarily lethargic.");
        return;
    }
    let mut n = n.max(1);
    if n > (g.pw + g.max_pw) / 3 {
        n = state.rng.rnd(n as u64) as i32;
    }
    let Some(g) = &mut state.player.growth else {
        return;
    };
    let more = n > g.pw;
    g.pw -= n;
    if g.pw < 0 {
        let over = -g.pw;
        g.pw = 0;
        let cut = state.rng.rnd(over as u64) as i32;
        if let Some(g) = &mut state.player.growth {
            g.max_pw = (g.max_pw - cut).max(0);
        }
    }
    state.say(if more {
        "You feel your magical energy drain away!"
    } else {
        "You feel your magical energy drain away."
    });
}
