//! `Win`: picking it up wins the run (Mines' End's luckstone).

use std::sync::Arc;

use crate::dungeon::effects::{ItemEffect, PickUp};

#[derive(Debug)]
struct Win;

impl ItemEffect for Win {
    fn describe(&self) -> String {
        "wins the run".into()
    }

    fn wins(&self) -> bool {
        true
    }

    fn picked_up(&self, run: &mut dyn PickUp) -> bool {
        run.win();
        true
    }
}

pub(super) fn make(text: &str) -> Result<Arc<dyn ItemEffect>, String> {
    crate::dungeon::effects::unit(text, Win)
}
