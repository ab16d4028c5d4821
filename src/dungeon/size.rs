//! How big a monster or a hero is (NetHack's `msize`), a word both the
//! content's rows and the hero's race rows use.

use serde::Deserialize;

/// A monster's size, NetHack's `MZ_*`, smallest first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
pub enum Size {
    /// A newt, a floating eye... (`MZ_TINY`).
    Tiny,
    /// A gnome, a kitten (`MZ_SMALL`).
    Small,
    /// A dwarf, a human (`MZ_MEDIUM`, `MZ_HUMAN`).
    #[default]
    Medium,
    /// A large mimic (`MZ_LARGE`).
    Large,
    /// An ettin (`MZ_HUGE`).
    Huge,
    /// A dragon (`MZ_GIGANTIC`).
    Gigantic,
}
