//! A run's life, the same in the window and the terminal: the session holds
//! the run being played and keeps its journal on disk as each command is
//! played, so nothing the player does is lost.
//!
//! - **Resume or create** ([`open`]): a game starting finds the save
//!   directory's unfinished run and resumes it, or files what it finds (a
//!   finished run into the recordings, a run the command line replaces as
//!   abandoned, a save that can't be resumed set aside in `unusable/`,
//!   never deleted) and leaves the place to a new run.
//! - **Catch up** ([`Session::act`]): each command played is appended and
//!   flushed before `act` returns; so is `--record`'s copy.
//! - **End and file**: a run that ends is closed and moved to the
//!   recordings ([`Session::kept`] says where).
//! - **Abandon** ([`Session::new_run`]): a new run in place of an
//!   unfinished one keeps the old one in the recordings as abandoned.
//!
//! A journal that can't be written is said once ([`Session::notice`]), and
//! the game plays on. The window holds a session in a resource; the
//! terminal holds it directly.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::dungeon::journal::{Journal, ending};
use crate::dungeon::{Command, Content, Dungeon, RunSetup, Wizard};
use crate::saves::dir::{SaveDir, Unusable, load, replay_line};
use crate::saves::writer::JournalWriter;

/// Where a run's journal goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JournalPlan {
    /// The journal file (the save directory's `current.journal`, or `--save`).
    pub path: PathBuf,
    /// The file already holds the first run's commands: go on appending.
    pub resume: bool,
    /// The save directory, whose recordings keep finished runs.
    pub saves: Option<SaveDir>,
}

/// `--record FILE`: the run's keys kept in the player's own file too, the
/// command that replays it on its first line (naming the content file
/// played, if not the built-in one). A new run starts the file anew.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The file.
    pub path: PathBuf,
    /// The `--content` file the run is played with.
    pub content: Option<PathBuf>,
}

/// The run being played, and its journal on disk.
#[derive(Debug)]
pub struct Session {
    run: Dungeon,
    journal: Option<JournalPlan>,
    writer: Option<JournalWriter>,
    record: Option<Record>,
    recorder: Option<JournalWriter>,
    /// A line for the message bar until the next command.
    notice: Option<String>,
    /// Where the last finished run's journal went.
    kept: Option<PathBuf>,
}

impl Session {
    /// A session of `run` that keeps no journal (a test, a screenshot, an
    /// app of an author's own).
    pub fn new(run: Dungeon) -> Self {
        Session {
            run,
            journal: None,
            writer: None,
            record: None,
            recorder: None,
            notice: None,
            kept: None,
        }
    }

    /// A session of `run` with its journal kept as `journal` says
    /// (resumed, or started anew) and `record`'s copy started; `notice`
    /// for the message bar until the first command.
    pub fn keep(
        run: Dungeon,
        journal: Option<JournalPlan>,
        record: Option<Record>,
        notice: Option<String>,
    ) -> Self {
        let resume = journal.as_ref().is_some_and(|j| j.resume);
        let mut session = Session {
            journal,
            record,
            notice,
            ..Session::new(run)
        };
        session.open_journal(resume);
        session.open_record();
        session
    }

    /// The run being played.
    pub fn run(&self) -> &Dungeon {
        &self.run
    }

    /// Where its journal goes, if anywhere.
    pub fn journal(&self) -> Option<&JournalPlan> {
        self.journal.as_ref()
    }

