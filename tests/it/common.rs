//! Checks shared by the property and CLI tests.

use std::collections::VecDeque;

use gnomish_mines::generation::{BitGrid, LevelMap, MineLevel, MineParams, Pos, Provenance, Tile};

/// Can a player walk (8 directions) from `from` to `to` on the map?
pub(crate) fn walk_reaches(map: &LevelMap, from: Pos, to: Pos) -> bool {
    walk_distances(map, from)[map.index(to)].is_some()
}

/// Walking distance (8 directions) from `from` to every cell, None if unreachable.
pub(crate) fn walk_distances(map: &LevelMap, from: Pos) -> Vec<Option<u32>> {
    let mut dist = vec![None; map.len()];
    let mut queue = VecDeque::from([from]);
    dist[map.index(from)] = Some(0);
    while let Some(p) = queue.pop_front() {
        let d = dist[map.index(p)].unwrap();
        for q in p.neighbours() {
            if map.is_walkable(q) && dist[map.index(q)].is_none() {
                dist[map.index(q)] = Some(d + 1);
                queue.push_back(q);
            }
        }
    }
    dist
}

fn in_interior(p: &MineParams, x: usize, y: usize) -> bool {
    let (xs, ys) = p.interior().ranges();
    xs.contains(&x) && ys.contains(&y)
}

/// Every invariant a finished level must hold, whatever its seed and options.
pub(crate) fn check_level(level: &MineLevel) {
    let (map, history) = (&level.map, &level.history);
    let p = history.params();
    let (w, h) = (map.width(), map.height());
    let stages: Vec<_> = history.stages().collect();
    let last = history.last_stage();
    let init = history.snapshot(stages[0]);
    assert_eq!(init.count_floor(), p.fill_count(), "fill count");
    assert_eq!(stages.len(), p.pipeline.shaping_count() + 2);

    // No floor outside the interior before joining.
    for &stage in &stages[..stages.len() - 1] {
        let g = history.snapshot(stage);
        for x in 0..w {
            for y in 0..h {
                if g.get(x, y) {
                    let name = history.stage_name(stage);
                    assert!(in_interior(p, x, y), "{name} floor at ({x},{y}) is outside");
                }
            }
        }
    }

    let joined = history.snapshot(last);
    let s = &history.stats;
    for &stage in &stages {
        assert_eq!(
            s.floor_after[stage.index()],
            history.snapshot(stage).count_floor()
        );
    }
    if p.pipeline.joins() {
        assert_eq!(s.corridors_failed, 0, "a corridor gave up");
        if !s.region_cap_hit {
            let sizes = joined.component_sizes();
            assert_eq!(sizes.len(), 1, "joined level is {} caves", sizes.len());
            assert!(sizes[0] > 3, "a speck survived");
            assert_eq!(s.corridors, s.regions - 1);
        }
    } else {
        assert_eq!(joined, history.snapshot(stages[stages.len() - 2]));
    }

    // Stairs: on floor, distinct, walkable from one to the other.
    let (up, down) = (map.up_stairs().unwrap(), map.down_stairs().unwrap());
    assert_ne!(up, down);
    assert_eq!(map.tile(up), Tile::UpStairs);
    assert_eq!(map.tile(down), Tile::DownStairs);
    let bit = |g: &BitGrid, q: Pos| g.get(q.x as usize, q.y as usize);
    assert!(bit(joined, up) && bit(joined, down));
    assert!(walk_reaches(map, up, down), "down stairs unreachable");
    let stairs = map
        .tiles()
        .iter()
        .filter(|t| matches!(t, Tile::UpStairs | Tile::DownStairs));
    assert_eq!(stairs.count(), 2);

    // Walls: floor <=> walkable; rock next to floor is wall; walls touch floor.
    for q in map.cells() {
        let (x, y) = (q.x as usize, q.y as usize);
        let t = map.tile(q);
        assert_eq!(t.is_walkable(), bit(joined, q), "({x},{y}) {t:?}");
        let touches = joined.floor_neighbours(x, y) > 0;
        if !t.is_walkable() {
            assert_eq!(t.is_wall(), touches, "({x},{y}) {t:?}");
        }
        if t.is_wall() {
            assert_eq!(t, nethack_wall_type(joined, x, y), "({x},{y}) wall type");
        }
        if t.is_walkable() {
            assert!(
                x > 0 && y > 0 && x < w - 1 && y < h - 1,
                "floor on the edge"
            );
        }
    }

    check_provenance(level);
}

