//! Selling (NetHack 3.7's `sellobj`, `set_cost`): a hero drops a thing on
//! a shop's floor in Town Square (its candle shop and general store), and
//! the keeper offers for it as 3.7's do.

use gnomish_mines::dungeon::{Blessing, Carried, Command, Dungeon, RunSetup};
use gnomish_mines::generation::{Dir, Pos};

use crate::town::{depth_of, place_of};

/// Seed `seed`'s Town Square as a lawful human Valkyrie, standing on a
/// floor cell of the shop called `shop` (not its keeper's spot), its keeper
/// given `gold` and the id `keeper_id`; where you stand.
fn in_shop(seed: u64, shop: &str, gold: u32, keeper_id: u32) -> (Dungeon, Pos) {
    let setup = RunSetup {
        variants: vec![(
            place_of("town_square").to_string(),
            "town_square".to_string(),
        )],
        ..crate::fixtures::setup_as("valkyrie human lawful")
    };
    let mut r = Dungeon::new(seed, setup).unwrap();
    let d = depth_of(&r, "town_square");
    r.wizard().go_to(d).unwrap();
    let s = r
        .level()
        .shops()
        .iter()
        .find(|s| s.name == shop)
        .unwrap_or_else(|| panic!("seed {seed} has no {shop}"))
        .clone();
    let keeper = r
        .level()
        .monsters()
        .iter()
        .position(|m| s.floor.contains(&m.pos) && m.peaceful)
        .expect("its keeper");
    let at = *s
        .floor
        .iter()
        .find(|&&p| p != s.post && r.level().monster_at(p).is_none())
        .unwrap();
    {
        let mut w = r.wizard();
        let m = &mut w.level().monsters_mut()[keeper];
        m.gold = gold;
        m.id = keeper_id;
    }
    r.wizard().teleport(at).set_gold(0);
    r.wizard()
        .level()
        .monsters_mut()
        .retain(|m| m.id == keeper_id || m.tame);
    (r, at)
}

/// Give the hero one uncursed thing of row `id`: its letter.
fn give(r: &mut Dungeon, id: &str) -> u8 {
    let kind = r.content().item_kind(id).unwrap();
    let mut c = Carried::new(80_000 + r.player().inventory.len() as u32, kind, 1);
    c.blessing = Blessing::Uncursed;
    crate::fixtures::hand_over(r, c)
}

fn keeper_gold(r: &Dungeon, id: u32) -> u32 {
    r.level()
        .monsters()
        .iter()
        .find(|m| m.id == id)
        .unwrap()
        .gold
}

const YES: Command = Command::Move(Dir::NW);

#[test]
fn a_general_store_buys_at_half_the_base_and_no_keeps_it_yours() {
    let (mut r, at) = in_shop(3, "general store", 1000, 7);
    let dagger = give(&mut r, "dagger");
    assert!(r.act(Command::Drop(dagger)));
    // A dagger's base is 4: half is 2.
    assert!(
        r.log().line().starts_with("You drop ")
            && r.log().line().ends_with(
                "dagger.  The shopkeeper offers 2 gold pieces for your dagger.  Sell it? [yn] (n)"
            ),
        "{}",
        r.log().line()
    );
    assert!(!r.act(YES));
    assert!(
        r.log().line().starts_with("You sold "),
        "{}",
        r.log().line()
    );
    assert!(r.log().line().ends_with(" for 2 gold pieces."));
    assert_eq!(r.gold(), 2);
    assert_eq!(keeper_gold(&r, 7), 998);
    let dagger_kind = r.content().item_kind("dagger").unwrap();
    let sold = r
        .level()
        .items()
        .iter()
        .find(|i| i.pos == at && i.kind == dagger_kind)
        .expect("on the floor");
    // The shop's now, at its base.
    assert_eq!(sold.price, Some(4));
    // Another, declined: it stays yours, and picking it up costs nothing.
    let (mut r, at) = in_shop(3, "general store", 1000, 7);
    let dagger = give(&mut r, "dagger");
    r.act(Command::Drop(dagger));
    r.act(Command::Search);
    assert_eq!(r.gold(), 0);
    let mine = r
        .level()
        .items()
        .iter()
        .find(|i| i.pos == at && i.price.is_none())
        .expect("still yours");
    assert_eq!(r.content().item(mine.kind).id, "dagger");
}

