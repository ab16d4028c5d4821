//! Digging, on the hand-drawn room of the trap tests: you with a pick-axe,
//! and dwarves with theirs.

use gnomish_mines::dungeon::{Carried, Command, Dungeon, RunSetup};
use std::collections::HashSet;

use gnomish_mines::generation::{Dir, Pos, Tile};

use crate::traps::{monster, p, put_monster, room, said};

/// Put a pick-axe in the pack (as the first item): its letter is `a`.
fn give_pick(r: &mut Dungeon) {
    let kind = r.content().item_kind("pick_axe").unwrap();
    r.wizard().give(Carried::new(99_000, kind, 1));
}

/// Apply the pick (`a` `a`) and answer the direction question with `way`.
fn dig(r: &mut Dungeon, way: Command) -> bool {
    assert!(!r.act(Command::Apply(0)), "the question takes no turn");
    assert_eq!(
        r.log().line(),
        "In what direction do you want to dig? [yubnhjkl>]"
    );
    r.act(way)
}

#[test]
fn a_pick_axe_cuts_through_rock_in_eight_to_eleven_turns_leaving_corridor() {
    let mut turns = Vec::new();
    for seed in 0..40 {
        let mut r = room(seed, p(12, 2));
        give_pick(&mut r);
        let turn = r.turn();
        assert!(dig(&mut r, Command::Move(Dir::N)));
        // 10 + rn2(5) a turn; through past 100.
        let n = r.turn() - turn;
        assert!((8..=11).contains(&n), "{n} turns");
        assert_eq!(r.map().tile(p(12, 1)), Tile::Corridor);
        assert!(said(&r).iter().any(|m| m == "You start digging."));
        assert!(
            said(&r)
                .iter()
                .any(|m| m == "You succeed in cutting away some rock.")
        );
        assert_eq!(r.player().pos, p(12, 2), "you dig; you don't step");
        // The corridor is drawn `#`, and walkable.
        assert!(gnomish_mines::dungeon::render_run(&r, false).contains('#'));
        assert!(r.act(Command::Move(Dir::N)));
        assert_eq!(r.player().pos, p(12, 1));
        turns.push(n);
    }
    assert!(turns.contains(&8) || turns.contains(&9));
}

#[test]
fn walls_open_but_not_at_the_edge_and_air_is_air() {
    // The wall between the room and the corridor.
    let mut r = room(1, p(5, 4));
    give_pick(&mut r);
    assert!(dig(&mut r, Command::Move(Dir::S)));
    assert_eq!(r.map().tile(p(5, 5)), Tile::Floor);
    assert!(
        said(&r)
            .iter()
            .any(|m| m == "You make an opening in the wall.")
    );
    // The level's edge.
    let mut r = room(1, p(14, 2));
    give_pick(&mut r);
    let turn = r.turn();
    assert!(!dig(&mut r, Command::Move(Dir::E)));
    assert_eq!(r.log().line(), "This wall is too hard to dig into.");
    assert_eq!((r.turn(), r.map().tile(p(15, 2)).is_wall()), (turn, true));
    // Thin air.
    assert!(!dig(&mut r, Command::Move(Dir::W)));
    assert_eq!(r.log().line(), "You swing your pick through thin air.");
    // Any other key: never mind.
    assert!(!r.act(Command::Apply(0)));
    assert!(!r.act(Command::Wait));
    assert_eq!(r.log().line(), "Never mind.");
}

#[test]
fn an_undiggable_level_keeps_its_walls() {
    let mut r = room(1, p(5, 4));
    give_pick(&mut r);
    let cells = r.map().len();
    r.wizard().level().set_nondiggable(vec![true; cells]);
    assert!(!dig(&mut r, Command::Move(Dir::S)));
    assert_eq!(r.log().line(), "This wall is too hard to dig into.");
    assert!(!dig(&mut r, Command::Down));
    assert_eq!(r.log().line(), "The floor here is too hard to dig in.");
}

