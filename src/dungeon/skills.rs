//! Weapon skills as NetHack 3.7 keeps them (`weapon.c`, `skills.h`): each
//! role's limit in every skill (a row of the content's `hero` section), the
//! practice a skill has had, and what each level adds to a blow. A hit that
//! does more than 1 with the weapon alone practises its skill; once a skill
//! has practised `20 × level²` and experience levels have given enough
//! slots, `#enhance` advances it.

use serde::Deserialize;

/// A skill: the weapon skills, bare hands, and the rest a role's row may
/// name (the spell schools, riding and two weapons, which this game has no
/// use for yet but a role's row keeps).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize)]
pub enum Skill {
    /// Daggers and their kin.
    Dagger,
    /// Knives, scalpels, stilettos.
    Knife,
    /// Axes and battle-axes.
    Axe,
    /// Pick-axes and dwarvish mattocks.
    PickAxe,
    /// Short swords.
    ShortSword,
    /// Broadswords.
    Broadsword,
    /// Long swords and katanas.
    LongSword,
    /// Two-handed swords.
    TwoHandedSword,
    /// Sabers and scimitars (one skill as of NetHack 3.7).
    Saber,
    /// Clubs and aklyses.
    Club,
    /// Maces.
    Mace,
    /// Morning stars.
    MorningStar,
    /// Flails.
    Flail,
    /// Hammers.
    Hammer,
    /// Quarterstaves.
    Quarterstaff,
    /// Polearms.
    Polearms,
    /// Spears.
    Spear,
    /// Tridents.
    Trident,
    /// Lances.
    Lance,
    /// Bows.
    Bow,
    /// Slings.
    Sling,
    /// Crossbows.
    Crossbow,
    /// Darts.
    Dart,
    /// Shuriken.
    Shuriken,
    /// Boomerangs.
    Boomerang,
    /// Whips.
    Whip,
    /// Unicorn horns.
    UnicornHorn,
    /// Attack spells.
    AttackSpells,
    /// Healing spells.
    HealingSpells,
    /// Divination spells.
    DivinationSpells,
    /// Enchantment spells.
    EnchantmentSpells,
    /// Clerical spells.
    ClericalSpells,
    /// Escape spells.
    EscapeSpells,
    /// Matter spells.
    MatterSpells,
    /// Riding.
    Riding,
    /// Fighting with two weapons.
    TwoWeapon,
    /// Fighting without a weapon (martial arts for a role whose row says so).
    BareHands,
}

impl Skill {
    /// As `#enhance` lists it ("two-handed sword", "bare handed combat").
    pub fn name(self, martial_arts: bool) -> &'static str {
        use Skill::*;
        match self {
            Dagger => "dagger",
            Knife => "knife",
            Axe => "axe",
            PickAxe => "pick-axe",
            ShortSword => "short sword",
            Broadsword => "broadsword",
            LongSword => "long sword",
            TwoHandedSword => "two-handed sword",
            Saber => "saber",
            Club => "club",
            Mace => "mace",
            MorningStar => "morning star",
            Flail => "flail",
            Hammer => "hammer",
            Quarterstaff => "quarterstaff",
            Polearms => "polearms",
            Spear => "spear",
            Trident => "trident",
            Lance => "lance",
            Bow => "bow",
            Sling => "sling",
            Crossbow => "crossbow",
            Dart => "dart",
            Shuriken => "shuriken",
            Boomerang => "boomerang",
            Whip => "whip",
            UnicornHorn => "unicorn horn",
            AttackSpells => "attack spells",
            HealingSpells => "healing spells",
            DivinationSpells => "divination spells",
            EnchantmentSpells => "enchantment spells",
            ClericalSpells => "clerical spells",
            EscapeSpells => "escape spells",
            MatterSpells => "matter spells",
            Riding => "riding",
            TwoWeapon => "two weapon combat",
            BareHands if martial_arts => "martial arts",
            BareHands => "bare handed combat",
        }
    }

    /// A weapon skill (advanced one slot per level), not bare hands, a
    /// spell school, riding or two weapons.
    fn is_weapon(self) -> bool {
        self <= Skill::UnicornHorn
    }

    /// The seven schools of spells, in NetHack's order (attack to matter).
    pub const SCHOOLS: [Skill; 7] = [
        Skill::AttackSpells,
        Skill::HealingSpells,
        Skill::DivinationSpells,
        Skill::EnchantmentSpells,
        Skill::ClericalSpells,
        Skill::EscapeSpells,
        Skill::MatterSpells,
    ];

    /// A school of spells (attack to matter).
    pub fn is_spell_school(self) -> bool {
        (Skill::AttackSpells..=Skill::MatterSpells).contains(&self)
    }

    /// A school as the spell list names it (`+`: "attack", "matter").
    pub fn school_word(self) -> &'static str {
        let name = self.name(false);
        name.strip_suffix(" spells").unwrap_or(name)
    }
}

