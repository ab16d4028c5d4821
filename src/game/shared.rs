//! The words every feature plugin shares: what the command line chose, the
//! system sets, play or fly mode, what the map shows, grid positions, cell ↔
//! pixel, the tileset and how things look. It depends on no feature plugin, so
//! any of them can be deleted without touching the others.

use std::path::PathBuf;
use std::sync::Arc;

use bevy::image::{TextureAtlas, TextureAtlasLayout};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::dungeon::CellSight;
use crate::dungeon::content::Rgb;
use crate::generation::{CaveHistory, LevelMap, Pos, Provenance, Stage, Tile};
use crate::palette::Palette;

/// Pixels per map cell, the tileset's tile size.
pub(crate) const TILE_PX: f32 = 16.0;

/// Window size the game opens with (and assumes when there is no window).
pub(crate) const WINDOW_SIZE: (u32, u32) = (1280, 720);

/// The largest map the game opens: the largest measured to frame whole
/// (`Home`, the far view) within its targets in a real window, about 1.2 GB
/// at its peak (docs/performance.md, "The far view").
pub const MAX_GAME_CELLS: usize = 4096 * 4096;

/// Zoomed out until a cell is smaller than this many screen pixels, the
/// far view draws the map, one texel a cell, instead of a tile entity a cell.
pub(crate) const FAR_CELL_PX: f32 = 8.0;

/// Is the camera at `scale` (world pixels a screen pixel) zoomed out to the
/// far view?
pub(crate) fn is_far(scale: f32) -> bool {
    TILE_PX / scale < FAR_CELL_PX
}

/// The size of the window in screen pixels (or the default size when there
/// is none, as in headless tests). The map is drawn in the part of it
/// [`MapFrame`] says.
pub(crate) fn window_size(window: &Option<Single<&Window, With<PrimaryWindow>>>) -> Vec2 {
    match window {
        Some(w) => Vec2::new(w.width(), w.height()),
        None => Vec2::new(WINDOW_SIZE.0 as f32, WINDOW_SIZE.1 as f32),
    }
}

/// The camera that looks at the map (the bars and panels have one of their
/// own, over the whole window).
#[derive(Component)]
pub(crate) struct MainCamera;

/// Where the map is drawn: the part of the window that no bar or panel
/// covers, in logical pixels from the window's top left (the camera's
/// viewport). What places the camera or sizes the view reads it.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub(crate) struct MapFrame {
    /// The frame's top left corner.
    pub(crate) min: Vec2,
    /// Its width and height.
    pub(crate) size: Vec2,
}

impl Default for MapFrame {
    fn default() -> Self {
        MapFrame {
            min: Vec2::ZERO,
            size: Vec2::new(WINDOW_SIZE.0 as f32, WINDOW_SIZE.1 as f32),
        }
    }
}

/// A bar across the window (the message line on top, the status bar at the
/// foot): the map is framed between them.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bar {
    /// Across the top.
    Top,
    /// Across the foot.
    Bottom,
}

/// A panel that stands beside the map, never over it: while it shows, the
/// layout gives it room on its side and the map the rest.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Beside(pub(crate) Side);

/// The camera's zoom: world pixels a screen pixel.
pub(crate) fn scale_of(projection: &Projection) -> f32 {
    match projection {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    }
}

/// Draw order, back to front.
pub(crate) mod z {
    /// The map's tiles.
    pub(crate) const TILES: f32 = 0.0;
    /// Found traps, under what lies on them.
    pub(crate) const TRAPS: f32 = 4.0;
    /// Items on the floor.
    pub(crate) const ITEMS: f32 = 5.0;
    /// Boulders, over the items they hide.
    pub(crate) const BOULDERS: f32 = 6.0;
    /// The highlight under a pet or a peaceful monster.
    pub(crate) const HIGHLIGHTS: f32 = 7.0;
    /// Monsters.
    pub(crate) const MONSTERS: f32 = 8.0;
    /// You.
    pub(crate) const PLAYER: f32 = 10.0;
    /// The camera, in front of everything.
    pub(crate) const CAMERA: f32 = 100.0;
}

