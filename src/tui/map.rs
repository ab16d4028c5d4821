//! The map in the terminal, close up and far: what each cell shows (a
//! glyph, its colour, a mark behind it), the part of the map the screen
//! holds, and how close. Close up, a character is a cell; zoomed out, a
//! character is a block of cells two blocks tall (`▀`: the upper block its
//! foreground, the lower its background), each block the mean colour of
//! its cells as you know them, so `Home` frames a map of any size the game
//! opens. What stands out is kept: a block holding you, a monster or an
//! item you see shows it. The views of the generator (the overlay, a stage,
//! the comparison) colour the cells the same way close up and far.
//!
//! Nothing is kept between frames but the viewport: each frame reads the
//! run's map for the cells on screen, so memory stays the screen's size.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};

use super::colours::{Colours, hue_rgb};
use crate::dungeon::Dungeon;
use crate::dungeon::render::cell_view;
use crate::generation::{CaveHistory, Hue, LevelMap, Pos, Provenance, Tile};
use crate::lab::compare::{CellDiff, Comparison};
use crate::palette::Rgb;

/// How close the map is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Zoom {
    /// A cell a character: NetHack's screen.
    Glyphs,
    /// Blocks of this many cells wide (twice as many tall) a character.
    Blocks(usize),
}

impl Zoom {
    /// Map cells a character covers, across and down.
    pub(crate) fn cells(self) -> (usize, usize) {
        match self {
            Zoom::Glyphs => (1, 1),
            Zoom::Blocks(s) => (s, 2 * s),
        }
    }

    /// One step closer (`+`): half the block, down to glyphs.
    pub(crate) fn closer(self) -> Zoom {
        match self {
            Zoom::Glyphs | Zoom::Blocks(1) => Zoom::Glyphs,
            Zoom::Blocks(s) => Zoom::Blocks(s.div_ceil(2)),
        }
    }

    /// One step further (`-`): twice the block, no further than `whole`
    /// (the zoom that frames the map).
    pub(crate) fn further(self, whole: Zoom) -> Zoom {
        let next = match self {
            Zoom::Glyphs => Zoom::Blocks(1),
            Zoom::Blocks(s) => Zoom::Blocks(2 * s),
        };
        match (next, whole) {
            (Zoom::Blocks(a), Zoom::Blocks(b)) if a > b => whole,
            (Zoom::Blocks(_), Zoom::Glyphs) => Zoom::Glyphs,
            _ => next,
        }
    }

    /// The closest zoom that shows a `w` × `h` map whole in `cols` × `rows`
    /// characters.
    pub(crate) fn framing(w: usize, h: usize, cols: usize, rows: usize) -> Zoom {
        if w <= cols && h <= rows {
            return Zoom::Glyphs;
        }
        let (cols, rows) = (cols.max(1), rows.max(1));
        let s = w.div_ceil(cols).max(h.div_ceil(2 * rows)).max(1);
        Zoom::Blocks(s)
    }
}

/// The part of the map on screen: how close, and (flying) which cell is in
/// the middle; else the middle follows you.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Viewport {
    pub(crate) zoom: Zoom,
    /// The cell in the middle; None: you.
    pub(crate) centre: Option<Pos>,
}

impl Default for Viewport {
    fn default() -> Self {
        Viewport {
            zoom: Zoom::Glyphs,
            centre: None,
        }
    }
}

impl Viewport {
    /// The map cell at the top left of `area`: the map's own corner where it
    /// fits across (or down), else a window on it with the middle cell
    /// in the middle.
    pub(crate) fn origin(&self, map: &LevelMap, area: Rect, you: Pos) -> (usize, usize) {
        let (cw, ch) = self.zoom.cells();
        let at = self.centre.unwrap_or(you);
        (
            scroll(map.width(), area.width as usize * cw, at.x),
            scroll(map.height(), area.height as usize * ch, at.y),
        )
    }