#[test]
fn a_secret_door_breaks_even_in_a_wall_that_holds() {
    let mut r = room(1, p(5, 4));
    give_pick(&mut r);
    // The wall's cell beside the door holds; the door itself does not
    // (NetHack marks only stone and walls undiggable).
    let mut map = (**r.map()).clone();
    map.set_tile(p(5, 5), Tile::SecretDoorInHWall);
    r.wizard().set_map(map);
    let mut marks = vec![true; r.map().len()];
    marks[r.map().index(p(5, 5))] = false;
    r.wizard().level().set_nondiggable(marks);
    assert!(!dig(&mut r, Command::Move(Dir::SW)));
    assert_eq!(r.log().line(), "This wall is too hard to dig into.");
    assert!(dig(&mut r, Command::Move(Dir::S)));
    assert!(
        said(&r)
            .iter()
            .any(|m| m == "You break through a secret door!")
    );
    assert_eq!(r.map().tile(p(5, 5)), Tile::Floor);
}

#[test]
fn a_boulder_dug_falls_apart() {
    let mut r = room(1, p(4, 3));
    give_pick(&mut r);
    r.wizard().level().boulders_mut().push(p(5, 3));
    assert!(dig(&mut r, Command::Move(Dir::E)));
    assert!(r.level().boulders().is_empty());
    assert!(
        said(&r)
            .iter()
            .any(|m| m == "You hit the boulder with all your might. The boulder falls apart.")
    );
}

#[test]
fn digging_down_makes_a_pit_then_a_hole_you_fall_through() {
    for seed in 0..20 {
        let mut r = room(seed, p(4, 3));
        give_pick(&mut r);
        let turn = r.turn();
        assert!(dig(&mut r, Command::Down));
        // Past 250: 18 to 26 turns.
        let n = r.turn() - turn;
        assert!((18..=26).contains(&n), "{n} turns");
        let s = said(&r);
        assert!(s.iter().any(|m| m == "You start digging downward."));
        assert!(s.iter().any(|m| m == "You dig a pit in the floor."));
        assert!(
            s.iter()
                .any(|m| m == "You dig a hole through the floor. You fall through...")
        );
        assert_eq!(r.depth(), 2);
        let above = r.level_at(1).unwrap();
        let hole = r.content().trap_kind("hole").unwrap();
        let t = above.seen_trap_at(p(4, 3)).expect("the hole stays");
        assert_eq!(above.traps()[t].kind, hole);
    }
    // Not on the stairs, nor on the bottom level.
    let mut r = room(1, p(2, 1));
    give_pick(&mut r);
    assert!(!dig(&mut r, Command::Down));
    assert_eq!(r.log().line(), "The stairs are too hard to dig in.");
    let mut r = Dungeon::new(1, RunSetup::default()).unwrap();
    let n = r.level_count();
    r.wizard().go_to(n).unwrap();
    let p0 = r.player().pos;
    let next = crate::fixtures::around(p0)
        .find(|&c| r.map().tile(c) == Tile::Floor)
        .unwrap();
    r.wizard().teleport(next);
    r.wizard().level().monsters_mut().clear();
    give_pick(&mut r);
    assert!(!dig(&mut r, Command::Down));
    assert_eq!(r.log().line(), "The floor here is too hard to dig in.");
}

#[test]
fn a_monster_next_to_you_stops_the_digging_and_applying_again_goes_on() {
    let mut r = room(2, p(12, 2));
    give_pick(&mut r);
    r.wizard().set_hp(1000, 1000);
    let g = put_monster(&mut r, "gnome", p(9, 2));
    let turn = r.turn();
    assert!(dig(&mut r, Command::Move(Dir::N)));
    assert!(said(&r).iter().any(|m| m == "You stop digging."));
    assert_eq!(r.map().tile(p(12, 1)), Tile::Rock, "not through yet");
    let stopped_after = r.turn() - turn;
    assert!(stopped_after < 8, "{stopped_after}");
    // Send the gnome off; the dig goes on from where it stopped.
    r.wizard().level().monsters_mut().retain(|m| m.id != g);
    let turn = r.turn();
    assert!(dig(&mut r, Command::Move(Dir::N)));
    assert!(said(&r).iter().any(|m| m == "You continue digging."));
    assert_eq!(r.map().tile(p(12, 1)), Tile::Corridor);
    assert!(stopped_after + (r.turn() - turn) <= 11);
    assert!(monster(&r, g).is_none());
}

