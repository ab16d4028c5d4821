//! The game's plugins in a headless app (no window, no GPU), driven by key presses.

use std::time::Duration;

use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;
use gnomish_mines::game::camera::{CameraMode, MainCamera};
use gnomish_mines::game::level::CurrentLevel;
use gnomish_mines::game::overlay::provenance_colour;
use gnomish_mines::game::player::{GridPos, Player};
use gnomish_mines::game::tilemap::{MapView, index, tile_index};
use gnomish_mines::game::{GameConfig, headless_app};
use gnomish_mines::generation::{MineParams, Stage, Tile};
use leafwing_input_manager::prelude::*;

const FRAME: Duration = Duration::from_millis(16);

fn app_with(seed: u64, params: MineParams) -> App {
    let mut app = headless_app(GameConfig::new(seed, params), FRAME);
    app.update();
    app
}

fn app(seed: u64) -> App {
    app_with(seed, MineParams::default())
}

fn tap(app: &mut App, key: KeyCode) {
    key.press(app.world_mut());
    app.update();
    key.release(app.world_mut());
    app.update();
}

fn tap_chord(app: &mut App, keys: &[KeyCode]) {
    for k in keys {
        k.press(app.world_mut());
    }
    app.update();
    for k in keys {
        k.release(app.world_mut());
    }
    app.update();
}

fn player(app: &mut App) -> GridPos {
    *app.world_mut()
        .query_filtered::<&GridPos, With<Player>>()
        .single(app.world())
        .unwrap()
}

fn set_player(app: &mut App, x: usize, y: usize) {
    let mut q = app
        .world_mut()
        .query_filtered::<&mut GridPos, With<Player>>();
    *q.single_mut(app.world_mut()).unwrap() = GridPos {
        x: x as i64,
        y: y as i64,
    };
    app.update();
}

fn assert_on_up_stairs(app: &mut App) {
    let up = app.world().resource::<CurrentLevel>().up_stairs;
    let want = GridPos {
        x: up.0 as i64,
        y: up.1 as i64,
    };
    assert_eq!(player(app), want, "the player stands on the up stairs");
}

fn seed(app: &App) -> u64 {
    app.world().resource::<CurrentLevel>().seed
}

fn tiles_of(app: &App) -> Vec<Tile> {
    app.world().resource::<CurrentLevel>().tiles().to_vec()
}

fn camera_xy(app: &mut App) -> Vec2 {
    let t = app
        .world_mut()
        .query_filtered::<&Transform, With<MainCamera>>()
        .single(app.world())
        .unwrap();
    t.translation.truncate()
}

/// Every tile entity's (cell, texture index, colour).
fn tile_views(app: &mut App) -> Vec<((usize, usize), u32, Color)> {
    let h = app.world().resource::<CurrentLevel>().height();
    app.world_mut()
        .query::<(&TilePos, &TileTextureIndex, &TileColor)>()
        .iter(app.world())
        .map(|(p, i, c)| ((p.x as usize, h - 1 - p.y as usize), i.0, c.0))
        .collect()
}

#[test]
fn the_player_starts_on_the_up_stairs() {
    let mut app = app(1);
    assert_on_up_stairs(&mut app);
}

#[test]
fn the_player_walks_until_a_wall_blocks() {
    let mut app = app(1);
    let level = app.world().resource::<CurrentLevel>().0.clone();
    let start = player(&mut app);
    // Walk 90 times one way along the row: the player must stop on the last
    // walkable cell before the first wall or rock.
    let mut walk = |key: KeyCode, dx: i64, from: i64| {
        let mut expected = from;
        while level.tile_i(expected + dx, start.y).is_walkable() {
            expected += dx;
        }
        for _ in 0..90 {
            tap(&mut app, key);
        }
        assert_eq!(
            player(&mut app),
            GridPos {
                x: expected,
                y: start.y
            },
            "{key:?}"
        );
        assert!(!level.tile_i(expected + dx, start.y).is_walkable());
        expected
    };
    let east = walk(KeyCode::ArrowRight, 1, start.x);
    // And west with the vi-key, to the other end of the row.
    walk(KeyCode::KeyH, -1, east);
}

