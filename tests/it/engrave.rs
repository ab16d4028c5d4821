//! Engraving and Elbereth (NetHack 3.7's `engrave.c`, `onscary`), on the
//! hand-drawn room of the trap tests: `E`, then what you write with (`-`,
//! your fingers) and the words, in key files to the end of the line.

use gnomish_mines::dungeon::keys::{keys_text, parse_keys};
use gnomish_mines::dungeon::{Blessing, Carried, Command, Dungeon, Engraved, Words, Writing};
use gnomish_mines::generation::Dir;

use crate::traps::{monster, p, put_monster, room_as, said};

fn write(with: u8, words: &str) -> Command {
    Command::Engrave(Writing {
        with,
        words: Words::new(words).unwrap(),
    })
}

/// Give the Samurai an uncursed wand of row `id` with 5 charges: its kind
/// and letter.
fn give_wand(r: &mut Dungeon, id: &str) -> (gnomish_mines::dungeon::ItemKind, u8) {
    let kind = r.content().item_kind(id).unwrap();
    let mut c = Carried::new(90_000 + r.player().inventory.len() as u32, kind, 1);
    c.spe = 5;
    c.blessing = Blessing::Uncursed;
    (kind, crate::fixtures::hand_over(r, c))
}

fn samurai(seed: u64) -> Dungeon {
    let mut r = room_as(seed, p(4, 3), "samurai human lawful");
    crate::hero::put_pet(&mut r, p(13, crate::traps::HALL));
    r
}

#[test]
fn fingers_write_in_the_dust_and_key_files_carry_the_words() {
    let mut r = samurai(1);
    assert!(r.act(write(Writing::FINGERS, "Elbereth")));
    assert_eq!(r.log().line(), "You write in the dust with your fingertip.");
    let e = r.level().engraving(p(4, 3)).unwrap();
    assert_eq!((e.text.as_str(), e.how), ("Elbereth", Engraved::Dust));
    // The words run to the end of their line in a key file.
    let text = keys_text(&[write(Writing::FINGERS, "Elbereth"), Command::Search]);
    assert_eq!(text, "E-Elbereth\ns\n");
    assert_eq!(
        parse_keys(&text).unwrap(),
        vec![write(Writing::FINGERS, "Elbereth"), Command::Search]
    );
    // Nothing written with fingers takes no turn.
    assert!(!r.act(write(Writing::FINGERS, "")));
}

#[test]
fn a_wand_of_digging_engraves_and_names_itself_fire_burns() {
    let mut r = samurai(2);
    let (kind, letter) = give_wand(&mut r, "wand_of_digging");
    assert!(r.act(write(letter, "Elbereth")));
    let told = said(&r);
    assert!(
        told.iter().any(|m| m == "This wand is a wand of digging!"),
        "{told:?}"
    );
    assert!(told.iter().any(|m| m == "Gravel flies up from the floor."));
    assert!(
        told.iter()
            .any(|m| m == "You engrave in the floor with the wand of digging.")
    );
    assert_eq!(r.level().engraving(p(4, 3)).unwrap().how, Engraved::Engrave);
    assert!(r.discoveries().knows(kind));
    let (_, letter) = give_wand(&mut r, "wand_of_fire");
    r.act(write(letter, "Elbereth"));
    assert_eq!(r.level().engraving(p(4, 3)).unwrap().how, Engraved::Burn);
    assert!(said(&r).iter().any(|m| m == "Flames fly from the wand."));
    // A wand that only hints: the bugs stop, and it stays unknown.
    let (sleep, letter) = give_wand(&mut r, "wand_of_sleep");
    r.act(write(letter, "x"));
    assert!(
        said(&r)
            .iter()
            .any(|m| m == "The bugs on the floor stop moving!")
    );
    assert!(!r.discoveries().knows(sleep));
}

#[test]
fn a_gnome_next_to_you_on_elbereth_flees_and_strikes_no_blow() {
    let (mut fled, mut intact) = (0, 0);
    for seed in 0..20 {
        let mut r = samurai(seed);
        r.wizard().set_hp(200, 200);
        r.act(write(Writing::FINGERS, "Elbereth"));
        // One time in about four the dust smudges a letter as it is written.
        if written(&r) != "Elbereth" {
            continue;
        }
        intact += 1;
        let gnome = put_monster(&mut r, "gnome", p(5, 3));
        let before = r.player().hp;
        let mut ran = false;
        // A Samurai is fast: some turns the monsters wait.
        for _ in 0..6 {
            r.act(Command::Search);
            let m = monster(&r, gnome).unwrap();
            ran |= m.pos.distance(p(4, 3)) > 1 || m.flees > 0;
        }
        assert_eq!(r.player().hp, before, "no blow: {:?}", said(&r));
        fled += usize::from(ran);
    }
    assert!(intact >= 10, "{intact}");
    assert_eq!(fled, intact);
    // A human pays it no heed; nor does a peaceful monster.
    let mut r = samurai(3);
    r.act(write(Writing::FINGERS, "Elbereth"));
    let w = put_monster(&mut r, "watchman", p(5, 3));
    for _ in 0..6 {
        r.act(Command::Search);
        assert_eq!(monster(&r, w).unwrap().flees, 0);
    }
}

