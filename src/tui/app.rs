//! What the terminal's keys do: a key of the verb table plays its command
//! (a letter verb first asks "What do you want to VERB?"), the view keys
//! open the inventory, the help and the message history, and a few keys of
//! the terminal's own start a new run or quit. No terminal here: the keys
//! come in as [`Key`]s, so the tests press them without one.

use crate::dungeon::hero::Pick;
use crate::dungeon::shared::letter_index;
use crate::dungeon::verbs::{GameKey, Takes, game_key, verb_for_key};
use crate::dungeon::words::WORDS_MAX;
use crate::dungeon::{Command, Dungeon, RunSetup, Words};
use crate::generation::Dir;
use crate::saves::Session;

/// A key as the terminal front end reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// A character typed (with Shift as its case).
    Char(char),
    /// A letter with Ctrl held.
    Ctrl(char),
    /// A letter with Alt (Meta) held.
    Alt(char),
    /// An arrow key: a move.
    Arrow(Dir),
    /// Escape.
    Esc,
    /// Enter.
    Enter,
    /// Backspace: a typed character taken back.
    Backspace,
    /// Page Up, Page Down: the history's pages.
    PageUp,
    /// Page Down.
    PageDown,
    /// A function key: F3 shows the options in force.
    F(u8),
    /// Home: the whole map.
    Home,
    /// Tab: the minimap.
    Tab,
    /// The mouse, on the screen's cells.
    Mouse(Mouse),
}

/// What the mouse did, on which character of the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mouse {
    /// The left button went down.
    Left {
        /// The screen's column.
        column: u16,
        /// The screen's row.
        row: u16,
    },
    /// The right button went down.
    Right {
        /// The screen's column.
        column: u16,
        /// The screen's row.
        row: u16,
    },
    /// The mouse moved over a character.
    Over {
        /// The screen's column.
        column: u16,
        /// The screen's row.
        row: u16,
    },
    /// The wheel turned: toward you is closer.
    Wheel {
        /// Closer (the wheel turned up) or further.
        closer: bool,
    },
}

/// What fills the screen over the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Panel {
    /// The map.
    Map,
    /// What you carry (`i`).
    Inventory,
    /// Every key (`?`), this many pages in.
    Help(usize),
    /// The message history (Ctrl+P), this many pages back from the newest.
    History(usize),
    /// The options in force (F3).
    Options,
}

/// The terminal's state beside the run: what is shown and asked.
pub(crate) struct Ui {
    pub(crate) panel: Panel,
    /// A letter verb's key, waiting for its letter.
    pub(crate) prompt: Option<char>,
    /// A words verb's key and letter, and the words typed so far, waiting
    /// for Enter (`E`: what you engrave).
    pub(crate) writing: Option<(char, char, String)>,
    /// How many chunks of this action's messages were shown and passed
    /// (`--More--`).
    pub(crate) more_passed: usize,
    /// How many chunks this action's messages make at the screen's width
    /// (set when drawn).
    pub(crate) more_chunks: usize,
    /// Ctrl+N was pressed once while a run is alive: once more starts anew.
    pub(crate) new_asked: bool,
    /// `S` was pressed: `y` quits.
    pub(crate) quit_asked: bool,
    /// Quit now (the journal is on disk).
    pub(crate) quit: bool,
    /// Show the whole level (`M`).
    pub(crate) reveal: bool,
    /// Colour each cell by the stage that last changed it (`O`).
    pub(crate) overlay: bool,
    /// The level as it was after this stage of its making (`[`, `]`,
    /// Space); None: as it is.
    pub(crate) stage: Option<crate::generation::Stage>,
    /// The stages playing in turn (Space): when the one shown came up.
    pub(crate) playing: Option<std::time::Instant>,
    /// The comparison shown in place of the level (`C`).
    pub(crate) comparison: Option<std::sync::Arc<crate::lab::compare::Comparison>>,
    /// The pipeline `C` compares with (`--compare`); None: the level's own
    /// without pass 2.
    pub(crate) compare_with: Option<crate::generation::Pipeline>,
    /// Flying (`F`, `Home`): the view moves over the map, the run waits.
    pub(crate) fly: bool,
    /// The part of the map on screen, and how close.
    pub(crate) viewport: super::map::Viewport,
    /// The minimap in a corner (`Tab`).
    pub(crate) minimap: bool,
    /// Where the map was last drawn on screen (the mouse's cells).
    pub(crate) map_area: ratatui::layout::Rect,
    /// The palette at the terminal's depth.
    pub(crate) colours: super::colours::Colours,
    /// Walls as DEC line drawing.
    pub(crate) dec_graphics: bool,
    /// A line of the terminal's own for the message bar ("Never mind.").
    pub(crate) said: Option<String>,
    /// The setup a new run gets (the first run's).
    pub(crate) setup: RunSetup,
    /// Who you are, being asked (a new game that names no hero).
    pub(crate) pick: Option<Pick>,
    /// The options file's keys: (a verb's key-file character, the character
    /// typed for it).
    pub(crate) typed_keys: Vec<(char, char)>,
    /// The options in force, for F3 ([`crate::options::Loaded::summary`]).
    pub(crate) options: String,
    /// Messages a page of the history shows at most (the options'
    /// `history_page`; fewer when the screen has less room).
    pub(crate) history_page: usize,
}

