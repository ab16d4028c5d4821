//! `Shopkeeper`: stands in the shop and takes the money for its wares.

use crate::dungeon::roles::MonsterRole;

#[derive(Debug)]
pub(super) struct Shopkeeper;

impl MonsterRole for Shopkeeper {
    fn describe(&self) -> &'static str {
        "keeps a shop"
    }

    fn keeps_post(&self) -> bool {
        true
    }

    fn keeps_shop(&self) -> bool {
        true
    }
}
