//! Monsters and items on screen: one entity each, mirrored from the run by one
//! generic system. A monster is drawn while the player sees it, an item where
//! the player has seen it (only the player takes items, so a remembered item is
//! still there); everything shows while `M` reveals the level, and nothing over
//! the provenance overlay or an earlier stage, which are about the map.

use std::collections::HashMap;

use bevy::prelude::*;

use super::looks::SightParams;
use super::run::CurrentLevel;
use super::shared::{
    GameConfig, GameSet, GridPos, MapView, SpriteAtlas, Tileset, cell_centre, colour_of, index,
    rgb, sprite, sprites_shown, whole_map_shown, z,
};
use crate::dungeon::{CellSight, Dungeon, ItemKind, MonsterKind, TrapKind};
use crate::generation::Pos;
use crate::palette::Palette;

/// A monster of the run, by its id in [`crate::dungeon::Monster`].
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MonsterSprite {
    /// The run's id of the monster.
    pub id: u32,
    /// Its row in the content.
    pub kind: MonsterKind,
    /// Its hit points.
    pub health: Health,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
/// A monster's hit points, mirrored from the run.
pub(crate) struct Health {
    /// Hit points now.
    pub hp: i32,
    /// Hit points at full health.
    pub max: i32,
}

/// An item of the run, by its id in [`crate::dungeon::Item`].
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ItemSprite {
    /// The run's id of the item.
    pub id: u32,
    /// Its row in the content.
    pub kind: ItemKind,
}

/// A trap of the run, drawn once found. Traps have no run id; the sprite's
/// is the trap's cell and kind, so a trap that changes (a land mine left a
/// pit) gets a new sprite.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TrapSprite {
    /// The cell index times 256, plus the kind.
    pub id: u32,
    /// Its row in the content.
    pub kind: TrapKind,
}

/// A boulder of the run; its id is its cell's index.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct BoulderSprite {
    /// The cell's index.
    pub id: u32,
}

/// The highlight under your pet or a peaceful monster (NetHack's
/// `hilite_pet`): a square of the palette's colour, so a peaceful gnome and
/// a hostile one look different at a glance.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct HighlightSprite {
    /// The monster's id, times two, plus one for a pet: a monster whose
    /// attitude changes gets a new highlight.
    pub id: u32,
    /// Is it your pet (else a peaceful)?
    pub tame: bool,
}

/// One thing of the run to draw.
pub(crate) struct Sighting<T> {
    pub id: u32,
    pub pos: Pos,
    /// Does the player see (or know of) it now?
    pub known: bool,
    pub tile: u32,
    pub colour: Color,
    pub name: String,
    /// The entity's component, kept up to date.
    pub component: T,
}

/// Something of the run that has an entity of its own.
pub(crate) trait Mirrored:
    Component<Mutability = bevy::ecs::component::Mutable> + PartialEq + Clone
{
    /// Its draw order.
    const Z: f32;
    fn id(&self) -> u32;
    /// Every one on the player's level, coloured as `palette` draws it.
    fn sightings(run: &Dungeon, palette: Palette) -> Vec<Sighting<Self>>;
}

impl Mirrored for MonsterSprite {
    const Z: f32 = z::MONSTERS;

    fn id(&self) -> u32 {
        self.id
    }

    fn sightings(run: &Dungeon, palette: Palette) -> Vec<Sighting<Self>> {
        run.level()
            .monsters
            .iter()
            .map(|m| {
                let row = run.content().monster(m.kind);
                // A mimic posing as an object is drawn as that object.
                let (tile, colour, name) = match m.disguise {
                    Some(item) => {
                        let look = run.content().item(item);
                        (look.tile, look.colour, look.seen_name().to_string())
                    }
                    None => (row.tile, row.colour, row.name.clone()),
                };
                Sighting {
                    id: m.id,
                    pos: m.pos,
                    known: run.sees_monster(m),
                    tile,
                    colour: rgb(palette, colour),
                    name,
                    component: MonsterSprite {
                        id: m.id,
                        kind: m.kind,
                        health: Health {
                            hp: m.hp,
                            max: m.max_hp,
                        },
                    },
                }
            })
            .collect()
    }
}

impl Mirrored for ItemSprite {
    const Z: f32 = z::ITEMS;

    fn id(&self) -> u32 {
        self.id
    }

    fn sightings(run: &Dungeon, palette: Palette) -> Vec<Sighting<Self>> {
        run.level()
            .items
            .iter()
            .map(|i| {
                let row = run.content().item(i.kind);
                // A potion's colour and name are its look's until known; a
                // corpse is its monster's.
                Sighting {
                    id: i.id,
                    pos: i.pos,
                    known: run.level().shows_item(i),
                    tile: row.tile,
                    colour: rgb(palette, run.item_colour(i)),
                    name: run.item_name(i),
                    component: ItemSprite {
                        id: i.id,
                        kind: i.kind,
                    },
                }
            })
            .collect()
    }
}

