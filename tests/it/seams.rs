//! The places an author changes things: a level drawn by hand (no cave
//! history), pipelines of any length, content from a file, `--depth`, and
//! key files whose header names what they were played with.

use std::path::PathBuf;
use std::sync::Arc;

use gnomish_mines::dungeon::content::BUILT_IN;
use gnomish_mines::dungeon::{Command, Content, Dungeon, RunSetup, render_level};
use gnomish_mines::generation::{Dir, LevelMap, Pipeline, Pos, Tile};

use crate::bot::walk_to;
use crate::cli::{assert_refused, run, run_ok, stdout};
use crate::fixtures::{SIX, VAULT, content_with_vault};

fn vault_setup() -> RunSetup {
    RunSetup {
        content: Arc::new(Content::parse(&content_with_vault()).unwrap()),
        ..RunSetup::default()
    }
}

#[test]
fn a_drawn_level_plays_like_a_generated_one() {
    let mut r = Dungeon::new(1, vault_setup()).unwrap();
    r.wizard().set_hp(1_000_000, 1_000_000);
    assert!(r.history().is_some(), "level 1 is a generated filler");
    let down = r.level().down_stairs().unwrap();
    walk_to(&mut r, down);
    assert!(r.act(Command::Down));
    assert_eq!(r.depth(), 2);
    let n = r.level_count();
    assert_eq!(r.level_title(2), format!("The Vault (level 2 of {n})"));
    // No cave history; the map is the drawing, stairs and all, its walls
    // joined up: corners at the corners, the pillar a block of its own.
    assert!(r.history().is_none());
    let mut drawn = LevelMap::from_rows(&VAULT).unwrap();
    gnomish_mines::generation::fix_wall_types(&mut drawn);
    assert_eq!(r.map().tiles(), drawn.tiles());
    assert_eq!(r.map().tile(Pos::new(0, 0)), Tile::TopLeftCorner);
    assert_eq!(r.map().tile(Pos::new(11, 6)), Tile::BottomRightCorner);
    assert_eq!(r.map().tile(Pos::new(4, 3)), Tile::HWall);
    assert_eq!(r.player().pos, Pos::new(2, 2), "arrived on the '<'");
    // Lit: the room is in view from the stairs, but not behind the pillar at
    // (4, 3): the line to (10, 5) passes (4, 2.75), in the pillar's cell.
    assert!(r.level().lit());
    assert!(r.is_visible(Pos::new(10, 1)) && r.is_visible(Pos::new(10, 2)));
    assert!(r.is_visible(Pos::new(1, 5)));
    assert!(!r.is_visible(Pos::new(10, 5)));
    // The gnome was placed where the stairs can't see it: behind the pillar.
    let made = r.level_as_made(2).unwrap();
    let gnome = made.monsters()[0].pos;
    let mut from_stairs = Vec::new();
    gnomish_mines::dungeon::line_of_sight_on(made.map(), made.up_stairs(), |p| from_stairs.push(p));
    assert!(
        !from_stairs.contains(&gnome),
        "{gnome} is in view of the stairs"
    );
    assert!(gnome.x > 4 && gnome.y >= 3, "{gnome} is behind the pillar");
    assert_eq!(made.map().tile(gnome), Tile::Floor);
    // The room walks and its walls block.
    assert!(r.act(Command::Move(Dir::W)));
    assert_eq!(r.player().pos, Pos::new(1, 2));
    assert!(!r.act(Command::Move(Dir::W)), "a wall takes no turn");
    assert_eq!(r.player().pos, Pos::new(1, 2));
    let to = r.level().down_stairs().unwrap();
    walk_to(&mut r, to);
    assert!(r.act(Command::Down));
    assert_eq!(r.depth(), 3);
    assert!(r.history().is_some());
    let up = r.level().up_stairs();
    walk_to(&mut r, up);
    assert!(r.act(Command::Up));
    assert_eq!(r.depth(), 2);
    assert_eq!(r.player().pos, Pos::new(10, 2), "back on the vault's '>'");
}

#[test]
fn the_plan_puts_each_kind_at_its_depth() {
    for seed in 0..50 {
        let r = Dungeon::new(seed, vault_setup()).unwrap();
        let content = r.content();
        let kinds: Vec<&str> = (1..=r.level_count())
            .map(|d| content.kind_name(r.kind_at(d)))
            .collect();
        let n = kinds.len();
        assert!(n == 8 || n == 9, "{kinds:?}");
        assert_eq!(kinds[1], "vault");
        let ends = crate::town::kinds_of(&r, "mines_end");
        assert!(ends.iter().any(|e| e == kinds[n - 1]), "{kinds:?}");
        let towns = crate::town::kinds_of(&r, "minetown");
        let town = kinds
            .iter()
            .position(|&k| towns.iter().any(|t| t == k))
            .unwrap()
            + 1;
        assert!(town == 3 || town == 4, "{kinds:?}");
        for (d, k) in kinds.iter().enumerate() {
            if ![2, town, n].contains(&(d + 1)) {
                assert_eq!(*k, "filler", "{kinds:?}");
            }
        }
    }
}

