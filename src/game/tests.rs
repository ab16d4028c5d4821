//! The game's plugins in a headless app (no window, no GPU), driven by key presses.

// Helpers shared with the demos' tests are unused in a build without a demo.
#![cfg_attr(
    not(all(feature = "overlay", feature = "stages", feature = "fly")),
    allow(unused_imports, dead_code)
)]

use std::time::Duration;

use crate::dungeon::{Dungeon, RunSetup, RunStatus};
use crate::game::player::PlayerSprite;
use crate::game::run::{CurrentLevel, Run, RunNotice};
use crate::game::shared::MainCamera;
#[cfg(feature = "overlay")]
use crate::game::shared::provenance_colour;
use crate::game::shared::{GridPos, MapView, PlayMode, index, tile_index};
use crate::game::tilemap::Region;
use crate::game::{GameConfig, headless_app};
use crate::generation::{Dir, LevelMap, Pos, Stage, Tile};
use crate::palette::Palette;
use crate::saves::{JournalPlan, Record, Session};
use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;
use leafwing_input_manager::prelude::*;

const FRAME: Duration = Duration::from_millis(16);

// What every kind of test shares (a drawn vault, a six-pass pipeline,
// monsters and lights put next to you), one file for them all.
#[allow(dead_code)]
#[path = "../../tests/it/fixtures.rs"]
mod fixtures;
use fixtures::{
    SIX, VAULT, around, content_with_vault, kind, light_underfoot, next_to_player, setup_as,
};

/// A new run of `seed` made from `setup`, where its journal goes, and how
/// the game shows it.
struct Game {
    seed: u64,
    setup: RunSetup,
    journal: Option<JournalPlan>,
    record: Option<Record>,
    config: GameConfig,
}

impl Game {
    fn new(seed: u64, setup: RunSetup) -> Game {
        Game {
            seed,
            setup,
            journal: None,
            record: None,
            config: GameConfig::default(),
        }
    }

    /// The same, shown as `with` sets the config.
    fn config(mut self, with: impl FnOnce(GameConfig) -> GameConfig) -> Game {
        self.config = with(self.config);
        self
    }

    /// The app of it, after its first frame.
    fn app(self) -> App {
        let run = Dungeon::new(self.seed, self.setup).expect("a valid setup");
        let session = Session::keep(run, self.journal, self.record, None);
        headless_app(session, self.config, FRAME)
    }
}

/// The level viewer: the whole map revealed (`M`) and no monsters, so walking
/// and drawing tests see the generator's level and nothing else.
fn viewer(seed: u64, mut setup: RunSetup) -> Game {
    setup.options.monsters = false;
    Game::new(seed, setup).config(|c| c.with_reveal(true))
}

fn start(game: Game) -> App {
    let mut app = game.app();
    app.update();
    app
}

fn app_with(seed: u64, setup: RunSetup) -> App {
    start(viewer(seed, setup))
}

fn app(seed: u64) -> App {
    app_with(seed, RunSetup::default())
}

/// A run as `cargo run` plays it: light, memory and monsters.
fn play_app(seed: u64) -> App {
    start(Game::new(seed, RunSetup::default()))
}

fn mines(app: &App) -> &Dungeon {
    app.world().resource::<Run>()
}

fn map_of(app: &App) -> std::sync::Arc<LevelMap> {
    app.world().resource::<CurrentLevel>().map.clone()
}

fn tap(app: &mut App, key: KeyCode) {
    key.press(app.world_mut());
    app.update();
    key.release(app.world_mut());
    app.update();
}

/// `key` held down for `frames` frames, then let go.
fn hold(app: &mut App, key: KeyCode, frames: usize) {
    key.press(app.world_mut());
    for _ in 0..frames {
        app.update();
    }
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

fn player(app: &mut App) -> Pos {
    app.world_mut()
        .query_filtered::<&GridPos, With<PlayerSprite>>()
        .single(app.world())
        .unwrap()
        .0
}

/// Put the run's player on `p`; the player entity follows.
fn set_player(app: &mut App, p: Pos) {
    app.world_mut().resource_mut::<Run>().wizard().teleport(p);
    app.update();
    assert_eq!(player(app), p);
}

fn assert_on_up_stairs(app: &mut App) {
    let up = map_of(app).up_stairs().unwrap();
    assert_eq!(player(app), up, "the player stands on the up stairs");
}

fn seed(app: &App) -> u64 {
    app.world()
        .resource::<CurrentLevel>()
        .history
        .as_ref()
        .unwrap()
        .seed()
}

fn tiles_of(app: &App) -> Vec<Tile> {
    map_of(app).tiles().to_vec()
}

fn mode(app: &App) -> PlayMode {
    *app.world().resource::<State<PlayMode>>().get()
}

fn camera_xy(app: &mut App) -> Vec2 {
    let t = app
        .world_mut()
        .query_filtered::<&Transform, With<MainCamera>>()
        .single(app.world())
        .unwrap();
    t.translation.truncate()
}

/// Centre the camera on the map and zoom out until the whole map is in view,
/// but no further than the close-up view goes (a cell of 8 screen pixels:
/// further out the far view draws the map), and draw a frame.
fn zoom_to_whole_map(app: &mut App) {
    let map = map_of(app);
    let (w, h) = (map.width() as f32 * 16.0, map.height() as f32 * 16.0);
    let scale = ((w / 1280.0).max(h / 720.0)).min(16.0 / 8.0 / 1.2);
    for (mut t, mut projection) in app
        .world_mut()
        .query_filtered::<(&mut Transform, &mut Projection), With<MainCamera>>()
        .iter_mut(app.world_mut())
    {
        t.translation.x = w / 2.0;
        t.translation.y = h / 2.0;
        if let Projection::Orthographic(o) = &mut *projection {
            o.scale = o.scale.max(scale * 1.1);
        }
    }
    app.update();
}

/// Point the camera at cell `p` (in fly mode, where nothing moves it back).
fn look_at(app: &mut App, p: Pos) {
    let h = map_of(app).height() as i32;
    for mut t in app
        .world_mut()
        .query_filtered::<&mut Transform, With<MainCamera>>()
        .iter_mut(app.world_mut())
    {
        t.translation.x = p.x as f32 * 16.0;
        t.translation.y = (h - 1 - p.y) as f32 * 16.0;
    }
    app.update();
}

/// The texture index of the tile at `p`, if it has one now.
fn texture_at(app: &mut App, p: Pos) -> Option<u32> {
    tile_views(app).into_iter().find(|v| v.0 == p).map(|v| v.1)
}

#[cfg(feature = "overlay")]
#[test]
fn only_the_map_around_the_camera_has_tiles_and_a_region_comes_as_the_camera_does() {
    // A map far larger than the view: the overlay's look reaches the tiles
    // around the camera at once; the far corner has no tiles until the camera
    // gets there, and then shows the overlay at once.
    let mut app = start(Game::new(3, RunSetup::sized(600, 400)));
    tap_shifted(&mut app, KeyCode::KeyF);
    let map = map_of(&app);
    let (near, far) = (Pos::new(300, 200), Pos::new(2, 2));
    look_at(&mut app, near);
    let plain = |p: Pos| tile_index(map.tile(p));
    assert_eq!(texture_at(&mut app, near), Some(plain(near)));
    assert_eq!(texture_at(&mut app, far), None, "out of view: no tile");
    let tiles = tile_views(&mut app).len();
    assert!(
        tiles < 600 * 400 / 2,
        "{tiles} tiles: only the regions around the camera"
    );
    tap(&mut app, KeyCode::KeyO);
    assert!(app.world().resource::<MapView>().overlay);
    assert_eq!(
        texture_at(&mut app, near),
        Some(plain(near) + index::OVERLAY),
        "in view: written in the frame of the key"
    );
    look_at(&mut app, far);
    assert_eq!(
        texture_at(&mut app, far),
        Some(plain(far) + index::OVERLAY),
        "spawned showing the overlay"
    );
    assert_eq!(
        texture_at(&mut app, near),
        None,
        "left far behind: despawned"
    );
    // Zoomed out as far as the close-up view goes (a 133 × 75 cell view
    // around the middle): one tile a cell of the live regions, and those on
    // screen show the overlay.
    zoom_to_whole_map(&mut app);
    let views = tile_views(&mut app);
    let cells: std::collections::HashSet<Pos> = views.iter().map(|v| v.0).collect();
    assert_eq!(cells.len(), views.len(), "one tile a cell");
    let on_screen = |p: &Pos| (p.x - 300).abs() < 60 && (p.y - 200).abs() < 33;
    assert_eq!(cells.iter().filter(|p| on_screen(p)).count(), 119 * 65);
    for (p, i, _) in views.into_iter().filter(|v| on_screen(&v.0)) {
        assert_eq!(i, plain(p) + index::OVERLAY, "{p}");
    }
    // Further out the far view draws the map: no tile at all.
    tap(&mut app, KeyCode::Home);
    assert_eq!(tile_views(&mut app).len(), 0, "framed whole: no tiles");
    // And back in, the tiles return, showing the overlay still.
    for mut projection in app
        .world_mut()
        .query_filtered::<&mut Projection, With<MainCamera>>()
        .iter_mut(app.world_mut())
    {
        if let Projection::Orthographic(o) = &mut *projection {
            o.scale = 1.0;
        }
    }
    look_at(&mut app, near);
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(
        texture_at(&mut app, near),
        Some(plain(near) + index::OVERLAY)
    );
}

/// Every tile entity's (cell, texture index, colour): the tiles of the
/// regions around the camera.
fn tile_views(app: &mut App) -> Vec<(Pos, u32, Color)> {
    let regions: std::collections::HashMap<Entity, Region> = app
        .world_mut()
        .query::<(Entity, &Region)>()
        .iter(app.world())
        .map(|(e, r)| (e, *r))
        .collect();
    app.world_mut()
        .query::<(&TilePos, &TileTextureIndex, &TileColor, &TilemapId)>()
        .iter(app.world())
        .map(|(p, i, c, map)| (regions[&map.0].cell(p), i.0, c.0))
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
    let level = map_of(&app);
    let start = player(&mut app);
    // Walk 90 times one way along the row: the player must stop on the last
    // walkable cell before the first wall or rock.
    let mut walk = |key: KeyCode, dx: i32, from: i32| {
        let mut expected = from;
        while level.is_walkable(Pos::new(expected + dx, start.y)) {
            expected += dx;
        }
        for _ in 0..90 {
            tap(&mut app, key);
        }
        assert_eq!(player(&mut app), Pos::new(expected, start.y), "{key:?}");
        assert!(!level.is_walkable(Pos::new(expected + dx, start.y)));
        expected
    };
    let east = walk(KeyCode::ArrowRight, 1, start.x);
    // And west with the vi-key, to the other end of the row.
    walk(KeyCode::KeyH, -1, east);
}

/// A cell of `level` with all 8 neighbours walkable.
fn open_cell(level: &LevelMap) -> Pos {
    let (w, h) = (level.width() as i32, level.height() as i32);
    level
        .cells()
        .filter(|p| p.x >= 1 && p.y >= 1 && p.x < w - 1 && p.y < h - 1)
        .find(|&p| (-1..=1).all(|dx| (-1..=1).all(|dy| level.is_walkable(p.offset(dx, dy)))))
        .expect("an open cell")
}

#[test]
fn every_key_moves_in_its_direction() {
    let mut app = app(2);
    let c = open_cell(&map_of(&app));
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
            set_player(&mut app, c);
            tap(&mut app, k);
            assert_eq!(player(&mut app), c.offset(dx, dy), "{k:?}");
        }
    }
    assert_eq!(seed(&app), 2, "plain n moved; it did not change the seed");
}

#[test]
fn shift_and_a_direction_runs_as_the_rules_run() {
    use crate::dungeon::Command;
    use crate::generation::Dir;
    let mut app = app(3);
    let mut farthest = 0;
    for (key, d) in [
        (KeyCode::KeyL, Dir::E),
        (KeyCode::KeyJ, Dir::S),
        (KeyCode::KeyH, Dir::W),
        (KeyCode::KeyK, Dir::N),
        (KeyCode::KeyN, Dir::SE),
    ] {
        let before = player(&mut app);
        let mut expected = mines(&app).clone();
        expected.act(Command::Run(d));
        tap_chord(&mut app, &[KeyCode::ShiftLeft, key]);
        assert_eq!(player(&mut app), expected.player().pos, "Shift+{key:?}");
        farthest = farthest.max(before.distance(player(&mut app)));
    }
    assert!(farthest > 1, "some run went further than a step");
    assert_eq!(seed(&app), 3, "Shift+N ran; it did not change the seed");
}

