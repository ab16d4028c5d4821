//! A real window (under Xvfb in CI): screenshots of the plain and overlay views,
//! checked pixel by pixel. Each needs a display, so each is `#[ignore]`d: a
//! plain `cargo test` counts them as ignored, and `xvfb-run -a cargo test
//! --test it -- --ignored` (as `.ci/run` does) runs them.

// Helpers shared with the demos' tests are unused in a build without a demo.
#![cfg_attr(
    not(all(feature = "overlay", feature = "stages", feature = "fly")),
    allow(unused_imports, dead_code)
)]

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The window tests are `#[ignore]`d, so a plain `cargo test` lists them as
/// not run: run at all (`-- --ignored`, as `.ci/run` does under
/// xvfb-run), they must run, and no display is a failure, not a pass.
fn need_display() {
    assert!(
        std::env::var("DISPLAY").is_ok_and(|d| !d.is_empty()),
        "no DISPLAY: run the window tests under xvfb-run -a"
    );
}

fn out_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Run `shot`, again up to three times while Xvfb refuses the connection:
/// it now and then does under the parallel tests' load (see
/// `wait_for_game`).
fn retried(shot: impl Fn() -> std::process::Output) -> std::process::Output {
    let mut out = shot();
    for _ in 0..3 {
        if !String::from_utf8_lossy(&out.stderr).contains("XOpenDisplayFailed") {
            break;
        }
        out = shot();
    }
    out
}

fn shoot(path: &Path, extra: &[&str]) -> image::RgbImage {
    let _ = std::fs::remove_file(path);
    let seed = if extra.contains(&"--seed") {
        &[][..]
    } else {
        &["--seed", "1"][..]
    };
    let out = retried(|| {
        Command::new(env!("CARGO_BIN_EXE_gnomish-mines"))
            .args(seed)
            .arg("--screenshot")
            .arg(path)
            .args(extra)
            .output()
            .unwrap()
    });
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    image::open(path).expect("a PNG").to_rgb8()
}

#[cfg(feature = "overlay")]
fn colours(img: &image::RgbImage) -> HashSet<[u8; 3]> {
    img.pixels().map(|p| p.0).collect()
}

#[cfg(feature = "overlay")]
#[test]
#[ignore = "needs a display: xvfb-run -a cargo test --test it -- --ignored"]
fn screenshots_show_the_level_and_the_overlay() {
    need_display();
    let dir = out_dir();
    let plain = shoot(&dir.join("plain.png"), &["--reveal"]);
    let overlay = shoot(&dir.join("overlay.png"), &["--overlay"]);
    assert_eq!(plain.dimensions(), (1280, 720));
    assert_eq!(overlay.dimensions(), (1280, 720));
    let (pc, oc) = (colours(&plain), colours(&overlay));
    assert!(pc.len() >= 8, "plain view has {} colours", pc.len());
    assert!(oc.len() >= 8, "overlay has {} colours", oc.len());
    // The stairs' yellow and the wall bricks are on screen.
    assert!(pc.contains(&[255, 220, 60]), "no stairs colour");
    assert!(pc.contains(&[128, 118, 104]), "no wall colour");
    // The overlay shows the provenance colours (pass 1 sky blue, tinted tiles).
    assert!(oc.contains(&[0x56, 0xB4, 0xE9]), "no pass-1 colour");
    let differing = plain
        .pixels()
        .zip(overlay.pixels())
        .filter(|(a, b)| a != b)
        .count();
    assert!(differing > 50_000, "only {differing} pixels differ");
}

fn count(img: &image::RgbImage, colour: [u8; 3]) -> usize {
    img.pixels().filter(|p| p.0 == colour).count()
}

#[cfg(feature = "compare")]
#[test]
#[ignore = "needs a display: xvfb-run -a cargo test --test it -- --ignored"]
fn a_screenshot_of_the_comparison_view_marks_what_pass_2_changed() {
    need_display();
    let dir = out_dir();
    let plain = shoot(&dir.join("compare-plain.png"), &["--reveal"]);
    let compared = shoot(&dir.join("compare.png"), &["--compare-view"]);
    // The marks: floor only here (vermillion), floor only without pass 2
    // (sky blue), walls reshaped (olive); none of them on the plain map.
    for mark in [[0xD5, 0x5E, 0x00], [0x56, 0xB4, 0xE9], [0x99, 0x99, 0x33]] {
        assert_eq!(count(&plain, mark), 0, "{mark:?} on the plain map");
        assert!(count(&compared, mark) > 500, "{mark:?} marks too few cells");
    }
}

