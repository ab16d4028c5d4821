//! Every key and mouse binding, one row each, and the help text that lists
//! them. Gameplay systems read [`Action`]s, never raw key codes.
//!
//! **Every press counts.** `read_presses` reads each key press from Bevy's
//! `KeyboardInput` messages, in the order typed, maps it through the binding
//! table (a chord when its modifiers are held) and sends one [`Pressed`] per
//! press: a key pressed and released between two frames, or several presses
//! in one slow frame, are each an action. The system's own key-repeat events
//! are not presses: holding a move key repeats at the game's own pace
//! ([`super::player`]), so a held key never floods the queue. What is *held*
//! (repeat, panning, dragging) and the mouse's axes are read through
//! leafwing-input-manager's `ActionState`, from the same table.
//!
//! A feature plugin says which actions it handles (`handles`); only those are
//! bound and listed in the help, so a deleted feature leaves no dead key behind.

use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

use crate::dungeon::{Command, keys};
use crate::generation::Dir;

#[derive(Actionlike, Clone, Copy, Debug, PartialEq, Eq, Hash, Reflect)]
pub(crate) enum Action {
    /// A key that plays a turn of the run: the command whose key-file
    /// character this is ([`crate::dungeon::keys::COMMAND_KEYS`]).
    Turn(char),
    /// Show what you carry (`i`).
    Inventory,
    /// Show the whole level and every monster (for exploring and flying).
    Reveal,
    /// The message history (Ctrl-P).
    History,
    /// A new run with a random seed.
    NewRun,
    /// A new run with the next seed.
    NextSeed,
    /// A new run with the previous seed.
    PrevSeed,
    /// The provenance overlay on or off.
    ToggleOverlay,
    /// The stage before the one shown.
    PrevStage,
    /// The stage after the one shown.
    NextStage,
    /// Play the stages in order.
    PlayStages,
    /// The same seed's level by another pipeline, in place of this one.
    Compare,
    /// Fly mode on or off.
    ToggleFly,
    /// Frame the whole map.
    FrameMap,
    /// The help panel.
    ToggleHelp,
    /// Held to drag the camera in fly mode.
    Grab,
    /// Where the mouse moves.
    #[actionlike(DualAxis)]
    Pointer,
    /// The mouse wheel.
    #[actionlike(Axis)]
    Zoom,
}

impl Action {
    /// Every action that takes a turn of the run, one per command key.
    pub(crate) fn turns() -> impl Iterator<Item = Action> {
        keys::COMMAND_KEYS.iter().map(|k| Action::Turn(k.key))
    }

    /// The eight moves and their direction on the map.
    pub(crate) fn moves() -> impl Iterator<Item = (Action, Dir)> {
        keys::COMMAND_KEYS.iter().filter_map(|k| match k.command {
            Command::Move(d) => Some((Action::Turn(k.key), d)),
            _ => None,
        })
    }

    /// The move in direction `d`.
    pub(crate) fn move_toward(d: Dir) -> Action {
        Action::moves()
            .find(|&(_, dir)| dir == d)
            .map(|(a, _)| a)
            .expect("every direction has a key")
    }

    /// The command of a turn action that gives one by itself: None for a
    /// view action, or for a key that waits for a letter.
    pub(crate) fn command(self) -> Option<Command> {
        match self {
            Action::Turn(c) => Command::from_key(c),
            _ => None,
        }
    }

    /// A turn key that is followed by an inventory letter (`d`).
    pub(crate) fn takes_letter(self) -> bool {
        matches!(self, Action::Turn(c) if keys::command_key(c).is_some_and(|k| k.takes_letter))
    }

    /// How the HUD names the key of an action: its part of the help row it is
    /// listed under ("Shift+N / P" names Shift+N and, for the row after it, P).
    pub(crate) fn key_name(self) -> &'static str {
        let Some(at) = BINDINGS.iter().position(|b| b.action == self) else {
            return "the key";
        };
        let Some(head) = BINDINGS[..=at].iter().rposition(|b| b.help.is_some()) else {
            return "the key";
        };
        let (keys, _) = BINDINGS[head].help.expect("the row has help");
        keys.split(" / ").nth(at - head).unwrap_or(keys)
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

/// One action's keys, and its row in the help panel: the keys as the player
/// reads them and what they do (None: listed with the row before).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Binding {
    pub(crate) action: Action,
    pub(crate) triggers: &'static [Trigger],
    pub(crate) help: Option<(&'static str, &'static str)>,
}

