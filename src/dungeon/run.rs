//! A whole run: its state ([`super::state`]) and the short dispatch that
//! plays a command on it, each command by the rule family that owns it
//! ([`super::rules`]).

use std::sync::Arc;

use super::content::{Content, KindId};
use super::direction::{Ask, Then, Way};
use super::discoveries::Discoveries;
use super::kinds::Ids;
use super::level::LevelState;
use super::messages::MessageLog;
use super::rules::travel;
use super::rules::{carry, kit, moving, occupation, pet, sight, turn, wear};
use super::seeds::play_seed;
use super::setup::{RunSetup, make_level, remake_map};
use super::shared::inventory_letter;
use super::shared::{CellSight, RunStatus};
use super::state::{Carried, Player, Question, RunState, Sight};
use super::verbs::{Arg, Command, Rule, Verb, verb_for_key};
use crate::generation::{CaveHistory, Dir, GenerateError, LevelMap, MineRng, Pipeline, Pos};

/// A whole run. It is a function of its seed, its setup and its commands: two
/// runs given the same are equal, which is what replays rely on.
///
/// ```
/// use gnomish_mines::dungeon::{Command, Dungeon, RunSetup};
/// let mut run = Dungeon::new(1, RunSetup::default()).unwrap();
/// assert_eq!(run.depth(), 1);
/// run.act(Command::Wait);
/// assert_eq!(run.turn(), 2);
/// ```
#[derive(Clone, Debug)]
pub struct Dungeon {
    state: RunState,
    /// Every command given so far, in order.
    commands: Vec<Command>,
}

impl PartialEq for Dungeon {
    /// Two runs are equal when they stand the same (the state's equality);
    /// how they got there is not compared, so a resumed run and the same run
    /// played anew are equal.
    fn eq(&self, other: &Self) -> bool {
        let Dungeon { state, commands: _ } = self;
        *state == other.state
    }
}

impl Dungeon {
    /// A new run on level 1, standing on the up stairs.
    pub fn new(seed: u64, setup: RunSetup) -> Result<Self, GenerateError> {
        setup.params_for(setup.content.filler()).validate()?;
        let plan = setup.plan(seed);
        let player = Player {
            pos: Pos::default(),
            hp: setup.content.player().hp,
            max_hp: setup.content.player().hp,
            inventory: Vec::new(),
            gold: 0,
            prayed_at: None,
            trapped: None,
            nutrition: setup.content.player().nutrition,
            last_letter: None,
            hero: setup.hero,
            growth: None,
            bonus_movement: 0,
            sick: None,
            spells: Vec::new(),
            steed: None,
            ridden_moves: 0,
            levitation: 0,
            levitation_at_will: false,
            held_by: None,
        };
        let discoveries = Discoveries::new(&setup.content, seed);
        let mut state = RunState {
            seed,
            levels: vec![None; plan.kinds.len()],
            plan: plan.kinds,
            branch: plan.branch,
            asleep: 0,
            strangled: None,
            sleepy: None,
            timeouts: Default::default(),
            glimpse: Default::default(),
            digging: None,
            unlocking: None,
            meal: None,
            inscribing: None,
            studying: None,
            running: None,
            travel: None,
            discoveries,
            depth: 1,
            player,
            turn: 1,
            status: RunStatus::Playing,
            log: MessageLog::default(),
            rng: MineRng::from_seed(play_seed(seed)),
            arrivals: MineRng::from_seed(crate::dungeon::seeds::named_stream_seed(
                seed, "arrivals",
            )),
            ids: Ids::default(),
            sight: Sight::default(),
            question: None,
            slowed_actions: 0,
            listened_at: None,
            hands_glow: 0,
            autopickup: setup.options.autopickup,
            setup,
        };
        kit::equip(&mut state);
        state.ensure_level(1)?;
        state.player.pos = state.level().up_stairs();
        pet::make(&mut state);
        let welcome = state.content().welcome().to_string();
        state.say(welcome);
        sight::update(&mut state);
        Ok(Dungeon {
            state,
            commands: Vec::new(),
        })
    }

