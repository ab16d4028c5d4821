//! Fly mode (`F`): the camera leaves the player; the move keys and a left-button
//! drag pan it, and `Home` frames the whole map. A generator demo: deleting
//! this file and its line in `demos!` (`game/mod.rs`) leaves a plain roguelike.

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

use super::camera::{map_bounds, set_scale};
use super::input::{self, Action, Controls, Pressed};
use super::run::CurrentLevel;
use super::shared::{GameSet, MainCamera, MapFrame, PlayMode, scale_of};

/// Pan speed with the keys, in screen pixels per second.
pub(crate) const PAN_SPEED: f32 = 900.0;
/// Framing leaves this much room around the map.
pub(crate) const FRAME_MARGIN: f32 = 1.04;

/// Fly mode (`F`, `Home`): the camera leaves you and pans over the map.
pub(crate) fn plugin(app: &mut App) {
    input::handles(
        app,
        &[
            Action::ToggleFly,
            Action::FrameMap,
            Action::Grab,
            Action::Pointer,
        ],
    );
    app.add_systems(
        Update,
        (
            toggle_fly.in_set(GameSet::Input),
            // After following, so that framing the map from play mode is not
            // undone in the frame before fly mode begins.
            (fly.run_if(in_state(PlayMode::Fly)), frame_map)
                .chain()
                .in_set(GameSet::Camera)
                .after(super::camera::follow),
        ),
    );
}

fn toggle_fly(
    mut presses: MessageReader<Pressed>,
    mode: Res<State<PlayMode>>,
    mut next: ResMut<NextState<PlayMode>>,
) {
    let toggles = presses.read().filter(|p| p.0 == Action::ToggleFly).count();
    if toggles % 2 == 1 {
        next.set(match mode.get() {
            PlayMode::Play => PlayMode::Fly,
            PlayMode::Fly => PlayMode::Play,
        });
    }
}

fn fly(
    controls: Single<&ActionState<Action>, With<Controls>>,
    time: Res<Time>,
    mut camera: Single<(&mut Transform, &Projection), With<MainCamera>>,
) {
    let (transform, projection) = &mut *camera;
    let scale = scale_of(projection);
    let mut dir = Vec2::ZERO;
    for (action, d) in Action::moves() {
        if controls.pressed(&action) {
            let (dx, dy) = d.delta();
            dir += Vec2::new(dx as f32, -dy as f32);
        }
    }
    let mut pan = dir.normalize_or_zero() * PAN_SPEED * scale * time.delta_secs();
    if controls.pressed(&Action::Grab) {
        // Drag the map with the pointer: screen y grows downward.
        let d = controls.axis_pair(&Action::Pointer);
        pan += Vec2::new(-d.x, d.y) * scale;
    }
    transform.translation.x += pan.x;
    transform.translation.y += pan.y;
}

/// `Home`: fly, and show the whole map.
fn frame_map(
    mut presses: MessageReader<Pressed>,
    level: Res<CurrentLevel>,
    frame: Res<MapFrame>,
    mut next: ResMut<NextState<PlayMode>>,
    mut camera: Single<(&mut Transform, &mut Projection), With<MainCamera>>,
) {
    if !presses.read().any(|p| p.0 == Action::FrameMap) {
        return;
    }
    next.set(PlayMode::Fly);
    let (lo, hi) = map_bounds(level.map.width(), level.map.height());
    let view = frame.size;
    let size = hi - lo;
    let (transform, projection) = &mut *camera;
    set_scale(
        projection,
        (size.x / view.x).max(size.y / view.y) * FRAME_MARGIN,
    );
    let centre = (lo + hi) / 2.0;
    transform.translation.x = centre.x;
    transform.translation.y = centre.y;
}
