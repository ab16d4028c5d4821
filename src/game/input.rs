//! Every key and mouse binding, one row each, and the help text that lists
//! them. Gameplay systems read [`Action`]s, never raw key codes.
//!
//! **Every press counts.** [`read_presses`] reads each key press from Bevy's
//! `KeyboardInput` messages, in the order typed, maps it through the binding
//! table (a chord when its modifiers are held) and sends one [`Pressed`] per
//! press: a key pressed and released between two frames, or several presses
//! in one slow frame, are each an action. The system's own key-repeat events
//! are not presses: holding a move key repeats at the game's own pace
//! ([`super::player`]), so a held key never floods the queue. What is *held*
//! (repeat, panning, dragging) and the mouse's axes are read through
//! leafwing-input-manager's `ActionState`, from the same table.
//!
//! A feature plugin says which actions it handles ([`handles`]); only those are
//! bound and listed in the help, so a deleted feature leaves no dead key behind.

use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
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
    /// Light or snuff a light you carry (`a`).
    Apply,
    /// Pray (Alt+P, NetHack's M-p).
    Pray,
    /// Drop an item: asks which (`d`).
    Drop,
    /// Show what you carry (`i`).
    Inventory,
    /// Show the whole level and every monster (for exploring and flying).
    Reveal,
    /// The message history (Ctrl-P).
    History,
    /// A new run with a random seed.
    NewRun,
    NextSeed,
    PrevSeed,
    ToggleOverlay,
    PrevStage,
    NextStage,
    PlayStages,
    /// The same seed's level by another pipeline, in place of this one.
    Compare,
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
    pub const TURNS: [Action; 14] = [
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
        Action::Apply,
        Action::Pray,
    ];

    /// The eight moves and their direction on the map.
    pub const MOVES: [(Action, crate::generation::Dir); 8] = {
        use crate::generation::Dir;
        [
            (Action::MoveN, Dir::N),
            (Action::MoveS, Dir::S),
            (Action::MoveE, Dir::E),
            (Action::MoveW, Dir::W),
            (Action::MoveNE, Dir::NE),
            (Action::MoveNW, Dir::NW),
            (Action::MoveSE, Dir::SE),
            (Action::MoveSW, Dir::SW),
        ]
    };

    /// How the HUD names the key of a new-run action.
    pub fn key_name(self) -> &'static str {
        match self {
            Action::NewRun => "R",
            Action::NextSeed => "Shift+N",
            Action::PrevSeed => "P",
            _ => "the key",
        }
    }
}

/// What sets off an action.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Trigger {
    Key(KeyCode),
    /// Keys held together; the longer chord wins a clash with its last key.
    Chord(&'static [KeyCode]),
    Mouse(MouseButton),
}

use Action::*;
use KeyCode as K;
use Trigger::{Chord, Key, Mouse};

/// Every binding, one row each. Shift+N is the next seed because plain `n` moves
/// down-right; `>` and `<` are Shift with the period and comma keys (the US
/// layout), and beat plain `.` (wait) and `,` (pick up); Ctrl-P beats plain P.
pub(crate) const BINDINGS: &[(Action, Trigger)] = &[
    (MoveN, Key(K::ArrowUp)),
    (MoveS, Key(K::ArrowDown)),
    (MoveE, Key(K::ArrowRight)),
    (MoveW, Key(K::ArrowLeft)),
    (MoveN, Key(K::KeyK)),
    (MoveS, Key(K::KeyJ)),
    (MoveE, Key(K::KeyL)),
    (MoveW, Key(K::KeyH)),
    (MoveNW, Key(K::KeyY)),
    (MoveNE, Key(K::KeyU)),
    (MoveSW, Key(K::KeyB)),
    (MoveSE, Key(K::KeyN)),
    (MoveN, Key(K::Numpad8)),
    (MoveS, Key(K::Numpad2)),
    (MoveE, Key(K::Numpad6)),
    (MoveW, Key(K::Numpad4)),
    (MoveNW, Key(K::Numpad7)),
    (MoveNE, Key(K::Numpad9)),
    (MoveSW, Key(K::Numpad1)),
    (MoveSE, Key(K::Numpad3)),
    (Wait, Key(K::Period)),
    (Wait, Key(K::KeyS)),
    (Wait, Key(K::Numpad5)),
    (PickUp, Key(K::Comma)),
    (Down, Chord(&[K::ShiftLeft, K::Period])),
    (Down, Chord(&[K::ShiftRight, K::Period])),
    (Up, Chord(&[K::ShiftLeft, K::Comma])),
    (Up, Chord(&[K::ShiftRight, K::Comma])),
    (Apply, Key(K::KeyA)),
    (Pray, Chord(&[K::AltLeft, K::KeyP])),
    (Pray, Chord(&[K::AltRight, K::KeyP])),
    (Drop, Key(K::KeyD)),
    (Inventory, Key(K::KeyI)),
    (History, Chord(&[K::ControlLeft, K::KeyP])),
    (History, Chord(&[K::ControlRight, K::KeyP])),
    (Reveal, Key(K::KeyM)),
    (NewRun, Key(K::KeyR)),
    (NextSeed, Chord(&[K::ShiftLeft, K::KeyN])),
    (NextSeed, Chord(&[K::ShiftRight, K::KeyN])),
    (PrevSeed, Key(K::KeyP)),
    (ToggleOverlay, Key(K::KeyO)),
    (PrevStage, Key(K::BracketLeft)),
    (NextStage, Key(K::BracketRight)),
    (PlayStages, Key(K::Space)),
    (Compare, Key(K::KeyC)),
    (ToggleFly, Key(K::KeyF)),
    (FrameMap, Key(K::Home)),
    (ToggleHelp, Key(K::Slash)),
    (ToggleHelp, Key(K::F1)),
    (Grab, Mouse(MouseButton::Left)),
];

