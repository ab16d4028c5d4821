//! Confused and stunned (NetHack 3.7's `make_confused`, `make_stunned`,
//! `u_maybe_impaired`, `confdir`), on the hand-drawn room of the trap
//! tests.

use gnomish_mines::dungeon::{Blessing, Carried, Command, Corpse, Dungeon, Status};
use gnomish_mines::generation::Dir;

use crate::traps::{p, put_monster, room_as, said};

/// Where a step east from the middle of the room went, `n` times, the hero
/// put back each time: how many went each of the eight ways.
fn steps_east(r: &mut Dungeon, n: usize) -> [usize; 8] {
    let mut ways = [0; 8];
    let from = p(10, 3);
    for _ in 0..n {
        r.wizard().teleport(from).set_nutrition(900);
        r.act(Command::Move(Dir::E));
        let to = r.player().pos;
        assert!(r.map().is_walkable(to), "stepped into {to:?}");
        let d = Dir::ALL
            .iter()
            .position(|d| from.step(*d) == to)
            .expect("one step");
        ways[d] += 1;
    }
    ways
}

#[test]
fn stunned_every_step_goes_one_of_the_eight_ways_at_random() {
    let mut r = room_as(1, p(10, 3), "valkyrie human lawful");
    r.wizard().set_stunned(5_000).set_hp(500, 500);
    assert!(Status::of(&r).conditions().contains(&"Stun".to_string()));
    let ways = steps_east(&mut r, 800);
    println!("{ways:?}");
    // 100 each, 3σ 28.
    for w in ways {
        assert!((72..=128).contains(&w), "{ways:?}");
    }
}

#[test]
fn confused_one_step_in_five_goes_astray() {
    let mut r = room_as(2, p(10, 3), "valkyrie human lawful");
    r.wizard().set_confused(5_000).set_hp(500, 500);
    assert!(Status::of(&r).conditions().contains(&"Conf".to_string()));
    let ways = steps_east(&mut r, 1000);
    let east = Dir::ALL.iter().position(|&d| d == Dir::E).unwrap();
    let astray = 1000 - ways[east];
    println!("{astray} astray of 1000: {ways:?}");
    // 1000 × 1/5 × 7/8 = 175, 3σ 36.
    assert!((139..=211).contains(&astray), "{astray}");
}

#[test]
fn a_step_astray_never_goes_into_a_wall_and_both_wear_off_with_their_words() {
    let mut r = room_as(3, p(1, 3), "valkyrie human lawful");
    r.wizard().set_stunned(40).set_confused(60);
    for _ in 0..40 {
        r.act(Command::Move(Dir::W));
        assert!(r.map().is_walkable(r.player().pos));
    }
    for _ in 0..30 {
        r.act(Command::Search);
    }
    let told = said(&r);
    let steadier = told
        .iter()
        .position(|m| m == "You feel a bit steadier now.");
    let clearer = told.iter().position(|m| m == "You feel less confused now.");
    assert!(steadier.is_some() && clearer.is_some(), "{told:?}");
    assert!(steadier < clearer);
    assert!(!r.is_stunned() && !r.is_confused());
    assert!(Status::of(&r).conditions().is_empty());
}

#[test]
fn booze_confuses_for_three_to_twenty_four_turns_unless_blessed() {
    for (seed, blessing) in (0..30)
        .map(|s| (s, Blessing::Uncursed))
        .chain([(40, Blessing::Blessed)])
    {
        let mut r = room_as(seed, p(10, 3), "valkyrie human lawful");
        let kind = r.content().item_kind("potion_of_booze").unwrap();
        let mut c = Carried::new(90_000, kind, 1);
        c.blessing = blessing;
        let letter = crate::fixtures::hand_over(&mut r, c);
        r.act(Command::Quaff(letter));
        assert!(
            said(&r)
                .iter()
                .any(|m| m == "Ooph! This tastes like liquid fire!")
        );
        if blessing == Blessing::Blessed {
            assert!(!r.is_confused());
            continue;
        }
        // 3d8 turns, one already gone with the drink's own turn.
        let mut turns = 0;
        while r.is_confused() {
            r.act(Command::Search);
            turns += 1;
        }
        assert!((2..=23).contains(&turns), "seed {seed}: {turns}");
    }
}

#[test]
fn stunned_you_cannot_cast_and_confused_every_spell_fails() {
    let mut r = room_as(4, p(10, 3), "wizard human neutral");
    r.wizard().set_power(100, 100).set_stunned(10);
    let turn = r.turn();
    assert!(!r.act(Command::Cast(0)));
    assert_eq!(r.log().line(), "You are too impaired to cast a spell.");
    assert_eq!(r.turn(), turn);
    r.wizard().set_stunned(0).set_confused(1_000);
    for _ in 0..20 {
        r.wizard().set_power(100, 100);
        r.act(Command::Cast(0));
        if r.is_asking() {
            r.act(Command::Move(Dir::E));
        }
        assert!(
            said(&r).last().unwrap() == "You fail to cast the spell correctly.",
            "{:?}",
            said(&r)
        );
    }
}

