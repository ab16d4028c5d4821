//! `+` lists the spells you know; `Z`, a spell's letter and (where it wants
//! one) a direction casts it (NetHack 3.7's `spell.c`).
//!
//! A spell costs 5 power a level and 10 nutrition a level (a Wizard with Int
//! 17 pays none, 16 a quarter, 15 half). It works one time in a hundred
//! less than `percent_success` says: the role's penalty (`role.c`), raised
//! by metal body armour, a shield and metal helmet, gloves and boots,
//! lowered for the role's special spell and (for some roles) healing
//! spells; set against Int or Wis, the school's skill, your level and the
//! spell's. A failure costs half the power. A spell cast is practice in
//! its school, as many points as its level.
//!
//! Each spell is one line of [`SPELLS`]: most work as a wand, a potion or a
//! scroll of this game does (force bolt as a wand of striking, a fireball
//! as a ray of fire rolled by your level, identify as the scroll), and a
//! few are their own. A spell learnt is kept 20,000 turns; forgotten, it
//! is still listed but twists in the casting.

use crate::dungeon::content::{Content, ContentError, ItemKind};
use crate::dungeon::direction::{Ask, Then, Way};
use crate::dungeon::effects::Slot;
use crate::dungeon::hero::attributes::{Attribute, Encumbrance};
use crate::dungeon::shared::inventory_letter;
use crate::dungeon::skills::{Skill, SkillLevel};
use crate::dungeon::state::RunState;

/// What the letter prompt of `Z` asks: "What do you want to cast?".
pub(crate) const CAST: &str = "cast";

