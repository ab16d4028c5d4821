//! The run and the level on screen, as resources.
//!
//! [`Run`] is the session ([`Session`]: the plain-Rust [`Dungeon`] and its
//! journal on disk), handed in by whoever starts the game, played one
//! `TurnAction` at a time, its run replaced by a new one on R, Ctrl-N and
//! P. [`CurrentLevel`] is the map (and cave history) of the level the player
//! stands on; it is replaced only when that map changes (stairs, new run), so
//! the tilemap, overlay and stage replay redraw only then.

use std::sync::Arc;

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};

use super::input::{self, Action, Pressed};
use super::shared::{Exit, GameConfig, GameSet, PlayMode};
use crate::dungeon::{Command, Dungeon};
use crate::generation::{CaveHistory, LevelMap};
use crate::saves::Session;

/// The run being played, and its journal: the [`Session`]. Its run is read
/// through `Deref`; it changes only by a command played (`Run::act`, which
/// the session writes to the journal) or a new run in its place, both here,
/// so no system can change it behind the journal's back.
#[derive(Resource)]
pub struct Run(Session);

impl std::ops::Deref for Run {
    type Target = Dungeon;

    fn deref(&self) -> &Dungeon {
        self.0.run()
    }
}

impl Run {
    /// The run the game starts with, and where the level on screen is.
    pub(crate) fn start(session: Session) -> (Run, CurrentLevel) {
        let level = CurrentLevel::of(session.run());
        (Run(session), level)
    }

    /// The session: the run and its journal.
    pub fn session(&self) -> &Session {
        &self.0
    }

    /// Play one command (see [`Session::act`]).
    pub(crate) fn act(&mut self, command: Command) -> bool {
        self.0.act(command)
    }

    /// Wizard mode, for tests and debugging ([`Dungeon::wizard`]): changes
    /// that are not commands, and so are not journaled.
    pub fn wizard(&mut self) -> crate::dungeon::Wizard<'_> {
        self.0.wizard()
    }
}

/// The level the player is on: its map, and how its cave formed when the
/// generator made it. Shared with [`Run`], not copied.
#[derive(Resource, Clone)]
pub struct CurrentLevel {
    /// The map, shared with the run.
    pub map: Arc<LevelMap>,
    /// How its cave formed, if the generator made it.
    pub history: Option<Arc<CaveHistory>>,
}

impl CurrentLevel {
    fn of(run: &Dungeon) -> Self {
        CurrentLevel {
            map: run.map().clone(),
            history: run.history().cloned(),
        }
    }

    /// How its cave formed, if the generator made it.
    pub fn history(&self) -> Option<&CaveHistory> {
        self.history.as_deref()
    }
}

/// Ask for a new run.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NewRunRequest {
    /// A fresh random seed.
    Random,
    /// This seed.
    Seed(u64),
    /// This seed, played as this hero (the pick screen's choice).
    Hero(u64, crate::dungeon::Hero),
}

/// One thing the player does: a turn of the run.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TurnAction(pub Command);

/// A line for the message bar about something outside the run: a run that
/// could not be made, or a question waiting for an answer.
#[derive(Resource, Default, Debug)]
pub struct RunNotice(pub String);

/// A new-run key pressed once during a live run, waiting to be pressed again.
#[derive(Resource, Default, Debug)]
struct PendingRestart(Option<Action>);

/// The run: made at startup, played by turn actions, replaced by new runs.
pub(crate) fn plugin(app: &mut App) {
    input::handles(app, &[Action::NewRun, Action::NextSeed, Action::PrevSeed]);
    app.add_message::<NewRunRequest>()
        .add_message::<TurnAction>()
        .init_resource::<RunNotice>()
        .init_resource::<PendingRestart>()
        .init_resource::<RunInTheMaking>()
        .add_systems(Startup, jump_to_depth)
        .add_systems(
            Update,
            (
                request_from_keys.in_set(GameSet::Input),
                (apply_requests, take_made_run, apply_actions, follow_run)
                    .chain()
                    .in_set(GameSet::Level),
            ),
        );
}

/// Startup, with `--depth`: the hero is put on that level (a wizard's
/// jump, for a screenshot: not journalled).
fn jump_to_depth(config: Res<GameConfig>, mut run: ResMut<Run>, mut exit: Exit) {
    let Some(depth) = config.depth else {
        return;
    };
    if let Err(e) = run.wizard().go_to(depth) {
        exit.error(format!("--depth {depth}: {e}"));
    }
}

