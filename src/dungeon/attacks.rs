//! A monster's attacks as NetHack 3.7's `monsters.h` lists them: each a way
//! of attacking (`AT_*`), what it does (`AD_*`) and its dice. A monster
//! row's `attacks` holds them; as of now `experience()` reads them (what a
//! kill is worth), while the blow itself still rolls the row's `damage`
//! (the bestiary issue makes each attack act).

use serde::Deserialize;

/// How an attack is made (NetHack's `AT_*`, in its order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum AttackType {
    /// Only a passive defence (an acid blob's).
    Passive,
    /// A claw, punch or hit.
    Claw,
    /// A bite.
    Bite,
    /// A kick.
    Kick,
    /// A head butt.
    Butt,
    /// A touch.
    Touch,
    /// A sting.
    Sting,
    /// A crushing hug.
    Hug,
    /// Spit, from afar.
    Spit,
    /// Engulfing.
    Engulf,
    /// Breath, from afar.
    Breath,
    /// Exploding beside you.
    Explode,
    /// Exploding when killed.
    Boom,
    /// A gaze.
    Gaze,
    /// Tentacles.
    Tentacle,
    /// A weapon.
    Weapon,
    /// A spell.
    Magic,
}

impl AttackType {
    /// Beyond a claw, bite, kick or butt (NetHack's `aatyp > AT_BUTT`).
    pub fn is_special(self) -> bool {
        !matches!(
            self,
            AttackType::Passive
                | AttackType::Claw
                | AttackType::Bite
                | AttackType::Kick
                | AttackType::Butt
        )
    }
}

/// What an attack does (NetHack's `AD_*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum DamageType {
    /// Plain harm.
    Phys,
    /// Magic missiles.
    MagicMissile,
    /// Fire.
    Fire,
    /// Cold.
    Cold,
    /// Sleep.
    Sleep,
    /// Disintegration.
    Disintegrate,
    /// Electricity.
    Shock,
    /// Poison that drains strength.
    DrainStrength,
    /// Acid.
    Acid,
    /// Blinding.
    Blind,
    /// Stunning.
    Stun,
    /// Slowing.
    Slow,
    /// Paralysis.
    Paralyse,
    /// Draining experience levels.
    DrainLife,
    /// Draining power.
    DrainEnergy,
    /// Wounding legs.
    Legs,
    /// Turning to stone.
    Stone,
    /// Sticking to you.
    Stick,
    /// Stealing gold.
    StealGold,
    /// Stealing an item.
    StealItem,
    /// Seducing items away.
    Seduce,
    /// Teleporting you.
    Teleport,
    /// Rusting.
    Rust,
    /// Confusing.
    Confuse,
    /// Digesting.
    Digest,
    /// Healing.
    Heal,
    /// Wrapping (an eel's).
    Wrap,
    /// Lycanthropy.
    Lycanthropy,
    /// Draining dexterity.
    DrainDexterity,
    /// Draining constitution.
    DrainConstitution,
    /// Draining intelligence (a mind flayer's).
    DrainIntelligence,
    /// Disease.
    Disease,
    /// Rotting organics.
    Decay,
    /// Hallucination.
    Hallucinate,
    /// Sliming.
    Slime,
    /// Disenchanting.
    Disenchant,
    /// Corroding.
    Corrode,
    /// Polymorphing.
    Polymorph,
    /// A clerical spell.
    Clerical,
    /// A mage's spell.
    Spell,
    /// Cursing items.
    Curse,
}

impl DamageType {
    /// One of magic missile to the second special (`AD_PHYS < ad <
    /// AD_BLND`): worth twice the monster's level in experience.
    pub fn is_elemental(self) -> bool {
        use DamageType::*;
        matches!(
            self,
            MagicMissile | Fire | Cold | Sleep | Disintegrate | Shock | DrainStrength | Acid
        )
    }

    /// Draining life, stoning or sliming: worth 50 more in experience.
    pub fn is_deadly(self) -> bool {
        matches!(
            self,
            DamageType::DrainLife | DamageType::Stone | DamageType::Slime
        )
    }
}

/// One attack of a monster row: `(Weapon, Phys, 1, 6)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub struct AttackLine(pub AttackType, pub DamageType, pub u32, pub u32);

impl AttackLine {
    /// How the manual's table writes it: "bite 1d2", "sting 3d4 poison
    /// (Str)", "weapon 1d6 + its weapon's", "passive 0d70 paralysis".
    pub fn describe(&self) -> String {
        use DamageType::*;
        let how = format!("{:?}", self.0).to_lowercase();
        let what = match self.1 {
            Phys => String::new(),
            DrainStrength => " poison (Str)".into(),
            DrainDexterity => " poison (Dex)".into(),
            DrainConstitution => " poison (Con)".into(),
            DrainIntelligence => " brain".into(),
            DrainLife => " drain life".into(),
            DrainEnergy => " drain power".into(),
            Paralyse => " paralysis".into(),
            StealGold => " steal gold".into(),
            StealItem | Seduce => " steal item".into(),
            MagicMissile => " magic missile".into(),
            other => format!(" {}", format!("{other:?}").to_lowercase()),
        };
        let weapon = if self.0 == AttackType::Weapon {
            " + its weapon's"
        } else {
            ""
        };
        format!("{how} {}d{}{what}{weapon}", self.2, self.3)
    }
}
