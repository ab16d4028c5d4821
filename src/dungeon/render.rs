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
    // A hero's run adds NetHack's two status lines (the nameless hero's
    // summary above stays byte for byte as recorded runs read it).
    if let Some([first, second, _]) = super::status::Status::of(run).nethack_lines() {
        out = format!("{out}{first}\n{second}\n");
    }
    let line = run.log().line();
    out.push_str(if line.is_empty() {
        "message:"
    } else {
        "message: "
    });
    out.push_str(&line);
    out.push('\n');
    out += &render_with(&level.map, |p| cell_view(run, p, reveal).glyph);
    out
}

/// What one cell of the player's view shows: its glyph, and where the colour
/// comes from. Every text view draws cells from this (`--ascii`, the
/// terminal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CellView {
    /// NetHack's glyph for it (a space for a cell never seen).
    pub(crate) glyph: char,
    /// The content row's colour of the thing shown (you, a monster, a
    /// boulder, a trap, an item); None for bare terrain or nothing.
    pub(crate) colour: Option<super::content::Rgb>,
    /// The terrain shown, when the cell shows bare terrain.
    pub(crate) tile: Option<crate::generation::Tile>,
    /// In view now (else remembered, or never seen).
    pub(crate) seen_now: bool,
}

/// What cell `p` shows the player: you, a monster seen, what lies there as
/// remembered, the terrain, or nothing. With `reveal`, everything.
pub(crate) fn cell_view(run: &Dungeon, p: Pos, reveal: bool) -> CellView {
    let level = run.level();
    let content = run.content();
    let seen_now = reveal || run.is_visible(p);
    let remembered = reveal || level.is_seen(p);
    let shows = |glyph: char, colour| CellView {
        glyph,
        colour: Some(colour),
        tile: None,
        seen_now,
    };
    if p == run.player().pos {
        let me = content.player();
        return shows(me.glyph, me.colour);
    }
    if let Some(m) = level.monster_at(p).filter(|&m| {
        let m = &level.monsters[m];
        (seen_now && (!m.invisible || run.sees_invisible())) || run.sees_monster(m)
    }) {
        let m = &level.monsters[m];
        return match m.disguise {
            Some(item) => shows(content.item(item).glyph, content.item(item).colour),
            None => shows(
                content.monster(m.kind).glyph,
                content.monster(m.kind).colour,
            ),
        };
    }
    // A dangerous monster you don't see, you being warned: its digit.
    if !reveal
        && let Some(w) = level
            .monster_at(p)
            .and_then(|m| run.warning_of(&level.monsters[m]))
    {
        return shows(w.glyph(), w.colour());
    }
    if remembered {
        if let Some((glyph, colour)) = level_feature(level, content, p, reveal) {
            return shows(glyph, colour);
        }
        if let Some(i) = level.item_at(p) {
            let row = content.item(level.items[i].kind);
            return shows(row.glyph, row.colour);
        }
        let tile = level.map.tile(p);
        return CellView {
            glyph: tile.glyph(),
            colour: None,
            tile: Some(tile),
            seen_now,
        };
    }
    // A thing a detection showed you, on a cell you have not seen.
    if let Some(item) = level
        .items
        .iter()
        .find(|i| i.pos == p && level.sensed_items.contains(&i.id))
    {
        let row = content.item(item.kind);
        return shows(row.glyph, row.colour);
    }
    CellView {
        glyph: ' ',
        colour: None,
        tile: None,
        seen_now,
    }
}

/// A monster's glyph: a mimic posing as an object shows as the object.
fn monster_glyph(content: &Content, m: &super::monsters::Monster) -> char {
    match m.disguise {
        Some(item) => content.item(item).glyph,
        None => content.monster(m.kind).glyph,
    }
}

/// A boulder's glyph and colour at `p`, else a trap's (every trap with
/// `all`, else only found ones): what lies on top of the floor and its items.
fn level_feature(
    level: &LevelState,
    content: &Content,
    p: Pos,
    all: bool,
) -> Option<(char, super::content::Rgb)> {
    if level.has_boulder(p) {
        return content.boulder().map(|b| (b.glyph, b.colour));
    }
    let t = level.trap_at(p).filter(|&t| all || level.traps[t].seen)?;
    let row = content.trap(level.traps[t].kind);
    Some((row.glyph, row.colour))
}

/// A level as first made: every cell, monster, boulder, trap and item, and no
/// player.
pub fn render_level(level: &LevelState, content: &Content) -> String {
    render_with(&level.map, |p| {
        if let Some(m) = level.monster_at(p) {
            monster_glyph(content, &level.monsters[m])
        } else if let Some((glyph, _)) = level_feature(level, content, p, true) {
            glyph
        } else if let Some(i) = level.item_at(p) {
            content.item(level.items[i].kind).glyph
        } else {
            level.map.tile(p).glyph()
        }
    })
}
