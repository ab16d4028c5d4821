//! Calling a kind of thing (NetHack 3.7's `docall`, `#name`): `C` in key
//! files (Alt+N in the game), a letter and a name; every thing of that kind
//! reads by the name until the kind is known. On the hand-drawn room of the
//! trap tests.

use gnomish_mines::dungeon::keys::{keys_text, parse_keys};
use gnomish_mines::dungeon::{Blessing, Carried, Command, Dungeon, Words, Writing};

use crate::traps::{p, room_as};

fn call(with: u8, name: &str) -> Command {
    Command::Call(Writing {
        with,
        words: Words::new(name).unwrap(),
    })
}

/// Give the Samurai `n` uncursed things of row `id`: their letter.
fn give(r: &mut Dungeon, id: &str, n: u32) -> u8 {
    let kind = r.content().item_kind(id).expect("a row");
    let mut c = Carried::new(90_000 + r.player().inventory.len() as u32, kind, n);
    c.blessing = Blessing::Uncursed;
    crate::fixtures::hand_over(r, c)
}

fn samurai(seed: u64) -> Dungeon {
    let mut r = room_as(seed, p(4, 3), "samurai human lawful");
    crate::hero::put_pet(&mut r, p(13, crate::traps::HALL));
    r
}

/// The pack line of `letter`, as the inventory shows it.
fn pack_line(r: &Dungeon, letter: u8) -> String {
    let c = r
        .player()
        .inventory
        .iter()
        .find(|c| c.letter == letter)
        .expect("carried");
    r.describe_carried(c)
}

#[test]
fn a_called_potion_reads_by_its_name_in_the_pack_and_on_the_floor_until_known() {
    let mut r = samurai(3);
    let kind = r.content().item_kind("potion_of_healing").unwrap();
    let look = r.discoveries().look(kind).unwrap().to_string();
    let potions = give(&mut r, "potion_of_healing", 2);
    assert!(
        pack_line(&r, potions).contains(&look),
        "{}",
        pack_line(&r, potions)
    );
    let turn = r.turn();
    // Naming takes no time.
    assert!(!r.act(call(potions, "heal")));
    assert_eq!(r.turn(), turn);
    let line = pack_line(&r, potions);
    assert!(line.contains("2 potions called heal"), "{line}");
    assert!(!line.contains(&look), "{line}");
    // Every one of the kind: one dropped reads so on the floor too.
    r.act(Command::Drop(potions));
    let here = r.player().pos;
    let item = r
        .level()
        .items()
        .iter()
        .find(|i| i.pos == here && i.kind == kind)
        .expect("dropped");
    let floor = r.describe_item(item);
    assert!(floor.contains("potions called heal"), "{floor}");
    r.act(Command::PickUp);
    let potions = r
        .player()
        .inventory
        .iter()
        .find(|c| c.kind == kind)
        .unwrap()
        .letter;
    // Called again: the new name; an empty name takes it back.
    r.act(call(potions, "maybe sleep"));
    assert!(pack_line(&r, potions).contains("potions called maybe sleep"));
    r.act(call(potions, ""));
    assert!(pack_line(&r, potions).contains(&plural_look(&look)));
    // Once the kind is known, its own name, whatever it was called.
    r.act(call(potions, "heal"));
    r.act(Command::Quaff(potions));
    let potion = r
        .player()
        .inventory
        .iter()
        .find(|c| c.kind == kind)
        .unwrap()
        .letter;
    assert!(
        pack_line(&r, potion).contains("potion of healing"),
        "{}",
        pack_line(&r, potion)
    );
    // A known kind cannot be called.
    r.act(call(potion, "x"));
    assert_eq!(r.log().line(), "That is a silly thing to call.");
}

/// "bubbly potion" -> "bubbly potions".
fn plural_look(look: &str) -> String {
    format!("{look}s")
}

#[test]
fn only_a_kind_with_a_look_can_be_called() {
    let mut r = samurai(5);
    let rock = give(&mut r, "rock", 1);
    let before = pack_line(&r, rock);
    assert!(!r.act(call(rock, "pebble")));
    assert_eq!(r.log().line(), "That is a silly thing to call.");
    assert_eq!(pack_line(&r, rock), before);
    // Fingers and empty places are never minded.
    assert!(!r.act(call(Writing::FINGERS, "me")));
    assert_eq!(r.log().line(), "Never mind.");
    assert!(!r.act(call(40, "nothing")));
    assert_eq!(r.log().line(), "You don't have that object.");
    // A wand, a ring and a gem are called by their class's noun.
    for (id, noun) in [
        ("wand_of_striking", "wand called"),
        ("ring_of_levitation", "ring called"),
        ("red_glass", "gem called"),
    ] {
        let letter = give(&mut r, id, 1);
        r.act(call(letter, "odd"));
        let line = pack_line(&r, letter);
        assert!(line.contains(&format!("{noun} odd")), "{id}: {line}");
    }
}

#[test]
fn a_key_file_calls_with_the_rest_of_its_line_and_replays_it() {
    let keys = "Cfheal it\nj";
    let commands = parse_keys(keys).unwrap();
    assert_eq!(commands[0], call(5, "heal it"));
    assert_eq!(parse_keys(&keys_text(&commands)), Ok(commands.clone()));
    // Replayed from the key file, the run reads the same.
    let mut r = samurai(7);
    let potions = give(&mut r, "potion_of_sleeping", 1);
    let named = format!("C{}sleepy\n", (b'a' + potions) as char);
    let mut again = samurai(7);
    give(&mut again, "potion_of_sleeping", 1);
    r.play(&parse_keys(&named).unwrap());
    again.act(call(potions, "sleepy"));
    assert_eq!(pack_line(&r, potions), pack_line(&again, potions));
    assert!(pack_line(&r, potions).contains("potion called sleepy"));
}
