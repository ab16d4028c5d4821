//! `Dig` or `Dig(damage)`: a digging tool (a pick-axe, a dwarvish mattock).
//! Applied (`a`), it asks which way to dig, and digs through rock and walls,
//! or down, over several turns (see `rules/dig.rs`). A dwarf that carries one
//! digs toward you. With a `damage`, it is a weapon too (`w`): a pick-axe
//! d6, a mattock d12, as in NetHack.

use std::sync::Arc;

use serde::Deserialize;

use crate::dungeon::effects::ItemEffect;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Dig {
    /// A weapon's die; 0: not a weapon.
    #[serde(default)]
    damage: u32,
    /// Its die against large monsters.
    #[serde(default)]
    large: u32,
    /// Its to-hit bonus: NetHack 3.7's `objects.h` stores a weapon-tool's
    /// strike mode there, so a pick-axe's is 4 (WHACK), kept as it is.
    #[serde(default)]
    hit: i32,
    /// It takes both hands (a dwarvish mattock).
    #[serde(default)]
    two_handed: bool,
}

impl ItemEffect for Dig {
    fn describe(&self) -> String {
        let tool = "a digging tool (`a`, then a direction or `>`)";
        match self.damage {
            0 => tool.into(),
            d => format!("{tool}; a weapon (`w`): d{d}"),
        }
    }

    fn check(&self) -> Result<(), String> {
        match self.damage {
            0 => Ok(()),
            d => crate::dungeon::effects::die("Dig damage", d),
        }
    }

    fn digs(&self) -> bool {
        true
    }

    fn weapon(&self) -> Option<u32> {
        (self.damage > 0).then_some(self.damage)
    }

    fn wielded_as(&self) -> Option<crate::dungeon::effects::WeaponUse> {
        (self.damage > 0).then_some(crate::dungeon::effects::WeaponUse {
            skill: crate::dungeon::skills::Skill::PickAxe,
            hit: self.hit,
            large: self.large.max(1),
            two_handed: self.two_handed,
            ranged: crate::dungeon::effects::Ranged::No,
        })
    }
}

pub(super) fn make(text: &str) -> Result<Arc<dyn ItemEffect>, String> {
    if text.trim() == "Dig" {
        return Ok(Arc::new(Dig {
            damage: 0,
            large: 0,
            hit: 0,
            two_handed: false,
        }));
    }
    Ok(Arc::new(crate::dungeon::effects::settings::<Dig>(text)?))
}
