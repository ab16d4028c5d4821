//! The divination spells that show what you cannot see, as NetHack 3.7
//! casts them: detect monsters as the potion of monster detection
//! (`monster_detect`), detect food as the scroll of food detection
//! (`food_detect`), detect treasure as the potion of object detection
//! (`object_detect`), clairvoyance as `do_vicinity_map`.
//!
//! - **Detect monsters** shows every monster of the level until your next
//!   command ("You sense the presence of monsters."); Skilled in divination,
//!   it lasts 21 to 60 turns instead (one more once past 300) and says
//!   nothing, or "You feel lonely." on a level with no monster.
//! - **Detect food** and **detect treasure** draw the food (or every thing)
//!   lying on the level where it lies, though you have not seen the cell,
//!   until it is taken away. Monsters' packs and what the rock holds count
//!   toward what they say, not drawn.
//! - **Clairvoyance** maps the cells from 9 left of you to 10 right and 5
//!   up to 6 down (secret doors stay hidden); Skilled, it also shows the
//!   monsters there until your next command ("You sense your
//!   surroundings.").
//!
//! With nothing to find, a novice (under 2,000 experience points, 1,000 for
//! a Wizard: NetHack's `flags.beginner`) only has "a strange feeling".

use crate::dungeon::direction::Way;
use crate::dungeon::monsters::Monster;
use crate::dungeon::skills::Skill;
use crate::dungeon::state::RunState;
use crate::generation::{Pos, Tile};

/// Skilled in divination: the spell acts as NetHack's blessed potion or
/// scroll.
fn skilled(state: &RunState) -> bool {
    crate::dungeon::rules::grow::skilled(state, Skill::DivinationSpells)
}

/// A detection that found nothing (`strange_feeling`): its own words, or
/// a novice's vaguer ones.
fn strange_feeling(state: &mut RunState, words: &str) {
    let novice_until = match state.player.hero {
        Some(h) if h.role(state.content().heroes()).id == "wizard" => 1000,
        _ => 2000,
    };
    let novice = state
        .player
        .growth
        .as_ref()
        .is_none_or(|g| g.exp < novice_until);
    if novice {
        state.say("You have a strange feeling for a moment, then it passes.");
    } else {
        state.say(words);
    }
}

/// Detect monsters (it asks no direction).
pub(crate) fn monsters(state: &mut RunState, _: Option<Way>) {
    let any = !state.level().monsters.is_empty();
    if skilled(state) {
        let more = if state.timeouts.detect_monsters >= 300 {
            1
        } else {
            state.rng.rn1(40, 21) as u32
        };
        state.timeouts.detect_monsters += more;
        if !any {
            state.say("You feel lonely.");
        }
        return;
    }
    if !any {
        strange_feeling(state, "You feel threatened.");
        return;
    }
    state.glimpse.all_monsters = true;
    state.say("You sense the presence of monsters.");
}

/// What monster `m` carries, counted as things (its gold as one).
fn carried(m: &Monster) -> usize {
    m.gear.iter().flatten().count()
        + m.magic.iter().flatten().count()
        + usize::from(m.tool.is_some())
        + usize::from(m.missiles.is_some())
        + usize::from(m.gold > 0)
}

/// Detect food (it asks no direction).
pub(crate) fn food(state: &mut RunState, _: Option<Way>) {
    let content = state.setup.content.clone();
    let is_food = |kind| {
        let row = content.item(kind);
        row.on_pick_up.food().is_some() || row.on_pick_up.is_corpse()
    };
    let me = state.player.pos;
    let found: Vec<(u32, Pos)> = state
        .level()
        .items
        .iter()
        .filter(|i| is_food(i.kind))
        .map(|i| (i.id, i.pos))
        .collect();
    let carried_food = state
        .level()
        .monsters
        .iter()
        .filter(|m| m.gear.iter().flatten().any(|&k| is_food(k)))
        .count();
    let under_you = found.iter().filter(|f| f.1 == me).count();
    let elsewhere = found.len() - under_you + carried_food;
    if elsewhere == 0 && under_you == 0 {
        strange_feeling(state, "Your nose twitches.");
        return;
    }
    if elsewhere == 0 {
        state.say("You smell food nearby.");
        return;
    }
    sense(state, found.iter().map(|f| f.0));
    state.say("Your nose tingles and you smell food.");
}

/// Detect treasure (it asks no direction).
pub(crate) fn treasure(state: &mut RunState, _: Option<Way>) {
    let me = state.player.pos;
    let level = state.level();
    let under_you = level.items.iter().filter(|i| i.pos == me).count();
    let elsewhere = level.items.len() - under_you
        + level.treasure.len()
        + level.monsters.iter().map(carried).sum::<usize>();
    if elsewhere == 0 && under_you == 0 {
        strange_feeling(state, "You feel a lack of something.");
        return;
    }
    if elsewhere == 0 {
        state.say("You sense objects nearby.");
        return;
    }
    let ids: Vec<u32> = level.items.iter().map(|i| i.id).collect();
    sense(state, ids.into_iter());
    state.say("You detect the presence of objects.");
}

/// The items of `ids` are drawn where they lie from now on.
fn sense(state: &mut RunState, ids: impl Iterator<Item = u32>) {
    let level = state.level_mut();
    for id in ids {
        if !level.sensed_items.contains(&id) {
            level.sensed_items.push(id);
        }
    }
}

/// Clairvoyance (it asks no direction).
pub(crate) fn clairvoyance(state: &mut RunState, _: Option<Way>) {
    let me = state.player.pos;
    let extended = skilled(state);
    let mut glimpsed = false;
    for y in me.y - 5..=me.y + 6 {
        for x in me.x - 9..=me.x + 10 {
            let p = Pos::new(x, y);
            let level = state.level();
            if !level.map.contains(p) {
                continue;
            }
            let i = level.map.index(p);
            if level.map.tile(p) != Tile::Rock && !level.seen[i] {
                state.level_mut().seen[i] = true;
                state.sight.first_seen.push(i);
            }
            if !extended {
                continue;
            }
            let level = state.level();
            if let Some(m) = level.monster_at(p) {
                let monster = level.monsters[m];
                if !crate::dungeon::rules::sight::sees_monster(state, &monster) {
                    state.glimpse.monsters.push(monster.id);
                    glimpsed = true;
                }
            }
        }
    }
    if glimpsed {
        state.say("You sense your surroundings.");
    }
}