impl Mirrored for TrapSprite {
    const Z: f32 = z::TRAPS;

    fn id(&self) -> u32 {
        self.id
    }

    fn sightings(run: &Dungeon, palette: Palette) -> Vec<Sighting<Self>> {
        let map = run.map();
        run.level()
            .traps()
            .iter()
            .map(|t| {
                let row = run.content().trap(t.kind);
                let id = map.index(t.pos) as u32 * 256 + u32::from(t.kind.0 % 256);
                Sighting {
                    id,
                    pos: t.pos,
                    known: t.seen && run.cell_sight(map.index(t.pos)) != CellSight::Unseen,
                    tile: row.tile,
                    colour: rgb(palette, row.colour),
                    name: row.name.clone(),
                    component: TrapSprite { id, kind: t.kind },
                }
            })
            .collect()
    }
}

impl Mirrored for BoulderSprite {
    const Z: f32 = z::BOULDERS;

    fn id(&self) -> u32 {
        self.id
    }

    fn sightings(run: &Dungeon, palette: Palette) -> Vec<Sighting<Self>> {
        let map = run.map();
        let Some(row) = run.content().boulder() else {
            return Vec::new();
        };
        run.level()
            .boulders()
            .iter()
            .map(|&p| {
                let id = map.index(p) as u32;
                Sighting {
                    id,
                    pos: p,
                    known: run.cell_sight(map.index(p)) != CellSight::Unseen,
                    tile: row.tile,
                    colour: rgb(palette, row.colour),
                    name: row.name.clone(),
                    component: BoulderSprite { id },
                }
            })
            .collect()
    }
}

impl Mirrored for HighlightSprite {
    const Z: f32 = z::HIGHLIGHTS;

    fn id(&self) -> u32 {
        self.id
    }

    fn sightings(run: &Dungeon, palette: Palette) -> Vec<Sighting<Self>> {
        let marks = palette.marks();
        run.level()
            .monsters
            .iter()
            .filter(|m| (m.tame || m.peaceful) && m.disguise.is_none())
            .map(|m| {
                let (colour, name) = if m.tame {
                    (marks.tame, "pet highlight")
                } else {
                    (marks.peaceful, "peaceful highlight")
                };
                let id = m.id * 2 + u32::from(m.tame);
                Sighting {
                    id,
                    pos: m.pos,
                    known: run.sees_monster(m),
                    tile: index::SOLID,
                    colour: colour_of(colour).with_alpha(marks.highlight_alpha),
                    name: name.to_string(),
                    component: HighlightSprite { id, tame: m.tame },
                }
            })
            .collect()
    }
}

/// The monsters', items', traps' and boulders' entities, mirrored from the
/// run, and the highlights under pets and peacefuls.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            mirror::<MonsterSprite>,
            mirror::<ItemSprite>,
            mirror::<TrapSprite>,
            mirror::<BoulderSprite>,
            mirror::<HighlightSprite>,
        )
            .in_set(GameSet::View),
    );
}

/// Spawn, update and despawn `T`'s entities to match the run's current level.
fn mirror<T: Mirrored>(
    mut commands: Commands,
    level: Res<CurrentLevel>,
    view: Res<MapView>,
    config: Res<GameConfig>,
    sight: SightParams,
    tileset: Res<Tileset>,
    atlas: Res<SpriteAtlas>,
    mut shown: Query<(
        Entity,
        &mut T,
        &mut GridPos,
        &mut Transform,
        &mut Visibility,
    )>,
) {
    if !sight.changed() && !view.is_changed() && !level.is_changed() {
        return;
    }
    let history = level.history();
    let whole = whole_map_shown(*sight.reveal, &view, history, *sight.mode.get());
    let drawn = sprites_shown(&view, history);
    let h = level.map.height();
    let mut wanted: HashMap<u32, Sighting<T>> = T::sightings(&sight.run, config.palette())
        .into_iter()
        .map(|s| (s.id, s))
        .collect();
    let place = |s: &Sighting<T>| {
        let c = cell_centre(s.pos, h);
        (
            GridPos(s.pos),
            Transform::from_xyz(c.x, c.y, T::Z),
            if drawn && (whole || s.known) {
                Visibility::Inherited
            } else {
                Visibility::Hidden
            },
        )
    };
    for (entity, mut component, mut pos, mut transform, mut visibility) in &mut shown {
        let Some(s) = wanted.remove(&component.id()) else {
            commands.entity(entity).despawn();
            continue;
        };
        let (p, t, v) = place(&s);
        component.set_if_neq(s.component.clone());
        pos.set_if_neq(p);
        transform.set_if_neq(t);
        visibility.set_if_neq(v);
    }
    for s in wanted.into_values() {
        let (p, t, v) = place(&s);
        commands.spawn((
            Name::new(s.name.clone()),
            s.component.clone(),
            p,
            t,
            v,
            sprite(&tileset, &atlas, s.tile, s.colour),
        ));
    }
}