    /// The map cell a character of `area` stands for (the middle of its
    /// block), if it is on the map.
    pub(crate) fn cell_at(
        &self,
        map: &LevelMap,
        area: Rect,
        you: Pos,
        column: u16,
        row: u16,
    ) -> Option<Pos> {
        if !area.contains(ratatui::layout::Position::new(column, row)) {
            return None;
        }
        let (x0, y0) = self.origin(map, area, you);
        let (cw, ch) = self.zoom.cells();
        let x = x0 + (column - area.x) as usize * cw + cw / 2;
        let y = y0 + (row - area.y) as usize * ch + ch / 2;
        let p = Pos::new(x as i32, y as i32);
        map.contains(p).then_some(p)
    }

    /// The character of `area` that map cell `p` is drawn in (the block
    /// holding it), if it is in view.
    pub(crate) fn screen_of(
        &self,
        map: &LevelMap,
        area: Rect,
        you: Pos,
        p: Pos,
    ) -> Option<(u16, u16)> {
        let (x0, y0) = self.origin(map, area, you);
        let (cw, ch) = self.zoom.cells();
        let column = (usize::try_from(p.x).ok()?.checked_sub(x0)? / cw) as u16;
        let row = (usize::try_from(p.y).ok()?.checked_sub(y0)? / ch) as u16;
        (column < area.width && row < area.height).then_some((area.x + column, area.y + row))
    }
}

/// Where a map of `map_size` cells is drawn from in a view of `view` cells:
/// its own corner when it fits, else so that `at` is in the middle, the
/// edges held.
pub(crate) fn scroll(map_size: usize, view: usize, at: i32) -> usize {
    if map_size <= view {
        return 0;
    }
    let want = at.max(0) as usize;
    want.saturating_sub(view / 2).min(map_size - view)
}

/// What the generator's views put on the map.
#[derive(Clone, Copy, Default)]
pub(crate) struct Views<'a> {
    /// Show everything, as `M` does (and fly mode, and the views below).
    pub(crate) reveal: bool,
    /// The provenance overlay, with the level's history.
    pub(crate) overlay: Option<&'a CaveHistory>,
    /// The level as it was after a stage: its tiles, and (with the
    /// overlay) their provenance then, in map index order.
    pub(crate) stage: Option<(&'a [Tile], Option<&'a [Provenance]>)>,
    /// Another level in place of this one, its differences marked.
    pub(crate) comparison: Option<&'a Comparison>,
    /// Walls as DEC line drawing.
    pub(crate) dec_graphics: bool,
}

/// What a colour is, before the terminal's depth says how it is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Paint {
    /// Nothing: the terminal's own background.
    Blank,
    /// A content row's colour (drawn in the palette).
    Thing(Rgb),
    /// Terrain of a hue.
    Terrain(Hue),
    /// Terrain remembered, not seen: its hue, dimmed by `memory`.
    Remembered(Hue, f32),
    /// Terrain far off: its hue, as much of it as its glyph inks a
    /// character (a floor's dot little, a wall much).
    Inked(Hue, f32),
    /// One of the palette's own marks (the overlay's, the comparison's).
    Mark(Rgb),
}

impl Paint {
    /// As a terminal colour.
    pub(crate) fn color(self, colours: Colours) -> Color {
        match self {
            Paint::Blank => Color::Reset,
            Paint::Thing(rgb) => colours.thing(rgb),
            Paint::Terrain(hue) => colours.terrain(hue),
            Paint::Remembered(hue, _) | Paint::Inked(hue, _) => colours.terrain(hue),
            Paint::Mark(rgb) => colours.mark(rgb),
        }
    }

    /// The colour it stands for, to mix into a block's.
    fn rgb(self, colours: Colours) -> Rgb {
        let palette = colours.palette;
        match self {
            Paint::Blank => (0, 0, 0),
            Paint::Thing(rgb) => palette.colour(rgb),
            Paint::Terrain(hue) => palette.colour(hue_rgb(hue)),
            Paint::Remembered(hue, share) | Paint::Inked(hue, share) => {
                let (r, g, b) = palette.colour(hue_rgb(hue));
                let dim = |c: u8| (f32::from(c) * share).round() as u8;
                (dim(r), dim(g), dim(b))
            }
            Paint::Mark(rgb) => rgb,
        }
    }
}

