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

use crate::dungeon::verbs::{GameKey, STEP_ORDER, Takes, Verb, table, verb_for_key};
use crate::dungeon::words::WORDS_MAX;
use crate::dungeon::{Command, Words};
use crate::generation::Dir;

#[derive(Actionlike, Clone, Copy, Debug, PartialEq, Eq, Hash, Reflect)]
pub(crate) enum Action {
    /// A key that plays a turn of the run: the verb whose key-file
    /// character this is ([`crate::dungeon::verbs`]).
    Turn(char),
    /// Show what you carry (`i`).
    Inventory,
    /// Show the whole level and every monster (for exploring and flying).
    Reveal,
    /// The message history (Ctrl-P).
    History,
    /// The history's page before (older messages).
    HistoryOlder,
    /// The history's page after (newer messages).
    HistoryNewer,
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
    /// The minimap on or off.
    ToggleMinimap,
    /// The help panel.
    ToggleHelp,
    /// The options panel.
    ToggleOptions,
    /// A left click on the map in play: travel there (read by the cursor
    /// plugin from the mouse; listed in the help).
    ClickTravel,
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
    /// Every action that takes a turn of the run, one per key of the verb
    /// table.
    pub(crate) fn turns() -> impl Iterator<Item = Action> {
        table()
            .iter()
            .flat_map(|v| v.keys().chars().map(Action::Turn))
    }

    /// The eight moves and their direction on the map.
    pub(crate) fn moves() -> impl Iterator<Item = (Action, Dir)> {
        Action::turns().filter_map(|a| {
            if let Some(Command::Move(d)) = a.command() {
                Some((a, d))
            } else {
                None
            }
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

    /// What the letter prompt of a turn key that is followed by an inventory
    /// letter asks for: "drop" (`d`); None for any other action.
    pub(crate) fn letter_verb(self) -> Option<&'static str> {
        match self {
            Action::Turn(c) => verb_for_key(c)?.takes().letter_verb(),
            _ => None,
        }
    }

    /// A turn key whose verb takes words alone (`$`).
    pub(crate) fn takes_words_alone(self) -> bool {
        match self {
            Action::Turn(c) => {
                verb_for_key(c).is_some_and(|v| matches!(v.takes(), Takes::Words(_)))
            }
            _ => false,
        }
    }

    /// A turn key that is followed by an inventory letter (`d`).
    pub(crate) fn takes_letter(self) -> bool {
        self.letter_verb().is_some()
    }

    /// How the HUD names the key of a view action: its part of the help row
    /// it is listed under ("Ctrl-N / P" names Ctrl-N and, for the row after
    /// it, P).
    pub(crate) fn key_name(self) -> &'static str {
        let Some(at) = BINDINGS.iter().position(|b| b.action == self) else {
            return "the key";
        };
        let Some(head) = BINDINGS[..=at]
            .iter()
            .rposition(|b| matches!(b.listed, Listed::Row(..)))
        else {
            return "the key";
        };
        let Listed::Row(keys, _) = BINDINGS[head].listed else {
            return "the key";
        };
        keys.split(" / ").nth(at - head).unwrap_or(keys)
    }
}

/// What sets off an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Trigger {
    Key(KeyCode),
    /// The key with either Shift held.
    Shifted(KeyCode),
    /// The key (the second) with a modifier (the first) held; it wins a
    /// clash with the key alone.
    Chord(KeyCode, KeyCode),
    Mouse(MouseButton),
}

/// How a binding row is listed in the help panel.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Listed {
    /// A row of its own: the keys as the player reads them, what they do.
    Row(&'static str, &'static str),
    /// With the row before.
    WithAbove,
}

/// One action's keys, and how the help panel lists them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Binding {
    pub(crate) action: Action,
    pub(crate) triggers: &'static [Trigger],
    pub(crate) listed: Listed,
}

use Action::*;
use KeyCode as K;
use Trigger::{Chord, Key, Mouse, Shifted};

