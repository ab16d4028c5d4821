//! What a monster leaves where it dies: the tool it carried (a dwarf's
//! pick-axe, a gnome's candle) and its gear (a dwarf's armour and weapons),
//! as NetHack's monsters drop their inventory, and perhaps its corpse
//! (`corpses.rs`); a gas spore bursts.

use crate::dungeon::dice::roll_dice;
use crate::dungeon::items::Item;
use crate::dungeon::monsters::Monster;
use crate::dungeon::shared::{Killer, RunStatus};
use crate::dungeon::state::RunState;
use crate::generation::Pos;

/// The stream a kill's treasure is drawn from.
const TREASURE_STREAM: &str = "treasure drop";

/// Monster `dead`, just taken off the current level, drops what it carried.
pub(crate) fn leave(state: &mut RunState, dead: &Monster) {
    let carried = dead
        .tool
        .into_iter()
        .chain(dead.gear.iter().flatten().copied());
    for (i, kind) in carried.enumerate() {
        let id = state.ids.next_id();
        // A candle it burnt is shorter by what it burnt (it goes out as it
        // falls).
        let burn_left = match (i, dead.tool_burning) {
            (0, Some(left)) => Some(left),
            _ => state
                .content()
                .item(kind)
                .on_pick_up
                .light()
                .map(|l| l.turns),
        };
        let mut item = Item {
            burn_left,
            ..Item::new(id, kind, dead.pos, 1)
        };
        // What it carried was blessed, cursed or enchanted when it was
        // made; drawn now, from the thing's own stream, as nothing showed
        // it before.
        let level_seed = crate::dungeon::seeds::level_seed(state.seed, state.depth);
        let hero = state.player.hero.is_some();
        crate::dungeon::kinds::blessings::make(&mut item, state.content(), level_seed, hero);
        state.level_mut().items.push(item);
    }
    // What it had left to fire or throw, in one stack.
    if let Some((kind, count)) = dead.missiles {
        let id = state.ids.next_id();
        let mut item = Item::new(id, kind, dead.pos, count);
        let level_seed = crate::dungeon::seeds::level_seed(state.seed, state.depth);
        let hero = state.player.hero.is_some();
        crate::dungeon::kinds::blessings::make(&mut item, state.content(), level_seed, hero);
        state.level_mut().items.push(item);
    }
    // Its magic, with the charges it left and its blessing.
    for magic in dead.magic.iter().flatten() {
        let id = state.ids.next_id();
        let mut item = Item::new(id, magic.kind, dead.pos, 1);
        item.spe = magic.spe;
        item.blessing = magic.blessing;
        state.level_mut().items.push(item);
    }
    if dead.gold > 0
        && let Some(gold) = state.content().item_kind("gold")
    {
        let id = state.ids.next_id();
        state
            .level_mut()
            .items
            .push(Item::new(id, gold, dead.pos, dead.gold));
    }
    crate::dungeon::rules::held::let_go(state, dead.id);
    // What it stole, as it was.
    let pockets = std::mem::take(&mut state.level_mut().pockets);
    let (loot, rest): (Vec<_>, Vec<_>) = pockets.into_iter().partition(|(id, _)| *id == dead.id);
    state.level_mut().pockets = rest;
    for (_, mut item) in loot {
        item.pos = dead.pos;
        state.level_mut().items.push(item);
    }
    crate::dungeon::rules::corpses::leave(state, dead);
    explode(state, dead);
}

/// Monster `dead`, killed by you, may leave a random object besides
/// (NetHack's "illogical but traditional treasure drop", `xkilled`): one
/// time in six, unless it leaves no corpse (the spheres) or died where
/// you stand (your steed); not food (it is thrown away: kills would
/// feed you too well), and from a monster smaller than a human nothing
/// over 30 in weight nor a two-handed weapon. Only with a hero: the
/// nameless hero's kills never left one, and still don't, so its runs
/// replay as they did. Drawn from a stream of the level's, the dead
/// monster's and the turn's own, so the run's other rolls are where they
/// were.
pub(crate) fn treasure(state: &mut RunState, dead: &Monster) {
    if state.player.hero.is_none() {
        return;
    }
    let content = state.setup.content.clone();
    let row = content.monster(dead.kind);
    let level_seed = crate::dungeon::seeds::level_seed(state.seed, state.depth);
    let stream = crate::dungeon::seeds::named_stream_seed(level_seed, TREASURE_STREAM);
    let kill = u64::from(dead.id).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ state.turn.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    let mut rng = crate::generation::MineRng::from_seed(stream ^ kill);
    if rng.rn2(6) != 0 || row.corpse.is_none() || dead.pos == state.player.pos {
        return;
    }
    let Some(kind) = crate::dungeon::kinds::objects::random_object(&content, true, &mut rng) else {
        return;
    };
    let thing = content.item(kind);
    let big = thing.weight > 30 || thing.on_pick_up.wielded_as().is_some_and(|w| w.two_handed);
    let small = row.size < crate::dungeon::content::Size::Medium;
    if thing.on_pick_up.food().is_some() || (small && big) {
        return;
    }
    let id = state.ids.next_id();
    let mut item = Item::new(id, kind, dead.pos, 1);
    item.burn_left = thing.on_pick_up.light().map(|l| l.turns);
    crate::dungeon::kinds::blessings::make(&mut item, &content, level_seed, true);
    state.level_mut().items.push(item);
}

/// A monster whose row `explodes` (a gas spore) bursts where it died, on you
/// and every monster next to it (NetHack's `AT_BOOM`); a monster it kills
/// leaves its remains, and may burst in turn.
fn explode(state: &mut RunState, dead: &Monster) {
    let content = state.setup.content.clone();
    let row = content.monster(dead.kind);
    let Some((n, sides)) = row.explodes else {
        return;
    };
    let at = dead.pos;
    let near = |p: Pos| (p.x - at.x).abs() <= 1 && (p.y - at.y).abs() <= 1;
    if state.sight.visible_mark[state.level().map.index(at)] {
        state.say(format!("The {} explodes!", row.name));
    } else {
        state.say("You hear a blast.");
    }
    if near(state.player.pos) && state.status == RunStatus::Playing {
        let damage = roll_dice(n, sides, &mut state.rng);
        state.say(format!("You are caught in the {}'s explosion!", row.name));
        state.player.hp -= damage;
        state.die_if_spent(Killer::Monster(dead.kind));
    }
    let caught: Vec<u32> = state
        .level()
        .monsters
        .iter()
        .filter(|m| near(m.pos))
        .map(|m| m.id)
        .collect();
    for id in caught {
        let damage = roll_dice(n, sides, &mut state.rng);
        let Some(i) = state.level().monsters.iter().position(|m| m.id == id) else {
            continue;
        };
        state.level_mut().monsters[i].hp -= damage;
        if state.level().monsters[i].hp <= 0 && !crate::dungeon::rules::life_saving::saved(state, i)
        {
            let killed = state.level_mut().monsters.remove(i);
            leave(state, &killed);
        }
    }
}
