//! The Bevy game: one plugin per feature, assembled here.
//!
//! Data flows one way: [`level`] turns the seed and options into a run, the
//! [`level::Mines`] resource (the plain-Rust [`crate::dungeon::Dungeon`]), and the
//! map of the level being played, [`level::CurrentLevel`]. Key presses become
//! [`level::PlayerAction`]s that the run plays; [`tilemap`], [`player`],
//! [`monsters`], [`items`], [`sight`], [`overlay`], [`messages`], [`ending`] and
//! [`hud`] only read those resources. A new run replaces them and the views follow.

use std::path::PathBuf;

use bevy::prelude::*;

use crate::cli::{Cli, fail};
use crate::dungeon::{Command, RunOptions};
use crate::generation::{MineParams, Stage};

pub mod camera;
pub mod ending;
pub mod hud;
pub mod input;
pub mod items;
pub mod level;
pub mod messages;
pub mod monsters;
pub mod overlay;
pub mod player;
pub mod replay;
pub mod screenshot;
pub mod sight;
pub mod tilemap;
pub mod view;

/// Pixels per map cell, the tileset's tile size.
pub const TILE_PX: f32 = 16.0;

/// Window size the game opens with (and assumes when there is no window).
pub const WINDOW_SIZE: (u32, u32) = (1280, 720);

/// The largest map the game opens: every cell is a tile entity.
pub const MAX_GAME_CELLS: usize = 2048 * 2048;

/// What the command line chose for the game.
#[derive(Resource, Clone, Debug)]
pub struct GameConfig {
    pub seed: u64,
    pub params: MineParams,
    pub overlay: bool,
    pub stage: Stage,
    pub screenshot: Option<PathBuf>,
    /// Start with `M` on: the whole level shown.
    pub reveal: bool,
    pub options: RunOptions,
    /// Commands played at startup (`--replay`), before the first frame.
    pub replay: Vec<Command>,
    /// Keep the run's key file here (`--record`).
    pub record: Option<PathBuf>,
}

impl GameConfig {
    pub fn new(seed: u64, params: MineParams) -> Self {
        Self {
            seed,
            params,
            overlay: false,
            stage: Stage::Joined,
            screenshot: None,
            reveal: false,
            options: RunOptions::default(),
            replay: Vec::new(),
            record: None,
        }
    }

    pub fn from_cli(cli: &Cli) -> Self {
        Self {
            overlay: cli.overlay,
            stage: cli.stage.map_or(Stage::Joined, Stage::from),
            screenshot: cli.screenshot.clone(),
            reveal: cli.reveal,
            options: cli.run_options(),
            replay: cli.replay_commands(),
            record: cli.record.clone(),
            ..Self::new(cli.seed, cli.params())
        }
    }
}

/// The order systems run in each frame: read input, change the level, bring the
/// views up to date, then place the camera and write the HUD.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameSet {
    Input,
    Level,
    View,
    Camera,
    Hud,
}

/// Every gameplay plugin: all that a headless test needs. It draws nothing by
/// itself; [`view::plugin`] adds the tilemap renderer.
pub struct GamePlugin {
    pub config: GameConfig,
}

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(self.config.clone());
        app.configure_sets(
            Update,
            (
                GameSet::Input,
                GameSet::Level,
                GameSet::View,
                GameSet::Camera,
                GameSet::Hud,
            )
                .chain(),
        );
        app.add_plugins((
            input::plugin,
            level::plugin,
            tilemap::plugin,
            sight::plugin,
            player::plugin,
            monsters::plugin,
            items::plugin,
            overlay::plugin,
            replay::plugin,
            camera::plugin,
            messages::plugin,
            ending::plugin,
            hud::plugin,
        ));
    }
}

/// Open the window and play.
pub fn run(cli: Cli) {
    let config = GameConfig::from_cli(&cli);
    let cells = config.params.width * config.params.height;
    if cells > MAX_GAME_CELLS {
        fail(format_args!(
            "map size {}x{} is too large for the game window (at most {MAX_GAME_CELLS} cells); \
             the headless modes (--ascii, --stages, --stats) take up to 16384x16384",
            config.params.width, config.params.height
        ));
    }
    view::check_display().unwrap_or_else(|e| fail(e));
    let mut app = App::new();
    view::add_window_plugins(&mut app, config.screenshot.is_some());
    app.add_plugins(GamePlugin {
        config: config.clone(),
    });
    app.add_plugins(view::plugin);
    if let Some(path) = &config.screenshot {
        app.add_plugins(screenshot::ScreenshotPlugin { path: path.clone() });
    }
    match app.run() {
        AppExit::Success => {}
        AppExit::Error(code) => std::process::exit(code.get() as i32),
    }
}

/// An app with every gameplay plugin and no window or renderer, for tests and
/// benchmarks. Each `update()` advances time by `frame`.
pub fn headless_app(config: GameConfig, frame: std::time::Duration) -> App {
    use bevy::input::InputPlugin;
    use bevy::state::app::StatesPlugin;
    use bevy::time::TimeUpdateStrategy;
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        AssetPlugin {
            file_path: concat!(env!("CARGO_MANIFEST_DIR"), "/assets").into(),
            ..default()
        },
        ImagePlugin::default(),
        InputPlugin,
        StatesPlugin,
    ));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(frame));
    app.add_plugins(GamePlugin { config });
    app.update();
    app
}
