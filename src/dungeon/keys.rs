//! A run's key sequence as text, for `--replay` and `--record`: NetHack's keys,
//! one command each.
//!
//! The keys are the verb table's ([`super::verbs`](mod@super::verbs)):
//! `hjklyubn` move, `.` waits, `s` searches, `,` picks up, `>` and `<` take
//! the stairs, `a` and an inventory letter applies that item (`ab`: light or
//! snuff a light; a digging tool asks for a direction, the next key), `d` and
//! an inventory letter drops that item (`da`), `w` wields, `W` wears, `T`
//! takes off, `q` quaffs, `r` reads and `e` eats the item of the letter after
//! it, `p` prays, `^` and a direction looks at a trap. The answer to a
//! question is simply the next key: `y` is yes (it is also the key that moves
//! north-west, and the run reads it as the answer), anything else no.
//! Whitespace is ignored and `#` starts a comment that runs to the end of the
//! line. Comments at the top of a recorded file (`# key: value`) are its header
//! (see [`Header`]).

use super::verbs::{Command, Takes, table, verb_for_key};

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

/// The keys a key file may hold, as an error message lists them: the keys
/// alone, then the ones a letter follows.
fn key_list() -> String {
    let mut out = String::new();
    let mut letters = Vec::new();
    for v in table() {
        if v.takes().letter_verb().is_some() {
            letters.push(v.key().to_string());
            continue;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out += v.keys();
    }
    if !letters.is_empty() {
        out += &format!(", or {} and a letter", letters.join(" or "));
    }
    out
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
            if verb_for_key(key).is_some_and(|v| matches!(v.takes(), Takes::Words(_))) {
                // Words alone, to the end of the line.
                let words: String = keys.by_ref().map(|(_, k)| k).collect();
                let command =
                    Command::with_words(key, ' ', words.trim_end()).ok_or_else(|| bad(c, key))?;
                out.push(command);
                break;
            }
            if verb_for_key(key).is_some_and(|v| v.takes().words_question().is_some()) {
                // The letter (or `-`), then the words to the end of the line.
                let (c2, letter) = keys.next().ok_or_else(|| bad(c, key))?;
                let words: String = keys.by_ref().map(|(_, k)| k).collect();
                let command = Command::with_words(key, letter, words.trim_end())
                    .ok_or_else(|| bad(c2, letter))?;
                out.push(command);
                break;
            }
            if verb_for_key(key).is_some_and(|v| v.takes().letter_verb().is_some()) {
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

/// The key file for a command sequence: one line, a line ending after
/// each command that carries words.
pub fn keys_text(commands: &[Command]) -> String {
    let mut s = String::new();
    for c in commands {
        s += &c.keys();
        // Words run to the end of their line.
        if c.ends_line() {
            s.push('\n');
        }
    }
    if !s.ends_with('\n') {
        s.push('\n');
    }
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
    /// The hero, `ROLE RACE ALIGNMENT` (`# hero: valkyrie human lawful`);
    /// None: the nameless hero of a run from before heroes.
    pub hero: Option<String>,
    /// The pet `--pet` chose (`# pet: kitten`, or `none`); None: the
    /// role's, else one drawn from the seed.
    pub pet: Option<String>,
    /// Autopickup's kinds (`# autopickup: $?!`, or `all`); None: off.
    pub autopickup: Option<String>,
    /// The pet's name (`# pet-name: Tiger`).
    pub pet_name: Option<String>,
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
                "hero" => header.hero = Some(value.to_string()),
                "pet" => header.pet = Some(value.to_string()),
                "pet-name" => header.pet_name = Some(value.to_string()),
                "autopickup" => header.autopickup = Some(value.to_string()),
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
        if let Some(hero) = &self.hero {
            out += &format!("# hero: {hero}\n");
        }
        if let Some(pet) = &self.pet {
            out += &format!("# pet: {pet}\n");
        }
        if let Some(kinds) = &self.autopickup {
            out += &format!("# autopickup: {kinds}\n");
        }
        if let Some(name) = &self.pet_name {
            out += &format!("# pet-name: {name}\n");
        }
        out
    }
}
