//! `r` and a letter: read that scroll. A scroll row names its rule
//! (`Scroll(does: "magic mapping")`); the rule is one function here and one
//! line in [`SCROLLS`]. Reading uses the scroll up; a rule returns whether
//! it told you what the scroll was (then its kind is known from now on).

use crate::dungeon::blessing::Blessing;
use crate::dungeon::content::{Content, ContentError, ItemKind, Slot};
use crate::dungeon::fov;
use crate::dungeon::rules::carry::{describe_carried, held, use_up};
use crate::dungeon::rules::sight;
use crate::dungeon::shared::inventory_letter;
use crate::dungeon::state::RunState;
use crate::generation::Tile;

/// A scroll's rule: what reading a scroll of item kind `kind`, so blessed,
/// does; returns whether you now know it.
type ScrollRule = fn(&mut RunState, ItemKind, Blessing) -> bool;

/// Every rule a scroll row can name: a new scroll that does something new
/// is a function and a line.
const SCROLLS: &[(&str, ScrollRule)] = &[
    ("identify", identify),
    ("light", light),
    ("teleportation", teleportation),
    ("magic mapping", magic_mapping),
    ("blank", blank),
    ("remove curse", remove_curse),
    ("enchant weapon", enchant_weapon),
    ("enchant armour", enchant_armour),
    ("confuse monster", crate::dungeon::rules::confusion::scroll),
];

/// The radius a scroll of light lights in a cave (NetHack's `litroom` off a
/// room: `do_clear_area` of radius 5).
const LIGHT_RADIUS: u32 = 5;

fn rule(name: &str) -> Option<ScrollRule> {
    SCROLLS.iter().find(|(n, _)| *n == name).map(|&(_, r)| r)
}

/// Every scroll row names a rule of [`SCROLLS`].
pub(crate) fn check_rows(content: &Content, text: &str) -> Result<(), ContentError> {
    let names: Vec<&str> = SCROLLS.iter().map(|(n, _)| *n).collect();
    crate::dungeon::rules::check_item_rules(
        content,
        text,
        "scroll",
        |row| row.on_pick_up.read(),
        &names,
    )
}

/// Read the scroll with inventory letter `letter`. Returns whether a turn
/// was spent.
pub(crate) fn read(state: &mut RunState, letter: u8) -> bool {
    if crate::dungeon::rules::grow::too_loaded(
        state,
        crate::dungeon::hero::attributes::Encumbrance::Overtaxed,
        crate::dungeon::rules::grow::SO_MUCH_STUFF,
    ) {
        return false;
    }
    let Some(i) = held(state, letter) else {
        return false;
    };
    let kind = state.player.inventory[i].kind;
    let row = state.content().item(kind).clone();
    if row.on_pick_up.spellbook().is_some() {
        return crate::dungeon::rules::study::study(state, i);
    }
    let Some(does) = row.on_pick_up.read() else {
        state.say("That is a silly thing to read.");
        return false;
    };
    let rule = rule(does).expect("checked content");
    let blessing = state.player.inventory[i].blessing;
    use_up(&mut state.player, i);
    if does != "blank" {
        disappears(state);
    }
    if rule(state, kind, blessing) {
        state.discoveries.discover(kind);
    }
    true
}

/// A spell that works as the scroll rule `does` does, so blessed (NetHack's
/// spells of `seffects`: identify, remove curse, magic mapping). Returns
/// whether `does` names a rule.
pub(crate) fn cast_as_scroll(state: &mut RunState, does: &str, b: Blessing) -> bool {
    if does == "identify" {
        identify_pack(state, b);
        return true;
    }
    let Some(rule) = rule(does) else {
        return false;
    };
    // (No scroll rule but identify's reads the kind it is told.)
    rule(state, ItemKind(0), b);
    true
}

/// "As you read the scroll, it disappears.", as every written scroll says.
fn disappears(state: &mut RunState) {
    state.say("As you read the scroll, it disappears.");
}

