//! The save directory: where the unfinished run's journal is, the
//! recordings of finished runs (the last hundred kept) and the saves that
//! could not be resumed (set aside, never deleted); reading a journal to
//! resume it; the line a `--record` file starts with.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use crate::dungeon::journal::Journal;
use crate::dungeon::{Content, Dungeon, RunSetup};

/// How many recordings are kept; older ones are pruned.
pub(crate) const KEEP_RECORDINGS: usize = 100;

/// The save directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveDir {
    root: PathBuf,
}

impl SaveDir {
    /// The save directory at `root`.
    pub fn at(root: impl Into<PathBuf>) -> Self {
        SaveDir { root: root.into() }
    }

    /// `$GNOMISH_MINES_SAVE_DIR`, or the platform's data directory for this
    /// game; None if the platform has none (no home directory).
    pub fn platform() -> Option<Self> {
        if let Some(dir) = std::env::var_os("GNOMISH_MINES_SAVE_DIR").filter(|d| !d.is_empty()) {
            return Some(SaveDir::at(dir));
        }
        directories::ProjectDirs::from("", "", "gnomish-mines").map(|d| SaveDir::at(d.data_dir()))
    }

    /// Where it is.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The unfinished run's journal.
    pub fn autosave(&self) -> PathBuf {
        self.root.join("current.journal")
    }

    /// The finished runs' journals.
    pub fn recordings(&self) -> PathBuf {
        self.root.join("recordings")
    }

    /// The saves that could not be resumed, kept aside.
    pub fn unusable(&self) -> PathBuf {
        self.root.join("unusable")
    }

    /// Move a closed journal into the recordings, named for `seed` and how it
    /// `ended`; then prune the oldest beyond `KEEP_RECORDINGS`. Returns where
    /// it went.
    pub fn record(&self, journal: &Path, seed: u64, ended: &str) -> io::Result<PathBuf> {
        let dir = self.recordings();
        std::fs::create_dir_all(&dir)?;
        let word: String = ended
            .split_whitespace()
            .next()
            .unwrap_or("ended")
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect();
        let to = unused(
            &dir,
            &format!("{}-seed-{seed}-{word}", timestamp()),
            "journal",
        );
        std::fs::rename(journal, &to)?;
        self.prune()?;
        Ok(to)
    }

    /// Keep a save that could not be resumed out of the way, under its old
    /// name and the time. Never deleted.
    pub fn keep_aside(&self, save: &Path) -> io::Result<PathBuf> {
        let dir = self.unusable();
        std::fs::create_dir_all(&dir)?;
        let name = save
            .file_name()
            .map_or("save".into(), |n| n.to_string_lossy().into_owned());
        let to = unused(&dir, &format!("{}-{name}", timestamp()), "unusable");
        std::fs::rename(save, &to)?;
        Ok(to)
    }

    /// Remove the oldest recordings beyond [`KEEP_RECORDINGS`]. Their names
    /// start with the time they were made, so name order is age order.
    fn prune(&self) -> io::Result<()> {
        let mut names: Vec<PathBuf> = std::fs::read_dir(self.recordings())?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "journal"))
            .collect();
        names.sort();
        let excess = names.len().saturating_sub(KEEP_RECORDINGS);
        for old in &names[..excess] {
            std::fs::remove_file(old)?;
        }
        Ok(())
    }
}

/// `dir/stem.ext`, or `dir/stem-2.ext`, ... if taken.
fn unused(dir: &Path, stem: &str, ext: &str) -> PathBuf {
    let mut path = dir.join(format!("{stem}.{ext}"));
    let mut n = 2;
    while path.exists() {
        path = dir.join(format!("{stem}-{n}.{ext}"));
        n += 1;
    }
    path
}

/// The time now as `YYYY-MM-DDTHH-MM-SS` (UTC), which sorts as it reads.
fn timestamp() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rem) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = civil_from_days(days as i64);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}-{:02}-{:02}",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

/// The calendar date of a day count since 1970-01-01 (Howard Hinnant's
/// algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + (m <= 2) as i64, m, d)
}

/// A save that could not be resumed: the file and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unusable {
    /// The file.
    pub path: PathBuf,
    /// Why it can't be resumed.
    pub why: String,
}

/// Read the journal at `path` to resume it, or say why it can't be.
/// `Ok(None)`: there is no file there.
pub fn load(
    path: &Path,
    content: &Arc<Content>,
) -> Result<Option<(Journal, u64, RunSetup)>, Unusable> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => {
            return Err(Unusable {
                path: path.into(),
                why: e.to_string(),
            });
        }
    };
    let unusable = |why: String| Unusable {
        path: path.into(),
        why,
    };
    let journal =
        Journal::read(&bytes, &content.hash_text()).map_err(|e| unusable(e.to_string()))?;
    let (seed, setup) = journal.setup(content.clone()).map_err(unusable)?;
    Ok(Some((journal, seed, setup)))
}

/// The first line of a `--record` file: the command that replays it.
pub fn replay_line(
    run: &Dungeon,
    path: &std::path::Path,
    content_path: Option<&std::path::Path>,
) -> String {
    let setup = run.setup();
    let defaults = RunSetup::default();
    let mut flags = format!("--seed {}", run.seed());
    if (setup.width, setup.height) != (defaults.width, defaults.height) {
        flags += &format!(" --width {} --height {}", setup.width, setup.height);
    }
    if !setup.options.monsters {
        flags += " --no-monsters";
    }
    if let Some(p) = &setup.pipeline {
        flags += &format!(" --pipeline \"{p}\"");
    }
    if setup.region_cap != defaults.region_cap {
        flags += " --unlimited-regions";
    }
    if let Some(c) = content_path {
        flags += &format!(" --content {}", c.display());
    }
    format!("# gnomish-mines {flags} --replay {}\n", path.display())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_the_calendar_s() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(20_790), (2026, 12, 3));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }

    #[test]
    fn recordings_are_pruned_past_the_last_hundred_and_unusable_saves_kept() {
        let root = std::env::temp_dir().join(format!("gm-saves-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let saves = SaveDir::at(&root);
        std::fs::create_dir_all(saves.recordings()).unwrap();
        for i in 0..KEEP_RECORDINGS + 5 {
            let name = format!("2000-01-01T00-00-{i:03}-seed-{i}-died.journal");
            std::fs::write(saves.recordings().join(name), "x").unwrap();
        }
        let journal = root.join("j.journal");
        std::fs::write(&journal, "y").unwrap();
        let kept = saves.record(&journal, 9, "won on turn 4").unwrap();
        assert!(
            kept.to_string_lossy().contains("-seed-9-won.journal"),
            "{kept:?}"
        );
        let left: Vec<_> = std::fs::read_dir(saves.recordings()).unwrap().collect();
        assert_eq!(left.len(), KEEP_RECORDINGS);
        assert!(kept.exists(), "the newest is kept");
        assert!(
            !saves
                .recordings()
                .join("2000-01-01T00-00-000-seed-0-died.journal")
                .exists()
        );
        // Kept aside: moved, not deleted.
        let bad = root.join("current.journal");
        std::fs::write(&bad, "garbage").unwrap();
        let aside = saves.keep_aside(&bad).unwrap();
        assert_eq!(std::fs::read_to_string(&aside).unwrap(), "garbage");
        assert!(!bad.exists());
        let _ = std::fs::remove_dir_all(root);
    }
}