/// A verb's own key (its key-file character) that the window gives to a
/// view: plain `p` is the previous seed, so pray's row gives it Alt+P
/// (NetHack's `M-p`) and that alone prays here; Shift+R is a new run, so
/// remove's row gives it Alt+R; `C` the comparison view, so call's gives
/// it Alt+N (NetHack's `M-n`).
const TAKEN_BY_VIEWS: &[char] = &['p', 'R', 'C'];

/// A chord of either Ctrl and `key`.
fn ctrl(key: KeyCode) -> [Trigger; 2] {
    [Chord(K::ControlLeft, key), Chord(K::ControlRight, key)]
}

/// The window's keys for a key a verb's row gives it, each with the verb
/// key-file character it plays.
fn game_key_triggers(verb: &Verb, key: GameKey) -> Vec<(char, Trigger)> {
    const ARROWS: [(Dir, KeyCode); 4] = [
        (Dir::N, K::ArrowUp),
        (Dir::S, K::ArrowDown),
        (Dir::E, K::ArrowRight),
        (Dir::W, K::ArrowLeft),
    ];
    let letter = |c: char| {
        key_of_char(c.to_ascii_lowercase()).and_then(|t| match t {
            Key(k) => Some(k),
            Shifted(_) | Chord(..) | Mouse(_) => None,
        })
    };
    let keyed = |dir: Option<Dir>, triggers: Vec<Trigger>| -> Vec<(char, Trigger)> {
        verb.key_for(key, dir)
            .map(|c| triggers.into_iter().map(|t| (c, t)).collect())
            .unwrap_or_default()
    };
    match key {
        GameKey::Ctrl(c) => keyed(
            None,
            letter(c).map(|k| ctrl(k).to_vec()).unwrap_or_default(),
        ),
        GameKey::Alt(c) => keyed(
            None,
            letter(c)
                .map(|k| vec![Chord(K::AltLeft, k), Chord(K::AltRight, k)])
                .unwrap_or_default(),
        ),
        GameKey::Arrows => ARROWS
            .iter()
            .flat_map(|&(d, k)| keyed(Some(d), vec![Key(k)]))
            .collect(),
        GameKey::NumpadDirections => STEP_ORDER
            .iter()
            .zip(NUMPAD_ORDER)
            .flat_map(|(&d, digit)| keyed(Some(d), numpad(digit).map(Key).into_iter().collect()))
            .collect(),
        GameKey::Numpad(digit) => keyed(None, numpad(digit).map(Key).into_iter().collect()),
    }
}

/// The number pad's digit for each direction, in `STEP_ORDER`: `4` is
/// west, `8` north, `7` north-west.
const NUMPAD_ORDER: [char; 8] = ['4', '2', '8', '6', '7', '9', '1', '3'];

/// The number pad's key that types `digit`.
fn numpad(digit: char) -> Option<KeyCode> {
    const KEYS: [KeyCode; 10] = [
        K::Numpad0,
        K::Numpad1,
        K::Numpad2,
        K::Numpad3,
        K::Numpad4,
        K::Numpad5,
        K::Numpad6,
        K::Numpad7,
        K::Numpad8,
        K::Numpad9,
    ];
    KEYS.get(digit.to_digit(10)? as usize).copied()
}

const fn bind(action: Action, triggers: &'static [Trigger]) -> Binding {
    Binding {
        action,
        triggers,
        listed: Listed::WithAbove,
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
        listed: Listed::Row(keys, what),
    }
}

