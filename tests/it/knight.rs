//! The Knight (NetHack 3.7's `role.c`, `u_init.c` and `makedog`), riding
//! his pony (`steed.c`: `mount_steed`, `dismount_steed`, `u_calc_moveamt`,
//! `mattacku`'s blows at the steed), jousting (`joust`) and his code
//! (`check_caitiff`), on the hand-drawn room of the trap tests.

use gnomish_mines::dungeon::hero::attributes::Encumbrance;
use gnomish_mines::dungeon::skills::{Skill, SkillLevel};
use gnomish_mines::dungeon::{Command, Dungeon, Item, RunSetup};
use gnomish_mines::generation::{Dir, Pos};

use crate::fixtures::{hold, pack_count, pack_find};
use crate::traps::{monster, p, put_monster, room_as, said};

const KNIGHT: &str = "knight human lawful";

/// The Knight's pony on your level: its id and where it stands.
fn pony(r: &Dungeon) -> Option<(u32, Pos)> {
    let kind = r.content().monster_kind("pony").unwrap();
    r.level()
        .monsters()
        .iter()
        .find(|m| m.kind == kind && m.tame)
        .map(|m| (m.id, m.pos))
}

/// A Knight at (4, 3) of `seed`'s room, his pony put at (5, 3).
fn knight_and_pony(seed: u64) -> Dungeon {
    let mut r = room_as(seed, p(4, 3), KNIGHT);
    r.wizard().set_hp(500, 500);
    let (id, _) = pony(&r).expect("a pony");
    hold(&mut r, id, |m| m.pos = p(5, 3));
    r
}

/// Try to mount the pony east until it works; returns the slips.
fn mount(r: &mut Dungeon) -> u32 {
    for slips in 0..50 {
        r.wizard().set_hp(500, 500);
        r.act(Command::Ride);
        r.act(Command::Move(Dir::E));
        if r.player().steed.is_some() {
            return slips;
        }
    }
    panic!("never mounted: {:?}", said(r));
}

#[test]
fn a_knight_starts_with_u_init_s_kit_and_a_saddled_pony() {
    for seed in 0..30 {
        let setup: RunSetup = crate::fixtures::setup_as(KNIGHT);
        let r = Dungeon::new(seed, setup).unwrap();
        let sword = pack_find(&r, "long_sword").unwrap();
        assert!(sword.wielded && sword.spe == 1, "seed {seed}");
        let lance = pack_find(&r, "lance").unwrap();
        assert!(!lance.wielded && lance.spe == 1);
        let mail = pack_find(&r, "ring_mail").unwrap();
        assert!(mail.worn && mail.spe == 1);
        for id in ["helmet", "small_shield", "leather_gloves"] {
            assert!(pack_find(&r, id).unwrap().worn, "{id}");
        }
        assert_eq!(pack_count(&r, "apple"), 10);
        assert_eq!(pack_count(&r, "carrot"), 10);
        // 14 hit points and a human's 2; AC 10 less ring mail's 3 + 1, the
        // helmet's, shield's and gloves' 1 each.
        assert_eq!(r.player().max_hp, 16);
        assert_eq!(r.armour_class(), 3);
        let (id, _) = pony(&r).expect("his pony");
        let m = r.level().monsters().iter().find(|m| m.id == id).unwrap();
        let saddle = r.content().item_kind("saddle").unwrap();
        assert!(m.gear.contains(&Some(saddle)), "seed {seed}: saddled");
        let g = r.player().growth.as_ref().unwrap();
        for skill in [Skill::LongSword, Skill::Lance, Skill::Riding] {
            assert_eq!(g.skills.level(skill), SkillLevel::Basic, "{skill:?}");
        }
        let kind = r.content().item_kind("elven_dagger").unwrap();
        assert!(r.discoveries().knows(kind));
    }
    let content = gnomish_mines::dungeon::built_in_content();
    for words in [
        "knight human neutral",
        "knight dwarf lawful",
        "knight gnome neutral",
    ] {
        assert!(
            gnomish_mines::dungeon::Hero::parse(content.heroes(), words).is_err(),
            "{words}"
        );
    }
}

#[test]
fn mounting_slips_as_often_as_level_and_tameness_fall_short_of_a_d20() {
    let (mut slips, mut mounts) = (0, 0);
    for seed in 0..60 {
        let mut r = knight_and_pony(seed);
        let turn = r.turn();
        let s = mount(&mut r);
        slips += s;
        mounts += 1;
        // A slip takes no time; the mount one turn.
        assert_eq!(r.turn(), turn + 1, "seed {seed}");
        assert_eq!(r.player().pos, p(5, 3));
        assert!(pony(&r).is_none(), "the steed is off the map");
        let lines = said(&r);
        assert!(
            lines.iter().any(|l| l == "You mount the pony."),
            "{lines:?}"
        );
        assert_eq!(
            lines
                .iter()
                .filter(|l| *l == "You slip while trying to get on the pony.")
                .count() as u32,
            s
        );
    }
    // Level 1 and tameness 10 against rnd(20): a slip 9 times in 20.
    let tries = slips + mounts;
    assert!(
        slips * 100 > tries * 33 && slips * 100 < tries * 57,
        "{slips} slips in {tries}"
    );
}

