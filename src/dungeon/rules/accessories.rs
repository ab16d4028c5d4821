//! `P` and a letter: put on that ring or amulet; `R` and a letter: remove
//! it. Two rings, one a hand, and one amulet; a ring asks which hand when
//! both are free (`h` left, `l` right: `r` reads here). A cursed one won't
//! come off. What each gives while worn is its power's
//! ([`crate::dungeon::rules::powers`]); putting one on or taking it off
//! says what changes, as NetHack 3.7's `Ring_on`, `Ring_off`, `Amulet_on`
//! and `Amulet_off` do, and what shows names its kind.
//!
//! `P` on armour wears it and `R` on armour takes it off, as 3.7 lets
//! them; `W` and `T` do the same for rings and amulets.

use crate::dungeon::blessing::Blessing;
use crate::dungeon::content::{Slot, Worn};
use crate::dungeon::direction::{Ask, Then, Way};
use crate::dungeon::hero::Intrinsic;
use crate::dungeon::rules::carry::{describe_carried, held};
use crate::dungeon::rules::powers::{self, Power};
use crate::dungeon::rules::wear;
use crate::dungeon::rules::weld::welded;
use crate::dungeon::shared::inventory_letter;
use crate::dungeon::state::{Hand, RunState};
use crate::generation::Dir;

/// The question a ring asks when both hands are free: `h` (west) is the
/// left hand, `l` (east) the right.
const WHICH_HAND: Ask = Ask::compass("Which ring-finger, Left or Right? [hl]");

/// How long an amulet of strangulation takes to kill (NetHack's
/// `Strangled = 6`).
pub(crate) const STRANGLING_TURNS: u32 = 6;

/// `P`: put on the ring or amulet of `letter` (armour: wear it); a ring
/// with both hands free asks which.
pub(crate) fn put_on(state: &mut RunState, letter: u8) -> Then {
    let Some(i) = held(state, letter) else {
        return Then::Done(false);
    };
    let content = state.setup.content.clone();
    let c = state.player.inventory[i];
    let Some(accessory) = content.item(c.kind).on_pick_up.accessory() else {
        if content.item(c.kind).on_pick_up.armour().is_some() {
            return Then::Done(wear::wear(state, letter));
        }
        state.say("You can't put that on!");
        return Then::Done(false);
    };
    if c.worn {
        state.say("You are already wearing that!");
        return Then::Done(false);
    }
    match accessory.worn {
        Worn::Amulet => {
            if worn_amulet(state).is_some() {
                state.say("You are already wearing an amulet.");
                return Then::Done(false);
            }
            Then::Done(on(state, i, None))
        }
        Worn::Ring => {
            let free: Vec<Hand> = [Hand::Left, Hand::Right]
                .into_iter()
                .filter(|&h| ring_on(state, h).is_none())
                .collect();
            match free[..] {
                [] => {
                    state.say("There are no more ring-fingers to fill.");
                    Then::Done(false)
                }
                [hand] => Then::Done(on_hand(state, i, hand)),
                _ => Then::Ask(WHICH_HAND),
            }
        }
    }
}

/// The answer to [`WHICH_HAND`]: west the left hand, east the right; any
/// other way is never mind.
pub(crate) fn put_on_hand(state: &mut RunState, letter: u8, way: Way) -> bool {
    let hand = match way {
        Way::Toward(Dir::W) => Hand::Left,
        Way::Toward(Dir::E) => Hand::Right,
        _ => {
            state.say("Never mind.");
            return false;
        }
    };
    let Some(i) = held(state, letter) else {
        return false;
    };
    on_hand(state, i, hand)
}

/// `W`: wear the armour of `letter`, or put on the ring or amulet (a ring
/// on the first free hand, the left before the right).
pub(crate) fn wear(state: &mut RunState, letter: u8) -> bool {
    if !is_accessory(state, letter) {
        return wear::wear(state, letter);
    }
    match put_on(state, letter) {
        Then::Done(took) => took,
        Then::Ask(_) => put_on_hand(state, letter, Way::Toward(Dir::W)),
    }
}

/// `T`: take off the armour of `letter`, or remove the ring or amulet.
pub(crate) fn take_off(state: &mut RunState, letter: u8) -> bool {
    if !is_accessory(state, letter) {
        return wear::take_off(state, letter);
    }
    remove(state, letter)
}

/// Is the thing of `letter` (if you have it) a ring or an amulet?
fn is_accessory(state: &RunState, letter: u8) -> bool {
    let content = state.content();
    crate::dungeon::rules::carry::find(&state.player, letter)
        .is_some_and(|i| powers::worn_as(content, &state.player.inventory[i]).is_some())
}

