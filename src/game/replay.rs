//! Stage replay: `[` and `]` step through the stages, `Space` plays them in order.

use std::time::Duration;

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

use super::GameSet;
use super::input::{Action, Controls};
use super::tilemap::MapView;
use crate::generation::Stage;

/// How long each stage stays on screen while playing.
pub const STAGE_TIME: Duration = Duration::from_millis(700);

/// The animation, when it plays.
#[derive(Resource, Default, Debug)]
pub struct Replay {
    pub playing: Option<Timer>,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Replay>().add_systems(
        Update,
        (step_stages, play_stages).chain().in_set(GameSet::Input),
    );
}

fn step_stages(
    controls: Single<&ActionState<Action>, With<Controls>>,
    mut view: ResMut<MapView>,
    mut replay: ResMut<Replay>,
) {
    let step = if controls.just_pressed(&Action::NextStage) {
        view.stage.next()
    } else if controls.just_pressed(&Action::PrevStage) {
        view.stage.prev()
    } else if controls.just_pressed(&Action::PlayStages) {
        replay.playing = Some(Timer::new(STAGE_TIME, TimerMode::Repeating));
        Some(Stage::Init)
    } else {
        return;
    };
    if !controls.just_pressed(&Action::PlayStages) {
        replay.playing = None;
    }
    if let Some(stage) = step {
        view.stage = stage;
    }
}

fn play_stages(time: Res<Time>, mut view: ResMut<MapView>, mut replay: ResMut<Replay>) {
    let Some(timer) = replay.playing.as_mut() else {
        return;
    };
    if !timer.tick(time.delta()).just_finished() {
        return;
    }
    match view.stage.next() {
        Some(next) => view.stage = next,
        None => replay.playing = None,
    }
    if view.stage == Stage::Joined {
        replay.playing = None;
    }
}
