//! `r` on a spellbook: study it (NetHack 3.7's `study_book` and `learn`).
//!
//! A study takes the book's delay times a factor of its level (levels 1–2
//! once, 3–4 `level - 1` times, 5–6 `level` times, 7 eight times), an
//! occupation a monster coming into view interrupts; reading the same book
//! again goes on where it stopped. Before it starts, the book may be too
//! hard: a blessed book never is, a cursed one always; an uncursed one
//! fails when `rnd(20)` is over Int + 4 + level / 2 − 2 × the book's level.
//! A failure does one of `cursed_book`'s harms (drawn below the book's
//! level: a teleport, aggravated monsters, lost gold, 16 to 22 turns of
//! confusion, contact poison, an explosion that destroys the book; 3.7's
//! blindness is named and does nothing here, as this game has none), leaves you
//! helpless for the study's time, and crumbles the book one time in three.
//!
//! A study done teaches the spell with 20,000 turns of memory, or refreshes
//! one known; a book read four times well fades to blank paper on its
//! fifth. A spell known well (over 2,000 turns left) is not studied again.

use crate::dungeon::blessing::Blessing;
use crate::dungeon::content::ItemKind;
use crate::dungeon::hero::Intrinsic;
use crate::dungeon::hero::attributes::Attribute;
use crate::dungeon::rules::carry::use_up;
use crate::dungeon::shared::{Killer, inventory_letter};
use crate::dungeon::state::{KnownSpell, Question, RunState, Studying, Worked};

/// The turns a spell stays in memory once learnt (NetHack's `KEEN`).
pub(crate) const KEEN: u32 = 20_000;
/// A book is read well this many times; the next read fades it
/// (`MAX_SPELL_STUDY`).
const MAX_STUDY: u32 = 3;
/// Most spells a hero knows (`MAXSPELL`: a letter each, `a`–`z`, `A`–`Z`).
pub(crate) const MAX_SPELLS: usize = 52;

/// Read the spellbook at pack place `i`. Returns whether a turn was spent.
pub(crate) fn study(state: &mut RunState, i: usize) -> bool {
    if state.player.growth.is_none() {
        state.say("You can't make sense of the runes.");
        return false;
    }
    let book = state.player.inventory[i];
    let content = state.setup.content.clone();
    let row = content.item(book.kind);
    let facts = row.on_pick_up.spellbook().expect("a spellbook");
    if facts.level == 0 {
        state.say("This spellbook is all blank.");
        state.discoveries.discover(book.kind);
        return true;
    }
    let confused = crate::dungeon::rules::impaired::confused(state);
    if let Some(s) = state.studying
        && s.book == book.id
        && !confused
    {
        state.say("You continue your efforts to memorize the spell.");
        state.studying = Some(Studying { active: true, ..s });
        return true;
    }
    if let Some(known) = state.player.spells.iter().find(|s| s.book == book.kind)
        && known.memory > KEEN / 10
    {
        let name = spell_name(state, book.kind);
        state.say(format!("You know \"{name}\" quite well already."));
        state.discoveries.discover(book.kind);
        return false;
    }
    match book.blessing {
        Blessing::Blessed => begin(state, book.id),
        Blessing::Cursed => fail(state, book.id),
        Blessing::Uncursed => {
            let ability = ability(state, facts.level);
            let role = state.player.hero.map(|h| h.role(content.heroes()));
            if role.is_some_and(|r| r.casting.warned_of_hard_books) && ability < 20 && !confused {
                let very = if ability < 12 { "very " } else { "" };
                state.say(format!(
                    "This spellbook is {very}difficult to comprehend.  Continue? [yn] (n)"
                ));
                state.question = Some(Question::Study { book: book.id });
                return false;
            }
            read_or_fail(state, book.id, ability)
        }
    }
}

/// The answer to "This spellbook is difficult to comprehend.  Continue?":
/// yes, and the study is tried; no, and the turn is spent all the same
/// (as NetHack's).
pub(crate) fn answer(state: &mut RunState, book: u32, yes: bool) -> bool {
    let Some(c) = state
        .player
        .inventory
        .iter()
        .find(|c| c.id == book)
        .copied()
    else {
        return false;
    };
    if !yes {
        return true;
    }
    let level = state
        .content()
        .item(c.kind)
        .on_pick_up
        .spellbook()
        .map_or(1, |b| b.level);
    let ability = ability(state, level);
    read_or_fail(state, book, ability)
}

/// How well you read a book of `level` (`study_book`'s `read_ability`):
/// Int + 4 + your level / 2 − twice the book's level.
fn ability(state: &RunState, level: u32) -> i32 {
    let Some(g) = &state.player.growth else {
        return 0;
    };
    g.attribute(Attribute::Int) + 4 + g.level as i32 / 2 - 2 * level as i32
}

