//! What each cell of the map shows, worked out once from the run and the
//! view for both of the map's renderers: the close-up tiles
//! ([`super::tilemap`]) and the far view's images ([`super::far_view`]).
//!
//! Each cell's look is kept here, one `u32` a cell in the level's order, with
//! a flag for each renderer saying it is still to be drawn there. A new
//! level, stage or view compares every cell's new look with the old one; a
//! turn only the cells that came into or went out of view. Each renderer then
//! draws only the cells flagged for it, when it is on screen, so both always
//! agree on what a cell shows: there is one answer, here.

use std::borrow::Cow;

use bevy::prelude::*;

use super::run::{CurrentLevel, Run};
use super::shared::{
    GameSet, MapView, PlayMode, Reveal, index, provenance_colour, sight_colour, tile_look,
    whole_map_shown,
};
use crate::dungeon::CellSight;
use crate::generation::{CaveHistory, LevelMap, Provenance, Stage, Tile};
use crate::palette::Palette;

/// The side of a page of the far view, in cells: the map's looks are also
/// flagged page by page, so the far view rewrites the pages that changed.
pub(crate) const PAGE: usize = 512;

/// The systems that draw the map, after the camera has moved: the tiles, then
/// the far view.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct DrawMap;

/// Are there regions around the camera whose tiles are still to come (at most
/// so many are spawned a frame)? The far view shows under them meanwhile.
#[derive(Resource, Default, PartialEq, Eq)]
pub(crate) struct TilesMissing(pub(crate) bool);

pub(crate) fn plugin(app: &mut App) {
    // The palette is the options' and stays for the app's life.
    let palette = app
        .world()
        .get_resource::<super::shared::GameConfig>()
        .map_or(Palette::Default, |c| c.palette());
    app.insert_resource(CellLooks {
        table: Looks::new(palette),
        ..CellLooks::default()
    });
    app.add_systems(Update, mark_looks.in_set(GameSet::View));
}

/// What one cell shows, packed in a `u32`: its plain texture index (bits 0–7),
/// what the player knows of it (bits 8–9), and the mark over it (bits
/// 10–11 say whose: none, a provenance, the other map's; bits 12–19 its code).
/// One is kept a cell of what was last worked out, so a new level, stage or
/// view finds the cells that change by comparing integers in the level's own
/// order, and the renderers touch only those.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Look(pub(crate) u32);

impl Look {
    /// The mark of a provenance (the overlay).
    const PROVENANCE: u32 = 1 << 10;
    /// The mark of the other map (the comparison view).
    const OTHER: u32 = 2 << 10;
    /// The bits that say what the cell shows.
    pub(crate) const SHOWN: u32 = 0xfffff;
    /// The bits that choose the texture: the tile and whether it is marked.
    const TEXTURE_BITS: u32 = 0xff | 3 << 10;
    /// The bits that choose the colour: the sight and the mark.
    const COLOUR_BITS: u32 = Look::SHOWN & !0xff;
    /// Flags on a cell whose look changed and whose tile is still to be
    /// written: its texture, its colour. Kept where the look is stored, so the
    /// writing walk reads one array; a walk that writes only textures never
    /// touches the colours' memory, and the other way round.
    pub(crate) const WRITE_TEXTURE: u32 = 1 << 31;
    pub(crate) const WRITE_COLOUR: u32 = 1 << 30;
    pub(crate) const TO_WRITE: u32 = Look::WRITE_TEXTURE | Look::WRITE_COLOUR;
    /// The flag on a cell whose look changed and whose texel in the far view
    /// is still to be written.
    pub(crate) const WRITE_TEXEL: u32 = 1 << 29;
    /// Every flag.
    const FLAGS: u32 = Look::TO_WRITE | Look::WRITE_TEXEL;
    /// The look of a cell never drawn: no look at all, so whatever the cell
    /// first shows differs from it and is flagged.
    const NEVER_DRAWN: Look = Look(u32::MAX >> 3);

    /// What it shows, without its flags.
    pub(crate) fn shown(self) -> Look {
        Look(self.0 & Look::SHOWN)
    }

    fn new(plain_index: u32, sight: CellSight, mark: u32) -> Look {
        let sight = match sight {
            CellSight::Visible => 0,
            CellSight::Remembered => 1,
            CellSight::Unseen => 2,
        };
        Look(plain_index | sight << 8 | mark)
    }

    /// The overlay's mark for provenance `p`.
    fn provenance(p: Provenance) -> u32 {
        Look::PROVENANCE | (p.code() as u32) << 12
    }

    /// The other map's mark `m` (0: none).
    fn other(m: u8) -> u32 {
        if m == 0 {
            0
        } else {
            Look::OTHER | (m as u32) << 12
        }
    }