    /// Play one command. Returns whether it took a turn: bumping into rock,
    /// taking stairs that aren't there, picking up nothing, or answering no
    /// takes none.
    pub fn act(&mut self, command: Command) -> bool {
        let s = &mut self.state;
        if s.is_over() {
            return false;
        }
        self.commands.push(command);
        s.log.begin_action();
        s.sight.first_seen.clear();
        // A detection's glimpse lasts until this next command.
        s.glimpse = Default::default();
        let depth_before = s.depth;
        let hp_before = s.player.hp;
        let took = match s.question.take() {
            // The answer: `y` (the key that moves north-west) is yes.
            Some(Question::Attack(at)) => {
                moving::answer_attack(s, at, command == Command::Move(Dir::NW))
            }
            Some(Question::PoleAttack(at)) => {
                crate::dungeon::rules::pole::answer_attack(s, at, command == Command::Move(Dir::NW))
            }
            Some(Question::StepOnTrap(d)) => {
                moving::answer_trap(s, d, command == Command::Move(Dir::NW))
            }
            Some(Question::BreakWand(letter)) => crate::dungeon::rules::zap::answer_break(
                s,
                letter,
                command == Command::Move(Dir::NW),
            ),
            Some(Question::Direction { key, letter, ask }) => {
                answer_direction(s, key, letter, command.answers(ask))
            }
            Some(Question::Study { book }) => {
                crate::dungeon::rules::study::answer(s, book, command == Command::Move(Dir::NW))
            }
            Some(Question::Sell { item, offer }) => crate::dungeon::rules::sell::answer(
                s,
                item,
                offer,
                command == Command::Move(Dir::NW),
            ),
            // Any other command is no answer: "You refuse."
            Some(Question::Offer(priest)) => {
                let words = match command {
                    Command::Offer(w) => Some(w),
                    _ => None,
                };
                crate::dungeon::rules::chat::answer_offer(s, priest, words)
            }
            Some(Question::LevelTeleport) => {
                let words = match command {
                    Command::Offer(w) => Some(w),
                    _ => None,
                };
                crate::dungeon::rules::teleport::answer_level(s, words)
            }
            Some(Question::Cursor { at, purpose }) => {
                travel::answer(s, at, purpose, command.cursor_key())
            }
            None => play_verb(s, command),
        };
        if took {
            let arrived = s.depth != depth_before;
            turn::end_of_action(s, arrived);
            // Digging, a meal or sleep goes on, a turn at a time.
            occupation::go_on(s, hp_before);
        }
        // Dead, an amulet of life saving may yet bring you back.
        crate::dungeon::rules::accessories::life_saved(s);
        took
    }

    /// Play a whole key sequence; commands after the run ends are ignored.
    pub fn play(&mut self, commands: &[Command]) {
        for &c in commands {
            self.act(c);
        }
    }

    /// The run's seed.
    pub fn seed(&self) -> u64 {
        self.state.seed
    }

    /// What the run is made from besides its seed and commands.
    pub fn setup(&self) -> &RunSetup {
        &self.state.setup
    }

    /// The monsters, items, kinds and plan it is played with.
    pub fn content(&self) -> &Content {
        self.state.content()
    }

    /// The depth the player is on, 1 at the top.
    pub fn depth(&self) -> usize {
        self.state.depth
    }

    /// The dungeon level of depth `depth` (NetHack's `Dlvl`): the mines
    /// branch from dungeon level 2, 3 or 4, so their level 1 is Dlvl 3 to 5.
    /// It is also the level's difficulty.
    pub fn dlvl(&self, depth: usize) -> usize {
        self.state.dlvl(depth)
    }

    /// How many levels this run's mines have.
    pub fn level_count(&self) -> usize {
        self.state.plan.len()
    }

    /// The kind of level at `depth`.
    pub fn kind_at(&self, depth: usize) -> KindId {
        self.state.kind_at(depth)
    }

    /// How the status line names a level: "level 3 of 8", "Mines' End (level 8
    /// of 8)".
    pub fn level_title(&self, depth: usize) -> String {
        let n = self.level_count();
        match &self.content().kind(self.kind_at(depth)).title {
            Some(title) => format!("{title} (level {depth} of {n})"),
            None => format!("level {depth} of {n}"),
        }
    }

