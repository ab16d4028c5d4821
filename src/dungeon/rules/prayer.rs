//! Praying: heard when you are in trouble (below a third of your hit points,
//! or poisoned by a tainted corpse) and have not been heard for
//! [`PRAYER_TIMEOUT`] turns; then the trouble is mended.
//!
//! A hero prays as NetHack 3.7's (`pray.c`): the prayer timeout starts at
//! 300 and falls a turn at a time; major trouble (critically low hit points,
//! food poisoning, weakness from hunger) is heard once it is down to 200,
//! minor trouble (hunger) at 100, none at 0. Too soon costs 3 luck and adds
//! to the timeout; with bad luck or a record below 0 the god is displeased;
//! heard, the worst trouble is mended (more of them with luck), and the
//! timeout set to about 350 (`rnz(350)`). A record below 4 (NetHack's
//! STRIDENT; a Valkyrie's, a Caveman's and a Tourist's start at 0) mends
//! one trouble only, and at 0 only when `rnl(2)` comes to 0.

use crate::dungeon::blessing::Blessing;
use crate::dungeon::content::Slot;
use crate::dungeon::state::RunState;

/// Turns between two prayers that are heard (NetHack's prayer timeout is
/// about this long).
pub const PRAYER_TIMEOUT: u64 = 300;

/// Pray. It always takes the turn.
pub(crate) fn pray(state: &mut RunState) -> bool {
    if state.player.growth.is_some() {
        return hero_prays(state);
    }
    let (player, turn, log) = (&mut state.player, state.turn, &mut state.log);
    let low = player.hp * 3 < player.max_hp;
    let sick = player.sick.is_some();
    let rested = player.prayed_at.is_none_or(|t| turn >= t + PRAYER_TIMEOUT);
    log.push(turn, "You begin praying.");
    if (low || sick) && rested {
        player.prayed_at = Some(turn);
        // NetHack mends the worst trouble first: food poisoning, then
        // low hit points.
        let mut said = String::from("You feel a hopeful feeling.");
        if sick {
            player.sick = None;
            said += " You feel better.";
        }
        if low {
            player.hp = player.max_hp;
            said += " You feel much better.";
        }
        log.push(turn, said);
    } else {
        log.push(turn, "You feel that your god is displeased.");
    }
    true
}

/// How much trouble a hero is in (`in_trouble`): major, minor or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Trouble {
    None,
    Minor,
    Major,
}

/// One of a hero's troubles this game has, worst first as `in_trouble`
/// ranks them: the major ones, then the minor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Woe {
    /// Food poisoning (TROUBLE_SICK).
    Sick,
    /// Weak from hunger or worse (TROUBLE_STARVING).
    Starving,
    /// Critically low hit points (TROUBLE_HIT).
    Hit,
    /// A cursed two-handed weapon welded to your hands, or a welded weapon
    /// and a cursed shield: no hand free (TROUBLE_UNUSEABLE_HANDS).
    Hands,
    /// A cursed thing worn, wielded or weighing on you (TROUBLE_CURSED_ITEMS).
    CursedItems,
    /// Hungry (TROUBLE_HUNGRY).
    Hungry,
}

impl Woe {
    fn major(self) -> bool {
        matches!(self, Woe::Sick | Woe::Starving | Woe::Hit | Woe::Hands)
    }
}

/// The worst trouble a hero is in, if any (`in_trouble`).
fn worst_woe(state: &RunState, level: u32) -> Option<Woe> {
    use crate::dungeon::rules::hunger::{Hunger, status};
    let p = &state.player;
    let hunger = status(p.nutrition);
    if p.sick.is_some() {
        Some(Woe::Sick)
    } else if hunger >= Hunger::Weak {
        Some(Woe::Starving)
    } else if critically_low(p.hp, p.max_hp, level) {
        Some(Woe::Hit)
    } else if no_free_hand(state) {
        Some(Woe::Hands)
    } else if worst_cursed(state).is_some() {
        Some(Woe::CursedItems)
    } else if hunger == Hunger::Hungry {
        Some(Woe::Hungry)
    } else {
        None
    }
}

