//! Warning, as NetHack 3.7's `mon_warning` and `warning_of` (a ring of
//! warning here, or a Caveman's from level 15): a hostile monster you
//! don't see, within 10 cells (squared distance under 100), of level 4 or
//! more, shows as a digit where it stands: its level over 4, at most 5 (3.7
//! warns from 1, its `warnlevel`). The digit's colour and words are 3.7's:
//! 1 to 3 red ("concern", "anxiety", "disquiet"), 4 magenta ("alarm"), 5
//! bright magenta ("dread").

use crate::dungeon::content::Rgb;
use crate::dungeon::hero::Intrinsic;
use crate::dungeon::monsters::Monster;
use crate::dungeon::state::RunState;
use crate::generation::Pos;

/// A warning shown on the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Warned {
    /// Where the monster stands.
    pub pos: Pos,
    /// How dangerous it is, 1 to 5 (NetHack's warning level).
    pub level: u8,
}

impl Warned {
    /// The digit shown.
    pub fn glyph(self) -> char {
        char::from(b'0' + self.level)
    }

    /// The digit's colour (NetHack's `def_warnsyms`).
    pub fn colour(self) -> Rgb {
        match self.level {
            0 => (255, 255, 255),
            1..=3 => (220, 40, 40),
            4 => (190, 60, 190),
            _ => (255, 80, 255),
        }
    }

    /// What `;` says of it.
    pub fn words(self) -> &'static str {
        match self.level {
            0 => "an unknown creature causing you worry",
            1 => "an unknown creature causing you concern",
            2 => "an unknown creature causing you anxiety",
            3 => "an unknown creature causing you disquiet",
            4 => "an unknown creature causing you alarm",
            _ => "an unknown creature causing you dread",
        }
    }
}

/// The least warning level shown (NetHack's `context.warnlevel`).
const LEAST: i32 = 1;

/// The most (NetHack's `WARNCOUNT - 1`).
const MOST: i32 = 5;

/// Every warning on your level now; none without warning.
pub(crate) fn warnings(state: &RunState) -> Vec<Warned> {
    if !warned(state) {
        return Vec::new();
    }
    state
        .level()
        .monsters
        .iter()
        .filter_map(|m| of(state, m))
        .collect()
}

/// Are you warned (a ring, or a Caveman's level)?
fn warned(state: &RunState) -> bool {
    crate::dungeon::rules::grow::has(state, Intrinsic::Warning)
}

/// The warning monster `m` of your level shows, if it shows one.
pub(crate) fn warning_of(state: &RunState, m: &Monster) -> Option<Warned> {
    if !warned(state) {
        return None;
    }
    of(state, m)
}

/// `m`'s warning, you being warned.
fn of(state: &RunState, m: &Monster) -> Option<Warned> {
    let me = state.player.pos;
    let near = (m.pos.x - me.x).pow(2) + (m.pos.y - me.y).pow(2) < 100;
    if m.peaceful || m.tame || !near || crate::dungeon::rules::sight::sees_monster(state, m) {
        return None;
    }
    let level = state.content().monster(m.kind).level / 4;
    (level >= LEAST).then(|| Warned {
        pos: m.pos,
        level: level.min(MOST) as u8,
    })
}
