//! A level drawn by hand in the content file: its kind row's `map` gives the
//! rows in NetHack's glyphs, as NetHack's special levels are drawn in their
//! level files, and its walls get their types as generated ones do. It has no
//! cave history; stocking is the standard one.

use super::{KindContext, LevelKind, Made};
use crate::generation::walls::fix_wall_types;
use crate::generation::{GenerateError, LevelMap};

pub struct Drawn;

impl LevelKind for Drawn {
    fn make(&self, ctx: &KindContext) -> Result<Made, GenerateError> {
        let rows = ctx
            .content
            .kind(ctx.kind)
            .map
            .as_deref()
            .unwrap_or_default();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let mut map = LevelMap::from_rows(&rows).expect("checked content: the map reads");
        // Drawn `-` and `|` are first guesses; walls join as generated ones do.
        fix_wall_types(&mut map);
        Ok(Made::plain(map, None))
    }
}
