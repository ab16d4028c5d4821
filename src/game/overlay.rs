//! The provenance overlay: `O` colours every cell by the stage that last changed
//! it, with a legend of colours and cell counts that follows the pipeline's
//! stages, and a line saying what pass 2 did on this level. A generator demo:
//! deleting this file and its line in `GamePlugin` leaves a plain roguelike.
//! On a level with no cave history it says so.

use std::sync::Arc;

use bevy::prelude::*;

use super::input::{self, Action, Pressed};
use super::run::CurrentLevel;
use super::shared::{Beside, GameConfig, GameSet, Side, MapView, provenance_colour, spawn_legend_row};
use crate::generation::{CaveHistory, Provenance, Stage};
use crate::lab::bites::pass2_line;
use crate::palette::Palette;

/// How many passes get a colour of their own (the palette's
/// `Marks::passes`; after that they repeat the last, and the legend says so).
const COLOURED_PASSES: usize = 8;

/// The legend panel, shown while the overlay is on.
#[derive(Component)]
pub(crate) struct Legend;

/// The legend's rows, rebuilt when the level or the view changes.
#[derive(Component)]
pub(crate) struct LegendRows;

/// The provenance overlay (`O`) and its legend.
pub(crate) fn plugin(app: &mut App) {
    input::handles(app, &[Action::ToggleOverlay]);
    app.add_systems(Startup, (spawn_legend, apply_config))
        .add_systems(
            Update,
            (
                toggle_overlay.in_set(GameSet::Input),
                update_legend.in_set(GameSet::Hud),
            ),
        );
}

fn apply_config(config: Res<GameConfig>, mut view: ResMut<MapView>) {
    view.overlay = config.overlay;
}

fn toggle_overlay(mut presses: MessageReader<Pressed>, mut view: ResMut<MapView>) {
    for _ in presses.read().filter(|p| p.0 == Action::ToggleOverlay) {
        view.overlay = !view.overlay;
    }
}

fn spawn_legend(mut commands: Commands) {
    commands
        .spawn((
            Name::new("Overlay legend"),
            Beside(Side::Right),
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
            legend.spawn((
                LegendRows,
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: Val::Px(3.0),
                    ..default()
                },
            ));
        });
}

/// One legend row: a colour, a name and a count. Passes past the coloured
/// ones share the last colour, so they share one row.
pub(crate) fn legend_rows(
    palette: Palette,
    history: &CaveHistory,
    counts: &[(Provenance, usize)],
) -> Vec<(Color, String, usize)> {
    let mut rows: Vec<(Color, String, usize)> = Vec::new();
    let shared_from = COLOURED_PASSES - 1;
    let passes = history.params().pipeline.shaping_count();
    for &(p, n) in counts {
        match p.pass_index() {
            Some(i) if i >= shared_from && passes > COLOURED_PASSES => {
                if i == shared_from {
                    let first = history.provenance_name(p).to_string();
                    let last = history.provenance_name(Provenance::pass(passes - 1));
                    rows.push((provenance_colour(palette, p), format!("{first} … {last}"), n));
                } else if let Some(row) = rows.last_mut() {
                    row.2 += n;
                }
            }
            _ => rows.push((
                provenance_colour(palette, p),
                history.provenance_name(p).to_string(),
                n,
            )),
        }
    }
    rows
}

/// The level and stage the legend's rows were last built for. Working them
/// out walks every cell (at 2048² the line on pass 2 alone took a third of a
/// toggle), so turning the overlay off and on again keeps them. It holds the
/// level's history itself, not its address, so a new level can't be taken for
/// an old one that lay at the same address.
#[derive(Default)]
struct LegendFor(Option<(Option<Arc<CaveHistory>>, Option<Stage>)>);

impl LegendFor {
    fn is(&self, level: &CurrentLevel, stage: Option<Stage>) -> bool {
        self.0.as_ref().is_some_and(|(history, s)| {
            *s == stage
                && match (history, &level.history) {
                    (Some(a), Some(b)) => Arc::ptr_eq(a, b),
                    (None, None) => true,
                    _ => false,
                }
        })
    }
}

fn update_legend(
    mut commands: Commands,
    config: Res<GameConfig>,
    level: Res<CurrentLevel>,
    view: Res<MapView>,
    mut legend: Single<&mut Visibility, With<Legend>>,
    rows: Single<Entity, With<LegendRows>>,
    mut built_for: Local<LegendFor>,
) {
    if !level.is_changed() && !view.is_changed() {
        return;
    }
    legend.set_if_neq(if view.overlay {
        Visibility::Visible
    } else {
        Visibility::Hidden
    });
    let stage = view.stage_of(level.history());
    if !view.overlay || built_for.is(&level, stage) {
        return;
    }
    built_for.0 = Some((level.history.clone(), stage));
    let row_nodes: Vec<(Color, String)> = match level.history() {
        None => vec![(
            Color::NONE,
            "nothing: this level was built,\nnot generated, so it has no\ncave history".into(),
        )],
        Some(history) => {
            let counts = match view.stage_of(Some(history)) {
                Some(s) => history.count_provenance(&history.provenance_at(s)),
                None => history.provenance_counts(),
            };
            legend_rows(config.palette(), history, &counts)
                .into_iter()
                .map(|(c, name, n)| (c, format!("{name:<13} {n:>7}")))
                .collect()
        }
    };
    // What pass 2 did here, in the lab's words (docs/pass2.md).
    let pass2 = level.history().and_then(pass2_line);
    let parent = *rows;
    commands.entity(parent).despawn_related::<Children>();
    commands.entity(parent).with_children(|list| {
        for (colour, text) in row_nodes {
            spawn_legend_row(list, Some(colour), text, LegendCount);
        }
        if let Some(line) = pass2 {
            list.spawn((
                Pass2Line,
                Text::new(line),
                TextFont::from_font_size(13.0),
                TextColor(Color::srgb(0.92, 0.9, 0.82)),
            ));
        }
    });
}

/// The legend's line on what pass 2 did.
#[derive(Component)]
pub(crate) struct Pass2Line;

/// One legend row's text.
#[derive(Component)]
pub(crate) struct LegendCount;
