//! `W` and a letter: put on that armour; `T` and a letter: take it off.
//! Worn, it takes its AC off yours. One piece a slot, and a cloak goes over
//! body armour: no suit goes on or comes off under a cloak, as in NetHack.
//! Each takes one turn (NetHack's suits take up to five). [`armour_class`]
//! is what the monsters' and the traps' to-hit rolls against.

use crate::dungeon::blessing::Blessing;
use crate::dungeon::content::Content;
use crate::dungeon::content::{Slot, with_article};
use crate::dungeon::rules::carry::held;
use crate::dungeon::state::{Player, RunState};

/// The slot of the worn armour at pack place `i`, if it is armour.
fn slot_of(state: &RunState, i: usize) -> Option<Slot> {
    let kind = state.player.inventory[i].kind;
    state
        .content()
        .item(kind)
        .on_pick_up
        .armour()
        .map(|a| a.slot)
}

/// Is something worn in `slot`?
fn wearing(state: &RunState, slot: Slot) -> bool {
    worn_in(state, slot).is_some()
}

/// The pack place of the piece you wear in `slot`.
pub(crate) fn worn_in(state: &RunState, slot: Slot) -> Option<usize> {
    (0..state.player.inventory.len())
        .find(|&i| state.player.inventory[i].worn && slot_of(state, i) == Some(slot))
}

/// `W`: put on the armour with inventory letter `letter`.
pub(crate) fn wear(state: &mut RunState, letter: u8) -> bool {
    let Some(i) = held(state, letter) else {
        return false;
    };
    let Some(slot) = slot_of(state, i) else {
        state.say("You can't wear that!");
        return false;
    };
    if state.player.inventory[i].worn {
        state.say("You are already wearing that!");
        return false;
    }
    if wearing(state, slot) {
        state.say(format!("You are already wearing {}.", slot.name()));
        return false;
    }
    if slot == Slot::Body && wearing(state, Slot::Cloak) {
        state.say("You are wearing a cloak over it: take the cloak off first.");
        return false;
    }
    if slot == Slot::Shirt && (wearing(state, Slot::Body) || wearing(state, Slot::Cloak)) {
        state.say("You are wearing armour over it: take that off first.");
        return false;
    }
    // A weapon welded to your hands keeps gloves off them, and a two-handed
    // one a suit or shirt off your body.
    if let Some(w) = state.player.inventory.iter().find(|w| w.wielded).copied()
        && crate::dungeon::rules::weld::welded(state.content(), &w)
    {
        let two_handed = crate::dungeon::rules::weld::two_handed(state.content(), &w);
        let weapon = sword_or_weapon(state.content(), &w);
        if slot == Slot::Gloves {
            state.say(format!("You cannot wear gloves over your {weapon}."));
            return false;
        }
        if two_handed && matches!(slot, Slot::Body | Slot::Shirt) {
            state.say(format!("You cannot do that while holding your {weapon}."));
            return false;
        }
    }
    state.player.inventory[i].worn = true;
    state.player.inventory[i].wielded = false;
    let name = name_of(state, i);
    state.say(format!("You are now wearing {name}."));
    true
}

/// `T`: take off the armour with inventory letter `letter`.
pub(crate) fn take_off(state: &mut RunState, letter: u8) -> bool {
    let Some(i) = held(state, letter) else {
        return false;
    };
    if !state.player.inventory[i].worn {
        state.say("You are not wearing that.");
        return false;
    }
    if slot_of(state, i) == Some(Slot::Body) && wearing(state, Slot::Cloak) {
        state.say("You can't take that off while wearing a cloak.");
        return false;
    }
    if slot_of(state, i) == Some(Slot::Shirt)
        && (wearing(state, Slot::Body) || wearing(state, Slot::Cloak))
    {
        state.say("You can't take that off while wearing armour over it.");
        return false;
    }
    let c = state.player.inventory[i];
    if c.blessing == Blessing::Cursed {
        // NetHack's `cursed()`: it won't come off, and now you know why.
        let plural =
            matches!(slot_of(state, i), Some(Slot::Boots | Slot::Gloves)) || c.quantity > 1;
        let they = if plural { "They are" } else { "It is" };
        state.say(format!("You can't. {they} cursed."));
        state.player.inventory[i].blessing_known = true;
        return false;
    }
    if slot_of(state, i) == Some(Slot::Gloves)
        && let Some(w) = state.player.inventory.iter().find(|w| w.wielded).copied()
        && crate::dungeon::rules::weld::welded(state.content(), &w)
    {
        let weapon = sword_or_weapon(state.content(), &w);
        state.say(format!(
            "You are unable to take off your gloves while wielding that {weapon}."
        ));
        w_known(state, w.id);
        return false;
    }
    state.player.inventory[i].worn = false;
    let name = name_of(state, i);
    state.say(format!("You were wearing {name}."));
    true
}

/// "sword" for a sword, else "weapon", as NetHack's wear messages say.
fn sword_or_weapon(content: &Content, w: &crate::dungeon::state::Carried) -> &'static str {
    use crate::dungeon::skills::Skill;
    let skill = content
        .item(w.kind)
        .on_pick_up
        .wielded_as()
        .map(|u| u.skill);
    match skill {
        Some(Skill::ShortSword | Skill::Broadsword | Skill::LongSword)
        | Some(Skill::TwoHandedSword | Skill::Saber) => "sword",
        _ => "weapon",
    }
}

/// The thing of id `id` you carry is known to be blessed or cursed.
fn w_known(state: &mut RunState, id: u32) {
    if let Some(c) = state.player.inventory.iter_mut().find(|c| c.id == id) {
        c.blessing_known = true;
    }
}

/// "a ring mail", as the pack names the item at place `i`.
fn name_of(state: &RunState, i: usize) -> String {
    let kind = state.player.inventory[i].kind;
    with_article(state.discoveries.pack_name(state.content(), kind))
}

/// Your armour class: the player row's (a hero's: the hero rows' 10), less
/// what you wear.
pub(crate) fn armour_class(player: &Player, content: &Content) -> i32 {
    let worn: i32 = player
        .inventory
        .iter()
        .filter(|c| c.worn)
        .filter_map(|c| {
            let piece = content.item(c.kind).on_pick_up.armour()?;
            // Rust takes from a piece's AC, never below nothing; its
            // enchantment adds (NetHack's `ARM_BONUS`).
            Some(piece.ac + i32::from(c.spe) - i32::from(c.eroded).min(piece.ac))
        })
        .sum();
    let base = match player.hero {
        Some(_) => content.heroes().ac,
        None => content.player().ac,
    };
    // Rings of protection by their enchantment, an amulet of guarding 2.
    let rings = crate::dungeon::rules::powers::enchantment(
        player,
        content,
        crate::dungeon::rules::powers::Power::Protection,
    );
    // A god's protection, a priest's reward; the spell's haze.
    let blessed = player.growth.as_ref().map_or(0, |g| g.protection);
    let haze = player
        .growth
        .as_ref()
        .map_or(0, |g| g.spell_protection.points);
    base - worn - rings - blessed - haze
}

/// Do you wear a hard hat (NetHack's `hard_helmet`: a metal one)? The
/// content has no materials; a helmet that rusts is iron.
pub(crate) fn hard_hat(player: &Player, content: &Content) -> bool {
    player
        .worn_in(content, crate::dungeon::effects::Slot::Helmet)
        .is_some_and(|i| content.item(player.inventory[i].kind).rusts)
}