/// How the game shows its run: what the command line chose, made with
/// [`GameConfig::default`] and the `with_` methods, read by the plugins.
/// (The run itself is the [`crate::saves::Session`] the game is given.)
#[derive(Resource, Clone, Debug, Default)]
pub struct GameConfig {
    /// Start with the provenance overlay on (`--overlay`).
    pub(crate) overlay: bool,
    /// Start on this stage of the pipeline (`--stage`).
    pub(crate) stage: Option<String>,
    /// The comparison view's other pipeline (`--compare`); None: the level's
    /// own without pass 2.
    pub(crate) compare: Option<crate::generation::Pipeline>,
    /// Start in the comparison view (`--compare-view`).
    pub(crate) compare_view: bool,
    /// Show level D of the run as first made (`--depth D` with
    /// `--screenshot`): a wizard's jump, not a move of the run.
    pub(crate) depth: Option<usize>,
    /// Render one frame, save it here and exit (`--screenshot`).
    pub(crate) screenshot: Option<PathBuf>,
    /// Write each frame's time here (`--frame-times`).
    pub(crate) frame_times: Option<PathBuf>,
    /// Start with `M` on: the whole level shown.
    pub(crate) reveal: bool,
    /// Open the hero's pick screen first: a new game with no hero named.
    pub(crate) pick_hero: bool,
    /// The options file's options, and where it was.
    pub(crate) options: crate::options::Loaded,
}

impl GameConfig {
    /// The palette the window draws in (the options'; it stays for the
    /// app's life).
    pub(crate) fn palette(&self) -> Palette {
        self.options.options.palette
    }

    /// Play with these options (the options file's).
    pub fn with_options(mut self, options: crate::options::Loaded) -> Self {
        self.options = options;
        self
    }

    /// Start with the provenance overlay on (`--overlay`).
    pub fn with_overlay(mut self, overlay: bool) -> Self {
        self.overlay = overlay;
        self
    }

    /// Start on this stage of the pipeline (`--stage`).
    pub fn with_stage(mut self, stage: Option<String>) -> Self {
        self.stage = stage;
        self
    }

    /// The comparison view's other pipeline (`--compare`); None: the level's own without pass 2.
    pub fn with_compare(mut self, compare: Option<crate::generation::Pipeline>) -> Self {
        self.compare = compare;
        self
    }

    /// Start in the comparison view (`--compare-view`).
    pub fn with_compare_view(mut self, compare_view: bool) -> Self {
        self.compare_view = compare_view;
        self
    }

    /// Show level D of the run as first made (`--depth D` with `--screenshot`).
    pub fn with_depth(mut self, depth: Option<usize>) -> Self {
        self.depth = depth;
        self
    }

    /// Render one frame, save it as a PNG here, and exit (`--screenshot`).
    pub fn with_screenshot(mut self, screenshot: Option<PathBuf>) -> Self {
        self.screenshot = screenshot;
        self
    }

    /// Write each frame's time to this file (`--frame-times`).
    pub fn with_frame_times(mut self, frame_times: Option<PathBuf>) -> Self {
        self.frame_times = frame_times;
        self
    }

    /// Start with `M` on: the whole level shown.
    pub fn with_reveal(mut self, reveal: bool) -> Self {
        self.reveal = reveal;
        self
    }

    /// Open the hero's pick screen first (a new game with no hero named).
    pub fn with_pick_hero(mut self, pick_hero: bool) -> Self {
        self.pick_hero = pick_hero;
        self
    }
}

/// The order systems run in each frame: read input, change the run, bring the
/// views up to date, then place the camera and write the HUD. All of them run
/// only once the run exists.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameSet {
    /// Key presses become `Pressed` actions.
    Keys,
    /// Key presses become turn actions, view toggles and requests.
    Input,
    /// The run plays them, and the level on screen follows it.
    Level,
    /// A view's own state catches up with a new level before anything is
    /// drawn (the comparison view makes its other level again).
    ViewState,
    /// The views draw.
    View,
    /// The camera is placed.
    Camera,
    /// The status bar and panels are written.
    Hud,
}

/// Playing (the camera follows you, keys act) or flying over the map.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum PlayMode {
    #[default]
    /// Playing: the camera follows you and the keys act.
    Play,
    /// Detached: move keys and drags pan, the player stays put.
    Fly,
}

/// What the map shows: a stage of the cave's history or the level as it is,
/// whether the provenance overlay is on, and another level drawn instead (the
/// comparison view).
#[derive(Resource, Debug, Clone, PartialEq, Default)]
pub struct MapView {
    /// A stage before the last; None: the level as it is now.
    pub stage: Option<Stage>,
    /// The provenance overlay is on.
    pub overlay: bool,
    /// The same seed's level by another pipeline, drawn in place of this one
    /// with the cells that differ marked. It takes precedence over the stage
    /// and the overlay, and never touches the run.
    pub instead: Option<Arc<OtherMap>>,
}

