//! A plain `Vec<bool>` implementation of `docs/nethack-mines.md`, written for
//! clarity, not speed.
//!
//! It is the test oracle for the real generator and the baseline its benchmarks
//! are measured against. Cells are row-major, `grid[y * width + x]`, `true` = floor.
//! It follows NetHack's C line by line, including the bounding-box rescans that
//! the real generator avoids.

use super::bitgrid::BitGrid;
use super::params::MineParams;
use super::passes::{Fate, Rule, Update};
use super::pipeline::Step;
use super::rng::MineRng;

/// A plain floor/rock grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlainGrid {
    pub width: usize,
    pub height: usize,
    pub cells: Vec<bool>,
}

impl PlainGrid {
    pub fn new(width: usize, height: usize) -> Self {
        Self {
            width,
            height,
            cells: vec![false; width * height],
        }
    }

    pub fn get(&self, x: usize, y: usize) -> bool {
        self.cells[y * self.width + x]
    }

    pub fn set(&mut self, x: usize, y: usize, v: bool) {
        self.cells[y * self.width + x] = v;
    }

    /// NetHack's `get_map`: floor only inside `1 <= x <= WIDTH, 0 <= y < HEIGHT`.
    fn get_map(&self, x: isize, y: isize) -> bool {
        let (wd, ht) = (self.width as isize - 2, self.height as isize - 1);
        if x <= 0 || y < 0 || x > wd || y >= ht {
            return false;
        }
        self.get(x as usize, y as usize)
    }

    fn count(&self, x: usize, y: usize) -> usize {
        const DIRS: [(isize, isize); 8] = [
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, -1),
            (0, 1),
            (1, -1),
            (1, 0),
            (1, 1),
        ];
        DIRS.iter()
            .filter(|(dx, dy)| self.get_map(x as isize + dx, y as isize + dy))
            .count()
    }
}

impl From<&super::bitgrid::BitGrid> for PlainGrid {
    fn from(g: &super::bitgrid::BitGrid) -> Self {
        let mut p = PlainGrid::new(g.width(), g.height());
        for x in 0..g.width() {
            for y in 0..g.height() {
                p.set(x, y, g.get(x, y));
            }
        }
        p
    }
}

/// `init_fill`.
pub(crate) fn init_fill(g: &mut PlainGrid, p: &MineParams, rng: &mut MineRng) {
    let (wd, ht) = (p.width - 2, p.height - 1);
    let limit = (wd * ht * 2) / 5;
    let mut count = 0;
    while count < limit {
        let i = rng.rn1(wd as u64 - 1, 2) as usize;
        let j = rng.rnd(ht as u64 - 1) as usize;
        if !g.get(i, j) {
            g.set(i, j, true);
            count += 1;
        }
    }
}

/// One CA pass, as `pass_one` (in place) or `pass_two`/`pass_three` (buffered).
pub fn run_pass(g: &mut PlainGrid, pass: &Rule) {
    let (wd, ht) = (g.width - 2, g.height - 1);
    let source = match pass.update {
        Update::InPlace => None,
        Update::Buffered => Some(g.clone()),
    };
    for x in 2..=wd {
        for y in 1..ht {
            let n = match &source {
                None => g.count(x, y),
                Some(old) => old.count(x, y),
            };
            match pass.fates[n] {
                Fate::Keep => {}
                Fate::Rock => g.set(x, y, false),
                Fate::Floor => g.set(x, y, true),
            }
        }
    }
}

/// A room as `add_room` records it.
#[derive(Clone, Copy, Debug)]
struct Room {
    lx: usize,
    ly: usize,
    hx: usize,
    hy: usize,
    no: u32,
}