/// One cell as the terminal shows it: a glyph, its colour, and a mark
/// behind it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct CellLook {
    pub(crate) glyph: char,
    pub(crate) fg: Paint,
    pub(crate) bg: Option<Paint>,
    /// A thing stands here (you, a monster, an item): a block keeps it.
    pub(crate) stands_out: bool,
}

/// What cell `p` shows, as the views say.
pub(crate) fn look_at(run: &Dungeon, views: Views, colours: Colours, p: Pos) -> CellLook {
    let map = run.map();
    let i = map.index(p);
    let marks = colours.palette.marks();
    if let Some(c) = views.comparison {
        let tile = c.map.tiles()[i];
        let bg =
            (c.diffs[i] != CellDiff::Same).then(|| Paint::Mark(diff_mark(colours, c.diffs[i])));
        return terrain(tile, views, bg);
    }
    if let Some((tiles, provenance)) = views.stage {
        let bg = provenance.map(|p| Paint::Mark(marks.provenance(p[i])));
        return terrain(tiles[i], views, bg);
    }
    let view = cell_view(run, p, views.reveal);
    // The overlay: the cell's background is its stage's colour, on every
    // cell you know (rock too: passes make rock as well).
    let bg = views
        .overlay
        .filter(|_| views.reveal || run.level().is_seen(p))
        .map(|h| Paint::Mark(marks.provenance(h.provenance(p))));
    match (view.colour, view.tile) {
        (Some(rgb), _) => CellLook {
            glyph: view.glyph,
            fg: Paint::Thing(rgb),
            bg,
            stands_out: true,
        },
        (None, Some(tile)) => {
            let mut look = terrain(tile, views, bg);
            if !view.seen_now {
                look.fg = Paint::Remembered(tile.row().hue, marks.memory);
            }
            look
        }
        (None, None) => CellLook {
            glyph: view.glyph,
            fg: Paint::Blank,
            bg,
            stands_out: false,
        },
    }
}

/// Bare terrain: its glyph (a DEC symbol where the symset has one) and
/// hue; rock is blank.
fn terrain(tile: Tile, views: Views, bg: Option<Paint>) -> CellLook {
    let row = tile.row();
    let dec = row.dec.filter(|_| views.dec_graphics);
    CellLook {
        glyph: dec.unwrap_or(row.glyph),
        fg: if tile == Tile::Rock {
            Paint::Blank
        } else {
            Paint::Terrain(row.hue)
        },
        bg,
        stands_out: false,
    }
}

/// The comparison's mark for a cell that differs.
pub(crate) fn diff_mark(colours: Colours, diff: CellDiff) -> Rgb {
    let marks = colours.palette.marks();
    match diff {
        CellDiff::FloorOnlyHere => marks.floor_only_here,
        CellDiff::FloorOnlyThere => marks.floor_only_there,
        CellDiff::OtherTile | CellDiff::Same => marks.other_tile,
    }
}

/// The old CellView's style, for the cells that show a thing: kept for
/// `--ascii`-like callers. (The terminal draws through [`look_at`].)
pub(crate) fn glyph_style(look: CellLook, colours: Colours) -> (char, Style) {
    let mut style = Style::default().fg(look.fg.color(colours));
    if let Some(bg) = look.bg {
        style = style.bg(bg.color(colours));
        // Terrain on a mark is drawn dark, so the mark reads.
        if !look.stands_out && look.fg != Paint::Blank {
            style = style.fg(Color::Black);
        }
    }
    (look.glyph, style)
}

/// Draw the map into `area` of `buf`, close up or far as `viewport` says.
pub(crate) fn draw_map(
    buf: &mut Buffer,
    area: Rect,
    run: &Dungeon,
    views: Views,
    colours: Colours,
    viewport: Viewport,
) {
    match viewport.zoom {
        Zoom::Glyphs => draw_glyphs(buf, area, run, views, colours, viewport),
        Zoom::Blocks(s) => draw_blocks(buf, area, run, views, colours, viewport, s),
    }
    // A cursor question's cell (travel, look, a steered teleport) shows
    // reversed.
    if let Some(at) = run.cursor()
        && let Some(xy) = viewport.screen_of(run.map(), area, run.player().pos, at)
    {
        let cell = &mut buf[xy];
        cell.set_style(
            cell.style()
                .add_modifier(ratatui::style::Modifier::REVERSED),
        );
        if cell.symbol() == " " {
            cell.set_char('_');
        }
    }
}

