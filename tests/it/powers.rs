//! Teleports steered and not (NetHack 3.7's `scrolltele` and `level_tele`),
//! free action and invisibility (`set_apparxy`, `wildmiss`), on the
//! hand-drawn room of the trap tests.

use gnomish_mines::dungeon::{Blessing, Command, Dungeon, Words, parse_keys};
use gnomish_mines::generation::Dir;

use crate::rings::{give, samurai};
use crate::traps::{p, put_monster, put_trap, said};

/// The Samurai at (4, 3) wearing a ring of teleport control on the left
/// hand.
fn steering(seed: u64) -> Dungeon {
    let mut r = samurai(seed);
    let ring = give(&mut r, "ring_of_teleport_control", 0, Blessing::Uncursed);
    r.act(Command::PutOn(ring));
    r.act(Command::Move(Dir::W));
    r
}

fn keys(r: &mut Dungeon, keys: &str) {
    r.play(&parse_keys(keys).unwrap());
}

fn words(r: &mut Dungeon, text: &str) -> bool {
    r.act(Command::Offer(Words::new(text).unwrap()))
}

#[test]
fn a_teleport_trap_under_control_asks_where_and_lands_you_there() {
    let mut r = steering(1);
    put_trap(&mut r, "teleportation_trap", p(5, 3));
    r.act(Command::Move(Dir::E));
    assert!(
        said(&r).contains(&"Where do you want to be teleported?".to_string()),
        "{:?}",
        said(&r)
    );
    assert_eq!(r.cursor(), Some(p(5, 3)));
    let turn = r.turn();
    keys(&mut r, "lllllj.");
    assert_eq!(r.player().pos, p(10, 4));
    assert_eq!(r.cursor(), None);
    // The answer takes no turn of its own.
    assert_eq!(r.turn(), turn);
}

#[test]
fn a_wall_picked_is_sorry_and_a_random_cell_and_never_mind_stays() {
    let mut r = steering(2);
    put_trap(&mut r, "teleportation_trap", p(5, 3));
    r.act(Command::Move(Dir::E));
    // Onto the room's west wall.
    keys(&mut r, "hhhhh.");
    assert!(said(&r).contains(&"Sorry...".to_string()), "{:?}", said(&r));
    let at = r.player().pos;
    assert_ne!(at, p(0, 3));
    assert!(r.level().map().is_walkable(at));
    // Never minded, you stay where the trap is.
    let mut r = steering(2);
    put_trap(&mut r, "teleportation_trap", p(5, 3));
    r.act(Command::Move(Dir::E));
    keys(&mut r, "lls");
    assert_eq!(r.player().pos, p(5, 3));
    assert_eq!(r.log().line(), "Never mind.");
}

#[test]
fn without_control_a_teleport_trap_asks_nothing() {
    for seed in 0..20 {
        let mut r = samurai(seed);
        put_trap(&mut r, "teleportation_trap", p(5, 3));
        r.act(Command::Move(Dir::E));
        assert!(!r.is_asking(), "seed {seed}");
        assert_ne!(r.player().pos, p(5, 3), "seed {seed}");
    }
}

#[test]
fn a_blessed_scroll_steers_its_own_teleport_and_an_uncursed_one_does_not() {
    let mut r = samurai(3);
    let scroll = give(&mut r, "scroll_of_teleportation", 0, Blessing::Blessed);
    r.act(Command::Read(scroll));
    assert_eq!(r.cursor(), Some(p(4, 3)));
    keys(&mut r, "jjj.");
    assert_eq!(r.player().pos, p(4, 6));
    let mut r = samurai(3);
    let scroll = give(&mut r, "scroll_of_teleportation", 0, Blessing::Uncursed);
    r.act(Command::Read(scroll));
    assert!(!r.is_asking());
    assert_ne!(r.player().pos, p(4, 3));
}

#[test]
fn a_level_teleporter_under_control_asks_the_level_in_words() {
    let mut r = steering(4);
    put_trap(&mut r, "level_teleporter", p(5, 3));
    r.act(Command::Move(Dir::E));
    assert_eq!(r.words_asked(), Some('$'));
    assert_eq!(
        r.words_question(),
        Some("To what level do you want to teleport?")
    );
    // No number: asked again.
    words(&mut r, "down");
    assert_eq!(r.words_asked(), Some('$'));
    // The level as the status line counts it.
    let dlvl = r.dlvl(3);
    words(&mut r, &dlvl.to_string());
    assert_eq!(r.depth(), 3);
    assert!(!r.is_asking());
    // The trap was used up.
    assert!(r.level_at(1).is_some_and(|l| l.traps().is_empty()));
}

