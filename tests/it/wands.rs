//! Wands (NetHack 3.7's `zap.c`): `z`, charges, wresting and backfire,
//! beams, rays that bounce, and digging, on the hand-drawn room of the trap
//! tests.

use gnomish_mines::dungeon::{Blessing, Carried, Command, Dungeon, Pace};
use gnomish_mines::generation::{Dir, Tile};

use crate::traps::{monster, p, put_monster, room_as, said};

/// Give the Samurai a wand of row `id` with `charges`, known; its letter.
fn give_wand(r: &mut Dungeon, id: &str, charges: i8, blessing: Blessing) -> u8 {
    let kind = r.content().item_kind(id).expect("a wand row");
    let mut c = Carried::new(90_000 + r.player().inventory.len() as u32, kind, 1);
    c.spe = charges;
    c.spe_known = true;
    c.blessing = blessing;
    crate::fixtures::hand_over(r, c)
}

fn charges(r: &Dungeon, id: &str) -> Option<i8> {
    r.player()
        .inventory
        .iter()
        .find(|c| r.content().item(c.kind).id == id)
        .map(|c| c.spe)
}

/// A Samurai of `seed` in the room at `at`, her dog sent away.
fn samurai(seed: u64, at: gnomish_mines::generation::Pos) -> Dungeon {
    let mut r = room_as(seed, at, "samurai human lawful");
    // In the corridor below, walled off from every zap here.
    crate::hero::put_pet(&mut r, p(13, crate::traps::HALL));
    r
}

#[test]
fn a_wand_of_digging_zapped_down_drops_you_to_the_next_level() {
    let mut r = samurai(1, p(4, 3));
    let wand = give_wand(&mut r, "wand_of_digging", 5, Blessing::Uncursed);
    r.act(Command::Zap(wand));
    assert_eq!(r.log().line(), "In what direction?");
    assert!(r.act(Command::Down));
    assert_eq!(r.depth(), 2, "{:?}", said(&r));
    assert!(
        said(&r)
            .iter()
            .any(|m| m.contains("You dig a hole through the floor")),
        "{:?}",
        said(&r)
    );
    assert_eq!(charges(&r, "wand_of_digging"), Some(4));
}

#[test]
fn on_the_stairs_the_digging_beam_bounces_and_a_rock_falls() {
    let mut r = samurai(1, p(2, 1));
    r.wizard().set_hp(100, 100);
    let wand = give_wand(&mut r, "wand_of_digging", 5, Blessing::Uncursed);
    r.act(Command::Zap(wand));
    r.act(Command::Down);
    assert_eq!(r.depth(), 1);
    let told = said(&r);
    assert!(told.iter().any(|m| m.contains("bounces off the stairs")));
    assert!(told.iter().any(|m| m.contains("It falls on your head!")));
    assert!(r.player().hp < 100 && r.player().hp >= 94, "1d6");
    assert!(r.level().items().iter().any(|i| i.pos == p(2, 1)));
}

#[test]
fn digging_across_the_mines_digs_out_the_first_rock_it_meets() {
    // Rock lies at (12, 1) to (14, 1): the beam crosses the floor and digs
    // out the first cell only (the Mines are a maze level to NetHack).
    let mut r = samurai(3, p(8, 1));
    let wand = give_wand(&mut r, "wand_of_digging", 5, Blessing::Uncursed);
    assert_eq!(r.map().tile(p(12, 1)), Tile::Rock);
    r.act(Command::Zap(wand));
    r.act(Command::Move(Dir::E));
    assert_eq!(r.map().tile(p(12, 1)), Tile::Corridor);
    assert_eq!(r.map().tile(p(13, 1)), Tile::Rock);
    // The level's edge can't be dug.
    let mut r = samurai(3, p(4, 1));
    let wand = give_wand(&mut r, "wand_of_digging", 5, Blessing::Uncursed);
    r.act(Command::Zap(wand));
    r.act(Command::Move(Dir::N));
    assert!(r.map().tile(p(4, 0)).is_wall());
    assert_eq!(r.log().line(), "The wall glows then fades.");
}

