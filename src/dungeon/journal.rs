//! A run's journal: the save and the recording in one file.
//!
//! A run is a function of its seed, setup, content and commands, so saving it
//! is writing those down: a header of `# key: value` lines (see
//! [`super::keys::Header`]), then one command per line, appended and flushed to
//! disk (`fsync`) as each turn is played (by the game's saves, which do the
//! file work: this module only reads and writes the text). After every turn the file holds every
//! command played, so a killed process or a power cut loses nothing that was on
//! screen. A finished run's journal gets an `# end:` line and is a recording;
//! `--replay` plays any journal.
//!
//! ```text
//! # gnomish-mines journal: replay with  gnomish-mines --replay <this file>
//! # format: 5
//! # version: 0.1.0
//! # seed: 123
//! # size: 80x21
//! # monsters: on
//! # pipeline: inplace:RRRKKFFFF buffered:KKKKKRKKK buffered:RRRKKKKKK buffered:RRRKKKKKK
//! # content: 5b2d...
//! j
//! j
//! l
//! ```

use std::fmt;

use super::hero::Hero;
use super::keys::{Header, parse_keys};
use super::run::Dungeon;
use super::setup::RunSetup;
use super::shared::RunStatus;
use super::verbs::Command;
use crate::generation::RegionCap;

/// The journal format this version writes and reads. It changes whenever a
/// change to the game would replay an old journal differently; a journal of a
/// later format is refused rather than replayed into another game.
///
/// - 1: the first.
/// - 2: `s` searches (it waited in 1), and the mines have traps and boulders.
/// - 3: `a` takes an inventory letter (it lit the first light in 2), dwarves
///   carry picks and dig, and you can dig.
/// - 4: an item keeps its inventory letter (in 3 a letter was the item's
///   place in the pack), the mines hold weapons, armour, food, potions and
///   scrolls with their verbs (`w`, `W`, `T`, `q`, `r`, `e`), and hunger.
/// - 5: Minetown is one of seven towns and Mines' End one of three ends
///   (in 4 each was one level of this project's own), a search finds
///   secret doors, and a level teleporter is used up once it takes you.
/// - 6: a hero grows as NetHack 3.7's (experience, attributes, skills,
///   luck, enchanted kits, load); `~` enhances skills. The nameless hero
///   plays as in 5.
/// - 7: a hero's things are blessed, uncursed or cursed and enchanted as
///   NetHack 3.7 makes them (a cursed weapon welds, cursed armour sticks,
///   an altar tells, potions and scrolls act by it, prayer mends it), and
///   scrolls of remove curse, enchant weapon and enchant armour are made;
///   `t` throws, `f` fires, `Q` readies the quiver, and a hero's
///   ammunition, darts, daggers and spears stack; a hero's gnomes shoot.
/// - 8: a hero's levels hold wands (NetHack 3.7's 24, at their odds), and
///   `z` zaps one (`a` breaks it); `E` engraves, its words to the end of
///   their line, and Elbereth scares. The nameless hero plays as in 7.
/// - 9: a hero's levels hold rings and amulets (NetHack 3.7's 28 and 11),
///   `P` puts one on and `R` removes it. The nameless hero plays as in 8.
/// - 10: a shopkeeper offers for what a hero drops in the shop ("Sell
///   it?"; the next command answers). The nameless hero plays as in 9.
/// - 11: a ring of teleport control steers a hero's teleports (a cursor,
///   or words naming the level, answer it), free action and sleep
///   resistance keep a potion of sleeping off, free action a ghoul's
///   touch, monsters guess where an invisible hero is and fight under
///   conflict; your own wands make you invisible or very fast; a nymph
///   sleeps until disturbed; monsters hurl potions of sleeping; gems have
///   their prices. The nameless hero plays as in 10 but for a gem's price.
/// - 12: fire, cold and lightning destroy what is carried (yours and the
///   monsters'), and a ray's blast is rolled even when you resist it;
///   writing on the floor goes ten letters an action (a blade one, and it
///   dulls), and dust smudges a letter one time in 25. The nameless hero
///   plays as in 11 but for writing.
///
/// A journal of an earlier format is refused: replayed here it would be
/// another game.
pub(crate) const FORMAT: u32 = 21;

