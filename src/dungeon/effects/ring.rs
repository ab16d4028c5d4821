//! `Ring(does, charged)`: put on (`P`) one of two rings on your fingers,
//! it gives what the power named `does` gives while worn
//! (`rules/powers.rs`: levitation, regeneration, a resistance...). A
//! `charged` ring's enchantment is how much it gives (protection, gain
//! strength) and shows in its name once known: "a +1 ring of protection".

use std::sync::Arc;

use serde::Deserialize;

use crate::dungeon::effects::{Accessory, ItemEffect, Worn};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Ring {
    does: String,
    #[serde(default)]
    charged: bool,
}

impl ItemEffect for Ring {
    fn describe(&self) -> String {
        let charged = if self.charged {
            " (by its enchantment)"
        } else {
            ""
        };
        format!("a ring (`P`): {}{charged}", self.does)
    }

    fn accessory(&self) -> Option<Accessory<'_>> {
        Some(Accessory {
            worn: Worn::Ring,
            does: &self.does,
            charged: self.charged,
        })
    }
}

pub(super) fn make(text: &str) -> Result<Arc<dyn ItemEffect>, String> {
    Ok(Arc::new(crate::dungeon::effects::settings::<Ring>(text)?))
}