    fn sight(self) -> CellSight {
        match (self.0 >> 8) & 3 {
            0 => CellSight::Visible,
            1 => CellSight::Remembered,
            _ => CellSight::Unseen,
        }
    }
}

/// Every tile's texture index and every provenance's colour, by code, so a
/// rewrite of the whole map looks each cell up instead of working it out.
/// They are [`tile_look`]'s and [`provenance_colour`]'s answers.
pub(crate) struct Looks {
    tile_index: [u32; 256],
    provenance: [Color; 256],
    /// How much of a remembered cell's colour is kept.
    memory: f32,
}

impl Default for Looks {
    fn default() -> Self {
        Looks::new(Palette::Default)
    }
}

impl Looks {
    /// The looks as `palette` draws them.
    fn new(palette: Palette) -> Self {
        let mut tile_index = [0; 256];
        for t in Tile::EVERY {
            tile_index[t as usize] = tile_look(t, None).0;
        }
        let provenance = std::array::from_fn(|code| {
            provenance_colour(
                palette,
                match code as u8 {
                    0 => Provenance::UNTOUCHED,
                    1 => Provenance::FILL,
                    2 => Provenance::CORRIDOR,
                    3 => Provenance::ERASED,
                    u8::MAX => Provenance::BUILT,
                    c => Provenance::pass(c as usize - 4),
                },
            )
        });
        Looks {
            tile_index,
            provenance,
            memory: palette.marks().memory,
        }
    }

    /// The look of `tile` with the overlay's mark for `p` or the other map's
    /// `mark` (0 for none), as the player knows its cell.
    #[cfg(test)]
    fn look(&self, tile: Tile, p: Option<Provenance>, mark: u8, sight: CellSight) -> Look {
        let plain = self.tile_index[tile as usize];
        let mark = match p {
            Some(p) => Look::provenance(p),
            None => Look::other(mark),
        };
        Look::new(plain, sight, mark)
    }

    /// The texture index and colour that draw `look`; the other map's marks
    /// are colours in `palette`. The same as [`tile_look`] and
    /// [`sight_colour`] give.
    pub(crate) fn draw(&self, look: Look, palette: &[Color]) -> (u32, Color) {
        let plain = look.0 & 0xff;
        let code = ((look.0 >> 12) & 0xff) as usize;
        let (index, colour) = match look.0 & (3 << 10) {
            Look::PROVENANCE => (plain + index::OVERLAY, self.provenance[code]),
            Look::OTHER => (
                plain + index::OVERLAY,
                palette
                    .get(code.wrapping_sub(1))
                    .copied()
                    .unwrap_or(Color::WHITE),
            ),
            _ => (plain, Color::WHITE),
        };
        (index, sight_colour(colour, look.sight(), self.memory))
    }
}

/// What the views need to know about the run to draw a cell.
#[derive(bevy::ecs::system::SystemParam)]
pub(crate) struct SightParams<'w> {
    pub(crate) run: Res<'w, Run>,
    pub(crate) reveal: Res<'w, Reveal>,
    pub(crate) mode: Res<'w, State<PlayMode>>,
}

impl SightParams<'_> {
    /// Did the run, the reveal or the play mode change since the system last ran?
    pub(crate) fn changed(&self) -> bool {
        self.run.is_changed() || self.reveal.is_changed() || self.mode.is_changed()
    }
}

/// Every cell's [`Look`], in the level's cell order, each flagged while its
/// tile or its texel is still to be drawn; which far-view pages have flagged
/// texels; and the cells in view when it last marked.
#[derive(Resource, Default)]
pub(crate) struct CellLooks {
    pub(crate) looks: Vec<Look>,
    /// The map's height (a cell's index is `x * height + y`).
    pub(crate) height: usize,
    /// Bumped for a map of another size: the renderers start again.
    pub(crate) size_changes: u64,
    /// Cells were flagged for the tiles since the tilemap last drew.
    pub(crate) marked: bool,
    /// By page (`px * pages down + py`, pages [`PAGE`] cells square): has it
    /// cells flagged for the far view?
    pub(crate) pages: Vec<bool>,
    /// The cells in view last turn: a turn re-marks only these and the cells
    /// in view now.
    last_visible: Vec<usize>,
    // The looks by code, worked out once: a rewrite of every tile at 2048²
    // spent most of its time matching tiles and converting colours cell by
    // cell.
    pub(crate) table: Looks,
}

impl CellLooks {
    /// Flag every cell's texel, and so every page, for the far view to write.
    pub(crate) fn flag_every_texel(&mut self) {
        for look in &mut self.looks {
            look.0 |= Look::WRITE_TEXEL;
        }
        self.pages.iter_mut().for_each(|p| *p = true);
    }

