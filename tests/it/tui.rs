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
        .find(|r| r.starts_with("HP "))
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
    let rows = pane.wait_for("Dlvl ");
    // NetHack's screen: the message on top, you on the map, the two status
    // lines at the bottom.
    assert_eq!(rows.len(), 24, "{rows:?}");
    assert!(
        rows[0].starts_with("Welcome to the Gnomish Mines!"),
        "{}",
        rows[0]
    );
    assert!(
        rows[22].starts_with("lawful human Valkyrie"),
        "{}",
        rows[22]
    );
    assert!(rows[22].contains("  Dlvl "), "{}", rows[22]);
    assert!(rows[23].starts_with("HP "), "{}", rows[23]);
    assert!(rows[1..22].iter().any(|r| r.contains('@')), "{rows:?}");
    // Too small a terminal is told so; grown again, the screen comes back.
    pane.tmux(&["resize-window", "-t", "t", "-x", "60", "-y", "20"]);
    pane.wait_for("needs a terminal of at least 80 x 24");
    pane.tmux(&["resize-window", "-t", "t", "-x", "80", "-y", "24"]);
    pane.wait_for("Dlvl ");
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
