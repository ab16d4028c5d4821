//! The filler: a cave straight from the generator, as NetHack's `minefill`.

use crate::dungeon::kinds::kind::{KindContext, LevelKind, Made};
use crate::generation::{GenerateError, generate};

pub(crate) struct Cave;

impl LevelKind for Cave {
    fn make(&self, ctx: &KindContext) -> Result<Made, GenerateError> {
        let level = generate(ctx.level_seed, ctx.params)?;
        Ok(Made::plain(level.map, Some(level.history)))
    }
}
