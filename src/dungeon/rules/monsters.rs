//! The monsters' turn: toward you while they notice you, else wandering. No
//! two share a cell, and none steps into rock or wall.
//!
//! Each action is two halves: [`decide`] reads the level and you and says
//! what the monster means to do (an [`Intent`]), and [`take_turn`] does it.
//! The deciding half changes nothing but the roll stream it is handed.

use std::ops::ControlFlow;

use crate::dungeon::dice::{ACTION_COST, DARK_SIGHT};
use crate::dungeon::level::LevelState;
use crate::dungeon::monsters::{FLEES_UNTIL_CALM, UNTIL_DISTURBED};
use crate::dungeon::rules::intent::{Intent, STEPS, free_steps};
use crate::dungeon::rules::mhitu::monster_attacks;
use crate::dungeon::rules::moving::doorway_forbids;
use crate::dungeon::rules::pet;
use crate::dungeon::rules::traps::{Victim, spring};
use crate::dungeon::state::{RunState, Sight};
use crate::generation::{Dir, MineRng, Pos, Tile};

/// Cells next to monster `m` it could dig into with a pick: rock or wall the
/// level lets be dug, not diagonally out of a doorway.
fn dig_steps(level: &LevelState, m: usize) -> Vec<Pos> {
    let pos = level.monsters[m].pos;
    STEPS
        .iter()
        .filter(|&&d| !doorway_forbids(&level.map, pos, d))
        .map(|&d| pos.step(d))
        .filter(|&to| level.is_diggable(to))
        .collect()
}

/// Where monster `m` may go: its free steps, and with a pick the rock and
/// walls around it too.
fn options(
    level: &LevelState,
    m: usize,
    player: Pos,
    (digs, opens, unlocks): (bool, bool, bool),
) -> Vec<Pos> {
    let mut out = free_steps(level, m, player, (opens, unlocks));
    if digs {
        out.extend(dig_steps(level, m));
    }
    out
}

/// The intent of going to `to`: a step, a door opened, or a dig through rock.
fn go(level: &LevelState, to: Pos) -> Intent {
    if level.map.is_walkable(to) {
        Intent::MoveTo(to)
    } else if level.map.tile(to) == Tile::DoorClosed {
        Intent::OpenDoor(to)
    } else {
        Intent::DigTo(to)
    }
}

/// Does a monster at `pos` notice the player at `player`?
fn notices(level: &LevelState, sight: &Sight, pos: Pos, player: Pos) -> bool {
    sight.los_mark[level.map.index(pos)] && (level.lit || pos.distance(player) <= DARK_SIGHT)
}

/// Does monster `m` of your level notice you?
fn noticed(state: &RunState, m: usize) -> bool {
    let pos = state.level().monsters[m].pos;
    notices(state.level(), &state.sight, pos, state.player.pos)
}

/// What monster `m` of `level` means to do, with the player at `player`
/// (`you.0`), where it believes the player is (`you.1`: elsewhere when you
/// are invisible to it, which `you.2` says), seeing as `sight` says;
/// `digs`: it carries a pick. Wandering draws from `rng`.
pub(crate) fn decide(
    level: &LevelState,
    sight: &Sight,
    m: usize,
    you: (Pos, Pos, bool),
    keeps_post: bool,
    ways: (bool, bool, bool, bool),
    rng: &mut MineRng,
) -> Intent {
    let (player, aim, unseen) = you;
    let monster = level.monsters[m];
    let pos = monster.pos;
    // Asleep, or a mimic still posing as an object: it waits.
    if monster.asleep > 0 || monster.disguise.is_some() {
        return Intent::Stay;
    }
    if monster.peaceful {
        // Those whose role keeps them at a post stay there; other peaceful
        // folk stroll.
        if keeps_post {
            return Intent::Stay;
        }
    } else if notices(level, sight, pos, player) {
        if pos.distance(aim) == 1 {
            return Intent::Attack;
        }
        // Lined up with you and armed to shoot, it shoots (`thrwmu`); you
        // unseen, only when its guess is right.
        if ways.3
            && aim == player
            && let Some(d) = lined_up(level, pos, player)
        {
            return Intent::Shoot(d);
        }
        if monster.trapped > 0 {
            return Intent::Stay;
        }
        // You unseen, it comes at its guess only one time in eleven
        // (`m_move`'s `appr = 0`), and else wanders.
        if unseen && rng.rn2(11) != 0 {
            return wander(level, m, player, ways, rng);
        }
        // Step to the free neighbour closest to where it believes you are
        // (king moves, then straight-line distance), but never away.
        let score = |c: Pos| {
            let (dx, dy) = (c.x.abs_diff(aim.x), c.y.abs_diff(aim.y));
            (dx.max(dy), dx * dx + dy * dy)
        };
        let best = options(level, m, player, (ways.0, ways.1, ways.2))
            .into_iter()
            .min_by_key(|&c| score(c));
        return match best {
            Some(to) if score(to).0 <= pos.distance(aim) => go(level, to),
            _ => Intent::Stay,
        };
    }
    if monster.trapped > 0 {
        return Intent::Stay;
    }
    wander(level, m, player, ways, rng)
}

