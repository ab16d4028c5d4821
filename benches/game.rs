//! In-game timings, headless: from a key press to the tilemap holding the result.
//!
//! Run with `cargo bench --bench game --profile dev`: the dev profile (dependencies
//! at opt-level 2) reuses the game's own build instead of building Bevy again in
//! release. Each sample times the one frame in which the press is handled; input,
//! regeneration and the tile update all run inside that frame. Regeneration is
//! timed in fly mode, where one press starts the next run (in play mode a live
//! run asks first).

use std::time::{Duration, Instant};

use bevy::prelude::*;
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gnomish_mines::dungeon::{Dungeon, RunSetup};
use gnomish_mines::game::{GameConfig, headless_app};
use leafwing_input_manager::prelude::*;

fn frame_after(app: &mut App, keys: &[KeyCode]) -> Duration {
    for k in keys {
        k.press(app.world_mut());
    }
    let start = Instant::now();
    app.update();
    let took = start.elapsed();
    for k in keys {
        k.release(app.world_mut());
    }
    app.update();
    took
}

fn in_game(c: &mut Criterion) {
    let mut g = c.benchmark_group("game");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    // The baseline an idle frame at any size is held to: NetHack's own size.
    let mut small = headless_app(
        GameConfig::new(1, RunSetup::default()),
        Duration::from_millis(16),
    );
    small.update();
    g.bench_function(BenchmarkId::new("idle_frame", "80x21"), |b| {
        b.iter_custom(|n| (0..n).map(|_| frame_after(&mut small, &[])).sum())
    });
    drop(small);
    for side in [512usize, 2048] {
        let mut app = headless_app(
            GameConfig::new(1, RunSetup::sized(side, side)),
            Duration::from_millis(16),
        );
        app.update();
        let size = format!("{side}x{side}");
        // One turn of play, first: a wait, with monsters acting and sight and
        // memory redrawn (a lit level, so line of sight is as large as it gets).
        let lit = (1..200u64)
            .find(|&s| Dungeon::new(s, RunSetup::sized(side, side)).is_ok_and(|r| r.level().lit()))
            .expect("a lit level");
        let mut play = headless_app(
            GameConfig::new(lit, RunSetup::sized(side, side)),
            Duration::from_millis(16),
        );
        play.update();
        g.bench_function(BenchmarkId::new("turn_wait", &size), |b| {
            b.iter_custom(|n| {
                (0..n)
                    .map(|_| frame_after(&mut play, &[KeyCode::Period]))
                    .sum()
            })
        });
        drop(play);
        // Fly mode, where one press of Shift+N starts the next run.
        frame_after(&mut app, &[KeyCode::KeyF]);
        g.bench_function(BenchmarkId::new("regenerate", &size), |b| {
            b.iter_custom(|n| {
                (0..n)
                    .map(|_| frame_after(&mut app, &[KeyCode::ShiftLeft, KeyCode::KeyN]))
                    .sum()
            })
        });
        g.bench_function(BenchmarkId::new("toggle_overlay", &size), |b| {
            b.iter_custom(|n| {
                (0..n)
                    .map(|_| frame_after(&mut app, &[KeyCode::KeyO]))
                    .sum()
            })
        });
        // On and off in turn: on makes the level again without pass 2 and
        // marks the cells that differ; both rewrite every tile.
        g.bench_function(BenchmarkId::new("toggle_compare", &size), |b| {
            b.iter_custom(|n| {
                (0..n)
                    .map(|_| frame_after(&mut app, &[KeyCode::KeyC]))
                    .sum()
            })
        });
        g.bench_function(BenchmarkId::new("step_stage", &size), |b| {
            b.iter_custom(|n| {
                (0..n)
                    .map(|i| {
                        frame_after(
                            &mut app,
                            &[if i % 2 == 0 {
                                KeyCode::BracketLeft
                            } else {
                                KeyCode::BracketRight
                            }],
                        )
                    })
                    .sum()
            })
        });
        g.bench_function(BenchmarkId::new("idle_frame", &size), |b| {
            b.iter_custom(|n| (0..n).map(|_| frame_after(&mut app, &[])).sum())
        });
    }
    g.finish();
}

criterion_group!(benches, in_game);
criterion_main!(benches);