/// The help panel's rows: the keys as the player reads them, what they do, and
/// the actions the row is about (shown when any of them is handled).
pub(crate) const HELP: &[(&str, &str, &[Action])] = &[
    (
        "arrows, hjklyubn, numpad",
        "move or attack (8 directions); hold to repeat",
        &[MoveN, MoveS, MoveE, MoveW, MoveNE, MoveNW, MoveSE, MoveSW],
    ),
    (". or s or numpad 5", "wait a turn", &[Wait]),
    (",", "pick up what lies here", &[PickUp]),
    ("> / <", "go down / up the stairs you stand on", &[Down, Up]),
    (
        "y (after a question)",
        "yes; any other key is no",
        &[MoveNW],
    ),
    ("a", "light or snuff a candle or lamp you carry", &[Apply]),
    (
        "d, then a letter",
        "drop that item (Esc: never mind)",
        &[Drop],
    ),
    ("i", "what you carry (again: hide it)", &[Inventory]),
    (
        "Alt+P",
        "pray (heard below a third of your HP, every 300 turns)",
        &[Pray],
    ),
    ("Ctrl-P", "message history", &[History]),
    ("M", "reveal the whole level and every monster", &[Reveal]),
    (
        "R",
        "new run, random seed (press twice while alive)",
        &[NewRun],
    ),
    (
        "Shift+N / P",
        "new run, next / previous seed (twice while alive)",
        &[NextSeed, PrevSeed],
    ),
    ("O", "provenance overlay on/off", &[ToggleOverlay]),
    ("[ / ]", "previous / next stage", &[PrevStage, NextStage]),
    ("Space", "play the stages in order", &[PlayStages]),
    (
        "C",
        "compare: this seed's level without pass 2, differences marked",
        &[Compare],
    ),
    (
        "F",
        "fly mode on/off (camera leaves the player)",
        &[ToggleFly],
    ),
    (
        "move keys, left drag",
        "pan the camera in fly mode",
        &[Grab],
    ),
    ("mouse wheel", "zoom", &[Zoom]),
    ("Home", "frame the whole map (enters fly mode)", &[FrameMap]),
    ("? or F1", "this help", &[ToggleHelp]),
];

/// The actions some plugin handles: only these are bound and listed.
#[derive(Resource, Default, Debug, Clone)]
pub(crate) struct Handled(pub Vec<Action>);

/// Say that a plugin handles these actions.
pub(crate) fn handles(app: &mut App, actions: &[Action]) {
    let mut handled = app
        .world_mut()
        .get_resource_or_insert_with(Handled::default);
    for a in actions {
        if !handled.0.contains(a) {
            handled.0.push(*a);
        }
    }
}

/// The help panel's rows for the handled actions.
pub(crate) fn help_rows(handled: &Handled) -> Vec<(&'static str, &'static str)> {
    HELP.iter()
        .filter(|(_, _, actions)| actions.iter().any(|a| handled.0.contains(a)))
        .map(|(keys, what, _)| (*keys, *what))
        .collect()
}

/// The input map of the handled actions.
pub(crate) fn input_map(handled: &Handled) -> InputMap<Action> {
    let mut map = InputMap::default();
    for &(action, trigger) in BINDINGS {
        if !handled.0.contains(&action) {
            continue;
        }
        match trigger {
            Key(k) => {
                map.insert(action, k);
            }
            Chord(keys) => {
                map.insert(action, ButtonlikeChord::new(keys.iter().copied()));
            }
            Mouse(b) => {
                map.insert(action, b);
            }
        }
    }
    if handled.0.contains(&Pointer) {
        map.insert_dual_axis(Pointer, MouseMove::default());
    }
    if handled.0.contains(&Zoom) {
        map.insert_axis(Zoom, MouseScrollAxis::Y);
    }
    map
}

/// The entity that holds the input map and its action state.
#[derive(Component)]
pub struct Controls;

/// One press of a bound key, in the order typed.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pressed(pub Action);

/// While a plugin asks for an item letter (`d`), key presses are letters, not
/// actions: each press comes as one [`Typed`] and no [`Pressed`].
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct LetterPrompt(pub bool);

