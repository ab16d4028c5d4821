//! Checks shared by the property and CLI tests.

use std::collections::VecDeque;

use gnomish_mines::generation::level::count_provenance;
use gnomish_mines::generation::{BitGrid, MineLevel, MineParams, Provenance, Stage, Tile};

/// 8-connected components of the floor of `grid`, as cell counts.
pub fn component_sizes(grid: &BitGrid) -> Vec<usize> {
    let (w, h) = (grid.width(), grid.height());
    let mut seen = vec![false; w * h];
    let mut sizes = Vec::new();
    for x in 0..w {
        for y in 0..h {
            if !grid.get(x, y) || seen[y * w + x] {
                continue;
            }
            seen[y * w + x] = true;
            let mut queue = VecDeque::from([(x, y)]);
            let mut n = 0;
            while let Some((cx, cy)) = queue.pop_front() {
                n += 1;
                for dx in -1i64..=1 {
                    for dy in -1i64..=1 {
                        let (nx, ny) = (cx as i64 + dx, cy as i64 + dy);
                        if nx < 0 || ny < 0 || nx >= w as i64 || ny >= h as i64 {
                            continue;
                        }
                        let (nx, ny) = (nx as usize, ny as usize);
                        if grid.get(nx, ny) && !seen[ny * w + nx] {
                            seen[ny * w + nx] = true;
                            queue.push_back((nx, ny));
                        }
                    }
                }
            }
            sizes.push(n);
        }
    }
    sizes
}

/// Can a player walk (8 directions) from `from` to `to` on the finished level?
pub fn walk_reaches(level: &MineLevel, from: (usize, usize), to: (usize, usize)) -> bool {
    let (w, h) = (level.width(), level.height());
    let mut seen = vec![false; w * h];
    let mut queue = VecDeque::from([from]);
    seen[from.1 * w + from.0] = true;
    while let Some((x, y)) = queue.pop_front() {
        if (x, y) == to {
            return true;
        }
        for dx in -1i64..=1 {
            for dy in -1i64..=1 {
                let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                if level.tile_i(nx, ny).is_walkable() && !seen[ny as usize * w + nx as usize] {
                    seen[ny as usize * w + nx as usize] = true;
                    queue.push_back((nx as usize, ny as usize));
                }
            }
        }
    }
    false
}

fn in_interior(p: &MineParams, x: usize, y: usize) -> bool {
    let (xs, ys) = p.interior();
    xs.contains(&x) && ys.contains(&y)
}

