//! A run's key sequence as text, for `--replay` and `--record`: NetHack's keys,
//! one command each.
//!
//! The keys are [`COMMAND_KEYS`]' rows: `hjklyubn` move, `.` waits, `s`
//! searches,
//! `,` picks up, `>` and `<` take the stairs, `a` and an inventory letter
//! applies that item (`ab`: light or snuff a light; a digging tool asks for a
//! direction, the next key), `d` and an inventory letter drops that item
//! (`da`), `w` wields, `W` wears, `T` takes off, `q` quaffs, `r` reads and
//! `e` eats the item of the letter after it, `p` prays. The
//! answer to a yes/no question is simply the next key: `y` is yes (it is also the key that moves north-west, and the run
//! reads it as the answer), anything else no.
//! Whitespace is ignored and `#` starts a comment that runs to the end of the
//! line. Comments at the top of a recorded file (`# key: value`) are its header
//! (see [`Header`]).

use super::shared::Command;
use crate::generation::Dir;

/// A character in a key file that is not a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1.
    pub column: usize,
    /// The character that is not a key.
    pub key: char,
}

impl std::fmt::Display for KeyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "line {}, column {}: '{}' is not a key (use {})",
            self.line,
            self.column,
            self.key.escape_default(),
            key_list()
        )
    }
}

impl std::error::Error for KeyError {}

/// One command's key in a key file (the game binds its turn keys by it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommandKey {
    /// The key-file character (NetHack's key).
    pub key: char,
    /// The command it gives. A command that [takes a letter](Self::takes_letter)
    /// is given here with letter `a`.
    pub command: Command,
    /// The key is followed by an inventory letter (`d` and `a` drops item a).
    pub takes_letter: bool,
}

const fn key(key: char, command: Command) -> CommandKey {
    CommandKey {
        key,
        command,
        takes_letter: false,
    }
}

const fn with_letter(key: char, command: Command) -> CommandKey {
    CommandKey {
        key,
        command,
        takes_letter: true,
    }
}

/// Every command's key, one row each: key files are read and written through
/// it, and the game binds its turn keys by these characters. A command with
/// two keys has two rows; the first is the one written.
pub const COMMAND_KEYS: &[CommandKey] = &[
    key('h', Command::Move(Dir::W)),
    key('j', Command::Move(Dir::S)),
    key('k', Command::Move(Dir::N)),
    key('l', Command::Move(Dir::E)),
    key('y', Command::Move(Dir::NW)),
    key('u', Command::Move(Dir::NE)),
    key('b', Command::Move(Dir::SW)),
    key('n', Command::Move(Dir::SE)),
    key('.', Command::Wait),
    key('s', Command::Search),
    key(',', Command::PickUp),
    key('<', Command::Up),
    key('>', Command::Down),
    with_letter('a', Command::Apply(0)),
    with_letter('d', Command::Drop(0)),
    key('p', Command::Pray),
    key('^', Command::LookAtTrap),
    with_letter('w', Command::Wield(0)),
    with_letter('W', Command::Wear(0)),
    with_letter('T', Command::TakeOff(0)),
    with_letter('q', Command::Quaff(0)),
    with_letter('r', Command::Read(0)),
    with_letter('e', Command::Eat(0)),
];

/// The row of key-file character `c`.
pub(crate) fn command_key(c: char) -> Option<&'static CommandKey> {
    COMMAND_KEYS.iter().find(|k| k.key == c)
}

/// The keys a key file may hold, as an error message lists them.
fn key_list() -> String {
    let mut out = String::new();
    for k in COMMAND_KEYS {
        if k.takes_letter {
            continue;
        }
        if !out.is_empty() && !k.command_is_move() {
            out.push(' ');
        }
        out.push(k.key);
    }
    let letters: Vec<String> = COMMAND_KEYS
        .iter()
        .filter(|k| k.takes_letter)
        .map(|k| k.key.to_string())
        .collect();
    if !letters.is_empty() {
        out += &format!(", or {} and a letter", letters.join(" or "));
    }
    out
}

impl CommandKey {
    fn command_is_move(&self) -> bool {
        matches!(self.command, Command::Move(_))
    }
}

/// An inventory letter: `a` to `z`, then `A` to `Z`, as NetHack's.
pub(crate) fn inventory_letter(index: u8) -> char {
    match index {
        0..=25 => (b'a' + index) as char,
        26..=51 => (b'A' + index - 26) as char,
        _ => '?',
    }
}