/// Wander: one of the free neighbours (or, with a pick, the rock round it),
/// or stay put.
fn wander(
    level: &LevelState,
    m: usize,
    player: Pos,
    ways: (bool, bool, bool, bool),
    rng: &mut MineRng,
) -> Intent {
    let options = options(level, m, player, (ways.0, ways.1, ways.2));
    let pick = rng.rn2(options.len() as u64 + 1) as usize;
    options.get(pick).map_or(Intent::Stay, |&to| go(level, to))
}

/// The way from `from` to `to` when they are in a line (a row, a column
/// or a diagonal), at most [`crate::dungeon::rules::mthrow::BOLT_RANGE`]
/// apart, with nothing but floor between (NetHack's `lined_up`).
fn lined_up(level: &LevelState, from: Pos, to: Pos) -> Option<Dir> {
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let far = dx.abs().max(dy.abs());
    let straight = dx == 0 || dy == 0 || dx.abs() == dy.abs();
    if !straight || !(2..=crate::dungeon::rules::mthrow::BOLT_RANGE).contains(&far) {
        return None;
    }
    let d = STEPS
        .into_iter()
        .find(|&d| from.step(d) == Pos::new(from.x + dx.signum(), from.y + dy.signum()))?;
    let mut at = from.step(d);
    while at != to {
        let blocked = !level.map.tile(at).is_walkable()
            || level.boulders.contains(&at)
            || level.monsters.iter().any(|m| m.pos == at);
        if blocked {
            return None;
        }
        at = at.step(d);
    }
    Some(d)
}

/// Every monster on the player's level gains its speed in movement points and
/// acts once per [`ACTION_COST`], in the order they were placed. A sleeping
/// or trapped one spends its turns waking or struggling free; one that steps
/// on a trap springs it (and may leave the level by it, or die).
pub(crate) fn take_turn(state: &mut RunState) {
    let ids: Vec<u32> = state.level().monsters.iter().map(|m| m.id).collect();
    for id in ids {
        let Some(m) = state.level().monsters.iter().position(|x| x.id == id) else {
            continue;
        };
        {
            let monster = &mut state.level_mut().monsters[m];
            if monster.asleep != UNTIL_DISTURBED {
                monster.asleep = monster.asleep.saturating_sub(1);
            }
            if monster.flees != FLEES_UNTIL_CALM {
                monster.flees = monster.flees.saturating_sub(1);
            }
        }
        // Fleeing with no end set, it may regain its courage when whole
        // (`dochug`).
        let monster = state.level().monsters[m];
        if monster.flees == FLEES_UNTIL_CALM
            && monster.hp >= monster.max_hp
            && state.rng.rn2(25) == 0
        {
            state.level_mut().monsters[m].flees = 0;
        }
        if state.level().monsters[m].asleep == UNTIL_DISTURBED {
            crate::dungeon::rules::disturb::disturb(state, m);
        }
        let ways = Ways::of(state, m);
        state.level_mut().monsters[m].energy += ways.speed;
        if spend_energy(state, id, m, &ways).is_break() {
            return;
        }
    }
}