/// `flood_fill_rm`: 8-connected, recursive in spirit (an explicit queue here).
fn flood_fill(g: &PlainGrid, rooms: &mut [u32], x: usize, y: usize, no: u32) -> Room {
    let mut r = Room {
        lx: x,
        ly: y,
        hx: x,
        hy: y,
        no,
    };
    let mut todo = vec![(x, y)];
    rooms[y * g.width + x] = no;
    while let Some((cx, cy)) = todo.pop() {
        r.lx = r.lx.min(cx);
        r.hx = r.hx.max(cx);
        r.ly = r.ly.min(cy);
        r.hy = r.hy.max(cy);
        for dy in -1isize..=1 {
            for dx in -1isize..=1 {
                let (nx, ny) = (cx as isize + dx, cy as isize + dy);
                if nx < 0 || ny < 0 || nx >= g.width as isize || ny >= g.height as isize {
                    continue;
                }
                let (nx, ny) = (nx as usize, ny as usize);
                if g.get(nx, ny) && rooms[ny * g.width + nx] == 0 {
                    rooms[ny * g.width + nx] = no;
                    todo.push((nx, ny));
                }
            }
        }
    }
    r
}

fn somexy(r: &Room, rooms: &[u32], width: usize, rng: &mut MineRng) -> (usize, usize) {
    for _ in 0..100 {
        let x = rng.rn1((r.hx - r.lx + 1) as u64, r.lx as u64) as usize;
        let y = rng.rn1((r.hy - r.ly + 1) as u64, r.ly as u64) as usize;
        if rooms[y * width + x] == r.no {
            return (x, y);
        }
    }
    for x in r.lx..=r.hx {
        for y in r.ly..=r.hy {
            if rooms[y * width + x] == r.no {
                return (x, y);
            }
        }
    }
    unreachable!()
}

/// `dig_corridor` with nxcor = FALSE, ftyp = ROOM, btyp = STONE.
fn dig_corridor(g: &mut PlainGrid, org: (usize, usize), dest: (usize, usize), rng: &mut MineRng) {
    let max_steps = 500.max(g.width + g.height);
    let (colno, rowno) = (g.width as isize, g.height as isize);
    let (mut xx, mut yy) = (org.0 as isize, org.1 as isize);
    let (tx, ty) = (dest.0 as isize, dest.1 as isize);
    let (mut dx, mut dy) = (0isize, 0isize);
    if tx > xx {
        dx = 1;
    } else if ty > yy {
        dy = 1;
    } else if tx < xx {
        dx = -1;
    } else {
        dy = -1;
    }
    xx -= dx;
    yy -= dy;
    let mut cct = 0;
    while xx != tx || yy != ty {
        if cct > max_steps {
            return;
        }
        cct += 1;
        xx += dx;
        yy += dy;
        if xx >= colno - 1 || xx <= 0 || yy <= 0 || yy >= rowno - 1 {
            return;
        }
        g.set(xx as usize, yy as usize, true);
        let mut dix = (xx - tx).abs();
        let mut diy = (yy - ty).abs();
        if dix > diy && diy != 0 && rng.rn2((dix - diy + 1) as u64) == 0 {
            dix = 0;
        } else if diy > dix && dix != 0 && rng.rn2((diy - dix + 1) as u64) == 0 {
            diy = 0;
        }
        if dy != 0 && dix > diy {
            dx = if xx > tx { -1 } else { 1 };
            dy = 0;
            continue;
        } else if dx != 0 && diy > dix {
            dy = if yy > ty { -1 } else { 1 };
            dx = 0;
            continue;
        }
        // Straight on: always possible, every cell is STONE or ROOM.
    }
}