/// The key that types `c` on a US keyboard: a verb's own key in the game.
/// None for a character this table does not know (a verb with such a key
/// needs a key of the game's in its row; a test says so).
pub(crate) fn key_of_char(c: char) -> Option<Trigger> {
    const LETTERS: [KeyCode; 26] = [
        K::KeyA,
        K::KeyB,
        K::KeyC,
        K::KeyD,
        K::KeyE,
        K::KeyF,
        K::KeyG,
        K::KeyH,
        K::KeyI,
        K::KeyJ,
        K::KeyK,
        K::KeyL,
        K::KeyM,
        K::KeyN,
        K::KeyO,
        K::KeyP,
        K::KeyQ,
        K::KeyR,
        K::KeyS,
        K::KeyT,
        K::KeyU,
        K::KeyV,
        K::KeyW,
        K::KeyX,
        K::KeyY,
        K::KeyZ,
    ];
    const DIGITS: [KeyCode; 10] = [
        K::Digit0,
        K::Digit1,
        K::Digit2,
        K::Digit3,
        K::Digit4,
        K::Digit5,
        K::Digit6,
        K::Digit7,
        K::Digit8,
        K::Digit9,
    ];
    // The US layout's shifted digits and punctuation, after their key.
    const SHIFTED: &[(char, KeyCode)] = &[
        ('!', K::Digit1),
        ('@', K::Digit2),
        ('#', K::Digit3),
        ('$', K::Digit4),
        ('%', K::Digit5),
        ('^', K::Digit6),
        ('&', K::Digit7),
        ('*', K::Digit8),
        ('(', K::Digit9),
        (')', K::Digit0),
        ('_', K::Minus),
        ('+', K::Equal),
        ('{', K::BracketLeft),
        ('}', K::BracketRight),
        (':', K::Semicolon),
        ('"', K::Quote),
        ('<', K::Comma),
        ('>', K::Period),
        ('?', K::Slash),
        ('~', K::Backquote),
        ('|', K::Backslash),
    ];
    const PLAIN: &[(char, KeyCode)] = &[
        ('-', K::Minus),
        ('=', K::Equal),
        ('[', K::BracketLeft),
        (']', K::BracketRight),
        (';', K::Semicolon),
        ('\'', K::Quote),
        (',', K::Comma),
        ('.', K::Period),
        ('/', K::Slash),
        ('`', K::Backquote),
        ('\\', K::Backslash),
    ];
    match c {
        'a'..='z' => Some(Key(LETTERS[(c as u8 - b'a') as usize])),
        'A'..='Z' => Some(Shifted(LETTERS[(c as u8 - b'A') as usize])),
        '0'..='9' => Some(Key(DIGITS[(c as u8 - b'0') as usize])),
        _ => PLAIN
            .iter()
            .find(|(p, _)| *p == c)
            .map(|&(_, k)| Key(k))
            .or_else(|| {
                SHIFTED
                    .iter()
                    .find(|(p, _)| *p == c)
                    .map(|&(_, k)| Shifted(k))
            }),
    }
}

/// The view keys, one row an action, with its help row (each verb's keys
/// come from its row of the verb table: its own, typed on a US keyboard,
/// and the game's keys the row adds). Ctrl-N is the next seed because plain
/// `n` moves down-right and Shift+N runs that way, and Shift+R a new run
/// because plain `r` reads; so `p` prays with Alt+P, plain P being the
/// previous seed; Ctrl-P beats plain P.
pub(crate) const BINDINGS: &[Binding] = &[
    help(
        Turn('y'),
        &[],
        "y (after a question)",
        "yes; any other key is no",
    ),
    help(
        Inventory,
        &[Key(K::KeyI)],
        "i",
        "what you carry (again: hide it)",
    ),
    help(
        History,
        &[
            Chord(K::ControlLeft, K::KeyP),
            Chord(K::ControlRight, K::KeyP),
        ],
        "Ctrl-P",
        "message history (the whole run)",
    ),
    help(
        HistoryOlder,
        &[Key(K::PageUp)],
        "PgUp / PgDn",
        "page the message history back / on",
    ),
    bind(HistoryNewer, &[Key(K::PageDown)]),
    help(
        Reveal,
        &[Key(K::KeyM)],
        "M",
        "reveal the whole level and every monster",
    ),
    help(
        NewRun,
        &[Shifted(K::KeyR)],
        "Shift+R",
        "new run, random seed (press twice while alive)",
    ),
    help(
        NextSeed,
        &[
            Chord(K::ControlLeft, K::KeyN),
            Chord(K::ControlRight, K::KeyN),
        ],
        "Ctrl-N / P",
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
        &[Shifted(K::KeyF)],
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
        ClickTravel,
        &[],
        "left click",
        "travel to a cell you know (on you: search)",
    ),
    help(
        FrameMap,
        &[Key(K::Home)],
        "Home",
        "frame the whole map (enters fly mode)",
    ),
    help(
        ToggleMinimap,
        &[Key(K::Tab)],
        "Tab",
        "minimap on/off (a click on it moves the camera there)",
    ),
    help(
        ToggleHelp,
        &[Key(K::Slash), Key(K::F1)],
        "? or F1",
        "this help",
    ),
    help(
        ToggleOptions,
        &[Key(K::F3)],
        "F3",
        "the options in force, and where the options file is",
    ),
];