/// Another map drawn in place of the level's (the comparison view's): each
/// cell with its mark, and what the status line says of it.
#[derive(Debug, Clone, PartialEq)]
pub struct OtherMap {
    /// The map drawn.
    pub map: LevelMap,
    /// Per cell, in map index order: 0 for a plain cell, else the number of
    /// its tint in `palette` counting from 1 (a marked cell is drawn in its
    /// overlay look). A byte a cell, not a colour: at 2048² that is 4 MB,
    /// not 80.
    pub marks: Vec<u8>,
    /// The marks' tints.
    pub palette: Vec<Color>,
    /// The status line's words for it.
    pub about: String,
}

impl MapView {
    /// The stage to draw for a level with `history`: None for the level as it
    /// is (also when it has no history, or the stage is past its last).
    pub(crate) fn stage_of(&self, history: Option<&CaveHistory>) -> Option<Stage> {
        let (stage, history) = (self.stage?, history?);
        (stage < history.last_stage()).then_some(stage)
    }

    /// Is the overlay drawn on a level with `history`? Only if it has one.
    pub(crate) fn overlay_on(&self, history: Option<&CaveHistory>) -> bool {
        self.overlay && history.is_some()
    }
}

/// Is the stage animation playing? The stage replay plugin says; the HUD shows it.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct StagesPlaying(pub bool);

/// `M`: show the whole level and every monster.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Reveal(pub bool);

/// What the mouse is over, as `;` names it ("a gnome lord (peaceful)"), for
/// the status bar; None off the map.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub(crate) struct Hovered(pub Option<String>);

/// A cell of the map, on an entity drawn there.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Deref)]
pub struct GridPos(pub Pos);

/// The tileset image, loaded through the AssetServer.
#[derive(Resource, Clone)]
pub(crate) struct Tileset(pub Handle<Image>);

/// The tileset cut into sprites, for the player, monsters and items.
#[derive(Resource, Clone)]
pub(crate) struct SpriteAtlas(pub Handle<TextureAtlasLayout>);

/// Tile indices in `assets/tiles.png` (documented in docs/template.md, "Tileset").
pub(crate) mod index {
    // Each map tile's look is its row's: `crate::generation::TILES`.

    /// A solid white tile: a plain swatch to tint.
    pub(crate) const SOLID: u32 = 15;
    /// Tiles per row; the overlay look of map tile `i` is `i + OVERLAY`.
    pub(crate) const OVERLAY: u32 = 16;
    /// Tiles a row of the tileset.
    pub(crate) const COLUMNS: u32 = 16;
    /// Rows of the tileset (the last three the monster classes drawn as
    /// their letter, from 96 on).
    pub(crate) const ROWS: u32 = 9;
}

/// The tileset's file, in the assets folder.
pub(crate) const TILESET_PATH: &str = "tiles.png";

/// A sprite of tile `index`, tinted `colour`.
pub(crate) fn sprite(tileset: &Tileset, atlas: &SpriteAtlas, index: u32, colour: Color) -> Sprite {
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

/// A content row's colour, as `palette` draws it.
pub(crate) fn rgb(palette: Palette, colour: Rgb) -> Color {
    colour_of(palette.colour(colour))
}

/// World position of the centre of cell `p`.
pub(crate) fn cell_centre(p: Pos, height: usize) -> Vec2 {
    Vec2::new(
        p.x as f32 * TILE_PX,
        (height as i32 - 1 - p.y) as f32 * TILE_PX,
    )
}

/// The tileset index of a map tile: its row's look
/// ([`crate::generation::TILES`]).
pub(crate) fn tile_index(tile: Tile) -> u32 {
    tile.row().look
}

/// A colour of the palette's.
pub(crate) fn colour_of((r, g, b): Rgb) -> Color {
    Color::srgb_u8(r, g, b)
}

/// The overlay colour of each provenance in `palette`.
pub(crate) fn provenance_colour(palette: Palette, p: Provenance) -> Color {
    colour_of(palette.marks().provenance(p))
}

/// The texture index and tint of one map cell: the plain tile, or its light
/// overlay look tinted `mark` (a provenance's colour, a comparison's mark).
pub(crate) fn tile_look(tile: Tile, mark: Option<Color>) -> (u32, Color) {
    match mark {
        Some(colour) => (tile_index(tile) + index::OVERLAY, colour),
        None => (tile_index(tile), Color::WHITE),
    }
}

/// A tile's tint for what the player knows of its cell; a remembered cell
/// keeps `memory` of its colour (the palette's).
pub(crate) fn sight_colour(colour: Color, sight: CellSight, memory: f32) -> Color {
    match sight {
        CellSight::Visible => colour,
        CellSight::Remembered => {
            let c = colour.to_srgba();
            Color::srgba(c.red * memory, c.green * memory, c.blue * memory, c.alpha)
        }
        CellSight::Unseen => Color::BLACK,
    }
}

/// Is the whole map on show, whatever the player has seen? With `M`, over the
/// overlay or an earlier stage (which are about the map, not the run), and in
/// fly mode.
pub(crate) fn whole_map_shown(
    reveal: Reveal,
    view: &MapView,
    history: Option<&CaveHistory>,
    mode: PlayMode,
) -> bool {
    reveal.0
        || view.overlay_on(history)
        || view.stage_of(history).is_some()
        || view.instead.is_some()
        || mode == PlayMode::Fly
}

/// Are monsters and items drawn at all? Not over the provenance overlay, an
/// earlier stage or another level.
pub(crate) fn sprites_shown(view: &MapView, history: Option<&CaveHistory>) -> bool {
    view.stage_of(history).is_none() && !view.overlay_on(history) && view.instead.is_none()
}

/// Why the app stopped with an error: [`super::run()`] puts one in before the
/// app starts and reads it once the app has stopped (the window's event loop
/// takes the app itself away).
#[derive(Resource, Clone, Default, Debug)]
pub(crate) struct ExitReason(Arc<std::sync::Mutex<Option<String>>>);

impl ExitReason {
    /// The reason given, once.
    pub(crate) fn take(&self) -> Option<String> {
        self.0.lock().ok()?.take()
    }
}

/// Stopping the app: with success, or with exit code 2 and a one-line reason
/// that becomes the game's error.
#[derive(bevy::ecs::system::SystemParam)]
pub(crate) struct Exit<'w> {
    exit: MessageWriter<'w, AppExit>,
    reason: Res<'w, ExitReason>,
}

