//! Corpses, as NetHack 3.7 leaves and eats them: the odds a kill leaves one,
//! what eating one does by its age and kind, rotting away, and a pet's meals
//! and hunger.

use gnomish_mines::dungeon::{
    Carried, Command, Corpse, CorpseHarm, Dungeon, Item, Killer, Monster, RunSetup, RunStatus,
    built_in_content,
};
use gnomish_mines::generation::{Dir, Pos};

use crate::hero::{change_pet, put_pet, with_pet};

/// A run of `hero` with no monster but its pet (if it has one).
fn quiet_run(seed: u64, setup: RunSetup) -> Dungeon {
    let mut run = Dungeon::new(seed, setup).unwrap();
    run.wizard().level().monsters_mut().retain(|m| m.tame);
    run
}

/// A free floor cell next to `p`, not `not`.
fn free_next_to(run: &Dungeon, p: Pos, not: &[Pos]) -> Pos {
    Dir::ALL
        .iter()
        .map(|&d| p.step(d))
        .find(|&c| {
            run.map().tile(c).is_walkable()
                && run.level().monster_at(c).is_none()
                && run.level().trap_at(c).is_none()
                && c != run.player().pos
                && !not.contains(&c)
        })
        .expect("a free cell")
}

/// The corpse of monster `of` (a row id), dead since turn `died`.
fn corpse_of(run: &Dungeon, of: &str, died: u64) -> Corpse {
    Corpse {
        of: run.content().monster_kind(of).unwrap(),
        died: died as i64,
        rots_at: died + 1000,
    }
}

/// A corpse item lying at `pos`.
fn lying(run: &Dungeon, corpse: Corpse, pos: Pos, id: u32) -> Item {
    Item {
        corpse: Some(corpse),
        ..Item::new(id, run.content().corpse_kind().unwrap(), pos, 1)
    }
}

/// Put `corpse` in your pack; returns its letter.
fn give_corpse(run: &mut Dungeon, corpse: Corpse) -> u8 {
    let kind = run.content().corpse_kind().unwrap();
    run.wizard().give(Carried {
        corpse: Some(corpse),
        ..Carried::new(77_000, kind, 1)
    });
    run.player()
        .inventory
        .iter()
        .find(|c| c.id == 77_000)
        .unwrap()
        .letter
}

fn said(run: &Dungeon, text: &str) -> bool {
    run.log().history().any(|(_, m)| m.contains(text))
}

/// Kill `n` gnomes next to you, one at a time; returns how many corpses they
/// left.
fn gnome_corpses(setup: RunSetup, n: usize) -> usize {
    let mut run = Dungeon::new(5, setup).unwrap();
    let gnome = run.content().monster_kind("gnome").unwrap();
    let me = run.player().pos;
    let at = free_next_to(&run, me, &[]);
    let d = Dir::ALL
        .iter()
        .copied()
        .find(|&d| me.step(d) == at)
        .unwrap();
    let mut corpses = 0;
    for i in 0..n {
        {
            let mut w = run.wizard();
            w.set_hp(500, 500);
            let level = w.level();
            level.monsters_mut().retain(|m| m.tame && m.pos != at);
            level.items_mut().clear();
            let mut g = Monster::new(50_000 + i as u32, gnome, at, 1, false);
            g.asleep = 100;
            level.monsters_mut().push(g);
        }
        for _ in 0..40 {
            if run.level().monster_at(at).is_none() {
                break;
            }
            run.act(Command::Move(d));
        }
        assert!(run.level().monster_at(at).is_none(), "the gnome died");
        let here: Vec<_> = run
            .level()
            .items()
            .iter()
            .filter(|i| i.corpse.is_some())
            .collect();
        if let Some(c) = here.first() {
            assert_eq!(c.pos, at);
            assert_eq!(run.item_name(c), "gnome corpse");
        }
        corpses += here.len();
    }
    corpses
}

#[test]
fn a_gnome_leaves_its_corpse_one_time_in_three_and_only_for_a_hero() {
    // NetHack's corpse_chance: 1 in 2 + (frequency < 2) for a small gnome.
    let n = 600;
    let left = gnome_corpses(with_pet("valkyrie human lawful", Some("none")), n);
    assert!((160..=240).contains(&left), "{left} corpses of {n} gnomes");
    // The nameless hero's runs are as they always were: no corpses.
    assert_eq!(gnome_corpses(RunSetup::default(), 100), 0);
}