/// How skilled: NetHack's `P_ISRESTRICTED` to `P_GRAND_MASTER`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
pub enum SkillLevel {
    /// The role can never learn it.
    Restricted,
    /// Not yet trained.
    Unskilled,
    /// Basic.
    Basic,
    /// Skilled.
    Skilled,
    /// Expert.
    Expert,
    /// Master (bare hands only).
    Master,
    /// Grand Master (bare hands only).
    GrandMaster,
}

impl SkillLevel {
    /// As `#enhance` shows it: "Basic".
    pub fn word(self) -> &'static str {
        match self {
            SkillLevel::Restricted => "Restricted",
            SkillLevel::Unskilled => "Unskilled",
            SkillLevel::Basic => "Basic",
            SkillLevel::Skilled => "Skilled",
            SkillLevel::Expert => "Expert",
            SkillLevel::Master => "Master",
            SkillLevel::GrandMaster => "Grand Master",
        }
    }

    /// NetHack's number for it (Restricted 0 to Grand Master 6).
    fn number(self) -> i32 {
        self as i32
    }

    fn next(self) -> SkillLevel {
        use SkillLevel::*;
        match self {
            Restricted => Restricted,
            Unskilled => Basic,
            Basic => Skilled,
            Skilled => Expert,
            Expert => Master,
            Master | GrandMaster => GrandMaster,
        }
    }
}

/// Practice a skill needs to go past `level` (`practice_needed_to_advance`):
/// 20 for Unskilled to Basic, 80, 180, 320, 500.
pub fn practice_to_advance(level: SkillLevel) -> u32 {
    let n = level.number() as u32;
    20 * n * n
}

/// One skill of a hero: how far it is, how far it may go, its practice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SkillState {
    /// The skill.
    pub skill: Skill,
    /// Its level now.
    pub level: SkillLevel,
    /// The most the role allows.
    pub max: SkillLevel,
    /// Practice so far (never reset on advancing, as NetHack's).
    pub practice: u32,
}

/// A hero's skills: every skill its role's row names, and the slots
/// experience levels have given (NetHack's `u.weapon_slots`).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Skills {
    /// The skills the role may train, in the row's order.
    pub list: Vec<SkillState>,
    /// Slots left to spend on advancing.
    pub slots: u32,
    /// The skills advanced, in order, with the slots each took (a lost
    /// level takes the last back, as NetHack's `lose_weapon_skill`).
    pub advanced: Vec<(Skill, u32)>,
    /// Bare hands are martial arts (the Samurai's).
    pub martial_arts: bool,
}

impl Skills {
    /// A new hero's skills (`skill_init`): each of `limits` Unskilled,
    /// those of `basic` (its kit's weapons, bare hands for a role whose
    /// bare hands go past Expert) at Basic with the practice Basic takes.
    pub fn new(limits: &[(Skill, SkillLevel)], basic: &[Skill], martial_arts: bool) -> Skills {
        let list = limits
            .iter()
            .map(|&(skill, max)| {
                let bare_basic = skill == Skill::BareHands && max > SkillLevel::Expert;
                let level = if max == SkillLevel::Restricted {
                    SkillLevel::Restricted
                } else if basic.contains(&skill) || bare_basic {
                    SkillLevel::Basic
                } else {
                    SkillLevel::Unskilled
                };
                let practice = match level {
                    SkillLevel::Basic => practice_to_advance(SkillLevel::Unskilled),
                    _ => 0,
                };
                SkillState {
                    skill,
                    level,
                    max,
                    practice,
                }
            })
            .collect();
        Skills {
            list,
            slots: 0,
            advanced: Vec::new(),
            martial_arts,
        }
    }

