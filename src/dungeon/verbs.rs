//! The verb table: every command the player gives, one row each. A row is
//! the command's name (a [`Command`] variant, with the argument it carries),
//! its key-file characters, its rule (what it takes and the function that
//! plays it) and its line in the help panel. The key files, the journal, the
//! game's key bindings, its letter prompts and its help are all read from
//! these rows, so a new command is a rule function and a row here:
//!
//! ```text
//! /// Kick (`x` in key files, `x` or Ctrl+D in the game, then a
//! /// direction): a door may crash open, a locked one too.
//! Kick: "x", Rule::Direction(IN_WHAT_DIRECTION, kick::kick),
//!     "kick: then a direction (a door, locked or not, may crash open)",
//!     also &[GameKey::Ctrl('d')];
//! ```
//!
//! What a verb takes after its key is its `Rule`'s kind, the questions it
//! asks in turn:
//! - nothing (`Rule::Alone`): `.` waits;
//! - an inventory letter, asked for by "What do you want to VERB?"
//!   (`Rule::Letter`): `d` and `a` drops item a;
//! - a direction, asked for by a question that the next command, a move,
//!   answers (`Rule::Direction`): `^` and `h` looks at the trap to the
//!   west. The answer is journalled as the key the player typed, so a key
//!   file reads as it was played. The question says which ways it takes
//!   (an `Ask`): the eight, and `<` or `>` where the rule wants them;
//! - an inventory letter, then a direction (`Rule::LetterThenDirection`):
//!   the rule's first part looks at the item and acts at once or asks which
//!   way, the second plays the answer (`a` on a pick-axe, then `j` or `>`);
//! - a direction named by the key itself (`Rule::Step`): the moves,
//!   `hjklyubn`.
//!
//! A row also says which keys the game adds to the verb's own ([`GameKey`]:
//! Ctrl+D kicks, the arrows move) and what the verb's key does at a cursor
//! (`;` and `_`: `>` jumps to the stairs, `.` picks). Both front ends read
//! them here: a new verb is one rule and one row.

pub(crate) use super::direction::{Ask, IN_WHAT_DIRECTION, Then, Way};
use super::rules::travel::CursorKey;
use super::rules::{
    accessories, apply, call, carry, cast, chat, descend, eat, engrave, grow, kick, leap, look,
    moving, prayer, quaff, read, running, search, stairs, steed, throw, travel, turn, zap,
};
use super::rules::{traps::look_at_trap, wield};
use super::shared::{inventory_letter, letter_index};
use super::state::RunState;
use super::words::{Words, Writing};
use crate::generation::Dir;