/// The actions some plugin handles: only these are bound and listed.
#[derive(Resource, Default, Debug, Clone)]
pub(crate) struct Handled(pub Vec<Action>, pub Vec<(char, Trigger)>);

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

/// The help panel's rows for the handled actions: first each verb's, from
/// its row of the verb table (its keys, as the options file rebinds them,
/// and the game's keys its row adds), then the view keys' rows, a row
/// standing for its action and the rows after it that are listed with it.
pub(crate) fn help_rows(handled: &Handled) -> Vec<(String, &'static str)> {
    let mut rows = Vec::new();
    for verb in table() {
        let actions: Vec<Action> = verb.keys().chars().map(Turn).collect();
        if !actions.iter().any(|a| handled.0.contains(a)) {
            continue;
        }
        // The options file's keys, where it gives the verb some; none
        // where a view takes its own.
        let own: String = verb
            .keys()
            .chars()
            .filter(|c| !TAKEN_BY_VIEWS.contains(c))
            .map(|c| match handled.1.iter().find(|(own, _)| *own == c) {
                Some(&(_, t)) => (' '..='~')
                    .find(|&k| key_of_char(k) == Some(t))
                    .unwrap_or(c),
                None => c,
            })
            .collect();
        rows.push((verb.help_keys(&own, |_| true), verb.help()));
    }
    let mut i = 0;
    while i < BINDINGS.len() {
        let Listed::Row(keys, what) = BINDINGS[i].listed else {
            i += 1;
            continue;
        };
        let mut shown = handled.0.contains(&BINDINGS[i].action);
        i += 1;
        while i < BINDINGS.len() && matches!(BINDINGS[i].listed, Listed::WithAbove) {
            shown |= handled.0.contains(&BINDINGS[i].action);
            i += 1;
        }
        if shown {
            rows.push((keys.to_string(), what));
        }
    }
    rows
}