/// The wielded weapon welded to your hands, if one is.
fn welded_weapon(state: &RunState) -> Option<usize> {
    let content = state.content();
    let inv = &state.player.inventory;
    (0..inv.len()).find(|&i| crate::dungeon::rules::weld::welded(content, &inv[i]))
}

/// The pack place of the worn piece in `slot` that is cursed.
fn cursed_worn(state: &RunState, slot: Slot) -> Option<usize> {
    let content = state.content();
    let inv = &state.player.inventory;
    (0..inv.len()).find(|&i| {
        let piece = content.item(inv[i].kind).on_pick_up.armour();
        inv[i].worn && inv[i].blessing == Blessing::Cursed && piece.is_some_and(|a| a.slot == slot)
    })
}

/// Is your weapon welded with no hand free: two-handed, or with a cursed
/// shield on the other arm (NetHack's `!freehand()`)?
fn no_free_hand(state: &RunState) -> bool {
    welded_weapon(state)
        .is_some_and(|i| two_handed(state, i) || cursed_worn(state, Slot::Shield).is_some())
}

fn two_handed(state: &RunState, i: usize) -> bool {
    let kind = state.player.inventory[i].kind;
    state
        .content()
        .item(kind)
        .on_pick_up
        .wielded_as()
        .is_some_and(|w| w.two_handed)
}

/// The cursed thing a god mends first (`worst_cursed_item`): a loadstone
/// when it strains you, a welded two-handed weapon, then gloves, shield,
/// cloak, suit, helmet, boots and shirt, then any welded weapon, then a
/// cursed loadstone or luckstone in the pack.
fn worst_cursed(state: &RunState) -> Option<usize> {
    use crate::dungeon::hero::attributes::Encumbrance;
    let content = state.content();
    let inv = &state.player.inventory;
    let cursed = |i: usize| inv[i].blessing == Blessing::Cursed;
    let stone = |i: usize| {
        let row = content.item(inv[i].kind);
        cursed(i) && (row.on_pick_up.cursed() || row.confers_luck)
    };
    let strained =
        crate::dungeon::rules::grow::encumbrance(&state.player, content) >= Encumbrance::Strained;
    let loadstone =
        (0..inv.len()).find(|&i| cursed(i) && content.item(inv[i].kind).on_pick_up.cursed());
    if strained && loadstone.is_some() {
        return loadstone;
    }
    let weapon = welded_weapon(state);
    if let Some(w) = weapon.filter(|&w| two_handed(state, w)) {
        return Some(w);
    }
    let slots = [
        Slot::Gloves,
        Slot::Shield,
        Slot::Cloak,
        Slot::Body,
        Slot::Helmet,
        Slot::Boots,
        Slot::Shirt,
    ];
    slots
        .iter()
        .find_map(|&slot| cursed_worn(state, slot))
        .or(weapon)
        .or_else(|| (0..inv.len()).find(|&i| stone(i)))
}

/// Mend trouble `woe` (`fix_worst_trouble`), saying how.
fn mend(state: &mut RunState, woe: Woe, level: u32, said: &mut String) {
    match woe {
        Woe::Sick => {
            state.player.sick = None;
            *said += " You feel better.";
        }
        Woe::Hit => {
            // TROUBLE_HIT: a low most grows by up to 5, then you are
            // healed.
            let player = &mut state.player;
            if player.max_hp < level as i32 * 5 + 11 {
                player.max_hp += state.rng.rnd(5) as i32;
            }
            player.max_hp = player.max_hp.max(6);
            player.hp = player.max_hp;
            *said += " You feel much better.";
        }
        Woe::Starving | Woe::Hungry => {
            state.player.nutrition = 900;
            *said += " Your stomach feels content.";
        }
        Woe::Hands | Woe::CursedItems => {
            let which = match woe {
                Woe::Hands => welded_weapon(state),
                _ => worst_cursed(state),
            };
            let Some(i) = which else {
                return;
            };
            // `fix_curse_trouble`: it glows amber and is uncursed.
            let c = &mut state.player.inventory[i];
            c.blessing = Blessing::Uncursed;
            c.blessing_known = true;
            let (quantity, kind) = (c.quantity, c.kind);
            let name = state.discoveries.pack_name(state.content(), kind);
            let (name, glow) = match quantity {
                1 => (name.to_string(), "glows"),
                _ => (crate::dungeon::discoveries::plural(name), "glow"),
            };
            *said += &format!(" Your {name} softly {glow} amber.");
        }
    }
}

