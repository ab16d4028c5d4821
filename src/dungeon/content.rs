//! The content of the mines as data (`assets/mines.ron`): one row per monster
//! kind and per item kind, the level kinds with their pipelines and stocking,
//! and the plan of which kind each depth gets.
//!
//! The rules, stocking, the text renderers, the game's sprites and the help all
//! read these rows; no number lives anywhere else. The binary carries a copy of
//! the built-in file, so nothing needs to be installed beside it.

use std::collections::BTreeMap;
use std::fmt;

use serde::Deserialize;

use super::hero::rows::{HeroRows, Temper};
use crate::generation::{MineRng, Pipeline};

pub use super::size::Size;

/// The built-in content, compiled in.
pub const BUILT_IN: &str = include_str!("../../assets/mines.ron");

/// An sRGB colour.
pub type Rgb = (u8, u8, u8);

/// A kind of monster, as an index into [`Content::monsters`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MonsterKind(pub u16);

/// A kind of item, as an index into [`Content::items`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ItemKind(pub u16);

/// A kind of trap, as an index into [`Content::traps`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TrapKind(pub u16);

/// A level kind, as an index into [`Content::kinds`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KindId(pub u16);

/// You.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerRow {
    /// Its glyph in `--ascii` and the tables.
    pub glyph: char,
    /// Its sprite in the tileset.
    pub tile: u32,
    /// The sprite's tint.
    pub colour: Rgb,
    /// Hit points at the start, and at most.
    pub hp: i32,
    /// Experience level, for the to-hit roll.
    pub level: i32,
    /// Armour class (lower is better), for the monsters' to-hit roll.
    pub ac: i32,
    /// One blow does 1 to `damage`.
    pub damage: u32,
    /// Turns between two regained hit points.
    pub regen_turns: u64,
    /// Nutrition at the start (NetHack's `u.uhunger`, 900): a turn burns
    /// one, food gives it back (see `rules/hunger.rs`).
    #[serde(default = "start_nutrition")]
    pub nutrition: i32,
}

fn start_nutrition() -> i32 {
    900
}

/// One monster kind.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MonsterRow {
    /// What the content file's lists call it (`"gnome_lord"`).
    pub id: String,
    /// What messages call it ("gnome lord").
    pub name: String,
    /// Its glyph in `--ascii` and the tables.
    pub glyph: char,
    /// Its sprite in the tileset.
    pub tile: u32,
    /// The sprite's tint.
    pub colour: Rgb,
    /// Its level, for the to-hit roll.
    pub level: i32,
    /// NetHack's movement: 12 is one action a turn.
    pub speed: u32,
    /// Armour class (lower is better), for your to-hit roll.
    pub ac: i32,
    /// Hit points are `hit_dice` d8 (NetHack's level 0: 1 to 4).
    pub hit_dice: u32,
    /// 0: it makes no blow at all (a gas spore). Else the die of a blow
    /// that stands for what this game does not make: a spell cast at you,
    /// its blow at a pet, and the one blow of a row with no `attacks`.
    pub damage: u32,
    /// Its attacks as NetHack 3.7's `monsters.h` lists them: each is made
    /// at you in turn (`rules/mhitu.rs`), and what a kill of it is worth is
    /// worked out from them (`experience()`).
    #[serde(default)]
    pub attacks: Vec<crate::dungeon::attacks::AttackLine>,
    /// NetHack's `M2_NASTY`: a kill is worth more.
    #[serde(default)]
    pub nasty: bool,
    /// More in a volley it fires or throws (NetHack's `monmulti`: a lord
    /// 1, a prince or king 2).
    #[serde(default)]
    pub volley: u32,
    /// Its blow is a weapon attack (NetHack's `AT_WEAP`): the weapon it
    /// wields, the best it carries, adds its own die to the blow's.
    #[serde(default)]
    pub weapon_attack: bool,
    /// Tentacle attacks after its blow, each hitting on its own for 2
    /// (NetHack's mind flayer's `AT_TENT`), for a row with no `attacks`
    /// (one that has them makes its tentacle attacks as they say).
    #[serde(default)]
    pub tentacles: u32,
    /// Its blow paralyses one time in three, for up to ten turns (NetHack's
    /// `AD_PLYS`: a ghoul's claw), for a row with no `attacks`.
    #[serde(default)]
    pub paralyses: bool,
    /// Killed, it explodes on everyone next to it for `n` d `sides`
    /// (NetHack's `AT_BOOM`: a gas spore). A row with `damage: 0` makes no
    /// blow.
    #[serde(default)]
    pub explodes: Option<(u32, u32)>,
    /// What it does besides fight: keep a shop, tend a temple, keep the peace
    /// (a role of `dungeon/roles/`; `Plain` when left out).
    #[serde(default)]
    pub role: Role,
    /// How often it is made as a random monster of its class (NetHack's
    /// `G_FREQ`: a stocking line's `"G"`); 0: never.
    #[serde(default)]
    pub frequency: u32,
    /// Made at random (not named by a level's file), it comes with others
    /// of its kind (NetHack's `G_SGROUP`, `G_LGROUP`): `Alone` when left
    /// out.
    #[serde(default)]
    pub group: Group,
    /// Whether `rndmonst` makes it: by default when its frequency is over
    /// 0. NetHack's baby dragons, naga hatchlings and a few more have no
    /// frequency but are not kept from random making, so in the lawful
    /// Mines they weigh what their alignment adds alone.
    #[serde(default)]
    pub made_at_random: Option<bool>,
    /// A god's minion (NetHack's `M2_MINION`: the Aleax, the couatl),
    /// peaceful to a co-aligned hero who has not strayed.
    #[serde(default)]
    pub minion: bool,
    /// NetHack's monster difficulty, which limits which members of a class a
    /// level of a given difficulty makes at random.
    #[serde(default)]
    pub difficulty: u32,
    /// Its place in its class as NetHack's `monsters.h` lists it, where
    /// that is not the order of difficulty (a ghoul after the ettin
    /// zombie): `mkclass` walks a class in that order, and stops early one
    /// time in two at each monster too strong. 0 (unset): by difficulty,
    /// before the rows that have a place.
    #[serde(default)]
    pub class_order: u16,
    /// The tool it may carry, drawn when it is made (NetHack's `m_initweap`:
    /// a dwarf's pick-axe or mattock); it drops it when it dies.
    #[serde(default)]
    pub tool: Option<ToolLine>,
    /// Magic it is made with besides the random draw (NetHack's
    /// `m_initinv`), on a hero's levels: it carries a tail of this list,
    /// `rn2` of its length picking the first (the C `switch` falling
    /// through). A shopkeeper's: a wand of magic missile, potions of extra
    /// healing and of healing, a wand of striking, so it always has the
    /// wand of striking and one time in four all four.
    #[serde(default)]
    pub magic_from: Vec<String>,
    /// What else it may carry, each line drawn on its own when it is made
    /// (NetHack's `m_initweap` and `m_initinv`: a dwarf's cloak, shoes, helm
    /// and weapons); it drops them when it dies.
    #[serde(default)]
    pub gear: Vec<ToolLine>,
    /// What it is made carrying when the pieces are drawn together, a tree
    /// of draws (`dungeon/outfit.rs`: a dwarf's short sword comes with a
    /// helm and a mattock or a shield, never with a pick-axe), drawn after
    /// `tool` and `gear`. A digging tool or a light drawn goes to its tool
    /// hand, a stack of missiles to its quiver, the rest with its gear.
    #[serde(default)]
    pub outfit: Vec<Outfit>,
    /// NetHack's `M2_GREEDY`: made with no gold, it has some one time in 5,
    /// d(level difficulty, 5) pieces if it carries anything else, else
    /// d(level difficulty, 10) (`m_initinv`).
    #[serde(default)]
    pub greedy: bool,
    /// Gold it is always made with, d(level difficulty, `purse`) pieces (a
    /// leprechaun's 30); 0: none.
    #[serde(default)]
    pub purse: u32,
    /// It opens closed doors, as NetHack's monsters with hands that are not
    /// very small do (`can_open`); true unless the row says not.
    #[serde(default = "yes")]
    pub opens_doors: bool,
    /// Its race, a hero race's id (NetHack's `M2_GNOME`, `M2_DWARF`, ...):
    /// a hero's race loves or hates it, and a gnome or dwarf hero finds fewer
    /// of its own kind in the Mines.
    #[serde(default)]
    pub race: Option<String>,
    /// Its alignment (NetHack's `maligntyp`: below 0 chaotic, 0 neutral,
    /// above 0 lawful), which `peace_minded` weighs against yours.
    #[serde(default)]
    pub alignment: i32,
    /// Always peaceful, always hostile, or as race and alignment decide
    /// (NetHack's `M2_PEACEFUL`, `M2_HOSTILE`).
    #[serde(default)]
    pub temper: Temper,
    /// It follows you on the stairs when it is next to you (NetHack's
    /// `M2_STALK`).
    #[serde(default)]
    pub stalks: bool,
    /// It is warm: a hero with infravision sees it in the dark (NetHack's
    /// `M3_INFRAVISIBLE`).
    #[serde(default)]
    pub infravisible: bool,
    /// It sees what is invisible, you included (NetHack's `M1_SEE_INVIS`,
    /// `perceives`).
    #[serde(default)]
    pub sees_invisible: bool,
    /// Made asleep `a` times in `b` when a hero's level is made, until
    /// something disturbs it (NetHack's `makemon`: a nymph 4 in 5, a
    /// leprechaun always). None: made awake.
    #[serde(default)]
    pub asleep_at_birth: Option<(u32, u32)>,
    /// Its size (NetHack's `msize`): a large one always leaves a corpse, a
    /// tiny one seldom, and a pet of a smaller size gets more from a meal.
    #[serde(default)]
    pub size: Size,
    /// What it answers when talked to (NetHack's `msound`; `Silent` when
    /// left out): `rules/noises.rs` says what each sound says.
    #[serde(default)]
    pub sound: Sound,
    /// What it leaves to eat when it dies, at NetHack's odds; None: nothing
    /// (NetHack's `G_NOCORPSE`, a sphere). Only a run with a hero leaves
    /// corpses.
    #[serde(default)]
    pub corpse: Option<CorpseLine>,
    /// Its magic resistance, 0 to 100 (NetHack's `mr`): the chance, less
    /// its level and over 112, that a wand's magic does it half harm or
    /// none (`resist`).
    #[serde(default)]
    pub magic_resistance: u32,
    /// What it resists (NetHack's `mresists`): a ray of fire does nothing
    /// to a monster resisting fire.
    #[serde(default)]
    pub resists: Vec<Resistance>,
    /// Undead (NetHack's `M2_UNDEAD`): a wand of undead turning hurts it.
    #[serde(default)]
    pub undead: bool,
    /// It eats no meat (NetHack's `M1_HERBIVORE` without `M1_CARNIVORE`):
    /// as a pet, apples and carrots, not corpses.
    #[serde(default)]
    pub herbivore: bool,
    /// It can wear a saddle and be ridden (NetHack's `can_saddle`: a pony).
    #[serde(default)]
    pub rideable: bool,
    /// Not alive (NetHack's `nonliving`: the undead, golems, vortices): a
    /// death ray does nothing to it.
    #[serde(default)]
    pub nonliving: bool,
    /// An animal (NetHack's `M1_ANIMAL`): it carries and uses no magic.
    #[serde(default)]
    pub animal: bool,
    /// Mindless (`M1_MINDLESS`): it carries and uses no magic.
    #[serde(default)]
    pub mindless: bool,
    /// Handless (`M1_NOHANDS`): it zaps, drinks and reads nothing.
    #[serde(default)]
    pub nohands: bool,
}

