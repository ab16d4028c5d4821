//! The mines as NetHack lays them out: the plan, Minetown, Mines' End, and
//! the rules that came with them (peaceful monsters and the watch, shops and
//! gold, lights, the inventory, prayer, loadstones, monsters that follow).

use std::collections::HashSet;

use gnomish_mines::dungeon::keys::{keys_text, parse_keys};
use gnomish_mines::dungeon::{Command, Dungeon, Item, LevelState, Role, RunSetup, render_run};
use gnomish_mines::generation::{Dir, LevelMap, MineRng, Pos, Tile};

use crate::bot::{first_step, kind};

fn run(seed: u64) -> Dungeon {
    Dungeon::new(seed, RunSetup::default()).unwrap()
}

/// The depth of the first level of kind `name` in run `r`.
fn depth_of(r: &Dungeon, name: &str) -> usize {
    (1..=r.level_count())
        .find(|&d| r.content().kind_name(r.kind_at(d)) == name)
        .unwrap_or_else(|| panic!("no {name}"))
}

/// A run standing on the up stairs of its first level of kind `name`.
fn run_at(seed: u64, name: &str) -> Dungeon {
    let mut r = run(seed);
    let d = depth_of(&r, name);
    r.wizard().go_to(d).unwrap();
    r
}

/// Every cell reachable from `from`, 8-connected, over walkable cells and,
/// with `doors`, through closed doors too (you open them); never diagonally
/// into or out of a doorway.
fn reach(map: &LevelMap, from: Pos, doors: bool) -> HashSet<Pos> {
    reach_past(map, from, doors, &HashSet::new())
}

/// [`reach`], with `blocked` cells (monsters that never move) in the way.
fn reach_past(map: &LevelMap, from: Pos, doors: bool, blocked: &HashSet<Pos>) -> HashSet<Pos> {
    let mut seen = HashSet::from([from]);
    let mut todo = vec![from];
    while let Some(p) = todo.pop() {
        for dx in -1..=1 {
            for dy in -1..=1 {
                let q = p.offset(dx, dy);
                let open = map.is_walkable(q) || (doors && map.tile(q) == Tile::DoorClosed);
                let diagonal = dx != 0 && dy != 0;
                let door = map.tile(p).is_door() || map.tile(q).is_door();
                if open && !(diagonal && door) && !blocked.contains(&q) && seen.insert(q) {
                    todo.push(q);
                }
            }
        }
    }
    seen
}

fn items_of(level: &LevelState, r: &Dungeon, effect: fn(&str) -> bool) -> Vec<Pos> {
    level
        .items()
        .iter()
        .filter(|i| effect(r.content().item(i.kind).on_pick_up.name()))
        .map(|i| i.pos)
        .collect()
}