/// What changed since each earlier format, for the message that refuses it.
fn since(format: u32) -> &'static str {
    match format {
        0 | 1 => "in which `s` waited and the mines had no traps",
        2 => "in which `a` took no inventory letter and nobody dug",
        3 => "in which a letter was an item's place in the pack and nobody got hungry",
        4 => "in which Minetown and Mines' End were one level each",
        5 => "in which a hero never grew and its kit had no enchantment",
        6 => "in which nothing was blessed or cursed",
        7 => "in which the mines held no wands",
        8 => "in which the mines held no rings or amulets",
        9 => "in which no shopkeeper bought what you dropped",
        10 => "in which no ring of teleport control, free action, invisibility or conflict worked",
        11 => "in which no fire, cold or lightning destroyed what was carried",
        12 => "in which no spellbook was made",
        13 => "in which no Healer's, Rogue's or Ranger's things were made",
        14 => "in which nothing confused a monster and no Monk's or Knight's things were made",
        15 => {
            "in which no book of detection, fear, charming, levitation, jumping or draining was made, and no one fell down the stairs"
        }
        16 => {
            "in which no Knight jumped, no pole was applied or saddle put on, no ridden steed took a share of a trap, no blow knocked a hero back, only Town Square locked its houses and a random Z came by difficulty"
        }
        17 => {
            "in which the Mines held some 50 kinds of monster, each striking one blow, and none stole, stuck, poisoned or came in groups"
        }
        18 => {
            "in which no monster arrived over time, dwarves wore no armour and drew their kit piece by piece, Town Square built all its houses and the Catacombs' heart had plain doors"
        }
        19 => {
            "in which College, Grotto and Bustling Town locked fewer doors than NetHack's, Bazaar Town built all its houses and Alley Town's shops stood elsewhere"
        }
        _ => "in which nothing confused or stunned you",
    }
}

/// The first line of every journal.
pub(crate) const TITLE: &str =
    "# gnomish-mines journal: replay with  gnomish-mines --replay <this file>";

/// A journal read from disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Journal {
    /// What the header says of how the run was set up.
    pub header: Header,
    /// Every command played, in order.
    pub commands: Vec<Command>,
    /// How the run ended, if it did (`# end: ...`).
    pub end: Option<String>,
    /// The last line was cut off mid-write (a crash) and was left out.
    pub torn: bool,
}

/// Why a journal can't be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JournalError {
    /// The file is empty.
    Empty,
    /// Not text, or no journal header.
    NotAJournal,
    /// Written by a later version, in a format this one can't replay.
    FromTheFuture {
        /// The format it was written in.
        format: u32,
    },
    /// Written by an earlier version, in a format whose keys meant other
    /// things (in format 1, `s` waited).
    FromThePast {
        /// The format it was written in.
        format: u32,
    },
    /// Played with other content than the content in use.
    OtherContent {
        /// The FNV-1a hash of the content it was played with.
        recorded: String,
        /// The FNV-1a hash of the content in use.
        ours: String,
    },
    /// A line that is not a command.
    BadLine(String),
}