#[test]
fn a_bolt_of_fire_hits_or_misses_and_burns_for_6d6() {
    let (mut hits, mut misses) = (0, 0);
    for seed in 0..40 {
        let mut r = samurai(seed, p(3, 3));
        let lord = put_monster(&mut r, "gnome_lord", p(7, 3));
        r.wizard().level().monsters_mut().last_mut().unwrap().hp = 500;
        let wand = give_wand(&mut r, "wand_of_fire", 5, Blessing::Uncursed);
        r.act(Command::Zap(wand));
        r.act(Command::Move(Dir::E));
        let told = said(&r);
        let hp = monster(&r, lord).unwrap().hp;
        let hit = told
            .iter()
            .filter(|m| *m == "The bolt of fire hits the gnome lord.")
            .count();
        let missed = told
            .iter()
            .filter(|m| *m == "The bolt of fire misses the gnome lord.")
            .count();
        assert!(hit + missed >= 1, "{told:?}");
        // A bounce may bring it back through the lord once more.
        assert!(
            (hit as i32 * 6..=hit as i32 * 36).contains(&(500 - hp)),
            "{hp} {told:?}"
        );
        hits += hit;
        misses += missed;
        let fire = r.content().item_kind("wand_of_fire").unwrap();
        assert!(r.discoveries().knows(fire));
    }
    // AC 10: `3 − rn2(20) < 10` but for 1 in 20 (then `rnd(10) < 10`):
    // all but about 1 in 200 hit.
    assert!(hits >= 37 && misses <= 3, "{hits} {misses}");
}

#[test]
fn a_ray_bounces_off_the_wall_and_may_come_back_through_you() {
    let mut back = 0;
    for seed in 0..40 {
        // Five cells from the east wall: a ray of 7 to 13 bounces, and one
        // of 10 or more comes back to you.
        let mut r = samurai(seed, p(10, 3));
        r.wizard().set_hp(500, 500);
        let wand = give_wand(&mut r, "wand_of_magic_missile", 5, Blessing::Uncursed);
        r.act(Command::Zap(wand));
        r.act(Command::Move(Dir::E));
        let told = said(&r);
        assert!(
            told.iter().any(|m| m == "The magic missile bounces!"),
            "{told:?}"
        );
        let hit = told.iter().any(|m| m == "The magic missile hits you!");
        let by = told
            .iter()
            .any(|m| m == "The magic missile whizzes by you!");
        if hit {
            assert!((488..=498).contains(&r.player().hp), "2d6");
        }
        back += usize::from(hit || by);
    }
    // Ranges 10 to 13 of 7 to 13: 4 in 7.
    assert!((12..=34).contains(&back), "{back}");
}

#[test]
fn a_death_ray_kills_what_it_hits_and_sleep_puts_it_to_sleep() {
    let mut r = samurai(5, p(3, 3));
    let gnome = put_monster(&mut r, "gnome", p(6, 3));
    let wand = give_wand(&mut r, "wand_of_death", 3, Blessing::Uncursed);
    r.act(Command::Zap(wand));
    r.act(Command::Move(Dir::E));
    let told = said(&r);
    if told.iter().any(|m| m == "The death ray hits the gnome.") {
        assert!(monster(&r, gnome).is_none());
        assert!(told.iter().any(|m| m == "You kill the gnome!"));
    }
    let mut slept = 0;
    for seed in 0..20 {
        let mut r = samurai(seed, p(3, 3));
        let dwarf = put_monster(&mut r, "dwarf", p(6, 3));
        let wand = give_wand(&mut r, "wand_of_sleep", 3, Blessing::Uncursed);
        r.act(Command::Zap(wand));
        r.act(Command::Move(Dir::E));
        if said(&r)
            .iter()
            .any(|m| m == "The sleep ray hits the dwarf.")
        {
            let m = monster(&r, dwarf).unwrap();
            // 6d25, less the turn gone by; a dwarf resists a wand 10 in 110.
            slept += usize::from(m.asleep >= 5);
            assert_eq!(m.hp, 16, "a sleep ray does no harm");
        }
    }
    assert!(slept >= 10, "{slept}");
}