#[test]
fn attacking_from_elbereth_is_hypocrisy_and_dust_smudges() {
    let mut r = samurai(4);
    r.act(write(Writing::FINGERS, "Elbereth"));
    put_monster(&mut r, "gnome", p(5, 3));
    r.act(Command::Move(Dir::E));
    let told = said(&r);
    assert!(
        told.iter().any(|m| m == "You feel like a hypocrite."),
        "{told:?}"
    );
    assert!(told.iter().any(|m| m == "The engraving beneath you fades."));
    assert!(r.level().engraving(p(4, 3)).is_none());
    // Dust under a monster wears as it moves about.
    let mut r = samurai(5);
    r.act(write(Writing::FINGERS, "Elbereth"));
    r.act(Command::Move(Dir::W));
    let gnome = put_monster(&mut r, "gnome", p(4, 3));
    r.wizard()
        .level()
        .monsters_mut()
        .last_mut()
        .unwrap()
        .peaceful = true;
    let _ = gnome;
    for _ in 0..8 {
        r.act(Command::Search);
    }
    let left = r.level().engraving(p(4, 3)).map(|e| e.text.clone());
    assert_ne!(left.as_deref(), Some("Elbereth"), "rubbed: {left:?}");
}

#[test]
fn the_recorded_demos_still_engrave_test_and_scare() {
    use crate::cli::{run_ok, stdout};
    let play = |file: &str| {
        let keys = format!("docs/demos/{file}");
        stdout(&run_ok(&["--replay", &keys, "--ascii"]))
    };
    let tested = play("engrave_test.txt");
    assert!(
        tested.contains(
            "The bugs on the floor slow down!  You write in the dust with the jeweled wand."
        ),
        "{tested}"
    );
    let scared = play("elbereth.txt");
    assert!(
        scared.contains("The gnomish wizard turns to flee."),
        "{scared}"
    );
}

/// The text written where you stand.
fn written(r: &Dungeon) -> String {
    r.level()
        .engraving(r.player().pos)
        .map(|e| e.text.clone())
        .unwrap_or_default()
}

/// A Valkyrie at (4, 3): not fast, so an action is a turn.
fn valkyrie(seed: u64) -> Dungeon {
    let mut r = room_as(seed, p(4, 3), "valkyrie human lawful");
    crate::hero::put_pet(&mut r, p(13, crate::traps::HALL));
    r.wizard().set_hp(200, 200);
    r
}

#[test]
fn long_words_take_an_action_each_ten_letters() {
    // 24 letters and two free spaces: three actions.
    let mut r = valkyrie(3);
    let words = "Elbereth Elbereth Elbereth";
    let turn = r.turn();
    assert!(r.act(write(Writing::FINGERS, words)));
    assert_eq!(r.turn(), turn + 3);
    let told = said(&r);
    assert!(
        told.iter().any(|m| m == "You finish writing in the dust."),
        "{told:?}"
    );
    assert_eq!(written(&r).chars().count(), words.len());
    // Ten letters or fewer are one action, and nothing is said of finishing.
    let mut r = valkyrie(3);
    let turn = r.turn();
    assert!(r.act(write(Writing::FINGERS, "Elbereth")));
    assert_eq!(r.turn(), turn + 1);
    assert!(!said(&r).iter().any(|m| m.starts_with("You finish")));
}

#[test]
fn a_hostile_beside_you_stops_the_writing_and_what_is_written_stays() {
    let mut r = samurai(4);
    r.wizard().set_hp(200, 200);
    put_monster(&mut r, "gnome_lord", p(5, 3));
    assert!(r.act(write(Writing::FINGERS, "Elbereth Elbereth")));
    let told = said(&r);
    assert!(told.iter().any(|m| m == "You stop engraving."), "{told:?}");
    // The first action's ten letters (and the space among them).
    assert_eq!(written(&r).chars().count(), 11, "{told:?}");
}

