//! Where a pass bites: every cell it turns from floor to rock, classed by its
//! 8 neighbours (before the pass) up to rotation and reflection.

use std::collections::BTreeMap;

use crate::generation::{BitGrid, CaveHistory, Stage, Step, Update};

/// The 8 neighbours, in reading order around the centre (x right, y down).
const RING: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// A neighbourhood: bit i set when `RING[i]` is floor.
fn transform(mask: u8, f: impl Fn(i32, i32) -> (i32, i32)) -> u8 {
    let mut out = 0u8;
    for (i, &(dx, dy)) in RING.iter().enumerate() {
        if mask >> i & 1 == 1 {
            let t = f(dx, dy);
            let j = RING
                .iter()
                .position(|&r| r == t)
                .expect("a symmetry keeps the ring");
            out |= 1 << j;
        }
    }
    out
}

/// The smallest of a neighbourhood's 8 rotations and reflections: its class.
pub(crate) fn canonical(mask: u8) -> u8 {
    let mut best = u8::MAX;
    for reflect in [false, true] {
        let mut m = if reflect {
            transform(mask, |x, y| (-x, y))
        } else {
            mask
        };
        for _ in 0..4 {
            best = best.min(m);
            m = transform(m, |x, y| (-y, x));
        }
    }
    best
}

/// A class drawn as three rows: `.` floor, `#` rock, `x` the bitten cell.
pub fn picture(class: u8) -> [String; 3] {
    let cell = |dx: i32, dy: i32| {
        if (dx, dy) == (0, 0) {
            return 'x';
        }
        let i = RING.iter().position(|&r| r == (dx, dy)).unwrap();
        if class >> i & 1 == 1 { '.' } else { '#' }
    };
    [-1, 0, 1].map(|dy| [-1, 0, 1].iter().map(|&dx| cell(dx, dy)).collect())
}

/// The lab's categories of neighbourhood, from where the rock lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// 3 rock cells along one whole side.
    FlatEdge,
    /// 3 rock cells round one corner: the corner and its two sides.
    Corner,
    /// 3 rock cells anywhere else.
    Scattered,
    /// More floor than rock around it.
    MostlyFloor,
    /// More rock than floor around it.
    MostlyRock,
}

/// A class's category.
pub fn kind(class: u8) -> Kind {
    let rock: Vec<(i32, i32)> = RING
        .iter()
        .enumerate()
        .filter(|(i, _)| class >> i & 1 == 0)
        .map(|(_, &r)| r)
        .collect();
    let one_side = |pick: fn(&(i32, i32)) -> i32| {
        rock.len() == 3 && [-1, 1].iter().any(|&s| rock.iter().all(|r| pick(r) == s))
    };
    if one_side(|r| r.0) || one_side(|r| r.1) {
        return Kind::FlatEdge;
    }
    let corner = rock.len() == 3
        && [(-1, -1), (1, -1), (-1, 1), (1, 1)]
            .iter()
            .any(|&(cx, cy)| {
                rock.contains(&(cx, cy)) && rock.contains(&(cx, 0)) && rock.contains(&(0, cy))
            });
    if corner {
        return Kind::Corner;
    }
    match rock.len() {
        0..=2 => Kind::MostlyFloor,
        3 => Kind::Scattered,
        _ => Kind::MostlyRock,
    }
}

/// A class's name, from where its rock lies.
pub fn name(class: u8) -> &'static str {
    match kind(class) {
        Kind::FlatEdge => "flat edge: rock along one whole side",
        Kind::Corner => "corner: rock round one corner",
        Kind::Scattered => "rock scattered",
        Kind::MostlyFloor => "mostly floor",
        Kind::MostlyRock => "mostly rock",
    }
}

/// What pass 2 did to the level of `history`, in one line, in the lab's
/// categories. None when its pipeline has no pass 2 (or it is the last stage).
pub fn pass2_line(history: &CaveHistory) -> Option<String> {
    let stage = history
        .stage_named("pass2")
        .filter(|&s| s < history.last_stage())?;
    let b = Bites::of(history, stage);
    if b.cells == 0 {
        return Some("pass 2 bit no floor here".into());
    }
    let share = |k: Kind| {
        let n: u64 = b
            .by_class
            .iter()
            .filter(|&(&c, _)| kind(c) == k)
            .map(|(_, &n)| n)
            .sum();
        100.0 * n as f64 / b.cells as f64
    };
    let (flat, corner) = (share(Kind::FlatEdge), share(Kind::Corner));
    Some(format!(
        "pass 2 bit {} floor cells: {flat:.0} % flat edges, {corner:.0} % corners, \
         {:.0} % other",
        b.cells,
        100.0 - flat - corner,
    ))
}