/// Are a hero's hit points critically low (`critically_low_hp`): 5 or
/// less, or at most a fifth (to a ninth, by rank) of the most, counted up
/// to 15 a level?
fn critically_low(hp: i32, max_hp: i32, level: u32) -> bool {
    let divisor = match crate::dungeon::hero::experience::rank_index(level) {
        0 | 1 => 5,
        2 | 3 => 6,
        4 | 5 => 7,
        6 | 7 => 8,
        _ => 9,
    };
    let limit = max_hp.min(15 * level as i32);
    hp <= 5 || hp * divisor <= limit
}

/// A hero's prayer (`dopray`, `can_pray`, `pleased`).
fn hero_prays(state: &mut RunState) -> bool {
    state.say("You begin praying.");
    let luck = crate::dungeon::rules::grow::luck(&state.player, state.content());
    let Some(g) = &state.player.growth else {
        return true;
    };
    let (level, timeout) = (g.level, g.prayer_timeout);
    let worst = worst_woe(state, level);
    let trouble = match worst {
        Some(w) if w.major() => Trouble::Major,
        Some(_) => Trouble::Minor,
        None => Trouble::None,
    };
    let too_soon = match trouble {
        Trouble::Major => timeout > 200,
        Trouble::Minor => timeout > 100,
        Trouble::None => timeout > 0,
    };
    if too_soon {
        let more = crate::dungeon::dice::rnz(250, &mut state.rng);
        if let Some(g) = &mut state.player.growth {
            g.prayer_timeout += more;
        }
        crate::dungeon::rules::grow::change_luck(state, -3);
        state.say("You feel that your god is displeased.");
        return true;
    }
    let record = g.alignment;
    if luck < 0 || record < 0 {
        state.say("You feel that your god is displeased.");
        return true;
    }
    // Heard (`pleased`): how much is mended is a draw on luck, all of it
    // one thing at the most off an altar; a record below 4 mends one thing,
    // and at 0 only if an `rnl(2)` comes to 0.
    let mut action = state.rng.rn1((luck.max(-1) + 2) as u64, 1).min(3) as i32;
    if record < 4 {
        action = i32::from(record > 0 || crate::dungeon::rules::grow::rnl(state, 2) == 0);
    }
    let next = crate::dungeon::dice::rnz(350, &mut state.rng);
    crate::dungeon::rules::grow::exercise(
        state,
        crate::dungeon::hero::attributes::Attribute::Wis,
        true,
    );
    let player = &mut state.player;
    if let Some(g) = &mut player.growth {
        g.prayer_timeout = next;
    }
    player.prayed_at = Some(state.turn);
    if trouble == Trouble::None {
        state.say("You feel that your god is well-pleased.");
        return true;
    }
    if action == 0 {
        state.say("You feel that your god is displeased.");
        return true;
    }
    // `pleased`'s fixes, the worst trouble first each time (`in_trouble`):
    // an action of 1 mends the worst if it is major, 2 every major one, 3
    // the worst whatever it is and then every major one.
    let mut said = String::from("You feel a hopeful feeling.");
    if action >= 3
        && let Some(w) = worst_woe(state, level)
    {
        mend(state, w, level, &mut said);
    }
    let mut mended = 0;
    while let Some(w) = worst_woe(state, level).filter(|w| w.major()) {
        if (action == 1 && mended == 1) || mended > 8 {
            break;
        }
        mend(state, w, level, &mut said);
        mended += 1;
    }
    state.say(said);
    true
}
