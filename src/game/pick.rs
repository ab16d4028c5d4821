//! The hero's pick screen: a new game that names no hero asks who you are,
//! as NetHack does: a role, then a race and an alignment among those the
//! role allows (a question with one answer is not asked). A letter chooses;
//! any other key (`*`, Enter, Esc) picks the rest for you from the seed.
//! The choice starts the same seed's run with that hero, in place of the
//! nameless one waiting behind the screen. That run is made in the
//! background ([`RunInTheMaking`]); the screen says so and stays up, taking
//! every key, until it is in place.

use bevy::prelude::*;

use super::input::{KeysTaken, Typed};
use super::run::{NewRunRequest, Run, RunInTheMaking};
use super::shared::{GameConfig, GameSet};
use crate::dungeon::hero::Pick;

/// The key the pick screen's presses come as ([`KeysTaken`]).
const PICK: char = '@';

/// Where the pick screen is.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub(crate) enum HeroPick {
    /// No pick is open.
    #[default]
    Closed,
    /// Asking (the questions are [`Pick`]'s).
    Asking(Pick),
    /// Answered: the hero's run is being made.
    Making,
}

/// The screen.
#[derive(Component)]
struct PickPanel;

/// The pick screen, opened at startup when the game config asks for it.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<HeroPick>()
        .add_systems(Startup, (open, spawn_panel))
        .add_systems(
            Update,
            (
                answer.in_set(GameSet::Input),
                (close_when_made, update_panel).chain().in_set(GameSet::Hud),
            ),
        );
}

fn open(config: Res<GameConfig>, mut pick: ResMut<HeroPick>, mut taken: ResMut<KeysTaken>) {
    if config.pick_hero {
        *pick = HeroPick::Asking(Pick::default());
        taken.0 = Some(PICK);
    }
}

/// A key at the pick screen: a listed letter answers the question; any
/// other key picks the rest for you ([`Pick::answer`]). Done, the pick
/// asks for the same seed's run with the hero chosen, and closes once it is
/// in place.
fn answer(
    mut typed: MessageReader<Typed>,
    mut pick: ResMut<HeroPick>,
    mut taken: ResMut<KeysTaken>,
    run: Res<Run>,
    mut requests: MessageWriter<NewRunRequest>,
) {
    let HeroPick::Asking(chosen) = &mut *pick else {
        typed.clear();
        return;
    };
    let rows = run.content().heroes();
    let mut done = false;
    for t in typed.read().filter(|t| t.key == PICK) {
        if chosen.answer(rows, t.letter) {
            done = true;
            break;
        }
    }
    if !done {
        return;
    }
    let seed = run.seed();
    match chosen.hero(rows, seed) {
        Ok(hero) => {
            requests.write(NewRunRequest::Hero(seed, hero));
            *pick = HeroPick::Making;
        }
        // Cannot happen: every answer listed is allowed.
        Err(e) => {
            warn!("the pick screen: {e}");
            *pick = HeroPick::Closed;
            taken.0 = None;
        }
    }
}

/// The hero's run is in place (taken in while the run played this frame):
/// the screen closes, and the next key plays.
fn close_when_made(
    mut pick: ResMut<HeroPick>,
    mut taken: ResMut<KeysTaken>,
    making: Res<RunInTheMaking>,
) {
    if *pick == HeroPick::Making && !making.busy() {
        *pick = HeroPick::Closed;
        taken.0 = None;
    }
}

fn spawn_panel(mut commands: Commands) {
    commands
        .spawn((
            Name::new("Pick screen"),
            Node {
                position_type: PositionType::Absolute,
                width: Val::Percent(100.0),
                height: Val::Percent(100.0),
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                ..default()
            },
            BackgroundColor(Color::srgb(0.0, 0.0, 0.0)),
            Visibility::Hidden,
            PickPanel,
            ZIndex(20),
        ))
        .with_children(|root| {
            root.spawn((
                Node {
                    padding: UiRect::all(Val::Px(24.0)),
                    ..default()
                },
                Text::new(""),
                TextFont::from_font_size(22.0),
                TextColor(Color::WHITE),
            ));
        });
}

fn update_panel(
    pick: Res<HeroPick>,
    run: Res<Run>,
    mut panel: Single<(&mut Visibility, &Children), With<PickPanel>>,
    mut texts: Query<&mut Text>,
) {
    if !pick.is_changed() {
        return;
    }
    let (visibility, children) = &mut *panel;
    let text = match &*pick {
        HeroPick::Asking(chosen) => chosen.text(run.content().heroes()),
        HeroPick::Making => format!("Making the level of seed {}...", run.seed()),
        HeroPick::Closed => {
            **visibility = Visibility::Hidden;
            return;
        }
    };
    **visibility = Visibility::Visible;
    for child in children.iter() {
        if let Ok(mut t) = texts.get_mut(child) {
            t.0 = text.clone();
        }
    }
}