/// The input map of the handled actions.
pub(crate) fn input_map(handled: &Handled) -> InputMap<Action> {
    let mut map = InputMap::default();
    for (action, trigger) in every_trigger(&handled.1) {
        if !handled.0.contains(&action) {
            continue;
        }
        match trigger {
            Key(k) => {
                map.insert(action, k);
            }
            Shifted(k) => {
                for shift in [K::ShiftLeft, K::ShiftRight] {
                    map.insert(action, ButtonlikeChord::new([shift, k]));
                }
            }
            Chord(held, key) => {
                map.insert(action, ButtonlikeChord::new([held, key]));
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

/// While words are typed (`E`'s "What do you want to write here?"): the
/// verb's key-file character, the letter it was given (`-`: fingers) and
/// the words so far. Every press is the words' until Enter (which sends
/// the command as a [`Worded`]) or Esc (a [`Typed`] with no letter:
/// never mind).
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub(crate) struct WordsPrompt(pub Option<(char, char, String)>);

/// A command with words, typed to its end (Enter).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Worded(pub Command);

/// While a screen takes every key (the hero's pick screen), each press comes
/// as one [`Typed`] with this character as its `key`, and no [`Pressed`];
/// unlike [`LetterPrompt`], it stays until the screen lets go.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct KeysTaken(pub Option<char>);

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

/// Every action's triggers, one pair each: each verb key's own key (the
/// options file's, if it gives one; none where a view takes it), the keys
/// of the game's that its row adds, then every view binding's.
fn every_trigger(rebound: &[(char, Trigger)]) -> impl Iterator<Item = (Action, Trigger)> + '_ {
    let own = Action::turns().flat_map(move |action| {
        let Turn(c) = action else { return Vec::new() };
        let options: Vec<(Action, Trigger)> = rebound
            .iter()
            .filter(|(r, _)| *r == c)
            .map(|&(_, t)| (action, t))
            .collect();
        if !options.is_empty() {
            return options;
        }
        key_of_char(c)
            .filter(|_| !TAKEN_BY_VIEWS.contains(&c))
            .map(|trigger| (action, trigger))
            .into_iter()
            .collect()
    });
    let rows = table().iter().flat_map(|verb| {
        verb.also()
            .iter()
            .flat_map(|&k| game_key_triggers(verb, k))
            .map(|(c, t)| (Turn(c), t))
    });
    own.chain(rows).chain(
        BINDINGS
            .iter()
            .flat_map(|b| b.triggers.iter().map(move |&t| (b.action, t))),
    )
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

/// The digit a top-row digit key types (a sum offered), where the window
/// gives no text.
fn key_digit(key: KeyCode) -> Option<char> {
    use KeyCode::*;
    const KEYS: [KeyCode; 10] = [
        Digit0, Digit1, Digit2, Digit3, Digit4, Digit5, Digit6, Digit7, Digit8, Digit9,
    ];
    let i = KEYS.iter().position(|&k| k == key)? as u8;
    Some((b'0' + i) as char)
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
    for (action, trigger) in every_trigger(&handled.1) {
        if !handled.0.contains(&action) {
            continue;
        }
        let shift = || {
            held.iter()
                .any(|k| matches!(k, K::ShiftLeft | K::ShiftRight))
        };
        let len = match trigger {
            Key(k) if k == key => 1,
            Shifted(k) if k == key && shift() => 2,
            Chord(modifier, last) if last == key && held.contains(&modifier) => 2,
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
    (mut words, mut worded): (ResMut<WordsPrompt>, MessageWriter<Worded>),
    taken: Res<KeysTaken>,
    mode: Option<Res<State<super::shared::PlayMode>>>,
    mut held: Local<Vec<KeyCode>>,
    mut pressed: MessageWriter<Pressed>,
    mut typed: MessageWriter<Typed>,
) {
    let mut sent = 0;
    for key in keys.read() {
        match key.state {
            ButtonState::Pressed => {
                if key.repeat && words.0.is_none() {
                    continue; // the system's repeat: see the module's notes
                }
                let shift = held
                    .iter()
                    .any(|k| matches!(k, KeyCode::ShiftLeft | KeyCode::ShiftRight));
                if words.0.is_some() {
                    if let Some(asked_by) = words_key(key, shift, &mut words, &mut worded) {
                        typed.write(Typed {
                            key: asked_by,
                            letter: None,
                            after: sent,
                        });
                    }
                    if !held.contains(&key.key_code) {
                        held.push(key.key_code);
                    }
                    continue;
                }
                let words_verb = prompt.0.filter(|&c| {
                    verb_for_key(c).is_some_and(|v| v.takes().words_question().is_some())
                });
                // `?` or `*` at a letter prompt shows what you carry, the
                // prompt still asking, as NetHack's and the terminal's.
                let lists = shift && matches!(key.key_code, K::Slash | K::Digit8);
                if taken.0.is_none() && prompt.0.is_some() && lists {
                    pressed.write(Pressed(Action::Inventory));
                    sent += 1;
                } else if let (Some(verb), None, false) =
                    (words_verb, taken.0, is_modifier(key.key_code))
                {
                    // A words verb's letter (`-`: fingers) opens the words.
                    let letter = if key.key_code == KeyCode::Minus && !shift {
                        Some('-')
                    } else {
                        key_letter(key.key_code, shift)
                    };
                    prompt.0 = None;
                    match letter {
                        Some(l) => words.0 = Some((verb, l, String::new())),
                        None => {
                            typed.write(Typed {
                                key: verb,
                                letter: None,
                                after: sent,
                            });
                        }
                    }
                } else if let Some(asked_by) =
                    taken.0.or(prompt.0).filter(|_| !is_modifier(key.key_code))
                {
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
                    // A verb of words alone asks them at once ("How much
                    // will you offer?").
                    if let (Action::Turn(c), true) = (action, action.takes_words_alone() && playing)
                    {
                        words.0 = Some((c, ' ', String::new()));
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

/// A key while words are typed: a character words take, Backspace, Enter
/// (the command, as a [`Worded`]) or Esc (returns the verb's key: never
/// mind).
fn words_key(
    key: &KeyboardInput,
    shift: bool,
    words: &mut WordsPrompt,
    worded: &mut MessageWriter<Worded>,
) -> Option<char> {
    let (verb, letter, mut typed) = words.0.take()?;
    let alone = verb_for_key(verb).is_some_and(|v| matches!(v.takes(), Takes::Words(_)));
    match key.key_code {
        // Esc at words alone answers nothing (NetHack's getlin gives the
        // escape): "You refuse." to a priest.
        KeyCode::Escape if alone => {
            if let Some(c) = Command::with_words(verb, letter, "") {
                worded.write(Worded(c));
            }
            return None;
        }
        KeyCode::Escape => return Some(verb),
        KeyCode::Enter | KeyCode::NumpadEnter => {
            if let Some(c) = Command::with_words(verb, letter, &typed) {
                worded.write(Worded(c));
            }
            return None;
        }
        KeyCode::Backspace => {
            typed.pop();
        }
        code => {
            // The character the key gives (its text), or a letter or a
            // space where the window gives none.
            let text: String = match &key.text {
                Some(t) => t.to_string(),
                None if code == KeyCode::Space => " ".into(),
                None => key_letter(code, shift)
                    .or_else(|| key_digit(code).filter(|_| !shift))
                    .map(String::from)
                    .unwrap_or_default(),
            };
            for c in text.chars() {
                if c.is_ascii() && Words::takes(c as u8) && typed.len() < WORDS_MAX {
                    typed.push(c);
                }
            }
        }
    }
    words.0 = Some((verb, letter, typed));
    None
}

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(InputManagerPlugin::<Action>::default());
    handles(app, &[ToggleHelp]);
    // The options file's keys (checked before the window opened:
    // `check_keys`), known before any plugin lists or binds a key.
    let keys = app
        .world()
        .get_resource::<super::shared::GameConfig>()
        .map(|c| rebound(&c.options).unwrap_or_default())
        .unwrap_or_default();
    app.world_mut()
        .get_resource_or_insert_with(Handled::default)
        .1 = keys;
    app.add_message::<Pressed>()
        .add_message::<Typed>()
        .add_message::<Worded>()
        .init_resource::<LetterPrompt>()
        .init_resource::<WordsPrompt>()
        .init_resource::<KeysTaken>()
        .add_systems(Startup, spawn_controls)
        .add_systems(Update, read_presses.in_set(super::shared::GameSet::Keys));
}

fn spawn_controls(mut commands: Commands, handled: Res<Handled>) {
    commands.spawn((Name::new("Controls"), Controls, input_map(&handled)));
}

/// The keys the options file gives verbs: each verb key-file character with
/// the key that now plays it. A character with no key, or a key another
/// action has, is an error naming both.
pub(crate) fn rebound(loaded: &crate::options::Loaded) -> Result<Vec<(char, Trigger)>, String> {
    let file = loaded
        .file
        .as_ref()
        .map_or("options".to_string(), |f| f.display().to_string());
    // `number_pad`'s digits and the `keys` the file gives (the number pad's
    // own keys move whatever the file says).
    let mut out = Vec::new();
    for (own, new) in loaded.options.typed_keys() {
        let name = verb_for_key(own).map_or("?", |v| v.name());
        let trigger = key_of_char(new)
            .ok_or_else(|| format!("{file}: keys: {name}: no key types '{new}'"))?;
        out.push((own, trigger));
    }
    // No key may play two actions.
    let all = Handled(
        Action::turns()
            .chain(BINDINGS.iter().map(|b| b.action))
            .collect(),
        out.clone(),
    );
    let triggers: Vec<(Action, Trigger)> = every_trigger(&all.1).collect();
    for &(own, t) in &out {
        if let Some((other, _)) = triggers.iter().find(|(a, u)| *u == t && *a != Turn(own)) {
            let whose = match other {
                Turn(c) => {
                    verb_for_key(*c).map_or(format!("`{c}`"), |v| format!("{} (`{c}`)", v.name()))
                }
                view => format!("{view:?}"),
            };
            return Err(format!(
                "{file}: keys: the key given for `{own}` is already {whose}'s"
            ));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_verb_key_has_a_key_in_the_game_and_every_turn_binding_a_verb() {
        for b in BINDINGS {
            if let Turn(c) = b.action {
                assert!(
                    verb_for_key(c).is_some(),
                    "Turn('{c}') is bound but no verb has that key"
                );
            }
        }
        for action in Action::turns() {
            assert!(
                every_trigger(&[]).any(|(a, _)| a == action),
                "the verb key {action:?} has no key in the game: give its row a key of the game's"
            );
        }
        // The first binding has a row of its own.
        assert!(matches!(BINDINGS[0].listed, Listed::Row(..)));
        // Each key a row adds is bound: Ctrl+D kicks, the up arrow is `k`,
        // numpad 3 is `n`, numpad 5 waits.
        let all: Vec<(Action, Trigger)> = every_trigger(&[]).collect();
        for (action, trigger) in [
            (Turn('x'), Chord(K::ControlLeft, K::KeyD)),
            (Turn('p'), Chord(K::AltRight, K::KeyP)),
            (Turn('k'), Key(K::ArrowUp)),
            (Turn('n'), Key(K::Numpad3)),
            (Turn('.'), Key(K::Numpad5)),
        ] {
            assert!(all.contains(&(action, trigger)), "{action:?} {trigger:?}");
        }
        // Plain `p` is the previous seed's, not pray's.
        assert!(!all.contains(&(Turn('p'), Key(K::KeyP))));
    }

    /// No key (or chord) gives two actions: a verb's own key never lands on
    /// a view key (plain P is the previous seed, so pray is Alt+P).
    #[test]
    fn no_trigger_gives_two_actions() {
        let all: Vec<(Action, Trigger)> = every_trigger(&[]).collect();
        for (i, (a, t)) in all.iter().enumerate() {
            for (b, u) in &all[i + 1..] {
                assert!(!(t == u && a != b), "{t:?} is both {a:?} and {b:?}");
            }
        }
    }

    /// The help lists every verb from its row: its keys (and the keys of the
    /// game's its row adds), what it takes, and what it does.
    #[test]
    fn the_help_lists_each_verb_from_its_row() {
        let handled = Handled(Action::turns().collect(), Vec::new());
        let rows = help_rows(&handled);
        let row = |what: &str| {
            rows.iter()
                .find(|(_, w)| *w == what)
                .map(|(k, _)| k.as_str())
        };
        assert_eq!(
            row("move or attack (8 directions); hold to repeat"),
            Some("hjklyubn, arrows, numpad")
        );
        assert_eq!(row("wait a turn"), Some("., numpad 5"));
        assert_eq!(
            row("drop that item (Esc: never mind)"),
            Some("d, then a letter")
        );
        assert_eq!(
            row("what the trap you found there is (no turn)"),
            Some("^, then a direction")
        );
        assert_eq!(
            row("kick: then a direction (a door, locked or not, may crash open)"),
            Some("x, Ctrl+D, then a direction")
        );
        assert_eq!(
            row("pray (heard below a third of your HP, every 300 turns)"),
            Some("Alt+P")
        );
        assert_eq!(rows.len(), table().len() + 1, "each verb, and `y`'s answer");
    }

    #[test]
    fn the_new_run_keys_are_named_as_the_help_lists_them() {
        assert_eq!(NewRun.key_name(), "Shift+R");
        assert_eq!(NextSeed.key_name(), "Ctrl-N");
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
        use crate::game::GameConfig;
        let app = crate::game::test_app(1, RunSetup::default(), GameConfig::default());
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