#[test]
fn a_slip_hurts_10_to_14() {
    let mut hurt = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let mut r = knight_and_pony(seed);
        r.act(Command::Ride);
        r.act(Command::Move(Dir::E));
        if r.player().steed.is_none() {
            hurt.insert(500 - r.player().hp);
        }
    }
    assert!(hurt.iter().all(|h| (10..=14).contains(h)), "{hurt:?}");
    assert!(hurt.len() >= 3, "{hurt:?}");
}

#[test]
fn dismounting_leaves_the_pony_where_you_sat() {
    let mut r = knight_and_pony(1);
    mount(&mut r);
    assert!(r.act(Command::Ride), "dismounting takes a turn");
    assert!(
        said(&r)
            .iter()
            .any(|l| l == "You've been through the dungeon on a pony with no name."),
        "{:?}",
        said(&r)
    );
    let (_, at) = pony(&r).expect("back on the map");
    assert_eq!(at, p(5, 3));
    assert_eq!(r.player().pos.distance(at), 1);
    // Not onto nothing to ride: nobody there.
    r.act(Command::Ride);
    let away = Dir::ALL
        .into_iter()
        .find(|&d| {
            let c = r.player().pos.step(d);
            r.level().monster_at(c).is_none()
        })
        .unwrap();
    assert!(!r.act(Command::Move(away)));
    assert_eq!(r.log().line(), "I see nobody there.");
}

#[test]
fn a_mounted_knight_goes_at_the_pony_s_speed() {
    let (mut mounted, mut on_foot) = (0, 0);
    for seed in 0..10 {
        let mut r = knight_and_pony(seed);
        mount(&mut r);
        let turn = r.turn();
        for i in 0..60 {
            r.act(Command::Move(if i % 2 == 0 { Dir::E } else { Dir::W }));
        }
        mounted += r.turn() - turn;
        let mut r = room_as(seed, p(4, 3), KNIGHT);
        let turn = r.turn();
        for i in 0..60 {
            r.act(Command::Move(if i % 2 == 0 { Dir::S } else { Dir::N }));
        }
        on_foot += r.turn() - turn;
    }
    // Speed 16: 4 moves in 3 turns on average (600 moves in about 450).
    assert_eq!(on_foot, 600);
    assert!((400..=500).contains(&mounted), "{mounted} turns mounted");
}

#[test]
fn a_monster_strikes_the_steed_one_time_in_four() {
    let (mut at_steed, mut at_you) = (0, 0);
    for seed in 0..20 {
        let mut r = knight_and_pony(seed);
        mount(&mut r);
        let lord = put_monster(&mut r, "gnome_lord", p(6, 3));
        r.wizard().level().monsters_mut().last_mut().unwrap().hp = 1000;
        for _ in 0..15 {
            r.wizard().set_hp(500, 500);
            r.act(Command::Search);
            for l in r.log().current() {
                if l == "The gnome lord hits your pony." || l == "The gnome lord misses your pony."
                {
                    at_steed += 1;
                }
                if l == "The gnome lord hits!" || l == "The gnome lord misses." {
                    at_you += 1;
                }
            }
            if r.player().steed.is_none() {
                break;
            }
        }
        let _ = monster(&r, lord);
    }
    let all = at_steed + at_you;
    assert!(all > 100, "{all}");
    assert!(
        at_steed * 100 > all * 12 && at_steed * 100 < all * 40,
        "{at_steed} of {all} at the steed"
    );
}

#[test]
fn a_lance_jousts_mounted_and_is_no_weapon_on_foot() {
    let (mut jousts, mut hits) = (0, 0);
    for seed in 0..20 {
        let mut r = knight_and_pony(seed);
        mount(&mut r);
        let lance = pack_find(&r, "lance").unwrap().letter;
        r.act(Command::Wield(lance));
        let lord = put_monster(&mut r, "gnome_lord", p(6, 3));
        for _ in 0..10 {
            hold(&mut r, lord, |m| {
                m.pos = p(6, 3);
                m.hp = 1000;
                m.stunned = false;
            });
            r.wizard().set_hp(500, 500);
            r.act(Command::Move(Dir::E));
            let lines: Vec<String> = r.log().current().map(str::to_string).collect();
            if lines
                .iter()
                .any(|l| l.starts_with("You joust the gnome lord"))
            {
                jousts += 1;
                let m = monster(&r, lord).unwrap();
                assert!(m.stunned, "{lines:?}");
                assert_eq!(m.pos, p(7, 3), "knocked back");
                assert!(!lines.iter().any(|l| l == "You hit the gnome lord."));
            } else if lines.iter().any(|l| l == "You hit the gnome lord.") {
                hits += 1;
            }
        }
    }
    // Basic in lance: a joust 2 times in 5 of the blows that land.
    let landed = jousts + hits;
    assert!(landed > 80, "{landed}");
    assert!(
        jousts * 100 > landed * 25 && jousts * 100 < landed * 55,
        "{jousts} jousts of {landed}"
    );
    // On foot a lance does 1 or 2 and never jousts.
    let mut r = room_as(3, p(4, 3), KNIGHT);
    r.wizard().set_hp(500, 500);
    let lance = pack_find(&r, "lance").unwrap().letter;
    r.act(Command::Wield(lance));
    let lord = put_monster(&mut r, "gnome_lord", p(5, 3));
    r.wizard().level().monsters_mut().last_mut().unwrap().hp = 1000;
    for _ in 0..30 {
        r.act(Command::Move(Dir::E));
        let hp = monster(&r, lord).unwrap().hp;
        assert!(hp >= 1000 - 2 * 30);
    }
    assert!(!said(&r).iter().any(|l| l.starts_with("You joust")));
}

