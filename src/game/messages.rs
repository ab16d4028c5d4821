//! The message line at the top of the window, NetHack style, and the message
//! history (`Ctrl-P`).

use bevy::prelude::*;

use super::input::{self, Action, Pressed};
use super::run::{Run, RunNotice};
use super::shared::{Bar, GameSet, Side, text_panel};
use crate::dungeon::Dungeon;

#[derive(Component)]
/// The message line at the top.
pub(crate) struct MessageLine;

#[derive(Component)]
/// The message history panel (Ctrl-P).
pub(crate) struct HistoryPanel;

/// The message line and its history.
pub(crate) fn plugin(app: &mut App) {
    input::handles(
        app,
        &[Action::History, Action::HistoryOlder, Action::HistoryNewer],
    );
    app.init_resource::<HistoryPage>();
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
            Bar::Top,
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

/// How many pages back from the newest the history panel shows.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct HistoryPage(pub usize);

fn toggle_history(
    mut presses: MessageReader<Pressed>,
    mut panel: Single<&mut Visibility, With<HistoryPanel>>,
    mut page: ResMut<HistoryPage>,
) {
    for p in presses.read() {
        match p.0 {
            Action::History => {
                page.0 = 0;
                **panel = match **panel {
                    Visibility::Hidden => Visibility::Visible,
                    _ => Visibility::Hidden,
                };
            }
            Action::HistoryOlder if **panel != Visibility::Hidden => page.0 += 1,
            Action::HistoryNewer if **panel != Visibility::Hidden => {
                page.0 = page.0.saturating_sub(1)
            }
            _ => {}
        }
    }
}

/// The history panel's text: page `page` back from the newest, of
/// `per_page` messages with their turns (the run keeps them all; the options
/// file's `history_page` sets how many a page shows), paged as the terminal
/// pages it ([`crate::dungeon::MessageLog::page`]).
pub(crate) fn history_text(run: &Dungeon, page: usize, per_page: usize) -> String {
    let page = run.log().page(page, per_page);
    let mut text = format!(
        "Messages, page {} of {} (PgUp older, PgDn newer, Ctrl-P closes)\n\n",
        page.number, page.pages
    );
    for line in &page.lines {
        text.push_str(line);
        text.push('\n');
    }
    text
}

fn update_messages(
    run: Res<Run>,
    notice: Res<RunNotice>,
    page: Res<HistoryPage>,
    config: Res<super::shared::GameConfig>,
    mut line: Single<&mut Text, (With<MessageLine>, Without<HistoryPanel>)>,
    mut history: Single<&mut Text, (With<HistoryPanel>, Without<MessageLine>)>,
) {
    if !run.is_changed() && !notice.is_changed() && !page.is_changed() {
        return;
    }
    // A question from outside the run (a new run?) takes the line, then
    // what the session says of the run's keeping; a cursor's question
    // stays on it while the cursor moves.
    let text = match (
        notice.0.is_empty(),
        run.session().notice(),
        run.cursor_question(),
    ) {
        (false, _, _) => notice.0.clone(),
        (true, Some(kept), _) => kept.to_string(),
        (true, None, Some(asked)) if run.log().line().is_empty() => asked.to_string(),
        (true, None, _) => run.log().line(),
    };
    line.0 = text;
    history.0 = history_text(&run, page.0, config.options.options.history_page);
}
