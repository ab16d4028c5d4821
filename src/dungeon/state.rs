//! A run's state: plain data, no rules. The levels visited so far, you, the
//! turn, the message log, the roll stream and what the run waits on. The
//! rules (`rules/`) are functions over the parts of it they need;
//! [`super::run::Dungeon`] holds it and dispatches commands to them.

use super::blessing::Blessing;
use super::content::{Content, ItemKind, KindId, MonsterKind, TrapKind};
use super::discoveries::Discoveries;
use super::hero::{Growth, Hero};
use super::items::Corpse;
use super::kinds::Ids;
use super::level::LevelState;
use super::messages::MessageLog;
use super::setup::{RunSetup, make_level};
use super::shared::{Killer, RunStatus};
use crate::generation::{Dir, GenerateError, MineRng, Pos};

/// You.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Where you stand.
    pub pos: Pos,
    /// Hit points now.
    pub hp: i32,
    /// Hit points at full health.
    pub max_hp: i32,
    /// What you carry, in the order picked up; an item's place is its
    /// inventory letter (`a` first).
    pub inventory: Vec<Carried>,
    /// Gold pieces in your purse.
    pub gold: u32,
    /// The turn you last prayed and were heard; None: never.
    pub prayed_at: Option<u64>,
    /// The trap that holds you and the turns it still will (a bear trap, a
    /// pit you climb out of, a web).
    pub trapped: Option<(TrapKind, u32)>,
    /// Nutrition left (NetHack's `u.uhunger`): one a turn, food gives it
    /// back; see `rules/hunger.rs`.
    pub nutrition: i32,
    /// The inventory letter given last (`a` is 0): the next item gets the
    /// next free one after it, as NetHack's `lastinvnr`.
    pub last_letter: Option<u8>,
    /// Who you are; None: the nameless hero of the content's `player` row.
    pub hero: Option<Hero>,
    /// How far you have grown (a hero's; the nameless hero never grows).
    pub growth: Option<Growth>,
    /// Movement saved toward a free action (a Fast hero's): at 12 you act
    /// again before the monsters do.
    pub bonus_movement: u32,
    /// Food poisoning from a tainted corpse: the turns left before it kills
    /// you, and whose corpse it was (NetHack's `Sick`).
    pub sick: Option<(u32, MonsterKind)>,
    /// The spells you know, in the order learnt: the first is cast as `a`.
    pub spells: Vec<KnownSpell>,
    /// The pet you ride (NetHack's `u.usteed`): off the level's map while
    /// ridden, where you are, going where you go.
    pub steed: Option<super::monsters::Monster>,
    /// Moves made mounted toward the next practice of riding (NetHack's
    /// `u.urideturns`).
    pub ridden_moves: u32,
    /// Turns of levitation left from a spell (NetHack's timed
    /// `HLevitation`); 0: none.
    pub levitation: u32,
    /// That levitation ends when you go down (`>`): a blessed one's
    /// (NetHack's `I_SPECIAL`).
    pub levitation_at_will: bool,
    /// The monster that holds you, by id (NetHack's `u.ustuck`): a lichen
    /// stuck to you, an owlbear's hug; see `rules/held.rs`.
    pub held_by: Option<u32>,
}

/// A spell you know (NetHack's `struct spell`): the book it was learnt
/// from, and the turns it stays in memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KnownSpell {
    /// The spellbook's kind: its row names the spell.
    pub book: ItemKind,
    /// Turns left before it is forgotten (20,000 when learnt).
    pub memory: u32,
}

impl Player {
    /// The pack place of the piece you wear in `slot`, if any.
    pub(crate) fn worn_in(&self, content: &Content, slot: super::effects::Slot) -> Option<usize> {
        self.inventory.iter().position(|c| {
            c.worn
                && content
                    .item(c.kind)
                    .on_pick_up
                    .armour()
                    .is_some_and(|a| a.slot == slot)
        })
    }
}

