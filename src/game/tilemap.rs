//! The level drawn as a bevy_ecs_tilemap tilemap, one tile entity per cell.
//!
//! Tiles are spawned once and updated in place when the level, the stage shown or
//! the overlay changes; only a change of map size respawns them, and then every
//! tile entity is despawned with its map (bevy_ecs_tilemap #218, #566).

use bevy::image::{TextureAtlas, TextureAtlasLayout, TextureAtlasPlugin};
use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;

use super::camera::CameraMode;
use super::level::{CurrentLevel, Mines};
use super::overlay::provenance_colour;
use super::sight::{Reveal, sight_colour, whole_map_shown};
use super::{GameConfig, GameSet, TILE_PX};
use crate::generation::{Provenance, Stage, Tile};

/// Tile indices in `assets/tiles.png` (documented in the README's tileset section).
pub mod index {
    pub const ROCK: u32 = 0;
    pub const FLOOR: u32 = 1;
    pub const WALL_H: u32 = 2;
    pub const WALL_V: u32 = 3;
    pub const WALL_CORNER: u32 = 4;
    pub const UP_STAIRS: u32 = 5;
    pub const DOWN_STAIRS: u32 = 6;
    pub const PLAYER: u32 = 7;
    pub const SOLID: u32 = 8;
    /// Tiles per row; the overlay look of tile `i` is `i + OVERLAY`.
    pub const OVERLAY: u32 = 9;
    /// Sprites, white on transparent, tinted per kind: `G`, `h` and `*`.
    pub const GLYPH_G: u32 = 18;
    pub const GLYPH_H: u32 = 19;
    pub const GLYPH_STAR: u32 = 20;
    pub const COLUMNS: u32 = 9;
    pub const ROWS: u32 = 3;
}

/// The tileset cut into sprites, for the player, monsters and items.
#[derive(Resource, Clone)]
pub struct SpriteAtlas(pub Handle<TextureAtlasLayout>);

/// A sprite of tile `index`, tinted `colour`.
pub fn sprite(tileset: &Tileset, atlas: &SpriteAtlas, index: u32, colour: Color) -> Sprite {
    let mut sprite = Sprite::from_atlas_image(
        tileset.0.clone(),
        TextureAtlas {
            layout: atlas.0.clone(),
            index: index as usize,
        },
    );
    sprite.color = colour;
    sprite
}

pub const TILESET_PATH: &str = "tiles.png";

pub fn tile_index(tile: Tile) -> u32 {
    match tile {
        Tile::Rock => index::ROCK,
        Tile::Floor => index::FLOOR,
        Tile::WallH => index::WALL_H,
        Tile::WallV => index::WALL_V,
        Tile::WallCorner => index::WALL_CORNER,
        Tile::UpStairs => index::UP_STAIRS,
        Tile::DownStairs => index::DOWN_STAIRS,
    }
}

/// What the map shows: which stage, and whether the provenance overlay is on.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MapView {
    pub stage: Stage,
    pub overlay: bool,
}

/// The tilemap entity of the level.
#[derive(Component)]
pub struct MineTilemap;

/// The tileset image, loaded through the AssetServer.
#[derive(Resource, Clone)]
pub struct Tileset(pub Handle<Image>);

pub fn plugin(app: &mut App) {
    if !app.is_plugin_added::<TextureAtlasPlugin>() {
        app.add_plugins(TextureAtlasPlugin);
    }
    app.add_systems(PreStartup, (load_tileset, init_view))
        .add_systems(
            Update,
            (spawn_tiles, sync_tiles).chain().in_set(GameSet::View),
        );
}

fn load_tileset(
    mut commands: Commands,
    assets: Res<AssetServer>,
    mut layouts: ResMut<Assets<TextureAtlasLayout>>,
) {
    commands.insert_resource(Tileset(assets.load(TILESET_PATH)));
    commands.insert_resource(SpriteAtlas(layouts.add(TextureAtlasLayout::from_grid(
        UVec2::splat(TILE_PX as u32),
        index::COLUMNS,
        index::ROWS,
        None,
        None,
    ))));
}

fn init_view(mut commands: Commands, config: Res<GameConfig>) {
    commands.insert_resource(MapView {
        stage: config.stage,
        overlay: config.overlay,
    });
}

/// The map position of a cell: level rows grow downward, tile rows upward.
pub fn tile_pos(x: usize, y: usize, height: usize) -> TilePos {
    TilePos {
        x: x as u32,
        y: (height - 1 - y) as u32,
    }
}

/// World position of the centre of cell (x, y).
pub fn cell_centre(x: i64, y: i64, height: usize) -> Vec2 {
    Vec2::new(x as f32 * TILE_PX, (height as i64 - 1 - y) as f32 * TILE_PX)
}