#[test]
fn a_level_map_keeps_its_stairs_in_step_with_its_tiles() {
    let mut map = LevelMap::from_rows(&VAULT).unwrap();
    assert_eq!(map.up_stairs(), Some(Pos::new(2, 2)));
    assert_eq!(map.down_stairs(), Some(Pos::new(10, 2)));
    // Covering a staircase removes it; placing one moves it.
    map.set_tile(Pos::new(10, 2), Tile::Floor);
    assert_eq!(map.down_stairs(), None);
    map.set_tile(Pos::new(5, 4), Tile::DownStairs);
    assert_eq!(map.down_stairs(), Some(Pos::new(5, 4)));
    map.set_tile(Pos::new(6, 4), Tile::UpStairs);
    assert_eq!(map.up_stairs(), Some(Pos::new(6, 4)));
    assert_eq!(
        map.tile(Pos::new(2, 2)),
        Tile::Floor,
        "the old '<' is floor"
    );
    let ups = map.tiles().iter().filter(|&&t| t == Tile::UpStairs).count();
    assert_eq!(ups, 1);
    // Index and position agree, and off the map is rock.
    for p in map.cells() {
        assert_eq!(map.pos(map.index(p)), p);
    }
    assert_eq!(map.tile(Pos::new(-1, 3)), Tile::Rock);
    assert_eq!(map.tile(Pos::new(3, 99)), Tile::Rock);
    assert!(LevelMap::from_rows(&["<<"]).is_err(), "two up staircases");
    assert!(LevelMap::from_rows(&[".x."]).is_err(), "not a glyph");
}

// ---- the command line ------------------------------------------------------