/// Something you carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Carried {
    /// The item's id, kept from the floor (views follow it).
    pub id: u32,
    /// Its row in the content.
    pub kind: ItemKind,
    /// How many: gems of one kind stack; lights, weapons and armour don't.
    pub quantity: u32,
    /// A light that is burning.
    pub lit: bool,
    /// Turns of burning left, for a light.
    pub burn_left: Option<u32>,
    /// Its inventory letter (`a` is 0), kept while you carry it.
    pub letter: u8,
    /// Armour, a ring or an amulet you have on.
    pub worn: bool,
    /// The hand a worn ring is on.
    pub hand: Option<Hand>,
    /// The weapon in your hands.
    pub wielded: bool,
    /// Readied in the quiver, for `f` to fire (NetHack's `uquiver`).
    pub quivered: bool,
    /// Levels of rust, 0 to 3 (NetHack's `oeroded`).
    pub eroded: u8,
    /// Its enchantment (NetHack's `spe`): a weapon's to-hit and damage, an
    /// armour's AC.
    pub spe: i8,
    /// Its enchantment is known (a kit's is), and shown: "+1 spear".
    pub spe_known: bool,
    /// Blessed, uncursed or cursed.
    pub blessing: Blessing,
    /// Whether it is blessed or cursed is known (a kit's is; an altar
    /// tells).
    pub blessing_known: bool,
    /// Food partly eaten: the nutrition still in it (NetHack's `oeaten`).
    pub nutrition_left: Option<u32>,
    /// A corpse: whose, and how old.
    pub corpse: Option<Corpse>,
}

/// A hand a ring is worn on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hand {
    /// The left hand.
    Left,
    /// The right hand (the weapon hand).
    Right,
}

impl Hand {
    /// As the inventory says it: "left".
    pub fn name(self) -> &'static str {
        match self {
            Hand::Left => "left",
            Hand::Right => "right",
        }
    }
}

impl Carried {
    /// `quantity` of item kind `kind` with id `id`, neither lit, worn nor
    /// wielded; its letter is given when it goes into the pack.
    pub fn new(id: u32, kind: ItemKind, quantity: u32) -> Carried {
        Carried {
            id,
            kind,
            quantity,
            lit: false,
            burn_left: None,
            letter: 0,
            worn: false,
            hand: None,
            wielded: false,
            quivered: false,
            eroded: 0,
            spe: 0,
            spe_known: false,
            blessing: Blessing::Uncursed,
            blessing_known: false,
            nutrition_left: None,
            corpse: None,
        }
    }
}

/// A meal under way (NetHack's `context.victual`): a bite a turn, the
/// monsters acting between, until it is eaten or you stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Meal {
    /// What is being eaten.
    pub(crate) kind: ItemKind,
    /// Its id and letter, kept if you stop and it goes back in the pack
    /// partly eaten.
    pub(crate) id: u32,
    pub(crate) letter: u8,
    /// Bites still to take.
    pub(crate) bites: u32,
    /// Nutrition still to come, spread over the bites.
    pub(crate) left: u32,
    /// "You're having a hard time getting all of it down." was said.
    pub(crate) warned: bool,
    /// The turns the whole meal takes (a one-bite meal says nothing when
    /// done).
    pub(crate) turns: u32,
    /// A corpse's own facts, kept if it goes back in the pack.
    pub(crate) corpse: Option<Corpse>,
}

/// What a turn of an occupation (`rules/occupation.rs`) came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Worked {
    /// A turn of it, and more to come.
    Going,
    /// A turn of it, its last.
    Last,
    /// Nothing: it found it could not go on (a run with no way on), and no
    /// turn passes.
    Nothing,
}

impl From<bool> for Worked {
    /// A turn of it; `going`: more to come.
    fn from(going: bool) -> Worked {
        if going { Worked::Going } else { Worked::Last }
    }
}

