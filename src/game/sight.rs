//! `M`: reveal the whole level and every monster, or go back to what the player
//! knows. How light and memory look is in [`super::shared::sight_colour`]; the
//! rules are in [`crate::dungeon`].

use bevy::prelude::*;

use super::input::{self, Action, Pressed};
use super::shared::{GameSet, Reveal};

pub(crate) fn plugin(app: &mut App) {
    input::handles(app, &[Action::Reveal]);
    app.add_systems(Update, toggle_reveal.in_set(GameSet::Input));
}

fn toggle_reveal(mut presses: MessageReader<Pressed>, mut reveal: ResMut<Reveal>) {
    for _ in presses.read().filter(|p| p.0 == Action::Reveal) {
        reveal.0 = !reveal.0;
    }
}
