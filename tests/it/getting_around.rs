//! Getting around as NetHack players do: running's stopping rules on
//! hand-made maps.

use gnomish_mines::dungeon::{Command, Dungeon, Item, Monster, RunSetup, parse_keys};
use gnomish_mines::generation::{Dir, LevelMap, Pos};

/// An 80 × 21 map from `rows` (rock where they say nothing).
fn map_of(rows: &[&str]) -> LevelMap {
    let mut padded: Vec<String> = rows.iter().map(|r| format!("{r:<80}")).collect();
    padded.resize(21, " ".repeat(80));
    let refs: Vec<&str> = padded.iter().map(String::as_str).collect();
    LevelMap::from_rows(&refs).unwrap()
}

/// A run of seed `seed` whose first level is `rows`, emptied of monsters,
/// items, traps and boulders, with you at `at`.
fn run_on(seed: u64, rows: &[&str], at: Pos) -> Dungeon {
    let mut run = Dungeon::new(seed, RunSetup::default()).unwrap();
    let mut w = run.wizard();
    w.set_map(map_of(rows)).teleport(at);
    let level = w.level();
    level.monsters_mut().clear();
    level.items_mut().clear();
    level.traps_mut().clear();
    level.boulders_mut().clear();
    drop(w);
    run
}

/// A run's setup with no monsters stocked.
fn without_monsters() -> RunSetup {
    let mut setup = RunSetup::default();
    setup.options.monsters = false;
    setup
}

/// A passage east from (2, 2), bending south at x = 20 to a fork at (20, 8).
const BENDS_TO_A_FORK: &[&str] = &[
    "",
    "",
    "  <..................",
    "                    .",
    "                    .",
    "                    .",
    "                    .",
    "                    .",
    "              .............",
];

#[test]
fn a_run_follows_a_bending_passage_and_stops_at_the_fork() {
    let mut run = run_on(3, BENDS_TO_A_FORK, Pos::new(3, 2));
    assert!(run.act(Command::Run(Dir::E)));
    assert_eq!(
        run.player().pos,
        Pos::new(20, 8),
        "round the bend, to the fork"
    );
    // One command, one entry in the journal: the run replays as one key.
    assert_eq!(run.turn(), 1 + 17 + 6);
}

#[test]
fn g_and_a_direction_runs_as_shift_does() {
    let mut run = run_on(3, BENDS_TO_A_FORK, Pos::new(3, 2));
    for c in parse_keys("Gl").unwrap() {
        run.act(c);
    }
    assert_eq!(run.player().pos, Pos::new(20, 8));
    assert_eq!(parse_keys("L").unwrap(), vec![Command::Run(Dir::E)]);
}

#[test]
fn a_run_stops_beside_an_object_and_before_a_wall() {
    let mut run = run_on(3, BENDS_TO_A_FORK, Pos::new(3, 2));
    let rock = run.content().item_kind("rock").unwrap();
    run.wizard()
        .level()
        .items_mut()
        .push(Item::new(9_000, rock, Pos::new(10, 2), 1));
    run.act(Command::Run(Dir::E));
    assert_eq!(run.player().pos, Pos::new(9, 2), "next to the rock");
    // In the open, a run goes straight on to the wall.
    let room: Vec<String> = (0..12)
        .map(|y| {
            if (2..10).contains(&y) {
                format!("  {}", ".".repeat(30))
            } else {
                String::new()
            }
        })
        .collect();
    let rows: Vec<&str> = room.iter().map(String::as_str).collect();
    let mut run = run_on(3, &rows, Pos::new(4, 5));
    run.act(Command::Run(Dir::E));
    assert_eq!(
        run.player().pos,
        Pos::new(31, 5),
        "straight across the open"
    );
    run.act(Command::Run(Dir::SW));
    assert_eq!(run.player().pos, Pos::new(27, 9), "diagonally to the wall");
}

