//! The object verbs (wield, wear and take off, quaff, read, eat), hunger,
//! inventory letters and the looks of unidentified kinds, on the hand-drawn
//! room of the trap tests, where every answer can be worked out.

use gnomish_mines::dungeon::keys::{keys_text, parse_keys};
use gnomish_mines::dungeon::{Carried, Command, Dungeon, Item, Killer, RunSetup, RunStatus};
use gnomish_mines::generation::{Dir, Tile};

use crate::traps::{monster, p, put_monster, room, room_lit, said};

/// Put one item of row `id` in the pack; returns its inventory letter.
fn give(r: &mut Dungeon, id: &str) -> u8 {
    let kind = r.content().item_kind(id).expect("an item row");
    let n = r.player().inventory.len() as u32;
    r.wizard().give(Carried::new(90_000 + n, kind, 1));
    r.player()
        .inventory
        .iter()
        .filter(|c| c.kind == kind)
        .map(|c| c.letter)
        .max()
        .unwrap()
}

/// What you carry under inventory letter `letter`.
fn carried_at(r: &Dungeon, letter: u8) -> Option<Carried> {
    r.player()
        .inventory
        .iter()
        .find(|c| c.letter == letter)
        .copied()
}

/// The last message said.
fn last(r: &Dungeon) -> String {
    said(r).last().cloned().unwrap_or_default()
}

/// Blows at a dwarf of endless hit points east of you, with `weapon` wielded
/// (or none): the damage of each blow that landed.
fn blows(seed: u64, weapon: Option<&str>) -> Vec<i32> {
    let mut r = room(seed, p(4, 3));
    r.wizard().set_hp(100_000, 100_000);
    if let Some(w) = weapon {
        let letter = give(&mut r, w);
        assert!(r.act(Command::Wield(letter)));
    }
    let id = put_monster(&mut r, "dwarf", p(5, 3));
    let i = r
        .level()
        .monsters()
        .iter()
        .position(|m| m.id == id)
        .unwrap();
    r.wizard().level().monsters_mut()[i].hp = 1_000_000;
    let mut out = Vec::new();
    for _ in 0..150 {
        let before = monster(&r, id).unwrap().hp;
        assert!(r.act(Command::Move(Dir::E)));
        let after = monster(&r, id).unwrap().hp;
        if after < before {
            out.push(before - after);
        }
    }
    out
}

#[test]
fn a_wielded_weapon_rolls_its_own_die() {
    // Bare, the player row's d8; a dagger d4; a dwarvish mattock d12. Over
    // 4 seeds of 150 blows (70 % land on a dwarf's AC 4) every face shows.
    for (weapon, sides) in [
        (None, 8),
        (Some("dagger"), 4),
        (Some("dwarvish_mattock"), 12),
    ] {
        let mut seen = vec![0; sides + 1];
        for seed in 0..4 {
            for d in blows(seed, weapon) {
                assert!((1..=sides as i32).contains(&d), "{weapon:?}: {d}");
                seen[d as usize] += 1;
            }
        }
        assert!(seen[1..].iter().all(|&n| n > 0), "{weapon:?}: {seen:?}");
    }
}

#[test]
fn w_wields_names_the_weapon_and_w_again_puts_it_away() {
    let mut r = room(1, p(4, 3));
    let candle = give(&mut r, "wax_candle");
    let sword = give(&mut r, "long_sword");
    assert_eq!((candle, sword), (0, 1), "letters a and b");
    assert!(!r.act(Command::Wield(candle)), "a candle is no weapon");
    assert_eq!(r.log().line(), "You can't wield that.");
    assert!(r.act(Command::Wield(sword)));
    assert_eq!(r.log().line(), "b - a long sword (weapon in hand).");
    let c = r.player().inventory[1];
    assert!(c.wielded);
    assert!(r.act(Command::Wield(sword)));
    assert_eq!(r.log().line(), "You are empty handed.");
    assert!(!r.player().inventory[1].wielded);
    // Dropped, a wielded weapon leaves your hands.
    assert!(r.act(Command::Wield(sword)));
    assert!(r.act(Command::Drop(sword)));
    assert_eq!(r.log().line(), "You drop a long sword.");
}

#[test]
fn armour_takes_its_ac_off_yours_one_piece_a_slot_cloak_over_suit() {
    let mut r = room(1, p(4, 3));
    assert_eq!(r.armour_class(), 3, "the player row's");
    let mail = give(&mut r, "ring_mail"); // AC 3
    let hat = give(&mut r, "helmet"); // AC 1, looks like a plumed helmet
    let hard_hat = give(&mut r, "dwarvish_iron_helm");
    let cloak = give(&mut r, "leather_cloak"); // AC 1
    assert!(r.act(Command::Wear(mail)));
    assert_eq!(r.log().line(), "You are now wearing a ring mail.");
    assert_eq!(r.armour_class(), 0);
    assert!(r.act(Command::Wear(hat)));
    assert_eq!(r.log().line(), "You are now wearing a plumed helmet.");
    assert_eq!(r.armour_class(), -1);
    assert!(!r.act(Command::Wear(hard_hat)), "one helmet");
    assert_eq!(r.log().line(), "You are already wearing a helmet.");
    assert!(!r.act(Command::Wear(hat)));
    assert_eq!(r.log().line(), "You are already wearing that!");
    assert!(r.act(Command::Wear(cloak)));
    assert_eq!(r.armour_class(), -2);
    assert!(!r.act(Command::TakeOff(mail)), "the cloak is over it");
    assert_eq!(
        r.log().line(),
        "You can't take that off while wearing a cloak."
    );
    assert!(!r.act(Command::Drop(cloak)));
    assert_eq!(r.log().line(), "You cannot drop something you are wearing.");
    assert!(r.act(Command::TakeOff(cloak)));
    assert_eq!(r.log().line(), "You were wearing a leather cloak.");
    assert!(r.act(Command::TakeOff(mail)));
    assert_eq!(r.armour_class(), 2);
    assert!(!r.act(Command::TakeOff(mail)));
    assert_eq!(r.log().line(), "You are not wearing that.");
    // Under a cloak no suit goes on.
    assert!(r.act(Command::Wear(cloak)));
    assert!(!r.act(Command::Wear(mail)));
    assert!(
        r.log()
            .line()
            .starts_with("You are wearing a cloak over it")
    );
    let i = r
        .player()
        .inventory
        .iter()
        .position(|c| c.letter == hat)
        .unwrap();
    assert_eq!(
        r.describe_carried(&r.player().inventory[i]),
        "a plumed helmet (being worn)"
    );
}

