//! Monsters on screen: one entity per monster of the player's level, with its
//! cell and hit points, drawn only while the player sees it (or `M` reveals
//! all), and not over the provenance overlay or an earlier stage. The rules that move them are in [`crate::dungeon::monsters`].

use std::collections::HashMap;

use bevy::prelude::*;

use super::GameSet;
use super::level::CurrentLevel;
use super::player::GridPos;
use super::sight::{sprites_shown, whole_map_shown};
use super::tilemap::{MapView, SightParams, SpriteAtlas, Tileset, cell_centre, index, sprite};
use crate::dungeon::MonsterKind;

/// A monster of the run, by its id in [`crate::dungeon::Monster`].
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Monster {
    pub id: u32,
    pub kind: MonsterKind,
}

#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Health {
    pub hp: i32,
    pub max: i32,
}

/// NetHack's colours: gnome brown, gnome lord blue, dwarf red, hobbit green.
pub fn monster_look(kind: MonsterKind) -> (u32, Color) {
    match kind {
        MonsterKind::Gnome => (index::GLYPH_G, Color::srgb_u8(196, 140, 72)),
        MonsterKind::GnomeLord => (index::GLYPH_G, Color::srgb_u8(90, 130, 255)),
        MonsterKind::Dwarf => (index::GLYPH_H, Color::srgb_u8(235, 60, 50)),
        MonsterKind::Hobbit => (index::GLYPH_H, Color::srgb_u8(80, 200, 80)),
    }
}

pub fn plugin(app: &mut App) {
    app.add_systems(Update, sync_monsters.in_set(GameSet::View));
}

type MonsterViews<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        &'static Monster,
        &'static mut GridPos,
        &'static mut Health,
        &'static mut Transform,
        &'static mut Visibility,
    ),
>;

/// Spawn, move and despawn monster entities to match the run's current level.
fn sync_monsters(
    mut commands: Commands,
    level: Option<Res<CurrentLevel>>,
    view: Res<MapView>,
    sight: SightParams,
    tileset: Res<Tileset>,
    atlas: Res<SpriteAtlas>,
    mut shown: MonsterViews,
) {
    let (Some(level), Some(mines)) = (level, sight.mines.as_ref()) else {
        return;
    };
    if !sight.changed() && !view.is_changed() {
        return;
    }
    let whole = whole_map_shown(*sight.reveal, &view, *sight.mode);
    let h = level.height();
    let mut wanted: HashMap<u32, &crate::dungeon::Monster> =
        mines.level().monsters.iter().map(|m| (m.id, m)).collect();
    let place = |m: &crate::dungeon::Monster| {
        let seen = sprites_shown(&view) && (whole || mines.is_visible(m.pos.0, m.pos.1));
        let c = cell_centre(m.pos.0 as i64, m.pos.1 as i64, h);
        (
            GridPos {
                x: m.pos.0 as i64,
                y: m.pos.1 as i64,
            },
            Transform::from_xyz(c.x, c.y, 8.0),
            if seen {
                Visibility::Inherited
            } else {
                Visibility::Hidden
            },
        )
    };
    for (entity, monster, mut pos, mut health, mut transform, mut visibility) in &mut shown {
        let Some(m) = wanted.remove(&monster.id) else {
            commands.entity(entity).despawn();
            continue;
        };
        let (p, t, v) = place(m);
        pos.set_if_neq(p);
        health.set_if_neq(Health {
            hp: m.hp,
            max: m.max_hp,
        });
        transform.set_if_neq(t);
        visibility.set_if_neq(v);
    }
    for m in wanted.into_values() {
        let (p, t, v) = place(m);
        let (glyph, colour) = monster_look(m.kind);
        commands.spawn((
            Monster {
                id: m.id,
                kind: m.kind,
            },
            Health {
                hp: m.hp,
                max: m.max_hp,
            },
            p,
            t,
            v,
            sprite(&tileset, &atlas, glyph, colour),
        ));
    }
}