#[test]
fn a_steered_level_teleport_to_here_or_above_the_dungeon_shudders() {
    for answer in ["here", "0", "-3"] {
        let mut r = steering(5);
        put_trap(&mut r, "level_teleporter", p(5, 3));
        r.act(Command::Move(Dir::E));
        let here = r.dlvl(1).to_string();
        words(&mut r, if answer == "here" { &here } else { answer });
        assert_eq!(r.depth(), 1, "{answer}");
        assert_eq!(r.log().line(), "You shudder for a moment.", "{answer}");
    }
    // Far below the bottom is the bottom; `*` is anywhere else.
    let mut r = steering(5);
    put_trap(&mut r, "level_teleporter", p(5, 3));
    r.act(Command::Move(Dir::E));
    words(&mut r, "999");
    assert_eq!(r.depth(), r.level_count());
    let mut r = steering(5);
    put_trap(&mut r, "level_teleporter", p(5, 3));
    r.act(Command::Move(Dir::E));
    words(&mut r, "*");
    assert_ne!(r.depth(), 1);
    // Another command never minds: you stay.
    let mut r = steering(5);
    put_trap(&mut r, "level_teleporter", p(5, 3));
    r.act(Command::Move(Dir::E));
    r.act(Command::Search);
    assert_eq!(r.depth(), 1);
    assert!(!r.is_asking());
}

#[test]
fn free_action_keeps_a_potion_of_sleeping_and_a_ghoul_s_claw_off() {
    let mut r = samurai(6);
    let ring = give(&mut r, "ring_of_free_action", 0, Blessing::Uncursed);
    r.act(Command::PutOn(ring));
    r.act(Command::Move(Dir::W));
    let potion = give(&mut r, "potion_of_sleeping", 0, Blessing::Uncursed);
    r.act(Command::Quaff(potion));
    assert_eq!(r.log().line(), "You yawn.");
    // A ghoul beside you: it claws, and you only stiffen.
    put_monster(&mut r, "ghoul", p(5, 3));
    let mut stiffened = 0;
    for _ in 0..300 {
        r.wizard().set_hp(50, 50);
        r.act(Command::Search);
        let told = said(&r);
        assert!(
            !told.iter().any(|l| l.starts_with("You are frozen")),
            "{told:?}"
        );
        stiffened = told
            .iter()
            .filter(|l| *l == "You momentarily stiffen.")
            .count();
    }
    assert!(stiffened > 0);
    // Without the ring, the claw freezes.
    let mut r = samurai(6);
    put_monster(&mut r, "ghoul", p(5, 3));
    let frozen = (0..300).any(|_| {
        r.wizard().set_hp(50, 50);
        r.act(Command::Search);
        said(&r).iter().any(|l| l == "You are frozen by the ghoul!")
    });
    assert!(frozen);
}

/// The Samurai at (4, 3) wearing a ring of invisibility, no pet, and a
/// hostile monster of row `id` at `at`.
fn invisible_with(seed: u64, id: &str, at: gnomish_mines::generation::Pos, ring: bool) -> Dungeon {
    let mut r = samurai(seed);
    r.wizard().level().monsters_mut().retain(|m| !m.tame);
    if ring {
        let ring = give(&mut r, "ring_of_invisibility", 0, Blessing::Uncursed);
        r.act(Command::PutOn(ring));
        r.act(Command::Move(Dir::W));
        assert!(said(&r).contains(&"Gee! All of a sudden, you can't see yourself.".to_string()));
    }
    put_monster(&mut r, id, at);
    r
}

/// Is `line` a blow at thin air?
fn wild(line: &str) -> bool {
    line.contains("wildly and misses!")
        || line.contains("attacks a spot beside you.")
        || line.contains("strikes at thin air!")
}

