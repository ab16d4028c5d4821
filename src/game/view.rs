//! The window and the renderer. Headless tests leave this plugin out: the tilemap
//! renderer needs a render app (bevy_ecs_tilemap panics without one).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use bevy::log::{Level, LogPlugin};
use bevy::prelude::*;
use bevy::window::{ExitCondition, WindowResolution};
use bevy_ecs_tilemap::TilemapPlugin;

use super::shared::WINDOW_SIZE;

/// How the window's opening went, shared by the app, the panic hook and
/// [`super::run`], which asks it once the app has stopped.
#[derive(Resource, Clone, Default, Debug)]
pub(crate) struct Opening(Arc<OpeningState>);

#[derive(Default, Debug)]
pub(crate) struct OpeningState {
    /// Set once the first frame has run: a panic before that is a window that
    /// could not open, and is reported as bad input.
    started: AtomicBool,
    /// The first line of a panic before the first frame.
    panic: Mutex<Option<String>>,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(TilemapPlugin)
        .insert_resource(ClearColor(Color::BLACK));
    app.add_systems(Update, |opening: Option<Res<Opening>>| {
        if let Some(o) = opening {
            o.0.started.store(true, Ordering::Relaxed);
        }
    });
}

/// Bevy's window, renderer and asset plugins, set up for this game, with a
/// window that can't open kept as a one-line reason in `opening`.
pub(crate) fn add_window_plugins(app: &mut App, screenshot: bool, opening: &Opening) {
    install_panic_hook(opening.clone());
    app.insert_resource(opening.clone());
    add_bevy_plugins(app, screenshot);
}

/// Bevy's window, renderer and asset plugins, set up for this game.
pub(crate) fn add_bevy_plugins(app: &mut App, screenshot: bool) {
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
            // Bevy's own asset root: BEVY_ASSET_ROOT, the crate under `cargo
            // run`, else the binary's folder (see tilemap::tileset_path).
            .set(AssetPlugin::default())
            .set(LogPlugin {
                level: Level::WARN,
                // The Vulkan loader's own complaints when no driver is found
                // are noise beside our one-line reason; RUST_LOG shows them.
                filter: "wgpu=error,wgpu_hal=off,naga=warn".into(),
                ..default()
            }),
    );
}

/// A panic before the first frame is a window that could not open: keep its
/// first line for a one-line error instead of printing a backtrace. Later
/// panics are bugs, and print as usual.
fn install_panic_hook(opening: Opening) {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if opening.0.started.load(Ordering::Relaxed) {
            default(info);
            return;
        }
        let msg = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown error".into());
        let line = msg.lines().next().unwrap_or_default().to_string();
        if let Ok(mut slot) = opening.0.panic.lock() {
            slot.get_or_insert(line);
        }
    }));
}

impl Opening {
    /// Why the window could not open, if the app panicked before its first
    /// frame.
    pub(crate) fn failure(&self) -> Option<String> {
        if self.0.started.load(Ordering::Relaxed) {
            return None;
        }
        let reason = self.0.panic.lock().ok()?.clone();
        Some(reason.unwrap_or_else(|| "unknown error".into()))
    }
}

/// Fail early, with a reason, when there is no display to open a window on:
/// the Wayland compositor `$WAYLAND_DISPLAY` names (winit speaks Wayland
/// whenever it is set, and tries nothing else), else the X display
/// `$DISPLAY` names.
pub(crate) fn check_display() -> Result<(), String> {
    let wayland = std::env::var("WAYLAND_DISPLAY").unwrap_or_default();
    let display = std::env::var("DISPLAY").unwrap_or_default();
    if !wayland.is_empty() {
        return wayland_socket_answers(&wayland).map_err(|why| {
            if display.is_empty() {
                why
            } else {
                format!("{why}; unset WAYLAND_DISPLAY to open the window on X display {display}")
            }
        });
    }
    if display.is_empty() {
        return Err(
            "no display to open the game window on: neither $WAYLAND_DISPLAY nor $DISPLAY \
             is set; run in a Wayland or X session, or use xvfb-run, or play in the \
             terminal (--tui), or use --ascii, --stages or --stats"
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

/// Does a Wayland compositor listen on `name` (a socket in
/// `$XDG_RUNTIME_DIR`, or an absolute path)?
fn wayland_socket_answers(name: &str) -> Result<(), String> {
    let path = if name.starts_with('/') {
        std::path::PathBuf::from(name)
    } else {
        let runtime = std::env::var("XDG_RUNTIME_DIR").unwrap_or_default();
        if runtime.is_empty() {
            return Err(format!(
                "cannot open Wayland display {name}: $XDG_RUNTIME_DIR, where its socket is, \
                 is not set"
            ));
        }
        std::path::Path::new(&runtime).join(name)
    };
    #[cfg(unix)]
    if std::os::unix::net::UnixStream::connect(&path).is_err() {
        return Err(format!(
            "cannot open Wayland display {name} (nothing listens on {})",
            path.display()
        ));
    }
    Ok(())
}
