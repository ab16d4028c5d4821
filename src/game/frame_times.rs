//! `--frame-times FILE`: each frame's wall-clock time, in milliseconds, one a
//! line, written as the game runs. For measuring the game in a real window
//! (`tools/frame_times.py` reads it); nothing else depends on it.

use std::fs::File;
use std::io::{BufWriter, Write};

use bevy::prelude::*;

pub(crate) struct FrameTimesPlugin {
    file: std::sync::Mutex<Option<File>>,
}

impl FrameTimesPlugin {
    /// Write to `file`, made (and so checked) before the window opened.
    pub(crate) fn new(file: File) -> Self {
        FrameTimesPlugin {
            file: std::sync::Mutex::new(Some(file)),
        }
    }
}

/// The open log and how many lines it has had.
#[derive(Resource)]
struct FrameLog {
    out: BufWriter<File>,
    frames: u64,
}

/// Flushed this often, so a game that is killed rather than closed (as the
/// measuring script does) loses at most this many frames.
const FLUSH_EVERY: u64 = 30;

impl Plugin for FrameTimesPlugin {
    fn build(&self, app: &mut App) {
        if let Some(file) = self.file.lock().unwrap().take() {
            app.insert_resource(FrameLog {
                out: BufWriter::new(file),
                frames: 0,
            })
            .add_systems(Last, log_frame);
        }
    }
}

/// The real time since the last frame: `Time<Real>`, not the game's virtual
/// time, which caps a long frame.
fn log_frame(time: Res<Time<Real>>, mut log: ResMut<FrameLog>) {
    let ms = time.delta_secs_f64() * 1000.0;
    // Failing to write a measurement is no reason to stop the game.
    let _ = writeln!(log.out, "{ms:.3}");
    log.frames += 1;
    if log.frames.is_multiple_of(FLUSH_EVERY) {
        let _ = log.out.flush();
    }
}
