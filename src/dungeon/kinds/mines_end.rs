//! Mines' End: a filler's cave with no way down. The cell where the down
//! stairs would have been is set aside for the luckstone.

use super::cave::Cave;
use super::{KindContext, LevelKind, Made};
use crate::generation::{GenerateError, Tile};

pub struct MinesEnd;

impl LevelKind for MinesEnd {
    fn make(&self, ctx: &KindContext) -> Result<Made, GenerateError> {
        let mut made = Cave.make(ctx)?;
        if let Some(down) = made.map.down_stairs() {
            made.map.set_tile(down, Tile::Floor);
            made.spots.push(down);
        }
        Ok(made)
    }
}
