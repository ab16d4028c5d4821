//! `Gem`: a gem, counted in the status line and on the end screen.

use std::sync::Arc;

use crate::dungeon::effects::ItemEffect;

#[derive(Debug)]
struct Gem;

impl ItemEffect for Gem {
    fn describe(&self) -> String {
        "counts as a gem".into()
    }

    fn counts_as_gem(&self) -> bool {
        true
    }
}

pub(super) fn make(text: &str) -> Result<Arc<dyn ItemEffect>, String> {
    crate::dungeon::effects::unit(text, Gem)
}
