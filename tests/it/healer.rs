//! The Healer (NetHack 3.7's `role.c` and `u_init.c`), her stethoscope
//! (`use_stethoscope`, `mstatusline`, `ustatusline`) and her spell of stone
//! to flesh (`stone_to_flesh_obj`), on the hand-drawn room of the trap
//! tests.

use gnomish_mines::dungeon::hero::attributes::Attribute;
use gnomish_mines::dungeon::{Blessing, Carried, Command, Dungeon, Item, RunSetup};
use gnomish_mines::generation::{Dir, Tile};

use crate::fixtures::{pack_count, pack_find};
use crate::traps::{p, put_monster, room_as, said};

#[test]
fn a_healer_starts_with_u_init_s_kit_her_gold_and_three_healing_spells() {
    let (mut gold, mut pws) = (Vec::new(), Vec::new());
    for seed in 0..40 {
        let setup: RunSetup = crate::fixtures::setup_as("healer human neutral");
        let r = Dungeon::new(seed, setup).unwrap();
        let content = r.content();
        let pack = &r.player().inventory;
        let find = |id: &str| {
            pack.iter()
                .find(|c| content.item(c.kind).id == id)
                .unwrap_or_else(|| panic!("seed {seed}: no {id}"))
        };
        assert!(find("scalpel").wielded);
        let gloves = find("leather_gloves");
        assert!(gloves.worn && gloves.spe == 1);
        assert_eq!(find("potion_of_healing").quantity, 4);
        assert_eq!(find("potion_of_extra_healing").quantity, 4);
        assert_eq!(find("apple").quantity, 5);
        assert!(find("wand_of_sleep").spe_known);
        find("stethoscope");
        for c in pack {
            assert_ne!(c.blessing, Blessing::Cursed, "seed {seed}");
        }
        let spells: Vec<&str> = r
            .player()
            .spells
            .iter()
            .map(|s| content.item(s.book).id.as_str())
            .collect();
        assert_eq!(
            spells,
            [
                "spellbook_of_healing",
                "spellbook_of_extra_healing",
                "spellbook_of_stone_to_flesh"
            ]
        );
        for id in spells {
            assert_eq!(find(id).blessing, Blessing::Blessed);
        }
        let full = content.item_kind("potion_of_full_healing").unwrap();
        assert!(
            r.discoveries().knows(full),
            "she knows full healing by sight"
        );
        gold.push(r.player().gold);
        // 11 hit points and a human's 2; power 1, a human's 1, and 1 to 4,
        // raised to the 5 a first-level spell takes (`u_init`).
        assert_eq!(r.player().max_hp, 13);
        let pw = gnomish_mines::dungeon::Status::of(&r).grown.unwrap().pw;
        assert!((5..=6).contains(&pw.0), "seed {seed}: {pw:?}");
        pws.push(pw.0);
    }
    assert!(gold.iter().all(|g| (1001..=2000).contains(g)), "{gold:?}");
    assert!(pws.contains(&5) && pws.contains(&6), "{pws:?}");
    assert!(gold.iter().any(|&g| g != gold[0]), "{gold:?}");
}

#[test]
fn a_stethoscope_tells_a_monster_s_status_free_once_a_move() {
    let mut r = room_as(3, p(4, 3), "healer human neutral");
    let gnome = put_monster(&mut r, "gnome", p(5, 3));
    let scope = pack_find(&r, "stethoscope").unwrap().letter;
    let turn = r.turn();
    assert!(!r.act(Command::Apply(scope)), "the question takes no time");
    assert_eq!(r.log().line(), "In what direction?");
    assert!(!r.act(Command::Move(Dir::E)), "the first listen is free");
    let m = *crate::traps::monster(&r, gnome).unwrap();
    assert_eq!(
        r.log().line(),
        format!(
            "Status of the gnome (neutral, small):  Level 1  HP {}({})  AC 10.",
            m.hp, m.max_hp
        )
    );
    assert_eq!(r.turn(), turn);
    // A second listen in the same move takes it.
    r.act(Command::Apply(scope));
    assert!(r.act(Command::Move(Dir::E)));
    // Then free again; at yourself, your own status by your rank.
    r.act(Command::Apply(scope));
    assert!(!r.act(Command::Wait));
    let hp = r.player().hp;
    let ac = r.armour_class();
    assert_eq!(
        r.log().line(),
        format!("Status of the Rhizotomist (fervently neutral):  Level 1  HP {hp}({hp})  AC {ac}.")
    );
    // Toward the empty floor, nothing, and in the same move: it takes it.
    r.wizard().level().monsters_mut().clear();
    r.act(Command::Apply(scope));
    assert!(r.act(Command::Move(Dir::E)));
    assert_eq!(r.log().line(), "You hear nothing special.");
    // Down, the healthy floor, free in the new move.
    r.act(Command::Apply(scope));
    assert!(!r.act(Command::Down));
    assert_eq!(r.log().line(), "The floor seems healthy enough.");
}