/// What a verb takes after its key, and the rule that plays it. A rule
/// returns whether the command took a turn.
#[derive(Clone, Copy)]
pub(crate) enum Rule {
    /// The key alone.
    Alone(fn(&mut RunState) -> bool),
    /// An inventory letter after the key; the prompt asks "What do you want
    /// to VERB?" with this verb.
    Letter(&'static str, fn(&mut RunState, u8) -> bool),
    /// A direction, asked for with this question; the next command answers
    /// it (a move: that way; `<` or `>` where the question takes them;
    /// anything else: never mind, no turn).
    Direction(Ask, fn(&mut RunState, Way) -> bool),
    /// An inventory letter, asked for as a [`Rule::Letter`]'s; then the
    /// first function says whether the item acts at once or asks a
    /// direction, which the second plays with the same letter.
    LetterThenDirection(
        &'static str,
        fn(&mut RunState, u8) -> Then,
        fn(&mut RunState, u8, Way) -> bool,
    ),
    /// The key is the direction: one key for each of the eight, in
    /// [`STEP_ORDER`].
    Step(fn(&mut RunState, Dir) -> bool),
    /// An inventory letter (or `-`, fingers, where the bool says so)
    /// asked for as a [`Rule::Letter`]'s, then words asked for by the
    /// question (the front end asks both before the command is played).
    LetterThenWords(
        &'static str,
        &'static str,
        bool,
        fn(&mut RunState, Writing) -> bool,
    ),
    /// Words alone, asked for by the question (the answer to a question
    /// the run asks, as a priest's "How much will you offer?").
    Words(&'static str, fn(&mut RunState, Words) -> bool),
    /// The key alone; the first function acts at once or asks a direction
    /// (the next command answers), which the second plays (`#ride`: on foot
    /// which way to mount, riding none).
    AloneThenDirection(fn(&mut RunState) -> Then, fn(&mut RunState, Way) -> bool),
}

/// A key a verb has in the game besides its key-file characters: the
/// terminal and the window both give it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameKey {
    /// Ctrl and this letter: NetHack's `^D` kicks.
    Ctrl(char),
    /// Alt (Meta) and this letter: NetHack's `M-p` prays.
    Alt(char),
    /// The four arrow keys, each its direction (a stepping verb's).
    Arrows,
    /// The number pad's eight keys round `5`, each its direction (a
    /// stepping verb's).
    NumpadDirections,
    /// One number pad key: `5` waits.
    Numpad(char),
}

impl GameKey {
    /// As the help names it: "Ctrl+D", "arrows", "numpad 5".
    pub fn name(self) -> String {
        match self {
            GameKey::Ctrl(c) => format!("Ctrl+{}", c.to_ascii_uppercase()),
            GameKey::Alt(c) => format!("Alt+{}", c.to_ascii_uppercase()),
            GameKey::Arrows => "arrows".into(),
            GameKey::NumpadDirections => "numpad".into(),
            GameKey::Numpad(c) => format!("numpad {c}"),
        }
    }
}

/// What a verb's key does while a cursor asks for a cell (`_`, `;`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AtCursor {
    /// Never mind: the cursor goes.
    Other,
    /// Moves it a cell its way (the moves).
    Step,
    /// Moves it eight cells its way (the runs).
    Far,
    /// Onto the up staircase, if seen (`<`).
    UpStairs,
    /// Onto the down staircase, if seen (`>`).
    DownStairs,
    /// Picks the cell (`.`, `,`).
    Pick,
    /// Picks the cell when looking (`;`, `:`).
    LookPick,
    /// Back onto you (`@`).
    You,
}

impl AtCursor {
    /// The cursor's key for this, with the command's direction.
    fn key(self, arg: Arg) -> CursorKey {
        let dir = arg.dir();
        match self {
            AtCursor::Other => CursorKey::Other,
            AtCursor::Step => dir.map_or(CursorKey::Other, CursorKey::Step),
            AtCursor::Far => dir.map_or(CursorKey::Other, CursorKey::Far),
            AtCursor::UpStairs => CursorKey::UpStairs,
            AtCursor::DownStairs => CursorKey::DownStairs,
            AtCursor::Pick => CursorKey::Pick,
            AtCursor::LookPick => CursorKey::LookPick,
            AtCursor::You => CursorKey::You,
        }
    }
}

/// What a verb takes after its key (a [`Verb`]'s rule, seen from outside).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Takes {
    /// Nothing: the key alone.
    Nothing,
    /// An inventory letter; the prompt asks "What do you want to VERB?" with
    /// this verb.
    Letter(&'static str),
    /// A direction, asked for with this question and given by the next key.
    Direction(&'static str),
    /// An inventory letter as [`Takes::Letter`]'s, then (as the item
    /// says) a direction.
    LetterThenDirection(&'static str),
    /// An inventory letter as [`Takes::Letter`]'s (or `-`, your fingers,
    /// where the bool says so), then words typed at a prompt asking this
    /// question, ended by Enter (in a key file, by the end of the line).
    LetterThenWords(&'static str, &'static str, bool),
    /// Words alone, typed at a prompt asking this question (the answer to
    /// a question the run asks).
    Words(&'static str),
    /// Nothing: the key is the direction (the moves).
    Step,
}

impl Takes {
    /// What the letter prompt asks for, for a verb that takes a letter:
    /// "drop" (None for one that takes none).
    pub fn letter_verb(self) -> Option<&'static str> {
        match self {
            Takes::Letter(verb)
            | Takes::LetterThenDirection(verb)
            | Takes::LetterThenWords(verb, ..) => Some(verb),
            Takes::Nothing | Takes::Direction(_) | Takes::Step | Takes::Words(_) => None,
        }
    }

    /// How the help says what follows the key: ", then a letter".
    pub fn then(self) -> &'static str {
        match self {
            Takes::Nothing | Takes::Step => "",
            Takes::Letter(_) => ", then a letter",
            Takes::Direction(_) => ", then a direction",
            Takes::LetterThenDirection(_) => ", then a letter (and a direction)",
            Takes::LetterThenWords(_, _, true) => ", then a letter (- for fingers) and the words",
            Takes::LetterThenWords(_, _, false) => ", then a letter and the words",
            Takes::Words(_) => ", then the words",
        }
    }

    /// Whether `-`, your fingers, answers the letter prompt (engraving's).
    pub fn fingers(self) -> bool {
        matches!(self, Takes::LetterThenWords(_, _, true))
    }

    /// The question that asks for words, for a verb that takes them.
    pub fn words_question(self) -> Option<&'static str> {
        match self {
            Takes::LetterThenWords(_, question, _) | Takes::Words(question) => Some(question),
            _ => None,
        }
    }
}