/// What a run or a travel had said and seen at its last step: it stops
/// when that changes (`running.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Lookout {
    /// How many messages had been said before the last step: any more stop
    /// it.
    pub(crate) said: u64,
    /// The hostile monsters in view after the last step.
    pub(crate) hostiles_seen: Vec<u32>,
}

/// A run under way (`running.rs`): its heading, and what it watches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Running {
    /// The way it heads.
    pub(crate) dir: Dir,
    /// What it had said and seen.
    pub(crate) lookout: Lookout,
}

/// A travel under way (`travel.rs`): where to (None: exploring), and what
/// it watches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Travel {
    /// The cell it goes to; None: the nearest unexplored edge, again and
    /// again (auto-explore).
    pub(crate) to: Option<Pos>,
    /// What it had said and seen.
    pub(crate) lookout: Lookout,
}

/// What a cursor question picks a cell for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CursorFor {
    /// `_`: travel there.
    Travel,
    /// `;`: say what is there.
    Look,
    /// A teleport under control: land there.
    Teleport,
    /// A jump by the spell, as far as the skill it was cast with reaches
    /// (NetHack's `jump(magic)`): land there.
    Jump(u8),
    /// A pole in your hands (a lance, a polearm; NetHack's `use_pole`):
    /// strike there.
    Pole,
}

impl CursorFor {
    /// What the cursor asks.
    pub(crate) fn question(self) -> &'static str {
        match self {
            CursorFor::Travel => "Where do you want to travel to? (. or , to go)",
            CursorFor::Look => "Pick an object. (. , ; or : to pick)",
            CursorFor::Teleport => "Where do you want to be teleported? (. or , to land)",
            CursorFor::Jump(_) => "Where do you want to jump? (. or , to land)",
            CursorFor::Pole => "Where do you want to hit? (. or , to strike)",
        }
    }
}

/// A question the run waits on: the next command is its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Question {
    /// "Really attack the gnome?": the peaceful monster at this cell.
    Attack(Pos),
    /// "Really attack the gnome?", asked of a peaceful monster a pole in
    /// your hands would strike at this cell.
    PoleAttack(Pos),
    /// "Really step onto that bear trap?": the step toward a found trap.
    StepOnTrap(Dir),
    /// "Are you really sure you want to break your wand?": the wand's
    /// inventory letter.
    BreakWand(u8),
    /// "This spellbook is difficult to comprehend.  Continue?": a Wizard
    /// reading the book of this id, before the study is tried.
    Study {
        /// The book's id.
        book: u32,
    },
    /// "Sell it?": the shopkeeper offers `offer` gold for the thing of id
    /// `item` you dropped in the shop.
    Sell {
        /// The dropped thing's id.
        item: u32,
        /// The gold offered.
        offer: u32,
    },
    /// "How much will you offer?": the temple priest of this id asks; the
    /// answer is an `Offer` command's words.
    Offer(u32),
    /// "To what level do you want to teleport?": a level teleport under
    /// control; the answer is an `Offer` command's words.
    LevelTeleport,
    /// "In what direction?": the direction a verb's row asks for
    /// ([`Rule::Direction`], [`Rule::LetterThenDirection`]), the verb named
    /// by its key, with the letter it was given first, if any.
    ///
    /// [`Rule::Direction`]: crate::dungeon::verbs::Rule::Direction
    /// [`Rule::LetterThenDirection`]: crate::dungeon::verbs::Rule::LetterThenDirection
    Direction {
        /// The verb's key.
        key: char,
        /// The inventory letter it was given first.
        letter: Option<u8>,
        /// The question, and which answers it takes.
        ask: crate::dungeon::direction::Ask,
    },
    /// "Where do you want to travel to?" or "Pick an object.": a cursor on
    /// a cell, moved by the next commands until one picks it.
    Cursor {
        /// The cell it is on.
        at: Pos,
        /// What the cell is picked for.
        purpose: CursorFor,
    },
}