#[test]
fn beams_slow_speed_probe_and_strike() {
    let mut r = samurai(7, p(3, 3));
    let gnome = put_monster(&mut r, "gnome", p(5, 3));
    let slow = give_wand(&mut r, "wand_of_slow_monster", 5, Blessing::Uncursed);
    r.act(Command::Zap(slow));
    r.act(Command::Move(Dir::E));
    assert_eq!(monster(&r, gnome).unwrap().pace, Pace::Slow);
    assert!(
        said(&r)
            .iter()
            .any(|m| m == "The gnome seems to be moving slower.")
    );
    let probe = give_wand(&mut r, "wand_of_probing", 5, Blessing::Uncursed);
    r.act(Command::Zap(probe));
    r.act(Command::Move(Dir::E));
    assert!(
        said(&r)
            .iter()
            .any(|m| m.starts_with("A gnome (8/8 HP, slow).")),
        "{:?}",
        said(&r)
    );
    // Striking: `rnd(20) < 10 + 10` hits a gnome but 1 in 20, for 2d12.
    let mut struck = 0;
    for seed in 0..20 {
        let mut r = samurai(seed, p(3, 3));
        let lord = put_monster(&mut r, "gnome_lord", p(9, 3));
        r.wizard().level().monsters_mut().last_mut().unwrap().hp = 500;
        let wand = give_wand(&mut r, "wand_of_striking", 5, Blessing::Uncursed);
        r.act(Command::Zap(wand));
        r.act(Command::Move(Dir::E));
        if said(&r)
            .iter()
            .any(|m| m == "The wand hits the gnome lord!")
        {
            struck += 1;
            let hp = monster(&r, lord).unwrap().hp;
            assert!((476..=498).contains(&hp), "{hp}");
        }
    }
    assert!(struck >= 15, "{struck}");
}

#[test]
fn locking_shuts_a_door_opening_unlocks_it_striking_breaks_it() {
    let mut r = samurai(2, p(3, 1));
    let mut map = (**r.map()).clone();
    map.set_tile(p(6, 1), Tile::DoorOpenInVWall);
    r.wizard().set_map(map);
    let lock = give_wand(&mut r, "wand_of_locking", 5, Blessing::Uncursed);
    r.act(Command::Zap(lock));
    r.act(Command::Move(Dir::E));
    assert_eq!(r.map().tile(p(6, 1)), Tile::DoorClosed);
    assert!(r.level().is_locked(p(6, 1)));
    assert!(
        said(&r)
            .iter()
            .any(|m| m == "The door swings shut, and locks!")
    );
    let open = give_wand(&mut r, "wand_of_opening", 5, Blessing::Uncursed);
    r.act(Command::Zap(open));
    r.act(Command::Move(Dir::E));
    assert!(!r.level().is_locked(p(6, 1)));
    assert_eq!(r.log().line(), "The door unlocks!");
    let strike = give_wand(&mut r, "wand_of_striking", 5, Blessing::Uncursed);
    r.act(Command::Zap(strike));
    r.act(Command::Move(Dir::E));
    assert_eq!(r.map().tile(p(6, 1)), Tile::Floor);
    assert_eq!(r.log().line(), "The door crashes open!");
}

#[test]
fn an_empty_wand_gives_a_last_charge_one_time_in_121() {
    let mut r = samurai(11, p(3, 3));
    let (mut wrested, n) = (0, 2_420);
    for _ in 0..n {
        r.wizard().set_nutrition(900);
        let wand = match r
            .player()
            .inventory
            .iter()
            .find(|c| r.content().item(c.kind).id == "wand_of_nothing")
        {
            Some(c) => c.letter,
            None => give_wand(&mut r, "wand_of_nothing", 0, Blessing::Uncursed),
        };
        r.act(Command::Zap(wand));
        // A beam of nothing asks its way first; the charge is tried then.
        assert_eq!(r.log().line(), "In what direction?");
        r.act(Command::Move(Dir::E));
        let line = r.log().line().to_string();
        if line.contains("Nothing happens.") {
            assert_eq!(charges(&r, "wand_of_nothing"), Some(0));
            continue;
        }
        let told = said(&r);
        assert!(
            told.iter()
                .any(|m| m == "You wrest one last charge from the worn-out wand."),
            "{line} {told:?}"
        );
        assert!(told.iter().any(|m| m == "You turn the wand to dust."));
        assert_eq!(charges(&r, "wand_of_nothing"), None);
        wrested += 1;
    }
    // 20 expected; 3σ is 13.
    assert!((7..=33).contains(&wrested), "{wrested}");
}

