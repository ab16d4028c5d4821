//! Monsters as a level holds them. What each kind is is its row in the
//! content file ([`super::content::MonsterRow`]); how they act is
//! [`super::rules::monsters`].

use super::content::{Content, ItemKind, MonsterKind, TrapKind};
use super::hero::Hero;
use crate::generation::Pos;

/// A monster on a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Monster {
    /// Unique within a run, so views can follow it.
    pub id: u32,
    /// Its row in the content.
    pub kind: MonsterKind,
    /// Where it stands.
    pub pos: Pos,
    /// Hit points now.
    pub hp: i32,
    /// Hit points at full health.
    pub max_hp: i32,
    /// Movement points saved up toward the next action (NetHack's `movement`).
    pub energy: u32,
    /// It leaves you alone, and you are asked before you attack it.
    pub peaceful: bool,
    /// It was peaceful until you attacked it: killing it angers the watch.
    pub wronged: bool,
    /// Your pet: it follows you and fights for you (NetHack's `mtame`).
    pub tame: bool,
    /// Turns it is still held by a trap (a bear trap, a pit, a web).
    pub trapped: u32,
    /// Turns it still sleeps (sleeping gas); `u32::MAX` while it sleeps
    /// until something disturbs it (a nymph made asleep).
    pub asleep: u32,
    /// The trap kinds it has learnt of (bit `k` for [`TrapKind`] `k`), which
    /// it won't step on again, as NetHack's `mtrapseen`.
    pub traps_known: u64,
    /// The tool it carries (a dwarf's pick-axe), dropped when it dies.
    pub tool: Option<ItemKind>,
    /// Turns its tool, a light, still burns; None: not lit. As of NetHack
    /// 3.7 a gnome made in the dark lights the candle it carries
    /// (`m_initinv`'s `begin_burn`), so a dark level shows moving lights.
    pub tool_burning: Option<u32>,
    /// What else it carries (a dwarf's cloak, shoes, helm, weapons), dropped
    /// when it dies.
    pub gear: [Option<ItemKind>; MAX_GEAR],
    /// A stack it fires or throws (a gnome's crossbow bolts, its darts),
    /// and how many are left.
    pub missiles: Option<(ItemKind, u32)>,
    /// Gold pieces it carries (an orc of the booty's gang), dropped as a
    /// pile when it dies.
    pub gold: u32,
    /// The object a mimic poses as: drawn as that object, it waits until
    /// touched or searched out (NetHack's `m_ap_type`).
    pub disguise: Option<ItemKind>,
    /// A pet's: the turn it grows hungry (NetHack's `hungrytime`); each
    /// meal puts it off.
    pub hungry_at: u64,
    /// A pet's: actions it still spends on its meal (NetHack's `meating`).
    pub eating: u32,
    /// A pet's: the hit points starving took off its most, given back by its
    /// next meal (NetHack's `mhpmax_penalty`); while above 0 it is confused
    /// from hunger.
    pub starving: i32,
    /// Slowed or sped by a wand (NetHack's `mspeed`).
    pub pace: Pace,
    /// Made invisible (NetHack's `minvis`): you don't see it.
    pub invisible: bool,
    /// Its magic cancelled (NetHack's `mcan`).
    pub cancelled: bool,
    /// Turns it has yet to flee you (NetHack's `mfleetim`): it moves away
    /// and strikes no blow.
    pub flees: u32,
    /// The wands, potions, scrolls and amulet it carries to use (NetHack's
    /// `muse.c`), dropped when it dies.
    pub magic: [Option<Magic>; MAX_MAGIC],
    /// Where it believes you are while you are invisible to it (NetHack's
    /// `mux`, `muy`): a guess beside you that it keeps while you stay
    /// there. None: it knows where you are.
    pub you_seem_at: Option<Pos>,
    /// Confused (NetHack's `mconf`, from hands glowing red): it stumbles
    /// about at random and strikes whatever it stumbles into, until it
    /// shakes it off (`rules/confusion.rs`).
    pub confused: bool,
    /// Stunned (NetHack's `mstun`, from a staggering blow): it reels about
    /// and strikes nothing until it steadies.
    pub stunned: bool,
    /// Levels drained from it (a spell of drain life), below its row's.
    pub drained: u8,
}

