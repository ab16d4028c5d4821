//! Text renderings of a level: NetHack glyphs, stage dumps and stats.

use std::fmt::Write;

use super::bitgrid::BitGrid;
use super::level::{MineLevel, Provenance, Stage};

/// The finished level, one line per row, NetHack glyphs, trailing blanks trimmed.
pub fn render_ascii(level: &MineLevel) -> String {
    let mut out = String::with_capacity((level.width() + 1) * level.height());
    for y in 0..level.height() {
        let start = out.len();
        for x in 0..level.width() {
            out.push(level.tile(x, y).glyph());
        }
        let trimmed = out[start..].trim_end().len();
        out.truncate(start + trimmed);
        out.push('\n');
    }
    out
}

/// One stage grid: exactly `width` characters a row, `.` floor and `#` rock.
pub fn render_grid(grid: &BitGrid, out: &mut String) {
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            out.push(if grid.get(x, y) { '.' } else { '#' });
        }
        out.push('\n');
    }
}

/// Every stage in order, each as `stage NAME` then its rows.
pub fn render_stages(level: &MineLevel) -> String {
    let mut out = String::new();
    for stage in Stage::ALL {
        let _ = writeln!(out, "stage {}", stage.name());
        render_grid(level.snapshot(stage), &mut out);
    }
    out
}

/// The level's stats, readable.
pub fn render_stats(level: &MineLevel) -> String {
    let s = &level.stats;
    let cells = level.width() * level.height();
    let mut out = String::new();
    let _ = writeln!(out, "seed {}", level.seed);
    let _ = writeln!(
        out,
        "size {}x{} ({} cells, fill target {})",
        level.width(),
        level.height(),
        cells,
        level.params.fill_count()
    );
    let _ = writeln!(
        out,
        "{:<8} {:>10} {:>8} {:>10}",
        "stage", "floor", "floor%", "changed"
    );
    for stage in Stage::ALL {
        let i = stage.index();
        let _ = writeln!(
            out,
            "{:<8} {:>10} {:>7.1}% {:>10}",
            stage.name(),
            s.floor_after[i],
            100.0 * s.floor_after[i] as f64 / cells as f64,
            s.changed_by[i]
        );
    }
    let _ = writeln!(
        out,
        "regions {}{}",
        s.regions,
        if s.region_cap_hit {
            " (region cap hit: later regions left unjoined)"
        } else {
            ""
        }
    );
    let _ = writeln!(
        out,
        "specks erased {} ({} cells)",
        s.specks_erased, s.speck_cells
    );
    let _ = writeln!(
        out,
        "corridors {} ({} gave up), corridor cells {}",
        s.corridors, s.corridors_failed, s.corridor_cells
    );
    let _ = writeln!(
        out,
        "stairs up {:?} down {:?}",
        level.up_stairs, level.down_stairs
    );
    let counts = level.provenance_counts();
    let _ = write!(out, "last changed by:");
    for p in Provenance::ALL {
        let _ = write!(out, " {} {},", p.name(), counts[p as usize]);
    }
    out.pop();
    out.push('\n');
    if s.attempts > 1 {
        let _ = writeln!(out, "attempts {}", s.attempts);
    }
    out
}