#[test]
fn over_200_seeds_the_plan_minetown_and_mines_end_hold() {
    let mut town_depths = [0; 10];
    let mut counts = [0; 10];
    let mut nearest_luck = f64::MAX;
    for seed in 0..200 {
        let mut r = run(seed);
        let n = r.level_count();
        counts[n] += 1;
        assert!(n == 8 || n == 9, "seed {seed}: {n} levels");
        let town = depth_of(&r, "minetown");
        town_depths[town] += 1;
        assert!(town == 3 || town == 4, "seed {seed}: Minetown on {town}");
        assert_eq!(r.content().kind_name(r.kind_at(n)), "mines_end");
        for d in 1..=n {
            let level = r.wizard().make_level(d).unwrap().clone();
            let map = &level.map();
            let up = level.up_stairs();
            let walk = reach(map, up, false);
            if let Some(down) = level.down_stairs() {
                assert!(walk.contains(&down), "seed {seed} level {d}: stairs apart");
            }
            let kind = r.content().kind_name(level.kind()).to_string();
            let with_doors = reach(map, up, true);
            let role_at = |role: Role| -> Vec<Pos> {
                level
                    .monsters()
                    .iter()
                    .filter(|m| r.content().monster(m.kind).role == role)
                    .map(|m| m.pos)
                    .collect()
            };
            if kind == "minetown" {
                assert!(level.lit());
                let tiles = map.tiles();
                let altars: Vec<Pos> = map
                    .cells()
                    .filter(|&p| map.tile(p) == Tile::Altar)
                    .collect();
                assert_eq!(altars.len(), 1, "seed {seed}: one altar");
                let fountains = tiles.iter().filter(|&&t| t == Tile::Fountain).count();
                assert!(fountains >= 1, "seed {seed}: fountains");
                let doors = tiles.iter().filter(|t| t.is_door()).count();
                assert!(doors >= 4, "seed {seed}: {doors} doors");
                let priest = role_at(Role::named("Priest").unwrap());
                let keeper = role_at(Role::named("Shopkeeper").unwrap());
                // The shopkeeper and the priest never move: every ware and
                // the altar's side must be reachable past them.
                let posts: HashSet<Pos> = priest.iter().chain(&keeper).copied().collect();
                let past = reach_past(map, up, true, &posts);
                for i in level.items().iter().filter(|i| i.price.is_some()) {
                    assert!(
                        past.contains(&i.pos),
                        "seed {seed}: ware at {} cut off",
                        i.pos
                    );
                }
                assert!(
                    crate::bot::around(altars[0]).any(|c| past.contains(&c)),
                    "seed {seed}: the altar cut off"
                );
                let watch = role_at(Role::named("Watch").unwrap());
                assert_eq!((priest.len(), keeper.len()), (1, 1), "seed {seed}");
                assert!(watch.len() >= 2, "seed {seed}: the watch");
                assert!(
                    priest[0].distance(altars[0]) == 1,
                    "the priest by the altar"
                );
                let wares = level.items().iter().filter(|i| i.price.is_some());
                let lights = wares
                    .clone()
                    .filter(|i| r.content().item(i.kind).on_pick_up.name() == "Light")
                    .count();
                assert!(lights >= 4, "seed {seed}: {lights} lights for sale");
                let fixtures = altars
                    .iter()
                    .copied()
                    .chain(map.cells().filter(|&p| map.tile(p) == Tile::Fountain))
                    .chain(priest)
                    .chain(keeper)
                    .chain(watch)
                    .chain(wares.map(|i| i.pos));
                for p in fixtures {
                    assert!(with_doors.contains(&p), "seed {seed}: {p} out of reach");
                }
                // Everyone in town is peaceful.
                assert!(level.monsters().iter().filter(|m| m.peaceful).count() >= 8);
            }
            if d == n {
                assert_eq!(level.down_stairs(), None);
                let luck = items_of(&level, &r, |e| e == "Win");
                // The other gray stones (the `*` line may add more, and rocks).
                let decoys: Vec<Pos> = level
                    .items()
                    .iter()
                    .filter(|i| {
                        let row = r.content().item(i.kind);
                        row.unidentified.as_deref() == Some("gray stone")
                            && row.on_pick_up.name() != "Win"
                    })
                    .map(|i| i.pos)
                    .collect();
                assert_eq!(luck.len(), 1);
                assert!(decoys.len() >= 2, "seed {seed}: {} decoys", decoys.len());
                let flint = r.content().item_kind("flint").unwrap();
                let load = r.content().item_kind("loadstone").unwrap();
                assert!(level.items().iter().any(|i| i.kind == flint));
                assert!(level.items().iter().any(|i| i.kind == load));
                for p in luck.iter().chain(&decoys) {
                    assert!(walk.contains(p), "seed {seed}: {p} out of reach");
                }
                // The luckstone lies far: at least 60 % of the level's
                // longest walk from the up stairs.
                let dist = walk_distances(map, up);
                let far = dist.values().copied().max().unwrap();
                let at = dist[&luck[0]];
                assert!(
                    at * 10 >= far * 6,
                    "seed {seed}: luckstone at {at} of {far}"
                );
                nearest_luck = nearest_luck.min(at as f64 / far as f64);
                // The gray stones all look alike.
                let looks: HashSet<(char, u32, &str)> = [luck[0]]
                    .iter()
                    .chain(&decoys)
                    .map(|p| {
                        let i = level.item_at(*p).unwrap();
                        let row = r.content().item(level.items()[i].kind);
                        (row.glyph, row.tile, row.seen_name())
                    })
                    .collect();
                assert_eq!(looks.len(), 1, "{looks:?}");
            }
        }
    }
    println!(
        "200 seeds: {} runs of 8 levels, {} of 9; Minetown on 3 in {}, on 4 in {}; \
         the nearest luckstone at {:.0} % of its level's longest walk",
        counts[8],
        counts[9],
        town_depths[3],
        town_depths[4],
        nearest_luck * 100.0
    );
    // Both counts and both depths turn up.
    assert!(counts[8] > 20 && counts[9] > 20, "{counts:?}");
    assert!(
        town_depths[3] > 20 && town_depths[4] > 20,
        "{town_depths:?}"
    );
}

fn walk_distances(map: &LevelMap, from: Pos) -> std::collections::HashMap<Pos, u32> {
    let mut dist = std::collections::HashMap::from([(from, 0)]);
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(p) = queue.pop_front() {
        let d = dist[&p];
        for dx in -1..=1 {
            for dy in -1..=1 {
                let q = p.offset(dx, dy);
                if map.is_walkable(q) && !dist.contains_key(&q) {
                    dist.insert(q, d + 1);
                    queue.push_back(q);
                }
            }
        }
    }
    dist
}

/// Mean floor neighbours of a floor cell, and dead ends (one neighbour) per
/// 100 floor cells.
fn narrowness(map: &LevelMap) -> (f64, f64) {
    let floor: Vec<Pos> = map.cells().filter(|&p| map.is_walkable(p)).collect();
    let neighbours = |p: Pos| {
        (-1..=1)
            .flat_map(|dx| (-1..=1).map(move |dy| (dx, dy)))
            .filter(|&(dx, dy)| (dx, dy) != (0, 0) && map.is_walkable(p.offset(dx, dy)))
            .count()
    };
    let total: usize = floor.iter().map(|&p| neighbours(p)).sum();
    let dead = floor.iter().filter(|&&p| neighbours(p) == 1).count();
    (
        total as f64 / floor.len() as f64,
        100.0 * dead as f64 / floor.len() as f64,
    )
}

