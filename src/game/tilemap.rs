//! The level drawn as a bevy_ecs_tilemap tilemap, one tile entity per cell.
//!
//! Tiles are spawned once and updated in place; only a change of map size
//! respawns them, and then every tile entity is despawned with its map
//! (bevy_ecs_tilemap #218, #566). What each cell should show is worked out
//! in the level's own arrays ([`Drawn`]), and only the tiles around the camera
//! whose look changed are written, so a new level, a stage or a view costs
//! the tiles on screen, not the map, and only their chunks are re-meshed.

use bevy::image::{TextureAtlasLayout, TextureAtlasPlugin};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_ecs_tilemap::prelude::*;

use super::run::{CurrentLevel, Run};
use super::shared::{
    GameSet, MapView, PlayMode, Reveal, SpriteAtlas, TILE_PX, TILESET_PATH, Tileset, index,
    provenance_colour, scale_of, sight_colour, tile_look, tile_pos, viewport, whole_map_shown,
};
use crate::dungeon::CellSight;
use crate::generation::{Pos, Provenance, Tile};

/// The tilemap entity of the level.
#[derive(Component)]
pub(crate) struct MineTilemap;

/// Tiles were (re)spawned this frame and are still blank: draw them all. A
/// flag, not an `Added<TilePos>` query, because asking a query whether any
/// tile was added visits every tile, every frame.
#[derive(Resource, Default)]
struct FreshTiles(bool);

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
    app.init_resource::<FreshTiles>().init_resource::<Drawn>();
    app.add_systems(PreStartup, load_tileset).add_systems(
        Update,
        (
            (spawn_tiles, mark_tiles).chain().in_set(GameSet::View),
            // Once the camera has moved, so the tiles written are those in view.
            write_tiles
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

/// Spawn the tilemap for the first level, or respawn it if the map size changed.
fn spawn_tiles(
    mut commands: Commands,
    level: Res<CurrentLevel>,
    tileset: Res<Tileset>,
    mut fresh: ResMut<FreshTiles>,
    maps: Query<(Entity, &TileStorage, &TilemapSize), With<MineTilemap>>,
) {
    let size = TilemapSize {
        x: level.map.width() as u32,
        y: level.map.height() as u32,
    };
    let mut old = Vec::new();
    if let Ok((map, storage, old_size)) = maps.single() {
        if *old_size == size {
            return;
        }
        old.extend(storage.iter().flatten().copied());
        old.push(map);
    }
    fresh.0 = true;
    let texture = tileset.0.clone();
    commands.queue(move |world: &mut World| {
        for entity in old {
            world.despawn(entity);
        }
        lay_tiles(world, size, texture);
    });
}

/// Spawn the tilemap and its tiles, in one batch: the tables are reserved
/// once, and nothing is queued tile by tile (4 million spawn commands queued
/// one by one took half a gigabyte at 2048²).
fn lay_tiles(world: &mut World, size: TilemapSize, texture: Handle<Image>) {
    let map = world.spawn(Name::new("Level tilemap")).id();
    // In the level's own cell order (column by column, top down), so that a
    // walk over the tiles in the order they were spawned reads the level's
    // cells one after another.
    let h = size.y;
    let at = move |k: u32| TilePos {
        x: k / h,
        y: h - 1 - k % h,
    };
    let tiles: Vec<Entity> = world
        .spawn_batch((0..size.x * size.y).map(|k| TileBundle {
            position: at(k),
            tilemap_id: TilemapId(map),
            ..default()
        }))
        .collect();
    let mut storage = TileStorage::empty(size);
    for (k, tile) in (0..).zip(tiles) {
        storage.set(&at(k), tile);
    }
    let tile_size = TilemapTileSize {
        x: TILE_PX,
        y: TILE_PX,
    };
    world.entity_mut(map).insert((
        MineTilemap,
        TilemapBundle {
            grid_size: tile_size.into(),
            map_type: TilemapType::Square,
            size,
            storage,
            texture: TilemapTexture::Single(texture),
            tile_size,
            anchor: TilemapAnchor::None,
            ..default()
        },
    ));
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
    /// What a tile spawned this frame shows: no look at all.
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
}

impl Default for Looks {
    fn default() -> Self {
        Looks::new()
    }
}

impl Looks {
    fn new() -> Self {
        let mut tile_index = [0; 256];
        for t in Tile::EVERY {
            tile_index[t as usize] = tile_look(t, None).0;
        }
        let provenance = std::array::from_fn(|code| {
            provenance_colour(match code as u8 {
                0 => Provenance::UNTOUCHED,
                1 => Provenance::FILL,
                2 => Provenance::CORRIDOR,
                3 => Provenance::ERASED,
                u8::MAX => Provenance::BUILT,
                c => Provenance::pass(c as usize - 4),
            })
        });
        Looks {
            tile_index,
            provenance,
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
        (index, sight_colour(colour, look.sight()))
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
    /// How many cells are flagged.
    flagged: usize,
    /// Cells were flagged since the last write.
    marked: bool,
    /// The cells around the camera when tiles were last written.
    written_around: Option<CellRect>,
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
/// into or went out of view. [`write_tiles`] then writes the flagged tiles
/// around the camera.
fn mark_tiles(
    level: Res<CurrentLevel>,
    view: Res<MapView>,
    sight: SightParams,
    mut fresh: ResMut<FreshTiles>,
    mut drawn: ResMut<Drawn>,
) {
    let run = &sight.run;
    let history = level.history();
    let whole = whole_map_shown(*sight.reveal, &view, history, *sight.mode.get());
    let respawned = std::mem::take(&mut fresh.0);
    let full = level.is_changed()
        || view.is_changed()
        || sight.reveal.is_changed()
        || sight.mode.is_changed()
        || respawned;
    if !full && !run.is_changed() {
        return;
    }
    let drawn = &mut *drawn;
    let map = &level.map;
    let (w, h) = (map.width(), map.height());
    if respawned || drawn.looks.len() != w * h {
        drawn.looks.clear();
        drawn.looks.resize(w * h, Look::NEVER_DRAWN);
        drawn.flagged = 0;
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
        _ if !full => marker.mark(drawn.last_visible.iter().chain(visible).copied(), in_play),
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
    fn contains(&self, x: usize, y: usize) -> bool {
        (self.x0..self.x1).contains(&x) && (self.y0..self.y1).contains(&y)
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

/// Write the flagged tiles around the camera, after the camera has moved this
/// frame. Tiles out of view keep their flags until they come into view: the
/// renderer draws only what is in view, so a new level or view costs the
/// tiles on screen, not the map. (Each written tile is extracted to the
/// render world and its chunk re-meshed, about a microsecond and a half a
/// tile in a real window: writing all 4 million at 2048² took seconds.)
fn write_tiles(
    level: Res<CurrentLevel>,
    view: Res<MapView>,
    camera: Query<(&Transform, &Projection), With<Camera2d>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    maps: Query<&TileStorage, With<MineTilemap>>,
    mut tiles: Query<(&TilePos, &mut TileTextureIndex, &mut TileColor)>,
    mut drawn: ResMut<Drawn>,
) {
    let (Ok((camera, projection)), Ok(storage)) = (camera.single(), maps.single()) else {
        return;
    };
    let map = &level.map;
    let (w, h) = (map.width(), map.height());
    if drawn.flagged == 0 || drawn.looks.len() != w * h {
        return;
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
    let drawn = &mut *drawn;
    drawn.marked = false;
    drawn.written_around = Some(around);
    // The flagged cells around the camera, column by column (the level's order).
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
    let palette = view.instead.as_ref().map_or(&[][..], |o| &o.palette[..]);
    let (looks, table) = (&drawn.looks, &drawn.table);
    // Write a flagged tile. Reading through `Mut` doesn't mark a tile changed;
    // only a real change does, so only changed chunks are re-meshed.
    let write = |pos: &TilePos, mut texture: Mut<TileTextureIndex>, mut colour: Mut<TileColor>| {
        let (x, y) = (pos.x as usize, h - 1 - pos.y as usize);
        if !around.contains(x, y) {
            return;
        }
        let look = looks[map.index(Pos::new(x as i32, y as i32))];
        if look.0 & Look::TO_WRITE == 0 {
            return;
        }
        let (new_index, new_colour) = table.draw(Look(look.0 & !Look::TO_WRITE), palette);
        if look.0 & Look::WRITE_TEXTURE != 0 {
            texture.set_if_neq(TileTextureIndex(new_index));
        }
        if look.0 & Look::WRITE_COLOUR != 0 && colour.0 != new_colour {
            colour.0 = new_colour;
        }
    };
    if cells.len() > w * h / WALK_ALL_FROM {
        // Many (the whole map in view): walk every tile.
        tiles
            .par_iter_mut()
            .for_each(|(pos, texture, colour)| write(pos, texture, colour));
    } else {
        // Few: find each flagged cell's tile.
        for &i in &cells {
            let Some(entity) = storage.get(&tile_pos(map.pos(i), h)) else {
                continue;
            };
            if let Ok((pos, texture, colour)) = tiles.get_mut(entity) {
                write(pos, texture, colour);
            }
        }
    }
    for &i in &cells {
        drawn.looks[i].0 &= !Look::TO_WRITE;
    }
    drawn.flagged -= cells.len();
    drawn.scratch = cells;
}

/// Past one cell in this many flagged in view, the tiles are written by
/// walking every tile rather than finding each flagged one. Measured at 2048²
/// (`benches/game.rs`): walking all 4 million tiles costs about 11 ns a tile,
/// finding one tile through the tile storage about 130 ns (each look-up
/// misses the cache), so finding one by one pays below about one cell in
/// twelve.
const WALK_ALL_FROM: usize = 12;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_look_draws_as_the_looks_and_sight_do() {
        let looks = Looks::new();
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
                    (want.0, sight_colour(want.1, sight)),
                    "{t:?} {sight:?}"
                );
                for &p in &provenances {
                    let want = tile_look(t, Some(provenance_colour(p)));
                    assert_eq!(
                        looks.draw(looks.look(t, Some(p), 0, sight), &palette),
                        (want.0, sight_colour(want.1, sight)),
                        "{t:?} {p:?} {sight:?}"
                    );
                }
                for (m, &colour) in palette.iter().enumerate() {
                    let want = tile_look(t, Some(colour));
                    assert_eq!(
                        looks.draw(looks.look(t, None, m as u8 + 1, sight), &palette),
                        (want.0, sight_colour(want.1, sight)),
                        "{t:?} mark {m} {sight:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn looks_differ_where_the_drawing_does_and_never_look_undrawn() {
        let looks = Looks::new();
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