#[test]
fn a_knight_striking_a_fleeing_monster_is_a_caitiff() {
    let mut r = room_as(2, p(4, 3), KNIGHT);
    r.wizard().set_hp(500, 500);
    let before = r.player().growth.as_ref().unwrap().alignment;
    put_monster(&mut r, "gnome_lord", p(5, 3));
    {
        let mut wizard = r.wizard();
        let m = wizard.level().monsters_mut().last_mut().unwrap();
        m.hp = 1000;
        m.flees = 100;
    }
    r.act(Command::Move(Dir::E));
    assert!(said(&r).iter().any(|l| l == "You caitiff!"));
    let after = r.player().growth.as_ref().unwrap().alignment;
    assert_eq!(after, before - 1);
    // One that stands its ground: no shame.
    let mut r = room_as(2, p(4, 3), KNIGHT);
    put_monster(&mut r, "gnome_lord", p(5, 3));
    r.wizard().level().monsters_mut().last_mut().unwrap().hp = 1000;
    r.act(Command::Move(Dir::E));
    assert!(!said(&r).iter().any(|l| l == "You caitiff!"));
}

#[test]
fn a_samurai_striking_a_peaceful_monster_dishonours_himself() {
    let mut r = room_as(2, p(4, 3), "samurai human lawful");
    let mid = put_monster(&mut r, "gnome_lord", p(5, 3));
    {
        let mut wizard = r.wizard();
        let m = wizard.level().monsters_mut().last_mut().unwrap();
        m.hp = 1000;
        m.peaceful = true;
    }
    r.act(Command::Move(Dir::E));
    // "Really attack the gnome lord?" — yes.
    r.act(Command::Move(Dir::NW));
    assert!(
        said(&r)
            .iter()
            .any(|l| l == "You dishonorably attack the innocent!"),
        "{:?}",
        said(&r)
    );
    assert!(!monster(&r, mid).unwrap().peaceful);
}

#[test]
fn the_pony_eats_apples_and_carrots_not_corpses() {
    let mut r = knight_and_pony(4);
    let (id, at) = pony(&r).unwrap();
    let apple = r.content().item_kind("apple").unwrap();
    r.wizard()
        .level()
        .items_mut()
        .push(Item::new(77_001, apple, at, 2));
    hold(&mut r, id, |m| {
        m.hungry_at = 0;
    });
    for _ in 0..5 {
        r.act(Command::Search);
    }
    assert!(
        said(&r).iter().any(|l| l == "Your pony eats an apple."),
        "{:?}",
        said(&r)
    );
    let left: u32 = r
        .level()
        .items()
        .iter()
        .filter(|i| i.kind == apple)
        .map(|i| i.quantity)
        .sum();
    assert!(left <= 1, "{left}");
}

#[test]
fn the_recorded_demo_rides_the_pony_down_the_stairs() {
    use crate::cli::{run_ok, stdout};
    // docs/demos/knight.txt: seed 65, `%` `k` mounts, 27 steps, `>`.
    let out = stdout(&run_ok(&["--replay", "docs/demos/knight.txt", "--ascii"]));
    assert!(out.contains("level 2 of 8"), "{out}");
    // 27 steps and the stairs in 19 turns: the pony's speed.
    assert!(out.contains("T:21 Ride"), "{out}");
}

/// Stairs down at (6, 3) of the room, and `r` loaded with a hundred rocks
/// (1,000 weight: Burdened or worse).
fn burdened_over_stairs(r: &mut Dungeon) {
    let mut map = (**r.map()).clone();
    map.set_tile(p(6, 3), gnomish_mines::generation::Tile::DownStairs);
    r.wizard().set_map(map);
    let rock = r.content().item_kind("rock").unwrap();
    r.wizard()
        .give(gnomish_mines::dungeon::Carried::new(90_000, rock, 100));
    assert!(r.encumbrance() > Encumbrance::Unencumbered);
}

#[test]
fn burdened_down_the_stairs_a_knight_falls_off_his_pony_and_one_on_foot_tumbles() {
    let mut falls = 0;
    for seed in 0..10 {
        let mut r = knight_and_pony(seed);
        mount(&mut r);
        burdened_over_stairs(&mut r);
        r.wizard().teleport(p(6, 3)).set_hp(100, 100);
        assert!(r.act(Command::Down));
        let told = said(&r);
        assert!(
            told.iter().any(|l| l == "You fall down the stairs."),
            "{told:?}"
        );
        assert!(
            told.iter().any(|l| l == "You fall off of the pony!"),
            "{told:?}"
        );
        assert!(r.player().steed.is_none());
        // 10 to 19 hit points.
        assert!((81..=90).contains(&r.player().hp), "{}", r.player().hp);
        let (_, at) = pony(&r).expect("the pony came down too");
        assert_eq!(at.distance(r.player().pos), 1);
        falls += 1;
    }
    assert_eq!(falls, 10);
    // On foot: 1 to 3.
    let mut r = room_as(1, p(4, 3), "valkyrie human lawful");
    burdened_over_stairs(&mut r);
    r.wizard().teleport(p(6, 3)).set_hp(50, 50);
    assert!(r.act(Command::Down));
    assert!(said(&r).iter().any(|l| l == "You fall down the stairs."));
    assert!((47..=49).contains(&r.player().hp));
    // Unburdened, no fall.
    let mut r = room_as(1, p(4, 3), "valkyrie human lawful");
    let mut map = (**r.map()).clone();
    map.set_tile(p(6, 3), gnomish_mines::generation::Tile::DownStairs);
    r.wizard().set_map(map);
    r.wizard().teleport(p(6, 3));
    assert!(r.act(Command::Down));
    assert!(!said(&r).iter().any(|l| l.contains("fall down")));
}