#[test]
fn a_dwarf_with_a_pick_digs_toward_you_and_drops_it_when_it_dies() {
    // The dwarf at (14, 2) sees you at (11, 1): the rock at (13, 1) is the
    // nearest way to you, so it digs there.
    let mut r = room(1, p(11, 1));
    r.wizard().set_hp(1000, 1000);
    let d = put_monster(&mut r, "dwarf", p(14, 2));
    let pick = r.content().item_kind("pick_axe").unwrap();
    let i = r.level().monsters().len() - 1;
    r.wizard().level().monsters_mut()[i].tool = Some(pick);
    for _ in 0..3 {
        r.act(Command::Search);
    }
    assert_eq!(r.map().tile(p(13, 1)), Tile::Corridor, "dug");
    // Kill it: it leaves its pick where it falls.
    r.wizard().level().monsters_mut()[i].hp = 1;
    while let Some(m) = monster(&r, d).copied() {
        let to = r.player().pos;
        if m.pos.distance(to) == 1 {
            r.act(Command::Move(to.dir_to(m.pos).unwrap()));
        } else {
            r.act(Command::Search);
        }
    }
    let at = r.level().items().iter().find(|it| it.kind == pick);
    assert!(at.is_some(), "the pick-axe lies where it died");
    // Without a pick, the same dwarf walks round.
    let mut r = room(1, p(11, 1));
    r.wizard().set_hp(1000, 1000);
    put_monster(&mut r, "dwarf", p(14, 2));
    for _ in 0..3 {
        r.act(Command::Search);
    }
    assert_eq!(r.map().tile(p(13, 1)), Tile::Rock);
}

#[test]
fn dwarves_carry_a_pick_axe_one_time_in_four_and_a_mattock_one_in_eight() {
    let setup = RunSetup::default();
    let (mut dwarves, mut picks, mut mattocks) = (0, 0, 0);
    for seed in 0..300 {
        for level in Dungeon::levels_as_made(seed, &setup).unwrap() {
            for m in level.monsters() {
                let content = &setup.content;
                if content.monster(m.kind).id != "dwarf" {
                    continue;
                }
                dwarves += 1;
                match m.tool.map(|t| content.item(t).id.as_str()) {
                    Some("pick_axe") => picks += 1,
                    Some("dwarvish_mattock") => mattocks += 1,
                    None => {}
                    Some(other) => panic!("a dwarf with a {other}"),
                }
            }
        }
    }
    let (p4, p8) = (
        picks as f64 / dwarves as f64,
        mattocks as f64 / dwarves as f64,
    );
    println!("{dwarves} dwarves: pick-axe {p4:.3}, mattock {p8:.3}");
    assert!((0.22..0.28).contains(&p4) && (0.10..0.15).contains(&p8));
}

#[test]
fn one_gnome_in_twenty_carries_a_candle_and_drops_it_still_unburnt() {
    let setup = RunSetup::default();
    let content = setup.content.clone();
    let (mut gnomes, mut tallow, mut wax) = (0, 0, 0);
    for seed in 0..300 {
        for level in Dungeon::levels_as_made(seed, &setup).unwrap() {
            for m in level.monsters() {
                if content.monster(m.kind).id != "gnome" {
                    continue;
                }
                gnomes += 1;
                match m.tool.map(|t| content.item(t).id.as_str()) {
                    Some("tallow_candle") => tallow += 1,
                    Some("wax_candle") => wax += 1,
                    None => {}
                    Some(other) => panic!("a gnome with a {other}"),
                }
            }
        }
    }
    let (t, w) = (tallow as f64 / gnomes as f64, wax as f64 / gnomes as f64);
    println!("{gnomes} gnomes: tallow {t:.4}, wax {w:.4}");
    assert!((0.030..0.045).contains(&t) && (0.008..0.018).contains(&w));
    // Killed, a gnome with a candle leaves it, with all its burning left.
    let mut r = room(3, p(4, 3));
    let g = put_monster(&mut r, "gnome", p(5, 3));
    let candle = r.content().item_kind("tallow_candle").unwrap();
    let i = r.level().monsters().len() - 1;
    r.wizard().level().monsters_mut()[i].tool = Some(candle);
    r.wizard().level().monsters_mut()[i].hp = 1;
    while monster(&r, g).is_some() {
        r.act(Command::Move(Dir::E));
    }
    let left = r
        .level()
        .items()
        .iter()
        .find(|it| it.kind == candle)
        .unwrap();
    assert_eq!((left.pos, left.burn_left), (p(5, 3), Some(200)));
}

