//! `Armour(slot, ac, gives)`: worn (`W`), it takes `ac` off your armour
//! class and gives the power `gives` names, if any (NetHack's `oc_oprop`:
//! a cloak of displacement's displacement, a power of `rules/powers.rs`);
//! taken off (`T`), it gives them back. One piece a slot, and a cloak goes
//! over body armour, as in NetHack.

use std::sync::Arc;

use serde::Deserialize;

use crate::dungeon::effects::{ArmourPiece, ItemEffect, Slot};

/// The most one piece may give (NetHack's best is plate mail's 7).
const MAX_AC: i32 = 20;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Armour {
    slot: Slot,
    ac: i32,
    #[serde(default)]
    gives: Option<String>,
}

impl ItemEffect for Armour {
    fn describe(&self) -> String {
        let power = self
            .gives
            .as_ref()
            .map_or(String::new(), |p| format!("; worn, {p}"));
        format!(
            "armour (`W`, `T`): {}, AC {}{power}",
            self.slot.name(),
            self.ac
        )
    }

    fn check(&self) -> Result<(), String> {
        if !(0..=MAX_AC).contains(&self.ac) {
            return Err(format!("Armour ac {} is not in 0 to {MAX_AC}", self.ac));
        }
        Ok(())
    }

    fn gives(&self) -> Option<&str> {
        self.gives.as_deref()
    }

    fn armour(&self) -> Option<ArmourPiece> {
        Some(ArmourPiece {
            slot: self.slot,
            ac: self.ac,
        })
    }
}

pub(super) fn make(text: &str) -> Result<Arc<dyn ItemEffect>, String> {
    Ok(Arc::new(crate::dungeon::effects::settings::<Armour>(text)?))
}