/// The share of a gnome's blows that land on you, bare (AC 3) or in plate
/// mail (AC -4), over 600 turns next to it.
fn gnome_hit_share(wear_plate: bool) -> f64 {
    let (mut hits, mut blows) = (0, 0);
    for seed in 0..4 {
        let mut r = room(seed, p(4, 3));
        r.wizard().set_hp(100_000, 100_000);
        if wear_plate {
            let plate = give(&mut r, "plate_mail");
            assert!(r.act(Command::Wear(plate)));
        }
        put_monster(&mut r, "gnome", p(5, 3));
        for _ in 0..150 {
            assert!(r.act(Command::Wait));
            for m in r.log().current() {
                if m == "The gnome hits!" {
                    hits += 1;
                    blows += 1;
                } else if m == "The gnome misses." {
                    blows += 1;
                }
            }
        }
    }
    hits as f64 / blows as f64
}

#[test]
fn worn_armour_turns_blows_aside() {
    // A gnome (level 1) hits when 11 + AC > d20: AC 3, 13 in 20 (65 %);
    // in plate mail (AC -4), 6 in 20 (30 %). About 300 blows each.
    let bare = gnome_hit_share(false);
    let plated = gnome_hit_share(true);
    println!("gnome hits: {bare:.2} bare, {plated:.2} in plate mail");
    assert!((0.56..0.74).contains(&bare), "{bare}");
    assert!((0.21..0.39).contains(&plated), "{plated}");
}

#[test]
fn healing_potions_heal_as_nethack_s_do_and_name_themselves() {
    for seed in 0..40 {
        // Healing: 6d4 from 5 of 24, and 1 more at most when it overflows.
        let mut r = room(seed, p(4, 3));
        r.wizard().set_hp(5, 24);
        let q = give(&mut r, "potion_of_healing");
        let look = r.describe_carried(&r.player().inventory[0]);
        assert!(look.ends_with(" potion"), "{look}");
        assert!(r.act(Command::Quaff(q)));
        assert_eq!(r.log().line(), "You feel better.");
        let (hp, max) = (r.player().hp, r.player().max_hp);
        assert!(
            (11..=24).contains(&hp) && max == 24 || (hp, max) == (25, 25),
            "{hp}({max})"
        );
        let k = r.content().item_kind("potion_of_healing").unwrap();
        assert!(r.discoveries().knows(k));
        assert!(r.player().inventory.is_empty(), "used up");
        // Extra healing: 6d8 from 1 of 24, 2 more at most.
        let mut r = room(seed, p(4, 3));
        r.wizard().set_hp(1, 24);
        let q = give(&mut r, "potion_of_extra_healing");
        assert!(r.act(Command::Quaff(q)));
        let (hp, max) = (r.player().hp, r.player().max_hp);
        assert!(
            (7..=24).contains(&hp) && max == 24 || (hp, max) == (26, 26),
            "{hp}({max})"
        );
        // Full healing: all, and 4 more.
        let mut r = room(seed, p(4, 3));
        r.wizard().set_hp(3, 24);
        let q = give(&mut r, "potion_of_full_healing");
        assert!(r.act(Command::Quaff(q)));
        assert_eq!((r.player().hp, r.player().max_hp), (28, 28));
    }
}

#[test]
fn sleeping_costs_25_to_34_turns_while_the_monsters_act() {
    let mut lost = std::collections::BTreeSet::new();
    for seed in 0..60 {
        let mut r = room(seed, p(4, 3));
        let q = give(&mut r, "potion_of_sleeping");
        let turn = r.turn();
        assert!(r.act(Command::Quaff(q)));
        let s = said(&r);
        assert!(s.contains(&"You suddenly fall asleep!".to_string()));
        assert_eq!(last(&r), "You wake up.");
        lost.insert(r.turn() - turn - 1);
    }
    assert_eq!(lost.first(), Some(&25));
    assert_eq!(lost.last(), Some(&34));
}

