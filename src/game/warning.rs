//! Warning digits over the map: with a ring of warning, NetHack's 1 to 5
//! where a dangerous monster you don't see stands, in the digit's colour
//! (the run says where: `Dungeon::warnings`). Hidden while the map shows
//! something else (the overlay, a stage, a comparison) or is revealed.

use bevy::prelude::*;

use super::looks::SightParams;
use super::run::CurrentLevel;
use super::shared::{GameConfig, GameSet, MapView, TILE_PX, cell_centre, rgb, sprites_shown};
use crate::dungeon::Warned;

/// A warning digit on the map.
#[derive(Component)]
struct WarningDigit;

/// Over the monsters, under you.
const Z: f32 = 9.0;

/// The warning plugin.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, show.in_set(GameSet::View));
}

/// The digits where the run warns of a monster, redrawn when they change.
fn show(
    mut commands: Commands,
    sight: SightParams,
    level: Res<CurrentLevel>,
    view: Res<MapView>,
    config: Res<GameConfig>,
    digits: Query<Entity, With<WarningDigit>>,
    mut shown: Local<Vec<Warned>>,
) {
    if !sight.changed() && !view.is_changed() && !level.is_changed() {
        return;
    }
    let drawn = sprites_shown(&view, level.history()) && !sight.reveal.0;
    let now = if drawn {
        sight.run.warnings()
    } else {
        Vec::new()
    };
    if *shown == now && !level.is_changed() {
        return;
    }
    for e in &digits {
        commands.entity(e).despawn();
    }
    let h = level.map.height();
    for w in &now {
        let c = cell_centre(w.pos, h);
        commands.spawn((
            Name::new(w.words()),
            WarningDigit,
            Text2d::new(w.glyph().to_string()),
            TextFont::from_font_size(TILE_PX),
            TextColor(rgb(config.palette(), w.colour())),
            Transform::from_xyz(c.x, c.y, Z),
        ));
    }
    *shown = now;
}
