//! Fire, cold and lightning destroying what is carried (NetHack 3.7's
//! `destroy_items`), on the hand-drawn room of the trap tests: a ray zapped
//! down is a ray at yourself.

use gnomish_mines::dungeon::{Blessing, Carried, Command, Dungeon, Hand, Killer, RunStatus};

use crate::traps::{monster, p, put_monster, room_as, said};

/// A hero of `words` at (3, 3), her pet walled off below, with `hp`.
fn hero(seed: u64, words: &str, hp: i32) -> Dungeon {
    let mut r = room_as(seed, p(3, 3), words);
    crate::hero::put_pet(&mut r, p(13, crate::traps::HALL));
    r.wizard().set_hp(hp, hp);
    r
}

/// Give `quantity` of row `id`; its letter.
fn give(r: &mut Dungeon, id: &str, quantity: u32) -> u8 {
    let kind = r.content().item_kind(id).expect("a row");
    let mut c = Carried::new(80_000 + r.player().inventory.len() as u32, kind, quantity);
    c.spe = if id.starts_with("wand_") { 8 } else { 0 };
    crate::fixtures::hand_over(r, c)
}

/// How many of row `id` you carry.
fn count(r: &Dungeon, id: &str) -> u32 {
    r.player()
        .inventory
        .iter()
        .filter(|c| r.content().item(c.kind).id == id)
        .map(|c| c.quantity)
        .sum()
}

/// Zap the wand of `letter` down at yourself; whether its ray hit you.
fn zap_down(r: &mut Dungeon, wand: u8, ray: &str) -> bool {
    r.act(Command::Zap(wand));
    assert!(r.act(Command::Down));
    said(r).iter().any(|m| *m == format!("The {ray} hits you!"))
}

#[test]
fn fire_burns_scrolls_and_boils_potions_one_hit_in_three() {
    let (mut hits, mut burnt) = (0, 0);
    for seed in 0..150 {
        let mut r = hero(seed, "samurai human lawful", 500);
        give(&mut r, "scroll_of_identify", 20);
        give(&mut r, "potion_of_water", 10);
        let wand = give(&mut r, "wand_of_fire", 1);
        if !zap_down(&mut r, wand, "bolt of fire") {
            continue;
        }
        hits += 1;
        let told = said(&r);
        let scrolls = told
            .iter()
            .any(|m| m.ends_with("catch fire and burn!") || m.ends_with("catches fire and burns!"));
        let potions = told
            .iter()
            .any(|m| m.ends_with("boil and explode!") || m.ends_with("boils and explodes!"));
        // Nothing goes unsaid, and nothing said stays.
        assert_eq!(scrolls, count(&r, "scroll_of_identify") < 20, "{told:?}");
        assert_eq!(potions, count(&r, "potion_of_water") < 10, "{told:?}");
        // The bolt's 6d6, and 1d6 for the potions that boiled.
        let lost = 500 - r.player().hp;
        let most = 36 + if potions { 6 } else { 0 };
        assert!((6..=most).contains(&lost), "{lost} {told:?}");
        assert_eq!(count(&r, "wand_of_fire"), 1, "a wand does not burn");
        burnt += usize::from(scrolls || potions);
    }
    // Her AC 4 lets about four zaps in five hit; of those, one in three
    // reaches the pack, where a stack of 20 (and one of 10) always loses
    // some.
    assert!(hits >= 90, "{hits}");
    let share = burnt as f64 / hits as f64;
    assert!((0.2..=0.47).contains(&share), "{burnt} of {hits}");
}

#[test]
fn a_worn_ring_of_fire_resistance_keeps_the_pack_from_burning() {
    let (mut hits, mut burnt) = (0, 0);
    for seed in 0..150 {
        let mut r = hero(seed, "samurai human lawful", 500);
        give(&mut r, "scroll_of_identify", 20);
        let ring = r.content().item_kind("ring_of_fire_resistance").unwrap();
        let mut c = Carried::new(70_000, ring, 1);
        (c.worn, c.hand, c.blessing) = (true, Some(Hand::Left), Blessing::Uncursed);
        crate::fixtures::hand_over(&mut r, c);
        let wand = give(&mut r, "wand_of_fire", 1);
        if !zap_down(&mut r, wand, "bolt of fire") {
            continue;
        }
        hits += 1;
        let told = said(&r);
        assert!(told.iter().any(|m| m == "You don't feel hot!"), "{told:?}");
        assert_eq!(r.player().hp, 500, "{told:?}");
        burnt += usize::from(count(&r, "scroll_of_identify") < 20);
    }
    // Unprotected, about a third of the hits would burn some: here 1 in
    // 100 of those.
    assert!(hits >= 90, "{hits}");
    assert!(burnt <= 3, "{burnt} of {hits}");
}

