//! The far view: zoomed out until a cell is smaller than
//! [`FAR_CELL_PX`](super::shared::FAR_CELL_PX) screen pixels, the map is
//! drawn as images of one texel a cell instead of a tile entity a cell, so
//! framing a whole 2048 × 2048 map costs a few images, not 4 million
//! entities. The close-up tiles ([`super::tilemap`]) go, and come back as
//! you zoom in.
//!
//! It is a second look at the same cells: each texel is the colour its
//! cell's [`Look`] draws as a tile, the tile's mean colour in the tileset
//! tinted as the tile is (what the player knows of the cell, the overlay's
//! stage colour, the comparison's marks), so the far view and the tiles agree
//! on what every cell shows. Only the cells whose look changed rewrite their
//! texels ([`Look::WRITE_TEXEL`]), page by page. Each page keeps its mipmaps,
//! so a map framed whole is averaged down smoothly rather than sampled
//! a cell in ten. Monsters, items and you stay visible as markers: their
//! sprites are kept at least [`MARKER_PX`] screen pixels wide.

use bevy::asset::RenderAssetUsages;
use bevy::image::{ImageFilterMode, ImageSampler, ImageSamplerDescriptor};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat, TextureUsages};

use super::looks::{CellLooks, DrawMap, Look, PAGE, TilesMissing};
use super::run::{CurrentLevel, Run};
use super::shared::{GameSet, MainCamera, MapView, TILE_PX, Tileset, index, is_far, scale_of};

/// Under the tiles: while the tiles of a region are still to come, the far
/// view shows beneath where they will be.
const Z: f32 = -1.0;

/// The least width of a monster's, an item's or your sprite on screen, in
/// screen pixels: zoomed out further, sprites grow to stay visible as
/// markers.
pub(crate) const MARKER_PX: f32 = 6.0;

/// The most pages written (and uploaded again) in one frame: a map framed
/// whole fills in over a few frames (8 at 2048², 32 at 4096²) instead of
/// stalling one; each page costs a few milliseconds to write and upload
/// under a software renderer.
const PAGES_A_FRAME: usize = 2;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<FarView>().add_systems(
        Update,
        (draw_far_view, keep_markers_visible)
            .after(DrawMap)
            .before(GameSet::Hud)
            .run_if(resource_exists::<Run>),
    );
}

/// A page of the far view: the image of a [`PAGE`]-cell square of the map
/// (smaller at the right and bottom edges) and its sprite.
#[derive(Component, Clone, Debug)]
pub(crate) struct FarPage {
    /// Its first cell, at its top left.
    pub(crate) x0: usize,
    pub(crate) y0: usize,
    /// Its size in cells.
    pub(crate) w: usize,
    pub(crate) h: usize,
    /// The image: a texel a cell, with its mipmaps.
    pub(crate) image: Handle<Image>,
}

/// The far view's images, and what it needs to colour them.
#[derive(Resource, Default)]
pub(crate) struct FarView {
    /// Each page's sprite entity and page, by `px * down + py`: none until
    /// the far view is first needed, each made when first written.
    pages: Vec<Option<(Entity, FarPage)>>,
    /// The map size the pages are for ([`CellLooks::size_changes`]).
    size_changes: u64,
    /// The colour of every look met so far, by its shown bits (0: not worked
    /// out yet), so rewriting a page looks each cell up instead of mixing
    /// colours. Emptied when the view changes the comparison's palette.
    texels: Vec<u32>,
    /// The mean colour of each tile of the tileset, in linear RGB: of the
    /// tileset loaded, or until it has (and in a headless app, where images
    /// never load) of the one the binary carries.
    means: Option<Vec<[f32; 3]>>,
    /// Are the means the loaded tileset's?
    means_loaded: bool,
    /// Is it on screen this frame?
    pub(crate) shown: bool,
    /// Keep the images current even while the map is drawn close up (the
    /// minimap shows them).
    pub(crate) wanted: bool,
}

impl FarView {
    /// Every page, with its cells and its image.
    pub(crate) fn pages(&self) -> impl Iterator<Item = &FarPage> {
        self.pages.iter().flatten().map(|(_, p)| p)
    }
}