/// How many of its kind a monster made at random brings (NetHack's
/// `m_initsgrp` and `m_initlgrp`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
pub enum Group {
    /// Only itself.
    #[default]
    Alone,
    /// A small group one time in two: up to 3 more.
    Small,
    /// A large group two times in three (up to 10 more), else a small one.
    Large,
}

/// What a monster may resist (NetHack's `MR_*`, and magic as its
/// `resists_magm`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum Resistance {
    /// Fire: bolts of fire.
    Fire,
    /// Cold: bolts of cold.
    Cold,
    /// Sleep: sleep rays.
    Sleep,
    /// Disintegration.
    Disintegration,
    /// Shock: bolts of lightning.
    Shock,
    /// Poison.
    Poison,
    /// Acid.
    Acid,
    /// Petrification.
    Stone,
    /// Magic: magic missiles, striking and death rays.
    Magic,
}

/// What a monster says or makes when you talk to it (NetHack's `MS_*`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
pub enum Sound {
    /// Nothing at all (a mummy, a mimic, a floating eye).
    #[default]
    Silent,
    /// Grunts; talks to one of its own race (a gnome, an orc).
    Orc,
    /// Talks (a dwarf, a hobbit).
    Humanoid,
    /// Growls or snarls (a bugbear, a monkey).
    Growl,
    /// Mews, purrs or yowls (a cat).
    Mew,
    /// Barks, yips or whines (a dog).
    Bark,
    /// Hisses (a mind flayer).
    Hiss,
    /// Groans, now and then (a zombie).
    Groan,
    /// Coaxes (a nymph).
    Seduce,
    /// Talks of blood (a vampire).
    Vampire,
    /// Talks shop (a shopkeeper).
    Sell,
    /// Asks for a contribution (a temple priest).
    Priest,
    /// Grumbles or threatens (the watch).
    Soldier,
}

/// A monster's corpse: what eating it gives and does (NetHack's `cwt`,
/// `cnutrit`, `M1_POIS`, `M1_ACID`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CorpseLine {
    /// Its weight, which sets how long a meal of it takes (`3 + weight / 64`
    /// turns).
    pub weight: u32,
    /// Its nutrition.
    pub nutrition: u32,
    /// Eating it poisons four times in five (a kobold).
    #[serde(default)]
    pub poisonous: bool,
    /// Eating it burns (an acid blob).
    #[serde(default)]
    pub acidic: bool,
    /// The living kind it is the corpse of, when not the monster's own: a
    /// gnome zombie leaves a "gnome corpse".
    #[serde(default)]
    pub of: Option<String>,
    /// It is already old when left (a zombie's or a mummy's, NetHack's
    /// `TAINT_AGE + 1` turns): unsafe to eat.
    #[serde(default)]
    pub old: bool,
    /// It is always left, whatever the size (a shopkeeper's, a golem's).
    #[serde(default)]
    pub always: bool,
    /// Eaten up, it stuns you for this many turns more (a bat's 30, a
    /// giant bat's 60: NetHack's `cpostfx`).
    #[serde(default)]
    pub stuns: u32,
    /// Eaten up, it steadies you: stun and confusion cut to two turns (a
    /// lizard's).
    #[serde(default)]
    pub steadies: bool,
}

fn yes() -> bool {
    true
}

/// A monster's chance of carrying each of some items: one draw of
/// `rn2(out_of)` picks the first item whose running total of chances passes
/// it, or none.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ToolLine {
    /// The draw's range.
    pub out_of: u32,
    /// Each item's id and its chance in `out_of`.
    pub chances: Vec<(String, u32)>,
    /// What comes with an item drawn, to fire or throw (NetHack's
    /// `m_initthrow`): the item drawn, the missile and `n`, for a stack of
    /// `rn1(n, 3)` (a crossbow's 3 to 14 bolts; darts that are their own
    /// missile become the stack). Only a hero's levels have them.
    #[serde(default)]
    pub throws: Vec<(String, String, u32)>,
    /// The draw's range for a monster made after its level was (one
    /// arriving): NetHack gives a gnome made in the Mines' levels as they
    /// are built a candle one time in 20, one made later one in 60.
    #[serde(default)]
    pub later_out_of: Option<u32>,
}

impl ToolLine {
    /// Which item, if any, for a monster made after its level: one draw out
    /// of `later_out_of` when the line has it, else as [`ToolLine::roll`].
    pub(crate) fn roll_later<'a>(&'a self, rng: &mut MineRng) -> Option<&'a str> {
        self.pick(self.later_out_of.unwrap_or(self.out_of), rng)
    }

    /// Which item, if any: one draw.
    pub(crate) fn roll<'a>(&'a self, rng: &mut MineRng) -> Option<&'a str> {
        self.pick(self.out_of, rng)
    }

    /// One draw of `rn2(out_of)` over the chances.
    fn pick(&self, out_of: u32, rng: &mut MineRng) -> Option<&str> {
        let mut r = rng.rn2(u64::from(out_of)) as u32;
        for (id, chance) in &self.chances {
            if r < *chance {
                return Some(id);
            }
            r -= chance;
        }
        None
    }
}

pub use super::effects::{
    Accessory, ArmourPiece, EffectRef as Effect, FoodValue, ItemEffect, LightSource, Slot,
    WeaponUse, Worn,
};
pub use super::outfit::Outfit;
pub use super::roles::{MonsterRole, RoleRef as Role};