#[test]
fn mines_end_is_narrower_and_more_twisting_than_the_fillers() {
    let (mut end, mut fill) = ((0.0, 0.0, 0), (0.0, 0.0, 0));
    for seed in 0..200 {
        let mut r = run(seed);
        let n = r.level_count();
        let filler = r.content().filler();
        for d in 1..=n {
            let (kind, level) = (r.kind_at(d), r.wizard().make_level(d).unwrap().clone());
            let (nb, dead) = narrowness(level.map());
            let acc = if d == n {
                &mut end
            } else if kind == filler {
                &mut fill
            } else {
                continue;
            };
            acc.0 += nb;
            acc.1 += dead;
            acc.2 += 1;
        }
    }
    let mean = |a: (f64, f64, i32)| (a.0 / a.2 as f64, a.1 / a.2 as f64);
    let (end, fill) = (mean(end), mean(fill));
    println!(
        "Mines' End: {:.2} floor neighbours a floor cell, {:.2} dead ends per 100 floor; fillers: {:.2}, {:.2}",
        end.0, end.1, fill.0, fill.1
    );
    assert!(end.0 < fill.0, "{end:?} against {fill:?}");
    assert!(end.1 > fill.1, "{end:?} against {fill:?}");
}

/// A peaceful monster put next to the player, by role, or any peaceful one.
fn peaceful_next_to_player(r: &mut Dungeon, role: Option<Role>) -> (usize, Pos) {
    let p = r.player().pos;
    let content = r.content().clone();
    let m = r
        .level()
        .monsters()
        .iter()
        .position(|m| m.peaceful && role.is_none_or(|role| content.monster(m.kind).role == role))
        .expect("a peaceful monster");
    let cell = [Dir::E, Dir::W, Dir::N, Dir::S]
        .iter()
        .map(|&d| p.step(d))
        .find(|&c| r.level().map().is_walkable(c) && r.level().monster_at(c).is_none())
        .expect("room next to the player");
    r.wizard().level().monsters_mut()[m].pos = cell;
    (m, cell)
}

#[test]
fn attacking_a_peaceful_asks_first_and_only_y_says_yes() {
    let mut r = run_at(1, "minetown");
    r.wizard().set_hp(1000, 1000);
    let (_, cell) = peaceful_next_to_player(&mut r, Some(Role::named("Plain").unwrap()));
    let d = r.player().pos.dir_to(cell).unwrap();
    let turn = r.turn();
    let hp_before: Vec<i32> = r.level().monsters().iter().map(|m| m.hp).collect();
    // Moving in asks; no turn.
    assert!(!r.act(Command::Move(d)));
    let name = r
        .content()
        .monster(r.level().monsters()[r.level().monster_at(cell).unwrap()].kind)
        .name
        .clone();
    assert_eq!(
        r.log().line(),
        format!("Really attack the {name}? [yn] (n)")
    );
    assert!(r.is_asking());
    // `n` (a move south-east) is no: nothing happens, no turn, not even a step.
    let at = r.player().pos;
    assert!(!r.act(Command::Move(Dir::SE)));
    assert!(!r.is_asking());
    assert_eq!((r.player().pos, r.turn()), (at, turn));
    assert_eq!(
        r.level()
            .monsters()
            .iter()
            .map(|m| m.hp)
            .collect::<Vec<_>>(),
        hp_before
    );
    // Any other key is no too.
    assert!(!r.act(Command::Move(d)));
    assert!(!r.act(Command::Wait));
    assert_eq!(r.turn(), turn);
    // `y` attacks: a turn, and the monster is no longer peaceful.
    assert!(!r.act(Command::Move(d)));
    assert!(r.act(Command::Move(Dir::NW)));
    assert_eq!(r.turn(), turn + 1);
    let line: Vec<String> = r.log().history().map(|(_, m)| m.to_string()).collect();
    assert!(
        line.iter().any(|m| m.starts_with("You hit the")
            || m.starts_with("You miss the")
            || m.starts_with("You kill the")),
        "{line:?}"
    );
    if let Some(m) = r.level().monster_at(cell) {
        assert!(!r.level().monsters()[m].peaceful);
    }
    // In a key file the answer is just the next key, and it replays.
    let keys = keys_text(r.commands());
    assert!(keys.trim_end().ends_with("y"), "{keys}");
}

