//! The terminal front end (feature `tui`): the same rules and the same
//! journal as the window, drawn as NetHack's screen with ratatui and read
//! with crossterm. `--tui` plays in the terminal; a build without the
//! window (`--no-default-features --features tui`) plays nowhere else.
//!
//! - `app`: what each key does (no terminal, so tests press keys);
//! - `views`: the generator's views, flying, zoom and the mouse;
//! - `screen`: the message line, the map and the status lines;
//! - `map`: the map close up and far, and the minimap;
//! - `colours`: the palette at the terminal's depth;
//! - `layout`: where each part of the screen stands;
//! - `terminal`: raw mode, the alternate screen, the mouse, signals, the
//!   loop, and `--screenshot`.

mod app;
mod colours;
mod layout;
mod map;
mod screen;
mod terminal;
mod views;

pub use app::{Key, Mouse};
pub use terminal::{StartViews, TuiConfig, play, screen_after};

#[cfg(all(test, feature = "play"))]
pub(crate) use screen::rows_after;