/// One item kind.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ItemRow {
    /// What the content file's lists call it (`"ruby"`).
    pub id: String,
    /// What messages call it ("red gem").
    pub name: String,
    /// Its glyph in `--ascii` and the tables.
    pub glyph: char,
    /// Its sprite in the tileset.
    pub tile: u32,
    /// The sprite's tint.
    pub colour: Rgb,
    /// What picking it up does: an effect of `dungeon/effects/`, by name and
    /// settings.
    pub on_pick_up: Effect,
    /// Said when it is picked up, after "You pick up ...".
    #[serde(default)]
    pub message: Option<String>,
    /// Its weight (NetHack's `oc_weight`): what you carry against your
    /// capacity. Gold weighs a hundredth of its pieces, a corpse its
    /// monster's corpse weight.
    pub weight: u32,
    /// Carried, it keeps your luck and adds to it (NetHack's
    /// `confers_luck`: a luckstone).
    #[serde(default)]
    pub confers_luck: bool,
    /// What it looks like until its kind is known (gray stones all look
    /// alike, glass looks like a gem); None: it is known by its name.
    #[serde(default)]
    pub unidentified: Option<String>,
    /// Its look is drawn per run from the content's `appearances` for its
    /// class (potions, scrolls), as NetHack shuffles them; known once used
    /// or identified.
    #[serde(default)]
    pub shuffled: bool,
    /// When a look gives way to the name: `PickedUp` (a gray stone, named
    /// in your hand) or `Used` (the whole kind, once one is quaffed or read
    /// or a scroll of identify names it; a gem only by identify).
    #[serde(default)]
    pub known_when: KnownWhen,
    /// Made of iron: a rust trap rusts it when you wear or wield it (each
    /// level of rust takes 1 off its AC or its damage, as NetHack's
    /// erosion).
    #[serde(default)]
    pub rusts: bool,
    /// Made of stone or gemstone (NetHack's `MINERAL` and `GEMSTONE`): the
    /// spell of stone to flesh turns it to a meatball.
    #[serde(default)]
    pub stone: bool,
    /// What a shop asks for it, in zorkmids.
    #[serde(default)]
    pub price: u32,
    /// Two items whose price a shop asks for this one while its kind is
    /// unknown, the first or the second as the run deals it (NetHack's
    /// `get_cost` for glass: a piece of white glass asks a diamond's or an
    /// opal's price). None: its own.
    #[serde(default)]
    pub priced_as: Option<(String, String)>,
    /// How often it is made as a random object of its class (its glyph),
    /// NetHack's `oc_prob`; 0: never at random.
    #[serde(default)]
    pub frequency: u32,
    /// Made at random only in a run with a hero: a row that came after
    /// the nameless hero's runs were recorded (a saddle, a lance), so
    /// those runs' levels stay as they were. (Gems are drawn as the
    /// nameless hero's for every run.)
    #[serde(default)]
    pub hero_only: bool,
    /// How it comes out blessed or cursed when made, where it differs from
    /// its class's (`object_classes`): a candle `OneIn(5)`, a loadstone
    /// `Always`.
    #[serde(default)]
    pub curses: Option<CurseOdds>,
}

/// When an item's look gives way to its name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
pub enum KnownWhen {
    /// In your hand it is named; on the floor it keeps its look.
    #[default]
    PickedUp,
    /// Its kind is named everywhere once one is used or identified.
    Used,
}

/// One object class's odds of being the class of a random object (NetHack's
/// `mkobjprobs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClassOdds {
    /// The class: its glyph (`(` tools, `*` gems, ...).
    pub class: char,
    /// Its share, out of the sum of all classes' that the content has rows for.
    pub odds: u32,
    /// How a thing of the class comes out blessed or cursed, and enchanted,
    /// when it is made (an item row's own `curses` wins).
    #[serde(default)]
    pub curses: CurseOdds,
    /// Made in a run of the nameless hero (a run from before heroes);
    /// false for the classes that came with heroes (wands), so those runs'
    /// levels stay as they were.
    #[serde(default = "yes")]
    pub to_nameless: bool,
}

impl CurseOdds {
    /// How the manual's item table says it.
    pub fn describe(self) -> String {
        match self {
            CurseOdds::Never => String::new(),
            CurseOdds::OneIn(n) => format!("1 in {n}, half each"),
            CurseOdds::Always => "always cursed".into(),
            CurseOdds::Weapon => "as a weapon (and ±`rne(3)`)".into(),
            CurseOdds::Armour => "as armour (and ±`rne(3)`)".into(),
            CurseOdds::CursedArmour => "cursed 9 in 10 (and -`rne(3)`)".into(),
            CurseOdds::Ring => "cursed 1 in 10".into(),
            CurseOdds::CursedRing => "cursed 9 in 10".into(),
            CurseOdds::ChargedRing => "1 in 3, half each (and ±`rne(3)`)".into(),
            CurseOdds::CursedAmulet => "cursed 9 in 10, else 1 in 10".into(),
        }
    }
}

/// How a new object comes out blessed, uncursed or cursed, and for weapons
/// and armour how enchanted (NetHack's `mksobj_init`). `rne(3)` below is
/// NetHack's: 1, then one more each time a third comes up, at most 5.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
pub enum CurseOdds {
    /// Never blessed or cursed when made (most food, tools and gems).
    #[default]
    Never,
    /// One time in `n`, blessed or cursed, each half the time (NetHack's
    /// `blessorcurse(n)`: potions and scrolls 4, candles and lamps 5).
    OneIn(u32),
    /// Always cursed (a loadstone).
    Always,
    /// A weapon: one in 11 is +`rne(3)` and blessed half the time; of the
    /// rest, one in 10 is cursed and -`rne(3)`; the rest `OneIn(10)`.
    Weapon,
    /// A piece of armour: one in 11 cursed and -`rne(3)` (of nine in ten);
    /// else one in 10 +`rne(3)` and blessed half the time; else `OneIn(10)`.
    Armour,
    /// Armour made to be cursed (gauntlets of fumbling, levitation boots):
    /// nine times in ten cursed and -`rne(3)`, else as `Armour`.
    CursedArmour,
    /// A ring with no enchantment: one in 10 cursed, never blessed.
    Ring,
    /// A ring made to be cursed (teleportation, polymorph, aggravate
    /// monster, hunger): nine times in ten cursed, else uncursed.
    CursedRing,
    /// A charged ring: `OneIn(3)`; nine in ten get `rne(3)`, signed by the
    /// blessing nine times in ten (else either way); one that would be +0
    /// is moved by −2 to +3; one below 0 is cursed four times in five.
    ChargedRing,
    /// An amulet made to be cursed (strangulation, change, restful sleep):
    /// nine times in ten cursed, else `OneIn(10)`.
    CursedAmulet,
}

/// One trap kind: how it looks, when NetHack makes it, and what it does (its
/// `rule`, a function of `dungeon/rules/traps/`, with the row's numbers).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrapRow {
    /// What the content file calls it (`"bear_trap"`).
    pub id: String,
    /// What messages call it ("bear trap").
    pub name: String,
    /// Its glyph in `--ascii` and the tables (`^`, as NetHack's).
    pub glyph: char,
    /// Its sprite in the tileset.
    pub tile: u32,
    /// The sprite's tint.
    pub colour: Rgb,
    /// What stepping on it does: the name of a rule in `dungeon/rules/traps/`.
    pub rule: String,
    /// A step on the floor sets it off (NetHack's `floor_trigger`): you
    /// float or fly over it. False for a trap that catches you in the air
    /// (a teleportation trap, a web).
    #[serde(default = "yes")]
    pub floor: bool,
    /// Said when you trigger it.
    pub message: String,
    /// The lowest level difficulty (dungeon level) it is made at.
    #[serde(default = "one")]
    pub from_difficulty: u32,
    /// Drawn, it is kept only one time in this many (NetHack makes holes one
    /// time in 7); 1: always kept.
    #[serde(default = "one")]
    pub kept_one_in: u32,
    /// Its damage, `n` d `sides`; None: it does none.
    #[serde(default)]
    pub damage: Option<(u32, u32)>,
    /// Its to-hit: it hits when `to_hit + your AC > d20` (NetHack's `thitu`);
    /// None: it always hits.
    #[serde(default)]
    pub to_hit: Option<i32>,
    /// Turns it holds (or puts to sleep) whoever steps on it, drawn from
    /// `.0` to `.1`; None: it holds nobody.
    #[serde(default)]
    pub hold: Option<(u32, u32)>,
    /// A monster (its row's id) made on it when it is made at random, at
    /// home in it: it never springs it (NetHack's giant spider on a web).
    #[serde(default)]
    pub brings: Option<String>,
    /// Made at random on the shallowest levels, it may have killed someone
    /// already, who lies on it with their belongings (NetHack 3.7's
    /// `mktrap_victim`; `src/dungeon/kinds/victims.rs`).
    #[serde(default)]
    pub victim: bool,
    /// What it shot or dropped on its victim (its id), left with them.
    #[serde(default)]
    pub leaves: Option<String>,
    /// What a steed you ride takes of it (NetHack's `steedintrap`); None:
    /// it is all yours.
    #[serde(default)]
    pub steed: Option<SteedShare>,
}

/// What a ridden steed takes of a trap you set off (NetHack's
/// `steedintrap`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SteedShare {
    /// How it shares.
    pub takes: SteedTakes,
    /// Said in place of the row's message while you ride: `{s}` is the
    /// steed ("the pony", or its name) and `{poor}` "the poor pony" ("poor
    /// Trigger"), `{S}` and `{Poor}` the same capitalised. None: the row's
    /// own.
    #[serde(default)]
    pub message: Option<String>,
}