    /// The level the player is on.
    pub fn level(&self) -> &LevelState {
        self.state.level()
    }

    /// Level `depth` as it stands, if it has been visited.
    pub fn level_at(&self, depth: usize) -> Option<&LevelState> {
        self.state.levels.get(depth.wrapping_sub(1))?.as_ref()
    }

    /// The map of the level the player is on.
    pub fn map(&self) -> &Arc<LevelMap> {
        &self.level().map
    }

    /// How the current level's cave formed, if the generator made it.
    pub fn history(&self) -> Option<&Arc<CaveHistory>> {
        self.level().history.as_ref()
    }

    /// You.
    pub fn player(&self) -> &Player {
        &self.state.player
    }

    /// Gems carried.
    pub fn gems(&self) -> usize {
        carry::gems(&self.state.player, self.content())
    }

    /// Gold pieces carried.
    pub fn gold(&self) -> u32 {
        self.state.player.gold
    }

    /// The radius of the light you carry, if one is burning.
    pub fn light_radius(&self) -> Option<u32> {
        carry::light_radius(&self.state.player, self.content())
    }

    /// How much what a hero carries slows it (the nameless hero is never
    /// encumbered; a loadstone slows it, [`Dungeon::is_slowed`]).
    pub fn encumbrance(&self) -> super::hero::attributes::Encumbrance {
        super::rules::grow::encumbrance(&self.state.player, self.content())
    }

    /// Your luck now (a hero's own and a carried luckstone's; 0 for the
    /// nameless hero).
    pub fn luck(&self) -> i32 {
        super::rules::grow::luck(&self.state.player, self.content())
    }

    /// Are you slowed (carrying a loadstone)?
    pub fn is_slowed(&self) -> bool {
        carry::is_slowed(&self.state.player, self.content())
    }

    /// How an inventory item reads: "a wax candle (lit, 380 turns left)",
    /// "3 red gems", "a bubbly potion".
    pub fn describe_carried(&self, c: &Carried) -> String {
        carry::describe_carried(self.content(), &self.state.discoveries, c)
    }

    /// How an item on the floor reads: "a gray stone", "a scroll labelled
    /// KIRJE", "a wax candle (for sale, 20 zorkmids)".
    pub fn describe_item(&self, item: &super::items::Item) -> String {
        carry::floor_item_name(&self.state, item)
    }

    /// How an item on the floor is called, without count or price: its look
    /// until known, a corpse by its monster ("gnome corpse").
    pub fn item_name(&self, item: &super::items::Item) -> String {
        let known = &self.state.discoveries;
        carry::named(
            self.content(),
            item.corpse,
            known.floor_name(self.content(), item.kind),
        )
    }

    /// The colour an item on the floor is drawn in: a corpse its monster's,
    /// a potion its look's until known.
    pub fn item_colour(&self, item: &super::items::Item) -> super::content::Rgb {
        match item.corpse {
            Some(c) => self.content().monster(c.of).colour,
            None => self.state.discoveries.colour(self.content(), item.kind),
        }
    }

    /// What you know of the item kinds: their looks this run, and which are
    /// named.
    pub fn discoveries(&self) -> &Discoveries {
        &self.state.discoveries
    }

    /// Your armour class: the player row's, less the armour you wear.
    pub fn armour_class(&self) -> i32 {
        wear::armour_class(&self.state.player, self.content())
    }

