//! Items on screen: gems and the gray stone, one entity each, drawn where the
//! player has seen them (or everywhere while `M` reveals the level); not over
//! the provenance overlay or an earlier stage, which are about the map.

use std::collections::HashMap;

use bevy::prelude::*;

use super::GameSet;
use super::level::CurrentLevel;
use super::player::GridPos;
use super::sight::{sprites_shown, whole_map_shown};
use super::tilemap::{MapView, SightParams, SpriteAtlas, Tileset, cell_centre, index, sprite};
use crate::dungeon::{CellSight, GemColour, ItemKind};

/// An item of the run, by its id in [`crate::dungeon::Item`].
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Item {
    pub id: u32,
    pub kind: ItemKind,
}

/// Each gem in its colour; the gray stone gray.
pub fn item_colour(kind: ItemKind) -> Color {
    let rgb = match kind {
        ItemKind::GrayStone => (150, 150, 150),
        ItemKind::Gem(c) => match c {
            GemColour::White => (245, 245, 245),
            GemColour::Red => (255, 60, 60),
            GemColour::Orange => (255, 150, 40),
            GemColour::Yellow => (255, 235, 60),
            GemColour::Green => (60, 230, 90),
            GemColour::Blue => (70, 140, 255),
            GemColour::Violet => (200, 90, 255),
            GemColour::Black => (70, 70, 90),
        },
    };
    Color::srgb_u8(rgb.0, rgb.1, rgb.2)
}

pub fn plugin(app: &mut App) {
    app.add_systems(Update, sync_items.in_set(GameSet::View));
}

type ItemViews<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        &'static Item,
        &'static mut Transform,
        &'static mut Visibility,
    ),
>;

/// Spawn and despawn item entities to match the run's current level.
fn sync_items(
    mut commands: Commands,
    level: Option<Res<CurrentLevel>>,
    view: Res<MapView>,
    sight: SightParams,
    tileset: Res<Tileset>,
    atlas: Res<SpriteAtlas>,
    mut shown: ItemViews,
) {
    let (Some(level), Some(mines)) = (level, sight.mines.as_ref()) else {
        return;
    };
    if !sight.changed() && !view.is_changed() {
        return;
    }
    let whole = whole_map_shown(*sight.reveal, &view, *sight.mode);
    let h = level.height();
    let mut wanted: HashMap<u32, &crate::dungeon::Item> =
        mines.level().items.iter().map(|i| (i.id, i)).collect();
    // Only the player takes items, so a remembered item is still there.
    let place = |i: &crate::dungeon::Item| {
        let known = mines.cell_sight(level.cell_index(i.pos.0, i.pos.1)) != CellSight::Unseen;
        let seen = sprites_shown(&view) && (whole || known);
        let c = cell_centre(i.pos.0 as i64, i.pos.1 as i64, h);
        (
            Transform::from_xyz(c.x, c.y, 5.0),
            if seen {
                Visibility::Inherited
            } else {
                Visibility::Hidden
            },
        )
    };
    for (entity, item, mut transform, mut visibility) in &mut shown {
        let Some(i) = wanted.remove(&item.id) else {
            commands.entity(entity).despawn();
            continue;
        };
        let (t, v) = place(i);
        transform.set_if_neq(t);
        visibility.set_if_neq(v);
    }
    for i in wanted.into_values() {
        let (t, v) = place(i);
        commands.spawn((
            Item {
                id: i.id,
                kind: i.kind,
            },
            GridPos {
                x: i.pos.0 as i64,
                y: i.pos.1 as i64,
            },
            t,
            v,
            sprite(&tileset, &atlas, index::GLYPH_STAR, item_colour(i.kind)),
        ));
    }
}