/// Put the ring at pack place `i` on `hand`, if gloves and a weapon allow.
fn on_hand(state: &mut RunState, i: usize, hand: Hand) -> bool {
    match blocked(state, hand) {
        Some(Block::Gloves) => {
            state.say("You cannot remove your gloves to put on the ring.");
            false
        }
        Some(Block::Weapon { two_handed }) => {
            let hands = if two_handed { "hands" } else { "hand" };
            state.say(format!(
                "You cannot free your weapon {hands} to put on the ring."
            ));
            false
        }
        None => on(state, i, Some(hand)),
    }
}

/// What keeps a hand from a ring: cursed gloves (now known cursed), or a
/// welded weapon in it.
enum Block {
    Gloves,
    Weapon { two_handed: bool },
}

/// What keeps `hand` from putting on or taking off a ring, if anything.
fn blocked(state: &mut RunState, hand: Hand) -> Option<Block> {
    let content = state.setup.content.clone();
    if let Some(g) = state.player.worn_in(&content, Slot::Gloves)
        && state.player.inventory[g].blessing == Blessing::Cursed
    {
        state.player.inventory[g].blessing_known = true;
        return Some(Block::Gloves);
    }
    let w = state.player.inventory.iter().find(|w| w.wielded).copied()?;
    if !welded(&content, &w) {
        return None;
    }
    let two_handed = crate::dungeon::rules::weld::two_handed(&content, &w);
    // The weapon is in the right hand (this game's heroes are all
    // right-handed; NetHack's are nine in ten).
    (two_handed || hand == Hand::Right).then_some(Block::Weapon { two_handed })
}

/// Put on the ring or amulet at pack place `i` (a ring on `hand`): what it
/// gives starts, and the pack line says where it is.
fn on(state: &mut RunState, i: usize, hand: Option<Hand>) -> bool {
    let content = state.setup.content.clone();
    {
        let c = &mut state.player.inventory[i];
        c.worn = true;
        c.hand = hand;
        c.wielded = false;
        c.quivered = false;
    }
    refresh_bonus(state);
    let c = state.player.inventory[i];
    let power = powers::power_of(&content, &c);
    let seen = match power {
        Some(p) => starts(state, p, c.spe),
        None => false,
    };
    if seen {
        learn(state, i);
    }
    if power == Some(Power::Change) {
        return true;
    }
    let c = state.player.inventory[i];
    let line = describe_carried(&content, &state.discoveries, &c);
    state.say(format!("{} - {line}.", inventory_letter(c.letter)));
    true
}

/// `R`: remove the ring or amulet of `letter` (armour: take it off).
pub(crate) fn remove(state: &mut RunState, letter: u8) -> bool {
    let Some(i) = held(state, letter) else {
        return false;
    };
    let content = state.setup.content.clone();
    let c = state.player.inventory[i];
    if powers::worn_as(&content, &c).is_none() {
        if content.item(c.kind).on_pick_up.armour().is_some() {
            return wear::take_off(state, letter);
        }
        state.say("That is not something you can remove.");
        return false;
    }
    if !c.worn {
        state.say("You are not wearing that.");
        return false;
    }
    if let Some(hand) = c.hand {
        match blocked(state, hand) {
            Some(Block::Gloves) => {
                state.say("You cannot remove your gloves to take off the ring.");
                return false;
            }
            Some(Block::Weapon { .. }) => {
                state.say("You cannot free a weapon hand to remove the ring.");
                return false;
            }
            None => {}
        }
    }
    if c.blessing == Blessing::Cursed {
        state.say("You can't. It is cursed.");
        state.player.inventory[i].blessing_known = true;
        return false;
    }
    off(state, i);
    true
}

/// Take off the ring or amulet at pack place `i`: "You were wearing ..."
/// (a ring's before what stops, an amulet's after, as NetHack's).
pub(crate) fn off(state: &mut RunState, i: usize) {
    let content = state.setup.content.clone();
    let c = state.player.inventory[i];
    let line = describe_carried(&content, &state.discoveries, &c);
    let ring = c.hand.is_some();
    if ring {
        state.say(format!("You were wearing {line}."));
    }
    gone(state, i);
    if !ring {
        let c = state.player.inventory[i];
        let line = describe_carried(&content, &state.discoveries, &c);
        state.say(format!("You were wearing {line}."));
    }
}

/// The ring or amulet at pack place `i` is off you, unsaid (NetHack's
/// `Ring_gone`: it is about to be destroyed): only what stops with it
/// shows.
pub(crate) fn gone(state: &mut RunState, i: usize) {
    let content = state.setup.content.clone();
    let c = &mut state.player.inventory[i];
    c.worn = false;
    c.hand = None;
    let c = *c;
    refresh_bonus(state);
    if let Some(p) = powers::power_of(&content, &c)
        && stops(state, p, c.spe)
    {
        learn(state, i);
    }
}