#[test]
fn a_run_stops_when_a_monster_comes_into_view() {
    // Seed 0's first level is lit: you see the whole room but for what the
    // rock pillar hides.
    let mut rows: Vec<String> = (0..19)
        .map(|y| {
            if (2..18).contains(&y) {
                format!("  {}", ".".repeat(60))
            } else {
                String::new()
            }
        })
        .collect();
    for row in rows.iter_mut().take(10).skip(3) {
        row.replace_range(30..31, " ");
    }
    let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut run = run_on(0, &refs, Pos::new(5, 10));
    let gnome = run.content().monster_kind("gnome").unwrap();
    let mut g = Monster::new(9_100, gnome, Pos::new(32, 5), 5, false);
    g.asleep = 1_000;
    run.wizard().level().monsters_mut().push(g);
    assert!(
        !run.sees_monster(&run.level().monsters()[0]),
        "hidden at first"
    );
    run.act(Command::Run(Dir::E));
    let me = run.player().pos;
    assert!(me.x > 5 && me.x < 61, "stopped on the way: {me:?}");
    assert!(
        run.sees_monster(&run.level().monsters()[0]),
        "it came into view"
    );
    // A step back it was hidden: the run stopped as soon as it showed.
    let mut back = run_on(0, &refs, Pos::new(5, 10));
    back.wizard().level().monsters_mut().push(g);
    back.wizard().teleport(me.step(Dir::W));
    assert!(!back.sees_monster(&back.level().monsters()[0]));
}

/// Play a key file's keys.
fn play(run: &mut Dungeon, keys: &str) {
    for c in parse_keys(keys).unwrap() {
        run.act(c);
    }
}

/// Two ways from the west room to the east one: a short one through the
/// middle (x = 20 to 30 on row 5) and a long one round the top.
const TWO_WAYS: &[&str] = &[
    "",
    "    ..............................",
    "    .                            .",
    "    .                            .",
    "  .....                        .....",
    "  .<.................................>.",
    "  .....                        .....",
];

#[test]
fn travel_takes_the_shortest_known_way_and_never_an_unknown_one() {
    // Everything known: the straight way, 35 steps.
    let mut run = run_on(3, TWO_WAYS, Pos::new(3, 5));
    run.wizard().map_level();
    play(&mut run, "_>.");
    assert_eq!(run.player().pos, Pos::new(37, 5));
    assert_eq!(run.turn(), 1 + 34);
    // The middle of the short way never seen (seed 16's first level is
    // unlit, so it stays unseen until you stand by it): round the top.
    let mut run = run_on(16, TWO_WAYS, Pos::new(3, 5));
    run.wizard().map_level();
    {
        let mut w = run.wizard();
        let level = w.level();
        for x in 15..=25 {
            level.forget(Pos::new(x, 5));
        }
    }
    let short = run.level().is_seen(Pos::new(20, 5));
    assert!(!short);
    play(&mut run, "_>.");
    assert_eq!(run.player().pos, Pos::new(37, 5), "it got there");
    assert_eq!(run.turn(), 1 + 37, "the long way round the top: 37 steps");
    assert!(
        !run.level().is_seen(Pos::new(20, 5)),
        "never through the unknown"
    );
}

#[test]
fn the_travel_cursor_moves_by_one_and_by_eight_and_never_minds() {
    let mut run = run_on(3, TWO_WAYS, Pos::new(3, 5));
    run.wizard().map_level();
    play(&mut run, "_LLl");
    assert_eq!(run.cursor(), Some(Pos::new(20, 5)));
    play(&mut run, ".");
    assert_eq!(run.player().pos, Pos::new(20, 5));
    assert_eq!(run.cursor(), None);
    play(&mut run, "_<");
    assert_eq!(run.cursor(), Some(Pos::new(3, 5)), "onto the up stairs");
    play(&mut run, "s");
    assert_eq!(run.cursor(), None);
    assert!(run.log().line().contains("Never mind."));
    assert_eq!(run.player().pos, Pos::new(20, 5), "and no step");
    // `@` brings it back to you, and the question stays.
    play(&mut run, "_LL@");
    assert_eq!(run.cursor(), Some(Pos::new(20, 5)), "back on you");
    play(&mut run, "ll.");
    assert_eq!(run.player().pos, Pos::new(22, 5));
}

