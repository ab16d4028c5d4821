//! The minimap (`Tab`): for maps larger than the window, a small overview in
//! the top right corner. It shows the far view's own images (the map as the
//! view shows it: in play, what you know of it), you, and the camera's
//! rectangle. A click or a drag on it moves the camera there, in fly mode so
//! that the camera stays.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::camera::map_bounds;
use super::far_view::FarView;
use super::input::{self, Action, Handled, Pressed};
use super::looks::DrawMap;
use super::player::PlayerSprite;
use super::run::{CurrentLevel, RunNotice};
use super::shared::{GameSet, MainCamera, MapFrame, PlayMode, TILE_PX, scale_of};

/// The longer side of the minimap, in screen pixels.
const SIDE_PX: f32 = 240.0;
/// Its distance from the top and the right edge of the map's frame (so it
/// never stands over the message bar or a panel beside the map).
const TOP_PX: f32 = 8.0;
const RIGHT_PX: f32 = 8.0;
/// The marker for you, in screen pixels.
const YOU_PX: f32 = 5.0;

pub(crate) fn plugin(app: &mut App) {
    input::handles(app, &[Action::ToggleMinimap]);
    app.init_resource::<Minimap>().add_systems(
        Update,
        (
            toggle.in_set(GameSet::Input),
            claim_click.in_set(GameSet::Keys),
            // Before the tilemap draws, so the camera it moved is drawn this frame.
            move_camera.after(GameSet::Camera).before(DrawMap),
            (build, place_marks).chain().in_set(GameSet::Hud),
        ),
    );
}

/// The minimap's state.
#[derive(Resource, Default, Debug)]
pub(crate) struct Minimap {
    /// Asked for with `Tab`.
    pub(crate) on: bool,
    /// Its nodes are for the far view of this map size.
    built_for: Option<(usize, usize)>,
    /// A press began on it and the button is still held.
    dragging: bool,
}

/// The minimap's root node.
#[derive(Component)]
pub(crate) struct MinimapNode;

/// The camera's rectangle on the minimap.
#[derive(Component)]
struct CameraFrame;

/// You on the minimap.
#[derive(Component)]
struct YouMark;

/// Does a `w` × `h` map fit the window whole at the close-up zoom? Then there
/// is no minimap.
fn fits(w: usize, h: usize, view: Vec2) -> bool {
    w as f32 * TILE_PX <= view.x && h as f32 * TILE_PX <= view.y
}

/// The minimap's size in screen pixels for a `w` × `h` map: the map's shape,
/// its longer side [`SIDE_PX`].
fn size_of(w: usize, h: usize) -> Vec2 {
    let longest = w.max(h).max(1) as f32;
    Vec2::new(w as f32, h as f32) * SIDE_PX / longest
}

/// Its rectangle on screen (top left, size), in the window's logical
/// pixels: the top right corner of the map's frame.
fn screen_rect(w: usize, h: usize, frame: &MapFrame) -> (Vec2, Vec2) {
    let size = size_of(w, h);
    let corner = Vec2::new(
        frame.min.x + frame.size.x - RIGHT_PX - size.x,
        frame.min.y + TOP_PX,
    );
    (corner, size)
}

fn toggle(
    mut presses: MessageReader<Pressed>,
    level: Res<CurrentLevel>,
    map_frame: Res<MapFrame>,
    mut minimap: ResMut<Minimap>,
    mut notice: ResMut<RunNotice>,
) {
    let toggles = presses
        .read()
        .filter(|p| p.0 == Action::ToggleMinimap)
        .count();
    if toggles % 2 == 0 {
        return;
    }
    let (w, h) = (level.map.width(), level.map.height());
    if !minimap.on && fits(w, h, map_frame.size) {
        notice.0 = "The whole map fits in the window: there is no minimap.".into();
        return;
    }
    minimap.on = !minimap.on;
}