fn draw_glyphs(
    buf: &mut Buffer,
    area: Rect,
    run: &Dungeon,
    views: Views,
    colours: Colours,
    viewport: Viewport,
) {
    let map = run.map();
    let (x0, y0) = viewport.origin(map, area, run.player().pos);
    for sy in 0..area.height as usize {
        for sx in 0..area.width as usize {
            let p = Pos::new((x0 + sx) as i32, (y0 + sy) as i32);
            if !map.contains(p) {
                continue;
            }
            let (glyph, style) = glyph_style(look_at(run, views, colours, p), colours);
            let cell = &mut buf[(area.x + sx as u16, area.y + sy as u16)];
            cell.set_char(glyph);
            cell.set_style(style);
        }
    }
}

/// A block's colour as it is mixed: the sum of its cells' and how many, and
/// what stands out in it.
#[derive(Clone, Copy, Default)]
struct Mix {
    sum: [u32; 3],
    n: u32,
    /// The colour of what stands out (you win over the rest).
    standout: Option<(bool, Rgb)>,
}

impl Mix {
    fn add(&mut self, rgb: Rgb) {
        self.sum[0] += u32::from(rgb.0);
        self.sum[1] += u32::from(rgb.1);
        self.sum[2] += u32::from(rgb.2);
        self.n += 1;
    }

    fn colour(&self) -> Rgb {
        if let Some((_, rgb)) = self.standout {
            return rgb;
        }
        let n = self.n.max(1);
        let c = |s: u32| (s / n) as u8;
        (c(self.sum[0]), c(self.sum[1]), c(self.sum[2]))
    }
}

fn draw_blocks(
    buf: &mut Buffer,
    area: Rect,
    run: &Dungeon,
    views: Views,
    colours: Colours,
    viewport: Viewport,
    s: usize,
) {
    let mixes = mix_blocks(run, views, colours, viewport, area, s);
    let cols = area.width as usize;
    for sy in 0..area.height as usize {
        for sx in 0..cols {
            let (top, bottom) = (&mixes[2 * sy * cols + sx], &mixes[(2 * sy + 1) * cols + sx]);
            if top.n == 0 && bottom.n == 0 {
                continue;
            }
            let cell = &mut buf[(area.x + sx as u16, area.y + sy as u16)];
            cell.set_char('▀');
            cell.set_style(
                Style::default()
                    .fg(colours.exact(top.colour()))
                    .bg(colours.exact(bottom.colour())),
            );
        }
    }
    // You, as a letter: a block of your colour is lost among the rest.
    if views.comparison.is_none() && views.stage.is_none() {
        let you = run.player().pos;
        let (x0, y0) = viewport.origin(run.map(), area, you);
        let (x, y) = (you.x as usize, you.y as usize);
        if x >= x0 && y >= y0 {
            let (sx, sy) = ((x - x0) / s, (y - y0) / (2 * s));
            if sx < cols && sy < area.height as usize {
                let look = look_at(run, views, colours, you);
                let cell = &mut buf[(area.x + sx as u16, area.y + sy as u16)];
                cell.set_char(look.glyph);
                cell.set_style(
                    Style::default()
                        .fg(look.fg.color(colours))
                        .bg(Color::Black)
                        .add_modifier(ratatui::style::Modifier::BOLD),
                );
            }
        }
    }
}