/// How a ridden steed shares a trap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum SteedTakes {
    /// One time in two the missile flies at the steed instead of you
    /// (NetHack's arrow and dart traps).
    Shot,
    /// The steed takes the row's damage and you none; held, you are held
    /// on it (a bear trap on its foot, a pit it falls into, a web).
    Instead,
    /// The steed takes the row's damage as well as you (a land mine), or
    /// falls asleep with you for turns of its own (sleeping gas).
    Also,
}

fn one() -> u32 {
    1
}

/// How boulders look.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoulderRow {
    /// What messages call it.
    pub name: String,
    /// Its glyph in `--ascii` (`0`, as NetHack 3.6+ draws boulders).
    pub glyph: char,
    /// Its sprite in the tileset.
    pub tile: u32,
    /// The sprite's tint.
    pub colour: Rgb,
}

/// How many boulders a level of a kind gets: `count` on `percent` % of
/// levels (a filler's); or, with `each`, `count` draws, each a boulder
/// `percent` % of the time (Orcish Town's rubble).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoulderLine {
    /// The share of levels that get any, in percent; with `each`, of draws
    /// that make one.
    pub percent: u32,
    /// How many, from `.0` to `.1`; with `each`, how many draws.
    pub count: (u32, u32),
    /// Roll `percent` for each draw, not once for the level.
    #[serde(default)]
    pub each: bool,
    /// An item (its id) left on a random floor cell with every draw,
    /// boulder or not (Orcish Town's rock with each).
    #[serde(default)]
    pub with_each: Option<String>,
}

/// A name with its article: "a red gem", "an oil lamp".
pub(crate) fn with_article(name: &str) -> String {
    let vowel = name
        .chars()
        .next()
        .is_some_and(|c| "aeiouAEIOU".contains(c));
    format!("{} {name}", if vowel { "an" } else { "a" })
}

impl MonsterRow {
    /// Whether a random monster of any class may be it (NetHack's
    /// `rndmonst` skips `G_NOGEN`): see `made_at_random`.
    pub fn is_made_at_random(&self) -> bool {
        self.made_at_random.unwrap_or(self.frequency > 0)
    }

    /// What NetHack's `peace_minded` reads of it.
    pub fn nature(&self) -> super::hero::Nature<'_> {
        super::hero::Nature {
            temper: self.temper,
            race: self.race.as_deref(),
            alignment: self.alignment,
            minion: self.minion,
        }
    }
}

impl ItemRow {
    /// The name with its article, as messages give it: "a red gem".
    pub fn a_name(&self) -> String {
        with_article(&self.name)
    }

    /// What it looks like lying on the floor: a gray stone is a gray stone
    /// until picked up.
    pub fn seen_name(&self) -> &str {
        self.unidentified.as_deref().unwrap_or(&self.name)
    }
}

/// How often a level is lit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum Light {
    /// Lit on every visit.
    Always,
    /// Never lit.
    Never,
    /// Lit when `rn2(b) < a`: `a` in `b`.
    Chance(u32, u32),
}

impl Light {
    /// Roll it: one draw for a chance, none otherwise.
    pub fn roll(self, rng: &mut MineRng) -> bool {
        match self {
            Light::Always => true,
            Light::Never => false,
            Light::Chance(a, b) => (rng.rn2(b as u64) as u32) < a,
        }
    }
}

/// Where stocked things go.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub enum Place {
    /// A random plain floor cell (for monsters: one out of sight of the up
    /// stairs).
    #[default]
    Random,
    /// A random one of the cells the builder set aside under this name (the
    /// builder's module lists its names: a town's "shop", Mines' End's
    /// "luckstone"...).
    At(String),
    /// The pile `name`: the first line placed there takes a random one of
    /// the cells set aside as `name`, and every later thing placed
    /// `Pile(name)` goes on that same cell (a niche's gems, its luckstone,
    /// and the mimic lying on them).
    Pile(String),
}

impl Place {
    /// The name of the cells it goes on, if it names any.
    pub fn spot(&self) -> Option<&str> {
        match self {
            Place::Random => None,
            Place::At(name) | Place::Pile(name) => Some(name),
        }
    }
}

/// A trap of a given kind on a given cell (NetHack's `des.trap("level
/// teleport", place[2])`), always there.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FixedTrap {
    /// The trap row's id.
    pub kind: String,
    /// Where: `At(name)` or `Pile(name)`.
    pub at: Place,
}

/// One line of a stocking list: how many, of which kinds.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spawn {
    /// From `.0` to `.1`, drawn when they differ.
    pub count: (u32, u32),
    /// Each one is a kind drawn from this list (repeat a kind to weight it).
    /// For monsters, an entry of one character is a random monster of that
    /// class (`"G"`: NetHack's `des.monster("G")`), drawn by its rows'
    /// `frequency` and `difficulty` at the level's difficulty.
    pub one_of: Vec<String>,
    /// How much each entry of `one_of` weighs, in its order (NetHack's
    /// shop odds: `weights: [30, 44, 5]`); empty: each alike.
    #[serde(default)]
    pub weights: Vec<u32>,
    /// Booty: the gang's leader, who goes to the bottom level (NetHack's
    /// `ORC_LEADER`); the others spread over the levels below.
    #[serde(default)]
    pub leader: bool,
    #[serde(default)]
    /// Where each one goes.
    pub at: Place,
    /// Monsters: stocked peaceful (they don't attack, and you are asked
    /// before you attack them), whoever you are (NetHack's `peaceful = 1`).
    #[serde(default)]
    pub peaceful: bool,
    /// Monsters: stocked hostile, whoever you are (NetHack's `peaceful =
    /// 0`). A line that says neither leaves it to your race and alignment
    /// (`peace_minded`).
    #[serde(default)]
    pub hostile: bool,
    /// Monsters: stocked peaceful for the nameless hero of a run without a
    /// hero (journals from before heroes), as the line was then; a hero's
    /// race and alignment decide instead.
    #[serde(default)]
    pub peaceful_to_nameless: bool,
    /// Items: for sale, at their row's price.
    #[serde(default)]
    pub for_sale: bool,
    /// Items: how many in each pile (gold pieces), drawn when a range.
    #[serde(default)]
    pub amount: Option<(u32, u32)>,
    /// Draw this line from a stream of its own, named here, rather than the
    /// level's contents stream: a line added this way leaves everything else
    /// on the level where it was.
    #[serde(default)]
    pub stream: Option<String>,
    /// Only when the kind's roll of this name came up (`rolls`): the lines
    /// of a shop that is there nine times in ten share one roll.
    #[serde(default)]
    pub when: Option<String>,
    /// Monsters: it poses as this item (a mimic as a luckstone) until it is
    /// touched or searched out.
    #[serde(default)]
    pub poses_as: Option<String>,
    /// Stocked in a run of the nameless hero (from before heroes); false
    /// for the lines that came with heroes (Alley Town's wand shop and its
    /// keeper), so those runs' levels stay as they were. A line skipped so
    /// draws nothing.
    #[serde(default = "yes")]
    pub to_nameless: bool,
    /// Stocked in a hero's run; false for a line kept only so the nameless
    /// hero's levels stay as they were, where a hero's line replaces it
    /// (College Town's bookshop of scrolls, which holds books for heroes).
    #[serde(default = "yes")]
    pub to_heroes: bool,
}

impl Spawn {
    /// How many, drawn as NetHack's `rn1(hi - lo + 1, lo)` when it is a range.
    pub(crate) fn roll_count(&self, rng: &mut MineRng) -> u32 {
        super::dice::between(rng, self.count)
    }

    /// Which of `one_of`, drawn only when there is a choice (by `weights`
    /// when it has them).
    pub(crate) fn roll_pick(&self, rng: &mut MineRng) -> usize {
        if self.one_of.len() == 1 {
            return 0;
        }
        if self.weights.is_empty() {
            return rng.rn2(self.one_of.len() as u64) as usize;
        }
        let total: u32 = self.weights.iter().sum();
        let mut left = rng.rn2(u64::from(total)) as u32;
        for (i, &w) in self.weights.iter().enumerate() {
            if left < w {
                return i;
            }
            left -= w;
        }
        self.one_of.len() - 1
    }
}

