//! A run's journal on disk: appended and flushed (`fsync`) as each turn is
//! played, so after every turn the file holds every command played. The text
//! itself is [`crate::dungeon::journal`]'s.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::dungeon::Dungeon;
use crate::dungeon::journal::{ending, journal_text};

/// Appends a run's commands to its journal on disk as they are played.
#[derive(Debug)]
pub struct JournalWriter {
    file: File,
    path: PathBuf,
    /// Commands of the run already in the file.
    written: usize,
    /// The run's end is in the file: it is written once, however often the
    /// writer catches up after.
    ended: bool,
}

impl JournalWriter {
    /// Start a journal at `path` for `run` (its header and any commands
    /// played so far), replacing what was there.
    pub fn create(path: &Path, run: &Dungeon) -> io::Result<Self> {
        Self::create_after(path, run, "")
    }

    /// [`JournalWriter::create`], with `preamble` (whole `#` comment lines)
    /// before the journal: `--record` starts its file with the command that
    /// replays it.
    pub fn create_after(path: &Path, run: &Dungeon, preamble: &str) -> io::Result<Self> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        // Written whole to a new file, then renamed over: a crash leaves the old
        // file or the new one, never half a header.
        let tmp = path.with_extension("journal.new");
        {
            let mut file = File::create(&tmp)?;
            file.write_all(preamble.as_bytes())?;
            file.write_all(journal_text(run).as_bytes())?;
            file.sync_all()?;
        }
        std::fs::rename(&tmp, path)?;
        let file = OpenOptions::new().append(true).open(path)?;
        Ok(JournalWriter {
            file,
            path: path.to_path_buf(),
            written: run.commands().len(),
            ended: ending(run).is_some(),
        })
    }

    /// Go on appending to the journal at `path`, which holds the first
    /// `commands` commands of the run (and maybe a torn line after them, which
    /// is cut off first).
    pub fn resume(path: &Path, commands: usize) -> io::Result<Self> {
        let bytes = std::fs::read(path)?;
        let whole = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let file = OpenOptions::new().write(true).open(path)?;
        if whole < bytes.len() {
            file.set_len(whole as u64)?;
            file.sync_all()?;
        }
        drop(file);
        let file = OpenOptions::new().append(true).open(path)?;
        Ok(JournalWriter {
            file,
            path: path.to_path_buf(),
            written: commands,
            ended: false,
        })
    }

    /// Where the journal is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Write the commands `run` has played since the last call, and the end
    /// when it is over; on disk before this returns.
    pub fn catch_up(&mut self, run: &Dungeon) -> io::Result<()> {
        let new = &run.commands()[self.written.min(run.commands().len())..];
        let mut text: String = new.iter().map(|c| c.keys() + "\n").collect();
        let end = ending(run).filter(|_| !self.ended);
        if let Some(end) = &end {
            text += &format!("# end: {end}\n");
        }
        if text.is_empty() {
            return Ok(());
        }
        self.file.write_all(text.as_bytes())?;
        self.file.sync_data()?;
        self.written = run.commands().len();
        self.ended |= end.is_some();
        Ok(())
    }

    /// How many of the run's commands are in the file: 0 for a run left
    /// before its first turn (a hero picked over the nameless one).
    pub fn written(&self) -> usize {
        self.written
    }

    /// Close a run that is left unfinished (a new run was started instead).
    pub fn abandon(mut self) -> io::Result<PathBuf> {
        self.file.write_all(b"# end: abandoned\n")?;
        self.file.sync_data()?;
        Ok(self.path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::journal::Journal;
    use crate::dungeon::{Command, Content, RunSetup};
    use crate::generation::Dir;

    const MOVES: [Command; 4] = [
        Command::Move(Dir::E),
        Command::Move(Dir::S),
        Command::Wait,
        Command::Move(Dir::W),
    ];

    fn hash() -> String {
        Content::built_in().hash_text()
    }

    fn run_with(commands: &[Command]) -> Dungeon {
        let mut run = Dungeon::new(7, RunSetup::default()).unwrap();
        run.play(commands);
        run
    }

    #[test]
    fn the_writer_appends_each_turn_and_the_end() {
        let dir = std::env::temp_dir().join(format!("gm-journal-{}", std::process::id()));
        let path = dir.join("run.journal");
        let mut run = run_with(&[]);
        let mut writer = JournalWriter::create(&path, &run).unwrap();
        for c in MOVES {
            run.act(c);
            writer.catch_up(&run).unwrap();
            let j = Journal::read(&std::fs::read(&path).unwrap(), &hash()).unwrap();
            assert_eq!(j.commands, run.commands(), "on disk after every turn");
        }
        // A torn write, then resuming: the torn bytes are cut off first.
        std::fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .unwrap()
            .write_all(b"k")
            .unwrap();
        let mut writer = JournalWriter::resume(&path, run.commands().len()).unwrap();
        run.act(Command::Move(Dir::N));
        writer.catch_up(&run).unwrap();
        let j = Journal::read(&std::fs::read(&path).unwrap(), &hash()).unwrap();
        assert!(!j.torn);
        assert_eq!(j.commands, run.commands());
        let closed = writer.abandon().unwrap();
        let j = Journal::read(&std::fs::read(&closed).unwrap(), &hash()).unwrap();
        assert_eq!(j.end.as_deref(), Some("abandoned"));
        let _ = std::fs::remove_dir_all(dir);
    }
}