/// Show the far view when zoomed out (or under tiles still to come), and
/// write the texels of the cells whose look changed while it is shown or
/// wanted.
#[allow(clippy::too_many_arguments)]
fn draw_far_view(
    mut commands: Commands,
    level: Res<CurrentLevel>,
    view: Res<MapView>,
    tileset: Res<Tileset>,
    camera: Query<&Projection, With<MainCamera>>,
    missing: Res<TilesMissing>,
    mut cells: ResMut<CellLooks>,
    mut far: ResMut<FarView>,
    mut images: ResMut<Assets<Image>>,
    mut sprites: Query<&mut Visibility, With<FarPage>>,
) {
    let (w, h) = (level.map.width(), level.map.height());
    if cells.looks.len() != w * h || cells.height != h {
        return;
    }
    let far = &mut *far;
    if far.size_changes != cells.size_changes {
        // Another map: its pages are made when first needed.
        drop_pages(&mut commands, far, &mut images);
        far.size_changes = cells.size_changes;
    }
    if view.is_changed() {
        // The comparison's marks are colours of its own palette.
        far.texels.clear();
    }
    let shown = camera.single().is_ok_and(|p| is_far(scale_of(p))) || missing.0;
    far.show(shown, &mut sprites);
    if !(shown || far.wanted) {
        return;
    }
    if far.pages.is_empty() {
        // The pages are made on first use, so the close-up view alone costs
        // no memory for them: every cell is to be written.
        far.pages = vec![None; cells.pages.len()];
        cells.flag_every_texel();
    }
    if !far.means_loaded && far.load_means(images.get(&tileset.0)) {
        // A tileset of the player's own: every texel again.
        cells.flag_every_texel();
    }
    if far.means.is_none() {
        return;
    }
    if far.texels.is_empty() {
        far.texels = vec![0; Look::SHOWN as usize + 1];
    }
    let palette = view.instead.as_ref().map_or(&[][..], |o| &o.palette[..]);
    far.write_pages(
        &mut commands,
        &mut images,
        &mut cells,
        palette,
        (w, h),
        shown,
    );
}

impl FarView {
    /// Show or hide every page's sprite.
    fn show(&mut self, shown: bool, sprites: &mut Query<&mut Visibility, With<FarPage>>) {
        self.shown = shown;
        let visibility = if shown {
            Visibility::Visible
        } else {
            Visibility::Hidden
        };
        for (entity, _) in self.pages.iter().flatten() {
            if let Ok(mut v) = sprites.get_mut(*entity) {
                v.set_if_neq(visibility);
            }
        }
    }

    /// Take the tiles' mean colours from the tileset once it has loaded
    /// (until then, the binary's own); true: they differ from those used
    /// so far, so every texel is to be written again.
    fn load_means(&mut self, tileset: Option<&Image>) -> bool {
        let mut again = false;
        if let Some(loaded) = tileset.and_then(tile_means) {
            if self.means.as_ref().is_some_and(|m| *m != loaded) {
                self.texels.clear();
                again = true;
            }
            self.means = Some(loaded);
            self.means_loaded = true;
        } else if self.means.is_none() {
            self.means = builtin_means();
        }
        again
    }

    /// Write the texels of the flagged pages, at most [`PAGES_A_FRAME`],
    /// making each page when first written.
    fn write_pages(
        &mut self,
        commands: &mut Commands,
        images: &mut ResMut<Assets<Image>>,
        cells: &mut CellLooks,
        palette: &[Color],
        (w, h): (usize, usize),
        shown: bool,
    ) {
        let Some(means) = &self.means else {
            return;
        };
        let mut budget = PAGES_A_FRAME;
        for (k, dirty) in cells.pages.iter_mut().enumerate() {
            if !*dirty {
                continue;
            }
            if budget == 0 {
                // The rest next frame: a whole 4096² map is 64 pages.
                break;
            }
            budget -= 1;
            *dirty = false;
            let Some(slot) = self.pages.get_mut(k) else {
                continue;
            };
            let (_, page) = slot.get_or_insert_with(|| {
                let down = h.div_ceil(PAGE);
                lay_page(commands, images, (k / down, k % down), (w, h), shown)
            });
            let Some(mut image) = images.get_mut(&page.image) else {
                continue;
            };
            let mut colour = |look: Look| {
                let slot = &mut self.texels[look.0 as usize];
                if *slot == 0 {
                    let (tile, tint) = cells.table.draw(look, palette);
                    *slot = texel(means[tile as usize], tint);
                }
                *slot
            };
            // Written without telling the renderer, then told once if a texel
            // changed: the page is uploaded again only then.
            let Some(data) = image.bypass_change_detection().data.as_mut() else {
                continue;
            };
            if let Some(changed) = write_texels(&mut cells.looks, h, page, data, &mut colour) {
                write_mipmaps(data, (page.w, page.h), changed);
                image.into_inner();
            }
        }
    }
}