#[test]
fn killing_a_peaceful_turns_the_watch() {
    let mut r = run_at(2, "minetown");
    r.wizard().set_hp(100_000, 100_000);
    let watch_kind = kind(&r, "watchman");
    let watch_peaceful = |r: &Dungeon| {
        r.level()
            .monsters()
            .iter()
            .filter(|m| m.kind == watch_kind)
            .all(|m| m.peaceful)
    };
    assert!(watch_peaceful(&r));
    // A peaceful gnome, attacked until it dies.
    let (_, cell) = peaceful_next_to_player(&mut r, Some(Role::named("Plain").unwrap()));
    let d = r.player().pos.dir_to(cell).unwrap();
    let victim = r.level().monsters()[r.level().monster_at(cell).unwrap()].id;
    r.act(Command::Move(d));
    r.act(Command::Move(Dir::NW)); // y
    for _ in 0..200 {
        if !r.level().monsters().iter().any(|m| m.id == victim) {
            break;
        }
        // Hostile now: bump until it falls (it may step away: follow it).
        let m = r
            .level()
            .monsters()
            .iter()
            .find(|m| m.id == victim)
            .unwrap();
        let to = m.pos;
        let step = first_step(&r, r.player().pos, to, false).unwrap_or(Dir::N);
        r.act(Command::Move(step));
    }
    assert!(
        !r.level().monsters().iter().any(|m| m.id == victim),
        "killed"
    );
    assert!(
        r.log()
            .history()
            .any(|(_, m)| m.contains("Halt, murderer!")),
        "the watch says so"
    );
    assert!(
        r.level()
            .monsters()
            .iter()
            .filter(|m| m.kind == watch_kind)
            .all(|m| !m.peaceful),
        "the watch is hostile"
    );
    // And it comes for you: a watchman ends up next to you and hits.
    let hp = r.player().hp;
    for _ in 0..300 {
        r.act(Command::Wait);
        if r.log().history().any(|(_, m)| {
            m.starts_with("The watchman hits") || m.starts_with("The watchman misses")
        }) {
            break;
        }
    }
    assert!(
        r.log().history().any(
            |(_, m)| m.starts_with("The watchman hits") || m.starts_with("The watchman misses")
        ),
        "the watch attacks"
    );
    assert!(r.player().hp <= hp);
}

/// Where the first ware for sale lies.
fn first_ware(r: &Dungeon) -> Pos {
    r.level()
        .items()
        .iter()
        .find(|i| i.price.is_some())
        .expect("a ware for sale")
        .pos
}

/// Stand the player on the first ware for sale, with `gold` in the purse.
fn at_the_shop(seed: u64, gold: u32) -> (Dungeon, Pos) {
    let mut r = run_at(seed, "minetown");
    let ware = first_ware(&r);
    r.wizard().teleport(ware);
    // The purse: gold picked up off a pile put under you.
    if gold > 0 {
        let gold_kind = r.content().item_kind("gold").unwrap();
        let i = r.level().item_at(ware).unwrap();
        let mut pile = r.level().items()[i];
        pile.kind = gold_kind;
        pile.quantity = gold;
        pile.price = None;
        pile.burn_left = None;
        pile.id = 99_999;
        r.wizard().level().items_mut().insert(0, pile);
        assert!(r.act(Command::PickUp));
        assert_eq!(r.gold(), gold);
    }
    (r, ware)
}

#[test]
fn buying_takes_the_price_or_is_refused() {
    // Not enough gold: the shopkeeper says so, the ware stays, no turn.
    let (mut r, ware) = at_the_shop(3, 5);
    let i = r.level().item_at(ware).unwrap();
    let price = r.level().items()[i].price.unwrap();
    assert!(price > 5);
    let name = r.content().item(r.level().items()[i].kind).name.clone();
    let turn = r.turn();
    assert!(!r.act(Command::PickUp));
    assert_eq!(r.turn(), turn);
    assert!(
        r.log()
            .line()
            .contains(&format!("costs {price} zorkmids, and you have 5")),
        "{}",
        r.log().line()
    );
    assert!(r.log().line().contains("says the shopkeeper"));
    assert_eq!(r.level().item_at(ware), Some(i));
    assert_eq!(r.gold(), 5);
    assert!(r.player().inventory.is_empty());
    // Enough: bought, paid, carried.
    let (mut r, ware) = at_the_shop(3, 100);
    assert!(r.act(Command::PickUp));
    assert_eq!(r.gold(), 100 - price);
    assert_eq!(
        r.log().line(),
        format!("You bought a {name} for {price} zorkmids.")
    );
    assert_eq!(r.player().inventory.len(), 1);
    assert!(
        r.level()
            .item_at(ware)
            .is_none_or(|j| r.level().items()[j].price.is_some())
    );
    // "You see here" tells the price.
    let mut r = run_at(3, "minetown");
    let ware = first_ware(&r);
    let next = [Dir::N, Dir::S, Dir::E, Dir::W]
        .iter()
        .map(|&d| ware.step(d))
        .find(|&c| r.level().map().is_walkable(c) && r.level().monster_at(c).is_none())
        .unwrap();
    r.wizard().teleport(next);
    r.wizard().level().monsters_mut().retain(|m| m.pos != ware);
    assert!(r.act(Command::Move(next.dir_to(ware).unwrap())));
    assert!(r.log().line().contains("(for sale, "), "{}", r.log().line());
}