/// A key typed at a letter prompt: a letter (`A` with Shift), or `None` for
/// any other key (Esc, an arrow...), which cancels. `after` is how many
/// [`Pressed`] came before it in the same batch of keys, so a reader of both
/// can put them back in the order typed.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Typed {
    pub letter: Option<char>,
    pub after: usize,
}

/// Actions that open the letter prompt at once, so the very next key press
/// (even typed ahead in the same frame) is the letter.
const OPENS_PROMPT: [Action; 1] = [Action::Drop];

/// The letter of a letter key, upper case with Shift.
pub(crate) fn key_letter(key: KeyCode, shift: bool) -> Option<char> {
    use KeyCode::*;
    const KEYS: [KeyCode; 26] = [
        KeyA, KeyB, KeyC, KeyD, KeyE, KeyF, KeyG, KeyH, KeyI, KeyJ, KeyK, KeyL, KeyM, KeyN, KeyO,
        KeyP, KeyQ, KeyR, KeyS, KeyT, KeyU, KeyV, KeyW, KeyX, KeyY, KeyZ,
    ];
    let i = KEYS.iter().position(|&k| k == key)? as u8;
    Some((if shift { b'A' } else { b'a' } + i) as char)
}

/// Keys that only change another key (Shift, Ctrl, Alt): no answer by
/// themselves.
fn is_modifier(key: KeyCode) -> bool {
    matches!(
        key,
        KeyCode::ShiftLeft
            | KeyCode::ShiftRight
            | KeyCode::ControlLeft
            | KeyCode::ControlRight
            | KeyCode::AltLeft
            | KeyCode::AltRight
            | KeyCode::SuperLeft
            | KeyCode::SuperRight
    )
}

/// The action a press of `key` gives while `held` keys are down: the longest
/// binding it completes (Shift+N over N); a chord completes on its last key.
pub(crate) fn action_for(key: KeyCode, held: &[KeyCode], handled: &Handled) -> Option<Action> {
    let mut best: Option<(usize, Action)> = None;
    for &(action, trigger) in BINDINGS {
        if !handled.0.contains(&action) {
            continue;
        }
        let len = match trigger {
            Key(k) if k == key => 1,
            Chord(keys)
                if keys.last() == Some(&key)
                    && keys[..keys.len() - 1].iter().all(|k| held.contains(k)) =>
            {
                keys.len()
            }
            _ => continue,
        };
        if best.is_none_or(|(l, _)| len > l) {
            best = Some((len, action));
        }
    }
    best.map(|(_, a)| a)
}

/// Every key press since the last frame, in order, as [`Pressed`] actions, or
/// as [`Typed`] letters while a letter prompt is open (one press answers it).
pub(crate) fn read_presses(
    mut keys: MessageReader<KeyboardInput>,
    keyboard: Res<ButtonInput<KeyCode>>,
    handled: Res<Handled>,
    mut prompt: ResMut<LetterPrompt>,
    mode: Option<Res<State<super::shared::PlayMode>>>,
    mut held: Local<Vec<KeyCode>>,
    mut pressed: MessageWriter<Pressed>,
    mut typed: MessageWriter<Typed>,
) {
    let mut sent = 0;
    for key in keys.read() {
        match key.state {
            ButtonState::Pressed => {
                if key.repeat {
                    continue; // the system's repeat: see the module's notes
                }
                if prompt.0 && !is_modifier(key.key_code) {
                    let shift = held
                        .iter()
                        .any(|k| matches!(k, KeyCode::ShiftLeft | KeyCode::ShiftRight));
                    typed.write(Typed {
                        letter: key_letter(key.key_code, shift),
                        after: sent,
                    });
                    prompt.0 = false;
                } else if let Some(action) = action_for(key.key_code, &held, &handled) {
                    pressed.write(Pressed(action));
                    sent += 1;
                    let playing = mode
                        .as_ref()
                        .is_none_or(|m| *m.get() == super::shared::PlayMode::Play);
                    if OPENS_PROMPT.contains(&action) && playing {
                        prompt.0 = true;
                    }
                }
                if !held.contains(&key.key_code) {
                    held.push(key.key_code);
                }
            }
            ButtonState::Released => held.retain(|k| *k != key.key_code),
        }
    }
    // Releases lost to a window losing focus: held is what is held now.
    held.retain(|k| keyboard.pressed(*k));
}

pub fn plugin(app: &mut App) {
    app.add_plugins(InputManagerPlugin::<Action>::default());
    handles(app, &[ToggleHelp]);
    app.add_message::<Pressed>()
        .add_message::<Typed>()
        .init_resource::<LetterPrompt>()
        .add_systems(Startup, spawn_controls)
        .add_systems(Update, read_presses.in_set(super::shared::GameSet::Keys));
}

fn spawn_controls(mut commands: Commands, handled: Res<Handled>) {
    commands.spawn((Name::new("Controls"), Controls, input_map(&handled)));
}