/// The ring on `hand`, if one is.
fn ring_on(state: &RunState, hand: Hand) -> Option<usize> {
    state
        .player
        .inventory
        .iter()
        .position(|c| c.worn && c.hand == Some(hand))
}

/// The amulet you wear, if one.
fn worn_amulet(state: &RunState) -> Option<usize> {
    let content = state.content();
    state
        .player
        .inventory
        .iter()
        .position(|c| c.worn && powers::worn_as(content, c) == Some(Worn::Amulet))
}

/// Its kind is known, and a charged ring's number with it (NetHack's
/// `learnring`).
fn learn(state: &mut RunState, i: usize) {
    let kind = state.player.inventory[i].kind;
    state.discoveries.discover(kind);
    state.player.inventory[i].spe_known = true;
}

/// What putting on a thing of `power` (enchanted `spe`) starts, said;
/// returns whether it showed (its kind is then known).
fn starts(state: &mut RunState, power: Power, spe: i8) -> bool {
    let content = state.setup.content.clone();
    let others = |state: &RunState, p: Power| {
        state
            .player
            .inventory
            .iter()
            .filter(|c| c.worn && powers::power_of(&content, c) == Some(p))
            .count()
    };
    match power {
        Power::GainStrength | Power::GainConstitution | Power::Adornment => spe != 0,
        Power::Protection => spe != 0,
        Power::Guarding => true,
        Power::Levitation
            if others(state, Power::Levitation) == 1 && state.player.levitation == 0 =>
        {
            crate::dungeon::rules::levitation::float_up(state);
            true
        }
        Power::Flying
            if others(state, Power::Flying) == 1
                && !powers::has(&state.player, &content, Power::Levitation) =>
        {
            state.say("You are now in flight.");
            true
        }
        Power::Stealth if others(state, Power::Stealth) == 1 && !grown_stealthy(state) => {
            if powers::above_the_floor(&state.player, &content) {
                state.say("You float imperceptibly.");
            } else {
                state.say("You move very quietly.");
            }
            true
        }
        Power::Invisibility
            if others(state, Power::Invisibility) == 1 && state.timeouts.invisible == 0 =>
        {
            state.say(crate::dungeon::rules::invisible::fading_line(state));
            true
        }
        Power::Strangulation => {
            state.say("It constricts your throat!");
            state.strangled = Some(STRANGLING_TURNS);
            true
        }
        Power::RestfulSleep => {
            let first = state.rng.rnd(100) as u32;
            state.sleepy = Some(state.sleepy.map_or(first, |t| t.min(first)));
            false
        }
        Power::Change => {
            // NetHack turns you into the other sex; this game has none to
            // turn, so the amulet only crumbles.
            state.say("You feel very strange for a moment.");
            state.say("The amulet disintegrates!");
            if let Some(i) = worn_amulet(state) {
                let kind = state.player.inventory[i].kind;
                state.discoveries.discover(kind);
                state.player.inventory.remove(i);
            }
            false
        }
        _ => false,
    }
}

/// What taking off a thing of `power` stops, said; returns whether it
/// showed.
fn stops(state: &mut RunState, power: Power, spe: i8) -> bool {
    let content = state.setup.content.clone();
    match power {
        Power::GainStrength | Power::GainConstitution | Power::Adornment => spe != 0,
        Power::Protection => spe != 0,
        Power::Levitation if !powers::has(&state.player, &content, Power::Levitation) => {
            crate::dungeon::rules::levitation::land(state, "float gently");
            true
        }
        Power::Flying if !powers::above_the_floor(&state.player, &content) => {
            state.say("You land.");
            true
        }
        Power::Invisibility if !crate::dungeon::rules::invisible::you_are(state) => {
            if crate::dungeon::rules::grow::has(
                state,
                crate::dungeon::hero::Intrinsic::SeeInvisible,
            ) {
                state.say("Your body seems to unfade completely.");
            } else {
                state.say("Your body seems to unfade...");
            }
            true
        }
        Power::Stealth if !crate::dungeon::rules::grow::has(state, Intrinsic::Stealth) => {
            state.say("You sure are noisy.");
            true
        }
        Power::RestfulSleep if !powers::has(&state.player, &content, Power::RestfulSleep) => {
            state.sleepy = None;
            false
        }
        Power::Strangulation => {
            state.strangled = None;
            state.say("You can breathe more easily!");
            true
        }
        _ => false,
    }
}

/// Are you stealthy by role, race or level (not by a ring)?
fn grown_stealthy(state: &RunState) -> bool {
    match (state.player.hero, &state.player.growth) {
        (Some(hero), Some(g)) => crate::dungeon::hero::has_intrinsic(
            hero,
            state.content().heroes(),
            g.level,
            Intrinsic::Stealth,
        ),
        _ => false,
    }
}