/// Lay out the minimap for this map: one image node per far-view page, the
/// camera's frame and you, over a black ground; or none while it is off.
fn build(
    mut commands: Commands,
    level: Res<CurrentLevel>,
    map_frame: Res<MapFrame>,
    mut far: ResMut<FarView>,
    mut minimap: ResMut<Minimap>,
    nodes: Query<Entity, With<MinimapNode>>,
) {
    let (w, h) = (level.map.width(), level.map.height());
    let shown = minimap.on && !fits(w, h, map_frame.size);
    far.wanted = shown;
    let want = shown.then_some((w, h));
    // The far view makes its pages in the frame the map changes size.
    let pages_ready = far.pages().next().is_some_and(|p| p.x0 == 0)
        && far.pages().map(|p| p.w * p.h).sum::<usize>() == w * h;
    if minimap.built_for == want || (shown && !pages_ready) {
        return;
    }
    for node in &nodes {
        commands.entity(node).despawn();
    }
    minimap.built_for = want;
    if !shown {
        return;
    }
    let (corner, size) = screen_rect(w, h, &map_frame);
    let percent = |part: usize, whole: usize| Val::Percent(part as f32 * 100.0 / whole as f32);
    commands
        .spawn((
            Name::new("Minimap"),
            MinimapNode,
            Node {
                position_type: PositionType::Absolute,
                left: Val::Px(corner.x),
                top: Val::Px(corner.y),
                width: Val::Px(size.x),
                height: Val::Px(size.y),
                overflow: Overflow::clip(),
                ..default()
            },
            BackgroundColor(Color::BLACK),
            Outline::new(Val::Px(1.0), Val::ZERO, Color::srgb(0.5, 0.5, 0.5)),
            GlobalZIndex(5),
        ))
        .with_children(|root| {
            for page in far.pages() {
                root.spawn((
                    ImageNode::new(page.image.clone()),
                    Node {
                        position_type: PositionType::Absolute,
                        left: percent(page.x0, w),
                        top: percent(page.y0, h),
                        width: percent(page.w, w),
                        height: percent(page.h, h),
                        ..default()
                    },
                ));
            }
            root.spawn((
                CameraFrame,
                Node {
                    position_type: PositionType::Absolute,
                    border: UiRect::all(Val::Px(1.0)),
                    ..default()
                },
                BorderColor::all(Color::WHITE),
            ));
            root.spawn((
                YouMark,
                Node {
                    position_type: PositionType::Absolute,
                    width: Val::Px(YOU_PX),
                    height: Val::Px(YOU_PX),
                    ..default()
                },
                BackgroundColor(Color::srgb(1.0, 1.0, 0.2)),
            ));
        });
}

/// Where the camera's view and you are, on the minimap.
fn place_marks(
    level: Res<CurrentLevel>,
    minimap: Res<Minimap>,
    map_frame: Res<MapFrame>,
    camera: Single<(&Transform, &Projection), With<MainCamera>>,
    player: Option<Single<&Transform, (With<PlayerSprite>, Without<MainCamera>)>>,
    mut frame: Query<&mut Node, (With<CameraFrame>, Without<YouMark>, Without<MinimapNode>)>,
    mut you: Query<&mut Node, (With<YouMark>, Without<CameraFrame>, Without<MinimapNode>)>,
    mut root: Query<&mut Node, (With<MinimapNode>, Without<CameraFrame>, Without<YouMark>)>,
) {
    if minimap.built_for.is_none() {
        return;
    }
    let (w, h) = (level.map.width(), level.map.height());
    // It keeps to the map's frame's corner as panels come and go.
    let (corner, _) = screen_rect(w, h, &map_frame);
    for mut node in &mut root {
        let place = (Val::Px(corner.x), Val::Px(corner.y));
        if (node.left, node.top) != place {
            (node.left, node.top) = place;
        }
    }
    let size = size_of(w, h);
    // World pixels to minimap pixels: the map spans w × h tiles from the
    // top left corner of cell (0, 0).
    let per_px = size.x / (w as f32 * TILE_PX);
    let top_left = map_top_left(w, h);
    let on_map = |world: Vec2| Vec2::new(world.x - top_left.x, top_left.y - world.y) * per_px;
    let (transform, projection) = *camera;
    let half = map_frame.size * scale_of(projection) / 2.0;
    let centre = transform.translation.truncate();
    let lo = on_map(centre + Vec2::new(-half.x, half.y));
    let hi = on_map(centre + Vec2::new(half.x, -half.y));
    // Clipped to the minimap, so a view larger than the map still shows.
    let (lo, hi) = (lo.max(Vec2::ZERO), hi.min(size));
    for mut node in &mut frame {
        node.left = Val::Px(lo.x);
        node.top = Val::Px(lo.y);
        node.width = Val::Px((hi.x - lo.x).max(2.0));
        node.height = Val::Px((hi.y - lo.y).max(2.0));
    }
    if let Some(player) = player {
        let at = on_map(player.translation.truncate()) - YOU_PX / 2.0;
        for mut node in &mut you {
            node.left = Val::Px(at.x);
            node.top = Val::Px(at.y);
        }
    }
}

/// A press on the minimap is the minimap's: not a travel, nor a drag of the
/// map under it. Before the keys become actions, so the travel click never
/// sees it.
fn claim_click(
    mut buttons: ResMut<ButtonInput<MouseButton>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    level: Res<CurrentLevel>,
    map_frame: Res<MapFrame>,
    mut minimap: ResMut<Minimap>,
) {
    if !buttons.just_pressed(MouseButton::Left) || minimap.built_for.is_none() {
        return;
    }
    let Some(window) = window else {
        return;
    };
    let Some(pointer) = window.cursor_position() else {
        return;
    };
    let (w, h) = (level.map.width(), level.map.height());
    let (corner, size) = screen_rect(w, h, &map_frame);
    let at = pointer - corner;
    if at.cmpge(Vec2::ZERO).all() && at.cmple(size).all() {
        minimap.dragging = true;
        buttons.clear_just_pressed(MouseButton::Left);
    }
}

