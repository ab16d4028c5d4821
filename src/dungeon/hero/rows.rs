//! The hero's rows in the content file (its `hero` section): the races and
//! the roles, as NetHack 3.7's `role.c` has them, and a monster row's temper.
//! Plain data, read by the choosing (`choose.rs`) and `peace_minded`
//! (`peace.rs`).

use serde::Deserialize;

use crate::dungeon::hero::attributes::{Attribute, Six};
use crate::dungeon::hero::experience::Advance;
use crate::dungeon::skills::{Skill, SkillLevel};

/// The content file's `hero` section: who you may be.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeroRows {
    /// Armour class before armour (NetHack's 10).
    pub ac: i32,
    /// A blow without a weapon does 1 to this (NetHack's d2).
    pub bare_hands: u32,
    /// The races, NetHack's order.
    pub races: Vec<RaceRow>,
    /// The roles offered, NetHack's order.
    pub roles: Vec<RoleRow>,
    /// The pets a role without its own gets one of, each as likely
    /// (NetHack's kitten and little dog), as monster ids.
    #[serde(default)]
    pub pets: Vec<String>,
}

/// One race (NetHack's `struct Race`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RaceRow {
    /// What `--race` and the journal call it (`"gnome"`); a monster row's
    /// `race` names it too.
    pub id: String,
    /// As a word before a role ("gnomish").
    pub adjective: String,
    /// Hit points it adds at the start and each level (NetHack's `hpadv`).
    pub hp: Advance,
    /// Power it adds at the start and each level (NetHack's `enadv`).
    pub energy: Advance,
    /// The least of each attribute, Str Int Wis Dex Con Cha (`attrmin`).
    pub attribute_min: Six,
    /// The most of each (`attrmax`; strength 18/100 is 118).
    pub attribute_max: Six,
    /// The alignments it may have.
    pub alignments: Vec<Alignment>,
    /// Its home is the Mines (NetHack's gnomes and dwarves): two in three of
    /// its own race's monsters placed there are random monsters instead
    /// (`sp_lev.c`, `create_monster`).
    #[serde(default)]
    pub mines_home: bool,
    /// It sees warm monsters in the dark (every race but human).
    #[serde(default)]
    pub infravision: bool,
    /// It may eat its own kind without shame (an orc: NetHack's
    /// `CANNIBAL_ALLOWED`).
    #[serde(default)]
    pub cannibal: bool,
    /// The races whose monsters are peaceful to it (`lovemask`).
    #[serde(default)]
    pub loves: Vec<String>,
    /// The races whose monsters are hostile to it (`hatemask`).
    #[serde(default)]
    pub hates: Vec<String>,
    /// What it is given at which experience level (NetHack's orcs resist
    /// poison from level 1).
    #[serde(default)]
    pub intrinsics: Vec<(u32, Intrinsic)>,
    /// How big a hero of it is (NetHack's `msize`: a gnome Small, the rest
    /// Medium): a monster two sizes bigger may knock it back.
    #[serde(default)]
    pub size: crate::dungeon::size::Size,
    /// Its own kinds of a kit's items (`inv_subs`: a dwarf's dwarvish
    /// spear for a spear, an orc's orcish ring mail for ring mail), as item
    /// ids (from, to).
    #[serde(default)]
    pub substitutes: Vec<(String, String)>,
    /// What it adds to every kit (an orc's two more foods, NetHack's
    /// `Xtra_food`).
    #[serde(default)]
    pub kit: Vec<KitLine>,
}

