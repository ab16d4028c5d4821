//! The camera: it follows the player, or flies free (`F`) with keys, mouse drag
//! and wheel zoom; `Home` frames the whole map.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use leafwing_input_manager::prelude::*;

use super::input::{Action, Controls};
use super::level::CurrentLevel;
use super::player::{GridPos, Player};
use super::tilemap::cell_centre;
use super::{GameSet, TILE_PX, WINDOW_SIZE};

#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CameraMode {
    /// Keep the player in view.
    #[default]
    Follow,
    /// Detached: move keys and drags pan, the player stays put.
    Fly,
}

#[derive(Component)]
pub struct MainCamera;

/// Fly-mode pan speed with the keys, in screen pixels per second.
pub const PAN_SPEED: f32 = 900.0;
pub const MIN_SCALE: f32 = 0.125;
pub const MAX_SCALE: f32 = 256.0;

pub fn plugin(app: &mut App) {
    app.init_resource::<CameraMode>()
        .add_systems(Startup, spawn_camera)
        .add_systems(
            Update,
            (
                toggle_fly.in_set(GameSet::Input),
                (zoom, fly, frame_map, follow)
                    .chain()
                    .in_set(GameSet::Camera),
            ),
        );
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((MainCamera, Camera2d, Transform::from_xyz(0.0, 0.0, 100.0)));
}

fn toggle_fly(
    controls: Single<&ActionState<Action>, With<Controls>>,
    mut mode: ResMut<CameraMode>,
) {
    if controls.just_pressed(&Action::ToggleFly) {
        *mode = match *mode {
            CameraMode::Follow => CameraMode::Fly,
            CameraMode::Fly => CameraMode::Follow,
        };
    }
}

/// The size of the view in screen pixels (the window's, or the default size
/// when there is none, as in headless tests).
fn viewport(window: &Option<Single<&Window, With<PrimaryWindow>>>) -> Vec2 {
    match window {
        Some(w) => Vec2::new(w.width(), w.height()),
        None => Vec2::new(WINDOW_SIZE.0 as f32, WINDOW_SIZE.1 as f32),
    }
}

fn scale_of(projection: &Projection) -> f32 {
    match projection {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    }
}

fn set_scale(projection: &mut Projection, scale: f32) {
    if let Projection::Orthographic(o) = projection {
        o.scale = scale.clamp(MIN_SCALE, MAX_SCALE);
    }
}

fn zoom(
    controls: Single<&ActionState<Action>, With<Controls>>,
    mut camera: Single<&mut Projection, With<MainCamera>>,
) {
    let wheel = controls.value(&Action::Zoom);
    if wheel != 0.0 {
        let scale = scale_of(&camera) * (1.0 - 0.1 * wheel.clamp(-5.0, 5.0));
        set_scale(&mut camera, scale);
    }
}

fn fly(
    controls: Single<&ActionState<Action>, With<Controls>>,
    mode: Res<CameraMode>,
    time: Res<Time>,
    mut camera: Single<(&mut Transform, &Projection), With<MainCamera>>,
) {
    if *mode != CameraMode::Fly {
        return;
    }
    let (transform, projection) = &mut *camera;
    let scale = scale_of(projection);
    let mut dir = Vec2::ZERO;
    for (action, (dx, dy)) in Action::MOVES {
        if controls.pressed(&action) {
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

/// The whole map's extent in world pixels: (min corner, max corner).
fn map_bounds(width: usize, height: usize) -> (Vec2, Vec2) {
    let half = TILE_PX / 2.0;
    (
        Vec2::splat(-half),
        Vec2::new(
            width as f32 * TILE_PX - half,
            height as f32 * TILE_PX - half,
        ),
    )
}

fn frame_map(
    controls: Single<&ActionState<Action>, With<Controls>>,
    level: Option<Res<CurrentLevel>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    mut mode: ResMut<CameraMode>,
    mut camera: Single<(&mut Transform, &mut Projection), With<MainCamera>>,
) {
    let Some(level) = level else { return };
    if !controls.just_pressed(&Action::FrameMap) {
        return;
    }
    *mode = CameraMode::Fly;
    let (lo, hi) = map_bounds(level.width(), level.height());
    let view = viewport(&window);
    let size = hi - lo;
    let (transform, projection) = &mut *camera;
    set_scale(projection, (size.x / view.x).max(size.y / view.y) * 1.04);
    let centre = (lo + hi) / 2.0;
    transform.translation.x = centre.x;
    transform.translation.y = centre.y;
}

/// Centre on the player, but keep the view inside the map when the map is larger
/// than the view, and the map centred when it is smaller.
fn follow(
    mode: Res<CameraMode>,
    level: Option<Res<CurrentLevel>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    player: Single<&GridPos, With<Player>>,
    mut camera: Single<(&mut Transform, &Projection), With<MainCamera>>,
) {
    let Some(level) = level else { return };
    if *mode != CameraMode::Follow {
        return;
    }
    let (transform, projection) = &mut *camera;
    let half_view = viewport(&window) * scale_of(projection) / 2.0;
    let (lo, hi) = map_bounds(level.width(), level.height());
    let target = cell_centre(player.x, player.y, level.height());
    let axis = |t: f32, lo: f32, hi: f32, half: f32| {
        if hi - lo <= 2.0 * half {
            (lo + hi) / 2.0
        } else {
            t.clamp(lo + half, hi - half)
        }
    };
    // The HUD bar covers the top of the window; leave it a little room.
    transform.translation.x = axis(target.x, lo.x, hi.x, half_view.x);
    transform.translation.y = axis(target.y, lo.y, hi.y + 2.0 * TILE_PX, half_view.y);
}
