//! A run as text: a status block and the map as the player sees it, in NetHack
//! glyphs (`--replay keys.txt --ascii`).

use super::{Dungeon, LEVELS, Outcome};

/// Where the run stands, in one line.
pub fn outcome_line(run: &Dungeon) -> String {
    match run.outcome {
        Outcome::Playing => "playing".to_string(),
        Outcome::Died { killer, depth } => {
            format!("died: killed by a {} on level {depth}", killer.name())
        }
        Outcome::Won => "won: the gray stone is yours".to_string(),
    }
}

/// The level's name as the status line gives it.
pub fn level_name(depth: usize) -> String {
    if depth == LEVELS {
        format!("Mines' End (level {depth} of {LEVELS})")
    } else {
        format!("level {depth} of {LEVELS}")
    }
}

/// The status block and the map. With `reveal`, every cell and monster shows;
/// without, only what the player sees now and remembers, as in the game.
pub fn render_run(run: &Dungeon, reveal: bool) -> String {
    let level = run.level();
    let map = &level.map;
    let mut out = format!(
        "seed {}  {}  {}  turn {}\nHP {}({})  gems {}  {}\n",
        run.seed,
        level_name(run.depth),
        if level.lit { "lit" } else { "unlit" },
        run.turn,
        run.player.hp,
        run.player.max_hp,
        run.player.gems(),
        outcome_line(run),
    );
    let line = run.log.line();
    out.push_str(if line.is_empty() {
        "message:"
    } else {
        "message: "
    });
    out.push_str(&line);
    out.push('\n');
    for y in 0..map.height() {
        let mut row = String::with_capacity(map.width());
        for x in 0..map.width() {
            let seen_now = reveal || run.is_visible(x, y);
            let remembered = reveal || level.is_seen(x, y);
            let c = if (x, y) == run.player.pos {
                '@'
            } else if let Some(m) = level.monster_at((x, y)).filter(|_| seen_now) {
                level.monsters[m].kind.stats().glyph
            } else if let Some(i) = level.item_at((x, y)).filter(|_| remembered) {
                level.items[i].kind.glyph()
            } else if remembered {
                map.tile(x, y).glyph()
            } else {
                ' '
            };
            row.push(c);
        }
        out.push_str(row.trim_end());
        out.push('\n');
    }
    out
}