/// Every invariant a finished level must hold, whatever its seed and options.
pub fn check_level(level: &MineLevel) {
    let p = &level.params;
    let (w, h) = (level.width(), level.height());
    let init = level.snapshot(Stage::Init);
    assert_eq!(init.count_floor(), p.fill_count(), "fill count");

    // No floor outside the interior before joining.
    for stage in &Stage::ALL[..5] {
        let g = level.snapshot(*stage);
        for x in 0..w {
            for y in 0..h {
                if g.get(x, y) {
                    assert!(
                        in_interior(p, x, y),
                        "{stage} floor at ({x},{y}) is outside"
                    );
                }
            }
        }
    }

    let joined = level.snapshot(Stage::Joined);
    let s = &level.stats;
    for (i, stage) in Stage::ALL.iter().enumerate() {
        assert_eq!(s.floor_after[i], level.snapshot(*stage).count_floor());
    }
    if p.join {
        assert_eq!(s.corridors_failed, 0, "a corridor gave up");
        if !s.region_cap_hit {
            let sizes = component_sizes(joined);
            assert_eq!(sizes.len(), 1, "joined level is {} caves", sizes.len());
            assert!(sizes[0] > 3, "a speck survived");
            assert_eq!(s.corridors, s.regions - 1);
        }
    } else {
        assert_eq!(joined, level.snapshot(Stage::Pass4));
    }

    // Stairs: on floor, distinct, walkable from one to the other.
    let (up, down) = (level.up_stairs, level.down_stairs);
    assert_ne!(up, down);
    assert_eq!(level.tile(up.0, up.1), Tile::UpStairs);
    assert_eq!(level.tile(down.0, down.1), Tile::DownStairs);
    assert!(joined.get(up.0, up.1) && joined.get(down.0, down.1));
    assert!(walk_reaches(level, up, down), "down stairs unreachable");
    let stairs = level
        .tiles()
        .iter()
        .filter(|t| matches!(t, Tile::UpStairs | Tile::DownStairs));
    assert_eq!(stairs.count(), 2);

    // Walls: floor <=> walkable; rock next to floor is wall; walls touch floor.
    for y in 0..h {
        for x in 0..w {
            let t = level.tile(x, y);
            assert_eq!(t.is_walkable(), joined.get(x, y), "({x},{y}) {t:?}");
            let touches = joined.floor_neighbours(x, y) > 0;
            if !t.is_walkable() {
                assert_eq!(t.is_wall(), touches, "({x},{y}) {t:?}");
            }
            if t.is_wall() {
                // SPEC §4: `-` with floor above or below, else `|` with floor left
                // or right, else a corner touching floor only diagonally.
                let (xi, yi) = (x as isize, y as isize);
                let floor = |dx: isize, dy: isize| joined.get_i(xi + dx, yi + dy);
                let kind = if floor(0, -1) || floor(0, 1) {
                    Tile::WallH
                } else if floor(-1, 0) || floor(1, 0) {
                    Tile::WallV
                } else {
                    Tile::WallCorner
                };
                assert_eq!(t, kind, "({x},{y}) wall kind");
            }
            if t.is_walkable() {
                assert!(
                    x > 0 && y > 0 && x < w - 1 && y < h - 1,
                    "floor on the edge"
                );
            }
        }
    }

    check_provenance(level);
}

/// The provenance of every cell agrees with the stage snapshots.
pub fn check_provenance(level: &MineLevel) {
    let (w, h) = (level.width(), level.height());
    let snaps: Vec<&BitGrid> = Stage::ALL.iter().map(|s| level.snapshot(*s)).collect();
    let passes = [
        Provenance::Init,
        Provenance::Pass1,
        Provenance::Pass2,
        Provenance::Pass3,
        Provenance::Pass4,
    ];
    let mut corridor = 0;
    for x in 0..w {
        for y in 0..h {
            let p = level.provenance(x, y);
            // The last of init..pass4 that changed the cell.
            let mut last = if snaps[0].get(x, y) {
                Provenance::Init
            } else {
                Provenance::Untouched
            };
            for k in 1..5 {
                if snaps[k].get(x, y) != snaps[k - 1].get(x, y) {
                    last = passes[k];
                }
            }
            match p {
                Provenance::Corridor => {
                    corridor += 1;
                    assert!(snaps[5].get(x, y), "corridor cell is not floor");
                    // Dug through rock, or through a speck erased just before.
                    assert!(!snaps[4].get(x, y) || last != Provenance::Untouched);
                }
                Provenance::Erased => {
                    assert!(
                        snaps[4].get(x, y) && !snaps[5].get(x, y),
                        "({x},{y}) erased"
                    );
                }
                _ => {
                    assert_eq!(p, last, "({x},{y})");
                    assert_eq!(snaps[5].get(x, y), snaps[4].get(x, y), "({x},{y}) joined");
                }
            }
        }
    }
    assert_eq!(corridor, level.stats.corridor_cells);

    // The packed provenance, cell by cell and expanded, tells the same story.
    let all = level.provenances();
    assert_eq!(all.len(), w * h);
    for x in 0..w {
        for y in 0..h {
            assert_eq!(all[level.cell_index(x, y)], level.provenance(x, y));
        }
    }
    assert_eq!(level.provenance_counts(), count_provenance(&all));
    assert_eq!(level.provenance_at(Stage::Joined), all);
}