    /// The level of `skill` (Restricted when the role never names it).
    pub fn level(&self, skill: Skill) -> SkillLevel {
        self.get(skill).map_or(SkillLevel::Restricted, |s| s.level)
    }

    fn get(&self, skill: Skill) -> Option<&SkillState> {
        self.list.iter().find(|s| s.skill == skill)
    }

    /// A use of `skill` (`use_skill`): one more practice, unless restricted.
    /// Returns whether it can now be advanced where it could not before
    /// ("You feel more confident in your weapon skills.").
    pub fn practise(&mut self, skill: Skill) -> bool {
        let before = self.can_advance(skill);
        let Some(s) = self.list.iter_mut().find(|s| s.skill == skill) else {
            return false;
        };
        if s.level == SkillLevel::Restricted {
            return false;
        }
        s.practice += 1;
        !before && self.can_advance(skill)
    }

    /// Slots advancing `skill` from `level` takes (`slots_required`): a
    /// weapon's next level in slots; bare hands and the rest half that,
    /// rounded up.
    fn slots_for(skill: Skill, level: SkillLevel) -> u32 {
        let n = level.number() as u32;
        if skill.is_weapon() { n } else { n.div_ceil(2) }
    }

    /// Could `skill` be advanced with slots enough (`could_advance`)?
    pub fn could_advance(&self, skill: Skill) -> bool {
        self.get(skill).is_some_and(|s| {
            s.level != SkillLevel::Restricted
                && s.level < s.max
                && s.practice >= practice_to_advance(s.level)
                && self.advanced.len() < SKILL_LIMIT
        })
    }

    /// Can `skill` be advanced now (`can_advance`): practised enough, below
    /// its limit, with the slots it takes?
    pub fn can_advance(&self, skill: Skill) -> bool {
        self.could_advance(skill)
            && self
                .get(skill)
                .is_some_and(|s| self.slots >= Self::slots_for(skill, s.level))
    }

    /// Advance `skill` a level (`skill_advance`), spending its slots.
    /// Returns its new level.
    pub fn advance(&mut self, skill: Skill) -> Option<SkillLevel> {
        if !self.can_advance(skill) {
            return None;
        }
        let s = self.list.iter_mut().find(|s| s.skill == skill)?;
        let cost = Self::slots_for(skill, s.level);
        s.level = s.level.next();
        self.slots -= cost;
        self.advanced.push((skill, cost));
        Some(s.level)
    }

    /// A level lost (`lose_weapon_skill`): an unused slot goes, or else the
    /// skill advanced last goes back a level and gives back the rest of
    /// the slots it took.
    pub fn lose_slot(&mut self) {
        if self.slots > 0 {
            self.slots -= 1;
            return;
        }
        if let Some((skill, cost)) = self.advanced.pop()
            && let Some(s) = self.list.iter_mut().find(|s| s.skill == skill)
        {
            s.level = match s.level {
                SkillLevel::GrandMaster => SkillLevel::Master,
                SkillLevel::Master => SkillLevel::Expert,
                SkillLevel::Expert => SkillLevel::Skilled,
                SkillLevel::Skilled => SkillLevel::Basic,
                _ => SkillLevel::Unskilled,
            };
            self.slots += cost - 1;
        }
    }

    /// To-hit a blow with a weapon of `skill` gets (`weapon_hit_bonus`);
    /// None: bare hands.
    pub fn hit_bonus(&self, skill: Option<Skill>) -> i32 {
        self.bonuses(skill).0
    }

    /// Damage a blow with a weapon of `skill` gets (`weapon_dam_bonus`);
    /// None: bare hands.
    pub fn damage_bonus(&self, skill: Option<Skill>) -> i32 {
        self.bonuses(skill).1
    }

    /// To-hit and damage of a blow with a weapon of `skill`: Unskilled (or
    /// restricted) −4 and −2, Basic nothing, Skilled +2 and +1, Expert +3
    /// and +2. Bare hands (None): from the level above Unskilled, half of
    /// (it + 2) to hit and of (it + 1) to damage, martial arts twice the
    /// to-hit and three times the damage.
    fn bonuses(&self, skill: Option<Skill>) -> (i32, i32) {
        match skill {
            Some(skill) => match self.level(skill) {
                SkillLevel::Restricted | SkillLevel::Unskilled => (-4, -2),
                SkillLevel::Basic => (0, 0),
                SkillLevel::Skilled => (2, 1),
                _ => (3, 2),
            },
            None => {
                let s = self.bare_steps();
                let (hit, damage) = if self.martial_arts { (2, 3) } else { (1, 1) };
                ((s + 2) * hit / 2, (s + 1) * damage / 2)
            }
        }
    }