#[test]
fn gold_lies_on_fillers_and_goes_into_the_purse() {
    let mut piles = 0;
    for seed in 0..50 {
        let mut r = run(seed);
        let level = r.wizard().make_level(2).unwrap().clone();
        let gold = items_of(&level, &r, |e| e == "Gold");
        assert!(
            (2..=4).contains(&gold.len()),
            "seed {seed}: {} piles",
            gold.len()
        );
        piles += gold.len();
    }
    assert!(piles > 100);
    // Picked up, a pile's pieces are counted.
    let mut r = run(4);
    let pile = r
        .level()
        .items()
        .iter()
        .find(|i| r.content().item(i.kind).on_pick_up.name() == "Gold")
        .copied()
        .unwrap();
    r.wizard().teleport(pile.pos);
    r.wizard()
        .level()
        .items_mut()
        .retain(|i| i.pos != pile.pos || i.id == pile.id);
    assert!(r.act(Command::PickUp));
    assert_eq!(r.gold(), pile.quantity);
    assert_eq!(
        r.log().line(),
        format!("You pick up {} gold pieces.", pile.quantity)
    );
    assert!(render_run(&r, false).contains(&format!("gold {}", pile.quantity)));
}

#[test]
fn adding_gold_left_every_fillers_map_monsters_and_gems_where_they_were() {
    // The gold line draws from a stream of its own: take it out of the
    // content and every filler's map, monsters and other items are the same.
    let text = gnomish_mines::dungeon::content::BUILT_IN.replacen(
        "                (count: (2, 4), one_of: [\"gold\"], amount: Some((5, 40)), stream: Some(\"gold\")),\n",
        "",
        1,
    );
    assert_ne!(text, gnomish_mines::dungeon::content::BUILT_IN);
    let without = RunSetup {
        content: std::sync::Arc::new(gnomish_mines::dungeon::Content::parse(&text).unwrap()),
        ..RunSetup::default()
    };
    for seed in 0..30 {
        let a = run(seed);
        let b = Dungeon::new(seed, without.clone()).unwrap();
        for d in (1..=a.level_count()).filter(|&d| a.kind_at(d) == a.content().filler()) {
            let (x, y) = (a.level_as_made(d).unwrap(), b.level_as_made(d).unwrap());
            assert_eq!(x.map(), y.map());
            assert_eq!(x.lit(), y.lit());
            let gems = |l: &LevelState| -> Vec<(Pos, u16)> {
                l.items()
                    .iter()
                    .filter(|i| a.content().item(i.kind).on_pick_up.name() == "Gem")
                    .map(|i| (i.pos, i.kind.0))
                    .collect()
            };
            assert_eq!(gems(&x), gems(&y), "seed {seed} level {d}");
            let monsters = |l: &LevelState| -> Vec<(Pos, u16, i32)> {
                l.monsters()
                    .iter()
                    .map(|m| (m.pos, m.kind.0, m.hp))
                    .collect()
            };
            assert_eq!(monsters(&x), monsters(&y), "seed {seed} level {d}");
        }
    }
}

/// The cells a player sees, as positions.
fn seen(r: &Dungeon) -> HashSet<Pos> {
    r.visible_cells().iter().map(|&i| r.map().pos(i)).collect()
}

/// A light of kind `id`, not for sale, with `turns` to burn, lying under the
/// player (to be put on the level).
pub(crate) fn light_underfoot(r: &Dungeon, id: &str, turns: u32) -> Item {
    Item {
        id: 77_777,
        kind: r.content().item_kind(id).unwrap(),
        pos: r.player().pos,
        quantity: 1,
        price: None,
        burn_left: Some(turns),
        eroded: 0,
        nutrition_left: None,
    }
}

/// Give the player a light of kind `id`, unlit, with `turns` to burn.
fn give_light(r: &mut Dungeon, id: &str, turns: u32) {
    let light = light_underfoot(r, id, turns);
    r.wizard().level().items_mut().insert(0, light);
    assert!(r.act(Command::PickUp));
}

