//! A hero grows as NetHack 3.7's does (#42): experience and levels, the
//! six attributes, enchanted kits and NetHack's status lines, skills and
//! `#enhance`, load, luck.

use gnomish_mines::dungeon::hero::attributes::{self, Encumbrance, Six};
use gnomish_mines::dungeon::{Carried, Command, Dungeon, Status, render_run};
use gnomish_mines::generation::{Dir, MineRng};

use crate::fixtures::{kind, place_next_to_player, setup_as};

/// NetHack's two status lines of a run, from `--ascii`'s text.
fn nethack_lines(run: &Dungeon) -> [String; 3] {
    Status::of(run)
        .nethack_lines()
        .expect("a hero's status has NetHack's lines")
}

#[test]
fn each_role_starts_at_u_inits_ac_at_level_1() {
    // u_init.c's kits: the Valkyrie's +3 small shield, the Samurai's splint
    // mail, the Archeologist's leather jacket and fedora, the Barbarian's
    // ring mail, the Caveman's leather armour, the Tourist's shirt.
    for (hero, ac) in [
        ("valkyrie human lawful", 6),
        ("samurai human lawful", 4),
        ("archeologist human lawful", 9),
        ("barbarian human neutral", 7),
        ("caveman human lawful", 8),
        ("tourist human neutral", 10),
    ] {
        let run = Dungeon::new(7, setup_as(hero)).unwrap();
        let [first, second, _] = nethack_lines(&run);
        let role = hero.split(' ').next().unwrap();
        let mut name = role.to_string();
        name[..1].make_ascii_uppercase();
        assert!(first.starts_with(&format!("{name} the ")), "{first}");
        assert!(first.contains(" St:") && first.contains(" Ch:"), "{first}");
        assert!(
            second.contains(&format!(" AC:{ac} Xp:1/0 T:1")),
            "{hero}: {second}"
        );
        // `--ascii` prints both lines.
        let text = render_run(&run, false);
        assert!(text.contains(&first) && text.contains(&second), "{text}");
    }
    let run = Dungeon::new(7, setup_as("valkyrie human lawful")).unwrap();
    let kit: Vec<String> = run
        .player()
        .inventory
        .iter()
        .map(|c| run.describe_carried(c))
        .collect();
    assert_eq!(
        kit[..3],
        [
            "a +1 spear (weapon in hand)",
            "a +0 dagger",
            "an uncursed +3 small shield (being worn)"
        ]
    );
    // Human: Pw 1 (role) + 1 (race); the Valkyrie's 14 + the human's 2 HP.
    let [_, second, _] = nethack_lines(&run);
    assert!(second.contains(" HP:16(16) Pw:2(2) "), "{second}");
}

#[test]
fn attributes_are_dealt_within_init_attrs_bounds() {
    let content = gnomish_mines::dungeon::built_in_content();
    let rows = content.heroes();
    let mut rng = MineRng::from_seed(42);
    for role in &rows.roles {
        for race_id in &role.races {
            let race = rows.races.iter().find(|r| &r.id == race_id).unwrap();
            let (base, max) = (role.attributes, race.attribute_max);
            let mut sums = 0i64;
            let mut strength_past_18 = 0;
            for _ in 0..10_000 {
                let a =
                    attributes::deal(base, role.attribute_odds, race.attribute_min, max, &mut rng);
                let got = [a.0, a.1, a.2, a.3, a.4, a.5];
                let lo = [base.0, base.1, base.2, base.3, base.4, base.5];
                let hi = [max.0, max.1, max.2, max.3, max.4, max.5];
                for i in 0..6 {
                    // vary_init_attr may take 2 off what init_attr dealt.
                    assert!(
                        got[i] >= (lo[i] - 2).max(3) && got[i] <= hi[i],
                        "{} {}: attribute {i} is {} (base {}, most {})",
                        role.id,
                        race.id,
                        got[i],
                        lo[i],
                        hi[i]
                    );
                }
                sums += got.iter().map(|&v| i64::from(v)).sum::<i64>();
                strength_past_18 += usize::from(a.0 > 18);
            }
            // init_attr deals 75 points in all; vary_init_attr moves one
            // attribute in 20 by −2..+4 (on average +1): 75.3.
            let mean = sums as f64 / 10_000.0;
            assert!(
                (74.5..76.5).contains(&mean),
                "{} {}: {mean}",
                role.id,
                race.id
            );
            if role.id == "barbarian" && race.id == "human" {
                assert!(strength_past_18 > 5_000, "18/xx is common for a Barbarian");
            }
        }
    }
    // A gnome's strength stops at 18/50.
    let six = |v| Six(v, v, v, v, v, v);
    let gnome = rows.races.iter().find(|r| r.id == "gnome").unwrap();
    for _ in 0..1000 {
        let a = attributes::deal(six(60), six(16), six(3), gnome.attribute_max, &mut rng);
        assert!(a.0 <= 68);
    }
}

