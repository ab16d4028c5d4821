//! Traps as a level holds them. What each kind is and does is its row in the
//! content file ([`super::content::TrapRow`]); what stepping on one does is
//! [`super::rules::traps`].

use super::content::TrapKind;
use crate::generation::Pos;

/// A trap on a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trap {
    /// Its row in the content.
    pub kind: TrapKind,
    /// Where it is.
    pub pos: Pos,
    /// Has the player found it (triggered it, seen it sprung, or searched)?
    /// Hidden traps are not drawn.
    pub seen: bool,
    /// A rolling boulder trap's launch place, where its boulder waits; the
    /// boulder rolls from there through the trap to the mirror cell.
    pub launch: Option<(Pos, Pos)>,
}