#[test]
fn a_stethoscope_hears_the_secret_door_behind_a_wall() {
    let mut r = room_as(4, p(14, 3), "healer human neutral");
    let mut map = (**r.map()).clone();
    map.set_tile(p(15, 3), Tile::SecretDoorInVWall);
    r.wizard().set_map(map);
    let scope = pack_find(&r, "stethoscope").unwrap().letter;
    r.act(Command::Apply(scope));
    r.act(Command::Move(Dir::E));
    assert_eq!(
        r.log().line(),
        "You hear a hollow sound.  This must be a secret door!"
    );
    assert_eq!(r.map().tile(p(15, 3)), Tile::DoorClosed);
}

/// A Healer in the room who casts stone to flesh (her third spell, `c`)
/// surely enough: Wis 18, level 9 (at level 2 a level-3 spell fails her
/// nine times in ten), power to spare.
fn healer_to_cast(seed: u64) -> Dungeon {
    let mut r = room_as(seed, p(4, 3), "healer human neutral");
    // A level at a time, as NetHack's `more_experienced` gives them.
    for points in [20, 40, 80, 160, 320, 640, 1280, 2560] {
        r.wizard().gain_experience(points);
    }
    r.wizard()
        .set_attribute(Attribute::Wis, 18)
        .set_power(60, 60);
    r
}

#[test]
fn stone_to_flesh_at_yourself_turns_your_stones_and_a_cursed_loadstone_to_meatballs() {
    let (mut cast, mut whole) = (0, 0);
    for seed in 0..30 {
        let mut r = healer_to_cast(seed);
        let flint = r.content().item_kind("flint").unwrap();
        r.wizard().give(Carried::new(90_000, flint, 3));
        let load = r.content().item_kind("loadstone").unwrap();
        let mut stone = Carried::new(90_001, load, 1);
        stone.blessing = Blessing::Cursed;
        r.wizard().give(stone);
        assert!(!r.act(Command::Cast(2)));
        assert!(r.act(Command::Wait), "cast at yourself");
        let told = said(&r);
        if told
            .iter()
            .any(|m| m == "You fail to cast the spell correctly.")
        {
            continue;
        }
        cast += 1;
        assert!(
            told.iter().any(|m| m == "You smell the odor of meat."),
            "seed {seed}: {told:?}"
        );
        let stones = pack_count(&r, "flint") + pack_count(&r, "loadstone");
        let meat = pack_count(&r, "meatball");
        // Each stack resists 2 times in 100, on its own.
        assert_eq!(stones + meat, 4, "seed {seed}");
        if meat == 4 {
            whole += 1;
            // The flints' three are one stack; the loadstone's meatball
            // keeps its curse, but no longer clings to your hand.
            let mut stacks: Vec<(u32, Blessing)> = r
                .player()
                .inventory
                .iter()
                .filter(|c| r.content().item(c.kind).id == "meatball")
                .map(|c| (c.quantity, c.blessing))
                .collect();
            stacks.sort_by_key(|s| s.0);
            assert_eq!(stacks, [(1, Blessing::Cursed), (3, Blessing::Uncursed)]);
        }
    }
    assert_eq!(cast, 30, "at level 9 she never fails");
    assert!(whole * 10 >= cast * 8, "{whole} of {cast} changed whole");
}

#[test]
fn stone_to_flesh_across_turns_a_boulder_into_an_enormous_meatball_and_rocks_to_meatballs() {
    let mut seen = 0;
    for seed in 0..20 {
        let mut r = healer_to_cast(seed);
        let rock = r.content().item_kind("rock").unwrap();
        r.wizard()
            .level()
            .items_mut()
            .push(Item::new(91_000, rock, p(6, 3), 5));
        r.wizard().level().boulders_mut().push(p(8, 3));
        r.act(Command::Cast(2));
        assert!(r.act(Command::Move(Dir::E)));
        if said(&r)
            .iter()
            .any(|m| m == "You fail to cast the spell correctly.")
        {
            continue;
        }
        // The beam reaches 6 to 13 cells: both lie within it. Each resists
        // 2 times in 100.
        let level = r.level();
        let at = |x: i32| {
            level
                .items()
                .iter()
                .filter(|i| i.pos == p(x, 3))
                .map(|i| (r.content().item(i.kind).id.clone(), i.quantity))
                .collect::<Vec<_>>()
        };
        if at(6) == [("meatball".to_string(), 5)] && !level.has_boulder(p(8, 3)) {
            assert_eq!(at(8), [("enormous_meatball".to_string(), 1)]);
            assert_eq!(
                said(&r)
                    .iter()
                    .filter(|m| *m == "You smell the odor of meat.")
                    .count(),
                1,
                "said once"
            );
            seen += 1;
        }
    }
    assert!(seen >= 17, "{seen} of 20");
}

#[test]
fn the_recorded_demo_listens_to_her_dog_for_free() {
    use crate::cli::{run_ok, stdout};
    // docs/demos/healer.txt: seed 3 as a neutral human Healer, `a c k`.
    let out = stdout(&run_ok(&["--replay", "docs/demos/healer.txt", "--ascii"]));
    assert!(
        out.contains("Status of the little dog (neutral, small):  Level 2  HP 6(6)  AC 6, tame."),
        "{out}"
    );
    assert!(out.contains("T:1"), "{out}");
}
