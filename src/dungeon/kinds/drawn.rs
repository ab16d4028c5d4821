//! A level drawn by hand in the content file: its kind row's settings give
//! the rows in NetHack's glyphs, as NetHack's special levels are drawn in
//! their level files, and its walls get their types as generated ones do. It
//! has no cave history; stocking is the standard one.
//!
//! Its settings: `settings: (map: ["-----", "|<..|", ...])`, one string per
//! row (` ` rock, `.` floor, `-` `|` walls, `<` `>` stairs).

use serde::Deserialize;

use super::{KindContext, LevelKind, Made};
use crate::dungeon::content::KindRow;
use crate::generation::walls::fix_wall_types;
use crate::generation::{GenerateError, LevelMap, params};

/// The builder of levels drawn in the content file.
pub(crate) struct Drawn;

/// The drawn builder's settings.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Settings {
    map: Vec<String>,
}

impl Settings {
    fn of(row: &KindRow) -> Result<Settings, String> {
        let text = row
            .settings
            .as_deref()
            .ok_or("the drawn builder needs settings: (map: [...])")?;
        ron::from_str(text).map_err(|e| format!("settings: {}", e.code))
    }

    fn map(&self) -> Result<LevelMap, String> {
        let rows: Vec<&str> = self.map.iter().map(String::as_str).collect();
        LevelMap::from_rows(&rows).map_err(|e| format!("map: {e}"))
    }
}

impl LevelKind for Drawn {
    fn make(&self, ctx: &KindContext) -> Result<Made, GenerateError> {
        let row = ctx.content.kind(ctx.kind);
        let mut map = Settings::of(row)
            .and_then(|s| s.map())
            .expect("checked content: the map reads");
        // Drawn `-` and `|` are first guesses; walls join as generated ones do.
        fix_wall_types(&mut map);
        Ok(Made::plain(map, None))
    }

    /// The map reads, has an up staircase, and is no smaller than 3 × 3 and no
    /// larger than the generator's largest.
    fn check(&self, row: &KindRow) -> Result<(), String> {
        let map = Settings::of(row)?.map()?;
        if map.up_stairs().is_none() {
            return Err("the map needs an up staircase '<'".into());
        }
        let (w, h) = (map.width(), map.height());
        if w < 3 || h < 3 {
            return Err(format!("the map is too small ({w}x{h})"));
        }
        if w > params::MAX_SIDE || h > params::MAX_SIDE {
            return Err(format!(
                "the map is too large ({w}x{h}; at most {} a side)",
                params::MAX_SIDE
            ));
        }
        Ok(())
    }
}