/// A dig under way, or left off (applying the tool at the same place goes on
/// from its effort).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Digging {
    /// The cell being dug: the one next to you, or yours when digging down.
    pub(crate) at: Pos,
    /// Digging down.
    pub(crate) down: bool,
    /// On which level.
    pub(crate) depth: usize,
    /// NetHack's effort so far.
    pub(crate) effort: u32,
    /// Still digging (not stopped).
    pub(crate) active: bool,
}

/// A lock being worked at (`rules/unlock.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Unlocking {
    /// The locked door.
    pub(crate) at: Pos,
    /// On which level.
    pub(crate) depth: usize,
    /// The tool's chance in 100 a turn.
    pub(crate) chance: u32,
    /// Turns worked so far.
    pub(crate) used: u32,
}

/// Writing under way (`rules/engrave.rs`, NetHack's `context.engraving`):
/// ten letters an action, one with a blade.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Inscribing {
    /// Where: moved off it, you can't go on.
    pub(crate) at: Pos,
    /// On which level.
    pub(crate) depth: usize,
    /// The whole text, as it will read.
    pub(crate) text: Vec<char>,
    /// How many of its characters are written.
    pub(crate) done: usize,
    /// In the dust, engraved or burnt.
    pub(crate) how: super::level::Engraved,
    /// What writes: its id in the pack (None: your fingers).
    pub(crate) stylus: Option<u32>,
    /// A blade engraving, which dulls as it goes.
    pub(crate) dulling: bool,
    /// Actions spent so far.
    pub(crate) actions: u32,
}

/// The player's line of sight and what they see, on the current level.
#[derive(Clone, Debug, Default)]
pub(crate) struct Sight {
    pub(crate) los: Vec<usize>,
    pub(crate) los_mark: Vec<bool>,
    pub(crate) visible: Vec<usize>,
    pub(crate) visible_mark: Vec<bool>,
    /// The cells first seen during the latest command (a run, a travel or
    /// an exploration sees many), for views that redraw only what changed.
    pub(crate) first_seen: Vec<usize>,
}

impl Sight {
    pub(crate) fn clear(&mut self, cells: usize) {
        for i in self.los.drain(..) {
            self.los_mark[i] = false;
        }
        for i in self.visible.drain(..) {
            self.visible_mark[i] = false;
        }
        self.los_mark.resize(cells, false);
        self.visible_mark.resize(cells, false);
    }
}

/// A spellbook being studied (NetHack's `context.spbook`): kept when
/// interrupted, so reading the same book again goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Studying {
    /// The book's item id.
    pub(crate) book: u32,
    /// Turns of study left.
    pub(crate) left: u32,
    /// Under way (not left off).
    pub(crate) active: bool,
}

/// What lasts a number of turns on you (NetHack's timed properties), each
/// the turns left, 0 when not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Timeouts {
    /// Invisible (your own wand of make invisible).
    pub(crate) invisible: u32,
    /// Very fast (your own wand of speed monster).
    pub(crate) very_fast: u32,
    /// Every monster of the level shown (a skilled spell of detect
    /// monsters: NetHack's `Detect_monsters`).
    pub(crate) detect_monsters: u32,
    /// Confused (NetHack's `HConfusion`): see `rules/impaired.rs`.
    pub(crate) confused: u32,
    /// Stunned (NetHack's `HStun`).
    pub(crate) stunned: u32,
}

/// What magic shows you beyond your sight until your next command (a
/// detection's glimpse, as NetHack's `browse_map` after a detection).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Glimpse {
    /// Every monster of the level (detect monsters).
    pub(crate) all_monsters: bool,
    /// These monsters, by id (skilled clairvoyance).
    pub(crate) monsters: Vec<u32>,
}

