//! The Ranger (NetHack 3.7's `role.c` and `u_init.c`): her kit and her
//! race's own bows and arrows, her volleys (`multishot_class_bonus` and
//! the race's bonus), and her cloak of displacement (`set_apparxy`,
//! `wildmiss`), on the hand-drawn room of the trap tests.

use gnomish_mines::dungeon::{Blessing, Carried, Command, Dungeon, RunSetup};
use gnomish_mines::generation::Dir;

use crate::fixtures::{pack_count, pack_find};
use crate::traps::{p, put_monster, room_as, said};

#[test]
fn a_ranger_starts_with_u_init_s_kit_of_her_race() {
    // (race, dagger, bow, arrow, cloak, food)
    let kits = [
        (
            "human",
            "dagger",
            "bow",
            "arrow",
            "cloak_of_displacement",
            "cram_ration",
        ),
        (
            "elf",
            "elven_dagger",
            "elven_bow",
            "elven_arrow",
            "elven_cloak",
            "lembas_wafer",
        ),
        (
            "orc",
            "orcish_dagger",
            "orcish_bow",
            "orcish_arrow",
            "cloak_of_displacement",
            "tripe_ration",
        ),
        (
            "gnome",
            "dagger",
            "crossbow",
            "crossbow_bolt",
            "cloak_of_displacement",
            "cram_ration",
        ),
    ];
    for (race, dagger, bow, arrow, cloak, food) in kits {
        for seed in 0..12 {
            let alignment = if matches!(race, "elf" | "orc") {
                "chaotic"
            } else {
                "neutral"
            };
            let setup: RunSetup = crate::fixtures::setup_as(&format!("ranger {race} {alignment}"));
            let r = Dungeon::new(seed, setup).unwrap();
            let d = pack_find(&r, dagger).unwrap_or_else(|| panic!("{race}: {dagger}"));
            assert!(d.wielded && d.spe == 1, "{race}");
            let b = pack_find(&r, bow).unwrap_or_else(|| panic!("{race}: {bow}"));
            assert!(!b.wielded && b.spe == 1);
            let content = r.content();
            let arrows: Vec<&Carried> = r
                .player()
                .inventory
                .iter()
                .filter(|c| content.item(c.kind).id == arrow)
                .collect();
            assert_eq!(arrows.len(), 2, "{race}: +2 and +0 stacks");
            let (plus, zero) = (arrows[0], arrows[1]);
            assert!(plus.spe == 2 && plus.quivered && (50..=59).contains(&plus.quantity));
            assert!(zero.spe == 0 && !zero.quivered && (30..=39).contains(&zero.quantity));
            let c = pack_find(&r, cloak).unwrap_or_else(|| panic!("{race}: {cloak}"));
            assert!(c.worn && c.spe == 2);
            // An orc's two random foods may be tripe too.
            let food_count = pack_count(&r, food);
            if race == "orc" {
                assert!((4..=6).contains(&food_count), "{race}: {food_count}");
            } else {
                assert_eq!(food_count, 4, "{race}");
            }
            for c in &r.player().inventory {
                assert_ne!(c.blessing, Blessing::Cursed);
            }
            for id in ["elven_bow", "orcish_arrow", "crossbow_bolt", "orcish_spear"] {
                let kind = content.item_kind(id).unwrap();
                assert!(r.discoveries().knows(kind), "{race}: {id}");
            }
            // A runed dagger is not a launcher, ammunition or spear.
            let elven = content.item_kind("elven_dagger").unwrap();
            assert_eq!(r.discoveries().knows(elven), race == "elf");
        }
    }
}

#[test]
fn a_ranger_fires_one_arrow_more_and_an_elf_two_from_her_own_bow() {
    for (race, bow, arrow, most) in [
        ("human neutral", "bow", "arrow", 2),
        ("elf chaotic", "elven_bow", "elven_arrow", 3),
    ] {
        let mut volleys = [0usize; 4];
        for seed in 0..60 {
            let mut r = room_as(seed, p(2, 3), &format!("ranger {race}"));
            crate::hero::put_pet(&mut r, p(12, 1));
            let letter = pack_find(&r, bow).unwrap().letter;
            r.act(Command::Wield(letter));
            put_monster(&mut r, "gnome_lord", p(7, 3));
            r.wizard().level().monsters_mut().last_mut().unwrap().hp = 500;
            let before = pack_count(&r, arrow);
            r.act(Command::Fire);
            assert!(r.act(Command::Move(Dir::E)));
            let shot = (before - pack_count(&r, arrow)) as usize;
            // Basic in bow: rnd(1 + the Ranger's 1 + an elf's 1).
            assert!((1..=most).contains(&shot), "{race}: {shot}");
            volleys[shot] += 1;
        }
        for n in 1..=most {
            assert!(volleys[n] > 8, "{race}: {volleys:?}");
        }
    }
}

