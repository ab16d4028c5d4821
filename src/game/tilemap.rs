//! The level drawn as bevy_ecs_tilemap tilemaps, one tile entity per cell of
//! the part of the map around the camera.
//!
//! The map is cut into square regions of `REGION` cells; each region near
//! the camera is a tilemap of its own, spawned when it comes near and
//! despawned (every tile with its map: bevy_ecs_tilemap #218, #566) when the
//! camera has gone far from it. What each cell should show is worked out in
//! the level's own arrays (`Drawn`): a region is spawned already showing
//! it, and in a live region only the tiles whose look changed are written.
//! So a new level, a stage or a view costs the tiles on screen, and the tile
//! entities (and what bevy_ecs_tilemap keeps for each in the render world)
//! are as many as the view needs, not the map.

use bevy::image::{TextureAtlasLayout, TextureAtlasPlugin};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_ecs_tilemap::prelude::*;

use super::run::{CurrentLevel, Run};
use super::shared::{
    GameSet, MapView, PlayMode, Reveal, SpriteAtlas, TILE_PX, TILESET_PATH, Tileset, index,
    provenance_colour, scale_of, sight_colour, tile_look, viewport, whole_map_shown,
};
use crate::dungeon::CellSight;
use crate::generation::{Pos, Provenance, Tile};
use crate::palette::Palette;

/// The tilemap entity of the level.
#[derive(Component)]
pub(crate) struct MineTilemap;

/// The side of a region, in cells: each region near the camera is one
/// tilemap. Two of bevy_ecs_tilemap's 64-cell render chunks.
const REGION: usize = 128;

/// Which region of the map a tilemap draws, by its first cell (the region's
/// top left, in map coordinates) and its size in cells.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    /// The map column of its left edge.
    pub x0: usize,
    /// The map row of its top edge.
    pub y0: usize,
    /// Its width in cells.
    pub w: usize,
    /// Its height in cells.
    pub h: usize,
}

impl Region {
    /// The map cell a tile of this region's tilemap draws.
    pub fn cell(&self, tile: &TilePos) -> Pos {
        Pos::new(
            (self.x0 + tile.x as usize) as i32,
            (self.y0 + self.h - 1 - tile.y as usize) as i32,
        )
    }