/// One role (NetHack's `struct Role`), with what of it this game can use.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoleRow {
    /// What `--role` and the journal call it (`"valkyrie"`).
    pub id: String,
    /// What the status line calls it ("Valkyrie").
    pub name: String,
    /// Hit points at the start and each level, before the race's
    /// (`hpadv`).
    pub hp: Advance,
    /// Power at the start and each level, before the race's (`enadv`).
    pub energy: Advance,
    /// The level from which a level brings the high parts of `hp` and
    /// `energy` (`xlev`).
    pub cutoff: u32,
    /// The share of a level's power the role keeps (`enermod`): 3/4 for a
    /// Valkyrie or Barbarian.
    #[serde(default = "whole")]
    pub energy_share: (i32, i32),
    /// Each attribute's least at the start, Str Int Wis Dex Con Cha
    /// (`attrbase`).
    pub attributes: Six,
    /// The odds in 100 that each of the rest of the 75 points goes to each
    /// attribute (`attrdist`).
    pub attribute_odds: Six,
    /// The nine rank titles, levels 1–2 first (`rank`).
    pub ranks: Vec<String>,
    /// How far it may take each skill (`Skill_*`); any not named is
    /// restricted.
    pub skills: Vec<(Skill, SkillLevel)>,
    /// Its bare hands are martial arts (the Samurai's).
    #[serde(default)]
    pub martial_arts: bool,
    /// It fights best with no body armour, weapon or shield: its level
    /// over 3, plus 2, to hit then, and its casting's armour penalty less
    /// in body armour (a Monk's, `find_roll_to_hit`).
    #[serde(default)]
    pub fights_unarmoured: bool,
    /// It eats no meat (a Monk, NetHack's herbivore): a corpse or meat
    /// eaten makes it feel guilty and costs a point of alignment, each
    /// time, and a corpse always tastes terrible.
    #[serde(default)]
    pub vegetarian: bool,
    /// The races it may be.
    pub races: Vec<String>,
    /// The alignments it may have.
    pub alignments: Vec<Alignment>,
    /// Its starting alignment record (`initrecord`), which `peace_minded`'s
    /// roll reads.
    #[serde(default)]
    pub record: i32,
    /// What it is given at which experience level (`role.c`'s and
    /// `attrib.c`'s tables: a Valkyrie's cold resistance at 1, stealth at
    /// 3, speed at 7).
    #[serde(default)]
    pub intrinsics: Vec<(u32, Intrinsic)>,
    /// What it starts with (`u_init.c`), as item ids of the content (or an
    /// object class, `"%"`, for as many random ones); the first weapon is
    /// wielded and armour worn.
    #[serde(default)]
    pub kit: Vec<KitLine>,
    /// One kit or another (the Barbarian's: a two-handed sword and an axe,
    /// or half the time a battle-axe and a short sword): when a draw below
    /// 100 comes to `at_least` or more, each item `swap` names is swapped.
    #[serde(default)]
    pub variant: Option<KitVariant>,
    /// Something more, now and then (`u_init.c`'s `if (!rn2(10)) ... else
    /// if (!rn2(4)) ...`): each tried in turn, one time in `one_in`, until
    /// one is given.
    #[serde(default)]
    pub extras: Vec<Extra>,
    /// Item ids a random kit item of this role is never (a Monk's scroll
    /// is never enchant weapon: `ini_inv_mkobj_filter`).
    #[serde(default)]
    pub never_given: Vec<String>,
    /// Gold pieces it starts with, drawn from `.0` to `.1` (the Tourist's
    /// `rnd(1000)`).
    #[serde(default)]
    pub gold: Option<(u32, u32)>,
    /// Its own pet, a monster id (the Caveman's and Samurai's little dog);
    /// None: one of the hero rows' `pets`.
    #[serde(default)]
    pub pet: Option<String>,
    /// What its little dog is called (NetHack's default dog names: the
    /// Caveman's Slasher, the Samurai's Hachi, the Barbarian's Idefix).
    #[serde(default)]
    pub dog_name: Option<String>,
    /// How its spells go (`role.c`'s `spelbase` to `spelsbon`).
    #[serde(default)]
    pub casting: Casting,
    /// Item ids whose kinds it knows from the start besides its kit's
    /// (`u_init.c`'s `knows_object`: a Healer's potion of full healing).
    #[serde(default)]
    pub knows: Vec<String>,
    /// What a level that gives or takes an intrinsic says, where this
    /// role's words are its own (`role.c`'s tables: a Monk feels healthy
    /// where a Tourist feels hardy): (intrinsic, gained, lost).
    #[serde(default)]
    pub feels: Vec<(Intrinsic, String, String)>,
    /// It is a caitiff to strike a fleeing or helpless monster, not
    /// undead, while lawful: "You caitiff!" and a point of alignment (a
    /// Knight's, `check_caitiff`).
    #[serde(default)]
    pub chivalrous: bool,
    /// It dishonours itself striking a peaceful monster: "You dishonorably
    /// attack the innocent!" and a point of alignment (a Samurai's).
    #[serde(default)]
    pub honourable: bool,
    /// Its weapon strikes a fleeing monster from behind for 1 to its level
    /// more (a Rogue's, `hmon_hitmon_weapon_melee`).
    #[serde(default)]
    pub backstabs: bool,
    /// A potion of sickness does it no harm ("Fortunately, you have been
    /// immunized.": a Healer).
    #[serde(default)]
    pub immunized: bool,
    /// It sees every thing's blessing (a Priest).
    #[serde(default)]
    pub sees_blessings: bool,
    /// It may eat its own kind, and cats and dogs, without shame (a
    /// Caveman: NetHack's `CANNIBAL_ALLOWED`).
    #[serde(default)]
    pub cannibal: bool,
    /// It knows a spellbook by its look when the book's level is within
    /// what its skill in the book's school reaches: level 1 Unskilled, 3
    /// Basic, 5 Skilled, 7 Expert; from the start and at each advance (a
    /// Wizard's, NetHack's `skill_based_spellbook_id`).
    #[serde(default)]
    pub knows_books_by_skill: bool,
    /// Power comes back every `(38 - level) * energy_every / 6` turns
    /// (`regen_pw`): 4, a Wizard's 3.
    #[serde(default = "four")]
    pub energy_every: u64,
}

