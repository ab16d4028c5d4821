//! `q` and a letter: drink that potion. A potion row names its rule
//! (`Potion(does: "healing")`); the rule is one function here and one line
//! in [`POTIONS`]. It returns whether drinking told you what the potion was:
//! then its kind is known from now on (NetHack's `makeknown`). The numbers
//! are NetHack 3.7's, blessed, uncursed or cursed (the nameless hero's
//! potions are all uncursed, and heal by NetHack 3.6's dice as they always
//! did); see docs/nethack-mines.md.

use crate::dungeon::blessing::Blessing;
use crate::dungeon::content::{Content, ContentError, ItemKind};
use crate::dungeon::dice::{between, roll_dice};
use crate::dungeon::rules::carry::{held, use_up};
use crate::dungeon::shared::Killer;
use crate::dungeon::state::RunState;

/// A potion's rule: what drinking one so blessed does; returns whether you
/// now know it.
type PotionRule = fn(&mut RunState, Blessing) -> bool;

/// Every rule a potion row can name: a new potion that does something new
/// is a function and a line.
const POTIONS: &[(&str, PotionRule)] = &[
    ("healing", healing),
    ("extra healing", extra_healing),
    ("full healing", full_healing),
    ("sleeping", sleeping),
    ("see invisible", see_invisible),
    ("fruit juice", fruit_juice),
    ("sickness", sickness),
    ("water", water),
    ("booze", booze),
    ("oil", oil),
];

fn rule(name: &str) -> Option<PotionRule> {
    POTIONS.iter().find(|(n, _)| *n == name).map(|&(_, r)| r)
}

/// Every potion row names a rule of [`POTIONS`].
pub(crate) fn check_rows(content: &Content, text: &str) -> Result<(), ContentError> {
    let names: Vec<&str> = POTIONS.iter().map(|(n, _)| *n).collect();
    crate::dungeon::rules::check_item_rules(
        content,
        text,
        "potion",
        |row| row.on_pick_up.quaffed(),
        &names,
    )
}

/// Drink the potion with inventory letter `letter`. Returns whether a turn
/// was spent.
pub(crate) fn quaff(state: &mut RunState, letter: u8) -> bool {
    let Some(i) = held(state, letter) else {
        return false;
    };
    let kind = state.player.inventory[i].kind;
    let row = state.content().item(kind).clone();
    let Some(does) = row.on_pick_up.quaffed() else {
        state.say("That is a silly thing to drink.");
        return false;
    };
    let rule = rule(does).expect("checked content");
    let lit = state.player.inventory[i].lit;
    let blessing = state.player.inventory[i].blessing;
    use_up(&mut state.player, i);
    if lit {
        burning(state, kind);
    } else if rule(state, blessing) {
        state.discoveries.discover(kind);
    }
    true
}

/// A lit potion (oil, the one a potion row can make a light of) burns your
/// face whatever its rule: 4d4, as NetHack's for a hero without fire
/// resistance, which this game has none of.
fn burning(state: &mut RunState, kind: ItemKind) {
    state.say("You burn your face.");
    state.player.hp -= roll_dice(4, 4, &mut state.rng);
    state.die_if_spent(Killer::Quaffing(kind));
}

/// NetHack's `healup`: `hp` back, and when that passes your most, your most
/// grows by `more` and you are at it.
fn heal_up(state: &mut RunState, hp: i32, more: i32) {
    let p = &mut state.player;
    p.hp += hp;
    if p.hp > p.max_hp {
        p.max_hp += more;
        p.hp = p.max_hp;
    }
}

/// Hit points from a healing potion: a hero's as NetHack 3.7 rolls them
/// (`base` + `dice` + 2 × bcsign d`sides`), the nameless hero's as 3.6 did
/// (`dice` + 2 d`sides`).
fn healing_dice(state: &mut RunState, b: Blessing, (base, dice, sides): (i32, i32, u32)) -> i32 {
    let (base, dice) = match state.player.hero {
        Some(_) => (base, dice + 2 * b.sign()),
        None => (0, 6),
    };
    base + roll_dice(dice as u32, sides, &mut state.rng)
}