#[test]
fn a_candle_lights_radius_2_on_an_unlit_level_and_burns_out() {
    // An unlit filler, with room round the player.
    let mut r = (0..100)
        .map(run)
        .find(|r| !r.level().lit())
        .expect("an unlit first level");
    r.wizard().set_hp(10_000, 10_000);
    r.wizard().level().monsters_mut().clear();
    let p = r.player().pos;
    let bare = seen(&r);
    let neighbours: HashSet<Pos> = (-1..=1)
        .flat_map(|dx| (-1..=1).map(move |dy| p.offset(dx, dy)))
        .collect();
    assert_eq!(bare, neighbours, "bare-handed: the 8 neighbours and you");
    give_light(&mut r, "wax_candle", 3);
    let turn = r.turn();
    assert!(r.act(Command::Apply(0)));
    assert_eq!(r.log().line(), "Your wax candle is now lit.");
    assert_eq!(r.light_radius(), Some(2));
    // Exactly: the cells in line of sight within NetHack's radius-2 circle.
    let lit = seen(&r);
    let want: HashSet<Pos> = (-2..=2)
        .flat_map(|dx| (-2..=2).map(move |dy| (dx, dy)))
        .filter(|&(dx, dy)| dx * dx + dy * dy <= 6)
        .map(|(dx, dy)| p.offset(dx, dy))
        .filter(|&c| r.in_line_of_sight(c))
        .chain(neighbours.iter().copied())
        .collect();
    assert_eq!(lit, want);
    assert!(
        lit.len() > bare.len(),
        "a candle shows more than bare hands"
    );
    assert!(!lit.contains(&p.offset(2, 2)), "not the circle's corners");
    // It burns a turn at a time (picking up and lighting took two), then out.
    assert_eq!(r.player().inventory[0].burn_left, Some(2));
    assert_eq!(r.turn(), turn + 1);
    r.act(Command::Wait);
    assert_eq!(r.player().inventory[0].burn_left, Some(1));
    r.act(Command::Wait);
    assert_eq!(r.player().inventory[0].burn_left, Some(0));
    assert!(!r.player().inventory[0].lit);
    assert!(
        r.log()
            .history()
            .any(|(_, m)| m == "Your wax candle has burnt out.")
    );
    assert_eq!(seen(&r), neighbours);
    // A burnt-out candle won't light.
    assert!(!r.act(Command::Apply(0)));
    // A lamp: radius 3, and `a` again snuffs it.
    give_light(&mut r, "oil_lamp", 1500);
    assert!(r.act(Command::Apply(1)));
    assert_eq!(r.light_radius(), Some(3));
    assert!(r.act(Command::Apply(1)));
    assert_eq!(r.log().line(), "Your oil lamp is now out.");
    assert_eq!(r.light_radius(), None);
}

#[test]
fn praying_heals_when_low_and_heard_else_the_god_is_displeased() {
    let mut r = run(2);
    r.wizard().level().monsters_mut().clear();
    // At full health: displeased, nothing happens (but a turn passes).
    assert!(r.act(Command::Pray));
    assert_eq!(
        r.log().line(),
        "You begin praying.  You feel that your god is displeased."
    );
    // Below a third: healed.
    r.wizard().set_hp(7, 24);
    assert!(r.act(Command::Pray));
    assert_eq!(r.player().hp, 24);
    assert!(r.log().line().contains("You feel much better."));
    // Low again soon after: not heard.
    r.wizard().set_hp(5, 24);
    assert!(r.act(Command::Pray));
    assert_eq!(r.player().hp, 5);
    assert!(r.log().line().contains("displeased"));
    // After the timeout, heard again.
    for _ in 0..300 {
        r.act(Command::Wait);
    }
    r.wizard().set_hp(5, 24);
    assert!(r.act(Command::Pray));
    assert_eq!(r.player().hp, 24);
    // A third exactly is not "below a third".
    let mut r = run(2);
    r.wizard().set_hp(8, 24);
    r.act(Command::Pray);
    assert_eq!(r.player().hp, 8);
}

#[test]
fn a_loadstone_cannot_be_dropped_and_slows_you() {
    let mut r = run_at(1, "mines_end");
    r.wizard().set_hp(100_000, 100_000);
    let load = r
        .level()
        .items()
        .iter()
        .find(|i| r.content().item(i.kind).id == "loadstone")
        .copied()
        .unwrap();
    r.wizard().teleport(load.pos);
    r.wizard()
        .level()
        .items_mut()
        .retain(|i| i.pos != load.pos || i.id == load.id);
    assert!(r.act(Command::PickUp));
    assert_eq!(
        r.log()
            .history()
            .map(|(_, m)| m.to_string())
            .filter(|m| m.starts_with("You pick up"))
            .last()
            .unwrap(),
        "You pick up a gray stone: a loadstone."
    );
    assert!(r.is_slowed());
    let i = r
        .player()
        .inventory
        .iter()
        .position(|c| c.kind == load.kind)
        .unwrap();
    let turn = r.turn();
    assert!(!r.act(Command::Drop(i as u8)));
    assert_eq!(r.log().line(), "You can't let go of the loadstone!");
    assert_eq!(r.turn(), turn);
    assert_eq!(r.player().inventory.len(), 1);
    // Slowed, you lose every third move: over 30 turns a gnome of speed 6
    // next to you strikes 20 times, not 15.
    assert_eq!(gnome_blows_in_30_turns(r), 20);
    let mut free = run_at(1, "mines_end");
    free.wizard().set_hp(100_000, 100_000);
    assert_eq!(gnome_blows_in_30_turns(free), 15);
}

/// Leave one gnome, next to the player, and count its blows over 30 waits.
fn gnome_blows_in_30_turns(mut r: Dungeon) -> usize {
    let gnome = kind(&r, "gnome");
    let g = *r
        .level()
        .monsters()
        .iter()
        .find(|m| m.kind == gnome)
        .unwrap();
    let p = r.player().pos;
    let cell = crate::bot::around(p)
        .find(|&c| r.level().map().is_walkable(c))
        .unwrap();
    *r.wizard().level().monsters_mut() = vec![gnomish_mines::dungeon::Monster {
        pos: cell,
        energy: 0,
        ..g
    }];
    let from = r.turn();
    for _ in 0..30 {
        assert!(r.act(Command::Wait));
    }
    r.log()
        .history()
        .filter(|(t, m)| {
            *t >= from && (m.starts_with("The gnome hits") || m.starts_with("The gnome misses"))
        })
        .count()
}

