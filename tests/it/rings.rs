//! Rings and amulets (NetHack 3.7's `do_wear.c`): `P` and `R`, the hand a
//! ring asks for, the cursed one that stays, and what each power does, on
//! the hand-drawn room of the trap tests.

use gnomish_mines::dungeon::hero::attributes::Attribute;
use gnomish_mines::dungeon::{Blessing, Carried, Command, Dungeon, Hand, Killer, RunStatus};
use gnomish_mines::generation::Dir;

use crate::traps::{p, put_trap, room_as, said};

/// Give the Samurai a thing of row `id`, enchanted `spe`; its letter.
pub(crate) fn give(r: &mut Dungeon, id: &str, spe: i8, blessing: Blessing) -> u8 {
    let kind = r.content().item_kind(id).expect("a row");
    let mut c = Carried::new(90_000 + r.player().inventory.len() as u32, kind, 1);
    c.spe = spe;
    c.blessing = blessing;
    crate::fixtures::hand_over(r, c)
}

pub(crate) fn samurai(seed: u64) -> Dungeon {
    let mut r = room_as(seed, p(4, 3), "samurai human lawful");
    crate::hero::put_pet(&mut r, p(13, crate::traps::HALL));
    r
}

/// The pack line of `letter`.
fn worn(r: &Dungeon, letter: u8) -> &Carried {
    r.player()
        .inventory
        .iter()
        .find(|c| c.letter == letter)
        .expect("carried")
}

#[test]
fn a_ring_asks_which_hand_and_levitation_keeps_you_off_the_floor() {
    let mut r = samurai(1);
    // A rock on the floor first.
    let rock = give(&mut r, "rock", 0, Blessing::Uncursed);
    r.act(Command::Drop(rock));
    let ring = give(&mut r, "ring_of_levitation", 0, Blessing::Uncursed);
    // Both hands free: it asks, and takes no turn until answered.
    assert!(!r.act(Command::PutOn(ring)));
    assert_eq!(r.log().line(), "Which ring-finger, Left or Right? [hl]");
    assert!(r.act(Command::Move(Dir::W)));
    let told = said(&r);
    let letter = (b'a' + ring) as char;
    assert!(
        told.contains(&"You start to float in the air!".to_string()),
        "{told:?}"
    );
    assert!(
        told.contains(&format!("{letter} - a ring of levitation (on left hand).")),
        "{told:?}"
    );
    assert_eq!(worn(&r, ring).hand, Some(Hand::Left));
    // No way down, nothing within reach; no turn for either.
    assert!(!r.act(Command::Down));
    assert_eq!(r.log().line(), "You are floating high above the floor.");
    assert!(!r.act(Command::PickUp));
    assert_eq!(r.log().line(), "You cannot reach the floor.");
    // A known bear trap passes under you.
    put_trap(&mut r, "bear_trap", p(5, 3));
    r.wizard().level().traps_mut()[0].seen = true;
    r.act(Command::Move(Dir::E));
    assert_eq!(r.player().pos, p(5, 3));
    assert_eq!(r.log().line(), "You float over a bear trap.");
    assert!(r.player().trapped.is_none());
    // Off: you come down, onto the trap.
    assert!(r.act(Command::Remove(ring)));
    let told = said(&r);
    assert!(
        told.contains(&"You were wearing a ring of levitation (on left hand).".to_string()),
        "{told:?}"
    );
    assert!(
        told.contains(&"You float gently to the floor.".to_string()),
        "{told:?}"
    );
    assert!(!worn(&r, ring).worn);
}

#[test]
fn two_rings_at_most_one_a_hand_and_one_amulet() {
    let mut r = samurai(2);
    let first = give(&mut r, "ring_of_stealth", 0, Blessing::Uncursed);
    let second = give(&mut r, "ring_of_searching", 0, Blessing::Uncursed);
    let third = give(&mut r, "ring_of_warning", 0, Blessing::Uncursed);
    r.act(Command::PutOn(first));
    assert!(r.act(Command::Move(Dir::E)));
    assert_eq!(worn(&r, first).hand, Some(Hand::Right));
    // One hand left: no question.
    assert!(r.act(Command::PutOn(second)));
    assert_eq!(worn(&r, second).hand, Some(Hand::Left));
    assert!(!r.act(Command::PutOn(third)));
    assert_eq!(r.log().line(), "There are no more ring-fingers to fill.");
    let esp = give(&mut r, "amulet_of_esp", 0, Blessing::Uncursed);
    let other = give(&mut r, "amulet_of_unchanging", 0, Blessing::Uncursed);
    assert!(r.act(Command::PutOn(esp)));
    assert!(worn(&r, esp).worn && worn(&r, esp).hand.is_none());
    assert!(!r.act(Command::PutOn(other)));
    assert_eq!(r.log().line(), "You are already wearing an amulet.");
    // A worn thing can't be dropped or thrown.
    assert!(!r.act(Command::Drop(esp)));
    assert_eq!(r.log().line(), "You cannot drop something you are wearing.");
    // Any other answer to the hand question is never mind.
    assert!(r.act(Command::Remove(second)));
    assert!(r.act(Command::Remove(first)));
    assert!(!r.act(Command::PutOn(third)));
    assert!(!r.act(Command::Move(Dir::N)));
    assert_eq!(r.log().line(), "Never mind.");
    assert!(!worn(&r, third).worn);
}