#[test]
fn a_kill_brings_experience_and_a_level() {
    let mut run = Dungeon::new(7, setup_as("valkyrie human lawful")).unwrap();
    let gnome = kind(&run, "gnome");
    // 19 points: one short of level 2.
    run.wizard().gain_experience(19);
    let (hp, max) = (run.player().hp, run.player().max_hp);
    let [_, second, _] = nethack_lines(&run);
    assert!(second.contains(" Xp:1/19 "), "{second}");
    // A gnome of 1 hit point beside her, struck until it dies: 7 points.
    let (m, cell) = place_next_to_player(&mut run, gnome);
    run.wizard().level().monsters_mut()[m].hp = 1;
    let dir = Dir::ALL
        .into_iter()
        .find(|&d| run.player().pos.step(d) == cell)
        .unwrap();
    let mut said = Vec::new();
    for _ in 0..40 {
        run.wizard().set_hp(max, max);
        run.act(Command::Move(dir));
        said.push(run.log().line());
        if said.last().unwrap().contains("You kill") {
            break;
        }
    }
    let said = said.join(" ");
    assert!(said.contains("You kill the gnome!"), "{said}");
    assert!(said.contains("Welcome to experience level 2."), "{said}");
    let g = run.player().growth.as_ref().unwrap();
    assert_eq!((g.level, g.exp), (2, 26));
    // d8 + d2 + Con's bonus, at least 1.
    assert!(run.player().max_hp > max, "{} > {max}", run.player().max_hp);
    assert!(hp <= max);
    let [first, second, _] = nethack_lines(&run);
    assert!(first.starts_with("Valkyrie the Stripling"), "{first}");
    assert!(second.contains(" Xp:2/26 "), "{second}");
    // A level gives a skill slot; level 3 a new rank and stealth.
    run.wizard().gain_experience(40 - 26);
    let said: Vec<&str> = run.log().current().collect();
    assert!(
        said.ends_with(&["Welcome to experience level 3.", "You feel stealthy!"]),
        "{said:?}"
    );
    let [first, ..] = nethack_lines(&run);
    assert!(first.starts_with("Valkyrie the Skirmisher"), "{first}");
    assert_eq!(run.player().growth.as_ref().unwrap().skills.slots, 2);
}