#[test]
fn a_verb_rebound_in_the_options_plays_on_its_new_key_only() {
    let mut app = start(with_options(
        viewer(4, RunSetup::default()),
        "(keys: {\"Search\": \"v\"})",
    ));
    let turn = mines(&app).turn();
    tap(&mut app, KeyCode::KeyV);
    assert_eq!(mines(&app).turn(), turn + 1, "v searched");
    tap(&mut app, KeyCode::KeyS);
    assert_eq!(mines(&app).turn(), turn + 1, "s does nothing now");
    let help = text::<crate::game::hud::HelpPanel>(&mut app);
    assert!(help.contains("\nv "), "the help lists v for search: {help}");
}

#[test]
fn the_travel_question_stays_on_the_message_line_while_the_cursor_moves() {
    let mut app = app(4);
    tap_chord(&mut app, &[KeyCode::ShiftLeft, KeyCode::Minus]);
    assert!(message_line(&mut app).starts_with("Where do you want to travel to?"));
    tap(&mut app, KeyCode::KeyL);
    assert!(mines(&app).cursor().is_some());
    assert!(
        message_line(&mut app).starts_with("Where do you want to travel to?"),
        "{}",
        message_line(&mut app)
    );
    tap(&mut app, KeyCode::Escape);
    assert!(mines(&app).cursor().is_none(), "any other key: never mind");
}

#[test]
fn holding_a_key_repeats_after_a_delay() {
    let mut app = app(3);
    let level = map_of(&app);
    // The longest run of walkable cells along a row.
    let mut best = (0, 0, 0);
    for y in 0..level.height() as i32 {
        let mut x = 0;
        while x < level.width() as i32 {
            let start = x;
            while x < level.width() as i32 && level.is_walkable(Pos::new(x, y)) {
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
    set_player(&mut app, Pos::new(x0, y));
    KeyCode::ArrowRight.press(app.world_mut());
    app.update();
    assert_eq!(player(&mut app).x, x0 + 1, "the press moves at once");
    // Held for 12 more frames (192 ms), still inside the 250 ms delay.
    for _ in 0..12 {
        app.update();
    }
    assert_eq!(player(&mut app).x, x0 + 1, "no repeat before the delay");
    // By 250 + 70·k ms the k-th repeat has fired: hold to about 530 ms.
    for _ in 0..21 {
        app.update();
    }
    let moved = player(&mut app).x - x0;
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
fn the_pick_screen_makes_the_heros_run_off_the_frames_then_plays_it() {
    use crate::game::pick::HeroPick;
    use crate::game::run::RunInTheMaking;
    // A map big enough that making its run takes many frames' time.
    let setup = RunSetup {
        width: 512,
        height: 512,
        ..RunSetup::default()
    };
    let mut app = start(Game::new(12, setup).config(|c| c.with_pick_hero(true)));
    assert!(
        mines(&app).hero().is_none(),
        "the nameless run waits behind"
    );
    let nameless = tiles_of(&app);
    // Enter picks the whole hero; the run is asked for, not made, this frame.
    tap(&mut app, KeyCode::Enter);
    let busy = |app: &App| app.world().resource::<RunInTheMaking>().busy();
    let pick = |app: &App| app.world().resource::<HeroPick>().clone();
    let mut frames = 0;
    while busy(&app) {
        // Keys while it is made play nothing on the nameless run.
        assert_eq!(pick(&app), HeroPick::Making);
        tap(&mut app, KeyCode::KeyL);
        assert!(mines(&app).hero().is_none() || !busy(&app));
        std::thread::sleep(Duration::from_millis(2));
        frames += 1;
        assert!(frames < 5000, "the run is never made");
    }
    // In place, and the screen closed in the same frame.
    assert_eq!(pick(&app), HeroPick::Closed);
    assert!(mines(&app).hero().is_some());
    assert!(
        mines(&app).commands().is_empty(),
        "no key played while it was made"
    );
    assert_eq!(seed(&app), 12);
    assert_eq!(tiles_of(&app), nameless, "the same seed's level, drawn");
    // The next key plays the hero's run.
    let turn = mines(&app).turn();
    tap(&mut app, KeyCode::Period);
    assert_eq!(mines(&app).turn(), turn + 1);
}

#[cfg(feature = "fly")]
#[test]
fn r_n_and_p_start_new_runs_after_asking_while_alive() {
    let mut app = app(10);
    let first = tiles_of(&app);
    let ctrl_n = [KeyCode::ControlLeft, KeyCode::KeyN];
    // While a run is alive, the first press only asks.
    tap_chord(&mut app, &ctrl_n);
    assert_eq!(seed(&app), 10);
    let asked = app.world().resource::<RunNotice>().0.clone();
    assert!(asked.contains("Press Ctrl-N again"), "{asked}");
    tap_chord(&mut app, &ctrl_n);
    assert_eq!(seed(&app), 11);
    assert_ne!(tiles_of(&app), first);
    assert_on_up_stairs(&mut app);
    assert!(app.world().resource::<RunNotice>().0.is_empty());
    // Another key in between says no.
    tap(&mut app, KeyCode::KeyP);
    tap(&mut app, KeyCode::Period);
    tap(&mut app, KeyCode::KeyP);
    assert_eq!(seed(&app), 11);
    tap(&mut app, KeyCode::KeyP);
    assert_eq!(seed(&app), 10);
    assert_eq!(tiles_of(&app), first);
    // In fly mode one press is enough.
    tap_shifted(&mut app, KeyCode::KeyF);
    tap_shifted(&mut app, KeyCode::KeyR);
    assert_ne!(seed(&app), 10);
    assert_ne!(tiles_of(&app), first);
    tap_chord(&mut app, &ctrl_n);
    tap_chord(&mut app, &ctrl_n);
    assert_eq!(mines(&app).seed(), seed(&app));
}

#[test]
fn the_tilemap_shows_the_level() {
    let mut app = app(4);
    let level = map_of(&app);
    let views = tile_views(&mut app);
    assert_eq!(views.len(), level.width() * level.height());
    for (p, i, c) in views {
        assert_eq!(i, tile_index(level.tile(p)), "{p}");
        assert_eq!(c, Color::WHITE);
    }
}

#[cfg(feature = "fly")]
#[test]
fn entity_count_is_stable_over_100_regenerations() {
    let mut app = play_app(5);
    tap_shifted(&mut app, KeyCode::KeyF);
    // Every entity but the monsters', items', traps' and boulders' is there
    // once, whatever the level.
    let fixed = |app: &mut App| {
        let run = mines(app);
        let sprites = run.level().monsters().len()
            + run.level().items().len()
            + run.level().traps().len()
            + run.level().boulders().len();
        use crate::game::sprites::{BoulderSprite, ItemSprite, MonsterSprite, TrapSprite};
        let drawn = count::<MonsterSprite>(app)
            + count::<ItemSprite>(app)
            + count::<TrapSprite>(app)
            + count::<BoulderSprite>(app);
        assert_eq!(drawn, sprites);
        let live = app.world_mut().query::<Entity>().iter(app.world()).count();
        live - sprites
    };
    tap_chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyN]);
    let after_one = fixed(&mut app);
    for _ in 0..99 {
        tap_chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyN]);
    }
    assert_eq!(seed(&app), 105);
    assert_eq!(fixed(&mut app), after_one);
    // Despawned entities' slots are reused, not piled up.
    assert!(app.world().entities().len() < 2 * (after_one as u32 + 64));
}

#[cfg(all(feature = "overlay", feature = "stages"))]
#[test]
fn the_overlay_colours_every_cell_by_its_provenance() {
    let mut app = app(6);
    tap(&mut app, KeyCode::KeyO);
    assert!(app.world().resource::<MapView>().overlay);
    for stage_taps in 0..6 {
        let level = app.world().resource::<CurrentLevel>().clone();
        let history = level.history.clone().unwrap();
        let stage = app
            .world()
            .resource::<MapView>()
            .stage
            .unwrap_or(history.last_stage());
        let prov = history.provenance_at(stage);
        let tiles = match app.world().resource::<MapView>().stage {
            Some(s) => history.tiles_at(s),
            None => level.map.tiles().to_vec(),
        };
        for (p, i, c) in tile_views(&mut app) {
            let k = level.map.index(p);
            assert_eq!(
                c,
                provenance_colour(Palette::Default, prov[k]),
                "{stage:?} {p}"
            );
            assert_eq!(i, tile_index(tiles[k]) + index::OVERLAY);
        }
        if stage_taps < 5 {
            tap(&mut app, KeyCode::BracketLeft);
        }
    }
    assert_eq!(app.world().resource::<MapView>().stage, Some(Stage::INIT));
    tap(&mut app, KeyCode::KeyO);
    assert!(tile_views(&mut app).iter().all(|v| v.2 == Color::WHITE));
}

#[cfg(feature = "stages")]
#[test]
fn stage_replay_shows_each_snapshot() {
    let mut app = app(7);
    let history = app
        .world()
        .resource::<CurrentLevel>()
        .history
        .clone()
        .unwrap();
    let last = history.last_stage();
    let shown = |app: &App| app.world().resource::<MapView>().stage.unwrap_or(last);
    let check = |app: &mut App, stage: Stage| {
        assert_eq!(shown(app), stage);
        let snap = history.snapshot(stage);
        for (p, i, _) in tile_views(app) {
            assert_eq!(
                [Tile::Floor, Tile::UpStairs, Tile::DownStairs].contains(&tile_of_look(i)),
                snap.get(p.x as usize, p.y as usize),
                "{} {p}",
                history.stage_name(stage)
            );
        }
    };
    for _ in 0..5 {
        tap(&mut app, KeyCode::BracketLeft);
    }
    check(&mut app, Stage::INIT);
    let all: Vec<Stage> = history.stages().collect();
    for stage in &all[1..] {
        tap(&mut app, KeyCode::BracketRight);
        check(&mut app, *stage);
    }
    // Space plays init → joined on its own.
    tap(&mut app, KeyCode::Space);
    check(&mut app, Stage::INIT);
    let mut seen = vec![Stage::INIT];
    for _ in 0..400 {
        app.update();
        let s = shown(&app);
        if seen.last() != Some(&s) {
            seen.push(s);
        }
    }
    assert_eq!(seen, all);
}

#[cfg(feature = "fly")]
#[test]
fn fly_mode_moves_the_camera_not_the_player() {
    let mut app = app_with(8, RunSetup::sized(200, 120));
    let p0 = player(&mut app);
    let c0 = camera_xy(&mut app);
    tap_shifted(&mut app, KeyCode::KeyF);
    assert_eq!(mode(&app), PlayMode::Fly);
    hold(&mut app, KeyCode::ArrowRight, 20);
    let c1 = camera_xy(&mut app);
    assert!(c1.x > c0.x + 100.0, "camera moved right: {c0} → {c1}");
    assert_eq!(player(&mut app), p0);
    // R still works while flying, and the camera stays where it was flown.
    tap_shifted(&mut app, KeyCode::KeyR);
    assert_eq!(camera_xy(&mut app), c1);
    // Home frames the map: the camera goes to the map's centre.
    tap(&mut app, KeyCode::Home);
    let c2 = camera_xy(&mut app);
    assert!((c2.x - (200.0 * 16.0 / 2.0 - 8.0)).abs() < 1.0, "{c2}");
    // Flown off the centre, then back to following: framed whole, the map
    // fits the view, so following you holds it centred again.
    hold(&mut app, KeyCode::ArrowRight, 20);
    let c3 = camera_xy(&mut app);
    assert!(c3.x > c2.x + 100.0, "{c2} → {c3}");
    tap_shifted(&mut app, KeyCode::KeyF);
    assert_eq!(mode(&app), PlayMode::Play);
    assert_eq!(camera_xy(&mut app), c2);
}

#[test]
fn the_camera_follows_the_player_on_a_big_map() {
    let mut app = app_with(9, RunSetup::sized(300, 200));
    let c0 = camera_xy(&mut app);
    let level = map_of(&app);
    // Put the player in far corners of the cave and watch the camera go along.
    let floor: Vec<Pos> = level.cells().filter(|&p| level.is_walkable(p)).collect();
    set_player(&mut app, floor[0]);
    let c1 = camera_xy(&mut app);
    set_player(&mut app, *floor.last().unwrap());
    let c2 = camera_xy(&mut app);
    assert!(c1.x < c2.x, "{c1} {c2}");
    assert_ne!(c0, c1);
}

#[cfg(all(feature = "overlay", feature = "stages"))]
#[test]
fn command_line_overlay_and_stage_apply_at_start() {
    let mut app = Game::new(1, RunSetup::default())
        .config(|c| c.with_overlay(true).with_stage(Some("pass2".into())))
        .app();
    app.update();
    let view = app.world().resource::<MapView>().clone();
    assert!(view.overlay);
    let pass2 = Stage::from_index(2);
    assert_eq!(view.stage, Some(pass2));
    let level = app.world().resource::<CurrentLevel>().clone();
    let prov = level.history.unwrap().provenance_at(pass2);
    for (p, _, c) in tile_views(&mut app) {
        assert_eq!(
            c,
            provenance_colour(Palette::Default, prov[level.map.index(p)])
        );
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
        assert!(map_of(&app).is_walkable(p), "{p:?}");
    }
}

