//! The level close up, drawn as bevy_ecs_tilemap tilemaps, one tile entity
//! per cell of the part of the map around the camera. Zoomed out past a cell
//! of a few pixels the far view (`far_view.rs`) draws the map instead,
//! and there are no tiles.
//!
//! The map is cut into square regions of `REGION` cells; each region near
//! the camera is a tilemap of its own, spawned when it comes near and
//! despawned (every tile with its map: bevy_ecs_tilemap #218, #566) when the
//! camera has gone far from it. What each cell should show is worked out in
//! the level's own arrays (`looks::CellLooks`): a region is spawned already showing
//! it, and in a live region only the tiles whose look changed are written.
//! So a new level, a stage or a view costs the tiles on screen, and the tile
//! entities (and what bevy_ecs_tilemap keeps for each in the render world)
//! are as many as the view needs, not the map.

use bevy::image::{TextureAtlasLayout, TextureAtlasPlugin};
use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;

use super::looks::{CellLooks, DrawMap, Look, Looks, TilesMissing};
use super::run::{CurrentLevel, Run};
use super::shared::{
    GameSet, MainCamera, MapFrame, MapView, SpriteAtlas, TILE_PX, TILESET_PATH, Tileset, index,
    is_far, scale_of,
};

/// The tilemap entity of the level.
#[derive(Component)]
pub(crate) struct MineTilemap;

/// The side of a region, in cells: each region near the camera is one
/// tilemap. Two of bevy_ecs_tilemap's 64-cell render chunks.
const REGION: usize = 128;

/// Which region of the map a tilemap draws, by its first cell (the region's
/// top left, in map coordinates) and its size in cells.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Region {
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
    #[cfg(test)]
    pub(crate) fn cell(&self, tile: &TilePos) -> crate::generation::Pos {
        crate::generation::Pos::new(
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
            TILESET_PNG,
        );
    app.init_resource::<Regions>()
        .init_resource::<TilesMissing>();
    app.add_systems(PreStartup, load_tileset).add_systems(
        Update,
        // Once the camera has moved, so the tiles drawn are those in view.
        draw_tiles
            .in_set(DrawMap)
            .after(GameSet::Camera)
            .before(GameSet::Hud)
            .run_if(resource_exists::<Run>),
    );
}

/// The tileset compiled into the binary, as Bevy's `embedded://` asset.
const EMBEDDED_TILESET: &str = "gnomish_mines/tiles.png";

/// The bytes of the tileset compiled into the binary.
pub(crate) const TILESET_PNG: &[u8] = include_bytes!("../../assets/tiles.png");

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