    /// How hungry you are, as the status line says it: "Hungry", "Weak",
    /// "Fainting", "Satiated", or "" when not hungry.
    pub fn hunger(&self) -> &'static str {
        super::rules::hunger::status(self.state.player.nutrition).word()
    }

    /// The cell a cursor question is on ("Where do you want to travel to?",
    /// "Pick an object."), while one is asked.
    pub fn cursor(&self) -> Option<Pos> {
        match self.state.question {
            Some(Question::Cursor { at, .. }) => Some(at),
            _ => None,
        }
    }

    /// The question a cursor is asking, for a view to keep on show while
    /// the cursor moves: "Where do you want to travel to?".
    pub fn cursor_question(&self) -> Option<&'static str> {
        match self.state.question {
            Some(Question::Cursor { purpose, .. }) => Some(purpose.question()),
            _ => None,
        }
    }

    /// The keys a front end plays for a click on `to`, as a player would
    /// type them (journalled so): `_`, the cursor's moves (eight at a time
    /// while both ways are far), `.`; a click on you searches.
    pub fn travel_keys(&self, to: Pos) -> Vec<Command> {
        keys_to(self.player().pos, to)
    }

    /// What you know to be at `at`, as `;` names it: "a gnome lord
    /// (peaceful)", "a bear trap", "unexplored".
    pub fn what_is_at(&self, at: Pos) -> String {
        super::rules::look::what_is_at(&self.state, at)
    }

    /// Food poisoning, as the status line says it ("FoodPois"), or "" when
    /// well.
    pub fn illness(&self) -> &'static str {
        if self.state.player.sick.is_some() {
            "FoodPois"
        } else {
            ""
        }
    }

    /// Are you eating (a meal of several turns under way)?
    pub fn is_eating(&self) -> bool {
        self.state.meal.is_some()
    }

    /// Is a question waiting for its answer (the next command)?
    pub fn is_asking(&self) -> bool {
        self.state.question.is_some()
    }

    /// The key of the verb whose words answer the question the run asks
    /// ("How much will you offer?": `$`), for the front ends to open its
    /// words prompt; None when no such question waits.
    pub fn words_asked(&self) -> Option<char> {
        self.words_question()?;
        let nothing = super::words::Words::new("").expect("no words are words");
        Some(Command::Offer(nothing).verb().key())
    }

    /// The question the run asks to be answered in words ("How much will
    /// you offer?", "To what level do you want to teleport?"), for the
    /// front ends' words prompt; None when no such question waits.
    pub fn words_question(&self) -> Option<&'static str> {
        match self.state.question {
            Some(Question::Offer(_)) => Some(crate::dungeon::rules::chat::HOW_MUCH),
            Some(Question::LevelTeleport) => Some(crate::dungeon::rules::teleport::WHICH_LEVEL),
            _ => None,
        }
    }

    /// The letter prompt of `verb`, a verb that takes an inventory letter,
    /// for what you carry now, as NetHack asks it: "What do you want to
    /// drop? [abc or ?*]". With nothing to ask for, why not: "You don't
    /// have anything to drop." Both front ends ask it from here.
    pub fn letter_prompt(&self, verb: &Verb) -> Result<String, String> {
        let asks = verb.takes().letter_verb().unwrap_or("use");
        // Words are written with the fingers too (`-`).
        let fingers = verb.takes().fingers().then_some("- ");
        // `Z` asks for a spell of those you know, not for a thing you carry.
        if verb.takes().letter_verb() == Some(crate::dungeon::rules::cast::CAST) {
            let letters = crate::dungeon::rules::cast::letters(&self.state);
            if letters.is_empty() {
                return Err("You don't know any spells right now.".into());
            }
            return Ok(format!("What do you want to cast? [{letters} or ?*]"));
        }
        let mut letters: String = self
            .state
            .player
            .inventory
            .iter()
            .map(|c| inventory_letter(c.letter))
            .collect();
        if let Some(dash) = fingers {
            letters = format!("{dash}{letters}").trim_end().to_string();
        }
        if letters.is_empty() {
            return Err(format!("You don't have anything to {asks}."));
        }
        Ok(format!("What do you want to {asks}? [{letters} or ?*]"))
    }

    /// NetHack's turn counter: 1 at the start, +1 per action.
    pub fn turn(&self) -> u64 {
        self.state.turn
    }

    /// How the run stands.
    pub fn status(&self) -> RunStatus {
        self.state.status
    }

    /// Has the run ended, in death or victory?
    pub fn is_over(&self) -> bool {
        self.state.is_over()
    }

    /// The messages so far.
    pub fn log(&self) -> &MessageLog {
        &self.state.log
    }

    /// Every command given so far: with the seed and setup, the whole run.
    pub fn commands(&self) -> &[Command] {
        &self.commands
    }

    /// Level `depth` as it is first made and stocked, whether or not the run
    /// has been there; the run itself is left as it is.
    pub fn level_as_made(&self, depth: usize) -> Result<LevelState, GenerateError> {
        self.state.make_level(depth, &mut Ids::default())
    }

    /// Every level of run `seed` as first made and stocked, without playing
    /// the run (for the seed catalogue).
    pub fn levels_as_made(seed: u64, setup: &RunSetup) -> Result<Vec<LevelState>, GenerateError> {
        let plan = setup.plan(seed);
        let mut ids = Ids::default();
        (1..=plan.kinds.len())
            .map(|d| make_level(seed, setup, (&plan.kinds, plan.branch), d, &mut ids))
            .collect()
    }

    /// Level `depth`'s map made again as its kind makes it (a town carved,
    /// Mines' End's stairs taken away), with `pipeline` for the generator's
    /// passes: what the comparison view compares a level with.
    pub fn remake_map(&self, depth: usize, pipeline: &Pipeline) -> Result<LevelMap, GenerateError> {
        let s = &self.state;
        remake_map(s.seed, &s.setup, s.kind_at(depth), depth, pipeline)
    }

    /// Does the player see `p` now?
    pub fn is_visible(&self, p: Pos) -> bool {
        self.state.sight.visible_mark[self.map().index(p)]
    }

    /// Does the player see monster `m` now: its cell, or, with a race's
    /// infravision, a warm monster anywhere in line of sight, lit or not
    /// (NetHack's `see_with_infrared`)?
    pub fn sees_monster(&self, m: &super::monsters::Monster) -> bool {
        sight::sees_monster(&self.state, m)
    }

    /// The warnings on your level (a ring of warning: a digit where a
    /// dangerous monster you don't see stands); none without warning.
    pub fn warnings(&self) -> Vec<super::rules::warning::Warned> {
        super::rules::warning::warnings(&self.state)
    }

    /// The warning monster `m` of your level shows, if any.
    pub fn warning_of(
        &self,
        m: &super::monsters::Monster,
    ) -> Option<super::rules::warning::Warned> {
        super::rules::warning::warning_of(&self.state, m)
    }

    /// Do you see invisible monsters (a ring of see invisible, a Ranger
    /// from level 15)?
    pub fn sees_invisible(&self) -> bool {
        super::rules::grow::has(&self.state, super::hero::Intrinsic::SeeInvisible)
    }

    /// Your pet, and the level it is on (it waits where you left it); None
    /// when you have none, or it died.
    pub fn pet(&self) -> Option<(usize, &super::monsters::Monster)> {
        self.state.levels.iter().enumerate().find_map(|(i, level)| {
            let level = level.as_ref()?;
            Some((i + 1, level.monsters.iter().find(|m| m.tame)?))
        })
    }

    /// Your pet's name, if it has one (a Samurai's little dog is Hachi).
    pub fn pet_name(&self) -> Option<String> {
        let (_, pet) = self.pet()?;
        pet.pet_name(
            self.content(),
            self.state.player.hero,
            self.state.setup.pet_name.as_deref(),
        )
    }

    /// Are you stunned (every step and direction astray)?
    pub fn is_stunned(&self) -> bool {
        super::rules::impaired::stunned(&self.state)
    }

    /// Are you confused (one step or direction in five astray)?
    pub fn is_confused(&self) -> bool {
        super::rules::impaired::confused(&self.state)
    }

    /// Who you are; None: the nameless hero of a run from before heroes.
    pub fn hero(&self) -> Option<super::hero::Hero> {
        self.state.player.hero
    }

    /// What the status line calls you: "neutral gnomish Archeologist", or
    /// None for the nameless hero.
    pub fn hero_title(&self) -> Option<String> {
        self.hero().map(|h| h.title(self.content().heroes()))
    }

    /// What the player knows of the cell at map index `i` (see
    /// [`LevelMap::index`]).
    #[inline]
    pub fn cell_sight(&self, i: usize) -> CellSight {
        if self.state.sight.visible_mark[i] {
            CellSight::Visible
        } else if self.level().seen[i] {
            CellSight::Remembered
        } else {
            CellSight::Unseen
        }
    }

    /// The cells first seen during the latest command, as map indices: a
    /// view that redraws only the cells in and out of view also redraws
    /// these (a run sees many on the way).
    pub fn first_seen_cells(&self) -> &[usize] {
        &self.state.sight.first_seen
    }

    /// The cells the player sees now, as map indices.
    pub fn visible_cells(&self) -> &[usize] {
        &self.state.sight.visible
    }

    /// Is `p` in the player's line of sight, lit or not?
    pub fn in_line_of_sight(&self, p: Pos) -> bool {
        self.state.sight.los_mark[self.map().index(p)]
    }

    /// NetHack's wizard mode, for tests and debugging: change the run directly.
    /// Such changes are not commands, so a run changed this way no longer
    /// replays from its key file. Sight is brought up to date when the wizard is
    /// done.
    pub fn wizard(&mut self) -> Wizard<'_> {
        Wizard {
            state: &mut self.state,
        }
    }
}

