//! The other way to draw a whole big map that the far-view issue asked to
//! measure: Bevy 0.19's own `TilemapChunk` (a mesh and a data texture a
//! chunk, each cell's tile looked up in the fragment shader), with the whole
//! map drawn by it, one chunk of 128 × 128 cells at a time.
//!
//! It opens a window on `--size` (default 2048) square level of seed 1, as fly
//! mode shows it (every cell seen), first close up for `--frames` frames, then
//! framed whole, as `Home` does, for as many more, and prints the frame times
//! (each frame's wall time) and the peak resident memory, to set beside
//! `tools/frame_times.py`'s figures for the game's far view. Measured in
//! docs/performance.md ("The far view"); run it under Xvfb:
//!
//!     xvfb-run -a -s "-screen 0 1280x720x24" cargo run --example tilemap_chunk -- --size 2048

use std::time::{Duration, Instant};

use bevy::image::{ImageSampler, ImageType};
use bevy::prelude::*;
use bevy::sprite_render::{AlphaMode2d, TileData, TilemapChunk, TilemapChunkTileData};
use bevy::window::{ExitCondition, WindowResolution};
use gnomish_mines::dungeon::{Dungeon, RunSetup};

/// The side of a chunk, in cells, as the game's regions.
const CHUNK: usize = 128;
const TILE_PX: f32 = 16.0;

#[derive(Resource)]
struct Plan {
    side: usize,
    frames: usize,
    times: Vec<Duration>,
    last: Option<Instant>,
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |flag: &str, default: usize| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let side = value("--size", 2048);
    let frames = value("--frames", 150);
    App::new()
        .add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(Window {
                        title: "TilemapChunk".into(),
                        resolution: WindowResolution::new(1280, 720),
                        ..default()
                    }),
                    exit_condition: ExitCondition::OnPrimaryClosed,
                    ..default()
                })
                .set(ImagePlugin::default_nearest()),
        )
        .insert_resource(Plan {
            side,
            frames,
            times: Vec::new(),
            last: None,
        })
        .add_systems(Startup, lay_chunks)
        .add_systems(Update, (time_frames, frame_whole_map).chain())
        .run();
}

/// The game's tileset as an array texture, a layer a tile, as `TilemapChunk`
/// wants it.
fn tileset_array() -> Image {
    let sheet = Image::from_buffer(
        include_bytes!("../assets/tiles.png"),
        ImageType::Extension("png"),
        default(),
        true,
        ImageSampler::nearest(),
        default(),
    )
    .expect("the tileset decodes");
    let (w, h) = (sheet.width() as usize, sheet.height() as usize);
    let side = TILE_PX as usize;
    let (columns, rows) = (w / side, h / side);
    let data = sheet.data.as_ref().unwrap();
    // The tiles one above another, in index order.
    let mut strip = Vec::with_capacity(data.len());
    for tile in 0..columns * rows {
        let (cx, cy) = (tile % columns, tile / columns);
        for y in 0..side {
            let row = ((cy * side + y) * w + cx * side) * 4;
            strip.extend_from_slice(&data[row..row + side * 4]);
        }
    }
    let mut array = sheet.clone();
    array.data = Some(strip);
    array.texture_descriptor.size.width = side as u32;
    array.texture_descriptor.size.height = (side * columns * rows) as u32;
    array
        .reinterpret_stacked_2d_as_array((columns * rows) as u32)
        .expect("a strip of square tiles");
    array
}

fn lay_chunks(mut commands: Commands, plan: Res<Plan>, mut images: ResMut<Assets<Image>>) {
    let run = Dungeon::new(1, RunSetup::sized(plan.side, plan.side)).expect("a level");
    let map = run.map();
    let (w, h) = (map.width(), map.height());
    let tiles = map.tiles();
    let tileset = images.add(tileset_array());
    for x0 in (0..w).step_by(CHUNK) {
        for y0 in (0..h).step_by(CHUNK) {
            // A chunk is filled row by row from its top, as the map is drawn.
            let mut data = Vec::with_capacity(CHUNK * CHUNK);
            for y in y0..y0 + CHUNK {
                for x in x0..x0 + CHUNK {
                    data.push(
                        (x < w && y < h).then(|| {
                            TileData::from_tileset_index(tiles[x * h + y].row().look as u16)
                        }),
                    );
                }
            }
            let centre = Vec2::new(
                (x0 as f32 + CHUNK as f32 / 2.0) * TILE_PX,
                (h as f32 - y0 as f32 - CHUNK as f32 / 2.0) * TILE_PX,
            );
            commands.spawn((
                TilemapChunk {
                    chunk_size: UVec2::splat(CHUNK as u32),
                    tile_display_size: UVec2::splat(TILE_PX as u32),
                    tileset: tileset.clone(),
                    alpha_mode: AlphaMode2d::Opaque,
                },
                TilemapChunkTileData(data),
                Transform::from_translation(centre.extend(0.0)),
            ));
        }
    }
    commands.spawn((
        Camera2d,
        Transform::from_xyz(640.0, h as f32 * TILE_PX - 360.0, 100.0),
    ));
}

fn time_frames(mut plan: ResMut<Plan>) {
    let now = Instant::now();
    if let Some(last) = plan.last {
        plan.times.push(now - last);
    }
    plan.last = Some(now);
}

/// After `frames` frames close up, frame the whole map; after as many more,
/// print the figures and stop.
fn frame_whole_map(
    plan: Res<Plan>,
    mut camera: Single<(&mut Transform, &mut Projection), With<Camera2d>>,
    mut exit: MessageWriter<AppExit>,
) {
    let n = plan.times.len();
    if n == plan.frames {
        let world = plan.side as f32 * TILE_PX;
        camera.0.translation.x = world / 2.0;
        camera.0.translation.y = world / 2.0;
        if let Projection::Orthographic(o) = &mut *camera.1 {
            o.scale = (world / 1280.0).max(world / 720.0) * 1.04;
        }
    }
    if n == 2 * plan.frames {
        let ms = |d: &Duration| d.as_secs_f64() * 1000.0;
        let mut close: Vec<f64> = plan.times[10..plan.frames].iter().map(ms).collect();
        let framed: Vec<f64> = plan.times[plan.frames..].iter().map(ms).collect();
        let slowest = framed.iter().cloned().fold(0.0, f64::max);
        let at = framed.iter().position(|&t| t == slowest).unwrap_or(0);
        let mut after: Vec<f64> = framed[at + 1..].to_vec();
        close.sort_by(f64::total_cmp);
        after.sort_by(f64::total_cmp);
        let peak = std::fs::read_to_string("/proc/self/status")
            .ok()
            .and_then(|s| {
                s.lines()
                    .find(|l| l.starts_with("VmHWM:"))
                    .and_then(|l| l.split_whitespace().nth(1)?.parse::<f64>().ok())
            })
            .map_or(f64::NAN, |kb| kb / 1024.0);
        println!(
            "TilemapChunk {side}²: close up median {:.1} ms; framed whole: slowest {:.0} ms, \
             then median {:.1} ms, slowest {:.0} ms; peak memory {peak:.0} MB",
            close[close.len() / 2],
            slowest,
            after.get(after.len() / 2).copied().unwrap_or(f64::NAN),
            after.last().copied().unwrap_or(f64::NAN),
            side = plan.side,
        );
        exit.write(AppExit::Success);
    }
}
