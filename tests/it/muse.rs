//! Monsters using what they carry (NetHack 3.7's `muse.c`): a hurt one
//! drinks healing or digs away, a hostile one lined up with you zaps, on
//! the hand-drawn room of the trap tests; and what a hero's monsters are
//! made carrying.

use gnomish_mines::dungeon::{Blessing, Command, Dungeon, Magic, RunSetup};
use gnomish_mines::generation::Pos;

use crate::traps::{monster, p, put_monster, room_as, said};

/// A Samurai at (4, 3) with her dog walled off below.
fn samurai(seed: u64) -> Dungeon {
    let mut r = room_as(seed, p(4, 3), "samurai human lawful");
    crate::hero::put_pet(&mut r, p(13, crate::traps::HALL));
    r.wizard().set_hp(200, 200);
    r
}

/// Monster `mid` carries a thing of row `item` with `spe` charges.
fn arm(r: &mut Dungeon, mid: u32, item: &str, spe: i8) {
    let kind = r.content().item_kind(item).expect("a row");
    let mut w = r.wizard();
    let level = w.level();
    let m = level
        .monsters_mut()
        .iter_mut()
        .find(|m| m.id == mid)
        .expect("put");
    m.magic[0] = Some(Magic {
        kind,
        spe,
        blessing: Blessing::Uncursed,
    });
}

/// Set monster `mid`'s hit points.
fn wound(r: &mut Dungeon, mid: u32, hp: i32) {
    let mut w = r.wizard();
    let level = w.level();
    let m = level
        .monsters_mut()
        .iter_mut()
        .find(|m| m.id == mid)
        .unwrap();
    m.hp = hp;
}

/// Search until something is said (a gnome lord's speed is 8 of 12 a
/// turn, a dwarf's 6), at most four times.
fn wait_a_move(r: &mut Dungeon) {
    let before = said(r).len();
    for _ in 0..4 {
        r.act(Command::Search);
        if said(r).len() > before {
            return;
        }
    }
}

fn put(r: &mut Dungeon, id: &str, at: Pos, item: &str, spe: i8) -> u32 {
    let mid = put_monster(r, id, at);
    arm(r, mid, item, spe);
    mid
}

#[test]
fn a_hurt_gnome_lord_drinks_its_healing_and_you_learn_the_potion() {
    let mut r = samurai(1);
    let lord = put(&mut r, "gnome_lord", p(8, 3), "potion_of_healing", 0);
    wound(&mut r, lord, 2);
    wait_a_move(&mut r);
    let told = said(&r);
    assert!(
        told.iter()
            .any(|l| l.starts_with("The gnome lord drinks a") && l.ends_with("potion!")),
        "{told:?}"
    );
    assert!(
        told.contains(&"The gnome lord looks better.".to_string()),
        "{told:?}"
    );
    let m = monster(&r, lord).expect("alive");
    assert!(m.hp > 2 && m.magic.iter().all(Option::is_none));
    let potion = r.content().item_kind("potion_of_healing").unwrap();
    assert!(r.discoveries().knows(potion));
    // Unhurt, it keeps what it has.
    let mut r = samurai(1);
    let lord = put(&mut r, "gnome_lord", p(8, 3), "potion_of_healing", 0);
    wait_a_move(&mut r);
    assert!(monster(&r, lord).unwrap().magic[0].is_some());
}

#[test]
fn a_hurt_dwarf_digs_down_and_away() {
    let mut r = samurai(2);
    let dwarf = put(&mut r, "dwarf", p(8, 4), "wand_of_digging", 5);
    wound(&mut r, dwarf, 1);
    wait_a_move(&mut r);
    let told = said(&r);
    // The wand as you see it ("an oak wand"), then known by what it did.
    assert!(
        told.iter().any(|l| l.starts_with("The dwarf zaps ")),
        "{told:?}"
    );
    let wand = r.content().item_kind("wand_of_digging").unwrap();
    assert!(r.discoveries().knows(wand));
    assert!(
        told.contains(&"The dwarf has made a hole in the floor.".to_string()),
        "{told:?}"
    );
    assert!(monster(&r, dwarf).is_none(), "gone down");
    assert!(r.level().trap_at(p(8, 4)).is_some(), "a hole left");
}