#[test]
fn juice_and_see_invisible_taste_alike_and_stay_unknown_water_does_not() {
    let mut r = room(2, p(4, 3));
    let juice = give(&mut r, "potion_of_fruit_juice");
    let see = give(&mut r, "potion_of_see_invisible");
    let water = give(&mut r, "potion_of_water");
    let before = r.player().nutrition;
    assert!(r.act(Command::Quaff(juice)));
    assert_eq!(r.log().line(), "This tastes like fruit juice.");
    // 20 nutrition, less the turn's one.
    assert_eq!(r.player().nutrition, before + 20 - 1);
    assert!(r.act(Command::Quaff(see)));
    assert_eq!(r.log().line(), "This tastes like fruit juice.");
    let c = r.content();
    for id in ["potion_of_fruit_juice", "potion_of_see_invisible"] {
        assert!(!r.discoveries().knows(c.item_kind(id).unwrap()), "{id}");
    }
    let c = r.player().inventory[0];
    assert_eq!(
        r.describe_carried(&c),
        "a clear potion",
        "water looks clear"
    );
    let before = r.player().nutrition;
    assert!(r.act(Command::Quaff(water)));
    assert_eq!(r.log().line(), "This tastes like water.");
    let gained = r.player().nutrition - before + 1;
    assert!((1..=10).contains(&gained), "{gained}");
    let water = r.content().item_kind("potion_of_water").unwrap();
    assert!(r.discoveries().knows(water));
    // Not a potion.
    let rock = give(&mut r, "rock");
    assert!(!r.act(Command::Quaff(rock)));
    assert_eq!(r.log().line(), "That is a silly thing to drink.");
    assert!(!r.act(Command::Quaff(25)));
    assert_eq!(r.log().line(), "You don't have that object.");
}

#[test]
fn magic_mapping_shows_every_wall_and_floor_of_a_cave() {
    let mut r = Dungeon::new(3, RunSetup::default()).unwrap();
    r.wizard().level().monsters_mut().clear();
    let q = give(&mut r, "scroll_of_magic_mapping");
    let map = r.map().clone();
    let unseen = map
        .cells()
        .filter(|&c| map.tile(c) != Tile::Rock && !r.level().is_seen(c));
    assert!(unseen.count() > 100, "most of the cave is unseen at first");
    assert!(r.act(Command::Read(q)));
    assert_eq!(
        &said(&r)[said(&r).len() - 2..],
        [
            "As you read the scroll, it disappears.",
            "A map coalesces in your mind!"
        ]
    );
    for c in map.cells() {
        if map.tile(c) != Tile::Rock {
            assert!(r.level().is_seen(c), "{c:?}");
        }
    }
    let k = r.content().item_kind("scroll_of_magic_mapping").unwrap();
    assert!(r.discoveries().knows(k));
}

#[test]
fn teleportation_puts_you_on_a_random_free_cell() {
    let mut places = std::collections::BTreeSet::new();
    for seed in 0..20 {
        let mut r = room(seed, p(4, 3));
        let q = give(&mut r, "scroll_of_teleportation");
        assert!(r.act(Command::Read(q)));
        let at = r.player().pos;
        assert!(r.map().is_walkable(at), "{at:?}");
        places.insert((at.x, at.y));
    }
    assert!(places.len() >= 12, "{places:?}");
}

#[test]
fn a_scroll_of_light_lights_radius_5_of_a_dark_cave_for_good() {
    let mut r = room_lit(1, p(4, 3), false);
    assert!(!r.level().lit());
    assert!(
        r.visible_cells().len() <= 9,
        "the dark: the cells around you"
    );
    let q = give(&mut r, "scroll_of_light");
    assert!(r.act(Command::Read(q)));
    assert_eq!(last(&r), "A lit field surrounds you!");
    // Lit: the cells within 5 (dx² + dy² <= 30) that you could see, and
    // seen from anywhere in sight afterwards.
    for _ in 0..8 {
        assert!(r.act(Command::Move(Dir::E)));
    }
    assert_eq!(r.player().pos, p(12, 3));
    for (x, y, lit) in [
        (1, 3, true),
        (1, 4, true),
        (9, 3, true),
        (9, 4, true),
        (10, 3, false),
        (10, 4, false),
    ] {
        let seen = r.is_visible(p(x, y));
        let near = (x - 12_i32).abs() <= 1 && (y - 3_i32).abs() <= 1;
        assert_eq!(seen, lit || near, "({x}, {y})");
    }
}

#[test]
fn identify_names_what_you_carry_and_blank_paper_is_blank() {
    let mut named = 0;
    for seed in 0..20 {
        let mut r = room(seed, p(4, 3));
        give(&mut r, "potion_of_sleeping");
        give(&mut r, "ruby");
        let scroll = give(&mut r, "scroll_of_identify");
        let c = r.player().inventory[1];
        assert_eq!(r.describe_carried(&c), "a red gem");
        assert!(r.act(Command::Read(scroll)));
        let s = said(&r);
        assert!(s.contains(&"This is an identify scroll.".to_string()));
        let k = |id: &str| r.content().item_kind(id).unwrap();
        assert!(r.discoveries().knows(k("scroll_of_identify")));
        // One kind, or one time in five 0-4 of them (0: all), in letter
        // order: the potion always, unless none.
        let told: Vec<&String> = s
            .iter()
            .filter(|m| m.starts_with("a - ") || m.starts_with("b - "))
            .collect();
        if r.discoveries().knows(k("potion_of_sleeping")) {
            assert!(
                told.iter()
                    .any(|m| m.as_str() == "a - a potion of sleeping."),
                "{s:?}"
            );
            named += 1;
        }
        if r.discoveries().knows(k("ruby")) {
            assert!(told.iter().any(|m| m.as_str() == "b - a ruby."));
        }
    }
    assert_eq!(named, 20, "the potion, first in the pack, is always named");
    let mut r = room(1, p(4, 3));
    let blank = give(&mut r, "scroll_of_blank_paper");
    let c = r.player().inventory[0];
    assert_eq!(r.describe_carried(&c), "an unlabeled scroll");
    assert!(r.act(Command::Read(blank)));
    assert_eq!(r.log().line(), "This scroll seems to be blank.");
    let candle = give(&mut r, "wax_candle");
    assert!(!r.act(Command::Read(candle)));
    assert_eq!(r.log().line(), "That is a silly thing to read.");
}