/// The tilemap's own record: the regions across and down, the tilemap of
/// each live one, and the part of the map it last wrote.
#[derive(Resource, Default)]
struct Regions {
    /// The map size it has regions for ([`CellLooks::size_changes`]).
    size_changes: u64,
    /// The regions across and down, and the tilemap of each live one, by
    /// `rx * down + ry`.
    across_down: (usize, usize),
    live: Vec<Option<Entity>>,
    /// The cells around the camera when tiles were last written.
    written_around: Option<CellRect>,
    /// The flagged cells around the camera, kept to reuse its allocation.
    scratch: Vec<usize>,
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
/// written tiles: a quarter of the view each side (at most
/// [`AROUND_VIEW_MAX_CELLS`]), and this many cells more.
const AROUND_VIEW_CELLS: f32 = 16.0;

/// The most cells of the quarter-view margin: zoomed out near the far view,
/// a quarter of the view would be regions more of tiles.
const AROUND_VIEW_MAX_CELLS: f32 = 32.0;

/// The cells the camera shows, and a margin, on a `w` × `h` map.
fn cells_around(centre: Vec2, view_px: Vec2, scale: f32, w: usize, h: usize) -> CellRect {
    let quarter = (view_px * scale * 0.25).min(Vec2::splat(AROUND_VIEW_MAX_CELLS * TILE_PX));
    let half = view_px * scale * 0.5 + quarter + Vec2::splat(AROUND_VIEW_CELLS * TILE_PX);
    cells_within(centre, half, w, h)
}

/// The cells within `half` world pixels each way of `centre`, on a `w` × `h`
/// map.
fn cells_within(centre: Vec2, half: Vec2, w: usize, h: usize) -> CellRect {
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

/// The most regions spawned in one frame: about 130,000 tiles, so coming
/// back from the far view to the close-up view spreads its tiles over a few
/// frames (the far view shows under them meanwhile) instead of stalling one.
/// Around the close-up view of a 1280 × 720 window there are at most six.
const REGIONS_A_FRAME: usize = 8;

/// Draw the map around the camera, after the camera has moved this frame:
/// spawn the regions it reaches (already showing each cell's look; those on
/// screen first, at most [`REGIONS_A_FRAME`]), despawn those it has left far
/// behind, and write the flagged tiles in view. Tiles out of view keep their
/// flags until they come into view. Zoomed out to the far view there are no
/// tiles at all. (Each tile written or spawned is extracted to the render
/// world and filed into its chunk, about a microsecond and a half a tile in
/// a real window: writing all 4 million at 2048² took seconds.)
fn draw_tiles(
    mut commands: Commands,
    level: Res<CurrentLevel>,
    view: Res<MapView>,
    tileset: Res<Tileset>,
    camera: Query<(&Transform, &Projection), With<MainCamera>>,
    frame: Res<MapFrame>,
    maps: Query<(&TileStorage, &Region), With<MineTilemap>>,
    mut tiles: Query<(&mut TileTextureIndex, &mut TileColor)>,
    mut cells: ResMut<CellLooks>,
    mut regions: ResMut<Regions>,
    mut missing: ResMut<TilesMissing>,
) {
    let Ok((camera, projection)) = camera.single() else {
        return;
    };
    let (w, h) = (level.map.width(), level.map.height());
    if cells.looks.len() != w * h {
        return;
    }
    let (cells, regions) = (&mut *cells, &mut *regions);
    if regions.size_changes != cells.size_changes || regions.live.is_empty() {
        regions.start_again(&mut commands, &maps, cells.size_changes, (w, h));
    }
    let scale = scale_of(projection);
    if is_far(scale) {
        // The far view draws the map: no tiles at all.
        regions.despawn_all(&mut commands, &maps);
        missing.set_if_neq(TilesMissing(false));
        return;
    }
    let centre = camera.translation.truncate();
    let around = cells_around(centre, frame.size, scale, w, h);
    if !cells.marked && regions.written_around == Some(around) {
        return;
    }
    cells.marked = false;
    let palette = view.instead.as_ref().map_or(&[][..], |o| &o.palette[..]);
    let on_screen = cells_within(centre, frame.size * scale * 0.5, w, h);
    let (wanted, later) =
        regions.despawn_far_and_list(&mut commands, &maps, around, on_screen, (w, h));
    regions.spawn(&mut commands, wanted, cells, palette, (w, h), &tileset.0);
    // Regions still to come: look again next frame, with the far view
    // showing where they will be.
    regions.written_around = (later == 0).then_some(around);
    missing.set_if_neq(TilesMissing(later > 0));
    regions.write_flagged(cells, around, &maps, &mut tiles, palette, h);
}

impl Regions {
    /// A map of another size (or the first): despawn every region and
    /// lay out the new map's, none live.
    fn start_again(
        &mut self,
        commands: &mut Commands,
        maps: &Query<(&TileStorage, &Region), With<MineTilemap>>,
        size_changes: u64,
        (w, h): (usize, usize),
    ) {
        for map in self.live.drain(..).flatten() {
            despawn_region(commands, map, maps);
        }
        self.size_changes = size_changes;
        self.across_down = (w.div_ceil(REGION), h.div_ceil(REGION));
        self.live = vec![None; self.across_down.0 * self.across_down.1];
        self.written_around = None;
    }

    /// Despawn every live region.
    fn despawn_all(
        &mut self,
        commands: &mut Commands,
        maps: &Query<(&TileStorage, &Region), With<MineTilemap>>,
    ) {
        self.written_around = None;
        for live in &mut self.live {
            if let Some(map) = live.take() {
                despawn_region(commands, map, maps);
            }
        }
    }

    /// Despawn the regions a region's width beyond `around` (so panning to
    /// and fro at an edge doesn't respawn them), and list those `around`
    /// reaches that are not live, those `on_screen` first: at most
    /// [`REGIONS_A_FRAME`], and how many more wait.
    fn despawn_far_and_list(
        &mut self,
        commands: &mut Commands,
        maps: &Query<(&TileStorage, &Region), With<MineTilemap>>,
        around: CellRect,
        on_screen: CellRect,
        (w, h): (usize, usize),
    ) -> (Vec<usize>, usize) {
        let kept = around.grown(REGION, w, h);
        let down = self.across_down.1;
        let mut wanted: Vec<usize> = Vec::new();
        for (k, live) in self.live.iter_mut().enumerate() {
            let region = region_at(k / down, k % down, w, h);
            match *live {
                Some(map) if !kept.meets(&region) => {
                    despawn_region(commands, map, maps);
                    *live = None;
                }
                None if around.meets(&region) => wanted.push(k),
                _ => {}
            }
        }
        wanted.sort_by_key(|&k| !on_screen.meets(&region_at(k / down, k % down, w, h)));
        let later = wanted.len().saturating_sub(REGIONS_A_FRAME);
        wanted.truncate(REGIONS_A_FRAME);
        (wanted, later)
    }

    /// Spawn the regions `wanted`, each showing its cells' looks, in one
    /// batch, so the tables are reserved once.
    fn spawn(
        &mut self,
        commands: &mut Commands,
        wanted: Vec<usize>,
        cells: &mut CellLooks,
        palette: &[Color],
        (w, h): (usize, usize),
        texture: &Handle<Image>,
    ) {
        let down = self.across_down.1;
        let mut bundles = Vec::new();
        let mut spawned = Vec::new();
        for k in wanted {
            let region = region_at(k / down, k % down, w, h);
            let map = commands.spawn(Name::new("Level tilemap")).id();
            let first = bundles.len();
            region_tiles(
                map,
                region,
                (&mut cells.looks, h),
                &cells.table,
                palette,
                &mut bundles,
            );
            spawned.push((map, region, first..bundles.len()));
            self.live[k] = Some(map);
        }
        if !spawned.is_empty() {
            lay_regions(commands, spawned, bundles, h, texture.clone());
        }
    }

    /// Write the flagged cells in view of a map `h` cells high, column by column (the level's
    /// order): all in regions that were live before this frame (or not live
    /// yet), since a region is spawned showing its cells and its flags are
    /// cleared.
    fn write_flagged(
        &mut self,
        cells: &mut CellLooks,
        around: CellRect,
        maps: &Query<(&TileStorage, &Region), With<MineTilemap>>,
        tiles: &mut Query<(&mut TileTextureIndex, &mut TileColor)>,
        palette: &[Color],
        h: usize,
    ) {
        let down = self.across_down.1;
        let mut flagged = std::mem::take(&mut self.scratch);
        flagged.clear();
        for x in around.x0..around.x1 {
            let column = x * h;
            for i in column + around.y0..column + around.y1 {
                if cells.looks[i].0 & Look::TO_WRITE != 0 {
                    flagged.push(i);
                }
            }
        }
        for &i in &flagged {
            let (x, y) = (i / h, i % h);
            let tile = self.live[(x / REGION) * down + y / REGION]
                .and_then(|map| maps.get(map).ok())
                .and_then(|(storage, region)| storage.get(&region.tile(x, y)));
            let look = &mut cells.looks[i];
            if let Some(Ok((mut texture, mut colour))) = tile.map(|t| tiles.get_mut(t)) {
                // Reading through `Mut` doesn't mark a tile changed; only a real
                // change does, so only changed chunks are re-meshed.
                let (new_index, new_colour) = cells.table.draw(look.shown(), palette);
                if look.0 & Look::WRITE_TEXTURE != 0 {
                    texture.set_if_neq(TileTextureIndex(new_index));
                }
                if look.0 & Look::WRITE_COLOUR != 0 && colour.0 != new_colour {
                    colour.0 = new_colour;
                }
            }
            look.0 &= !Look::TO_WRITE;
        }
        self.scratch = flagged;
    }
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
    (looks, h): (&mut [Look], usize),
    table: &Looks,
    palette: &[Color],
    bundles: &mut Vec<TileBundle>,
) {
    for x in region.x0..region.x0 + region.w {
        for y in region.y0..region.y0 + region.h {
            let look = &mut looks[x * h + y];
            look.0 &= !Look::TO_WRITE;
            let (index, colour) = table.draw(look.shown(), palette);
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
                super::shared::z::TILES,
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