#[test]
fn a_hostile_lined_up_with_you_zaps_rays_and_striking() {
    // Fire from four cells off, over 40 runs: it zaps every time (the wand
    // named as it is seen), and the bolt hits or whizzes by.
    let mut zapped = 0;
    let mut hit = 0;
    for seed in 0..40 {
        let mut r = samurai(seed);
        put(&mut r, "gnome_lord", p(8, 3), "wand_of_fire", 4);
        wait_a_move(&mut r);
        let told = said(&r);
        if told.iter().any(|l| l.starts_with("The gnome lord zaps")) {
            zapped += 1;
        }
        if told.contains(&"The bolt of fire hits you!".to_string()) {
            hit += 1;
        }
    }
    assert_eq!(zapped, 40);
    assert!(hit > 5, "{hit}");
    // Striking from next to you: hits `rnd(20) < 10 + AC`.
    let mut r = samurai(3);
    let lord = put(&mut r, "gnome_lord", p(5, 3), "wand_of_striking", 4);
    wait_a_move(&mut r);
    let told = said(&r);
    assert!(
        told.contains(&"The wand hits you!".to_string())
            || told.contains(&"The wand misses you.".to_string()),
        "{told:?}"
    );
    assert_eq!(
        monster(&r, lord).unwrap().magic[0].unwrap().spe,
        3,
        "a charge spent"
    );
    // An empty wand is never zapped: it fights as it would.
    let mut r = samurai(3);
    let lord = put(&mut r, "gnome_lord", p(5, 3), "wand_of_striking", 0);
    wait_a_move(&mut r);
    assert!(!said(&r).iter().any(|l| l.contains("zaps")));
    assert_eq!(monster(&r, lord).unwrap().magic[0].unwrap().spe, 0);
}

#[test]
fn what_it_carries_falls_where_it_dies() {
    let mut r = samurai(4);
    let gnome = put(&mut r, "gnome", p(5, 3), "wand_of_sleep", 3);
    wound(&mut r, gnome, 1);
    // Killed by your blow before it zaps (it is next to you: no ray).
    r.act(Command::Move(gnomish_mines::generation::Dir::E));
    if monster(&r, gnome).is_none() {
        let wand = r.content().item_kind("wand_of_sleep").unwrap();
        let dropped = r
            .level()
            .items()
            .iter()
            .find(|i| i.kind == wand)
            .expect("dropped");
        assert_eq!(dropped.spe, 3);
    }
}

#[test]
fn a_hero_s_monsters_are_made_with_magic_as_makemon_gives_it() {
    // Over the levels of 60 runs: some monsters carry magic, never an
    // animal or a mindless one; the nameless hero's none.
    let count = |setup: &RunSetup| {
        let content = setup.content.clone();
        let (mut carrying, mut wrong) = (0, 0);
        for seed in 0..60 {
            for level in Dungeon::levels_as_made(seed, setup).unwrap() {
                for m in level.monsters() {
                    if m.magic.iter().any(Option::is_some) {
                        carrying += 1;
                        let row = content.monster(m.kind);
                        if row.animal || row.mindless {
                            wrong += 1;
                        }
                    }
                }
            }
        }
        (carrying, wrong)
    };
    let (carrying, wrong) = count(&crate::fixtures::setup_as("samurai human lawful"));
    assert!(carrying > 20, "{carrying}");
    assert_eq!(wrong, 0);
    assert_eq!(count(&RunSetup::default()), (0, 0));
}

#[test]
fn the_recorded_demo_shows_a_dwarf_zapping_a_wand() {
    use crate::cli::{run_ok, stdout};
    // docs/demos/dwarf_zaps.txt names its hero and seed (the built-in
    // content).
    let out = stdout(&run_ok(&[
        "--replay",
        "docs/demos/dwarf_zaps.txt",
        "--ascii",
    ]));
    assert!(
        out.contains("The dwarf zaps a brass wand!  The magic missile hits you!"),
        "{out}"
    );
}