#[test]
fn auto_explore_sees_every_reachable_floor_cell_of_200_levels() {
    let mut unfinished = Vec::new();
    for seed in 0..200 {
        let mut run = Dungeon::new(seed, without_monsters()).unwrap();
        // Traps would take you off the level; a boulder in the way is left.
        run.wizard().level().traps_mut().clear();
        let mut presses = 0;
        while presses < 200 && !run.log().line().contains("Done exploring.") {
            run.act(Command::Explore);
            presses += 1;
        }
        let unseen = run
            .map()
            .cells()
            .filter(|&p| run.map().tile(p).is_walkable() && !run.level().is_seen(p))
            .filter(|&p| reachable_from(&run, p))
            .count();
        if unseen > 0 || !run.log().line().contains("Done exploring.") {
            unfinished.push((seed, unseen, presses));
        }
    }
    assert!(
        unfinished.is_empty(),
        "(seed, unseen, presses): {unfinished:?}"
    );
}

/// Can you walk to `to`, around boulders, over any floor?
fn reachable_from(run: &Dungeon, to: Pos) -> bool {
    let map = run.map();
    let mut seen = vec![false; map.width() * map.height()];
    let mut stack = vec![run.player().pos];
    seen[map.index(run.player().pos)] = true;
    while let Some(p) = stack.pop() {
        if p == to {
            return true;
        }
        for d in Dir::ALL {
            let c = p.step(d);
            if map.contains(c)
                && !seen[map.index(c)]
                && map.tile(c).is_walkable()
                && !run.level().has_boulder(c)
            {
                seen[map.index(c)] = true;
                stack.push(c);
            }
        }
    }
    false
}

#[test]
fn look_names_a_peaceful_monster_a_trap_and_what_lies_here() {
    let mut run = run_on(0, TWO_WAYS, Pos::new(4, 5));
    run.wizard().map_level();
    let gnome = run.content().monster_kind("gnome_lord").unwrap();
    run.wizard()
        .level()
        .monsters_mut()
        .push(Monster::new(9_200, gnome, Pos::new(6, 5), 5, true));
    play(&mut run, ";ll.");
    assert_eq!(run.log().line(), "A gnome lord (peaceful).");
    play(&mut run, ";h,");
    assert_eq!(run.log().line(), "A staircase up.");
    play(&mut run, ":");
    assert_eq!(run.log().line(), "You see no objects here.");
    assert_eq!(run.turn(), 1, "looking takes no turn");
    assert_eq!(run.what_is_at(Pos::new(20, 9)), "unexplored");
}

#[test]
fn swapping_places_with_your_pet_stops_no_exploration() {
    let content = gnomish_mines::dungeon::built_in_content();
    let hero =
        gnomish_mines::dungeon::Hero::parse(content.heroes(), "valkyrie human lawful").unwrap();
    let mut swaps_passed = 0;
    for seed in 0..20 {
        let mut run = Dungeon::new(
            seed,
            RunSetup {
                hero: Some(hero),
                pet: Some("kitten".into()),
                ..without_monsters()
            },
        )
        .unwrap();
        run.wizard().level().traps_mut().clear();
        run.wizard().level().monsters_mut().retain(|m| m.tame);
        for _ in 0..200 {
            run.act(Command::Explore);
            let line = run.log().line();
            assert!(
                !line.ends_with("kitten."),
                "seed {seed}: an exploration stopped at a swap: {line}"
            );
            swaps_passed += line.matches("You swap places").count();
            if line.contains("Done exploring.") {
                break;
            }
        }
        assert!(run.log().line().contains("Done exploring."), "seed {seed}");
    }
    assert!(swaps_passed > 0, "some exploration swapped and went on");
}

