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
    /// `--record FILE` and its writer: the run's keys kept in the player's
    /// own file too, a new run starting it anew.
    record: Option<(PathBuf, Option<PathBuf>)>,
    recorder: Option<JournalWriter>,
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
            record: None,
            recorder: None,
            notice,
        };
        let resume = session.plan.as_ref().is_some_and(|p| p.resume);
        session.open_journal(resume);
        session
    }

    /// Keep the run's keys in `path` too (`--record`), with the command
    /// that replays it first (naming `content`, a content file played).
    pub(crate) fn record_to(&mut self, path: PathBuf, content: Option<PathBuf>) {
        self.record = Some((path, content));
        self.open_record();
    }

    fn open_record(&mut self) {
        let Some((path, content)) = &self.record else {
            return;
        };
        let preamble = crate::saves::replay_line(&self.run, path, content.as_deref());
        match JournalWriter::create_after(path, &self.run, &preamble) {
            Ok(w) => self.recorder = Some(w),
            Err(e) => {
                self.recorder = None;
                self.notice = Some(format!("could not record to {}: {e}", path.display()));
            }
        }
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
        if let Some(recorder) = self.recorder.as_mut()
            && let Err(e) = recorder.catch_up(&self.run)
        {
            self.recorder = None;
            if let Some((path, _)) = &self.record {
                self.notice = Some(format!("could not record to {}: {e}", path.display()));
            }
        }
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
        self.open_record();
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_keeps_every_key_after_the_line_that_replays_it() {
        let dir = std::env::temp_dir().join(format!("gm-tui-record-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("keys.txt");
        let run = Dungeon::new(3, RunSetup::default()).unwrap();
        let mut session = Session::start(run, None, None);
        session.record_to(path.clone(), None);
        for c in [Command::Search, Command::Search, Command::Wait] {
            session.act(c);
        }
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.starts_with(&format!(
                "# gnomish-mines --seed 3 --replay {}",
                path.display()
            )),
            "{text}"
        );
        let keys = crate::dungeon::parse_keys(&text).unwrap();
        assert_eq!(keys, vec![Command::Search, Command::Search, Command::Wait]);
        std::fs::remove_dir_all(&dir).ok();
    }
}