/// A command's argument, whatever its verb.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arg {
    /// None.
    None,
    /// An inventory place (letter `a` is 0).
    Letter(u8),
    /// A direction.
    Dir(Dir),
    /// What you write with, and the words.
    Writing(Writing),
    /// Words alone.
    Words(Words),
}

impl Arg {
    /// The direction it is, if it is one.
    pub fn dir(self) -> Option<Dir> {
        match self {
            Arg::Dir(d) => Some(d),
            Arg::None | Arg::Letter(_) | Arg::Writing(_) | Arg::Words(_) => None,
        }
    }
}

impl VerbArg for Writing {
    fn into_arg(self) -> Arg {
        Arg::Writing(self)
    }
    fn from_arg(arg: Arg) -> Option<Self> {
        match arg {
            Arg::Writing(w) => Some(w),
            _ => None,
        }
    }
}

impl VerbArg for Words {
    fn into_arg(self) -> Arg {
        Arg::Words(self)
    }
    fn from_arg(arg: Arg) -> Option<Self> {
        match arg {
            Arg::Words(w) => Some(w),
            _ => None,
        }
    }
}

/// What a [`Command`] variant carries: an inventory place or a direction.
trait VerbArg: Sized {
    fn into_arg(self) -> Arg;
    fn from_arg(arg: Arg) -> Option<Self>;
}

impl VerbArg for u8 {
    fn into_arg(self) -> Arg {
        Arg::Letter(self)
    }
    fn from_arg(arg: Arg) -> Option<Self> {
        match arg {
            Arg::Letter(i) => Some(i),
            _ => None,
        }
    }
}

impl VerbArg for Dir {
    fn into_arg(self) -> Arg {
        Arg::Dir(self)
    }
    fn from_arg(arg: Arg) -> Option<Self> {
        match arg {
            Arg::Dir(d) => Some(d),
            _ => None,
        }
    }
}

/// The directions of a stepping verb's keys, in order: `hjklyubn` is west,
/// south, north, east, north-west, north-east, south-west, south-east.
pub(crate) const STEP_ORDER: [Dir; 8] = [
    Dir::W,
    Dir::S,
    Dir::N,
    Dir::E,
    Dir::NW,
    Dir::NE,
    Dir::SW,
    Dir::SE,
];

/// One row of the verb table.
pub struct Verb {
    name: &'static str,
    keys: &'static str,
    pub(crate) rule: Rule,
    help: &'static str,
    also: &'static [GameKey],
    at_cursor: AtCursor,
    make: fn(Arg) -> Option<Command>,
    arg: fn(Command) -> Option<Arg>,
}

impl std::fmt::Debug for Verb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Verb")
            .field("name", &self.name)
            .field("keys", &self.keys)
            .field("takes", &self.takes())
            .finish()
    }
}

/// One row: the variant's constructor and its argument's reader, made from
/// its name and what it carries.
macro_rules! verb_row {
    ($name:ident, $keys:literal, $rule:expr, $help:literal, $also:expr, $cursor:expr) => {
        Verb {
            name: stringify!($name),
            keys: $keys,
            rule: $rule,
            help: $help,
            also: $also,
            at_cursor: $cursor,
            make: |arg| matches!(arg, Arg::None).then_some(Command::$name),
            arg: |c| matches!(c, Command::$name).then_some(Arg::None),
        }
    };
    ($name:ident($carries:ty), $keys:literal, $rule:expr, $help:literal, $also:expr, $cursor:expr) => {
        Verb {
            name: stringify!($name),
            keys: $keys,
            rule: $rule,
            help: $help,
            also: $also,
            at_cursor: $cursor,
            make: |arg| <$carries as VerbArg>::from_arg(arg).map(Command::$name),
            arg: |c| {
                if let Command::$name(x) = c {
                    Some(VerbArg::into_arg(x))
                } else {
                    None
                }
            },
        }
    };
}

