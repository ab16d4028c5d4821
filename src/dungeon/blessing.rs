//! Blessed, uncursed or cursed: a word every object carries and every rule
//! about objects may ask, depending on nothing else.

/// Blessed, uncursed or cursed: what a god thinks of a thing (NetHack's
/// `blessed` and `cursed` bits). A cursed weapon welds to your hands,
/// cursed armour won't come off, and potions and scrolls act by it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Deserialize)]
pub enum Blessing {
    /// Cursed.
    Cursed,
    /// Neither.
    #[default]
    Uncursed,
    /// Blessed.
    Blessed,
}

impl Blessing {
    /// -1, 0 or 1, as NetHack's `bcsign` counts it in its formulas.
    pub fn sign(self) -> i32 {
        match self {
            Blessing::Cursed => -1,
            Blessing::Uncursed => 0,
            Blessing::Blessed => 1,
        }
    }

    /// "cursed", "uncursed" or "blessed".
    pub fn word(self) -> &'static str {
        match self {
            Blessing::Cursed => "cursed",
            Blessing::Uncursed => "uncursed",
            Blessing::Blessed => "blessed",
        }
    }
}
