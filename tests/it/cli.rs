//! The headless command line, run as a real process.

use std::process::{Command, Output};

pub(crate) fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gnomish-mines"))
        .args(args)
        .output()
        .expect("the binary runs")
}

pub(crate) fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

/// Bad input: exit 2, one line on stderr, nothing on stdout, no panic.
pub(crate) fn run_ok(args: &[&str]) -> Output {
    let o = run(args);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    o
}

pub(crate) fn assert_refused(args: &[&str], says: &str) {
    let o = run(args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: one line, got {err:?}");
    assert!(err.contains(says), "{args:?}: {err:?} should say {says:?}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(o.stdout.is_empty());
}

#[test]
fn ascii_matches_the_golden_level() {
    let o = run(&["--seed", "1", "--ascii"]);
    assert_eq!(o.status.code(), Some(0));
    let golden = include_str!("../golden/seed_1_ascii.txt");
    assert_eq!(stdout(&o), golden);
}

#[test]
fn ascii_is_21_lines_of_nethack_glyphs() {
    for seed in ["0", "7", "18446744073709551615"] {
        let o = run(&["--seed", seed, "--ascii"]);
        assert_eq!(o.status.code(), Some(0));
        let text = stdout(&o);
        assert_eq!(text.lines().count(), 21);
        assert!(text.lines().all(|l| l.chars().count() <= 80));
        assert!(text.chars().all(|c| " .-|<>\n".contains(c)));
        assert_eq!(text.matches('<').count(), 1);
        assert_eq!(text.matches('>').count(), 1);
    }
}

#[test]
fn stages_prints_six_grids_of_exact_width() {
    let o = run(&["--seed", "3", "--stages", "--width", "50", "--height", "12"]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6 * 13);
    for (i, name) in ["init", "pass1", "pass2", "pass3", "pass4", "joined"]
        .iter()
        .enumerate()
    {
        assert_eq!(lines[i * 13], format!("stage {name}"));
        for row in &lines[i * 13 + 1..(i + 1) * 13] {
            assert_eq!(row.len(), 50);
            assert!(row.chars().all(|c| c == '.' || c == '#'));
        }
    }
    // The init grid has exactly the fill count: (48 * 11 * 2) / 5 = 211.
    let init_floor: usize = lines[1..13].iter().map(|r| r.matches('.').count()).sum();
    assert_eq!(init_floor, 211);
}

#[test]
fn switches_change_the_stages() {
    let all = stdout(&run(&["--seed", "3", "--stages"]));
    let no_pass2 = stdout(&run(&["--seed", "3", "--stages", "--no-pass2"]));
    let no_join = stdout(&run(&["--seed", "3", "--stages", "--no-join"]));
    assert_ne!(all, no_pass2);
    let grids = |t: &str| t.split("stage ").map(str::to_owned).collect::<Vec<_>>();
    let (a, b) = (grids(&all), grids(&no_pass2));
    assert_eq!(a[1..3], b[1..3], "init and pass1 are unchanged");
    let nj = grids(&no_join);
    assert_eq!(
        nj[5].replacen("pass4", "", 1),
        nj[6].replacen("joined", "", 1)
    );
}

#[test]
fn stats_are_readable() {
    let o = run(&["--seed", "1", "--stats"]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    for word in [
        "seed 1",
        "init",
        "pass1",
        "pass4",
        "joined",
        "regions",
        "specks erased",
        "corridors",
        "corridor cells",
    ] {
        assert!(text.contains(word), "missing {word:?} in\n{text}");
    }
    assert!(text.contains("624"), "the fill count");
}

#[test]
fn bad_input_is_refused_in_one_line() {
    assert_refused(&["--seed", "-5", "--ascii"], "not a seed");
    assert_refused(&["--seed", "abc", "--ascii"], "not a seed");
    assert_refused(&["--seed", "18446744073709551616", "--ascii"], "not a seed");
    assert_refused(&["--width", "9", "--ascii"], "too small");
    assert_refused(&["--height", "3", "--stats"], "too small");
    assert_refused(&["--width", "16385", "--ascii"], "too large");
    assert_refused(&["--width", "-80", "--ascii"], "not a size");
    assert_refused(&["--bogus"], "unexpected argument");
    assert_refused(&["--stage", "pass9", "--ascii"], "invalid value");
}

#[test]
fn help_lists_the_flags() {
    let o = run(&["--help"]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    for flag in [
        "--seed",
        "--width",
        "--height",
        "--ascii",
        "--stages",
        "--stats",
        "--no-pass1",
        "--no-join",
        "--unlimited-regions",
        "--overlay",
        "--stage",
        "--screenshot",
    ] {
        assert!(text.contains(flag), "{flag}");
    }
}

#[test]
fn replay_prints_the_same_end_state_every_time() {
    let keys = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/replays/seed_0_monster_in_view.txt"
    );
    let a = run(&["--seed", "0", "--replay", keys, "--ascii"]);
    let b = run(&["--seed", "0", "--replay", keys, "--ascii"]);
    assert_eq!(a.status.code(), Some(0));
    assert_eq!(stdout(&a), stdout(&b));
    let text = stdout(&a);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "seed 0  Dlvl 5  level 1 of 9  lit  turn 2");
    let hp = gnomish_mines::dungeon::Content::built_in().player().hp;
    assert_eq!(lines[1], format!("HP {hp}({hp})  gold 0  gems 0  playing"));
    assert_eq!(lines.len(), 3 + 21);
    let map = lines[3..].join("\n");
    assert_eq!(map.matches('@').count(), 1);
    assert!(map.contains('G'), "a gnome in view:\n{map}");
    // Revealed, every monster of the level shows.
    let all = stdout(&run(&[
        "--seed", "0", "--replay", keys, "--ascii", "--reveal",
    ]));
    let monsters = all.chars().filter(|c| "Gh".contains(*c)).count();
    assert!((12..=14).contains(&monsters), "{monsters}");
}

#[test]
fn a_bad_replay_file_is_refused() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let bad = dir.join("bad_keys.txt");
    std::fs::write(&bad, "hjkl\nhjQ\n").unwrap();
    assert_refused(
        &["--replay", bad.to_str().unwrap(), "--ascii"],
        "line 2, column 3: 'Q' is not a key",
    );
    assert_refused(&["--replay", "/no/such/keys.txt", "--ascii"], "cannot read");
}

#[test]
fn a_bad_options_file_is_one_line_naming_where_before_any_window() {
    let dir = std::env::temp_dir().join(format!("gm-options-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p.to_str().unwrap().to_string()
    };
    let bad = write("bad.ron", "(\n  history_page: 20,\n  kes: {},\n)\n");
    assert_refused(&["--options", &bad], "bad.ron:3:3: ");
    assert_refused(&["--options", &bad], "kes");
    // A key the window's overlay has (the terminal has no overlay key).
    if cfg!(feature = "play") {
        let clash = write("clash.ron", "(keys: {\"Explore\": \"o\"})");
        assert_refused(&["--options", &clash], "already ToggleOverlay's");
    }
    let verb = write("verb.ron", "(keys: {\"Fly\": \"x\"})");
    assert_refused(&["--options", &verb], "no verb 'Fly'");
    let hero = write(
        "hero.ron",
        "(hero: Some((role: \"samurai\", race: Some(\"gnome\"))))",
    );
    assert_refused(&["--options", &hero], "options: hero:");
    assert_refused(
        &["--options", "/nonexistent/options.ron"],
        "options /nonexistent/options.ron",
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// `--screenshot` with `--tui`: the terminal's screen as text in its colour
/// codes, the views' flags taken; a `.png` path gets the text beside it and
/// a picture, or, without the tools, exit 2 with the text kept.
#[test]
fn the_terminal_screenshot_is_its_screen_as_text() {
    let dir = std::env::temp_dir().join(format!("gm-tui-shot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let shot = |path: &std::path::Path, more: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_gnomish-mines"))
            .args([
                "--tui", "--seed", "5", "--role", "valkyrie", "--race", "human",
            ])
            .args(["--alignment", "lawful", "--reveal", "--screenshot"])
            .arg(path)
            .args(more)
            .env("XDG_CONFIG_HOME", dir.join("config"))
            .env("GNOMISH_MINES_SAVE_DIR", dir.join("save"))
            .env("COLORTERM", "truecolor")
            .output()
            .unwrap()
    };
    let text = dir.join("overlay.txt");
    let o = shot(&text, &["--overlay"]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let screen = std::fs::read_to_string(&text).unwrap();
    let plain: Vec<String> = screen
        .lines()
        .map(|l| {
            let mut out = String::new();
            let mut in_code = false;
            for c in l.chars() {
                match c {
                    '\x1b' => in_code = true,
                    'm' if in_code => in_code = false,
                    _ if !in_code => out.push(c),
                    _ => {}
                }
            }
            out
        })
        .collect();
    assert_eq!(plain.len(), 24, "80 × 24 with no terminal");
    assert!(plain[21].starts_with("stages: "), "{}", plain[21]);
    assert!(plain.iter().any(|l| l.contains('@')));
    assert!(screen.contains("\x1b[0;"), "the colours as escape codes");
    assert!(screen.contains(";48;2;"), "24-bit backgrounds: the overlay");
    // The saves are untouched: nothing was played.
    assert!(!dir.join("save").join("current.journal").exists());
    // A picture, when the tools are here; else said, the text kept.
    let png = dir.join("stage.png");
    let o = shot(&png, &["--stage", "pass1"]);
    let beside = std::fs::read_to_string(dir.join("stage.txt")).unwrap();
    assert!(beside.contains("Stage pass1"), "{beside}");
    match o.status.code() {
        Some(0) => assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG")),
        Some(2) => {
            let err = String::from_utf8_lossy(&o.stderr);
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(err.contains("as text, but no PNG"), "{err}");
        }
        other => panic!("{other:?}: {}", String::from_utf8_lossy(&o.stderr)),
    }
    // Only the window's frame times are the window's alone.
    assert_refused(
        &["--tui", "--frame-times", "t.txt"],
        "--frame-times measures the window's frames",
    );
    let _ = std::fs::remove_dir_all(&dir);
}