#[test]
fn a_food_ration_takes_5_turns_and_gives_800() {
    let mut r = room(1, p(4, 3));
    let food = give(&mut r, "food_ration");
    let (turn, before) = (r.turn(), r.player().nutrition);
    assert_eq!(before, 900);
    assert!(r.act(Command::Eat(food)));
    assert_eq!(r.turn(), turn + 5);
    // 800 at once, and the five turns' one each.
    assert_eq!(r.player().nutrition, 900 + 800 - 5);
    let s = said(&r);
    assert!(s.contains(&"You begin eating the food ration.".to_string()));
    assert!(s.contains(&"You're having a hard time getting all of it down.".to_string()));
    assert_eq!(last(&r), "You finish eating the food ration.");
    assert_eq!(r.hunger(), "Satiated");
    // An apple: one turn, 50.
    let apple = give(&mut r, "apple");
    let before = r.player().nutrition;
    assert!(r.act(Command::Eat(apple)));
    // Satiated, NetHack warns as you eat.
    assert_eq!(
        r.log().line(),
        "You eat the apple.  You're having a hard time getting all of it down."
    );
    assert_eq!(r.player().nutrition, before + 50 - 1);
    let rock = give(&mut r, "rock");
    assert!(!r.act(Command::Eat(rock)));
    assert_eq!(r.log().line(), "That is a silly thing to eat.");
}

#[test]
fn eating_past_2000_chokes_you() {
    let mut r = room(1, p(4, 3));
    r.wizard().set_nutrition(1300);
    let food = give(&mut r, "food_ration");
    assert!(r.act(Command::Eat(food)));
    let kind = r.content().item_kind("food_ration").unwrap();
    assert_eq!(
        r.status(),
        RunStatus::Died {
            killer: Killer::Choking(kind),
            depth: 1
        }
    );
    assert!(said(&r).contains(&"You choke over your food.".to_string()));
}

#[test]
fn hunger_goes_hungry_weak_fainting_and_starved_at_nethack_s_lines() {
    let mut r = room(1, p(4, 3));
    r.wizard().set_nutrition(151);
    assert_eq!(r.hunger(), "");
    assert!(r.act(Command::Wait));
    assert_eq!(r.player().nutrition, 150);
    assert_eq!(r.hunger(), "Hungry");
    assert!(said(&r).contains(&"You are beginning to feel hungry.".to_string()));
    r.wizard().set_nutrition(51);
    assert!(r.act(Command::Wait));
    assert_eq!(r.hunger(), "Weak");
    assert_eq!(r.log().line(), "You are beginning to feel weak.");
    // At 0 you faint at once, for 10 - 0/10 = 10 turns.
    r.wizard().set_nutrition(1);
    let turn = r.turn();
    assert!(r.act(Command::Wait));
    assert!(said(&r).contains(&"You faint from lack of food.".to_string()));
    // (Waking, you may faint again at once, as in NetHack.)
    assert!(
        r.turn() >= turn + 1 + 10 && r.turn() <= turn + 60,
        "{}",
        r.turn() - turn
    );
    assert_eq!(r.hunger(), "Fainting");
    // Past -(100 + 10 * 12) you starve, unless fainting first.
    r.wizard().set_nutrition(-230);
    for _ in 0..200 {
        if r.is_over() {
            break;
        }
        r.act(Command::Wait);
    }
    assert_eq!(
        r.status(),
        RunStatus::Died {
            killer: Killer::Starvation,
            depth: 1
        }
    );
    assert!(said(&r).contains(&"You die from starvation.".to_string()));
    assert!(gnomish_mines::dungeon::render_run(&r, false).contains("died: starved to death"));
}

#[test]
fn inventory_letters_stay_with_their_items() {
    let mut r = room(1, p(4, 3));
    let a = give(&mut r, "dagger");
    let b = give(&mut r, "apple");
    let c = give(&mut r, "ring_mail");
    assert_eq!((a, b, c), (0, 1, 2));
    assert!(r.act(Command::Drop(b)));
    // c keeps its letter; the next item gets the one after the last given.
    assert_eq!(r.player().inventory[1].letter, 2);
    let d = give(&mut r, "mace");
    assert_eq!(d, 3);
    assert!(r.act(Command::PickUp));
    let apple = r.content().item_kind("apple").unwrap();
    let again = r
        .player()
        .inventory
        .iter()
        .find(|x| x.kind == apple)
        .unwrap();
    assert_eq!(again.letter, 4, "e: after d, as NetHack's lastinvnr");
    // The pack lists by letter.
    let letters: Vec<u8> = r.player().inventory.iter().map(|x| x.letter).collect();
    assert_eq!(letters, [0, 2, 3, 4]);
    // Each verb is a key and a letter in a key file.
    let all = [
        Command::Wield(0),
        Command::Wear(1),
        Command::TakeOff(2),
        Command::Quaff(3),
        Command::Read(4),
        Command::Eat(27),
    ];
    assert_eq!(keys_text(&all).trim(), "waWbTcqdreeB");
    assert_eq!(parse_keys("waWbTcqdreeB").unwrap(), all);
    assert!(parse_keys("q").is_err() && parse_keys("e1").is_err());
}