#[test]
fn a_cursed_wand_explodes_one_time_in_100() {
    let mut r = samurai(12, p(3, 3));
    let (mut exploded, n) = (0, 2_000);
    for _ in 0..n {
        r.wizard().set_hp(1_000, 1_000).set_nutrition(900);
        let held = r
            .player()
            .inventory
            .iter()
            .find(|c| r.content().item(c.kind).id == "wand_of_light")
            .map(|c| (c.letter, c.spe));
        let wand = match held {
            Some((letter, 0)) => {
                r.act(Command::Drop(letter));
                give_wand(&mut r, "wand_of_light", 100, Blessing::Cursed)
            }
            Some((letter, _)) => letter,
            None => give_wand(&mut r, "wand_of_light", 100, Blessing::Cursed),
        };
        let spe = charges(&r, "wand_of_light").unwrap();
        r.act(Command::Zap(wand));
        if said(&r)
            .last()
            .is_some_and(|m| m.contains("suddenly explodes!"))
        {
            exploded += 1;
            // (charges − 1 + 2)d6: the charge was used first.
            let dice = i32::from(spe) + 1;
            assert!((1_000 - 6 * dice..=1_000 - dice).contains(&r.player().hp));
            assert_eq!(charges(&r, "wand_of_light"), None);
        }
    }
    // 20 expected; 3σ is 13.
    assert!((7..=33).contains(&exploded), "{exploded}");
}

#[test]
fn the_recorded_demos_still_dig_down_and_burn() {
    use crate::cli::{run_ok, stdout};
    // docs/demos/dig_down.txt and fire.txt name their hero and seed; the
    // content is docs/demos/wands.ron (the Samurai's kit with wands).
    let play = |file: &str| {
        let keys = format!("docs/demos/{file}");
        let args = [
            "--content",
            "docs/demos/wands.ron",
            "--replay",
            &keys,
            "--ascii",
        ];
        stdout(&run_ok(&args))
    };
    let dug = play("dig_down.txt");
    assert!(
        dug.contains("You dig a hole through the floor. You fall through..."),
        "{dug}"
    );
    assert!(
        dug.contains("Dlvl:4"),
        "the second level of the mines: {dug}"
    );
    let burnt = play("fire.txt");
    assert!(
        burnt.contains("The bolt of fire hits the gnomish wizard.  You kill the gnomish wizard!"),
        "{burnt}"
    );
}

#[test]
fn alley_town_s_wand_shop_is_stocked_three_times_in_ten() {
    use crate::fixtures::setup_as;
    use gnomish_mines::dungeon::RunSetup;
    let (mut stocked, n) = (0, 60);
    for seed in 0..n {
        let mut setup: RunSetup = setup_as("valkyrie human neutral");
        setup.variants = vec![("minetown".into(), "alley_town".into())];
        let mut r = Dungeon::new(seed, setup).unwrap();
        let town = (1..=r.level_count())
            .find(|&d| r.content().kind_name(r.kind_at(d)) == "alley_town")
            .expect("Minetown is Alley Town");
        let level = r.wizard().make_level(town).unwrap().clone();
        let content = r.content();
        // minetn-3's 3 × 2 wand shop: five wares beside its keeper's post,
        // each a wand 90 times in 100; the room is there, its keeper only
        // when the shop is made.
        let shop = level
            .shops()
            .iter()
            .find(|s| s.name == "quality apparel and accessories")
            .expect("the room is drawn");
        let keeper = level.monsters().iter().any(|m| m.pos == shop.post);
        let wands = level
            .items()
            .iter()
            .filter(|i| shop.floor.contains(&i.pos) && content.item(i.kind).glyph == '/')
            .count();
        if keeper {
            stocked += 1;
            assert!(wands >= 2, "seed {seed}: {wands} wands");
        } else {
            assert_eq!(wands, 0, "seed {seed}");
        }
    }
    // 18 expected; 3σ is 10.6.
    assert!((8..=29).contains(&stocked), "{stocked}");
    // The nameless hero's Alley Town keeps its empty room.
    let setup = gnomish_mines::dungeon::RunSetup {
        variants: vec![("minetown".into(), "alley_town".into())],
        ..Default::default()
    };
    for seed in 0..20 {
        let mut r = Dungeon::new(seed, setup.clone()).unwrap();
        let town = (1..=r.level_count())
            .find(|&d| r.content().kind_name(r.kind_at(d)) == "alley_town")
            .unwrap();
        let level = r.wizard().make_level(town).unwrap().clone();
        let content = r.content();
        assert!(
            level
                .items()
                .iter()
                .all(|i| content.item(i.kind).glyph != '/')
        );
    }
}

