//! `Nothing`: it is carried, nothing more (a flint stone).

use std::sync::Arc;

use crate::dungeon::effects::ItemEffect;

#[derive(Debug)]
struct Nothing;

impl ItemEffect for Nothing {
    fn describe(&self) -> String {
        "nothing more".into()
    }
}

pub(super) fn make(text: &str) -> Result<Arc<dyn ItemEffect>, String> {
    crate::dungeon::effects::unit(text, Nothing)
}
