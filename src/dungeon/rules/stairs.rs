//! The stairs: going down and up, and the monsters next to you that follow.

use crate::dungeon::monsters::Monster;
use crate::dungeon::shared::capitalised;
use crate::dungeon::state::RunState;
use crate::generation::Pos;

/// `>`: down the stairs you stand on.
pub(crate) fn down(state: &mut RunState) -> bool {
    // A blessed levitation ends at will, and that is the turn.
    if crate::dungeon::rules::levitation::come_down_at_will(state) {
        return true;
    }
    // Floating, you can't come down to them (NetHack's `floating_above`;
    // no turn).
    if crate::dungeon::rules::carry::levitating(state) {
        let what = crate::dungeon::rules::carry::floor_word(state);
        state.say(format!("You are floating high above the {what}."));
        return false;
    }
    if state.level().down_stairs() != Some(state.player.pos) {
        state.say("You can't go down here.");
        return false;
    }
    let followers = followers(state);
    say_who_stays(state);
    if !enter_level(state, state.depth + 1) {
        return false;
    }
    let pockets = take_from_level(state, state.depth - 1, &followers);
    let up = state.level().up_stairs();
    arrive_at(state, up);
    bring(state, followers, pockets, "down");
    true
}

/// `<`: up the stairs you stand on.
pub(crate) fn up(state: &mut RunState) -> bool {
    if state.level().map.up_stairs() != Some(state.player.pos) {
        state.say("You can't go up here.");
        return false;
    }
    if crate::dungeon::rules::grow::too_loaded(
        state,
        crate::dungeon::hero::attributes::Encumbrance::Stressed,
        "Your load is too heavy to climb the stairs.",
    ) {
        return false;
    }
    if state.depth == 1 {
        state.say("You can't leave the mines yet.");
        return false;
    }
    let followers = followers(state);
    say_who_stays(state);
    if !enter_level(state, state.depth - 1) {
        return false;
    }
    let pockets = take_from_level(state, state.depth + 1, &followers);
    // A level without a way down (a drawn one) takes you in at its top.
    let level = state.level();
    let arrival = level.down_stairs().unwrap_or_else(|| level.up_stairs());
    arrive_at(state, arrival);
    bring(state, followers, pockets, "up");
    true
}

/// The monsters that come along when you take the stairs. With a hero, as
/// NetHack's `keepdogs` decides: your pet, and each one next to you whose row stalks
/// (`M2_STALK`: the watch, zombies, vampires), unless it is asleep or held
/// by a trap. The nameless hero of a run from before heroes keeps its rule:
/// every hostile one next to you whose role follows on the stairs (not a
/// shopkeeper, a priest or the watch, whose place is their level).
fn followers(state: &RunState) -> Vec<Monster> {
    let me = state.player.pos;
    let content = state.content();
    let hero = state.player.hero.is_some();
    state
        .level()
        .monsters
        .iter()
        .filter(|m| {
            let row = content.monster(m.kind);
            let follows = if hero {
                (m.tame || row.stalks) && m.asleep == 0 && m.trapped == 0 && m.eating == 0
            } else {
                !m.peaceful && row.role.follows_on_stairs()
            };
            m.pos.distance(me) == 1 && follows
        })
        .copied()
        .collect()
}

/// With a hero, the pet or stalker next to you that would follow but is
/// busy says so, as NetHack's `keepdogs` does: "Your kitten is still
/// eating.", "The watchman is still trapped."
fn say_who_stays(state: &mut RunState) {
    if state.player.hero.is_none() {
        return;
    }
    let me = state.player.pos;
    let busy: Vec<(Monster, &str)> = state
        .level()
        .monsters
        .iter()
        .filter(|m| m.pos.distance(me) == 1 && m.asleep == 0)
        .filter(|m| m.tame || state.content().monster(m.kind).stalks)
        .filter_map(|m| match (m.eating, m.trapped) {
            (0, 0) => None,
            (0, _) => Some((*m, "trapped")),
            _ => Some((*m, "eating")),
        })
        .collect();
    for (m, doing) in busy {
        let seen = state.sight.visible_mark[state.level().map.index(m.pos)];
        if seen {
            let name = m.called(
                state.content(),
                state.player.hero,
                state.setup.pet_name.as_deref(),
            );
            state.say(format!("{} is still {doing}.", capitalised(&name)));
        }
    }
}

/// Take `followers` off level `depth`: they are with you now, and so is
/// what they stole.
fn take_from_level(
    state: &mut RunState,
    depth: usize,
    followers: &[Monster],
) -> Vec<(u32, crate::dungeon::items::Item)> {
    let Some(level) = state.levels[depth - 1].as_mut() else {
        return Vec::new();
    };
    let follows = |id: u32| followers.iter().any(|f| f.id == id);
    level.monsters.retain(|m| !follows(m.id));
    let (theirs, rest) = std::mem::take(&mut level.pockets)
        .into_iter()
        .partition(|(id, _)| follows(*id));
    level.pockets = rest;
    theirs
}

/// Set `followers` down next to you on the level you arrived on, with
/// what they stole.
fn bring(
    state: &mut RunState,
    followers: Vec<Monster>,
    pockets: Vec<(u32, crate::dungeon::items::Item)>,
    way: &str,
) {
    state.level_mut().pockets.extend(pockets);
    let me = state.player.pos;
    for mut f in followers {
        let Some(at) = state.level().nearest_free_cell(me, me) else {
            continue;
        };
        f.pos = at;
        f.energy = 0;
        let name = state.content().monster(f.kind).name.clone();
        let tame = f.tame;
        state.level_mut().monsters.push(f);
        if !tame {
            state.say(format!("The {name} follows you {way} the stairs."));
        }
    }
}

/// Make level `depth` if it is new and go there (saying its arrival line);
/// false, with a message, if it could not be made.
pub(crate) fn enter_level(state: &mut RunState, depth: usize) -> bool {
    if let Err(e) = state.ensure_level(depth) {
        state.say(format!(
            "The stairs are blocked: level {depth} could not be made ({e})."
        ));
        return false;
    }
    state.depth = depth;
    if let Some(message) = state
        .content()
        .kind(state.kind_at(depth))
        .on_arrival
        .clone()
    {
        state.say(message);
    }
    true
}

/// Put the player on `pos`; a monster standing there steps aside to the
/// nearest free cell, as NetHack's `mnexto` does.
fn arrive_at(state: &mut RunState, pos: Pos) {
    state.player.pos = pos;
    if let Some(m) = state.level().monster_at(pos) {
        if let Some(free) = state.level().nearest_free_cell(pos, pos) {
            state.level_mut().monsters[m].pos = free;
        } else {
            state.level_mut().monsters.remove(m);
        }
    }
}
