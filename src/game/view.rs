//! The window and the renderer. Headless tests leave this plugin out: the tilemap
//! renderer needs a render app (bevy_ecs_tilemap panics without one).

use std::sync::atomic::{AtomicBool, Ordering};

use bevy::log::{Level, LogPlugin};
use bevy::prelude::*;
use bevy::window::{ExitCondition, WindowResolution};
use bevy_ecs_tilemap::TilemapPlugin;

use super::WINDOW_SIZE;

/// Set once the first frame has run: a panic before that is a window that
/// could not open, and is reported as bad input.
static STARTED: AtomicBool = AtomicBool::new(false);

pub fn plugin(app: &mut App) {
    app.add_plugins(TilemapPlugin)
        .insert_resource(ClearColor(Color::BLACK));
    app.add_systems(Update, || STARTED.store(true, Ordering::Relaxed));
}

/// Where the tileset lives: `assets/` in the source tree when it is there (so the
/// binary runs from anywhere in a checkout), else `assets/` beside the binary.
fn asset_dir() -> String {
    if let Ok(dir) = std::env::var("BEVY_ASSET_ROOT") {
        return format!("{dir}/assets");
    }
    let source = concat!(env!("CARGO_MANIFEST_DIR"), "/assets");
    if std::path::Path::new(source).is_dir() {
        source.to_string()
    } else {
        "assets".to_string()
    }
}

/// Bevy's window, renderer and asset plugins, set up for this game.
pub fn add_window_plugins(app: &mut App, screenshot: bool) {
    install_panic_hook();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "gnomish-mines".into(),
                    resolution: WindowResolution::new(WINDOW_SIZE.0, WINDOW_SIZE.1),
                    resizable: !screenshot,
                    ..default()
                }),
                exit_condition: ExitCondition::OnPrimaryClosed,
                ..default()
            })
            .set(ImagePlugin::default_nearest())
            .set(AssetPlugin {
                file_path: asset_dir(),
                ..default()
            })
            .set(LogPlugin {
                level: Level::WARN,
                filter: "wgpu=error,naga=warn".into(),
                ..default()
            }),
    );
}

/// A one-line error instead of a backtrace when the window can't be opened.
fn install_panic_hook() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if STARTED.load(Ordering::Relaxed) {
            default(info);
            return;
        }
        let msg = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown error".into());
        let msg = msg.lines().next().unwrap_or_default().to_string();
        eprintln!("gnomish-mines: error: could not open the game window: {msg}");
        std::process::exit(2);
    }));
}

/// Fail early, with a reason, when there is no X display to open a window on.
pub fn check_display() -> Result<(), String> {
    let display = std::env::var("DISPLAY").unwrap_or_default();
    if display.is_empty() {
        return Err(
            "no display to open the game window on (DISPLAY is not set); \
             run under X, or use xvfb-run, or use --ascii, --stages or --stats"
                .into(),
        );
    }
    // A local display ":N" or ":N.S" is the socket /tmp/.X11-unix/XN.
    if let Some(rest) = display.strip_prefix(':') {
        let n = rest.split('.').next().unwrap_or_default();
        let socket = format!("/tmp/.X11-unix/X{n}");
        #[cfg(unix)]
        if std::os::unix::net::UnixStream::connect(&socket).is_err() {
            return Err(format!(
                "cannot open display {display} (nothing listens on {socket})"
            ));
        }
    }
    Ok(())
}
