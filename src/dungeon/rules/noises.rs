//! What a monster answers when you talk to it (NetHack 3.7's
//! `domonnoise`), by the sound its row gives ([`Sound`]): a gnome grunts
//! (and to a gnome talks of the sunlit lands), a dwarf talks about mining,
//! the watch grumbles about its pay, a cat purrs when fed, a zombie groans
//! one time in three. A silent monster gives nothing, and so does a
//! peaceful mind flayer; both cost no turn.
//!
//! Left out, as this game has nothing they turn on: a dog's howl at the
//! full moon and a vampire's night lines (the game keeps no clock or moon;
//! it is always day), a cat's or dog's tameness below 5 (a pet here is
//! tame or not), a confused, stunned or blinded monster's words, a nymph's
//! words to a woman (heroes here have no sex: hers are a man's).

use crate::dungeon::attacks::AttackType;
use crate::dungeon::content::Sound;
use crate::dungeon::rules::traps::shared::the;
use crate::dungeon::shared::capitalised;
use crate::dungeon::state::RunState;

/// Monster `m` answers you; returns whether that took a turn.
pub(crate) fn talk(state: &mut RunState, m: usize) -> bool {
    let monster = &state.level().monsters[m];
    let row = state.content().monster(monster.kind);
    let mut sound = row.sound;
    // One of your own race talks to you (NetHack's `same_race`).
    let own_race = state
        .player
        .hero
        .map(|h| h.race(state.content().heroes()).id.clone());
    if sound == Sound::Orc && row.race.is_some() && row.race == own_race {
        sound = Sound::Humanoid;
    }
    let line = match sound {
        Sound::Silent => return false,
        Sound::Priest => Line::Does("asks you for a contribution for the temple."),
        Sound::Orc => Line::Does("grunts."),
        Sound::Humanoid => humanoid(state, m),
        Sound::Growl => growl(state, m),
        Sound::Mew => mew(state, m),
        Sound::Bark => bark(state, m),
        Sound::Hiss if state.level().monsters[m].peaceful => return false,
        Sound::Hiss => Line::Does("hisses!"),
        Sound::Groan if state.rng.rn2(3) == 0 => Line::Does("groans."),
        Sound::Groan => Line::Nothing,
        Sound::Seduce => match state.rng.rn2(3) {
            2 => Line::Says("Hello, sailor."),
            1 => Line::Does("comes on to you."),
            _ => Line::Does("cajoles you."),
        },
        Sound::Vampire => vampire(state, m),
        Sound::Sell => shopkeeper(state, m),
        Sound::Soldier => soldier(state, m),
    };
    match line {
        Line::Does(what) => {
            let the = capitalised(&the(state, m));
            state.say(format!("{the} {what}"));
        }
        Line::Says(words) => state.say(format!("\"{words}\"")),
        Line::SaysOwned(words) => state.say(format!("\"{words}\"")),
        Line::Nothing => {}
    }
    true
}