/// Despawn the pages and drop their images.
fn drop_pages(commands: &mut Commands, far: &mut FarView, images: &mut Assets<Image>) {
    for (entity, page) in far.pages.drain(..).flatten() {
        commands.entity(entity).despawn();
        images.remove(&page.image);
    }
}

/// Make page `(px, py)` of a `w` × `h` map, every texel black until written.
fn lay_page(
    commands: &mut Commands,
    images: &mut Assets<Image>,
    (px, py): (usize, usize),
    (w, h): (usize, usize),
    shown: bool,
) -> (Entity, FarPage) {
    let (x0, y0) = (px * PAGE, py * PAGE);
    let (pw, ph) = (PAGE.min(w - x0), PAGE.min(h - y0));
    let image = images.add(page_image(pw, ph));
    let page = FarPage {
        x0,
        y0,
        w: pw,
        h: ph,
        image: image.clone(),
    };
    // Cell (x, y) is centred at (x, h - 1 - y) tiles, as the tiles are.
    let centre = Vec2::new(
        (x0 as f32 + pw as f32 / 2.0) * TILE_PX,
        (h as f32 - y0 as f32 - ph as f32 / 2.0) * TILE_PX,
    ) - TILE_PX / 2.0;
    let entity = commands
        .spawn((
            Name::new("Far view page"),
            page.clone(),
            Sprite {
                image,
                custom_size: Some(Vec2::new(pw as f32, ph as f32) * TILE_PX),
                ..default()
            },
            Transform::from_translation(centre.extend(Z)),
            if shown {
                Visibility::Visible
            } else {
                Visibility::Hidden
            },
        ))
        .id();
    (entity, page)
}

/// How many mipmap levels a `w` × `h` image has, down to 1 × 1.
fn mip_levels(w: usize, h: usize) -> u32 {
    usize::BITS - w.max(h).max(1).leading_zeros()
}

/// The size of mipmap `level` of a `w` × `h` image.
fn mip_size((w, h): (usize, usize), level: u32) -> (usize, usize) {
    ((w >> level).max(1), (h >> level).max(1))
}

/// Where each mipmap level starts in the image's bytes, and the end.
fn mip_offsets(size: (usize, usize)) -> Vec<usize> {
    let mut offsets = vec![0];
    for level in 0..mip_levels(size.0, size.1) {
        let (w, h) = mip_size(size, level);
        offsets.push(offsets[offsets.len() - 1] + w * h * 4);
    }
    offsets
}

/// A black page of `w` × `h` texels with its mipmaps: sampled nearest when a
/// texel covers screen pixels, averaged when it is smaller than one.
fn page_image(w: usize, h: usize) -> Image {
    let offsets = mip_offsets((w, h));
    let mut data = vec![0u8; offsets[offsets.len() - 1]];
    data.chunks_exact_mut(4).for_each(|t| t[3] = 255);
    let mut image = Image::new_uninit(
        Extent3d {
            width: w as u32,
            height: h as u32,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    );
    image.data = Some(data);
    image.texture_descriptor.mip_level_count = mip_levels(w, h);
    // Without COPY_DST Bevy makes the texture anew, every level, when the
    // page changes: with it, it would write only the top level into the old
    // texture, and the mipmaps would keep their first texels.
    image.texture_descriptor.usage = TextureUsages::TEXTURE_BINDING;
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        mag_filter: ImageFilterMode::Nearest,
        min_filter: ImageFilterMode::Linear,
        mipmap_filter: ImageFilterMode::Linear,
        ..default()
    });
    image
}

