//! How far a hero has grown (NetHack 3.7's `u.ulevel`, `u.uexp`, `u.uen`,
//! the attributes, the skills and `u.uluck`), and the steps that grow it:
//! experience gained, a level gained or lost. Plain data and arithmetic
//! over the role's and race's rows; `rules/grow.rs` says what the run
//! shows of it.

use crate::dungeon::hero::attributes::{self, Attribute, Attributes, Encumbrance, Six};
use crate::dungeon::hero::choose::Hero;
use crate::dungeon::hero::experience::{
    MAX_LEVEL, first_hit_points, first_power, level_hit_points, level_power, points_to_pass,
    rank_index,
};
use crate::dungeon::hero::rows::{HeroRows, Intrinsic};
use crate::dungeon::skills::{Skill, Skills};
use crate::generation::MineRng;

/// A hero's growth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Growth {
    /// Experience level, 1 to 30.
    pub level: u32,
    /// The highest level reached ("Welcome back to experience level 4.").
    pub max_level: u32,
    /// Experience points.
    pub exp: u64,
    /// Hit points each level gained brought, level 2's first (taken back
    /// when a level is drained).
    pub hp_gains: Vec<i32>,
    /// Power each level gained brought.
    pub pw_gains: Vec<i32>,
    /// Power now (NetHack's `u.uen`).
    pub pw: i32,
    /// Power at most.
    pub max_pw: i32,
    /// The six attributes and their exercise.
    pub attributes: Attributes,
    /// The weapon skills.
    pub skills: Skills,
    /// Your own luck, −10 to 10 (`u.uluck`; a luckstone's adds to it).
    pub luck: i32,
    /// Your alignment record (NetHack's `u.ualign.record`): the role's to
    /// start with, up for killing hostile monsters, down for attacking
    /// peaceful ones; prayer weighs it.
    pub alignment: i32,
    /// Turns before a prayer is heard (NetHack's `u.ublesscnt`): 300 at the
    /// start, a turn less each turn.
    pub prayer_timeout: u64,
    /// Where you stood when the last turn ended: a hero who has moved
    /// since does not heal while Stressed (NetHack's `u.umoved`).
    pub stood: Option<crate::generation::Pos>,
    /// How loaded you were when last looked at: a change is told
    /// ("Your movements are slowed slightly because of your load.").
    pub load: Encumbrance,
    /// A god's protection, points of AC for good (NetHack's `u.ublessed`
    /// with `HProtection` from outside): a temple priest's reward for a
    /// gift.
    pub protection: i32,
    /// The turn a priest last set a stray record to 0 (NetHack's
    /// `u.ucleansed`).
    pub cleansed: Option<u64>,
    /// The golden haze of the spell of protection.
    pub spell_protection: SpellProtection,
    /// Monsters sense you for good, as a ring of aggravate monster makes
    /// them (NetHack's `HAggravate_monster` from outside: eating your own
    /// kind, or a cat or a dog).
    pub aggravates: bool,
}

/// The spell of protection's haze (NetHack's `u.uspellprot`, `u.usptime`,
/// `u.uspmtime`): points of AC, the turns until one wears off, and how
/// many turns each lasts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SpellProtection {
    /// Points taken off your armour class.
    pub points: i32,
    /// Turns until the next point wears off.
    pub left: u32,
    /// Turns each point lasts: 10, 20 when Expert in clerical spells.
    pub every: u32,
}

/// What a level gained or lost changed, for the messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelChange {
    /// The new level.
    pub level: u32,
    /// Hit points gained (or lost).
    pub hp: i32,
    /// Been there before ("Welcome back").
    pub again: bool,
    /// Intrinsics the level gave (or took).
    pub intrinsics: Vec<Intrinsic>,
}