#[test]
fn a_fresh_corpse_feeds_you_its_nutrition_over_its_eating_time() {
    // 3 + 650 / 64 = 13 turns, 100 nutrition (NetHack's gnome).
    let mut checked = 0;
    for seed in 0..12 {
        let mut run = quiet_run(seed, with_pet("valkyrie human lawful", Some("none")));
        let turn = run.turn();
        let corpse = corpse_of(&run, "gnome", turn);
        let letter = give_corpse(&mut run, corpse);
        let before = run.player().nutrition;
        assert!(run.act(Command::Eat(letter)));
        let turns = run.turn() - turn;
        let gain = run.player().nutrition - before + turns as i32;
        if said(&run, "Rotten food") {
            continue; // one time in seven: a quarter of it, or you pass out
        }
        assert!(said(&run, "This gnome corpse "), "{:?}", run.log());
        assert!(said(&run, "You finish eating the gnome corpse."));
        assert_eq!((turns, gain), (13, 100), "seed {seed}");
        assert!(run.player().inventory.iter().all(|c| c.corpse.is_none()));
        checked += 1;
    }
    assert!(checked >= 6, "{checked} plain meals");
}

#[test]
fn a_tainted_corpse_poisons_you_until_cured_or_dead() {
    // Old enough that (age / (10 + rn2(20))) > 5 whatever the draw.
    for (cure, by_prayer) in [(false, false), (true, false), (true, true)] {
        let mut run = quiet_run(3, with_pet("valkyrie human lawful", Some("none")));
        for _ in 0..200 {
            run.act(Command::Search);
            // Those who arrive meanwhile (one turn in 70) leave again.
            run.wizard().level().monsters_mut().retain(|m| m.tame);
        }
        let corpse = corpse_of(&run, "dwarf", 0);
        let letter = give_corpse(&mut run, corpse);
        assert!(run.act(Command::Eat(letter)));
        assert!(said(&run, "Ulch - that meat was tainted!"));
        assert!(run.player().sick.is_some());
        assert_eq!(run.illness(), "FoodPois");
        if by_prayer {
            assert!(run.act(Command::Pray));
            assert!(run.player().sick.is_none());
            assert!(said(&run, "You feel better."));
        } else if cure {
            let potion = run.content().item_kind("potion_of_extra_healing").unwrap();
            run.wizard().give(Carried::new(78_000, potion, 1));
            let p = run
                .player()
                .inventory
                .iter()
                .find(|c| c.id == 78_000)
                .unwrap()
                .letter;
            assert!(run.act(Command::Quaff(p)));
            assert!(run.player().sick.is_none());
            assert!(said(&run, "What a relief!"));
        }
        for _ in 0..25 {
            run.act(Command::Search);
        }
        let dwarf = run.content().monster_kind("dwarf").unwrap();
        let died = RunStatus::Died {
            killer: Killer::Corpse(CorpseHarm::Tainted, dwarf),
            depth: 1,
        };
        assert_eq!(run.status() == died, !cure, "{:?}", run.status());
    }
}

#[test]
fn a_poisonous_corpse_hurts_four_times_in_five_unless_you_resist() {
    let mut hurt = [0, 0];
    for (h, hero) in ["valkyrie human lawful", "barbarian orc chaotic"]
        .into_iter()
        .enumerate()
    {
        for seed in 0..60 {
            let mut run = quiet_run(seed, with_pet(hero, Some("none")));
            run.wizard().set_hp(100, 100);
            let turn = run.turn();
            let corpse = corpse_of(&run, "kobold_shaman", turn);
            let letter = give_corpse(&mut run, corpse);
            run.act(Command::Eat(letter));
            if said(&run, "Ecch - that must have been poisonous!") {
                assert_eq!(
                    said(&run, "You seem unaffected by the poison."),
                    h == 1,
                    "{hero}"
                );
                if run.player().hp < 100 {
                    hurt[h] += 1;
                }
            }
        }
    }
    assert!((36..=57).contains(&hurt[0]), "{} of 60 poisoned", hurt[0]);
    assert_eq!(hurt[1], 0, "an orcish Barbarian resists poison");
}

