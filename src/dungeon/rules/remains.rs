//! What a monster leaves where it dies: the tool it carried (a dwarf's
//! pick-axe, a gnome's candle) and its gear (a dwarf's armour and weapons),
//! as NetHack's monsters drop their inventory, and perhaps its corpse
//! (`corpses.rs`).

use crate::dungeon::items::Item;
use crate::dungeon::monsters::Monster;
use crate::dungeon::state::RunState;

/// Monster `dead`, just taken off the current level, drops what it carried.
pub(crate) fn leave(state: &mut RunState, dead: &Monster) {
    let carried = dead
        .tool
        .into_iter()
        .chain(dead.gear.iter().flatten().copied());
    for (i, kind) in carried.enumerate() {
        let id = state.ids.next_id();
        // A candle it burnt is shorter by what it burnt (it goes out as it
        // falls).
        let burn_left = match (i, dead.tool_burning) {
            (0, Some(left)) => Some(left),
            _ => state
                .content()
                .item(kind)
                .on_pick_up
                .light()
                .map(|l| l.turns),
        };
        state.level_mut().items.push(Item {
            burn_left,
            ..Item::new(id, kind, dead.pos, 1)
        });
    }
    if dead.gold > 0
        && let Some(gold) = state.content().item_kind("gold")
    {
        let id = state.ids.next_id();
        state
            .level_mut()
            .items
            .push(Item::new(id, gold, dead.pos, dead.gold));
    }
    crate::dungeon::rules::corpses::leave(state, dead);
}