impl Growth {
    /// A new hero at level 1 (`u_init`): attributes dealt from the role's
    /// and race's rows, power from theirs, skills from the role's limits
    /// with the kit's weapons at Basic (`kit_skills`). Returns the growth
    /// and the starting hit points (`newhp` at level 0).
    pub fn new(
        hero: Hero,
        rows: &HeroRows,
        kit_skills: &[Skill],
        rng: &mut MineRng,
    ) -> (Growth, i32) {
        let (role, race) = (hero.role(rows), hero.race(rows));
        let hp = first_hit_points(role.hp, race.hp, rng);
        let pw = first_power(role.energy, race.energy, rng).max(1);
        let now = attributes::deal(
            role.attributes,
            role.attribute_odds,
            race.attribute_min,
            race.attribute_max,
            rng,
        );
        let growth = Growth {
            level: 1,
            max_level: 1,
            exp: 0,
            hp_gains: Vec::new(),
            pw_gains: Vec::new(),
            pw,
            max_pw: pw,
            attributes: Attributes {
                now,
                peak: now,
                bonus: Six::default(),
                exercise: Six::default(),
                next_check: 600,
            },
            skills: Skills::new(&role.skills, kit_skills, role.martial_arts),
            luck: 0,
            alignment: role.record,
            prayer_timeout: 300,
            stood: None,
            load: Encumbrance::Unencumbered,
            protection: 0,
            cleansed: None,
            spell_protection: SpellProtection::default(),
            aggravates: false,
        };
        (growth, hp)
    }

    /// `a` now.
    pub fn attribute(&self, a: Attribute) -> i32 {
        self.attributes.get(a)
    }

    /// What Int and level add to a spell's blow (`spell_damage_bonus`):
    /// −3 for a dull caster, more for a bright and seasoned one.
    pub fn spell_damage_bonus(&self) -> i32 {
        match self.attribute(Attribute::Int) {
            ..=9 => -3,
            10..=13 => 0,
            _ if self.level < 5 => 0,
            14..=18 => 1,
            25.. if self.level >= 14 => 3,
            _ => 2,
        }
    }

    /// Experience gained (`more_experienced`); whether it is enough for
    /// the next level (`newexplevel`).
    pub fn gain_experience(&mut self, points: u64) -> bool {
        self.exp = self.exp.saturating_add(points);
        self.level < MAX_LEVEL && self.exp >= points_to_pass(self.level)
    }

    /// One level up (`pluslvl`): hit points and power as the rows give
    /// them (constitution and wisdom counted), a weapon slot, the level's
    /// intrinsics; experience held below the next level's mark, so one
    /// kill never gives two levels.
    pub fn gain_level(&mut self, hero: Hero, rows: &HeroRows, rng: &mut MineRng) -> LevelChange {
        let (role, race) = (hero.role(rows), hero.race(rows));
        let con = attributes::con_hp_bonus(self.attribute(Attribute::Con));
        let hp = level_hit_points(role.hp, race.hp, role.cutoff, self.level, con, rng);
        let pw = level_power(
            role.energy,
            race.energy,
            role.cutoff,
            self.level,
            self.attribute(Attribute::Wis),
            role.energy_share,
            rng,
        );
        self.max_pw += pw;
        self.pw += pw;
        if self.level >= MAX_LEVEL {
            return LevelChange {
                level: self.level,
                hp,
                again: true,
                intrinsics: Vec::new(),
            };
        }
        self.exp = self.exp.min(points_to_pass(self.level + 1) - 1);
        self.hp_gains.push(hp);
        self.pw_gains.push(pw);
        self.level += 1;
        let again = self.max_level >= self.level;
        self.max_level = self.max_level.max(self.level);
        self.skills.slots += 1;
        LevelChange {
            level: self.level,
            hp,
            again,
            intrinsics: given_at(hero, rows, self.level),
        }
    }

    /// One level down (`losexp`): the hit points and power its gain brought
    /// go (the caller keeps your hit points within bounds), a skill slot
    /// goes, and experience falls one point short of the level lost. None
    /// at level 1 (the caller decides: a drainer kills).
    pub fn lose_level(&mut self, hero: Hero, rows: &HeroRows) -> Option<LevelChange> {
        if self.level <= 1 {
            return None;
        }
        let lost = given_at(hero, rows, self.level);
        self.level -= 1;
        let hp = self.hp_gains.pop().unwrap_or(0);
        let pw = self.pw_gains.pop().unwrap_or(0);
        self.max_pw = (self.max_pw - pw).max(0);
        self.pw = self.pw.min(self.max_pw);
        self.skills.lose_slot();
        if self.exp > 0 {
            self.exp = points_to_pass(self.level) - 1;
        }
        Some(LevelChange {
            level: self.level,
            hp: -hp,
            again: true,
            intrinsics: lost,
        })
    }

