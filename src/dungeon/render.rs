//! A run or a level as text, in NetHack glyphs: `--replay keys.txt --ascii`
//! prints the run where the keys leave it; `--depth D --ascii` prints a level
//! as first made, with everything on it.

use super::content::Content;
use super::level::LevelState;
use super::run::Dungeon;
use super::shared::RunStatus;
use crate::generation::Pos;
use crate::generation::ascii::render_with;

/// Where the run stands, in one line.
pub(crate) fn outcome_line(run: &Dungeon) -> String {
    let content = run.content();
    match run.status() {
        RunStatus::Playing => "playing".to_string(),
        RunStatus::Died { killer, depth } => {
            format!("died: {} on level {depth}", killer.death(content))
        }
        RunStatus::Won { item, .. } => format!("won: the {} is yours", content.item(item).name),
    }
}

/// The status block and the map. With `reveal`, every cell and monster shows;
/// without, only what the player sees now and remembers, as in the game.
pub fn render_run(run: &Dungeon, reveal: bool) -> String {
    let level = run.level();
    let content = run.content();
    let mut out = format!(
        "seed {}  Dlvl {}  {}  {}  turn {}\n{}HP {}({})  gold {}  gems {}{}  {}\n",
        run.seed(),
        run.dlvl(run.depth()),
        run.level_title(run.depth()),
        if level.lit { "lit" } else { "unlit" },
        run.turn(),
        run.hero_title().map_or(String::new(), |t| format!("{t}  ")),
        run.player().hp,
        run.player().max_hp,
        run.gold(),
        run.gems(),
        match (run.hunger(), run.illness()) {
            ("", "") => String::new(),
            ("", ill) => format!("  {ill}"),
            (word, "") => format!("  {word}"),
            (word, ill) => format!("  {word} {ill}"),
        },
        outcome_line(run),
    );
    let line = run.log().line();
    out.push_str(if line.is_empty() {
        "message:"
    } else {
        "message: "
    });
    out.push_str(&line);
    out.push('\n');
    let player = run.player().pos;
    out += &render_with(&level.map, |p| {
        let seen_now = reveal || run.is_visible(p);
        let remembered = reveal || level.is_seen(p);
        if p == player {
            content.player().glyph
        } else if let Some(m) = level
            .monster_at(p)
            .filter(|&m| seen_now || run.sees_monster(&level.monsters[m]))
        {
            monster_glyph(content, &level.monsters[m])
        } else if let Some(glyph) = level_feature(level, content, p, reveal).filter(|_| remembered)
        {
            glyph
        } else if let Some(i) = level.item_at(p).filter(|_| remembered) {
            content.item(level.items[i].kind).glyph
        } else if remembered {
            level.map.tile(p).glyph()
        } else {
            ' '
        }
    });
    out
}

/// A monster's glyph: a mimic posing as an object shows as the object.
fn monster_glyph(content: &Content, m: &super::monsters::Monster) -> char {
    match m.disguise {
        Some(item) => content.item(item).glyph,
        None => content.monster(m.kind).glyph,
    }
}

/// A boulder's glyph at `p`, else a trap's (every trap with `all`, else only
/// found ones): what lies on top of the floor and its items.
fn level_feature(level: &LevelState, content: &Content, p: Pos, all: bool) -> Option<char> {
    if level.has_boulder(p) {
        return content.boulder().map(|b| b.glyph);
    }
    let t = level.trap_at(p).filter(|&t| all || level.traps[t].seen)?;
    Some(content.trap(level.traps[t].kind).glyph)
}

/// A level as first made: every cell, monster, boulder, trap and item, and no
/// player.
pub fn render_level(level: &LevelState, content: &Content) -> String {
    render_with(&level.map, |p| {
        if let Some(m) = level.monster_at(p) {
            monster_glyph(content, &level.monsters[m])
        } else if let Some(glyph) = level_feature(level, content, p, true) {
            glyph
        } else if let Some(i) = level.item_at(p) {
            content.item(level.items[i].kind).glyph
        } else {
            level.map.tile(p).glyph()
        }
    })
}