#[test]
#[ignore = "needs a display: xvfb-run -a cargo test --test it -- --ignored"]
fn screenshots_show_an_unlit_level_and_monsters_in_view() {
    need_display();
    let dir = out_dir();
    // Seed 1 starts on an unlit level: only the player's neighbours show.
    let unlit = shoot(&dir.join("unlit.png"), &[]);
    let revealed = shoot(&dir.join("revealed.png"), &["--reveal"]);
    let lit_pixels = |img: &image::RgbImage| {
        img.pixels()
            .filter(|p| p.0.iter().map(|&c| c as u32).sum::<u32>() > 120)
            .count()
    };
    // The HUD text is bright in both; the map only in the revealed one.
    let (dark, full) = (lit_pixels(&unlit), lit_pixels(&revealed));
    assert!(
        dark * 3 < full,
        "unlit {dark} vs revealed {full} bright pixels"
    );
    assert!(count(&unlit, [255, 255, 255]) > 20, "the player @ shows");
    assert_eq!(
        count(&unlit, [255, 220, 60]),
        0,
        "stairs out of view stay black"
    );
    // Seed 0 after a step: a gnome in view on a lit level, drawn brown.
    let keys = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/replays/seed_0_monster_in_view.txt"
    );
    let monsters = shoot(
        &dir.join("monsters.png"),
        &["--seed", "0", "--replay", keys],
    );
    assert!(count(&monsters, [196, 140, 72]) > 20, "no gnome on screen");
    assert!(
        count(&revealed, [90, 130, 255]) > 20,
        "M shows the gnome lords of seed 1"
    );
    assert_eq!(
        count(&unlit, [90, 130, 255]),
        0,
        "no monster is in view on seed 1"
    );
}

/// Run the game as `set_up` says with its saves in `saves`: it must refuse
/// with exit code 2 and one line on stderr, which is returned.
fn refused(saves: &Path, set_up: impl FnOnce(&mut Command) -> &mut Command) -> String {
    let mut game = Command::new(env!("CARGO_BIN_EXE_gnomish-mines"));
    game.env("GNOMISH_MINES_SAVE_DIR", saves);
    let out = set_up(&mut game).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    err
}

#[test]
fn a_display_that_cannot_open_is_a_one_line_error() {
    let saves = out_dir().join("saves_untouched");
    let _ = std::fs::remove_dir_all(&saves);
    let err = refused(&saves, |g| g.env("DISPLAY", ":917"));
    assert!(err.contains("display"), "{err}");
    let err = refused(&saves, |g| {
        g.env_remove("DISPLAY").env_remove("WAYLAND_DISPLAY")
    });
    assert!(
        err.contains("neither $WAYLAND_DISPLAY nor $DISPLAY is set"),
        "{err}"
    );
    // A Wayland display that nobody serves, and no X display to fall back to.
    let err = refused(&saves, |g| {
        g.env_remove("DISPLAY")
            .env("WAYLAND_DISPLAY", "gm-nobody-917")
            .env("XDG_RUNTIME_DIR", std::env::temp_dir())
    });
    assert!(
        err.contains("cannot open Wayland display gm-nobody-917"),
        "{err}"
    );
    assert!(
        !saves.exists(),
        "a start that can't open a window touches no save"
    );
}

#[test]
#[ignore = "needs a display: xvfb-run -a cargo test --test it -- --ignored"]
fn frame_times_are_written_a_line_a_frame_and_a_bad_file_is_a_one_line_error() {
    need_display();
    let dir = out_dir();
    let log = dir.join("frame_times.txt");
    let _ = std::fs::remove_file(&log);
    // A screenshot run draws a dozen frames or so and exits; the log is
    // flushed as the app ends.
    shoot(
        &dir.join("frame_times.png"),
        &["--frame-times", log.to_str().unwrap()],
    );
    let text = std::fs::read_to_string(&log).expect("the frame log");
    let times: Vec<f64> = text.lines().map(|l| l.parse().expect(l)).collect();
    assert!(times.len() >= 5, "{} frames logged", times.len());
    assert!(
        times.iter().all(|t| (0.0..60_000.0).contains(t)),
        "{times:?}"
    );
    assert!(times.iter().any(|&t| t > 0.0), "{times:?}");
    // A file that can't be made: one line, exit 2, before any window or save.
    let saves = dir.join("saves_frame_times");
    let _ = std::fs::remove_dir_all(&saves);
    let err = refused(&saves, |g| {
        g.args(["--seed", "1", "--frame-times", "/nonexistent/dir/times.txt"])
    });
    assert!(
        err.contains("--frame-times /nonexistent/dir/times.txt"),
        "{err}"
    );
    assert!(!saves.exists(), "a start that can't log touches no save");
}