/// `join_map`.
pub(crate) fn join_map(g: &mut PlainGrid, p: &MineParams, rng: &mut MineRng) {
    let (wd, ht) = (g.width - 2, g.height - 1);
    let mut rooms = vec![0u32; g.width * g.height];
    let mut list: Vec<Room> = Vec::new();
    'label: for i in 2..=wd {
        for j in 1..ht {
            if g.get(i, j) && rooms[j * g.width + i] == 0 {
                let no = list.len() as u32 + 1;
                let r = flood_fill(g, &mut rooms, i, j, no);
                let filled = (r.lx..=r.hx)
                    .flat_map(|x| (r.ly..=r.hy).map(move |y| (x, y)))
                    .filter(|&(x, y)| rooms[y * g.width + x] == no)
                    .count();
                if filled > 3 {
                    list.push(r);
                    if list.len() >= p.region_cap.limit() {
                        break 'label;
                    }
                } else {
                    for sx in r.lx..=r.hx {
                        for sy in r.ly..=r.hy {
                            if rooms[sy * g.width + sx] == no {
                                g.set(sx, sy, false);
                                rooms[sy * g.width + sx] = 0;
                            }
                        }
                    }
                }
            }
        }
    }
    let (mut a, mut b) = (0, 1);
    while b < list.len() {
        let sm = somexy(&list[a], &rooms, g.width, rng);
        let em = somexy(&list[b], &rooms, g.width, rng);
        dig_corridor(g, sm, em, rng);
        let (ca, cb) = (list[a], list[b]);
        if cb.lx > ca.hx || ((cb.ly > ca.hy || cb.hy < ca.ly) && rng.rn2(3) != 0) {
            a = b;
        }
        b += 1;
    }
}

/// The grid after each stage (init, each pass, joined), and the generator after
/// joining, so that a caller can check the random stream was used alike.
pub fn stages(seed: u64, p: &MineParams) -> (Vec<PlainGrid>, MineRng) {
    let mut rng = MineRng::from_seed(seed);
    let out = attempt(p, &mut rng);
    (out, rng)
}

/// The stages of the try that made a cave, and which try it was (from 1),
/// trying at most `max_attempts` times: the generator's retry. A try fails
/// when no two floor cells touch (8 ways) once it is done; the next one
/// draws on from where it stopped, as `generate` does (a failed try draws
/// nothing for stairs).
pub fn stages_retried(
    seed: u64,
    p: &MineParams,
    max_attempts: u32,
) -> Option<(Vec<PlainGrid>, u32)> {
    let mut rng = MineRng::from_seed(seed);
    (1..=max_attempts).find_map(|n| {
        let out = attempt(p, &mut rng);
        has_a_cave(out.last().expect("the fill at least")).then_some((out, n))
    })
}

/// Two floor cells side by side or corner to corner: room for both stairs.
fn has_a_cave(g: &PlainGrid) -> bool {
    (0..g.width).any(|x| {
        (0..g.height).any(|y| {
            g.get(x, y)
                && [(1isize, -1isize), (1, 0), (1, 1), (0, 1)]
                    .iter()
                    .any(|&(dx, dy)| {
                        let (nx, ny) = (x as isize + dx, y as isize + dy);
                        nx >= 0
                            && ny >= 0
                            && (nx as usize) < g.width
                            && (ny as usize) < g.height
                            && g.get(nx as usize, ny as usize)
                    })
        })
    })
}

/// One try: the grid after each stage, drawing from `rng`.
fn attempt(p: &MineParams, rng: &mut MineRng) -> Vec<PlainGrid> {
    let mut g = PlainGrid::new(p.width, p.height);
    let mut out = Vec::new();
    for step in p.pipeline.steps() {
        match step {
            Step::Fill => init_fill(&mut g, p, rng),
            Step::Pass(pass) => run_pass(&mut g, &pass.rule),
            Step::Custom(step) => {
                // A step of your own works on the packed grid; it is the same
                // step in both.
                let mut packed = BitGrid::new(g.width, g.height);
                for x in 0..g.width {
                    for y in 0..g.height {
                        packed.set(x, y, g.get(x, y));
                    }
                }
                step.run(&mut packed, p.interior(), rng);
                for x in 0..g.width {
                    for y in 0..g.height {
                        g.set(x, y, packed.get(x, y));
                    }
                }
            }
            Step::Join => {
                join_map(&mut g, p, rng);
                continue;
            }
        }
        out.push(g.clone());
    }
    out.push(g);
    out
}
