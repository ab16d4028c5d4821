//! Mines' End: the bottom, a cave with no way down. Its content row gives it a
//! pipeline of its own that leaves narrow, twisting passages (see the row in
//! `assets/mines.ron`); the cell where the down stairs would have been is
//! plain floor.
//!
//! Cells set aside for stocking ([`MinesEnd::spots`]): `luckstone`, the floor
//! at least 80 % of the level's longest walk from the up stairs (a hard place
//! to reach), and `decoys`, the floor between a fifth and 80 % of it, for
//! the other gray stones.

use super::cave::Cave;
use super::{KindContext, LevelKind, Made};
use crate::generation::{GenerateError, LevelMap, Pos, Tile};

/// The bottom level's builder.
pub(crate) struct MinesEnd;

impl LevelKind for MinesEnd {
    fn make(&self, ctx: &KindContext) -> Result<Made, GenerateError> {
        let mut made = Cave.make(ctx)?;
        if let Some(down) = made.map.down_stairs() {
            made.map.set_tile(down, Tile::Floor);
        }
        let up = made.map.up_stairs().expect("the generator makes stairs");
        let dist = walk_distances(&made.map, up);
        let far = dist.iter().flatten().copied().max().unwrap_or(0);
        let floor = made.map.floor_cells();
        let at_least =
            |p: &Pos, tenths: u32| dist[made.map.index(*p)].is_some_and(|d| d * 10 >= far * tenths);
        let luckstone: Vec<Pos> = floor.iter().copied().filter(|p| at_least(p, 8)).collect();
        let decoys: Vec<Pos> = floor
            .iter()
            .copied()
            .filter(|p| at_least(p, 2) && !at_least(p, 8))
            .collect();
        made.spots = vec![(LUCKSTONE, luckstone), (DECOYS, decoys)];
        Ok(made)
    }

    fn spots(&self) -> &'static [&'static str] {
        &[LUCKSTONE, DECOYS]
    }
}

/// The floor at least 80 % of the longest walk from the up stairs.
pub(crate) const LUCKSTONE: &str = "luckstone";
/// The floor between a fifth and 80 % of the longest walk.
pub(crate) const DECOYS: &str = "decoys";

/// The shortest walk (8-connected, over walkable cells) from `from` to every
/// cell, by map index; None where no walk reaches.
pub(crate) fn walk_distances(map: &LevelMap, from: Pos) -> Vec<Option<u32>> {
    let mut dist = vec![None; map.len()];
    dist[map.index(from)] = Some(0);
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(p) = queue.pop_front() {
        let d = dist[map.index(p)].expect("queued cells have a distance");
        for dx in -1..=1 {
            for dy in -1..=1 {
                let q = p.offset(dx, dy);
                if map.is_walkable(q) && dist[map.index(q)].is_none() {
                    dist[map.index(q)] = Some(d + 1);
                    queue.push_back(q);
                }
            }
        }
    }
    dist
}