    /// Bare hands' level less one, never below 0 (Unskilled and
    /// Restricted count as Basic's step 0).
    fn bare_steps(&self) -> i32 {
        (self.level(Skill::BareHands).number().max(1)) - 1
    }
}

/// At most this many advances in a game (`P_SKILL_LIMIT`).
const SKILL_LIMIT: usize = 60;

#[cfg(test)]
mod tests {
    use super::*;
    use Skill::*;
    use SkillLevel::*;

    fn valkyrie() -> Skills {
        Skills::new(
            &[
                (Dagger, Expert),
                (Spear, Expert),
                (Axe, Expert),
                (BareHands, Expert),
            ],
            &[Spear, Dagger],
            false,
        )
    }

    #[test]
    fn practice_needed_grows_with_the_square_of_the_level() {
        let needs: Vec<u32> = [Unskilled, Basic, Skilled, Expert, Master]
            .into_iter()
            .map(practice_to_advance)
            .collect();
        assert_eq!(needs, [20, 80, 180, 320, 500]);
    }

    #[test]
    fn a_kit_weapon_starts_basic_and_the_rest_unskilled() {
        let s = valkyrie();
        assert_eq!(s.level(Spear), Basic);
        assert_eq!(s.level(Dagger), Basic);
        assert_eq!(s.level(Axe), Unskilled);
        // Bare hands only start Basic for a role that can pass Expert.
        assert_eq!(s.level(BareHands), Unskilled);
        assert_eq!(s.level(Bow), Restricted);
        let monk = Skills::new(&[(BareHands, GrandMaster)], &[], true);
        assert_eq!(monk.level(BareHands), Basic);
    }

    #[test]
    fn a_skill_advances_with_practice_and_a_slot() {
        let mut s = valkyrie();
        // Basic starts with Unskilled's 20; Skilled needs 80.
        for _ in 0..60 {
            assert!(!s.practise(Spear), "no slot yet, so not advanceable");
        }
        assert!(s.could_advance(Spear));
        assert!(!s.can_advance(Spear), "no slots yet");
        s.slots = 1;
        assert!(!s.can_advance(Spear), "Basic to Skilled takes two slots");
        s.slots = 2;
        assert_eq!(s.advance(Spear), Some(Skilled));
        assert_eq!(s.slots, 0);
        assert_eq!(
            (s.hit_bonus(Some(Spear)), s.damage_bonus(Some(Spear))),
            (2, 1)
        );
        // Losing a level with no slot left takes the advance back.
        s.lose_slot();
        assert_eq!(s.level(Spear), Basic);
        assert_eq!(s.slots, 1);
        // Restricted never practises.
        assert!(!s.practise(Bow));
    }

    #[test]
    fn each_level_has_its_to_hit_and_damage() {
        let mut s = valkyrie();
        assert_eq!(
            (s.hit_bonus(Some(Axe)), s.damage_bonus(Some(Axe))),
            (-4, -2)
        );
        assert_eq!(
            (s.hit_bonus(Some(Bow)), s.damage_bonus(Some(Bow))),
            (-4, -2)
        );
        assert_eq!(
            (s.hit_bonus(Some(Spear)), s.damage_bonus(Some(Spear))),
            (0, 0)
        );
        s.list[1].level = Expert;
        assert_eq!(
            (s.hit_bonus(Some(Spear)), s.damage_bonus(Some(Spear))),
            (3, 2)
        );
        // Bare hands: Unskilled +1/+0; martial arts at Basic +3/+3, Grand
        // Master +7/+9.
        assert_eq!((s.hit_bonus(None), s.damage_bonus(None)), (1, 0));
        let mut monk = Skills::new(&[(BareHands, GrandMaster)], &[], true);
        assert_eq!((monk.hit_bonus(None), monk.damage_bonus(None)), (3, 3));
        monk.list[0].level = GrandMaster;
        assert_eq!((monk.hit_bonus(None), monk.damage_bonus(None)), (7, 9));
    }
}
