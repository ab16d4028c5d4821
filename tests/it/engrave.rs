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
    let mut fled = 0;
    for seed in 0..20 {
        let mut r = samurai(seed);
        r.wizard().set_hp(200, 200);
        r.act(write(Writing::FINGERS, "Elbereth"));
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
    assert_eq!(fled, 20);
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
