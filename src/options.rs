//! The options file, as NetHack's `.nethackrc`: what a player sets once and
//! keeps. It is RON, read from the platform's config directory (on Linux
//! `~/.config/gnomish-mines/options.ron`) or from `--options FILE`; every
//! field may be left out:
//!
//! ```ron
//! (
//!     // The hero a new game plays, instead of asking (race, alignment and
//!     // pet may be left out: picked for you, as the pick screen's `*`).
//!     hero: Some((role: "archeologist", race: Some("gnome"), pet: Some("little_dog"))),
//!     // A new run's pet's name (NetHack's dogname and catname).
//!     pet_name: Some("Idefix"),
//!     // Keys for verbs in the game window, by the verb's name as the help
//!     // lists it: the characters typed, one for each of its keys (the moves
//!     // have eight). A key another action has is refused.
//!     keys: {"Explore": "o", "Search": "S"},
//!     // Move with the digits (the number pad, or the top row) instead of
//!     // hjklyubn, as NetHack's number_pad.
//!     number_pad: false,
//!     // How many messages a page of the history (Ctrl-P) shows.
//!     history_page: 20,
//!     // Pick up gold, scrolls, potions, wands, rings, amulets and
//!     // spellbooks as you step on them (off by default, as in NetHack).
//!     autopickup: true,
//!     pickup_types: "$?!/=\"+",
//!     // The colours: Default, ColourBlind (safe for red-green colour
//!     // blindness) or HighContrast. Looks only: a run plays the same.
//!     palette: ColourBlind,
//!     // The terminal's symbols (--tui): Plain, or DECgraphics for line
//!     // drawing, as NetHack's symset.
//!     symset: DECgraphics,
//! )
//! ```
//!
//! Keys change how you type, never what a run is: the journal records
//! commands by their key-file characters. Autopickup changes what a step
//! does, so a new run keeps it in its journal's header (`# autopickup:`),
//! and a replay or a resumed run picks up as it was played.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::dungeon::Content;
use crate::dungeon::hero::HeroWish;
use crate::dungeon::verbs::table;

/// The options file's name in the config directory.
pub const FILE_NAME: &str = "options.ron";

/// The most messages a history page may show.
const MAX_PAGE: usize = 200;

/// What the options file sets.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// The hero a new game plays instead of asking.
    #[serde(default)]
    pub hero: Option<HeroOption>,
    /// Keys for verbs in the game window: a verb's name to the characters
    /// that play it.
    #[serde(default)]
    pub keys: BTreeMap<String, String>,
    /// Messages a page of the history shows.
    #[serde(default = "default_page")]
    pub history_page: usize,
    /// Pick up what you step on (NetHack's `autopickup`; off by default,
    /// as in NetHack 3.7).
    #[serde(default)]
    pub autopickup: bool,
    /// The kinds autopickup takes, by glyph (`"$?!/=\"+"`); empty: all
    /// (NetHack's `pickup_types`).
    #[serde(default)]
    pub pickup_types: String,
    /// Move with the digits, on the number pad or the top row (NetHack's
    /// `number_pad`), instead of `hjklyubn`.
    #[serde(default)]
    pub number_pad: bool,
    /// The colours the window draws in.
    #[serde(default)]
    pub palette: crate::palette::Palette,
    /// A new run's pet's name (NetHack's `dogname` and `catname`, one for
    /// any pet); kept in the run's journal.
    #[serde(default)]
    pub pet_name: Option<String>,
    /// The terminal's symbols: `Plain` (the generator's `-` and `|`, the
    /// default) or `DECgraphics` (line drawing, as NetHack's symset).
    #[serde(default)]
    pub symset: Symset,
}

/// The terminal front end's symbols (NetHack's `symset` option).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
pub enum Symset {
    /// NetHack's default symbols: walls `-` and `|` as the generator draws
    /// them.
    #[default]
    Plain,
    /// DEC line drawing for walls, a dot for floor, a checkerboard for
    /// corridors.
    DECgraphics,
}

/// The moves' digits with `number_pad`, in the moves' order (`hjklyubn`):
/// the number pad's layout, 8 up and 2 down.
const NUMBER_PAD: &str = "42867913";