    /// Your melee to-hit against armour class `ac` (`find_roll_to_hit`):
    /// 1 + luck + strength's and dexterity's bonus + AC + your level + the
    /// weapon's own bonus and enchantment (`weapon`: None bare-handed) +
    /// its skill's bonus − your load's penalty. A blow lands when this is
    /// above a d20. (The target's state and a trap that holds you are the
    /// caller's.)
    pub fn to_hit(
        &self,
        luck: i32,
        ac: i32,
        weapon: Option<(i32, Skill)>,
        load: Encumbrance,
    ) -> i32 {
        let (st, dx) = (
            self.attribute(Attribute::Str),
            self.attribute(Attribute::Dex),
        );
        1 + luck
            + attributes::to_hit_bonus(st, dx, self.level)
            + ac
            + self.level as i32
            + weapon.map_or(0, |(bonus, _)| bonus)
            + self.skills.hit_bonus(weapon.map(|(_, skill)| skill))
            - load.to_hit_penalty()
    }

    /// Your luck: your own and a luckstone's (`Luck`).
    pub fn luck_with(&self, stone_bonus: i32) -> i32 {
        self.luck + stone_bonus
    }

    /// Your rank title ("Stripling").
    pub fn rank<'a>(&self, hero: Hero, rows: &'a HeroRows) -> &'a str {
        let ranks = &hero.role(rows).ranks;
        ranks
            .get(rank_index(self.level))
            .or(ranks.last())
            .map_or("", String::as_str)
    }
}

/// Has a hero of `level` this intrinsic by its role or race?
pub fn has_intrinsic(hero: Hero, rows: &HeroRows, level: u32, which: Intrinsic) -> bool {
    let (role, race) = (hero.role(rows), hero.race(rows));
    role.intrinsics
        .iter()
        .chain(&race.intrinsics)
        .any(|&(at, i)| i == which && at <= level)
}

/// The intrinsics a hero's role and race give at exactly `level`, each
/// only if nothing gave it before.
fn given_at(hero: Hero, rows: &HeroRows, level: u32) -> Vec<Intrinsic> {
    let (role, race) = (hero.role(rows), hero.race(rows));
    role.intrinsics
        .iter()
        .chain(&race.intrinsics)
        .filter(|&&(at, i)| at == level && !has_intrinsic(hero, rows, level - 1, i))
        .map(|&(_, i)| i)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::skills::{Skill, SkillLevel};

    /// A human Valkyrie of St 17, Dx 13 at `level`, her spear Basic.
    fn valkyrie(level: u32) -> Growth {
        Growth {
            level,
            max_level: level,
            exp: 0,
            hp_gains: Vec::new(),
            pw_gains: Vec::new(),
            pw: 2,
            max_pw: 2,
            attributes: Attributes {
                now: Six(17, 7, 10, 13, 18, 8),
                peak: Six(17, 7, 10, 13, 18, 8),
                bonus: Six::default(),
                exercise: Six::default(),
                next_check: 600,
            },
            skills: Skills::new(
                &[(Skill::Spear, SkillLevel::Expert)],
                &[Skill::Spear],
                false,
            ),
            luck: 0,
            alignment: 0,
            prayer_timeout: 300,
            stood: None,
            load: Encumbrance::Unencumbered,
            protection: 0,
            cleansed: None,
            spell_protection: SpellProtection::default(),
            aggravates: false,
        }
    }

    #[test]
    fn a_valkyries_to_hit_at_levels_1_and_8() {
        // Worked by hand from find_roll_to_hit: 1 + Luck 0 + abon (St 17:
        // +1, below level 3: +1, Dx 13: 0) + AC + level + the +1 spear's 1
        // + Basic's 0.
        let spear = Some((1, Skill::Spear));
        let none = Encumbrance::Unencumbered;
        assert_eq!(valkyrie(1).to_hit(0, 10, spear, none), 15);
        assert_eq!(valkyrie(1).to_hit(0, 4, spear, none), 9);
        // At level 8 the low-level help is gone: abon 1.
        assert_eq!(valkyrie(8).to_hit(0, 10, spear, none), 21);
        assert_eq!(valkyrie(8).to_hit(0, 4, spear, none), 15);
        // Luck counts whole, a Burdened load takes 1, Stressed 3.
        assert_eq!(valkyrie(8).to_hit(3, 4, spear, Encumbrance::Burdened), 17);
        assert_eq!(valkyrie(8).to_hit(0, 4, spear, Encumbrance::Stressed), 12);
        // Bare-handed: bare hands at their lowest still add 1.
        assert_eq!(valkyrie(1).to_hit(0, 10, None, none), 1 + 2 + 10 + 1 + 1);
    }
}
