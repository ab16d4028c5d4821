//! Where things stand in the window: the message bar across the top, the
//! status bar across the foot, the panels beside the map (the legends, the
//! inventory, the help, the message history, the options), and the map in
//! what is left, its [`MapFrame`]. The map is drawn only there (the
//! camera's viewport), so no bar or panel hides a cell of it, and the
//! camera, which follows you inside the frame, never puts you under one.
//!
//! The panels go where the map loses least: in a band under the map when
//! the map is short enough to leave room there (80 × 21 in a 1280 × 720
//! window), else in a column on their side.

use bevy::camera::Viewport;
use bevy::camera::visibility::RenderLayers;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::run::CurrentLevel;
use super::shared::{
    Bar, Beside, GameSet, MainCamera, MapFrame, Side, TILE_PX, scale_of, window_size,
};

/// Room between a panel and the window's edge or the next panel.
pub(crate) const GAP: f32 = 8.0;
/// The least of the map a band or a column leaves, in pixels.
const LEAST_MAP: f32 = 96.0;

/// The bars, the panels and the map's frame, each frame.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<MapFrame>()
        .add_systems(Startup, spawn_ui_camera)
        .add_systems(Update, arrange.in_set(GameSet::View));
}

/// The camera that draws the bars and panels over the whole window, after
/// the map's camera has drawn the map in its frame. It sees no sprite or
/// tile (they are on the first render layer).
fn spawn_ui_camera(mut commands: Commands) {
    commands.spawn((
        Name::new("UI camera"),
        Camera2d,
        Camera {
            order: 1,
            clear_color: ClearColorConfig::None,
            ..default()
        },
        // As the map's camera: one shared picture, not copied back a frame.
        Msaa::Off,
        RenderLayers::layer(1),
        IsDefaultUiCamera,
    ));
}

/// A panel to place: its side and its size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct PanelSize {
    pub(crate) side: Side,
    pub(crate) size: Vec2,
}

/// Where the map and each panel stand.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Arrangement {
    /// The map's frame.
    pub(crate) map: Rect,
    /// Each panel's rectangle, in the order given.
    pub(crate) panels: Vec<Rect>,
}

/// Lay out a `window` with bars `top` and `bottom` pixels high and these
/// `panels` showing, for a map `map_px` pixels large at the camera's zoom:
/// the panels in a band under the map or in columns on their sides,
/// whichever shows more of the map (the band on a tie).
pub(crate) fn arrange_room(
    window: Vec2,
    top: f32,
    bottom: f32,
    map_px: Vec2,
    panels: &[PanelSize],
) -> Arrangement {
    let area = Rect::new(0.0, top, window.x, (window.y - bottom).max(top + 1.0));
    if panels.is_empty() {
        return Arrangement {
            map: area,
            panels: Vec::new(),
        };
    }
    let shown = |map: &Rect| map.width().min(map_px.x) * map.height().min(map_px.y);
    let candidates = [band(area, panels), columns(area, panels)];
    candidates
        .into_iter()
        .flatten()
        .reduce(|best, next| {
            if shown(&next.map) > shown(&best.map) {
                next
            } else {
                best
            }
        })
        // Neither leaves room for the map: the columns, however narrow.
        .unwrap_or_else(|| columns_anyway(area, panels))
}

/// The panels side by side in a band across the foot of `area` (left ones
/// from the left, right ones from the right), the map above them; none
/// when they don't fit across, or leave too little map.
fn band(area: Rect, panels: &[PanelSize]) -> Option<Arrangement> {
    let tallest = panels.iter().map(|p| p.size.y).fold(0.0, f32::max);
    let across: f32 = panels.iter().map(|p| p.size.x + GAP).sum::<f32>() + GAP;
    let map_height = area.height() - tallest - 2.0 * GAP;
    if across > area.width() || map_height < LEAST_MAP {
        return None;
    }
    let map = Rect::new(area.min.x, area.min.y, area.max.x, area.min.y + map_height);
    let y = map.max.y + GAP;
    let (mut left, mut right) = (area.min.x + GAP, area.max.x - GAP);
    let rects = panels
        .iter()
        .map(|p| match p.side {
            Side::Left => {
                let r = Rect::from_corners(Vec2::new(left, y), Vec2::new(left, y) + p.size);
                left += p.size.x + GAP;
                r
            }
            Side::Right => {
                right -= p.size.x;
                let r = Rect::from_corners(Vec2::new(right, y), Vec2::new(right, y) + p.size);
                right -= GAP;
                r
            }
        })
        .collect();
    Some(Arrangement { map, panels: rects })
}