#[test]
fn corpses_rot_away_on_the_floor_and_in_the_pack() {
    let mut run = quiet_run(3, with_pet("valkyrie human lawful", Some("none")));
    let turn = run.turn();
    let me = run.player().pos;
    let at = free_next_to(&run, me, &[]);
    let mut gnome = corpse_of(&run, "gnome", turn);
    gnome.rots_at = turn + 3;
    let item = lying(&run, gnome, at, 60_000);
    // (Only these two: not a trap's long-dead victim.)
    run.wizard()
        .level()
        .items_mut()
        .retain(|i| i.corpse.is_none());
    run.wizard().level().items_mut().push(item);
    give_corpse(&mut run, gnome);
    for _ in 0..2 {
        run.act(Command::Search);
    }
    assert_eq!(
        run.level()
            .items()
            .iter()
            .filter(|i| i.corpse.is_some())
            .count(),
        1
    );
    run.act(Command::Search);
    assert!(run.level().items().iter().all(|i| i.corpse.is_none()));
    assert!(run.player().inventory.iter().all(|c| c.corpse.is_none()));
    assert!(said(&run, "Your gnome corpse rots away."));
}

#[test]
fn your_pet_eats_a_fresh_corpse_it_comes_by_and_not_an_old_one() {
    let content = built_in_content();
    let kitten = content.monster_kind("kitten").unwrap();
    for (age, eaten) in [(0, true), (60, false)] {
        let mut run = quiet_run(3, with_pet("valkyrie human lawful", Some("kitten")));
        for _ in 0..age {
            run.act(Command::Search);
        }
        let me = run.player().pos;
        let pet_at = free_next_to(&run, me, &[]);
        put_pet(&mut run, pet_at);
        let food_at = free_next_to(&run, pet_at, &[me]);
        let corpse = corpse_of(&run, "gnome", 1);
        let item = lying(&run, corpse, food_at, 60_000);
        run.wizard().level().items_mut().push(item);
        let hungry_before = run.pet().unwrap().1.hungry_at;
        run.act(Command::Search);
        let gone = run.level().items().iter().all(|i| i.id != 60_000);
        assert_eq!(gone, eaten, "age {age}: {:?}", run.log());
        if eaten {
            let pet = run.pet().unwrap().1;
            assert_eq!(pet.kind, kitten);
            assert_eq!(pet.pos, food_at, "it stepped onto it to eat");
            // A small pet gets six times the corpse's 100.
            assert_eq!(pet.hungry_at, hungry_before + 600);
            assert!(pet.eating > 0);
            assert!(
                said(&run, "Your kitten eats a gnome corpse."),
                "{:?}",
                run.log()
            );
        }
    }
}

#[test]
fn a_hungry_pet_goes_for_a_corpse_within_five_cells() {
    let mut run = quiet_run(3, with_pet("valkyrie human lawful", Some("little_dog")));
    // A cell for the dog with a straight run of three free cells from it,
    // the corpse at the far end.
    let me = run.player().pos;
    let free = |run: &Dungeon, c: Pos| {
        run.map().tile(c).is_walkable()
            && run.level().trap_at(c).is_none()
            && run.level().monster_at(c).is_none()
            && c.distance(me) > 1
    };
    let (pet_at, food_at) = run
        .map()
        .cells()
        .filter(|&p| free(&run, p))
        .find_map(|p| {
            Dir::ALL.iter().find_map(|&d| {
                let (a, b, c) = (p.step(d), p.step(d).step(d), p.step(d).step(d).step(d));
                (free(&run, a) && free(&run, b) && free(&run, c)).then_some((p, c))
            })
        })
        .expect("a straight run of floor");
    put_pet(&mut run, pet_at);
    let turn = run.turn();
    let item = lying(&run, corpse_of(&run, "gnome", turn), food_at, 60_000);
    run.wizard().level().items_mut().push(item);
    change_pet(&mut run, |dog| dog.hungry_at = turn);
    for _ in 0..8 {
        run.act(Command::Search);
        if run.level().items().iter().all(|i| i.id != 60_000) {
            break;
        }
    }
    assert!(
        run.level().items().iter().all(|i| i.id != 60_000),
        "the dog went and ate it: {:?}",
        run.log()
    );
}