/// The means of the tileset the binary carries.
fn builtin_means() -> Option<Vec<[f32; 3]>> {
    let image = Image::from_buffer(
        super::tilemap::TILESET_PNG,
        bevy::image::ImageType::Extension("png"),
        bevy::image::CompressedImageFormats::empty(),
        true,
        ImageSampler::Default,
        RenderAssetUsages::default(),
    )
    .ok()?;
    tile_means(&image)
}

/// The mean colour of each tile of the tileset image (16 × 16 pixel tiles,
/// [`index::COLUMNS`] a row), in linear RGB over black, as the tile would look
/// shrunk to a point. None until the image has its pixels.
fn tile_means(tileset: &Image) -> Option<Vec<[f32; 3]>> {
    let data = tileset.data.as_ref()?;
    let width = tileset.width() as usize;
    let side = TILE_PX as usize;
    let srgb = matches!(
        tileset.texture_descriptor.format,
        TextureFormat::Rgba8UnormSrgb
    );
    if !matches!(
        tileset.texture_descriptor.format,
        TextureFormat::Rgba8UnormSrgb | TextureFormat::Rgba8Unorm
    ) {
        return None;
    }
    let rows = tileset.height() as usize / side;
    let mut means = vec![[0.0; 3]; 256];
    for (i, mean) in means.iter_mut().enumerate() {
        let (col, row) = (i % index::COLUMNS as usize, i / index::COLUMNS as usize);
        if row >= rows || (col + 1) * side > width {
            continue;
        }
        let mut sum = [0.0f32; 3];
        for y in row * side..(row + 1) * side {
            for x in col * side..(col + 1) * side {
                let p = &data[(y * width + x) * 4..][..4];
                let alpha = p[3] as f32 / 255.0;
                for (s, &c) in sum.iter_mut().zip(&p[..3]) {
                    let c = c as f32 / 255.0;
                    let linear = if srgb {
                        Color::srgb(c, 0.0, 0.0).to_linear().red
                    } else {
                        c
                    };
                    *s += linear * alpha;
                }
            }
        }
        *mean = sum.map(|s| s / (side * side) as f32);
    }
    Some(means)
}

/// A texel: a tile of mean colour `mean` (linear) tinted `tint`, as the GPU
/// tints a tile, packed as sRGB bytes (red in the low byte).
fn texel(mean: [f32; 3], tint: Color) -> u32 {
    let t = tint.to_linear();
    let c = Color::linear_rgb(mean[0] * t.red, mean[1] * t.green, mean[2] * t.blue);
    let [r, g, b, _] = c.to_srgba().to_u8_array();
    u32::from_le_bytes([r, g, b, 255])
}

/// Write the texels of `page`'s cells flagged [`Look::WRITE_TEXEL`] (their
/// flags cleared) into the top level of its image `data`; the rectangle of
/// texels written, if any (x0, y0, x1, y1).
fn write_texels(
    looks: &mut [Look],
    h: usize,
    page: &FarPage,
    data: &mut [u8],
    colour: &mut impl FnMut(Look) -> u32,
) -> Option<(usize, usize, usize, usize)> {
    let mut changed: Option<(usize, usize, usize, usize)> = None;
    for x in page.x0..page.x0 + page.w {
        let column = x * h;
        for y in page.y0..page.y0 + page.h {
            let look = &mut looks[column + y];
            if look.0 & Look::WRITE_TEXEL == 0 {
                continue;
            }
            look.0 &= !Look::WRITE_TEXEL;
            let (u, v) = (x - page.x0, y - page.y0);
            let at = (v * page.w + u) * 4;
            data[at..at + 4].copy_from_slice(&colour(look.shown()).to_le_bytes());
            changed = Some(match changed {
                None => (u, v, u + 1, v + 1),
                Some((x0, y0, x1, y1)) => (x0.min(u), y0.min(v), x1.max(u + 1), y1.max(v + 1)),
            });
        }
    }
    changed
}

