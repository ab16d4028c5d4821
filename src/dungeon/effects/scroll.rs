//! `Scroll(does)`: read (`r`), it does what the scroll rule named `does`
//! does (`rules/read.rs`: magic mapping, teleportation, light, identify...),
//! and is used up.

use std::sync::Arc;

use serde::Deserialize;

use crate::dungeon::effects::ItemEffect;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Scroll {
    does: String,
}

impl ItemEffect for Scroll {
    fn describe(&self) -> String {
        format!("a scroll (`r`): {}", self.does)
    }

    fn read(&self) -> Option<&str> {
        Some(&self.does)
    }
}

pub(super) fn make(text: &str) -> Result<Arc<dyn ItemEffect>, String> {
    Ok(Arc::new(crate::dungeon::effects::settings::<Scroll>(text)?))
}