/// An uncursed book: too hard when `d20` comes up over `ability`.
fn read_or_fail(state: &mut RunState, book: u32, ability: i32) -> bool {
    if state.rng.rnd(20) as i32 > ability {
        fail(state, book)
    } else {
        begin(state, book)
    }
}

/// The level and study delay of the book of id `book` you carry.
fn carried_book(state: &RunState, book: u32) -> Option<(u32, u32)> {
    let c = state.player.inventory.iter().find(|c| c.id == book)?;
    let facts = state.content().item(c.kind).on_pick_up.spellbook();
    Some(facts.map_or((1, 1), |b| (b.level, b.delay)))
}

/// The book of id `book` was too hard: a harm, helpless for the study's
/// time, and one time in three the book crumbles (always, if it blew up).
fn fail(state: &mut RunState, book: u32) -> bool {
    let Some((level, delay)) = carried_book(state, book) else {
        return false;
    };
    let explodes = cursed_book(state, level);
    state.asleep = state.asleep.max(study_turns(level, delay));
    state.studying = None;
    if let Some(at) = state.player.inventory.iter().position(|c| c.id == book)
        && (explodes || state.rng.rn2(3) == 0)
    {
        if !explodes {
            state.say("The spellbook crumbles to dust!");
        }
        use_up(&mut state.player, at);
    }
    true
}

/// The study of the book of id `book` begins; confused, you can't keep
/// to it ([`confused_book`]) and are helpless for the study's time.
fn begin(state: &mut RunState, book: u32) -> bool {
    let Some((level, delay)) = carried_book(state, book) else {
        return false;
    };
    if crate::dungeon::rules::impaired::confused(state) {
        confused_book(state, book, "first");
        state.asleep = state.asleep.max(study_turns(level, delay));
        state.studying = None;
        return true;
    }
    state.say("You begin to memorize the runes.");
    state.studying = Some(Studying {
        book,
        left: study_turns(level, delay),
        active: true,
    });
    true
}

/// Reading the book of id `book` confused (`confused_book`): one time in
/// three you tear it to pieces, else you read its `which` line ("first",
/// "next") over and over again.
fn confused_book(state: &mut RunState, book: u32, which: &str) {
    if state.rng.rn2(3) == 0 {
        state.say("Being confused you have difficulties in controlling your actions.");
        state.say("You accidentally tear the spellbook to pieces.");
        if let Some(at) = state.player.inventory.iter().position(|c| c.id == book) {
            use_up(&mut state.player, at);
        }
    } else {
        state.say(format!(
            "You find yourself reading the {which} line over and over again."
        ));
    }
}

/// A study's length (`study_book`'s delay by the book's level).
pub(crate) fn study_turns(level: u32, delay: u32) -> u32 {
    match level {
        0..=2 => delay,
        3..=4 => (level - 1) * delay,
        5..=6 => level * delay,
        _ => 8 * delay,
    }
}

/// What the spell of book `kind` is called: "force bolt".
pub(crate) fn spell_name(state: &RunState, kind: ItemKind) -> String {
    let name = &state.content().item(kind).name;
    name.strip_prefix("spellbook of ")
        .unwrap_or(name)
        .to_string()
}

/// A book too hard for you (`cursed_book`, drawn `rn2(level)`). Returns
/// whether it exploded (and is gone).
fn cursed_book(state: &mut RunState, level: u32) -> bool {
    match state.rng.rn2(u64::from(level)) {
        0 => {
            state.say("You feel a wrenching sensation.");
            crate::dungeon::rules::teleport::within_level(state, false);
        }
        1 => {
            state.say("You feel threatened.");
            for m in 0..state.level().monsters.len() {
                state.level_mut().monsters[m].asleep = 0;
            }
        }
        2 => {
            // 3.7 blinds you for 250 to 349 turns; this game has no
            // blindness.
            state.say("A cloud of darkness falls upon you, and lifts.");
        }
        3 => {
            if state.player.gold > 0 {
                state.player.gold = 0;
                state.say("You notice you have no gold!");
            } else {
                state.say("You feel a strange sensation.");
            }
        }
        4 => {
            state.say("These runes were just too much to comprehend.");
            let turns = state.rng.rn1(7, 16) as u32;
            crate::dungeon::rules::impaired::confuse_more(state, turns);
        }
        5 => contact_poison(state),
        _ => {
            state.say("As you read the book, it radiates explosive energy in your face!");
            let damage = 2 * state.rng.rnd(10) as i32 + 5;
            state.player.hp -= damage;
            state.die_if_spent(Killer::Zap("exploding rune"));
            return true;
        }
    }
    false
}