#[test]
fn every_key_moves_in_its_direction() {
    let mut app = app(2);
    let level = app.world().resource::<CurrentLevel>().0.clone();
    // A cell with all 8 neighbours walkable.
    let (cx, cy) = (1..level.width() - 1)
        .flat_map(|x| (1..level.height() - 1).map(move |y| (x, y)))
        .find(|&(x, y)| {
            (-1..=1).all(|dx| {
                (-1..=1).all(|dy| level.tile_i(x as i64 + dx, y as i64 + dy).is_walkable())
            })
        })
        .expect("an open cell");
    let keys = [
        ([KeyCode::ArrowUp, KeyCode::KeyK, KeyCode::Numpad8], (0, -1)),
        (
            [KeyCode::ArrowDown, KeyCode::KeyJ, KeyCode::Numpad2],
            (0, 1),
        ),
        (
            [KeyCode::ArrowLeft, KeyCode::KeyH, KeyCode::Numpad4],
            (-1, 0),
        ),
        (
            [KeyCode::ArrowRight, KeyCode::KeyL, KeyCode::Numpad6],
            (1, 0),
        ),
        ([KeyCode::KeyY, KeyCode::KeyY, KeyCode::Numpad7], (-1, -1)),
        ([KeyCode::KeyU, KeyCode::KeyU, KeyCode::Numpad9], (1, -1)),
        ([KeyCode::KeyB, KeyCode::KeyB, KeyCode::Numpad1], (-1, 1)),
        ([KeyCode::KeyN, KeyCode::KeyN, KeyCode::Numpad3], (1, 1)),
    ];
    for (ks, (dx, dy)) in keys {
        for k in ks {
            set_player(&mut app, cx, cy);
            tap(&mut app, k);
            assert_eq!(
                player(&mut app),
                GridPos {
                    x: cx as i64 + dx,
                    y: cy as i64 + dy
                },
                "{k:?}"
            );
        }
    }
    assert_eq!(seed(&app), 2, "plain n moved; it did not change the seed");
}

#[test]
fn holding_a_key_repeats_after_a_delay() {
    let mut app = app(3);
    let level = app.world().resource::<CurrentLevel>().0.clone();
    // The longest run of walkable cells along a row.
    let mut best = (0, 0, 0);
    for y in 0..level.height() {
        let mut x = 0;
        while x < level.width() {
            let start = x;
            while x < level.width() && level.tile(x, y).is_walkable() {
                x += 1;
            }
            if x - start > best.2 {
                best = (start, y, x - start);
            }
            x += 1;
        }
    }
    let (x0, y, len) = best;
    assert!(len >= 8, "a run of {len}");
    set_player(&mut app, x0, y);
    KeyCode::ArrowRight.press(app.world_mut());
    app.update();
    assert_eq!(player(&mut app).x, x0 as i64 + 1, "the press moves at once");
    // Held for 12 more frames (192 ms), still inside the 250 ms delay.
    for _ in 0..12 {
        app.update();
    }
    assert_eq!(
        player(&mut app).x,
        x0 as i64 + 1,
        "no repeat before the delay"
    );
    // By 250 + 70·k ms the k-th repeat has fired: hold to about 530 ms.
    for _ in 0..21 {
        app.update();
    }
    let moved = player(&mut app).x - x0 as i64;
    assert!((4..=6).contains(&moved), "moved {moved} cells in ~530 ms");
    KeyCode::ArrowRight.release(app.world_mut());
    app.update();
    let after = player(&mut app).x;
    for _ in 0..20 {
        app.update();
    }
    assert_eq!(player(&mut app).x, after, "releasing stops");
}

