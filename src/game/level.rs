//! The run and the level on screen, as resources.
//!
//! [`Mines`] is the whole run (the plain-Rust [`Dungeon`]): created at startup,
//! played one [`PlayerAction`] at a time, replaced by a new run on R, Shift+N and
//! P. [`CurrentLevel`] is the map of the level the player stands on; it is
//! replaced only when that map changes (stairs, new run), so the tilemap,
//! overlay and stage replay redraw only then.

use std::sync::Arc;

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

use super::camera::CameraMode;
use super::input::{Action, Controls};
use super::{GameConfig, GameSet};
use crate::dungeon::keys::keys_text;
use crate::dungeon::{Command, Dungeon};
use crate::generation::MineLevel;

/// The run being played.
#[derive(Resource, Deref, DerefMut)]
pub struct Mines(pub Dungeon);

/// The map of the level the player is on: grid, provenance, stage snapshots,
/// stats and seed. Shared with [`Mines`], not copied.
#[derive(Resource, Deref)]
pub struct CurrentLevel(pub Arc<MineLevel>);

/// Ask for a new run.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelRequest {
    /// A fresh random seed.
    Random,
    Seed(u64),
}

/// One thing the player does: a turn of the run.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerAction(pub Command);

/// A line for the HUD about the last thing that happened outside the run:
/// a level that could not be made, or a question waiting for an answer.
#[derive(Resource, Default, Debug)]
pub struct LevelNotice(pub String);

/// A new-run key pressed once during a live run, waiting to be pressed again.
#[derive(Resource, Default, Debug)]
struct PendingRestart(Option<Action>);

pub fn plugin(app: &mut App) {
    app.add_message::<LevelRequest>()
        .add_message::<PlayerAction>()
        .init_resource::<LevelNotice>()
        .init_resource::<PendingRestart>()
        .add_systems(Startup, start_first_run)
        .add_systems(
            Update,
            (
                request_from_keys.in_set(GameSet::Input),
                (apply_requests, apply_actions, follow_run)
                    .chain()
                    .in_set(GameSet::Level),
            ),
        );
}

/// Startup: the run for the seed on the command line, with `--replay` played.
fn start_first_run(
    mut commands: Commands,
    config: Res<GameConfig>,
    mut exit: MessageWriter<AppExit>,
) {
    match Dungeon::new(config.seed, config.params.clone(), config.options) {
        Ok(mut run) => {
            run.play(&config.replay);
            commands.insert_resource(CurrentLevel(run.map().clone()));
            commands.insert_resource(Mines(run));
        }
        Err(e) => {
            eprintln!("gnomish-mines: error: {e}");
            exit.write(AppExit::from_code(2));
        }
    }
}

/// R, Shift+N and P start a new run. While a run is alive and you are playing
/// (not flying), the key must be pressed twice, so one stray key doesn't throw
/// the run away.
fn request_from_keys(
    controls: Single<&ActionState<Action>, With<Controls>>,
    mines: Option<Res<Mines>>,
    mode: Res<CameraMode>,
    mut pending: ResMut<PendingRestart>,
    mut notice: ResMut<LevelNotice>,
    mut requests: MessageWriter<LevelRequest>,
) {
    let Some(mines) = mines else { return };
    let seed = mines.seed;
    let pressed = [Action::Regenerate, Action::NextSeed, Action::PrevSeed]
        .into_iter()
        .find(|a| controls.just_pressed(a));
    let Some(action) = pressed else {
        // Any other key answers "no".
        if pending.0.is_some() && Action::TURNS.iter().any(|a| controls.just_pressed(a)) {
            pending.0 = None;
            notice.0.clear();
        }
        return;
    };
    let confirmed = *mode == CameraMode::Fly || mines.is_over() || pending.0 == Some(action);
    if !confirmed {
        pending.0 = Some(action);
        notice.0 = format!(
            "Really end this run and start a new one? Press {} again.",
            action.key_name()
        );
        return;
    }
    pending.0 = None;
    requests.write(match action {
        Action::Regenerate => LevelRequest::Random,
        Action::NextSeed => LevelRequest::Seed(seed.wrapping_add(1)),
        _ => LevelRequest::Seed(seed.wrapping_sub(1)),
    });
}

/// Start the last requested run. A run that can't be made leaves the current
/// one in place and says why.
fn apply_requests(
    mut requests: MessageReader<LevelRequest>,
    mines: Option<ResMut<Mines>>,
    mut notice: ResMut<LevelNotice>,
) {
    let Some(request) = requests.read().last().copied() else {
        return;
    };
    let Some(mut mines) = mines else { return };
    let seed = match request {
        LevelRequest::Random => rand::random::<u64>(),
        LevelRequest::Seed(s) => s,
    };
    match Dungeon::new(seed, mines.params.clone(), mines.options) {
        Ok(run) => {
            notice.0.clear();
            mines.0 = run;
        }
        Err(e) => notice.0 = format!("seed {seed}: {e}"),
    }
}

/// Play the player's actions on the run, in order, and keep the key file of
/// `--record` up to date.
fn apply_actions(
    mut actions: MessageReader<PlayerAction>,
    mines: Option<ResMut<Mines>>,
    config: Res<GameConfig>,
    mut notice: ResMut<LevelNotice>,
) {
    let Some(mut mines) = mines else { return };
    let mut acted = false;
    for PlayerAction(command) in actions.read() {
        mines.act(*command);
        acted = true;
    }
    if let (true, Some(path)) = (acted, &config.record) {
        // The header is the command that replays the run (size and monsters
        // included; pass options are not recorded).
        let mut flags = format!("--seed {}", mines.seed);
        if (mines.params.width, mines.params.height) != (80, 21) {
            flags += &format!(
                " --width {} --height {}",
                mines.params.width, mines.params.height
            );
        }
        if !mines.options.monsters {
            flags += " --no-monsters";
        }
        let text = format!(
            "# gnomish-mines {flags} --replay {}\n{}",
            path.display(),
            keys_text(&mines.commands)
        );
        if let Err(e) = std::fs::write(path, text) {
            notice.0 = format!("could not record to {}: {e}", path.display());
        }
    }
}

/// Show the map of the level the player is on, when it changed.
fn follow_run(mines: Option<Res<Mines>>, mut current: Option<ResMut<CurrentLevel>>) {
    let (Some(mines), Some(current)) = (mines, current.as_mut()) else {
        return;
    };
    if !Arc::ptr_eq(&current.0, mines.map()) {
        current.0 = mines.map().clone();
    }
}
