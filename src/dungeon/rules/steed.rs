//! Riding, as NetHack 3.7's `steed.c` has it: `%` (NetHack's `#ride`) and a
//! direction mounts the saddled pet there, `%` again dismounts.
//!
//! Mounting needs a tame, saddled monster that can be ridden (a pony), not
//! held by a trap, and a load no worse than Burdened. Then you slip one
//! time in 20 for each point your level and its tameness (10, a domestic
//! pet's) come short of 20: "You slip while trying to get on the pony." for
//! 10 to 14 hit points, and no time passes. Mounted, the steed is off the
//! map and goes where you go, stairs too; you move at its speed (a pony's 16:
//! an extra move one turn in three); a monster that means to strike you
//! strikes it one time in four (an orc one in two), and it strikes back.
//! If it dies under you, you are on foot where you were; going down stairs
//! Burdened or worse, you fall off ([`fall_off`]). What riding does
//! turn by turn (speed, skill) is [`super::riding`]'s; a lance wielded
//! mounted jousts (`combat.rs`).

use crate::dungeon::direction::{Ask, IN_WHAT_DIRECTION, Then, Way};
use crate::dungeon::rules::intent::STEPS;
use crate::dungeon::shared::Killer;
use crate::dungeon::state::RunState;
use crate::generation::Pos;

/// A tame monster's tameness here (NetHack's `mtame` of a domestic pet:
/// 10; this game does not count it up or down).
const TAMENESS: u32 = 10;

/// What `%` asks when you are on foot.
const RIDE_ASK: Ask = IN_WHAT_DIRECTION;

/// `%`: on foot, which way to mount; riding, dismount.
pub(crate) fn ride(state: &mut RunState) -> Then {
    if state.player.steed.is_some() {
        return Then::Done(dismount(state));
    }
    Then::Ask(RIDE_ASK)
}

/// `%` and a way: mount the steed there. Returns whether it took a turn
/// (a failed try takes none, a slip neither).
pub(crate) fn ride_toward(state: &mut RunState, way: Way) -> bool {
    let Way::Toward(d) = way else {
        state.say("Never mind.");
        return false;
    };
    let content = state.setup.content.clone();
    if crate::dungeon::rules::grow::encumbrance(&state.player, &content)
        > crate::dungeon::hero::attributes::Encumbrance::Burdened
    {
        state.say("You can't do that while carrying so much stuff.");
        return false;
    }
    let at = state.player.pos.step(d);
    let Some(m) = state.level().monster_at(at).filter(|&m| {
        let seen = state.level().monsters[m];
        crate::dungeon::rules::sight::sees_monster(state, &seen) && seen.disguise.is_none()
    }) else {
        state.say("I see nobody there.");
        return false;
    };
    if state.player.trapped.is_some() {
        state.say("You are stuck here for now.");
        return false;
    }
    if crate::dungeon::rules::moving::doorway_forbids(&state.level().map, state.player.pos, d) {
        state.say("You are unable to swing your leg over.");
        return false;
    }
    let steed = state.level().monsters[m];
    let row = content.monster(steed.kind);
    let name = format!("the {}", row.name);
    if !crate::dungeon::rules::riding::saddled(&content, &steed) {
        state.say(format!(
            "{} is not saddled.",
            crate::dungeon::shared::capitalised(&name)
        ));
        return false;
    }
    if !steed.tame {
        state.say(format!("I think {name} would mind."));
        return false;
    }
    if steed.trapped > 0 {
        let trap = state
            .level()
            .trap_at(at)
            .map(|t| content.trap(state.level().traps[t].kind).name.clone())
            .unwrap_or_else(|| "a trap".into());
        state.say(format!(
            "You can't mount {name} while it's trapped in {}.",
            crate::dungeon::content::with_article(&trap)
        ));
        return false;
    }
    if !row.rideable {
        state.say("You can't ride such a creature.");
        return false;
    }
    if let Some(suit) = stiff_armour(state) {
        state.say(format!(
            "Your {suit} armor is too stiff to be able to mount {name}."
        ));
        return false;
    }
    let level = state.player.growth.as_ref().map_or(1, |g| g.level);
    if level + TAMENESS < state.rng.rnd(20) as u32 {
        state.say(format!("You slip while trying to get on {name}."));
        state.player.hp -= 10 + state.rng.rn2(5) as i32;
        state.die_if_spent(Killer::Slipped);
        return false;
    }
    let mut steed = state.level_mut().monsters.remove(m);
    steed.asleep = 0;
    steed.eating = 0;
    state.say(format!("You mount {name}."));
    state.player.pos = at;
    steed.pos = at;
    state.player.steed = Some(steed);
    crate::dungeon::rules::sight::update(state);
    true
}