impl Options {
    /// The keys this file gives verbs, as (the verb's key-file character,
    /// the character typed for it now): `number_pad`'s digits for the moves
    /// (unless `keys` gives the moves others), then each verb `keys` names,
    /// its keys in its own keys' order. A front end binds the typed
    /// characters in place of the verbs' own.
    pub fn typed_keys(&self) -> Vec<(char, char)> {
        let mut out = Vec::new();
        let moves = crate::dungeon::verbs::verb_for_key('h');
        let named = |name: &str| self.keys.keys().any(|v| name.eq_ignore_ascii_case(v));
        if let Some(moves) = moves.filter(|m| self.number_pad && !named(m.name())) {
            out.extend(moves.keys().chars().zip(NUMBER_PAD.chars()));
        }
        for (verb, keys) in &self.keys {
            if let Some(row) = table().iter().find(|v| v.name().eq_ignore_ascii_case(verb)) {
                out.extend(row.keys().chars().zip(keys.chars()));
            }
        }
        out
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hero: None,
            keys: BTreeMap::new(),
            history_page: default_page(),
            autopickup: false,
            pickup_types: String::new(),
            number_pad: false,
            symset: Symset::Plain,
            palette: crate::palette::Palette::Default,
            pet_name: None,
        }
    }
}

fn default_page() -> usize {
    20
}

/// The hero you usually play.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeroOption {
    /// A role's id (`"valkyrie"`).
    pub role: String,
    /// A race's id; None: picked for you.
    #[serde(default)]
    pub race: Option<String>,
    /// `lawful`, `neutral` or `chaotic`; None: picked for you.
    #[serde(default)]
    pub alignment: Option<String>,
    /// A pet's monster id, or `"none"`; None: the role's, as `--pet` leaves it.
    #[serde(default)]
    pub pet: Option<String>,
}

/// The options in force and the file they came from (None: no file, the
/// defaults).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Loaded {
    /// The options.
    pub options: Options,
    /// Where they were read from.
    pub file: Option<PathBuf>,
}

impl Loaded {
    /// The options in force and their file, a line each, as the window's
    /// options panel (F3) and the terminal's show them.
    pub fn summary(&self) -> String {
        let o = &self.options;
        let file = match (&self.file, default_path()) {
            (Some(f), _) => format!("read from {}", f.display()),
            (None, Some(p)) => format!("none: the defaults (write one at {})", p.display()),
            (None, None) => "none: the defaults (no config directory here)".to_string(),
        };
        let hero = match &o.hero {
            Some(h) => format!(
                "{} {} {}{}",
                h.role,
                h.race.as_deref().unwrap_or("(any race)"),
                h.alignment.as_deref().unwrap_or("(any alignment)"),
                h.pet
                    .as_ref()
                    .map_or(String::new(), |p| format!(", pet {p}"))
            ),
            None => "none: a new game asks who you are".to_string(),
        };
        let keys = if o.keys.is_empty() {
            "as the help lists them".to_string()
        } else {
            o.keys
                .iter()
                .map(|(verb, k)| format!("{verb} {k}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let pickup = match o.pickup() {
            Ok(Some(kinds)) => format!("on: {}", kinds.text()),
            _ => "off".to_string(),
        };
        let pet_name = o.pet_name.as_deref().unwrap_or("none (a new run's)");
        format!(
            "file: {file}\nhero: {hero}\npet name: {pet_name}\nkeys: {keys}\nnumber pad: {}\nhistory page: {} messages\nautopickup: {pickup} (a new run's; a resumed one keeps its own; @ toggles)\npalette: {} (the window's)\nsymset: {:?} (the terminal's)\n",
            if o.number_pad {
                "on: the digits move"
            } else {
                "off: hjklyubn move"
            },
            o.history_page,
            o.palette.name(),
            o.symset
        )
    }
}

impl Options {
    /// Read options from `text`, the file `file`: a bad one is one line
    /// naming the line and column ("FILE:3:5: unknown field `kes`, expected
    /// one of ...").
    pub fn parse(text: &str, file: &str) -> Result<Options, String> {
        let options: Options = ron::from_str(text).map_err(|e| {
            format!(
                "{file}:{}:{}: {}",
                e.span.start.line, e.span.start.col, e.code
            )
        })?;
        if let Err(e) = options.pickup() {
            return Err(format!("{file}: pickup_types: {e}"));
        }
        if let Some(name) = &options.pet_name {
            crate::dungeon::journal::check_pet_name(name)
                .map_err(|e| format!("{file}: pet_name: {e}"))?;
        }
        if !(1..=MAX_PAGE).contains(&options.history_page) {
            return Err(format!(
                "{file}: history_page {} is not in 1 to {MAX_PAGE}",
                options.history_page
            ));
        }
        for (verb, keys) in &options.keys {
            let Some(row) = table().iter().find(|v| v.name().eq_ignore_ascii_case(verb)) else {
                let names: Vec<&str> = table().iter().map(|v| v.name()).collect();
                return Err(format!(
                    "{file}: keys: no verb '{verb}' (there are: {})",
                    names.join(", ")
                ));
            };
            let want = row.keys().chars().count();
            if keys.chars().count() != want {
                return Err(format!(
                    "{file}: keys: {} takes {want} key{} ('{}' now), not '{keys}'",
                    row.name(),
                    if want == 1 { "" } else { "s" },
                    row.keys()
                ));
            }
        }
        Ok(options)
    }

    /// What autopickup takes, as a run's options keep it; None: off.
    pub fn pickup(&self) -> Result<Option<crate::dungeon::PickupTypes>, String> {
        if !self.autopickup {
            return Ok(None);
        }
        crate::dungeon::PickupTypes::of(&self.pickup_types).map(Some)
    }

    /// The hero the options name, checked against `content` (the words
    /// `--role`, `--race` and `--alignment` would be), and the pet: None
    /// when the options name no hero. A new run's seed picks what is left
    /// out ([`HeroWish::for_run`]).
    pub fn hero(&self, content: &Content) -> Result<Option<(HeroWish, Option<String>)>, String> {
        let Some(h) = &self.hero else {
            return Ok(None);
        };
        let wish = HeroWish::new(
            content.heroes(),
            Some(h.role.as_str()),
            h.race.as_deref(),
            h.alignment.as_deref(),
        )
        .map_err(|e| format!("options: hero: {e}"))?;
        if let Some(pet) = &h.pet {
            crate::dungeon::journal::check_pet(content, pet)
                .map_err(|e| format!("options: hero: pet: {e}"))?;
        }
        Ok(Some((wish, h.pet.clone())))
    }
}

/// Where the options file is looked for when `--options` names none.
#[cfg(feature = "saves")]
pub fn default_path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "gnomish-mines").map(|d| d.config_dir().join(FILE_NAME))
}

