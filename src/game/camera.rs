//! The camera: it follows the player in play mode and zooms with the wheel.
//! Flying over the map is its own plugin ([`super::fly`]).

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

use super::input::{self, Action, Controls};
use super::player::PlayerSprite;
use super::run::CurrentLevel;
use super::shared::{
    GameSet, GridPos, MainCamera, MapFrame, PlayMode, TILE_PX, cell_centre, scale_of, z,
};

/// The camera's zoom range: 8 screen pixels a map pixel, to 1/256.
pub(crate) const MIN_SCALE: f32 = 0.125;
/// The most the camera zooms out: this many world pixels a screen pixel.
pub(crate) const MAX_SCALE: f32 = 256.0;
/// How much one wheel notch zooms.
pub(crate) const ZOOM_STEP: f32 = 0.1;
/// The most notches one frame's wheel counts for.
pub(crate) const ZOOM_NOTCHES: f32 = 5.0;

/// The camera: follows you in play mode, and zooms with the wheel.
pub(crate) fn plugin(app: &mut App) {
    input::handles(app, &[Action::Zoom]);
    app.add_systems(Startup, spawn_camera).add_systems(
        Update,
        (zoom, follow.run_if(in_state(PlayMode::Play)))
            .chain()
            .in_set(GameSet::Camera),
    );
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((
        Name::new("Camera"),
        MainCamera,
        Camera2d,
        // Tiles and sprites are squares on whole pixels: multisampling adds
        // nothing but a copy a frame for the UI's camera drawn after it.
        Msaa::Off,
        Transform::from_xyz(0.0, 0.0, z::CAMERA),
    ));
}

pub(crate) fn set_scale(projection: &mut Projection, scale: f32) {
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
        let notches = wheel.clamp(-ZOOM_NOTCHES, ZOOM_NOTCHES);
        let scale = scale_of(&camera) * (1.0 - ZOOM_STEP * notches);
        set_scale(&mut camera, scale);
    }
}

/// The whole map's extent in world pixels: (min corner, max corner).
pub(crate) fn map_bounds(width: usize, height: usize) -> (Vec2, Vec2) {
    let half = TILE_PX / 2.0;
    (
        Vec2::splat(-half),
        Vec2::new(
            width as f32 * TILE_PX - half,
            height as f32 * TILE_PX - half,
        ),
    )
}

/// Centre on the player, but keep the view inside the map when the map is larger
/// than the view, and the map centred when it is smaller. The view is the
/// map's frame: the window less its bars and the panels beside the map, so
/// you are never under them.
pub(crate) fn follow(
    level: Res<CurrentLevel>,
    frame: Res<MapFrame>,
    player: Single<&GridPos, With<PlayerSprite>>,
    mut camera: Single<(&mut Transform, &Projection), With<MainCamera>>,
) {
    let (transform, projection) = &mut *camera;
    let half_view = frame.size * scale_of(projection) / 2.0;
    let (w, h) = (level.map.width(), level.map.height());
    let (lo, hi) = map_bounds(w, h);
    let target = cell_centre(player.0, h);
    let axis = |t: f32, lo: f32, hi: f32, half: f32| {
        if hi - lo <= 2.0 * half {
            (lo + hi) / 2.0
        } else {
            t.clamp(lo + half, hi - half)
        }
    };
    transform.translation.x = axis(target.x, lo.x, hi.x, half_view.x);
    transform.translation.y = axis(target.y, lo.y, hi.y, half_view.y);
}
