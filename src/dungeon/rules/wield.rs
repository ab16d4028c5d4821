//! `w` and a letter: wield that weapon; your blow then rolls its die (a
//! dagger d4, a long sword d8, a dwarvish mattock d12) instead of the player
//! row's. `w` on the weapon you wield puts it away. One turn. [`blow`] is
//! what your blow rolls.

use crate::dungeon::content::Content;
use crate::dungeon::rules::carry::{describe_carried, held};
use crate::dungeon::rules::weld::{self, weld_message, welded};
use crate::dungeon::shared::inventory_letter;
use crate::dungeon::state::{Player, RunState};

/// Wield (or put away) the item with inventory letter `letter`. Returns
/// whether a turn was spent.
pub(crate) fn wield(state: &mut RunState, letter: u8) -> bool {
    let Some(i) = held(state, letter) else {
        return false;
    };
    let c = state.player.inventory[i];
    // A cursed weapon in your hands won't leave them (NetHack's `welded`).
    if let Some(w) = state.player.inventory.iter().find(|w| w.wielded).copied()
        && welded(state.content(), &w)
    {
        weld_message(state, &w);
        return false;
    }
    if c.wielded {
        state.player.inventory[i].wielded = false;
        state.say("You are empty handed.");
        return true;
    }
    if state.content().item(c.kind).on_pick_up.weapon().is_none() {
        state.say("You can't wield that.");
        return false;
    }
    for other in &mut state.player.inventory {
        other.wielded = false;
    }
    state.player.inventory[i].wielded = true;
    let held = state.player.inventory[i];
    let name = describe_carried(state.content(), &state.discoveries, &held);
    state.say(format!("{} - {name}.", inventory_letter(letter)));
    if welded(state.content(), &held) {
        let (noun, hand) = weld::weld_words(state, &held);
        let itself = if held.quantity == 1 {
            "itself"
        } else {
            "themselves"
        };
        let weld = if held.quantity == 1 { "welds" } else { "weld" };
        state.say(format!("{noun} {weld} {itself} to your {hand}!"));
        state.player.inventory[i].blessing_known = true;
    }
    true
}

/// The die of your blow (the weapon you wield, else the player row's, or a
/// hero's bare hands) and
/// what rust takes off it.
pub(crate) fn blow(player: &Player, content: &Content) -> (u32, i32) {
    player
        .inventory
        .iter()
        .find(|c| c.wielded)
        .and_then(|c| {
            let die = content.item(c.kind).on_pick_up.weapon()?;
            Some((die, i32::from(c.eroded)))
        })
        .unwrap_or(match player.hero {
            Some(_) => (content.heroes().bare_hands, 0),
            None => (content.player().damage, 0),
        })
}