#[test]
fn a_gnome_lord_hurls_a_potion_of_sleeping_that_breaks_on_your_head() {
    let mut r = samurai(3);
    let lord = put(&mut r, "gnome_lord", p(8, 3), "potion_of_sleeping", 0);
    let kind = r.content().item_kind("potion_of_sleeping").unwrap();
    let mut asleep = false;
    for _ in 0..6 {
        r.act(Command::Search);
        asleep |= said(&r).contains(&"You feel rather tired.".to_string());
        if asleep {
            break;
        }
    }
    let told = said(&r);
    assert!(
        told.iter()
            .any(|l| l.starts_with("The gnome lord hurls a") && l.ends_with("potion!")),
        "{told:?}"
    );
    assert!(
        told.iter()
            .any(|l| l.ends_with("crashes on your head and breaks into shards.")),
        "{told:?}"
    );
    assert!(asleep, "{told:?}");
    // Seen hurled, the kind is known; the lord has none left.
    assert!(r.discoveries().knows(kind));
    assert!(monster(&r, lord).is_some_and(|m| m.magic.iter().all(Option::is_none)));
}

#[test]
fn a_hero_s_shopkeepers_carry_the_wand_of_striking_and_a_tail_of_3_7_s_kit() {
    // `m_initinv`: rn2(4) picks where the fall-through starts: magic
    // missile (1 in 4), extra healing (2 in 4), healing (3 in 4), and the
    // wand of striking always.
    let (mut keepers, mut missile, mut extra, mut healing) = (0, 0, 0, 0);
    for seed in 0..60 {
        let setup = RunSetup {
            variants: vec![("minetown".to_string(), "town_square".to_string())],
            ..crate::fixtures::setup_as("samurai human lawful")
        };
        let mut r = Dungeon::new(seed, setup).unwrap();
        let d = crate::town::depth_of(&r, "town_square");
        r.wizard().go_to(d).unwrap();
        let content = r.content();
        for m in r.level().monsters() {
            if content.monster(m.kind).id != "shopkeeper" {
                continue;
            }
            keepers += 1;
            let has = |id: &str| {
                m.magic
                    .iter()
                    .flatten()
                    .any(|t| content.item(t.kind).id == id)
            };
            assert!(has("wand_of_striking"), "seed {seed}: {:?}", m.magic);
            missile += usize::from(has("wand_of_magic_missile"));
            extra += usize::from(has("potion_of_extra_healing"));
            healing += usize::from(has("potion_of_healing"));
        }
    }
    assert!(keepers >= 60, "{keepers}");
    let share = |n: usize| n as f64 / keepers as f64;
    // The random draw may add a healing potion or a wand of its own.
    assert!(
        (0.1..=0.45).contains(&share(missile)),
        "{missile} of {keepers}"
    );
    assert!((0.3..=0.75).contains(&share(extra)), "{extra} of {keepers}");
    assert!(share(healing) >= 0.55, "{healing} of {keepers}");
}

