//! `Loadstone`: cursed and heavy. It can't be dropped, and carrying it slows
//! you (the monsters get an extra move every third action).

use std::sync::Arc;

use crate::dungeon::effects::ItemEffect;

#[derive(Debug)]
struct Loadstone;

impl ItemEffect for Loadstone {
    fn describe(&self) -> String {
        "can't be dropped, and slows you".into()
    }

    fn cursed(&self) -> bool {
        true
    }
}

pub(super) fn make(text: &str) -> Result<Arc<dyn ItemEffect>, String> {
    crate::dungeon::effects::unit(text, Loadstone)
}
