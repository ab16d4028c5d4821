//! `Potion(does)`: quaffed (`q`), it does what the potion rule named
//! `does` does (`rules/quaff.rs`: healing, sleeping, water...), and is
//! used up.

use std::sync::Arc;

use serde::Deserialize;

use crate::dungeon::effects::ItemEffect;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Potion {
    does: String,
}

impl ItemEffect for Potion {
    fn describe(&self) -> String {
        format!("a potion (`q`): {}", self.does)
    }

    fn quaffed(&self) -> Option<&str> {
        Some(&self.does)
    }
}

pub(super) fn make(text: &str) -> Result<Arc<dyn ItemEffect>, String> {
    Ok(Arc::new(crate::dungeon::effects::settings::<Potion>(text)?))
}
