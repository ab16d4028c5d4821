//! `Unlock(chance: 82)`: an unlocking tool (a skeleton key, a lock pick, a
//! credit card). Applied (`a`), it asks for a direction, and works at the
//! locked door there turn after turn, opening its lock `chance` times in 100
//! each turn (see `rules/unlock.rs`). A monster that carries one opens the
//! locked doors in its way.

use std::sync::Arc;

use serde::Deserialize;

use crate::dungeon::effects::ItemEffect;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Unlock {
    /// In 100, each turn at a locked door.
    chance: u32,
}

impl ItemEffect for Unlock {
    fn describe(&self) -> String {
        format!(
            "unlocks doors (`a`, then a direction): {} in 100 a turn",
            self.chance
        )
    }

    fn check(&self) -> Result<(), String> {
        if (1..=100).contains(&self.chance) {
            Ok(())
        } else {
            Err(format!("Unlock chance {} is not 1 to 100", self.chance))
        }
    }

    fn unlocks(&self) -> Option<u32> {
        Some(self.chance)
    }
}

pub(super) fn make(text: &str) -> Result<Arc<dyn ItemEffect>, String> {
    Ok(Arc::new(crate::dungeon::effects::settings::<Unlock>(text)?))
}