#[test]
fn a_flint_is_just_a_stone_and_the_luckstone_wins() {
    let mut r = run_at(4, "mines_end");
    r.wizard().level().monsters_mut().clear();
    let find = |r: &Dungeon, id: &str| {
        r.level()
            .items()
            .iter()
            .find(|i| r.content().item(i.kind).id == id)
            .copied()
            .unwrap()
    };
    let flint = find(&r, "flint");
    // Seen from the floor, every gray stone is "a gray stone".
    let next = [Dir::N, Dir::S, Dir::E, Dir::W]
        .iter()
        .map(|&d| flint.pos.step(d))
        .find(|&c| r.level().map().is_walkable(c))
        .unwrap();
    r.wizard().teleport(next);
    r.act(Command::Move(next.dir_to(flint.pos).unwrap()));
    assert_eq!(r.log().line(), "You see here a gray stone.");
    r.wizard()
        .level()
        .items_mut()
        .retain(|i| i.pos != flint.pos || i.id == flint.id);
    assert!(r.act(Command::PickUp));
    assert_eq!(r.log().line(), "You pick up a gray stone: a flint stone.");
    assert!(!r.is_over());
    // A flint drops like anything else.
    assert!(r.act(Command::Drop(0)));
    assert_eq!(r.log().line(), "You drop a flint stone.");
    let luck = find(&r, "luckstone");
    r.wizard().teleport(luck.pos);
    r.wizard()
        .level()
        .items_mut()
        .retain(|i| i.pos != luck.pos || i.id == luck.id);
    assert!(r.act(Command::PickUp));
    assert!(matches!(
        r.status(),
        gnomish_mines::dungeon::RunStatus::Won { .. }
    ));
}

#[test]
fn a_monster_next_to_you_follows_you_down_and_up() {
    let mut r = run(6);
    r.wizard().set_hp(100_000, 100_000);
    let down = r.level().down_stairs().unwrap();
    r.wizard().teleport(down);
    let gnome = kind(&r, "gnome");
    let (m, _) = crate::bot::place_next_to_player(&mut r, gnome);
    let follower = r.level().monsters()[m].id;
    // Everyone else well away.
    r.wizard()
        .level()
        .monsters_mut()
        .retain(|x| x.id == follower || x.pos.distance(down) > 1);
    let on_1 = r.level().monsters().len();
    assert!(r.act(Command::Down));
    assert_eq!(r.depth(), 2);
    let here = |r: &Dungeon| {
        r.level()
            .monsters()
            .iter()
            .find(|x| x.id == follower)
            .copied()
    };
    let f = here(&r).expect("it came down too");
    assert_eq!(f.pos.distance(r.player().pos), 1, "next to you");
    assert!(
        r.log()
            .history()
            .any(|(_, m)| m == "The gnome follows you down the stairs.")
    );
    // Level 1 no longer holds it: otherwise as it was.
    assert_eq!(r.level_at(1).unwrap().monsters().len(), on_1 - 1);
    assert!(
        r.level_at(1)
            .unwrap()
            .monsters()
            .iter()
            .all(|x| x.id != follower)
    );
    // And back up, with it: level 2 loses it again.
    let up = r.level().up_stairs();
    assert_eq!(r.player().pos, up);
    // (It may have moved; put it back next to you.)
    let i = r
        .level()
        .monsters()
        .iter()
        .position(|x| x.id == follower)
        .unwrap();
    let cell = crate::bot::around(up)
        .find(|&c| r.level().map().is_walkable(c) && r.level().monster_at(c).is_none())
        .unwrap();
    r.wizard().level().monsters_mut()[i].pos = cell;
    r.wizard()
        .level()
        .monsters_mut()
        .retain(|x| x.id == follower || x.pos.distance(up) > 1);
    assert!(r.act(Command::Up));
    assert_eq!(r.depth(), 1);
    assert!(here(&r).is_some());
    assert!(
        r.level_at(2)
            .unwrap()
            .monsters()
            .iter()
            .all(|x| x.id != follower)
    );
    // The town's people never follow, even turned hostile.
    for role in [
        Role::named("Watch").unwrap(),
        Role::named("Shopkeeper").unwrap(),
        Role::named("Priest").unwrap(),
    ] {
        let mut t = run_at(1, "minetown");
        let (m, _) = peaceful_next_to_player(&mut t, Some(role));
        let id = t.level().monsters()[m].id;
        t.wizard().level().monsters_mut()[m].peaceful = false;
        let up = t.level().up_stairs();
        assert_eq!(t.player().pos, up);
        assert!(t.act(Command::Up));
        assert!(t.level().monsters().iter().all(|x| x.id != id), "{role:?}");
        let town = t.level_at(t.depth() + 1).unwrap();
        assert!(town.monsters().iter().any(|x| x.id == id), "{role:?}");
    }
}

