//! The Rogue (NetHack 3.7's `role.c` and `u_init.c`): her kit, her blow
//! from behind at a fleeing monster (`hmon_hitmon_weapon_melee`), her
//! volleys of daggers (`multishot_class_bonus`), and the potion of sickness
//! she carries (`peffect_sickness`), on the hand-drawn room of the trap
//! tests.

use gnomish_mines::dungeon::hero::attributes::Attribute;
use gnomish_mines::dungeon::{Blessing, Carried, Command, Dungeon, RunSetup};
use gnomish_mines::generation::Dir;

use crate::fixtures::pack_find;
use crate::traps::{p, put_monster, room_as, said};

#[test]
fn a_rogue_starts_with_u_init_s_kit_and_knows_every_dagger() {
    let mut blindfolds = 0;
    let mut daggers = std::collections::BTreeSet::new();
    for seed in 0..50 {
        let setup: RunSetup = crate::fixtures::setup_as("rogue human chaotic");
        let r = Dungeon::new(seed, setup).unwrap();
        let sword = pack_find(&r, "short_sword").unwrap();
        assert!(sword.wielded && sword.blessing != Blessing::Cursed);
        let d = pack_find(&r, "dagger").unwrap();
        assert!(!d.wielded && !d.quivered && d.spe == 0);
        assert_eq!(d.blessing, Blessing::Uncursed);
        daggers.insert(d.quantity);
        let armour = pack_find(&r, "leather_armor").unwrap();
        assert!(armour.worn && armour.spe == 1);
        for id in ["potion_of_sickness", "lock_pick", "sack"] {
            assert!(pack_find(&r, id).is_some(), "seed {seed}: {id}");
        }
        blindfolds += usize::from(pack_find(&r, "blindfold").is_some());
        assert_eq!(r.player().gold, 0);
        for id in ["elven_dagger", "orcish_dagger", "potion_of_sickness"] {
            let kind = r.content().item_kind(id).unwrap();
            assert!(r.discoveries().knows(kind), "{id}");
        }
        // 10 hit points and a human's 2; AC 10 less the armour's 2 and +1.
        assert_eq!(r.player().max_hp, 12);
        assert_eq!(r.armour_class(), 7);
    }
    // rn1(10, 6): 6 to 15 daggers; a blindfold one time in five.
    assert!(daggers.iter().all(|n| (6..=15).contains(n)), "{daggers:?}");
    assert!(daggers.len() >= 6, "{daggers:?}");
    assert!((3..=20).contains(&blindfolds), "{blindfolds} of 50");
}

#[test]
fn a_rogue_strikes_a_fleeing_monster_from_behind() {
    let (mut behind, mut plain) = (0, 0);
    for seed in 0..40 {
        let mut r = room_as(seed, p(4, 3), "rogue human chaotic");
        r.wizard().set_attribute(Attribute::Dex, 18);
        put_monster(&mut r, "gnome_lord", p(5, 3));
        {
            let mut wizard = r.wizard();
            let lord = wizard.level().monsters_mut().last_mut().unwrap();
            lord.hp = 500;
            lord.max_hp = 500;
            lord.flees = 100;
        }
        for _ in 0..4 {
            r.act(Command::Move(Dir::E));
            let now: Vec<&str> = r.log().current().collect();
            let from_behind = now.contains(&"You strike the gnome lord from behind!");
            let hit = now.contains(&"You hit the gnome lord.");
            // A blow from behind is not told twice.
            assert!(!(from_behind && hit), "{now:?}");
            behind += usize::from(from_behind);
            plain += usize::from(hit);
        }
    }
    // Her short sword's d6 does more than 1 five times in six: then from
    // behind; a 1 is a plain hit.
    assert!(behind > 40, "{behind} from behind, {plain} plain");
    assert!(
        plain > 0 && plain * 2 < behind,
        "{behind} from behind, {plain} plain"
    );
    // Not from behind at one that stands its ground.
    let mut r = room_as(1, p(4, 3), "rogue human chaotic");
    put_monster(&mut r, "gnome_lord", p(5, 3));
    r.wizard().level().monsters_mut().last_mut().unwrap().hp = 500;
    for _ in 0..6 {
        r.act(Command::Move(Dir::E));
    }
    assert!(!said(&r).iter().any(|m| m.ends_with("from behind!")));
}

#[test]
fn a_rogue_throws_one_or_two_daggers_at_once() {
    let mut volleys = [0usize; 3];
    for seed in 0..60 {
        let mut r = room_as(seed, p(2, 3), "rogue human chaotic");
        crate::hero::put_pet(&mut r, p(12, 1));
        let before = pack_find(&r, "dagger").unwrap().quantity;
        let letter = pack_find(&r, "dagger").unwrap().letter;
        r.act(Command::Throw(letter));
        assert!(r.act(Command::Move(Dir::E)));
        let thrown = before - pack_find(&r, "dagger").map_or(0, |c| c.quantity);
        // Basic in dagger and a Rogue's own: rnd(2).
        assert!((1..=2).contains(&thrown), "{thrown}");
        volleys[thrown as usize] += 1;
        if thrown == 2 {
            assert!(
                said(&r).iter().any(|m| m == "You throw 2 daggers."),
                "{:?}",
                said(&r)
            );
        }
    }
    assert!(volleys[1] > 15 && volleys[2] > 15, "{volleys:?}");
}

#[test]
fn a_potion_of_sickness_takes_an_attribute_and_hit_points_but_spares_a_healer() {
    let mut lost = 0;
    for seed in 0..30 {
        let mut r = room_as(seed, p(4, 3), "rogue human chaotic");
        r.wizard().set_hp(40, 40);
        let six = |r: &Dungeon| {
            use Attribute::*;
            let g = r.player().growth.as_ref().unwrap();
            [Str, Int, Wis, Dex, Con, Cha].map(|a| g.attributes.base(a))
        };
        let before = six(&r);
        let potion = pack_find(&r, "potion_of_sickness").unwrap().letter;
        assert!(r.act(Command::Quaff(potion)));
        let told = said(&r);
        assert!(
            told.iter()
                .any(|m| m == "Yecch!  This stuff tastes like poison.")
        );
        let hp = r.player().hp;
        // 1d10 hit points.
        assert!((30..=39).contains(&hp), "seed {seed}: {hp}");
        let after = six(&r);
        let fell: i32 = before.iter().zip(after).map(|(b, a)| b - a).sum();
        // One attribute, 3 to 6, not below a human's 3.
        assert!((0..=6).contains(&fell), "seed {seed}: {fell}");
        lost += fell;
    }
    assert!(lost > 30 * 3, "{lost}");
    // A Healer has been immunized.
    let mut r = room_as(2, p(4, 3), "healer human neutral");
    let kind = r.content().item_kind("potion_of_sickness").unwrap();
    r.wizard().give(Carried::new(95_000, kind, 1));
    let letter = pack_find(&r, "potion_of_sickness").unwrap().letter;
    let hp = r.player().hp;
    r.act(Command::Quaff(letter));
    // She resists poison too.
    assert_eq!(
        r.log().line(),
        "Yecch!  This stuff tastes like poison.  (But in fact it was biologically \
         contaminated slime mold juice.)  Fortunately, you have been immunized."
    );
    assert_eq!(r.player().hp, hp);
}