/// Average each mipmap level's texels over the rectangle `(x0, y0, x1, y1)`
/// of the top level that changed, from the level above: each texel the mean
/// of the two by two above it.
fn write_mipmaps(
    data: &mut [u8],
    size: (usize, usize),
    (x0, y0, x1, y1): (usize, usize, usize, usize),
) {
    let offsets = mip_offsets(size);
    let (mut x0, mut y0, mut x1, mut y1) = (x0, y0, x1, y1);
    for level in 1..mip_levels(size.0, size.1) {
        let (aw, ah) = mip_size(size, level - 1);
        let (bw, bh) = mip_size(size, level);
        (x0, y0) = (x0 / 2, y0 / 2);
        (x1, y1) = (x1.div_ceil(2).min(bw), y1.div_ceil(2).min(bh));
        let (above, below) = data.split_at_mut(offsets[level as usize]);
        let above = &above[offsets[level as usize - 1]..];
        for v in y0..y1 {
            for u in x0..x1 {
                let mut sum = [0u32; 4];
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let (ax, ay) = ((2 * u + dx).min(aw - 1), (2 * v + dy).min(ah - 1));
                    let p = &above[(ay * aw + ax) * 4..][..4];
                    for (s, &c) in sum.iter_mut().zip(p) {
                        *s += c as u32;
                    }
                }
                let at = (v * bw + u) * 4;
                for (d, s) in below[at..at + 4].iter_mut().zip(sum) {
                    *d = ((s + 2) / 4) as u8;
                }
            }
        }
    }
}