#[test]
fn a_cursed_ring_stays_on_until_a_prayer_mends_it() {
    let mut r = samurai(3);
    let ring = give(&mut r, "ring_of_levitation", 0, Blessing::Cursed);
    r.act(Command::PutOn(ring));
    r.act(Command::Move(Dir::E));
    assert!(!r.act(Command::Remove(ring)));
    assert_eq!(r.log().line(), "You can't. It is cursed.");
    assert!(worn(&r, ring).blessing_known);
    // A cursed ring of levitation is major trouble: a prayer (the timeout
    // is 300 at the start, below 200 after 100 turns) mends it.
    for _ in 0..150 {
        r.act(Command::Wait);
    }
    r.act(Command::Pray);
    let told = said(&r);
    assert!(
        told.iter()
            .any(|m| m.contains("Your right ring softly glows amber.")),
        "{told:?}"
    );
    assert!(r.act(Command::Remove(ring)));
    assert!(!worn(&r, ring).worn);
}

#[test]
fn protection_guarding_and_gain_strength_change_what_the_status_shows() {
    let mut r = samurai(4);
    let ac = r.armour_class();
    let protection = give(&mut r, "ring_of_protection", 3, Blessing::Uncursed);
    r.act(Command::PutOn(protection));
    r.act(Command::Move(Dir::W));
    assert_eq!(r.armour_class(), ac - 3);
    // It showed: the ring is known, its +3 too.
    let letter = (b'a' + protection) as char;
    assert!(
        said(&r).contains(&format!(
            "{letter} - a +3 ring of protection (on left hand)."
        )),
        "{:?}",
        said(&r)
    );
    let guarding = give(&mut r, "amulet_of_guarding", 0, Blessing::Uncursed);
    r.act(Command::PutOn(guarding));
    assert_eq!(r.armour_class(), ac - 5);
    let st = |r: &Dungeon| {
        r.player()
            .growth
            .as_ref()
            .unwrap()
            .attribute(Attribute::Str)
    };
    let before = st(&r);
    let strength = give(&mut r, "ring_of_gain_strength", 2, Blessing::Uncursed);
    r.act(Command::PutOn(strength));
    assert_eq!(st(&r), before + 2);
    r.act(Command::Remove(strength));
    assert_eq!(st(&r), before);
    r.act(Command::Remove(protection));
    r.act(Command::Remove(guarding));
    assert_eq!(r.armour_class(), ac);
}

#[test]
fn strangulation_kills_on_the_sixth_turn_and_life_saving_brings_you_back() {
    let mut r = samurai(5);
    let noose = give(&mut r, "amulet_of_strangulation", 0, Blessing::Cursed);
    r.act(Command::PutOn(noose));
    assert!(said(&r).contains(&"It constricts your throat!".to_string()));
    for _ in 0..5 {
        r.act(Command::Wait);
    }
    assert!(!r.is_over(), "{:?}", said(&r));
    r.act(Command::Wait);
    assert_eq!(
        r.status(),
        RunStatus::Died {
            killer: Killer::Strangled,
            depth: 1
        },
        "{:?}",
        said(&r)
    );
    let told = said(&r);
    for line in [
        "You find it hard to breathe.",
        "You're gasping for air.",
        "You can no longer breathe.",
        "You're turning blue.",
        "You suffocate.",
    ] {
        assert!(told.contains(&line.to_string()), "{line}: {told:?}");
    }
    // Taken off in time, it lets go.
    let mut r = samurai(5);
    let noose = give(&mut r, "amulet_of_strangulation", 0, Blessing::Uncursed);
    r.act(Command::PutOn(noose));
    r.act(Command::Wait);
    r.act(Command::Remove(noose));
    assert!(said(&r).contains(&"You can breathe more easily!".to_string()));
    for _ in 0..10 {
        r.act(Command::Wait);
    }
    assert!(!r.is_over());
    // An amulet of life saving: "But wait...", and the run goes on.
    let mut r = samurai(6);
    let saver = give(&mut r, "amulet_of_life_saving", 0, Blessing::Uncursed);
    r.act(Command::PutOn(saver));
    r.wizard().set_hp(1, 15);
    r.wizard().set_nutrition(100);
    // A rock from the ceiling, 2d6.
    put_trap(&mut r, "falling_rock_trap", p(5, 3));
    r.act(Command::Move(Dir::E));
    assert!(!r.is_over(), "{:?}", said(&r));
    let told = said(&r);
    for line in [
        "But wait...",
        "Your medallion begins to glow!",
        "You feel much better!",
        "The medallion crumbles to dust!",
    ] {
        assert!(told.contains(&line.to_string()), "{line}: {told:?}");
    }
    assert_eq!(r.player().hp, 15, "up to the most, at most 50 + 10 × Con/2");
    assert!(r.player().inventory.iter().all(|c| c.letter != saver));
    assert_eq!(r.player().nutrition, 900);
}

