//! The terminal front end played in a real terminal: tmux runs the binary
//! with `--tui`, keys go in with `send-keys` and the screen comes out with
//! `capture-pane`. It needs tmux, so it is `#[ignore]`d: a plain `cargo test`
//! counts it as ignored, and `cargo test --test it -- --ignored` (as
//! `.ci/run` does) runs it.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use gnomish_mines::dungeon::{Dungeon, built_in_content};

/// Run at all, the terminal test must run: no tmux is a failure.
fn need_tmux() {
    assert!(
        Command::new("tmux").arg("-V").output().is_ok(),
        "the terminal test needs tmux"
    );
}

/// A tmux server of the test's own (its own socket), a pane of 80 x 24.
struct Pane {
    socket: String,
    dir: PathBuf,
}

impl Pane {
    /// Start `script` (a shell line) in a new 80 x 24 pane.
    fn start(name: &str, script: &str) -> Pane {
        let dir = std::env::temp_dir().join(format!("gm-tui-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("save")).unwrap();
        std::fs::create_dir_all(dir.join("config")).unwrap();
        let pane = Pane {
            socket: format!("gm-tui-{name}-{}", std::process::id()),
            dir,
        };
        pane.tmux(&[
            "new-session",
            "-d",
            "-s",
            "t",
            "-x",
            "80",
            "-y",
            "24",
            script,
        ]);
        pane
    }

    fn tmux(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&out.stdout).to_string()
    }

    /// The pane's text, one line a row.
    fn screen(&self) -> Vec<String> {
        self.tmux(&["capture-pane", "-p", "-t", "t"])
            .lines()
            .map(str::to_string)
            .collect()
    }

    /// Wait (up to 20 s) until some row of the screen holds `text`.
    fn wait_for(&self, text: &str) -> Vec<String> {
        let start = Instant::now();
        loop {
            let rows = self.screen();
            if rows.iter().any(|r| r.contains(text)) {
                return rows;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "'{text}' never showed:\n{}",
                rows.join("\n")
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// The screen once it has stopped changing (two captures 300 ms apart
    /// alike).
    fn settled(&self) -> Vec<String> {
        let mut last = self.screen();
        loop {
            std::thread::sleep(Duration::from_millis(300));
            let now = self.screen();
            if now == last {
                return now;
            }
            last = now;
        }
    }

    /// Type `keys`, one tmux key name each ("l", "Escape", "C-d").
    fn keys(&self, keys: &[&str]) {
        for k in keys {
            self.tmux(&["send-keys", "-t", "t", k]);
            std::thread::sleep(Duration::from_millis(60));
        }
    }

    /// The game's process: the pane's shell's child.
    fn game_pid(&self) -> String {
        let shell = self.tmux(&["list-panes", "-t", "t", "-F", "#{pane_pid}"]);
        let out = Command::new("pgrep")
            .args(["-P", shell.trim()])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout)
            .split_whitespace()
            .next()
            .unwrap_or_default()
            .to_string()
    }
}

impl Drop for Pane {
    fn drop(&mut self) {
        self.tmux(&["kill-server"]);
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The shell line that plays the game in `dir` with `flags`, then writes
/// the terminal's modes to `dir/stty.txt` once it has ended.
fn game_line(dir: &Path, flags: &str) -> String {
    let bin = env!("CARGO_BIN_EXE_gnomish-mines");
    let d = dir.display();
    format!(
        "GNOMISH_MINES_SAVE_DIR={d}/save XDG_CONFIG_HOME={d}/config {bin} --tui {flags}; \
         echo \"exited $?\" > {d}/exit.txt; stty -a > {d}/stty.txt; sleep 60"
    )
}

/// The turn the status line shows (`T:12`).
fn turn_shown(rows: &[String]) -> u64 {
    let status = rows
        .iter()
        .find(|r| r.starts_with("HP ") || r.starts_with("Dlvl:"))
        .expect("a status line");
    let t = status.split("T:").nth(1).expect("T:");
    t.split_whitespace().next().unwrap().parse().unwrap()
}

#[test]
#[ignore = "needs tmux: cargo test --test it -- --ignored"]
fn the_terminal_plays_keeps_every_turn_when_killed_and_is_given_back() {
    need_tmux();
    // A placeholder pane, to learn the directory, then the real one in it.
    let pane = Pane::start("play", "sleep 60");
    let line = game_line(&pane.dir, "--seed 14 --role valkyrie --race human");
    pane.tmux(&["respawn-pane", "-k", "-t", "t", &line]);
    let rows = pane.wait_for("Dlvl:");
    // NetHack's screen: the message on top, you on the map, the two status
    // lines at the bottom.
    assert_eq!(rows.len(), 24, "{rows:?}");
    assert!(
        rows[0].starts_with("Welcome to the Gnomish Mines!"),
        "{}",
        rows[0]
    );
    // A hero's: NetHack's two status lines.
    assert!(
        rows[22].starts_with("Valkyrie the Stripling "),
        "{}",
        rows[22]
    );
    assert!(rows[22].trim_end().ends_with(" Lawful"), "{}", rows[22]);
    assert!(rows[23].starts_with("Dlvl:"), "{}", rows[23]);
    assert!(rows[23].contains(" AC:6 Xp:1/0 T:1"), "{}", rows[23]);
    assert!(rows[1..22].iter().any(|r| r.contains('@')), "{rows:?}");
    // Too small a terminal is told so; grown again, the screen comes back.
    pane.tmux(&["resize-window", "-t", "t", "-x", "60", "-y", "20"]);
    pane.wait_for("needs a terminal of at least 80 x 24");
    pane.tmux(&["resize-window", "-t", "t", "-x", "80", "-y", "24"]);
    pane.wait_for("Dlvl:");
    // A prompt and its never mind; a kick at nothing.
    pane.keys(&["d"]);
    pane.wait_for("What do you want to drop? [abcd or ?*]");
    pane.keys(&["Escape"]);
    pane.wait_for("Never mind.");
    pane.keys(&["C-d"]);
    pane.wait_for("In what direction?");
    pane.keys(&["s", "s", "s", "s", "s"]);
    let rows = pane.settled();
    let turn = turn_shown(&rows);
    assert!(turn >= 5, "the searches took turns: {rows:?}");
    // Killed outright: the journal on disk replays to the turn on screen.
    let pid = pane.game_pid();
    assert!(!pid.is_empty(), "the game runs");
    Command::new("kill").args(["-KILL", &pid]).status().unwrap();
    let journal = pane.dir.join("save/current.journal");
    let content = built_in_content();
    let (saved, seed, setup) = gnomish_mines::saves::load(&journal, &content)
        .expect("a usable journal")
        .expect("a journal");
    let mut run = Dungeon::new(seed, setup).unwrap();
    run.play(&saved.commands);
    assert_eq!(run.turn(), turn, "every turn kept");
    // Played again, it resumes there; quit with S, y: the terminal is given
    // back (canonical mode and echo on).
    let line = game_line(&pane.dir, "");
    pane.tmux(&["respawn-pane", "-k", "-t", "t", &line]);
    // (What the killed run's shell wrote afterwards is not this run's.)
    let _ = std::fs::remove_file(pane.dir.join("stty.txt"));
    let _ = std::fs::remove_file(pane.dir.join("exit.txt"));
    let rows = pane.wait_for(&format!("Welcome back: turn {turn} of seed 14."));
    assert_eq!(turn_shown(&rows), turn);
    pane.keys(&["S"]);
    pane.wait_for("Save and quit? [yn]");
    pane.keys(&["y"]);
    let start = Instant::now();
    let stty = loop {
        if let Ok(text) = std::fs::read_to_string(pane.dir.join("stty.txt"))
            && !text.is_empty()
        {
            break text;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the game never quit"
        );
        std::thread::sleep(Duration::from_millis(100));
    };
    let modes: Vec<&str> = stty.split_whitespace().collect();
    assert!(
        modes.contains(&"icanon") && modes.contains(&"echo"),
        "{stty}"
    );
    let exit = std::fs::read_to_string(pane.dir.join("exit.txt")).unwrap();
    assert_eq!(exit.trim(), "exited 0");
    // The journal is still the run's, to resume in the window or here.
    assert!(journal.exists());
}

/// The pane's text with its colours, as the terminal's escape codes.
fn coloured_screen(pane: &Pane) -> String {
    pane.tmux(&["capture-pane", "-e", "-p", "-t", "t"])
}

/// The generator's views in a real terminal: `--overlay` opens with the
/// overlay; Space plays the stages with no further key; `Home` frames a
/// 400 × 200 map in half-blocks and `Home` again lands; the options'
/// palette changes the colours on screen; a mouse click travels.
#[test]
#[ignore = "needs tmux: cargo test --test it -- --ignored"]
fn the_terminal_has_the_windows_views_and_the_mouse() {
    need_tmux();
    let pane = Pane::start("views", "sleep 60");
    let truecolour = |flags: &str| format!("COLORTERM=truecolor {}", game_line(&pane.dir, flags));
    // The overlay, from the command line; Space then plays the stages.
    pane.tmux(&[
        "respawn-pane",
        "-k",
        "-t",
        "t",
        &truecolour("--seed 14 --role valkyrie --race human --overlay --reveal"),
    ]);
    pane.wait_for("stages: ");
    let before = pane.settled();
    pane.keys(&["Space"]);
    pane.wait_for("Stage init (1 of 6)");
    let first = pane.screen();
    pane.wait_for("Stage pass1 (2 of 6)");
    let second = pane.screen();
    assert_ne!(
        first[1..22],
        second[1..22],
        "the stages moved on by themselves"
    );
    let start = Instant::now();
    while pane.screen()[0].contains("Stage") {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the stages never ended"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    let after = pane.settled();
    assert_eq!(before[1..22], after[1..22], "then the level as it is");
    let default = coloured_screen(&pane);
    // The colour-blind palette: the same screen in other colours.
    std::fs::write(
        pane.dir.join("config").join("blind.ron"),
        "(palette: ColourBlind, hero: Some((role: \"valkyrie\", race: Some(\"human\"))))",
    )
    .unwrap();
    let options = pane.dir.join("config").join("blind.ron");
    pane.tmux(&[
        "respawn-pane",
        "-k",
        "-t",
        "t",
        &truecolour(&format!(
            "--seed 14 --new --overlay --reveal --options {}",
            options.display()
        )),
    ]);
    pane.wait_for("stages: ");
    let blind = coloured_screen(&pane);
    assert_ne!(default, blind, "the palette's colours are on screen");
    // A map larger than the screen, framed whole and back.
    pane.tmux(&[
        "respawn-pane",
        "-k",
        "-t",
        "t",
        &game_line(
            &pane.dir,
            "--seed 3 --role valkyrie --new --width 400 --height 200",
        ),
    ]);
    pane.wait_for("Dlvl:");
    let close = pane.settled();
    pane.keys(&["Home"]);
    let far = pane.settled();
    let blocks: usize = far[1..22].iter().map(|r| r.matches('▀').count()).sum();
    assert!(
        blocks > 80 * 21 / 2,
        "the whole map in half-blocks:\n{}",
        far.join("\n")
    );
    pane.keys(&["Home"]);
    assert_eq!(pane.settled()[1..22], close[1..22], "Home again lands");
    // A click on a cell you know travels there: the keys a player types.
    pane.tmux(&[
        "respawn-pane",
        "-k",
        "-t",
        "t",
        &game_line(&pane.dir, "--seed 3 --role valkyrie --race human --new"),
    ]);
    let rows = pane.wait_for("Dlvl:");
    let (me_x, me_y) = rows[1..22]
        .iter()
        .enumerate()
        .find_map(|(y, r)| r.chars().position(|c| c == '@').map(|x| (x, y + 1)))
        .expect("you on the map");
    // A floor cell in sight, two to four steps off.
    let (to_x, to_y) = (1..22usize)
        .flat_map(|y| (0..80usize).map(move |x| (x, y)))
        .find(|&(x, y)| {
            let d = x.abs_diff(me_x).max(y.abs_diff(me_y));
            (2..=4).contains(&d) && rows[y].chars().nth(x) == Some('.')
        })
        .expect("a floor cell in sight");
    // SGR mouse: a press and a release of the left button (1-based).
    let click = format!(
        "\x1b[<0;{};{}M\x1b[<0;{};{}m",
        to_x + 1,
        to_y + 1,
        to_x + 1,
        to_y + 1
    );
    pane.tmux(&["send-keys", "-t", "t", "-l", &click]);
    let moved = pane.settled();
    assert_eq!(
        moved[to_y].chars().nth(to_x),
        Some('@'),
        "the click travelled:\n{}",
        moved.join("\n")
    );
    let journal = std::fs::read_to_string(pane.dir.join("save").join("current.journal")).unwrap();
    let keys: String = gnomish_mines::dungeon::parse_keys(&journal)
        .unwrap()
        .iter()
        .map(|c| c.keys())
        .collect();
    assert!(keys.starts_with('_') && keys.ends_with('.'), "{keys}");
}
