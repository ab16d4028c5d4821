//! The end of a run: a death screen or a victory screen with depth, turns,
//! gems and seed (the words are `dungeon::Ending`'s, as the terminal's).
//! Shift+R starts a new run.

use bevy::prelude::*;

use super::run::Run;
use super::shared::GameSet;
use crate::dungeon::Dungeon;
use crate::dungeon::status::Ending;

#[derive(Component)]
/// The death or victory screen.
pub(crate) struct EndingPanel;

/// The end screens, shown when the run ends.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_panel)
        .add_systems(Update, update_panel.in_set(GameSet::Hud));
}

fn spawn_panel(mut commands: Commands) {
    commands
        .spawn((
            Name::new("Ending screen"),
            Node {
                position_type: PositionType::Absolute,
                width: Val::Percent(100.0),
                height: Val::Percent(100.0),
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                ..default()
            },
            Visibility::Hidden,
            EndingPanel,
            ZIndex(10),
        ))
        .with_children(|root| {
            root.spawn((
                Node {
                    padding: UiRect::all(Val::Px(24.0)),
                    ..default()
                },
                BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.9)),
                Text::new(""),
                TextFont::from_font_size(22.0),
                TextColor(Color::WHITE),
                TextLayout::justify(Justify::Center),
            ));
        });
}

/// The screen's text for a finished run; None while it is still played.
pub(crate) fn ending_text(run: &Dungeon) -> Option<String> {
    let end = Ending::of(run)?;
    Some(format!(
        "{}\n\n{}\n{}\n{}\n\nPress Shift+R for a new run.",
        end.title, end.how, end.after, end.seed
    ))
}

fn update_panel(
    run: Res<Run>,
    mut panel: Single<(&mut Visibility, &Children), With<EndingPanel>>,
    mut texts: Query<&mut Text>,
) {
    if !run.is_changed() {
        return;
    }
    let (visibility, children) = &mut *panel;
    match ending_text(&run) {
        Some(mut text) => {
            if let Some(path) = run.session().kept() {
                text += &format!(
                    "\n\nRecorded in {}\nReplay it: gnomish-mines --replay {}",
                    path.display(),
                    path.display()
                );
            }
            **visibility = Visibility::Visible;
            for child in children.iter() {
                if let Ok(mut t) = texts.get_mut(child) {
                    t.0 = text.clone();
                }
            }
        }
        None => **visibility = Visibility::Hidden,
    }
}
