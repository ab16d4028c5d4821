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
}

pub(super) fn make(text: &str) -> Result<Arc<dyn ItemEffect>, String> {
    if text.trim() == "Dig" {
        return Ok(Arc::new(Dig { damage: 0 }));
    }
    Ok(Arc::new(crate::dungeon::effects::settings::<Dig>(text)?))
}