/// An optional part of a row, or its default.
macro_rules! or_default {
    (; $default:expr) => {
        $default
    };
    ($given:expr; $default:expr) => {
        $given
    };
}

/// The table: [`Command`]'s variants and [`VERBS`]' rows from one list. A
/// row may end with `also [keys]` (the game's keys besides its own) and
/// `at_cursor X` (what its key does at a cursor).
macro_rules! verb_table {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident $(($carries:ty))? : $keys:literal, $rule:expr, $help:literal
            $(, also $also:expr)? $(, at_cursor $cursor:ident)?;
    )*) => {
        /// One player action: a row of the verb table ([`table`]) and the
        /// argument its variant carries.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Command {
            $( $(#[doc = $doc])* $name $(($carries))?, )*
        }

        /// Every verb, one row each, in the order the help lists them.
        static VERBS: &[Verb] = &[ $( verb_row!(
            $name $(($carries))?, $keys, $rule, $help,
            or_default!($($also)?; &[]),
            or_default!($(AtCursor::$cursor)?; AtCursor::Other)
        ) ),* ];
    };
}

verb_table! {
    /// Step (or attack) one cell. While the run asks a question, the next
    /// command is the answer: to "Really attack the gnome?", the `y` key (a
    /// move north-west) says yes and anything else no; to "In what
    /// direction?", a move gives the direction.
    Move(Dir): "hjklyubn", Rule::Step(moving::step),
        "move or attack (8 directions); hold to repeat",
        also &[GameKey::Arrows, GameKey::NumpadDirections], at_cursor Step;
    /// Run that way (`HJKLYUBN` in key files; Shift and a direction in the
    /// game): step on until something interesting happens.
    Run(Dir): "HJKLYUBN", Rule::Step(running::start),
        "Shift and a direction: run until something interesting happens", at_cursor Far;
    /// Run that way (`G`, then a direction: NetHack's run prefix).
    RunPrefix: "G", Rule::Direction(IN_WHAT_DIRECTION, running::start_toward),
        "run that way, as Shift and the direction does";
    /// Travel (`_`): a cursor asks where to; `<` `>` jump it to the stairs,
    /// `hjklyubn` move it one cell and `HJKLYUBN` eight; `.` or `,` goes.
    Travel: "_", Rule::Alone(travel::ask),
        "travel: then < > or hjkl/HJKL to place the cursor, . to go";
    /// Explore (`X`): walk to the nearest part of the level you have not
    /// seen, until "Done exploring."
    Explore: "X", Rule::Alone(travel::explore),
        "auto-explore: walk to what you have not seen, until done";
    /// Look at a cell (`;`): a cursor asks which; `.` names what is there.
    Look: ";", Rule::Alone(look::ask), "look: then place the cursor, . to name what is there",
        at_cursor LookPick;
    /// What lies here (`:`).
    LookHere: ":", Rule::Alone(look::here), "what lies here (no turn)", at_cursor LookPick;
    /// Rest a turn (`.`).
    Wait: ".", Rule::Alone(turn::rest), "wait a turn",
        also &[GameKey::Numpad('5')], at_cursor Pick;
    /// Search the cells around you for hidden traps (`s`); it also rests.
    Search: "s", Rule::Alone(search::search),
        "search the cells around you for hidden traps, doors and mimics (a turn)";
    /// Pick up what lies underfoot (`,`).
    PickUp: ",", Rule::Alone(carry::pick_up), "pick up what lies here", at_cursor Pick;
    /// Autopickup on or off (`@`); at the travel or look cursor, `@` puts
    /// it back on you.
    ToggleAutopickup: "@", Rule::Alone(carry::toggle_autopickup),
        "autopickup on/off (no turn); at the cursor: back to you", at_cursor You;
    /// Go up the stairs you stand on (`<`).
    Up: "<", Rule::Alone(stairs::up), "go up the stairs you stand on", at_cursor UpStairs;
    /// Go down the stairs you stand on (`>`).
    Down: ">", Rule::Alone(descend::down), "go down the stairs you stand on",
        at_cursor DownStairs;
    /// Apply the item at this place in the inventory (`a` and its letter):
    /// light or snuff a light; a digging tool asks which way to dig (a
    /// direction or `>`), an unlocking tool which door to work at, a
    /// stethoscope where to listen.
    Apply(u8): "a", Rule::LetterThenDirection("apply", apply::apply, apply::toward),
        "apply it: light or snuff a light; dig with a pick-axe (then a direction, or >); listen with a stethoscope; break a wand";
    /// Drop the item at this place in the inventory (letter `a` is 0).
    Drop(u8): "d", Rule::Letter("drop", carry::drop), "drop that item (Esc: never mind)";
    /// Pray (`p` in key files; `p` in the terminal, Alt+P in the game and
    /// the terminal: NetHack's `M-p`).
    Pray: "p", Rule::Alone(prayer::pray),
        "pray (heard below a third of your HP, every 300 turns)", also &[GameKey::Alt('p')];
    /// Kick (`x` in key files, `x` or Ctrl+D in the game, then a
    /// direction): a door may crash open, a locked one too.
    Kick: "x", Rule::Direction(IN_WHAT_DIRECTION, kick::kick),
        "kick: then a direction (a door, locked or not, may crash open)",
        also &[GameKey::Ctrl('d')];
    /// Look at a trap next to you (`^`, then a direction): NetHack's `^`.
    LookAtTrap: "^", Rule::Direction(IN_WHAT_DIRECTION, look_at_trap),
        "what the trap you found there is (no turn)";
    /// Wield the weapon with this inventory letter (`w`); the one you wield
    /// already: put it away.
    Wield(u8): "w", Rule::Letter("wield", wield::wield),
        "wield that weapon (its letter again: put it away)";
    /// Put on the armour with this inventory letter (`W`); a ring or an
    /// amulet too (a ring on the first free hand).
    Wear(u8): "W", Rule::Letter("wear", accessories::wear), "wear that armour (or ring, amulet)";
    /// Take off the armour with this inventory letter (`T`); a ring or an
    /// amulet too.
    TakeOff(u8): "T", Rule::Letter("take off", accessories::take_off), "take off that armour (or ring, amulet)";
    /// Put on the ring or amulet with this inventory letter (`P`); a ring
    /// with both hands free asks which (`h` left, `l` right).
    PutOn(u8): "P", Rule::LetterThenDirection("put on", accessories::put_on, accessories::put_on_hand),
        "put on that ring or amulet (a ring: then h left hand, l right hand)";
    /// Remove the ring or amulet with this inventory letter (`R` in key
    /// files and the terminal; Alt+R in the game, where Shift+R is a new
    /// run).
    Remove(u8): "R", Rule::Letter("remove", accessories::remove), "remove that ring or amulet",
        also &[GameKey::Alt('r')];
    /// Drink the potion with this inventory letter (`q`).
    Quaff(u8): "q", Rule::Letter("drink", quaff::quaff), "drink that potion";
    /// Read the scroll with this inventory letter (`r`).
    Read(u8): "r", Rule::Letter("read", read::read), "read that scroll (or study that spellbook)";
    /// Engrave (`E`): what you write with (`-`: your fingers), then the
    /// words; Elbereth scares most monsters next to you.
    Engrave(Writing): "E", Rule::LetterThenWords("write with", engrave::QUESTION, true, engrave::engrave),
        "engrave: what with (- fingers, a wand...), then the words (Elbereth scares)";
    /// Call that kind of thing a name (`C` in key files, then the letter and
    /// the name; Alt+N in the game, NetHack's `M-n`: the window's and the
    /// terminal's `C` is the comparison view). No turn.
    Call(Writing): "C", Rule::LetterThenWords("call", call::QUESTION, false, call::call),
        "call (name) that kind of thing: all like it read so until known (no turn)",
        also &[GameKey::Alt('n')];
    /// Zap the wand with this inventory letter (`z`): one that needs a
    /// direction asks it (digging takes `>` too).
    Zap(u8): "z", Rule::LetterThenDirection("zap", zap::zap_what, zap::zap_toward),
        "zap that wand (then a direction, if it wants one; digging takes >)";
    /// List the spells you know (`+` in key files and the window; Alt+Z in
    /// the terminal, whose `+` zooms): level, school, failure rate and
    /// retention. No turn.
    ListSpells: "+", Rule::Alone(cast::list),
        "list the spells you know, with their failure rates (no turn)",
        also &[GameKey::Alt('z')];
    /// Cast the spell with this letter in the list (`Z`): one that needs a
    /// direction asks it.
    Cast(u8): "Z", Rule::LetterThenDirection(cast::CAST, cast::cast_what, cast::cast_toward),
        "cast that spell (then a direction, if it wants one); r on a spellbook learns one";
    /// Eat the food with this inventory letter (`e`).
    Eat(u8): "e", Rule::Letter("eat", eat::eat), "eat that food";
    /// Throw the thing with this inventory letter (`t`), then a direction.
    Throw(u8): "t", Rule::LetterThenDirection("throw", throw::throw_what, throw::throw_toward),
        "throw that, then a direction (a stack of daggers or darts may fly as several)";
    /// Fire what is in the quiver (`f`), then a direction: ammunition from
    /// the launcher you wield, else thrown.
    Fire: "f", Rule::Direction(IN_WHAT_DIRECTION, throw::fire),
        "fire what is in your quiver, then a direction (shot from the launcher you wield)";
    /// Ready the thing with this inventory letter in the quiver (`Q`).
    Quiver(u8): "Q", Rule::Letter("ready", throw::quiver), "ready that in your quiver for f (no turn)";
    /// Talk to the monster next to you that way (`&` in key files; Alt+C in
    /// the game, NetHack's `M-c`, `#chat`): a temple's priest asks for a
    /// contribution.
    Chat: "&", Rule::Direction(chat::TALK_TO_WHOM, chat::chat),
        "#chat: talk to a monster next to you (a temple priest asks for a contribution)",
        also &[GameKey::Alt('c')];
    /// The answer to "How much will you offer?": the words are the gold
    /// given (`$` in key files, to the end of the line; both front ends ask
    /// it when the priest does). Asked nothing, it counts your gold.
    Offer(Words): "$", Rule::Words(chat::HOW_MUCH, chat::offer),
        "offer gold when a priest asks (alone: count your gold, no turn)";
    /// Advance the weapon skills you have practised enough (`~` in key
    /// files; Alt+E in the game and the terminal: NetHack's `M-e`,
    /// `#enhance`); with none to advance, list them.
    Enhance: "~", Rule::Alone(grow::enhance),
        "#enhance: advance the skills you have practised (no turn)", also &[GameKey::Alt('e')];
    /// Mount the saddled pet that way, or dismount (`%` in key files and
    /// the game, whose `#` starts a comment: NetHack's `#ride`, `M-R`).
    Ride: "%", Rule::AloneThenDirection(steed::ride, steed::ride_toward),
        "#ride: mount the saddled pet that way (a direction), or dismount";
    /// Jump (`'` in key files and the game; Alt+J in the game and the
    /// terminal: NetHack's `M-j`, `#jump`): a Knight leaps a knight's
    /// move, and anyone who knows the spell of jumping well casts it; a
    /// cursor asks where to land.
    Jump: "'", Rule::Alone(leap::leap),
        "#jump: a Knight leaps a knight's move (or the spell, if you know it); then the cursor",
        also &[GameKey::Alt('j')];
}