/// The panels in a column on their side of `area`, one under another, the
/// map between the columns; none when that leaves too little map.
fn columns(area: Rect, panels: &[PanelSize]) -> Option<Arrangement> {
    let arranged = columns_anyway(area, panels);
    (arranged.map.width() >= LEAST_MAP).then_some(arranged)
}

fn columns_anyway(area: Rect, panels: &[PanelSize]) -> Arrangement {
    let widest = |side: Side| {
        panels
            .iter()
            .filter(|p| p.side == side)
            .map(|p| p.size.x + 2.0 * GAP)
            .fold(0.0, f32::max)
    };
    let (left_w, right_w) = (widest(Side::Left), widest(Side::Right));
    let map_right = (area.max.x - right_w).max(area.min.x + left_w + 1.0);
    let map = Rect::new(area.min.x + left_w, area.min.y, map_right, area.max.y);
    let (mut left_y, mut right_y) = (area.min.y + GAP, area.min.y + GAP);
    let rects = panels
        .iter()
        .map(|p| {
            let (x, y) = match p.side {
                Side::Left => (area.min.x + GAP, &mut left_y),
                Side::Right => (area.max.x - GAP - p.size.x, &mut right_y),
            };
            let at = Vec2::new(x, *y);
            *y += p.size.y + GAP;
            Rect::from_corners(at, at + p.size)
        })
        .collect();
    Arrangement { map, panels: rects }
}