/// NetHack's identify: one thing you carry, or one time in five (always,
/// blessed) `rn2(5)` of them (0: all; a blessed 1 is 2 with good luck); a
/// cursed scroll, unknown until now, names only itself. You choose in
/// NetHack; here they go in letter order. A hero's scroll names all of a
/// thing (its kind, blessing and enchantment); the nameless hero's names
/// kinds, as it always did.
fn identify(state: &mut RunState, kind: ItemKind, b: Blessing) -> bool {
    let already = state.discoveries.knows(kind);
    state.say("This is an identify scroll.");
    state.discoveries.discover(kind);
    if b == Blessing::Cursed && !already {
        return true;
    }
    identify_pack(state, b);
    true
}

/// What an identify names of your pack, so blessed (the scroll's or the
/// spell's).
fn identify_pack(state: &mut RunState, b: Blessing) {
    let mut n = 1;
    if b == Blessing::Blessed || (b == Blessing::Uncursed && state.rng.rn2(5) == 0) {
        n = state.rng.rn2(5) as usize;
        if n == 1
            && b == Blessing::Blessed
            && crate::dungeon::rules::grow::luck(&state.player, state.content()) > 0
        {
            n = 2;
        }
    }
    let content = state.setup.content.clone();
    let whole = state.player.hero.is_some();
    let mut left = if n == 0 { usize::MAX } else { n };
    let mut told = false;
    for at in 0..state.player.inventory.len() {
        let c = state.player.inventory[at];
        let known_kind = state.discoveries.named_in_pack(&content, c.kind);
        let enchanted = content.item(c.kind).on_pick_up.weapon().is_some()
            || content.item(c.kind).on_pick_up.armour().is_some();
        let known = known_kind && (!whole || (c.blessing_known && (c.spe_known || !enchanted)));
        if left == 0 || known {
            continue;
        }
        state.discoveries.discover(c.kind);
        if whole {
            let c = &mut state.player.inventory[at];
            c.blessing_known = true;
            c.spe_known = true;
        }
        left -= 1;
        told = true;
        let c = state.player.inventory[at];
        let name = describe_carried(&content, &state.discoveries, &c);
        state.say(format!("{} - {name}.", inventory_letter(c.letter)));
    }
    if !told {
        state.say("You have already identified all of your possessions.");
    }
}

/// The cells within 5 of you that you could see are lit for good; cursed,
/// they go dark for good instead.
fn light(state: &mut RunState, _: ItemKind, b: Blessing) -> bool {
    light_area(state, b != Blessing::Cursed);
    true
}

/// A lit field round you (`on`), or darkness (NetHack's `litroom`): the
/// cells in your line of sight within the light's radius.
pub(crate) fn light_area(state: &mut RunState, on: bool) {
    state.say(if on {
        "A lit field surrounds you!"
    } else {
        "You are surrounded by darkness!"
    });
    let me = state.player.pos;
    let los: Vec<usize> = state.sight.los.clone();
    let level = state.level_mut();
    if level.lit_cells.len() != level.map.len() {
        level.lit_cells = vec![false; level.map.len()];
    }
    // A lit level darkened in part becomes a dark one with lit cells.
    if !on && level.lit {
        level.lit = false;
        level.lit_cells = vec![true; level.map.len()];
    }
    for i in los {
        if fov::within_light(me, level.map.pos(i), LIGHT_RADIUS) {
            level.lit_cells[i] = on;
        }
    }
    sight::update(state);
}

/// A random free cell of this level; cursed, a random level (NetHack's
/// `level_tele`, not steered).
fn teleportation(state: &mut RunState, _: ItemKind, b: Blessing) -> bool {
    use crate::dungeon::rules::teleport;
    if b == Blessing::Cursed && state.plan.len() > 1 {
        teleport::to_another_level(state);
        return true;
    }
    teleport::within_level(state, b == Blessing::Blessed);
    true
}

