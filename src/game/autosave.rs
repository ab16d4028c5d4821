//! Nothing the player does is lost: the run's journal is written to disk as
//! each turn is played (see [`crate::dungeon::journal`]). When a run ends, or a
//! new run replaces it, its journal is closed and moved to the recordings; the
//! new run gets a new journal. A journal that can't be written is said once in
//! the message bar, and the game plays on.
//!
//! `--record FILE` keeps the same journal in the player's own file, through
//! the same writer: appended and flushed each turn, so a kill or a power cut
//! leaves every turn played in it. A new run starts the file anew.

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

/// The `--record` file being written.
#[derive(Resource, Default, Debug)]
pub(crate) struct Recording {
    writer: Option<JournalWriter>,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Autosave>()
        .init_resource::<Recording>()
        .add_systems(
            Update,
            (keep_journal, keep_record)
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
        // The run that was being played (if any, and unfinished) is abandoned;
        // one left before its first turn (the nameless hero behind the pick
        // screen) held nothing of the player's, and the new run's journal
        // simply takes its place.
        if let Some(old) = save.writer.take().filter(|w| w.written() > 0) {
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

/// Keep the `--record` file: a new journal for each run, then each turn
/// appended as it is played. A file that can't be written is said in the
/// message bar, and the game plays on unrecorded.
fn keep_record(
    config: Res<GameConfig>,
    run: Res<Run>,
    mut started: MessageReader<RunStarted>,
    mut record: ResMut<Recording>,
    mut notice: ResMut<RunNotice>,
) {
    let Some(path) = &config.record else {
        return;
    };
    let mut trouble = |e: std::io::Error| {
        notice.0 = format!("could not record to {}: {e}", path.display());
    };
    if started.read().last().is_some() {
        let preamble = crate::saves::replay_line(&run, path, config.content_path.as_deref());
        record.writer = JournalWriter::create_after(path, &run, &preamble)
            .map_err(&mut trouble)
            .ok();
        return;
    }
    if let Some(writer) = record.writer.as_mut()
        && run.is_changed()
    {
        if let Err(e) = writer.catch_up(&run) {
            record.writer = None;
            trouble(e);
        } else if run.is_over() {
            // Its end is written: the file is closed.
            record.writer = None;
        }
    }
}
