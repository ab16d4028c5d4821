//! The comparison view: `C` draws the same seed's level made by another
//! pipeline (by default the level's own without pass 2, or `--compare`'s) in
//! place of this one, with every cell that differs marked and a legend that
//! counts them. It only reads the run: `C` again (or a stage or overlay key)
//! puts the map back exactly as it was, and a new level is compared afresh.
//! Play and fly mode go on underneath. A generator demo: deleting this file
//! and its line in `demos!` leaves the game without it.

use std::sync::Arc;

use bevy::prelude::*;

use super::input::{self, Action, Pressed};
use super::run::{CurrentLevel, Run, RunNotice};
use super::shared::{Beside, GameConfig, GameSet, Side, MapView, OtherMap, colour_of, spawn_legend_row};
use crate::generation::LevelMap;
use crate::lab::compare::{CellDiff, Comparison};
use crate::palette::Palette;

/// The comparison on show, while the view is on: what the legend counts.
/// The map view only holds the other map and its marks.
#[derive(Resource, Default, Debug, Clone)]
pub(crate) struct Compared(pub Option<Arc<Comparison>>);

/// The comparison view's mark for a cell that differs in `palette`: None
/// for a cell that is the same. Floor gained or lost in strong colours;
/// walls that only follow the floor's change in a muted one, so they don't
/// drown the cells that matter.
pub(crate) fn diff_colour(palette: Palette, diff: CellDiff) -> Option<Color> {
    let marks = palette.marks();
    Some(colour_of(match diff {
        CellDiff::Same => return None,
        CellDiff::FloorOnlyHere => marks.floor_only_here,
        CellDiff::FloorOnlyThere => marks.floor_only_there,
        CellDiff::OtherTile => marks.other_tile,
    }))
}

/// The differences drawn marked, in the order of the view's palette.
const MARKED: [CellDiff; 3] = [
    CellDiff::FloorOnlyHere,
    CellDiff::FloorOnlyThere,
    CellDiff::OtherTile,
];

/// A cell's mark in the view: 0 for the same, else its difference's place in
/// [`MARKED`] counting from 1.
fn mark_of(diff: CellDiff) -> u8 {
    MARKED
        .iter()
        .position(|&d| d == diff)
        .map_or(0, |i| i as u8 + 1)
}

/// A comparison made ready to draw: what the legend counts and what the map
/// view draws.
#[derive(Clone)]
struct Drawable {
    comparison: Arc<Comparison>,
    other: Arc<OtherMap>,
}

impl Drawable {
    fn of(c: Comparison, palette: Palette) -> Self {
        let other = Arc::new(OtherMap {
            map: c.map.clone(),
            marks: c.diffs.iter().map(|&d| mark_of(d)).collect(),
            palette: MARKED
                .iter()
                .filter_map(|&d| diff_colour(palette, d))
                .collect(),
            about: format!(
                "comparing with {}  |  {} cells differ",
                c.label,
                c.differing()
            ),
        });
        Drawable {
            comparison: Arc::new(c),
            other,
        }
    }
}

/// The last comparison made and the level it was made for, kept while the
/// view is off: making the other level again takes as long as a new run at
/// 2048², so `C` off and on again on the same level reuses it. It holds the
/// level's map itself, so a new level can't be taken for the old one.
#[derive(Resource, Default)]
struct LastComparison(Option<(Arc<LevelMap>, Drawable)>);

impl LastComparison {
    /// The comparison for the level on screen: the kept one if it is this
    /// level's, else a new one (kept in its place).
    fn for_level(
        &mut self,
        run: &Run,
        level: &CurrentLevel,
        config: &GameConfig,
    ) -> Result<Drawable, String> {
        if let Some((map, drawable)) = &self.0
            && Arc::ptr_eq(map, &level.map)
        {
            return Ok(drawable.clone());
        }
        let drawable = Drawable::of(Comparison::of_level(run, config.compare.as_ref())?, config.palette());
        self.0 = Some((level.map.clone(), drawable.clone()));
        Ok(drawable)
    }
}

/// Show `c` in place of the level, or (None) the level again.
fn show(view: &mut MapView, compared: &mut Compared, c: Option<Drawable>) {
    view.instead = c.as_ref().map(|c| c.other.clone());
    compared.0 = c.map(|c| c.comparison);
}

/// The legend panel, shown while the view is on.
#[derive(Component)]
pub(crate) struct CompareLegend;

/// The legend's text lines.
#[derive(Component)]
pub(crate) struct CompareLegendRows;

/// The comparison view (`C`).
pub(crate) fn plugin(app: &mut App) {
    input::handles(app, &[Action::Compare]);
    app.init_resource::<Compared>()
        .init_resource::<LastComparison>()
        .add_systems(Startup, spawn_legend)
        .add_systems(PostStartup, apply_config)
        .add_systems(
            Update,
            (
                toggle.in_set(GameSet::Input),
                follow_level.in_set(GameSet::ViewState),
                update_legend.in_set(GameSet::Hud),
            ),
        );
}

