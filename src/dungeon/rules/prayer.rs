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
use crate::dungeon::hero::Alignment;
use crate::dungeon::state::{Hand, RunState};

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
    /// An amulet of strangulation round your neck (TROUBLE_STRANGLED).
    Strangled,
    /// Food poisoning (TROUBLE_SICK).
    Sick,
    /// Weak from hunger or worse (TROUBLE_STARVING).
    Starving,
    /// Critically low hit points (TROUBLE_HIT).
    Hit,
    /// A cursed ring of levitation that won't come off
    /// (TROUBLE_CURSED_LEVITATION).
    CursedLevitation,
    /// A cursed two-handed weapon welded to your hands, or a welded weapon
    /// and a cursed shield: no hand free (TROUBLE_UNUSEABLE_HANDS).
    Hands,
    /// A cursed thing worn, wielded or weighing on you (TROUBLE_CURSED_ITEMS).
    CursedItems,
    /// Hungry (TROUBLE_HUNGRY).
    Hungry,
    /// Stunned (TROUBLE_STUNNED).
    Stunned,
    /// Confused (TROUBLE_CONFUSED).
    Confused,
}

impl Woe {
    fn major(self) -> bool {
        matches!(
            self,
            Woe::Strangled
                | Woe::Sick
                | Woe::Starving
                | Woe::Hit
                | Woe::CursedLevitation
                | Woe::Hands
        )
    }
}

/// The worst trouble a hero is in, if any (`in_trouble`).
fn worst_woe(state: &RunState, level: u32) -> Option<Woe> {
    use crate::dungeon::rules::hunger::{Hunger, status};
    let p = &state.player;
    let hunger = status(p.nutrition);
    if state.strangled.is_some() {
        Some(Woe::Strangled)
    } else if p.sick.is_some() {
        Some(Woe::Sick)
    } else if hunger >= Hunger::Weak {
        Some(Woe::Starving)
    } else if critically_low(p.hp, p.max_hp, level) {
        Some(Woe::Hit)
    } else if cursed_levitation(state).is_some() {
        Some(Woe::CursedLevitation)
    } else if no_free_hand(state) {
        Some(Woe::Hands)
    } else if worst_cursed(state).is_some() {
        Some(Woe::CursedItems)
    } else if hunger == Hunger::Hungry {
        Some(Woe::Hungry)
    } else if state.timeouts.stunned > 0 {
        Some(Woe::Stunned)
    } else if state.timeouts.confused > 0 {
        Some(Woe::Confused)
    } else {
        None
    }
}

/// A cursed ring of levitation you wear, if one (`stuck_ring`), the left
/// before the right.
fn cursed_levitation(state: &RunState) -> Option<usize> {
    use crate::dungeon::rules::powers::{Power, power_of};
    let content = state.content();
    let inv = &state.player.inventory;
    [Hand::Left, Hand::Right].into_iter().find_map(|hand| {
        (0..inv.len()).find(|&i| {
            inv[i].hand == Some(hand)
                && inv[i].worn
                && inv[i].blessing == Blessing::Cursed
                && power_of(content, &inv[i]) == Some(Power::Levitation)
        })
    })
}

/// The cursed ring you wear on `hand`, or amulet (None), if one.
fn cursed_accessory(state: &RunState, hand: Option<Hand>) -> Option<usize> {
    let content = state.content();
    let inv = &state.player.inventory;
    (0..inv.len()).find(|&i| {
        inv[i].worn
            && inv[i].blessing == Blessing::Cursed
            && inv[i].hand == hand
            && crate::dungeon::rules::powers::worn_as(content, &inv[i]).is_some()
    })
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
    crate::dungeon::rules::weld::two_handed(state.content(), &state.player.inventory[i])
}

/// The cursed thing a god mends first (`worst_cursed_item`): a loadstone
/// when it strains you, a welded weapon that is two-handed or keeps a ring
/// on the right hand, then gloves, shield, cloak, suit, helmet, boots and
/// shirt, the amulet, the left ring and the right, then any welded weapon,
/// then a cursed loadstone or luckstone in the pack.
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
    let right_ring = inv.iter().any(|c| c.worn && c.hand == Some(Hand::Right));
    if let Some(w) = weapon.filter(|&w| two_handed(state, w) || right_ring) {
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
        .or_else(|| cursed_accessory(state, None))
        .or_else(|| cursed_accessory(state, Some(Hand::Left)))
        .or_else(|| cursed_accessory(state, Some(Hand::Right)))
        .or(weapon)
        .or_else(|| (0..inv.len()).find(|&i| stone(i)))
}