/// What a pass bit, over any number of levels.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bites {
    /// Cells turned from floor to rock.
    pub cells: u64,
    /// By class.
    pub by_class: BTreeMap<u8, u64>,
    /// Of those, made floor by the stage just before (for pass 2: pass 1).
    pub just_made_floor: u64,
    /// Of those, floor since the fill.
    pub floor_since_fill: u64,
    /// Floor cells going into the pass: the cells it could bite.
    pub floor_before: u64,
    /// Of those, made floor by the stage just before: so `just_made_floor /
    /// born_before` is the share of that stage's births the pass undid.
    pub born_before: u64,
    /// Of `born_before`, those born with exactly 5 floor neighbours as the
    /// stage before counted them (an in-place pass counts the cells it has
    /// already visited as they now are).
    pub born_at_5: u64,
    /// Of `born_at_5`, those this pass turned back to rock.
    pub born_at_5_undone: u64,
}

/// The floor neighbours cell (x, y) had when the pass from `prior` to
/// `before` visited it: in place, the cells visited before it (the columns to
/// its left, and the cells above it in its own column, as NetHack walks) are
/// read as that pass left them; buffered, all are read from `prior`.
fn neighbours_when_visited(
    prior: &BitGrid,
    before: &BitGrid,
    in_place: bool,
    x: usize,
    y: usize,
) -> u32 {
    RING.iter()
        .filter(|&&(dx, dy)| {
            let (nx, ny) = (x as isize + dx as isize, y as isize + dy as isize);
            let visited = in_place && (dx < 0 || (dx == 0 && dy < 0));
            if visited {
                before.get_i(nx, ny)
            } else {
                prior.get_i(nx, ny)
            }
        })
        .count() as u32
}

impl Bites {
    /// The bites of stage `stage` of a history (a pass).
    pub fn of(history: &CaveHistory, stage: Stage) -> Bites {
        let mut out = Bites::default();
        let Some(before_stage) = history.prev_stage(stage) else {
            return out;
        };
        let (before, after) = (history.snapshot(before_stage), history.snapshot(stage));
        let fill = history.snapshot(Stage::INIT);
        let prior = history
            .prev_stage(before_stage)
            .map(|s| history.snapshot(s));
        // The pass that made `before` (none when `before` is the fill).
        let in_place = before_stage
            .index()
            .checked_sub(1)
            .and_then(|i| history.params().pipeline.shaping_steps().nth(i))
            .is_some_and(|s| matches!(s, Step::Pass(p) if p.rule.update == Update::InPlace));
        for x in 0..after.width() {
            for y in 0..after.height() {
                if !before.get(x, y) {
                    continue;
                }
                out.floor_before += 1;
                let born = prior.is_some_and(|p| !p.get(x, y));
                out.born_before += born as u64;
                let at_5 = born
                    && prior
                        .is_some_and(|p| neighbours_when_visited(p, before, in_place, x, y) == 5);
                out.born_at_5 += at_5 as u64;
                if after.get(x, y) {
                    continue;
                }
                out.born_at_5_undone += at_5 as u64;
                let mut mask = 0u8;
                for (i, &(dx, dy)) in RING.iter().enumerate() {
                    if before.get_i(x as isize + dx as isize, y as isize + dy as isize) {
                        mask |= 1 << i;
                    }
                }
                out.cells += 1;
                *out.by_class.entry(canonical(mask)).or_default() += 1;
                if born {
                    out.just_made_floor += 1;
                }
                if fill.get(x, y) {
                    out.floor_since_fill += 1;
                }
            }
        }
        out
    }

    /// Add another count's numbers to these.
    pub fn add(&mut self, other: &Bites) {
        self.cells += other.cells;
        self.just_made_floor += other.just_made_floor;
        self.floor_since_fill += other.floor_since_fill;
        self.floor_before += other.floor_before;
        self.born_before += other.born_before;
        self.born_at_5 += other.born_at_5;
        self.born_at_5_undone += other.born_at_5_undone;
        for (&c, &n) in &other.by_class {
            *self.by_class.entry(c).or_default() += n;
        }
    }

