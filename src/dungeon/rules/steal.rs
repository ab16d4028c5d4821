//! Thieves, as of NetHack 3.7 (`steal.c`): a leprechaun's blow takes gold,
//! a nymph's takes a thing you carry; either then teleports away across
//! the level and runs from you, with its loot, which it drops when killed.
//! A monkey snatches what you don't wear and runs off on foot.

use crate::dungeon::effects::Slot;
use crate::dungeon::rules::wear::worn_in;
use crate::dungeon::state::RunState;
use crate::generation::Pos;

/// A leprechaun's blow that lands (`stealgold`): gold at your feet it
/// snatches first when there is more of it than in your purse (or one
/// time in five), else some of your purse. Then away it goes: at once
/// after your purse, and after the floor's gold only when your purse is
/// empty or one time in five.
pub(crate) fn gold(state: &mut RunState, m: usize) {
    let me = state.player.pos;
    let content = state.setup.content.clone();
    let name = content.monster(state.level().monsters[m].kind).name.clone();
    let floor = state
        .level()
        .items
        .iter()
        .position(|i| i.pos == me && content.item(i.kind).on_pick_up.is_money());
    let purse = state.player.gold;
    if let Some(f) = floor {
        let pile = state.level().items[f].quantity;
        if purse == 0 || pile > purse || state.rng.rn2(5) == 0 {
            state.level_mut().items.remove(f);
            state.level_mut().monsters[m].gold += pile;
            let under = if state.player.levitation > 0 {
                "beneath"
            } else {
                "between"
            };
            state.say(format!(
                "The {name} quickly snatches some gold from {under} your feet!"
            ));
            if purse == 0 || state.rng.rn2(5) == 0 {
                get_away(state, m);
            }
            return;
        }
    }
    if purse == 0 {
        return;
    }
    let taken = some_gold(purse, state);
    state.player.gold -= taken;
    state.level_mut().monsters[m].gold += taken;
    state.say("Your purse feels lighter.");
    get_away(state, m);
}

/// How much of a purse of `n` a leprechaun takes (`somegold`): all of a
/// small one, else from a floor that grows with the purse up to all of it.
fn some_gold(n: u32, state: &mut RunState) -> u32 {
    let least = match n {
        0..50 => return n,
        50..100 => 25,
        100..500 => 50,
        500..1000 => 100,
        1000..5000 => 500,
        5000..10000 => 1000,
        _ => 5000,
    };
    state.rng.rn1(u64::from(n - least + 1), u64::from(least)) as u32
}

/// A nymph's blow that lands (`steal`): a cancelled one only tries and,
/// two times in three, leaves; else she takes one thing you carry, a worn
/// thing five times as likely as another, and leaves with it. Returns
/// whether she left.
pub(crate) fn item(state: &mut RunState, m: usize) -> bool {
    let thief = state.level().monsters[m];
    let content = state.setup.content.clone();
    let name = content.monster(thief.kind).name.clone();
    let animal = content.monster(thief.kind).animal;
    if thief.cancelled && animal {
        return false;
    }
    if thief.cancelled {
        state.say(format!(
            "The {name} tries to seduce you, but you seem uninterested."
        ));
        if state.rng.rn2(3) != 0 {
            get_away(state, m);
            return true;
        }
        return false;
    }
    let Some(i) = pick(state) else {
        state.say(format!(
            "The {name} tries to rob you, but there is nothing to steal!"
        ));
        if !animal {
            get_away(state, m);
        }
        return true;
    };
    let i = cover(state, i);
    let c = state.player.inventory[i];
    let row = content.item(c.kind);
    let piece = state.discoveries.pack_name(&content, c.kind).to_string();
    if animal && c.worn {
        // A monkey can't undo what you wear.
        state.say(format!(
            "The {name} tries to take your {piece} but gives up."
        ));
        return false;
    }
    if c.worn && row.on_pick_up.armour().is_some() {
        state.say(format!(
            "The {name} seduces you and you take off your {piece}."
        ));
    } else if c.worn {
        state.say(format!("The {name} removes your {piece}."));
    } else if c.wielded {
        state.say(format!("The {name} disarms you of your {piece}."));
    }
    state.player.inventory.remove(i);
    let what = crate::dungeon::rules::carry::describe_carried(
        &content,
        &state.discoveries,
        &crate::dungeon::state::Carried {
            worn: false,
            wielded: false,
            lit: false,
            ..c
        },
    );
    state.say(format!("The {name} stole {what}."));
    let loot = crate::dungeon::rules::carry::laid_down(&c, thief.pos);
    state.level_mut().pockets.push((thief.id, loot));
    if animal {
        // An animal runs off with it on foot.
        state.say(format!("The {name} tries to run away with {what}."));
        state.level_mut().monsters[m].flees = crate::dungeon::monsters::FLEES_UNTIL_CALM;
        return true;
    }
    get_away(state, m);
    true
}