/// The keys that travel from `from` to `to`: `_`, the cursor's moves (eight
/// at a time while both ways are far), `.`; a click on you searches.
fn keys_to(from: Pos, to: Pos) -> Vec<Command> {
    if from == to {
        return vec![Command::Search];
    }
    let mut keys = vec![Command::Travel];
    let mut at = from;
    while at != to {
        let (dx, dy) = (to.x - at.x, to.y - at.y);
        let d = Dir::ALL
            .into_iter()
            .find(|d| d.delta() == (dx.signum(), dy.signum()))
            .expect("a way toward a different cell");
        let far = |v: i32| v == 0 || v.abs() >= 8;
        if far(dx) && far(dy) {
            keys.push(Command::Run(d));
            at = at.offset(dx.signum() * 8, dy.signum() * 8);
        } else {
            keys.push(Command::Move(d));
            at = at.step(d);
        }
    }
    keys.push(Command::Wait);
    keys
}

/// Play `command`'s verb by its row's rule: a verb that takes a direction
/// asks for it first (the next command answers), and so does an item that
/// wants one after its letter.
fn play_verb(s: &mut RunState, command: Command) -> bool {
    let verb = command.verb();
    match (verb.rule, command.arg()) {
        (Rule::Alone(rule), _) => rule(s),
        (Rule::Letter(_, rule), Arg::Letter(i)) => rule(s, i),
        // Confused or stunned, a step (or the first of a run) may go
        // astray, a lone one then.
        (Rule::Step(rule), Arg::Dir(d)) => match super::rules::impaired::step(s, d) {
            Some(to) if to == d => rule(s, d),
            Some(to) => super::rules::moving::step(s, to),
            None => false,
        },
        (Rule::Direction(ask, _), _) => ask_direction(s, verb.key(), None, ask),
        (Rule::AloneThenDirection(first, _), _) => match first(s) {
            Then::Done(took) => took,
            Then::Ask(ask) => ask_direction(s, verb.key(), None, ask),
        },
        (Rule::LetterThenDirection(_, first, _), Arg::Letter(i)) => match first(s, i) {
            Then::Done(took) => took,
            Then::Ask(ask) => ask_direction(s, verb.key(), Some(i), ask),
        },
        (Rule::LetterThenWords(_, _, _, rule), Arg::Writing(w)) => rule(s, w),
        (Rule::Words(_, rule), Arg::Words(w)) => rule(s, w),
        // The table's own test holds each row's rule to what its command
        // carries.
        (
            Rule::Letter(..)
            | Rule::LetterThenDirection(..)
            | Rule::LetterThenWords(..)
            | Rule::Words(..)
            | Rule::Step(_),
            _,
        ) => false,
    }
}