/// Every wall, floor, door and stair of the level is remembered, but on a
/// level whose kind says `no_mapping` (NetHack's `nommap`: the Catacombs).
/// A secret door stays hidden as the wall it looks like, unless the scroll
/// is blessed: then it is found. Cursed, only a seventh of the cells are
/// remembered (NetHack maps as if you were confused).
fn magic_mapping(state: &mut RunState, _: ItemKind, b: Blessing) -> bool {
    if state.content().kind(state.level().kind).no_mapping {
        state.say("Your mind is filled with crazy lines!");
        return true;
    }
    if b == Blessing::Blessed {
        crate::dungeon::rules::search::reveal_secret_doors(state);
    }
    state.say("A map coalesces in your mind!");
    let cursed = b == Blessing::Cursed;
    let n = state.level().map.len();
    for i in 0..n {
        let level = state.level();
        if level.map.tile(level.map.pos(i)) == Tile::Rock || (cursed && state.rng.rn2(7) != 0) {
            continue;
        }
        state.level_mut().seen[i] = true;
    }
    if cursed {
        state.say("Unfortunately, you can't grasp the details.");
    }
    true
}

/// Nothing is written on it.
fn blank(state: &mut RunState, _: ItemKind, _: Blessing) -> bool {
    state.say("This scroll seems to be blank.");
    true
}

/// Remove curse: uncursed, what you wear and wield and any loadstone is
/// uncursed; blessed, everything you carry; cursed, nothing ("The scroll
/// disintegrates."). You don't learn which blessings changed, nor what the
/// scroll was (NetHack asks you to name it).
fn remove_curse(state: &mut RunState, _: ItemKind, b: Blessing) -> bool {
    state.say("You feel like someone is helping you.");
    if b == Blessing::Cursed {
        state.say("The scroll disintegrates.");
        return false;
    }
    let content = state.setup.content.clone();
    for c in &mut state.player.inventory {
        let loadstone = content.item(c.kind).on_pick_up.cursed();
        let reached = b == Blessing::Blessed || c.worn || c.wielded || loadstone;
        if reached && c.blessing == Blessing::Cursed {
            c.blessing = Blessing::Uncursed;
        }
    }
    false
}

/// Enchant weapon: the weapon you wield glows blue, one more (blessed:
/// `rnd(3 - spe/3)` more; over +8 only one time in its enchantment) and is
/// uncursed; cursed, it glows black and loses one. Past +5 (or below -5,
/// cursed) it evaporates two times in three. With no weapon your hands
/// twitch (itch, cursed), and you don't learn the scroll.
fn enchant_weapon(state: &mut RunState, _: ItemKind, b: Blessing) -> bool {
    let content = state.setup.content.clone();
    let Some(i) = crate::dungeon::rules::carry::wielded_weapon(&state.player, &content) else {
        state.say(if b == Blessing::Cursed {
            "Your hands itch."
        } else {
            "Your hands twitch."
        });
        return false;
    };
    let spe = i32::from(state.player.inventory[i].spe);
    let amount = enchant_by(state, b, spe);
    let (yours, plural) = your(state, i);
    if ((spe > 5 && amount >= 0) || (spe < -5 && amount < 0)) && state.rng.rn2(3) != 0 {
        let (vibrate, evaporate) = if plural {
            ("vibrate", "evaporate")
        } else {
            ("vibrates", "evaporates")
        };
        state.say(format!(
            "{yours} violently {vibrate} for a while and then {evaporate}."
        ));
        state.player.inventory.remove(i);
        return true;
    }
    let glow = match (amount, plural) {
        (0, false) => "violently glows",
        (0, true) => "violently glow",
        (_, false) => "glows",
        (_, true) => "glow",
    };
    let colour = if amount < 0 { "black" } else { "blue" };
    let time = if amount * amount == 1 {
        "moment"
    } else {
        "while"
    };
    state.say(format!("{yours} {glow} {colour} for a {time}."));
    let c = &mut state.player.inventory[i];
    c.spe = (i32::from(c.spe) + amount).clamp(-99, 99) as i8;
    if amount > 0 && c.blessing == Blessing::Cursed {
        c.blessing = Blessing::Uncursed;
    }
    c.spe_known
}