/// The inventory place of a letter.
pub(crate) fn letter_index(letter: char) -> Option<u8> {
    match letter {
        'a'..='z' => Some(letter as u8 - b'a'),
        'A'..='Z' => Some(letter as u8 - b'A' + 26),
        _ => None,
    }
}

/// A command that takes an inventory letter, seen as that: how to make it
/// with another letter, what its prompt asks, and its letter.
struct LetterForm {
    with: fn(u8) -> Command,
    verb: &'static str,
    letter: u8,
}

impl Command {
    /// The one place that says, for every command, whether it takes an
    /// inventory letter: every command is named, so a new one must say
    /// before the crate compiles.
    fn letter_form(self) -> Option<LetterForm> {
        let form = |with: fn(u8) -> Command, verb, letter| Some(LetterForm { with, verb, letter });
        match self {
            Command::Apply(i) => form(Command::Apply, "apply", i),
            Command::Drop(i) => form(Command::Drop, "drop", i),
            Command::Wield(i) => form(Command::Wield, "wield", i),
            Command::Wear(i) => form(Command::Wear, "wear", i),
            Command::TakeOff(i) => form(Command::TakeOff, "take off", i),
            Command::Quaff(i) => form(Command::Quaff, "drink", i),
            Command::Read(i) => form(Command::Read, "read", i),
            Command::Eat(i) => form(Command::Eat, "eat", i),
            Command::Move(_)
            | Command::Wait
            | Command::Search
            | Command::PickUp
            | Command::Down
            | Command::Up
            | Command::Pray
            | Command::LookAtTrap => None,
        }
    }

    /// The inventory letter of a command that takes one (`a` is 0).
    pub fn letter(self) -> Option<u8> {
        self.letter_form().map(|f| f.letter)
    }

    /// The same command with inventory letter `i`, if it takes one.
    pub fn for_letter(self, i: u8) -> Command {
        self.letter_form().map_or(self, |f| (f.with)(i))
    }

    /// What the letter prompt of a command that takes a letter asks: "What
    /// do you want to drop?" (None for a command that takes none).
    pub fn letter_verb(self) -> Option<&'static str> {
        self.letter_form().map(|f| f.verb)
    }

    /// The keys that give this command: one, or two for a command that takes
    /// a letter (`d` and the item's letter).
    pub fn keys(self) -> String {
        let row = COMMAND_KEYS.iter().find(|k| match self.letter() {
            Some(i) => k.takes_letter && k.command.for_letter(i) == self,
            None => k.command == self,
        });
        match (row, self.letter()) {
            (Some(k), Some(i)) => format!("{}{}", k.key, inventory_letter(i)),
            (Some(k), None) => k.key.to_string(),
            (None, _) => "?".into(),
        }
    }

    /// The command of a one-key command (a key that takes a letter needs
    /// it: see [`parse_keys`]).
    pub(crate) fn from_key(key: char) -> Option<Command> {
        command_key(key)
            .filter(|k| !k.takes_letter)
            .map(|k| k.command)
    }

    /// The command of a key that takes a letter, with that letter.
    pub(crate) fn with_letter(key: char, letter: char) -> Option<Command> {
        let k = command_key(key).filter(|k| k.takes_letter)?;
        Some(k.command.for_letter(letter_index(letter)?))
    }
}

/// Parse a key file.
pub fn parse_keys(text: &str) -> Result<Vec<Command>, KeyError> {
    let mut out = Vec::new();
    for (l, line) in text.lines().enumerate() {
        let mut keys = line.chars().enumerate();
        while let Some((c, key)) = keys.next() {
            if key == '#' {
                break;
            }
            if key.is_whitespace() {
                continue;
            }
            let bad = |column: usize, key: char| KeyError {
                line: l + 1,
                column: column + 1,
                key,
            };
            if command_key(key).is_some_and(|k| k.takes_letter) {
                // The item's letter follows on the same line.
                let (c2, letter) = keys.next().ok_or_else(|| bad(c, key))?;
                let command = Command::with_letter(key, letter).ok_or_else(|| bad(c2, letter))?;
                out.push(command);
                continue;
            }
            out.push(Command::from_key(key).ok_or_else(|| bad(c, key))?);
        }
    }
    Ok(out)
}

