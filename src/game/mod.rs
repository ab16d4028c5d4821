//! The Bevy game: one plugin per feature, assembled here.
//!
//! Data flows one way: whoever starts the game makes the first run and
//! hands it in as a [`Session`] ([`run()`], [`GamePlugin::new`]); it
//! becomes the [`Run`] resource (the session: the plain-Rust
//! [`crate::dungeon::Dungeon`] and its journal), beside the level being
//! played, [`CurrentLevel`]. Keys become `TurnAction`s that the run plays;
//! every other plugin only reads those resources to draw. A new run
//! replaces the session's run and the views follow.
//!
//! What an app of its own reads is here at the root: the plugins
//! ([`GamePlugin`], [`WindowPlugins`]), the system sets ([`GameSet`]), the
//! config ([`GameConfig`]) and the resources ([`Run`], [`CurrentLevel`],
//! [`MapView`], [`PlayMode`], [`Reveal`], [`RunNotice`]). The plugin modules
//! are the crate's own.
//!
//! Every feature plugin depends on `shared` (and `input`, `run`). A few
//! of the core game's plugins read another core plugin's words where they
//! draw the same thing: the camera follows the player's sprite
//! (`player::PlayerSprite`), the sprites ask the tilemap what is in sight
//! (`tilemap::SightParams`), and fly mode moves the camera (`camera`). No core
//! plugin depends on a demo, and no demo on another demo: the generator demos
//! (the overlay, the stage replay, fly mode, the comparison view) are each one
//! file and one line in `demos!` below, behind a cargo feature of the same
//! name, and `--no-default-features --features play` builds the plain game.

use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};

use bevy::prelude::*;

use crate::saves::Session;

pub(crate) mod camera;
pub(crate) mod cursor;
pub(crate) mod ending;
pub(crate) mod far_view;
pub(crate) mod frame_times;
pub(crate) mod hud;
pub(crate) mod input;
pub(crate) mod inventory;
pub(crate) mod layout;
pub(crate) mod looks;
pub(crate) mod messages;
pub(crate) mod minimap;
pub(crate) mod pick;
pub(crate) mod player;
pub(crate) mod run;
pub(crate) mod screenshot;
pub(crate) mod shared;
pub(crate) mod sight;
pub(crate) mod sprites;
pub(crate) mod tilemap;
pub(crate) mod view;
pub(crate) mod warning;

/// The generator demos: each is its module (one file) and its plugin, behind the
/// cargo feature of the same name, declared by one line here. Deleting a demo is
/// deleting its file and its line.
macro_rules! demos {
    ($($demo:ident: $feature:literal),* $(,)?) => {
        $(
            #[cfg(feature = $feature)]
            pub(crate) mod $demo;
        )*
        /// Add every demo plugin this build has.
        #[allow(unused_variables)] // a build without demos adds nothing
        fn add_demos(app: &mut App) {
            $(
                #[cfg(feature = $feature)]
                app.add_plugins($demo::plugin);
            )*
        }
    };
}

demos! {
    overlay: "overlay", // the provenance overlay, `O`
    stages: "stages",   // the stage replay, `[`, `]`, Space
    fly: "fly",         // fly mode, `F`, `Home`
    compare: "compare", // the comparison view, `C`
}

pub use run::{CurrentLevel, Run, RunNotice};
pub use shared::{
    GameConfig, GameSet, GridPos, MAX_GAME_CELLS, MapView, OtherMap, PlayMode, Reveal,
};

/// Every gameplay plugin: all that a headless test needs, and what an app of
/// an author's own adds after [`WindowPlugins`] (see
/// `examples/own_app.rs`). It draws nothing by itself; the window and the
/// tilemap renderer are [`WindowPlugins`].
#[derive(Debug)]
pub struct GamePlugin {
    /// How to show the run (the command line's choices).
    config: GameConfig,
    /// The run to play and its journal, until the plugin is built.
    session: std::sync::Mutex<Option<Session>>,
}

impl GamePlugin {
    /// The game of `session`'s run (made by the caller: new, resumed or
    /// replayed), shown as `config` says.
    pub fn new(session: Session, config: GameConfig) -> Self {
        GamePlugin {
            config,
            session: std::sync::Mutex::new(Some(session)),
        }
    }
}

/// Bevy's window, renderer and assets as this game sets them up, and the
/// tilemap renderer: what an app of an author's own adds before
/// [`GamePlugin`]. (`run` adds the same, and turns a window that can't open
/// into a one-line error.)
#[derive(Debug)]
pub struct WindowPlugins;