#[test]
fn r_n_and_p_change_the_seed_and_the_level() {
    let mut app = app(10);
    let first = tiles_of(&app);
    tap_chord(&mut app, &[KeyCode::ShiftLeft, KeyCode::KeyN]);
    assert_eq!(seed(&app), 11);
    assert_ne!(tiles_of(&app), first);
    assert_on_up_stairs(&mut app);
    tap(&mut app, KeyCode::KeyP);
    assert_eq!(seed(&app), 10);
    assert_eq!(tiles_of(&app), first);
    tap(&mut app, KeyCode::KeyR);
    assert_ne!(seed(&app), 10);
    assert_ne!(tiles_of(&app), first);
}

#[test]
fn the_tilemap_shows_the_level() {
    let mut app = app(4);
    let level = app.world().resource::<CurrentLevel>().0.clone();
    let views = tile_views(&mut app);
    assert_eq!(views.len(), level.width() * level.height());
    for ((x, y), i, c) in views {
        assert_eq!(i, tile_index(level.tile(x, y)), "({x},{y})");
        assert_eq!(c, Color::WHITE);
    }
}

#[test]
fn entity_count_is_stable_over_100_regenerations() {
    let mut app = app(5);
    tap_chord(&mut app, &[KeyCode::ShiftLeft, KeyCode::KeyN]);
    let after_one = app.world().entities().len();
    for _ in 0..99 {
        tap_chord(&mut app, &[KeyCode::ShiftLeft, KeyCode::KeyN]);
    }
    assert_eq!(seed(&app), 105);
    assert_eq!(app.world().entities().len(), after_one);
}

#[test]
fn the_overlay_colours_every_cell_by_its_provenance() {
    let mut app = app(6);
    tap(&mut app, KeyCode::KeyO);
    assert!(app.world().resource::<MapView>().overlay);
    for stage_taps in 0..6 {
        let level = app.world().resource::<CurrentLevel>().0.clone();
        let stage = app.world().resource::<MapView>().stage;
        let prov = level.provenance_at(stage);
        let tiles = level.tiles_at(stage);
        for ((x, y), i, c) in tile_views(&mut app) {
            let k = level.cell_index(x, y);
            assert_eq!(c, provenance_colour(prov[k]), "{stage} ({x},{y})");
            assert_eq!(i, tile_index(tiles[k]) + index::OVERLAY);
        }
        if stage_taps < 5 {
            tap(&mut app, KeyCode::BracketLeft);
        }
    }
    assert_eq!(app.world().resource::<MapView>().stage, Stage::Init);
    tap(&mut app, KeyCode::KeyO);
    assert!(tile_views(&mut app).iter().all(|v| v.2 == Color::WHITE));
}

#[test]
fn stage_replay_shows_each_snapshot() {
    let mut app = app(7);
    let level = app.world().resource::<CurrentLevel>().0.clone();
    let check = |app: &mut App, stage: Stage| {
        assert_eq!(app.world().resource::<MapView>().stage, stage);
        let snap = level.snapshot(stage);
        for ((x, y), i, _) in tile_views(app) {
            assert_eq!(
                i == index::FLOOR || i == index::UP_STAIRS || i == index::DOWN_STAIRS,
                snap.get(x, y),
                "{stage} ({x},{y})"
            );
        }
    };
    for _ in 0..5 {
        tap(&mut app, KeyCode::BracketLeft);
    }
    check(&mut app, Stage::Init);
    for stage in &Stage::ALL[1..] {
        tap(&mut app, KeyCode::BracketRight);
        check(&mut app, *stage);
    }
    // Space plays init → joined on its own.
    tap(&mut app, KeyCode::Space);
    check(&mut app, Stage::Init);
    let mut seen = vec![Stage::Init];
    for _ in 0..400 {
        app.update();
        let s = app.world().resource::<MapView>().stage;
        if seen.last() != Some(&s) {
            seen.push(s);
        }
    }
    assert_eq!(seen, Stage::ALL.to_vec());
}