/// R, Ctrl-N and P start a new run. While a run is alive and you are playing
/// (not flying), the key must be pressed twice, so one stray key doesn't throw
/// the run away.
fn request_from_keys(
    mut presses: MessageReader<Pressed>,
    run: Res<Run>,
    mode: Res<State<PlayMode>>,
    mut pending: ResMut<PendingRestart>,
    mut notice: ResMut<RunNotice>,
    mut requests: MessageWriter<NewRunRequest>,
) {
    let seed = run.seed();
    for &Pressed(action) in presses.read() {
        if ![Action::NewRun, Action::NextSeed, Action::PrevSeed].contains(&action) {
            // Any turn key answers "no".
            if pending.0.is_some() && action.command().is_some() {
                pending.0 = None;
                notice.0.clear();
            }
            continue;
        }
        let confirmed = *mode.get() == PlayMode::Fly || run.is_over() || pending.0 == Some(action);
        if !confirmed {
            pending.0 = Some(action);
            notice.0 = format!(
                "Really end this run and start a new one? Press {} again.",
                action.key_name()
            );
            continue;
        }
        pending.0 = None;
        requests.write(match action {
            Action::NewRun => NewRunRequest::Random,
            Action::NextSeed => NewRunRequest::Seed(seed.wrapping_add(1)),
            _ => NewRunRequest::Seed(seed.wrapping_sub(1)),
        });
    }
}

/// Start the last requested run. A run that can't be made leaves the current
/// one in place and says why.
fn apply_requests(
    mut requests: MessageReader<NewRunRequest>,
    mut run: ResMut<Run>,
    mut notice: ResMut<RunNotice>,
    mut making: ResMut<RunInTheMaking>,
) {
    let Some(request) = requests.read().last().copied() else {
        return;
    };
    let mut setup = run.setup().clone();
    let seed = match request {
        NewRunRequest::Random => rand::random::<u64>(),
        NewRunRequest::Seed(s) => s,
        NewRunRequest::Hero(seed, hero) => {
            setup.hero = Some(hero);
            // Made off the frames: the pick screen stays up (and answers
            // no key) until it is ready, so no frame waits for a big map.
            let task = AsyncComputeTaskPool::get().spawn(async move {
                Dungeon::new(seed, setup).map_err(|e| format!("seed {seed}: {e}"))
            });
            making.0 = Some(task);
            return;
        }
    };
    match run.0.new_run(seed, setup) {
        Ok(()) => notice.0.clear(),
        Err(e) => notice.0 = e,
    }
}

/// A run being made in the background (the pick screen's hero's), taken in
/// by [`take_made_run`] once it is ready.
#[derive(Resource, Default)]
pub(crate) struct RunInTheMaking(Option<Task<Result<Dungeon, String>>>);

impl RunInTheMaking {
    /// Is a run still being made?
    pub(crate) fn busy(&self) -> bool {
        self.0.is_some()
    }
}

/// The run made in the background, in place of the one on screen once it is
/// ready; one that could not be made leaves the current one and says why.
fn take_made_run(
    mut making: ResMut<RunInTheMaking>,
    mut run: ResMut<Run>,
    mut notice: ResMut<RunNotice>,
) {
    let Some(task) = making.0.as_mut() else {
        return;
    };
    let Some(made) = block_on(poll_once(task)) else {
        return;
    };
    making.0 = None;
    match made {
        Ok(made) => {
            run.0.replace_run(made);
            notice.0.clear();
        }
        Err(e) => notice.0 = e,
    }
}

/// Play the player's actions on the run, in order; the session writes
/// each to the journals on disk (the save's and `--record`'s) as it plays
/// it.
pub(crate) fn apply_actions(
    mut actions: MessageReader<TurnAction>,
    mut run: ResMut<Run>,
    mut notice: ResMut<RunNotice>,
    mut words: ResMut<input::WordsPrompt>,
) {
    let mut acted = false;
    for TurnAction(command) in actions.read() {
        run.act(*command);
        acted = true;
    }
    // A question answered in words opens their prompt.
    if let (true, Some(key)) = (acted, run.words_asked()) {
        words.0 = Some((key, ' ', String::new()));
    }
    if acted && !notice.0.is_empty() {
        // A turn answers whatever the message bar was saying.
        notice.0.clear();
    }
}

/// Show the level the player is on, when its map changed.
fn follow_run(run: Res<Run>, mut current: ResMut<CurrentLevel>) {
    if !Arc::ptr_eq(&current.map, run.map()) {
        *current = CurrentLevel::of(&run);
    }
}