    /// The line for the message bar about the run's keeping ("Welcome
    /// back: ...", a journal that can't be written), until the next
    /// command.
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
    }

    /// Where the last run that ended was filed (the recordings, or the
    /// `--save` file it was played in).
    pub fn kept(&self) -> Option<&Path> {
        self.kept.as_deref()
    }

    /// Play one command and write it (and the run's end, which files the
    /// journal in the recordings). Returns whether it took a turn. A run
    /// that is over plays nothing.
    pub fn act(&mut self, command: Command) -> bool {
        if self.run.is_over() {
            return false;
        }
        self.notice = None;
        let took = self.run.act(command);
        self.catch_up();
        took
    }

    /// A new run of `seed` made from `setup`, in place of this one, which
    /// (if it was played and is unfinished) is kept in the recordings as
    /// abandoned. A run that can't be made leaves this one as it is and
    /// says why.
    pub fn new_run(&mut self, seed: u64, setup: RunSetup) -> Result<(), String> {
        let run = Dungeon::new(seed, setup).map_err(|e| format!("seed {seed}: {e}"))?;
        self.replace_run(run);
        Ok(())
    }

    /// A run made elsewhere (the window makes the pick screen's hero's run
    /// off its frames) in place of this one, as [`Session::new_run`].
    pub(crate) fn replace_run(&mut self, run: Dungeon) {
        // One left before its first turn (the nameless hero behind the
        // pick screen) held nothing of the player's: the new run's journal
        // simply takes its place.
        if let Some(old) = self.writer.take().filter(|w| w.written() > 0) {
            match old.abandon() {
                Ok(path) => _ = self.file(path, "abandoned"),
                Err(e) => self.trouble("closing the last run", e),
            }
        }
        self.run = run;
        self.notice = None;
        self.open_journal(false);
        self.open_record();
    }

    /// Wizard mode ([`Dungeon::wizard`]): changes that are not commands,
    /// and so are not journalled (tests, and `--depth` with
    /// `--screenshot`).
    pub fn wizard(&mut self) -> Wizard<'_> {
        self.run.wizard()
    }

    /// Write what the run played since the last write, and close and file
    /// the journal when the run has ended.
    fn catch_up(&mut self) {
        if let Some(recorder) = self.recorder.as_mut() {
            match recorder.catch_up(&self.run) {
                // Its end is written: the file is closed.
                Ok(()) if self.run.is_over() => self.recorder = None,
                Ok(()) => {}
                Err(e) => {
                    self.recorder = None;
                    self.could_not_record(e);
                }
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
            self.kept = Some(self.file(writer.path().to_path_buf(), &ended));
        }
    }

    fn open_journal(&mut self, resume: bool) {
        let Some(plan) = &self.journal else {
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

    fn open_record(&mut self) {
        let Some(record) = &self.record else {
            return;
        };
        let preamble = replay_line(&self.run, &record.path, record.content.as_deref());
        match JournalWriter::create_after(&record.path, &self.run, &preamble) {
            Ok(w) => self.recorder = Some(w),
            Err(e) => {
                self.recorder = None;
                self.could_not_record(e);
            }
        }
    }

    /// The journal can't be written: said once, and the run plays on.
    fn trouble(&mut self, what: &str, e: std::io::Error) {
        if let Some(plan) = &self.journal {
            self.notice = Some(format!(
                "Cannot save to {}: {e} ({what}). This run is not being saved.",
                plan.path.display()
            ));
        }
    }

    /// `--record`'s file can't be written: said once, and the run plays on
    /// unrecorded.
    fn could_not_record(&mut self, e: std::io::Error) {
        if let Some(record) = &self.record {
            self.notice = Some(format!(
                "could not record to {}: {e}",
                record.path.display()
            ));
        }
    }

    /// Move a closed journal to the recordings when it is the save
    /// directory's autosave; returns where it is now.
    fn file(&self, path: PathBuf, ended: &str) -> PathBuf {
        match self.journal.as_ref().and_then(|p| p.saves.as_ref()) {
            Some(saves) if path == saves.autosave() => {
                saves.record(&path, self.run.seed(), ended).unwrap_or(path)
            }
            _ => path,
        }
    }
}

/// What a starting game found where its journal goes ([`open`]).
#[derive(Debug)]
pub enum Found {
    /// The unfinished run, made and played to where it stopped: resume it.
    Resume {
        /// The run.
        run: Box<Dungeon>,
        /// Its journal, to go on appending to.
        journal: JournalPlan,
        /// "Welcome back: turn 201 of seed 1."
        notice: String,
    },
    /// Nothing to resume: a new run begins.
    New {
        /// Where its journal goes; None: there is nowhere to save.
        journal: Option<JournalPlan>,
        /// What became of what was there, for the message bar.
        notice: Option<String>,
    },
}

/// Where a starting game's journal is: `--save FILE`, or the save
/// directory's autosave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveAt {
    /// `--save FILE`; None: the save directory's.
    pub file: Option<PathBuf>,
    /// May the run there be resumed? Not when the command line names
    /// another run (a seed, a size, a hero, `--new`, `--replay`).
    pub may_resume: bool,
}

/// A game starting: resume the run kept where `at` says, or file what is
/// there and leave the place to a new run. A finished run, or one the
/// command line replaces, is kept in the recordings; a save that can't be
/// resumed is set aside in `unusable/` with a notice, or, named with
/// `--save`, is an error (nothing is moved).
pub fn open(at: &SaveAt, content: &Arc<Content>) -> Result<Found, String> {
    let saves = SaveDir::platform();
    let Some(path) = at
        .file
        .clone()
        .or_else(|| saves.as_ref().map(SaveDir::autosave))
    else {
        return Ok(Found::New {
            journal: None,
            notice: Some(
                "There is no data directory to save in (set GNOMISH_MINES_SAVE_DIR): \
                 this run is not being saved."
                    .into(),
            ),
        });
    };
    let journal = |resume| JournalPlan {
        path: path.clone(),
        resume,
        saves: saves.clone(),
    };
    let notice = match load(&path, content) {
        // The nameless run that waited behind the pick screen, never
        // played (the game was left before a hero was picked): it holds
        // nothing of the player's, and the new run takes its place.
        Ok(Some((journal, _, setup))) if never_played(&journal, &setup) => None,
        Ok(Some((kept, seed, setup))) if kept.end.is_none() && at.may_resume => {
            let (run, notice) = resume(&kept, seed, setup)?;
            return Ok(Found::Resume {
                run: Box::new(run),
                journal: journal(true),
                notice,
            });
        }
        Ok(Some((kept, seed, setup))) => {
            keep_as_recording(&path, saves.as_ref(), &kept, seed, setup)?
        }
        Ok(None) => None,
        Err(bad) if at.file.is_some() => {
            return Err(format!(
                "{}: cannot resume: {}",
                bad.path.display(),
                bad.why
            ));
        }
        Err(bad) => Some(set_aside(saves.as_ref(), bad)?),
    };
    Ok(Found::New {
        journal: Some(journal(false)),
        notice,
    })
}

/// Is the kept run the nameless one that waited behind the pick screen and
/// was never played?
fn never_played(journal: &Journal, setup: &RunSetup) -> bool {
    journal.commands.is_empty()
        && journal.end.is_none()
        && setup.hero.is_none()
        && !setup.content.heroes().roles.is_empty()
}

/// The kept run, made and played to where it stopped, and its welcome back.
fn resume(kept: &Journal, seed: u64, setup: RunSetup) -> Result<(Dungeon, String), String> {
    let mut run = Dungeon::new(seed, setup).map_err(|e| e.to_string())?;
    run.play(&kept.commands);
    let torn = if kept.torn {
        " (the last turn, half-written when the game stopped, is lost)"
    } else {
        ""
    };
    let notice = format!("Welcome back: turn {} of seed {seed}.{torn}", run.turn());
    Ok((run, notice))
}

/// File a finished run, or one set aside for a new run (closed as
/// abandoned first), in the recordings; the notice says where it went.
fn keep_as_recording(
    path: &Path,
    saves: Option<&SaveDir>,
    kept: &Journal,
    seed: u64,
    setup: RunSetup,
) -> Result<Option<String>, String> {
    let ended = match &kept.end {
        Some(end) => end.clone(),
        None => {
            let mut run = Dungeon::new(seed, setup).map_err(|e| e.to_string())?;
            run.play(&kept.commands);
            let writer = JournalWriter::resume(path, kept.commands.len())
                .map_err(|e| format!("{}: {e}", path.display()))?;
            writer
                .abandon()
                .map_err(|e| format!("{}: {e}", path.display()))?;
            ending(&run).unwrap_or_else(|| "abandoned".into())
        }
    };
    match saves {
        Some(saves) => {
            let kept = saves
                .record(path, seed, &ended)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            Ok(Some(format!(
                "The last run was kept as {}.",
                kept.display()
            )))
        }
        None => Ok(None),
    }
}

/// Set a save that can't be resumed aside in `unusable/`; the notice says
/// why and where it went.
fn set_aside(saves: Option<&SaveDir>, bad: Unusable) -> Result<String, String> {
    let kept = saves
        .map(|s| s.keep_aside(&bad.path))
        .transpose()
        .map_err(|e| format!("{}: {e}", bad.path.display()))?;
    Ok(format!(
        "Your saved run could not be resumed: {}. It is kept as {}. A new run begins.",
        bad.why,
        kept.unwrap_or(bad.path.clone()).display()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::journal::Journal;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("gm-session-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn record_keeps_every_key_after_the_line_that_replays_it() {
        let dir = scratch("record");
        let path = dir.join("keys.txt");
        let run = Dungeon::new(3, RunSetup::default()).unwrap();
        let record = Record {
            path: path.clone(),
            content: None,
        };
        let mut session = Session::keep(run, None, Some(record), None);
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

    /// Every command is on disk when `act` returns; a new run in place of
    /// a played one files the old as abandoned; a run that ends is filed
    /// with its end, and `kept` says where.
    #[test]
    fn the_journal_follows_the_run_through_its_life() {
        let dir = scratch("life");
        let saves = SaveDir::at(&dir);
        let plan = JournalPlan {
            path: saves.autosave(),
            resume: false,
            saves: Some(saves.clone()),
        };
        let hash = Content::built_in().hash_text();
        let run = Dungeon::new(5, RunSetup::default()).unwrap();
        let mut session = Session::keep(run, Some(plan.clone()), None, None);
        for c in [Command::Search, Command::Wait] {
            session.act(c);
            let on_disk = Journal::read(&std::fs::read(saves.autosave()).unwrap(), &hash).unwrap();
            assert_eq!(on_disk.commands, session.run().commands());
        }
        session.new_run(6, RunSetup::default()).unwrap();
        let filed: Vec<_> = std::fs::read_dir(saves.recordings())
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert_eq!(filed.len(), 1, "{filed:?}");
        let old = Journal::read(&std::fs::read(&filed[0]).unwrap(), &hash).unwrap();
        assert_eq!(old.end.as_deref(), Some("abandoned"));
        assert_eq!(old.commands, [Command::Search, Command::Wait]);
        // The new run's journal holds it from its start.
        let new = Journal::read(&std::fs::read(saves.autosave()).unwrap(), &hash).unwrap();
        assert!(new.commands.is_empty() && new.end.is_none());
        // A run that can't be made leaves this one as it is.
        let tiny = RunSetup::sized(2, 2);
        assert!(
            session
                .new_run(7, tiny)
                .unwrap_err()
                .starts_with("seed 7: ")
        );
        assert_eq!(session.run().seed(), 6);
        // An unwritable journal is said, and play goes on.
        let mut lost = Session::keep(
            Dungeon::new(8, RunSetup::default()).unwrap(),
            Some(JournalPlan {
                path: dir.join("no-such-dir").join("\0bad"),
                resume: false,
                saves: None,
            }),
            None,
            None,
        );
        assert!(
            lost.notice().unwrap().starts_with("Cannot save to "),
            "{:?}",
            lost.notice()
        );
        lost.act(Command::Wait);
        assert_eq!(lost.run().turn(), 2);
        std::fs::remove_dir_all(&dir).ok();
    }
}