fn tap_shifted(app: &mut App, key: KeyCode) {
    tap_chord(app, &[KeyCode::ShiftLeft, key]);
}

fn tile_colour_at(app: &mut App, p: Pos) -> Color {
    tile_views(app)
        .into_iter()
        .find(|v| v.0 == p)
        .map(|v| v.2)
        .unwrap()
}

#[test]
fn stairs_keys_go_down_and_back_up_to_the_same_level() {
    let mut app = play_app(1);
    let first = map_of(&app);
    let tiles = tile_views(&mut app).len();
    // `<` on level 1 refuses, in the message line.
    tap_shifted(&mut app, KeyCode::Comma);
    assert_eq!(mines(&app).log().line(), "You can't leave the mines yet.");
    assert_eq!(message_line(&mut app), "You can't leave the mines yet.");
    let down = mines(&app).level().down_stairs().unwrap();
    set_player(&mut app, down);
    tap_shifted(&mut app, KeyCode::Period);
    assert_eq!(mines(&app).depth(), 2);
    let second = map_of(&app);
    assert!(std::sync::Arc::ptr_eq(&second, mines(&app).map()));
    assert_ne!(second.tiles(), first.tiles());
    assert_on_up_stairs(&mut app);
    assert_eq!(tile_views(&mut app).len(), tiles, "tiles updated in place");
    tap_shifted(&mut app, KeyCode::Comma);
    assert_eq!(mines(&app).depth(), 1);
    let back = map_of(&app);
    assert!(
        std::sync::Arc::ptr_eq(&back, &first),
        "the same level, kept"
    );
    assert_eq!(player(&mut app), down);
}

#[test]
fn an_unlit_level_shows_only_what_was_seen() {
    let mut app = play_app(1);
    assert!(!mines(&app).level().lit(), "seed 1's first level is unlit");
    let p = mines(&app).player().pos;
    let level = map_of(&app);
    for (c_at, _, c) in tile_views(&mut app) {
        let near = c_at.distance(p) <= 1;
        assert_eq!(c != Color::BLACK, near, "{c_at}");
    }
    // Walk a step: the old cells stay, dimmed; the new ones are in full colour.
    let step = (-1..=1)
        .flat_map(|dx| (-1..=1).map(move |dy| (dx, dy)))
        .find(|&(dx, dy)| (dx, dy) != (0, 0) && level.is_walkable(p.offset(dx, dy)))
        .unwrap();
    let key = [
        ((0, -1), KeyCode::KeyK),
        ((0, 1), KeyCode::KeyJ),
        ((1, 0), KeyCode::KeyL),
        ((-1, 0), KeyCode::KeyH),
        ((-1, -1), KeyCode::KeyY),
        ((1, -1), KeyCode::KeyU),
        ((-1, 1), KeyCode::KeyB),
        ((1, 1), KeyCode::KeyN),
    ]
    .into_iter()
    .find(|(d, _)| *d == step)
    .unwrap()
    .1;
    let behind = p.offset(-step.0, -step.1);
    tap(&mut app, key);
    let q = mines(&app).player().pos;
    assert_eq!(q, p.offset(step.0, step.1));
    let dimmed = tile_colour_at(&mut app, behind);
    assert_ne!(dimmed, Color::BLACK);
    assert_ne!(dimmed, Color::WHITE);
    assert_eq!(tile_colour_at(&mut app, q), Color::WHITE);
    // M reveals everything; M again goes back to what the player knows.
    tap(&mut app, KeyCode::KeyM);
    assert!(tile_views(&mut app).iter().all(|v| v.2 == Color::WHITE));
    tap(&mut app, KeyCode::KeyM);
    assert_eq!(tile_colour_at(&mut app, behind), dimmed);
}

#[test]
fn monsters_are_entities_drawn_only_while_seen() {
    use crate::game::sprites::{Health, MonsterSprite};
    let mut app = play_app(1);
    let run = mines(&app).clone();
    let mut views: Vec<(u32, GridPos, Health, Visibility)> = app
        .world_mut()
        .query::<(&MonsterSprite, &GridPos, &Visibility)>()
        .iter(app.world())
        .map(|(m, p, v)| (m.id, *p, m.health, *v))
        .collect();
    views.sort_by_key(|v| v.0);
    assert_eq!(views.len(), run.level().monsters().len());
    assert!(views.len() >= 12);
    for (m, v) in run.level().monsters().iter().zip(&views) {
        assert_eq!(v.0, m.id);
        assert_eq!(v.1, GridPos(m.pos));
        assert_eq!(v.2.hp, m.hp);
        let seen = run.is_visible(m.pos);
        assert_eq!(v.3 == Visibility::Hidden, !seen);
    }
    assert!(
        views.iter().all(|v| v.3 == Visibility::Hidden),
        "none in view at the start"
    );
    tap(&mut app, KeyCode::KeyM);
    let shown = app
        .world_mut()
        .query::<(&MonsterSprite, &Visibility)>()
        .iter(app.world())
        .filter(|(_, v)| **v != Visibility::Hidden)
        .count();
    assert_eq!(shown, views.len(), "M shows every monster");
}

#[test]
fn death_shows_the_ending_and_r_starts_a_new_run() {
    use crate::game::ending::EndingPanel;
    let mut app = play_app(2);
    die_next_to_a_dwarf(&mut app);
    let (visible, text) = {
        let world = app.world_mut();
        let (v, children) = world
            .query_filtered::<(&Visibility, &Children), With<EndingPanel>>()
            .single(world)
            .unwrap();
        let child = children[0];
        (*v, world.get::<Text>(child).unwrap().0.clone())
    };
    assert_eq!(visible, Visibility::Visible);
    assert!(text.starts_with("You die..."), "{text}");
    assert!(
        text.contains("Seed 2") && text.contains("turns") && text.contains("gems"),
        "{text}"
    );
    // Moves do nothing now; one R starts a new run.
    let turn = mines(&app).turn();
    tap(&mut app, KeyCode::KeyS);
    assert_eq!(mines(&app).turn(), turn);
    tap_shifted(&mut app, KeyCode::KeyR);
    assert!(!mines(&app).is_over());
    assert_eq!(mines(&app).turn(), 1);
    let v = *app
        .world_mut()
        .query_filtered::<&Visibility, With<EndingPanel>>()
        .single(app.world())
        .unwrap();
    assert_eq!(v, Visibility::Hidden);
}

/// A dwarf next to a player with 1 hit point; wait until it kills you.
fn die_next_to_a_dwarf(app: &mut App) {
    {
        let mut run = app.world_mut().resource_mut::<Run>();
        run.wizard().set_hp(1, 24);
        let dwarf = kind(&run, "dwarf");
        let (m, cell) = next_to_player(&run, dwarf);
        run.wizard().level().monsters_mut()[m].pos = cell;
    }
    for _ in 0..200 {
        if mines(app).is_over() {
            break;
        }
        tap(app, KeyCode::KeyS);
    }
    assert!(matches!(mines(app).status(), RunStatus::Died { .. }));
}

#[test]
fn ctrl_p_shows_the_message_history() {
    use crate::game::messages::HistoryPanel;
    let mut app = play_app(1);
    tap_shifted(&mut app, KeyCode::Comma);
    tap(&mut app, KeyCode::Comma);
    let panel = |app: &mut App| {
        let world = app.world_mut();
        let (v, t) = world
            .query_filtered::<(&Visibility, &Text), With<HistoryPanel>>()
            .single(world)
            .unwrap();
        (*v, t.0.clone())
    };
    assert_eq!(panel(&mut app).0, Visibility::Hidden);
    tap_chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyP]);
    let (v, text) = panel(&mut app);
    assert_eq!(v, Visibility::Visible);
    assert!(text.contains("Welcome to the Gnomish Mines"), "{text}");
    assert!(text.contains("You can't leave the mines yet."), "{text}");
    assert!(text.contains("There is nothing here to pick up."), "{text}");
    assert_eq!(seed(&app), 1, "Ctrl-P is not P");
    tap_chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyP]);
    assert_eq!(panel(&mut app).0, Visibility::Hidden);
}

#[test]
fn the_hud_shows_hit_points_and_gems() {
    use crate::game::hud::StatusText;
    let mut app = play_app(3);
    let status = |app: &mut App| {
        app.world_mut()
            .query_filtered::<&Text, With<StatusText>>()
            .single(app.world())
            .unwrap()
            .0
            .clone()
    };
    let s = status(&mut app);
    let n = mines(&app).level_count();
    let dlvl = mines(&app).dlvl(1);
    assert!((3..=5).contains(&dlvl), "mines level 1 is Dlvl 3 to 5");
    assert!(
        s.starts_with(&format!("seed 3  |  Dlvl {dlvl}  level 1 of {n}")),
        "{s}"
    );
    assert!(
        s.contains("HP 24(24)") && s.contains("gems 0") && s.contains("T:1"),
        "{s}"
    );
    // Stand next to a gem, step onto it and pick it up.
    let gem = mines(&app).level().items()[0].pos;
    let level = map_of(&app);
    let (dx, dy) = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (-1, -1),
        (1, -1),
        (-1, 1),
    ]
    .into_iter()
    .find(|&(dx, dy)| level.is_walkable(gem.offset(-dx, -dy)))
    .unwrap();
    set_player(&mut app, gem.offset(-dx, -dy));
    let key = match (dx, dy) {
        (1, 0) => KeyCode::KeyL,
        (-1, 0) => KeyCode::KeyH,
        (0, 1) => KeyCode::KeyJ,
        (0, -1) => KeyCode::KeyK,
        (1, 1) => KeyCode::KeyN,
        (-1, -1) => KeyCode::KeyY,
        (1, -1) => KeyCode::KeyU,
        _ => KeyCode::KeyB,
    };
    tap(&mut app, key);
    assert_eq!(mines(&app).player().pos, gem);
    tap(&mut app, KeyCode::Comma);
    let s = status(&mut app);
    assert!(s.contains("gems 1"), "{s}");
}

#[cfg(all(feature = "overlay", feature = "stages"))]
#[test]
fn the_overlay_and_stages_work_on_a_deeper_level() {
    let mut app = play_app(1);
    let down = mines(&app).level().down_stairs().unwrap();
    set_player(&mut app, down);
    tap_shifted(&mut app, KeyCode::Period);
    assert_eq!(mines(&app).depth(), 2);
    tap(&mut app, KeyCode::KeyO);
    tap(&mut app, KeyCode::BracketLeft);
    let level = app.world().resource::<CurrentLevel>().clone();
    let history = level.history.unwrap();
    assert_eq!(history.seed(), crate::dungeon::level_seed(1, 2));
    let prov = history.provenance_at(Stage::from_index(4));
    for (p, _, c) in tile_views(&mut app) {
        assert_eq!(
            c,
            provenance_colour(Palette::Default, prov[level.map.index(p)]),
            "{p}"
        );
    }
}