/// Keep monsters, items and you at least [`MARKER_PX`] wide on screen: at
/// the close-up zoom they are as drawn.
fn keep_markers_visible(
    camera: Query<&Projection, With<MainCamera>>,
    mut sprites: Query<&mut Transform, (With<Sprite>, Without<FarPage>, Without<Camera>)>,
) {
    let Ok(projection) = camera.single() else {
        return;
    };
    let grow = (MARKER_PX * scale_of(projection) / TILE_PX).max(1.0);
    for mut t in &mut sprites {
        if t.scale.x != grow {
            t.scale = Vec3::new(grow, grow, 1.0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::RunSetup;
    use crate::game::GameConfig;

    /// A headless game on a `side`-square map (no images load headless: the
    /// far view colours by the tileset the binary carries).
    fn app(side: usize) -> App {
        crate::game::test_app(3, RunSetup::sized(side, side), GameConfig::default())
    }

    fn set_scale(app: &mut App, scale: f32) {
        for mut projection in app
            .world_mut()
            .query_filtered::<&mut Projection, With<MainCamera>>()
            .iter_mut(app.world_mut())
        {
            crate::game::camera::set_scale(&mut projection, scale);
        }
        app.update();
    }

    /// The texel page `k`'s image holds for map cell (x, y).
    fn texel_at(app: &App, x: usize, y: usize) -> [u8; 4] {
        let far = app.world().resource::<FarView>();
        let page = far
            .pages()
            .find(|p| (p.x0..p.x0 + p.w).contains(&x) && (p.y0..p.y0 + p.h).contains(&y))
            .expect("a page holds every cell");
        let image = app
            .world()
            .resource::<Assets<Image>>()
            .get(&page.image)
            .unwrap();
        let at = ((y - page.y0) * page.w + x - page.x0) * 4;
        image.data.as_ref().unwrap()[at..at + 4].try_into().unwrap()
    }

    #[test]
    fn zoomed_out_the_far_view_draws_every_cell_and_no_tile_exists() {
        let side = 700;
        let mut app = app(side);
        let images_before = app.world().resource::<Assets<Image>>().len();
        assert_eq!(
            app.world().resource::<FarView>().pages().count(),
            0,
            "none until needed"
        );
        set_scale(&mut app, 40.0);
        for _ in 0..5 {
            app.update();
        }
        let far = app.world().resource::<FarView>();
        assert!(far.shown);
        // 700 = 512 + 188 each way: four pages, made once.
        assert_eq!(far.pages().count(), 4);
        assert_eq!(
            app.world().resource::<Assets<Image>>().len(),
            images_before + 4
        );
        let tiles = app
            .world_mut()
            .query::<&bevy_ecs_tilemap::tiles::TilePos>()
            .iter(app.world())
            .count();
        assert_eq!(tiles, 0, "no tile entity in the far view");
        // Each texel is its cell's look drawn: here, in play, what you know.
        let cells = app.world().resource::<CellLooks>();
        let means = app.world().resource::<FarView>().means.clone().unwrap();
        let palette: &[Color] = &[];
        for (x, y) in [(0, 0), (511, 511), (512, 0), (699, 699), (350, 20)] {
            let look = cells.looks[x * side + y];
            assert_eq!(look.0 & Look::WRITE_TEXEL, 0, "written");
            let (tile, tint) = cells.table.draw(look.shown(), palette);
            let want = texel(means[tile as usize], tint).to_le_bytes();
            assert_eq!(texel_at(&app, x, y), want, "({x}, {y})");
        }
        // Back close up: tiles again, the pages hidden and kept.
        set_scale(&mut app, 1.0);
        for _ in 0..5 {
            app.update();
        }
        assert!(!app.world().resource::<FarView>().shown);
        assert_eq!(app.world().resource::<FarView>().pages().count(), 4);
        let tiles = app
            .world_mut()
            .query::<&bevy_ecs_tilemap::tiles::TilePos>()
            .iter(app.world())
            .count();
        assert!(tiles > 0);
    }

    #[test]
    fn mip_levels_go_down_to_one_texel() {
        assert_eq!(mip_levels(512, 512), 10);
        assert_eq!(mip_levels(512, 21), 10);
        assert_eq!(mip_levels(80, 21), 7);
        assert_eq!(mip_levels(1, 1), 1);
        assert_eq!(mip_size((80, 21), 6), (1, 1));
        assert_eq!(mip_size((80, 21), 2), (20, 5));
        // 80 × 21, 40 × 10, 20 × 5, 10 × 2, 5 × 1, 2 × 1, 1 × 1.
        assert_eq!(
            *mip_offsets((80, 21)).last().unwrap(),
            (1680 + 400 + 100 + 20 + 5 + 2 + 1) * 4
        );
    }

    #[test]
    fn a_mipmap_texel_is_the_mean_of_the_four_above_it() {
        // A 4 × 2 page: texels 0..8 with red = 10 × their number.
        let size = (4, 2);
        let mut data = vec![0u8; *mip_offsets(size).last().unwrap()];
        for i in 0..8 {
            data[i * 4] = 10 * i as u8;
        }
        write_mipmaps(&mut data, size, (0, 0, 4, 2));
        let level1 = mip_offsets(size)[1];
        // (0 + 10 + 40 + 50) / 4 = 25, (20 + 30 + 60 + 70) / 4 = 45.
        assert_eq!(data[level1], 25);
        assert_eq!(data[level1 + 4], 45);
        // Level 2 is 1 × 1: (25 + 45 + 25 + 45) / 4, the odd row repeated.
        assert_eq!(data[mip_offsets(size)[2]], 35);
        // A change in one texel redoes only what lies under it.
        data[0] = 250;
        data[level1 + 4] = 0;
        write_mipmaps(&mut data, size, (0, 0, 1, 1));
        assert_eq!(data[level1] as u32, (250 + 10 + 40 + 50 + 2) / 4);
        assert_eq!(data[level1 + 4], 0, "not under the change");
    }

    #[test]
    fn a_texel_is_the_tile_mean_tinted_as_the_gpu_tints() {
        let white = texel([1.0, 1.0, 1.0], Color::WHITE);
        assert_eq!(white.to_le_bytes(), [255, 255, 255, 255]);
        assert_eq!(texel([0.0; 3], Color::WHITE).to_le_bytes(), [0, 0, 0, 255]);
        // Half the light of a white tile tinted pure red is sRGB 188 red.
        let red = texel([0.5, 0.5, 0.5], Color::srgb(1.0, 0.0, 0.0)).to_le_bytes();
        assert_eq!(red, [188, 0, 0, 255]);
    }
}