#[test]
fn lightning_blows_up_wands_and_turns_rings_to_dust() {
    let (mut wands, mut rings) = (0, 0);
    for seed in 0..200 {
        let mut r = hero(seed, "samurai human lawful", 500);
        give(&mut r, "wand_of_striking", 1);
        give(&mut r, "ring_of_fire_resistance", 1);
        let wand = give(&mut r, "wand_of_lightning", 1);
        if !zap_down(&mut r, wand, "bolt of lightning") {
            continue;
        }
        let told = said(&r);
        if count(&r, "wand_of_striking") == 0 {
            wands += 1;
            assert!(
                told.iter()
                    .any(|m| m.starts_with("Your ") && m.ends_with(" breaks apart and explodes!")),
                "{told:?}"
            );
        }
        if count(&r, "ring_of_fire_resistance") == 0 {
            rings += 1;
            assert!(
                told.iter()
                    .any(|m| m.starts_with("Your ") && m.ends_with(" turns to dust and vanishes!")),
                "{told:?}"
            );
        }
        assert_eq!(count(&r, "wand_of_lightning"), 1, "its own kind is safe");
    }
    // About 160 hits, a third reaching the pack, each of the two chosen
    // (6d6 lets one or more stacks go) then going one time in three: about
    // 18 each when both are chosen.
    assert!((4..=40).contains(&wands), "{wands}");
    assert!((4..=40).contains(&rings), "{rings}");
}

#[test]
fn cold_shatters_a_valkyries_potions_and_the_shards_can_kill() {
    // She resists the cold itself ("You don't feel cold."), not what
    // freezes in her pack.
    let mut died = 0;
    for seed in 0..200 {
        let mut r = hero(seed, "valkyrie human lawful", 1);
        give(&mut r, "potion_of_water", 6);
        let wand = give(&mut r, "wand_of_cold", 1);
        if !zap_down(&mut r, wand, "bolt of cold") {
            continue;
        }
        let told = said(&r);
        assert!(told.iter().any(|m| m == "You don't feel cold."), "{told:?}");
        if count(&r, "potion_of_water") < 6 {
            assert!(
                told.iter()
                    .any(|m| m.ends_with("freeze and shatter!")
                        || m.ends_with("freezes and shatters!")),
                "{told:?}"
            );
            let RunStatus::Died { killer, .. } = r.status() else {
                panic!("the shards kill at 1 hit point: {:?}", r.status());
            };
            let death = killer.death(r.content());
            assert!(
                death == "killed by a shattered potion" || death == "killed by shattered potions",
                "{death}"
            );
            assert!(matches!(killer, Killer::Destroyed { .. }));
            died += 1;
        } else {
            assert_eq!(r.status(), RunStatus::Playing, "{told:?}");
        }
    }
    assert!(died >= 20, "{died}");
}

#[test]
fn a_monsters_potions_boil_in_your_fire_and_hurt_it() {
    let mut boiled = 0;
    for seed in 0..120 {
        let mut r = hero(seed, "samurai human lawful", 500);
        let lord = put_monster(&mut r, "gnome_lord", p(6, 3));
        {
            let kind = r.content().item_kind("potion_of_healing").unwrap();
            let mut w = r.wizard();
            let m = w
                .level()
                .monsters_mut()
                .iter_mut()
                .find(|m| m.id == lord)
                .unwrap();
            m.hp = 200;
            m.magic[0] = Some(gnomish_mines::dungeon::Magic {
                kind,
                spe: 0,
                blessing: Blessing::Uncursed,
            });
        }
        let wand = give(&mut r, "wand_of_fire", 1);
        r.act(Command::Zap(wand));
        r.act(Command::Move(gnomish_mines::generation::Dir::E));
        let told = said(&r);
        let Some(m) = monster(&r, lord) else {
            continue;
        };
        if m.magic[0].is_none() {
            boiled += 1;
            assert!(
                told.iter()
                    .any(|l| l.starts_with("The gnome lord's ")
                        && l.ends_with(" boils and explodes!")),
                "{told:?}"
            );
        } else {
            assert!(!told.iter().any(|l| l.contains("boils")), "{told:?}");
        }
    }
    // Hit most times (AC 10), a third of those reaching its potion, which
    // goes one time in three: about 1 in 9 or 10 zaps.
    assert!((3..=30).contains(&boiled), "{boiled}");
}
