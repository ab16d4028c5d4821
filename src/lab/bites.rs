//! Where a pass bites: every cell it turns from floor to rock, classed by its
//! 8 neighbours (before the pass) up to rotation and reflection.

use std::collections::BTreeMap;

use crate::generation::{CaveHistory, Stage};

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
pub fn canonical(mask: u8) -> u8 {
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

/// A class's name, from where its rock lies.
pub fn name(class: u8) -> &'static str {
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
        return "flat edge: rock along one whole side";
    }
    let corner = rock.len() == 3
        && [(-1, -1), (1, -1), (-1, 1), (1, 1)]
            .iter()
            .any(|&(cx, cy)| {
                rock.contains(&(cx, cy)) && rock.contains(&(cx, 0)) && rock.contains(&(0, cy))
            });
    if corner {
        return "corner: rock round one corner";
    }
    match rock.len() {
        0..=2 => "mostly floor",
        3 => "rock scattered",
        _ => "mostly rock",
    }
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
        for x in 0..after.width() {
            for y in 0..after.height() {
                if !before.get(x, y) || after.get(x, y) {
                    continue;
                }
                let mut mask = 0u8;
                for (i, &(dx, dy)) in RING.iter().enumerate() {
                    if before.get_i(x as isize + dx as isize, y as isize + dy as isize) {
                        mask |= 1 << i;
                    }
                }
                out.cells += 1;
                *out.by_class.entry(canonical(mask)).or_default() += 1;
                if prior.is_some_and(|p| !p.get(x, y)) {
                    out.just_made_floor += 1;
                }
                if fill.get(x, y) {
                    out.floor_since_fill += 1;
                }
            }
        }
        out
    }

    pub fn add(&mut self, other: &Bites) {
        self.cells += other.cells;
        self.just_made_floor += other.just_made_floor;
        self.floor_since_fill += other.floor_since_fill;
        for (&c, &n) in &other.by_class {
            *self.by_class.entry(c).or_default() += n;
        }
    }

    /// Classes by share, largest first.
    pub fn ranked(&self) -> Vec<(u8, f64)> {
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
}