#[test]
fn a_candle_shop_wants_no_dagger_and_a_poor_keeper_pays_what_he_has() {
    let (mut r, _) = in_shop(3, "lighting store", 1000, 7);
    let dagger = give(&mut r, "dagger");
    r.act(Command::Drop(dagger));
    assert!(
        r.log()
            .line()
            .ends_with("dagger.  The shopkeeper seems uninterested."),
        "{}",
        r.log().line()
    );
    assert_eq!(r.words_asked(), None);
    // A lamp it buys: an oil lamp's base is 10, so 5; a keeper with 1 gold
    // offers only that.
    let (mut r, _) = in_shop(3, "lighting store", 1, 7);
    let lamp = give(&mut r, "oil_lamp");
    r.act(Command::Drop(lamp));
    assert!(
        r.log().line().ends_with(
            "The shopkeeper offers only 1 gold piece for your oil lamp.  Sell it? [yn] (n)"
        ),
        "{}",
        r.log().line()
    );
    r.act(YES);
    assert_eq!(r.gold(), 1);
    // With none, he cannot pay.
    let (mut r, _) = in_shop(3, "lighting store", 0, 7);
    let lamp = give(&mut r, "oil_lamp");
    r.act(Command::Drop(lamp));
    assert!(
        r.log()
            .line()
            .ends_with("The shopkeeper cannot pay you at present.")
    );
}

#[test]
fn an_unknown_kind_fetches_three_quarters_from_one_keeper_in_four_and_gems_their_place() {
    // A potion of healing (base 100 here) whose kind you don't know: 50
    // from a keeper whose id is not a multiple of 4, 38 (3/8 of 100, rounded
    // half up) from one whose is.
    for (keeper, offer) in [(9, 50), (8, 38)] {
        let (mut r, _) = in_shop(3, "general store", 1000, keeper);
        let potion = give(&mut r, "potion_of_healing");
        r.act(Command::Drop(potion));
        assert!(
            r.log()
                .line()
                .contains(&format!("offers {offer} gold pieces")),
            "keeper {keeper}: {}",
            r.log().line()
        );
    }
    // Red glass is the 25th gem (place 24): 24 % (6 - id % 3) + 3: 24 % 6,
    // 24 % 5 and 24 % 4 are 0, 4 and 0.
    for (keeper, offer) in [(9, 3), (10, 4 + 3), (11, 3)] {
        let (mut r, _) = in_shop(3, "general store", 1000, keeper);
        let glass = give(&mut r, "red_glass");
        r.act(Command::Drop(glass));
        assert!(
            r.log()
                .line()
                .contains(&format!("offers {offer} gold pieces")),
            "keeper {keeper}: {}",
            r.log().line()
        );
    }
    // A ruby (place 2) from the same keepers fetches the same as glass would
    // there: 2 % 6 + 3 = 5.
    let (mut r, _) = in_shop(3, "general store", 1000, 9);
    let ruby = give(&mut r, "ruby");
    r.act(Command::Drop(ruby));
    assert!(
        r.log().line().contains("offers 5 gold pieces"),
        "{}",
        r.log().line()
    );
}

#[test]
fn the_nameless_hero_just_drops() {
    let setup = RunSetup {
        variants: vec![(
            place_of("town_square").to_string(),
            "town_square".to_string(),
        )],
        ..RunSetup::default()
    };
    let mut r = Dungeon::new(3, setup).unwrap();
    let d = depth_of(&r, "town_square");
    r.wizard().go_to(d).unwrap();
    let s = r.level().shops()[0].clone();
    let at = *s.floor.iter().find(|&&p| p != s.post).unwrap();
    r.wizard().teleport(at);
    r.wizard()
        .level()
        .monsters_mut()
        .retain(|m| s.floor.contains(&m.pos));
    let kind = r.content().item_kind("dagger").unwrap();
    let letter = crate::fixtures::hand_over(&mut r, Carried::new(80_000, kind, 1));
    r.act(Command::Drop(letter));
    assert!(!r.log().line().contains("offers"), "{}", r.log().line());
}

#[test]
fn a_hero_s_shopkeepers_have_a_purse_of_1030_to_4000() {
    let mut purses = Vec::new();
    for seed in 0..20 {
        for hero in [true, false] {
            let base = if hero {
                crate::fixtures::setup_as("valkyrie human lawful")
            } else {
                RunSetup::default()
            };
            let setup = RunSetup {
                variants: vec![(
                    place_of("town_square").to_string(),
                    "town_square".to_string(),
                )],
                ..base
            };
            let mut r = Dungeon::new(seed, setup).unwrap();
            let d = depth_of(&r, "town_square");
            r.wizard().go_to(d).unwrap();
            let keeper = r.content().monster_kind("shopkeeper");
            let shops = r.level().shops().to_vec();
            for m in r.level().monsters() {
                let keeps = shops.iter().any(|s| s.floor.contains(&m.pos));
                if keeps && Some(m.kind) == keeper {
                    if hero {
                        assert!((1030..=4000).contains(&m.gold), "{}", m.gold);
                        assert_eq!((m.gold - 1000) % 30, 0);
                        purses.push(m.gold);
                    } else {
                        assert_eq!(m.gold, 0, "the nameless hero's keepers as before");
                    }
                }
            }
        }
    }
    purses.sort();
    purses.dedup();
    assert!(purses.len() > 10, "{purses:?}");
}
