//! The player: a sprite on a grid cell, moved one cell per press in 8 directions,
//! repeating while a key is held. Rock and walls block.

use std::time::Duration;

use bevy::image::{TextureAtlas, TextureAtlasLayout, TextureAtlasPlugin};
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

use super::camera::CameraMode;
use super::input::{Action, Controls};
use super::level::CurrentLevel;
use super::tilemap::{Tileset, cell_centre, index};
use super::{GameSet, TILE_PX};

/// A held move key repeats after this long...
pub const REPEAT_DELAY: Duration = Duration::from_millis(250);
/// ...and then every this long.
pub const REPEAT_INTERVAL: Duration = Duration::from_millis(70);

#[derive(Component)]
pub struct Player;

/// A cell of the map, x to the right and y downward as in the generator.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridPos {
    pub x: i64,
    pub y: i64,
}

/// Which move is held and for how long.
#[derive(Resource, Default, Debug)]
struct HeldMove {
    dir: Option<(i64, i64)>,
    held: Duration,
    repeats: u32,
}

pub fn plugin(app: &mut App) {
    if !app.is_plugin_added::<TextureAtlasPlugin>() {
        app.add_plugins(TextureAtlasPlugin);
    }
    app.init_resource::<HeldMove>()
        .add_systems(Startup, spawn_player)
        .add_systems(
            Update,
            (
                move_player.in_set(GameSet::Input),
                (place_on_new_level, sync_transform)
                    .chain()
                    .in_set(GameSet::View),
            ),
        );
}

fn spawn_player(
    mut commands: Commands,
    tileset: Res<Tileset>,
    mut layouts: ResMut<Assets<TextureAtlasLayout>>,
) {
    let layout = layouts.add(TextureAtlasLayout::from_grid(
        UVec2::splat(TILE_PX as u32),
        index::COLUMNS,
        index::ROWS,
        None,
        None,
    ));
    commands.spawn((
        Player,
        GridPos { x: 0, y: 0 },
        Sprite::from_atlas_image(
            tileset.0.clone(),
            TextureAtlas {
                layout,
                index: index::PLAYER as usize,
            },
        ),
        Transform::from_xyz(0.0, 0.0, 10.0),
    ));
}

/// A new level puts the player on its up staircase.
fn place_on_new_level(
    level: Option<Res<CurrentLevel>>,
    mut player: Single<&mut GridPos, With<Player>>,
) {
    let Some(level) = level else { return };
    if level.is_changed() {
        let (x, y) = level.up_stairs;
        **player = GridPos {
            x: x as i64,
            y: y as i64,
        };
    }
}

/// The player, when its cell changed this frame.
type MovedPlayer<'w, 's> =
    Single<'w, 's, (&'static GridPos, &'static mut Transform), (With<Player>, Changed<GridPos>)>;

fn sync_transform(level: Option<Res<CurrentLevel>>, mut player: MovedPlayer) {
    let Some(level) = level else { return };
    let (pos, transform) = &mut *player;
    let c = cell_centre(pos.x, pos.y, level.height());
    transform.translation.x = c.x;
    transform.translation.y = c.y;
}

/// The move the held keys ask for: the most recently pressed one wins.
fn wanted_move(controls: &ActionState<Action>) -> (Option<(i64, i64)>, bool) {
    for (action, dir) in Action::MOVES {
        if controls.just_pressed(&action) {
            return (Some(dir), true);
        }
    }
    for (action, dir) in Action::MOVES {
        if controls.pressed(&action) {
            return (Some(dir), false);
        }
    }
    (None, false)
}

fn move_player(
    controls: Single<&ActionState<Action>, With<Controls>>,
    mode: Res<CameraMode>,
    time: Res<Time>,
    level: Option<Res<CurrentLevel>>,
    mut held: ResMut<HeldMove>,
    mut player: Single<&mut GridPos, With<Player>>,
) {
    let Some(level) = level else { return };
    if *mode == CameraMode::Fly {
        // In fly mode the move keys pan the camera instead.
        *held = HeldMove::default();
        return;
    }
    let (dir, fresh) = wanted_move(&controls);
    let Some(dir) = dir else {
        *held = HeldMove::default();
        return;
    };
    let step = if fresh || held.dir != Some(dir) {
        *held = HeldMove {
            dir: Some(dir),
            ..default()
        };
        true
    } else {
        held.held += time.delta();
        // Repeat k fires once `held` passes delay + k·interval.
        let due = held.held >= REPEAT_DELAY + REPEAT_INTERVAL * held.repeats;
        if due {
            held.repeats += 1;
        }
        due
    };
    if step {
        let (nx, ny) = (player.x + dir.0, player.y + dir.1);
        if level.tile_i(nx, ny).is_walkable() {
            **player = GridPos { x: nx, y: ny };
        }
    }
}