impl Ui {
    pub(crate) fn new(setup: RunSetup, dec_graphics: bool) -> Self {
        Ui {
            panel: Panel::Map,
            prompt: None,
            writing: None,
            more_passed: 0,
            more_chunks: 0,
            new_asked: false,
            quit_asked: false,
            quit: false,
            reveal: false,
            overlay: false,
            stage: None,
            playing: None,
            comparison: None,
            compare_with: None,
            fly: false,
            viewport: super::map::Viewport::default(),
            minimap: false,
            map_area: super::layout::map_area(ratatui::layout::Rect::new(
                0,
                0,
                super::layout::MIN_SIZE.0,
                super::layout::MIN_SIZE.1,
            )),
            colours: super::colours::Colours::default(),
            dec_graphics,
            said: None,
            setup,
            pick: None,
            typed_keys: Vec::new(),
            options: String::new(),
            history_page: crate::options::Options::default().history_page,
        }
    }

    /// Is a `--More--` waiting for a key?
    pub(crate) fn more_waiting(&self) -> bool {
        self.more_passed + 1 < self.more_chunks
    }

    /// One key.
    pub(crate) fn press(&mut self, key: Key, session: &mut Session) {
        // Space or Enter passes a waiting --More--, Esc passes them all, as
        // NetHack's. Any other key passes them all too and is played: keys
        // typed ahead count, as in the window, so the keys typed are the
        // run's key file, whatever the screen's width.
        if self.more_waiting() {
            match key {
                Key::Char(' ') | Key::Enter => {
                    self.more_passed += 1;
                    return;
                }
                Key::Esc => {
                    self.more_passed = self.more_chunks;
                    return;
                }
                _ => self.more_passed = self.more_chunks,
            }
        }
        self.said = None;
        if self.pick.is_some() {
            self.pick_key(key, session);
            return;
        }
        // Words are typed until Enter (Esc: never mind).
        if self.writing.is_some() {
            self.words_key(key, session);
            return;
        }
        // A letter verb's prompt takes the next key as its letter (`S` too:
        // it may be an inventory letter).
        if self.prompt.is_some() {
            self.panel = Panel::Map;
            self.turn_key(key, session);
            return;
        }
        if self.quit_asked {
            self.quit_asked = false;
            if key == Key::Char('y') {
                self.quit = true;
            } else {
                self.said = Some("Never mind.".into());
            }
            return;
        }
        let new_asked = std::mem::take(&mut self.new_asked);
        match key {
            Key::Ctrl('c') => self.quit = true,
            Key::Char('S') => {
                self.quit_asked = true;
                self.said = Some("Save and quit? [yn] (the run resumes next time)".into());
            }
            Key::Ctrl('n') => self.new_run(session, new_asked),
            Key::Ctrl('p') => self.panel = Panel::History(0),
            Key::F(3) => {
                self.panel = match self.panel {
                    Panel::Options => Panel::Map,
                    _ => Panel::Options,
                }
            }
            _ if self.panel != Panel::Map => self.in_panel(key),
            Key::Mouse(event) => self.mouse(event, session),
            Key::Char('i') => self.panel = Panel::Inventory,
            Key::Char('?') => self.panel = Panel::Help(0),
            Key::Char('M') => self.reveal = !self.reveal,
            _ if self.view_key(key, session) => {}
            _ if self.fly => self.fly_key(key, session),
            _ if session.run().is_over() => {}
            _ => self.turn_key(key, session),
        }
    }