#[test]
fn practice_and_a_slot_let_enhance_advance_a_skill() {
    let mut run = Dungeon::new(7, setup_as("valkyrie human lawful")).unwrap();
    let gnome = kind(&run, "gnome");
    // Nothing to advance yet: `~` lists the skills.
    run.act(Command::Enhance);
    let line = run.log().line();
    assert!(
        line.contains("spear [Basic]") && line.contains("dagger [Basic]"),
        "{line}"
    );
    assert!(line.contains("You can't enhance any skill now."), "{line}");
    // Two levels give two slots; Basic to Skilled needs 80 practice and
    // two slots.
    run.wizard().gain_experience(20);
    run.wizard().gain_experience(20);
    assert_eq!(run.player().growth.as_ref().unwrap().level, 3);
    let (m, cell) = place_next_to_player(&mut run, gnome);
    let dir = Dir::ALL
        .into_iter()
        .find(|&d| run.player().pos.step(d) == cell)
        .unwrap();
    let mut confident = false;
    for _ in 0..600 {
        run.wizard().level().monsters_mut()[m].hp = 1000;
        run.wizard().set_hp(99, 99);
        run.act(Command::Move(dir));
        confident |= run
            .log()
            .line()
            .contains("You feel more confident in your weapon skills.");
        if confident {
            break;
        }
    }
    assert!(confident, "60 hits that did more than 1 train the spear");
    run.act(Command::Enhance);
    assert_eq!(run.log().line(), "You are now more skilled in spear.");
    let g = run.player().growth.as_ref().unwrap();
    let spear = g
        .skills
        .list
        .iter()
        .find(|s| s.skill.name(false) == "spear")
        .unwrap();
    assert_eq!(spear.level.word(), "Skilled");
    assert_eq!(g.skills.slots, 0);
}

#[test]
fn a_heavy_pack_burdens_then_stresses_a_hero() {
    let mut run = Dungeon::new(7, setup_as("valkyrie human lawful")).unwrap();
    let rock = run.content().item_kind("rock").unwrap();
    let g = run.player().growth.as_ref().unwrap();
    let cap = attributes::weight_cap(
        g.attribute(attributes::Attribute::Str),
        g.attribute(attributes::Attribute::Con),
    );
    assert_eq!(run.encumbrance(), Encumbrance::Unencumbered);
    // Rocks weigh 10: enough to pass the capacity by a little.
    run.wizard()
        .give(Carried::new(90_001, rock, (cap / 10) as u32));
    run.act(Command::Search);
    assert_eq!(run.encumbrance(), Encumbrance::Burdened);
    assert!(
        run.log()
            .current()
            .any(|l| l == "Your movements are slowed slightly because of your load."),
        "{}",
        run.log().line()
    );
    let [_, second, _] = nethack_lines(&run);
    assert!(second.ends_with(" Burdened"), "{second}");
    // Half as much again: Stressed, and the stairs up are refused.
    run.wizard()
        .give(Carried::new(90_002, rock, (cap / 20 + 1) as u32));
    run.act(Command::Search);
    assert_eq!(run.encumbrance(), Encumbrance::Stressed);
    let [_, second, _] = nethack_lines(&run);
    assert!(second.ends_with(" Stressed"), "{second}");
    run.act(Command::Up);
    assert_eq!(
        run.log().line(),
        "Your load is too heavy to climb the stairs."
    );
}

#[test]
fn luck_comes_from_a_luckstone_and_goes_with_a_murder() {
    let mut run = Dungeon::new(7, setup_as("valkyrie human lawful")).unwrap();
    assert_eq!(run.luck(), 0);
    let stone = run.content().item_kind("luckstone").unwrap();
    run.wizard().give(Carried::new(90_003, stone, 1));
    assert_eq!(run.luck(), 3, "a carried luckstone adds 3");
    // A peaceful watchman struck (the question answered yes) until he dies:
    // murder, for a lawful hero.
    let watchman = kind(&run, "watchman");
    let me = run.player().pos;
    let cell = crate::fixtures::around(me)
        .find(|&c| run.level().map().is_walkable(c) && run.level().monster_at(c).is_none())
        .unwrap();
    let dir = Dir::ALL.into_iter().find(|&d| me.step(d) == cell).unwrap();
    let guard = gnomish_mines::dungeon::Monster::new(90_004, watchman, cell, 1, true);
    run.wizard().level().monsters_mut().push(guard);
    let mut said = Vec::new();
    for _ in 0..40 {
        run.wizard().set_hp(16, 16);
        run.act(Command::Move(dir));
        if run.is_asking() {
            run.act(Command::Move(Dir::NW));
        }
        said.push(run.log().line());
        if said.last().unwrap().contains("You kill") {
            break;
        }
    }
    let said = said.join(" ");
    assert!(
        said.contains("You kill the watchman!  You murderer!"),
        "{said}"
    );
    assert_eq!(
        run.luck(),
        3 - 2,
        "the luckstone's 3, less 2 for the murder: {said}"
    );
    // Attacking a peaceful costs a point of alignment, killing one that was
    // peaceful (an always peaceful watchman) 3 × at least 5 more.
    let record = run.player().growth.as_ref().unwrap().alignment;
    assert!(record <= -16, "{record}");
    // The nameless hero has no luck to speak of.
    let nameless = Dungeon::new(7, Default::default()).unwrap();
    assert_eq!(nameless.luck(), 0);
    assert!(nameless.player().growth.is_none());
    assert!(Status::of(&nameless).nethack_lines().is_none());
}

