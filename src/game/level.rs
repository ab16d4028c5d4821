//! The level as a resource: generated at startup, replaced on R, N and P.

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

use super::input::{Action, Controls};
use super::{GameConfig, GameSet};
use crate::generation::{MineLevel, generate};

/// The level being played: grid, provenance, stage snapshots, stats and seed.
#[derive(Resource, Deref)]
pub struct CurrentLevel(pub MineLevel);

/// Ask for another level.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelRequest {
    /// A fresh random seed.
    Random,
    Seed(u64),
}

/// A line for the HUD about the last thing that happened to the level.
#[derive(Resource, Default, Debug)]
pub struct LevelNotice(pub String);

pub fn plugin(app: &mut App) {
    app.add_message::<LevelRequest>()
        .init_resource::<LevelNotice>()
        .add_systems(Startup, generate_first_level)
        .add_systems(
            Update,
            (
                request_from_keys.in_set(GameSet::Input),
                apply_requests.in_set(GameSet::Level),
            ),
        );
}

/// Startup: the level for the seed on the command line.
fn generate_first_level(
    mut commands: Commands,
    config: Res<GameConfig>,
    mut exit: MessageWriter<AppExit>,
) {
    match generate(config.seed, &config.params) {
        Ok(level) => commands.insert_resource(CurrentLevel(level)),
        Err(e) => {
            eprintln!("gnomish-mines: error: {e}");
            exit.write(AppExit::from_code(2));
        }
    }
}

fn request_from_keys(
    controls: Single<&ActionState<Action>, With<Controls>>,
    level: Option<Res<CurrentLevel>>,
    mut requests: MessageWriter<LevelRequest>,
) {
    let Some(level) = level else { return };
    let seed = level.seed;
    if controls.just_pressed(&Action::Regenerate) {
        requests.write(LevelRequest::Random);
    } else if controls.just_pressed(&Action::NextSeed) {
        requests.write(LevelRequest::Seed(seed.wrapping_add(1)));
    } else if controls.just_pressed(&Action::PrevSeed) {
        requests.write(LevelRequest::Seed(seed.wrapping_sub(1)));
    }
}

/// Generate the last requested level and replace the resource. A level that can't
/// be made leaves the current one in place and says why.
fn apply_requests(
    mut requests: MessageReader<LevelRequest>,
    level: Option<ResMut<CurrentLevel>>,
    mut notice: ResMut<LevelNotice>,
) {
    let Some(request) = requests.read().last().copied() else {
        return;
    };
    let Some(mut level) = level else { return };
    let seed = match request {
        LevelRequest::Random => rand::random::<u64>(),
        LevelRequest::Seed(s) => s,
    };
    match generate(seed, &level.params) {
        Ok(new) => {
            notice.0.clear();
            level.0 = new;
        }
        Err(e) => notice.0 = format!("seed {seed}: {e}"),
    }
}