/// Can `p` hold NetHack's buried treasure: inside `mineralize`'s scan (two
/// columns and one row in from the edges), diggable, rock with rock all
/// round?
fn holds_treasure(level: &gnomish_mines::dungeon::LevelState, p: Pos) -> bool {
    let map = level.map();
    let (w, h) = (map.width() as i32, map.height() as i32);
    (2..w - 2).contains(&p.x)
        && (1..h - 1).contains(&p.y)
        && level.is_diggable(p)
        && (-1..=1).all(|dx| (-1..=1).all(|dy| map.tile(p.offset(dx, dy)) == Tile::Rock))
}

#[test]
fn the_rock_holds_gold_and_gems_as_densely_as_mineralize_leaves_them() {
    let setup = RunSetup::default();
    let content = setup.content.clone();
    let gold = content.item_kind("gold").unwrap();
    let rock = content.item_kind("rock").unwrap();
    // The share of rocks among a random `*`, thrown away when drawn.
    let gem_rows: Vec<_> = content.items().iter().filter(|i| i.glyph == '*').collect();
    let rock_share = content.item(rock).frequency as f64
        / gem_rows.iter().map(|i| i.frequency).sum::<u32>() as f64;
    let (mut gold_cells, mut gold_expected, mut gold_var) = (0usize, 0.0f64, 0.0f64);
    let (mut gem_cells, mut gem_expected, mut gem_var) = (0usize, 0.0f64, 0.0f64);
    let (mut things, mut buried) = (0usize, 0usize);
    let mut towns = 0;
    for seed in 0..600 {
        let r = Dungeon::new(seed, setup.clone()).unwrap();
        for level in Dungeon::levels_as_made(seed, &setup).unwrap() {
            let dlvl = r.dlvl(level.depth()) as u32;
            let kind = content.kind(level.kind());
            if !kind.buried_treasure {
                towns += 1;
                assert!(level.treasure().is_empty(), "a town holds no treasure");
                continue;
            }
            // No gold on the floor: it is all in the rock (monsters' aside).
            assert!(level.items().iter().all(|i| i.kind != gold));
            // NetHack's odds a cell, per thousand, doubled and tripled in
            // the Mines.
            let gold_p = ((20 + dlvl / 3) * 2) as f64 / 1000.0;
            let gem_p = ((20 + dlvl / 3) / 4 * 3) as f64 / 1000.0;
            // rnd(2 + dunlev / 3) gems an event, none left if all are rocks.
            let n = 2 + level.depth() as i32 / 3;
            let some_gem = 1.0 - (1..=n).map(|c| rock_share.powi(c)).sum::<f64>() / n as f64;
            let map = level.map();
            let cells: Vec<Pos> = (0..map.width() as i32)
                .flat_map(|x| (0..map.height() as i32).map(move |y| Pos::new(x, y)))
                .filter(|&p| holds_treasure(&level, p))
                .collect();
            let e = cells.len() as f64;
            gold_expected += e * gold_p;
            gold_var += e * gold_p * (1.0 - gold_p);
            let q = gem_p * some_gem;
            gem_expected += e * q;
            gem_var += e * q * (1.0 - q);
            let mut golds = HashSet::new();
            let mut gems = HashSet::new();
            for t in level.treasure() {
                assert!(holds_treasure(&level, t.item.pos), "{t:?} outside");
                things += 1;
                buried += t.buried as usize;
                if t.item.kind == gold {
                    // 1 + rnd(goldprob * 3) pieces.
                    let most = 1 + 3 * (20 + dlvl / 3) * 2;
                    assert!((2..=most).contains(&t.item.quantity));
                    assert!(golds.insert(t.item.pos), "one gold pile a cell");
                } else {
                    assert_eq!(content.item(t.item.kind).glyph, '*');
                    assert_ne!(t.item.kind, rock, "rocks are thrown away");
                    gems.insert(t.item.pos);
                }
            }
            gold_cells += golds.len();
            gem_cells += gems.len();
        }
    }
    println!(
        "gold {gold_cells} (expected {gold_expected:.0}), gem cells {gem_cells} \
         (expected {gem_expected:.0}), buried {buried}/{things}, {towns} towns"
    );
    assert_eq!(towns, 600, "every run has one Minetown");
    let within =
        |seen: usize, expected: f64, var: f64| (seen as f64 - expected).abs() < 4.0 * var.sqrt();
    assert!(within(gold_cells, gold_expected, gold_var));
    assert!(within(gem_cells, gem_expected, gem_var));
    let share = buried as f64 / things as f64;
    assert!((0.30..0.37).contains(&share), "buried {share:.3}");
}

