//! `Wand(does, charges)`: zapped (`z`), it does what the wand rule named
//! `does` does (`rules/zap.rs`: a ray of fire, a beam of striking, light
//! all round...), one charge a zap. A new one holds `charges` (a range:
//! NetHack's `mksobj` gives 11 to 15 to a wand that asks no direction, 1 to
//! 3 to wishing, 4 to 8 to the rest).

use std::sync::Arc;

use serde::Deserialize;

use crate::dungeon::effects::ItemEffect;

/// The most charges a wand may be made with (NetHack's `spe` is a small
/// signed number).
const MAX_CHARGES: u32 = 100;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Wand {
    does: String,
    charges: (u32, u32),
}

impl ItemEffect for Wand {
    fn describe(&self) -> String {
        let (lo, hi) = self.charges;
        format!("a wand (`z`): {}, {lo}–{hi} charges", self.does)
    }

    fn check(&self) -> Result<(), String> {
        let (lo, hi) = self.charges;
        if lo > hi || hi > MAX_CHARGES {
            return Err(format!(
                "Wand charges ({lo}, {hi}) is not a range within 0 to {MAX_CHARGES}"
            ));
        }
        Ok(())
    }

    fn shows_charges(&self) -> bool {
        true
    }

    fn charges(&self) -> Option<(u32, u32)> {
        Some(self.charges)
    }

    fn zapped(&self) -> Option<&str> {
        Some(&self.does)
    }
}

pub(super) fn make(text: &str) -> Result<Arc<dyn ItemEffect>, String> {
    Ok(Arc::new(crate::dungeon::effects::settings::<Wand>(text)?))
}