    /// A key while flying: a move moves the view (Shift and a move: a
    /// screen); the run waits.
    fn fly_key(&mut self, key: Key, session: &Session) {
        let command = match key {
            Key::Arrow(d) => Some(Command::Move(d)),
            Key::Char(c) => Command::from_key(self.own_key(c, session)),
            _ => None,
        };
        match command {
            Some(Command::Move(d)) => self.pan(d, false, session),
            Some(Command::Run(d)) => self.pan(d, true, session),
            _ => self.said = Some("Flying: the run waits (F lands).".into()),
        }
    }

    /// A key at the pick screen: a listed letter answers, any other key
    /// picks the rest for you. Done, the same seed's run starts with the
    /// hero chosen, in place of the nameless one behind the screen.
    fn pick_key(&mut self, key: Key, session: &mut Session) {
        let Some(pick) = self.pick.as_mut() else {
            return;
        };
        let rows = session.run().content().heroes();
        let letter = match key {
            Key::Char(c) if c.is_ascii_alphabetic() => Some(c),
            Key::Ctrl('c') => {
                self.quit = true;
                return;
            }
            _ => None,
        };
        if !pick.answer(rows, letter) {
            return;
        }
        let seed = session.run().seed();
        let hero = pick.hero(rows, seed);
        self.pick = None;
        match hero {
            Ok(hero) => {
                self.setup.hero = Some(hero);
                if let Err(e) = session.new_run(seed, self.setup.clone()) {
                    self.said = Some(e);
                }
            }
            Err(e) => self.said = Some(e),
        }
    }

    /// A key while a panel is open: the history pages; anything else closes
    /// it (a letter prompt's letter is still that).
    fn in_panel(&mut self, key: Key) {
        match (self.panel, key) {
            (Panel::History(n), Key::PageUp | Key::Char('<')) => self.panel = Panel::History(n + 1),
            (Panel::History(n), Key::PageDown | Key::Char('>')) => {
                self.panel = Panel::History(n.saturating_sub(1));
            }
            (Panel::Help(n), Key::PageDown | Key::Char('>') | Key::Char(' ')) => {
                self.panel = Panel::Help(n + 1);
            }
            (Panel::Help(n), Key::PageUp | Key::Char('<')) => {
                self.panel = Panel::Help(n.saturating_sub(1));
            }
            _ => self.panel = Panel::Map,
        }
    }

    /// Ctrl+N: a new run with a random seed; while a run is alive, asked
    /// twice so that one stray key doesn't throw it away.
    fn new_run(&mut self, session: &mut Session, asked: bool) {
        if !session.run().is_over() && !asked {
            self.new_asked = true;
            self.said = Some("Press Ctrl+N again for a new run (this one is kept).".into());
            return;
        }
        let seed = rand::random::<u64>();
        match session.new_run(seed, self.setup.clone()) {
            Ok(()) => {
                self.panel = Panel::Map;
                self.more_passed = 0;
                self.said = Some(format!("A new run: seed {seed}."));
            }
            Err(e) => self.said = Some(e),
        }
    }

    /// A key that plays: a verb's key, a letter after a letter verb's, an
    /// arrow, Esc as "never mind" to a question or the cursor.
    fn turn_key(&mut self, key: Key, session: &mut Session) {
        let command = match (self.prompt.take(), key) {
            (Some(_), Key::Esc) => {
                self.said = Some("Never mind.".into());
                None
            }
            // `?` or `*` at the prompt: what you carry, the prompt still
            // waiting.
            (Some(verb), Key::Char('?' | '*')) => {
                self.prompt = Some(verb);
                self.panel = Panel::Inventory;
                None
            }
            // A words verb: the words next ("What do you want to write
            // here?"), `-` for fingers among the letters.
            (Some(verb), Key::Char(letter))
                if verb_for_key(verb).is_some_and(|v| v.takes().words_question().is_some()) =>
            {
                if letter == '-' || letter_index(letter).is_some() {
                    self.writing = Some((verb, letter, String::new()));
                } else {
                    self.said = Some("Never mind.".into());
                }
                None
            }
            (Some(verb), Key::Char(letter)) => {
                let c = Command::with_letter(verb, letter);
                if c.is_none() {
                    self.said = Some("Never mind.".into());
                }
                c
            }
            (Some(_), _) => None,
            // The keys a verb's row gives it besides its own: the arrows
            // move, Ctrl+D kicks (NetHack's `^D`), Alt+P prays.
            (None, Key::Arrow(d)) => self.game_key(GameKey::Arrows, Some(d), session),
            (None, Key::Ctrl(c)) => self.game_key(GameKey::Ctrl(c), None, session),
            (None, Key::Alt(c)) => self.game_key(GameKey::Alt(c), None, session),
            // Esc answers a question or the cursor "never mind", as any key
            // but theirs does; it is journalled as `s`, which both read so.
            (None, Key::Esc) if session.run().is_asking() || session.run().cursor().is_some() => {
                Some(Command::Search)
            }
            (None, Key::Char(typed)) => {
                let c = self.own_key(typed, session);
                self.verb_key(c, session)
            }
            _ => None,
        };
        if let Some(c) = command {
            self.play(c, session);
        }
    }

