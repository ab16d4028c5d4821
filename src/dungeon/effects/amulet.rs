//! `Amulet(does)`: put on (`P`) round your neck, one at a time, it gives
//! what the power named `does` gives while worn (`rules/powers.rs`: life
//! saving, reflection, strangulation...).

use std::sync::Arc;

use serde::Deserialize;

use crate::dungeon::effects::{Accessory, ItemEffect, Worn};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Amulet {
    does: String,
}

impl ItemEffect for Amulet {
    fn describe(&self) -> String {
        format!("an amulet (`P`): {}", self.does)
    }

    fn accessory(&self) -> Option<Accessory<'_>> {
        Some(Accessory {
            worn: Worn::Amulet,
            does: &self.does,
            charged: false,
        })
    }
}

pub(super) fn make(text: &str) -> Result<Arc<dyn ItemEffect>, String> {
    Ok(Arc::new(crate::dungeon::effects::settings::<Amulet>(text)?))
}
