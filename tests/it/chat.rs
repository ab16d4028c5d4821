//! Talking (NetHack 3.7's `#chat`, `priest_talk`, `domonnoise`): `&` and a
//! direction; a temple priest asks "How much will you offer?", answered by
//! `$` and the sum. On the hand-drawn room of the trap tests, with an altar
//! put in it.

use gnomish_mines::dungeon::hero::Alignment;
use gnomish_mines::dungeon::keys::{keys_text, parse_keys};
use gnomish_mines::dungeon::{Command, Dungeon, Words};
use gnomish_mines::generation::Dir;

use crate::traps::{monster, p, put_monster, room_as, said};

/// A lawful Samurai at (4, 3) with `gold`, a lawful altar at (8, 3) and a
/// peaceful priest east of you; the priest's id.
fn temple(seed: u64, gold: u32) -> (Dungeon, u32) {
    let mut r = room_as(seed, p(4, 3), "samurai human lawful");
    crate::hero::put_pet(&mut r, p(13, crate::traps::HALL));
    r.wizard()
        .set_altar(p(8, 3), Alignment::Lawful)
        .set_gold(gold);
    let priest = put_monster(&mut r, "priest", p(5, 3));
    peaceful(&mut r, priest);
    (r, priest)
}

fn peaceful(r: &mut Dungeon, id: u32) {
    let mut wizard = r.wizard();
    let m = wizard
        .level()
        .monsters_mut()
        .iter_mut()
        .find(|m| m.id == id)
        .unwrap();
    m.peaceful = true;
}

/// Only your pet left on the level.
fn only_the_pet(r: &mut Dungeon) {
    r.wizard().level().monsters_mut().retain(|m| m.tame);
}

/// A peaceful monster of row `id` put east of you, talked to: the first
/// thing said.
fn talk_to(r: &mut Dungeon, id: &str) -> String {
    only_the_pet(r);
    let at = r.player().pos.step(Dir::E);
    let m = put_monster(r, id, at);
    peaceful(r, m);
    r.act(Command::Chat);
    assert!(r.act(Command::Move(Dir::E)), "{id}: a turn");
    r.log().current().next().unwrap_or_default().to_string()
}

fn offer(words: &str) -> Command {
    Command::Offer(Words::new(words).unwrap())
}

/// Talk east, then offer `words`: what was said after the chat.
fn donate(r: &mut Dungeon, words: &str) -> Vec<String> {
    let before = said(r).len();
    r.act(Command::Chat);
    assert_eq!(r.log().line(), "Talk to whom? (in what direction)");
    // Talking is the turn; the question waits for the sum.
    assert!(r.act(Command::Move(Dir::E)));
    assert_eq!(r.words_asked(), Some('$'));
    assert!(
        said(r).contains(&"How much will you offer?".to_string()),
        "{:?}",
        said(r)
    );
    r.act(offer(words));
    assert_eq!(r.words_asked(), None);
    said(r)[before..].to_vec()
}

fn record(r: &Dungeon) -> i32 {
    r.player().growth.as_ref().unwrap().alignment
}

#[test]
fn a_priest_takes_what_you_give_and_answers_by_its_share_of_your_level() {
    // Under 200 a level, with more than twice as much left: cheapskate.
    let (mut r, priest) = temple(1, 1000);
    let told = donate(&mut r, "100");
    assert!(
        told.contains(&"You give the aligned priest 100 gold pieces.".to_string()),
        "{told:?}"
    );
    assert!(told.contains(&"\"Cheapskate.\"".to_string()), "{told:?}");
    assert_eq!(r.gold(), 900);
    assert_eq!(monster(&r, priest).unwrap().gold, 100);
    // Half or more of what you had: thanks.
    let (mut r, _) = temple(1, 200);
    let told = donate(&mut r, "150");
    assert!(
        told.contains(&"\"I thank thee for thy contribution.\"".to_string()),
        "{told:?}"
    );
    // 200 to 399 at level 1: pious; a blessing when it was most of it.
    let (mut r, _) = temple(1, 400);
    let told = donate(&mut r, "300");
    assert!(told.contains(&"\"Thou art indeed a pious individual.\"".to_string()));
    assert!(told.contains(&"\"I bestow upon thee a blessing.\"".to_string()));
    // More than you have is all of it.
    let (mut r, _) = temple(1, 250);
    let told = donate(&mut r, "999");
    assert!(told.contains(&"You give the aligned priest all your gold.".to_string()));
    assert_eq!(r.gold(), 0);
    // 600 and over: selfless generosity, two points of alignment.
    let (mut r, _) = temple(1, 1000);
    let was = record(&r);
    let told = donate(&mut r, "700");
    assert!(told.contains(&"\"Thy selfless generosity is deeply appreciated.\"".to_string()));
    assert_eq!(record(&r), (was + 2).min(10));
}