/// The book was coated with contact poison: gloves keep it off; else
/// 3 to 6 points of Str and 1d10 hit points (1 to 2 and 1d6 if you resist
/// poison).
fn contact_poison(state: &mut RunState) {
    let content = state.setup.content.clone();
    if let Some(g) = state
        .player
        .worn_in(&content, crate::dungeon::effects::Slot::Gloves)
    {
        let name = state
            .discoveries
            .pack_name(&content, state.player.inventory[g].kind)
            .to_string();
        state.say(format!(
            "The book was coated with contact poison!  Your {name} protect you."
        ));
        return;
    }
    state.say("The book was coated with contact poison!");
    let resists = crate::dungeon::rules::grow::has(state, Intrinsic::PoisonResistance);
    let (str_loss, hp) = if resists {
        (state.rng.rn1(2, 1) as i32, state.rng.rnd(6) as i32)
    } else {
        (state.rng.rn1(4, 3) as i32, state.rng.rnd(10) as i32)
    };
    let least = state
        .player
        .hero
        .map(|h| h.race(content.heroes()).attribute_min.0)
        .unwrap_or(3);
    if let Some(g) = &mut state.player.growth {
        let st = &mut g.attributes.now.0;
        *st = (*st - str_loss).max(least);
    }
    state.player.hp -= hp;
    state.die_if_spent(Killer::Zap("contact-poisoned spellbook"));
}

/// Is the study stopped before its next turn (a blow, a monster in view)?
pub(crate) fn interrupted(state: &mut RunState, hp_before: i32) -> bool {
    let Some(s) = state.studying.filter(|s| s.active) else {
        return false;
    };
    if !crate::dungeon::rules::interrupt::disturbed(state, hp_before) {
        return false;
    }
    state.say("You stop studying.");
    state.studying = Some(Studying { active: false, ..s });
    true
}

/// One turn of study: at its end, the spell learnt.
pub(crate) fn work(state: &mut RunState) -> Worked {
    let Some(mut s) = state.studying.filter(|s| s.active) else {
        return Worked::Nothing;
    };
    let Some(at) = state.player.inventory.iter().position(|c| c.id == s.book) else {
        state.studying = None;
        return Worked::Nothing;
    };
    // Confused while learning: the rest of the study is lost, and you
    // are helpless for it all the same (`learn`).
    if crate::dungeon::rules::impaired::confused(state) {
        state.studying = None;
        confused_book(state, s.book, "next");
        state.asleep = state.asleep.max(s.left);
        return Worked::Last;
    }
    if s.left > 0 {
        s.left -= 1;
        state.studying = Some(s);
        return Worked::Going;
    }
    state.studying = None;
    learn(state, at);
    Worked::Last
}

/// The study of the book at pack place `at` is done (`learn`).
fn learn(state: &mut RunState, at: usize) {
    crate::dungeon::rules::grow::exercise(state, Attribute::Wis, true);
    let book = state.player.inventory[at];
    let name = spell_name(state, book.kind);
    state.discoveries.discover(book.kind);
    // A book's `spe` counts its good reads (NetHack's `spestudied`).
    let studied = book.spe.max(0) as u32;
    if let Some(k) = state.player.spells.iter().position(|s| s.book == book.kind) {
        if studied > MAX_STUDY {
            state.say("This spellbook is too faint to be read any more.");
            fade(state, at);
            return;
        }
        let gone = state.player.spells[k].memory == 0;
        state.player.spells[k].memory = KEEN + 1;
        state.player.inventory[at].spe += 1;
        crate::dungeon::rules::grow::exercise(state, Attribute::Wis, true);
        let how = if gone { "restored" } else { "keener" };
        state.say(format!("Your knowledge of {name} is {how}."));
        return;
    }
    if studied >= MAX_STUDY {
        state.say("This spellbook is too faint to read even once.");
        fade(state, at);
        return;
    }
    if state.player.spells.len() >= MAX_SPELLS {
        state.say("You can't remember any more spells.");
        return;
    }
    state.player.spells.push(KnownSpell {
        book: book.kind,
        memory: KEEN + 1,
    });
    state.player.inventory[at].spe += 1;
    let n = state.player.spells.len() - 1;
    if n == 0 {
        state.say(format!("You learn \"{name}\"."));
    } else {
        let letter = inventory_letter(n as u8);
        state.say(format!(
            "You add \"{name}\" to your repertoire, as '{letter}'."
        ));
    }
}

/// The book at `at` fades to blank paper (a read too many).
fn fade(state: &mut RunState, at: usize) {
    let content = state.setup.content.clone();
    if let Some(blank) = content.item_kind("spellbook_of_blank_paper") {
        let c = &mut state.player.inventory[at];
        c.kind = blank;
        c.spe = 0;
    }
}
