//! The terminal framing a 2048 × 2048 map whole: `Home` pressed and the
//! screen drawn, against making that run (its baseline, timed in the same
//! run), and the process's peak memory once it is framed.
//!
//! `cargo bench --bench terminal --profile dev` times it under criterion;
//! `-- --short` (what CI runs) times a few presses without criterion. Both
//! print the figures against the targets (under 1 s, and under 300 MB for
//! the whole process: the run and the screen), and `--short` fails when
//! one is missed.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use criterion::{BatchSize, Criterion};
use gnomish_mines::dungeon::{Dungeon, RunSetup};
use gnomish_mines::options::Loaded;
use gnomish_mines::saves::Session;
use gnomish_mines::tui::{Key, StartViews, TuiConfig, screen_after};

const SIDE: usize = 2048;
const SEED: u64 = 3;
/// NetHack's screen, and a large terminal.
const SCREENS: [(u16, u16); 2] = [(80, 24), (240, 67)];
const MOST_TIME: Duration = Duration::from_secs(1);
const MOST_MEMORY_MB: f64 = 300.0;

fn run() -> Dungeon {
    Dungeon::new(SEED, RunSetup::sized(SIDE, SIDE)).expect("a run of 2048 × 2048")
}

fn config(run: Dungeon) -> TuiConfig {
    TuiConfig {
        session: Session::new(run),
        pick_hero: false,
        reveal: false,
        views: StartViews::default(),
        depth: None,
        screenshot: None,
        options: Loaded::default(),
    }
}

/// `Home` on a run just made, and the screen drawn: what the player waits
/// for. (The close-up screen before it is drawn too, as the terminal had.)
fn frame_whole(run: Dungeon, screen: (u16, u16)) -> String {
    screen_after(config(run), screen, &[Key::Home]).expect("the screen draws")
}

/// The process's peak resident memory so far, in MB (Linux).
fn peak_memory_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn main() -> ExitCode {
    // Memory first, before anything else has been held: one run made, then
    // framed whole on the larger screen.
    let made = run();
    let after_run = peak_memory_mb();
    let shown = frame_whole(made.clone(), SCREENS[1]);
    assert!(shown.contains('▀'), "framed in half-blocks");
    let after_home = peak_memory_mb();

    let short = std::env::args().any(|a| a == "--short");
    let mut framed = Vec::new();
    let mut made_in = Vec::new();
    if short {
        for _ in 0..5 {
            let start = Instant::now();
            let fresh = run();
            made_in.push(start.elapsed());
            for &screen in &SCREENS {
                let r = fresh.clone();
                let start = Instant::now();
                frame_whole(r, screen);
                framed.push((screen, start.elapsed()));
            }
        }
    } else {
        let mut c = Criterion::default().configure_from_args().sample_size(10);
        c.bench_function("dungeon_new/2048x2048", |b| b.iter(run));
        // Criterion's figures are the record; the medians printed after are
        // of timings of their own, for the ratio.
        for _ in 0..5 {
            let start = Instant::now();
            drop(run());
            made_in.push(start.elapsed());
        }
        for &screen in &SCREENS {
            c.bench_function(&format!("home/{}x{}", screen.0, screen.1), |b| {
                b.iter_batched(
                    || made.clone(),
                    |r| {
                        let start = Instant::now();
                        let text = frame_whole(r, screen);
                        framed.push((screen, start.elapsed()));
                        text
                    },
                    BatchSize::LargeInput,
                )
            });
        }
        c.final_summary();
    }

    let made_median = median(made_in);
    let mut held = true;
    println!("\nframing {SIDE} × {SIDE} whole in the terminal (Home, then the screen drawn)");
    println!("  baseline: making the run {made_median:.1?}");
    for &screen in &SCREENS {
        let t = median(
            framed
                .iter()
                .filter(|(s, _)| *s == screen)
                .map(|(_, t)| *t)
                .collect(),
        );
        let ok = t < MOST_TIME;
        held &= ok;
        println!(
            "  {} × {} screen: {t:.1?}, {:.3} × making the run; under {MOST_TIME:?}: {}",
            screen.0,
            screen.1,
            t.as_secs_f64() / made_median.as_secs_f64(),
            if ok { "met" } else { "MISSED" }
        );
    }
    match (after_run, after_home) {
        (Some(run_mb), Some(home_mb)) => {
            let ok = home_mb < MOST_MEMORY_MB;
            held &= ok;
            println!(
                "  peak memory: {run_mb:.0} MB with the run made, {home_mb:.0} MB framed whole \
                 ({:.2} ×); under {MOST_MEMORY_MB} MB: {}",
                home_mb / run_mb,
                if ok { "met" } else { "MISSED" }
            );
        }
        _ => println!("  peak memory: not measured (no /proc/self/status)"),
    }
    if short && !held {
        eprintln!("a target was missed");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