#[test]
fn record_writes_a_key_file_that_replays_the_run() {
    let path = std::env::temp_dir().join(format!("gm-recorded-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let mut game = Game::new(4, RunSetup::default());
    game.record = Some(Record {
        path: path.clone(),
        content: None,
    });
    let mut app = start(game);
    for k in [
        KeyCode::KeyS,
        KeyCode::Comma,
        KeyCode::KeyL,
        KeyCode::KeyJ,
        KeyCode::Period,
    ] {
        tap(&mut app, k);
    }
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.starts_with("# gnomish-mines --seed 4 --replay"),
        "{text}"
    );
    let commands = crate::dungeon::parse_keys(&text).unwrap();
    assert_eq!(commands.len(), 5);
    let mut again = Dungeon::new(4, RunSetup::default()).unwrap();
    again.play(&commands);
    assert_eq!(&again, mines(&app));
}

#[cfg(feature = "stages")]
#[test]
fn walking_while_an_earlier_stage_is_shown_keeps_that_stage_drawn() {
    let mut app = play_app(1);
    for _ in 0..3 {
        tap(&mut app, KeyCode::BracketLeft);
    }
    let stage = app.world().resource::<MapView>().stage.unwrap();
    assert_eq!(stage, Stage::from_index(2));
    let level = app.world().resource::<CurrentLevel>().clone();
    let tiles = level.history.unwrap().tiles_at(stage);
    let turn = mines(&app).turn();
    for k in [KeyCode::KeyS, KeyCode::KeyS] {
        tap(&mut app, k);
    }
    assert_eq!(mines(&app).turn(), turn + 2, "turns were played");
    for (p, i, c) in tile_views(&mut app) {
        assert_eq!(i, tile_index(tiles[level.map.index(p)]), "{p}");
        assert_eq!(c, Color::WHITE, "the whole map shows");
    }
}

#[cfg(feature = "overlay")]
fn legend_texts(app: &mut App) -> Vec<String> {
    use crate::game::overlay::LegendCount;
    app.world_mut()
        .query_filtered::<&Text, With<LegendCount>>()
        .iter(app.world())
        .map(|t| t.0.clone())
        .collect()
}

#[cfg(all(feature = "overlay", feature = "stages"))]
fn status_text(app: &mut App) -> String {
    text::<crate::game::hud::StatusText>(app)
}

#[cfg(all(feature = "overlay", feature = "stages"))]
#[test]
fn a_six_pass_pipeline_plays_with_the_overlay_and_stage_replay() {
    let setup = RunSetup {
        pipeline: Some(SIX.parse().unwrap()),
        ..RunSetup::default()
    };
    let mut app = start(viewer(3, setup));
    tap(&mut app, KeyCode::KeyO);
    let level = app.world().resource::<CurrentLevel>().clone();
    let history = level.history.clone().unwrap();
    assert_eq!(history.stage_count(), 8);
    // The legend lists every stage's provenance, and its counts add up.
    let rows = legend_texts(&mut app);
    assert_eq!(rows.len(), 10, "{rows:?}");
    for name in [
        "untouched",
        "init",
        "pass1",
        "pass4",
        "smooth1",
        "smooth2",
        "corridor",
    ] {
        assert!(
            rows.iter().any(|r| r.starts_with(name)),
            "{name} in {rows:?}"
        );
    }
    let total: usize = rows
        .iter()
        .map(|r| {
            r.split_whitespace()
                .last()
                .unwrap()
                .parse::<usize>()
                .unwrap()
        })
        .sum();
    assert_eq!(total, 80 * 21);
    // Step back through the seven earlier stages, each drawn in its colours.
    for i in (0..7).rev() {
        tap(&mut app, KeyCode::BracketLeft);
        let stage = Stage::from_index(i);
        assert_eq!(app.world().resource::<MapView>().stage, Some(stage));
        let prov = history.provenance_at(stage);
        for (p, _, c) in tile_views(&mut app) {
            assert_eq!(
                c,
                provenance_colour(Palette::Default, prov[level.map.index(p)]),
                "{i} {p}"
            );
        }
        let name = history.stage_name(stage);
        assert!(status_text(&mut app).contains(&format!("stage {name}  |")));
    }
    // Space plays all eight.
    tap(&mut app, KeyCode::Space);
    let mut seen = vec![app.world().resource::<MapView>().stage];
    for _ in 0..500 {
        app.update();
        let s = app.world().resource::<MapView>().stage;
        if seen.last() != Some(&s) {
            seen.push(s);
        }
    }
    assert_eq!(seen.len(), 8, "{seen:?}");
    assert_eq!(seen.last(), Some(&None), "ends on the finished level");
}

#[cfg(feature = "overlay")]
#[test]
fn the_legend_never_lies_past_eight_coloured_passes() {
    use crate::game::overlay::legend_rows;
    use crate::generation::{CaPass, MineParams, Pipeline, Rule, generate};
    let mut passes: Vec<CaPass> = Pipeline::nethack().passes().cloned().collect();
    for i in 5..=10 {
        passes.push(CaPass::new(format!("pass{i}"), Rule::KEEP));
    }
    let p = MineParams {
        pipeline: Pipeline::of_passes(passes).unwrap(),
        ..MineParams::default()
    };
    let level = generate(2, &p).unwrap();
    let h = &level.history;
    let rows = legend_rows(Palette::Default, h, &h.provenance_counts());
    // untouched, init, passes 1 to 7 alone, passes 8 to 10 in one row, corridor, erased.
    assert_eq!(
        rows.len(),
        12,
        "{:?}",
        rows.iter().map(|r| &r.1).collect::<Vec<_>>()
    );
    assert_eq!(rows[9].1, "pass8 … pass10");
    assert_eq!(rows.iter().map(|r| r.2).sum::<usize>(), 80 * 21);
    // Each colour names one row: no two rows share a colour.
    for (i, a) in rows.iter().enumerate() {
        for b in &rows[i + 1..] {
            assert_ne!(a.0, b.0, "{} and {} share a colour", a.1, b.1);
        }
    }
}

#[cfg(all(feature = "overlay", feature = "stages"))]
#[test]
fn a_drawn_level_is_drawn_and_says_it_has_no_cave_history() {
    use crate::dungeon::Content;
    let content = Content::parse(&content_with_vault()).unwrap();
    let setup = RunSetup {
        content: std::sync::Arc::new(content),
        ..RunSetup::default()
    };
    let mut app = start(Game::new(1, setup));
    let down = mines(&app).level().down_stairs().unwrap();
    set_player(&mut app, down);
    tap_shifted(&mut app, KeyCode::Period);
    assert_eq!(mines(&app).depth(), 2);
    let level = app.world().resource::<CurrentLevel>().clone();
    assert!(level.history.is_none());
    let mut drawn = LevelMap::from_rows(&VAULT).unwrap();
    crate::generation::fix_wall_types(&mut drawn);
    // The tilemap was remade at the drawing's size, and shows it.
    let views = tile_views(&mut app);
    assert_eq!(views.len(), drawn.len());
    for (p, i, _) in &views {
        assert_eq!(*i, tile_index(drawn.tile(*p)), "{p}");
    }
    let n = mines(&app).level_count();
    assert!(status_text(&mut app).contains(&format!("The Vault (level 2 of {n})")));
    assert!(status_text(&mut app).contains("a built level: no cave history"));
    // The overlay has nothing to colour, and says so.
    tap(&mut app, KeyCode::KeyO);
    assert!(app.world().resource::<MapView>().overlay);
    let rows = legend_texts(&mut app);
    assert!(
        rows.iter().any(|r| r.contains("no\ncave history")),
        "{rows:?}"
    );
    for (p, i, _) in tile_views(&mut app) {
        assert_eq!(i, tile_index(drawn.tile(p)), "no overlay tiles at {p}");
    }
    // The stage replay has no stages here.
    tap(&mut app, KeyCode::BracketLeft);
    assert_eq!(app.world().resource::<MapView>().stage, None);
    let notice = app.world().resource::<RunNotice>().0.clone();
    assert!(notice.contains("no stages"), "{notice}");
    // Back up the stairs, the overlay colours the generated level again.
    tap_shifted(&mut app, KeyCode::Comma);
    assert_eq!(mines(&app).depth(), 1);
    assert!(
        legend_texts(&mut app)
            .iter()
            .any(|r| r.starts_with("pass2"))
    );
}

// ---- every keystroke counts -------------------------------------------------

/// A cell with `n` walkable cells below it.
fn column_of_floor(map: &LevelMap, n: i32) -> Pos {
    map.cells()
        .find(|&p| (0..=n).all(|i| map.is_walkable(p.offset(0, i))))
        .expect("a straight run of floor")
}

#[test]
fn three_taps_before_one_frame_are_three_moves() {
    let mut app = app(2);
    let c = column_of_floor(&map_of(&app), 3);
    set_player(&mut app, c);
    for _ in 0..3 {
        KeyCode::KeyJ.press(app.world_mut());
        KeyCode::KeyJ.release(app.world_mut());
    }
    app.update();
    assert_eq!(mines(&app).player().pos, c.offset(0, 3));
    assert_eq!(mines(&app).commands().len(), 3);
    assert_eq!(player(&mut app), c.offset(0, 3), "the sprite followed");
}

#[test]
fn the_systems_own_key_repeat_does_not_flood_the_queue() {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
    let mut app = app(2);
    let c = column_of_floor(&map_of(&app), 3);
    set_player(&mut app, c);
    KeyCode::KeyJ.press(app.world_mut());
    // Ten of the window system's repeat events arrive with the first press.
    for _ in 0..10 {
        app.world_mut().write_message(KeyboardInput {
            key_code: KeyCode::KeyJ,
            logical_key: Key::Unidentified(NativeKey::Unidentified),
            state: ButtonState::Pressed,
            text: None,
            repeat: true,
            window: Entity::PLACEHOLDER,
        });
    }
    app.update();
    assert_eq!(mines(&app).commands().len(), 1, "one press, one move");
    KeyCode::KeyJ.release(app.world_mut());
    app.update();
    assert_eq!(mines(&app).commands().len(), 1);
}

#[test]
fn a_slow_frame_plays_every_move_typed_during_it() {
    let mut app = app_with(3, RunSetup::sized(2048, 2048));
    tap_shifted(&mut app, KeyCode::KeyR); // asks first: a run is alive
    // R again, then five moves, all typed before the frame that makes the new
    // 2048 x 2048 run (a slow one) runs.
    KeyCode::ShiftLeft.press(app.world_mut());
    KeyCode::KeyR.press(app.world_mut());
    KeyCode::KeyR.release(app.world_mut());
    KeyCode::ShiftLeft.release(app.world_mut());
    for key in [
        KeyCode::KeyJ,
        KeyCode::KeyK,
        KeyCode::KeyL,
        KeyCode::KeyH,
        KeyCode::KeyS,
    ] {
        key.press(app.world_mut());
        key.release(app.world_mut());
    }
    app.update();
    let run = mines(&app);
    assert_ne!(run.seed(), 3, "a new run");
    assert_eq!(run.commands().len(), 5, "all five, on the new run");
    assert_eq!(run.commands()[4], crate::dungeon::Command::Search);
}

#[test]
fn chords_and_plain_keys_each_count_once() {
    let mut app = app(2);
    let c = column_of_floor(&map_of(&app), 2);
    set_player(&mut app, c);
    // Shift held: `.` is `>` (not here: no turn), then Shift let go: `.` waits.
    KeyCode::ShiftLeft.press(app.world_mut());
    KeyCode::Period.press(app.world_mut());
    KeyCode::Period.release(app.world_mut());
    KeyCode::ShiftLeft.release(app.world_mut());
    KeyCode::Period.press(app.world_mut());
    KeyCode::Period.release(app.world_mut());
    app.update();
    let run = mines(&app);
    use crate::dungeon::Command;
    assert_eq!(run.commands(), [Command::Down, Command::Wait]);
}

// ---- nothing the player does is lost ----------------------------------------

fn save_dir(name: &str) -> crate::saves::SaveDir {
    let root = std::env::temp_dir().join(format!("gm-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    crate::saves::SaveDir::at(root)
}

fn saved_app(seed: u64, saves: &crate::saves::SaveDir) -> App {
    let mut game = Game::new(seed, RunSetup::default());
    game.journal = Some(JournalPlan {
        path: saves.autosave(),
        resume: false,
        saves: Some(saves.clone()),
    });
    start(game)
}

fn journal_commands(path: &std::path::Path) -> Vec<crate::dungeon::Command> {
    use crate::dungeon::{Content, journal::Journal};
    let bytes = std::fs::read(path).unwrap();
    Journal::read(&bytes, &Content::built_in().hash_text())
        .unwrap()
        .commands
}

fn recordings(saves: &crate::saves::SaveDir) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(saves.recordings())
        .map(|d| {
            d.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

#[test]
fn the_journal_holds_every_turn_and_a_new_run_files_the_old_one() {
    let saves = save_dir("journal_new_run");
    let mut app = saved_app(4, &saves);
    for k in [KeyCode::KeyS, KeyCode::KeyL, KeyCode::KeyJ, KeyCode::Period] {
        tap(&mut app, k);
        assert_eq!(
            journal_commands(&saves.autosave()),
            mines(&app).commands(),
            "on disk after each turn"
        );
    }
    // Twice R: the run is abandoned, kept as a recording; the new run's
    // journal takes its place.
    tap_shifted(&mut app, KeyCode::KeyR);
    tap_shifted(&mut app, KeyCode::KeyR);
    assert_ne!(mines(&app).seed(), 4);
    let names = recordings(&saves);
    assert_eq!(names.len(), 1, "{names:?}");
    assert!(names[0].ends_with("-seed-4-abandoned.journal"), "{names:?}");
    let kept = saves.recordings().join(&names[0]);
    assert_eq!(journal_commands(&kept).len(), 4);
    assert!(journal_commands(&saves.autosave()).is_empty());
    tap(&mut app, KeyCode::KeyS);
    assert_eq!(journal_commands(&saves.autosave()).len(), 1);
}

#[test]
fn death_files_the_journal_and_the_end_screen_says_where() {
    use crate::game::ending::EndingPanel;
    let saves = save_dir("journal_death");
    let mut app = saved_app(2, &saves);
    die_next_to_a_dwarf(&mut app);
    let names = recordings(&saves);
    assert_eq!(names.len(), 1, "{names:?}");
    assert!(names[0].contains("-seed-2-died"), "{names:?}");
    assert!(
        !saves.autosave().exists(),
        "the finished run is not resumed"
    );
    let text = {
        let world = app.world_mut();
        let (_, children) = world
            .query_filtered::<(&Visibility, &Children), With<EndingPanel>>()
            .single(world)
            .unwrap();
        let child = children[0];
        world.get::<Text>(child).unwrap().0.clone()
    };
    let kept = saves.recordings().join(&names[0]);
    assert!(
        text.contains(&format!("Recorded in {}", kept.display())),
        "{text}"
    );
    assert!(text.contains("gnomish-mines --replay"), "{text}");
    // The recording replays to the same death.
    let mut again = Dungeon::new(2, RunSetup::default()).unwrap();
    again.play(&journal_commands(&kept));
    assert_eq!(again.commands().len(), mines(&app).commands().len());
}

#[test]
fn a_journal_that_cannot_be_written_is_said_and_the_game_plays_on() {
    // A save directory under a file: nothing can be written there.
    let blocker = std::env::temp_dir().join(format!("gm-not-a-dir-{}", std::process::id()));
    std::fs::write(&blocker, "a file").unwrap();
    let mut game = Game::new(4, RunSetup::default());
    game.journal = Some(JournalPlan {
        path: blocker.join("current.journal"),
        resume: false,
        saves: None,
    });
    let mut app = start(game);
    let notice = app
        .world()
        .resource::<Run>()
        .session()
        .notice()
        .unwrap_or_default()
        .to_string();
    assert!(notice.starts_with("Cannot save to"), "{notice}");
    assert!(notice.contains("This run is not being saved."), "{notice}");
    tap(&mut app, KeyCode::KeyS);
    assert_eq!(mines(&app).turn(), 2, "the game plays on");
}

/// Every tile's texture and colour, in map order, with the whole map in view
/// (the tilemap writes the tiles around the camera).
#[cfg(feature = "compare")]
fn drawn(app: &mut App) -> Vec<(Pos, u32, Color)> {
    let w = map_of(app).width() as i32;
    zoom_to_whole_map(app);
    let mut v = tile_views(app);
    v.sort_by_key(|(p, _, _)| (p.y * w + p.x) as i64);
    v
}

#[cfg(feature = "compare")]
#[test]
fn the_comparison_view_draws_the_level_without_pass_2_and_puts_this_one_back() {
    use crate::game::compare::{Compared, diff_colour};
    use crate::generation::{MineParams, generate};
    use crate::lab::compare::CellDiff;
    // The smallest map, the game's, and a larger one (as large as the close-up
    // view shows whole); in play mode (light, memory, monsters) and in fly
    // mode.
    for (i, (w, h)) in [(10, 6), (80, 21), (120, 70)].into_iter().enumerate() {
        for fly in [false, true] {
            let mut app = start(Game::new(20 + i as u64, RunSetup::sized(w, h)));
            if fly {
                tap_shifted(&mut app, KeyCode::KeyF);
                assert_eq!(mode(&app), PlayMode::Fly);
            }
            let before = drawn(&mut app);
            let run_before = format!("{:?}", mines(&app));
            let history = app
                .world()
                .resource::<CurrentLevel>()
                .history
                .clone()
                .unwrap();
            tap(&mut app, KeyCode::KeyC);
            let shown = app
                .world()
                .resource::<MapView>()
                .instead
                .clone()
                .expect("C shows the comparison");
            let other = app
                .world()
                .resource::<Compared>()
                .0
                .clone()
                .expect("C shows the comparison");
            assert_eq!(shown.map, other.map);
            // The other level is the generator's, from the same seed, without
            // pass 2.
            let params = MineParams {
                pipeline: history.params().pipeline.without_passes(&[2]).unwrap(),
                ..history.params().clone()
            };
            let expect = generate(history.seed(), &params).unwrap().map;
            assert_eq!(other.map, expect, "{w}x{h}");
            let here = map_of(&app);
            let mut marked = 0;
            for (p, index_shown, colour) in drawn(&mut app) {
                let k = here.index(p);
                let diff = CellDiff::of(here.tiles()[k], expect.tiles()[k]);
                assert_eq!(other.diffs[k], diff);
                match diff_colour(Palette::Default, diff) {
                    Some(mark) => {
                        marked += 1;
                        assert_eq!(index_shown, tile_index(expect.tiles()[k]) + index::OVERLAY);
                        assert_eq!(colour, mark, "{p}");
                    }
                    None => {
                        assert_eq!(index_shown, tile_index(expect.tiles()[k]));
                        assert_eq!(colour, Color::WHITE, "{p}: the whole map is shown");
                    }
                }
            }
            assert_eq!(marked, other.differing());
            if (w, h) != (10, 6) {
                assert!(marked > 0, "{w}x{h}: pass 2 changed something");
            }
            // Monsters and items are not drawn over another level.
            assert_eq!(
                self::shown::<crate::game::sprites::MonsterSprite>(&mut app),
                0
            );
            // Back: every tile exactly as before, and the run untouched.
            tap(&mut app, KeyCode::KeyC);
            assert!(app.world().resource::<MapView>().instead.is_none());
            assert_eq!(drawn(&mut app), before, "{w}x{h} fly {fly}");
            assert_eq!(format!("{:?}", mines(&app)), run_before);
        }
    }
}

#[cfg(feature = "compare")]
#[test]
fn the_comparison_follows_a_new_level_and_says_when_it_cannot_compare() {
    use crate::game::compare::Compared;
    let compared = |app: &App| {
        assert!(app.world().resource::<MapView>().instead.is_some());
        app.world().resource::<Compared>().0.clone().unwrap()
    };
    let mut app = app(30);
    tap(&mut app, KeyCode::KeyC);
    let first = compared(&app);
    // A new run (fly mode asks no confirmation): its level is compared.
    tap_shifted(&mut app, KeyCode::KeyF);
    tap_chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyN]);
    assert_eq!(seed(&app), 31);
    let second = compared(&app);
    assert_ne!(first.map, second.map);
    let here = map_of(&app);
    let differ = here
        .tiles()
        .iter()
        .zip(second.map.tiles())
        .filter(|(a, b)| a != b)
        .count();
    assert_eq!(second.differing(), differ);
    // A stage key leaves the view.
    tap(&mut app, KeyCode::BracketLeft);
    assert!(app.world().resource::<MapView>().instead.is_none());

    // A pipeline of one pass, and no --compare: nothing to compare.
    let setup = RunSetup {
        pipeline: Some("inplace:RRRKKFFFF".parse().unwrap()),
        ..RunSetup::default()
    };
    let mut app = app_with(32, setup.clone());
    tap(&mut app, KeyCode::KeyC);
    assert!(app.world().resource::<MapView>().instead.is_none());
    assert!(
        app.world()
            .resource::<RunNotice>()
            .0
            .contains("no pass 2 to leave out"),
        "{}",
        app.world().resource::<RunNotice>().0
    );
    // With --compare it compares against that.
    let game = viewer(32, setup).config(|c| {
        c.with_compare(Some(
            "inplace:RRRKKFFFF buffered:RRRKKKKKK".parse().unwrap(),
        ))
    });
    let mut app = start(game);
    tap(&mut app, KeyCode::KeyC);
    let c = compared(&app);
    assert_eq!(c.pipeline.pass_count(), 2);
    assert_eq!(c.label, "the --compare pipeline");
}

#[cfg(feature = "overlay")]
#[test]
fn the_overlay_legend_says_what_pass_2_did_here() {
    use crate::lab::bites::pass2_line;
    let mut app = app(33);
    tap(&mut app, KeyCode::KeyO);
    app.update();
    let history = app
        .world()
        .resource::<CurrentLevel>()
        .history
        .clone()
        .unwrap();
    let line = pass2_line(&history).unwrap();
    assert!(line.starts_with("pass 2 bit "), "{line}");
    let texts: Vec<String> = app
        .world_mut()
        .query_filtered::<&Text, With<crate::game::overlay::Pass2Line>>()
        .iter(app.world())
        .map(|t| t.0.clone())
        .collect();
    assert_eq!(texts, std::slice::from_ref(&line));
    // Its count is the cells pass 2 turned to rock on this level.
    let pass2 = history.stage_named("pass2").unwrap();
    let (before, after) = (
        history.snapshot(history.prev_stage(pass2).unwrap()),
        history.snapshot(pass2),
    );
    let mut bitten = 0;
    for x in 0..before.width() {
        for y in 0..before.height() {
            bitten += (before.get(x, y) && !after.get(x, y)) as usize;
        }
    }
    assert!(line.starts_with(&format!("pass 2 bit {bitten} floor cells: ")));
}

fn text_of<C: Component>(app: &mut App) -> (Visibility, String) {
    let world = app.world_mut();
    let (v, t) = world
        .query_filtered::<(&Visibility, &Text), With<C>>()
        .single(world)
        .unwrap();
    (*v, t.0.clone())
}

/// How many entities have component `C`.
fn count<C: Component>(app: &mut App) -> usize {
    app.world_mut().query::<&C>().iter(app.world()).count()
}

/// How many entities with component `C` are not hidden.
fn shown<C: Component>(app: &mut App) -> usize {
    app.world_mut()
        .query_filtered::<&Visibility, With<C>>()
        .iter(app.world())
        .filter(|v| **v != Visibility::Hidden)
        .count()
}

/// The text of the one entity marked `C`.
fn text<C: Component>(app: &mut App) -> String {
    app.world_mut()
        .query_filtered::<&Text, With<C>>()
        .single(app.world())
        .unwrap()
        .0
        .clone()
}

fn message_line(app: &mut App) -> String {
    text::<crate::game::messages::MessageLine>(app)
}

fn move_key(d: crate::generation::Dir) -> KeyCode {
    use crate::generation::Dir;
    match d {
        Dir::N => KeyCode::KeyK,
        Dir::S => KeyCode::KeyJ,
        Dir::E => KeyCode::KeyL,
        Dir::W => KeyCode::KeyH,
        Dir::NW => KeyCode::KeyY,
        Dir::NE => KeyCode::KeyU,
        Dir::SW => KeyCode::KeyB,
        Dir::SE => KeyCode::KeyN,
    }
}

/// Seed 1's Minetown (level 3, Bustling Town: a town laid on a cave) in
/// the game, as `cargo run` plays it.
fn minetown_app() -> App {
    let app = start(Game::new(1, RunSetup::default()).config(|c| c.with_depth(Some(3))));
    let r = mines(&app);
    assert_eq!(r.content().kind_name(r.kind_at(r.depth())), "bustling_town");
    app
}

#[test]
fn moving_into_a_peaceful_asks_and_the_next_key_answers() {
    use crate::generation::Dir;
    let mut app = minetown_app();
    app.world_mut()
        .resource_mut::<Run>()
        .wizard()
        .set_hp(1000, 1000);
    // A peaceful gnome of the town, put east or west of you.
    let p = player(&mut app);
    let (m, d) = {
        let r = &mut *app.world_mut().resource_mut::<Run>();
        let gnome = r.content().monster_kind("gnome").unwrap();
        let m = r
            .level()
            .monsters()
            .iter()
            .position(|m| m.peaceful && m.kind == gnome)
            .expect("a peaceful gnome");
        let d = [Dir::E, Dir::W, Dir::N, Dir::S]
            .into_iter()
            .find(|&d| {
                r.level().map().is_walkable(p.step(d)) && r.level().monster_at(p.step(d)).is_none()
            })
            .unwrap();
        r.wizard().level().monsters_mut()[m].pos = p.step(d);
        (m, d)
    };
    app.update();
    let turn = mines(&app).turn();
    tap(&mut app, move_key(d));
    assert_eq!(message_line(&mut app), "Really attack the gnome? [yn] (n)");
    assert_eq!((player(&mut app), mines(&app).turn()), (p, turn));
    // `n` is no, not a step south-east.
    tap(&mut app, KeyCode::KeyN);
    assert!(!mines(&app).is_asking());
    assert_eq!((player(&mut app), mines(&app).turn()), (p, turn));
    assert!(mines(&app).level().monsters()[m].peaceful);
    // Asked again, `y` is yes, not a step north-west: a blow, a turn.
    tap(&mut app, move_key(d));
    assert!(mines(&app).is_asking());
    tap(&mut app, KeyCode::KeyY);
    assert_eq!((player(&mut app), mines(&app).turn()), (p, turn + 1));
    let said: Vec<String> = mines(&app)
        .log()
        .history()
        .map(|(_, m)| m.to_string())
        .collect();
    assert!(
        said.iter().any(|m| m.starts_with("You hit the gnome")
            || m.starts_with("You miss the gnome")
            || m.starts_with("You kill the gnome")),
        "{said:?}"
    );
    // The journal keeps each answer as the key after the question: move,
    // `n`, move, `y`.
    let tail = mines(&app)
        .commands()
        .iter()
        .rev()
        .take(4)
        .collect::<Vec<_>>();
    assert!(
        mines(&app).commands().ends_with(&[
            crate::dungeon::Command::Move(d),
            crate::dungeon::Command::Move(Dir::SE),
            crate::dungeon::Command::Move(d),
            crate::dungeon::Command::Move(Dir::NW),
        ]),
        "{tail:?}"
    );
}

#[test]
fn i_lists_what_you_carry_a_and_a_letter_lights_it_and_d_then_a_letter_drops_it() {
    use crate::game::hud::StatusText;
    use crate::game::inventory::InventoryPanel;
    let mut app = minetown_app();
    // A wax candle (not for sale) underfoot, picked up with `,`.
    {
        let r = &mut *app.world_mut().resource_mut::<Run>();
        let candle = light_underfoot(r, "wax_candle", 400);
        r.wizard().level().items_mut().insert(0, candle);
    }
    tap(&mut app, KeyCode::Comma);
    assert_eq!(mines(&app).player().inventory.len(), 1);
    assert_eq!(text_of::<InventoryPanel>(&mut app).0, Visibility::Hidden);
    tap(&mut app, KeyCode::KeyI);
    let (v, text) = text_of::<InventoryPanel>(&mut app);
    assert_eq!(v, Visibility::Visible);
    assert!(
        text.contains("a - a wax candle (400 turns of burning left)"),
        "{text}"
    );
    assert!(text.contains("$ - 0 gold pieces"), "{text}");
    // `a` asks which item; its letter lights it: the HUD shows the light,
    // the panel the burning.
    let turn = mines(&app).turn();
    tap(&mut app, KeyCode::KeyA);
    assert_eq!(
        message_line(&mut app),
        "What do you want to apply? [a or ?*]"
    );
    assert_eq!(mines(&app).turn(), turn);
    tap(&mut app, KeyCode::KeyA);
    assert_eq!(mines(&app).turn(), turn + 1);
    let (_, text) = text_of::<InventoryPanel>(&mut app);
    assert!(
        text.contains("a - a wax candle (lit, 399 turns left)"),
        "{text}"
    );
    let (_, status) = text_of::<StatusText>(&mut app);
    assert!(status.contains("light 2"), "{status}");
    // `d` asks; `?` shows what you carry, the question still asked (as
    // NetHack's and the terminal's); Esc is never mind, and no turn.
    tap(&mut app, KeyCode::KeyD);
    assert_eq!(
        message_line(&mut app),
        "What do you want to drop? [a or ?*]"
    );
    tap(&mut app, KeyCode::Escape);
    tap(&mut app, KeyCode::KeyI);
    assert_eq!(text_of::<InventoryPanel>(&mut app).0, Visibility::Hidden);
    tap(&mut app, KeyCode::KeyD);
    tap_chord(&mut app, &[KeyCode::ShiftLeft, KeyCode::Slash]);
    assert_eq!(text_of::<InventoryPanel>(&mut app).0, Visibility::Visible);
    assert_eq!(
        message_line(&mut app),
        "What do you want to drop? [a or ?*]"
    );
    tap(&mut app, KeyCode::Escape);
    assert_eq!(message_line(&mut app), "Never mind.");
    assert_eq!(mines(&app).turn(), turn + 1);
    assert_eq!(mines(&app).player().inventory.len(), 1);
    // `d` then `a` drops item a; the `a` is the answer, not apply.
    tap(&mut app, KeyCode::KeyD);
    tap(&mut app, KeyCode::KeyA);
    assert_eq!(mines(&app).turn(), turn + 2);
    assert!(mines(&app).player().inventory.is_empty());
    let line = message_line(&mut app);
    // Dropped, it is snuffed: it burned one turn.
    assert!(
        line.contains("You drop a wax candle (399 turns of burning left)."),
        "{line}"
    );
    let (_, text) = text_of::<InventoryPanel>(&mut app);
    assert!(text.contains("Not carrying anything."), "{text}");
    let (_, status) = text_of::<StatusText>(&mut app);
    assert!(!status.contains("light"), "{status}");
    tap(&mut app, KeyCode::KeyI);
    assert_eq!(text_of::<InventoryPanel>(&mut app).0, Visibility::Hidden);
}

#[test]
fn alt_p_prays_and_the_help_lists_the_new_keys() {
    use crate::game::hud::HelpPanel;
    let mut app = minetown_app();
    let turn = mines(&app).turn();
    // Unhurt: the god is displeased, a turn passes, and Alt+P is not P.
    tap_chord(&mut app, &[KeyCode::AltLeft, KeyCode::KeyP]);
    assert_eq!(mines(&app).turn(), turn + 1);
    assert!(message_line(&mut app).contains("You feel that your god is displeased."));
    assert_eq!(mines(&app).seed(), 1);
    // Low: healed.
    app.world_mut().resource_mut::<Run>().wizard().set_hp(5, 24);
    tap_chord(&mut app, &[KeyCode::AltLeft, KeyCode::KeyP]);
    assert!(message_line(&mut app).contains("You feel much better."));
    assert_eq!(mines(&app).player().hp, 24);
    tap_shifted(&mut app, KeyCode::Slash);
    let (v, help) = text_of::<HelpPanel>(&mut app);
    assert_eq!(v, Visibility::Visible);
    for row in [
        "y (after a question)",
        "a ",
        "d, then a letter",
        "i ",
        "Alt+P",
        "The manual: docs/playing.md",
    ] {
        assert!(help.contains(row), "{row:?} missing from {help}");
    }
}

/// Minetown's carved cells are "built" in the overlay, not a pass; Mines'
/// End's own passes (`narrow`, `clean`) are its stages, stepped through like
/// any generated level's.
#[cfg(all(feature = "overlay", feature = "stages"))]
#[test]
fn minetown_is_built_on_its_cave_and_a_drawn_mines_end_has_no_stages() {
    let mut app = minetown_app();
    tap(&mut app, KeyCode::KeyO);
    let rows = legend_texts(&mut app);
    let built = rows
        .iter()
        .find(|r| r.starts_with("built"))
        .unwrap_or_else(|| panic!("no built row in {rows:?}"));
    let n: usize = built.split_whitespace().last().unwrap().parse().unwrap();
    assert!(n > 300, "{built}");
    let level = app.world().resource::<CurrentLevel>().clone();
    let history = level.history.clone().unwrap();
    let altar = level
        .map
        .tiles()
        .iter()
        .position(|&t| t == Tile::Altar)
        .unwrap();
    assert_eq!(
        history.provenance(level.map.pos(altar)),
        crate::generation::Provenance::BUILT
    );
    // Mines' End (seed 1's level 9) is drawn, as NetHack's are: no cave
    // history, so no stages to step through.
    app.world_mut()
        .resource_mut::<Run>()
        .wizard()
        .go_to(9)
        .unwrap();
    app.update();
    app.update();
    let level = app.world().resource::<CurrentLevel>().clone();
    assert!(level.history.is_none());
    tap(&mut app, KeyCode::BracketLeft);
    assert_eq!(app.world().resource::<MapView>().stage, None);
}

#[test]
fn every_tile_has_its_own_place_in_the_tileset() {
    let mut seen = std::collections::HashMap::new();
    for t in Tile::EVERY {
        let i = tile_index(t);
        assert!(i < 16 * 5, "{t:?} at {i}");
        // Only a secret door shares, with the wall it hides in.
        if let Some(other) = seen.insert(i, t) {
            let hides = match t {
                Tile::SecretDoorInHWall => Tile::HWall,
                Tile::SecretDoorInVWall => Tile::VWall,
                _ => panic!("{t:?} shares tile {i} with {other:?}"),
            };
            assert_eq!(other, hides, "{t:?}");
        }
    }
}

#[test]
fn searching_with_s_finds_a_trap_and_its_sprite_appears_and_boulders_are_drawn() {
    use crate::dungeon::Trap;
    use crate::game::sprites::{BoulderSprite, TrapSprite};
    let mut app = play_app(3);
    let me = mines(&app).player().pos;
    let map = map_of(&app);
    let next = around(me)
        .find(|&c| map.tile(c) == Tile::Floor)
        .expect("floor next to the stairs");
    let kind = mines(&app).content().trap_kind("bear_trap").unwrap();
    {
        let mut run = app.world_mut().resource_mut::<Run>();
        let mut w = run.wizard();
        let level = w.level();
        level.traps_mut().clear();
        level.traps_mut().push(Trap {
            kind,
            pos: next,
            seen: false,
            launch: None,
        });
        level.monsters_mut().clear();
    }
    app.update();
    let traps_shown = |app: &mut App| {
        app.world_mut()
            .query::<(&TrapSprite, &Visibility)>()
            .iter(app.world())
            .filter(|(_, v)| **v != Visibility::Hidden)
            .count()
    };
    assert_eq!(traps_shown(&mut app), 0, "hidden");
    let mut presses = 0;
    while mines(&app).level().seen_trap_at(next).is_none() {
        tap(&mut app, KeyCode::KeyS);
        presses += 1;
        assert!(presses < 200, "found in time");
    }
    assert_eq!(mines(&app).commands().len(), presses, "each s a search");
    app.update();
    assert_eq!(traps_shown(&mut app), 1, "found: drawn");
    // `^` and the way to it names it.
    let key = match me.dir_to(next).unwrap() {
        Dir::N => KeyCode::KeyK,
        Dir::S => KeyCode::KeyJ,
        Dir::E => KeyCode::KeyL,
        Dir::W => KeyCode::KeyH,
        Dir::NE => KeyCode::KeyU,
        Dir::NW => KeyCode::KeyY,
        Dir::SE => KeyCode::KeyN,
        Dir::SW => KeyCode::KeyB,
    };
    tap_chord(&mut app, &[KeyCode::ShiftLeft, KeyCode::Digit6]);
    tap(&mut app, key);
    assert_eq!(message_line(&mut app), "That is a bear trap.");
    assert_eq!(
        count::<BoulderSprite>(&mut app),
        mines(&app).level().boulders().len()
    );
}

#[test]
fn the_object_verbs_answer_their_keys_w_shift_w_shift_t_q_r_and_e() {
    use crate::dungeon::Carried;
    use crate::game::hud::StatusText;
    use crate::game::inventory::InventoryPanel;
    let mut app = minetown_app();
    {
        let r = &mut *app.world_mut().resource_mut::<Run>();
        r.wizard().level().monsters_mut().clear();
        for (n, id) in [
            "long_sword",
            "ring_mail",
            "potion_of_water",
            "scroll_of_blank_paper",
            "apple",
        ]
        .into_iter()
        .enumerate()
        {
            let kind = r.content().item_kind(id).unwrap();
            r.wizard().give(Carried::new(80_000 + n as u32, kind, 1));
        }
    }
    let turn = mines(&app).turn();
    // w, then a: the sword in hand.
    tap(&mut app, KeyCode::KeyW);
    assert_eq!(
        message_line(&mut app),
        "What do you want to wield? [abcde or ?*]"
    );
    tap(&mut app, KeyCode::KeyA);
    assert_eq!(message_line(&mut app), "a - a long sword (weapon in hand).");
    // Shift+W, then b: the ring mail on, AC 3 - 3.
    tap_shifted(&mut app, KeyCode::KeyW);
    tap(&mut app, KeyCode::KeyB);
    assert_eq!(message_line(&mut app), "You are now wearing a ring mail.");
    let (_, status) = text_of::<StatusText>(&mut app);
    assert!(status.contains("AC 0"), "{status}");
    tap(&mut app, KeyCode::KeyI);
    let (_, text) = text_of::<InventoryPanel>(&mut app);
    assert!(text.contains("a - a long sword (weapon in hand)"), "{text}");
    assert!(text.contains("b - a ring mail (being worn)"), "{text}");
    assert!(text.contains("c - a clear potion"), "{text}");
    assert!(text.contains("d - an unlabeled scroll"), "{text}");
    tap(&mut app, KeyCode::KeyI);
    // Shift+T, then b: off again.
    tap_shifted(&mut app, KeyCode::KeyT);
    tap(&mut app, KeyCode::KeyB);
    assert_eq!(message_line(&mut app), "You were wearing a ring mail.");
    let (_, status) = text_of::<StatusText>(&mut app);
    assert!(status.contains("AC 3"), "{status}");
    // q, then c; r, then d; e, then e.
    tap(&mut app, KeyCode::KeyQ);
    tap(&mut app, KeyCode::KeyC);
    assert_eq!(message_line(&mut app), "This tastes like water.");
    tap(&mut app, KeyCode::KeyR);
    assert_eq!(
        message_line(&mut app),
        "What do you want to read? [abde or ?*]"
    );
    tap(&mut app, KeyCode::KeyD);
    assert_eq!(message_line(&mut app), "This scroll seems to be blank.");
    tap(&mut app, KeyCode::KeyE);
    tap(&mut app, KeyCode::KeyE);
    assert_eq!(message_line(&mut app), "You eat the apple.");
    // Six turns, and a new run was not asked for by the plain r.
    assert_eq!(mines(&app).turn(), turn + 6);
    let letters: Vec<u8> = mines(&app)
        .player()
        .inventory
        .iter()
        .map(|c| c.letter)
        .collect();
    assert_eq!(letters, [0, 1], "the sword and the mail keep a and b");
    let keys = crate::dungeon::keys::keys_text(mines(&app).commands());
    assert!(keys.ends_with("waWbTbqcrdee\n"), "{keys}");
}

/// The options naming `palette`.
fn in_palette(game: Game, palette: &str) -> Game {
    with_options(game, &format!("(palette: {palette})"))
}

/// The same game with the options file `text` says.
fn with_options(game: Game, text: &str) -> Game {
    let options = crate::options::Options::parse(text, "o.ron").unwrap();
    game.config(|c| {
        c.with_options(crate::options::Loaded {
            options,
            file: None,
        })
    })
}

/// Every highlight sprite: is it a pet's, its colour, is it shown.
fn highlights(app: &mut App) -> Vec<(bool, Color, Visibility)> {
    use crate::game::sprites::HighlightSprite;
    app.world_mut()
        .query::<(&HighlightSprite, &Sprite, &Visibility)>()
        .iter(app.world())
        .map(|(h, s, v)| (h.tame, s.color, *v))
        .collect()
}

#[cfg(feature = "overlay")]
#[test]
fn the_options_palette_draws_the_overlay_the_monsters_and_the_highlights() {
    use crate::game::shared::colour_of;
    use crate::game::sprites::MonsterSprite;
    // The overlay in the colour-blind palette's stage colours.
    let mut app = start(in_palette(viewer(6, RunSetup::default()), "ColourBlind"));
    tap(&mut app, KeyCode::KeyO);
    let level = app.world().resource::<CurrentLevel>().clone();
    let history = level.history.clone().unwrap();
    let prov = history.provenance_at(history.last_stage());
    let views = tile_views(&mut app);
    assert!(!views.is_empty());
    let mut corridors = 0;
    for (p, _, c) in views {
        let k = level.map.index(p);
        assert_eq!(c, provenance_colour(Palette::ColourBlind, prov[k]), "{p}");
        // The corridors' orange, too near the fill's yellow without red and
        // green, is another colour here.
        if prov[k] == crate::generation::Provenance::CORRIDOR {
            corridors += 1;
            assert_ne!(c, provenance_colour(Palette::Default, prov[k]), "{p}");
        }
    }
    assert!(corridors > 0, "seed 6 has corridors in view");
    // Minetown's peaceful gnomes (the level revealed): each drawn in the
    // palette's colour for its kind, over the palette's peaceful highlight.
    for palette in Palette::EVERY {
        let mut app = start(in_palette(
            Game::new(1, RunSetup::default()).config(|c| c.with_depth(Some(3)).with_reveal(true)),
            palette.name(),
        ));
        app.update();
        let marks = palette.marks();
        let shown: Vec<_> = highlights(&mut app)
            .into_iter()
            .filter(|h| h.2 != Visibility::Hidden)
            .collect();
        assert!(!shown.is_empty(), "{palette:?}: no peaceful highlighted");
        for (tame, colour, _) in shown {
            assert!(!tame);
            assert_eq!(
                colour,
                colour_of(marks.peaceful).with_alpha(marks.highlight_alpha)
            );
        }
        let content = mines(&app).content().clone();
        let sprites: Vec<(MonsterSprite, Color)> = app
            .world_mut()
            .query::<(&MonsterSprite, &Sprite)>()
            .iter(app.world())
            .map(|(m, s)| (*m, s.color))
            .collect();
        assert!(!sprites.is_empty());
        for (m, colour) in sprites {
            let row = content.monster(m.kind);
            assert_eq!(
                colour,
                colour_of(palette.colour(row.colour)),
                "{}",
                row.name
            );
        }
    }
}

#[test]
fn your_pet_has_the_palettes_pet_highlight_and_a_hostile_none() {
    let setup = setup_as("valkyrie human lawful");
    let mut app = start(in_palette(Game::new(2, setup), "HighContrast"));
    app.update();
    let marks = Palette::HighContrast.marks();
    let pet = colour_of_pet(marks);
    let all = highlights(&mut app);
    assert_eq!(
        all.iter().filter(|h| h.0).count(),
        1,
        "one pet highlight: {all:?}"
    );
    assert!(
        all.iter()
            .any(|h| h.0 && h.1 == pet && h.2 != Visibility::Hidden)
    );
    // Every highlight is a pet's or a peaceful's: as many as there are.
    let run = mines(&app);
    let friendly = run
        .level()
        .monsters()
        .iter()
        .filter(|m| m.tame || m.peaceful)
        .count();
    assert_eq!(all.len(), friendly);
}

fn colour_of_pet(marks: &crate::palette::Marks) -> Color {
    crate::game::shared::colour_of(marks.tame).with_alpha(marks.highlight_alpha)
}

#[test]
fn number_pad_moves_with_the_digits_and_frees_the_letters() {
    let mut app = start(with_options(
        viewer(2, RunSetup::default()),
        "(number_pad: true)",
    ));
    let c = open_cell(&map_of(&app));
    let digits = [
        (KeyCode::Digit8, (0, -1)),
        (KeyCode::Digit2, (0, 1)),
        (KeyCode::Digit4, (-1, 0)),
        (KeyCode::Digit6, (1, 0)),
        (KeyCode::Digit7, (-1, -1)),
        (KeyCode::Digit9, (1, -1)),
        (KeyCode::Digit1, (-1, 1)),
        (KeyCode::Digit3, (1, 1)),
        (KeyCode::Numpad6, (1, 0)),
    ];
    for (k, (dx, dy)) in digits {
        set_player(&mut app, c);
        tap(&mut app, k);
        assert_eq!(player(&mut app), c.offset(dx, dy), "{k:?}");
    }
    for k in [KeyCode::KeyH, KeyCode::KeyJ, KeyCode::KeyK, KeyCode::KeyL] {
        set_player(&mut app, c);
        tap(&mut app, k);
        assert_eq!(player(&mut app), c, "{k:?} no longer moves");
    }
    let help = text::<crate::game::hud::HelpPanel>(&mut app);
    assert!(
        help.contains("42867913"),
        "the help lists the digits: {help}"
    );
}

#[test]
fn keys_typed_ahead_of_a_run_and_a_travel_each_play_after_it() {
    use crate::dungeon::Command;
    // A run is played whole in the frame its key comes in, so keys typed in
    // the same frame (before the run could be seen) wait and play after it,
    // none lost: Shift+L, then j and _ > . typed before one frame.
    let mut app = app(3);
    let mut expected = mines(&app).clone();
    for c in crate::dungeon::parse_keys("Lj_>.").unwrap() {
        expected.act(c);
    }
    let press = |app: &mut App, k: KeyCode| {
        k.press(app.world_mut());
        k.release(app.world_mut());
    };
    KeyCode::ShiftLeft.press(app.world_mut());
    press(&mut app, KeyCode::KeyL);
    KeyCode::ShiftLeft.release(app.world_mut());
    press(&mut app, KeyCode::KeyJ);
    KeyCode::ShiftLeft.press(app.world_mut());
    press(&mut app, KeyCode::Minus);
    press(&mut app, KeyCode::Period);
    KeyCode::ShiftLeft.release(app.world_mut());
    press(&mut app, KeyCode::Period);
    app.update();
    let played: Vec<Command> = mines(&app).commands().to_vec();
    assert_eq!(played, expected.commands().to_vec(), "every key, in order");
    assert_eq!(mines(&app).player().pos, expected.player().pos);
}

/// The window and the terminal show one run the same way: given the same
/// session, the window's status bar and the terminal's two status lines
/// hold the same fields, and their message histories the same lines,
/// paged alike.
#[cfg(feature = "tui")]
#[test]
fn the_window_and_the_terminal_show_the_same_status_and_history() {
    use crate::dungeon::status::Status;
    use crate::game::hud::StatusText;
    use crate::game::messages::HistoryPanel;
    use crate::tui::Key;
    let text = include_str!("../../docs/replays/winning_run.txt");
    let header = crate::dungeon::Header::read(text).unwrap();
    let keys = crate::dungeon::parse_keys(text).unwrap();
    let content = crate::dungeon::built_in_content();
    let setup = RunSetup {
        hero: header
            .hero
            .as_deref()
            .map(|h| crate::dungeon::Hero::parse(content.heroes(), h).unwrap()),
        ..RunSetup::default()
    };
    // Far enough in for a history of several pages, a light and gems.
    let played = |n: usize| {
        let mut run = Dungeon::new(header.seed.unwrap(), setup.clone()).unwrap();
        run.play(&keys[..n]);
        Session::new(run)
    };
    for n in [0, 40, keys.len() / 2] {
        let mut app = headless_app(played(n), GameConfig::default(), FRAME);
        app.update();
        tap_chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyP]);
        let (_, window_status) = text_of::<StatusText>(&mut app);
        let (_, window_history) = text_of::<HistoryPanel>(&mut app);

        let mut session = played(n);
        let status = Status::of(session.run());
        let rows = crate::tui::rows_after(&mut session, &[Key::Ctrl('p')], 120, 40);

        // The same fields: the window's on one line, the terminal's on two.
        let fields = status.fields();
        let (first, second) = fields.split_at(status.split());
        assert_eq!(
            window_status.lines().next(),
            Some(fields.join("  |  ").as_str())
        );
        assert_eq!(rows[38].trim_end(), first.join("  "), "turn {n}");
        assert_eq!(rows[39].trim_end(), second.join("  "), "turn {n}");
        // The same newest page of the history, line for line.
        let window_lines: Vec<&str> = window_history.lines().skip(2).collect();
        let terminal_lines: Vec<String> = rows
            .iter()
            .filter_map(|r| {
                let inside = r.trim_start_matches('│').trim_end().trim_end_matches('│');
                inside
                    .starts_with("T:")
                    .then(|| inside.trim_end().to_string())
            })
            .collect();
        assert!(!window_lines.is_empty());
        assert_eq!(
            window_lines,
            terminal_lines
                .iter()
                .map(String::as_str)
                .collect::<Vec<_>>(),
            "turn {n}"
        );
        // Both say which page of how many.
        let page = session.run().log().page(0, 20);
        let says = format!("page {} of {}", page.number, page.pages);
        assert!(window_history.contains(&says), "{window_history}");
        assert!(rows.iter().any(|r| r.contains(&says)), "{says}");
    }
}

/// The map tile whose look is tileset index `look`.
fn tile_of_look(look: u32) -> Tile {
    Tile::EVERY
        .into_iter()
        .find(|t| t.row().look == look)
        .unwrap_or(Tile::Rock)
}

/// The bars and the legends measured as the window measures them (the UI
/// lays nothing out headless): the message bar, the status bar, the
/// overlay's legend and the comparison's.
fn measure_panels(app: &mut App) {
    use crate::game::shared::{Bar, Beside, Side};
    let world = app.world_mut();
    let sized = |size: Vec2| bevy::ui::ComputedNode {
        size,
        inverse_scale_factor: 1.0,
        ..default()
    };
    let mut bars = world.query::<(&Bar, &mut bevy::ui::ComputedNode)>();
    for (bar, mut node) in bars.iter_mut(world) {
        *node = sized(match bar {
            Bar::Top => Vec2::new(1280.0, 26.0),
            Bar::Bottom => Vec2::new(1280.0, 58.0),
        });
    }
    let mut panels = world.query::<(&Beside, &Name, &mut bevy::ui::ComputedNode)>();
    for (beside, name, mut node) in panels.iter_mut(world) {
        *node = sized(match (beside.0, name.as_str()) {
            (Side::Right, "Overlay legend") => Vec2::new(554.0, 180.0),
            (Side::Left, "Comparison legend") => Vec2::new(540.0, 120.0),
            (_, "Inventory") => Vec2::new(360.0, 300.0),
            (_, "Help panel") => Vec2::new(520.0, 700.0),
            _ => Vec2::new(400.0, 300.0),
        });
    }
}

/// Where the map is drawn, each panel showing, and you, on screen.
fn on_screen(app: &mut App) -> (Rect, Vec<(String, Rect)>, Vec2) {
    use crate::game::shared::{Beside, MapFrame};
    let frame = *app.world().resource::<MapFrame>();
    let map = Rect::from_corners(frame.min, frame.min + frame.size);
    let world = app.world_mut();
    let mut panels = world.query::<(&Beside, &Name, &Node, &Visibility, &bevy::ui::ComputedNode)>();
    let shown = panels
        .iter(world)
        .filter(|(_, _, _, v, _)| **v != Visibility::Hidden)
        .map(|(_, name, node, _, c)| {
            let px = |v: Val| match v {
                Val::Px(p) => p,
                other => panic!("{name}: placed at {other:?}"),
            };
            let at = Vec2::new(px(node.left), px(node.top));
            (name.to_string(), Rect::from_corners(at, at + c.size))
        })
        .collect();
    let (camera, transform, projection) = world
        .query_filtered::<(&Camera, &Transform, &Projection), With<MainCamera>>()
        .single(world)
        .map(|(c, t, p)| (c.clone(), *t, p.clone()))
        .unwrap();
    let viewport = camera
        .viewport
        .as_ref()
        .expect("the map's camera has a frame");
    assert_eq!(viewport.physical_position, frame.min.as_uvec2());
    assert_eq!(viewport.physical_size, frame.size.as_uvec2());
    let height = world.resource::<CurrentLevel>().map.height();
    let me = world
        .query_filtered::<&GridPos, With<PlayerSprite>>()
        .single(world)
        .unwrap()
        .0;
    let scale = crate::game::shared::scale_of(&projection);
    let from_camera =
        (crate::game::shared::cell_centre(me, height) - transform.translation.truncate()) / scale;
    let you = frame.min + frame.size / 2.0 + Vec2::new(from_camera.x, -from_camera.y);
    (map, shown, you)
}

/// Each key tapped in turn (`/` with Shift: `?`, the help), then a frame.
fn press_each<'a>(app: &mut App, keys: impl Iterator<Item = &'a KeyCode>) {
    for &k in keys {
        if k == KeyCode::Slash {
            tap_chord(app, &[KeyCode::ShiftLeft, KeyCode::Slash]);
        } else {
            tap(app, k);
        }
    }
    app.update();
}