/// Where the options file is looked for when `--options` names none.
#[cfg(not(feature = "saves"))]
pub fn default_path() -> Option<PathBuf> {
    None
}

/// The options: from `named` (which must exist), else from the default
/// path if a file is there, else the defaults.
pub fn load(named: Option<&Path>) -> Result<Loaded, String> {
    let path = match named {
        Some(p) => p.to_path_buf(),
        None => match default_path().filter(|p| p.is_file()) {
            Some(p) => p,
            None => return Ok(Loaded::default()),
        },
    };
    let text =
        std::fs::read_to_string(&path).map_err(|e| format!("options {}: {e}", path.display()))?;
    let options = Options::parse(&text, &path.display().to_string())?;
    Ok(Loaded {
        options,
        file: Some(path),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_may_be_left_out() {
        assert_eq!(Options::parse("()", "o.ron").unwrap(), Options::default());
        let o = Options::parse(
            "(hero: Some((role: \"valkyrie\")), keys: {\"Explore\": \"o\"}, history_page: 30)",
            "o.ron",
        )
        .unwrap();
        assert_eq!(o.history_page, 30);
        assert_eq!(o.keys.get("Explore").map(String::as_str), Some("o"));
    }

    #[test]
    fn a_bad_file_is_one_line_with_its_line_and_column() {
        let e = Options::parse("(\n  history_page: 20,\n  kes: {},\n)", "o.ron").unwrap_err();
        assert!(e.starts_with("o.ron:3:3: "), "{e}");
        assert!(e.contains("kes"), "the unknown key is named: {e}");
        assert!(!e.contains('\n'));
        let e = Options::parse("(keys: {\"Fly\": \"x\"})", "o.ron").unwrap_err();
        assert!(e.contains("no verb 'Fly'") && e.contains("Explore"), "{e}");
        let e = Options::parse("(keys: {\"Move\": \"abc\"})", "o.ron").unwrap_err();
        assert!(e.contains("Move takes 8 keys"), "{e}");
        let e = Options::parse("(history_page: 0)", "o.ron").unwrap_err();
        assert!(e.contains("history_page 0"), "{e}");
    }
}