#[test]
fn digging_rock_out_frees_what_lay_in_it_and_a_pit_brings_up_what_was_buried() {
    use gnomish_mines::dungeon::{Item, Treasure};
    let mut r = room(1, p(12, 2));
    give_pick(&mut r);
    let gold = r.content().item_kind("gold").unwrap();
    let ruby = r.content().item_kind("ruby").unwrap();
    let at = p(12, 1);
    r.wizard().level().treasure_mut().extend([
        Treasure {
            item: Item::new(90_001, gold, at, 77),
            buried: false,
        },
        Treasure {
            item: Item::new(90_002, ruby, at, 1),
            buried: true,
        },
    ]);
    assert!(dig(&mut r, Command::Move(Dir::N)));
    // The gold lay in the rock: it lies on the new corridor.
    let on_floor =
        |r: &Dungeon, id: u32| r.level().items().iter().any(|i| i.id == id && i.pos == at);
    assert!(on_floor(&r, 90_001));
    assert!(!on_floor(&r, 90_002), "the ruby is buried deeper");
    assert_eq!(r.level().treasure().len(), 1);
    assert!(r.act(Command::Move(Dir::N)));
    assert!(said(&r).iter().any(|m| m == "You see here 77 gold pieces."));
    // Dig down: the pit brings the ruby up, and you see it; then the hole
    // takes you down, and the ruby stays in the level above.
    r.act(Command::PickUp);
    let before = r.log().len();
    assert!(dig(&mut r, Command::Down));
    let since: Vec<String> = said(&r).into_iter().skip(before).collect();
    let pit = since
        .iter()
        .position(|m| m == "You dig a pit in the floor.")
        .unwrap();
    assert!(since[pit + 1].starts_with("You see here"), "{since:?}");
    let above = r.level_at(1).unwrap();
    assert!(above.treasure().is_empty());
    assert!(above.items().iter().any(|i| i.id == 90_002 && i.pos == at));
}

#[test]
fn a_dwarf_swings_its_mattock_for_d8_plus_d12() {
    // NetHack's AT_WEAP: the dwarf's own d8 and the mattock's d12.
    let mut hits = Vec::new();
    for seed in 0..60 {
        let mut r = room(seed, p(4, 3));
        r.wizard().set_hp(10_000, 10_000);
        put_monster(&mut r, "dwarf", p(5, 3));
        let mattock = r.content().item_kind("dwarvish_mattock").unwrap();
        let i = r.level().monsters().len() - 1;
        r.wizard().level().monsters_mut()[i].tool = Some(mattock);
        for _ in 0..20 {
            let before = r.player().hp;
            r.act(Command::Search);
            if r.player().hp < before {
                hits.push(before - r.player().hp);
            }
        }
        assert!(
            said(&r)
                .iter()
                .any(|m| m == "The dwarf swings its dwarvish mattock.")
        );
    }
    let most = *hits.iter().max().unwrap();
    let mean = hits.iter().sum::<i32>() as f64 / hits.len() as f64;
    println!("{} hits, mean {mean:.2}, most {most}", hits.len());
    // 2 to 20, 11 on average (a hit point regained the same turn may show
    // one less); the d8 alone never passes 8.
    assert!(hits.iter().all(|&h| (1..=20).contains(&h)));
    assert!(most > 14 && (mean - 11.0).abs() < 1.0, "mean {mean:.2}");
}