/// Enchant armour: a piece you wear (the cloak, else the suit, else the
/// shirt; then helmet, gloves, boots and shield, each taking over one time
/// in four) glows silver, one more (blessed: `rnd(3 - spe/3)`), and takes
/// the scroll's blessing; cursed, it glows black, loses one and is cursed.
/// Past +3 (+5 for elven armour) it evaporates unless `rn2(spe)` comes to
/// 0. With nothing worn your skin glows then fades, and you don't learn
/// the scroll.
fn enchant_armour(state: &mut RunState, _: ItemKind, b: Blessing) -> bool {
    let Some(i) = some_armour(state) else {
        state.say("Your skin glows then fades.");
        return false;
    };
    let content = state.setup.content.clone();
    let c = state.player.inventory[i];
    let elven = content.item(c.kind).id.starts_with("elven_");
    let spe = i32::from(c.spe);
    let (yours, plural) = your(state, i);
    let s = if b == Blessing::Cursed { -spe } else { spe };
    if s > (if elven { 5 } else { 3 }) && state.rng.rn2(s as u64) != 0 {
        let colour = if b == Blessing::Cursed {
            "black"
        } else {
            "silver"
        };
        let (glow, evaporate) = if plural {
            ("glow", "evaporate")
        } else {
            ("glows", "evaporates")
        };
        state.say(format!(
            "{yours} violently {glow} {colour} for a while, then {evaporate}."
        ));
        state.player.inventory.remove(i);
        return true;
    }
    let s = enchant_by(state, b, spe);
    let violently = if s == 0 { "violently " } else { "" };
    let glow = if plural { "glow" } else { "glows" };
    let colour = if b == Blessing::Cursed {
        "black"
    } else {
        "silver"
    };
    let time = if s * s > 1 { "while" } else { "moment" };
    state.say(format!("{yours} {violently}{glow} {colour} for a {time}."));
    let c = &mut state.player.inventory[i];
    c.blessing = match (b, c.blessing) {
        (Blessing::Cursed, _) => Blessing::Cursed,
        (Blessing::Blessed, _) => Blessing::Blessed,
        (_, Blessing::Cursed) => Blessing::Uncursed,
        (_, was) => was,
    };
    c.spe = (i32::from(c.spe) + s).clamp(-99, 99) as i8;
    s != 0 && c.spe_known
}

/// How much an enchant scroll so blessed adds to a thing of enchantment
/// `spe`: cursed −1; from +9 up, 1 only one time in `spe`; blessed `rnd(3 −
/// spe/3)`; else 1 (`seffect_enchant_weapon`, `_armor`).
fn enchant_by(state: &mut RunState, b: Blessing, spe: i32) -> i32 {
    match b {
        Blessing::Cursed => -1,
        _ if spe >= 9 => i32::from(state.rng.rn2(spe as u64) == 0),
        Blessing::Blessed => state.rng.rnd((3 - spe / 3).max(1) as u64) as i32,
        Blessing::Uncursed => 1,
    }
}

/// The worn piece an enchant armour scroll acts on (NetHack's
/// `some_armor`): the cloak, else the suit, else the shirt; then the
/// helmet, gloves, boots and shield in turn, each taking its place one time
/// in four (or if nothing was found yet).
fn some_armour(state: &mut RunState) -> Option<usize> {
    let content = state.setup.content.clone();
    let worn = |slot: Slot| state.player.worn_in(&content, slot);
    let mut found = worn(Slot::Cloak).or(worn(Slot::Body)).or(worn(Slot::Shirt));
    for slot in [Slot::Helmet, Slot::Gloves, Slot::Boots, Slot::Shield] {
        if let Some(p) = worn(slot)
            && (found.is_none() || state.rng.rn2(4) == 0)
        {
            found = Some(p);
        }
    }
    found
}

/// "Your long sword" (or "Your gauntlets"), and whether it is named as
/// many (a pair of gloves or boots, or more than one thing).
fn your(state: &RunState, i: usize) -> (String, bool) {
    let c = state.player.inventory[i];
    let content = state.content();
    let name = state.discoveries.pack_name(content, c.kind);
    let pair = name.strip_prefix("pair of ");
    let plural = c.quantity > 1 || pair.is_some();
    let name = match (pair, c.quantity) {
        (Some(p), _) => p.to_string(),
        (None, 1) => name.to_string(),
        _ => crate::dungeon::discoveries::plural(name),
    };
    (format!("Your {name}"), plural)
}
