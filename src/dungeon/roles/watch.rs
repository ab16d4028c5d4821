//! `Watch`: walks the town, and turns hostile when you kill a peaceful
//! monster.

use crate::dungeon::roles::MonsterRole;

#[derive(Debug)]
pub(super) struct Watch;

impl MonsterRole for Watch {
    fn describe(&self) -> &'static str {
        "keeps the peace"
    }

    fn punishes_murder(&self) -> bool {
        true
    }
}