/// `--compare-view`: start in the view.
fn apply_config(
    config: Res<GameConfig>,
    run: Option<Res<Run>>,
    level: Option<Res<CurrentLevel>>,
    mut view: ResMut<MapView>,
    mut compared: ResMut<Compared>,
    mut last: ResMut<LastComparison>,
    mut notice: Option<ResMut<RunNotice>>,
) {
    let (Some(run), Some(level)) = (run, level.filter(|_| config.compare_view)) else {
        return;
    };
    match last.for_level(&run, &level, &config) {
        Ok(c) => show(&mut view, &mut compared, Some(c)),
        Err(why) => {
            if let Some(notice) = notice.as_mut() {
                notice.0 = why;
            }
        }
    }
}

/// `C` turns the view on and off; the stage and overlay keys leave it, since
/// they are about this level's own map.
fn toggle(
    mut presses: MessageReader<Pressed>,
    config: Res<GameConfig>,
    run: Res<Run>,
    level: Res<CurrentLevel>,
    mut view: ResMut<MapView>,
    mut compared: ResMut<Compared>,
    mut last: ResMut<LastComparison>,
    mut notice: ResMut<RunNotice>,
) {
    const LEAVE: [Action; 4] = [
        Action::PrevStage,
        Action::NextStage,
        Action::PlayStages,
        Action::ToggleOverlay,
    ];
    for &Pressed(action) in presses.read() {
        if LEAVE.contains(&action) {
            if view.instead.is_some() {
                show(&mut view, &mut compared, None);
            }
            continue;
        }
        if action != Action::Compare {
            continue;
        }
        if view.instead.is_some() {
            show(&mut view, &mut compared, None);
            continue;
        }
        match last.for_level(&run, &level, &config) {
            Ok(c) => show(&mut view, &mut compared, Some(c)),
            Err(why) => notice.0 = why,
        }
    }
}

/// A new level (stairs, a new run) while the view is on: compare that one.
fn follow_level(
    config: Res<GameConfig>,
    run: Res<Run>,
    level: Res<CurrentLevel>,
    mut view: ResMut<MapView>,
    mut compared: ResMut<Compared>,
    mut last: ResMut<LastComparison>,
    mut notice: ResMut<RunNotice>,
) {
    if !level.is_changed() || view.instead.is_none() {
        return;
    }
    let c = last
        .for_level(&run, &level, &config)
        .map_err(|why| notice.0 = why)
        .ok();
    show(&mut view, &mut compared, c);
}

fn spawn_legend(mut commands: Commands) {
    commands.spawn((
        Name::new("Comparison legend"),
            Beside(Side::Left),
        CompareLegend,
        Node {
            position_type: PositionType::Absolute,
            left: Val::Px(8.0),
            bottom: Val::Px(58.0),
            flex_direction: FlexDirection::Column,
            padding: UiRect::all(Val::Px(8.0)),
            row_gap: Val::Px(3.0),
            ..default()
        },
        BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.8)),
        Visibility::Hidden,
        children![(
            CompareLegendRows,
            Node {
                flex_direction: FlexDirection::Column,
                row_gap: Val::Px(3.0),
                ..default()
            },
        )],
    ));
}

/// The legend's lines: what is shown, then each mark with its count.
pub(crate) fn legend_lines(c: &Comparison, palette: Palette) -> Vec<(Option<Color>, String)> {
    let mut lines = vec![
        (None, format!("comparing with {}:", c.label)),
        (None, c.pipeline.to_string()),
        (
            None,
            format!("{} cells differ; C goes back", c.differing()),
        ),
    ];
    for kind in CellDiff::ALL {
        if let Some(colour) = diff_colour(palette, kind) {
            lines.push((
                Some(colour),
                format!("{:<26} {:>6}", kind.describe(), c.count(kind)),
            ));
        }
    }
    lines
}

fn update_legend(
    mut commands: Commands,
    config: Res<GameConfig>,
    view: Res<MapView>,
    compared: Res<Compared>,
    mut legend: Single<&mut Visibility, With<CompareLegend>>,
    rows: Single<Entity, With<CompareLegendRows>>,
) {
    if !view.is_changed() {
        return;
    }
    let Some(c) = compared.0.as_ref().filter(|_| view.instead.is_some()) else {
        **legend = Visibility::Hidden;
        return;
    };
    **legend = Visibility::Visible;
    let parent = *rows;
    commands.entity(parent).despawn_related::<Children>();
    commands.entity(parent).with_children(|list| {
        for (colour, text) in legend_lines(c, config.palette()) {
            spawn_legend_row(list, colour, text, ());
        }
    });
}
