//! What you see: everything in line of sight on a lit level; on an unlit one
//! the cells next to you, what a light you carry reaches, and what a
//! monster's lit candle lights. What you see is remembered.

use crate::dungeon::fov;
use crate::dungeon::rules::carry::light_radius;
use crate::dungeon::state::RunState;

/// Recompute what the player sees, and remember it.
pub(crate) fn update(state: &mut RunState) {
    let radius = light_radius(&state.player, state.content());
    let me = state.player.pos;
    // The lights monsters carry: where, and how far each reaches.
    let content = state.content();
    let carried_by_monsters: Vec<(crate::generation::Pos, u32)> = state
        .level()
        .monsters
        .iter()
        .filter(|m| m.tool_burning.is_some())
        .filter_map(|m| {
            let light = content.item(m.tool?).on_pick_up.light()?;
            Some((m.pos, light.radius))
        })
        .collect();
    let level = state.levels[state.depth - 1]
        .as_mut()
        .expect("current level");
    let map = level.map.clone();
    let (w, h) = (map.width(), map.height());
    let sight = &mut state.sight;
    sight.clear(w * h);
    // Boulders stop sight, as rock does.
    let boulders = &level.boulders;
    let blocks = |p| map.tile(p).blocks_sight() || boulders.contains(&p);
    fov::line_of_sight(me, w, h, blocks, |p| {
        let i = map.index(p);
        if !sight.los_mark[i] {
            sight.los_mark[i] = true;
            sight.los.push(i);
        }
    });
    let mut see = |i: usize| {
        if !sight.visible_mark[i] {
            sight.visible_mark[i] = true;
            sight.visible.push(i);
            if !level.seen[i] {
                level.seen[i] = true;
                sight.first_seen.push(i);
            }
        }
    };
    if level.lit {
        for &i in &sight.los {
            see(i);
        }
    } else {
        fov::adjacent_cells(me, w, h, |p| see(map.index(p)));
        // A light you carry lights the cells round you that you can see;
        // cells a scroll of light lit are seen from anywhere in sight.
        for &i in &sight.los {
            let p = map.pos(i);
            let carried = radius.is_some_and(|r| fov::within_light(me, p, r));
            // A monster's light shows only the cells it reaches that it
            // has a clear line to (walls between stay dark).
            let by_monster = || {
                carried_by_monsters
                    .iter()
                    .any(|&(at, r)| fov::within_light(at, p, r) && fov::clear_line(at, p, blocks))
            };
            if carried || level.lit_cells.get(i).copied().unwrap_or(false) || by_monster() {
                see(i);
            }
        }
    }
}

/// Do you see monster `m`: in view, or (with infravision) a warm one in
/// line of sight in the dark? A mimic posing as an object is seen as that.
pub(crate) fn sees_monster(state: &RunState, m: &crate::dungeon::monsters::Monster) -> bool {
    // Detected by a spell (NetHack's `Detect_monsters`, or a detection's
    // glimpse), invisible or not.
    if state.timeouts.detect_monsters > 0
        || state.glimpse.all_monsters
        || state.glimpse.monsters.contains(&m.id)
    {
        return true;
    }
    // Seeing invisible (a ring's, a Ranger's), you see it as any other.
    if m.invisible
        && !crate::dungeon::rules::grow::has(state, crate::dungeon::hero::Intrinsic::SeeInvisible)
    {
        return false;
    }
    let i = state.level().map.index(m.pos);
    if state.sight.visible_mark[i] {
        return true;
    }
    let content = state.content();
    let rows = content.heroes();
    state.player.hero.is_some_and(|h| h.race(rows).infravision)
        && content.monster(m.kind).infravisible
        && m.disguise.is_none()
        && state.sight.los_mark[i]
}