    /// Classes by share, largest first.
    pub(crate) fn ranked(&self) -> Vec<(u8, f64)> {
        let mut v: Vec<(u8, f64)> = self
            .by_class
            .iter()
            .map(|(&c, &n)| (c, n as f64 / self.cells.max(1) as f64))
            .collect();
        v.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetric_neighbourhoods_share_a_class() {
        // Rock along the top, the bottom, the left or the right: one class.
        let top = 0b1111_1000; // rows below and the sides floor
        let sides: Vec<u8> = [0b1111_1000u8, 0b0001_1111, 0b1101_0110, 0b0110_1011]
            .into_iter()
            .map(canonical)
            .collect();
        assert!(sides.iter().all(|&c| c == canonical(top)), "{sides:?}");
        assert_eq!(name(canonical(top)), "flat edge: rock along one whole side");
        assert_eq!(picture(0b1111_1000), ["###", ".x.", "..."]);
        // Every class is its own smallest form, and 8-symmetric images agree.
        let classes: std::collections::BTreeSet<u8> = (0..=255u8).map(canonical).collect();
        assert_eq!(
            classes.len(),
            51,
            "the 3x3 ring has 51 patterns up to symmetry"
        );
        // Rock at NW, N and W: a corner.
        let nw_corner: u8 = !0b0000_1011;
        assert_eq!(name(canonical(nw_corner)), "corner: rock round one corner");
    }

    #[test]
    fn a_pass_bites_worked_out_by_hand() {
        use crate::generation::{BitGrid, LevelStats, MineParams};
        // Fill: floor at 1, 3 and 4 of the middle row. Pass 1 makes 2 floor.
        // Pass 2 bites 2 (pass 1's birth) and 4 (floor since the fill).
        let rows = |middle: &str| BitGrid::from_rows(&["#####", middle, "#####"]);
        let params = MineParams {
            pipeline: "inplace:RRRKKFFFF buffered:KKKKKRKKK nojoin"
                .parse()
                .unwrap(),
            ..MineParams::default()
        };
        let snapshots = vec![rows("#.#.."), rows("#...."), rows("#.#.#"), rows("#.#.#")];
        let history = CaveHistory::new(0, &params, snapshots, &[], &[], LevelStats::default());
        let pass2 = history.stage_named("pass2").unwrap();
        let b = Bites::of(&history, pass2);
        assert_eq!(b.cells, 2);
        assert_eq!(b.floor_before, 4, "1, 2, 3 and 4 were floor going in");
        assert_eq!(b.born_before, 1, "pass 1 made only 2 floor");
        assert_eq!(b.just_made_floor, 1);
        assert_eq!(b.floor_since_fill, 1);
        // Cell 2 had floor to its left and right; cell 4 only to its left
        // (the edge of the map counts as rock).
        let left_right = canonical(0b0001_1000);
        let left = canonical(0b0000_1000);
        assert_eq!(b.by_class, BTreeMap::from([(left_right, 1), (left, 1)]));
        assert_eq!(name(left_right), "mostly rock");
        // Cell 2 was born with 2 floor neighbours (1 to its left, as pass 1
        // had left it, and 3 to its right, as the fill had it): not at 5.
        assert_eq!(
            neighbours_when_visited(&rows("#.#.."), &rows("#...."), true, 2, 1),
            2
        );
        assert_eq!((b.born_at_5, b.born_at_5_undone), (0, 0));
    }

    #[test]
    fn births_are_counted_as_the_in_place_pass_saw_them() {
        // Replaying NetHack's pass 1 cell by cell with these counts gives its
        // grid back on every seed: the counts are the ones it decided by.
        use crate::generation::{Fate, MineParams, generate};
        let params = MineParams::default();
        let pass1 = params.pipeline.passes().next().unwrap().rule;
        let (xs, ys) = params.interior().ranges();
        for seed in 0..200 {
            let h = generate(seed, &params).unwrap().history;
            let (init, after) = (h.snapshot(Stage::INIT), h.snapshot(Stage::from_index(1)));
            for x in xs.clone() {
                for y in ys.clone() {
                    let n = neighbours_when_visited(init, after, true, x, y);
                    let expect = match pass1.fates[n as usize] {
                        Fate::Keep => init.get(x, y),
                        Fate::Rock => false,
                        Fate::Floor => true,
                    };
                    assert_eq!(after.get(x, y), expect, "seed {seed} at ({x}, {y})");
                }
            }
        }
    }

    #[test]
    fn the_pass2_line_sums_the_categories() {
        use crate::generation::{BitGrid, LevelStats, MineParams};
        let params = MineParams {
            pipeline: "inplace:RRRKKFFFF buffered:KKKKKRKKK".parse().unwrap(),
            ..MineParams::default()
        };
        let g = |rows: &[&str]| BitGrid::from_rows(rows);
        // Pass 2 bites (4, 1), rock along its top: a flat edge; (2, 2), rock
        // at its top-left corner and both sides of it: a corner; (3, 3), rock
        // along its bottom: a flat edge; (4, 2), all floor round it, and new
        // floor from pass 1.
        let init = g(&["#######", "###...#", "##..#.#", "#.....#", "#######"]);
        let before = g(&["#######", "###...#", "##....#", "#.....#", "#######"]);
        let after = g(&["#######", "###.#.#", "###.#.#", "#..#..#", "#######"]);
        let snapshots = vec![init, before.clone(), after.clone(), after];
        let h = CaveHistory::new(0, &params, snapshots, &[], &[], LevelStats::default());
        assert_eq!(
            pass2_line(&h).unwrap(),
            "pass 2 bit 4 floor cells: 50 % flat edges, 25 % corners, 25 % other"
        );
        let none: MineParams = MineParams {
            pipeline: "inplace:RRRKKFFFF buffered:RRRKKKKKK".parse().unwrap(),
            ..MineParams::default()
        };
        let h = CaveHistory::new(
            0,
            &none,
            vec![before.clone(), before.clone(), before.clone(), before],
            &[],
            &[],
            LevelStats::default(),
        );
        assert_eq!(
            pass2_line(&h).unwrap(),
            "pass 2 bit no floor here",
            "a pass named pass2 that bites nothing"
        );
    }
}