/// The whole state of a run.
#[derive(Clone, Debug)]
pub(crate) struct RunState {
    pub(crate) seed: u64,
    pub(crate) setup: RunSetup,
    /// The kind of each depth, index `depth - 1`.
    pub(crate) plan: Vec<KindId>,
    /// The main dungeon's level the mines leave from: depth `d` is dungeon
    /// level `branch + d`.
    pub(crate) branch: usize,
    /// Turns you will still sleep (sleeping gas): the monsters act meanwhile.
    pub(crate) asleep: u32,
    /// Turns left before an amulet of strangulation kills you.
    pub(crate) strangled: Option<u32>,
    /// Turns until an amulet of restful sleep next puts you to sleep.
    pub(crate) sleepy: Option<u32>,
    /// What lasts a number of turns on you.
    pub(crate) timeouts: Timeouts,
    /// What a detection shows you until your next command.
    pub(crate) glimpse: Glimpse,
    /// The dig under way or left off.
    pub(crate) digging: Option<Digging>,
    /// A lock being worked at.
    pub(crate) unlocking: Option<Unlocking>,
    /// A meal under way.
    pub(crate) meal: Option<Meal>,
    /// Writing on the floor under way (`E`).
    pub(crate) inscribing: Option<Inscribing>,
    /// A spellbook studied, or left off.
    pub(crate) studying: Option<Studying>,
    /// A run under way (`Shift` and a direction).
    pub(crate) running: Option<Running>,
    /// A travel or an exploration under way (`_`, `X`).
    pub(crate) travel: Option<Travel>,
    /// Each item kind's look this run, and which kinds you know.
    pub(crate) discoveries: Discoveries,
    pub(crate) depth: usize,
    /// Index `depth - 1`; None until first visited.
    pub(crate) levels: Vec<Option<LevelState>>,
    pub(crate) player: Player,
    /// NetHack's turn counter: 1 at the start, +1 per action.
    pub(crate) turn: u64,
    pub(crate) status: RunStatus,
    pub(crate) log: MessageLog,
    /// Every roll made during play (combat, wandering). Level contents have
    /// their own streams, so a level is the same whenever it is first visited.
    pub(crate) rng: MineRng,
    /// The rolls of monsters arriving over time (`rules/arrivals.rs`), a
    /// stream of their own: the turns no one arrives leave `rng` as it was.
    pub(crate) arrivals: MineRng,
    pub(crate) ids: Ids,
    pub(crate) sight: Sight,
    /// A question waiting for its answer.
    pub(crate) question: Option<Question>,
    /// Actions taken while slowed (a loadstone): every third one gives the
    /// monsters an extra move.
    pub(crate) slowed_actions: u64,
    /// What autopickup takes now: the run's `autopickup` at first, then as
    /// `@` toggles it; None: off.
    pub(crate) autopickup: Option<crate::dungeon::shared::PickupTypes>,
    /// The move (turn and saved movement) a stethoscope last listened in:
    /// the first listen of a move is free (NetHack's `stethoscope_seq`).
    pub(crate) listened_at: Option<(u64, u32)>,
    /// Hits your hands will yet confuse a monster with (NetHack's
    /// `u.umconf`): a scroll or spell of confuse monster makes them glow
    /// red (`rules/confusion.rs`).
    pub(crate) hands_glow: u32,
}