/// Ask `ask`'s question for the verb of `key` (given `letter` first): the
/// next command answers. Asking takes no turn.
fn ask_direction(s: &mut RunState, key: char, letter: Option<u8>, ask: Ask) -> bool {
    s.say(ask.question);
    s.question = Some(Question::Direction { key, letter, ask });
    false
}

/// The answer to a direction question: the verb's rule plays the way
/// given; no way (a command that is no answer) is "never mind", no turn.
fn answer_direction(s: &mut RunState, key: char, letter: Option<u8>, way: Option<Way>) -> bool {
    let rule = verb_for_key(key).map(|v| v.rule);
    let way = way.map(|w| super::rules::impaired::way(s, w));
    match (way, rule, letter) {
        (Some(way), Some(Rule::Direction(_, rule) | Rule::AloneThenDirection(_, rule)), _) => {
            rule(s, way)
        }
        (Some(way), Some(Rule::LetterThenDirection(_, _, rule)), Some(i)) => rule(s, i, way),
        _ => {
            s.say("Never mind.");
            false
        }
    }
}

/// Direct changes to a run ([`Dungeon::wizard`]).
pub struct Wizard<'a> {
    state: &'a mut RunState,
}

impl Wizard<'_> {
    /// Set the gold you carry.
    pub fn set_gold(&mut self, gold: u32) -> &mut Self {
        self.state.player.gold = gold;
        self
    }

    /// Put the player on `to` (which should be walkable).
    pub fn teleport(&mut self, to: Pos) -> &mut Self {
        self.state.player.pos = to;
        self
    }

    /// A hero gains `points` of experience, as a kill would give them,
    /// and the level they may bring ("Welcome to experience level 2.").
    pub fn gain_experience(&mut self, points: u64) -> &mut Self {
        super::rules::grow::gain_experience(self.state, points);
        self
    }

    /// A level drained by a monster of kind `by` ("Goodbye level 3."), as
    /// NetHack's `losexp`; at level 1 it kills.
    pub fn drain_level(&mut self, by: super::content::MonsterKind) -> &mut Self {
        super::rules::grow::lose_level(self.state, super::shared::Killer::Monster(by));
        self
    }

    /// Confused for `turns` (0: no longer), without a word.
    pub fn set_confused(&mut self, turns: u32) -> &mut Self {
        self.state.timeouts.confused = turns;
        self
    }

    /// Stunned for `turns` (0: no longer), without a word.
    pub fn set_stunned(&mut self, turns: u32) -> &mut Self {
        self.state.timeouts.stunned = turns;
        self
    }

    /// Set your hit points and their most.
    pub fn set_hp(&mut self, hp: i32, max_hp: i32) -> &mut Self {
        self.state.player.hp = hp;
        self.state.player.max_hp = max_hp;
        self
    }

    /// Set the hit points of the steed you ride (nothing on foot).
    pub fn set_steed_hp(&mut self, hp: i32) -> &mut Self {
        if let Some(steed) = &mut self.state.player.steed {
            steed.hp = hp;
        }
        self
    }

    /// Set a hero's power and its most (nothing for the nameless hero).
    pub fn set_power(&mut self, pw: i32, max_pw: i32) -> &mut Self {
        if let Some(g) = &mut self.state.player.growth {
            g.pw = pw;
            g.max_pw = max_pw;
        }
        self
    }

    /// Set a hero's skill `skill` to `level`, as far as the role may take
    /// it (nothing for a skill the role never names).
    pub fn set_skill(
        &mut self,
        skill: super::skills::Skill,
        level: super::skills::SkillLevel,
    ) -> &mut Self {
        if let Some(g) = &mut self.state.player.growth
            && let Some(s) = g.skills.list.iter_mut().find(|s| s.skill == skill)
        {
            s.level = level.min(s.max);
        }
        self
    }

    /// Set a hero's attribute `a` (its base, before rings).
    pub fn set_attribute(&mut self, a: super::hero::attributes::Attribute, v: i32) -> &mut Self {
        if let Some(g) = &mut self.state.player.growth {
            g.attributes.set(a, v);
        }
        self
    }

    /// Forget every spell you know.
    pub fn forget_spells(&mut self) -> &mut Self {
        self.state.player.spells.clear();
        self
    }

    /// Learn the spell of spellbook kind `book` as a study would teach it
    /// (fresh, for 20,000 turns); its letter is the next free one.
    pub fn learn(&mut self, book: super::content::ItemKind) -> &mut Self {
        self.state.player.spells.push(super::state::KnownSpell {
            book,
            memory: super::rules::study::KEEN,
        });
        self
    }

    /// Put `c` in your pack under the next inventory letter, as picking it
    /// up would (with all 52 letters taken, it is not put in).
    pub fn give(&mut self, c: Carried) -> &mut Self {
        let content = self.state.setup.content.clone();
        carry::give(&mut self.state.player, &content, c);
        self
    }

    /// Set your nutrition (see [`Dungeon::hunger`]).
    pub fn set_nutrition(&mut self, nutrition: i32) -> &mut Self {
        self.state.player.nutrition = nutrition;
        self
    }

    /// Learn the name of item kind `k`, as identify would teach it.
    pub fn discover(&mut self, k: super::content::ItemKind) -> &mut Self {
        self.state.discoveries.discover(k);
        self
    }

    /// Remember every cell of the current level but rock, as a scroll of
    /// magic mapping does.
    pub fn map_level(&mut self) -> &mut Self {
        let level = self.state.level_mut();
        for i in 0..level.map.len() {
            if level.map.tile(level.map.pos(i)) != crate::generation::Tile::Rock {
                level.seen[i] = true;
            }
        }
        self
    }

    /// Lay `map` over the current level's (a hand-made map for a test); it
    /// must be the level's size. The level's monsters, items, traps and
    /// boulders stay where they were.
    pub fn set_map(&mut self, map: crate::generation::LevelMap) -> &mut Self {
        let level = self.state.level_mut();
        assert_eq!(
            (map.width(), map.height()),
            (level.map.width(), level.map.height()),
            "a map of the level's size"
        );
        level.map = Arc::new(map);
        self
    }

    /// Make the cell `at` of the current level an altar of `god`'s (the
    /// level's one altar, as a temple's is).
    pub fn set_altar(&mut self, at: Pos, god: super::hero::Alignment) -> &mut Self {
        let level = self.state.level_mut();
        Arc::make_mut(&mut level.map).set_tile(at, crate::generation::Tile::Altar);
        level.altar = Some(god);
        self
    }

    /// The current level, to move or change its monsters and items.
    pub fn level(&mut self) -> &mut LevelState {
        self.state.level_mut()
    }

    /// Go to level `depth` (made as on a first visit if it has not been), onto
    /// its up stairs.
    pub fn go_to(&mut self, depth: usize) -> Result<&mut Self, GenerateError> {
        self.state.ensure_level(depth)?;
        self.state.depth = depth;
        self.state.player.pos = self.state.level().up_stairs();
        Ok(self)
    }

    /// Make level `depth` now, as it would be on the first visit, without going
    /// there.
    pub fn make_level(&mut self, depth: usize) -> Result<&LevelState, GenerateError> {
        self.state.ensure_level(depth)?;
        Ok(self.state.levels[depth - 1].as_ref().expect("just made"))
    }
}

impl Drop for Wizard<'_> {
    fn drop(&mut self) {
        sight::update(self.state);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_click_is_the_keys_that_move_the_cursor_there() {
        let keys = keys_to(Pos::new(3, 5), Pos::new(20, 2));
        let mut at = Pos::new(3, 5);
        for k in &keys[1..keys.len() - 1] {
            at = match *k {
                Command::Move(d) => at.step(d),
                Command::Run(d) => {
                    let (dx, dy) = d.delta();
                    at.offset(dx * 8, dy * 8)
                }
                _ => panic!("{k:?}"),
            };
        }
        assert_eq!(at, Pos::new(20, 2));
        assert_eq!(keys[0], Command::Travel);
        assert_eq!(keys.last(), Some(&Command::Wait));
        assert!(keys.len() <= 12, "eight at a time where it can: {keys:?}");
        assert_eq!(
            keys_to(Pos::new(1, 1), Pos::new(1, 1)),
            vec![Command::Search]
        );
    }
}