#[test]
fn unseen_a_gnome_strikes_at_thin_air_until_it_guesses_right_and_then_keeps_it() {
    let mut wild_seen = 0;
    for seed in 0..20 {
        let mut r = invisible_with(seed, "gnome", p(5, 3), true);
        let mut found_you = false;
        for _ in 0..40 {
            r.wizard().set_hp(100, 100);
            r.act(Command::Search);
            for line in r.log().current() {
                if wild(line) {
                    // A right guess is kept while you stay.
                    assert!(!found_you, "seed {seed}: {line}");
                    wild_seen += 1;
                }
                if line == "The gnome hits!" || line == "The gnome misses." {
                    found_you = true;
                }
            }
        }
        assert!(found_you, "seed {seed}");
    }
    assert!(wild_seen > 5, "{wild_seen}");
    // Seen, never.
    for seed in 0..20 {
        let mut r = invisible_with(seed, "gnome", p(5, 3), false);
        for _ in 0..10 {
            r.wizard().set_hp(100, 100);
            r.act(Command::Search);
            assert!(!said(&r).iter().any(|l| wild(l)), "seed {seed}");
        }
    }
}

#[test]
fn a_mind_flayer_sees_you_invisible() {
    for seed in 0..10 {
        let mut r = invisible_with(seed, "mind_flayer", p(5, 3), true);
        for _ in 0..5 {
            r.wizard().set_hp(1000, 1000);
            r.act(Command::Search);
            assert!(!said(&r).iter().any(|l| wild(l)), "seed {seed}");
        }
    }
}

#[test]
fn unseen_a_gnome_mostly_wanders_instead_of_coming_at_you() {
    let came = |ring: bool| {
        (0..20)
            .filter(|&seed| {
                let mut r = invisible_with(seed, "gnome", p(10, 3), ring);
                (0..16).any(|_| {
                    r.wizard().set_hp(100, 100);
                    r.act(Command::Search);
                    r.level()
                        .monsters()
                        .iter()
                        .any(|m| !m.tame && m.pos.distance(p(4, 3)) == 1)
                })
            })
            .count()
    };
    let (seen, unseen) = (came(false), came(true));
    assert!(seen >= 18, "{seen}");
    assert!(unseen <= 8, "{unseen}");
}

#[test]
fn invisible_customers_are_not_welcome() {
    use gnomish_mines::dungeon::Carried;
    let mut r = crate::town::run_at(2, "town_square");
    r.wizard().set_hp(100_000, 100_000);
    let shop = r
        .level()
        .shops()
        .iter()
        .find(|s| s.name == "lighting store")
        .cloned()
        .expect("Town Square's lighting store");
    let outside = p(
        2 * shop.door.x - shop.inside.x,
        2 * shop.door.y - shop.inside.y,
    );
    r.wizard()
        .level()
        .monsters_mut()
        .retain(|m| shop.floor.contains(&m.pos));
    r.wizard().teleport(outside);
    let kind = r.content().item_kind("ring_of_invisibility").unwrap();
    let mut ring = Carried::new(99_000, kind, 1);
    ring.worn = true;
    ring.hand = Some(gnomish_mines::dungeon::Hand::Left);
    r.wizard().give(ring);
    let into = outside.dir_to(shop.door).unwrap();
    if r.level().map().tile(shop.door) == gnomish_mines::generation::Tile::DoorClosed {
        r.act(Command::Move(into));
    }
    r.act(Command::Move(into));
    assert_eq!(r.player().pos, shop.door);
    let told = said(&r);
    assert!(
        told.contains(&"The shopkeeper senses your presence.".to_string()),
        "{told:?}"
    );
    assert!(
        r.log()
            .line()
            .ends_with("\"Invisible customers are not welcome!\"")
    );
    assert!(r.level().monster_at(shop.inside).is_some(), "in the way");
}