/// The key file for a command sequence (one line).
pub fn keys_text(commands: &[Command]) -> String {
    let mut s: String = commands.iter().map(|c| c.keys()).collect();
    s.push('\n');
    s
}

/// What a key file's header says about the run it records: the `# key: value`
/// comment lines before the first key. A file without them was played with the
/// built-in content and the options given on the command line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    /// The journal format (see `journal::FORMAT`).
    pub format: Option<u32>,
    /// The crate version that wrote it.
    pub version: Option<String>,
    /// The run's seed.
    pub seed: Option<u64>,
    /// Map size, `WxH`.
    pub size: Option<(usize, usize)>,
    /// `off` for a run without monsters.
    pub monsters: Option<bool>,
    /// The filler's pipeline, in the notation.
    pub pipeline: Option<String>,
    /// `unlimited` when every region was joined.
    pub unlimited_regions: Option<bool>,
    /// The FNV-1a hash of the content file, 16 hex digits.
    pub content: Option<String>,
    /// Variants the run forced (`--minetown NAME`): `# variant: place=kind`,
    /// a line each.
    pub variants: Vec<(String, String)>,
}

/// A header line that can't be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeaderError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong, in one line.
    pub message: String,
}

impl std::fmt::Display for HeaderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for HeaderError {}

impl Header {
    /// Read the header of a key file: its leading `# key: value` lines. Other
    /// comments, and keys this version does not know, are skipped.
    pub fn read(text: &str) -> Result<Header, HeaderError> {
        let mut header = Header::default();
        for (i, line) in text.lines().enumerate() {
            let Some(comment) = line.trim_start().strip_prefix('#') else {
                if line.trim().is_empty() {
                    continue;
                }
                break;
            };
            let Some((key, value)) = comment.split_once(':') else {
                continue;
            };
            let (key, value) = (key.trim(), value.trim());
            if key.contains(char::is_whitespace) {
                continue; // prose, not a header line
            }
            let bad = |what: &str| HeaderError {
                line: i + 1,
                message: format!("'{value}' is not {what}"),
            };
            let on_off = |v: &str| match v {
                "on" => Ok(true),
                "off" => Ok(false),
                _ => Err(bad("on or off")),
            };
            match key {
                "format" => {
                    header.format = Some(value.parse().map_err(|_| bad("a format number"))?)
                }
                "version" => header.version = Some(value.to_string()),
                "seed" => header.seed = Some(value.parse().map_err(|_| bad("a seed"))?),
                "size" => {
                    let (w, h) = value.split_once('x').ok_or_else(|| bad("a size WxH"))?;
                    let w = w.parse().map_err(|_| bad("a size WxH"))?;
                    let h = h.parse().map_err(|_| bad("a size WxH"))?;
                    header.size = Some((w, h));
                }
                "monsters" => header.monsters = Some(on_off(value)?),
                "pipeline" => header.pipeline = Some(value.to_string()),
                "unlimited-regions" => header.unlimited_regions = Some(on_off(value)?),
                "content" => header.content = Some(value.to_string()),
                "variant" => {
                    let (place, kind) = value
                        .split_once('=')
                        .ok_or_else(|| bad("a variant PLACE=KIND"))?;
                    header
                        .variants
                        .push((place.trim().to_string(), kind.trim().to_string()));
                }
                _ => {}
            }
        }
        Ok(header)
    }

    /// The header's lines, each `# key: value`.
    pub fn lines(&self) -> String {
        let mut out = String::new();
        let on_off = |b: bool| if b { "on" } else { "off" };
        if let Some(f) = self.format {
            out += &format!("# format: {f}\n");
        }
        if let Some(v) = &self.version {
            out += &format!("# version: {v}\n");
        }
        if let Some(s) = self.seed {
            out += &format!("# seed: {s}\n");
        }
        if let Some((w, h)) = self.size {
            out += &format!("# size: {w}x{h}\n");
        }
        if let Some(m) = self.monsters {
            out += &format!("# monsters: {}\n", on_off(m));
        }
        if let Some(p) = &self.pipeline {
            out += &format!("# pipeline: {p}\n");
        }
        if let Some(u) = self.unlimited_regions {
            out += &format!("# unlimited-regions: {}\n", on_off(u));
        }
        if let Some(c) = &self.content {
            out += &format!("# content: {c}\n");
        }
        for (place, kind) in &self.variants {
            out += &format!("# variant: {place}={kind}\n");
        }
        out
    }
}