impl PartialEq for RunState {
    /// Two runs are equal when everything a player could observe is, and so is
    /// what decides the future (the roll stream's position is compared by value).
    /// Every field is named: a new one fails to compile here until it is
    /// compared or said why not.
    fn eq(&self, other: &Self) -> bool {
        let RunState {
            seed,
            // The setup is how the run was made; two runs of different setups
            // that stand the same (a content file's comment changed) are equal.
            setup: _,
            plan,
            branch,
            asleep,
            strangled,
            sleepy,
            timeouts,
            glimpse,
            digging,
            unlocking,
            meal,
            inscribing,
            studying,
            running,
            travel,
            discoveries,
            depth,
            levels,
            player,
            turn,
            status,
            log,
            rng,
            arrivals,
            ids,
            // Worked out from the rest after every action.
            sight: _,
            question,
            slowed_actions,
            autopickup,
            listened_at,
            hands_glow,
        } = self;
        *seed == other.seed
            && *plan == other.plan
            && *branch == other.branch
            && *asleep == other.asleep
            && *strangled == other.strangled
            && *sleepy == other.sleepy
            && *timeouts == other.timeouts
            && *glimpse == other.glimpse
            && *digging == other.digging
            && *unlocking == other.unlocking
            && *meal == other.meal
            && *inscribing == other.inscribing
            && *studying == other.studying
            && *running == other.running
            && *travel == other.travel
            && *discoveries == other.discoveries
            && *depth == other.depth
            && *levels == other.levels
            && *player == other.player
            && *turn == other.turn
            && *status == other.status
            && *log == other.log
            && *ids == other.ids
            && *question == other.question
            && *slowed_actions == other.slowed_actions
            && *autopickup == other.autopickup
            && *listened_at == other.listened_at
            && *hands_glow == other.hands_glow
            && rng.clone().next_u64() == other.rng.clone().next_u64()
            && arrivals.clone().next_u64() == other.arrivals.clone().next_u64()
    }
}

impl RunState {
    pub(crate) fn content(&self) -> &Content {
        &self.setup.content
    }

    /// Ask for a cell for `purpose` ("Where do you want to travel to?"),
    /// the cursor on you.
    pub(crate) fn ask_cursor(&mut self, purpose: CursorFor) {
        let at = self.player.pos;
        self.ask_cursor_at(purpose, at);
    }

    /// Ask the cursor question with the cursor first at `at`.
    pub(crate) fn ask_cursor_at(&mut self, purpose: CursorFor, at: Pos) {
        self.say(purpose.question());
        self.question = Some(Question::Cursor { at, purpose });
    }

    /// The level the player is on.
    pub(crate) fn level(&self) -> &LevelState {
        self.levels[self.depth - 1]
            .as_ref()
            .expect("the current level exists")
    }

    pub(crate) fn level_mut(&mut self) -> &mut LevelState {
        self.levels[self.depth - 1]
            .as_mut()
            .expect("the current level exists")
    }

    /// The kind of level at `depth`.
    pub(crate) fn kind_at(&self, depth: usize) -> KindId {
        self.plan[depth - 1]
    }

    /// The dungeon level of depth `depth` (NetHack's `Dlvl`), which is also
    /// its difficulty.
    pub(crate) fn dlvl(&self, depth: usize) -> usize {
        self.branch + depth
    }

    pub(crate) fn is_over(&self) -> bool {
        self.status != RunStatus::Playing
    }

    /// When your hit points are spent, the run ends, killed by `killer`
    /// ("You die..."). Returns whether it did.
    pub(crate) fn die_if_spent(&mut self, killer: Killer) -> bool {
        if self.player.hp > 0 {
            return false;
        }
        self.player.hp = 0;
        self.status = RunStatus::Died {
            killer,
            depth: self.depth,
        };
        self.say("You die...");
        true
    }

    /// A message, this turn.
    pub(crate) fn say(&mut self, text: impl Into<String>) {
        self.log.push(self.turn, text);
    }

    /// Level `depth` made and stocked, as on a first visit.
    pub(crate) fn make_level(
        &self,
        depth: usize,
        ids: &mut Ids,
    ) -> Result<LevelState, GenerateError> {
        make_level(
            self.seed,
            &self.setup,
            (&self.plan, self.branch),
            depth,
            ids,
        )
    }

    /// Generate and stock level `depth` if it has not been visited yet.
    pub(crate) fn ensure_level(&mut self, depth: usize) -> Result<(), GenerateError> {
        if self.levels[depth - 1].is_some() {
            return Ok(());
        }
        let mut ids = std::mem::take(&mut self.ids);
        let made = self.make_level(depth, &mut ids);
        self.ids = ids;
        let mut made = made?;
        crate::dungeon::items::to_first_visit(&mut made.items, self.turn);
        self.levels[depth - 1] = Some(made);
        Ok(())
    }
}
