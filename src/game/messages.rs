//! The message line at the top of the window, NetHack style, and the message
//! history (`Ctrl-P`).

use bevy::prelude::*;

use super::input::{self, Action, Pressed};
use super::run::{Run, RunNotice};
use super::shared::{GameSet, Side, text_panel};
use crate::dungeon::Dungeon;

/// How many messages the history panel lists.
pub(crate) const HISTORY_SHOWN: usize = 20;

#[derive(Component)]
/// The message line at the top.
pub struct MessageLine;

#[derive(Component)]
/// The message history panel (Ctrl-P).
pub struct HistoryPanel;

/// The message line and its history.
pub fn plugin(app: &mut App) {
    input::handles(app, &[Action::History]);
    app.add_systems(Startup, spawn_message_ui).add_systems(
        Update,
        (
            toggle_history.in_set(GameSet::Input),
            update_messages.in_set(GameSet::Hud),
        ),
    );
}

fn spawn_message_ui(mut commands: Commands) {
    commands
        .spawn((
            Name::new("Message bar"),
            Node {
                position_type: PositionType::Absolute,
                top: Val::Px(0.0),
                left: Val::Px(0.0),
                right: Val::Px(0.0),
                min_height: Val::Px(26.0),
                padding: UiRect::axes(Val::Px(8.0), Val::Px(4.0)),
                ..default()
            },
            BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.85)),
        ))
        .with_children(|bar| {
            bar.spawn((
                MessageLine,
                Text::new(""),
                TextFont::from_font_size(16.0),
                TextColor(Color::WHITE),
            ));
        });
    commands.spawn((
        HistoryPanel,
        text_panel("Message history", Side::Left, String::new()),
    ));
}

fn toggle_history(
    mut presses: MessageReader<Pressed>,
    mut panel: Single<&mut Visibility, With<HistoryPanel>>,
) {
    for _ in presses.read().filter(|p| p.0 == Action::History) {
        **panel = match **panel {
            Visibility::Hidden => Visibility::Visible,
            _ => Visibility::Hidden,
        };
    }
}

/// The history panel's text: the last [`HISTORY_SHOWN`] messages with their turns.
pub(crate) fn history_text(run: &Dungeon) -> String {
    let all: Vec<(u64, &str)> = run.log().history().collect();
    let from = all.len().saturating_sub(HISTORY_SHOWN);
    let mut text = String::from("Messages (Ctrl-P closes)\n\n");
    for (turn, message) in &all[from..] {
        text.push_str(&format!("T:{turn:<5} {message}\n"));
    }
    text
}

fn update_messages(
    run: Res<Run>,
    notice: Res<RunNotice>,
    mut line: Single<&mut Text, (With<MessageLine>, Without<HistoryPanel>)>,
    mut history: Single<&mut Text, (With<HistoryPanel>, Without<MessageLine>)>,
) {
    if !run.is_changed() && !notice.is_changed() {
        return;
    }
    // A question from outside the run (a new run?) takes the line.
    let text = if notice.0.is_empty() {
        run.log().line()
    } else {
        notice.0.clone()
    };
    line.0 = text;
    history.0 = history_text(&run);
}
