//! The HUD: a status bar at the bottom (the run: level, light, HP, gems, turn;
//! then the level: seed, stage shown, map size, stats, mode) and a `?` help panel
//! listing every key.

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

use super::GameSet;
use super::camera::CameraMode;
use super::input::{Action, Controls};
use super::level::{CurrentLevel, Mines};
use super::replay::Replay;
use super::sight::Reveal;
use super::tilemap::MapView;
use crate::dungeon::render::level_name;
use crate::generation::Stage;

#[derive(Component)]
pub struct StatusText;

#[derive(Component)]
pub struct HelpPanel;

/// Every key, as the help panel and the README list them.
pub const CONTROLS: &[(&str, &str)] = &[
    (
        "arrows, hjklyubn, numpad",
        "move or attack (8 directions); hold to repeat",
    ),
    (". or s or numpad 5", "wait a turn"),
    (",", "pick up what lies here"),
    ("> / <", "go down / up the stairs you stand on"),
    ("Ctrl-P", "message history"),
    ("M", "reveal the whole level and every monster"),
    ("R", "new run, random seed (press twice while alive)"),
    (
        "Shift+N / P",
        "new run, next / previous seed (twice while alive)",
    ),
    ("O", "provenance overlay on/off"),
    ("[ / ]", "previous / next stage"),
    ("Space", "play the stages in order"),
    ("F", "fly mode on/off (camera leaves the player)"),
    ("move keys, left drag", "pan the camera in fly mode"),
    ("mouse wheel", "zoom"),
    ("Home", "frame the whole map (enters fly mode)"),
    ("? or F1", "this help"),
];

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_hud).add_systems(
        Update,
        (
            toggle_help.in_set(GameSet::Input),
            update_status.in_set(GameSet::Hud),
        ),
    );
}

fn spawn_hud(mut commands: Commands) {
    commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                bottom: Val::Px(0.0),
                left: Val::Px(0.0),
                right: Val::Px(0.0),
                padding: UiRect::axes(Val::Px(8.0), Val::Px(5.0)),
                ..default()
            },
            BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.85)),
        ))
        .with_children(|bar| {
            bar.spawn((
                StatusText,
                Text::new(""),
                TextFont::from_font_size(15.0),
                TextColor(Color::srgb(0.92, 0.9, 0.82)),
            ));
        });
    let mut help = String::from("Controls\n\n");
    for (keys, what) in CONTROLS {
        help.push_str(&format!("{keys:<26} {what}\n"));
    }
    commands.spawn((
        HelpPanel,
        Node {
            position_type: PositionType::Absolute,
            top: Val::Px(34.0),
            left: Val::Px(40.0),
            padding: UiRect::all(Val::Px(14.0)),
            ..default()
        },
        BackgroundColor(Color::srgba(0.05, 0.05, 0.08, 0.93)),
        Text::new(help),
        TextFont::from_font_size(15.0),
        TextColor(Color::WHITE),
        Visibility::Hidden,
    ));
}

fn toggle_help(
    controls: Single<&ActionState<Action>, With<Controls>>,
    mut help: Single<&mut Visibility, With<HelpPanel>>,
) {
    if controls.just_pressed(&Action::ToggleHelp) {
        **help = match **help {
            Visibility::Hidden => Visibility::Visible,
            _ => Visibility::Hidden,
        };
    }
}

/// The run's status line, as NetHack's bottom line.
pub fn run_line(mines: &Mines, reveal: Reveal) -> String {
    let level = mines.level();
    format!(
        "seed {}  |  {}  {}  |  HP {}({})  |  gems {}  |  T:{}{}",
        mines.seed,
        level_name(mines.depth),
        if level.lit { "lit" } else { "unlit" },
        mines.player.hp,
        mines.player.max_hp,
        mines.player.gems(),
        mines.turn,
        if reveal.0 { "  |  revealed (M)" } else { "" },
    )
}

/// The level's status line for a level, view and mode.
pub fn status_line(
    level: &CurrentLevel,
    view: &MapView,
    mode: CameraMode,
    playing: bool,
) -> String {
    let s = &level.stats;
    let i = view.stage.index();
    let cells = (level.width() * level.height()) as f64;
    let stage = if view.stage == Stage::Joined {
        "joined (final)".to_string()
    } else {
        view.stage.name().to_string()
    };
    // Joining's numbers only mean something once joining has run.
    let numbers = if view.stage == Stage::Joined {
        format!(
            "regions {}  corridors {}  specks {}",
            s.regions, s.corridors, s.specks_erased
        )
    } else {
        format!("{} cells changed by this stage", s.changed_by[i])
    };
    format!(
        "map seed {}  |  stage {}{}  |  {}x{}  |  floor {:.1}%  |  {}  |  {}{}  |  ? help",
        level.seed,
        stage,
        if playing { " (playing)" } else { "" },
        level.width(),
        level.height(),
        100.0 * s.floor_after[i] as f64 / cells,
        numbers,
        match mode {
            CameraMode::Follow => "play",
            CameraMode::Fly => "fly",
        },
        if view.overlay { "  overlay" } else { "" },
    )
}

fn update_status(
    level: Option<Res<CurrentLevel>>,
    mines: Option<Res<Mines>>,
    view: Res<MapView>,
    mode: Res<CameraMode>,
    reveal: Res<Reveal>,
    replay: Res<Replay>,
    mut text: Single<&mut Text, With<StatusText>>,
) {
    let (Some(level), Some(mines)) = (level, mines) else {
        return;
    };
    let line = format!(
        "{}\n{}",
        run_line(&mines, *reveal),
        status_line(&level, &view, *mode, replay.playing.is_some())
    );
    if text.0 != line {
        text.0 = line;
    }
}