/// No legend or panel stands over the map, at 80 × 21, 300 × 200 and
/// 2048²: the map is drawn in what the bars and the panels leave (the
/// camera's viewport), and you are in it.
#[cfg(all(feature = "overlay", feature = "compare"))]
#[test]
fn no_legend_or_panel_stands_over_the_map_or_you() {
    for (w, h) in [(80, 21), (300, 200), (2048, 2048)] {
        let mut app = app_with(5, RunSetup::sized(w, h));
        measure_panels(&mut app);
        let mut seen = Vec::new();
        for keys in [
            &[KeyCode::KeyO][..],
            &[KeyCode::KeyC],
            &[KeyCode::KeyC, KeyCode::KeyI],
            &[KeyCode::KeyI, KeyCode::Slash],
        ] {
            // Each set of panels from none showing.
            press_each(&mut app, keys.iter());
            let (map, panels, you) = on_screen(&mut app);
            assert!(!panels.is_empty(), "{w}x{h} {keys:?}: a panel shows");
            for (name, r) in &panels {
                assert!(
                    map.intersect(*r).is_empty(),
                    "{w}x{h} {keys:?}: {name} {r:?} over the map {map:?}"
                );
                assert!(!r.contains(you), "{w}x{h}: {name} over you at {you}");
                seen.push(name.clone());
            }
            assert!(
                map.contains(you),
                "{w}x{h} {keys:?}: you at {you}, the map {map:?}"
            );
            assert!(map.min.y >= 26.0 && map.max.y <= 720.0 - 58.0, "{map:?}");
            // Back to none.
            press_each(&mut app, keys.iter().rev());
            let (map, panels, _) = on_screen(&mut app);
            assert!(panels.is_empty(), "{w}x{h} {keys:?}: {panels:?}");
            assert_eq!(map, Rect::new(0.0, 26.0, 1280.0, 720.0 - 58.0));
        }
        for name in [
            "Overlay legend",
            "Comparison legend",
            "Inventory",
            "Help panel",
        ] {
            assert!(
                seen.iter().any(|s| s == name),
                "{w}x{h}: {name} never showed"
            );
        }
    }
}