/// Play key-file keys (`'` jumps; the cursor's keys, then `.`).
fn keys(r: &mut Dungeon, k: &str) {
    r.play(&gnomish_mines::dungeon::parse_keys(k).unwrap());
}

/// The last thing said.
fn last(r: &Dungeon) -> String {
    said(r).last().cloned().unwrap_or_default()
}

#[test]
fn a_knight_jumps_a_knight_s_move_over_open_floor_and_nothing_else() {
    let mut r = room_as(1, p(2, 3), KNIGHT);
    let (turn, food) = (r.turn(), r.player().nutrition);
    keys(&mut r, "'");
    assert_eq!(last(&r), "Where do you want to jump? (. or , to land)");
    assert_eq!(r.cursor(), Some(p(2, 3)));
    keys(&mut r, "llj.");
    assert_eq!(r.player().pos, p(4, 4), "{:?}", said(&r));
    assert_eq!(r.turn(), turn + 1, "the landing takes a turn");
    assert!((1..=26).contains(&(food - r.player().nutrition)));
    // Two cells straight is no knight's move: no leap, no turn.
    let turn = r.turn();
    keys(&mut r, "'ll.");
    assert_eq!(last(&r), "Illegal move!");
    assert_eq!((r.player().pos, r.turn()), (p(4, 4), turn));
    // Nor is his own cell.
    keys(&mut r, "'.");
    assert_eq!(last(&r), "Illegal move!");
    // The inner wall at (7, 2) stands on the line from (6, 2) to (8, 1).
    r.wizard().teleport(p(6, 2));
    keys(&mut r, "'llk.");
    assert_eq!(last(&r), "There is an obstacle preventing that jump.");
    assert_eq!(r.player().pos, p(6, 2));
    // A gnome on the line from (5, 2) to (7, 3): he comes down short.
    r.wizard().teleport(p(5, 2));
    put_monster(&mut r, "gnome", p(6, 2));
    keys(&mut r, "'llj.");
    assert!(said(&r).contains(&"You bump into a gnome.".to_string()));
    assert_eq!(r.player().pos, p(5, 2));
}

#[test]
fn a_knight_leaps_through_an_open_door_only_the_way_it_opens() {
    use gnomish_mines::generation::Tile;
    let door_at = |r: &mut Dungeon, at: Pos, tile: Tile| {
        let mut map = (**r.map()).clone();
        map.set_tile(at, tile);
        r.wizard().set_map(map);
    };
    // (9, 1) to (10, 3) goes two cells down, through (9, 2): a door in a
    // horizontal wall lets him through, one in a vertical wall doesn't.
    let mut r = room_as(1, p(9, 1), KNIGHT);
    door_at(&mut r, p(9, 2), Tile::DoorOpenInVWall);
    keys(&mut r, "'jjl.");
    assert_eq!(last(&r), "There is an obstacle preventing that jump.");
    assert_eq!(r.player().pos, p(9, 1));
    door_at(&mut r, p(9, 2), Tile::DoorOpenInHWall);
    keys(&mut r, "'jjl.");
    assert_eq!(r.player().pos, p(10, 3), "{:?}", said(&r));
    // Standing in a door of a vertical wall, he may leap out across it but
    // not along it.
    door_at(&mut r, p(9, 2), Tile::DoorOpenInVWall);
    r.wizard().teleport(p(9, 2));
    keys(&mut r, "'ljj.");
    assert_eq!(last(&r), "You can't jump diagonally out of a doorway.");
    keys(&mut r, "'llj.");
    assert_eq!(r.player().pos, p(11, 3), "{:?}", said(&r));
}

#[test]
fn no_knight_can_jump_without_the_spell_and_a_knight_not_floating_loaded_or_weak() {
    let mut r = room_as(1, p(2, 3), "valkyrie human lawful");
    keys(&mut r, "'");
    assert_eq!(last(&r), "You can't jump very far.");
    assert_eq!(r.cursor(), None);
    let mut r = room_as(1, p(2, 3), KNIGHT);
    r.wizard().set_nutrition(100);
    keys(&mut r, "'");
    assert_eq!(last(&r), "You lack the strength to jump!");
    r.wizard().set_nutrition(900);
    let rock = r.content().item_kind("rock").unwrap();
    r.wizard()
        .give(gnomish_mines::dungeon::Carried::new(90_000, rock, 100));
    keys(&mut r, "'");
    assert_eq!(last(&r), "You are carrying too much to jump!");
    assert_eq!(r.cursor(), None);
}

#[test]
fn a_wizard_who_knows_the_spell_well_casts_it_to_jump() {
    let mut r = room_as(1, p(2, 3), "wizard human neutral");
    let book = r.content().item_kind("spellbook_of_jumping").unwrap();
    r.wizard().learn(book).set_power(50, 50);
    keys(&mut r, "'");
    assert_eq!(last(&r), "Where do you want to jump? (. or , to land)");
    assert!(
        r.player().growth.as_ref().unwrap().pw < 50,
        "the spell's power"
    );
    // The spell's leap needs no knight's move: three cells east.
    keys(&mut r, "lll.");
    assert_eq!(r.player().pos, p(5, 3), "{:?}", said(&r));
}