#[test]
fn autopickup_takes_the_kinds_it_names_and_the_journal_keeps_it() {
    use gnomish_mines::dungeon::PickupTypes;
    use gnomish_mines::dungeon::journal::{Journal, journal_text};
    let kinds = PickupTypes::of("$?").unwrap();
    assert_eq!(kinds.text(), "$?");
    assert_eq!(PickupTypes::of("").unwrap(), PickupTypes::ALL);
    assert!(PickupTypes::of("$ ").is_err(), "a space is no glyph");
    let mut setup = without_monsters();
    setup.options.autopickup = Some(kinds);
    let mut run = Dungeon::new(3, setup).unwrap();
    let me = run.player().pos;
    let at = Dir::ALL
        .iter()
        .map(|&d| me.step(d))
        .find(|&c| run.map().tile(c).is_walkable() && run.level().trap_at(c).is_none())
        .unwrap();
    let d = Dir::ALL
        .iter()
        .copied()
        .find(|&d| me.step(d) == at)
        .unwrap();
    let item = |id, kind: &str, quantity| {
        Item::new(id, run.content().item_kind(kind).unwrap(), at, quantity)
    };
    let (gold, rock) = (item(9_300, "gold", 12), item(9_301, "rock", 1));
    {
        let mut w = run.wizard();
        let level = w.level();
        level.items_mut().retain(|i| i.pos != at);
        level.items_mut().push(gold);
        level.items_mut().push(rock);
    }
    run.act(Command::Move(d));
    assert_eq!(run.gold(), 12, "the gold went into the purse");
    assert_eq!(
        run.level().items().iter().filter(|i| i.pos == at).count(),
        1,
        "the rock stayed"
    );
    assert!(
        run.log().line().contains("You see here a rock."),
        "{}",
        run.log().line()
    );
    // The journal says so, and plays back to the same run.
    let text = journal_text(&run);
    assert!(text.contains("# autopickup: $?"), "{text}");
    let journal = Journal::read(text.as_bytes(), &run.content().hash_text()).unwrap();
    let (_, setup) = journal
        .setup(gnomish_mines::dungeon::built_in_content())
        .unwrap();
    assert_eq!(setup.options.autopickup, Some(kinds));
    // `@` turns it off (no turn), and the next gold stays on the floor; on
    // again, it takes the run's kinds.
    let turn = run.turn();
    play(&mut run, "@");
    assert_eq!(run.turn(), turn, "no turn");
    assert_eq!(run.log().line(), "Autopickup: OFF.");
    let back = Dir::ALL
        .iter()
        .copied()
        .find(|&b| at.step(b) == me)
        .unwrap();
    run.act(Command::Move(back));
    let more = Item::new(9_302, run.content().item_kind("gold").unwrap(), at, 5);
    run.wizard().level().items_mut().push(more);
    run.act(Command::Move(d));
    assert_eq!(run.gold(), 12, "off: the gold stays");
    play(&mut run, "@");
    assert_eq!(run.log().line(), "Autopickup: ON, for $? objects.");
    run.act(Command::Move(back));
    run.act(Command::Move(d));
    assert_eq!(run.gold(), 17, "on again: taken");
    // A run with autopickup off turns it on for every kind.
    let mut off = Dungeon::new(3, RunSetup::default()).unwrap();
    play(&mut off, "@");
    assert_eq!(off.log().line(), "Autopickup: ON, for all objects.");
}

#[test]
fn the_options_pet_name_names_your_pet_and_the_journal_keeps_it() {
    use gnomish_mines::dungeon::journal::{Journal, journal_text};
    let setup = RunSetup {
        pet_name: Some("Tiger".into()),
        ..crate::fixtures::setup_as("valkyrie human lawful")
    };
    let run = Dungeon::new(2, setup).unwrap();
    assert!(run.pet().is_some());
    assert_eq!(run.setup().pet_name.as_deref(), Some("Tiger"), "kept");
    assert_eq!(run.pet_name().as_deref(), Some("Tiger"));
    let (_, pet) = run.pet().unwrap();
    let words = run.what_is_at(pet.pos);
    assert!(words.contains("Tiger"), "{words}");
    let text = journal_text(&run);
    assert!(text.contains("# pet-name: Tiger\n"), "{text}");
    let journal = Journal::read(text.as_bytes(), &run.content().hash_text()).unwrap();
    let (_, setup) = journal
        .setup(gnomish_mines::dungeon::built_in_content())
        .unwrap();
    assert_eq!(setup.pet_name.as_deref(), Some("Tiger"));
    // Without one, the pet is "your kitten" (or a Samurai's dog Hachi).
    let plain = Dungeon::new(2, crate::fixtures::setup_as("valkyrie human lawful")).unwrap();
    assert_eq!(plain.pet_name(), None);
    // A bad name is one line naming the field.
    for bad in [
        "\"\"",
        "\" Tiger\"",
        "\"a name far too long for any pet at all\"",
    ] {
        let e =
            gnomish_mines::options::Options::parse(&format!("(pet_name: Some({bad}))"), "o.ron")
                .unwrap_err();
        assert!(e.starts_with("o.ron: pet_name: "), "{e}");
    }
}
