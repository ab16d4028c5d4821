//! `--screenshot PATH`: render the level, save a PNG of the window, exit 0.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};

use super::tilemap::Tileset;

/// Frames to render after the tileset has loaded, so every chunk is meshed.
const SETTLE_FRAMES: u32 = 10;
/// Give up if nothing was captured by then.
const GIVE_UP_FRAMES: u32 = 1200;

pub struct ScreenshotPlugin {
    pub path: PathBuf,
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
    mut exit: MessageWriter<AppExit>,
) {
    shot.frames += 1;
    if shot.requested {
        if shot.frames > GIVE_UP_FRAMES {
            eprintln!("gnomish-mines: error: no screenshot was captured");
            exit.write(AppExit::from_code(2));
        }
        return;
    }
    if assets.is_loaded_with_dependencies(&tileset.0) {
        shot.ready_frames += 1;
    } else if assets.load_state(&tileset.0).is_failed() {
        eprintln!("gnomish-mines: error: could not load the tileset assets/tiles.png");
        exit.write(AppExit::from_code(2));
        return;
    }
    if shot.ready_frames < SETTLE_FRAMES {
        if shot.frames > GIVE_UP_FRAMES {
            eprintln!("gnomish-mines: error: the tileset never loaded");
            exit.write(AppExit::from_code(2));
        }
        return;
    }
    shot.requested = true;
    let path = shot.path.clone();
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
            let saved = captured
                .image
                .clone()
                .try_into_dynamic()
                .map_err(|e| e.to_string())
                .and_then(|img| img.to_rgb8().save(&path).map_err(|e| e.to_string()));
            match saved {
                Ok(()) => {
                    exit.write(AppExit::Success);
                }
                Err(e) => {
                    eprintln!(
                        "gnomish-mines: error: could not save {}: {e}",
                        path.display()
                    );
                    exit.write(AppExit::from_code(2));
                }
            }
        },
    );
}