#[test]
fn an_applied_lance_strikes_two_cells_away_with_its_whole_damage() {
    // A Knight on foot at (2, 3), a gnome lord two cells east: `a` and the
    // lance wields it (a turn) and puts the cursor on the lord; `.` strikes.
    let (mut hits, mut misses, mut most) = (0, 0, 0);
    for seed in 0..30 {
        let mut r = room_as(seed, p(2, 3), KNIGHT);
        r.wizard().set_hp(500, 500);
        let lance = pack_find(&r, "lance").unwrap().letter;
        let lord = put_monster(&mut r, "gnome_lord", p(4, 3));
        hold(&mut r, lord, |m| m.hp = 1000);
        let turn = r.turn();
        r.act(Command::Apply(lance));
        assert!(pack_find(&r, "lance").unwrap().wielded);
        assert_eq!(r.turn(), turn + 1, "wielding it took the turn");
        assert_eq!(r.cursor(), Some(p(4, 3)), "{:?}", said(&r));
        for _ in 0..10 {
            hold(&mut r, lord, |m| {
                m.pos = p(4, 3);
                m.hp = 1000;
                m.peaceful = false;
            });
            let turn = r.turn();
            if r.cursor().is_none() {
                r.act(Command::Apply(lance));
            }
            keys(&mut r, ".");
            assert_eq!(r.turn(), turn + 1);
            let now: Vec<String> = r.log().current().map(str::to_string).collect();
            if now
                .iter()
                .any(|l| l.starts_with("The lance hits the gnome lord"))
            {
                hits += 1;
                most = most.max(1000 - monster(&r, lord).unwrap().hp);
            } else {
                assert!(
                    now.iter().any(|l| l == "The lance misses the gnome lord."),
                    "{now:?}"
                );
                misses += 1;
            }
            assert!(!now.iter().any(|l| l.starts_with("You joust")));
            assert_eq!(r.player().pos, p(2, 3), "he strikes from where he stands");
        }
    }
    assert!(hits > 100 && misses > 10, "{hits} hits, {misses} misses");
    // d6 + 1 and his strength's bonus: more than a pole's 1 or 2 on foot
    // in melee.
    assert!(most >= 5, "{most}");
}

#[test]
fn a_pole_reaches_by_skill_and_says_why_it_can_t() {
    let mut r = room_as(1, p(2, 3), KNIGHT);
    let lance = pack_find(&r, "lance").unwrap().letter;
    r.act(Command::Wield(lance));
    let turn = r.turn();
    // Basic: two cells straight only. No monster in reach: the cursor
    // starts on you.
    r.act(Command::Apply(lance));
    assert_eq!(r.cursor(), Some(p(2, 3)));
    assert_eq!(last(&r), "Where do you want to hit? (. or , to strike)");
    keys(&mut r, "l.");
    assert_eq!(last(&r), "Too close!");
    r.act(Command::Apply(lance));
    keys(&mut r, "llj.");
    assert_eq!(last(&r), "Too far!");
    assert_eq!(r.turn(), turn, "no time for either");
    r.act(Command::Apply(lance));
    keys(&mut r, "ll.");
    assert_eq!(last(&r), "You miss; there is no one there to hit.");
    assert_eq!(r.turn(), turn + 1);
    // Skilled: a knight's move away too.
    r.wizard().set_skill(Skill::Lance, SkillLevel::Skilled);
    r.act(Command::Apply(lance));
    keys(&mut r, "llj.");
    assert_eq!(last(&r), "You miss; there is no one there to hit.");
    // The room's wall, the inner wall and a boulder.
    r.wizard().teleport(p(2, 2));
    r.act(Command::Apply(lance));
    keys(&mut r, "kk.");
    assert_eq!(last(&r), "You uselessly attack the wall.");
    r.wizard().teleport(p(4, 1));
    r.act(Command::Apply(lance));
    keys(&mut r, "ll.");
    assert_eq!(last(&r), "You uselessly attack the wall.");
    // Behind that wall, from (5, 1): out of sight.
    r.wizard().teleport(p(5, 1));
    r.act(Command::Apply(lance));
    keys(&mut r, "ll.");
    assert_eq!(
        last(&r),
        "You won't hit anything if you can't see that spot."
    );
    r.wizard().teleport(p(2, 3));
    r.wizard().level().boulders_mut().push(p(4, 3));
    r.act(Command::Apply(lance));
    keys(&mut r, "ll.");
    assert_eq!(
        last(&r),
        "Thump!  Your blow bounces harmlessly off the boulder."
    );
}

#[test]
fn a_pole_asks_before_striking_a_peaceful_monster() {
    let mut r = room_as(1, p(2, 3), KNIGHT);
    let lance = pack_find(&r, "lance").unwrap().letter;
    r.act(Command::Wield(lance));
    let gnome = put_monster(&mut r, "gnome", p(4, 3));
    hold(&mut r, gnome, |m| m.peaceful = true);
    r.act(Command::Apply(lance));
    // A peaceful one is no target the cursor starts on.
    assert_eq!(r.cursor(), Some(p(2, 3)));
    let turn = r.turn();
    keys(&mut r, "ll.");
    assert_eq!(last(&r), "Really attack the gnome? [yn] (n)");
    keys(&mut r, "n");
    assert_eq!(r.turn(), turn, "no is no time");
    assert!(monster(&r, gnome).unwrap().peaceful);
    r.act(Command::Apply(lance));
    keys(&mut r, "ll.y");
    assert_eq!(r.turn(), turn + 1);
    assert!(
        !monster(&r, gnome).is_some_and(|m| m.peaceful),
        "{:?}",
        said(&r)
    );
}