fn four() -> u64 {
    4
}

/// How a role casts (NetHack's `struct Role` spell fields, which
/// `percent_success` reads): a penalty to start from, what healing spells,
/// a shield and metal body armour add, the attribute spells go by, and the
/// role's special spell and what it takes off.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Casting {
    /// The penalty every spell starts from (`spelbase`).
    pub base: i32,
    /// Added for the healing spells (`spelheal`).
    pub healing: i32,
    /// Added while a shield is worn (`spelshld`).
    pub shield: i32,
    /// Added while metal body armour is worn (`spelarmr`).
    pub armour: i32,
    /// The attribute spells go by (`spelstat`): Int or Wis.
    pub stat: Attribute,
    /// The role's special spell, a spell rule's name (`spelspec`).
    pub special: String,
    /// Added for the special spell (`spelsbon`).
    pub special_bonus: i32,
    /// A high Int saves the hunger of casting (a Wizard's: none at 17, a
    /// quarter at 16, half at 15).
    #[serde(default)]
    pub hunger_by_int: bool,
    /// The schools it starts Basic in (`skill_init`: a Wizard's attack and
    /// enchantment).
    #[serde(default)]
    pub starts_basic: Vec<Skill>,
    /// Warned of a book too hard ("This spellbook is difficult to
    /// comprehend.  Continue?": a Wizard, when Int + 4 + level / 2 − twice
    /// the book's level is under 20).
    #[serde(default)]
    pub warned_of_hard_books: bool,
}

impl Default for Casting {
    /// A role whose row says nothing casts as a Samurai does.
    fn default() -> Casting {
        Casting {
            base: 10,
            healing: 0,
            shield: 0,
            armour: 8,
            stat: Attribute::Int,
            special: "clairvoyance".into(),
            special_bonus: -4,
            hunger_by_int: false,
            starts_basic: Vec::new(),
            warned_of_hard_books: false,
        }
    }
}

/// Some of an item a role starts with.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KitLine {
    /// The item row's id.
    pub item: String,
    /// How many, from `.0` to `.1` (drawn when a range).
    #[serde(default = "one_each")]
    pub count: (u32, u32),
    /// Its enchantment (`u_init.c`'s: the Valkyrie's +1 spear, +3 small
    /// shield).
    #[serde(default)]
    pub spe: i32,
    /// Missiles or ammunition NetHack puts in the quiver (the Tourist's
    /// darts, the Samurai's ya): never the weapon wielded.
    #[serde(default)]
    pub quivered: bool,
    /// Blessed or cursed (NetHack's `trbuc`: a Priest's holy water is
    /// blessed); uncursed when not given. Known either way.
    #[serde(default)]
    pub blessing: crate::dungeon::blessing::Blessing,
    /// Blessed and enchanted as a new object of its kind is, but never
    /// cursed, and a charged ring never below +1 (`u_init.c`'s
    /// `UNDEF_BLESS` and `UNDEF_SPE`: a Wizard's random wand, rings,
    /// potions, scrolls and book). `blessing` and `spe` are then unread.
    #[serde(default)]
    pub as_made: bool,
    /// Other items this line may be instead, each as likely as `item` (a
    /// Monk's book: healing, protection or confuse monster).
    #[serde(default)]
    pub or: Vec<String>,
}

/// A role's other kit (see [`RoleRow::variant`]).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KitVariant {
    /// A draw below 100 this high or more takes the other kit.
    pub at_least: u32,
    /// Item ids swapped: (the kit's, the other kit's).
    pub swap: Vec<(String, String)>,
}

