//! `Stethoscope`: applied (`a`), it asks for a direction and listens there
//! (see `rules/stethoscope.rs`): a monster's level, hit points and armour
//! class, yours toward yourself, a secret door or passage behind a wall.
//! The first listen each move takes no time.

use std::sync::Arc;

use crate::dungeon::effects::ItemEffect;

#[derive(Debug)]
struct Stethoscope;

impl ItemEffect for Stethoscope {
    fn describe(&self) -> String {
        "listens (`a`, then a direction or `.`): a monster's or your own status, \
         a secret door; the first use each move is free"
            .into()
    }

    fn listens(&self) -> bool {
        true
    }
}

pub(super) fn make(text: &str) -> Result<Arc<dyn ItemEffect>, String> {
    crate::dungeon::effects::unit(text, Stethoscope)
}