/// NetHack's type for the wall at (x, y), cell by cell from the rule in
/// `docs/nethack-mines.md` ("Walls"): a first guess, then the ways it reaches.
pub(crate) fn nethack_wall_type(floor: &BitGrid, x: usize, y: usize) -> Tile {
    let (xi, yi) = (x as isize, y as isize);
    let f = |dx: isize, dy: isize| floor.get_i(xi + dx, yi + dy);
    let is_wall = |cx: isize, cy: isize| {
        !floor.get_i(cx, cy) && (-1..=1).any(|dx| (-1..=1).any(|dy| floor.get_i(cx + dx, cy + dy)))
    };
    let above = f(-1, -1) || f(0, -1) || f(1, -1);
    let guess = if above {
        Tile::HWall
    } else if f(-1, 0) || f(1, 0) {
        Tile::VWall
    } else {
        Tile::HWall
    };
    // North: a wall above, and floor beside this wall or beside that one.
    let n = is_wall(xi, yi - 1) && (f(-1, 0) || f(1, 0) || f(-1, -1) || f(1, -1));
    let s = is_wall(xi, yi + 1) && (f(-1, 0) || f(1, 0) || f(-1, 1) || f(1, 1));
    let e = is_wall(xi + 1, yi) && (f(0, -1) || f(0, 1) || f(1, -1) || f(1, 1));
    let w = is_wall(xi - 1, yi) && (f(0, -1) || f(0, 1) || f(-1, -1) || f(-1, 1));
    match (n, s, e, w) {
        (false, false, false, false) => guess,
        (_, _, false, false) => Tile::VWall,
        (false, false, _, _) => Tile::HWall,
        (false, true, true, false) => Tile::TopLeftCorner,
        (false, true, false, true) => Tile::TopRightCorner,
        (true, false, true, false) => Tile::BottomLeftCorner,
        (true, false, false, true) => Tile::BottomRightCorner,
        (true, true, true, true) => Tile::CrossWall,
        (true, false, true, true) => Tile::TUpWall,
        (false, true, true, true) => Tile::TDownWall,
        (true, true, false, true) => Tile::TLeftWall,
        (true, true, true, false) => Tile::TRightWall,
    }
}

/// The provenance of every cell agrees with the stage snapshots.
pub(crate) fn check_provenance(level: &MineLevel) {
    let (map, history) = (&level.map, &level.history);
    let (w, h) = (map.width(), map.height());
    let snaps: Vec<&BitGrid> = history.stages().map(|s| history.snapshot(s)).collect();
    let n = snaps.len() - 1; // the finished cave
    let mut corridor = 0;
    for x in 0..w {
        for y in 0..h {
            let p = history.provenance(Pos::new(x as i32, y as i32));
            // The last of init and the passes that changed the cell.
            let mut last = if snaps[0].get(x, y) {
                Provenance::FILL
            } else {
                Provenance::UNTOUCHED
            };
            for k in 1..n {
                if snaps[k].get(x, y) != snaps[k - 1].get(x, y) {
                    last = Provenance::pass(k - 1);
                }
            }
            match p {
                Provenance::CORRIDOR => {
                    corridor += 1;
                    assert!(snaps[n].get(x, y), "corridor cell is not floor");
                    // Dug through rock, or through a speck (3 cells or fewer)
                    // erased just before: never through a kept cave.
                    if snaps[n - 1].get(x, y) {
                        assert!(
                            region_size(snaps[n - 1], x, y) <= 3,
                            "({x},{y}) dug through a kept cave"
                        );
                    }
                }
                Provenance::ERASED => {
                    assert!(
                        snaps[n - 1].get(x, y) && !snaps[n].get(x, y),
                        "({x},{y}) erased"
                    );
                }
                _ => {
                    assert_eq!(p, last, "({x},{y})");
                    assert_eq!(
                        snaps[n].get(x, y),
                        snaps[n - 1].get(x, y),
                        "({x},{y}) joined"
                    );
                }
            }
        }
    }
    assert_eq!(corridor, history.stats.corridor_cells);

    // The packed provenance, cell by cell and expanded, tells the same story.
    let all = history.provenances();
    assert_eq!(all.len(), w * h);
    for q in map.cells() {
        assert_eq!(all[map.index(q)], history.provenance(q));
    }
    assert_eq!(history.provenance_counts(), history.count_provenance(&all));
    assert_eq!(history.provenance_at(history.last_stage()), all);
}

/// The cells of the 8-connected floor region of `g` holding (x, y).
fn region_size(g: &BitGrid, x: usize, y: usize) -> usize {
    let mut seen = std::collections::HashSet::from([(x, y)]);
    let mut todo = vec![(x, y)];
    while let Some((cx, cy)) = todo.pop() {
        for dx in -1isize..=1 {
            for dy in -1isize..=1 {
                let (nx, ny) = (cx as isize + dx, cy as isize + dy);
                if g.get_i(nx, ny) && seen.insert((nx as usize, ny as usize)) {
                    todo.push((nx as usize, ny as usize));
                }
            }
        }
    }
    seen.len()
}

/// Run `seed` with the default setup (NetHack's size, the built-in content).
pub(crate) fn run(seed: u64) -> gnomish_mines::dungeon::Dungeon {
    gnomish_mines::dungeon::Dungeon::new(seed, gnomish_mines::dungeon::RunSetup::default()).unwrap()
}