/// One level kind.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KindRow {
    /// The code that makes its map: see `src/dungeon/kinds/`.
    pub builder: String,
    /// The generator's recipe; None: the filler's (see [`super::setup::RunSetup`]).
    #[serde(default, deserialize_with = "pipeline_field")]
    pub pipeline: Option<Pipeline>,
    /// How the status line names it; None: "level D of N".
    #[serde(default)]
    pub title: Option<String>,
    /// Said whenever the player arrives.
    #[serde(default)]
    pub on_arrival: Option<String>,
    /// The builder's own settings, in the content file's notation, read and
    /// checked by the builder itself (the `drawn` builder's map); None: it
    /// takes none.
    #[serde(default, deserialize_with = "raw_text")]
    pub settings: Option<String>,
    /// How often a level of this kind is lit.
    pub lit: Light,
    /// How many random traps it gets (NetHack's `des.trap()` lines), each a
    /// kind allowed at the level's difficulty on a random floor cell.
    #[serde(default)]
    pub traps: u32,
    /// Its boulders; None: it gets none.
    #[serde(default)]
    pub boulders: Option<BoulderLine>,
    #[serde(default)]
    /// The stocking lines for items, drawn in order.
    pub items: Vec<Spawn>,
    #[serde(default)]
    /// The stocking lines for monsters, drawn in order.
    pub monsters: Vec<Spawn>,
    /// Named rolls, each a percent drawn once a level before any line
    /// (NetHack's `chance=90` on a shop room, `percent(75)` on a house): a
    /// line `when: Some(name)` is stocked only when its roll came up.
    #[serde(default)]
    pub rolls: BTreeMap<String, u32>,
    /// Traps of given kinds on given cells, besides the random ones.
    #[serde(default)]
    pub fixed_traps: Vec<FixedTrap>,
    /// Magic mapping fails here (NetHack's `nommap` flag).
    #[serde(default)]
    pub no_mapping: bool,
    /// What a level of this kind sends down to the levels below it.
    #[serde(default)]
    pub booty: Option<Booty>,
    /// Gold and gems in its solid rock, as NetHack's `mineralize` leaves
    /// them on every Mines level but the towns (`src/dungeon/kinds/treasure.rs`).
    #[serde(default)]
    pub buried_treasure: bool,
}

/// Monsters that left a level for the ones below it, carrying what they
/// took (NetHack's `stolen_booty`: the orcs that sacked Orcish Town). Each
/// monster goes to a level below, each as likely; each item to one of them.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Booty {
    /// Who went (only `count`, `one_of`, `weights`, `hostile` and `leader`
    /// are read).
    pub monsters: Vec<Spawn>,
    /// What they carry (only `count` and `one_of` are read; a class or
    /// `random` draws an object).
    pub carry: Vec<Spawn>,
}

/// A depth in the plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum Depth {
    /// The bottom level.
    Last,
    /// This depth.
    At(usize),
    /// Drawn from the run's seed, `a` to `b`.
    Between(usize, usize),
}

impl Depth {
    /// The depths it can be in a mines of `levels` levels, lowest first.
    pub fn range(self, levels: usize) -> (usize, usize) {
        match self {
            Depth::Last => (levels, levels),
            Depth::At(d) => (d, d),
            Depth::Between(a, b) => (a, b),
        }
    }
}

/// A kind that goes at a given depth: one kind, or a place with variants
/// of which each run gets one (NetHack's Minetown, one of seven maps).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Special {
    /// The kind's name among the kinds; or, with `one_of`, the place's name
    /// (`"minetown"`), which `--minetown NAME` and the catalogue's column
    /// use.
    pub kind: String,
    /// Where it goes.
    pub at: Depth,
    /// The place's variants, kinds among the kinds: a run gets one of them,
    /// each as likely (NetHack's `rnd(rndlevs)`), drawn after the rest of
    /// the plan. Empty: the place is the kind `kind`.
    #[serde(default)]
    pub one_of: Vec<String>,
}

impl Special {
    /// The kinds this place can be.
    pub fn choices(&self) -> Vec<&str> {
        if self.one_of.is_empty() {
            vec![self.kind.as_str()]
        } else {
            self.one_of.iter().map(String::as_str).collect()
        }
    }

    /// Does it have variants to choose from?
    pub fn varies(&self) -> bool {
        !self.one_of.is_empty()
    }
}

/// Which kind each depth gets.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanRow {
    /// How many levels the mines have, drawn when a range.
    pub levels: (usize, usize),
    /// The kind of every level no special takes: the filler.
    pub default: String,
    #[serde(default)]
    /// The kinds that go at given depths.
    pub special: Vec<Special>,
    /// The level of the main dungeon the mines leave from, drawn when a range
    /// (NetHack's branch: 2 to 4). Mines level 1 is the dungeon level below
    /// it; a level's difficulty is its dungeon level.
    #[serde(default)]
    pub branch: (usize, usize),
}

/// The most levels a plan may give the mines.
pub const MAX_LEVELS: usize = 64;

/// The whole file.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    welcome: String,
    player: PlayerRow,
    #[serde(default)]
    hero: HeroRows,
    monsters: Vec<MonsterRow>,
    items: Vec<ItemRow>,
    #[serde(default)]
    traps: Vec<TrapRow>,
    #[serde(default)]
    boulder: Option<BoulderRow>,
    #[serde(default)]
    object_classes: Vec<ClassOdds>,
    #[serde(default)]
    appearances: BTreeMap<char, Vec<(String, Rgb)>>,
    kinds: BTreeMap<String, KindRow>,
    plan: PlanRow,
}

/// Content read and checked: every name a row refers to exists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Content {
    welcome: String,
    player: PlayerRow,
    heroes: HeroRows,
    monsters: Vec<MonsterRow>,
    items: Vec<ItemRow>,
    traps: Vec<TrapRow>,
    boulder: Option<BoulderRow>,
    object_classes: Vec<ClassOdds>,
    /// Each class's looks and their colours, shuffled over its `shuffled`
    /// rows per run.
    appearances: BTreeMap<char, Vec<(String, Rgb)>>,
    /// Kinds by name, in name order.
    kinds: Vec<(String, KindRow)>,
    plan: PlanRow,
    hash: u64,
}

/// A content file that can't be used, with where the trouble is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContentError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1.
    pub column: usize,
    /// What is wrong, in one line.
    pub message: String,
}

impl fmt::Display for ContentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for ContentError {}

fn raw_text<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let raw = Box::<ron::value::RawValue>::deserialize(d)?;
    Ok(Some(raw.get_ron().trim().to_string()))
}

fn pipeline_field<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Pipeline>, D::Error> {
    let text: Option<String> = Option::deserialize(d)?;
    text.map(|t| t.parse::<Pipeline>().map_err(serde::de::Error::custom))
        .transpose()
}

pub use super::seeds::fnv1a64;

impl Content {
    /// Read a content file's text and check its rows: names, ranges and
    /// bounds. What only a level kind can check (its builder, its settings,
    /// its spots) is checked by [`Content::parse`], a layer up.
    pub(crate) fn parse_rows(text: &str) -> Result<Content, ContentError> {
        let file: File = ron::Options::default().from_str(text).map_err(|e| {
            let message = e.code.to_string();
            ContentError {
                line: e.span.start.line,
                column: e.span.start.col,
                message: message.lines().next().unwrap_or_default().to_string(),
            }
        })?;
        let content = Content {
            welcome: file.welcome,
            player: file.player,
            heroes: file.hero,
            monsters: file.monsters,
            items: file.items,
            traps: file.traps,
            boulder: file.boulder,
            object_classes: file.object_classes,
            appearances: file.appearances,
            kinds: file.kinds.into_iter().collect(),
            plan: file.plan,
            hash: fnv1a64(text.as_bytes()),
        };
        content.check(text)?;
        Ok(content)
    }

    /// What the message line says when a run begins.
    pub fn welcome(&self) -> &str {
        &self.welcome
    }

    /// You.
    pub fn player(&self) -> &PlayerRow {
        &self.player
    }

    /// Who a hero may be: the races and roles.
    pub fn heroes(&self) -> &HeroRows {
        &self.heroes
    }

    /// Every monster row, in the file's order ([`MonsterKind`] indexes it).
    pub fn monsters(&self) -> &[MonsterRow] {
        &self.monsters
    }

    /// Every item row, in the file's order ([`ItemKind`] indexes it).
    pub fn items(&self) -> &[ItemRow] {
        &self.items
    }

    /// Every trap row, in the file's order ([`TrapKind`] indexes it).
    pub fn traps(&self) -> &[TrapRow] {
        &self.traps
    }

    /// The row of trap kind `k`.
    pub fn trap(&self, k: TrapKind) -> &TrapRow {
        &self.traps[k.0 as usize]
    }

    /// The trap kind whose row has id `id`.
    pub fn trap_kind(&self, id: &str) -> Option<TrapKind> {
        self.traps
            .iter()
            .position(|t| t.id == id)
            .map(|i| TrapKind(i as u16))
    }

    /// Each object class's odds of being a random object's class.
    pub fn object_classes(&self) -> &[ClassOdds] {
        &self.object_classes
    }

    /// How an item of kind `k` comes out blessed or cursed when made: its
    /// row's, else its class's.
    pub fn curse_odds(&self, k: ItemKind) -> CurseOdds {
        let row = self.item(k);
        row.curses.unwrap_or_else(|| {
            self.object_classes
                .iter()
                .find(|c| c.class == row.glyph)
                .map_or(CurseOdds::Never, |c| c.curses)
        })
    }