#[test]
fn a_potion_reads_by_its_look_until_known_and_looks_change_with_the_seed() {
    let mut looks = std::collections::BTreeSet::new();
    for seed in 0..10 {
        let mut r = room(seed, p(4, 3));
        let kind = r.content().item_kind("potion_of_healing").unwrap();
        let item = Item::new(5, kind, p(5, 3), 2);
        let name = r.describe_item(&item);
        assert!(
            name.starts_with("2 ") && name.ends_with(" potions"),
            "{name}"
        );
        looks.insert(name);
        r.wizard().discover(kind);
        assert_eq!(r.describe_item(&item), "2 potions of healing");
    }
    assert!(looks.len() >= 6, "{looks:?}");
}

#[test]
fn a_dwarf_drops_its_gear_where_it_dies() {
    let mut r = room(1, p(4, 3));
    r.wizard().set_hp(1000, 1000);
    let id = put_monster(&mut r, "dwarf", p(5, 3));
    let k = |r: &Dungeon, id: &str| r.content().item_kind(id).unwrap();
    let (cloak, shoes) = (k(&r, "dwarvish_cloak"), k(&r, "iron_shoes"));
    let i = r
        .level()
        .monsters()
        .iter()
        .position(|m| m.id == id)
        .unwrap();
    r.wizard().level().monsters_mut()[i].gear[0] = Some(cloak);
    r.wizard().level().monsters_mut()[i].gear[1] = Some(shoes);
    for _ in 0..200 {
        if monster(&r, id).is_none() {
            break;
        }
        r.act(Command::Move(Dir::E));
    }
    assert!(monster(&r, id).is_none(), "killed");
    let here: Vec<_> = r
        .level()
        .items()
        .iter()
        .filter(|i| i.pos == p(5, 3))
        .map(|i| i.kind)
        .collect();
    assert_eq!(here, [cloak, shoes]);
}

#[test]
fn dwarves_are_made_with_nethack_s_gear_odds() {
    // Over the dwarves of 150 runs' first fillers: a cloak and iron shoes 6
    // times in 7 each, a dagger one time in 2.
    let setup = RunSetup::default();
    let content = setup.content.clone();
    let dwarf = content.monster_kind("dwarf").unwrap();
    let count = |id: &str, ms: &[gnomish_mines::dungeon::Monster]| {
        let k = content.item_kind(id).unwrap();
        ms.iter().filter(|m| m.gear.contains(&Some(k))).count()
    };
    let mut dwarves = Vec::new();
    for seed in 0..150 {
        let level = &Dungeon::levels_as_made(seed, &setup).unwrap()[0];
        dwarves.extend(level.monsters().iter().filter(|m| m.kind == dwarf).copied());
    }
    let n = dwarves.len() as f64;
    let share = |id: &str| count(id, &dwarves) as f64 / n;
    println!(
        "{n} dwarves: cloak {:.2}, shoes {:.2}, dagger {:.2}",
        share("dwarvish_cloak"),
        share("iron_shoes"),
        share("dagger")
    );
    assert!(n >= 300.0);
    assert!((0.80..0.91).contains(&share("dwarvish_cloak")));
    assert!((0.80..0.91).contains(&share("iron_shoes")));
    assert!((0.42..0.58).contains(&share("dagger")));
}

#[test]
fn a_potion_or_scroll_row_must_name_a_rule_and_its_class_have_looks_enough() {
    use gnomish_mines::dungeon::Content;
    use gnomish_mines::dungeon::content::BUILT_IN;
    // (from, to, what the one-line error says, and whether it begins so): a
    // potion and a scroll naming no rule, eight shuffled potions and no potion
    // looks, numbers past their bounds.
    let cases = [
        (
            "Potion(does: \"sleeping\")",
            "Potion(does: \"sleepy\")",
            "item 'potion_of_sleeping': no potion rule 'sleepy' (there are: healing,",
            true,
        ),
        (
            "Scroll(does: \"light\")",
            "Scroll(does: \"lite\")",
            "item 'scroll_of_light': no scroll rule 'lite' (there are: identify,",
            true,
        ),
        (
            "'!': [",
            "'x': [",
            "class '!' has 9 shuffled rows but 0 appearances",
            false,
        ),
        (
            "Weapon(damage: 8,",
            "Weapon(damage: 8000,",
            "Weapon damage 8000 is not in 1 to 1000",
            false,
        ),
        (
            "Food(nutrition: 800, turns: 5)",
            "Food(nutrition: 80000, turns: 5)",
            "Food nutrition 80000 is over 2000",
            false,
        ),
    ];
    for (from, to, says, begins) in cases {
        let e = Content::parse(&BUILT_IN.replacen(from, to, 1)).unwrap_err();
        let found = if begins {
            e.message.starts_with(says)
        } else {
            e.message.contains(says)
        };
        assert!(found, "{e}");
    }
}