#[test]
fn warning_shows_a_digit_where_a_dangerous_unseen_monster_stands() {
    use gnomish_mines::dungeon::{Warned, render_run};
    let hall = crate::traps::HALL;
    let warned = |ring: bool, id: &str, at: gnomish_mines::generation::Pos| {
        let mut r = samurai(7);
        r.wizard().level().monsters_mut().retain(|m| !m.tame);
        if ring {
            let ring = give(&mut r, "ring_of_warning", 0, Blessing::Uncursed);
            r.act(Command::PutOn(ring));
            r.act(Command::Move(Dir::W));
        }
        put_monster(&mut r, id, at);
        r
    };
    // A dwarf lord (level 4) behind the wall: 1, red.
    let r = warned(true, "dwarf_lord", p(4, hall));
    assert_eq!(
        r.warnings(),
        vec![Warned {
            pos: p(4, hall),
            level: 1
        }]
    );
    assert_eq!(r.warnings()[0].glyph(), '1');
    assert_eq!(
        r.what_is_at(p(4, hall)),
        "an unknown creature causing you concern"
    );
    // The map's rows: you stand on row 3.
    let text = render_run(&r, false);
    let rows: Vec<&str> = text.lines().collect();
    let you = rows.iter().position(|l| l.contains('@')).unwrap();
    let map_row = rows[you + (hall - 3) as usize].to_string();
    assert_eq!(map_row.chars().nth(4), Some('1'), "{map_row}");
    // A vampire lord (level 12): 3.
    let r = warned(true, "vampire_lord", p(8, hall));
    assert_eq!(
        r.warnings().iter().map(|w| w.level).collect::<Vec<_>>(),
        vec![3]
    );
    // No ring, a gnome (level 1), one in sight, one 10 cells away: none.
    assert!(
        warned(false, "dwarf_lord", p(4, hall))
            .warnings()
            .is_empty()
    );
    assert!(warned(true, "gnome", p(4, hall)).warnings().is_empty());
    assert!(warned(true, "dwarf_lord", p(6, 3)).warnings().is_empty());
    let far = warned(true, "dwarf_lord", p(14, hall));
    assert!(far.warnings().is_empty(), "{:?}", far.warnings());
}

#[test]
fn conflict_sets_monsters_on_each_other_and_a_peaceful_one_on_you() {
    let fought = |ring: bool| {
        let mut r = samurai(8);
        r.wizard().level().monsters_mut().retain(|m| !m.tame);
        if ring {
            let ring = give(&mut r, "ring_of_conflict", 0, Blessing::Uncursed);
            r.act(Command::PutOn(ring));
            r.act(Command::Move(Dir::W));
        }
        // Peaceful gnomes: two side by side, away from you, one beside you.
        put_monster(&mut r, "gnome", p(10, 2));
        put_monster(&mut r, "gnome", p(11, 2));
        put_monster(&mut r, "gnome", p(5, 3));
        for m in r.wizard().level().monsters_mut() {
            m.hp = 1000;
            m.max_hp = 1000;
            m.peaceful = true;
        }
        let mut lines = Vec::new();
        for _ in 0..60 {
            r.wizard().set_hp(100, 100);
            r.act(Command::Search);
            lines.extend(r.log().current().map(str::to_string));
        }
        lines
    };
    let with = fought(true);
    let at_each_other = |l: &String| {
        l.starts_with("The gnome hits the gnome") || l.starts_with("The gnome misses the gnome")
    };
    let at_you = |l: &String| l == "The gnome hits!" || l == "The gnome misses.";
    assert!(with.iter().any(at_each_other), "{with:?}");
    assert!(with.iter().any(at_you), "{with:?}");
    let without = fought(false);
    assert!(!without.iter().any(at_each_other), "{without:?}");
    assert!(!without.iter().any(at_you), "{without:?}");
}

#[test]
fn your_own_wands_make_you_invisible_and_very_fast_for_a_time() {
    let mut r = samurai(9);
    r.wizard().level().monsters_mut().retain(|m| !m.tame);
    let wand = give(&mut r, "wand_of_make_invisible", 5, Blessing::Uncursed);
    r.act(Command::Zap(wand));
    r.act(Command::Search);
    assert!(
        said(&r).contains(&"Gee! All of a sudden, you can't see yourself.".to_string()),
        "{:?}",
        said(&r)
    );
    // A gnome beside you may strike at thin air now.
    put_monster(&mut r, "gnome", p(5, 3));
    let mut wild_seen = false;
    let start = r.turn();
    while !said(&r).contains(&"You are no longer invisible.".to_string()) {
        r.wizard().set_hp(100, 100);
        r.act(Command::Search);
        wild_seen |= r.log().current().any(|l| {
            l.contains("wildly") || l.contains("thin air") || l.contains("spot beside you")
        });
        assert!(r.turn() - start <= 46, "invisible for longer than 45 turns");
    }
    assert!(r.turn() - start >= 30, "{}", r.turn() - start);
    assert!(wild_seen);
    // Speed monster: very fast, a free action two turns in three.
    let mut r = samurai(9);
    let wand = give(&mut r, "wand_of_speed_monster", 5, Blessing::Uncursed);
    r.act(Command::Zap(wand));
    r.act(Command::Search);
    // The Samurai is Fast already.
    assert!(
        said(&r).contains(&"You are suddenly moving faster.".to_string()),
        "{:?}",
        said(&r)
    );
    let start = r.turn();
    for _ in 0..40 {
        r.act(Command::Search);
    }
    let very_fast = r.turn() - start;
    // 40 actions at 5 a 3 turns (very fast) take about 24 turns; Fast
    // alone, at 4 a 3, about 30.
    assert!(very_fast <= 28, "{very_fast} turns for 40 actions");
    let mut slowed = false;
    for _ in 0..100 {
        r.act(Command::Search);
        slowed |= r
            .log()
            .current()
            .any(|l| l == "You feel yourself slow a bit down.");
    }
    assert!(slowed);
}