/// While a press that began on the minimap lasts (and in the frame of a
/// quick click), the camera goes where the pointer is on it; in fly mode,
/// where the camera stays put.
#[allow(clippy::too_many_arguments)]
fn move_camera(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    level: Res<CurrentLevel>,
    map_frame: Res<MapFrame>,
    handled: Res<Handled>,
    mode: Res<State<PlayMode>>,
    mut next: ResMut<NextState<PlayMode>>,
    mut minimap: ResMut<Minimap>,
    mut camera: Single<&mut Transform, With<MainCamera>>,
) {
    if !minimap.dragging {
        return;
    }
    if !buttons.pressed(MouseButton::Left) {
        minimap.dragging = false;
    }
    let (Some(window), Some(_)) = (&window, minimap.built_for) else {
        return;
    };
    let Some(pointer) = window.cursor_position() else {
        return;
    };
    // Without fly mode in the build, the camera can't leave you.
    if *mode.get() == PlayMode::Play {
        if !handled.0.contains(&Action::ToggleFly) {
            return;
        }
        next.set(PlayMode::Fly);
    }
    let (w, h) = (level.map.width(), level.map.height());
    let (corner, size) = screen_rect(w, h, &map_frame);
    let at = ((pointer - corner) / size).clamp(Vec2::ZERO, Vec2::ONE);
    let world = map_top_left(w, h) + Vec2::new(at.x * w as f32, -at.y * h as f32) * TILE_PX;
    camera.translation.x = world.x;
    camera.translation.y = world.y;
}

/// The world position of the `w` × `h` map's top left corner.
fn map_top_left(w: usize, h: usize) -> Vec2 {
    let (lo, hi) = map_bounds(w, h);
    Vec2::new(lo.x, hi.y)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::RunSetup;
    use crate::game::GameConfig;
    use crate::game::far_view::FarPage;

    fn app(w: usize, h: usize) -> App {
        crate::game::test_app(2, RunSetup::sized(w, h), GameConfig::default())
    }

    fn tap(app: &mut App, key: KeyCode) {
        use leafwing_input_manager::prelude::Buttonlike;
        key.press(app.world_mut());
        app.update();
        key.release(app.world_mut());
        app.update();
    }

    #[test]
    fn tab_shows_the_far_views_pages_in_a_corner_and_tab_again_hides_them() {
        let mut app = app(700, 300);
        tap(&mut app, KeyCode::Tab);
        assert!(app.world().resource::<Minimap>().on);
        let images: Vec<Handle<Image>> = app
            .world_mut()
            .query::<&ImageNode>()
            .iter(app.world())
            .map(|n| n.image.clone())
            .collect();
        let pages: Vec<Handle<Image>> = app
            .world_mut()
            .query::<&FarPage>()
            .iter(app.world())
            .map(|p| p.image.clone())
            .collect();
        // 700 × 300: two pages across, one down, each shown once.
        assert_eq!(pages.len(), 2);
        assert_eq!(images.len(), 2);
        assert!(pages.iter().all(|p| images.contains(p)));
        assert!(app.world().resource::<FarView>().wanted, "kept current");
        assert_eq!(
            app.world_mut()
                .query::<(&CameraFrame, &Node)>()
                .iter(app.world())
                .count(),
            1
        );
        tap(&mut app, KeyCode::Tab);
        assert!(!app.world().resource::<Minimap>().on);
        let nodes = app
            .world_mut()
            .query::<&MinimapNode>()
            .iter(app.world())
            .count();
        assert_eq!(nodes, 0);
        assert!(!app.world().resource::<FarView>().wanted);
    }

    #[test]
    fn on_a_map_that_fits_the_window_tab_says_there_is_no_minimap() {
        let mut app = app(80, 21);
        tap(&mut app, KeyCode::Tab);
        assert!(!app.world().resource::<Minimap>().on);
        let notice = app.world().resource::<RunNotice>().0.clone();
        assert!(notice.contains("no minimap"), "{notice}");
    }

    #[test]
    fn the_minimap_has_the_maps_shape_and_sits_top_right() {
        assert_eq!(size_of(2048, 2048), Vec2::splat(SIDE_PX));
        assert_eq!(size_of(2048, 1024), Vec2::new(SIDE_PX, SIDE_PX / 2.0));
        let whole = MapFrame {
            min: Vec2::new(0.0, 26.0),
            size: Vec2::new(1280.0, 636.0),
        };
        let (corner, size) = screen_rect(1000, 500, &whole);
        assert_eq!(
            corner,
            Vec2::new(1280.0 - RIGHT_PX - SIDE_PX, 26.0 + TOP_PX)
        );
        // Beside a panel on the right, it keeps to the map's frame.
        let narrower = MapFrame {
            size: Vec2::new(900.0, 636.0),
            ..whole
        };
        let (corner, _) = screen_rect(1000, 500, &narrower);
        assert_eq!(corner.x + SIDE_PX + RIGHT_PX, 900.0);
        assert_eq!(size, Vec2::new(SIDE_PX, SIDE_PX / 2.0));
        assert!(fits(80, 21, Vec2::new(1280.0, 720.0)));
        assert!(!fits(80, 46, Vec2::new(1280.0, 720.0)));
    }
}