/// Every verb, one row each, in the order the help lists them.
pub fn table() -> &'static [Verb] {
    VERBS
}

/// The key-file character a key of the game's plays (`dir`: an arrow's or
/// a number pad key's direction), from the rows that give it: Ctrl+D is
/// `x`, the up arrow `k`.
pub fn game_key(key: GameKey, dir: Option<Dir>) -> Option<char> {
    VERBS.iter().find_map(|v| v.key_for(key, dir))
}

/// The verb whose key-file characters include `key`.
pub fn verb_for_key(key: char) -> Option<&'static Verb> {
    VERBS.iter().find(|v| v.keys.contains(key))
}

impl Verb {
    /// Its name, the [`Command`] variant's.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// Its key-file characters: one, or eight for a verb whose key is its
    /// direction (`hjklyubn`). They are also its keys in the game.
    pub fn keys(&self) -> &'static str {
        self.keys
    }

    /// Its one key-file character (a stepping verb's first).
    pub fn key(&self) -> char {
        self.keys.chars().next().expect("a verb has a key")
    }

    /// What it takes after its key.
    pub fn takes(&self) -> Takes {
        match self.rule {
            Rule::Alone(_) => Takes::Nothing,
            Rule::Letter(verb, _) => Takes::Letter(verb),
            Rule::Direction(ask, _) => Takes::Direction(ask.question),
            Rule::AloneThenDirection(..) => Takes::Direction(IN_WHAT_DIRECTION.question),
            Rule::LetterThenDirection(verb, ..) => Takes::LetterThenDirection(verb),
            Rule::LetterThenWords(verb, question, fingers, _) => {
                Takes::LetterThenWords(verb, question, fingers)
            }
            Rule::Step(_) => Takes::Step,
            Rule::Words(question, _) => Takes::Words(question),
        }
    }

    /// The keys the game gives it besides its own (Ctrl+D kicks).
    pub fn also(&self) -> &'static [GameKey] {
        self.also
    }

    /// The key-file character a key of the game's plays for this verb:
    /// an arrow or a number pad key its direction's, any other its one.
    pub fn key_for(&self, key: GameKey, dir: Option<Dir>) -> Option<char> {
        if !self.also.contains(&key) {
            return None;
        }
        match self.rule {
            Rule::Step(_) => {
                let at = STEP_ORDER.iter().position(|&d| Some(d) == dir)?;
                self.keys.chars().nth(at)
            }
            _ => Some(self.key()),
        }
    }

    /// Its keys as the help lists them: its own, then the game's that
    /// `shows` keeps (`own` stands in for its own where a view takes them),
    /// then what follows: "x, Ctrl+D, then a direction".
    pub fn help_keys(&self, own: &str, shows: impl Fn(GameKey) -> bool) -> String {
        let mut keys = own.to_string();
        for &k in self.also.iter().filter(|&&k| shows(k)) {
            if !keys.is_empty() {
                keys += ", ";
            }
            keys += &k.name();
        }
        keys + self.takes().then()
    }

    /// What it does, as the help panel says it.
    pub fn help(&self) -> &'static str {
        self.help
    }

    /// The command of this verb with `arg`, if the verb carries that kind of
    /// argument (an inventory place for a letter verb, a direction for a
    /// stepping verb, none for the others).
    pub fn command(&self, arg: Arg) -> Option<Command> {
        (self.make)(arg)
    }

    /// The command given by key `key` of this verb alone: a stepping verb's
    /// key names its direction; a letter verb needs its letter (None).
    fn command_of_key(&self, key: char) -> Option<Command> {
        match self.rule {
            Rule::Step(_) => {
                let at = self.keys.chars().position(|k| k == key)?;
                self.command(Arg::Dir(STEP_ORDER[at]))
            }
            Rule::Letter(..)
            | Rule::LetterThenDirection(..)
            | Rule::LetterThenWords(..)
            | Rule::Words(..) => None,
            Rule::Alone(_) | Rule::Direction(..) | Rule::AloneThenDirection(..) => {
                self.command(Arg::None)
            }
        }
    }
}

