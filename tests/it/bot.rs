//! A simple player for tests: it knows the whole map, fights whatever hostile
//! monster stands next to it (peaceful ones it walks round), picks up what
//! lies underfoot and is free, and walks the shortest way to the down stairs
//! (or, on a level with none, to the item that wins).

use std::collections::VecDeque;

use gnomish_mines::dungeon::{Command, Dungeon};

use crate::fixtures::around;
use gnomish_mines::generation::{Dir, Pos};

/// The first step of a shortest 8-way path from `from` to `to`, with monsters
/// in the way treated as walls when `avoid_monsters`. Boulders and found traps
/// are walls too while there is a way round them.
pub(crate) fn first_step(run: &Dungeon, from: Pos, to: Pos, avoid_monsters: bool) -> Option<Dir> {
    [Avoid::Found, Avoid::Nothing]
        .into_iter()
        .find_map(|a| step_avoiding(run, from, to, avoid_monsters, a))
}

/// As [`first_step`], round every trap, found or not, while there is a way:
/// how a test walks somewhere without the walk being about traps.
pub(crate) fn first_safe_step(run: &Dungeon, from: Pos, to: Pos) -> Option<Dir> {
    step_avoiding(run, from, to, false, Avoid::Every).or_else(|| first_step(run, from, to, false))
}

/// Which traps (and boulders) a path goes round.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Avoid {
    /// Boulders and every trap.
    Every,
    /// Boulders and the traps the player has found.
    Found,
    /// Nothing.
    Nothing,
}

fn step_avoiding(
    run: &Dungeon,
    from: Pos,
    to: Pos,
    avoid_monsters: bool,
    avoid: Avoid,
) -> Option<Dir> {
    let level = run.level();
    let map = &level.map();
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
            // Nobody steps diagonally into or out of a doorway.
            let diagonal = q.x != p.x && q.y != p.y;
            if diagonal && (map.tile(p).is_door() || map.tile(q).is_door()) {
                continue;
            }
            if avoid_monsters && q != from && level.monster_at(q).is_some() {
                continue;
            }
            if q != from && q != to && avoid != Avoid::Nothing {
                let trap = match avoid {
                    Avoid::Every => level.trap_at(q),
                    _ => level.seen_trap_at(q),
                };
                if level.has_boulder(q) || trap.is_some() {
                    continue;
                }
            }
            came[map.index(q)] = map.index(p);
            queue.push_back(q);
        }
    }
    None
}

/// Where the bot is heading on this level.
pub(crate) fn goal(run: &Dungeon) -> Pos {
    let level = run.level();
    match level.down_stairs() {
        Some(down) => down,
        None => level
            .items()
            .iter()
            .find(|i| run.content().item(i.kind).on_pick_up.name() == "Win")
            .map(|i| i.pos)
            .unwrap_or(run.player().pos),
    }
}

/// The bot's next command.
pub(crate) fn bot_command(run: &Dungeon) -> Command {
    let p = run.player().pos;
    // Asked before stepping onto a found trap it had no way round: yes.
    if run.is_asking() && run.log().line().contains("Really step onto") {
        return Command::Move(Dir::NW);
    }
    if run.is_asking() && run.log().line().contains("direction do you want to dig") {
        return way_through(run, goal(run));
    }
    // "In what direction?" after its kick: at the locked door.
    if run.is_asking() && run.log().line().contains("In what direction?") {
        return way_through(run, goal(run));
    }
    // "Really attack the watchman?": no (`n`), and wait for it to move on.
    if run.is_asking() && run.log().line().starts_with("Really attack") {
        return Command::Move(Dir::SE);
    }
    // A hero's skill can advance: `#enhance` (no turn).
    if run
        .log()
        .line()
        .contains("You feel more confident in your weapon skills.")
    {
        return Command::Enhance;
    }
    let level = run.level();
    // (A mimic posing as an object is an object to the bot, as to you.)
    if let Some(m) = level
        .monsters()
        .iter()
        .find(|m| m.pos.distance(p) == 1 && !m.peaceful && m.disguise.is_none())
    {
        return Command::Move(p.dir_to(m.pos).expect("next to the player"));
    }
    // Free things only, while the pack has a letter free: the first item
    // here is the one picked up.
    if run.player().inventory.len() < 52
        && level
            .item_at(p)
            .is_some_and(|i| level.items()[i].price.is_none())
    {
        return Command::PickUp;
    }
    let to = goal(run);
    if p == to {
        return Command::Down;
    }
    match first_step(run, p, to, true).or_else(|| first_step(run, p, to, false)) {
        // A peaceful monster in the way: wait for it to move on (your pet
        // swaps places with you instead).
        Some(d)
            if level.monster_at(p.step(d)).is_some_and(|m| {
                let m = &level.monsters()[m];
                m.peaceful && !m.tame
            }) =>
        {
            Command::Wait
        }
        Some(d) => Command::Move(d),
        None => way_through(run, to),
    }
}

/// The digging tool's inventory letter, if the player carries one.
fn digger(run: &Dungeon) -> Option<u8> {
    let content = run.content();
    run.player()
        .inventory
        .iter()
        .find(|c| content.item(c.kind).on_pick_up.digs())
        .map(|c| c.letter)
}