#[test]
fn four_hundred_a_level_buys_protection_for_good() {
    let mut firsts = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let (mut r, _) = temple(seed, 2000);
        let ac = r.armour_class();
        let told = donate(&mut r, "400");
        assert!(
            told.contains(&"\"Thou hast been rewarded for thy devotion.\"".to_string()),
            "{told:?}"
        );
        let gained = ac - r.armour_class();
        assert!((2..=4).contains(&gained), "{gained}");
        firsts.insert(gained);
        // Again: one point more.
        let ac = r.armour_class();
        donate(&mut r, "400");
        assert_eq!(ac - r.armour_class(), 1);
    }
    // The first gift's points are 2 to 4 (NetHack's rn1(3, 2)).
    assert_eq!(firsts.into_iter().collect::<Vec<_>>(), vec![2, 3, 4]);
    // At level 2 the same 400 is only pious.
    let (mut r, _) = temple(1, 2000);
    r.wizard().gain_experience(20);
    assert_eq!(r.player().growth.as_ref().unwrap().level, 2);
    let told = donate(&mut r, "400");
    assert!(told.contains(&"\"Thou art indeed a pious individual.\"".to_string()));
}

#[test]
fn refusing_a_priest_of_your_god_costs_alignment() {
    let (mut r, _) = temple(2, 500);
    let was = record(&r);
    let told = donate(&mut r, "nothing");
    assert!(told.contains(&"You refuse.".to_string()), "{told:?}");
    assert!(told.contains(&"\"Thou shalt regret thine action!\"".to_string()));
    assert_eq!(record(&r), was - 1);
    assert_eq!(r.gold(), 500);
    // Another command is no answer either: a refusal, and it is not played.
    let (mut r, _) = temple(2, 500);
    r.act(Command::Chat);
    r.act(Command::Move(Dir::E));
    let at = r.player().pos;
    r.act(Command::Move(Dir::W));
    assert_eq!(r.player().pos, at);
    assert!(said(&r).contains(&"You refuse.".to_string()));
    // A negative sum fumbles.
    let (mut r, _) = temple(2, 500);
    let told = donate(&mut r, "-50");
    assert!(told.contains(&"You try to shortchange the aligned priest, but fumble.".to_string()));
}

#[test]
fn with_no_gold_a_priest_of_your_god_gives_two_bits_and_another_is_not_interested() {
    let (mut r, priest) = temple(3, 0);
    r.wizard()
        .level()
        .monsters_mut()
        .iter_mut()
        .find(|m| m.id == priest)
        .unwrap()
        .gold = 5;
    r.act(Command::Chat);
    assert!(r.act(Command::Move(Dir::E)));
    assert_eq!(
        r.log().line(),
        "The aligned priest gives you two bits for an ale."
    );
    assert_eq!(r.gold(), 2);
    assert_eq!(r.words_asked(), None);
    // Broke and with a broke priest: poverty.
    let (mut r, _) = temple(3, 0);
    r.act(Command::Chat);
    r.act(Command::Move(Dir::E));
    assert_eq!(
        r.log().line(),
        "The aligned priest preaches the virtues of poverty."
    );
    // A chaotic altar's priest is not interested in a lawful pauper.
    let (mut r, _) = temple(3, 0);
    r.wizard().set_altar(p(8, 3), Alignment::Chaotic);
    r.act(Command::Chat);
    r.act(Command::Move(Dir::E));
    assert_eq!(r.log().line(), "The aligned priest is not interested.");
}

