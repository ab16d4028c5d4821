//! `Dig`: a digging tool (a pick-axe, a dwarvish mattock). Applied (`a`), it
//! asks which way to dig, and digs through rock and walls, or down, over
//! several turns (see `rules/dig.rs`). A dwarf that carries one digs toward
//! you.

use std::sync::Arc;

use super::ItemEffect;

#[derive(Debug)]
struct Dig;

impl ItemEffect for Dig {
    fn describe(&self) -> String {
        "a digging tool (`a`, then a direction or `>`)".into()
    }

    fn digs(&self) -> bool {
        true
    }
}

pub(super) fn make(text: &str) -> Result<Arc<dyn ItemEffect>, String> {
    super::unit(text, Dig)
}