#[test]
fn e_asks_what_with_then_the_words_typed_to_enter() {
    let mut app = app(4);
    let at = mines(&app).player().pos;
    tap_chord(&mut app, &[KeyCode::ShiftLeft, KeyCode::KeyE]);
    assert!(
        message_line(&mut app).starts_with("What do you want to write with? [-"),
        "{}",
        message_line(&mut app)
    );
    tap(&mut app, KeyCode::Minus);
    tap_chord(&mut app, &[KeyCode::ShiftLeft, KeyCode::KeyE]);
    for k in [
        KeyCode::KeyL,
        KeyCode::KeyB,
        KeyCode::KeyE,
        KeyCode::KeyR,
        KeyCode::KeyX,
    ] {
        tap(&mut app, k);
    }
    tap(&mut app, KeyCode::Backspace);
    for k in [KeyCode::KeyE, KeyCode::KeyT, KeyCode::KeyH] {
        tap(&mut app, k);
    }
    assert_eq!(
        message_line(&mut app),
        "What do you want to write here? Elbereth_"
    );
    let turn = mines(&app).turn();
    tap(&mut app, KeyCode::Enter);
    assert_eq!(mines(&app).level().engraving_at(at), Some("Elbereth"));
    assert_eq!(mines(&app).turn(), turn + 1);
    assert!(message_line(&mut app).contains("You write in the dust with your fingertip."));
    // Esc while typing: never mind, nothing written, no turn.
    tap_chord(&mut app, &[KeyCode::ShiftLeft, KeyCode::KeyE]);
    tap(&mut app, KeyCode::Minus);
    tap(&mut app, KeyCode::KeyX);
    tap(&mut app, KeyCode::Escape);
    assert_eq!(mines(&app).turn(), turn + 1);
    assert_eq!(mines(&app).level().engraving_at(at), Some("Elbereth"));
    assert_eq!(message_line(&mut app), "Never mind.");
}

