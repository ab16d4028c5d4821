//! `M`: reveal the whole level and every monster, or go back to what the player
//! knows. How light and memory look is in [`super::shared::sight_colour`]; the
//! rules are in [`crate::dungeon`].

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

use super::input::{self, Action, Controls};
use super::shared::{GameSet, Reveal};

pub fn plugin(app: &mut App) {
    input::handles(app, &[Action::Reveal]);
    app.add_systems(Update, toggle_reveal.in_set(GameSet::Input));
}

fn toggle_reveal(
    controls: Single<&ActionState<Action>, With<Controls>>,
    mut reveal: ResMut<Reveal>,
) {
    if controls.just_pressed(&Action::Reveal) {
        reveal.0 = !reveal.0;
    }
}
