//! Nothing the player does is lost: the run's journal is written to disk as
//! each turn is played (see [`crate::dungeon::journal`]). When a run ends, or a
//! new run replaces it, its journal is closed and moved to the recordings; the
//! new run gets a new journal. A journal that can't be written is said once in
//! the message bar, and the game plays on.

use bevy::prelude::*;

use super::run::{Run, RunNotice, RunStarted};
use super::shared::{GameConfig, GameSet, JournalPlan, LastRecording};
use crate::dungeon::journal::ending;
use crate::saves::JournalWriter;

/// The journal being written.
#[derive(Resource, Default, Debug)]
pub(crate) struct Autosave {
    writer: Option<JournalWriter>,
    /// The run's journal is closed: it ended, or could not be written.
    closed: bool,
    /// The first run has started (a resumed save is resumed only then).
    started: bool,
    /// The seed of the run whose journal this is.
    seed: u64,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Autosave>().add_systems(
        Update,
        keep_journal
            .in_set(GameSet::Level)
            .after(super::run::apply_actions),
    );
}

/// Start a journal for each new run, append each turn as it is played, and
/// close it when the run ends.
fn keep_journal(
    config: Res<GameConfig>,
    run: Res<Run>,
    mut started: MessageReader<RunStarted>,
    mut save: ResMut<Autosave>,
    mut notice: ResMut<RunNotice>,
    mut recording: ResMut<LastRecording>,
) {
    let Some(plan) = &config.journal else {
        return;
    };
    let mut trouble = |what: &str, e: std::io::Error| {
        notice.0 = format!(
            "Cannot save to {}: {e} ({what}). This run is not being saved.",
            plan.path.display()
        );
    };
    for new in started.read() {
        // The run that was being played (if any, and unfinished) is abandoned.
        if let Some(old) = save.writer.take() {
            match old.abandon() {
                Ok(path) => _ = file_recording(plan, &path, save.seed, "abandoned"),
                Err(e) => trouble("closing the last run", e),
            }
        }
        save.closed = false;
        save.seed = new.seed;
        let opened = if plan.resume && !save.started {
            JournalWriter::resume(&plan.path, run.commands().len())
        } else {
            JournalWriter::create(&plan.path, &run)
        };
        save.started = true;
        match opened {
            Ok(w) => save.writer = Some(w),
            Err(e) => trouble("starting the journal", e),
        }
    }
    let Some(writer) = save.writer.as_mut() else {
        return;
    };
    if run.is_changed()
        && let Err(e) = writer.catch_up(&run)
    {
        save.writer = None;
        trouble("writing a turn", e);
        return;
    }
    if run.is_over() && !save.closed {
        save.closed = true;
        let writer = save.writer.take().expect("checked above");
        let ended = ending(&run).unwrap_or_default();
        recording.0 = Some(file_recording(plan, writer.path(), run.seed(), &ended));
    }
}

/// Move a closed journal to the recordings, if it is the save directory's
/// autosave; returns where it is now.
fn file_recording(
    plan: &JournalPlan,
    path: &std::path::Path,
    seed: u64,
    ended: &str,
) -> std::path::PathBuf {
    match &plan.saves {
        Some(saves) if path == saves.autosave() => saves
            .record(path, seed, ended)
            .unwrap_or_else(|_| path.to_path_buf()),
        _ => path.to_path_buf(),
    }
}
