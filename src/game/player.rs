//! The player: a sprite on the run's player cell. Move keys become
//! [`TurnAction`]s, one turn per press, repeating while a key is held; so do
//! wait (`.`, `s`), pick up (`,`) and the stairs (`>`, `<`). Keys act only in
//! play mode.

use std::time::Duration;

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

use super::input::{self, Action, Controls};
use super::run::{CurrentLevel, Run, TurnAction};
use super::shared::{
    GameSet, GridPos, PlayMode, SpriteAtlas, Tileset, cell_centre, rgb, sprite, z,
};
use crate::dungeon::Command;
use crate::generation::{Dir, Pos};

/// A held move key repeats after this long...
pub const REPEAT_DELAY: Duration = Duration::from_millis(250);
/// ...and then every this long.
pub const REPEAT_INTERVAL: Duration = Duration::from_millis(70);

/// The player's entity.
#[derive(Component)]
pub struct PlayerSprite;

/// Which move is held and for how long.
#[derive(Resource, Default, Debug)]
struct HeldMove {
    dir: Option<Dir>,
    held: Duration,
    repeats: u32,
}

pub fn plugin(app: &mut App) {
    input::handles(app, &Action::TURNS);
    app.init_resource::<HeldMove>()
        .add_systems(Startup, spawn_player)
        .add_systems(OnEnter(PlayMode::Fly), |mut held: ResMut<HeldMove>| {
            *held = HeldMove::default()
        })
        .add_systems(
            Update,
            (
                (move_player, other_turns)
                    .in_set(GameSet::Input)
                    .run_if(in_state(PlayMode::Play)),
                (place_from_run, sync_transform)
                    .chain()
                    .in_set(GameSet::View),
            ),
        );
}

fn spawn_player(
    mut commands: Commands,
    tileset: Res<Tileset>,
    atlas: Res<SpriteAtlas>,
    config: Res<super::shared::GameConfig>,
) {
    let me = &config.setup.content.player;
    commands.spawn((
        Name::new("Player"),
        PlayerSprite,
        GridPos(Pos::default()),
        sprite(&tileset, &atlas, me.tile, rgb(me.colour)),
        Transform::from_xyz(0.0, 0.0, z::PLAYER),
    ));
}

/// The player entity stands where the run says.
fn place_from_run(run: Res<Run>, mut player: Single<&mut GridPos, With<PlayerSprite>>) {
    if run.is_changed() {
        player.set_if_neq(GridPos(run.player().pos));
    }
}

/// The player, when its cell changed this frame.
type MovedPlayer<'w, 's> = Single<
    'w,
    's,
    (&'static GridPos, &'static mut Transform),
    (With<PlayerSprite>, Changed<GridPos>),
>;

fn sync_transform(level: Res<CurrentLevel>, mut player: MovedPlayer) {
    let (pos, transform) = &mut *player;
    let c = cell_centre(pos.0, level.map.height());
    transform.translation.x = c.x;
    transform.translation.y = c.y;
}

/// The move the held keys ask for: the most recently pressed one wins.
fn wanted_move(controls: &ActionState<Action>) -> (Option<Dir>, bool) {
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
    time: Res<Time>,
    mut held: ResMut<HeldMove>,
    mut actions: MessageWriter<TurnAction>,
) {
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
        actions.write(TurnAction(Command::Move(dir)));
    }
}

/// Wait, pick up and the stairs: one turn per press.
fn other_turns(
    controls: Single<&ActionState<Action>, With<Controls>>,
    mut actions: MessageWriter<TurnAction>,
) {
    for (action, command) in [
        (Action::Wait, Command::Wait),
        (Action::PickUp, Command::PickUp),
        (Action::Down, Command::Down),
        (Action::Up, Command::Up),
    ] {
        if controls.just_pressed(&action) {
            actions.write(TurnAction(command));
        }
    }
}