/// How a spell works.
#[derive(Clone, Copy)]
enum How {
    /// As the wand rule of that name (`rules/zap.rs`): a ray rolls
    /// `level / 2 + 1` dice for a spell.
    Wand(&'static str),
    /// As the scroll rule of that name (`rules/read.rs`), blessed at
    /// Skilled where NetHack's pseudo-book is.
    Scroll(&'static str, bool),
    /// Its own rule, with the way it was cast (None: it asks none).
    Own(fn(&mut RunState, Option<Way>), bool),
}

/// Every spell rule a spellbook row can name (`Spellbook(casts: ...)`): a
/// new spell is a line here, and a function where no wand, potion or scroll
/// does what it does. NetHack's cure blindness has no line (nothing blinds
/// you here), so its book is not made (see docs/playing.md).
const SPELLS: &[(&str, How)] = &[
    ("force bolt", How::Own(force_bolt, true)),
    ("magic missile", How::Wand("magic missile")),
    ("fireball", How::Wand("fire")),
    ("cone of cold", How::Wand("cold")),
    ("sleep", How::Wand("sleep")),
    ("finger of death", How::Wand("death")),
    ("dig", How::Wand("digging")),
    ("knock", How::Wand("opening")),
    ("wizard lock", How::Wand("locking")),
    ("slow monster", How::Wand("slow monster")),
    ("teleport away", How::Wand("teleportation")),
    ("cancellation", How::Wand("cancellation")),
    ("polymorph", How::Wand("polymorph")),
    ("turn undead", How::Wand("undead turning")),
    ("light", How::Wand("light")),
    ("create monster", How::Wand("create monster")),
    ("detect unseen", How::Wand("secret door detection")),
    ("identify", How::Scroll("identify", true)),
    ("remove curse", How::Scroll("remove curse", true)),
    ("magic mapping", How::Scroll("magic mapping", false)),
    ("healing", How::Own(healing, true)),
    ("extra healing", How::Own(extra_healing, true)),
    ("haste self", How::Own(haste_self, false)),
    ("invisibility", How::Own(invisibility, false)),
    ("cure sickness", How::Own(cure_sickness, false)),
    (
        "protection",
        How::Own(crate::dungeon::rules::protection::cast, false),
    ),
    (
        "confuse monster",
        How::Own(crate::dungeon::rules::confusion::cast, false),
    ),
    (
        "stone to flesh",
        How::Own(crate::dungeon::rules::stone_to_flesh::cast, true),
    ),
    (
        "drain life",
        How::Own(crate::dungeon::rules::drain_life::cast, true),
    ),
    (
        "chain lightning",
        How::Own(crate::dungeon::rules::chain_lightning::cast, false),
    ),
    (
        "detect monsters",
        How::Own(crate::dungeon::rules::detect::monsters, false),
    ),
    (
        "detect food",
        How::Own(crate::dungeon::rules::detect::food, false),
    ),
    (
        "detect treasure",
        How::Own(crate::dungeon::rules::detect::treasure, false),
    ),
    (
        "clairvoyance",
        How::Own(crate::dungeon::rules::detect::clairvoyance, false),
    ),
    (
        "cause fear",
        How::Own(crate::dungeon::rules::fear::cast, false),
    ),
    (
        "charm monster",
        How::Own(crate::dungeon::rules::taming::charm, false),
    ),
    (
        "create familiar",
        How::Own(crate::dungeon::rules::taming::familiar, false),
    ),
    (
        "restore ability",
        How::Own(crate::dungeon::rules::restore::cast, false),
    ),
    (
        "levitation",
        How::Own(crate::dungeon::rules::levitation::cast, false),
    ),
    (
        "jumping",
        How::Own(crate::dungeon::rules::jump::cast, false),
    ),
];

/// The spells `percent_success` counts as healing (the role's `spelheal`).
const HEALING: [&str; 6] = [
    "healing",
    "extra healing",
    "cure blindness",
    "cure sickness",
    "restore ability",
    "remove curse",
];

/// Metal armour that does not rust (NetHack's copper and mithril): with
/// the iron that rusts, what `percent_success` calls metallic.
const METAL_THAT_DOES_NOT_RUST: [&str; 3] = [
    "bronze_plate_mail",
    "elven_mithril_coat",
    "dwarvish_mithril_coat",
];

/// What a directed spell asks: the eight, `<`, `>` and `.` for yourself.
const CAST_ASK: Ask = Ask::compass("In what direction?")
    .or_down()
    .or_up()
    .or_here();

fn rule(name: &str) -> Option<How> {
    SPELLS.iter().find(|(n, _)| *n == name).map(|&(_, h)| h)
}

/// Every spellbook row names a rule of [`SPELLS`] (or is blank).
pub(crate) fn check_rows(content: &Content, text: &str) -> Result<(), ContentError> {
    let mut names: Vec<&str> = SPELLS.iter().map(|(n, _)| *n).collect();
    names.push("blank");
    crate::dungeon::rules::check_item_rules(
        content,
        text,
        "spell",
        |row| row.on_pick_up.spellbook().map(|b| b.casts),
        &names,
    )
}

/// Does spell rule `casts` want a direction?
fn wants_direction(casts: &str) -> bool {
    match rule(casts) {
        Some(How::Wand(does)) => crate::dungeon::rules::zap::wants_direction(does),
        Some(How::Own(_, directed)) => directed,
        Some(How::Scroll(..)) | None => false,
    }
}

/// The letters of the spells you know, for `Z`'s prompt: "ab".
pub(crate) fn letters(state: &RunState) -> String {
    (0..state.player.spells.len())
        .map(|i| inventory_letter(i as u8))
        .collect()
}

/// `+`: the spells you know, a line each as NetHack's menu has them: name,
/// level, school, failure rate and retention. No turn.
pub(crate) fn list(state: &mut RunState) -> bool {
    if state.player.spells.is_empty() {
        state.say("You don't know any spells right now.");
        return false;
    }
    state.say("Currently known spells:  Name  Level  Category  Fail  Retention");
    for i in 0..state.player.spells.len() {
        let known = state.player.spells[i];
        let name = crate::dungeon::rules::study::spell_name(state, known.book);
        let book = facts(state, known.book);
        let fail = 100 - success(state, known.book);
        let school = book.0.map_or("", Skill::school_word);
        let retention = retention(known.memory, skill_level(state, book.0));
        let letter = inventory_letter(i as u8);
        state.say(format!(
            "{letter} - {name}  {}  {school}  {fail}%  {retention}",
            book.1
        ));
    }
    false
}

/// The spell rule the book of `kind` teaches ("" for none).
fn casts_of(state: &RunState, kind: ItemKind) -> &str {
    state
        .content()
        .item(kind)
        .on_pick_up
        .spellbook()
        .map_or("", |b| b.casts)
}

/// A spellbook's school and level.
fn facts(state: &RunState, kind: ItemKind) -> (Option<Skill>, u32) {
    let book = state.content().item(kind).on_pick_up.spellbook();
    book.map_or((None, 1), |b| (b.school, b.level.max(1)))
}

/// Your level in school `school` (Restricted without one or a hero).
fn skill_level(state: &RunState, school: Option<Skill>) -> SkillLevel {
    match (school, &state.player.growth) {
        (Some(s), Some(g)) => g.skills.level(s),
        _ => SkillLevel::Restricted,
    }
}

/// How much of a spell you remember (`spellretention`): "100%" when fresh,
/// "(gone)" when forgotten, else a range as wide as your skill is poor.
pub(crate) fn retention(memory: u32, skill: SkillLevel) -> String {
    if memory == 0 {
        return "(gone)".into();
    }
    if memory >= crate::dungeon::rules::study::KEEN {
        return "100%".into();
    }
    let percent = (memory - 1) / 200 + 1;
    let accuracy = match skill {
        SkillLevel::Expert | SkillLevel::Master | SkillLevel::GrandMaster => 2,
        SkillLevel::Skilled => 5,
        SkillLevel::Basic => 10,
        SkillLevel::Unskilled | SkillLevel::Restricted => 25,
    };
    let hi = accuracy * ((percent - 1) / accuracy + 1);
    let lo = hi - accuracy + 1;
    format!("{lo}%-{hi}%")
}

/// The chance in 100 that the spell of book `kind` works for you now
/// (`percent_success`).
pub(crate) fn success(state: &RunState, kind: ItemKind) -> i32 {
    let (Some(hero), Some(g)) = (state.player.hero, &state.player.growth) else {
        return 0;
    };
    let content = state.content();
    let role = hero.role(content.heroes());
    let cast = &role.casting;
    let casts = casts_of(state, kind);
    let (school, level) = facts(state, kind);
    let worn = |slot| {
        state
            .player
            .worn_in(content, slot)
            .map(|i| content.item(state.player.inventory[i].kind))
    };
    let metal = |row: &crate::dungeon::content::ItemRow| {
        row.rusts || METAL_THAT_DOES_NOT_RUST.contains(&row.id.as_str())
    };
    let paladin = role.id == "knight" && school == Some(Skill::ClericalSpells);
    let robe = worn(Slot::Cloak).is_some_and(|c| c.id == "robe");
    let mut penalty = cast.base;
    if worn(Slot::Body).is_some_and(metal) && !paladin {
        penalty += if robe { cast.armour / 2 } else { cast.armour };
    } else if robe {
        penalty -= cast.armour;
    }
    let shield = worn(Slot::Shield);
    if shield.is_some() {
        penalty += cast.shield;
    }
    let staff = state
        .player
        .inventory
        .iter()
        .any(|c| c.wielded && content.item(c.kind).id == "quarterstaff");
    if staff {
        penalty -= 3;
    }
    if !paladin {
        for (slot, more) in [(Slot::Helmet, 4), (Slot::Gloves, 6), (Slot::Boots, 2)] {
            if worn(slot).is_some_and(metal) {
                penalty += more;
            }
        }
    }
    if casts == cast.special {
        penalty += cast.special_bonus;
    }
    if HEALING.contains(&casts) {
        penalty += cast.healing;
    }
    let penalty = penalty.min(20);
    let stat = g.attribute(cast.stat);
    let mut chance = 11 * stat / 2;
    let skill = match school.map(|s| g.skills.level(s)) {
        None | Some(SkillLevel::Restricted | SkillLevel::Unskilled) => 0,
        Some(SkillLevel::Basic) => 1,
        Some(SkillLevel::Skilled) => 2,
        Some(_) => 3,
    };
    let difficulty = (level as i32 - 1) * 4 - (skill * 6 + g.level as i32 / 3 + 1);
    if difficulty > 0 {
        chance -= ((900 * difficulty + 2000) as f64).sqrt() as i32;
    } else {
        chance += (15 * -difficulty / level as i32).min(20);
    }
    chance = chance.clamp(0, 120);
    if let Some(s) = shield
        && s.weight > 30
    {
        chance /= if casts == cast.special { 2 } else { 4 };
    }
    chance = chance * (20 - penalty) / 15 - penalty;
    chance.clamp(0, 100)
}

/// `Z`: the spell of `letter` acts at once or asks which way.
pub(crate) fn cast_what(state: &mut RunState, letter: u8) -> Then {
    // Stunned, nothing can be cast (`rejectcasting`); no turn.
    if crate::dungeon::rules::impaired::stunned(state) {
        state.say("You are too impaired to cast a spell.");
        return Then::Done(false);
    }
    let Some(known) = state.player.spells.get(usize::from(letter)).copied() else {
        state.say("You don't know that spell.");
        return Then::Done(false);
    };
    let casts = casts_of(state, known.book).to_string();
    if known.memory > 0 && wants_direction(&casts) {
        if !ready(state, letter) {
            return Then::Done(false);
        }
        return Then::Ask(CAST_ASK);
    }
    Then::Done(cast(state, letter, None))
}

/// The way a spell was cast.
pub(crate) fn cast_toward(state: &mut RunState, letter: u8, way: Way) -> bool {
    cast(state, letter, Some(way))
}

/// Can the spell of `letter` be cast now (power, food, strength)? Says why
/// not; takes no turn either way.
fn ready(state: &mut RunState, letter: u8) -> bool {
    let Some(known) = state.player.spells.get(usize::from(letter)).copied() else {
        return false;
    };
    let Some(g) = &state.player.growth else {
        return false;
    };
    let (pw, max_pw, st) = (g.pw, g.max_pw, g.attribute(Attribute::Str));
    let energy = 5 * facts(state, known.book).1 as i32;
    if state.player.nutrition <= 10 {
        state.say("You are too hungry to cast that spell.");
        return false;
    }
    if st < 4 {
        state.say("You lack the strength to cast spells.");
        return false;
    }
    if energy > pw {
        let end = if pw < max_pw {
            ""
        } else if energy > max_pw {
            " yet"
        } else {
            " anymore"
        };
        state.say(format!(
            "You don't have enough energy to cast that spell{end}."
        ));
        return false;
    }
    true
}

/// Cast the spell of `letter` (`way`: where a directed one goes). Returns
/// whether a turn was spent.
fn cast(state: &mut RunState, letter: u8, way: Option<Way>) -> bool {
    let Some(known) = state.player.spells.get(usize::from(letter)).copied() else {
        return false;
    };
    let (school, level) = facts(state, known.book);
    let energy = 5 * level as i32;
    if known.memory == 0 {
        state.say("Your knowledge of this spell is twisted.");
        state.say("It invokes nightmarish images in your mind...");
        let lost = state.rng.rnd(energy as u64) as i32;
        if let Some(g) = &mut state.player.growth {
            g.pw = (g.pw - lost).max(0);
        }
        return true;
    }
    let warning = match known.memory {
        0..=100 => Some("You strain to recall the spell."),
        101..=500 => Some("You have difficulty remembering the spell."),
        501..=1000 => Some("Your knowledge of this spell is growing faint."),
        1001..=2000 => Some("Your recall of this spell is gradually fading."),
        _ => None,
    };
    if let Some(line) = warning {
        state.say(line);
    }
    if !ready(state, letter) {
        return false;
    }
    if crate::dungeon::rules::grow::encumbrance(&state.player, state.content())
        >= Encumbrance::Overtaxed
    {
        state.say("You can't concentrate while carrying so much stuff.");
        return true;
    }
    pay_hunger(state, 2 * energy);
    // Confused, a spell always fails (`spelleffects`).
    if crate::dungeon::rules::impaired::confused(state)
        || state.rng.rnd(100) as i32 > success(state, known.book)
    {
        state.say("You fail to cast the spell correctly.");
        if let Some(g) = &mut state.player.growth {
            g.pw -= energy / 2;
        }
        return true;
    }
    if let Some(g) = &mut state.player.growth {
        g.pw -= energy;
    }
    crate::dungeon::rules::grow::exercise(state, Attribute::Wis, true);
    let casts = casts_of(state, known.book).to_string();
    let skilled = skill_level(state, school) >= SkillLevel::Skilled;
    match rule(&casts) {
        Some(How::Wand(does)) => {
            let xl = state.player.growth.as_ref().map_or(1, |g| g.level);
            let bonus = damage_bonus(state);
            crate::dungeon::rules::zap::cast_as_wand(state, does, way, xl / 2 + 1, bonus);
        }
        Some(How::Scroll(does, blessable)) => {
            let b = if blessable && skilled {
                crate::dungeon::blessing::Blessing::Blessed
            } else {
                crate::dungeon::blessing::Blessing::Uncursed
            };
            crate::dungeon::rules::read::cast_as_scroll(state, does, b);
        }
        Some(How::Own(rule, _)) => rule(state, way),
        None => {}
    }
    if let (Some(s), Some(g)) = (school, &mut state.player.growth) {
        for _ in 0..level {
            g.skills.practise(s);
        }
    }
    true
}

/// Casting's hunger (`spelleffects`): `hunger` nutrition, a Wizard's less
/// by Int (a role whose `casting` says `hunger_by_int`), never below 3
/// left.
fn pay_hunger(state: &mut RunState, hunger: i32) {
    let Some((hero, g)) = state.player.hero.zip(state.player.growth.as_ref()) else {
        return;
    };
    let mut hunger = hunger;
    if hero.role(state.content().heroes()).casting.hunger_by_int {
        hunger = match g.attribute(Attribute::Int) {
            17.. => 0,
            16 => hunger / 4,
            15 => hunger / 2,
            _ => hunger,
        };
    }
    let room = (state.player.nutrition - 3).max(0);
    state.player.nutrition -= hunger.min(room);
}

/// What your Int and level add to a spell's blow (`spell_damage_bonus`).
fn damage_bonus(state: &RunState) -> i32 {
    state
        .player
        .growth
        .as_ref()
        .map_or(0, |g| g.spell_damage_bonus())
}

/// Healing: yourself (`.`, or any way but across), or each monster a
/// beam cast across passes (NetHack's `bhitm` of a healing spell).
fn heal(
    state: &mut RunState,
    way: Option<Way>,
    on_monster: fn(&mut RunState, usize) -> bool,
    dice: (u32, u32),
) {
    match way {
        Some(Way::Toward(d)) => {
            crate::dungeon::rules::zap::beam(state, d, on_monster, None);
        }
        _ => {
            let amount = crate::dungeon::dice::roll_dice(dice.0, dice.1, &mut state.rng);
            let p = &mut state.player;
            p.hp = (p.hp + amount).min(p.max_hp);
            state.say("You feel better.");
        }
    }
}

/// Monster `m` healed by `dice`d`sides`, to its most.
fn heal_monster(state: &mut RunState, m: usize, (dice, sides): (u32, u32)) -> bool {
    let amount = crate::dungeon::dice::roll_dice(dice, sides, &mut state.rng);
    let monster = &mut state.level_mut().monsters[m];
    monster.hp = (monster.hp + amount).min(monster.max_hp.max(monster.hp));
    crate::dungeon::rules::traps::shared::say_of(state, m, "{M} looks better.");
    true
}

fn healing(state: &mut RunState, way: Option<Way>) {
    heal(state, way, |s, m| heal_monster(s, m, (6, 4)), (6, 4));
}

fn extra_healing(state: &mut RunState, way: Option<Way>) {
    heal(state, way, |s, m| heal_monster(s, m, (6, 8)), (6, 8));
}

/// Force bolt: across, a blow of force at each monster the beam passes
/// ("The spell hits the gnome!", 2d12 and your Int's bonus); else as a
/// wand of striking (at yourself: "You bash yourself!").
fn force_bolt(state: &mut RunState, way: Option<Way>) {
    match way {
        Some(Way::Toward(d)) => {
            crate::dungeon::rules::zap::beam(
                state,
                d,
                |s, m| {
                    let bonus = damage_bonus(s);
                    crate::dungeon::rules::zap::strike(s, m, "spell", bonus)
                },
                Some(crate::dungeon::rules::zap::DoorSpell::Strike),
            );
        }
        _ => {
            crate::dungeon::rules::zap::cast_as_wand(state, "striking", way, 1, 0);
        }
    }
}

/// Very fast for 100 to 109 turns (the potion's uncursed speed).
fn haste_self(state: &mut RunState, _: Option<Way>) {
    let line = if state.timeouts.very_fast > 0 {
        "Your legs get new energy."
    } else {
        "You are suddenly moving much faster."
    };
    state.say(line);
    state.timeouts.very_fast += 100 + state.rng.rn2(10) as u32;
}

/// Invisible a while, as the potion makes you.
fn invisibility(state: &mut RunState, _: Option<Way>) {
    if !crate::dungeon::rules::invisible::zapped(state) {
        state.say("You feel rather airy.");
    }
}

/// Food poisoning cured.
fn cure_sickness(state: &mut RunState, _: Option<Way>) {
    if state.player.sick.take().is_some() {
        state.say("What a relief!");
    } else {
        state.say("You feel a bit steadier.");
    }
}