/// An item a role may start with besides its kit (see
/// [`RoleRow::extras`]).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Extra {
    /// One time in this many.
    pub one_in: u32,
    /// The item.
    pub item: String,
    /// Its enchantment (a lamp's 1 in NetHack is its lit state; 0 here).
    #[serde(default)]
    pub spe: i32,
    /// NetHack's item, which this game does not make (a Monk's magic
    /// marker): when it comes up nothing is given, and the extras after it
    /// keep their odds.
    #[serde(default)]
    pub unmade: bool,
}

fn one_each() -> (u32, u32) {
    (1, 1)
}

fn whole() -> (i32, i32) {
    (1, 1)
}

/// Something a hero has of its nature (NetHack's intrinsics), given at an
/// experience level by its role or race.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum Intrinsic {
    /// Fast: a free move one turn in three.
    Fast,
    /// Stealth: a monster asleep until disturbed is not woken by you.
    Stealth,
    /// Searching: a search every turn, for free.
    Searching,
    /// Poison resistance: a poisonous corpse does no harm.
    PoisonResistance,
    /// Cold resistance: a ray of cold does no harm.
    ColdResistance,
    /// Fire resistance: a ray of fire does no harm (a ring's only, here).
    FireResistance,
    /// Shock resistance: lightning does no harm (a ring's only, here).
    ShockResistance,
    /// Sleep resistance: sleeping gas does nothing.
    SleepResistance,
    /// Warning: digits where dangerous monsters you don't see stand
    /// (`rules/warning.rs`).
    Warning,
    /// See invisible: invisible monsters are drawn (a Ranger's at 15,
    /// given without a word).
    SeeInvisible,
    /// Teleport control: your teleports go where you choose (a Monk's and
    /// a Wizard's at 17).
    TeleportControl,
    /// Jumping, a knight's move only (NetHack's `HJumping` from outside: a
    /// Knight's from the start): the jump command (`rules/jump.rs`).
    Jumping,
}

impl Intrinsic {
    /// Said when a level gives it: "You feel quick!"; and when a lost
    /// level takes it (`attrib.c`'s words; a role's `feels` may differ).
    pub fn messages(self) -> (&'static str, &'static str) {
        match self {
            Intrinsic::Fast => ("You feel quick!", "You feel slow!"),
            Intrinsic::Stealth => ("You feel stealthy!", "You feel less stealthy!"),
            Intrinsic::Searching => ("You feel perceptive!", "You feel less perceptive!"),
            Intrinsic::PoisonResistance => ("You feel hardy!", "You feel less hardy!"),
            Intrinsic::ColdResistance => ("You feel warm!", "You feel cooler!"),
            Intrinsic::FireResistance => ("You feel cool!", "You feel warmer!"),
            Intrinsic::ShockResistance => ("You feel insulated!", "You feel conductive!"),
            Intrinsic::SleepResistance => ("You feel awake!", "You feel tired!"),
            Intrinsic::Warning => ("You feel sensitive!", "You feel less sensitive!"),
            Intrinsic::SeeInvisible => ("", ""),
            Intrinsic::TeleportControl => ("You feel controlled!", "You feel uncontrolled!"),
            Intrinsic::Jumping => ("", ""),
        }
    }
}

/// A monster row's own temper (NetHack's `M2_PEACEFUL` and `M2_HOSTILE`):
/// it wins over race and alignment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
pub enum Temper {
    /// Race and alignment decide (`peace_minded`).
    #[default]
    Minded,
    /// Always peaceful (a shopkeeper, a priest, the watch).
    Peaceful,
    /// Always hostile (the undead, mimics, floating eyes).
    Hostile,
}

impl HeroRows {
    /// May a hero of role `role` and race `race` (indexes) be `alignment`?
    pub fn allows(&self, role: usize, race: usize, alignment: Alignment) -> bool {
        let (role, race) = (&self.roles[role], &self.races[race]);
        role.races.contains(&race.id)
            && role.alignments.contains(&alignment)
            && race.alignments.contains(&alignment)
    }