#[test]
fn a_blade_engraves_a_letter_an_action_and_a_plus_0_one_stops_at_seven() {
    // The Samurai's +0 katana, wielded: a point off on the first action and
    // every other one after, and at -3 it writes its letter and stops.
    let mut r = samurai(5);
    r.wizard().set_hp(200, 200);
    let katana = r
        .player()
        .inventory
        .iter()
        .find(|c| c.wielded)
        .copied()
        .unwrap();
    assert_eq!(katana.spe, 0);
    assert!(r.act(write(katana.letter, "Elbereth")));
    let told = said(&r);
    assert!(
        told.iter()
            .any(|m| m == "You engrave in the floor with the katana."),
        "{told:?}"
    );
    assert!(
        told.iter().any(|m| m == "Your katana gets dull."),
        "{told:?}"
    );
    assert!(
        told.iter()
            .any(|m| m == "You are only able to write \"Elberet\"."),
        "{told:?}"
    );
    assert!(told.iter().any(|m| m == "You cannot write any more."));
    let e = r.level().engraving(p(4, 3)).unwrap();
    assert_eq!((e.text.as_str(), e.how), ("Elberet", Engraved::Engrave));
    let now = r
        .player()
        .inventory
        .iter()
        .find(|c| c.id == katana.id)
        .unwrap();
    assert_eq!(now.spe, -3);
    // Too dull now: it only writes in the dust.
    r.act(Command::Move(Dir::E));
    assert!(r.act(write(katana.letter, "x")));
    assert!(
        said(&r)
            .iter()
            .any(|m| m == "Your katana is too dull for engraving."),
        "{:?}",
        said(&r)
    );
    assert_eq!(
        r.level().engraving(r.player().pos).unwrap().how,
        Engraved::Dust
    );
}

#[test]
fn a_plus_1_long_sword_engraves_elbereth_whole_a_letter_a_turn() {
    let mut r = valkyrie(8);
    let kind = r.content().item_kind("long_sword").unwrap();
    let mut sword = Carried::new(70_003, kind, 1);
    sword.spe = 1;
    sword.letter = crate::fixtures::hand_over(&mut r, sword);
    let turn = r.turn();
    assert!(r.act(write(sword.letter, "Elbereth")));
    assert_eq!(r.turn(), turn + 8);
    let told = said(&r);
    assert!(
        told.iter().any(|m| m == "You finish engraving."),
        "{told:?}"
    );
    assert_eq!(written(&r), "Elbereth", "engraved, not smudged");
    let now = r
        .player()
        .inventory
        .iter()
        .find(|c| c.id == sword.id)
        .unwrap();
    assert_eq!(now.spe, -3, "a point on actions 1, 3, 5 and 7");
}

#[test]
fn one_of_a_stack_of_daggers_dulls_and_goes_apart() {
    let mut r = samurai(6);
    let dagger = r.content().item_kind("dagger").unwrap();
    let letter = crate::fixtures::hand_over(&mut r, Carried::new(70_000, dagger, 3));
    assert!(r.act(write(letter, "Elb")));
    let told = said(&r);
    assert!(
        told.iter()
            .any(|m| m == "You engrave in the floor with 1 of the daggers."),
        "{told:?}"
    );
    assert!(
        told.iter().any(|m| m == "One of your daggers gets dull."),
        "{told:?}"
    );
    assert_eq!(written(&r), "Elb");
    let daggers: Vec<(u32, i8)> = r
        .player()
        .inventory
        .iter()
        .filter(|c| c.kind == dagger)
        .map(|c| (c.quantity, c.spe))
        .collect();
    // Three letters: a point on the first action, none on the last.
    assert_eq!(daggers, vec![(2, 0), (1, -1)]);
}

#[test]
fn food_and_scrolls_would_get_too_dirty_and_armour_is_too_large() {
    let mut r = samurai(7);
    let food = r.content().item_kind("food_ration").unwrap();
    let letter = crate::fixtures::hand_over(&mut r, Carried::new(70_001, food, 1));
    assert!(!r.act(write(letter, "Elbereth")));
    assert_eq!(r.log().line(), "Your food ration would get too dirty.");
    let helmet = r.content().item_kind("orcish_helm").unwrap();
    let letter = crate::fixtures::hand_over(&mut r, Carried::new(70_002, helmet, 1));
    assert!(!r.act(write(letter, "Elbereth")));
    assert_eq!(
        r.log().line(),
        "You can't engrave with such a large object!"
    );
    assert!(r.level().engraving(p(4, 3)).is_none());
}

#[test]
fn in_the_dust_a_letter_comes_out_wrong_one_time_in_25() {
    let mut wrong = 0;
    for seed in 0..100 {
        let mut r = samurai(seed);
        r.act(write(Writing::FINGERS, "Elbereth"));
        let text = written(&r);
        assert_eq!(text.chars().count(), 8);
        wrong += text
            .chars()
            .zip("Elbereth".chars())
            .filter(|(a, b)| a != b)
            .count();
    }
    // 800 letters at 1 in 25 (a smudge may draw the same letter: 1 in 94).
    assert!((14..=52).contains(&wrong), "{wrong}");
}