    /// The looks (and their colours) of class `class` that its `shuffled`
    /// rows are dealt, per run.
    pub fn appearances(&self, class: char) -> &[(String, Rgb)] {
        self.appearances.get(&class).map_or(&[], |v| v.as_slice())
    }

    /// How boulders look; None: the content has none.
    pub fn boulder(&self) -> Option<&BoulderRow> {
        self.boulder.as_ref()
    }

    /// Every level kind with its name, in name order ([`KindId`] indexes it).
    pub fn kinds(&self) -> &[(String, KindRow)] {
        &self.kinds
    }

    /// Which kind each depth gets.
    pub fn plan(&self) -> &PlanRow {
        &self.plan
    }

    /// FNV-1a (64-bit) of the file's bytes, as replays record it.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash as replays write it: 16 hex digits.
    pub fn hash_text(&self) -> String {
        format!("{:016x}", self.hash)
    }

    /// The row of monster kind `k`.
    pub fn monster(&self, k: MonsterKind) -> &MonsterRow {
        &self.monsters[k.0 as usize]
    }

    /// The row of item kind `k`.
    pub fn item(&self, k: ItemKind) -> &ItemRow {
        &self.items[k.0 as usize]
    }

    /// The row of level kind `k`.
    pub fn kind(&self, k: KindId) -> &KindRow {
        &self.kinds[k.0 as usize].1
    }

    /// The name of level kind `k`.
    pub fn kind_name(&self, k: KindId) -> &str {
        &self.kinds[k.0 as usize].0
    }

    /// What the corpse of monster kind `of` is called: "gnome corpse" (a
    /// gnome zombie's too).
    pub fn corpse_name(&self, of: MonsterKind) -> String {
        let row = self.monster(of);
        let living = row.corpse.as_ref().and_then(|c| c.of.as_deref());
        format!("{} corpse", living.unwrap_or(&row.name))
    }

    /// The item row corpses are made of (the one whose effect is `Corpse`).
    pub fn corpse_kind(&self) -> Option<ItemKind> {
        self.items
            .iter()
            .position(|i| i.on_pick_up.is_corpse())
            .map(|i| ItemKind(i as u16))
    }

    /// The monster kind whose row has id `id`.
    pub fn monster_kind(&self, id: &str) -> Option<MonsterKind> {
        self.monsters
            .iter()
            .position(|m| m.id == id)
            .map(|i| MonsterKind(i as u16))
    }

    /// The item kind whose row has id `id`.
    pub fn item_kind(&self, id: &str) -> Option<ItemKind> {
        self.items
            .iter()
            .position(|m| m.id == id)
            .map(|i| ItemKind(i as u16))
    }

    /// The level kind called `name`.
    pub(crate) fn kind_id(&self, name: &str) -> Option<KindId> {
        self.kinds
            .iter()
            .position(|(n, _)| n == name)
            .map(|i| KindId(i as u16))
    }

