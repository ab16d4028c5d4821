//! A simple player for tests: it knows the whole map, fights whatever stands next
//! to it, picks up what lies underfoot and walks the shortest way to the down
//! stairs (or, on a level with none, to the item that wins).

use std::collections::VecDeque;

use gnomish_mines::dungeon::{Command, Dungeon, Effect, MonsterKind};
use gnomish_mines::generation::{Dir, Pos};

/// The first step of a shortest 8-way path from `from` to `to`, with monsters
/// in the way treated as walls when `avoid_monsters`.
pub fn first_step(run: &Dungeon, from: Pos, to: Pos, avoid_monsters: bool) -> Option<Dir> {
    let level = run.level();
    let map = &level.map;
    let mut came = vec![usize::MAX; map.len()];
    came[map.index(to)] = map.index(to);
    // Search backwards from the target so the answer is the step out of `from`.
    let mut queue = VecDeque::from([to]);
    while let Some(p) = queue.pop_front() {
        if p == from {
            let next = map.pos(came[map.index(p)]);
            return from.dir_to(next);
        }
        for q in around(p) {
            if !map.is_walkable(q) || came[map.index(q)] != usize::MAX {
                continue;
            }
            if avoid_monsters && q != from && level.monster_at(q).is_some() {
                continue;
            }
            came[map.index(q)] = map.index(p);
            queue.push_back(q);
        }
    }
    None
}

/// The 8 cells around `p`, x outer and y inner (the bot's search order).
pub fn around(p: Pos) -> impl Iterator<Item = Pos> {
    (-1..=1)
        .flat_map(move |dx| (-1..=1).map(move |dy| p.offset(dx, dy)))
        .filter(move |&q| q != p)
}

/// Where the bot is heading on this level.
pub fn goal(run: &Dungeon) -> Pos {
    let level = run.level();
    match level.down_stairs() {
        Some(down) => down,
        None => level
            .items
            .iter()
            .find(|i| run.content().item(i.kind).on_pick_up == Effect::Win)
            .map(|i| i.pos)
            .unwrap_or(run.player().pos),
    }
}

/// The bot's next command.
pub fn bot_command(run: &Dungeon) -> Command {
    let p = run.player().pos;
    let level = run.level();
    if let Some(m) = level.monsters.iter().find(|m| m.pos.distance(p) == 1) {
        return Command::Move(p.dir_to(m.pos).expect("next to the player"));
    }
    if level.item_at(p).is_some() {
        return Command::PickUp;
    }
    let to = goal(run);
    if p == to {
        return Command::Down;
    }
    match first_step(run, p, to, true).or_else(|| first_step(run, p, to, false)) {
        Some(d) => Command::Move(d),
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

/// The content's monster kind with this id.
pub fn kind(run: &Dungeon, id: &str) -> MonsterKind {
    run.content()
        .monster_kind(id)
        .expect("a monster of that id")
}

/// Move the first monster of `kind` onto a free cell next to the player;
/// returns its index and the cell.
pub fn place_next_to_player(run: &mut Dungeon, kind: MonsterKind) -> (usize, Pos) {
    let p = run.player().pos;
    let cell = around(p)
        .find(|&c| run.level().map.is_walkable(c) && run.level().monster_at(c).is_none())
        .expect("a free cell next to the player");
    let m = run
        .level()
        .monsters
        .iter()
        .position(|m| m.kind == kind)
        .expect("a monster of that kind");
    run.wizard().level().monsters[m].pos = cell;
    (m, cell)
}
