//! The game in a Bevy app of your own, with one plugin of yours beside it: a
//! panel in the top right corner that counts the monsters you can see and the
//! turns you have spent on this level, shown and hidden with F2.
//!
//! ```sh
//! cargo run --example own_app            # seed 1
//! cargo run --example own_app -- 42      # seed 42
//! ```
//!
//! The game's plugins read and draw the run; yours can too. `Run` is the whole
//! run (read-only: it changes only by the commands the player's keys give),
//! so a plugin of yours reads it as any of the game's own do.

use bevy::prelude::*;
use gnomish_mines::dungeon::{Dungeon, RunSetup};
use gnomish_mines::game::{GameConfig, GamePlugin, GameSet, Run, WindowPlugins};
use gnomish_mines::saves::Session;

fn main() {
    let seed = std::env::args()
        .nth(1)
        .map(|s| s.parse().expect("a seed is a whole number"))
        .unwrap_or(1);
    // The run, made by you: a new one here (unsaved; `Session::keep` keeps
    // a journal as the game's own binary does).
    let run = Dungeon::new(seed, RunSetup::default()).expect("the default setup makes a run");
    App::new()
        // The window first (Bevy's plugins, set up as the game sets them),
        // then the game, then yours.
        .add_plugins(WindowPlugins)
        .add_plugins(GamePlugin::new(Session::new(run), GameConfig::default()))
        .add_plugins(level_panel)
        .run();
}

/// The panel's text.
#[derive(Component)]
struct LevelPanel;

/// The turn you arrived on the level you stand on.
#[derive(Resource, Default)]
struct Arrived {
    depth: usize,
    turn: u64,
}

/// Your plugin: a function of the app, like each of the game's.
fn level_panel(app: &mut App) {
    app.init_resource::<Arrived>()
        .add_systems(Startup, spawn_panel)
        // After the game has played the frame's turns, so the panel shows them.
        .add_systems(Update, (toggle_panel, update_panel).after(GameSet::Level));
}

fn spawn_panel(mut commands: Commands) {
    commands.spawn((
        LevelPanel,
        Node {
            position_type: PositionType::Absolute,
            top: Val::Px(34.0),
            right: Val::Px(12.0),
            padding: UiRect::all(Val::Px(10.0)),
            ..default()
        },
        BackgroundColor(Color::srgba(0.10, 0.05, 0.15, 0.9)),
        Text::new(""),
        TextFont::from_font_size(15.0),
        TextColor(Color::srgb(1.0, 0.85, 0.4)),
    ));
}

fn toggle_panel(
    keys: Res<ButtonInput<KeyCode>>,
    mut panel: Single<&mut Visibility, With<LevelPanel>>,
) {
    if keys.just_pressed(KeyCode::F2) {
        **panel = match **panel {
            Visibility::Hidden => Visibility::Visible,
            _ => Visibility::Hidden,
        };
    }
}

fn update_panel(
    run: Res<Run>,
    mut arrived: ResMut<Arrived>,
    mut panel: Single<&mut Text, With<LevelPanel>>,
) {
    if !run.is_changed() {
        return;
    }
    if run.depth() != arrived.depth {
        *arrived = Arrived {
            depth: run.depth(),
            turn: run.turn(),
        };
    }
    let level = run.level();
    let in_view = level
        .monsters()
        .iter()
        .filter(|m| run.is_visible(m.pos))
        .count();
    panel.0 = format!(
        "your plugin (F2)\nlevel {}: {} turns here\nmonsters in view: {in_view}",
        run.depth(),
        run.turn() - arrived.turn,
    );
}