/// What a monster's kind and kit let it do on its turn.
struct Ways {
    /// Movement points gained a turn.
    speed: u32,
    /// Its role keeps it at a post while peaceful.
    keeps_post: bool,
    /// It carries a pick.
    digs: bool,
    /// It opens doors.
    opens: bool,
    /// It opens locked doors too.
    unlocks: bool,
    /// It has missiles it can fire or throw.
    shoots: bool,
}

impl Ways {
    /// What monster `m` of the player's level can do.
    fn of(state: &RunState, m: usize) -> Ways {
        let monster = &state.level().monsters[m];
        let row = state.content().monster(monster.kind);
        let speed = monster.pace.of(row.speed);
        let (keeps_post, opens) = (row.role.keeps_post(), row.opens_doors);
        let digs = monster
            .tool
            .is_some_and(|t| state.content().item(t).on_pick_up.digs());
        // A key (a lock pick, a credit card) opens locked doors too.
        let unlocks = opens
            && monster
                .tool
                .iter()
                .chain(monster.gear.iter().flatten())
                .any(|&k| state.content().item(k).on_pick_up.unlocks().is_some());
        let shoots = crate::dungeon::rules::mthrow::armed(state.content(), monster).is_some();
        Ways {
            speed,
            keeps_post,
            digs,
            opens,
            unlocks,
            shoots,
        }
    }
}

/// Monster `m` (whose id is `id`) acts once per [`ACTION_COST`] of its
/// energy, until it runs short or leaves the level. Break: the game is over.
fn spend_energy(state: &mut RunState, id: u32, mut m: usize, ways: &Ways) -> ControlFlow<()> {
    while state.level().monsters[m].energy >= ACTION_COST {
        state.level_mut().monsters[m].energy -= ACTION_COST;
        if state.level().monsters[m].asleep == 0 {
            crate::dungeon::rules::stumble::wear_off(state, m);
        }
        // What it carries first: to save itself, else to change itself
        // (`dochug`'s `find_defensive`, `find_misc`); then, under
        // conflict, it may fall on a monster beside it (`fightm`).
        let spent = (!state.level().monsters[m].tame
            && (crate::dungeon::rules::muse::defend(state, m)
                || crate::dungeon::rules::muse::misc(state, m)))
            || {
                let sees_you =
                    noticed(state, m) && !crate::dungeon::rules::invisible::unseen_by(state, m);
                crate::dungeon::rules::conflict::fights(state, m, sees_you)
            };
        if spent {
            if state.is_over() {
                return ControlFlow::Break(());
            }
            match state.level().monsters.iter().position(|x| x.id == id) {
                Some(i) => {
                    m = i;
                    continue;
                }
                None => break,
            }
        }
        let intent = if crate::dungeon::rules::conflict::turns_on_you(state, m) {
            Intent::Attack
        } else if let Some(stumble) =
            crate::dungeon::rules::stumble::stumble(state, m, (ways.opens, ways.unlocks))
        {
            stumble
        } else if state.level().monsters[m].tame {
            pet::act(state, m)
        } else if state.level().monsters[m].asleep == 0
            && (crate::dungeon::rules::floor_writing::frighten(state, m)
                || state.level().monsters[m].flees > 0)
        {
            flee(state, m, ways)
        } else {
            let aim = crate::dungeon::rules::invisible::aim(state, m);
            let unseen = crate::dungeon::rules::invisible::unseen_by(state, m);
            let level = state.levels[state.depth - 1]
                .as_ref()
                .expect("current level");
            decide(
                level,
                &state.sight,
                m,
                (state.player.pos, aim, unseen),
                ways.keeps_post,
                (ways.digs, ways.opens, ways.unlocks, ways.shoots),
                &mut state.rng,
            )
        };
        // An awake monster rubs the dust it stands on (`dochug`); its
        // choice may have cost it its life (a starving pet).
        let Some(now) = state.level().monsters.iter().position(|x| x.id == id) else {
            break;
        };
        m = now;
        if state.level().monsters[m].asleep == 0 {
            let at = state.level().monsters[m].pos;
            crate::dungeon::rules::floor_writing::wipe(state, at, 1);
        }
        // Meaning to fight or come at you, it may zap you instead
        // (`mattacku`'s `find_offensive`).
        let zaps = matches!(
            intent,
            Intent::Attack | Intent::Shoot(_) | Intent::MoveTo(_) | Intent::Stay
        ) && !state.level().monsters[m].tame
            && state.level().monsters[m].flees == 0
            && noticed(state, m)
            && crate::dungeon::rules::muse::attack(state, m);
        if !zaps {
            carry_out(state, id, m, intent);
        }
        if state.is_over() {
            return ControlFlow::Break(());
        }
        // A trap may have taken it off the level.
        match state.level().monsters.iter().position(|x| x.id == id) {
            Some(i) => m = i,
            None => break,
        }
    }
    ControlFlow::Continue(())
}