#[test]
fn a_pet_left_unfed_is_confused_from_hunger_then_starves() {
    let mut run = quiet_run(3, with_pet("valkyrie human lawful", Some("kitten")));
    let set_hungry = |run: &mut Dungeon, since: u64| {
        let turn = run.turn();
        change_pet(run, |pet| pet.hungry_at = turn - since.min(turn));
    };
    for _ in 0..800 {
        run.act(Command::Search);
    }
    let most = run.pet().unwrap().1.max_hp;
    set_hungry(&mut run, 501);
    run.act(Command::Search);
    let pet = run.pet().expect("still alive").1;
    assert_eq!(pet.max_hp, most / 3);
    assert!(pet.starving > 0);
    assert!(said(&run, "confused from hunger") || said(&run, "You feel worried about"));
    set_hungry(&mut run, 751);
    run.act(Command::Search);
    assert!(run.pet().is_none(), "it starved");
    assert!(said(&run, "Your kitten starves.") || said(&run, "You feel sad for a moment."));
}

#[test]
fn a_run_in_which_the_pet_eats_replays_and_resumes_from_its_journal_alike() {
    use gnomish_mines::dungeon::journal::{Journal, journal_text};
    use gnomish_mines::dungeon::parse_keys;
    // Seed 0's human Valkyrie wanders 26 steps, fighting what comes; her
    // kitten eats a gnome corpse on the way.
    let keys = parse_keys("jblkbjnkkjkululjykbjhluljb").unwrap();
    let setup = with_pet("valkyrie human lawful", None);
    let mut run = Dungeon::new(0, setup.clone()).unwrap();
    for &c in &keys {
        run.act(c);
    }
    assert!(
        said(&run, "Your kitten eats a gnome corpse."),
        "{:?}",
        run.log()
    );
    // Its journal names the hero and the pet, and plays back to the same run,
    // whole or resumed part way.
    let text = journal_text(&run);
    assert!(text.contains("# hero: valkyrie human lawful"), "{text}");
    let journal = Journal::read(text.as_bytes(), &run.content().hash_text()).unwrap();
    let (seed, again_setup) = journal.setup(built_in_content()).unwrap();
    let mut again = Dungeon::new(seed, again_setup.clone()).unwrap();
    for &c in &journal.commands {
        again.act(c);
    }
    assert!(again == run, "replayed from its journal");
    let mut resumed = Dungeon::new(seed, again_setup).unwrap();
    for &c in &journal.commands[..6] {
        resumed.act(c);
    }
    let half = journal_text(&resumed);
    let half = Journal::read(half.as_bytes(), &run.content().hash_text()).unwrap();
    let (_, s) = half.setup(built_in_content()).unwrap();
    let mut resumed = Dungeon::new(seed, s).unwrap();
    for &c in half.commands.iter().chain(&journal.commands[6..]) {
        resumed.act(c);
    }
    assert!(resumed == run, "resumed after 6 commands");
}

#[test]
fn a_pet_still_eating_stays_behind_when_you_take_the_stairs() {
    let mut run = quiet_run(3, with_pet("valkyrie human lawful", Some("kitten")));
    let down = run.level().down_stairs().unwrap();
    run.wizard().teleport(down);
    let next = free_next_to(&run, down, &[]);
    put_pet(&mut run, next);
    change_pet(&mut run, |m| m.eating = 5);
    assert!(run.act(Command::Down));
    assert_eq!(run.pet().unwrap().0, 1, "it stayed on level 1");
    assert!(
        said(&run, "Your kitten is still eating."),
        "{:?}",
        run.log()
    );
}