/// 8 + 4d4 hit points (6d4 blessed, 2d4 cursed), and one more at most
/// unless cursed; blessed, it cures food poisoning.
fn healing(state: &mut RunState, b: Blessing) -> bool {
    state.say("You feel better.");
    let hp = healing_dice(state, b, (8, 4, 4));
    heal_up(state, hp, i32::from(b != Blessing::Cursed));
    if b == Blessing::Blessed {
        crate::dungeon::rules::corpses::cure(state);
    }
    true
}

/// 16 + 4d8 hit points (6d8 blessed, 2d8 cursed), and five more at most
/// blessed, two uncursed, none cursed; unless cursed, it cures food
/// poisoning.
fn extra_healing(state: &mut RunState, b: Blessing) -> bool {
    state.say("You feel much better.");
    let hp = healing_dice(state, b, (16, 4, 8));
    let more = match b {
        Blessing::Blessed => 5,
        Blessing::Uncursed => 2,
        Blessing::Cursed => 0,
    };
    heal_up(state, hp, more);
    if b != Blessing::Cursed {
        crate::dungeon::rules::corpses::cure(state);
    }
    true
}

/// Every hit point back, and 4 + 4 × bcsign more at most; unless cursed,
/// it cures food poisoning.
fn full_healing(state: &mut RunState, b: Blessing) -> bool {
    state.say("You feel completely healed.");
    heal_up(state, 400, 4 + 4 * b.sign());
    if b != Blessing::Cursed {
        crate::dungeon::rules::corpses::cure(state);
    }
    true
}

/// Asleep for 25 to 34 turns (NetHack's `rn1(10, 25 - 12 × bcsign)`:
/// blessed 13 to 22, cursed 37 to 46), the monsters acting; with sleep
/// resistance or free action you only yawn.
fn sleeping(state: &mut RunState, b: Blessing) -> bool {
    use crate::dungeon::rules::powers::{self, Power};
    let content = state.setup.content.clone();
    if crate::dungeon::rules::grow::has(state, crate::dungeon::hero::Intrinsic::SleepResistance)
        || powers::has(&state.player, &content, Power::FreeAction)
    {
        state.say("You yawn.");
        return true;
    }
    state.say("You suddenly fall asleep!");
    let least = (25 - 12 * b.sign()) as u32;
    state.asleep = between(&mut state.rng, (least, least + 9));
    true
}

/// How fruit juice or see invisible tastes: rotten when cursed.
fn taste(state: &mut RunState, b: Blessing) {
    state.say(match b {
        Blessing::Cursed => "Yecch! This tastes rotten.",
        _ => "This tastes like fruit juice.",
    });
}

/// It tastes like fruit juice, and you can't tell it from that. (Seeing
/// invisible monsters does nothing here: the mines have none.)
fn see_invisible(state: &mut RunState, b: Blessing) -> bool {
    taste(state, b);
    false
}

/// 10 × (2 + bcsign) nutrition, and no telling it from see invisible.
fn fruit_juice(state: &mut RunState, b: Blessing) -> bool {
    taste(state, b);
    state.player.nutrition += 10 * (2 + b.sign());
    false
}