    /// The tile of this region that draws map cell (x, y).
    fn tile(&self, x: usize, y: usize) -> TilePos {
        TilePos {
            x: (x - self.x0) as u32,
            y: (self.y0 + self.h - 1 - y) as u32,
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    if !app.is_plugin_added::<TextureAtlasPlugin>() {
        app.add_plugins(TextureAtlasPlugin);
    }
    app.world_mut()
        .resource_mut::<bevy::asset::io::embedded::EmbeddedAssetRegistry>()
        .insert_asset(
            std::path::PathBuf::new(),
            std::path::Path::new(EMBEDDED_TILESET),
            include_bytes!("../../assets/tiles.png").as_slice(),
        );
    // The palette is the options' and stays for the app's life.
    let palette = app
        .world()
        .get_resource::<super::shared::GameConfig>()
        .map_or(Palette::Default, |c| c.palette());
    app.insert_resource(Drawn {
        table: Looks::new(palette),
        ..Drawn::default()
    });
    app.add_systems(PreStartup, load_tileset).add_systems(
        Update,
        (
            mark_tiles.in_set(GameSet::View),
            // Once the camera has moved, so the tiles drawn are those in view.
            draw_tiles
                .after(GameSet::Camera)
                .before(GameSet::Hud)
                .run_if(resource_exists::<Run>),
        ),
    );
}

/// The tileset compiled into the binary, as Bevy's `embedded://` asset.
const EMBEDDED_TILESET: &str = "gnomish_mines/tiles.png";

/// Where the tileset is loaded from: a user's own `assets/tiles.png` under
/// Bevy's asset root (`BEVY_ASSET_ROOT`, the crate under `cargo run`, else the
/// binary's folder) when there is one, else the copy the binary carries, so an
/// installed game starts from anywhere.
pub(crate) fn tileset_path() -> String {
    let base = bevy::asset::io::file::FileAssetReader::get_base_path();
    if base.join("assets").join(TILESET_PATH).is_file() {
        TILESET_PATH.to_string()
    } else {
        format!("embedded://{EMBEDDED_TILESET}")
    }
}

fn load_tileset(
    mut commands: Commands,
    assets: Res<AssetServer>,
    mut layouts: ResMut<Assets<TextureAtlasLayout>>,
) {
    commands.insert_resource(Tileset(assets.load(tileset_path())));
    commands.insert_resource(SpriteAtlas(layouts.add(TextureAtlasLayout::from_grid(
        UVec2::splat(TILE_PX as u32),
        index::COLUMNS,
        index::ROWS,
        None,
        None,
    ))));
}

/// What one tile shows, packed in a `u32`: its plain texture index (bits 0–7),
/// what the player knows of its cell (bits 8–9), and the mark over it (bits
/// 10–11 say whose: none, a provenance, the other map's; bits 12–19 its code).
/// The tilemap keeps one a cell of what it last drew, so a new level, stage
/// or view finds the cells that change by comparing integers in the level's
/// own order, and touches only those tiles.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Look(u32);

impl Look {
    /// The mark of a provenance (the overlay).
    const PROVENANCE: u32 = 1 << 10;
    /// The mark of the other map (the comparison view).
    const OTHER: u32 = 2 << 10;
    /// The bits that choose the texture: the tile and whether it is marked.
    const TEXTURE_BITS: u32 = 0xff | 3 << 10;
    /// The bits that choose the colour: the sight and the mark.
    const COLOUR_BITS: u32 = 0xfffff & !0xff;
    /// Flags on a cell whose look changed and whose tile is still to be
    /// written: its texture, its colour. Kept where the look is stored, so the
    /// writing walk reads one array; a walk that writes only textures never
    /// touches the colours' memory, and the other way round.
    const WRITE_TEXTURE: u32 = 1 << 31;
    const WRITE_COLOUR: u32 = 1 << 30;
    const TO_WRITE: u32 = Look::WRITE_TEXTURE | Look::WRITE_COLOUR;
    /// The look of a cell never drawn: no look at all, so whatever the cell
    /// first shows differs from it and is flagged.
    const NEVER_DRAWN: Look = Look(u32::MAX >> 2);

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
struct Looks {
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
    fn draw(&self, look: Look, palette: &[Color]) -> (u32, Color) {
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

/// The tilemap's own record of what its tiles show: one [`Look`] a cell, in
/// the level's cell order, each flagged while its tile is still to be
/// written; the cells in view when it last marked; and the part of the map
/// it last wrote.
#[derive(Resource, Default)]
struct Drawn {
    looks: Vec<Look>,
    /// The map's height, and a new size since the regions were last drawn.
    height: usize,
    resized: bool,
    /// The regions across and down, and the tilemap of each live one, by
    /// `rx * down + ry`.
    regions: (usize, usize),
    live: Vec<Option<Entity>>,
    /// How many cells are flagged.
    flagged: usize,
    /// Cells were flagged since the last write.
    marked: bool,
    /// The cells around the camera when tiles were last written.
    written_around: Option<CellRect>,
    /// The cells in view last turn: a turn re-marks only these and the cells
    /// in view now.
    last_visible: Vec<usize>,
    /// The flagged cells around the camera, kept to reuse its allocation.
    scratch: Vec<usize>,
    // The looks by code, worked out once: a rewrite of every tile at 2048²
    // spent most of its time matching tiles and converting colours cell by
    // cell.
    table: Looks,
}

/// Work out what each cell should show and flag those whose look changed: a
/// new level or view looks at every cell, a turn only at the cells that came
/// into or went out of view. [`draw_tiles`] then draws the regions around the
/// camera.
fn mark_tiles(
    level: Res<CurrentLevel>,
    view: Res<MapView>,
    sight: SightParams,
    mut drawn: ResMut<Drawn>,
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
    let drawn = &mut *drawn;
    let map = &level.map;
    let (w, h) = (map.width(), map.height());
    if drawn.looks.len() != w * h || drawn.height != h {
        // A map of another size: its own regions, none of the old ones.
        drawn.looks.clear();
        drawn.looks.resize(w * h, Look::NEVER_DRAWN);
        drawn.flagged = 0;
        drawn.height = h;
        drawn.resized = true;
    }
    let visible = run.visible_cells();
    if !full && whole {
        // A turn while the whole map is on show changes no tile; skip building
        // the shown stage's tiles and provenance (costly for earlier stages).
        drawn.last_visible.clear();
        drawn.last_visible.extend_from_slice(visible);
        return;
    }
    let stage = view.stage_of(history);
    // What is drawn: another level (the comparison view), a stage of the
    // cave, or the level as it is.
    let shown = match (&view.instead, stage, history) {
        (Some(other), _, _) => std::borrow::Cow::Borrowed(other.map.tiles()),
        (None, Some(s), Some(history)) => std::borrow::Cow::Owned(history.tiles_at(s)),
        _ => std::borrow::Cow::Borrowed(map.tiles()),
    };
    // Only the overlay shows provenance, and it is kept packed: expand it only then.
    let provenance = match history {
        Some(history) if view.overlay && view.instead.is_none() => Some(match stage {
            Some(s) => history.provenance_at(s),
            None => history.provenances(),
        }),
        _ => None,
    };
    // Each case is its own loop, so the cell loop does no more than its case
    // needs.
    let table = &drawn.table;
    let plain = |i: usize| table.tile_index[shown[i] as usize];
    let mut marker = Marker {
        looks: &mut drawn.looks,
        flagged: drawn.flagged,
        changed: false,
    };
    // (A turn comes here only in play, which shows neither marks nor the whole map.)
    let in_play = |i: usize| Look::new(plain(i), run.cell_sight(i), 0);
    match (&view.instead, &provenance) {
        _ if !full => {
            // A run or a travel saw cells on the way that are out of view now.
            let on_the_way = run.first_seen_cells().iter().filter(|&&i| i < w * h);
            let cells = drawn.last_visible.iter().chain(visible).chain(on_the_way);
            marker.mark(cells.copied(), in_play)
        }
        (Some(other), _) => marker.mark(0..w * h, |i| {
            Look::new(plain(i), CellSight::Visible, Look::other(other.marks[i]))
        }),
        (None, Some(p)) => marker.mark(0..w * h, |i| {
            Look::new(plain(i), CellSight::Visible, Look::provenance(p[i]))
        }),
        (None, None) if whole => {
            marker.mark(0..w * h, |i| Look::new(plain(i), CellSight::Visible, 0))
        }
        (None, None) => marker.mark(0..w * h, in_play),
    }
    drawn.flagged = marker.flagged;
    drawn.marked |= marker.changed;
    drawn.last_visible.clear();
    drawn.last_visible.extend_from_slice(visible);
}

/// Flags the cells whose look changed, for writing.
struct Marker<'a> {
    looks: &'a mut [Look],
    flagged: usize,
    changed: bool,
}

impl Marker<'_> {
    fn mark(&mut self, cells: impl Iterator<Item = usize>, look: impl Fn(usize) -> Look) {
        for i in cells {
            let new = look(i).0;
            let old = &mut self.looks[i];
            let was = old.0 & !Look::TO_WRITE;
            // (A cell in view both before and now comes twice in a turn.)
            if was == new {
                continue;
            }
            let mut flags = old.0 & Look::TO_WRITE;
            if flags == 0 {
                self.flagged += 1;
            }
            if (was ^ new) & Look::TEXTURE_BITS != 0 {
                flags |= Look::WRITE_TEXTURE;
            }
            if (was ^ new) & Look::COLOUR_BITS != 0 {
                flags |= Look::WRITE_COLOUR;
            }
            *old = Look(new | flags);
            self.changed = true;
        }
    }
}

/// A rectangle of cells, `x0..x1` by `y0..y1` in map coordinates.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct CellRect {
    x0: usize,
    x1: usize,
    y0: usize,
    y1: usize,
}

impl CellRect {
    /// Does it share a cell with `region`?
    fn meets(&self, region: &Region) -> bool {
        self.x0 < region.x0 + region.w
            && region.x0 < self.x1
            && self.y0 < region.y0 + region.h
            && region.y0 < self.y1
    }

    /// `by` cells more each way, within a `w` × `h` map.
    fn grown(&self, by: usize, w: usize, h: usize) -> CellRect {
        CellRect {
            x0: self.x0.saturating_sub(by),
            x1: (self.x1 + by).min(w),
            y0: self.y0.saturating_sub(by),
            y1: (self.y1 + by).min(h),
        }
    }
}

/// Cells written beyond the edges of the view, so that a pan or a zoom shows
/// written tiles: a quarter of the view each side, and this many cells more.
const AROUND_VIEW_CELLS: f32 = 16.0;

/// The cells the camera shows, and a margin, on a `w` × `h` map.
fn cells_around(centre: Vec2, view_px: Vec2, scale: f32, w: usize, h: usize) -> CellRect {
    let half = view_px * scale * 0.75 + Vec2::splat(AROUND_VIEW_CELLS * TILE_PX);
    // A tile's centre is at (x, h - 1 - y) times the tile size.
    let lo = ((centre - half) / TILE_PX).floor();
    let hi = ((centre + half) / TILE_PX).ceil();
    let clamp = |v: f32, n: usize| (v.max(0.0) as usize).min(n);
    let (tx0, tx1) = (clamp(lo.x, w), clamp(hi.x + 1.0, w));
    let (ty0, ty1) = (clamp(lo.y, h), clamp(hi.y + 1.0, h));
    CellRect {
        x0: tx0,
        x1: tx1.max(tx0),
        y0: h - ty1.max(ty0),
        y1: h - ty0,
    }
}

/// Draw the map around the camera, after the camera has moved this frame:
/// spawn the regions it reaches (already showing each cell's look), despawn
/// those it has left far behind, and write the flagged tiles in view. Tiles
/// out of view keep their flags until they come into view. (Each tile
/// written or spawned is extracted to the render world and filed into its
/// chunk, about a microsecond and a half a tile in a real window: writing all
/// 4 million at 2048² took seconds.)
fn draw_tiles(
    mut commands: Commands,
    level: Res<CurrentLevel>,
    view: Res<MapView>,
    tileset: Res<Tileset>,
    camera: Query<(&Transform, &Projection), With<Camera2d>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    maps: Query<(&TileStorage, &Region), With<MineTilemap>>,
    mut tiles: Query<(&mut TileTextureIndex, &mut TileColor)>,
    mut drawn: ResMut<Drawn>,
) {
    let Ok((camera, projection)) = camera.single() else {
        return;
    };
    let (w, h) = (level.map.width(), level.map.height());
    if drawn.looks.len() != w * h {
        return;
    }
    let drawn = &mut *drawn;
    if std::mem::take(&mut drawn.resized) {
        for map in drawn.live.drain(..).flatten() {
            despawn_region(&mut commands, map, &maps);
        }
        drawn.regions = (w.div_ceil(REGION), h.div_ceil(REGION));
        drawn.live = vec![None; drawn.regions.0 * drawn.regions.1];
        drawn.written_around = None;
    }
    let around = cells_around(
        camera.translation.truncate(),
        viewport(&window),
        scale_of(projection),
        w,
        h,
    );
    if !drawn.marked && drawn.written_around == Some(around) {
        return;
    }
    drawn.marked = false;
    drawn.written_around = Some(around);
    let palette = view.instead.as_ref().map_or(&[][..], |o| &o.palette[..]);
    // Regions the view reaches are spawned; those a region's width beyond it
    // are kept, so panning to and fro at an edge doesn't respawn them.
    let kept = around.grown(REGION, w, h);
    let down = drawn.regions.1;
    // Every region spawned this frame, in one batch, so the tables are
    // reserved once (framing a whole 2048² map spawns 256 regions at once).
    let mut bundles = Vec::new();
    let mut spawned = Vec::new();
    for (k, live) in drawn.live.iter_mut().enumerate() {
        let region = region_at(k / down, k % down, w, h);
        match *live {
            Some(map) if !kept.meets(&region) => {
                despawn_region(&mut commands, map, &maps);
                *live = None;
            }
            None if around.meets(&region) => {
                let map = commands.spawn(Name::new("Level tilemap")).id();
                let first = bundles.len();
                region_tiles(
                    map,
                    region,
                    (&mut drawn.looks, h, &mut drawn.flagged),
                    &drawn.table,
                    palette,
                    &mut bundles,
                );
                spawned.push((map, region, first..bundles.len()));
                *live = Some(map);
            }
            _ => {}
        }
    }
    if !spawned.is_empty() {
        lay_regions(&mut commands, spawned, bundles, h, tileset.0.clone());
    }
    // The flagged cells in view, column by column (the level's order): all
    // in regions that were live before this frame, since a region is spawned
    // showing its cells and its flags are cleared.
    let mut cells = std::mem::take(&mut drawn.scratch);
    cells.clear();
    for x in around.x0..around.x1 {
        let column = x * h;
        for i in column + around.y0..column + around.y1 {
            if drawn.looks[i].0 & Look::TO_WRITE != 0 {
                cells.push(i);
            }
        }
    }
    for &i in &cells {
        let (x, y) = (i / h, i % h);
        let tile = drawn.live[(x / REGION) * down + y / REGION]
            .and_then(|map| maps.get(map).ok())
            .and_then(|(storage, region)| storage.get(&region.tile(x, y)));
        let look = &mut drawn.looks[i];
        if let Some(Ok((mut texture, mut colour))) = tile.map(|t| tiles.get_mut(t)) {
            // Reading through `Mut` doesn't mark a tile changed; only a real
            // change does, so only changed chunks are re-meshed.
            let (new_index, new_colour) = drawn.table.draw(Look(look.0 & !Look::TO_WRITE), palette);
            if look.0 & Look::WRITE_TEXTURE != 0 {
                texture.set_if_neq(TileTextureIndex(new_index));
            }
            if look.0 & Look::WRITE_COLOUR != 0 && colour.0 != new_colour {
                colour.0 = new_colour;
            }
        }
        look.0 &= !Look::TO_WRITE;
    }
    drawn.flagged -= cells.len();
    drawn.scratch = cells;
}

/// Region `(rx, ry)` of a `w` × `h` map: [`REGION`] cells square, smaller at
/// the right and bottom edges.
fn region_at(rx: usize, ry: usize, w: usize, h: usize) -> Region {
    let (x0, y0) = (rx * REGION, ry * REGION);
    Region {
        x0,
        y0,
        w: REGION.min(w - x0),
        h: REGION.min(h - y0),
    }
}

/// The tiles of `region`'s tilemap `map`, each showing its cell's look (the
/// cells' flags cleared), added to `bundles`.
fn region_tiles(
    map: Entity,
    region: Region,
    (looks, h, flagged): (&mut [Look], usize, &mut usize),
    table: &Looks,
    palette: &[Color],
    bundles: &mut Vec<TileBundle>,
) {
    for x in region.x0..region.x0 + region.w {
        for y in region.y0..region.y0 + region.h {
            let look = &mut looks[x * h + y];
            if look.0 & Look::TO_WRITE != 0 {
                look.0 &= !Look::TO_WRITE;
                *flagged -= 1;
            }
            let (index, colour) = table.draw(*look, palette);
            bundles.push(TileBundle {
                position: region.tile(x, y),
                texture_index: TileTextureIndex(index),
                color: TileColor(colour),
                tilemap_id: TilemapId(map),
                ..default()
            });
        }
    }
}

/// Spawn the tiles of the regions `spawned` (each its tilemap, its region and
/// its range of `bundles`) in one batch, so the tables are reserved once and
/// nothing is queued tile by tile, and make each region's tilemap.
fn lay_regions(
    commands: &mut Commands,
    spawned: Vec<(Entity, Region, std::ops::Range<usize>)>,
    bundles: Vec<TileBundle>,
    h: usize,
    texture: Handle<Image>,
) {
    commands.queue(move |world: &mut World| {
        let positions: Vec<TilePos> = bundles.iter().map(|b| b.position).collect();
        let tiles: Vec<Entity> = world.spawn_batch(bundles).collect();
        let tile_size = TilemapTileSize {
            x: TILE_PX,
            y: TILE_PX,
        };
        for (map, region, range) in spawned {
            let size = TilemapSize {
                x: region.w as u32,
                y: region.h as u32,
            };
            let mut storage = TileStorage::empty(size);
            for (position, tile) in positions[range.clone()].iter().zip(&tiles[range]) {
                storage.set(position, *tile);
            }
            // Where the region's tiles sit: map cell (x, y) is drawn at
            // (x, h - 1 - y) tiles from the origin, as one map of the whole
            // would.
            let origin = Vec3::new(
                region.x0 as f32 * TILE_PX,
                (h - region.y0 - region.h) as f32 * TILE_PX,
                0.0,
            );
            world.entity_mut(map).insert((
                MineTilemap,
                region,
                TilemapBundle {
                    grid_size: tile_size.into(),
                    map_type: TilemapType::Square,
                    size,
                    storage,
                    texture: TilemapTexture::Single(texture.clone()),
                    tile_size,
                    anchor: TilemapAnchor::None,
                    transform: Transform::from_translation(origin),
                    ..default()
                },
            ));
        }
    });
}

/// Despawn a region's tilemap and every tile of it.
fn despawn_region(
    commands: &mut Commands,
    map: Entity,
    maps: &Query<(&TileStorage, &Region), With<MineTilemap>>,
) {
    if let Ok((storage, _)) = maps.get(map) {
        for tile in storage.iter().flatten() {
            commands.entity(*tile).despawn();
        }
    }
    commands.entity(map).despawn();
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
