//! The provenance overlay: `O` colours every cell by the stage that last changed
//! it, with a legend of colours and cell counts.
//!
//! Colours are the Okabe–Ito palette, chosen to stay distinct under the common
//! forms of colour blindness.

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

use super::GameSet;
use super::input::{Action, Controls};
use super::level::CurrentLevel;
use super::tilemap::MapView;
use crate::generation::level::count_provenance;
use crate::generation::{Provenance, Stage};

/// The overlay colour of each provenance.
pub fn provenance_colour(p: Provenance) -> Color {
    let hex = match p {
        Provenance::Untouched => 0x3a3a3a,
        Provenance::Init => 0xF0E442,     // yellow
        Provenance::Pass1 => 0x56B4E9,    // sky blue
        Provenance::Pass2 => 0xD55E00,    // vermillion
        Provenance::Pass3 => 0x009E73,    // bluish green
        Provenance::Pass4 => 0x0072B2,    // blue
        Provenance::Corridor => 0xE69F00, // orange
        Provenance::Erased => 0xCC79A7,   // reddish purple
    };
    Color::srgb_u8((hex >> 16) as u8, (hex >> 8) as u8, hex as u8)
}

/// The legend panel, shown while the overlay is on.
#[derive(Component)]
pub struct Legend;

/// One legend row's count text.
#[derive(Component)]
pub struct LegendCount(pub Provenance);

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_legend).add_systems(
        Update,
        (
            toggle_overlay.in_set(GameSet::Input),
            update_legend.in_set(GameSet::Hud),
        ),
    );
}

fn toggle_overlay(
    controls: Single<&ActionState<Action>, With<Controls>>,
    mut view: ResMut<MapView>,
) {
    if controls.just_pressed(&Action::ToggleOverlay) {
        view.overlay = !view.overlay;
    }
}

fn spawn_legend(mut commands: Commands) {
    commands
        .spawn((
            Legend,
            Node {
                position_type: PositionType::Absolute,
                right: Val::Px(8.0),
                bottom: Val::Px(58.0),
                flex_direction: FlexDirection::Column,
                padding: UiRect::all(Val::Px(8.0)),
                row_gap: Val::Px(3.0),
                ..default()
            },
            BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.8)),
            Visibility::Hidden,
        ))
        .with_children(|legend| {
            legend.spawn((
                Text::new("last changed by"),
                TextFont::from_font_size(14.0),
                TextColor(Color::WHITE),
            ));
            for p in Provenance::ALL {
                legend
                    .spawn(Node {
                        flex_direction: FlexDirection::Row,
                        column_gap: Val::Px(6.0),
                        align_items: AlignItems::Center,
                        ..default()
                    })
                    .with_children(|row| {
                        row.spawn((
                            Node {
                                width: Val::Px(14.0),
                                height: Val::Px(14.0),
                                ..default()
                            },
                            BackgroundColor(provenance_colour(p)),
                        ));
                        row.spawn((
                            LegendCount(p),
                            Text::new(p.name()),
                            TextFont::from_font_size(13.0),
                            TextColor(Color::WHITE),
                        ));
                    });
            }
        });
}

fn update_legend(
    level: Option<Res<CurrentLevel>>,
    view: Res<MapView>,
    mut legend: Single<&mut Visibility, With<Legend>>,
    mut counts: Query<(&LegendCount, &mut Text)>,
) {
    let Some(level) = level else { return };
    if !level.is_changed() && !view.is_changed() {
        return;
    }
    **legend = if view.overlay {
        Visibility::Visible
    } else {
        Visibility::Hidden
    };
    let n = if view.stage == Stage::Joined {
        level.provenance_counts()
    } else {
        count_provenance(&level.provenance_at(view.stage))
    };
    for (row, mut text) in &mut counts {
        text.0 = format!("{:<13} {:>7}", row.0.name(), n[row.0 as usize]);
    }
}