#[test]
fn stunned_you_strike_a_peaceful_monster_without_being_asked() {
    let mut r = room_as(5, p(10, 3), "valkyrie human lawful");
    r.wizard().set_stunned(5_000).set_hp(500, 500);
    let gnome = put_monster(&mut r, "gnome", p(11, 3));
    crate::fixtures::hold(&mut r, gnome, |m| {
        m.peaceful = true;
        m.hp = 1_000;
        m.max_hp = 1_000;
    });
    let mut struck = 0;
    for _ in 0..200 {
        r.wizard().teleport(p(10, 3));
        let before = r.log().history().count();
        r.act(Command::Move(Dir::E));
        assert!(!r.is_asking(), "asked: {:?}", said(&r));
        struck += r
            .log()
            .history()
            .skip(before)
            .filter(|(_, m)| m.contains("the gnome"))
            .count()
            .min(1);
        if let Some(m) = r.level().monsters().iter().find(|m| m.id == gnome) {
            let at = m.pos;
            if at != p(11, 3) {
                r.wizard()
                    .level()
                    .monsters_mut()
                    .iter_mut()
                    .find(|m| m.id == gnome)
                    .unwrap()
                    .pos = p(11, 3);
            }
        }
    }
    assert!(struck >= 10, "{struck}");
    assert!(!said(&r).iter().any(|m| m.starts_with("Really attack")));
}

#[test]
fn a_yellow_mold_struck_stuns_you() {
    let mut stunned = 0;
    for seed in 0..20 {
        let mut r = room_as(seed, p(10, 3), "valkyrie human lawful");
        r.wizard().set_hp(500, 500);
        let mold = put_monster(&mut r, "yellow_mold", p(11, 3));
        crate::fixtures::hold(&mut r, mold, |m| {
            m.hp = 1_000;
            m.max_hp = 1_000;
        });
        for _ in 0..10 {
            if r.is_stunned() {
                break;
            }
            r.act(Command::Move(Dir::E));
        }
        if r.is_stunned() {
            stunned += 1;
            assert!(said(&r).iter().any(|m| m == "You stagger..."));
        }
    }
    // Two blows in three a hit's passive stings, each stunning: most of 20.
    assert!(stunned >= 12, "{stunned}");
}

#[test]
fn a_bat_corpse_stuns_you_and_a_lizard_corpse_steadies_you() {
    let mut r = room_as(6, p(10, 3), "valkyrie human lawful");
    let corpse = |r: &Dungeon, of: &str| Corpse {
        of: r.content().monster_kind(of).unwrap(),
        died: r.turn() as i64,
        rots_at: r.turn() + 1000,
    };
    for (id, of) in [(91_000, "giant_bat"), (91_001, "lizard")] {
        let kind = r.content().corpse_kind().unwrap();
        let c = Carried {
            corpse: Some(corpse(&r, of)),
            ..Carried::new(id, kind, 1)
        };
        let letter = crate::fixtures::hand_over(&mut r, c);
        r.act(Command::Eat(letter));
        for _ in 0..20 {
            if !r.is_eating() {
                break;
            }
            r.act(Command::Search);
        }
        if of == "giant_bat" {
            assert!(r.is_stunned(), "{:?}", said(&r));
            r.wizard().set_confused(50);
        }
    }
    // The lizard's cut both to two turns.
    r.act(Command::Search);
    r.act(Command::Search);
    assert!(!r.is_stunned() && !r.is_confused(), "{:?}", said(&r));
}

#[test]
fn a_heard_prayer_mends_a_stun_and_confusion() {
    // Minor troubles (stunned, then confused, after hunger) are mended when
    // the god's mood draw (`rn1(Luck + 4, 1)` on a co-aligned altar) comes
    // to 3 or more: about half the prayers at Luck 0.
    let mut mended = 0;
    for seed in 0..16 {
        let mut r = room_as(seed, p(10, 3), "samurai human lawful");
        r.wizard()
            .set_altar(p(10, 3), gnomish_mines::dungeon::hero::Alignment::Lawful);
        // The timeout falls to 100, where minor trouble is heard.
        let timeout = |r: &Dungeon| r.player().growth.as_ref().unwrap().prayer_timeout;
        while timeout(&r) > 100 {
            r.act(Command::Search);
            r.wizard().set_nutrition(900);
        }
        r.wizard().set_stunned(500).set_confused(500);
        r.act(Command::Pray);
        let told = said(&r).join(" ");
        assert!(told.contains("You begin praying."), "{told}");
        assert!(!told.contains("displeased"), "{told}");
        if told.contains("You feel a bit steadier now.") {
            mended += 1;
            assert!(!r.is_stunned());
        } else {
            assert!(r.is_stunned() && r.is_confused(), "{told}");
        }
    }
    assert!((4..=14).contains(&mended), "{mended}");
}
