//! Stage replay: `[` and `]` step through the stages of the current level's
//! cave, `Space` plays them in order. A generator demo: deleting this file
//! and its line in `demos!` (`game/mod.rs`) leaves a plain roguelike. On a
//! level with no cave history there is nothing to step through, and the
//! message bar says so.

use std::time::Duration;

use bevy::prelude::*;

use super::input::{self, Action, Pressed};
use super::run::{CurrentLevel, RunNotice};
use super::shared::{GameConfig, GameSet, MapView, StagesPlaying};

/// How long each stage stays on screen while playing.
pub(crate) const STAGE_TIME: Duration = Duration::from_millis(700);

/// The stage animation, when it plays.
#[derive(Resource, Default, Debug)]
pub(crate) struct StagePlayback {
    /// The stage animation's timer, while it plays.
    pub playing: Option<Timer>,
}

/// The stage replay (`[`, `]`, Space).
pub(crate) fn plugin(app: &mut App) {
    input::handles(
        app,
        &[Action::PrevStage, Action::NextStage, Action::PlayStages],
    );
    app.init_resource::<StagePlayback>()
        .add_systems(PostStartup, apply_config)
        .add_systems(
            Update,
            (step_stages, play_stages, tell_hud)
                .chain()
                .in_set(GameSet::Input),
        );
}

/// `--stage NAME`: start on that stage of the first level's cave.
fn apply_config(config: Res<GameConfig>, level: Res<CurrentLevel>, mut view: ResMut<MapView>) {
    let (Some(name), Some(history)) = (&config.stage, level.history()) else {
        return;
    };
    view.stage = history
        .stage_named(name)
        .filter(|&s| s < history.last_stage());
}

fn step_stages(
    mut presses: MessageReader<Pressed>,
    level: Res<CurrentLevel>,
    mut view: ResMut<MapView>,
    mut playback: ResMut<StagePlayback>,
    mut notice: ResMut<RunNotice>,
) {
    for Pressed(action) in presses.read() {
        let (prev, next, play) = (
            *action == Action::PrevStage,
            *action == Action::NextStage,
            *action == Action::PlayStages,
        );
        if !(prev || next || play) {
            continue;
        }
        let Some(history) = level.history() else {
            notice.0 = "This level was built, not generated: it has no stages to show.".into();
            continue;
        };
        let last = history.last_stage();
        let now = view.stage_of(Some(history)).unwrap_or(last);
        playback.playing = None;
        let to = if play {
            playback.playing = Some(Timer::new(STAGE_TIME, TimerMode::Repeating));
            Some(crate::generation::Stage::INIT)
        } else if next {
            history.next_stage(now)
        } else {
            history.prev_stage(now)
        };
        if let Some(stage) = to {
            view.stage = (stage < last).then_some(stage);
        }
    }
}

fn play_stages(
    time: Res<Time>,
    level: Res<CurrentLevel>,
    mut view: ResMut<MapView>,
    mut playback: ResMut<StagePlayback>,
) {
    let Some(timer) = playback.playing.as_mut() else {
        return;
    };
    if !timer.tick(time.delta()).just_finished() {
        return;
    }
    let Some(history) = level.history() else {
        playback.playing = None;
        return;
    };
    let now = view.stage_of(Some(history)).unwrap_or(history.last_stage());
    match history.next_stage(now) {
        Some(next) if next < history.last_stage() => view.stage = Some(next),
        _ => {
            view.stage = None;
            playback.playing = None;
        }
    }
}

fn tell_hud(playback: Res<StagePlayback>, mut playing: ResMut<StagesPlaying>) {
    playing.set_if_neq(StagesPlaying(playback.playing.is_some()));
}
