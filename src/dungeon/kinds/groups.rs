//! A monster made at random brings others of its kind, as of NetHack 3.7
//! (`makemon`'s `m_initsgrp` and `m_initlgrp`): a small group (a pack of
//! jackals) one time in two for a kind that comes in small groups; a large
//! one (a swarm of killer bees) two times in three for a kind that comes
//! in large groups, else a small one. A small group is up to 3 more, a
//! large one up to 10, cut to a quarter for a hero below level 3 and to a
//! half below level 5, but always at least one. Each comes next to the one
//! before; one that would be peaceful to you is not made (NetHack keeps
//! peaceful groups out of your way).

use crate::dungeon::content::Group;
use crate::generation::{MineRng, Pos};

/// How many more of its kind a monster of `group` brings, for a hero of
/// level `you`: 0 for none.
pub(crate) fn more(group: Group, you: i32, rng: &mut MineRng) -> u32 {
    let most = match group {
        Group::Alone => return 0,
        Group::Small if rng.rn2(2) == 0 => return 0,
        Group::Small => 3,
        Group::Large if rng.rn2(3) != 0 => 10,
        Group::Large => 3,
    };
    let cut = match you {
        ..3 => 4,
        3..5 => 2,
        _ => 1,
    };
    (rng.rnd(most) as u32 / cut).max(1)
}

/// The free cell nearest `from` (NetHack's `enexto`): of those at the
/// least distance that has any, one drawn at random. `free` says which
/// cells may take a monster; `size` is the map's width and height.
pub(crate) fn next_to(
    from: Pos,
    size: (i32, i32),
    free: impl Fn(Pos) -> bool,
    rng: &mut MineRng,
) -> Option<Pos> {
    let reach = size.0.max(size.1);
    for range in 1..reach {
        let ring: Vec<Pos> = (-range..=range)
            .flat_map(|dy| (-range..=range).map(move |dx| (dx, dy)))
            .filter(|&(dx, dy)| dx.abs() == range || dy.abs() == range)
            .map(|(dx, dy)| Pos::new(from.x + dx, from.y + dy))
            .filter(|p| p.x >= 0 && p.y >= 0 && p.x < size.0 && p.y < size.1)
            .filter(|&p| free(p))
            .collect();
        if !ring.is_empty() {
            return Some(ring[rng.rn2(ring.len() as u64) as usize]);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Over 20,000 draws: a small group at hero level 1 is one more, half
    /// the time; a large one at level 5 is 1 to 10 more (two in three) or 1
    /// to 3 (one in three).
    #[test]
    fn group_sizes_follow_m_initgrp() {
        let mut rng = MineRng::from_seed(3);
        let n = 20_000;
        let small: Vec<u32> = (0..n).map(|_| more(Group::Small, 1, &mut rng)).collect();
        let none = small.iter().filter(|&&k| k == 0).count() as f64 / n as f64;
        assert!((none - 0.5).abs() < 0.02, "{none}");
        assert!(small.iter().all(|&k| k <= 1));
        let large: Vec<u32> = (0..n).map(|_| more(Group::Large, 5, &mut rng)).collect();
        assert!(large.iter().all(|&k| (1..=10).contains(&k)));
        // P(k) = 2/3 · 1/10 for k in 4..=10.
        let ten = large.iter().filter(|&&k| k == 10).count() as f64 / n as f64;
        assert!((ten - 1.0 / 15.0).abs() < 0.01, "{ten}");
        // P(1) = 2/3 · 1/10 + 1/3 · 1/3.
        let one = large.iter().filter(|&&k| k == 1).count() as f64 / n as f64;
        assert!((one - (1.0 / 15.0 + 1.0 / 9.0)).abs() < 0.012, "{one}");
        assert_eq!(more(Group::Alone, 9, &mut rng), 0);
    }

    #[test]
    fn next_to_takes_the_nearest_ring_that_has_room() {
        let mut rng = MineRng::from_seed(1);
        let from = Pos::new(5, 5);
        // Only cells two away are free: it takes one of them.
        let p = next_to(from, (20, 20), |p| p.distance(from) == 2, &mut rng).unwrap();
        assert_eq!(p.distance(from), 2);
        assert_eq!(next_to(from, (20, 20), |_| false, &mut rng), None);
    }
}