#[test]
fn fly_mode_moves_the_camera_not_the_player() {
    let mut app = app_with(8, MineParams::sized(200, 120));
    let p0 = player(&mut app);
    let c0 = camera_xy(&mut app);
    tap(&mut app, KeyCode::KeyF);
    assert_eq!(*app.world().resource::<CameraMode>(), CameraMode::Fly);
    KeyCode::ArrowRight.press(app.world_mut());
    for _ in 0..20 {
        app.update();
    }
    KeyCode::ArrowRight.release(app.world_mut());
    app.update();
    let c1 = camera_xy(&mut app);
    assert!(c1.x > c0.x + 100.0, "camera moved right: {c0} → {c1}");
    assert_eq!(player(&mut app), p0);
    // R still works while flying, and the camera stays where it was flown.
    tap(&mut app, KeyCode::KeyR);
    assert_eq!(camera_xy(&mut app), c1);
    // Home frames the map: the camera goes to the map's centre.
    tap(&mut app, KeyCode::Home);
    let c2 = camera_xy(&mut app);
    assert!((c2.x - (200.0 * 16.0 / 2.0 - 8.0)).abs() < 1.0, "{c2}");
    // Back to following: the camera returns to the player.
    tap(&mut app, KeyCode::KeyF);
    assert_eq!(*app.world().resource::<CameraMode>(), CameraMode::Follow);
    assert_ne!(camera_xy(&mut app), c2);
}

#[test]
fn the_camera_follows_the_player_on_a_big_map() {
    let mut app = app_with(9, MineParams::sized(300, 200));
    let c0 = camera_xy(&mut app);
    let level = app.world().resource::<CurrentLevel>().0.clone();
    // Put the player in far corners of the cave and watch the camera go along.
    let floor: Vec<(usize, usize)> = (0..level.width())
        .flat_map(|x| (0..level.height()).map(move |y| (x, y)))
        .filter(|&(x, y)| level.tile(x, y).is_walkable())
        .collect();
    let (fx, fy) = floor[0];
    set_player(&mut app, fx, fy);
    let c1 = camera_xy(&mut app);
    let (lx, ly) = *floor.last().unwrap();
    set_player(&mut app, lx, ly);
    let c2 = camera_xy(&mut app);
    assert!(c1.x < c2.x, "{c1} {c2}");
    assert_ne!(c0, c1);
}

#[test]
fn command_line_overlay_and_stage_apply_at_start() {
    let mut config = GameConfig::new(1, MineParams::default());
    config.overlay = true;
    config.stage = Stage::Pass2;
    let mut app = headless_app(config, FRAME);
    app.update();
    let view = *app.world().resource::<MapView>();
    assert!(view.overlay);
    assert_eq!(view.stage, Stage::Pass2);
    let level = app.world().resource::<CurrentLevel>().0.clone();
    let prov = level.provenance_at(Stage::Pass2);
    for ((x, y), _, c) in tile_views(&mut app) {
        assert_eq!(c, provenance_colour(prov[level.cell_index(x, y)]));
    }
}

#[test]
fn the_player_is_never_off_the_cave() {
    // Mash every move key on a few levels: the player only ever stands on floor.
    let keys = [
        KeyCode::KeyH,
        KeyCode::KeyJ,
        KeyCode::KeyK,
        KeyCode::KeyL,
        KeyCode::KeyY,
        KeyCode::KeyU,
        KeyCode::KeyB,
        KeyCode::KeyN,
    ];
    let mut app = app(11);
    let mut state = 12345u64;
    for _ in 0..600 {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        tap(&mut app, keys[(state >> 33) as usize % 8]);
        let p = player(&mut app);
        let level = app.world().resource::<CurrentLevel>();
        assert!(level.tile_i(p.x, p.y).is_walkable(), "{p:?}");
    }
}
