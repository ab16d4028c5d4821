//! Light and memory on screen. What the player sees now is drawn as it is, what
//! they remember is dimmed, and the rest is black (the rules are in
//! [`crate::dungeon`]). `M` reveals the whole level; so do the overlay, the
//! stage replay and fly mode, which are about the map, not the run.

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

use super::camera::CameraMode;
use super::input::{Action, Controls};
use super::tilemap::MapView;
use super::{GameConfig, GameSet};
use crate::dungeon::CellSight;
use crate::generation::Stage;

/// `M`: show the whole level and every monster.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Reveal(pub bool);

/// How much of a remembered cell's colour is kept.
pub const MEMORY_BRIGHTNESS: f32 = 0.42;

pub fn plugin(app: &mut App) {
    app.add_systems(PreStartup, init_reveal)
        .add_systems(Update, toggle_reveal.in_set(GameSet::Input));
}

fn init_reveal(mut commands: Commands, config: Res<GameConfig>) {
    commands.insert_resource(Reveal(config.reveal));
}

fn toggle_reveal(
    controls: Single<&ActionState<Action>, With<Controls>>,
    mut reveal: ResMut<Reveal>,
) {
    if controls.just_pressed(&Action::Reveal) {
        reveal.0 = !reveal.0;
    }
}

/// Is the whole map on show, whatever the player has seen?
pub fn whole_map_shown(reveal: Reveal, view: &MapView, mode: CameraMode) -> bool {
    reveal.0 || view.overlay || view.stage != Stage::Joined || mode == CameraMode::Fly
}

/// Are monsters and items drawn at all? Not over the provenance overlay or an
/// earlier stage, which are about the map, not the run.
pub fn sprites_shown(view: &MapView) -> bool {
    view.stage == Stage::Joined && !view.overlay
}

/// A tile's tint for what the player knows of its cell.
pub fn sight_colour(colour: Color, sight: CellSight) -> Color {
    match sight {
        CellSight::Visible => colour,
        CellSight::Remembered => {
            let c = colour.to_srgba();
            Color::srgba(
                c.red * MEMORY_BRIGHTNESS,
                c.green * MEMORY_BRIGHTNESS,
                c.blue * MEMORY_BRIGHTNESS,
                c.alpha,
            )
        }
        CellSight::Unseen => Color::BLACK,
    }
}