/// What a monster answers: something it does ("The dwarf talks about
/// mining."), words aloud, or nothing heard.
enum Line {
    Does(&'static str),
    Says(&'static str),
    SaysOwned(String),
    Nothing,
}

/// A dwarf, a hobbit, or one of your own race (`MS_HUMANOID`).
fn humanoid(state: &mut RunState, m: usize) -> Line {
    let monster = &state.level().monsters[m];
    let row = state.content().monster(monster.kind);
    if !monster.peaceful {
        return Line::Does("threatens you.");
    }
    let (hp, max) = (monster.hp, monster.max_hp);
    let race = row.race.as_deref();
    let hungry = monster.tame && state.turn > monster.hungry_at;
    if monster.flees > 0 {
        Line::Does("wants nothing to do with you.")
    } else if hp < max / 4 {
        Line::Does("moans.")
    } else if monster.trapped > 0 {
        Line::Says("I'm trapped!")
    } else if hp < max / 2 {
        Line::Does("asks for a potion of healing.")
    } else if hungry {
        Line::Says("I'm hungry.")
    } else if race == Some("elf") {
        Line::Does("curses orcs.")
    } else if race == Some("dwarf") {
        Line::Does("talks about mining.")
    } else if row.attacks.iter().any(|a| a.0 == AttackType::Magic) {
        // A spellcaster (NetHack's `M2_MAGIC`, which the casters here are).
        Line::Does("talks about spellcraft.")
    } else if race == Some("gnome") {
        Line::Says("Many enter the dungeon, and few return to the sunlit lands.")
    } else if row.name == "hobbit" {
        if hp < max && (max <= 10 || hp <= max - 10) {
            Line::Does("complains about unpleasant dungeon conditions.")
        } else {
            Line::Does("asks you about the One Ring.")
        }
    } else {
        Line::Does("discusses dungeon exploration.")
    }
}

/// A bugbear, a monkey, a cat not yours (`MS_GROWL`).
fn growl(state: &RunState, m: usize) -> Line {
    if state.level().monsters[m].peaceful {
        Line::Does("snarls.")
    } else {
        Line::Does("growls!")
    }
}

/// A cat (`MS_MEW`): yours tells how it fares.
fn mew(state: &RunState, m: usize) -> Line {
    let cat = &state.level().monsters[m];
    if !cat.tame {
        return growl(state, m);
    }
    if cat.flees > 0 || cat.trapped > 0 {
        Line::Does("yowls.")
    } else if state.turn > cat.hungry_at {
        Line::Does("meows.")
    } else if cat.hungry_at > state.turn + 1000 {
        Line::Does("purrs.")
    } else {
        Line::Does("mews.")
    }
}

/// A dog (`MS_BARK`): yours tells how it fares.
fn bark(state: &RunState, m: usize) -> Line {
    let dog = &state.level().monsters[m];
    if !dog.peaceful {
        return Line::Does("growls.");
    }
    let turn = state.turn;
    if dog.tame && (dog.flees > 0 || dog.trapped > 0 || turn > dog.hungry_at) {
        Line::Does("whines.")
    } else if dog.tame && dog.hungry_at > turn + 1000 {
        Line::Does("yips.")
    } else {
        Line::Does("barks.")
    }
}

/// A vampire (`MS_VAMPIRE`), by day.
fn vampire(state: &mut RunState, m: usize) -> Line {
    let vampire = &state.level().monsters[m];
    if vampire.tame {
        return Line::Says("I find myself growing a little weary.");
    }
    if vampire.peaceful {
        return Line::Says("I only drink... potions.");
    }
    if state.rng.rn2(2) == 0 {
        return Line::Says("I vant to suck your blood!");
    }
    // "a man", "an elf": the hero's race's one.
    let one = match state.player.hero {
        Some(h) => match h.race(state.content().heroes()).id.as_str() {
            "human" => "a man",
            "elf" => "an elf",
            "orc" => "an orc",
            "dwarf" => "a dwarf",
            "gnome" => "a gnome",
            _ => "a stranger",
        },
        None => "a man",
    };
    Line::SaysOwned(format!("I vill come after {one} without regret!"))
}

/// A shopkeeper (`MS_SELL`, NetHack's `shk_chat` for what this game's
/// shops keep: you pay as you pick up, so there is never a bill).
fn shopkeeper(state: &RunState, m: usize) -> Line {
    let keeper = &state.level().monsters[m];
    if !keeper.peaceful {
        Line::Does("mentions how much he dislikes rude customers.")
    } else if keeper.wronged {
        Line::Does("warns you that he is watching you carefully.")
    } else if keeper.gold < 50 {
        Line::Does("complains that business is bad.")
    } else if keeper.gold > 4000 {
        Line::Does("says that business is good.")
    } else {
        Line::Does("talks about the problem of shoplifters.")
    }
}

/// The watch (`MS_SOLDIER`).
fn soldier(state: &mut RunState, m: usize) -> Line {
    const PEACEFUL: [&str; 3] = [
        "What lousy pay we're getting here!",
        "The food's not fit for Orcs!",
        "My feet hurt, I've been on them all day!",
    ];
    const HOSTILE: [&str; 3] = ["Resistance is useless!", "You're dog meat!", "Surrender!"];
    let lines = if state.level().monsters[m].peaceful {
        PEACEFUL
    } else {
        HOSTILE
    };
    Line::Says(lines[state.rng.rn2(3) as usize])
}
