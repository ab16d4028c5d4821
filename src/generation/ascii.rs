//! Text renderings of a level: NetHack glyphs, stage dumps and stats.

use std::fmt::Write;

use super::bitgrid::BitGrid;
use super::history::{CaveHistory, Stage};
use super::map::{LevelMap, Pos};

/// The map, one line per row, NetHack glyphs, trailing blanks trimmed.
pub fn render_ascii(map: &LevelMap) -> String {
    render_with(map, |p| map.tile(p).glyph())
}

/// The map as it was after `stage` of its making, NetHack glyphs (the
/// level's `map` gives its size).
pub fn render_at_stage(map: &LevelMap, history: &CaveHistory, stage: Stage) -> String {
    let tiles = history.tiles_at(stage);
    render_with(map, |p| tiles[map.index(p)].glyph())
}

/// The map drawn with `glyph` for each cell, one line per row, trailing blanks
/// trimmed.
pub(crate) fn render_with(map: &LevelMap, mut glyph: impl FnMut(Pos) -> char) -> String {
    let mut out = String::with_capacity((map.width() + 1) * map.height());
    for y in 0..map.height() as i32 {
        let start = out.len();
        for x in 0..map.width() as i32 {
            out.push(glyph(Pos::new(x, y)));
        }
        let trimmed = out[start..].trim_end().len();
        out.truncate(start + trimmed);
        out.push('\n');
    }
    out
}

/// One stage grid: exactly `width` characters a row, `.` floor and `#` rock.
pub(crate) fn render_grid(grid: &BitGrid, out: &mut String) {
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            out.push(if grid.get(x, y) { '.' } else { '#' });
        }
        out.push('\n');
    }
}

/// Every stage in order, each as `stage NAME` then its rows.
pub fn render_stages(history: &CaveHistory) -> String {
    let mut out = String::new();
    for stage in history.stages() {
        let _ = writeln!(out, "stage {}", history.stage_name(stage));
        render_grid(history.snapshot(stage), &mut out);
    }
    out
}

/// The level's stats, readable: the map's, and its cave's when it has a history.
pub fn render_stats(map: &LevelMap, history: Option<&CaveHistory>) -> String {
    let cells = map.width() * map.height();
    let mut out = String::new();
    let Some(history) = history else {
        let floor = map.tiles().iter().filter(|t| t.is_walkable()).count();
        let _ = writeln!(out, "size {}x{} ({cells} cells)", map.width(), map.height());
        let _ = writeln!(out, "floor {floor}");
        let _ = writeln!(
            out,
            "stairs up {} down {}",
            stairs(map.up_stairs()),
            stairs(map.down_stairs())
        );
        let _ = writeln!(out, "no cave history: this level was built, not generated");
        return out;
    };
    let s = &history.stats;
    let _ = writeln!(out, "seed {}", history.seed());
    let _ = writeln!(
        out,
        "size {}x{} ({} cells, fill target {})",
        map.width(),
        map.height(),
        cells,
        history.params().fill_count()
    );
    let _ = writeln!(out, "pipeline {}", history.params().pipeline);
    let _ = writeln!(
        out,
        "{:<8} {:>10} {:>8} {:>10}",
        "stage", "floor", "floor%", "changed"
    );
    for stage in history.stages() {
        let i = stage.index();
        let _ = writeln!(
            out,
            "{:<8} {:>10} {:>7.1}% {:>10}",
            history.stage_name(stage),
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
        "stairs up {} down {}",
        stairs(map.up_stairs()),
        stairs(map.down_stairs())
    );
    let _ = write!(out, "last changed by:");
    for (p, n) in history.provenance_counts() {
        let _ = write!(out, " {} {n},", history.provenance_name(p));
    }
    out.pop();
    out.push('\n');
    if s.attempts > 1 {
        let _ = writeln!(out, "attempts {}", s.attempts);
    }
    out
}

fn stairs(p: Option<Pos>) -> String {
    p.map_or("none".to_string(), |p| p.to_string())
}
