//! A rust monster's touch on what you wear (NetHack's `erode_armor`): a
//! piece drawn one time in five each, the helmet, the cloak (else the
//! suit, else the shirt), the shield, the gloves or the boots; a draw that
//! finds nothing there to rust draws again, but the body's draw always
//! ends it.

use crate::dungeon::effects::Slot;
use crate::dungeon::rules::wear::worn_in;
use crate::dungeon::state::RunState;

/// One of your worn pieces rusts a level, if iron.
pub(crate) fn rust_worn_armour(state: &mut RunState) {
    loop {
        let slots: &[Slot] = match state.rng.rn2(5) {
            0 => &[Slot::Helmet],
            1 => &[Slot::Cloak, Slot::Body, Slot::Shirt],
            2 => &[Slot::Shield],
            3 => &[Slot::Gloves],
            _ => &[Slot::Boots],
        };
        let body = slots.len() > 1;
        let piece = slots.iter().find_map(|&slot| worn_in(state, slot));
        let rusted = match piece {
            Some(i) => crate::dungeon::rules::traps::erode(state, i),
            None => false,
        };
        if rusted || body {
            return;
        }
    }
}