/// Kills of a jackal put at (5, 3) (a small monster that steals nothing), `times` of them, by a hero of `words`
/// (or the nameless hero): the things other than corpses each left.
fn treasure_of_kills(seed: u64, words: Option<&str>, times: usize) -> Vec<String> {
    use crate::traps::{p, put_monster, room, room_as};
    use gnomish_mines::dungeon::Command;
    let mut r = match words {
        Some(w) => room_as(seed, p(4, 3), w),
        None => room(seed, p(4, 3)),
    };
    r.wizard().level().monsters_mut().clear();
    let mut left = Vec::new();
    for _ in 0..times {
        let id = put_monster(&mut r, "jackal", p(5, 3));
        {
            let mut wizard = r.wizard();
            let m = wizard.level().monsters_mut().last_mut().unwrap();
            m.hp = 1;
            m.trapped = 1000;
        }
        for _ in 0..40 {
            r.wizard().set_hp(500, 500).teleport(p(4, 3));
            r.act(Command::Move(Dir::E));
            if !r.level().monsters().iter().any(|m| m.id == id) {
                break;
            }
        }
        assert!(!r.level().monsters().iter().any(|m| m.id == id), "killed");
        let content = r.content().clone();
        for it in r.level().items() {
            if it.corpse.is_none() {
                left.push(content.item(it.kind).id.clone());
            }
        }
        r.wizard().level().items_mut().clear();
    }
    left
}

#[test]
fn a_kill_of_yours_leaves_a_random_object_one_time_in_six() {
    let mut left = Vec::new();
    for seed in 0..10 {
        left.extend(treasure_of_kills(seed, Some("valkyrie human lawful"), 40));
    }
    let content = gnomish_mines::dungeon::built_in_content();
    for id in &left {
        let row = content.item(content.item_kind(id).unwrap());
        assert!(row.on_pick_up.food().is_none(), "food left: {id}");
        // A jackal is small: nothing heavy.
        assert!(row.weight <= 30, "{id} from a jackal");
    }
    // One in six of 400, less the food and the heavy thrown away.
    assert!(
        (20..=75).contains(&left.len()),
        "{} of 400: {left:?}",
        left.len()
    );
    // The nameless hero's kills leave nothing.
    assert!(treasure_of_kills(1, None, 40).is_empty());
}

#[test]
fn eating_your_own_kind_is_cannibalism_but_not_for_an_orc_or_a_caveman() {
    let mut cannibal = 0;
    for seed in 0..12 {
        let setup = crate::fixtures::setup_as("archeologist gnome neutral");
        let mut run = quiet_run(seed, setup);
        run.wizard().set_nutrition(100);
        let turn = run.turn();
        let corpse = corpse_of(&run, "gnome", turn);
        let letter = give_corpse(&mut run, corpse);
        let luck = run.luck();
        run.act(Command::Eat(letter));
        if said(&run, "You cannibal!  You will regret this!") {
            cannibal += 1;
            assert!(
                (2..=5).contains(&(luck - run.luck())),
                "{luck} {}",
                run.luck()
            );
            assert!(run.player().growth.as_ref().unwrap().aggravates);
        }
    }
    // Unless the first bite knocks you out (rotten: 1 in 7 of a third).
    assert!(cannibal >= 9, "{cannibal}");
    // An orc eats orcs, a Caveman his own kind, without a word.
    for words in ["barbarian orc chaotic", "caveman human neutral"] {
        let mut run = quiet_run(1, crate::fixtures::setup_as(words));
        run.wizard().set_nutrition(100);
        let of = if words.contains("orc") {
            "hill_orc"
        } else {
            "watchman"
        };
        let turn = run.turn();
        let corpse = corpse_of(&run, of, turn);
        let letter = give_corpse(&mut run, corpse);
        run.act(Command::Eat(letter));
        assert!(!said(&run, "cannibal"), "{words}");
        assert!(!run.player().growth.as_ref().unwrap().aggravates);
    }
    // A kitten is a bad idea for anyone else.
    let mut run = quiet_run(2, crate::fixtures::setup_as("valkyrie human lawful"));
    run.wizard().set_nutrition(100);
    let turn = run.turn();
    let corpse = corpse_of(&run, "kitten", turn);
    let letter = give_corpse(&mut run, corpse);
    let luck = run.luck();
    run.act(Command::Eat(letter));
    assert!(said(
        &run,
        "You feel that eating the kitten was a bad idea."
    ));
    assert!(run.player().growth.as_ref().unwrap().aggravates);
    assert_eq!(run.luck(), luck);
}