#[test]
fn a_rust_trap_rusts_the_iron_it_hits_and_rust_takes_ac_and_damage() {
    use crate::traps::put_trap;
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..60 {
        let mut r = room(seed, p(4, 3));
        // An iron helmet, a leather cloak over an iron ring mail, an iron
        // shield; an iron dagger in hand.
        for id in ["helmet", "ring_mail", "leather_cloak", "large_shield"] {
            let l = give(&mut r, id);
            assert!(r.act(Command::Wear(l)), "{id}");
        }
        let dagger = give(&mut r, "dagger");
        assert!(r.act(Command::Wield(dagger)));
        let ac = r.armour_class();
        assert_eq!(ac, 3 - 1 - 3 - 1 - 2);
        put_trap(&mut r, "rust_trap", p(5, 3));
        assert!(r.act(Command::Move(Dir::E)));
        let s = said(&r);
        let gush = s.iter().position(|m| m.starts_with("A gush")).unwrap();
        let (what, after) = (s[gush].as_str(), s.get(gush + 1).map(String::as_str));
        match what {
            "A gush of water hits you on the head!" => {
                assert_eq!(after, Some("Your plumed helmet rusts!"));
                assert_eq!(r.armour_class(), ac + 1);
            }
            "A gush of water hits your left arm!" => {
                assert_eq!(after, Some("Your large shield rusts!"));
                assert_eq!(r.armour_class(), ac + 1);
            }
            "A gush of water hits your right arm!" => {
                assert_eq!(after, Some("Your dagger rusts!"));
                let c = r.player().inventory.iter().find(|c| c.wielded).unwrap();
                assert_eq!(r.describe_carried(c), "a rusty dagger (weapon in hand)");
            }
            "A gush of water hits you!" => {
                // The cloak takes it, and leather doesn't rust.
                assert_eq!(after, Some("Your leather cloak is not affected."));
                assert_eq!(r.armour_class(), ac);
            }
            other => panic!("{other}"),
        }
        seen.insert(what.to_string());
    }
    assert_eq!(seen.len(), 4, "{seen:?}");
    // Thoroughly rusty: a helmet gives no AC, a dagger's blow is 1 (d4 - 3,
    // at least 1).
    let mut r = room(3, p(4, 3));
    let kind = r.content().item_kind("helmet").unwrap();
    r.wizard().give(Carried {
        eroded: 3,
        ..Carried::new(70_000, kind, 1)
    });
    assert!(r.act(Command::Wear(0)));
    assert_eq!(r.armour_class(), 3);
    assert_eq!(
        r.describe_carried(&r.player().inventory[0]),
        "a thoroughly rusty plumed helmet (being worn)"
    );
    let kind = r.content().item_kind("dagger").unwrap();
    r.wizard().give(Carried {
        eroded: 3,
        ..Carried::new(70_001, kind, 1)
    });
    let blows_landed: Vec<i32> = {
        r.wizard().set_hp(100_000, 100_000);
        assert!(r.act(Command::Wield(1)));
        let id = put_monster(&mut r, "dwarf", p(5, 3));
        let i = r
            .level()
            .monsters()
            .iter()
            .position(|m| m.id == id)
            .unwrap();
        r.wizard().level().monsters_mut()[i].hp = 1_000_000;
        let mut out = Vec::new();
        for _ in 0..60 {
            let before = monster(&r, id).unwrap().hp;
            r.act(Command::Move(Dir::E));
            let after = monster(&r, id).unwrap().hp;
            if after < before {
                out.push(before - after);
            }
        }
        out
    };
    assert!(!blows_landed.is_empty());
    assert!(blows_landed.iter().all(|&d| d == 1), "{blows_landed:?}");
}

#[test]
fn a_full_pack_of_52_letters_takes_no_more_but_gold() {
    let mut r = room(1, p(4, 3));
    let dagger = r.content().item_kind("dagger").unwrap();
    for n in 0..60 {
        // Daggers don't stack here: each takes a letter, and the last eight
        // find none.
        r.wizard().give(Carried::new(60_000 + n, dagger, 1));
    }
    assert_eq!(r.player().inventory.len(), 52);
    let apple = r.content().item_kind("apple").unwrap();
    let gold = r.content().item_kind("gold").unwrap();
    let at = r.player().pos;
    for (id, kind, quantity) in [(1, apple, 1), (2, gold, 30)] {
        r.wizard()
            .level()
            .items_mut()
            .push(Item::new(id, kind, at, quantity));
    }
    // The apple lies on top, and there is no room for it; the gold goes into
    // the purse whatever the pack holds.
    let top = r.level().item_at(at).unwrap();
    assert_eq!(r.level().items()[top].kind, apple);
    assert!(!r.act(Command::PickUp), "no room, no turn");
    assert_eq!(
        r.log().line(),
        "Your knapsack cannot accommodate any more items."
    );
    r.wizard().level().items_mut().retain(|i| i.kind != apple);
    assert!(r.act(Command::PickUp));
    assert_eq!(r.gold(), 30);
}