/// Sickness (`peffect_sickness`): blessed, only stale juice (a point of
/// harm); else a random attribute falls by 3 to 6 (1 if you resist poison;
/// none under sustain ability) and 1 to 10 hit points go, 5 more when
/// cursed (1 or 2 if you resist). A Healer has been immunized.
fn sickness(state: &mut RunState, b: Blessing) -> bool {
    use crate::dungeon::hero::Intrinsic;
    use crate::dungeon::hero::attributes::Attribute;
    state.say("Yecch!  This stuff tastes like poison.");
    let immune = state
        .player
        .hero
        .is_some_and(|h| h.role(state.content().heroes()).immunized);
    let resists = crate::dungeon::rules::grow::has(state, Intrinsic::PoisonResistance);
    let (what, loss) = if b == Blessing::Blessed {
        state.say("(But in fact it was mildly stale slime mold juice.)");
        ("mildly contaminated potion", i32::from(!immune))
    } else {
        if resists {
            state.say("(But in fact it was biologically contaminated slime mold juice.)");
        }
        if immune {
            state.say("Fortunately, you have been immunized.");
            return true;
        }
        const FALLS: [(Attribute, &str); 6] = [
            (Attribute::Str, "You feel weaker!"),
            (Attribute::Int, "Your brain is on fire!"),
            (Attribute::Wis, "Your judgement is impaired!"),
            (Attribute::Dex, "Your muscles won't obey you!"),
            (Attribute::Con, "You feel very sick!"),
            (Attribute::Cha, "You break out in hives!"),
        ];
        let (a, line) = FALLS[state.rng.rn2(6) as usize];
        let sustained = crate::dungeon::rules::powers::has(
            &state.player,
            &state.setup.content,
            crate::dungeon::rules::powers::Power::SustainAbility,
        );
        if !sustained && let Some(hero) = state.player.hero {
            state.say(line);
            let fall = if resists {
                1
            } else {
                state.rng.rn1(4, 3) as i32
            };
            let least = hero.race(state.setup.content.heroes()).attribute_min.get(a);
            if let Some(g) = &mut state.player.growth {
                let now = g.attributes.base(a);
                g.attributes.set(a, (now - fall).max(least));
            }
        }
        let loss = if resists {
            1 + state.rng.rn2(2) as i32
        } else {
            state.rng.rnd(10) as i32 + 5 * i32::from(b == Blessing::Cursed)
        };
        crate::dungeon::rules::grow::exercise(state, Attribute::Con, false);
        let what = if resists {
            "mildly contaminated potion"
        } else {
            "contaminated potion"
        };
        (what, loss)
    };
    state.player.hp -= loss;
    state.die_if_spent(Killer::Contaminated(what));
    true
}

/// Plain water: 1 to 10 nutrition. Holy water fills a lawful or neutral
/// hero with awe (and cures food poisoning); it burns a chaotic one for
/// 2d6. Unholy water burns a lawful hero for 2d6, fills a neutral one with
/// dread, and makes a chaotic one proud and heals 2d6.
fn water(state: &mut RunState, b: Blessing) -> bool {
    use crate::dungeon::hero::Alignment;
    let chaotic = state
        .player
        .hero
        .is_some_and(|h| h.alignment == Alignment::Chaotic);
    let lawful = state
        .player
        .hero
        .is_some_and(|h| h.alignment == Alignment::Lawful);
    match (b, chaotic) {
        (Blessing::Uncursed, _) => {
            state.say("This tastes like water.");
            state.player.nutrition += state.rng.rnd(10) as i32;
            return true;
        }
        (Blessing::Blessed, false) => {
            state.say("You feel full of awe.");
            crate::dungeon::rules::corpses::cure(state);
        }
        (Blessing::Cursed, true) => {
            state.say("You feel quite proud of yourself.");
            let hp = roll_dice(2, 6, &mut state.rng);
            heal_up(state, hp, 0);
        }
        (Blessing::Blessed, true) | (Blessing::Cursed, false) if chaotic || lawful => {
            state.say("This burns like acid!");
            state.player.hp -= roll_dice(2, 6, &mut state.rng);
            state.die_if_spent(Killer::HolyWater(b == Blessing::Blessed));
        }
        _ => state.say("You feel full of dread."),
    }
    false
}

/// Booze: it burns going down, confuses you for 3d8 turns more unless it
/// is blessed, heals a hit point and feeds you 10 × (2 + bcsign); cursed,
/// you pass out for 1 to 15 turns.
fn booze(state: &mut RunState, b: Blessing) -> bool {
    state.say("Ooph! This tastes like liquid fire!");
    if b != Blessing::Blessed {
        let more = crate::dungeon::dice::roll_dice(3, 8, &mut state.rng) as u32;
        crate::dungeon::rules::impaired::confuse_more(state, more);
    }
    heal_up(state, 1, 0);
    state.player.nutrition += 10 * (2 + b.sign());
    if b == Blessing::Cursed {
        state.say("You pass out.");
        state.asleep = state.rng.rnd(15) as u32;
    }
    true
}

/// Oil, unlit: smooth, and nothing more (a lit one burns: [`burning`]).
fn oil(state: &mut RunState, _: Blessing) -> bool {
    state.say("That was smooth!");
    true
}