/// Your body armour, metal and rusty or corroded, too stiff to mount in:
/// "rusty" (None when it is not).
fn stiff_armour(state: &RunState) -> Option<&'static str> {
    let content = state.content();
    let i = state
        .player
        .worn_in(content, crate::dungeon::effects::Slot::Body)?;
    let c = state.player.inventory[i];
    (content.item(c.kind).rusts && c.eroded > 0).then_some("rusty")
}

/// Dismount by choice (`%` while riding): onto a free cell beside you,
/// straight before diagonal, no trap you know of or boulder; the steed
/// stays where you were. Returns whether it took a turn.
fn dismount(state: &mut RunState) -> bool {
    let Some(steed) = state.player.steed else {
        return false;
    };
    let Some(spot) = landing_spot(state) else {
        state.say("You can't.  There isn't anywhere for you to stand.");
        return false;
    };
    let content = state.setup.content.clone();
    let name = content.monster(steed.kind).name.clone();
    let given = state.setup.pet_name.clone();
    match steed.pet_name(&content, state.player.hero, given.as_deref()) {
        Some(own) => state.say(format!("You dismount {own}.")),
        None => state.say(format!(
            "You've been through the dungeon on {} with no name.",
            crate::dungeon::content::with_article(&name)
        )),
    }
    set_down(state, spot);
    true
}

/// You fall off your steed (NetHack's `dismount_steed(DISMOUNT_FELL)`):
/// "You fall off of the pony!", 10 to 19 hit points of a riding accident
/// unless you float or fly, and you land beside it, where a dismount
/// would put you. With no room beside you, you keep your seat.
pub(crate) fn fall_off(state: &mut RunState) {
    come_off(state, "fall");
}

/// A forceful blow knocks you off your steed (`DISMOUNT_KNOCKED`): "You are
/// knocked off of the pony!", and the rest as a fall.
pub(crate) fn knocked_off(state: &mut RunState) {
    come_off(state, "are knocked");
}

/// You come off your steed against your will, `how` ("fall", "are
/// knocked"): 10 to 19 hit points of a riding accident unless you float
/// or fly, and you land beside it.
fn come_off(state: &mut RunState, how: &str) {
    let Some(steed) = state.player.steed else {
        return;
    };
    let Some(spot) = landing_spot(state) else {
        return;
    };
    let content = state.setup.content.clone();
    let given = state.setup.pet_name.clone();
    let name = steed
        .pet_name(&content, state.player.hero, given.as_deref())
        .unwrap_or_else(|| format!("the {}", content.monster(steed.kind).name));
    state.say(format!("You {how} off of {name}!"));
    set_down(state, spot);
    if !crate::dungeon::rules::powers::above_the_floor(&state.player, &content) {
        state.player.hp -= state.rng.rn1(10, 10) as i32;
        state.die_if_spent(Killer::RidingAccident);
    }
}

/// The steed back on the map where you are, and you at `spot`.
fn set_down(state: &mut RunState, spot: Pos) {
    let Some(mut steed) = state.player.steed.take() else {
        return;
    };
    steed.pos = state.player.pos;
    state.level_mut().monsters.push(steed);
    state.player.pos = spot;
    crate::dungeon::rules::sight::update(state);
}

/// Where you would stand getting off (`landing_spot`): a free cell beside
/// you, straight ones first, with no trap you know of or boulder.
fn landing_spot(state: &RunState) -> Option<Pos> {
    let level = state.level();
    let me = state.player.pos;
    // The straight ways first (`STEPS`' order).
    STEPS
        .into_iter()
        .filter(|&d| !crate::dungeon::rules::moving::doorway_forbids(&level.map, me, d))
        .map(|d| me.step(d))
        .find(|&p| {
            level.map.is_walkable(p)
                && level.monster_at(p).is_none()
                && !level.has_boulder(p)
                && level.trap_at(p).is_none_or(|t| !level.traps[t].seen)
        })
}

/// Monster `m`, beside you, means to strike you mounted: one time in four
/// (an orc one in two) it strikes your steed instead (`mattacku`), and the
/// steed strikes back if both live. Returns whether it did.
pub(crate) fn strikes_steed(state: &mut RunState, m: usize) -> bool {
    let Some(steed) = state.player.steed else {
        return false;
    };
    let attacker = state.level().monsters[m];
    let orc = state.content().monster(attacker.kind).race.as_deref() == Some("orc");
    if attacker.pos.distance(state.player.pos) != 1 || state.rng.rn2(if orc { 2 } else { 4 }) != 0 {
        return false;
    }
    // The steed stands where you are while the blows are struck.
    state.level_mut().monsters.push(steed);
    state.player.steed = None;
    crate::dungeon::rules::mhitm::fight(state, m, steed.id);
    // Dead, it is gone: you are on foot where you were (`m_detach`).
    if let Some(i) = state.level().monsters.iter().position(|x| x.id == steed.id) {
        let back = state.level_mut().monsters.remove(i);
        state.player.steed = Some(back);
    }
    true
}