impl Plugin for WindowPlugins {
    fn build(&self, app: &mut App) {
        view::add_bevy_plugins(app, false);
        app.add_plugins(view::plugin);
    }
}

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(self.config.clone());
        // The run exists from the start, so every plugin's startup reads it.
        let session = self.session.lock().ok().and_then(|mut s| s.take());
        if let Some(session) = session {
            let (run, level) = run::Run::start(session);
            app.insert_resource(run).insert_resource(level);
        }
        app.configure_sets(
            Update,
            (
                GameSet::Keys,
                GameSet::Input,
                GameSet::Level,
                GameSet::ViewState,
                GameSet::View,
                GameSet::Camera,
                GameSet::Hud,
            )
                .chain()
                .run_if(resource_exists::<run::Run>),
        );
        app.add_plugins((
            shared::plugin,
            input::plugin,
            run::plugin,
            tilemap::plugin,
            sight::plugin,
            player::plugin,
            sprites::plugin,
            camera::plugin,
            cursor::plugin,
            messages::plugin,
            inventory::plugin,
            ending::plugin,
            hud::plugin,
            pick::plugin,
            warning::plugin,
        ));
        // What each cell shows, and the far view and minimap drawn from it.
        app.add_plugins((looks::plugin, far_view::plugin, minimap::plugin));
        // Where the bars, the panels and the map stand.
        app.add_plugins(layout::plugin);
        add_demos(app);
    }
}

/// Is there a display to open the game window on? A one-line reason if not,
/// naming what was looked for.
pub fn check_display() -> Result<(), String> {
    view::check_display()
}

/// Are the options file's keys ones the game can bind, each to one action?
/// A one-line reason if not, naming the file.
pub fn check_keys(options: &crate::options::Loaded) -> Result<(), String> {
    input::rebound(options).map(|_| ())
}

/// Is the map small enough for the game window ([`MAX_GAME_CELLS`])?
pub fn check_size(setup: &crate::dungeon::RunSetup) -> Result<(), String> {
    let cells = setup.width * setup.height;
    if cells > MAX_GAME_CELLS {
        return Err(format!(
            "map size {}x{} is too large for the game window (at most {MAX_GAME_CELLS} cells); \
             the headless modes (--ascii, --stages, --stats) take up to 16384x16384",
            setup.width, setup.height
        ));
    }
    Ok(())
}

/// Open the window and play `session`'s run, shown as `config` says.
/// Returns a one-line reason when the game can't start (a map too large, no
/// display, a window that would not open).
pub fn run(session: Session, config: GameConfig) -> Result<(), String> {
    check_size(session.run().setup())?;
    view::check_display()?;
    // Made before the window opens, so a file that can't be written is a
    // one-line error, not a half-open window.
    let frame_log = match &config.frame_times {
        Some(path) => Some(
            std::fs::File::create(path)
                .map_err(|e| format!("--frame-times {}: {e}", path.display()))?,
        ),
        None => None,
    };
    // Bevy makes the renderer while it builds its plugins, so a window that
    // can't open panics there, before the app runs: catch both.
    let reason = shared::ExitReason::default();
    let opening = view::Opening::default();
    let plugin = GamePlugin::new(session, config.clone());
    let play = || {
        let mut app = App::new();
        app.insert_resource(reason.clone());
        view::add_window_plugins(&mut app, config.screenshot.is_some(), &opening);
        app.add_plugins(plugin);
        app.add_plugins(view::plugin);
        if let Some(path) = &config.screenshot {
            app.add_plugins(screenshot::ScreenshotPlugin { path: path.clone() });
        }
        if let Some(file) = frame_log {
            app.add_plugins(frame_times::FrameTimesPlugin::new(file));
        }
        app.run()
    };
    match catch_unwind(AssertUnwindSafe(play)) {
        Ok(AppExit::Success) => Ok(()),
        Ok(AppExit::Error(code)) => Err(reason
            .take()
            .unwrap_or_else(|| format!("the game stopped with code {code}"))),
        Err(panic) => match opening.failure() {
            Some(reason) => Err(format!("could not open the game window: {reason}")),
            None => resume_unwind(panic),
        },
    }
}

/// An app with every gameplay plugin and no window or renderer, playing
/// `session`'s run, for tests and benchmarks. Each `update()` advances
/// time by `frame`.
pub fn headless_app(session: Session, config: GameConfig, frame: std::time::Duration) -> App {
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
    app.add_plugins(GamePlugin::new(session, config));
    app.update();
    app
}

#[cfg(test)]
mod tests;

/// A headless app of a new, unsaved run of `seed` made from `setup`, a
/// frame of 16 ms, for the crate's own tests.
#[cfg(test)]
pub(crate) fn test_app(seed: u64, setup: crate::dungeon::RunSetup, config: GameConfig) -> App {
    let run = crate::dungeon::Dungeon::new(seed, setup).expect("a run of a valid setup");
    headless_app(
        Session::new(run),
        config,
        std::time::Duration::from_millis(16),
    )
}