/// When `to` can't be walked to: the way through what stands between, as a
/// player who knows where it lies would go. A closed door is opened by
/// walking into it, or kicked open when locked; a secret door (the Mimic of
/// the Mines' niches) is searched for from the cell before it; rock (the Gnome King's wine
/// cellar) is dug with a pick, if the bot has one. The bot knows where the
/// secret doors are, as it knows where the luckstone is: it searches only
/// where searching finds something.
pub(crate) fn way_through(run: &Dungeon, to: Pos) -> Command {
    use gnomish_mines::generation::Tile;
    let level = run.level();
    let map = level.map();
    let p = run.player().pos;
    let pick = digger(run);
    let door = |q: Pos| {
        let t = map.tile(q);
        t.is_door() || t.is_secret_door()
    };
    // Breadth first from `to`, so each cell knows its next step toward it;
    // through doors first, and only if there is no such way, through rock.
    let way = |dig: bool| {
        let passable = |q: Pos| {
            let t = map.tile(q);
            map.is_walkable(q)
                || t == Tile::DoorClosed
                || t.is_secret_door()
                || (dig && level.is_diggable(q))
        };
        let mut next = vec![usize::MAX; map.len()];
        next[map.index(to)] = map.index(to);
        let mut queue = VecDeque::from([to]);
        while let Some(c) = queue.pop_front() {
            if c == p {
                break;
            }
            for q in around(c) {
                if !map.contains(q) || next[map.index(q)] != usize::MAX {
                    continue;
                }
                let diagonal = q.x != c.x && q.y != c.y;
                if !(passable(q) || q == p) || (diagonal && (door(c) || door(q))) {
                    continue;
                }
                next[map.index(q)] = map.index(c);
                queue.push_back(q);
            }
        }
        (next[map.index(p)] != usize::MAX).then_some(next)
    };
    let Some(next) = way(false).or_else(|| pick.and_then(|_| way(true))) else {
        return Command::Search; // no way at all: wait, searching
    };
    // The first cell on the way that can't be walked onto.
    let mut stand = p;
    let mut at = map.pos(next[map.index(p)]);
    while map.is_walkable(at) && at != to {
        stand = at;
        at = map.pos(next[map.index(at)]);
    }
    let d = match stand == p {
        true => p.dir_to(at).expect("next to the player"),
        false => match first_step(run, p, stand, false) {
            Some(d) => d,
            None => return Command::Search,
        },
    };
    if level.monster_at(p.step(d)).is_some() {
        return Command::Search; // someone in the way: wait for them
    }
    if stand != p {
        return Command::Move(d);
    }
    let t = map.tile(at);
    if t.is_secret_door() {
        Command::Search
    } else if t == Tile::DoorClosed && level.is_locked(at) && !run.is_asking() {
        // A locked door: kick it open (the direction comes next).
        Command::Kick
    } else if map.is_walkable(at) || t == Tile::DoorClosed || run.is_asking() {
        // A step, a door to open, or the answer to "In what direction do
        // you want to dig?".
        Command::Move(d)
    } else {
        Command::Apply(pick.expect("rock on the way only with a pick"))
    }
}

/// Let the bot play until the run ends or `max` commands; returns the commands.
pub(crate) fn bot_play(run: &mut Dungeon, max: usize) -> Vec<Command> {
    let mut played = Vec::new();
    while !run.is_over() && played.len() < max {
        let c = bot_command(run);
        run.act(c);
        played.push(c);
    }
    played
}

/// A visitor to Minetown: plays as the bot does, and in Minetown buys the
/// first light it can afford, then prays at the altar; it lights its light on
/// unlit levels, prays whenever it is low and may be heard, picks up the
/// food it sees and eats it when hungry, and wears the armour it picks up.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tourist {
    pub bought: bool,
    pub prayed_at_altar: bool,
    /// Where it left its pick outside a shop, on which level, to take it
    /// back.
    pub left_pick: Option<(usize, Pos)>,
}

