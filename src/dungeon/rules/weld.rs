//! A cursed weapon in your hands won't leave them (NetHack's `welded`):
//! not to wield another, not to drop, not to take off gloves under it.

use crate::dungeon::blessing::Blessing;
use crate::dungeon::content::Content;
use crate::dungeon::state::{Carried, RunState};

/// Is `c` welded to your hands: wielded, cursed, and a weapon (or a
/// digging tool swung as one)?
pub(crate) fn welded(content: &Content, c: &Carried) -> bool {
    c.wielded
        && c.blessing == Blessing::Cursed
        && content.item(c.kind).on_pick_up.weapon().is_some()
}

/// Does `c` take both hands (a two-handed sword, a dwarvish mattock)?
pub(crate) fn two_handed(content: &Content, c: &Carried) -> bool {
    content
        .item(c.kind)
        .on_pick_up
        .wielded_as()
        .is_some_and(|w| w.two_handed)
}

/// "Your dagger is welded to your hand!" (NetHack's `weldmsg`), and now you
/// know it is cursed.
pub(crate) fn weld_message(state: &mut RunState, c: &Carried) {
    let (noun, hand) = weld_words(state, c);
    let is = if c.quantity == 1 { "is" } else { "are" };
    state.say(format!("{noun} {is} welded to your {hand}!"));
    if let Some(w) = state.player.inventory.iter_mut().find(|w| w.id == c.id) {
        w.blessing_known = true;
    }
}

/// "Your dagger" (or "Your daggers") and "hand" (or "hands", for a
/// two-handed weapon), as NetHack's `Yobjnam2` names them.
pub(crate) fn weld_words(state: &RunState, c: &Carried) -> (String, &'static str) {
    let content = state.content();
    let two_handed = two_handed(content, c);
    let name = state.discoveries.pack_name(content, c.kind);
    let name = match c.quantity {
        1 => name.to_string(),
        _ => crate::dungeon::discoveries::plural(name),
    };
    let hand = if two_handed { "hands" } else { "hand" };
    (format!("Your {name}"), hand)
}
