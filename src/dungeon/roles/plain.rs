//! `Plain`: hostile unless stocked peaceful; it follows you up and down the
//! stairs when next to you.

use crate::dungeon::roles::MonsterRole;

#[derive(Debug)]
pub(super) struct Plain;

impl MonsterRole for Plain {
    fn describe(&self) -> &'static str {
        ""
    }

    fn follows_on_stairs(&self) -> bool {
        true
    }
}