#[test]
fn gnomes_are_armed_as_m_initweap_arms_them() {
    // rnd(14 - 2 x bias): a weapon on 1 to 5 (a dart, crossbow, bow,
    // dagger or aklys; a gnome is not strong): 5 in 14 gnomes, 5 in 12
    // gnome lords (is_lord), 5 in 10 gnome kings (is_prince).
    let setup = RunSetup::default();
    let content = setup.content.clone();
    let mut seen = std::collections::BTreeMap::<String, (usize, usize)>::new();
    for seed in 0..400 {
        for level in Dungeon::levels_as_made(seed, &setup).unwrap() {
            for m in level.monsters() {
                let id = content.monster(m.kind).id.clone();
                if !["gnome", "gnome_lord", "gnome_king"].contains(&id.as_str()) {
                    continue;
                }
                let armed = m.gear.iter().flatten().any(|&k| {
                    ["dart", "crossbow", "bow", "dagger", "aklys"]
                        .contains(&content.item(k).id.as_str())
                });
                let e = seen.entry(id).or_default();
                e.0 += 1;
                e.1 += armed as usize;
            }
        }
    }
    for (id, want) in [
        ("gnome", 5.0 / 14.0),
        ("gnome_lord", 5.0 / 12.0),
        ("gnome_king", 0.5),
    ] {
        let (n, armed) = seen[id];
        let share = armed as f64 / n as f64;
        println!("{id}: {armed} of {n} armed ({share:.3}, NetHack {want:.3})");
        let sd = (want * (1.0 - want) / n as f64).sqrt();
        assert!((share - want).abs() < 4.0 * sd, "{id}: {share:.3}");
    }
}

#[test]
fn a_locked_door_stays_shut_until_a_kick_breaks_it() {
    let (mut kicks, mut opened) = (0, 0);
    for seed in 0..60 {
        let mut r = room(seed, p(5, 4));
        r.wizard().set_hp(1000, 1000);
        let mut map = (**r.map()).clone();
        map.set_tile(p(5, 5), Tile::DoorClosed);
        r.wizard().set_map(map);
        r.wizard().level().locked_mut().push(p(5, 5));
        // Walked into: locked, no turn.
        let turn = r.turn();
        assert!(!r.act(Command::Move(Dir::S)));
        assert_eq!(
            (r.log().line(), r.turn()),
            ("This door is locked.".to_string(), turn)
        );
        // Kicked until it gives way.
        while r.map().tile(p(5, 5)) == Tile::DoorClosed {
            assert!(!r.act(Command::Kick), "the question takes no turn");
            assert_eq!(r.log().line(), "In what direction?");
            assert!(r.act(Command::Move(Dir::S)));
            kicks += 1;
            let line = r.log().line();
            assert!(
                line == "WHAMM!!" || line == "As you kick the door, it crashes open!",
                "{line}"
            );
        }
        opened += 1;
        assert_eq!(r.map().tile(p(5, 5)), Tile::Floor, "a broken door");
        assert!(!r.level().is_locked(p(5, 5)));
        assert!(r.act(Command::Move(Dir::S)));
        assert_eq!(r.player().pos, p(5, 5));
    }
    // rn2(35) under 12: a third of the kicks.
    let share = opened as f64 / kicks as f64;
    assert!((0.22..0.48).contains(&share), "{opened} of {kicks} kicks");
    // A wall hurts.
    let mut r = room(2, p(5, 4));
    let hp = r.player().hp;
    assert!(!r.act(Command::Kick));
    assert!(r.act(Command::Move(Dir::SW)));
    assert_eq!(r.log().line(), "Ouch!  That hurts!");
    assert!((1..=5).contains(&(hp - r.player().hp)));
}

#[test]
fn the_mimic_of_the_mines_locks_its_niches() {
    for seed in 0..30 {
        let setup = RunSetup {
            variants: vec![("mines_end".into(), "mimic_of_the_mines".into())],
            ..RunSetup::default()
        };
        let r = Dungeon::new(seed, setup).unwrap();
        let level = r.level_as_made(r.level_count()).unwrap();
        let map = level.map();
        let doors: Vec<Pos> = map
            .cells()
            .filter(|&p| map.tile(p).is_secret_door())
            .collect();
        assert_eq!(doors.len(), 6);
        assert!(doors.iter().all(|&d| level.is_locked(d)), "seed {seed}");
    }
}