#[test]
fn bazaar_town_s_nymph_sleeps_four_times_in_five_until_disturbed() {
    let nymph_asleep = |seed, hero: bool| {
        let mut r = if hero {
            let setup = gnomish_mines::dungeon::RunSetup {
                variants: vec![(
                    crate::town::place_of("bazaar_town").to_string(),
                    "bazaar_town".to_string(),
                )],
                ..crate::fixtures::setup_as("valkyrie human lawful")
            };
            Dungeon::new(seed, setup).unwrap()
        } else {
            crate::town::run_with(seed, "bazaar_town")
        };
        let d = crate::town::depth_of(&r, "bazaar_town");
        r.wizard().go_to(d).unwrap();
        // minetn-7's random `n`: a water, wood or mountain nymph.
        let content = r.content().clone();
        r.level()
            .monsters()
            .iter()
            .find(|m| content.monster(m.kind).glyph == 'n')
            .map(|m| m.asleep == u32::MAX)
    };
    // Her room is built three times in four: 75 of 100 seeds, 3σ 13.
    let seen: Vec<bool> = (0..100).filter_map(|s| nymph_asleep(s, true)).collect();
    assert!(seen.len() >= 62, "{}", seen.len());
    let asleep = seen.iter().filter(|&&a| a).count();
    // 4 in 5 of those seen, within 3σ (0.046 at 75 seen).
    let share = asleep as f64 / seen.len() as f64;
    assert!((0.66..=0.94).contains(&share), "{asleep} of {}", seen.len());
    // The nameless hero's nymph is awake, as it always was.
    assert!((0..20).filter_map(|s| nymph_asleep(s, false)).all(|a| !a));
}

#[test]
fn a_sleeping_nymph_wakes_to_aggravation_and_a_blow_and_never_to_stealth() {
    // Asleep in plain sight, 5 cells away; how many turns until it wakes.
    let woke_after = |seed: u64, ring: Option<&str>| {
        let mut r = samurai(seed);
        r.wizard().level().monsters_mut().retain(|m| !m.tame);
        if let Some(id) = ring {
            let ring = give(&mut r, id, 0, Blessing::Uncursed);
            r.act(Command::PutOn(ring));
            r.act(Command::Move(Dir::W));
        }
        let nymph = put_monster(&mut r, "water_nymph", p(9, 3));
        r.wizard().level().monsters_mut().last_mut().unwrap().asleep = u32::MAX;
        (0..400).position(|_| {
            r.act(Command::Search);
            crate::traps::monster(&r, nymph).is_some_and(|m| m.asleep != u32::MAX)
        })
    };
    let aggravated: Vec<Option<usize>> = (0..10)
        .map(|s| woke_after(s, Some("ring_of_aggravate_monster")))
        .collect();
    assert!(
        aggravated.iter().filter(|w| w.is_some()).count() >= 8,
        "{aggravated:?}"
    );
    for seed in 0..10 {
        assert_eq!(
            woke_after(seed, Some("ring_of_stealth")),
            None,
            "seed {seed}"
        );
    }
    // Your blow wakes it.
    let mut r = samurai(1);
    r.wizard().level().monsters_mut().retain(|m| !m.tame);
    let nymph = put_monster(&mut r, "water_nymph", p(5, 3));
    r.wizard().level().monsters_mut().last_mut().unwrap().asleep = u32::MAX;
    r.act(Command::Move(Dir::E));
    assert!(
        crate::traps::monster(&r, nymph).is_none_or(|m| m.asleep != u32::MAX),
        "still asleep"
    );
}
