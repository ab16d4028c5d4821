//! The end of a run: a death screen or a victory screen with depth, turns, gems
//! and seed. `R` starts a new run.

use bevy::prelude::*;

use super::GameSet;
use super::level::Mines;
use crate::dungeon::{Dungeon, Outcome, render::level_name};

#[derive(Component)]
pub struct EndingPanel;

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_panel)
        .add_systems(Update, update_panel.in_set(GameSet::Hud));
}

fn spawn_panel(mut commands: Commands) {
    commands
        .spawn((
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
pub fn ending_text(run: &Dungeon) -> Option<String> {
    let (title, how) = match run.outcome {
        Outcome::Playing => return None,
        Outcome::Died { killer, depth } => (
            "You die...",
            format!("Killed by a {} on {}", killer.name(), level_name(depth)),
        ),
        Outcome::Won => (
            "You win!",
            "You found the gray stone at Mines' End".to_string(),
        ),
    };
    Some(format!(
        "{title}\n\n{how}\nafter {} turns, with {} gems.\nSeed {}\n\nPress R for a new run.",
        run.turn,
        run.player.gems(),
        run.seed
    ))
}

fn update_panel(
    mines: Option<Res<Mines>>,
    mut panel: Single<(&mut Visibility, &Children), With<EndingPanel>>,
    mut texts: Query<&mut Text>,
) {
    let Some(mines) = mines else { return };
    if !mines.is_changed() {
        return;
    }
    let (visibility, children) = &mut *panel;
    match ending_text(&mines) {
        Some(text) => {
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