/// A fleeing monster's move: the free step that takes it farthest from
/// you, if one takes it farther; no blow.
fn flee(state: &RunState, m: usize, ways: &Ways) -> Intent {
    let level = state.level();
    let me = state.player.pos;
    let from = level.monsters[m].pos;
    let far = |p: Pos| (p.x - me.x).pow(2) + (p.y - me.y).pow(2);
    crate::dungeon::rules::intent::free_steps(level, m, me, (ways.opens, ways.unlocks))
        .into_iter()
        .filter(|&p| far(p) > far(from))
        .max_by_key(|&p| far(p))
        .map_or(Intent::Stay, |to| go(level, to))
}

/// Do what monster `m` (whose id is `id`) means to do.
fn carry_out(state: &mut RunState, id: u32, m: usize, intent: Intent) {
    match intent {
        // Mounted, your steed may take the blow.
        Intent::Attack => {
            if !crate::dungeon::rules::steed::strikes_steed(state, m) && monster_attacks(state, m) {
                crate::dungeon::rules::knockback::after_blow(state, m);
            }
        }
        Intent::Fight(target) => {
            crate::dungeon::rules::mhitm::fight(state, m, target);
        }
        Intent::Shoot(d) => crate::dungeon::rules::mthrow::shoot(state, m, d),
        Intent::MoveTo(to) => step_to(state, id, m, to),
        Intent::OpenDoor(to) => open_door(state, to),
        Intent::DigTo(to) => dig_to(state, m, to),
        Intent::Done => {}
        Intent::Stay => {
            let monster = &mut state.level_mut().monsters[m];
            monster.trapped = monster.trapped.saturating_sub(1);
        }
    }
}

/// Monster `m` steps to `to`, springing any trap there; a pet eats a
/// corpse it wants there.
fn step_to(state: &mut RunState, id: u32, m: usize, to: Pos) {
    state.level_mut().monsters[m].pos = to;
    if let Some(t) = state.level().trap_at(to) {
        spring(state, Victim::Monster(m), t);
    }
    // A pet that stepped onto a corpse it wants eats it
    // in the same move (NetHack's dog_move).
    if let Some(i) = state.level().monsters.iter().position(|x| x.id == id)
        && state.level().monsters[i].tame
        && state.level().monsters[i].trapped == 0
    {
        pet::eat_here(state, i);
    }
}

/// A monster opens the door at `to`, unlocking it first if it is locked.
fn open_door(state: &mut RunState, to: Pos) {
    let seen = state.sight.visible_mark[state.level().map.index(to)];
    let locked = state.level().is_locked(to);
    state.level_mut().locked.retain(|&p| p != to);
    state.level_mut().open_door(to);
    if seen {
        state.say(if locked {
            "You see a door unlock and open."
        } else {
            "You see a door open."
        });
    }
}

/// Monster `m` digs through to `to` and moves there; out of sight, a wall
/// dug through is sometimes heard.
fn dig_to(state: &mut RunState, m: usize, to: Pos) {
    let wall = state.level().map.tile(to).is_wall();
    state.level_mut().dig_out(to);
    state.level_mut().monsters[m].pos = to;
    let seen = state.sight.visible_mark[state.level().map.index(to)];
    if wall && !seen && state.rng.rn2(5) == 0 {
        state.say("You hear crashing rock.");
    }
}