#[test]
fn an_amulet_of_life_saving_brings_a_monster_back_and_crumbles() {
    let mut r = samurai(2);
    let lord = put(&mut r, "gnome_lord", p(5, 3), "amulet_of_life_saving", 0);
    let max = monster(&r, lord).unwrap().max_hp;
    wound(&mut r, lord, 1);
    // Strike until a blow lands.
    for _ in 0..20 {
        r.act(Command::Move(gnomish_mines::generation::Dir::E));
        if said(&r).iter().any(|l| l == "You kill the gnome lord!") {
            break;
        }
    }
    let told = said(&r);
    let at = told
        .iter()
        .position(|l| l == "You kill the gnome lord!")
        .expect("a blow landed");
    assert_eq!(
        told[at + 1..at + 5],
        [
            "But wait...",
            "The gnome lord's medallion begins to glow!",
            "The gnome lord looks much better!",
            "The medallion crumbles to dust!"
        ],
        "{told:?}"
    );
    let m = monster(&r, lord).expect("alive again");
    assert!(m.magic.iter().all(Option::is_none), "the amulet is gone");
    assert!(m.hp > 1 && m.hp <= max);
    let amulet = r.content().item_kind("amulet_of_life_saving").unwrap();
    assert!(r.discoveries().knows(amulet));
    // What does not live is not saved.
    let mut r = samurai(2);
    let zombie = put(&mut r, "gnome_zombie", p(5, 3), "amulet_of_life_saving", 0);
    wound(&mut r, zombie, 1);
    for _ in 0..20 {
        r.act(Command::Move(gnomish_mines::generation::Dir::E));
        if monster(&r, zombie).is_none() {
            break;
        }
    }
    assert!(monster(&r, zombie).is_none(), "{:?}", said(&r));
    assert!(!said(&r).iter().any(|l| l == "But wait..."));
}

/// Make monster `mid`'s first thing of magic cursed.
fn curse(r: &mut Dungeon, mid: u32) {
    let mut w = r.wizard();
    let m = w
        .level()
        .monsters_mut()
        .iter_mut()
        .find(|m| m.id == mid)
        .unwrap();
    m.magic[0].as_mut().unwrap().blessing = Blessing::Cursed;
}

#[test]
fn a_hurt_monster_reads_teleportation_away_and_a_cursed_scroll_off_the_level() {
    // Uncursed: elsewhere on this level. Cursed: another level.
    for cursed in [false, true] {
        let mut r = samurai(3);
        let lord = put(&mut r, "gnome_lord", p(8, 3), "scroll_of_teleportation", 0);
        if cursed {
            curse(&mut r, lord);
        }
        wound(&mut r, lord, 2);
        wait_a_move(&mut r);
        let told = said(&r);
        assert!(
            told.iter()
                .any(|l| l.starts_with("The gnome lord reads a scroll")),
            "{told:?}"
        );
        let here = monster(&r, lord);
        if cursed {
            assert!(here.is_none(), "sent to another level: {told:?}");
        } else {
            let m = here.expect("still on the level");
            assert_ne!(m.pos, p(8, 3));
            assert!(m.magic.iter().all(Option::is_none), "the scroll is read");
        }
    }
}

#[test]
fn unseen_a_monster_zaps_where_it_guesses_you_are() {
    // From (8, 4) you at (4, 3) are in no line; a guess beside you in row 4
    // is, and the beam runs along row 4, past you.
    let (mut zaps, mut reached) = (0, 0);
    for seed in 0..60 {
        for invisible in [true, false] {
            let mut r = samurai(seed);
            if invisible {
                let kind = r.content().item_kind("ring_of_invisibility").unwrap();
                let mut ring = gnomish_mines::dungeon::Carried::new(70_010, kind, 1);
                (ring.worn, ring.hand) = (true, Some(gnomish_mines::dungeon::Hand::Left));
                crate::fixtures::hand_over(&mut r, ring);
            }
            let lord = put(&mut r, "gnome_lord", p(8, 4), "wand_of_striking", 8);
            // Held in a trap, it stays where it is.
            r.wizard()
                .level()
                .monsters_mut()
                .iter_mut()
                .find(|m| m.id == lord)
                .unwrap()
                .trapped = 100;
            wait_a_move(&mut r);
            assert_eq!(monster(&r, lord).unwrap().pos, p(8, 4));
            let told = said(&r);
            let zapped = told.iter().any(|l| l.starts_with("The gnome lord zaps"));
            assert!(invisible || !zapped, "seen, it has no line: {told:?}");
            zaps += usize::from(zapped);
            reached += told
                .iter()
                .filter(|l| *l == "The wand hits you!" || *l == "The wand misses you.")
                .count();
        }
    }
    assert!(zaps >= 5, "{zaps}");
    assert_eq!(reached, 0);
}
