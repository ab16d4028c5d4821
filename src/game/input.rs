//! Every key and mouse binding, as leafwing-input-manager actions. Gameplay
//! systems read [`Action`]s, never raw key codes.

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

#[derive(Actionlike, Clone, Copy, Debug, PartialEq, Eq, Hash, Reflect)]
pub enum Action {
    MoveN,
    MoveS,
    MoveE,
    MoveW,
    MoveNE,
    MoveNW,
    MoveSE,
    MoveSW,
    /// Rest a turn.
    Wait,
    /// Pick up what lies underfoot.
    PickUp,
    /// Take the stairs down (`>`) or up (`<`).
    Down,
    Up,
    /// Show the whole level and every monster (for exploring and flying).
    Reveal,
    /// The message history (Ctrl-P).
    History,
    /// A new run with a random seed.
    Regenerate,
    NextSeed,
    PrevSeed,
    ToggleOverlay,
    PrevStage,
    NextStage,
    PlayStages,
    ToggleFly,
    FrameMap,
    ToggleHelp,
    /// Held to drag the camera in fly mode.
    Grab,
    #[actionlike(DualAxis)]
    Pointer,
    #[actionlike(Axis)]
    Zoom,
}

impl Action {
    /// The actions that take a turn of the run.
    pub const TURNS: [Action; 12] = [
        Action::MoveN,
        Action::MoveS,
        Action::MoveE,
        Action::MoveW,
        Action::MoveNE,
        Action::MoveNW,
        Action::MoveSE,
        Action::MoveSW,
        Action::Wait,
        Action::PickUp,
        Action::Down,
        Action::Up,
    ];

    /// How the HUD names the key of a new-run action.
    pub fn key_name(self) -> &'static str {
        match self {
            Action::Regenerate => "R",
            Action::NextSeed => "Shift+N",
            Action::PrevSeed => "P",
            _ => "the key",
        }
    }

    /// The eight moves and their (dx, dy) on the map (y grows downward).
    pub const MOVES: [(Action, (i64, i64)); 8] = [
        (Action::MoveN, (0, -1)),
        (Action::MoveS, (0, 1)),
        (Action::MoveE, (1, 0)),
        (Action::MoveW, (-1, 0)),
        (Action::MoveNE, (1, -1)),
        (Action::MoveNW, (-1, -1)),
        (Action::MoveSE, (1, 1)),
        (Action::MoveSW, (-1, 1)),
    ];
}

/// The default bindings: arrows, vi-keys and the numpad move; see the README's
/// controls table. Shift+N is the next seed, because plain `n` moves down-right.
pub fn default_input_map() -> InputMap<Action> {
    use Action::*;
    let mut map = InputMap::new([
        (MoveN, KeyCode::ArrowUp),
        (MoveS, KeyCode::ArrowDown),
        (MoveE, KeyCode::ArrowRight),
        (MoveW, KeyCode::ArrowLeft),
        (MoveN, KeyCode::KeyK),
        (MoveS, KeyCode::KeyJ),
        (MoveE, KeyCode::KeyL),
        (MoveW, KeyCode::KeyH),
        (MoveNW, KeyCode::KeyY),
        (MoveNE, KeyCode::KeyU),
        (MoveSW, KeyCode::KeyB),
        (MoveSE, KeyCode::KeyN),
        (MoveN, KeyCode::Numpad8),
        (MoveS, KeyCode::Numpad2),
        (MoveE, KeyCode::Numpad6),
        (MoveW, KeyCode::Numpad4),
        (MoveNW, KeyCode::Numpad7),
        (MoveNE, KeyCode::Numpad9),
        (MoveSW, KeyCode::Numpad1),
        (MoveSE, KeyCode::Numpad3),
        (Wait, KeyCode::Period),
        (Wait, KeyCode::KeyS),
        (Wait, KeyCode::Numpad5),
        (PickUp, KeyCode::Comma),
        (Reveal, KeyCode::KeyM),
        (Regenerate, KeyCode::KeyR),
        (PrevSeed, KeyCode::KeyP),
        (ToggleOverlay, KeyCode::KeyO),
        (PrevStage, KeyCode::BracketLeft),
        (NextStage, KeyCode::BracketRight),
        (PlayStages, KeyCode::Space),
        (ToggleFly, KeyCode::KeyF),
        (FrameMap, KeyCode::Home),
        (ToggleHelp, KeyCode::Slash),
        (ToggleHelp, KeyCode::F1),
    ]);
    // The longer chord wins a clash, so Shift+N does not also move down-right.
    map.insert(
        NextSeed,
        ButtonlikeChord::new([KeyCode::ShiftLeft, KeyCode::KeyN]),
    );
    map.insert(
        NextSeed,
        ButtonlikeChord::new([KeyCode::ShiftRight, KeyCode::KeyN]),
    );
    // `>` and `<` are Shift with the period and comma keys (US layout); the
    // chords beat plain `.` (wait) and `,` (pick up). Ctrl-P beats plain P.
    for shift in [KeyCode::ShiftLeft, KeyCode::ShiftRight] {
        map.insert(Down, ButtonlikeChord::new([shift, KeyCode::Period]));
        map.insert(Up, ButtonlikeChord::new([shift, KeyCode::Comma]));
    }
    for ctrl in [KeyCode::ControlLeft, KeyCode::ControlRight] {
        map.insert(History, ButtonlikeChord::new([ctrl, KeyCode::KeyP]));
    }
    map.insert(Grab, MouseButton::Left);
    map.insert_dual_axis(Pointer, MouseMove::default());
    map.insert_axis(Zoom, MouseScrollAxis::Y);
    map
}

/// The entity that holds the input map and its action state.
#[derive(Component)]
pub struct Controls;

pub fn plugin(app: &mut App) {
    app.add_plugins(InputManagerPlugin::<Action>::default());
    app.add_systems(Startup, spawn_controls);
}

fn spawn_controls(mut commands: Commands) {
    commands.spawn((Controls, default_input_map()));
}
