//! The HUD: a status bar at the bottom (the run: level, light, HP, gems, turn;
//! then the level: its cave's stage and numbers when it has a history) and a
//! `?` help panel listing every key the plugins handle.

use bevy::prelude::*;

use super::input::{Action, Handled, Pressed, help_rows};
use super::run::{CurrentLevel, Run};
use super::shared::{
    Bar, GameSet, Hovered, MapView, PlayMode, Reveal, Side, StagesPlaying, text_panel,
    text_panel_sized,
};
use crate::dungeon::Dungeon;
use crate::dungeon::status::Status;

#[derive(Component)]
/// The status bar's text.
pub(crate) struct StatusText;

#[derive(Component)]
/// The help panel (`?`).
pub(crate) struct HelpPanel;

#[derive(Component)]
/// The options panel (`F3`).
pub(crate) struct OptionsPanel;

/// The status bar and the help panel.
pub(crate) fn plugin(app: &mut App) {
    super::input::handles(app, &[Action::ToggleOptions]);
    app.add_systems(Startup, spawn_hud).add_systems(
        Update,
        (
            (toggle_help, toggle_options).in_set(GameSet::Input),
            update_status.in_set(GameSet::Hud),
        ),
    );
}

/// The options panel's text: the options in force and their file.
pub(crate) fn options_text(loaded: &crate::options::Loaded) -> String {
    format!("Options (F3 closes)\n\n{}", loaded.summary())
}

fn toggle_options(
    mut presses: MessageReader<Pressed>,
    mut panel: Single<&mut Visibility, With<OptionsPanel>>,
) {
    for _ in presses.read().filter(|p| p.0 == Action::ToggleOptions) {
        **panel = match **panel {
            Visibility::Hidden => Visibility::Visible,
            _ => Visibility::Hidden,
        };
    }
}

/// The help panel's text.
pub(crate) fn help_text(handled: &Handled) -> String {
    let mut help = String::from("Controls\n\n");
    for (keys, what) in help_rows(handled) {
        help.push_str(&format!("{keys:<26} {what}\n"));
    }
    help.push_str(MANUAL);
    help
}

/// Where a player reads on after the help panel: what each key answers, the
/// dungeon's rules and the saves are in the manual beside the README.
const MANUAL: &str = "\nThe manual: docs/playing.md (every key, the dungeon, saves)\n";

fn spawn_hud(
    mut commands: Commands,
    handled: Res<Handled>,
    config: Res<super::shared::GameConfig>,
) {
    commands.spawn((
        OptionsPanel,
        text_panel("Options panel", Side::Left, options_text(&config.options)),
    ));
    commands
        .spawn((
            Name::new("Status bar"),
            Bar::Bottom,
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
    commands.spawn((
        HelpPanel,
        text_panel_sized("Help panel", Side::Left, help_text(&handled), 12.0),
    ));
}

fn toggle_help(
    mut presses: MessageReader<Pressed>,
    mut help: Single<&mut Visibility, With<HelpPanel>>,
) {
    for _ in presses.read().filter(|p| p.0 == Action::ToggleHelp) {
        **help = match **help {
            Visibility::Hidden => Visibility::Visible,
            _ => Visibility::Hidden,
        };
    }
}

/// The run's status line: the status fields the terminal shows too
/// ([`Status::fields`]), on one line, and whether `M` shows all.
pub(crate) fn run_line(run: &Dungeon, reveal: Reveal) -> String {
    let status = Status::of(run);
    // A hero's status is NetHack's two lines, then the Mines' own fields.
    let mut line = match status.nethack_lines() {
        Some(lines) => lines.join("\n"),
        None => status.fields().join("  |  "),
    };
    if reveal.0 {
        line += "  |  revealed (M)";
    }
    line
}

/// The level's status line: its cave's stage and numbers when it has a history.
pub(crate) fn status_line(
    level: &CurrentLevel,
    view: &MapView,
    mode: PlayMode,
    playing: bool,
) -> String {
    let mode = match mode {
        PlayMode::Play => "play",
        PlayMode::Fly => "fly",
    };
    let (w, h) = (level.map.width(), level.map.height());
    let Some(history) = level.history() else {
        return format!(
            "a built level: no cave history  |  {w}x{h}  |  {mode}{}  |  ? help",
            if view.overlay {
                "  overlay (none here)"
            } else {
                ""
            },
        );
    };
    if let Some(other) = &view.instead {
        return format!(
            "map seed {}  |  {}  |  {w}x{h}  |  {mode}  |  C back  |  ? help",
            history.seed(),
            other.about,
        );
    }
    let s = &history.stats;
    let shown = view.stage_of(Some(history));
    let stage = shown.unwrap_or(history.last_stage());
    let i = stage.index();
    let cells = (w * h) as f64;
    let name = match shown {
        None => format!("{} (final)", history.stage_name(stage)),
        Some(s) => history.stage_name(s).to_string(),
    };
    // Joining's numbers only mean something once joining has run.
    let numbers = match shown {
        None => format!(
            "regions {}  corridors {}  specks {}",
            s.regions, s.corridors, s.specks_erased
        ),
        Some(_) => format!("{} cells changed by this stage", s.changed_by[i]),
    };
    format!(
        "map seed {}  |  stage {}{}  |  {w}x{h}  |  floor {:.1}%  |  {}  |  {mode}{}  |  ? help",
        history.seed(),
        name,
        if playing { " (playing)" } else { "" },
        100.0 * s.floor_after[i] as f64 / cells,
        numbers,
        if view.overlay { "  overlay" } else { "" },
    )
}

fn update_status(
    level: Res<CurrentLevel>,
    run: Res<Run>,
    view: Res<MapView>,
    mode: Res<State<PlayMode>>,
    reveal: Res<Reveal>,
    playing: Res<StagesPlaying>,
    hovered: Option<Res<Hovered>>,
    mut text: Single<&mut Text, With<StatusText>>,
) {
    let mut line = format!(
        "{}\n{}",
        run_line(&run, *reveal),
        status_line(&level, &view, *mode.get(), playing.0)
    );
    if let Some(words) = hovered.as_ref().and_then(|h| h.0.as_ref()) {
        line += &format!("\nunder the mouse: {words}");
    }
    if text.0 != line {
        text.0 = line;
    }
}
