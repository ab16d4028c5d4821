//! Where runs are saved, and the file work of saving: the rules only hand out
//! a journal's text ([`crate::dungeon::journal`]); this module writes it.
//!
//! The save directory is the platform's data directory (on Linux
//! `~/.local/share/gnomish-mines/`, or `$GNOMISH_MINES_SAVE_DIR`), holding
//!
//! - `current.journal`, the unfinished run's journal (see [`crate::dungeon::journal`]),
//!   resumed when the game starts without a flag that defines another run;
//! - `recordings/`, every finished or abandoned run's journal, named by when it
//!   ended, its seed and how it ended. Beyond the last `KEEP_RECORDINGS` (100), the
//!   oldest are pruned;
//! - `unusable/`, saves that could not be resumed, kept aside (never deleted,
//!   never pruned) so that nothing a player had is lost.

mod dir;
mod session;
mod writer;

pub use dir::{SaveDir, Unusable, load, replay_line};
pub use session::{Found, JournalPlan, Record, SaveAt, Session, open};
pub use writer::JournalWriter;