/// Your amulet of life saving, if you wear one, saves you from the death
/// just come: "But wait...", your hit points back, the amulet gone.
/// Returns whether it did.
pub(crate) fn life_saved(state: &mut RunState) -> bool {
    let content = state.setup.content.clone();
    if !state.is_over() || !powers::has(&state.player, &content, Power::LifeSaving) {
        return false;
    }
    if !matches!(state.status, crate::dungeon::shared::RunStatus::Died { .. }) {
        return false;
    }
    let Some(i) = worn_amulet(state) else {
        return false;
    };
    state.say("But wait...");
    state.say("Your medallion begins to glow!");
    state.say("You feel much better!");
    state.say("The medallion crumbles to dust!");
    let kind = state.player.inventory[i].kind;
    state.discoveries.discover(kind);
    state.player.inventory.remove(i);
    // The amulet takes a point of constitution as it goes; you get back
    // 50 + 10 × half of what is left, up to your most (at least 10).
    let con = match &mut state.player.growth {
        Some(g) => {
            let con = &mut g.attributes.now.4;
            *con = (*con - 1).max(3);
            g.attributes
                .get(crate::dungeon::hero::attributes::Attribute::Con)
        }
        None => 12,
    };
    let level = state.player.growth.as_ref().map_or(1, |g| g.level as i32);
    state.player.max_hp = state.player.max_hp.max(level.max(10));
    state.player.hp = state.player.max_hp.min(50 + 10 * (con / 2));
    if state.player.nutrition < 500 || state.meal.is_some() {
        state.player.nutrition = 900;
    }
    state.meal = None;
    state.player.sick = None;
    state.strangled = None;
    state.asleep = 0;
    state.status = crate::dungeon::shared::RunStatus::Playing;
    state.say("You survived that attempt on your life.");
    true
}

/// A turn of an amulet of strangulation round your neck (NetHack's
/// `choke_dialogue`, then the countdown): the first turn says nothing, the
/// sixth kills.
fn strangle(state: &mut RunState) {
    let Some(left) = state.strangled else {
        return;
    };
    let line = match left {
        5 => "You find it hard to breathe.",
        4 => "You're gasping for air.",
        3 => "You can no longer breathe.",
        2 => "You're turning blue.",
        1 => "You suffocate.",
        _ => "",
    };
    if !line.is_empty() {
        state.say(line);
    }
    if left <= 1 {
        state.strangled = None;
        state.player.hp = 0;
        state.die_if_spent(crate::dungeon::shared::Killer::Strangled);
    } else {
        state.strangled = Some(left - 1);
    }
}

/// A turn of an amulet of restful sleep (NetHack's `Sleepy` timeout): a
/// yawn four turns before, then sleep for 1 to 20 turns unless you resist
/// it, and the next bout 1 to 100 turns after you wake.
fn drowse(state: &mut RunState) {
    let Some(left) = state.sleepy else {
        return;
    };
    let left = left.saturating_sub(1);
    if left == 4 {
        state.say("You yawn.");
    }
    if left > 0 {
        state.sleepy = Some(left);
        return;
    }
    let resists =
        crate::dungeon::rules::grow::has(state, crate::dungeon::hero::Intrinsic::SleepResistance);
    let mut next = state.rng.rnd(100) as u32;
    if !resists {
        state.say("You fall asleep.");
        let sleep = state.rng.rnd(20) as u32;
        state.asleep = state.asleep.max(sleep);
        next += sleep;
    }
    state.sleepy = Some(next);
}

/// What worn rings and amulets do at the end of a turn: strangling,
/// drowsing, regenerating, teleporting you now and then; and what rings
/// add to your attributes, kept up to date.
pub(crate) fn end_of_turn(state: &mut RunState) {
    refresh_bonus(state);
    strangle(state);
    if state.is_over() {
        return;
    }
    drowse(state);
    let content = state.setup.content.clone();
    if powers::has(&state.player, &content, Power::Regeneration)
        && state.player.hp < state.player.max_hp
    {
        state.player.hp += 1;
    }
    if powers::has(&state.player, &content, Power::Teleportitis) && state.rng.rn2(85) == 0 {
        crate::dungeon::rules::teleport::within_level(state, false);
    }
}

/// What worn rings add to strength, constitution and charisma (NetHack's
/// `ABON`), from what is worn now.
pub(crate) fn refresh_bonus(state: &mut RunState) {
    use crate::dungeon::hero::attributes::Six;
    let content = state.setup.content.clone();
    let ring = |p| powers::enchantment(&state.player, &content, p);
    let bonus = Six::from_array([
        ring(Power::GainStrength),
        0,
        0,
        0,
        ring(Power::GainConstitution),
        ring(Power::Adornment),
    ]);
    if let Some(g) = &mut state.player.growth {
        g.attributes.bonus = bonus;
    }
}