impl fmt::Display for JournalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JournalError::Empty => f.write_str("the file is empty"),
            JournalError::NotAJournal => f.write_str("it is not a gnomish-mines journal"),
            JournalError::FromTheFuture { format } => write!(
                f,
                "it was written by a later version (journal format {format}; this one reads {FORMAT})"
            ),
            JournalError::FromThePast { format } => write!(
                f,
                "it was written by an earlier version (journal format {format}, {}; this one reads {FORMAT}): replay it with that version",
                since(*format)
            ),
            JournalError::OtherContent { recorded, ours } => write!(
                f,
                "it was played with other content (FNV-1a {recorded}, not {ours})"
            ),
            JournalError::BadLine(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for JournalError {}

impl Journal {
    /// Read a journal's bytes. A torn last line is left out (and said so in
    /// [`Journal::torn`]); a journal of another content is refused.
    pub fn read(bytes: &[u8], content_hash: &str) -> Result<Journal, JournalError> {
        if bytes.is_empty() {
            return Err(JournalError::Empty);
        }
        let text = std::str::from_utf8(bytes).map_err(|_| JournalError::NotAJournal)?;
        // Noise may happen to read as text; a journal names its format.
        let header = Header::read(text).map_err(|_| JournalError::NotAJournal)?;
        let format = header.format.ok_or(JournalError::NotAJournal)?;
        if format > FORMAT {
            return Err(JournalError::FromTheFuture { format });
        }
        if format < FORMAT {
            return Err(JournalError::FromThePast { format });
        }
        let recorded = header.content.clone().ok_or(JournalError::NotAJournal)?;
        if recorded != content_hash {
            return Err(JournalError::OtherContent {
                recorded,
                ours: content_hash.to_string(),
            });
        }
        // Everything up to the last newline was written whole.
        let (whole, torn) = match text.rfind('\n') {
            Some(i) if i + 1 < text.len() => (&text[..=i], true),
            Some(_) => (text, false),
            None => ("", true),
        };
        let commands = parse_keys(whole).map_err(|e| JournalError::BadLine(e.to_string()))?;
        let end = whole
            .lines()
            .filter_map(|l| l.strip_prefix("# end:"))
            .map(|e| e.trim().to_string())
            .next_back();
        Ok(Journal {
            header,
            commands,
            end,
            torn,
        })
    }

    /// The seed and setup the header names, with `content` (whose hash it
    /// matched).
    pub fn setup(
        &self,
        content: std::sync::Arc<super::content::Content>,
    ) -> Result<(u64, RunSetup), String> {
        let h = &self.header;
        let seed = h.seed.ok_or("the header has no seed")?;
        let mut setup = RunSetup {
            content,
            ..RunSetup::default()
        };
        if let Some((w, hh)) = h.size {
            (setup.width, setup.height) = (w, hh);
        }
        if let Some(m) = h.monsters {
            setup.options.monsters = m;
        }
        if h.unlimited_regions == Some(true) {
            setup.region_cap = RegionCap::Unlimited;
        }
        for (place, kind) in &h.variants {
            super::plan::check_variant(&setup.content, place, kind)
                .map_err(|e| format!("the header's variant: {e}"))?;
        }
        setup.variants = h.variants.clone();
        if let Some(words) = &h.hero {
            let hero = Hero::parse(setup.content.heroes(), words)
                .map_err(|e| format!("the header's hero: {e}"))?;
            setup.hero = Some(hero);
        }
        if let Some(pet) = &h.pet {
            check_pet(&setup.content, pet).map_err(|e| format!("the header's pet: {e}"))?;
            setup.pet = Some(pet.clone());
        }
        if let Some(kinds) = &h.autopickup {
            let kinds = super::shared::PickupTypes::of(kinds)
                .map_err(|e| format!("the header's autopickup: {e}"))?;
            setup.options.autopickup = Some(kinds);
        }
        if let Some(name) = &h.pet_name {
            check_pet_name(name).map_err(|e| format!("the header's pet name: {e}"))?;
            setup.pet_name = Some(name.clone());
        }
        if let Some(p) = &h.pipeline {
            let p = p
                .parse()
                .map_err(|e| format!("the header's pipeline: {e}"))?;
            if p != setup.filler_pipeline() {
                setup.pipeline = Some(p);
            }
        }
        Ok((seed, setup))
    }
}

/// The header of a journal for `run`: everything that, with its commands,
/// makes the run again.
pub(crate) fn header_for(run: &Dungeon) -> Header {
    let setup = run.setup();
    Header {
        format: Some(FORMAT),
        version: Some(env!("CARGO_PKG_VERSION").to_string()),
        seed: Some(run.seed()),
        size: Some((setup.width, setup.height)),
        monsters: Some(setup.options.monsters),
        pipeline: Some(setup.filler_pipeline().to_string()),
        unlimited_regions: Some(setup.region_cap == RegionCap::Unlimited),
        content: Some(setup.content.hash_text()),
        variants: setup.variants.clone(),
        hero: setup.hero.map(|h| h.words(setup.content.heroes())),
        pet: setup.pet.clone(),
        autopickup: setup.options.autopickup.map(|k| k.text()),
        pet_name: setup.pet_name.clone(),
    }
}

/// The longest pet name (NetHack's `PL_PSIZ` is 63 with its end; names
/// longer than a message line would fill it).
const MAX_PET_NAME: usize = 30;

/// Is `name` a name a pet may have: 1 to 30 printable characters, not
/// starting or ending with a space?
pub fn check_pet_name(name: &str) -> Result<(), String> {
    let n = name.chars().count();
    if n == 0 || n > MAX_PET_NAME {
        return Err(format!(
            "'{name}' is not 1 to {MAX_PET_NAME} characters long"
        ));
    }
    if name.chars().any(char::is_control) || name.trim() != name {
        return Err(format!(
            "'{name}' has a control character or a space at an end"
        ));
    }
    Ok(())
}

/// Is `pet` a pet `--pet` may name: `none`, or one of the hero rows' pets
/// or a role's? The error names those.
pub fn check_pet(content: &super::content::Content, pet: &str) -> Result<(), String> {
    let rows = content.heroes();
    let mut names: Vec<&str> = rows.pets.iter().map(String::as_str).collect();
    for role in &rows.roles {
        if let Some(p) = &role.pet
            && !names.contains(&p.as_str())
        {
            names.push(p);
        }
    }
    if pet == super::rules::pet::NO_PET || names.contains(&pet) {
        Ok(())
    } else {
        names.push(super::rules::pet::NO_PET);
        Err(format!("there is no pet '{pet}' ({})", names.join(", ")))
    }
}

/// The whole journal of `run` as text, as the game's journal file holds it.
pub fn journal_text(run: &Dungeon) -> String {
    let mut text = format!("{TITLE}\n{}", header_for(run).lines());
    for c in run.commands() {
        text += &c.keys();
        text.push('\n');
    }
    if let Some(end) = ending(run) {
        text += &format!("# end: {end}\n");
    }
    text
}

/// How a finished run ended, in a word or two.
pub fn ending(run: &Dungeon) -> Option<String> {
    match run.status() {
        RunStatus::Playing => None,
        RunStatus::Won { .. } => Some(format!("won on turn {}", run.turn())),
        RunStatus::Died { depth, .. } => {
            Some(format!("died on level {depth}, turn {}", run.turn()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::content::Content;
    use crate::generation::Dir;

    fn run_with(commands: &[Command]) -> Dungeon {
        let mut run = Dungeon::new(7, RunSetup::default()).unwrap();
        run.play(commands);
        run
    }

    fn hash() -> String {
        Content::built_in().hash_text()
    }

    const MOVES: [Command; 4] = [
        Command::Move(Dir::E),
        Command::Move(Dir::S),
        Command::Wait,
        Command::Move(Dir::W),
    ];

    #[test]
    fn a_journal_reads_back_as_the_run() {
        let run = run_with(&MOVES);
        let text = journal_text(&run);
        assert_eq!(text.lines().filter(|l| !l.starts_with('#')).count(), 4);
        let j = Journal::read(text.as_bytes(), &hash()).unwrap();
        assert_eq!(j.commands, MOVES);
        assert!(!j.torn && j.end.is_none());
        let (seed, setup) = j.setup(crate::dungeon::built_in_content()).unwrap();
        let mut again = Dungeon::new(seed, setup).unwrap();
        again.play(&j.commands);
        assert_eq!(again, run);
    }

    #[test]
    fn a_forced_variant_is_kept_in_the_header_and_read_back() {
        let setup = RunSetup {
            variants: vec![("minetown".into(), "orcish_town".into())],
            ..RunSetup::default()
        };
        let mut run = Dungeon::new(7, setup).unwrap();
        run.play(&MOVES);
        let text = journal_text(&run);
        assert!(
            text.contains("\n# variant: minetown=orcish_town\n"),
            "{text}"
        );
        let j = Journal::read(text.as_bytes(), &hash()).unwrap();
        let (seed, setup) = j.setup(crate::dungeon::built_in_content()).unwrap();
        assert_eq!(
            setup.variants,
            [("minetown".to_string(), "orcish_town".to_string())]
        );
        let mut again = Dungeon::new(seed, setup).unwrap();
        again.play(&j.commands);
        assert_eq!(again, run);
        // A variant the content does not have is refused with its reason.
        let bad = text.replace("orcish_town", "orcish_towne");
        let j = Journal::read(bad.as_bytes(), &hash()).unwrap();
        let e = j.setup(crate::dungeon::built_in_content()).unwrap_err();
        assert!(e.contains("no minetown variant 'orcish_towne'"), "{e}");
    }

    #[test]
    fn a_torn_last_line_is_left_out() {
        let text = journal_text(&run_with(&MOVES));
        let torn = format!("{text}j");
        let j = Journal::read(torn.as_bytes(), &hash()).unwrap();
        assert!(j.torn);
        assert_eq!(j.commands, MOVES);
    }

    #[test]
    fn unusable_journals_say_why() {
        let h = hash();
        assert_eq!(Journal::read(b"", &h), Err(JournalError::Empty));
        let noise: Vec<u8> = (0..500u32).map(|i| (i * 7919 % 251) as u8).collect();
        assert_eq!(Journal::read(&noise, &h), Err(JournalError::NotAJournal));
        let text = journal_text(&run_with(&MOVES));
        let next = FORMAT + 1;
        let future = text.replace(&format!("# format: {FORMAT}"), &format!("# format: {next}"));
        assert_eq!(
            Journal::read(future.as_bytes(), &h),
            Err(JournalError::FromTheFuture { format: next })
        );
        let past = text.replace(&format!("# format: {FORMAT}"), "# format: 1");
        let refused = Journal::read(past.as_bytes(), &h).unwrap_err();
        assert_eq!(refused, JournalError::FromThePast { format: 1 });
        assert!(refused.to_string().contains("`s` waited"), "{refused}");
        let two = text.replace(&format!("# format: {FORMAT}"), "# format: 2");
        let refused = Journal::read(two.as_bytes(), &h).unwrap_err();
        assert!(
            refused.to_string().contains("`a` took no inventory letter"),
            "{refused}"
        );
        let three = text.replace(&format!("# format: {FORMAT}"), "# format: 3");
        let refused = Journal::read(three.as_bytes(), &h).unwrap_err();
        assert!(
            refused.to_string().contains("nobody got hungry"),
            "{refused}"
        );
        let four = text.replace(&format!("# format: {FORMAT}"), "# format: 4");
        let refused = Journal::read(four.as_bytes(), &h).unwrap_err();
        assert!(refused.to_string().contains("one level each"), "{refused}");
        let five = text.replace(&format!("# format: {FORMAT}"), "# format: 5");
        let refused = Journal::read(five.as_bytes(), &h).unwrap_err();
        assert!(refused.to_string().contains("never grew"), "{refused}");
        let six = text.replace(&format!("# format: {FORMAT}"), "# format: 6");
        let refused = Journal::read(six.as_bytes(), &h).unwrap_err();
        assert!(
            refused.to_string().contains("blessed or cursed"),
            "{refused}"
        );
        let ten = text.replace(&format!("# format: {FORMAT}"), "# format: 10");
        let refused = Journal::read(ten.as_bytes(), &h).unwrap_err();
        assert!(
            refused.to_string().contains("teleport control"),
            "{refused}"
        );
        let eleven = text.replace(&format!("# format: {FORMAT}"), "# format: 11");
        let refused = Journal::read(eleven.as_bytes(), &h).unwrap_err();
        assert!(
            refused.to_string().contains("destroyed what was carried"),
            "{refused}"
        );
        let twelve = text.replace(&format!("# format: {FORMAT}"), "# format: 12");
        let refused = Journal::read(twelve.as_bytes(), &h).unwrap_err();
        assert!(refused.to_string().contains("no spellbook"), "{refused}");
        let other = text.replace(&h, "0123456789abcdef");
        assert!(matches!(
            Journal::read(other.as_bytes(), &h),
            Err(JournalError::OtherContent { .. })
        ));
        let bad = format!("{text}Q\n");
        assert!(matches!(
            Journal::read(bad.as_bytes(), &h),
            Err(JournalError::BadLine(_))
        ));
    }
}