impl Exit<'_> {
    pub(crate) fn success(&mut self) {
        self.exit.write(AppExit::Success);
    }

    pub(crate) fn error(&mut self, reason: String) {
        if let Ok(mut slot) = self.reason.0.lock() {
            slot.get_or_insert(reason);
        }
        self.exit.write(AppExit::from_code(2));
    }
}

/// The shared words' resources and state.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ExitReason>()
        .init_state::<PlayMode>()
        .init_resource::<MapView>()
        .init_resource::<StagesPlaying>()
        .add_systems(PreStartup, init_reveal);
}

fn init_reveal(mut commands: Commands, config: Res<GameConfig>) {
    commands.insert_resource(Reveal(config.reveal));
}

/// Which side of the window a text panel stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Side {
    /// On the left.
    Left,
    /// On the right.
    Right,
}

/// A text panel beside the map, hidden until its key shows it: the help,
/// the message history, the inventory.
pub(crate) fn text_panel(name: &'static str, side: Side, text: String) -> impl Bundle {
    text_panel_sized(name, side, text, 15.0)
}

/// A [`text_panel`] in type of `size` (the help, whose rows must fit a
/// 720-pixel window).
pub(crate) fn text_panel_sized(
    name: &'static str,
    side: Side,
    text: String,
    size: f32,
) -> impl Bundle {
    let (left, right) = match side {
        Side::Left => (Val::Px(40.0), Val::Auto),
        Side::Right => (Val::Auto, Val::Px(40.0)),
    };
    (
        Name::new(name),
        Beside(side),
        Node {
            position_type: PositionType::Absolute,
            top: Val::Px(34.0),
            left,
            right,
            padding: UiRect::all(Val::Px(14.0)),
            ..default()
        },
        BackgroundColor(Color::srgba(0.05, 0.05, 0.08, 0.93)),
        Text::new(text),
        TextFont::from_font_size(size),
        TextColor(Color::WHITE),
        Visibility::Hidden,
        ZIndex(5),
    )
}

/// One row of a map legend (the overlay's, the comparison's): a colour swatch,
/// if the row has one, then its text, which carries `marker`.
#[cfg(any(feature = "overlay", feature = "compare"))]
pub(crate) fn spawn_legend_row(
    list: &mut ChildSpawnerCommands,
    colour: Option<Color>,
    text: String,
    marker: impl Bundle,
) {
    list.spawn(Node {
        flex_direction: FlexDirection::Row,
        column_gap: Val::Px(6.0),
        align_items: AlignItems::Center,
        ..default()
    })
    .with_children(|row| {
        if let Some(colour) = colour {
            row.spawn((
                Node {
                    width: Val::Px(14.0),
                    height: Val::Px(14.0),
                    ..default()
                },
                BackgroundColor(colour),
            ));
        }
        row.spawn((
            marker,
            Text::new(text),
            TextFont::from_font_size(13.0),
            TextColor(Color::WHITE),
        ));
    });
}