    /// Check the rows: races that exist, each role with a race and an
    /// alignment it can be, kit items the content can make (`makes_item`)
    /// and monster races that exist (`monster_races`: each monster's id and
    /// race).
    pub(crate) fn check<'a>(
        &self,
        makes_item: impl Fn(&str) -> bool,
        makes_monster: impl Fn(&str) -> bool,
        monster_races: impl Iterator<Item = (&'a str, &'a str)>,
    ) -> Result<(), String> {
        let races: Vec<&str> = self.races.iter().map(|r| r.id.as_str()).collect();
        for race in &self.races {
            for other in race.loves.iter().chain(&race.hates) {
                if !races.contains(&other.as_str()) {
                    return Err(format!("race '{}': no race '{other}'", race.id));
                }
            }
            let named = race.substitutes.iter().flat_map(|(a, b)| [a, b]);
            for item in named.chain(race.kit.iter().map(|l| &l.item)) {
                if !makes_item(item) {
                    return Err(format!("race '{}': no item '{item}'", race.id));
                }
            }
        }
        for (ro, role) in self.roles.iter().enumerate() {
            for r in &role.races {
                if !races.contains(&r.as_str()) {
                    return Err(format!("role '{}': no race '{r}'", role.id));
                }
            }
            let swapped = role
                .variant
                .iter()
                .flat_map(|v| v.swap.iter().flat_map(|(a, b)| [a, b]));
            let known = role.knows.iter();
            let made_extras = role.extras.iter().filter(|e| !e.unmade);
            let alternatives = role.kit.iter().flat_map(|l| l.or.iter());
            for item in swapped
                .chain(made_extras.map(|e| &e.item))
                .chain(known)
                .chain(alternatives)
                .chain(role.never_given.iter())
            {
                if !makes_item(item) {
                    return Err(format!("role '{}': no item '{item}'", role.id));
                }
            }
            if role.extras.iter().any(|e| e.one_in == 0) {
                return Err(format!("role '{}': an extra one time in 0", role.id));
            }
            for line in &role.kit {
                if !makes_item(&line.item) {
                    return Err(format!("role '{}': no item '{}'", role.id, line.item));
                }
                if line.count.0 == 0 || line.count.0 > line.count.1 {
                    return Err(format!(
                        "role '{}': the count of '{}' is not a range from 1",
                        role.id, line.item
                    ));
                }
            }
            if role.ranks.len() != 9 {
                return Err(format!(
                    "role '{}': {} ranks where NetHack has 9",
                    role.id,
                    role.ranks.len()
                ));
            }
            let odds = &role.attribute_odds;
            if odds.0 + odds.1 + odds.2 + odds.3 + odds.4 + odds.5 != 100 {
                return Err(format!(
                    "role '{}': attribute_odds add up to {} where they must make 100",
                    role.id,
                    odds.0 + odds.1 + odds.2 + odds.3 + odds.4 + odds.5
                ));
            }
            if role.cutoff == 0 || role.energy_share.1 <= 0 {
                return Err(format!(
                    "role '{}': cutoff must be 1 or more, energy_share a fraction",
                    role.id
                ));
            }
            let can_be = (0..self.races.len())
                .any(|ra| ALIGNMENTS.into_iter().any(|al| self.allows(ro, ra, al)));
            if !can_be {
                return Err(format!(
                    "role '{}': no race and alignment allow it",
                    role.id
                ));
            }
        }
        for role in &self.roles {
            if let Some(pet) = &role.pet
                && !makes_monster(pet)
            {
                return Err(format!(
                    "role '{}': no monster '{pet}' for its pet",
                    role.id
                ));
            }
        }
        for pet in &self.pets {
            if !makes_monster(pet) {
                return Err(format!("pets: no monster '{pet}'"));
            }
        }
        for (id, race) in monster_races {
            if !races.contains(&race) {
                return Err(format!("monster '{id}': no race '{race}'"));
            }
        }
        Ok(())
    }
}

/// The three alignments a hero may have, in NetHack's order.
pub const ALIGNMENTS: [Alignment; 3] = [Alignment::Lawful, Alignment::Neutral, Alignment::Chaotic];

/// An alignment: a hero's, a monster's side, the god an altar belongs to;
/// or none (Orcish Town's defiled altar).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
pub enum Alignment {
    /// Law's.
    Lawful,
    /// Balance's.
    Neutral,
    /// Chaos's.
    Chaotic,
    /// No god's (NetHack's Moloch).
    Unaligned,
}

impl Alignment {
    /// The word for it, as NetHack names an altar's alignment.
    pub fn word(self) -> &'static str {
        match self {
            Alignment::Lawful => "lawful",
            Alignment::Neutral => "neutral",
            Alignment::Chaotic => "chaotic",
            Alignment::Unaligned => "unaligned",
        }
    }
}