/// The room of the trap tests with a locked door at (5, 5), between the room
/// and the hall below it; you at `at`.
fn locked_room(seed: u64, at: Pos) -> Dungeon {
    let mut r = room(seed, at);
    r.wizard().set_hp(10_000, 10_000);
    let mut map = (**r.map()).clone();
    map.set_tile(p(5, 5), Tile::DoorClosed);
    r.wizard().set_map(map);
    r.wizard().level().locked_mut().push(p(5, 5));
    r
}

#[test]
fn a_key_a_lock_pick_and_a_credit_card_open_a_locked_door_at_their_odds() {
    for (tool, chance) in [
        ("skeleton_key", 0.82),
        ("lock_pick", 0.36),
        ("credit_card", 0.24),
    ] {
        let (mut turns, mut doors) = (0, 0);
        for seed in 0..80 {
            let mut r = locked_room(seed, p(5, 4));
            let kind = r.content().item_kind(tool).unwrap();
            r.wizard().give(Carried::new(99_000, kind, 1));
            let turn = r.turn();
            assert!(!r.act(Command::Apply(0)), "the question takes no turn");
            assert_eq!(r.log().line(), "In what direction?");
            assert!(r.act(Command::Move(Dir::S)));
            let s = said(&r);
            if s.iter()
                .any(|m| m == "You give up your attempt at unlocking the door.")
            {
                continue;
            }
            assert!(
                s.iter().any(|m| m == "You succeed in unlocking the door."),
                "{tool}: {s:?}"
            );
            assert!(!r.level().is_locked(p(5, 5)));
            turns += r.turn() - turn;
            doors += 1;
            // Unlocked, it opens as any closed door does.
            assert!(r.act(Command::Move(Dir::S)));
            assert!(r.map().tile(p(5, 5)).is_door() && r.map().is_walkable(p(5, 5)));
        }
        // A geometric wait: 1 / chance turns on average.
        let mean = turns as f64 / doors as f64;
        println!(
            "{tool}: {doors} doors, {mean:.2} turns each (NetHack {:.2})",
            1.0 / chance
        );
        assert!(
            (mean - 1.0 / chance).abs() < 0.35 / chance,
            "{tool}: {mean:.2}"
        );
    }
    // No door there, or one not locked.
    let mut r = locked_room(1, p(5, 4));
    let key = r.content().item_kind("skeleton_key").unwrap();
    r.wizard().give(Carried::new(99_000, key, 1));
    r.act(Command::Apply(0));
    assert!(!r.act(Command::Move(Dir::E)));
    assert_eq!(r.log().line(), "You see no door there.");
    r.wizard().level().locked_mut().clear();
    r.act(Command::Apply(0));
    assert!(!r.act(Command::Move(Dir::S)));
    assert_eq!(r.log().line(), "This door is not locked.");
}

#[test]
fn a_monster_with_a_key_opens_a_locked_door_and_one_without_does_not() {
    let key = |r: &Dungeon| r.content().item_kind("skeleton_key").unwrap();
    let (mut with, mut without) = (0, 0);
    for seed in 0..30 {
        for has_key in [true, false] {
            let mut r = locked_room(seed, p(5, 3));
            put_monster(&mut r, "hill_orc", p(5, 6));
            let k = key(&r);
            let i = r.level().monsters().len() - 1;
            r.wizard().level().monsters_mut()[i].gear = [None; 8];
            if has_key {
                r.wizard().level().monsters_mut()[i].gear[0] = Some(k);
            }
            for _ in 0..60 {
                r.act(Command::Search);
                if !r.level().is_locked(p(5, 5)) {
                    break;
                }
            }
            let opened = !r.level().is_locked(p(5, 5));
            if has_key {
                with += usize::from(opened);
                if opened {
                    assert!(
                        said(&r)
                            .iter()
                            .any(|m| m == "You see a door unlock and open.")
                    );
                }
            } else {
                without += usize::from(opened);
                assert_eq!(r.map().tile(p(5, 5)), Tile::DoorClosed);
            }
        }
    }
    assert!(with >= 20, "{with} of 30 orcs with a key came through");
    assert_eq!(without, 0);
}