#[test]
fn an_angry_priest_has_only_a_word_or_two() {
    let (mut r, priest) = temple(4, 100);
    r.wizard()
        .level()
        .monsters_mut()
        .iter_mut()
        .find(|m| m.id == priest)
        .unwrap()
        .peaceful = false;
    r.act(Command::Chat);
    r.act(Command::Move(Dir::E));
    // (He may strike at once: the first words are his.)
    let line = r.log().current().next().unwrap_or_default().to_string();
    assert!(
        [
            "\"Thou wouldst have words, eh?  I'll give thee a word or two!\"",
            "\"Talk?  Here is what I have to say!\"",
            "\"Pilgrim, I would speak no longer with thee.\"",
        ]
        .contains(&line.as_str()),
        "{line}"
    );
    assert_eq!(r.words_asked(), None);
    assert!(!monster(&r, priest).unwrap().peaceful);
}

#[test]
fn others_answer_by_their_kind() {
    let mut r = room_as(5, p(4, 3), "samurai human lawful");
    crate::hero::put_pet(&mut r, p(13, crate::traps::HALL));
    // Yourself, up, and a wall: no turn.
    r.act(Command::Chat);
    assert!(!r.act(Command::Search));
    assert_eq!(
        r.log().line(),
        "Talking to yourself is a bad habit for a dungeoneer."
    );
    r.act(Command::Chat);
    assert!(!r.act(Command::Up));
    assert_eq!(r.log().line(), "They won't hear you up there.");
    r.wizard().teleport(p(4, 4));
    r.act(Command::Chat);
    assert!(!r.act(Command::Move(Dir::S)));
    assert_eq!(r.log().line(), "It's like talking to a wall.");
    r.wizard().teleport(p(4, 3));
    assert_eq!(talk_to(&mut r, "dwarf"), "The dwarf talks about mining.");
    assert_eq!(talk_to(&mut r, "gnome"), "The gnome grunts.");
    assert!(
        [
            "\"What lousy pay we're getting here!\"",
            "\"The food's not fit for Orcs!\"",
            "\"My feet hurt, I've been on them all day!\"",
        ]
        .contains(&talk_to(&mut r, "watchman").as_str())
    );
    assert_eq!(talk_to(&mut r, "monkey"), "The monkey snarls.");
    // A silent one answers nothing, and that costs no turn.
    only_the_pet(&mut r);
    put_monster(&mut r, "floating_eye", p(5, 3));
    let turn = r.turn();
    r.act(Command::Chat);
    assert!(!r.act(Command::Move(Dir::E)));
    assert_eq!(r.turn(), turn);
}

#[test]
fn a_gnome_talks_to_a_gnome() {
    let mut r = room_as(6, p(4, 3), "archeologist gnome neutral");
    crate::hero::put_pet(&mut r, p(13, crate::traps::HALL));
    assert_eq!(
        talk_to(&mut r, "gnome"),
        "\"Many enter the dungeon, and few return to the sunlit lands.\""
    );
}

#[test]
fn key_files_chat_with_and_offer_to_the_end_of_the_line() {
    let keys = "&l$400\nj";
    let commands = parse_keys(keys).unwrap();
    assert_eq!(
        commands,
        vec![
            Command::Chat,
            Command::Move(Dir::E),
            offer("400"),
            Command::Move(Dir::S)
        ]
    );
    assert_eq!(keys_text(&commands), format!("{keys}\n"));
    let (mut r, _) = temple(7, 2000);
    r.play(&commands[..3]);
    assert!(said(&r).contains(&"\"Thou hast been rewarded for thy devotion.\"".to_string()));
    // `$` asked nothing counts your gold, no turn.
    assert!(!r.act(offer("")));
    assert_eq!(r.log().line(), "Your wallet contains 1600 gold pieces.");
}