    /// Is `id` a monster class some row is made at random in (`"G"`)?
    pub(crate) fn is_class(&self, id: &str) -> bool {
        let mut chars = id.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => self
                .monsters
                .iter()
                .any(|m| m.glyph == c && m.frequency > 0),
            _ => false,
        }
    }

    /// The kind every level no special takes.
    pub fn filler(&self) -> KindId {
        self.kind_id(&self.plan.default)
            .expect("checked: the plan's default kind exists")
    }

    /// The tables of who and what is in the mines (docs/playing.md), from the rows.
    pub fn markdown_tables(&self) -> String {
        let p = &self.player;
        let mut out = String::from(
            "| who | glyph | level | speed | AC | hit points | attacks | role |\n\
             |---|---|---|---|---|---|---|---|\n",
        );
        out += &format!(
            "| you | `{}` | {} | {} | {}, less your armour's | {}, +1 every {} turns | d{}, or your weapon's | |\n",
            p.glyph,
            p.level,
            super::dice::ACTION_COST,
            p.ac,
            p.hp,
            p.regen_turns,
            p.damage
        );
        for m in &self.monsters {
            let role = m.role.describe();
            let hp = match m.hit_dice {
                0 => "1d4".to_string(),
                n => format!("{n}d{}", super::dice::HIT_DIE),
            };
            let attacks = match (m.damage, m.attacks.is_empty()) {
                (0, _) => "none".to_string(),
                (die, true) => format!("d{die}"),
                _ => m
                    .attacks
                    .iter()
                    .map(|a| a.describe())
                    .collect::<Vec<_>>()
                    .join(", "),
            };
            out += &format!(
                "| {} | `{}` | {} | {} | {} | {hp} | {attacks} | {role} |\n",
                m.name, m.glyph, m.level, m.speed, m.ac,
            );
        }
        out += "\n| item | glyph | looks like | price | made at random | made blessed or cursed | what it is |\n|---|---|---|---|---|---|---|\n";
        for (n, i) in self.items.iter().enumerate() {
            let curses = self.curse_odds(ItemKind(n as u16)).describe();
            let effect = i.on_pick_up.describe();
            let price = match &i.priced_as {
                Some((a, b)) => {
                    let name = |id: &str| {
                        self.item_kind(id)
                            .map_or(String::new(), |k| with_article(&self.item(k).name))
                    };
                    format!("unknown, {}'s or {}'s", name(a), name(b))
                }
                None if i.price > 0 => format!("{} zm", i.price),
                None => String::new(),
            };
            let look = if i.shuffled {
                "a look dealt per run"
            } else {
                i.seen_name()
            };
            let often = if i.frequency > 0 {
                i.frequency.to_string()
            } else {
                String::new()
            };
            out += &format!(
                "| {} | `{}` | {look} | {price} | {often} | {curses} | {effect} |\n",
                i.name, i.glyph
            );
        }
        if !self.traps.is_empty() {
            out += "\n| trap | glyph | from difficulty | damage | to-hit | holds | rule |\n|---|---|---|---|---|---|---|\n";
        }
        for t in &self.traps {
            let dice = t.damage.map_or(String::new(), |(n, s)| format!("{n}d{s}"));
            let to_hit = t.to_hit.map_or(String::new(), |h| h.to_string());
            let hold = t
                .hold
                .map_or(String::new(), |(a, b)| format!("{a}-{b} turns"));
            let kept = if t.kept_one_in > 1 {
                format!(" (kept 1 in {})", t.kept_one_in)
            } else {
                String::new()
            };
            out += &format!(
                "| {}{kept} | `{}` | {} | {dice} | {to_hit} | {hold} | {} |\n",
                t.name, t.glyph, t.from_difficulty, t.rule
            );
        }
        out
    }

    /// Every name a row refers to exists, and every number is within its
    /// bounds ([`bounds`]). `text` is the file, to point at the line of a bad
    /// row.
    fn check(&self, text: &str) -> Result<(), ContentError> {
        self.check_ids(text)?;
        self.check_traps(text)?;
        self.check_player(text)?;
        self.check_monsters(text)?;
        self.check_items(text)?;
        self.check_kinds(text)?;
        self.check_plan(text)
    }

    /// No two monster, item or trap rows share an id.
    fn check_ids(&self, text: &str) -> Result<(), ContentError> {
        let at = |needle: &str, message: String| ContentError::at(text, needle, message);
        unique(self.monsters.iter().map(|m| m.id.as_str()), "monster")
            .map_err(|(id, m)| at(&format!("\"{id}\""), m))?;
        unique(self.items.iter().map(|m| m.id.as_str()), "item")
            .map_err(|(id, m)| at(&format!("\"{id}\""), m))?;
        unique(self.traps.iter().map(|t| t.id.as_str()), "trap")
            .map_err(|(id, m)| at(&format!("\"{id}\""), m))?;
        Ok(())
    }

    /// Each trap row's numbers, and the item it leaves and the monster it
    /// brings.
    fn check_traps(&self, text: &str) -> Result<(), ContentError> {
        let at = |needle: &str, message: String| ContentError::at(text, needle, message);
        for t in &self.traps {
            bounds::trap(t)
                .map_err(|e| at(&format!("\"{}\"", t.id), format!("trap '{}': {e}", t.id)))?;
            if let Some(id) = &t.leaves
                && self.item_kind(id).is_none()
            {
                return Err(at(
                    &format!("\"{id}\""),
                    format!("trap '{}': leaves: no item with id '{id}'", t.id),
                ));
            }
            if let Some(id) = &t.brings
                && self.monster_kind(id).is_none()
            {
                return Err(at(
                    &format!("\"{id}\""),
                    format!("trap '{}': brings: no monster with id '{id}'", t.id),
                ));
            }
        }
        Ok(())
    }

    /// The boulder row, the player row and the heroes (whose starting kit
    /// and pets name items and monsters).
    fn check_player(&self, text: &str) -> Result<(), ContentError> {
        let at = |needle: &str, message: String| ContentError::at(text, needle, message);
        if let Some(b) = &self.boulder {
            bounds::tile(b.tile).map_err(|e| at("boulder", format!("boulder: {e}")))?;
        }
        let p = &self.player;
        bounds::player(p).map_err(|m| at("player", format!("player: {m}")))?;
        let makes_item = |id: &str| {
            let mut chars = id.chars();
            self.item_kind(id).is_some()
                || matches!((chars.next(), chars.next()), (Some(c), None)
                    if self.items.iter().any(|i| i.glyph == c && i.frequency > 0))
        };
        let monster_races = self
            .monsters
            .iter()
            .filter_map(|m| Some((m.id.as_str(), m.race.as_deref()?)));
        let makes_monster = |id: &str| self.monster_kind(id).is_some();
        self.heroes
            .check(makes_item, makes_monster, monster_races)
            .map_err(|m| at("hero", format!("hero: {m}")))?;
        Ok(())
    }

    /// Each monster row's numbers, and its tool and gear lines.
    fn check_monsters(&self, text: &str) -> Result<(), ContentError> {
        let at = |needle: &str, message: String| ContentError::at(text, needle, message);
        for m in &self.monsters {
            bounds::monster(m)
                .map_err(|e| at(&format!("\"{}\"", m.id), format!("monster '{}': {e}", m.id)))?;
            if let Some(id) = m.magic_from.iter().find(|id| self.item_kind(id).is_none()) {
                return Err(at(
                    &format!("\"{id}\""),
                    format!("monster '{}': magic_from: no item with id '{id}'", m.id),
                ));
            }
            crate::dungeon::outfit::check(&m.outfit).map_err(|e| {
                at(
                    &format!("\"{}\"", m.id),
                    format!("monster '{}': outfit: {e}", m.id),
                )
            })?;
            let outfit_ids = crate::dungeon::outfit::item_ids(&m.outfit);
            if let Some(id) = outfit_ids.iter().find(|id| self.item_kind(id).is_none()) {
                return Err(at(
                    &format!("\"{id}\""),
                    format!("monster '{}': outfit: no item with id '{id}'", m.id),
                ));
            }
            // Its tool line and its gear lines: chances within their draw,
            // items that exist.
            let lines = m.tool.iter().map(|l| ("tool", l));
            for (what, line) in lines.chain(m.gear.iter().map(|l| ("gear", l))) {
                let sum: u32 = line.chances.iter().map(|c| c.1).sum();
                let later = line.later_out_of.unwrap_or(line.out_of);
                if line.out_of == 0 || sum > line.out_of || sum > later {
                    return Err(at(
                        &format!("\"{}\"", m.id),
                        format!(
                            "monster '{}': {what} chances add up to {sum}, over out_of {}",
                            m.id, line.out_of
                        ),
                    ));
                }
                let thrown = line.throws.iter().flat_map(|(a, b, _)| [a, b]);
                for id in line.chances.iter().map(|c| &c.0).chain(thrown) {
                    if self.item_kind(id).is_none() {
                        return Err(at(
                            &format!("\"{id}\""),
                            format!("monster '{}': no item with id '{id}'", m.id),
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// Each item row's numbers, and enough appearances for each class's
    /// shuffled rows.
    fn check_items(&self, text: &str) -> Result<(), ContentError> {
        let at = |needle: &str, message: String| ContentError::at(text, needle, message);
        for i in &self.items {
            bounds::item(i)
                .map_err(|e| at(&format!("\"{}\"", i.id), format!("item '{}': {e}", i.id)))?;
            if let Some((a, b)) = &i.priced_as
                && let Some(id) = [a, b].into_iter().find(|id| self.item_kind(id).is_none())
            {
                return Err(at(
                    &format!("\"{}\"", i.id),
                    format!("item '{}': priced_as: no item with id '{id}'", i.id),
                ));
            }
            if i.shuffled {
                let dealt = self
                    .items
                    .iter()
                    .filter(|j| j.shuffled && j.glyph == i.glyph)
                    .count();
                let looks = self.appearances(i.glyph).len();
                if looks < dealt {
                    return Err(at(
                        &format!("\"{}\"", i.id),
                        format!(
                            "item '{}': class '{}' has {dealt} shuffled rows but {looks} appearances",
                            i.id, i.glyph
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    /// Each kind row's numbers, and the monsters and items its lines name.
    fn check_kinds(&self, text: &str) -> Result<(), ContentError> {
        let at = |needle: &str, message: String| ContentError::at(text, needle, message);
        for (name, kind) in &self.kinds {
            let row = |m: String| at(&format!("\"{name}\""), format!("kind '{name}': {m}"));
            bounds::kind(kind).map_err(row)?;
            if kind.boulders.is_some() && self.boulder.is_none() {
                return Err(row(
                    "it has boulders, but the file has no boulder row".into()
                ));
            }
            let no_lines = Vec::new();
            let (booty_items, booty_monsters) = kind
                .booty
                .as_ref()
                .map_or((&no_lines, &no_lines), |b| (&b.carry, &b.monsters));
            for (list, is_monster) in [
                (&kind.items, false),
                (&kind.monsters, true),
                (booty_items, false),
                (booty_monsters, true),
            ] {
                for spawn in list {
                    for id in &spawn.one_of {
                        let known = if is_monster {
                            self.monster_kind(id).is_some() || self.is_class(id)
                        } else {
                            // A class or any object is checked by the kinds
                            // (`kinds::objects`), a layer up.
                            self.item_kind(id).is_some()
                                || id == "random"
                                || id.chars().count() == 1
                        };
                        if !known {
                            let what = if is_monster { "monster" } else { "item" };
                            return Err(at(
                                &format!("\"{id}\""),
                                format!("kind '{name}': no {what} with id '{id}'"),
                            ));
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// The plan's level counts and branch, the kinds it names, and that its
    /// special levels fit every level count it can draw.
    fn check_plan(&self, text: &str) -> Result<(), ContentError> {
        let at = |needle: &str, message: String| ContentError::at(text, needle, message);
        let plan = &self.plan;
        let (lo, hi) = plan.levels;
        if lo < 1 || lo > hi || hi > MAX_LEVELS {
            return Err(at(
                "levels",
                format!("plan: levels ({lo}, {hi}) needs 1 <= lo <= hi <= {MAX_LEVELS}"),
            ));
        }
        let named = |kind: &str| {
            self.kind_id(kind).map(|_| ()).ok_or_else(|| {
                at(
                    &format!("\"{kind}\""),
                    format!("plan: no kind '{kind}' among the kinds"),
                )
            })
        };
        let (a, b) = plan.branch;
        if a > b || b > MAX_LEVELS {
            return Err(at(
                "branch",
                format!("plan: branch ({a}, {b}) needs lo <= hi <= {MAX_LEVELS}"),
            ));
        }
        named(&plan.default)?;
        for s in &plan.special {
            for kind in s.choices() {
                named(kind)?;
            }
        }
        for (i, s) in plan.special.iter().enumerate() {
            if plan.special[..i].iter().any(|t| t.kind == s.kind) {
                return Err(at(
                    &format!("\"{}\"", s.kind),
                    format!("plan: '{}' is in the plan twice", s.kind),
                ));
            }
        }
        // Every level count the plan can draw: each special fits, and no two
        // can fall on the same depth.
        for n in lo..=hi {
            let mut used: Vec<(usize, usize)> = Vec::new();
            for s in &plan.special {
                let (a, b) = s.at.range(n);
                if a < 1 || a > b || b > n {
                    return Err(at(
                        &format!("\"{}\"", s.kind),
                        format!(
                            "plan: '{}' at {:?} does not fit in {n} levels",
                            s.kind, s.at
                        ),
                    ));
                }
                if used.iter().any(|&(c, d)| c <= b && a <= d) {
                    return Err(at(
                        &format!("\"{}\"", s.kind),
                        format!(
                            "plan: '{}' can fall on the same depth as another kind",
                            s.kind
                        ),
                    ));
                }
                used.push((a, b));
            }
        }
        Ok(())
    }
}

/// The bounds of every number in a content row: below them the rules make no
/// sense (a monster of speed 0 never acts), above them a game can't live
/// (a monster of speed 10,000 acts 800 times a turn; a pile of four billion
/// gold pieces overflows the purse).
mod bounds {
    use crate::dungeon::content::{ItemRow, KindRow, Light, MonsterRow, PlayerRow, TrapRow};

    /// Experience levels, for you and the monsters.
    const LEVEL: (i32, i32) = (0, 50);
    /// Armour class, NetHack's -128 to 127 narrowed to what the d20 can tell.
    const AC: (i32, i32) = (-40, 40);
    /// Your hit points.
    const HP: (i32, i32) = (1, 100_000);
    /// The die of one blow.
    const DAMAGE: (u32, u32) = (1, 1000);
    /// Turns between two regained hit points.
    const REGEN: (u64, u64) = (1, 100_000);
    /// NetHack's movement: 12 is one action a turn; 120 is ten.
    const SPEED: (u32, u32) = (0, 120);
    /// A monster's hit dice (NetHack's levels go up to 49 or so).
    const HIT_DICE: (u32, u32) = (0, 100);
    /// A tile of the tileset.
    const TILE: (u32, u32) = (0, 4095);
    /// A shop's price, in zorkmids.
    const PRICE: (u32, u32) = (0, 1_000_000);
    /// How many of a stocking line on one level.
    const COUNT: (u32, u32) = (0, 1000);
    /// The pieces of one pile.
    const AMOUNT: (u32, u32) = (1, 100_000);
    /// The `b` of a light chance `a` in `b`.
    const CHANCE: (u32, u32) = (1, 1_000_000);
    /// Random traps on one level.
    const TRAPS: (u32, u32) = (0, 1000);
    /// A trap's dice: how many, and their sides.
    const DICE: (u32, u32) = (1, 100);
    /// Turns a trap holds you (a sleeping-gas trap's are turns you lose).
    const HOLD: (u32, u32) = (1, 1000);
    /// A trap's to-hit, NetHack's `thitu` level.
    const TO_HIT: (i32, i32) = (-40, 60);
    /// The one-in of a trap kept when drawn.
    const ONE_IN: (u32, u32) = (1, 1000);
    /// A level difficulty.
    const DIFFICULTY: (u32, u32) = (0, 200);
    /// Nutrition at the start: from one turn's worth to NetHack's choking
    /// point.
    const NUTRITION: (i32, i32) = (1, 2000);

    pub(super) fn tile(t: u32) -> Result<(), String> {
        within("tile", t, TILE)
    }

    pub(super) fn trap(t: &TrapRow) -> Result<(), String> {
        within("tile", t.tile, TILE)?;
        within("from_difficulty", t.from_difficulty, DIFFICULTY)?;
        within("kept_one_in", t.kept_one_in, ONE_IN)?;
        if let Some((n, sides)) = t.damage {
            within("damage's dice", n, DICE)?;
            within("damage's sides", sides, DICE)?;
        }
        if let Some(h) = t.to_hit {
            within("to_hit", h, TO_HIT)?;
        }
        if let Some((lo, hi)) = t.hold {
            within("hold's low end", lo, HOLD)?;
            within("hold's high end", hi, (lo, HOLD.1))?;
        }
        Ok(())
    }

    fn within<T: PartialOrd + std::fmt::Display>(
        field: &str,
        value: T,
        (lo, hi): (T, T),
    ) -> Result<(), String> {
        if value < lo || value > hi {
            Err(format!("{field} {value} is not in {lo} to {hi}"))
        } else {
            Ok(())
        }
    }

    pub(super) fn player(p: &PlayerRow) -> Result<(), String> {
        within("tile", p.tile, TILE)?;
        within("hp", p.hp, HP)?;
        within("level", p.level, LEVEL)?;
        within("ac", p.ac, AC)?;
        within("damage", p.damage, DAMAGE)?;
        within("regen_turns", p.regen_turns, REGEN)?;
        within("nutrition", p.nutrition, NUTRITION)
    }

    pub(super) fn monster(m: &MonsterRow) -> Result<(), String> {
        within("tile", m.tile, TILE)?;
        within("level", m.level, LEVEL)?;
        within("speed", m.speed, SPEED)?;
        within("ac", m.ac, AC)?;
        within("hit_dice", m.hit_dice, HIT_DICE)?;
        within("tentacles", m.tentacles, (0, 8))?;
        if let Some((n, sides)) = m.explodes {
            within("explodes' dice", n, DICE)?;
            within("explodes' sides", sides, DICE)?;
        }
        if m.damage == 0 {
            return Ok(());
        }
        within("damage", m.damage, DAMAGE)
    }

    pub(super) fn item(i: &ItemRow) -> Result<(), String> {
        within("tile", i.tile, TILE)?;
        within("price", i.price, PRICE)?;
        i.on_pick_up.check().map_err(|e| format!("on_pick_up: {e}"))
    }

    pub(super) fn kind(kind: &KindRow) -> Result<(), String> {
        if let Light::Chance(a, b) = kind.lit {
            within("lit Chance's b", b, CHANCE)?;
            within("lit Chance's a", a, (0, b))?;
        }
        within("traps", kind.traps, TRAPS)?;
        if let Some(b) = &kind.boulders {
            within("boulders' percent", b.percent, (0, 100))?;
            within("boulders' low end", b.count.0, COUNT)?;
            within("boulders' high end", b.count.1, (b.count.0, COUNT.1))?;
        }
        let booty = kind
            .booty
            .iter()
            .flat_map(|b| b.monsters.iter().chain(&b.carry));
        for spawn in kind.items.iter().chain(&kind.monsters).chain(booty) {
            let (lo, hi) = spawn.count;
            within("count's low end", lo, COUNT)?;
            within("count's high end", hi, (lo, COUNT.1))?;
            if spawn.one_of.is_empty() {
                return Err("an empty one_of list".into());
            }
            if !spawn.weights.is_empty()
                && (spawn.weights.len() != spawn.one_of.len()
                    || spawn.weights.iter().sum::<u32>() == 0)
            {
                return Err(format!(
                    "weights {:?}: one for each of one_of's {} entries, not all 0",
                    spawn.weights,
                    spawn.one_of.len()
                ));
            }
            if let Some((lo, hi)) = spawn.amount {
                within("amount's low end", lo, AMOUNT)?;
                within("amount's high end", hi, (lo, AMOUNT.1))?;
            }
        }
        Ok(())
    }
}

impl ContentError {
    /// An error at the first place `needle` stands in `text`.
    pub(crate) fn at(text: &str, needle: &str, message: String) -> ContentError {
        let (line, column) = locate(text, needle);
        ContentError {
            line,
            column,
            message,
        }
    }
}

/// The first id that occurs twice.
fn unique<'a>(ids: impl Iterator<Item = &'a str>, what: &str) -> Result<(), (String, String)> {
    let mut seen = std::collections::HashSet::new();
    for id in ids {
        if !seen.insert(id) {
            return Err((id.to_string(), format!("two {what}s with id '{id}'")));
        }
    }
    Ok(())
}

/// Line and column (1-based) of the first `needle` in `text`, or (1, 1).
fn locate(text: &str, needle: &str) -> (usize, usize) {
    let Some(at) = text.find(needle) else {
        return (1, 1);
    };
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_content_reads() {
        let c = Content::built_in();
        let tables = c.markdown_tables();
        for m in &c.monsters {
            assert!(tables.contains(&format!("| {} | `{}` |", m.name, m.glyph)));
        }
        assert_eq!(c.kind_name(c.filler()), "filler");
        assert_eq!(
            c.kind(c.filler()).pipeline.as_ref().unwrap(),
            &Pipeline::nethack()
        );
        assert_eq!(c.hash(), fnv1a64(BUILT_IN.as_bytes()));
    }

    #[test]
    fn fnv1a_matches_its_published_values() {
        // From the FNV reference test vectors.
        assert_eq!(fnv1a64(b""), 0xcbf29ce484222325);
        assert_eq!(fnv1a64(b"a"), 0xaf63dc4c8601ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x85944171f73967e8);
    }

    #[test]
    fn broken_files_name_line_and_column() {
        let e = Content::parse("(welcome: \"hi\",\n player: oops)").unwrap_err();
        assert_eq!(e.line, 2);
        let bad_ref = BUILT_IN.replacen("one_of: [\"gnome_lord\"]", "one_of: [\"gnome_lordd\"]", 1);
        let e = Content::parse(&bad_ref).unwrap_err();
        assert!(
            e.message.contains("no monster with id 'gnome_lordd'"),
            "{e}"
        );
        assert_eq!((e.line, e.column), locate(&bad_ref, "\"gnome_lordd\""));
        let bad_pipe = BUILT_IN.replacen("buffered:KKKKKRKKK", "buffered:KKKKKRKK", 1);
        let e = Content::parse(&bad_pipe).unwrap_err();
        assert!(e.message.contains("8 fates, need 9"), "{e}");
        let dup = BUILT_IN.replacen("id: \"hobbit\"", "id: \"dwarf\"", 1);
        assert!(
            Content::parse(&dup)
                .unwrap_err()
                .message
                .contains("two monsters")
        );
    }

    #[test]
    fn articles_follow_the_name() {
        let c = Content::built_in();
        let gem = c.item(c.item_kind("ruby").unwrap());
        assert_eq!(gem.a_name(), "a ruby");
        let mut orange = gem.clone();
        orange.name = "orange gem".into();
        assert_eq!(orange.a_name(), "an orange gem");
    }
}