/// How a writing's tool is written in a key file: its letter, or `-`.
fn with_letter(with: u8) -> char {
    if with == Writing::FINGERS {
        '-'
    } else {
        inventory_letter(with)
    }
}

impl Command {
    /// Its row of the verb table.
    pub fn verb(self) -> &'static Verb {
        VERBS
            .iter()
            .find(|v| (v.arg)(self).is_some())
            .expect("every command is a row of the table")
    }

    /// What it carries: an inventory place, a direction, or nothing.
    pub fn arg(self) -> Arg {
        (self.verb().arg)(self).expect("its own row reads it")
    }

    /// The inventory letter of a command that takes one (`a` is 0).
    pub fn letter(self) -> Option<u8> {
        match self.arg() {
            Arg::Letter(i) => Some(i),
            _ => None,
        }
    }

    /// The same command with inventory letter `i`, if it takes one.
    pub fn for_letter(self, i: u8) -> Command {
        match self.arg() {
            Arg::Letter(_) => self.verb().command(Arg::Letter(i)).unwrap_or(self),
            _ => self,
        }
    }

    /// What the letter prompt of a command that takes a letter asks: "What
    /// do you want to drop?" (None for a command that takes none).
    pub fn letter_verb(self) -> Option<&'static str> {
        self.verb().takes().letter_verb()
    }

    /// The way it answers a direction question `ask`, if it does: a move
    /// its way, `<` and `>` where the question takes them (what they point
    /// at, at a cursor, says so); any other command is no answer, "never
    /// mind".
    pub(crate) fn answers(self, ask: Ask) -> Option<Way> {
        if ask.here && matches!(self, Command::Wait | Command::Search) {
            return Some(Way::Here);
        }
        match self.verb().at_cursor {
            AtCursor::Step => self.arg().dir().map(Way::Toward),
            AtCursor::UpStairs => ask.up.then_some(Way::Up),
            AtCursor::DownStairs => ask.down.then_some(Way::Down),
            AtCursor::Other
            | AtCursor::Far
            | AtCursor::Pick
            | AtCursor::LookPick
            | AtCursor::You => None,
        }
    }

    /// What its key does at a cursor.
    pub(crate) fn cursor_key(self) -> CursorKey {
        self.verb().at_cursor.key(self.arg())
    }

    /// The keys that give this command, as a key file writes them: one, or
    /// two for a command that takes a letter (`d` and the item's letter).
    pub fn keys(self) -> String {
        let verb = self.verb();
        match self.arg() {
            Arg::None => verb.key().to_string(),
            Arg::Letter(i) => format!("{}{}", verb.key(), inventory_letter(i)),
            Arg::Writing(w) => format!("{}{}{}", verb.key(), with_letter(w.with), w.words.as_str()),
            Arg::Words(w) => format!("{}{}", verb.key(), w.as_str()),
            Arg::Dir(d) => {
                let at = STEP_ORDER.iter().position(|&s| s == d).expect("8 ways");
                verb.keys
                    .chars()
                    .nth(at)
                    .expect("a key for each way")
                    .into()
            }
        }
    }

    /// The command of a one-key command (a key that takes a letter needs
    /// it: see [`Command::with_letter`]).
    pub(crate) fn from_key(key: char) -> Option<Command> {
        verb_for_key(key)?.command_of_key(key)
    }

    /// The command of a key that takes a letter and words, with them
    /// (`-`: your fingers); of a key that takes words alone, with the words
    /// (the letter is not looked at).
    pub fn with_words(key: char, letter: char, words: &str) -> Option<Command> {
        let verb = verb_for_key(key).filter(|v| v.takes().words_question().is_some())?;
        if let Takes::Words(_) = verb.takes() {
            return verb.command(Arg::Words(Words::new(words)?));
        }
        let with = match letter {
            '-' => Writing::FINGERS,
            l => letter_index(l)?,
        };
        verb.command(Arg::Writing(Writing {
            with,
            words: Words::new(words)?,
        }))
    }

    /// Does it end a key file's line (its words run to the end of one)?
    pub fn ends_line(self) -> bool {
        matches!(self.arg(), Arg::Writing(_) | Arg::Words(_))
    }

    /// The command of a key that takes a letter, with that letter.
    pub(crate) fn with_letter(key: char, letter: char) -> Option<Command> {
        let verb = verb_for_key(key).filter(|v| v.takes().letter_verb().is_some())?;
        verb.command(Arg::Letter(letter_index(letter)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each row's rule takes what its variant carries: a letter verb carries
    /// an inventory place, a stepping verb a direction with a key for each
    /// of the eight, any other verb nothing. Keys are one character, used by
    /// one verb.
    #[test]
    fn every_row_takes_what_its_command_carries() {
        let writing = Arg::Writing(Writing {
            with: Writing::FINGERS,
            words: Words::new("x").unwrap(),
        });
        let words = Arg::Words(Words::new("12").unwrap());
        let mut seen = String::new();
        for v in VERBS {
            let (carries, keys) = match v.takes() {
                Takes::Nothing | Takes::Direction(_) => (Arg::None, 1),
                Takes::Letter(_) | Takes::LetterThenDirection(_) => (Arg::Letter(3), 1),
                Takes::LetterThenWords(..) => (writing, 1),
                Takes::Words(_) => (words, 1),
                Takes::Step => (Arg::Dir(Dir::NE), 8),
            };
            let c = v.command(carries).unwrap_or_else(|| panic!("{}", v.name));
            assert_eq!(c.arg(), carries, "{}", v.name);
            assert_eq!(c.verb().name, v.name);
            assert_eq!(v.keys.chars().count(), keys, "{}", v.name);
            for other in [Arg::None, Arg::Letter(3), Arg::Dir(Dir::NE), writing, words] {
                assert_eq!(v.command(other).is_some(), other == carries, "{}", v.name);
            }
            for k in v.keys.chars() {
                assert!(!seen.contains(k), "'{k}' is two verbs' key");
                seen.push(k);
            }
        }
    }
}