fn tmp(name: &str, text: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn depth_prints_a_level_as_first_made_with_everything_on_it() {
    let o = run(&["--seed", "1", "--depth", "1", "--ascii"]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    // The map is the generator's (the golden file) wherever no one stands.
    let golden = include_str!("../golden/seed_1_ascii.txt");
    let mut things = 0;
    assert_eq!(text.lines().next(), Some("level 1 of 9"));
    for (row, gold) in text.lines().skip(1).zip(golden.lines()) {
        let gold: Vec<char> = gold.chars().collect();
        for (x, c) in row.chars().enumerate() {
            if "Gh*$^0()[%!?".contains(c) {
                things += 1;
                assert_eq!(gold[x], '.', "things stand on floor");
            } else {
                assert_eq!(Some(&c), gold.get(x).or(Some(&' ')), "{row}");
            }
        }
    }
    assert!(things >= 14 + 6, "{things} monsters, items and six traps");
    assert_eq!(text.matches('^').count(), 6, "six traps, every one shown");
    assert!(!text.contains('@'), "no player");
    // The same as the library's rendering of that level.
    let run = Dungeon::new(1, RunSetup::default()).unwrap();
    let level = run.level_as_made(1).unwrap();
    assert_eq!(
        text,
        format!("level 1 of 9\n{}", render_level(&level, run.content()))
    );
    // The bottom level: no down stairs, the gray stones among the gems.
    let bottom = run.level_count().to_string();
    let end = stdout(&run_ok(&["--seed", "1", "--depth", &bottom, "--ascii"]));
    assert!(!end.contains('>') && end.contains('<') && end.contains('*'));
    let stats = stdout(&run_ok(&[
        "--seed", "1", "--depth", "3", "--stats", "--stages",
    ]));
    assert!(stats.contains("stage pass2") && stats.contains("regions"));
}

#[test]
fn depth_outside_the_run_is_refused() {
    assert_refused(
        &["--depth", "10", "--ascii"],
        "--depth 10: run 1 has 9 levels (1 to 9)",
    );
    assert_refused(&["--depth", "0", "--ascii"], "has 9 levels");
    assert_refused(&["--depth", "x", "--ascii"], "invalid value");
    // --stage names a stage of the level --depth shows: Mines' End is drawn
    // and has none.
    let shot = tmp("never-written.png", "");
    let _ = std::fs::remove_file(&shot);
    let shot = shot.to_str().unwrap();
    assert_refused(
        &["--depth", "9", "--stage", "pass2", "--screenshot", shot],
        "level 9 is drawn, not generated, so it has no stages",
    );
    assert!(!std::path::Path::new(shot).exists());
}

#[test]
fn a_drawn_level_prints_and_says_it_has_no_stages() {
    let content = tmp("vault.ron", &content_with_vault());
    let c = content.to_str().unwrap();
    let text = stdout(&run_ok(&["--content", c, "--depth", "2", "--ascii"]));
    // The level's name, then its rows.
    assert!(text.starts_with("The Vault (level 2 of "), "{text}");
    assert_eq!(text.lines().count(), VAULT.len() + 1);
    assert_eq!(text.lines().nth(1), Some(VAULT[0]));
    assert_eq!(text.matches('G').count(), 1, "{text}");
    let stages = stdout(&run_ok(&[
        "--content",
        c,
        "--depth",
        "2",
        "--stages",
        "--stats",
    ]));
    assert!(
        stages.contains("no stages: this level was built"),
        "{stages}"
    );
    assert!(stages.contains("no cave history"), "{stages}");
}

#[test]
fn a_broken_content_file_names_line_and_column() {
    let broken = tmp("broken.ron", "(\n  welcome: \"hi\",\n  player: nope,\n)");
    assert_refused(
        &["--content", broken.to_str().unwrap(), "--ascii"],
        "broken.ron: line 3, column",
    );
    let bad_ref = tmp(
        "bad_ref.ron",
        &BUILT_IN.replacen("one_of: [\"dwarf\"]", "one_of: [\"dwarff\"]", 1),
    );
    assert_refused(
        &["--content", bad_ref.to_str().unwrap(), "--ascii"],
        "no monster with id 'dwarff'",
    );
    let bad_pipe = tmp(
        "bad_pipe.ron",
        &BUILT_IN.replacen("inplace:RRRKKFFFF", "inplace:RRRKKFFF", 1),
    );
    assert_refused(
        &["--content", bad_pipe.to_str().unwrap(), "--ascii"],
        "8 fates, need 9",
    );
    assert_refused(&["--content", "/no/such.ron", "--ascii"], "cannot read");
}

#[test]
fn other_content_plays_other_numbers() {
    // A kinder content file: gnome lords and dwarves of one hit die that hit
    // for 1. One d8 fewer is drawn for each, so every monster placed after
    // the first of them stands elsewhere; the map is the same.
    let rows = [
        "level: 3, speed: 8, ac: 10, hit_dice: 2, damage: 8",
        "level: 2, speed: 6, ac: 10, hit_dice: 2, damage: 8, weapon_attack: true, frequency: 3",
    ];
    let mut kinder = BUILT_IN.to_string();
    for from in rows {
        assert_eq!(
            BUILT_IN.matches(from).count(),
            1,
            "the gnome lord's or the dwarf's row: {from}"
        );
        let to = from.replace("hit_dice: 2, damage: 8", "hit_dice: 1, damage: 1");
        kinder = kinder.replace(from, &to);
    }
    let kind = tmp("kind.ron", &kinder);
    let a = stdout(&run_ok(&["--seed", "4", "--depth", "1", "--ascii"]));
    let b = stdout(&run_ok(&[
        "--seed",
        "4",
        "--depth",
        "1",
        "--ascii",
        "--content",
        kind.to_str().unwrap(),
    ]));
    // (Traps and boulders keep off the cells monsters take, so they move too.)
    let strip = |t: &str| t.replace(['G', 'h', '*', '^', '"', '0'], ".");
    assert_eq!(strip(&a), strip(&b), "the same map");
    assert_ne!(a, b, "the kinder file changed nothing: was it played?");
    // What was printed is that file's run, and its numbers are in it.
    let setup = RunSetup {
        content: Arc::new(Content::parse(&kinder).unwrap()),
        ..RunSetup::default()
    };
    let run = Dungeon::new(4, setup).unwrap();
    let level = run.level_as_made(1).unwrap();
    assert_eq!(
        b.split_once('\n').unwrap().1,
        render_level(&level, run.content())
    );
    let mut kinder_met = 0;
    for m in level.monsters() {
        let row = run.content().monster(m.kind);
        if ["gnome_lord", "dwarf"].contains(&row.id.as_str()) {
            assert_eq!((row.hit_dice, row.damage), (1, 1), "{}", row.id);
            assert!(
                (1..=8).contains(&m.hp),
                "{}: {} hit points from one d8",
                row.id,
                m.hp
            );
            kinder_met += 1;
        }
    }
    assert!(
        kinder_met >= 3,
        "the filler's gnome lord and two dwarves: {kinder_met}"
    );
}

#[test]
fn a_replay_is_refused_with_other_content_and_takes_its_header() {
    // A file with no header was played with the built-in content.
    let keys = tmp("plain_keys.txt", "jjkk\n");
    let other = tmp("other.ron", &BUILT_IN.replace("Welcome to", "Welcome, to"));
    let (k, o) = (keys.to_str().unwrap(), other.to_str().unwrap());
    assert_refused(
        &["--replay", k, "--content", o, "--ascii"],
        "was played with other content",
    );
    // A header gives the seed, size and options; the command line needn't.
    let hash = Content::built_in().hash_text();
    let recorded = tmp(
        "recorded_header.txt",
        &format!(
            "# gnomish-mines --seed 0 --no-monsters --replay x\n# seed: 0\n# size: 80x21\n\
             # monsters: off\n# content: {hash}\nbnnjn\n"
        ),
    );
    let r = recorded.to_str().unwrap();
    let text = stdout(&run_ok(&["--replay", r, "--ascii", "--reveal"]));
    assert!(text.starts_with("seed 0  Dlvl 5  level 1 of 9"), "{text}");
    assert!(
        !text.contains('G') && !text.contains('h'),
        "no monsters:\n{text}"
    );
    assert_refused(
        &["--replay", r, "--seed", "5", "--ascii"],
        "--seed 5 contradicts",
    );
    let wrong = tmp("wrong_content.txt", "# content: 0123456789abcdef\nj\n");
    assert_refused(
        &["--replay", wrong.to_str().unwrap(), "--ascii"],
        "other content (FNV-1a 0123456789abcdef)",
    );
}

#[test]
fn a_six_pass_pipeline_runs_in_every_mode() {
    let text = stdout(&run_ok(&["--seed", "3", "--pipeline", SIX, "--stages"]));
    let names: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("stage "))
        .collect();
    assert_eq!(
        names,
        [
            "init", "pass1", "pass2", "pass3", "pass4", "smooth1", "smooth2", "joined"
        ]
    );
    let stats = stdout(&run_ok(&["--seed", "3", "--pipeline", SIX, "--stats"]));
    assert!(stats.contains("smooth2"), "{stats}");
    run_ok(&["--pipeline", SIX, "--stage", "smooth2", "--ascii"]);
    run_ok(&["--pipeline", SIX, "--depth", "8", "--ascii"]);
    assert_refused(
        &["--stage", "smooth2", "--ascii"],
        "invalid value 'smooth2'",
    );
    // With --depth, the stages are the made level's: a filler's, listed.
    assert_refused(
        &[
            "--seed", "3", "--depth", "1", "--stage", "smooth2", "--ascii",
        ],
        "level 1's stages are init, pass1, pass2, pass3, pass4, joined",
    );
    run_ok(&[
        "--seed",
        "3",
        "--pipeline",
        SIX,
        "--depth",
        "1",
        "--stage",
        "smooth2",
        "--ascii",
    ]);
    // Skipping: a pass dropped, the others keep their names.
    let skipped = stdout(&run_ok(&["--seed", "3", "--skip-pass", "2", "--stages"]));
    assert!(!skipped.contains("stage pass2") && skipped.contains("stage pass3"));
    assert_eq!(
        skipped,
        stdout(&run_ok(&["--seed", "3", "--no-pass2", "--stages"]))
    );
    assert_refused(
        &["--skip-pass", "5", "--ascii"],
        "there is no pass 5 to skip",
    );
    assert_refused(
        &[
            "--pipeline",
            "inplace:RRRKKFFFF buffered:KKKKKRKK",
            "--ascii",
        ],
        "word 2 'buffered:KKKKKRKK' (column 19): 8 fates, need 9",
    );
    // The notation of NetHack's own pipeline gives NetHack's level.
    let nethack = stdout(&run_ok(&[
        "--seed",
        "1",
        "--pipeline",
        Pipeline::NETHACK,
        "--ascii",
    ]));
    assert_eq!(nethack, include_str!("../golden/seed_1_ascii.txt"));
}

#[test]
fn the_manual_tables_are_the_content_rows() {
    let manual = include_str!("../../docs/playing.md");
    let (start, end) = ("<!-- content:start -->\n", "<!-- content:end -->");
    let from = manual
        .find(start)
        .expect("docs/playing.md marks its content tables")
        + start.len();
    let to = manual[from..].find(end).expect("an end marker") + from;
    let want = Content::built_in().markdown_tables();
    assert_eq!(
        &manual[from..to],
        want,
        "docs/playing.md's content tables are stale; paste these between the markers:\n{want}"
    );
}
