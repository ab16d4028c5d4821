//! The terminal front end (feature `tui`): the same rules and the same
//! journal as the window, drawn as NetHack's screen with ratatui and read
//! with crossterm. `--tui` plays in the terminal; a build without the
//! window (`--no-default-features --features tui`) plays nowhere else.
//!
//! - `app`: what each key does (no terminal, so tests press keys);
//! - `screen`: the message line, the map and the status lines;
//! - `terminal`: raw mode, the alternate screen, signals, the loop.

mod app;
mod screen;
mod terminal;

pub use app::Key;
pub use terminal::{TuiConfig, play};

#[cfg(all(test, feature = "play"))]
pub(crate) use screen::rows_after;
