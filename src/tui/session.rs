//! The run the terminal plays and its journal on disk: the same journal the
//! window keeps ([`crate::saves`]), so a run started in one resumes in the
//! other. Each command is written and flushed as it is played; a run that
//! ends is closed and moved to the recordings, and one a new run replaces is
//! kept there as abandoned. A journal that can't be written is said once,
//! and the game plays on.

use std::path::PathBuf;

use crate::dungeon::journal::ending;
use crate::dungeon::{Command, Dungeon, RunSetup};
use crate::saves::{JournalWriter, SaveDir};

/// Where the run's journal goes.
#[derive(Clone, Debug)]
pub struct JournalPlan {
    /// The journal file (the save directory's `current.journal`, or `--save`).
    pub path: PathBuf,
    /// The file already holds the first run's commands: append to it.
    pub resume: bool,
    /// The save directory, whose recordings keep finished runs.
    pub saves: Option<SaveDir>,
}

/// The run being played and its journal.
pub(crate) struct Session {
    pub(crate) run: Dungeon,
    plan: Option<JournalPlan>,
    writer: Option<JournalWriter>,
    /// A line for the message bar until the next command (a resumed run's
    /// welcome, a journal that can't be written).
    pub(crate) notice: Option<String>,
}

impl Session {
    /// The first run, its journal opened (resumed, or started anew).
    pub(crate) fn start(run: Dungeon, plan: Option<JournalPlan>, notice: Option<String>) -> Self {
        let mut session = Session {
            run,
            plan,
            writer: None,
            notice,
        };
        let resume = session.plan.as_ref().is_some_and(|p| p.resume);
        session.open_journal(resume);
        session
    }

    fn open_journal(&mut self, resume: bool) {
        let Some(plan) = &self.plan else {
            return;
        };
        let opened = if resume {
            JournalWriter::resume(&plan.path, self.run.commands().len())
        } else {
            JournalWriter::create(&plan.path, &self.run)
        };
        match opened {
            Ok(w) => self.writer = Some(w),
            Err(e) => self.trouble("starting the journal", e),
        }
    }

    fn trouble(&mut self, what: &str, e: std::io::Error) {
        if let Some(plan) = &self.plan {
            self.notice = Some(format!(
                "Cannot save to {}: {e} ({what}). This run is not being saved.",
                plan.path.display()
            ));
        }
    }

    /// Play one command, write it, and close the journal if the run ended.
    pub(crate) fn act(&mut self, command: Command) {
        if self.run.is_over() {
            return;
        }
        self.notice = None;
        self.run.act(command);
        let Some(writer) = self.writer.as_mut() else {
            return;
        };
        if let Err(e) = writer.catch_up(&self.run) {
            self.writer = None;
            self.trouble("writing a turn", e);
            return;
        }
        if self.run.is_over() {
            let writer = self.writer.take().expect("checked above");
            let ended = ending(&self.run).unwrap_or_default();
            let kept = self.file_recording(writer.path().to_path_buf(), &ended);
            self.notice = Some(format!("The run is kept as {}.", kept.display()));
        }
    }

    /// A new run in place of this one, which (if unfinished and played) is
    /// kept in the recordings as abandoned.
    pub(crate) fn new_run(&mut self, seed: u64, setup: RunSetup) -> Result<(), String> {
        let run = Dungeon::new(seed, setup).map_err(|e| e.to_string())?;
        if let Some(old) = self.writer.take().filter(|w| w.written() > 0) {
            match old.abandon() {
                Ok(path) => _ = self.file_recording(path, "abandoned"),
                Err(e) => self.trouble("closing the last run", e),
            }
        }
        self.run = run;
        self.notice = Some(format!("A new run: seed {seed}."));
        self.open_journal(false);
        Ok(())
    }

    /// Move a closed journal to the recordings when it is the save
    /// directory's autosave; returns where it is now.
    fn file_recording(&self, path: PathBuf, ended: &str) -> PathBuf {
        match self.plan.as_ref().and_then(|p| p.saves.as_ref()) {
            Some(saves) if path == saves.autosave() => {
                saves.record(&path, self.run.seed(), ended).unwrap_or(path)
            }
            _ => path,
        }
    }
}
