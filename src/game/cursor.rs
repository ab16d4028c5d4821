//! The travel and look cursor, and the mouse over the map. While the run
//! asks "Where do you want to travel to?" or "Pick an object." a yellow
//! frame marks the cursor's cell. In play, a left click on a cell you know
//! travels there (a click on you searches), written to the journal as the
//! keys a player would type: `_`, the cursor's moves, `.`; the cell under
//! the mouse is named in the status bar, as `;` names it.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::run::{CurrentLevel, Run, TurnAction};
use super::shared::{GameSet, Hovered, MainCamera, PlayMode, TILE_PX, cell_centre};
use crate::dungeon::Command;
use crate::generation::Pos;

/// The cursor's frame over the map.
#[derive(Component)]
struct CursorFrame;

/// Above everything on the map but under the camera.
const Z: f32 = 20.0;

/// The cursor plugin.
pub(crate) fn plugin(app: &mut App) {
    super::input::handles(app, &[super::input::Action::ClickTravel]);
    app.init_resource::<Hovered>()
        .add_systems(Startup, spawn_frame)
        .add_systems(
            Update,
            (
                (click_to_travel, escape_cursor)
                    .run_if(in_state(PlayMode::Play))
                    .in_set(GameSet::Input),
                (place_frame, name_hovered).in_set(GameSet::View),
            ),
        );
}

/// The map cell under the mouse, if the mouse is over the window and the
/// map.
fn cell_under_mouse(
    window: &Window,
    camera: (&Camera, &GlobalTransform),
    level: &CurrentLevel,
) -> Option<Pos> {
    let screen = window.cursor_position()?;
    let world = camera.0.viewport_to_world_2d(camera.1, screen).ok()?;
    let height = level.map.height() as i32;
    let cell = Pos::new(
        (world.x / TILE_PX).round() as i32,
        height - 1 - (world.y / TILE_PX).round() as i32,
    );
    level.map.contains(cell).then_some(cell)
}

/// The words for the cell under the mouse, for the status bar.
fn name_hovered(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<MainCamera>>,
    run: Res<Run>,
    level: Res<CurrentLevel>,
    mut hovered: ResMut<Hovered>,
) {
    let words = cell_under_mouse(&window, *camera, &level)
        .filter(|_| run.level().map().len() == level.map.len())
        .map(|cell| run.what_is_at(cell));
    hovered.set_if_neq(Hovered(words));
}

fn spawn_frame(mut commands: Commands, config: Res<super::shared::GameConfig>) {
    let marks = config.palette().marks();
    commands.spawn((
        Name::new("Cursor"),
        CursorFrame,
        Sprite::from_color(
            super::shared::colour_of(marks.cursor).with_alpha(marks.cursor_alpha),
            Vec2::splat(TILE_PX),
        ),
        Transform::from_xyz(0.0, 0.0, Z),
        Visibility::Hidden,
    ));
}

fn place_frame(
    run: Res<Run>,
    level: Res<CurrentLevel>,
    mut frame: Single<(&mut Transform, &mut Visibility), With<CursorFrame>>,
) {
    let (transform, visibility) = &mut *frame;
    match run.cursor() {
        Some(at) => {
            let c = cell_centre(at, level.map.height());
            transform.translation.x = c.x;
            transform.translation.y = c.y;
            **visibility = Visibility::Visible;
        }
        None => **visibility = Visibility::Hidden,
    }
}

/// `Esc` while the cursor asks: never mind, as any key but the cursor's
/// says (journalled as `s`, which the cursor reads as never mind too).
fn escape_cursor(
    keys: Res<ButtonInput<KeyCode>>,
    run: Res<Run>,
    mut actions: MessageWriter<TurnAction>,
) {
    if keys.just_pressed(KeyCode::Escape) && run.cursor().is_some() {
        actions.write(TurnAction(Command::Search));
    }
}

/// A left click on a cell you know: travel there, as typed keys.
fn click_to_travel(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<MainCamera>>,
    run: Res<Run>,
    level: Res<CurrentLevel>,
    mut actions: MessageWriter<TurnAction>,
) {
    if !buttons.just_pressed(MouseButton::Left) || run.is_over() || run.is_asking() {
        return;
    }
    let Some(cell) = cell_under_mouse(&window, *camera, &level) else {
        return;
    };
    if !run.level().is_seen(cell) {
        return;
    }
    for c in run.travel_keys(cell) {
        actions.write(TurnAction(c));
    }
}
