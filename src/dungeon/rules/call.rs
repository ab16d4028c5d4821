//! `C` (Alt+N in the game: NetHack's `M-n`, `#name`), an inventory letter
//! and a name: call that kind of thing (NetHack's `docall`). Until its kind
//! is known, every one like it reads by that name, in the pack and on the
//! floor: "a potion called heal". An empty name takes the call back. Only
//! a kind with a look can be called (potions, scrolls, wands, rings,
//! amulets, gems, gray stones); naming takes no time.

use crate::dungeon::rules::carry::find;
use crate::dungeon::state::RunState;
use crate::dungeon::words::Writing;

/// What `C` asks for the name.
pub(crate) const QUESTION: &str = "What do you want to call it?";

/// `C`: call the kind of the thing of `w.with` `w.words`. Takes no turn.
pub(crate) fn call(state: &mut RunState, w: Writing) -> bool {
    if w.with == Writing::FINGERS {
        state.say("Never mind.");
        return false;
    }
    let Some(i) = find(&state.player, w.with) else {
        state.say("You don't have that object.");
        return false;
    };
    let kind = state.player.inventory[i].kind;
    let content = state.setup.content.clone();
    if !state.discoveries.call(&content, kind, w.words.as_str()) {
        state.say("That is a silly thing to call.");
    }
    false
}