#[test]
fn a_displaced_ranger_is_struck_at_where_she_seems_to_be() {
    let (mut images, mut blows) = (0, 0);
    for seed in 0..30 {
        let mut r = room_as(seed, p(4, 3), "ranger human neutral");
        crate::hero::put_pet(&mut r, p(12, 1));
        assert!(pack_find(&r, "cloak_of_displacement").unwrap().worn);
        put_monster(&mut r, "gnome_lord", p(5, 3));
        {
            let mut wizard = r.wizard();
            let lord = wizard.level().monsters_mut().last_mut().unwrap();
            lord.hp = 500;
            lord.max_hp = 500;
        }
        r.wizard().set_hp(500, 500);
        for _ in 0..10 {
            r.act(Command::Search);
        }
        let told = said(&r);
        images += told
            .iter()
            .filter(|m| *m == "The gnome lord strikes at your displaced image and misses you!")
            .count();
        blows += told
            .iter()
            .filter(|m| {
                m.starts_with("The gnome lord hits") || m.starts_with("The gnome lord misses")
            })
            .count();
    }
    // It knows where she is one time in four, else guesses within two
    // cells; a right guess it keeps while she stays.
    assert!(images > 10, "{images} at the image, {blows} at her");
    assert!(blows > 10, "{images} at the image, {blows} at her");
    // Without the cloak, every blow is at her.
    let mut r = room_as(1, p(4, 3), "ranger human neutral");
    crate::hero::put_pet(&mut r, p(12, 1));
    let cloak = pack_find(&r, "cloak_of_displacement").unwrap().letter;
    r.act(Command::TakeOff(cloak));
    put_monster(&mut r, "gnome_lord", p(5, 3));
    r.wizard().set_hp(500, 500);
    for _ in 0..10 {
        r.act(Command::Search);
    }
    assert!(!said(&r).iter().any(|m| m.contains("displaced image")));
}

#[test]
fn an_elven_ranger_s_elven_cloak_keeps_her_stealthy() {
    // A water nymph asleep until disturbed, 5 cells away: the turn it
    // wakes, if within 600 (unstealthy, one time in 350 a turn).
    let woke_after = |seed: u64, cloaked: bool| {
        let mut r = room_as(seed, p(4, 3), "ranger elf chaotic");
        r.wizard().level().monsters_mut().retain(|m| !m.tame);
        if !cloaked {
            let cloak = pack_find(&r, "elven_cloak").unwrap().letter;
            r.act(Command::TakeOff(cloak));
        }
        let nymph = put_monster(&mut r, "water_nymph", p(9, 3));
        r.wizard().level().monsters_mut().last_mut().unwrap().asleep = u32::MAX;
        (0..600).position(|_| {
            r.act(Command::Search);
            crate::traps::monster(&r, nymph).is_some_and(|m| m.asleep != u32::MAX)
        })
    };
    for seed in 0..12 {
        assert_eq!(woke_after(seed, true), None, "seed {seed}");
    }
    let woke = (0..12).filter(|&s| woke_after(s, false).is_some()).count();
    assert!(woke >= 6, "{woke} of 12 woke without the cloak");
}

#[test]
fn the_recorded_volley_demo_shoots_two_arrows_and_kills_a_gnome() {
    use crate::cli::{run_ok, stdout};
    // docs/demos/ranger_volley.txt: seed 21 as a neutral human Ranger, her
    // bow wielded, six searches, then a volley north-east.
    let out = stdout(&run_ok(&[
        "--replay",
        "docs/demos/ranger_volley.txt",
        "--ascii",
    ]));
    assert!(
        out.contains(
            "message: You shoot 2 arrows.  The 1st arrow hits the gnome.  You kill the gnome!"
        ),
        "{out}"
    );
}
