//! The player: a sprite on the run's player cell. Move keys become
//! [`PlayerAction`]s, one turn per press, repeating while a key is held; so do
//! wait (`.`, `s`), pick up (`,`) and the stairs (`>`, `<`).

use std::time::Duration;

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

use super::GameSet;
use super::camera::CameraMode;
use super::input::{Action, Controls};
use super::level::{CurrentLevel, Mines, PlayerAction};
use super::tilemap::{SpriteAtlas, Tileset, cell_centre, index, sprite};
use crate::dungeon::Command;

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
    app.init_resource::<HeldMove>()
        .add_systems(Startup, spawn_player)
        .add_systems(
            Update,
            (
                (move_player, other_turns).in_set(GameSet::Input),
                (place_from_run, sync_transform)
                    .chain()
                    .in_set(GameSet::View),
            ),
        );
}

fn spawn_player(mut commands: Commands, tileset: Res<Tileset>, atlas: Res<SpriteAtlas>) {
    commands.spawn((
        Player,
        GridPos { x: 0, y: 0 },
        sprite(&tileset, &atlas, index::PLAYER, Color::WHITE),
        Transform::from_xyz(0.0, 0.0, 10.0),
    ));
}

/// The player entity stands where the run says.
fn place_from_run(mines: Option<Res<Mines>>, mut player: Single<&mut GridPos, With<Player>>) {
    let Some(mines) = mines else { return };
    if mines.is_changed() {
        let (x, y) = mines.player.pos;
        player.set_if_neq(GridPos {
            x: x as i64,
            y: y as i64,
        });
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

/// Move keys: one step per press, repeating while held. A step into a monster
/// attacks it; into rock or wall, nothing happens and no turn passes.
fn move_player(
    controls: Single<&ActionState<Action>, With<Controls>>,
    mode: Res<CameraMode>,
    time: Res<Time>,
    mut held: ResMut<HeldMove>,
    mut actions: MessageWriter<PlayerAction>,
) {
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
        actions.write(PlayerAction(Command::Move(dir.0, dir.1)));
    }
}

/// Wait, pick up and the stairs: one turn per press.
fn other_turns(
    controls: Single<&ActionState<Action>, With<Controls>>,
    mode: Res<CameraMode>,
    mut actions: MessageWriter<PlayerAction>,
) {
    if *mode == CameraMode::Fly {
        return;
    }
    for (action, command) in [
        (Action::Wait, Command::Wait),
        (Action::PickUp, Command::PickUp),
        (Action::Down, Command::Down),
        (Action::Up, Command::Up),
    ] {
        if controls.just_pressed(&action) {
            actions.write(PlayerAction(command));
        }
    }
}