/// A saddle in the pack: its letter.
fn give_saddle(r: &mut Dungeon, blessing: gnomish_mines::dungeon::Blessing) -> u8 {
    let kind = r.content().item_kind("saddle").unwrap();
    let mut c = gnomish_mines::dungeon::Carried::new(95_000, kind, 1);
    c.blessing = blessing;
    crate::fixtures::hand_over(r, c)
}

/// Dex + Cha / 2 of the hero (`use_saddle`'s start).
fn dex_and_half_cha(r: &Dungeon) -> i32 {
    use gnomish_mines::dungeon::hero::attributes::Attribute;
    let g = r.player().growth.as_ref().unwrap();
    g.attribute(Attribute::Dex) + g.attribute(Attribute::Cha) / 2
}

/// Saddle the monster east of you `tries` times (taking the saddle off
/// again after each success); how many took it.
fn saddlings(r: &mut Dungeon, id: u32, tries: u32) -> u32 {
    use gnomish_mines::dungeon::Blessing;
    let mut took = 0;
    for _ in 0..tries {
        hold(r, id, |m| {
            m.gear = Default::default();
            m.pos = p(5, 3);
        });
        let saddle = match pack_find(r, "saddle") {
            Some(c) => c.letter,
            None => give_saddle(r, Blessing::Uncursed),
        };
        r.act(Command::Apply(saddle));
        assert!(r.act(Command::Move(Dir::E)), "a try takes time");
        let now: Vec<String> = r.log().current().map(str::to_string).collect();
        if now.iter().any(|l| l == "You put the saddle on the pony.") {
            took += 1;
            assert!(pack_find(r, "saddle").is_none());
        } else {
            assert!(now.iter().any(|l| l == "The pony resists!"), "{now:?}");
        }
    }
    took
}

#[test]
fn a_saddle_goes_on_a_pony_as_use_saddle_works_out_the_chance() {
    // A Knight and his own pony, its saddle taken off: Dex + Cha/2, twice
    // its tameness (10) and 20 a level of his, 20 for a Knight, Basic
    // riding 0.
    let mut r = knight_and_pony(4);
    let (id, _) = pony(&r).unwrap();
    let knight = (dex_and_half_cha(&r) + 20 + 20 + 20).min(100);
    let took = saddlings(&mut r, id, 400);
    let expected = 400 * knight / 100;
    assert!(
        (took as i32 - expected).abs() < 40,
        "{took} of 400, {knight}% expected"
    );
    // A wild pony (level 2) and a level-8 Valkyrie, Unskilled in riding:
    // Dex + Cha/2 + her level × 5 − 20 for its level − 20.
    let mut r = room_as(5, p(4, 3), "valkyrie human lawful");
    for _ in 1..8 {
        r.wizard().gain_experience(100_000);
    }
    let level = r.player().growth.as_ref().unwrap().level as i32;
    assert_eq!(level, 8);
    let wild = put_monster(&mut r, "pony", p(5, 3));
    // Peaceful, so it leaves her be while she tries.
    hold(&mut r, wild, |m| m.peaceful = true);
    let valkyrie = (dex_and_half_cha(&r) + level * 5 - 20 - 20).max(0);
    let took = saddlings(&mut r, wild, 300);
    let expected = 300 * valkyrie / 100;
    assert!(
        (took as i32 - expected).abs() < 35,
        "{took} of 300, {valkyrie}% expected"
    );
}

#[test]
fn saddling_says_why_not_and_a_saddled_pet_can_be_ridden() {
    use gnomish_mines::dungeon::Blessing;
    let mut r = room_as(2, p(4, 3), "valkyrie human lawful");
    let saddle = give_saddle(&mut r, Blessing::Uncursed);
    let ask = |r: &mut Dungeon, d: Command| {
        r.act(Command::Apply(saddle));
        assert_eq!(last(r), "In what direction?");
        r.act(d);
        last(r)
    };
    let turn = r.turn();
    assert_eq!(
        ask(&mut r, Command::Wait),
        "Saddle yourself?  Very funny..."
    );
    assert_eq!(r.turn(), turn, "no time");
    assert_eq!(ask(&mut r, Command::Move(Dir::E)), "I see nobody there.");
    let gnome = put_monster(&mut r, "gnome", p(5, 3));
    assert_eq!(
        ask(&mut r, Command::Move(Dir::E)),
        "You can't saddle such a creature."
    );
    r.wizard().level().monsters_mut().retain(|m| m.id != gnome);
    let pony = put_monster(&mut r, "pony", p(5, 3));
    hold(&mut r, pony, |m| {
        m.tame = true;
        m.peaceful = true;
    });
    r.wizard().set_hp(1000, 1000);
    for _ in 0..50 {
        if pack_find(&r, "saddle").is_none() {
            break;
        }
        hold(&mut r, pony, |m| m.pos = p(5, 3));
        ask(&mut r, Command::Move(Dir::E));
    }
    assert!(pack_find(&r, "saddle").is_none(), "{:?}", said(&r));
    let saddle = give_saddle(&mut r, Blessing::Uncursed);
    hold(&mut r, pony, |m| m.pos = p(5, 3));
    r.act(Command::Apply(saddle));
    r.act(Command::Move(Dir::E));
    assert_eq!(last(&r), "The pony doesn't need another one.");
    // Saddled and tame: she can get on it (or slip trying).
    hold(&mut r, pony, |m| m.pos = p(5, 3));
    r.act(Command::Ride);
    r.act(Command::Move(Dir::E));
    let line = last(&r);
    assert!(
        line == "You mount the pony." || line.starts_with("You slip while trying to get on"),
        "{line}"
    );
}