/// Every half-character block of `area`, mixed from the cells under it:
/// `cols` blocks a row, two rows of blocks a character row.
fn mix_blocks(
    run: &Dungeon,
    views: Views,
    colours: Colours,
    viewport: Viewport,
    area: Rect,
    s: usize,
) -> Vec<Mix> {
    let map = run.map();
    let you = run.player().pos;
    let (x0, y0) = viewport.origin(map, area, you);
    let (cols, block_rows) = (area.width as usize, 2 * area.height as usize);
    let mut mixes = vec![Mix::default(); cols * block_rows];
    let block_of = |p: Pos| -> Option<usize> {
        let (x, y) = (p.x as usize, p.y as usize);
        if x < x0 || y < y0 {
            return None;
        }
        let (bx, by) = ((x - x0) / s, (y - y0) / s);
        (bx < cols && by < block_rows).then_some(by * cols + bx)
    };
    let x1 = (x0 + cols * s).min(map.width());
    let y1 = (y0 + block_rows * s).min(map.height());
    // The terrain, cell by cell; things are laid on after.
    let plain = Views {
        reveal: views.reveal,
        ..views
    };
    for x in x0..x1 {
        for y in y0..y1 {
            let p = Pos::new(x as i32, y as i32);
            let look = terrain_look(run, plain, colours, p);
            let paint = look.bg.unwrap_or(look.fg);
            if let Some(b) = block_of(p) {
                mixes[b].add(paint.rgb(colours));
            }
        }
    }
    // What stands out: the things you see, and you over them.
    if views.comparison.is_none() && views.stage.is_none() {
        let level = run.level();
        let things = level
            .monsters()
            .iter()
            .map(|m| m.pos)
            .chain(level.items().iter().map(|i| i.pos))
            .chain(level.traps().iter().map(|t| t.pos))
            .chain(level.boulders().iter().copied());
        for p in things.chain(std::iter::once(you)) {
            let Some(b) = block_of(p) else { continue };
            let look = look_at(run, views, colours, p);
            if let (true, Paint::Thing(rgb)) = (look.stands_out, look.fg) {
                let is_you = p == you;
                if !mixes[b].standout.is_some_and(|(you_there, _)| you_there) {
                    mixes[b].standout = Some((is_you, colours.palette.colour(rgb)));
                }
            }
        }
    }
    mixes
}

/// A cell's look without the things on it: what a block mixes.
fn terrain_look(run: &Dungeon, views: Views, colours: Colours, p: Pos) -> CellLook {
    if views.comparison.is_some() || views.stage.is_some() {
        return look_at(run, views, colours, p);
    }
    let level = run.level();
    let marks = colours.palette.marks();
    let known = views.reveal || level.is_seen(p);
    let bg = views
        .overlay
        .filter(|_| known)
        .map(|h| Paint::Mark(marks.provenance(h.provenance(p))));
    if !known {
        return CellLook {
            glyph: ' ',
            fg: Paint::Blank,
            bg,
            stands_out: false,
        };
    }
    let tile = level.map.tile(p);
    let mut look = terrain(tile, views, bg);
    if look.fg != Paint::Blank {
        let seen = if views.reveal || run.is_visible(p) {
            1.0
        } else {
            marks.memory
        };
        look.fg = Paint::Inked(tile.row().hue, seen * ink(tile));
    }
    look
}

/// How much of a character a tile's glyph inks, far off, so a cave reads
/// as a dim floor inside bright walls, as the window's far view shows it:
/// floor and corridors little, walls and doors much, what is worth a stop
/// all.
fn ink(tile: Tile) -> f32 {
    use crate::generation::TileClass;
    let row = tile.row();
    match row.class {
        _ if row.worth_a_stop => 1.0,
        TileClass::Wall | TileClass::SecretDoor | TileClass::Door => 0.85,
        TileClass::Plain if row.walkable => 0.3,
        TileClass::Plain => 0.7,
    }
}