use Action::*;
use KeyCode as K;
use Trigger::{Chord, Key, Mouse};

const fn bind(action: Action, triggers: &'static [Trigger]) -> Binding {
    Binding {
        action,
        triggers,
        help: None,
    }
}

const fn help(
    action: Action,
    triggers: &'static [Trigger],
    keys: &'static str,
    what: &'static str,
) -> Binding {
    Binding {
        action,
        triggers,
        help: Some((keys, what)),
    }
}

/// Every key and mouse binding, one row an action, with its help row. Turn
/// keys name their command by its key-file character. Shift+N is the next
/// seed because plain `n` moves down-right, and Shift+R a new run because
/// plain `r` reads; `>` and `<` are Shift with the
/// period and comma keys (the US layout), and beat plain `.` (wait) and `,`
/// (pick up); Ctrl-P beats plain P.
pub(crate) const BINDINGS: &[Binding] = &[
    help(
        Turn('k'),
        &[Key(K::KeyK), Key(K::ArrowUp), Key(K::Numpad8)],
        "arrows, hjklyubn, numpad",
        "move or attack (8 directions); hold to repeat",
    ),
    bind(
        Turn('j'),
        &[Key(K::KeyJ), Key(K::ArrowDown), Key(K::Numpad2)],
    ),
    bind(
        Turn('l'),
        &[Key(K::KeyL), Key(K::ArrowRight), Key(K::Numpad6)],
    ),
    bind(
        Turn('h'),
        &[Key(K::KeyH), Key(K::ArrowLeft), Key(K::Numpad4)],
    ),
    bind(Turn('y'), &[Key(K::KeyY), Key(K::Numpad7)]),
    bind(Turn('u'), &[Key(K::KeyU), Key(K::Numpad9)]),
    bind(Turn('b'), &[Key(K::KeyB), Key(K::Numpad1)]),
    bind(Turn('n'), &[Key(K::KeyN), Key(K::Numpad3)]),
    help(
        Turn('.'),
        &[Key(K::Period), Key(K::Numpad5)],
        ". or numpad 5",
        "wait a turn",
    ),
    help(
        Turn('s'),
        &[Key(K::KeyS)],
        "s",
        "search the cells around you for hidden traps, doors and mimics (a turn)",
    ),
    help(Turn(','), &[Key(K::Comma)], ",", "pick up what lies here"),
    help(
        Turn('>'),
        &[
            Chord(&[K::ShiftLeft, K::Period]),
            Chord(&[K::ShiftRight, K::Period]),
        ],
        "> / <",
        "go down / up the stairs you stand on",
    ),
    bind(
        Turn('<'),
        &[
            Chord(&[K::ShiftLeft, K::Comma]),
            Chord(&[K::ShiftRight, K::Comma]),
        ],
    ),
    help(
        Turn('y'),
        &[],
        "y (after a question)",
        "yes; any other key is no",
    ),
    help(
        Turn('a'),
        &[Key(K::KeyA)],
        "a, then a letter",
        "apply it: light or snuff a light; dig with a pick-axe (then a direction, or >)",
    ),
    help(
        Turn('d'),
        &[Key(K::KeyD)],
        "d, then a letter",
        "drop that item (Esc: never mind)",
    ),
    help(
        Turn('w'),
        &[Key(K::KeyW)],
        "w, then a letter",
        "wield that weapon (its letter again: put it away)",
    ),
    help(
        Turn('W'),
        &[
            Chord(&[K::ShiftLeft, K::KeyW]),
            Chord(&[K::ShiftRight, K::KeyW]),
        ],
        "W / T, then a letter",
        "wear / take off that armour",
    ),
    bind(
        Turn('T'),
        &[
            Chord(&[K::ShiftLeft, K::KeyT]),
            Chord(&[K::ShiftRight, K::KeyT]),
        ],
    ),
    help(
        Turn('q'),
        &[Key(K::KeyQ)],
        "q, then a letter",
        "drink that potion",
    ),
    help(
        Turn('r'),
        &[Key(K::KeyR)],
        "r, then a letter",
        "read that scroll",
    ),
    help(
        Turn('e'),
        &[Key(K::KeyE)],
        "e, then a letter",
        "eat that food",
    ),
    help(
        Turn('^'),
        &[
            Chord(&[K::ShiftLeft, K::Digit6]),
            Chord(&[K::ShiftRight, K::Digit6]),
        ],
        "^, then a direction",
        "what the trap you found there is (no turn)",
    ),
    help(
        Inventory,
        &[Key(K::KeyI)],
        "i",
        "what you carry (again: hide it)",
    ),
    help(
        Turn('p'),
        &[
            Chord(&[K::AltLeft, K::KeyP]),
            Chord(&[K::AltRight, K::KeyP]),
        ],
        "Alt+P",
        "pray (heard below a third of your HP, every 300 turns)",
    ),
    help(
        History,
        &[
            Chord(&[K::ControlLeft, K::KeyP]),
            Chord(&[K::ControlRight, K::KeyP]),
        ],
        "Ctrl-P",
        "message history",
    ),
    help(
        Reveal,
        &[Key(K::KeyM)],
        "M",
        "reveal the whole level and every monster",
    ),
    help(
        NewRun,
        &[
            Chord(&[K::ShiftLeft, K::KeyR]),
            Chord(&[K::ShiftRight, K::KeyR]),
        ],
        "Shift+R",
        "new run, random seed (press twice while alive)",
    ),
    help(
        NextSeed,
        &[
            Chord(&[K::ShiftLeft, K::KeyN]),
            Chord(&[K::ShiftRight, K::KeyN]),
        ],
        "Shift+N / P",
        "new run, next / previous seed (twice while alive)",
    ),
    bind(PrevSeed, &[Key(K::KeyP)]),
    help(
        ToggleOverlay,
        &[Key(K::KeyO)],
        "O",
        "provenance overlay on/off",
    ),
    help(
        PrevStage,
        &[Key(K::BracketLeft)],
        "[ / ]",
        "previous / next stage",
    ),
    bind(NextStage, &[Key(K::BracketRight)]),
    help(
        PlayStages,
        &[Key(K::Space)],
        "Space",
        "play the stages in order",
    ),
    help(
        Compare,
        &[Key(K::KeyC)],
        "C",
        "compare: this seed's level without pass 2, differences marked",
    ),
    help(
        ToggleFly,
        &[Key(K::KeyF)],
        "F",
        "fly mode on/off (camera leaves the player)",
    ),
    help(
        Grab,
        &[Mouse(MouseButton::Left)],
        "move keys, left drag",
        "pan the camera in fly mode",
    ),
    help(Zoom, &[], "mouse wheel", "zoom"),
    help(
        FrameMap,
        &[Key(K::Home)],
        "Home",
        "frame the whole map (enters fly mode)",
    ),
    help(
        ToggleHelp,
        &[Key(K::Slash), Key(K::F1)],
        "? or F1",
        "this help",
    ),
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

/// The help panel's rows for the handled actions: a row stands for its
/// action and the rows after it that have no help of their own.
pub(crate) fn help_rows(handled: &Handled) -> Vec<(&'static str, &'static str)> {
    let mut rows = Vec::new();
    let mut i = 0;
    while i < BINDINGS.len() {
        let Some(row) = BINDINGS[i].help else {
            i += 1;
            continue;
        };
        let mut shown = handled.0.contains(&BINDINGS[i].action);
        i += 1;
        while i < BINDINGS.len() && BINDINGS[i].help.is_none() {
            shown |= handled.0.contains(&BINDINGS[i].action);
            i += 1;
        }
        if shown {
            rows.push(row);
        }
    }
    rows
}

/// The input map of the handled actions.
pub(crate) fn input_map(handled: &Handled) -> InputMap<Action> {
    let mut map = InputMap::default();
    for (action, trigger) in every_trigger() {
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
pub(crate) struct Controls;

/// One press of a bound key, in the order typed.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pressed(pub Action);

/// While a turn key waits for its item letter (`d`), key presses are letters,
/// not actions: each press comes as one [`Typed`] and no [`Pressed`]. Holds
/// the key-file character of the key that asked.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct LetterPrompt(pub Option<char>);

/// A key typed at a letter prompt: a letter (`A` with Shift), or `None` for
/// any other key (Esc, an arrow...), which cancels. `after` is how many
/// [`Pressed`] came before it in the same batch of keys, so a reader of both
/// can put them back in the order typed.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Typed {
    /// The key-file character of the key that asked for the letter.
    pub key: char,
    /// The letter typed; None: another key, which cancels.
    pub letter: Option<char>,
    /// How many presses came before it in the same batch.
    pub after: usize,
}

/// Every binding's triggers, one pair each.
fn every_trigger() -> impl Iterator<Item = (Action, Trigger)> {
    BINDINGS
        .iter()
        .flat_map(|b| b.triggers.iter().map(move |&t| (b.action, t)))
}

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
    for (action, trigger) in every_trigger() {
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
                if let Some(asked_by) = prompt.0.filter(|_| !is_modifier(key.key_code)) {
                    let shift = held
                        .iter()
                        .any(|k| matches!(k, KeyCode::ShiftLeft | KeyCode::ShiftRight));
                    typed.write(Typed {
                        key: asked_by,
                        letter: key_letter(key.key_code, shift),
                        after: sent,
                    });
                    prompt.0 = None;
                } else if let Some(action) = action_for(key.key_code, &held, &handled) {
                    pressed.write(Pressed(action));
                    sent += 1;
                    let playing = mode
                        .as_ref()
                        .is_none_or(|m| *m.get() == super::shared::PlayMode::Play);
                    // A key that takes a letter opens the letter prompt at once, so
                    // the very next key press (even typed ahead in the same frame)
                    // is the letter.
                    if let (Action::Turn(c), true) = (action, action.takes_letter() && playing) {
                        prompt.0 = Some(c);
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

pub(crate) fn plugin(app: &mut App) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_turn_binding_has_a_command_and_every_command_key_a_binding() {
        for b in BINDINGS {
            if let Turn(c) = b.action {
                assert!(
                    keys::command_key(c).is_some(),
                    "Turn('{c}') is bound but no command has that key"
                );
            }
        }
        for k in keys::COMMAND_KEYS {
            assert!(
                BINDINGS
                    .iter()
                    .any(|b| b.action == Turn(k.key) && !b.triggers.is_empty()),
                "the command key '{}' ({:?}) has no binding",
                k.key,
                k.command
            );
        }
        // Every row is listed in the help, under its own row or the one before.
        assert!(BINDINGS[0].help.is_some());
    }

    #[test]
    fn the_new_run_keys_are_named_as_the_help_lists_them() {
        assert_eq!(NewRun.key_name(), "Shift+R");
        assert_eq!(NextSeed.key_name(), "Shift+N");
        assert_eq!(PrevSeed.key_name(), "P");
    }

    /// With every demo in the build, every bound action is handled by a plugin:
    /// a key with no handler fails here instead of doing nothing.
    #[cfg(all(
        feature = "overlay",
        feature = "stages",
        feature = "fly",
        feature = "compare"
    ))]
    #[test]
    fn every_bound_action_is_handled() {
        use crate::dungeon::RunSetup;
        use crate::game::{GameConfig, headless_app};
        let app = headless_app(
            GameConfig::new(1, RunSetup::default()),
            std::time::Duration::from_millis(16),
        );
        let handled = app.world().resource::<Handled>();
        for b in BINDINGS {
            assert!(
                handled.0.contains(&b.action),
                "{:?} is bound but no plugin handles it",
                b.action
            );
        }
        for extra in [Pointer, Zoom] {
            assert!(handled.0.contains(&extra), "{extra:?}");
        }
    }
}