#[test]
fn zapped_at_yourself_a_wand_acts_on_you() {
    // `.` (or `s`) answers the question with yourself.
    let mut r = samurai(4, p(3, 3));
    r.wizard().set_hp(200, 200);
    let wand = give_wand(&mut r, "wand_of_striking", 5, Blessing::Uncursed);
    r.act(Command::Zap(wand));
    assert!(r.act(Command::Wait));
    assert!(said(&r).iter().any(|m| m == "You bash yourself!"));
    assert!(
        (176..=198).contains(&r.player().hp),
        "2d12: {}",
        r.player().hp
    );
    let striking = r.content().item_kind("wand_of_striking").unwrap();
    assert!(r.discoveries().knows(striking));
    // Cancellation: the pack's potions turn to water, its magic goes.
    let potion = r.content().item_kind("potion_of_healing").unwrap();
    let mut c = Carried::new(95_000, potion, 1);
    c.blessing = Blessing::Blessed;
    r.wizard().give(c);
    let fire = give_wand(&mut r, "wand_of_fire", 5, Blessing::Uncursed);
    let cancel = give_wand(&mut r, "wand_of_cancellation", 5, Blessing::Uncursed);
    r.act(Command::Zap(cancel));
    assert!(r.act(Command::Search));
    let water = r.content().item_kind("potion_of_water").unwrap();
    let inv = &r.player().inventory;
    assert!(
        inv.iter()
            .any(|c| c.kind == water && c.blessing == Blessing::Uncursed)
    );
    assert!(!inv.iter().any(|c| c.kind == potion));
    assert_eq!(charges(&r, "wand_of_fire"), Some(-1), "emptied");
    assert_eq!(charges(&r, "wand_of_cancellation"), Some(4), "itself kept");
    // An emptied wand does nothing, and a zap below empty turns it to dust.
    r.act(Command::Zap(fire));
    r.act(Command::Move(Dir::E));
    assert!(said(&r).iter().any(|m| m == "Nothing happens."));
}

#[test]
fn a_ray_zapped_down_is_a_ray_at_you() {
    let mut hit = 0;
    for seed in 0..30 {
        let mut r = samurai(seed, p(3, 3));
        r.wizard().set_hp(200, 200);
        let wand = give_wand(&mut r, "wand_of_fire", 5, Blessing::Uncursed);
        r.act(Command::Zap(wand));
        assert!(r.act(Command::Down));
        let told = said(&r);
        let hits = told.iter().any(|m| m == "The bolt of fire hits you!");
        let by = told.iter().any(|m| m == "The bolt of fire whizzes by you!");
        assert!(hits ^ by, "{told:?}");
        if hits {
            hit += 1;
            assert!((164..=194).contains(&r.player().hp), "6d6");
        }
    }
    // Her AC 4 against `3 − rn2(20) < 4` (and rnd(10) < 4 at 0): 0.8.
    assert!((16..=30).contains(&hit), "{hit}");
}

#[test]
fn a_wand_broken_explodes_round_you() {
    let mut r = samurai(6, p(4, 3));
    r.wizard().set_hp(500, 500);
    let lord = put_monster(&mut r, "gnome_lord", p(5, 3));
    r.wizard().level().monsters_mut().last_mut().unwrap().hp = 500;
    let wand = give_wand(&mut r, "wand_of_fire", 5, Blessing::Uncursed);
    // No: nothing happens, no turn.
    r.act(Command::Apply(wand));
    assert!(
        r.log()
            .line()
            .starts_with("Are you really sure you want to break your "),
        "{}",
        r.log().line()
    );
    assert!(!r.act(Command::Move(Dir::S)));
    assert_eq!(charges(&r, "wand_of_fire"), Some(5));
    // Yes: 5 charges × 4 × 2 for fire, all round.
    r.act(Command::Apply(wand));
    assert!(r.act(Command::Move(Dir::NW)));
    let told = said(&r);
    assert!(
        told.iter().any(|m| m.contains("high above your head, you")),
        "{told:?}"
    );
    assert!(told.iter().any(|m| m == "You are caught in the fireball!"));
    assert_eq!(r.player().hp, 460);
    let hp = monster(&r, lord).unwrap().hp;
    assert!(hp == 460 || hp == 480, "{hp}");
    assert_eq!(charges(&r, "wand_of_fire"), None);
    let fire = r.content().item_kind("wand_of_fire").unwrap();
    assert!(r.discoveries().knows(fire));
    // A wand of opening only breaks.
    let wand = give_wand(&mut r, "wand_of_opening", 5, Blessing::Uncursed);
    r.act(Command::Apply(wand));
    assert!(r.act(Command::Move(Dir::NW)));
    assert!(said(&r).iter().any(|m| m == "But nothing else happens..."));
    assert_eq!(charges(&r, "wand_of_opening"), None);
}