    /// Fit a `w` × `h` map: for a map of another size, every cell never
    /// drawn and no page flagged, and the renderers start again.
    fn fit(&mut self, w: usize, h: usize) {
        if self.looks.len() != w * h || self.height != h {
            self.looks.clear();
            self.looks.resize(w * h, Look::NEVER_DRAWN);
            self.height = h;
            self.size_changes += 1;
            let (across, down) = self.pages_across_down();
            self.pages = vec![false; across * down];
        }
    }

    /// Keep the cells in view now, for the next turn to re-mark.
    fn remember_visible(&mut self, visible: &[usize]) {
        self.last_visible.clear();
        self.last_visible.extend_from_slice(visible);
    }

    /// The pages across and down of the map.
    pub(crate) fn pages_across_down(&self) -> (usize, usize) {
        let w = self.looks.len().checked_div(self.height).unwrap_or(0);
        (w.div_ceil(PAGE), self.height.div_ceil(PAGE))
    }
}

/// Work out what each cell should show and flag those whose look changed: a
/// new level or view looks at every cell, a turn only at the cells that came
/// into or went out of view. The renderers then draw what is flagged for
/// them.
fn mark_looks(
    level: Res<CurrentLevel>,
    view: Res<MapView>,
    sight: SightParams,
    mut cells: ResMut<CellLooks>,
) {
    let run = &sight.run;
    let history = level.history();
    let whole = whole_map_shown(*sight.reveal, &view, history, *sight.mode.get());
    let full = level.is_changed()
        || view.is_changed()
        || sight.reveal.is_changed()
        || sight.mode.is_changed();
    if !full && !run.is_changed() {
        return;
    }
    let cells = &mut *cells;
    let map = &level.map;
    let (w, h) = (map.width(), map.height());
    cells.fit(w, h);
    let visible = run.visible_cells();
    if !full && whole {
        // A turn while the whole map is on show changes no cell; skip building
        // the shown stage's tiles and provenance (costly for earlier stages).
        cells.remember_visible(visible);
        return;
    }
    let stage = view.stage_of(history);
    let shown = shown_tiles(&view, stage, history, map);
    let provenance = shown_provenance(&view, stage, history);
    // Each case is its own loop, so the cell loop does no more than its case
    // needs.
    let table = &cells.table;
    let plain = |i: usize| table.tile_index[shown[i] as usize];
    let down = h.div_ceil(PAGE);
    let mut marker = Marker {
        looks: &mut cells.looks,
        pages: &mut cells.pages,
        height: h,
        down,
        changed: false,
    };
    // (A turn comes here only in play, which shows neither marks nor the whole map.)
    let in_play = |i: usize| Look::new(plain(i), run.cell_sight(i), 0);
    match (&view.instead, &provenance) {
        _ if !full => {
            // A run or a travel saw cells on the way that are out of view now.
            let on_the_way = run.first_seen_cells().iter().filter(|&&i| i < w * h);
            let seen = cells.last_visible.iter().chain(visible).chain(on_the_way);
            marker.mark(seen.copied(), in_play)
        }
        (Some(other), _) => marker.mark_all(w, |i| {
            Look::new(plain(i), CellSight::Visible, Look::other(other.marks[i]))
        }),
        (None, Some(p)) => marker.mark_all(w, |i| {
            Look::new(plain(i), CellSight::Visible, Look::provenance(p[i]))
        }),
        (None, None) if whole => marker.mark_all(w, |i| Look::new(plain(i), CellSight::Visible, 0)),
        (None, None) => marker.mark_all(w, in_play),
    }
    cells.marked |= marker.changed;
    cells.remember_visible(visible);
}

/// What is drawn: another level (the comparison view), a stage of the
/// cave, or the level as it is.
fn shown_tiles<'a>(
    view: &'a MapView,
    stage: Option<Stage>,
    history: Option<&CaveHistory>,
    map: &'a LevelMap,
) -> Cow<'a, [Tile]> {
    match (&view.instead, stage, history) {
        (Some(other), _, _) => Cow::Borrowed(other.map.tiles()),
        (None, Some(s), Some(history)) => Cow::Owned(history.tiles_at(s)),
        _ => Cow::Borrowed(map.tiles()),
    }
}

/// Each cell's provenance at the stage shown, for the overlay: only the
/// overlay shows it, and it is kept packed, so it is expanded only then.
fn shown_provenance(
    view: &MapView,
    stage: Option<Stage>,
    history: Option<&CaveHistory>,
) -> Option<Vec<Provenance>> {
    match history {
        Some(history) if view.overlay && view.instead.is_none() => Some(match stage {
            Some(s) => history.provenance_at(s),
            None => history.provenances(),
        }),
        _ => None,
    }
}