/// The pack place of the thing a thief takes: each thing weighs 1, one
/// worn 5; a cloak over a suit is not counted (NetHack's weighting).
fn pick(state: &mut RunState) -> Option<usize> {
    let content = state.setup.content.clone();
    let suit = worn_in(state, Slot::Body).is_some();
    let weights: Vec<u64> = state
        .player
        .inventory
        .iter()
        .map(|c| {
            let slot = content.item(c.kind).on_pick_up.armour().map(|a| a.slot);
            match (c.worn, slot) {
                (true, Some(Slot::Cloak)) if suit => 0,
                (true, _) => 5,
                _ => 1,
            }
        })
        .collect();
    let total: u64 = weights.iter().sum();
    if total == 0 {
        return None;
    }
    let mut left = state.rng.rn2(total);
    for (i, &w) in weights.iter().enumerate() {
        if left < w {
            return Some(i);
        }
        left -= w;
    }
    None
}

/// What a thief must take first to reach the thing at `i`: the gloves over
/// a ring, the weapon the gloves hold, the cloak over a suit or shirt, the
/// suit over a shirt.
fn cover(state: &RunState, i: usize) -> usize {
    let content = state.content();
    let c = state.player.inventory[i];
    let slot = content.item(c.kind).on_pick_up.armour().map(|a| a.slot);
    let ring = c.worn && slot.is_none() && content.item(c.kind).glyph == '=';
    if ring && let Some(g) = worn_in(state, Slot::Gloves) {
        return g;
    }
    if slot == Some(Slot::Gloves)
        && let Some(w) = state.player.inventory.iter().position(|c| c.wielded)
    {
        return w;
    }
    match slot {
        Some(Slot::Body) | Some(Slot::Shirt) if c.worn => {
            if let Some(cloak) = worn_in(state, Slot::Cloak) {
                return cloak;
            }
            if slot == Some(Slot::Shirt)
                && let Some(suit) = worn_in(state, Slot::Body)
            {
                return suit;
            }
            i
        }
        _ => i,
    }
}

/// A thief teleports away (`rloc`) and runs from you for good (`monflee`
/// with no end): "The leprechaun vanishes!" if you saw it go, or "...
/// vanishes and reappears close by." if you see where it lands.
pub(crate) fn get_away(state: &mut RunState, m: usize) {
    let from = state.level().monsters[m].pos;
    let id = state.level().monsters[m].id;
    let me = state.player.pos;
    let Some(to) = crate::dungeon::rules::teleport::random_free_cell_here(state) else {
        return;
    };
    let name = state
        .content()
        .monster(state.level().monsters[m].kind)
        .name
        .clone();
    let seen = |state: &RunState, p: Pos| state.sight.visible_mark[state.level().map.index(p)];
    let (saw_go, see_land) = (seen(state, from), seen(state, to));
    let monster = &mut state.level_mut().monsters[m];
    monster.pos = to;
    monster.flees = crate::dungeon::monsters::FLEES_UNTIL_CALM;
    if state.player.held_by == Some(id) {
        state.player.held_by = None;
    }
    let far = |p: Pos| (p.x - me.x).pow(2) + (p.y - me.y).pow(2);
    if saw_go && see_land {
        let (now, before) = (far(to), far(from));
        let where_ = if now < 3 {
            " next to you"
        } else if now <= 64 {
            " close by"
        } else if now < before {
            " closer to you"
        } else if now > before {
            " farther away"
        } else {
            ""
        };
        state.say(format!("The {name} vanishes and reappears{where_}."));
    } else if saw_go {
        state.say(format!("The {name} vanishes!"));
    }
    crate::dungeon::rules::sight::update(state);
}
