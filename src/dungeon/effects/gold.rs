//! `Gold`: a pile's pieces go into your purse, not your pack.

use std::sync::Arc;

use crate::dungeon::effects::{ItemEffect, PickUp};

#[derive(Debug)]
struct Gold;

impl ItemEffect for Gold {
    fn describe(&self) -> String {
        "goes into your purse".into()
    }

    fn is_money(&self) -> bool {
        true
    }

    fn picked_up(&self, run: &mut dyn PickUp) -> bool {
        let pieces = run.quantity();
        run.add_gold(pieces);
        run.say(format!("You pick up {pieces} gold pieces."));
        false
    }
}

pub(super) fn make(text: &str) -> Result<Arc<dyn ItemEffect>, String> {
    crate::dungeon::effects::unit(text, Gold)
}