impl Tourist {
    pub(crate) fn command(&mut self, run: &Dungeon) -> Command {
        if run.is_asking() {
            // The bot answers questions (yes to a trap it has no way round).
            return bot_command(run);
        }
        let p = run.player().pos;
        let level = run.level();
        let me = run.player();
        if level
            .monsters()
            .iter()
            .any(|m| m.pos.distance(p) == 1 && !m.peaceful && m.disguise.is_none())
        {
            return bot_command(run);
        }
        // A hero is heard in major trouble once its prayer timeout is down
        // to 200, its hit points critically low (NetHack's `can_pray`); the
        // nameless hero below a third of its hit points, every 300 turns.
        let (low, heard) = match &me.growth {
            Some(g) => (
                me.hp <= 5 || me.hp * 5 <= me.max_hp.min(15 * g.level as i32),
                g.prayer_timeout <= 200,
            ),
            None => (
                me.hp * 3 < me.max_hp,
                me.prayed_at
                    .is_none_or(|t| run.turn() >= t + gnomish_mines::dungeon::PRAYER_TIMEOUT),
            ),
        };
        if low && heard {
            return Command::Pray;
        }
        let lights: Vec<&gnomish_mines::dungeon::Carried> = me
            .inventory
            .iter()
            .filter(|c| c.burn_left.is_some_and(|b| b > 0))
            .collect();
        let lit = lights.iter().find(|c| c.lit);
        if !lights.is_empty() && lit.is_some() == level.lit() {
            // Light it in the dark, snuff it in the light.
            let c = lit.unwrap_or(&lights[0]);
            return Command::Apply(c.letter);
        }
        // Hungry, it eats what food it has; it puts on armour it carries
        // where nothing is worn yet.
        let effect = |c: &gnomish_mines::dungeon::Carried| &run.content().item(c.kind).on_pick_up;
        if !matches!(run.hunger(), "" | "Satiated")
            && let Some(food) = me.inventory.iter().find(|c| effect(c).food().is_some())
        {
            return Command::Eat(food.letter);
        }
        let worn: Vec<_> = me
            .inventory
            .iter()
            .filter(|c| c.worn)
            .filter_map(|c| effect(c).armour().map(|a| a.slot))
            .collect();
        use gnomish_mines::dungeon::content::Slot;
        // A free slot, and no suit under a cloak.
        let fits = |slot: Slot| {
            let blocked = slot == Slot::Body && worn.contains(&Slot::Cloak);
            !worn.contains(&slot) && !blocked
        };
        if let Some(piece) = me
            .inventory
            .iter()
            .find(|c| !c.worn && effect(c).armour().is_some_and(|a| fits(a.slot)))
        {
            return Command::Wear(piece.letter);
        }
        let in_town = run.level_title(run.depth()).starts_with("Minetown");
        // Asked to leave its pick outside a shop, it drops it in the door,
        // and takes it back when the town is done.
        if run.log().line().contains("leave your")
            && let Some(pick) = me
                .inventory
                .iter()
                .find(|c| run.content().item(c.kind).on_pick_up.digs())
        {
            self.left_pick = Some((run.depth(), p));
            return Command::Drop(pick.letter);
        }
        if let Some((depth, at)) = self.left_pick
            && depth == run.depth()
            && self.bought
            && self.prayed_at_altar
        {
            if at == p {
                self.left_pick = None;
                return Command::PickUp;
            }
            return self.walk(run, at);
        }
        if in_town && !self.bought {
            if !lights.is_empty() {
                self.bought = true;
            } else {
                let ware = level
                    .items()
                    .iter()
                    .filter(|i| i.price.is_some_and(|price| price <= me.gold))
                    .min_by_key(|i| i.pos.distance(p));
                match ware {
                    Some(w) if w.pos == p => return Command::PickUp,
                    Some(w) => return self.walk(run, w.pos),
                    None => self.bought = true,
                }
            }
        }
        // A hero prays at the altar only when no prayer is too soon (with
        // no trouble: a timeout of 0), as a too soon one costs it luck.
        let may_pray = me.growth.as_ref().is_none_or(|g| g.prayer_timeout == 0);
        if in_town && !self.prayed_at_altar && may_pray {
            let altar = level
                .map()
                .cells()
                .find(|&c| level.map().tile(c) == gnomish_mines::generation::Tile::Altar);
            match altar {
                Some(a) if a == p => {
                    self.prayed_at_altar = true;
                    return Command::Pray;
                }
                Some(a) => return self.walk(run, a),
                None => self.prayed_at_altar = true,
            }
        }
        // Gold first, for the shop, and food, for later; then on as the bot
        // goes.
        let gold = level
            .items()
            .iter()
            .filter(|i| i.price.is_none())
            .filter(|i| {
                let effect = &run.content().item(i.kind).on_pick_up;
                effect.is_money() || (effect.food().is_some() && me.inventory.len() < 52)
            })
            .filter(|i| first_step(run, p, i.pos, false).is_some() || i.pos == p)
            .min_by_key(|i| i.pos.distance(p));
        match gold {
            Some(g) if g.pos == p => Command::PickUp,
            Some(g) => self.walk(run, g.pos),
            None => bot_command(run),
        }
    }

    fn walk(&self, run: &Dungeon, to: Pos) -> Command {
        let p = run.player().pos;
        match first_step(run, p, to, true).or_else(|| first_step(run, p, to, false)) {
            Some(d) if run.level().monster_at(p.step(d)).is_some() => Command::Wait,
            Some(d) => Command::Move(d),
            None => way_through(run, to),
        }
    }
}

/// Walk the shortest way to `to` (the bot's path, monsters or not).
pub(crate) fn walk_to(r: &mut Dungeon, to: Pos) {
    for _ in 0..500 {
        if r.player().pos == to || r.is_over() {
            return;
        }
        if r.is_asking() {
            // "Really step onto that trap?": yes, it is the only way.
            r.act(Command::Move(Dir::NW));
            continue;
        }
        let d = first_safe_step(r, r.player().pos, to).expect("a path");
        r.act(Command::Move(d));
    }
    assert!(
        r.player().pos == to || r.is_over(),
        "never reached {to:?} in 500 steps"
    );
}