/// Measure the bars and the panels showing, lay them out, place the panels
/// and give the map's camera its frame.
fn arrange(
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    level: Res<CurrentLevel>,
    bars: Query<(&Bar, &ComputedNode)>,
    mut panels: Query<(&Beside, &ComputedNode, &Visibility, &mut Node)>,
    mut camera: Single<(&mut Camera, &Projection), With<MainCamera>>,
    mut frame: ResMut<MapFrame>,
) {
    let size = window_size(&window);
    let scale_factor = window.as_ref().map_or(1.0, |w| w.scale_factor());
    let logical = |c: &ComputedNode| c.size() * c.inverse_scale_factor();
    let bar = |which: Bar| {
        bars.iter()
            .filter(|(b, _)| **b == which)
            .map(|(_, c)| logical(c).y)
            .fold(0.0, f32::max)
    };
    let sizes: Vec<PanelSize> = panels
        .iter()
        .filter(|(_, _, v, _)| **v != Visibility::Hidden)
        .map(|(b, c, _, _)| PanelSize {
            side: b.0,
            size: logical(c),
        })
        .collect();
    let (cam, projection) = &mut *camera;
    let map_px = Vec2::new(level.map.width() as f32, level.map.height() as f32) * TILE_PX
        / scale_of(projection);
    let arranged = arrange_room(size, bar(Bar::Top), bar(Bar::Bottom), map_px, &sizes);
    let mut rects = arranged.panels.iter();
    for (_, _, visibility, mut node) in &mut panels {
        if *visibility == Visibility::Hidden {
            continue;
        }
        let Some(r) = rects.next() else { break };
        let place = (Val::Px(r.min.x), Val::Px(r.min.y));
        if (node.left, node.top) != place || node.right != Val::Auto || node.bottom != Val::Auto {
            node.left = place.0;
            node.top = place.1;
            node.right = Val::Auto;
            node.bottom = Val::Auto;
        }
    }
    let new_frame = MapFrame {
        min: arranged.map.min,
        size: arranged.map.size(),
    };
    frame.set_if_neq(new_frame);
    let physical = |v: Vec2| (v * scale_factor).round().max(Vec2::ZERO).as_uvec2();
    let viewport = Viewport {
        physical_position: physical(new_frame.min),
        physical_size: physical(new_frame.size).max(UVec2::ONE),
        ..default()
    };
    let same = cam.viewport.as_ref().is_some_and(|v| {
        v.physical_position == viewport.physical_position
            && v.physical_size == viewport.physical_size
    });
    if !same {
        cam.viewport = Some(viewport);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HD: Vec2 = Vec2::new(1280.0, 720.0);
    const FULL_HD: Vec2 = Vec2::new(1920.0, 1080.0);
    /// The bars as the window draws them: one line on top, three at the foot.
    const TOP: f32 = 26.0;
    const BOTTOM: f32 = 58.0;

    fn map_px(w: usize, h: usize) -> Vec2 {
        Vec2::new(w as f32, h as f32) * TILE_PX
    }

    /// The panels as they measure in the window: the overlay's legend, the
    /// comparison's, the inventory, the help and the message history.
    fn overlay() -> PanelSize {
        PanelSize {
            side: Side::Right,
            size: Vec2::new(554.0, 180.0),
        }
    }
    fn comparison() -> PanelSize {
        PanelSize {
            side: Side::Left,
            size: Vec2::new(540.0, 120.0),
        }
    }
    fn inventory() -> PanelSize {
        PanelSize {
            side: Side::Right,
            size: Vec2::new(360.0, 300.0),
        }
    }
    fn help() -> PanelSize {
        PanelSize {
            side: Side::Left,
            size: Vec2::new(520.0, 700.0),
        }
    }

    /// No panel over the map's frame, none over a bar, none over another,
    /// and the map's frame inside the window between the bars.
    fn assert_apart(window: Vec2, a: &Arrangement, what: &str) {
        let overlaps = |x: &Rect, y: &Rect| !x.intersect(*y).is_empty();
        let area = Rect::new(0.0, TOP, window.x, window.y - BOTTOM);
        assert_eq!(
            a.map.intersect(area),
            a.map,
            "{what}: the map between the bars"
        );
        for (i, p) in a.panels.iter().enumerate() {
            assert!(
                !overlaps(p, &a.map),
                "{what}: panel {i} {p:?} over the map {:?}",
                a.map
            );
            assert!(
                p.min.x >= 0.0 && p.max.x <= window.x,
                "{what}: {p:?} in the window"
            );
            assert!(p.min.y >= TOP, "{what}: {p:?} under the message bar");
            for q in &a.panels[i + 1..] {
                assert!(!overlaps(p, q), "{what}: {p:?} over {q:?}");
            }
        }
    }

    #[test]
    fn no_panel_stands_over_the_map_at_any_size() {
        let sets: [(&str, Vec<PanelSize>); 5] = [
            ("overlay", vec![overlay()]),
            ("comparison", vec![comparison()]),
            ("inventory", vec![inventory()]),
            ("help and inventory", vec![help(), inventory()]),
            ("comparison and overlay", vec![comparison(), overlay()]),
        ];
        for window in [HD, FULL_HD] {
            for (w, h) in [(80, 21), (300, 200), (2048, 2048)] {
                for (what, panels) in &sets {
                    let a = arrange_room(window, TOP, BOTTOM, map_px(w, h), panels);
                    assert_apart(window, &a, &format!("{what}, {w}x{h} in {window}"));
                    assert_eq!(a.panels.len(), panels.len());
                }
            }
        }
    }

    /// 80 × 21 in 1280 × 720: the legend goes in the band under the map and
    /// the whole map still shows. A map larger than the window keeps the
    /// band for a legend (it costs the map less than a column) and gets a
    /// column for the help, too tall for a band.
    #[test]
    fn a_small_map_keeps_its_width_and_a_large_one_its_height() {
        let small = arrange_room(HD, TOP, BOTTOM, map_px(80, 21), &[overlay()]);
        assert_eq!(small.map.width(), HD.x, "the band: the whole width");
        assert!(small.map.height() >= 21.0 * TILE_PX, "{:?}", small.map);
        let p = small.panels[0];
        assert!(p.min.y >= small.map.max.y && p.max.x == HD.x - GAP, "{p:?}");
        let large = arrange_room(HD, TOP, BOTTOM, map_px(2048, 2048), &[overlay()]);
        assert_eq!(large.map.width(), HD.x, "the band");
        assert_eq!(large.map.height(), HD.y - TOP - BOTTOM - 180.0 - 2.0 * GAP);
        let help = arrange_room(HD, TOP, BOTTOM, map_px(2048, 2048), &[help()]);
        assert_eq!(help.map.height(), HD.y - TOP - BOTTOM, "the column");
        assert_eq!(help.map.min.x, 520.0 + 2.0 * GAP);
        // No panel: the map has all between the bars.
        let none = arrange_room(HD, TOP, BOTTOM, map_px(80, 21), &[]);
        assert_eq!(none.map, Rect::new(0.0, TOP, HD.x, HD.y - BOTTOM));
    }
}