/// A Knight mounted on his pony in `seed`'s room, a trap of row `id` (found
/// and said "yes" to) just east of him; what stepping on it said, his hit
/// points before and after, the pony's before and after (None: dead).
fn ride_onto(seed: u64, id: &str) -> (Dungeon, Vec<String>, (i32, i32), (i32, Option<i32>)) {
    let mut r = knight_and_pony(seed);
    mount(&mut r);
    r.wizard().set_hp(100, 100).set_steed_hp(30);
    let at = r.player().pos.step(Dir::E);
    crate::traps::put_trap(&mut r, id, at);
    let before = r.log().history().count();
    r.act(Command::Move(Dir::E));
    if r.is_asking() {
        r.act(Command::Move(Dir::NW));
    }
    let told: Vec<String> = said(&r)[before..].to_vec();
    let hp = r.player().hp;
    let steed = r.player().steed.map(|s| s.hp);
    (r, told, (100, hp), (30, steed))
}

#[test]
fn riding_into_a_bear_trap_or_a_pit_the_pony_takes_the_harm_and_is_held() {
    for seed in 0..10 {
        let (mut r, told, hp, steed) = ride_onto(seed, "bear_trap");
        assert!(
            told.contains(&"A bear trap closes on the pony's foot!".to_string()),
            "{told:?}"
        );
        assert_eq!(hp.0, hp.1, "none of it is his");
        let lost = steed.0 - steed.1.unwrap();
        assert!((2..=8).contains(&lost), "2d4: {lost}");
        // Held: his moves go into the pony's struggle until it pulls free.
        let at = r.player().pos;
        r.act(Command::Move(Dir::E));
        assert_eq!(r.player().pos, at);
        let line = last(&r);
        assert!(
            line == "Your pony is caught in the bear trap."
                || line == "Your pony pulls free of the bear trap.",
            "{line}"
        );
        let (mut r, told, hp, steed) = ride_onto(seed, "spiked_pit");
        assert!(
            told.iter().any(|l| l
                == "You lead the poor pony into a pit! The poor pony lands on a set of sharp iron spikes!"),
            "{told:?}"
        );
        assert_eq!(hp.0, hp.1);
        assert!((1..=10).contains(&(steed.0 - steed.1.unwrap())));
        let mut out = false;
        for _ in 0..10 {
            r.act(Command::Move(Dir::E));
            match last(&r).as_str() {
                "Your pony is still in a pit." => {}
                "You ride to the edge of the pit." => {
                    out = true;
                    break;
                }
                other => panic!("{other}"),
            }
        }
        assert!(out);
    }
}

#[test]
fn riding_over_an_arrow_trap_half_the_arrows_fly_at_the_pony() {
    let (mut at_pony, mut struck, mut at_him): (i32, i32, i32) = (0, 0, 0);
    for seed in 0..200 {
        let (_, told, _, _) = ride_onto(seed, "arrow_trap");
        assert!(told.contains(&"An arrow shoots out at you!".to_string()));
        if told.iter().any(|l| l == "The pony is hit by an arrow!") {
            at_pony += 1;
            struck += 1;
        } else if told
            .iter()
            .any(|l| l == "The pony is almost hit by an arrow!")
        {
            at_pony += 1;
        } else {
            assert!(
                told.iter()
                    .any(|l| l == "It hits you!" || l == "It misses you."),
                "{told:?}"
            );
            at_him += 1;
        }
    }
    assert!(
        (70..=130).contains(&at_pony),
        "{at_pony} of 200 at the pony"
    );
    assert_eq!(at_pony + at_him, 200);
    // NetHack's `thitm`: it strikes when AC 6 + 8 is no more than a d20, 7
    // times in 20.
    let expected = at_pony * 7 / 20;
    assert!((struck - expected).abs() <= 15, "{struck} of {at_pony}");
}

#[test]
fn a_land_mine_hurts_the_pony_too_and_one_that_kills_it_leaves_him_on_foot() {
    let mut killed = 0;
    for seed in 0..20 {
        let mut r = knight_and_pony(seed);
        mount(&mut r);
        r.wizard().set_hp(100, 100).set_steed_hp(8);
        let at = r.player().pos.step(Dir::E);
        crate::traps::put_trap(&mut r, "land_mine", at);
        r.act(Command::Move(Dir::E));
        if r.is_asking() {
            r.act(Command::Move(Dir::NW));
        }
        let told = said(&r);
        assert!(
            told.iter().any(|l| l.starts_with("KAABLAMM!!!")),
            "{told:?}"
        );
        assert!(r.player().hp < 100, "his share: {told:?}");
        match r.player().steed {
            None => {
                killed += 1;
                assert!(told.iter().any(|l| l == "The pony is killed!"), "{told:?}");
                assert!(r.player().trapped.is_none() || told.iter().any(|l| l.contains("pit")));
            }
            Some(s) => assert!(s.hp < 8 || told.iter().any(|l| l.contains("pit"))),
        }
    }
    // 1d16 against 8 hit points, and a pit's 1d6 after: most die.
    assert!(killed >= 10, "{killed} of 20");
}

