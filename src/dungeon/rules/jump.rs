//! The spell of jumping, as NetHack 3.7's `jump(magic)` with the skill it
//! was cast with: a cursor asks where to ("Where do you want to jump?"),
//! and you leap to a cell you see within reach (squared distance at most
//! 9, 12, 15 or 18, Unskilled to Expert in escape spells) over a path of
//! open floor: no wall, rock, closed door or boulder on the line
//! (`walk_path`, `check_jump`). A monster on the line stops you short ("You
//! bump into a gnome."). Leaping frees you from a pit ("You leap from the
//! pit!"), a web (torn) or a bear trap (1d10, "Ouch!"); you land as a step
//! lands (a trap there is sprung) and lose a turn getting your footing,
//! and the leap costs 1d25 nutrition. Picking your own cell springs the
//! trap there, if any ("You jump up and come back down."). Floating, you
//! only flail about.

use crate::dungeon::direction::Way;
use crate::dungeon::skills::{Skill, SkillLevel};
use crate::dungeon::state::{CursorFor, RunState};
use crate::generation::Pos;

/// Cast it: it asks where.
pub(crate) fn cast(state: &mut RunState, _: Option<Way>) {
    if crate::dungeon::rules::carry::levitating(state) {
        state.say("You flail around a little.");
        return;
    }
    let skill = state
        .player
        .growth
        .as_ref()
        .map_or(SkillLevel::Unskilled, |g| {
            g.skills.level(Skill::EscapeSpells)
        });
    // NetHack's `max(P_SKILL, 1)`.
    let magic = match skill {
        SkillLevel::Restricted | SkillLevel::Unskilled => 1,
        SkillLevel::Basic => 2,
        SkillLevel::Skilled => 3,
        _ => 4,
    };
    state.ask_cursor(CursorFor::Jump(magic));
}

/// The cells a leap from `from` to `to` crosses, `to` last (NetHack's
/// `walk_path`, a Bresenham line).
fn path(from: Pos, to: Pos) -> Vec<Pos> {
    let (mut dx, mut dy) = (to.x - from.x, to.y - from.y);
    let x_change = if dx < 0 { -1 } else { 1 };
    let y_change = if dy < 0 { -1 } else { 1 };
    dx = dx.abs();
    dy = dy.abs();
    let (mut x, mut y) = (from.x, from.y);
    let mut err = 0;
    let mut cells = Vec::new();
    if dx < dy {
        for _ in 0..dy {
            y += y_change;
            err += dx << 1;
            if err > dy {
                x += x_change;
                err -= dy << 1;
            }
            cells.push(Pos::new(x, y));
        }
    } else {
        for _ in 0..dx {
            x += x_change;
            err += dy << 1;
            if err > dx {
                y += y_change;
                err -= dx << 1;
            }
            cells.push(Pos::new(x, y));
        }
    }
    cells
}

/// Why a leap to `at` can't be made (`is_valid_jump_pos`), if it can't.
fn refusal(state: &RunState, at: Pos, magic: u8) -> Option<&'static str> {
    let me = state.player.pos;
    let (dx, dy) = (at.x - me.x, at.y - me.y);
    let level = state.level();
    if dx * dx + dy * dy > 6 + 3 * i32::from(magic) {
        return Some("Too far!");
    }
    if !level.map.contains(at) || !state.sight.visible_mark[level.map.index(at)] {
        return Some("You cannot see where to land!");
    }
    let open = |p: Pos| level.map.contains(p) && level.map.is_walkable(p) && !level.has_boulder(p);
    if !path(me, at).into_iter().all(open) {
        return Some("There is an obstacle preventing that jump.");
    }
    None
}

/// The cursor picked `at`. Returns whether a turn passes (the leap's
/// landing, NetHack's `nomul(-1)`); a refused one says why and that
/// nothing happens, and takes none.
pub(crate) fn to_cell(state: &mut RunState, at: Pos, magic: u8) -> bool {
    if let Some(why) = refusal(state, at, magic) {
        state.say(why);
        state.say("Nothing happens.");
        return false;
    }
    let me = state.player.pos;
    let trapped = leap_free(state);
    if at == me {
        if trapped {
            state.player.nutrition -= state.rng.rnd(10) as i32;
            return true;
        }
        if let Some(t) = state.level().trap_at(me) {
            state.say("You jump up and come back down.");
            crate::dungeon::rules::traps::spring(
                state,
                crate::dungeon::rules::traps::Victim::You,
                t,
            );
            return true;
        }
        state.say("You decide not to jump after all.");
        state.say("Nothing happens.");
        return false;
    }
    let mut landing = me;
    for p in path(me, at) {
        if let Some(m) = state.level().monster_at(p) {
            let monster = state.level().monsters[m];
            let name = if crate::dungeon::rules::sight::sees_monster(state, &monster) {
                crate::dungeon::content::with_article(&state.content().monster(monster.kind).name)
            } else {
                "it".to_string()
            };
            state.say(format!("You bump into {name}."));
            state.level_mut().monsters[m].asleep = 0;
            break;
        }
        landing = p;
    }
    if landing != me {
        crate::dungeon::rules::moving::arrive(state, me, landing);
        crate::dungeon::rules::sight::update(state);
    }
    state.player.nutrition -= state.rng.rnd(25) as i32;
    true
}

/// A leap tears you out of the trap that holds you. Returns whether one
/// did.
fn leap_free(state: &mut RunState) -> bool {
    let Some((kind, _)) = state.player.trapped else {
        return false;
    };
    let row = state.content().trap(kind).clone();
    state.player.trapped = None;
    if row.rule == "Pit" {
        state.say("You leap from the pit!");
    } else if row.glyph == '"' {
        state.say("You tear the web apart as you pull yourself free!");
        let me = state.player.pos;
        if let Some(t) = state.level().trap_at(me) {
            state.level_mut().traps.remove(t);
        }
    } else {
        state.say("You rip yourself free of the bear trap!  Ouch!");
        let hurt = state.rng.rnd(10) as i32;
        state.player.hp -= hurt;
        state.die_if_spent(crate::dungeon::shared::Killer::JumpingOutOfATrap);
    }
    true
}
