//! `Weapon(damage)`: wielded (`w`), your blow does 1 to `damage` (NetHack's
//! damage against small monsters, which gnomes, dwarves and hobbits are).

use std::sync::Arc;

use serde::Deserialize;

use crate::dungeon::effects::ItemEffect;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Weapon {
    damage: u32,
}

impl ItemEffect for Weapon {
    fn describe(&self) -> String {
        format!("a weapon (`w`): d{}", self.damage)
    }

    fn check(&self) -> Result<(), String> {
        crate::dungeon::effects::die("Weapon damage", self.damage)
    }

    fn weapon(&self) -> Option<u32> {
        Some(self.damage)
    }
}

pub(super) fn make(text: &str) -> Result<Arc<dyn ItemEffect>, String> {
    Ok(Arc::new(crate::dungeon::effects::settings::<Weapon>(text)?))
}