#[test]
fn shift_p_puts_a_ring_on_the_hand_asked_and_alt_r_takes_it_off() {
    let text = include_str!("../../docs/demos/rings.ron");
    let content = std::sync::Arc::new(crate::dungeon::Content::parse(text).unwrap());
    let hero = crate::dungeon::Hero::parse(content.heroes(), "samurai human lawful").unwrap();
    let mut app = app_with(
        4,
        RunSetup {
            content,
            hero: Some(hero),
            ..RunSetup::default()
        },
    );
    // The kit's ring of levitation is `f`.
    tap_chord(&mut app, &[KeyCode::ShiftLeft, KeyCode::KeyP]);
    assert!(
        message_line(&mut app).starts_with("What do you want to put on? ["),
        "{}",
        message_line(&mut app)
    );
    tap(&mut app, KeyCode::KeyF);
    assert_eq!(
        message_line(&mut app),
        "Which ring-finger, Left or Right? [hl]"
    );
    let turn = mines(&app).turn();
    tap(&mut app, KeyCode::KeyH);
    assert!(mines(&app).turn() > turn);
    assert!(
        message_line(&mut app).contains("f - an uncursed ring of levitation (on left hand)."),
        "{}",
        message_line(&mut app)
    );
    tap_chord(&mut app, &[KeyCode::AltLeft, KeyCode::KeyR]);
    assert!(message_line(&mut app).starts_with("What do you want to remove? ["));
    tap(&mut app, KeyCode::KeyF);
    assert!(
        message_line(&mut app).contains("You float gently to the stairs."),
        "{}",
        message_line(&mut app)
    );
}

