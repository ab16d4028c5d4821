//! Looking, as NetHack's `:` and `;`: neither takes a turn.
//!
//! - `:` says what lies where you stand ("You see here a dagger.", "There
//!   is a staircase down here."), or "You see no objects here."
//! - `;` asks "Pick an object." with the cursor of `travel.rs`; `.` `,` `;`
//!   or `:` names what is at the cursor: a monster you see there ("a gnome
//!   lord (peaceful)", "your kitten"), else a trap you know of, a boulder,
//!   an item you remember, or the terrain you have seen ("an open door", "a
//!   staircase down"); a cell never seen is "unexplored".

use crate::dungeon::content::with_article;
use crate::dungeon::rules::carry::floor_item_name;
use crate::dungeon::rules::moving::say_whats_here;
use crate::dungeon::rules::sight::sees_monster;
use crate::dungeon::shared::capitalised;
use crate::dungeon::state::{CursorFor, RunState};
use crate::generation::Pos;

/// `:`: what lies here.
pub(crate) fn here(state: &mut RunState) -> bool {
    if !say_whats_here(state) {
        state.say("You see no objects here.");
    }
    false
}

/// `;`: ask which cell, the cursor on you.
pub(crate) fn ask(state: &mut RunState) -> bool {
    state.ask_cursor(CursorFor::Look);
    false
}

/// Name what is at `at`.
pub(crate) fn at(state: &mut RunState, at: Pos) -> bool {
    let words = what_is_at(state, at);
    state.say(capitalised(&words) + ".");
    false
}

/// The words for what you know to be at `at`: "a gnome lord (peaceful)",
/// "a bear trap", "a boulder", "a dagger", "a doorway", "unexplored".
pub(crate) fn what_is_at(state: &RunState, at: Pos) -> String {
    let level = state.level();
    if !level.map.contains(at) {
        return "nothing: the edge of the world".into();
    }
    if at == state.player.pos {
        return "you".into();
    }
    if let Some(m) = level.monster_at(at).map(|m| &level.monsters[m])
        && sees_monster(state, m)
    {
        let content = state.content();
        if let Some(look) = m.disguise {
            return with_article(&content.item(look).name);
        }
        let name = m.called(content, state.player.hero, state.setup.pet_name.as_deref());
        return match (m.tame, m.peaceful) {
            (true, _) => name,
            (false, true) => format!("{} (peaceful)", with_article(&content.monster(m.kind).name)),
            (false, false) => with_article(&content.monster(m.kind).name),
        };
    }
    if let Some(w) = level
        .monster_at(at)
        .and_then(|m| crate::dungeon::rules::warning::warning_of(state, &level.monsters[m]))
    {
        return w.words().into();
    }
    if !level.is_seen(at) {
        return "unexplored".into();
    }
    if let Some(t) = level.seen_trap_at(at) {
        return with_article(&state.content().trap(level.traps[t].kind).name);
    }
    if level.has_boulder(at) {
        return "a boulder".into();
    }
    if let Some(i) = level.item_at(at) {
        return floor_item_name(state, &level.items[i]);
    }
    level.map.tile(at).named()
}