#[test]
fn a_hero_prays_as_nethack_times_it() {
    let mut run = Dungeon::new(7, setup_as("valkyrie human lawful")).unwrap();
    // At the start the prayer timeout is 300: even in major trouble a
    // prayer is too soon until it is down to 200, and costs 3 luck.
    run.wizard().set_hp(3, 16);
    run.act(Command::Pray);
    assert!(
        run.log()
            .line()
            .ends_with("You feel that your god is displeased.")
    );
    assert_eq!(run.luck(), -3);
    let timeout = run.player().growth.as_ref().unwrap().prayer_timeout;
    assert!(timeout > 300, "too soon adds to the timeout: {timeout}");
    // Past 200, in major trouble: a Samurai (alignment record 10) is heard;
    // a Valkyrie (record 0, below NetHack's STRIDENT) only when an rnl(2)
    // comes to 0, about half the time.
    let pray_low = |hero: &str, seed: u64| {
        // No monsters: nothing to kill the hero while the turns pass.
        let mut setup = setup_as(hero);
        setup.options.monsters = false;
        let mut r = Dungeon::new(seed, setup).unwrap();
        let max = r.player().max_hp;
        // (A Fast hero's free moves take no turn: wait by the turn.)
        while r.turn() < 110 && !r.is_over() {
            r.wizard().set_hp(max, max);
            r.act(Command::Search);
        }
        r.wizard().set_hp(3, max);
        r.act(Command::Pray);
        let g = r.player().growth.as_ref().unwrap();
        let state = format!("(record {}, luck {})", g.alignment, r.luck());
        format!("{} {state}", r.log().line())
    };
    for seed in 0..10 {
        let said = pray_low("samurai human lawful", seed);
        assert!(
            said.contains("You feel that your god is pleased."),
            "{said}"
        );
        assert!(said.contains("You feel much better."), "{said}");
    }
    let heard = (0..40)
        .filter(|&seed| {
            let said = pray_low("valkyrie human lawful", seed);
            let healed = said.contains("You feel much better.");
            assert!(
                healed || said.contains("You feel that your god is satisfied."),
                "{said}"
            );
            healed
        })
        .count();
    assert!((8..=32).contains(&heard), "{heard} of 40");
}

#[test]
fn the_recorded_demos_still_level_train_and_burden() {
    use crate::cli::{run_ok, stdout};
    let valkyrie = [
        "--role",
        "valkyrie",
        "--race",
        "human",
        "--alignment",
        "lawful",
    ];
    // docs/demos/sparring_enhance.txt: the bot's keys on seed 1 with the
    // sparring content, to the spear's advance at level 3.
    let mut args = valkyrie.to_vec();
    args.extend([
        "--content",
        "docs/demos/sparring.ron",
        "--replay",
        "docs/demos/sparring_enhance.txt",
        "--ascii",
    ]);
    let out = stdout(&run_ok(&args));
    assert!(out.contains("Valkyrie the Skirmisher"), "{out}");
    assert!(out.contains(" AC:6 Xp:3/65 T:128"), "{out}");
    assert!(
        out.contains("message: You are now more skilled in spear."),
        "{out}"
    );
    // docs/demos/burdened.txt: a dwarf's corpse picked up on seed 12.
    let mut args = valkyrie.to_vec();
    args.extend(["--replay", "docs/demos/burdened.txt", "--ascii"]);
    let out = stdout(&run_ok(&args));
    assert!(out.contains(" Xp:1/0 T:5 Burdened\n"), "{out}");
    assert!(
        out.contains("Your movements are slowed slightly because of your load."),
        "{out}"
    );
}

