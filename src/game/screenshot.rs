//! `--screenshot PATH`: render the level, save a PNG of the window, exit 0.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};

use super::shared::{Exit, Tileset};

/// Frames to render after the tileset has loaded, so every chunk is meshed.
const SETTLE_FRAMES: u32 = 10;
/// Give up if nothing was captured by then.
const GIVE_UP_FRAMES: u32 = 1200;

pub(crate) struct ScreenshotPlugin {
    pub(crate) path: PathBuf,
}

#[derive(Resource)]
struct Shot {
    path: PathBuf,
    frames: u32,
    ready_frames: u32,
    requested: bool,
}

impl Plugin for ScreenshotPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(Shot {
            path: self.path.clone(),
            frames: 0,
            ready_frames: 0,
            requested: false,
        })
        .add_systems(Last, take_screenshot);
    }
}

fn take_screenshot(
    mut commands: Commands,
    mut shot: ResMut<Shot>,
    assets: Res<AssetServer>,
    tileset: Res<Tileset>,
    mut exit: Exit,
) {
    shot.frames += 1;
    if shot.requested {
        if shot.frames > GIVE_UP_FRAMES {
            exit.error("no screenshot was captured".into());
        }
        return;
    }
    if assets.is_loaded_with_dependencies(&tileset.0) {
        shot.ready_frames += 1;
    } else if assets.load_state(&tileset.0).is_failed() {
        exit.error(format!(
            "could not load the tileset {}",
            super::tilemap::tileset_path()
        ));
        return;
    }
    if shot.ready_frames < SETTLE_FRAMES {
        if shot.frames > GIVE_UP_FRAMES {
            exit.error("the tileset never loaded".into());
        }
        return;
    }
    shot.requested = true;
    let path = shot.path.clone();
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>, mut exit: Exit| {
            let saved = captured
                .image
                .clone()
                .try_into_dynamic()
                .map_err(|e| e.to_string())
                .and_then(|img| img.to_rgb8().save(&path).map_err(|e| e.to_string()));
            match saved {
                Ok(()) => exit.success(),
                Err(e) => {
                    exit.error(format!("could not save {}: {e}", path.display()));
                }
            }
        },
    );
}