#[test]
fn sleeping_gas_puts_the_pony_to_sleep_too_and_a_sleeping_pony_won_t_move() {
    let mut stuck = 0;
    for seed in 0..20 {
        let (mut r, told, _, _) = ride_onto(seed, "sleeping_gas_trap");
        assert!(
            told.contains(&"The pony suddenly falls asleep!".to_string()),
            "{told:?}"
        );
        // What is left of its sleep once he wakes from his own.
        let asleep = r.player().steed.unwrap().asleep;
        assert!(asleep <= 24, "{asleep}");
        // Awake himself, he tries to ride on: while the pony sleeps, no.
        let mut moved = false;
        for _ in 0..40 {
            let at = r.player().pos;
            let took = r.act(Command::Move(Dir::W));
            if r.player().pos != at {
                moved = true;
                break;
            }
            if last(&r) == "Your pony won't move!" {
                stuck += 1;
                assert!(!took, "no time");
                r.act(Command::Search);
            }
        }
        assert!(moved, "the pony wakes in the end: {:?}", said(&r));
    }
    assert!(stuck > 0, "a pony asleep longer than its rider");
}

/// `blows` turns beside a hostile monster of row `id` east of you at
/// (6, 3), you at (5, 3) and whole each turn: how many of its blows landed
/// and how many knocked you (back or out of the saddle), and the lines.
fn beside(r: &mut Dungeon, id: &str, blows: u32) -> (u32, u32, Vec<String>) {
    let big = put_monster(r, id, p(6, 3));
    let (mut hits, mut knocks) = (0, 0);
    let mut lines = Vec::new();
    for _ in 0..blows {
        r.wizard()
            .set_hp(1000, 1000)
            .set_steed_hp(1000)
            .teleport(p(5, 3));
        hold(r, big, |m| {
            m.pos = p(6, 3);
            m.hp = 1000;
            m.asleep = 0;
            m.trapped = 0;
        });
        r.act(Command::Search);
        let now: Vec<String> = r.log().current().map(str::to_string).collect();
        let name = r
            .content()
            .monster(r.content().monster_kind(id).unwrap())
            .name
            .clone();
        if now.iter().any(|l| l == &format!("The {name} hits!")) {
            hits += 1;
        }
        if now
            .iter()
            .any(|l| l.starts_with(&format!("The {name} knocks you")))
        {
            knocks += 1;
        }
        lines.extend(now);
        if r.player().steed.is_none() && lines.iter().any(|l| l.contains("saddle")) {
            break;
        }
    }
    (hits, knocks, lines)
}

#[test]
fn a_huge_monster_s_blow_knocks_a_rider_out_of_the_saddle_one_time_in_six() {
    let mut knocked_off = 0;
    for seed in 0..30 {
        let mut r = knight_and_pony(seed);
        mount(&mut r);
        r.wizard().teleport(p(5, 3));
        let (_, knocks, lines) = beside(&mut r, "ettin_zombie", 60);
        if knocks > 0 {
            knocked_off += 1;
            assert!(
                lines.iter().any(|l| l.starts_with("The ettin zombie knocks you out of your saddle with a")),
                "{lines:?}"
            );
            assert!(lines.contains(&"You are knocked off of the pony!".to_string()));
            assert!(r.player().steed.is_none(), "on foot");
        }
    }
    assert!(
        knocked_off >= 25,
        "{knocked_off} of 30 riders knocked off in 60 turns"
    );
}

#[test]
fn a_huge_monster_s_blow_knocks_you_back_one_time_in_six_and_a_gnome_s_never() {
    let (mut hits, mut knocks) = (0, 0);
    for seed in 0..10 {
        let mut r = room_as(seed, p(5, 3), "valkyrie human lawful");
        let (h, k, lines) = beside(&mut r, "ettin_zombie", 40);
        hits += h;
        knocks += k;
        // Knocked east, away from it: one or two cells, as the room allows.
        if k > 0 {
            assert!(
                lines
                    .iter()
                    .any(|l| l.starts_with("The ettin zombie knocks you backward with a")),
                "{lines:?}"
            );
        }
    }
    let expected = hits / 6;
    assert!(hits > 100, "{hits}");
    assert!(
        knocks.abs_diff(expected) <= expected / 2 + 5,
        "{knocks} of {hits} hits"
    );
    // Moved: one knock, then where you stand.
    let mut r = room_as(3, p(5, 3), "valkyrie human lawful");
    let big = put_monster(&mut r, "ettin_zombie", p(4, 3));
    for _ in 0..200 {
        r.wizard().set_hp(1000, 1000).teleport(p(5, 3));
        hold(&mut r, big, |m| m.pos = p(4, 3));
        r.act(Command::Search);
        if r.log()
            .current()
            .any(|l| l.starts_with("The ettin zombie knocks you"))
        {
            let x = r.player().pos.x;
            assert!(x == 6 || x == 7, "knocked to {:?}", r.player().pos);
            break;
        }
    }
    // A gnome is no bigger than a human: it never knocks one back.
    let mut r = room_as(4, p(5, 3), "valkyrie human lawful");
    let (h, k, _) = beside(&mut r, "gnome_lord", 60);
    assert!(h > 0 && k == 0, "{h} hits, {k} knocks");
}