#[test]
fn slow_digestion_saves_food_and_hunger_burns_it() {
    let eaten = |id: Option<&str>| {
        let mut r = samurai(7);
        if let Some(id) = id {
            let ring = give(&mut r, id, 0, Blessing::Uncursed);
            r.act(Command::PutOn(ring));
            r.act(Command::Move(Dir::W));
        }
        // 400 turns (a Fast Samurai acts more often than that).
        let (before, turn) = (r.player().nutrition, r.turn());
        while r.turn() < turn + 400 {
            r.act(Command::Wait);
        }
        before - r.player().nutrition
    };
    let plain = eaten(None);
    let slow = eaten(Some("ring_of_slow_digestion"));
    let hungry = eaten(Some("ring_of_hunger"));
    assert_eq!(plain, 400);
    // The ring's own: one in 20 turns; a ring of hunger one more in two.
    assert!(slow < 50, "{slow}");
    assert!(hungry > plain + 150, "{hungry} vs {plain}");
}

#[test]
fn a_hero_s_fillers_hold_wands_rings_and_amulets_at_nethack_s_odds() {
    // minefill's 2 to 4 random objects a filler (3 on average), of which 4
    // in 100 are wands, 3 rings and 1 an amulet: over 120 fillers about 11
    // wands, 11 rings (a few more for the traps' victims), and over 600
    // about 18 amulets. The nameless hero's hold none.
    let count = |hero: bool, wanted: usize| {
        let setup = if hero {
            crate::fixtures::setup_as("samurai human lawful")
        } else {
            gnomish_mines::dungeon::RunSetup::default()
        };
        let content = setup.content.clone();
        let (mut fillers, mut found) = (0, [0usize; 3]);
        for seed in 0..400 {
            for level in Dungeon::levels_as_made(seed, &setup).unwrap() {
                if level.kind() != content.filler() || fillers == wanted {
                    continue;
                }
                fillers += 1;
                for i in level.items() {
                    match content.item(i.kind).glyph {
                        '/' => found[0] += 1,
                        '=' => found[1] += 1,
                        '"' => found[2] += 1,
                        _ => {}
                    }
                }
            }
        }
        assert_eq!(fillers, wanted);
        found
    };
    let [wands, rings, _] = count(true, 120);
    assert!((3..=22).contains(&wands), "{wands} wands");
    assert!((3..=22).contains(&rings), "{rings} rings");
    let [_, _, amulets] = count(true, 600);
    assert!((6..=32).contains(&amulets), "{amulets} amulets");
    assert_eq!(count(false, 120), [0, 0, 0]);
}

#[test]
fn the_recorded_demo_floats_above_the_stairs() {
    use crate::cli::{run_ok, stdout};
    // docs/demos/levitation.txt names its hero and seed; the content is
    // docs/demos/rings.ron (the Samurai's kit with rings and an amulet).
    let args = [
        "--content",
        "docs/demos/rings.ron",
        "--replay",
        "docs/demos/levitation.txt",
        "--ascii",
    ];
    let out = stdout(&run_ok(&args));
    assert!(
        out.contains("message: You are floating high above the stairs."),
        "{out}"
    );
    assert!(out.contains("Dlvl:3"), "still on the first level: {out}");
}

#[test]
fn cursed_gloves_or_a_welded_weapon_keep_a_ring_off_and_on() {
    // A welded two-handed sword holds both hands: no ring goes on.
    let mut r = samurai(2);
    let sword = give(&mut r, "two_handed_sword", 0, Blessing::Cursed);
    let ring = give(&mut r, "ring_of_protection", 1, Blessing::Uncursed);
    r.act(Command::Wield(sword));
    assert!(
        r.log().line().contains("welds itself"),
        "{}",
        r.log().line()
    );
    r.act(Command::PutOn(ring));
    assert!(!r.act(Command::Move(Dir::W)));
    assert_eq!(
        r.log().line(),
        "You cannot free your weapon hands to put on the ring."
    );
    assert_eq!(worn(&r, ring).hand, None);
    // Cursed gloves: nothing goes on or comes off under them.
    let mut r = samurai(2);
    let ring = give(&mut r, "ring_of_protection", 1, Blessing::Uncursed);
    r.act(Command::PutOn(ring));
    r.act(Command::Move(Dir::W));
    assert_eq!(worn(&r, ring).hand, Some(Hand::Left));
    let gloves = give(&mut r, "leather_gloves", 0, Blessing::Cursed);
    r.act(Command::Wear(gloves));
    assert!(worn(&r, gloves).worn);
    assert!(!r.act(Command::Remove(ring)));
    assert_eq!(
        r.log().line(),
        "You cannot remove your gloves to take off the ring."
    );
    assert!(worn(&r, gloves).blessing_known);
    assert_eq!(worn(&r, ring).hand, Some(Hand::Left));
}