/// Mend trouble `woe` (`fix_worst_trouble`), saying how.
fn mend(state: &mut RunState, woe: Woe, level: u32, said: &mut String) {
    match woe {
        Woe::Strangled => {
            let amulet = state.player.inventory.iter().position(|c| {
                c.worn
                    && crate::dungeon::rules::powers::power_of(state.content(), c)
                        == Some(crate::dungeon::rules::powers::Power::Strangulation)
            });
            if let Some(i) = amulet {
                state.player.inventory.remove(i);
                *said += " Your amulet vanishes!";
            }
            state.strangled = None;
            *said += " You can breathe again.";
        }
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
        Woe::Stunned => {
            state.timeouts.stunned = 0;
            *said += " You feel a bit steadier now.";
        }
        Woe::Confused => {
            state.timeouts.confused = 0;
            *said += " You feel less confused now.";
        }
        Woe::Hands | Woe::CursedItems | Woe::CursedLevitation => {
            let which = match woe {
                Woe::Hands => welded_weapon(state),
                Woe::CursedLevitation => cursed_levitation(state),
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
            let hand = c.hand;
            let name = state.discoveries.pack_name(state.content(), kind);
            // A worn ring is named by its hand (`leftglow`, `rightglow`).
            let (name, glow) = match (hand, quantity) {
                (Some(hand), _) => (format!("{} ring", hand.name()), "glows"),
                (None, 1) => (name.to_string(), "glows"),
                (None, _) => (crate::dungeon::discoveries::plural(name), "glow"),
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
        upset(state);
        return true;
    }
    let record = g.alignment;
    // On an altar you pray to its god (`can_pray`): your record counts
    // half at another god's, against you at the opposite one's, and
    // Moloch's (an unaligned altar) never hears.
    let own = state.player.hero.map(|h| h.alignment);
    let altar = altar_here(state);
    let standing = match (altar, own) {
        (Some(Alignment::Unaligned), _) => -1,
        (Some(a), Some(o)) if a != o && opposite(a, o) => -record,
        (Some(a), Some(o)) if a != o => record / 2,
        _ => record,
    };
    let cross = matches!((altar, own), (Some(a), Some(o)) if a != o);
    if luck < 0 || standing < 0 {
        if cross {
            water_prayer(state, false);
        }
        state.say("You feel that your god is displeased.");
        return true;
    }
    // At another god's altar, water on it turns unholy, and that god is
    // upset as by a prayer too soon.
    if cross && water_prayer(state, false) {
        upset(state);
        return true;
    }
    if altar.is_some() && !cross {
        water_prayer(state, true);
    }
    // Heard (`pleased`): how much is mended is a draw on luck, all of it
    // one thing at the most off an altar (on one, a temple's, up to a pat
    // on the head); a record below 4 mends one thing, and at 0 only if an
    // `rnl(2)` comes to 0.
    let on_altar = altar.is_some();
    let reach = luck.max(-1) + if on_altar { 4 } else { 2 };
    let mut action = state.rng.rn1(reach as u64, 1) as i32;
    if !on_altar {
        action = action.min(3);
    }
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
    // `pleased`: how pleased the god is goes by your record (NetHack's
    // DEVOUT 14 and STRIDENT 4); another god's altar mends nothing and
    // costs a point of record.
    let mood = match record {
        14.. => "well-pleased",
        4..14 => "pleased",
        _ => "satisfied",
    };
    let mut said = format!("You feel that your god is {mood}.");
    if cross {
        crate::dungeon::rules::grow::adjust_alignment(state, -1);
        state.say(said);
        return true;
    }
    if record < 2 && trouble == Trouble::None {
        crate::dungeon::rules::grow::adjust_alignment(state, 1);
    }
    if trouble == Trouble::None && record >= 14 {
        state.say(said);
        pat_on_head(state, luck);
        return true;
    }
    // `pleased`'s fixes, the worst trouble first each time (`in_trouble`):
    // an action of 1 mends the worst if it is major, 2 every major one, 3
    // the worst whatever it is and then every major one.
    if action == 0 {
        // The god blows you off.
        state.say(said);
        return true;
    }
    if action >= 3
        && let Some(w) = worst_woe(state, level)
    {
        mend(state, w, level, &mut said);
    }
    // An action of 4 or 5 (on an altar) mends every trouble, minor ones
    // too; 2 and 3 every major one; 1 the worst if it is major.
    let mut mended = 0;
    while let Some(w) = worst_woe(state, level).filter(|w| action >= 4 || w.major()) {
        if (action == 1 && mended == 1) || mended > 8 {
            break;
        }
        mend(state, w, level, &mut said);
        mended += 1;
    }
    state.say(said);
    if action >= 5 {
        pat_on_head(state, luck);
    }
    true
}

/// A prayer too soon, or water made unholy at another god's altar: the
/// timeout grows by about 250, Luck falls by 3, and the god is displeased.
fn upset(state: &mut RunState) {
    let more = crate::dungeon::dice::rnz(250, &mut state.rng);
    if let Some(g) = &mut state.player.growth {
        g.prayer_timeout += more;
    }
    crate::dungeon::rules::grow::change_luck(state, -3);
    state.say("You feel that your god is displeased.");
}

/// The altar you stand on, by its god, if you stand on one.
fn altar_here(state: &RunState) -> Option<Alignment> {
    let level = state.level();
    (level.map.tile(state.player.pos) == crate::generation::Tile::Altar)
        .then_some(level.altar)
        .flatten()
}

/// Law and chaos are opposites; balance is merely other.
fn opposite(a: Alignment, b: Alignment) -> bool {
    matches!(
        (a, b),
        (Alignment::Lawful, Alignment::Chaotic) | (Alignment::Chaotic, Alignment::Lawful)
    )
}

/// `water_prayer`: the potions of water on the altar turn holy (`bless`)
/// or unholy, known so ("The potion on the altar glows light blue for a
/// moment."). Returns whether any did.
fn water_prayer(state: &mut RunState, bless: bool) -> bool {
    let content = state.setup.content.clone();
    let here = state.player.pos;
    let want = if bless {
        Blessing::Blessed
    } else {
        Blessing::Cursed
    };
    let (mut changed, mut other) = (0, false);
    for item in state.level_mut().items.iter_mut().filter(|i| i.pos == here) {
        let row = content.item(item.kind);
        if row.on_pick_up.quaffed() == Some("water") && item.blessing != want {
            item.blessing = want;
            item.blessing_known = true;
            changed += item.quantity;
        } else if row.on_pick_up.quaffed().is_some() {
            other = true;
        }
    }
    if changed > 0 {
        let which = match (other, changed > 1) {
            (true, true) => "Some of the potions",
            (true, false) => "One of the potions",
            (false, true) => "The potions",
            (false, false) => "The potion",
        };
        let glow = if changed > 1 { "glow" } else { "glows" };
        let colour = if bless { "light blue" } else { "black" };
        state.say(format!(
            "{which} on the altar {glow} {colour} for a moment."
        ));
    }
    changed > 0
}

/// A god pleased past every trouble pats you on the head
/// (`pleased`'s `pat_on_head`, by `rn2((Luck + 6) / 2)`): 1, your weapon
/// is uncursed, else blessed, and made as good as new; 2, a golden glow
/// (your most hit points up 5, all of them back, hunger gone); 3 and 4, a
/// light blue aura uncurses all you carry. (NetHack's greater gifts, at 5
/// and up with great luck, are not made here.)
fn pat_on_head(state: &mut RunState, luck: i32) {
    match state.rng.rn2(((luck + 6) / 2).max(1) as u64) {
        1 => {
            let content = state.setup.content.clone();
            let Some(i) = crate::dungeon::rules::carry::wielded_weapon(&state.player, &content)
            else {
                return;
            };
            let c = state.player.inventory[i];
            let name = state.discoveries.pack_name(&content, c.kind).to_string();
            let repaired = if c.eroded > 0 {
                " and is now as good as new"
            } else {
                ""
            };
            let said = match c.blessing {
                Blessing::Cursed => format!("Your {name} softly glows amber{repaired}."),
                Blessing::Uncursed => {
                    format!("Your {name} softly glows with a light blue aura{repaired}.")
                }
                Blessing::Blessed if c.eroded > 0 => format!("Your {name} looks as good as new!"),
                Blessing::Blessed => return,
            };
            let w = &mut state.player.inventory[i];
            w.blessing = match w.blessing {
                Blessing::Cursed => Blessing::Uncursed,
                _ => Blessing::Blessed,
            };
            w.blessing_known = true;
            w.eroded = 0;
            state.say(said);
        }
        2 => {
            state.say("You are surrounded by a golden glow.");
            let p = &mut state.player;
            p.max_hp += 5;
            p.hp = p.max_hp;
            p.nutrition = p.nutrition.max(900);
        }
        3 | 4 => {
            state.say("You are surrounded by a light blue aura.");
            let content = state.setup.content.clone();
            for at in 0..state.player.inventory.len() {
                let c = state.player.inventory[at];
                if c.blessing != Blessing::Cursed {
                    continue;
                }
                let name = state.discoveries.pack_name(&content, c.kind).to_string();
                let c = &mut state.player.inventory[at];
                c.blessing = Blessing::Uncursed;
                c.blessing_known = true;
                state.say(format!("Your {name} softly glows amber."));
            }
        }
        _ => {}
    }
}