/// Spawn the tilemap for the first level, or respawn it if the map size changed.
fn spawn_tiles(
    mut commands: Commands,
    level: Option<Res<CurrentLevel>>,
    tileset: Res<Tileset>,
    mut maps: Query<(Entity, &mut TileStorage, &TilemapSize), With<MineTilemap>>,
) {
    let Some(level) = level else { return };
    let size = TilemapSize {
        x: level.width() as u32,
        y: level.height() as u32,
    };
    if let Ok((map, mut storage, old)) = maps.single_mut() {
        if *old == size {
            return;
        }
        for tile in storage.iter_mut().flatten() {
            commands.entity(*tile).despawn();
        }
        commands.entity(map).despawn();
    }
    let map = commands.spawn_empty().id();
    let mut storage = TileStorage::empty(size);
    for x in 0..size.x {
        for y in 0..size.y {
            let position = TilePos { x, y };
            let tile = commands
                .spawn(TileBundle {
                    position,
                    tilemap_id: TilemapId(map),
                    ..default()
                })
                .id();
            storage.set(&position, tile);
        }
    }
    let tile_size = TilemapTileSize {
        x: TILE_PX,
        y: TILE_PX,
    };
    commands.entity(map).insert((
        MineTilemap,
        TilemapBundle {
            grid_size: tile_size.into(),
            map_type: TilemapType::Square,
            size,
            storage,
            texture: TilemapTexture::Single(tileset.0.clone()),
            tile_size,
            anchor: TilemapAnchor::None,
            ..default()
        },
    ));
}

/// What the views need to know about the run to draw a cell.
#[derive(bevy::ecs::system::SystemParam)]
pub struct SightParams<'w> {
    pub mines: Option<Res<'w, Mines>>,
    pub reveal: Res<'w, Reveal>,
    pub mode: Res<'w, CameraMode>,
}

impl SightParams<'_> {
    /// Did the run, the reveal or the camera mode change since the system last ran?
    pub fn changed(&self) -> bool {
        self.mines.as_ref().is_some_and(|m| m.is_changed())
            || self.reveal.is_changed()
            || self.mode.is_changed()
    }
}

/// Bring every tile's texture and colour up to date with the level, the view and
/// what the player sees. A new level or view rewrites every tile; a turn only the
/// cells that came into or went out of view. Only real changes are written, so
/// only changed chunks are re-meshed.
pub fn sync_tiles(
    level: Option<Res<CurrentLevel>>,
    view: Res<MapView>,
    sight: SightParams,
    new_tiles: Query<(), Added<TilePos>>,
    maps: Query<&TileStorage, With<MineTilemap>>,
    mut tiles: Query<(&TilePos, &mut TileTextureIndex, &mut TileColor)>,
    mut last_visible: Local<Vec<usize>>,
) {
    let (Some(level), Some(mines)) = (level, sight.mines.as_ref()) else {
        return;
    };
    let whole = whole_map_shown(*sight.reveal, &view, *sight.mode);
    let full = level.is_changed()
        || view.is_changed()
        || sight.reveal.is_changed()
        || sight.mode.is_changed()
        || !new_tiles.is_empty();
    if !full && !mines.is_changed() {
        return;
    }
    if !full && whole {
        // A turn while the whole map is on show changes no tile; skip building
        // the shown stage's tiles and provenance (costly for earlier stages).
        last_visible.clear();
        last_visible.extend_from_slice(mines.visible_cells());
        return;
    }
    let (w, h) = (level.width(), level.height());
    let shown = level.tiles_at(view.stage);
    // Only the overlay shows provenance, and it is kept packed: expand it only then.
    let provenance = view.overlay.then(|| level.provenance_at(view.stage));
    let look = |i: usize| {
        let p = provenance.as_ref().map_or(Provenance::Untouched, |p| p[i]);
        let (index, colour) = tile_look(shown[i], p, view.overlay);
        if whole {
            (index, colour)
        } else {
            (index, sight_colour(colour, mines.cell_sight(i)))
        }
    };
    // Mut, not &mut: reading doesn't mark a tile changed, so unchanged chunks
    // are not re-meshed.
    let write = |pos: &TilePos, mut texture: Mut<TileTextureIndex>, mut colour: Mut<TileColor>| {
        let (x, y) = (pos.x as usize, h - 1 - pos.y as usize);
        if x >= w || y >= h {
            return;
        }
        let (new_index, new_colour) = look(level.cell_index(x, y));
        texture.set_if_neq(TileTextureIndex(new_index));
        if colour.0 != new_colour {
            colour.0 = new_colour;
        }
    };
    let visible = mines.visible_cells();
    if full {
        for (pos, texture, colour) in &mut tiles {
            write(pos, texture, colour);
        }
    } else if let Ok(storage) = maps.single() {
        // A turn: the cells that left the view and those now in it.
        for &i in last_visible.iter().chain(visible) {
            let (x, y) = (i / h, i % h);
            let Some(entity) = storage.get(&tile_pos(x, y, h)) else {
                continue;
            };
            if let Ok((pos, texture, colour)) = tiles.get_mut(entity) {
                write(pos, texture, colour);
            }
        }
    }
    last_visible.clear();
    last_visible.extend_from_slice(visible);
}

/// The texture index and tint of one cell.
pub fn tile_look(tile: Tile, provenance: Provenance, overlay: bool) -> (u32, Color) {
    if overlay {
        (
            tile_index(tile) + index::OVERLAY,
            provenance_colour(provenance),
        )
    } else {
        (tile_index(tile), Color::WHITE)
    }
}