/// The whole map, small, in a corner of `area` (`Tab`): blocks as the far
/// view mixes them, framed, you marked.
pub(crate) fn draw_minimap(
    buf: &mut Buffer,
    area: Rect,
    run: &Dungeon,
    views: Views,
    colours: Colours,
) -> Rect {
    let map = run.map();
    let (cols, rows) = ((area.width / 3).max(10), (area.height / 2).max(4));
    let zoom = Zoom::framing(map.width(), map.height(), cols as usize, rows as usize);
    let s = match zoom {
        Zoom::Glyphs => 1,
        Zoom::Blocks(s) => s,
    };
    let w = map.width().div_ceil(s).min(cols as usize) as u16;
    let h = map.height().div_ceil(2 * s).min(rows as usize) as u16;
    let rect = Rect::new(area.x + area.width - w - 2, area.y, w + 2, h + 2);
    ratatui::widgets::Widget::render(ratatui::widgets::Clear, rect, buf);
    ratatui::widgets::Widget::render(
        ratatui::widgets::Block::bordered().title(" Map "),
        rect,
        buf,
    );
    let inner = Rect::new(rect.x + 1, rect.y + 1, w, h);
    let whole = Viewport {
        zoom: Zoom::Blocks(s),
        centre: Some(Pos::new(map.width() as i32 / 2, map.height() as i32 / 2)),
    };
    draw_blocks(buf, inner, run, views, colours, whole, s);
    rect
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_map_stays_put_and_a_large_one_follows_you() {
        assert_eq!(scroll(80, 80, 79), 0);
        assert_eq!(scroll(80, 100, 40), 0);
        // 200 cells in a view of 80: you in the middle, the edges held.
        assert_eq!(scroll(200, 80, 100), 60);
        assert_eq!(scroll(200, 80, 5), 0);
        assert_eq!(scroll(200, 80, 199), 120);
    }

    #[test]
    fn framing_fits_the_whole_map_and_no_closer_zoom_does() {
        for (w, h, cols, rows) in [
            (80, 21, 80, 21),
            (400, 200, 80, 21),
            (2048, 2048, 80, 21),
            (2048, 2048, 200, 60),
            (81, 21, 80, 21),
        ] {
            let z = Zoom::framing(w, h, cols, rows);
            let (cw, ch) = z.cells();
            assert!(
                w.div_ceil(cw) <= cols && h.div_ceil(ch) <= rows,
                "{w}x{h}: {z:?}"
            );
            if let Zoom::Blocks(s) = z
                && s > 1
            {
                let (cw, ch) = Zoom::Blocks(s - 1).cells();
                assert!(
                    w.div_ceil(cw) > cols || h.div_ceil(ch) > rows,
                    "{w}x{h}: {z:?}"
                );
            }
        }
        assert_eq!(Zoom::framing(80, 21, 80, 21), Zoom::Glyphs);
    }

    #[test]
    fn zoom_steps_go_between_glyphs_and_the_whole() {
        let whole = Zoom::Blocks(26);
        let mut z = Zoom::Glyphs;
        let mut steps = vec![z];
        while z != whole {
            z = z.further(whole);
            steps.push(z);
        }
        assert_eq!(
            steps,
            [
                Zoom::Glyphs,
                Zoom::Blocks(1),
                Zoom::Blocks(2),
                Zoom::Blocks(4),
                Zoom::Blocks(8),
                Zoom::Blocks(16),
                Zoom::Blocks(26)
            ]
        );
        assert_eq!(Zoom::Blocks(26).closer(), Zoom::Blocks(13));
        assert_eq!(Zoom::Blocks(1).closer(), Zoom::Glyphs);
        assert_eq!(Zoom::Glyphs.further(Zoom::Glyphs), Zoom::Glyphs);
    }

    #[test]
    fn a_character_stands_for_the_middle_of_its_block() {
        let map = LevelMap::new(400, 200);
        let view = Viewport {
            zoom: Zoom::Blocks(5),
            centre: Some(Pos::new(200, 100)),
        };
        let area = Rect::new(0, 1, 80, 20);
        let (x0, y0) = view.origin(&map, area, Pos::default());
        assert_eq!(
            (x0, y0),
            (0, 0),
            "400 cells in 80 columns of 5, 200 in 20 rows of 10"
        );
        assert_eq!(
            view.cell_at(&map, area, Pos::default(), 0, 1),
            Some(Pos::new(2, 5))
        );
        assert_eq!(
            view.cell_at(&map, area, Pos::default(), 79, 20),
            Some(Pos::new(397, 195))
        );
        assert_eq!(
            view.cell_at(&map, area, Pos::default(), 0, 0),
            None,
            "off the map area"
        );
    }
}