/// Flags the cells whose look changed, for drawing, and their pages.
struct Marker<'a> {
    looks: &'a mut [Look],
    pages: &'a mut [bool],
    height: usize,
    /// Pages down the map.
    down: usize,
    changed: bool,
}

impl Marker<'_> {
    /// Mark the cells of `w` columns, column by column: the page of each is
    /// known without dividing by the height.
    fn mark_all(&mut self, w: usize, look: impl Fn(usize) -> Look) {
        let h = self.height;
        for x in 0..w {
            let column = x * h;
            for y in 0..h {
                if self.mark_one(column + y, &look) {
                    self.pages[(x / PAGE) * self.down + y / PAGE] = true;
                }
            }
        }
    }

    /// Mark `cells`, in any order.
    fn mark(&mut self, cells: impl Iterator<Item = usize>, look: impl Fn(usize) -> Look) {
        for i in cells {
            if self.mark_one(i, &look) {
                let (x, y) = (i / self.height, i % self.height);
                self.pages[(x / PAGE) * self.down + y / PAGE] = true;
            }
        }
    }

    /// Flag cell `i` if its look changed; did it?
    #[inline]
    fn mark_one(&mut self, i: usize, look: &impl Fn(usize) -> Look) -> bool {
        let new = look(i).0;
        let old = &mut self.looks[i];
        let was = old.0 & !Look::FLAGS;
        // (A cell in view both before and now comes twice in a turn.)
        if was == new {
            return false;
        }
        let mut flags = old.0 & Look::FLAGS | Look::WRITE_TEXEL;
        if (was ^ new) & Look::TEXTURE_BITS != 0 {
            flags |= Look::WRITE_TEXTURE;
        }
        if (was ^ new) & Look::COLOUR_BITS != 0 {
            flags |= Look::WRITE_COLOUR;
        }
        *old = Look(new | flags);
        self.changed = true;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_look_draws_as_the_looks_and_sight_do() {
        for shown in Palette::EVERY {
            a_look_draws_in(shown);
        }
    }

    fn a_look_draws_in(shown: Palette) {
        let looks = Looks::new(shown);
        let memory = shown.marks().memory;
        let palette = [Color::srgb_u8(1, 2, 3), Color::srgb_u8(200, 100, 0)];
        let mut provenances = vec![
            Provenance::UNTOUCHED,
            Provenance::FILL,
            Provenance::CORRIDOR,
            Provenance::ERASED,
            Provenance::BUILT,
        ];
        provenances.extend((0..251).map(Provenance::pass));
        let sights = [CellSight::Visible, CellSight::Remembered, CellSight::Unseen];
        for t in Tile::EVERY {
            for sight in sights {
                let plain = looks.look(t, None, 0, sight);
                let want = tile_look(t, None);
                assert_eq!(
                    looks.draw(plain, &palette),
                    (want.0, sight_colour(want.1, sight, memory)),
                    "{t:?} {sight:?}"
                );
                for &p in &provenances {
                    let want = tile_look(t, Some(provenance_colour(shown, p)));
                    assert_eq!(
                        looks.draw(looks.look(t, Some(p), 0, sight), &palette),
                        (want.0, sight_colour(want.1, sight, memory)),
                        "{t:?} {p:?} {sight:?}"
                    );
                }
                for (m, &colour) in palette.iter().enumerate() {
                    let want = tile_look(t, Some(colour));
                    assert_eq!(
                        looks.draw(looks.look(t, None, m as u8 + 1, sight), &palette),
                        (want.0, sight_colour(want.1, sight, memory)),
                        "{t:?} mark {m} {sight:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn looks_differ_where_the_drawing_does_and_never_look_undrawn() {
        let looks = Looks::default();
        let sights = [CellSight::Visible, CellSight::Remembered, CellSight::Unseen];
        let mut all = Vec::new();
        for t in Tile::EVERY {
            for sight in sights {
                all.push(looks.look(t, None, 0, sight));
                all.push(looks.look(t, None, 3, sight));
                all.push(looks.look(t, Some(Provenance::BUILT), 0, sight));
                all.push(looks.look(t, Some(Provenance::pass(1)), 0, sight));
            }
        }
        for (i, a) in all.iter().enumerate() {
            assert_ne!(*a, Look::NEVER_DRAWN);
            assert_eq!(a.0 & Look::TO_WRITE, 0, "{a:?} carries the write flag");
            for b in &all[i + 1..] {
                // Two tiles may share a plain look (a secret door and its wall).
                let palette = [Color::WHITE, Color::BLACK, Color::srgb(0.5, 0.2, 0.1)];
                let (da, db) = (looks.draw(*a, &palette), looks.draw(*b, &palette));
                if da != db {
                    assert_ne!(a, b);
                }
            }
        }
    }
}
