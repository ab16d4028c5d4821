//! `Weapon(damage, large, skill, hit)`: wielded (`w`), your blow does 1 to
//! `damage` (NetHack's damage against small monsters, which gnomes, dwarves
//! and hobbits are); a hero's does 1 to `large` against large ones, adds
//! `hit` (NetHack's `oc_hitbon`) to its to-hit and trains `skill`.

use std::sync::Arc;

use serde::Deserialize;

use crate::dungeon::effects::ItemEffect;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Weapon {
    damage: u32,
    large: u32,
    skill: crate::dungeon::skills::Skill,
    #[serde(default)]
    hit: i32,
    #[serde(default)]
    two_handed: bool,
    #[serde(default)]
    ranged: crate::dungeon::effects::Ranged,
}

impl ItemEffect for Weapon {
    fn describe(&self) -> String {
        format!(
            "a weapon (`w`): d{} (d{} against large), {} skill{}",
            self.damage,
            self.large,
            self.skill.name(false),
            match self.hit {
                0 => String::new(),
                h => format!(", {h:+} to hit"),
            }
        ) + match self.ranged {
            crate::dungeon::effects::Ranged::No => "",
            crate::dungeon::effects::Ranged::Launcher => "; a launcher (`f` shoots its ammunition)",
            crate::dungeon::effects::Ranged::Ammo => "; ammunition (`Q`, `f`)",
            crate::dungeon::effects::Ranged::Missile => "; a missile (`t`)",
            crate::dungeon::effects::Ranged::Thrown => "; thrown well (`t`)",
        }
    }

    fn check(&self) -> Result<(), String> {
        crate::dungeon::effects::die("Weapon damage", self.damage)?;
        crate::dungeon::effects::die("Weapon large", self.large)
    }

    fn wielded_as(&self) -> Option<crate::dungeon::effects::WeaponUse> {
        Some(crate::dungeon::effects::WeaponUse {
            skill: self.skill,
            hit: self.hit,
            large: self.large,
            two_handed: self.two_handed,
            ranged: self.ranged,
        })
    }

    fn weapon(&self) -> Option<u32> {
        Some(self.damage)
    }
}

pub(super) fn make(text: &str) -> Result<Arc<dyn ItemEffect>, String> {
    Ok(Arc::new(crate::dungeon::effects::settings::<Weapon>(text)?))
}