#[test]
fn dropping_puts_an_item_down_and_the_inventory_lists_it() {
    let mut r = run(1);
    r.wizard().level().monsters_mut().clear();
    give_light(&mut r, "wax_candle", 400);
    r.act(Command::Apply(0));
    r.act(Command::Wait);
    let c = r.player().inventory[0];
    assert_eq!(r.describe_carried(&c), "a wax candle (lit, 398 turns left)");
    let p = r.player().pos;
    assert!(!r.act(Command::Drop(5)), "no item e");
    assert_eq!(r.log().line(), "You don't have that object.");
    assert!(r.act(Command::Drop(0)));
    assert!(r.player().inventory.is_empty());
    let i = r.level().item_at(p).unwrap();
    assert_eq!(r.level().items()[i].burn_left, Some(398));
    assert_eq!(r.light_radius(), None, "a dropped light goes out");
    // The key file writes the drop as `d` and its letter.
    assert!(keys_text(r.commands()).contains("da"));
    assert_eq!(
        parse_keys("da dB").unwrap(),
        [Command::Drop(0), Command::Drop(27)]
    );
    assert!(parse_keys("d").is_err() && parse_keys("d1").is_err());
}

/// Random commands, the new ones among them.
fn random_commands(seed: u64, n: usize) -> Vec<Command> {
    let mut rng = MineRng::from_seed(seed);
    let mut all: Vec<Command> = Dir::ALL.iter().map(|&d| Command::Move(d)).collect();
    all.extend([
        Command::Wait,
        Command::PickUp,
        Command::Down,
        Command::Up,
        Command::Apply(0),
        Command::Apply(1),
        Command::Pray,
        Command::Drop(0),
        Command::Drop(1),
    ]);
    (0..n)
        .map(|_| all[rng.rn2(all.len() as u64) as usize])
        .collect()
}

#[test]
fn every_level_kind_replays_and_keeps_its_monsters_apart_under_fuzzed_turns() {
    for (seed, kind) in [
        (7, "filler"),
        (8, "minetown"),
        (9, "mines_end"),
        (10, "minetown"),
    ] {
        let commands = random_commands(seed, 3000);
        let start = |s| {
            let mut r = run_at(s, kind);
            r.wizard().set_hp(1_000_000, 1_000_000);
            r
        };
        let (mut a, mut b, mut c) = (start(seed), start(seed), start(seed));
        for &cmd in &commands {
            a.act(cmd);
            let level = a.level();
            let mut cells = HashSet::new();
            for m in level.monsters() {
                assert!(cells.insert(m.pos), "{kind}: two monsters on {}", m.pos);
                assert!(level.map().is_walkable(m.pos), "{kind}: {m:?} in a wall");
                assert_ne!(m.pos, a.player().pos);
            }
        }
        b.play(&commands);
        assert_eq!(a, b, "{kind}: the same commands, the same run");
        c.play(&parse_keys(&keys_text(&commands)).unwrap());
        assert_eq!(a, c, "{kind}: and the same from its key file");
        assert_eq!(render_run(&a, true), render_run(&b, true));
    }
}

/// The comparison view's other level is made as the level's kind makes it:
/// with the level's own pipeline it is the level itself, for every kind;
/// without pass 2, Minetown still has its town and Mines' End no way down.
#[test]
fn a_level_remade_by_its_kind_is_the_same_and_keeps_what_was_built() {
    for seed in 0..20 {
        let r = run(seed);
        for d in 1..=r.level_count() {
            let level = r.level_as_made(d).unwrap();
            let own = level.history().as_ref().unwrap().params().pipeline.clone();
            assert_eq!(
                r.remake_map(d, &own).unwrap(),
                **level.map(),
                "seed {seed} level {d}"
            );
        }
        let town = depth_of(&r, "minetown");
        let level = r.level_as_made(town).unwrap();
        let without: gnomish_mines::generation::Pipeline = level
            .history()
            .as_ref()
            .unwrap()
            .params()
            .pipeline
            .without_passes(&[2])
            .unwrap();
        // The town stands there too (where the other cave's stairs let it).
        let other = r.remake_map(town, &without).unwrap();
        for t in [Tile::Altar, Tile::Fountain, Tile::DoorClosed] {
            let count = |m: &LevelMap| m.tiles().iter().filter(|&&x| x == t).count();
            assert_eq!(count(&other), count(level.map()), "seed {seed}: {t:?}");
        }
        let end = r.level_count();
        let pipeline = r
            .level_as_made(end)
            .unwrap()
            .history()
            .unwrap()
            .params()
            .pipeline
            .clone();
        let other = r
            .remake_map(end, &pipeline.without_passes(&[2]).unwrap())
            .unwrap();
        assert_eq!(other.down_stairs(), None, "seed {seed}");
    }
}
