//! Jumping, as NetHack 3.7's `jump(magic)`: the spell of jumping, cast
//! with the skill of escape spells, and a Knight's own leap (`#jump`,
//! `magic` 0). A cursor asks where to ("Where do you want to jump?"), and
//! you leap to a cell you see within reach over a path of open floor: no
//! wall, rock, closed door or boulder on the line (`walk_path`,
//! `check_jump`). The spell reaches a squared distance of 9, 12, 15 or 18,
//! Unskilled to Expert; a Knight's leap is a knight's move and nothing
//! else ("Illegal move!"), never diagonally into, out of or through an
//! open door's gap. A monster on the line stops you short ("You bump into
//! a gnome."). Leaping frees you from a pit ("You leap from the pit!"), a
//! web (torn) or a bear trap (1d10, "Ouch!"); you land as a step lands (a
//! trap there is sprung) and lose a turn getting your footing, and the
//! leap costs 1d25 nutrition. Picking your own cell springs the trap
//! there, if any ("You jump up and come back down."). Floating, you only
//! flail about.
//!
//! The `#jump` command that asks for a Knight's leap is [`super::leap`].

use crate::dungeon::direction::Way;
use crate::dungeon::skills::{Skill, SkillLevel};
use crate::dungeon::state::{CursorFor, RunState};
use crate::generation::{Pos, Tile};

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
    let reach = if magic > 0 {
        6 + 3 * i32::from(magic)
    } else {
        9
    };
    if magic == 0 && dx * dx + dy * dy != 5 {
        // The knight's move, riding or not: what shape is the knight in
        // chess?
        return Some("Illegal move!");
    }
    if dx * dx + dy * dy > reach {
        return Some("Too far!");
    }
    if !level.map.contains(at) || !state.sight.visible_mark[level.map.index(at)] {
        return Some("You cannot see where to land!");
    }
    let way = (magic == 0 && at != me).then(|| Trajectory::of(dx, dy));
    if let Some(way) = way
        && way.diagonal
        && door_forbids(level.map.tile(me), way)
    {
        return Some("You can't jump diagonally out of a doorway.");
    }
    let open = |p: Pos| {
        level.map.contains(p)
            && level.map.is_walkable(p)
            && !level.has_boulder(p)
            && !way.is_some_and(|w| door_forbids(level.map.tile(p), w))
    };
    if !path(me, at).into_iter().all(open) {
        return Some("There is an obstacle preventing that jump.");
    }
    None
}

/// Which way a leap goes, as `is_valid_jump_pos` sorts it for doors: is
/// it diagonal at all, and flattened (a knight's move counts as the
/// straight way it goes two cells), is it across, along or diagonal?
#[derive(Clone, Copy)]
struct Trajectory {
    diagonal: bool,
    horizontal: bool,
    flat_diagonal: bool,
}

impl Trajectory {
    fn of(dx: i32, dy: i32) -> Trajectory {
        let (mut ax, mut ay) = (dx.abs(), dy.abs());
        if ax >= 2 * ay {
            ay = 0;
        } else if ay >= 2 * ax {
            ax = 0;
        }
        Trajectory {
            diagonal: dx != 0 && dy != 0,
            horizontal: ay == 0,
            flat_diagonal: ax != 0 && ay != 0,
        }
    }
}

/// Does an open door on `tile` bar a leap going `way` (`check_jump`): a
/// diagonal one, or one along the door's wall rather than through it?
fn door_forbids(tile: Tile, way: Trajectory) -> bool {
    let in_horizontal_wall = match tile {
        Tile::DoorOpenInHWall => true,
        Tile::DoorOpenInVWall => false,
        _ => return false,
    };
    way.flat_diagonal || way.horizontal == in_horizontal_wall
}

/// The cursor picked `at`. Returns whether a turn passes (the leap's
/// landing, NetHack's `nomul(-1)`); a refused one says why and that
/// nothing happens, and takes none.
pub(crate) fn to_cell(state: &mut RunState, at: Pos, magic: u8) -> bool {
    // Only the spell adds that nothing happens (`spelleffects`).
    let nothing = |state: &mut RunState| {
        if magic > 0 {
            state.say("Nothing happens.");
        }
    };
    if let Some(why) = refusal(state, at, magic) {
        state.say(why);
        nothing(state);
        return false;
    }
    let me = state.player.pos;
    if at == me && state.player.steed.is_some() {
        let steed = crate::dungeon::rules::riding::your_steed(state);
        state.say(format!("{steed} isn't capable of jumping in place."));
        nothing(state);
        return false;
    }
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
        nothing(state);
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
