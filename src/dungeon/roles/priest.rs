//! `Priest`: stands by the temple's altar and takes donations
//! (`rules/chat.rs`).

use crate::dungeon::roles::MonsterRole;

#[derive(Debug)]
pub(super) struct Priest;

impl MonsterRole for Priest {
    fn describe(&self) -> &'static str {
        "tends the temple"
    }

    fn keeps_post(&self) -> bool {
        true
    }

    fn takes_donations(&self) -> bool {
        true
    }
}