    /// A key while words are typed: a character that words take, Backspace,
    /// Enter (play them) or Esc (never mind).
    fn words_key(&mut self, key: Key, session: &mut Session) {
        let Some((verb, letter, mut words)) = self.writing.take() else {
            return;
        };
        match key {
            // Esc at words alone answers nothing (NetHack's getlin gives
            // the escape): "You refuse." to a priest.
            Key::Esc
                if verb_for_key(verb).is_some_and(|v| matches!(v.takes(), Takes::Words(_))) =>
            {
                if let Some(c) = Command::with_words(verb, letter, "") {
                    self.play(c, session);
                }
            }
            Key::Esc => self.said = Some("Never mind.".into()),
            Key::Enter => {
                if let Some(c) = Command::with_words(verb, letter, &words) {
                    self.play(c, session);
                }
            }
            Key::Backspace => {
                words.pop();
                self.writing = Some((verb, letter, words));
            }
            Key::Char(c) => {
                if Words::takes(c as u8) && c.is_ascii() && words.len() < WORDS_MAX {
                    words.push(c);
                }
                self.writing = Some((verb, letter, words));
            }
            _ => self.writing = Some((verb, letter, words)),
        }
    }

    /// The message line while words are typed: the question and the words.
    pub(crate) fn words_line(&self, run: &Dungeon) -> Option<String> {
        let (verb, _, words) = self.writing.as_ref()?;
        let question = run
            .words_question()
            .or_else(|| verb_for_key(*verb)?.takes().words_question())?;
        Some(format!("{question} {words}_"))
    }

    /// Play `command`: the level is shown as it is again, and its messages
    /// are new.
    pub(crate) fn play(&mut self, command: Command, session: &mut Session) {
        self.stage = None;
        self.playing = None;
        session.act(command);
        // A question answered in words opens their prompt.
        if let Some(key) = session.run().words_asked() {
            self.writing = Some((key, ' ', String::new()));
        }
        // New messages: the next draw counts their chunks.
        self.more_passed = 0;
        self.more_chunks = 0;
    }

    /// The verb key a typed character plays: the options file's key for a
    /// verb plays that verb (not while a question waits for its answer).
    fn own_key(&self, typed: char, session: &Session) -> char {
        if session.run().is_asking() || session.run().cursor().is_some() {
            return typed;
        }
        self.typed_keys
            .iter()
            .find(|&&(_, t)| t == typed)
            .map_or(typed, |&(own, _)| own)
    }

    /// The command a key of the game's gives, as the verb rows say.
    fn game_key(&mut self, key: GameKey, dir: Option<Dir>, session: &Session) -> Option<Command> {
        self.verb_key(game_key(key, dir)?, session)
    }

    /// The command of verb key `c`, or None after opening its letter
    /// prompt (or saying why there is nothing to ask for).
    fn verb_key(&mut self, c: char, session: &Session) -> Option<Command> {
        let verb = verb_for_key(c)?;
        // A verb of words alone asks them at once ("How much will you
        // offer?").
        if let Takes::Words(_) = verb.takes() {
            self.writing = Some((c, ' ', String::new()));
            return None;
        }
        // A question's answer is the next key, whatever verb it is.
        if verb.takes().letter_verb().is_none() || session.run().is_asking() {
            return Command::from_key(c);
        }
        match session.run().letter_prompt(verb) {
            Ok(_) => self.prompt = Some(c),
            Err(why) => self.said = Some(why),
        }
        None
    }
}

/// The letter prompt of verb key `key`, as the run asks it: "What do you
/// want to drop? [abc or ?*]".
pub(crate) fn prompt_line(key: char, session: &Session) -> String {
    verb_for_key(key)
        .map(|verb| session.run().letter_prompt(verb).unwrap_or_else(|why| why))
        .unwrap_or_default()
}
