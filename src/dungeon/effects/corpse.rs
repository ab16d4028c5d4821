//! `Corpse`: what a monster leaves when it dies. One row makes every corpse;
//! whose it is, and so what eating it gives, is the item's own
//! ([`crate::dungeon::Corpse`]), read from its monster's row.

use std::sync::Arc;

use crate::dungeon::effects::ItemEffect;

#[derive(Debug)]
struct Corpse;

impl ItemEffect for Corpse {
    fn describe(&self) -> String {
        "a corpse (`e`): its monster's nutrition; it rots".into()
    }

    fn is_corpse(&self) -> bool {
        true
    }
}

pub(super) fn make(text: &str) -> Result<Arc<dyn ItemEffect>, String> {
    crate::dungeon::effects::unit(text, Corpse)
}
