//! The player: a sprite on the run's player cell. Move keys become
//! `TurnAction`s, one turn per press, repeating while a key is held; so do
//! wait (`.`, `s`), pick up (`,`) and the stairs (`>`, `<`). Keys act only in
//! play mode.

use std::time::Duration;

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

use super::input::{self, Action, Controls, Pressed, Typed, Worded};
use super::run::{CurrentLevel, Run, TurnAction};
use super::shared::{
    GameSet, GridPos, PlayMode, SpriteAtlas, Tileset, cell_centre, rgb, sprite, z,
};
use crate::dungeon::Command;
use crate::generation::{Dir, Pos};

/// A held move key repeats after this long...
pub(crate) const REPEAT_DELAY: Duration = Duration::from_millis(250);
/// ...and then every this long.
pub(crate) const REPEAT_INTERVAL: Duration = Duration::from_millis(70);

/// The player's entity.
#[derive(Component)]
pub(crate) struct PlayerSprite;

/// Which move is held and for how long.
#[derive(Resource, Default, Debug)]
struct HeldMove {
    dir: Option<Dir>,
    held: Duration,
    repeats: u32,
}

/// The player's sprite, and the turn keys.
pub(crate) fn plugin(app: &mut App) {
    input::handles(app, &Action::turns().collect::<Vec<_>>());
    app.init_resource::<HeldMove>()
        .add_systems(Startup, spawn_player)
        .add_systems(
            Update,
            (
                turn_keys.in_set(GameSet::Input),
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
    run: Res<Run>,
) {
    let me = run.content().player();
    commands.spawn((
        Name::new("Player"),
        PlayerSprite,
        GridPos(Pos::default()),
        sprite(&tileset, &atlas, me.tile, rgb(config.palette(), me.colour)),
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

/// Every press of a turn key is one turn, in the order typed; a move key held
/// down repeats after [`REPEAT_DELAY`], every [`REPEAT_INTERVAL`]. A step into a
/// monster attacks it; into rock or wall, nothing happens and no turn passes.
/// In fly mode the keys are the camera's, and are read here only to be let go.
fn turn_keys(
    mut presses: MessageReader<Pressed>,
    mut typed: MessageReader<Typed>,
    mut worded: MessageReader<Worded>,
    controls: Single<&ActionState<Action>, With<Controls>>,
    mode: Res<State<PlayMode>>,
    time: Res<Time>,
    run: Res<Run>,
    mut held: ResMut<HeldMove>,
    mut actions: MessageWriter<TurnAction>,
) {
    let play = *mode.get() == PlayMode::Play;
    let mut fresh = None;
    // A letter typed at the drop prompt is a drop, in its place among the
    // other keys of the batch.
    let letters: Vec<Typed> = typed.read().copied().collect();
    let mut letters = letters.into_iter().peekable();
    let mut drops_before = |n: usize, actions: &mut MessageWriter<TurnAction>| {
        while let Some(t) = letters.next_if(|t| t.after <= n) {
            if let Some(command) = t.letter.and_then(|l| Command::with_letter(t.key, l))
                && play
            {
                actions.write(TurnAction(command));
            }
        }
    };
    for (n, &Pressed(action)) in presses.read().enumerate() {
        drops_before(n, &mut actions);
        if !play {
            continue;
        }
        // A turn key's command is its key-file character's; a key that takes
        // a letter gives its command with the letter, above.
        let Some(command) = action.command() else {
            continue;
        };
        if let Command::Move(dir) = command {
            fresh = Some(dir);
        }
        actions.write(TurnAction(command));
    }
    drops_before(usize::MAX, &mut actions);
    // Words typed to their end (`E`'s).
    for &Worded(command) in worded.read() {
        if play {
            actions.write(TurnAction(command));
        }
    }
    if let Some(dir) = fresh {
        // The latest move pressed is the one that repeats, from now.
        *held = HeldMove {
            dir: Some(dir),
            ..default()
        };
        return;
    }
    match held.dir {
        // A question stops the repeat: its answer must be a fresh key.
        Some(dir) if play && !run.is_asking() && controls.pressed(&Action::move_toward(dir)) => {
            held.held += time.delta();
            // Repeat k fires once `held` passes delay + k·interval.
            if held.held >= REPEAT_DELAY + REPEAT_INTERVAL * held.repeats {
                held.repeats += 1;
                actions.write(TurnAction(Command::Move(dir)));
            }
        }
        _ => *held = HeldMove::default(),
    }
}