#[test]
fn a_drained_level_takes_its_hit_points_and_power_back() {
    let mut run = Dungeon::new(7, setup_as("valkyrie human lawful")).unwrap();
    let vampire = kind(&run, "vampire");
    let start = run.player().max_hp;
    run.wizard().gain_experience(20).gain_experience(20);
    let g = run.player().growth.as_ref().unwrap();
    assert_eq!(g.level, 3);
    let (third, max) = (g.hp_gains[1], run.player().max_hp);
    run.wizard().drain_level(vampire);
    assert!(run.log().current().any(|l| l == "Goodbye level 3."));
    let g = run.player().growth.as_ref().unwrap();
    // One point short of level 3 again; the stealth level 3 gave is gone.
    assert_eq!((g.level, g.exp), (2, 39));
    assert!(run.log().current().any(|l| l == "You feel less stealthy!"));
    // Not below 10 (NetHack: the level or 10, whichever is more).
    assert_eq!(run.player().max_hp, (max - third).max(10));
    assert!(run.player().max_hp >= start.min(10));
    run.wizard().drain_level(vampire).drain_level(vampire);
    assert!(run.is_over(), "drained at level 1, you die");
}

#[test]
fn kits_are_u_inits_with_their_variants_extras_and_race_kinds() {
    let names = |run: &Dungeon| -> Vec<String> {
        run.player()
            .inventory
            .iter()
            .map(|c| run.describe_carried(c))
            .collect()
    };
    // A dwarf's spear is a dwarvish spear, still +1.
    let dwarf = Dungeon::new(3, setup_as("valkyrie dwarf lawful")).unwrap();
    assert!(
        names(&dwarf)[0].starts_with("a +1 dwarvish spear"),
        "{:?}",
        names(&dwarf)
    );
    // An orc's ring mail is orcish (AC 2: AC 8), and it has two more foods.
    let orc = Dungeon::new(3, setup_as("barbarian orc chaotic")).unwrap();
    let human = Dungeon::new(3, setup_as("barbarian human neutral")).unwrap();
    assert!(
        names(&orc)
            .iter()
            .any(|n| n.contains("orcish ring mail (being worn)"))
    );
    assert_eq!((orc.armour_class(), human.armour_class()), (8, 7));
    let foods = |run: &Dungeon| {
        run.player()
            .inventory
            .iter()
            .filter(|c| run.content().item(c.kind).glyph == '%')
            .map(|c| c.quantity)
            .sum::<u32>()
    };
    assert_eq!(foods(&orc), foods(&human) + 2, "{:?}", names(&orc));
    // Half the Barbarians swing a battle-axe and carry a short sword; one
    // Valkyrie in six carries a lamp.
    let (mut axes, mut lamps) = (0, 0);
    for seed in 0..600 {
        let b = Dungeon::new(seed, setup_as("barbarian human neutral")).unwrap();
        let first = names(&b)[0].clone();
        if first.contains("battle-axe") {
            axes += 1;
            assert!(names(&b)[1].contains("short sword"), "{:?}", names(&b));
        } else {
            assert!(first.contains("two-handed sword"), "{first}");
        }
        let v = Dungeon::new(seed, setup_as("valkyrie human lawful")).unwrap();
        lamps += usize::from(names(&v).iter().any(|n| n.contains("oil lamp")));
    }
    assert!((250..350).contains(&axes), "{axes} of 600");
    assert!((70..130).contains(&lamps), "{lamps} of 600");
}