#[test]
#[ignore = "needs a display: xvfb-run -a cargo test --test it -- --ignored"]
fn a_window_with_no_graphics_driver_is_a_one_line_error() {
    need_display();
    // Bevy makes the renderer while building its plugins: with no Vulkan
    // driver it panics there, and that must end as our one line, exit 2.
    let out = Command::new(env!("CARGO_BIN_EXE_gnomish-mines"))
        .env("VK_ICD_FILENAMES", "/no/such/driver.json")
        .arg("--screenshot")
        .arg(out_dir().join("never.png"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        !err.contains("panicked") && !err.contains("backtrace"),
        "{err}"
    );
    let ours: Vec<&str> = err
        .lines()
        .filter(|l| l.starts_with("gnomish-mines:"))
        .collect();
    assert_eq!(ours.len(), 1, "{err}");
    assert!(ours[0].contains("could not open the game window"), "{err}");
    assert!(!err.contains("ERROR"), "no driver noise:\n{err}");
}

// ---- saves, in the real game ------------------------------------------------

use std::io::Read;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

/// A save directory of the test's own, emptied.
fn save_root(name: &str) -> PathBuf {
    let root = out_dir().join("saves").join(name);
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).unwrap();
    root
}

/// The game, started with this save directory (and display, if given).
fn game(root: &Path, display: Option<&str>, args: &[&str]) -> Child {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_gnomish-mines"));
    // The player's own options file (a hero, keys) must not change the test.
    cmd.env("GNOMISH_MINES_SAVE_DIR", root)
        .env("XDG_CONFIG_HOME", root.join("config"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    if let Some(d) = display {
        cmd.env("DISPLAY", d);
    }
    cmd.spawn().unwrap()
}

/// Wait (up to 60 s) until `done` holds while the game runs; if it stops or
/// the time runs out, fail with what it said. Under the load of the parallel
/// window tests, Xvfb now and then refuses a connection (winit's
/// `XOpenDisplayFailed`); the game then stops with its one-line error, and is
/// started again, up to three times. Returns what the stopped attempts said.
fn wait_for_game(
    child: &mut Option<Child>,
    respawn: impl Fn() -> Child,
    what: &str,
    mut done: impl FnMut() -> bool,
) -> String {
    let start = Instant::now();
    let mut earlier = String::new();
    let mut retries = 0;
    while !done() {
        let game = child.as_mut().unwrap();
        let stopped = game.try_wait().unwrap().is_some();
        if stopped || start.elapsed() > Duration::from_secs(60) {
            let said = kill(child.take().unwrap());
            if stopped && said.contains("XOpenDisplayFailed") && retries < 3 {
                retries += 1;
                earlier += &said;
                *child = Some(respawn());
                continue;
            }
            panic!(
                "waiting for {what}, the game {}: {earlier}{said}",
                if stopped { "stopped" } else { "hung" }
            );
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    earlier
}

/// Start the game with `start` on `display`, wait for its window and for
/// its journal at `journal`, and give the window the keyboard (the pointer
/// over it, then the focus): the game, ready for keys.
fn focused_game(display: &OwnDisplay, start: impl Fn() -> Child, journal: &Path) -> Option<Child> {
    let mut child = Some(start());
    let mut window = String::new();
    wait_for_game(&mut child, start, "the window", || {
        let found = display.xdotool(&["search", "--name", "^gnomish-mines$"]);
        window = found.lines().next().unwrap_or_default().trim().to_string();
        !window.is_empty()
    });
    wait_for_game(
        &mut child,
        || unreachable!("the window is open"),
        "the journal",
        || journal.exists(),
    );
    display.xdotool(&["mousemove", "640", "360"]);
    display.xdotool(&["windowfocus", &window]);
    child
}

/// SIGKILL, then what the game said on stderr.
fn kill(mut child: Child) -> String {
    child.kill().unwrap();
    child.wait().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    err
}

/// The game's "resumed turn N" line on stderr, whole; then the game is killed.
fn resume_line(child: &mut Child) -> String {
    use std::io::BufRead;
    let stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    let line = stderr
        .lines()
        .map_while(Result::ok)
        .find(|l| l.contains("resumed turn"))
        .unwrap_or_default();
    child.kill().unwrap();
    child.wait().unwrap();
    line
}

fn journal_keys(path: &Path) -> String {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .collect()
}

#[test]
#[ignore = "needs a display: xvfb-run -a cargo test --test it -- --ignored"]
fn an_unusable_autosave_is_kept_aside_and_a_new_run_begins() {
    need_display();
    let hash = gnomish_mines::dungeon::Content::built_in().hash_text();
    let good = |seed: u64| {
        let run = gnomish_mines::dungeon::Dungeon::new(seed, Default::default()).unwrap();
        gnomish_mines::dungeon::journal::journal_text(&run)
    };
    let noise: Vec<u8> = (0..4000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    // This version's format line, as its journals write it.
    let format = good(5)
        .lines()
        .find(|l| l.starts_with("# format:"))
        .unwrap()
        .to_string();
    let cases: [(&str, Vec<u8>, &str); 5] = [
        ("random_bytes", noise, "not a gnomish-mines journal"),
        ("empty", Vec::new(), "the file is empty"),
        (
            "future",
            good(5).replace(&format, "# format: 70").into_bytes(),
            "written by a later version",
        ),
        (
            "past",
            good(5).replace(&format, "# format: 1").into_bytes(),
            "written by an earlier version",
        ),
        (
            "other_content",
            good(5).replace(&hash, "00000000deadbeef").into_bytes(),
            "played with other content",
        ),
    ];
    let display = own_display();
    for (name, bytes, says) in cases {
        let root = save_root(name);
        std::fs::write(root.join("current.journal"), &bytes).unwrap();
        let start = || game(&root, Some(&display.name), &[]);
        let mut child = Some(start());
        // A new run's journal takes the unusable one's place.
        let earlier = wait_for_game(&mut child, start, "the new run's journal", || {
            std::fs::read_to_string(root.join("current.journal"))
                .is_ok_and(|t| t.lines().any(|l| l == format) && !t.contains("deadbeef"))
        });
        let err = earlier + &kill(child.unwrap());
        assert!(
            err.contains("could not be resumed") && err.contains(says),
            "{name}: {err}"
        );
        let kept: Vec<_> = std::fs::read_dir(root.join("unusable")).unwrap().collect();
        assert_eq!(kept.len(), 1, "{name}: kept aside");
        let kept = kept[0].as_ref().unwrap().path();
        assert_eq!(std::fs::read(&kept).unwrap(), bytes, "{name}: unchanged");
        // Named explicitly with --save, the same file is a one-line error.
        let bad = root.join("explicit.journal");
        std::fs::write(&bad, &bytes).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_gnomish-mines"))
            .env("GNOMISH_MINES_SAVE_DIR", &root)
            .arg("--save")
            .arg(&bad)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
        assert!(
            err.contains("cannot resume") && err.contains(says),
            "{name}: {err}"
        );
        assert_eq!(
            std::fs::read(&bad).unwrap(),
            bytes,
            "{name}: left as it was"
        );
    }
}

#[test]
#[ignore = "needs a display: xvfb-run -a cargo test --test it -- --ignored"]
fn a_torn_last_line_is_dropped_and_the_rest_resumed() {
    need_display();
    let root = save_root("torn");
    let mut run = gnomish_mines::dungeon::Dungeon::new(6, Default::default()).unwrap();
    let keys = gnomish_mines::dungeon::parse_keys(".....").unwrap();
    run.play(&keys);
    let text = gnomish_mines::dungeon::journal::journal_text(&run) + "j";
    std::fs::write(root.join("current.journal"), text).unwrap();
    let display = own_display();
    let start = || game(&root, Some(&display.name), &[]);
    let mut child = Some(start());
    let journal = root.join("current.journal");
    // The game cuts the torn bytes off before it appends the next turn.
    wait_for_game(&mut child, start, "the torn line cut off", || {
        std::fs::read_to_string(&journal).is_ok_and(|t| t.ends_with('\n'))
    });
    let line = resume_line(child.as_mut().unwrap());
    assert!(line.contains("resumed turn 6 of seed 6"), "{line}");
    assert_eq!(
        journal_keys(&journal),
        ".....",
        "the five waits, the torn 'j' cut off"
    );
}

/// An Xvfb of the test's own; a test that needs one fails without Xvfb and
/// xdotool.
fn own_display() -> OwnDisplay {
    let tools = ["Xvfb", "xdotool"].iter().all(|t| {
        Command::new("sh")
            .args(["-c", &format!("command -v {t}")])
            .output()
            .is_ok_and(|o| o.status.success())
    });
    assert!(tools, "this test needs Xvfb and xdotool");
    OwnDisplay::start().expect("an Xvfb of our own")
}

/// A display of the test's own: no other test's window takes its keys, and
/// no other test's load keeps its game from connecting.
struct OwnDisplay {
    server: Child,
    name: String,
}

impl OwnDisplay {
    fn start() -> Option<Self> {
        use std::sync::atomic::{AtomicU32, Ordering};
        // Each test its own number, past any display already in use.
        static NEXT: AtomicU32 = AtomicU32::new(90);
        loop {
            let n = NEXT.fetch_add(1, Ordering::Relaxed);
            if n > 300 {
                return None;
            }
            let socket = format!("/tmp/.X11-unix/X{n}");
            let lock = format!("/tmp/.X{n}-lock");
            // A display another server holds is taken; a lock whose server
            // is gone (killed without its cleanup) is stale, and so is its
            // socket: Xvfb takes such a lock over, and the old socket must
            // not pass for the new server's.
            if Path::new(&lock).exists() && lock_is_held(&lock) {
                continue;
            }
            let _ = std::fs::remove_file(&socket);
            let name = format!(":{n}");
            let mut server = Command::new("Xvfb")
                .args([&name, "-screen", "0", "1280x720x24", "-nolisten", "tcp"])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .ok()?;
            let start = Instant::now();
            while !Path::new(&socket).exists() && start.elapsed() < Duration::from_secs(20) {
                if server.try_wait().ok().flatten().is_some() {
                    break; // taken after all: try the next
                }
                std::thread::sleep(Duration::from_millis(50));
            }
            if Path::new(&socket).exists() && server.try_wait().ok().flatten().is_none() {
                return Some(OwnDisplay { server, name });
            }
            let _ = server.kill();
        }
    }

    fn xdotool(&self, args: &[&str]) -> String {
        let out = Command::new("xdotool")
            .env("DISPLAY", &self.name)
            .args(args)
            .output()
            .expect("xdotool runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }
}

impl Drop for OwnDisplay {
    /// SIGTERM first, so the server removes its lock and socket; SIGKILL if
    /// it lingers.
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .arg(self.server.id().to_string())
            .status();
        let start = Instant::now();
        while self.server.try_wait().ok().flatten().is_none()
            && start.elapsed() < Duration::from_secs(5)
        {
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.server.kill();
        let _ = self.server.wait();
    }
}

/// Does a live process hold the X lock file at `lock` (its pid, padded)?
fn lock_is_held(lock: &str) -> bool {
    std::fs::read_to_string(lock)
        .ok()
        .and_then(|text| text.trim().parse::<u32>().ok())
        .is_none_or(|pid| Path::new(&format!("/proc/{pid}")).exists())
}

/// Also: the `--record` file, killed with the game (SIGKILL), holds every
/// turn played and replays to the same end.
#[test]
#[ignore = "needs a display: xvfb-run -a cargo test --test it -- --ignored"]
fn keys_typed_fast_all_land_and_a_killed_game_resumes_where_it_was() {
    need_display();
    let display = own_display();
    let root = save_root("typed");
    let save = root.join("typed.journal");
    let save_arg = save.to_str().unwrap();
    let record = root.join("typed.record");
    let record_arg = record.to_str().unwrap();
    let start = || {
        game(
            &root,
            Some(&display.name),
            &[
                "--save",
                save_arg,
                "--seed",
                "9",
                "--record",
                record_arg,
                "--role",
                "valkyrie",
                "--race",
                "human",
                "--alignment",
                "lawful",
            ],
        )
    };
    let mut child = focused_game(&display, start, &save);
    // Thirty quick taps, 30 ms apart.
    let keys: Vec<&str> = "jjjlllkkkhhhyyubnnjlkhbbuuyynl"
        .split("")
        .filter(|k| !k.is_empty())
        .collect();
    assert_eq!(keys.len(), 30);
    let mut args = vec!["key", "--delay", "30"];
    args.extend(&keys);
    display.xdotool(&args);
    wait_for_game(
        &mut child,
        || unreachable!("the window is open"),
        "30 commands on disk",
        || journal_keys(&save).len() >= 30,
    );
    wait_for_game(
        &mut child,
        || unreachable!("the window is open"),
        "30 commands recorded",
        || journal_keys(&record).len() >= 30,
    );
    let err = kill(child.unwrap());
    assert_eq!(
        journal_keys(&save),
        keys.concat(),
        "every key, in order: {err}"
    );
    assert_eq!(journal_keys(&record), keys.concat(), "the record, killed");
    // The turn they lead to: one per legal move.
    let content = gnomish_mines::dungeon::built_in_content();
    let setup = gnomish_mines::dungeon::RunSetup {
        hero: Some(
            gnomish_mines::dungeon::Hero::parse(content.heroes(), "valkyrie human lawful").unwrap(),
        ),
        ..Default::default()
    };
    let mut run = gnomish_mines::dungeon::Dungeon::new(9, setup).unwrap();
    let took = gnomish_mines::dungeon::parse_keys(&keys.concat())
        .unwrap()
        .into_iter()
        .filter(|&c| run.act(c))
        .count();
    let out = Command::new(env!("CARGO_BIN_EXE_gnomish-mines"))
        .args(["--replay", save_arg, "--ascii"])
        .output()
        .unwrap();
    let ascii = String::from_utf8_lossy(&out.stdout);
    let recorded = Command::new(env!("CARGO_BIN_EXE_gnomish-mines"))
        .args(["--replay", record_arg, "--ascii"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&recorded.stdout),
        ascii,
        "the killed record replays to where the save does: {}",
        String::from_utf8_lossy(&recorded.stderr)
    );
    let turn = 1 + took;
    assert!(
        ascii.starts_with("seed 9  Dlvl 3  level 1 of 8")
            && ascii
                .lines()
                .next()
                .unwrap()
                .ends_with(&format!("turn {turn}")),
        "{ascii}"
    );
    // Started again on that save, the game resumes at that turn.
    let mut again = game(&root, Some(&display.name), &["--save", save_arg]);
    let line = resume_line(&mut again);
    assert!(
        line.contains(&format!("resumed turn {turn} of seed 9")),
        "{line}"
    );
}

#[test]
#[ignore = "needs a display: xvfb-run -a cargo test --test it -- --ignored"]
fn a_new_game_asks_who_you_are_and_plays_that_hero() {
    need_display();
    let display = own_display();
    let root = save_root("pick");
    let journal = root.join("current.journal");
    let start = || game(&root, Some(&display.name), &["--seed", "134"]);
    // Behind the pick screen waits the nameless hero's run, not yet played:
    // its journal is there before a key is pressed.
    let mut child = focused_game(&display, start, &journal);
    // An Archeologist (a), a gnome (g): a gnome is neutral only, so the
    // alignment is not asked; then three moves.
    display.xdotool(&["key", "--delay", "200", "a", "g"]);
    wait_for_game(
        &mut child,
        || unreachable!("the window is open"),
        "the hero's journal",
        || {
            std::fs::read_to_string(&journal)
                .is_ok_and(|t| t.contains("# hero: archeologist gnome neutral"))
        },
    );
    display.xdotool(&["key", "--delay", "100", "period", "period", "s"]);
    wait_for_game(
        &mut child,
        || unreachable!("the window is open"),
        "three turns",
        || journal_keys(&journal).len() >= 3,
    );
    let err = kill(child.unwrap());
    assert_eq!(journal_keys(&journal), "..s", "{err}");
    // The nameless run behind the screen was never played: it left no
    // recording, and the hero's run took its place.
    assert!(!root.join("recordings").exists(), "{err}");
    let out = Command::new(env!("CARGO_BIN_EXE_gnomish-mines"))
        .args(["--replay", journal.to_str().unwrap(), "--ascii"])
        .output()
        .unwrap();
    let ascii = String::from_utf8_lossy(&out.stdout);
    assert!(
        ascii.contains("neutral gnomish Archeologist  HP 12(12)"),
        "{ascii}"
    );
}

#[test]
#[ignore = "needs a display: xvfb-run -a cargo test --test it -- --ignored"]
fn the_tileset_travels_with_the_binary_and_an_own_file_overrides_it() {
    need_display();
    let wall = [128, 118, 104];
    let shot_with_root = |name: &str, root: &Path| {
        let path = out_dir().join(name);
        let _ = std::fs::remove_file(&path);
        let out = retried(|| {
            Command::new(env!("CARGO_BIN_EXE_gnomish-mines"))
                // Not under cargo, and not in the source tree: only the asset root.
                .env_remove("CARGO_MANIFEST_DIR")
                .env("BEVY_ASSET_ROOT", root)
                .args(["--seed", "1", "--reveal", "--screenshot"])
                .arg(&path)
                .output()
                .unwrap()
        });
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        image::open(&path).unwrap().to_rgb8()
    };
    // No assets folder anywhere: the copy compiled into the binary draws.
    let empty = out_dir().join("no_assets");
    std::fs::create_dir_all(&empty).unwrap();
    let embedded = shot_with_root("embedded.png", &empty);
    assert!(count(&embedded, wall) > 1000, "the walls are drawn");
    // A tileset of one's own, its bricks magenta, beside the game.
    let own = out_dir().join("own_assets");
    std::fs::create_dir_all(own.join("assets")).unwrap();
    let mut tiles = image::open(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/tiles.png"))
        .unwrap()
        .to_rgba8();
    for p in tiles.pixels_mut() {
        if p.0[..3] == wall {
            p.0 = [200, 0, 200, 255];
        }
    }
    tiles.save(own.join("assets/tiles.png")).unwrap();
    let overridden = shot_with_root("own_tiles.png", &own);
    assert!(
        count(&overridden, [200, 0, 200]) > 1000,
        "one's own tiles are drawn"
    );
    assert_eq!(count(&overridden, wall), 0);
}

/// Minetown and Mines' End in the window, as `--depth D --screenshot` draws
/// them (the whole level shown), each with its own colours, against the filler
/// before it. Seed 1's run: Minetown is level 3, Mines' End level 9.
#[test]
#[ignore = "needs a display: xvfb-run -a cargo test --test it -- --ignored"]
fn screenshots_show_minetown_and_mines_end_in_their_own_colours() {
    need_display();
    let dir = out_dir();
    let filler = shoot(&dir.join("filler-2.png"), &["--depth", "2"]);
    let town = shoot(&dir.join("minetown.png"), &["--depth", "3"]);
    let end = shoot(&dir.join("mines-end.png"), &["--depth", "9"]);
    // The tileset's own pixels (tools/make_tileset.py): the altar's stone and
    // the fountain's water; the shop's wares are sprites in their content
    // colours: a wax candle and an oil lamp.
    const ALTAR: [u8; 3] = [190, 190, 210];
    const WATER: [u8; 3] = [90, 160, 255];
    const DOOR: [u8; 3] = [150, 96, 44];
    const CANDLE: [u8; 3] = [250, 250, 235];
    const LAMP: [u8; 3] = [255, 200, 60];
    let counts = |img: &image::RgbImage| [ALTAR, WATER, DOOR, CANDLE, LAMP].map(|c| count(img, c));
    let (f, t, e) = (counts(&filler), counts(&town), counts(&end));
    let why = format!("altar, water, door, candle, lamp: filler {f:?}, town {t:?}, end {e:?}");
    // Seed 1's Minetown is Bustling Town: one altar, two fountains, a dozen
    // doors, the candle shop's candles.
    assert!(t[0] >= 40, "{why}");
    assert!(t[1] >= 2 * 30, "{why}");
    assert!(t[2] >= 4 * 100, "{why}");
    assert!(t[3] >= 3 * 15, "{why}");
    // No altar, fountain or door in the filler.
    assert_eq!(f[..3], [0, 0, 0], "{why}");
    // Its Mines' End is the Gnome King's wine cellar: NetHack's one fountain,
    // no altar, no door to be seen (its secret doors look like wall), and no
    // shop's candles or lamps.
    // (The fountain's rim shares the altar's stone colour.)
    assert!(e[1] >= 30 && e[0] < t[0], "{why}");
    assert_eq!(e[2..], [0, 0, 0], "{why}");
    // The status bar names the level kinds; the three views differ.
    for (a, b) in [(&filler, &town), (&town, &end), (&filler, &end)] {
        let differing = a.pixels().zip(b.pixels()).filter(|(p, q)| p != q).count();
        assert!(differing > 20_000, "only {differing} pixels differ");
    }
}