#[test]
fn a_monster_next_to_you_stops_a_meal_and_the_rest_waits_partly_eaten() {
    let mut r = room(1, p(4, 3));
    r.wizard().set_hp(1000, 1000);
    let food = give(&mut r, "food_ration");
    // A gnome (speed 6: a step every other turn) three cells off comes for
    // you while you eat a five-turn ration.
    put_monster(&mut r, "gnome", p(7, 3));
    let (turn, before) = (r.turn(), r.player().nutrition);
    assert!(r.act(Command::Eat(food)));
    let s = said(&r);
    assert!(s.contains(&"You begin eating the food ration.".to_string()));
    assert!(
        s.contains(&"You stop eating the food ration.".to_string()),
        "{s:?}"
    );
    assert!(!r.is_eating());
    let c = r.player().inventory[0];
    assert_eq!(c.letter, food, "back under its letter");
    assert_eq!(r.describe_carried(&c), "a partly eaten food ration");
    let left = c.nutrition_left.unwrap();
    // What was eaten and what is left make the ration's 800, the turns'
    // digestion aside.
    let eaten = r.player().nutrition - before + (r.turn() - turn) as i32;
    assert_eq!(eaten + left as i32, 800);
    assert!(left > 0 && left < 800, "{left}");
    // With the gnome gone, the meal resumes where it stopped: its share of
    // the five turns, rounded.
    r.wizard().level().monsters_mut().clear();
    let (turn, before) = (r.turn(), r.player().nutrition);
    assert!(r.act(Command::Eat(food)));
    assert!(said(&r).contains(&"You resume your meal.".to_string()));
    assert_eq!(
        said(&r).last().unwrap(),
        "You finish eating the food ration."
    );
    let turns = r.turn() - turn;
    assert_eq!(turns as u32, ((5 * left + 400) / 800).max(1));
    assert_eq!(r.player().nutrition - before + turns as i32, left as i32);
    assert!(r.player().inventory.is_empty());
}

#[test]
fn booze_burns_heals_a_point_and_feeds_twenty() {
    let mut r = room(3, p(4, 3));
    r.wizard().set_hp(10, 24).set_nutrition(500);
    let q = give(&mut r, "potion_of_booze");
    assert!(r.act(Command::Quaff(q)));
    assert_eq!(r.log().line(), "Ooph! This tastes like liquid fire!");
    assert_eq!(r.player().hp, 11);
    // 20 for the drink, less the turn's one.
    assert_eq!(r.player().nutrition, 519);
    let booze = r.content().item_kind("potion_of_booze").unwrap();
    assert!(r.discoveries().knows(booze), "it names itself");
}

#[test]
fn a_gnome_s_lit_candle_lights_the_dark_round_it_and_burns_down() {
    // The dark room: a gnome with a lit tallow candle six cells east, in
    // line of sight. Its light (radius 2: dx² + dy² <= 6) shows it and the
    // cells round it; the cells between stay dark.
    let mut r = room_lit(1, p(2, 3), false);
    let g = put_monster(&mut r, "gnome", p(8, 3));
    let candle = r.content().item_kind("tallow_candle").unwrap();
    let shown = |r: &mut Dungeon, burning: Option<u32>| {
        {
            let mut w = r.wizard();
            let m = w
                .level()
                .monsters_mut()
                .iter_mut()
                .find(|m| m.id == g)
                .unwrap();
            m.tool = Some(candle);
            m.tool_burning = burning;
            m.asleep = 1000;
        }
        r.act(Command::Search);
        (
            r.is_visible(p(8, 3)),
            r.is_visible(p(10, 4)),
            r.is_visible(p(5, 3)),
        )
    };
    assert_eq!(shown(&mut r, None), (false, false, false), "unlit: dark");
    assert_eq!(
        shown(&mut r, Some(200)),
        (true, true, false),
        "lit: the gnome and its light, not the cells between"
    );
    let gnome = |r: &Dungeon| *r.level().monsters().iter().find(|m| m.id == g).unwrap();
    assert!(r.sees_monster(&gnome(&r)));
    // It burns a turn a turn, and is used up when it burns out.
    let left = gnome(&r).tool_burning.unwrap();
    r.act(Command::Search);
    assert_eq!(gnome(&r).tool_burning, Some(left - 1));
    shown(&mut r, Some(1));
    assert_eq!(gnome(&r).tool, None, "burnt out: gone");
    assert_eq!(gnome(&r).tool_burning, None);
}

#[test]
fn one_g_in_20_of_every_kind_carries_a_candle_lit_in_the_dark() {
    // Over 300 seeds' first five levels: each kind of G carries a candle
    // one time in twenty (NetHack 3.7's m_initinv in the Mines), and it is
    // lit exactly when the G stands in the dark.
    use std::collections::BTreeMap;
    let mut carried: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for seed in 0..300 {
        let mut r = Dungeon::new(seed, RunSetup::default()).unwrap();
        for depth in 1..=5 {
            let level = r.wizard().make_level(depth).unwrap().clone();
            for m in level.monsters() {
                let row = r.content().monster(m.kind);
                if row.glyph != 'G' {
                    continue;
                }
                let e = carried.entry(row.id.clone()).or_default();
                e.0 += 1;
                let candle = m
                    .tool
                    .is_some_and(|t| r.content().item(t).name.contains("candle"));
                e.1 += usize::from(candle);
                let dark = !level.lit() && !level.is_lit_cell(m.pos);
                assert_eq!(
                    m.tool_burning.is_some(),
                    candle && dark,
                    "seed {seed} depth {depth}: {} at {}",
                    row.id,
                    m.pos
                );
            }
        }
    }
    for (id, (n, with)) in &carried {
        if *n < 400 {
            continue; // too few to measure (the kings)
        }
        let share = *with as f64 / *n as f64;
        assert!(
            (share - 0.05).abs() < 0.02,
            "{id}: {with} of {n} carry a candle"
        );
    }
    assert!(carried.get("gnome_lord").is_some_and(|c| c.1 > 0));
}

