//! A simple player for tests: it knows the whole map, fights whatever stands next
//! to it, picks up what lies underfoot and walks the shortest way to the down
//! stairs (or, at Mines' End, to the gray stone).

use std::collections::VecDeque;

use gnomish_mines::dungeon::{Command, Dungeon, ItemKind, LEVELS, distance};

/// The first step of a shortest 8-way path from `from` to `to`, with monsters
/// in the way treated as walls when `avoid_monsters`.
pub fn first_step(
    run: &Dungeon,
    from: (usize, usize),
    to: (usize, usize),
    avoid_monsters: bool,
) -> Option<(i64, i64)> {
    let level = run.level();
    let (w, h) = (level.map.width(), level.map.height());
    let mut came = vec![usize::MAX; w * h];
    let idx = |p: (usize, usize)| p.1 * w + p.0;
    came[idx(to)] = idx(to);
    // Search backwards from the target so the answer is the step out of `from`.
    let mut queue = VecDeque::from([to]);
    while let Some(p) = queue.pop_front() {
        if p == from {
            let next = came[idx(p)];
            let (nx, ny) = (next % w, next / w);
            return Some((nx as i64 - from.0 as i64, ny as i64 - from.1 as i64));
        }
        for dx in -1i64..=1 {
            for dy in -1i64..=1 {
                let (x, y) = (p.0 as i64 + dx, p.1 as i64 + dy);
                if !level.walkable(x, y) {
                    continue;
                }
                let q = (x as usize, y as usize);
                if came[idx(q)] != usize::MAX {
                    continue;
                }
                if avoid_monsters && q != from && level.monster_at(q).is_some() {
                    continue;
                }
                came[idx(q)] = idx(p);
                queue.push_back(q);
            }
        }
    }
    None
}

/// Where the bot is heading on this level.
pub fn goal(run: &Dungeon) -> (usize, usize) {
    let level = run.level();
    if run.depth == LEVELS {
        level
            .items
            .iter()
            .find(|i| i.kind == ItemKind::GrayStone)
            .map(|i| i.pos)
            .unwrap_or(run.player.pos)
    } else {
        level.down_stairs.expect("down stairs above the bottom")
    }
}

/// The bot's next command.
pub fn bot_command(run: &Dungeon) -> Command {
    let p = run.player.pos;
    let level = run.level();
    if let Some(m) = level.monsters.iter().find(|m| distance(m.pos, p) == 1) {
        return Command::Move(m.pos.0 as i64 - p.0 as i64, m.pos.1 as i64 - p.1 as i64);
    }
    if level.item_at(p).is_some() {
        return Command::PickUp;
    }
    let to = goal(run);
    if p == to {
        return Command::Down;
    }
    match first_step(run, p, to, true).or_else(|| first_step(run, p, to, false)) {
        Some((dx, dy)) => Command::Move(dx, dy),
        None => Command::Wait,
    }
}

/// Let the bot play until the run ends or `max` commands; returns the commands.
pub fn bot_play(run: &mut Dungeon, max: usize) -> Vec<Command> {
    let mut played = Vec::new();
    while !run.is_over() && played.len() < max {
        let c = bot_command(run);
        run.act(c);
        played.push(c);
    }
    played
}

/// Move the first monster of `kind` onto a free cell next to the player;
/// returns its index and the cell.
pub fn place_next_to_player(
    run: &mut Dungeon,
    kind: gnomish_mines::dungeon::MonsterKind,
) -> (usize, (usize, usize)) {
    let p = run.player.pos;
    let cell = (-1..=1i64)
        .flat_map(|dx| (-1..=1i64).map(move |dy| (dx, dy)))
        .map(|(dx, dy)| (p.0 as i64 + dx, p.1 as i64 + dy))
        .find(|&(x, y)| {
            (x, y) != (p.0 as i64, p.1 as i64)
                && run.level().walkable(x, y)
                && run.level().monster_at((x as usize, y as usize)).is_none()
        })
        .map(|(x, y)| (x as usize, y as usize))
        .expect("a free cell next to the player");
    let m = run
        .level()
        .monsters
        .iter()
        .position(|m| m.kind == kind)
        .expect("a monster of that kind");
    run.level_mut().monsters[m].pos = cell;
    (m, cell)
}