/// A monster's `flees` while it flees with no end set (NetHack's `mflee`
/// without `mfleetim`): at full health it takes heart one turn in 25.
pub(crate) const FLEES_UNTIL_CALM: u32 = u32::MAX;

/// A monster's `asleep` while it sleeps until something disturbs it
/// (NetHack's `msleeping`), not for a number of turns.
pub(crate) const UNTIL_DISTURBED: u32 = u32::MAX;

/// How many things of magic a monster carries at most: one to defend
/// itself, one to attack, one for anything else, as NetHack's `makemon`
/// gives them.
pub(crate) const MAX_MAGIC: usize = 8;

/// A wand, potion, scroll or amulet a monster carries: its kind, its
/// charges (a wand's) and its blessing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Magic {
    /// Its row in the content.
    pub kind: ItemKind,
    /// A wand's charges (NetHack's `spe`).
    pub spe: i8,
    /// Blessed, uncursed or cursed.
    pub blessing: super::blessing::Blessing,
}

/// A monster's speed as a wand left it (NetHack's `MSLOW`, `MFAST`): slow,
/// it gains two thirds of its speed a turn; fast, four thirds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pace {
    /// Slowed.
    Slow,
    /// As its kind.
    #[default]
    Normal,
    /// Sped up.
    Fast,
}

impl Pace {
    /// Its speed, `speed` as its kind moves (`mcalcmove`).
    pub fn of(self, speed: u32) -> u32 {
        match self {
            Pace::Slow => (2 * speed + 1) / 3,
            Pace::Normal => speed,
            Pace::Fast => (4 * speed).div_ceil(3),
        }
    }
}

/// The most a monster carries besides its tool (a dwarf: cloak, shoes,
/// sword, axe or spear, shield, helm and mithril).
pub(crate) const MAX_GEAR: usize = 8;

impl Monster {
    /// A monster as stocked: full health, no movement saved, free and awake.
    pub fn new(id: u32, kind: MonsterKind, pos: Pos, hp: i32, peaceful: bool) -> Monster {
        Monster {
            id,
            kind,
            pos,
            hp,
            max_hp: hp,
            energy: 0,
            peaceful,
            wronged: false,
            tame: false,
            trapped: 0,
            asleep: 0,
            traps_known: 0,
            tool: None,
            tool_burning: None,
            gear: [None; MAX_GEAR],
            missiles: None,
            gold: 0,
            disguise: None,
            hungry_at: 0,
            eating: 0,
            starving: 0,
            pace: Pace::Normal,
            invisible: false,
            cancelled: false,
            flees: 0,
            magic: [None; MAX_MAGIC],
            you_seem_at: None,
            confused: false,
            stunned: false,
            drained: 0,
        }
    }

    /// Its name as your pet, if it has one: the name the run gave its pet
    /// (`given`), else a little dog's is its hero's role's `dog_name`
    /// (NetHack's makedog: a Samurai's is Hachi).
    pub(crate) fn pet_name(
        &self,
        content: &Content,
        hero: Option<Hero>,
        given: Option<&str>,
    ) -> Option<String> {
        if !self.tame {
            return None;
        }
        if let Some(name) = given {
            return Some(name.to_string());
        }
        let role = hero?.role(content.heroes());
        (content.monster(self.kind).id == "little_dog")
            .then(|| role.dog_name.clone())
            .flatten()
    }

    /// How messages name it: your pet by its name ("Hachi") or as "your
    /// kitten", any other as "the gnome".
    pub(crate) fn called(
        &self,
        content: &Content,
        hero: Option<Hero>,
        given: Option<&str>,
    ) -> String {
        let kind = &content.monster(self.kind).name;
        match (self.tame, self.pet_name(content, hero, given)) {
            (true, Some(name)) => name,
            (true, None) => format!("your {kind}"),
            _ => format!("the {kind}"),
        }
    }

    /// Does it know trap kind `k`?
    pub fn knows_trap(&self, k: TrapKind) -> bool {
        k.0 < 64 && self.traps_known & (1 << k.0) != 0
    }

    /// It has learnt of trap kind `k`.
    pub fn learn_trap(&mut self, k: TrapKind) {
        if k.0 < 64 {
            self.traps_known |= 1 << k.0;
        }
    }
}
