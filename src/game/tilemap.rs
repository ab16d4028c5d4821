//! The level drawn as a bevy_ecs_tilemap tilemap, one tile entity per cell.
//!
//! Tiles are spawned once and updated in place when the level, the stage shown or
//! the overlay changes; only a change of map size respawns them, and then every
//! tile entity is despawned with its map (bevy_ecs_tilemap #218, #566).

use bevy::image::{TextureAtlasLayout, TextureAtlasPlugin};
use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;

use super::run::{CurrentLevel, Run};
use super::shared::{
    GameSet, MapView, PlayMode, Reveal, SpriteAtlas, TILE_PX, TILESET_PATH, Tileset, index,
    provenance_colour, sight_colour, tile_look, tile_pos, whole_map_shown,
};
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
    app.init_resource::<FreshTiles>();
    app.add_systems(PreStartup, load_tileset).add_systems(
        Update,
        (spawn_tiles, sync_tiles).chain().in_set(GameSet::View),
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
    mut maps: Query<(Entity, &mut TileStorage, &TilemapSize), With<MineTilemap>>,
) {
    let size = TilemapSize {
        x: level.map.width() as u32,
        y: level.map.height() as u32,
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
    fresh.0 = true;
    let map = commands.spawn(Name::new("Level tilemap")).id();
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

    /// [`tile_look`] of `tile` with `mark`.
    fn tile(&self, tile: Tile, mark: Option<Color>) -> (u32, Color) {
        let plain = self.tile_index[tile as usize];
        match mark {
            Some(colour) => (plain + index::OVERLAY, colour),
            None => (plain, Color::WHITE),
        }
    }

    /// [`provenance_colour`] of `p`.
    fn provenance(&self, p: Provenance) -> Color {
        self.provenance[p.code() as usize]
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

/// Bring every tile's texture and colour up to date with the level, the view and
/// what the player sees. A new level or view rewrites every tile; a turn only the
/// cells that came into or went out of view. Only real changes are written, so
/// only changed chunks are re-meshed.
fn sync_tiles(
    level: Res<CurrentLevel>,
    view: Res<MapView>,
    sight: SightParams,
    mut fresh: ResMut<FreshTiles>,
    maps: Query<&TileStorage, With<MineTilemap>>,
    mut tiles: Query<(&TilePos, &mut TileTextureIndex, &mut TileColor)>,
    mut last_visible: Local<Vec<usize>>,
    // The looks by code, worked out once: a rewrite of every tile at 2048²
    // spent most of its time matching tiles and converting colours cell by
    // cell.
    looks: Local<Looks>,
) {
    let run = &sight.run;
    let history = level.history();
    let whole = whole_map_shown(*sight.reveal, &view, history, *sight.mode.get());
    let full = level.is_changed()
        || view.is_changed()
        || sight.reveal.is_changed()
        || sight.mode.is_changed()
        || std::mem::take(&mut fresh.0);
    if !full && !run.is_changed() {
        return;
    }
    if !full && whole {
        // A turn while the whole map is on show changes no tile; skip building
        // the shown stage's tiles and provenance (costly for earlier stages).
        last_visible.clear();
        last_visible.extend_from_slice(run.visible_cells());
        return;
    }
    let map = &level.map;
    let (w, h) = (map.width(), map.height());
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
    let look = |i: usize| {
        let mark = match &view.instead {
            Some(other) => other.marks[i],
            None => provenance.as_ref().map(|p| looks.provenance(p[i])),
        };
        let (index, colour) = looks.tile(shown[i], mark);
        if whole {
            (index, colour)
        } else {
            (index, sight_colour(colour, run.cell_sight(i)))
        }
    };
    // Mut, not &mut: reading doesn't mark a tile changed, so unchanged chunks
    // are not re-meshed.
    let write = |pos: &TilePos, mut texture: Mut<TileTextureIndex>, mut colour: Mut<TileColor>| {
        let (x, y) = (pos.x as usize, h - 1 - pos.y as usize);
        if x >= w || y >= h {
            return;
        }
        let (new_index, new_colour) = look(map.index(Pos::new(x as i32, y as i32)));
        texture.set_if_neq(TileTextureIndex(new_index));
        if colour.0 != new_colour {
            colour.0 = new_colour;
        }
    };
    let visible = run.visible_cells();
    if full {
        for (pos, texture, colour) in &mut tiles {
            write(pos, texture, colour);
        }
    } else if let Ok(storage) = maps.single() {
        // A turn: the cells that left the view and those now in it.
        for &i in last_visible.iter().chain(visible) {
            let Some(entity) = storage.get(&tile_pos(map.pos(i), h)) else {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_looks_table_answers_as_the_looks_do() {
        let looks = Looks::new();
        let mark = Some(Color::srgb_u8(1, 2, 3));
        for t in Tile::EVERY {
            assert_eq!(looks.tile(t, None), tile_look(t, None), "{t:?}");
            assert_eq!(looks.tile(t, mark), tile_look(t, mark), "{t:?}");
        }
        let mut codes = vec![
            Provenance::UNTOUCHED,
            Provenance::FILL,
            Provenance::CORRIDOR,
            Provenance::ERASED,
            Provenance::BUILT,
        ];
        codes.extend((0..251).map(Provenance::pass));
        for p in codes {
            assert_eq!(looks.provenance(p), provenance_colour(p), "{p:?}");
        }
    }
}