#[test]
fn a_magic_lamp_never_burns_out_and_a_brass_lantern_does() {
    let mut r = room_lit(1, p(4, 3), false);
    let light = |r: &mut Dungeon, id: &str| {
        let kind = r.content().item_kind(id).unwrap();
        let turns = r.content().item(kind).on_pick_up.light().unwrap().turns;
        r.wizard().give(Carried {
            burn_left: Some(turns),
            ..Carried::new(91_000 + kind.0 as u32, kind, 1)
        });
        r.player().inventory.last().unwrap().letter
    };
    let lamp = light(&mut r, "magic_lamp");
    let lantern = light(&mut r, "brass_lantern");
    assert!(r.act(Command::Apply(lamp)));
    assert!(r.act(Command::Apply(lantern)));
    for _ in 0..1600 {
        r.wizard().set_nutrition(900);
        assert!(r.act(Command::Search));
    }
    let carried = |r: &Dungeon, letter: u8| carried_at(r, letter).unwrap();
    assert!(carried(&r, lamp).lit, "the magic lamp burns on");
    assert!(!carried(&r, lantern).lit, "the lantern burnt out");
    assert_eq!(carried(&r, lantern).burn_left, Some(0));
    // Its light still lights the dark round you.
    assert!(r.is_visible(p(6, 3)));
}

#[test]
fn a_shop_line_s_weights_must_match_its_list() {
    let bad = gnomish_mines::dungeon::content::BUILT_IN.replacen(
        "weights: [30, 44, 5, 9, 3, 5, 1]",
        "weights: [30, 44]",
        1,
    );
    let e = gnomish_mines::dungeon::Content::parse(&bad).unwrap_err();
    assert!(e.message.contains("weights [30, 44]"), "{}", e.message);
}

#[test]
fn a_potion_of_oil_lit_names_itself_lights_you_and_burns_away() {
    let mut r = room_lit(1, p(4, 3), false);
    let oil = r.content().item_kind("potion_of_oil").unwrap();
    let flask = |r: &mut Dungeon, quantity: u32| {
        r.wizard().give(Carried {
            burn_left: Some(400),
            ..Carried::new(91_000 + quantity, oil, quantity)
        });
        r.player().inventory.last().unwrap().letter
    };
    let carried = carried_at;
    let a = flask(&mut r, 2);
    // A potion like any other until it is lit: no turns of burning shown.
    let before = r.describe_carried(&carried(&r, a).unwrap());
    assert!(
        before.starts_with("2 ") && before.ends_with(" potions") && !before.contains("oil"),
        "{before}"
    );
    assert!(r.act(Command::Apply(a)));
    assert_eq!(
        r.log().line(),
        "You light your potion. It gives off a dim light."
    );
    assert!(r.discoveries().knows(oil), "lighting it names it");
    assert_eq!(
        r.describe_carried(&carried(&r, a).unwrap()),
        "2 potions of oil (lit)"
    );
    // 400 turns, and one flask has burnt away; the other is full and unlit.
    for _ in 0..400 {
        r.wizard().set_nutrition(900);
        assert!(r.act(Command::Search));
    }
    assert!(
        said(&r)
            .iter()
            .any(|l| l == "Your potion of oil has burnt away."),
        "{:?}",
        said(&r)
    );
    let rest = carried(&r, a).unwrap();
    assert_eq!(
        (rest.quantity, rest.lit, rest.burn_left),
        (1, false, Some(400))
    );
    // Snuffed, it says so.
    assert!(r.act(Command::Apply(a)));
    assert!(r.act(Command::Apply(a)));
    assert_eq!(r.log().line(), "You snuff the lit potion.");
    // Drunk unlit: smooth, and nothing else.
    r.wizard().set_hp(10, 24);
    assert!(r.act(Command::Quaff(a)));
    assert_eq!(r.log().line(), "That was smooth!");
    assert!(r.player().hp >= 10, "no harm (a point may grow back)");
    assert!(carried(&r, a).is_none(), "drunk");
}

#[test]
fn a_lit_potion_of_oil_drunk_burns_your_face_for_4d4() {
    let mut burns = Vec::new();
    for n in 0..200u32 {
        let mut r = room_lit(n as u64, p(4, 3), false);
        let oil = r.content().item_kind("potion_of_oil").unwrap();
        r.wizard().give(Carried {
            burn_left: Some(400),
            ..Carried::new(92_000 + n, oil, 1)
        });
        let q = r.player().inventory.last().unwrap().letter;
        assert!(r.act(Command::Apply(q)));
        r.wizard().set_hp(20, 24);
        assert!(r.act(Command::Quaff(q)));
        assert!(said(&r).iter().any(|l| l == "You burn your face."));
        burns.push(20 - r.player().hp);
    }
    assert!(burns.iter().all(|b| (4..=16).contains(b)), "{burns:?}");
    let mean = burns.iter().sum::<i32>() as f64 / burns.len() as f64;
    // 4d4 averages 10 (standard deviation 2.24, so 0.16 over 200).
    assert!((mean - 10.0).abs() < 0.6, "{mean}");
    // At 1 hit point it kills, and the end says how.
    let mut r = room_lit(1, p(4, 3), false);
    let oil = r.content().item_kind("potion_of_oil").unwrap();
    r.wizard().give(Carried {
        burn_left: Some(400),
        ..Carried::new(93_000, oil, 1)
    });
    let q = r.player().inventory.last().unwrap().letter;
    assert!(r.act(Command::Apply(q)));
    r.wizard().set_hp(1, 24);
    r.act(Command::Quaff(q));
    assert_eq!(
        r.status(),
        RunStatus::Died {
            killer: Killer::Quaffing(oil),
            depth: 1
        }
    );
    assert_eq!(
        Killer::Quaffing(oil).death(r.content()),
        "killed by quaffing a burning potion of oil"
    );
}