#[test]
fn alt_c_talks_and_a_priest_asks_the_sum_typed_to_enter() {
    let mut app = minetown_app();
    let p = player(&mut app);
    let d = {
        let r = &mut *app.world_mut().resource_mut::<Run>();
        r.wizard().set_hp(1000, 1000).set_gold(1000);
        let priest = r.content().monster_kind("priest").unwrap();
        let m = r
            .level()
            .monsters()
            .iter()
            .position(|m| m.kind == priest)
            .expect("the temple's priest");
        let d = [Dir::E, Dir::W, Dir::N, Dir::S]
            .into_iter()
            .find(|&d| {
                r.level().map().is_walkable(p.step(d)) && r.level().monster_at(p.step(d)).is_none()
            })
            .unwrap();
        r.wizard().level().monsters_mut()[m].pos = p.step(d);
        d
    };
    tap_chord(&mut app, &[KeyCode::AltLeft, KeyCode::KeyC]);
    assert_eq!(message_line(&mut app), "Talk to whom? (in what direction)");
    tap(&mut app, move_key(d));
    assert_eq!(message_line(&mut app), "How much will you offer? _");
    for k in [KeyCode::Digit1, KeyCode::Digit5, KeyCode::Digit0] {
        tap(&mut app, k);
    }
    assert_eq!(message_line(&mut app), "How much will you offer? 150_");
    tap(&mut app, KeyCode::Enter);
    assert_eq!(mines(&app).gold(), 850);
    assert!(
        message_line(&mut app).contains("You give the aligned priest 150 gold pieces."),
        "{}",
        message_line(&mut app)
    );
    // Asked again, Esc refuses.
    tap_chord(&mut app, &[KeyCode::AltLeft, KeyCode::KeyC]);
    tap(&mut app, move_key(d));
    tap(&mut app, KeyCode::Escape);
    assert!(
        message_line(&mut app).contains("You refuse."),
        "{}",
        message_line(&mut app)
    );
    assert_eq!(mines(&app).gold(), 850);
    assert_eq!(mines(&app).words_asked(), None);
}

#[test]
fn a_level_teleporter_under_control_asks_the_level_typed_to_enter() {
    let mut app = minetown_app();
    let p = player(&mut app);
    let (d, dlvl) = {
        let r = &mut *app.world_mut().resource_mut::<Run>();
        r.wizard().set_hp(1000, 1000);
        let content = r.content().clone();
        let mut ring = crate::dungeon::Carried::new(
            99_000,
            content.item_kind("ring_of_teleport_control").unwrap(),
            1,
        );
        ring.worn = true;
        ring.hand = Some(crate::dungeon::Hand::Left);
        r.wizard().give(ring);
        let d = [Dir::E, Dir::W, Dir::N, Dir::S]
            .into_iter()
            .find(|&d| {
                r.level().map().is_walkable(p.step(d)) && r.level().monster_at(p.step(d)).is_none()
            })
            .unwrap();
        r.wizard().level().traps_mut().push(crate::dungeon::Trap {
            kind: content.trap_kind("level_teleporter").unwrap(),
            pos: p.step(d),
            seen: false,
            launch: None,
        });
        (d, r.dlvl(1))
    };
    tap(&mut app, move_key(d));
    assert_eq!(
        message_line(&mut app),
        "To what level do you want to teleport? _"
    );
    for c in dlvl.to_string().chars() {
        let key = match c {
            '0' => KeyCode::Digit0,
            '1' => KeyCode::Digit1,
            '2' => KeyCode::Digit2,
            '3' => KeyCode::Digit3,
            '4' => KeyCode::Digit4,
            '5' => KeyCode::Digit5,
            '6' => KeyCode::Digit6,
            '7' => KeyCode::Digit7,
            '8' => KeyCode::Digit8,
            _ => KeyCode::Digit9,
        };
        tap(&mut app, key);
    }
    assert_eq!(
        message_line(&mut app),
        format!("To what level do you want to teleport? {dlvl}_")
    );
    tap(&mut app, KeyCode::Enter);
    assert_eq!(mines(&app).depth(), 1);
    assert_eq!(mines(&app).words_asked(), None);
}

#[test]
fn a_ring_of_warning_shows_a_digit_where_an_unseen_dwarf_lord_stands() {
    let mut app = minetown_app();
    let me = player(&mut app);
    let at = {
        let r = &mut *app.world_mut().resource_mut::<Run>();
        let content = r.content().clone();
        let mut ring =
            crate::dungeon::Carried::new(99_000, content.item_kind("ring_of_warning").unwrap(), 1);
        ring.worn = true;
        ring.hand = Some(crate::dungeon::Hand::Left);
        r.wizard().give(ring);
        let map = r.level().map().clone();
        let at = map
            .cells()
            .find(|&c| {
                let d2 = (c.x - me.x).pow(2) + (c.y - me.y).pow(2);
                d2 < 100
                    && map.is_walkable(c)
                    && !r.is_visible(c)
                    && r.level().monster_at(c).is_none()
            })
            .expect("a cell out of sight nearby");
        let lord = content.monster_kind("dwarf_lord").unwrap();
        r.wizard()
            .level()
            .monsters_mut()
            .push(crate::dungeon::Monster::new(99_001, lord, at, 20, false));
        at
    };
    app.update();
    let digits: Vec<(String, Vec3)> = app
        .world_mut()
        .query::<(&Text2d, &Transform)>()
        .iter(app.world())
        .map(|(t, tr)| (t.0.clone(), tr.translation))
        .collect();
    let h = map_of(&app).height();
    let c = crate::game::shared::cell_centre(at, h);
    assert_eq!(digits.len(), 1, "{digits:?}");
    assert_eq!(digits[0].0, "1");
    assert_eq!(digits[0].1.truncate(), c);
}
