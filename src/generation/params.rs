//! What a user can choose about a level. `MineParams::default()` is NetHack.

use std::fmt;

use super::passes::Interior;
use super::pipeline::Pipeline;

/// NetHack's map: COLNO × ROWNO (`docs/nethack-mines.md`, "The grid").
pub(crate) const NETHACK_WIDTH: usize = 80;
/// NetHack's map height (ROWNO).
pub(crate) const NETHACK_HEIGHT: usize = 21;

/// Smallest map: the interior (x = 2..=W-2, y = 1..=H-2) must leave room for a cave
/// with two staircases after erosion.
pub const MIN_WIDTH: usize = 10;
/// The smallest height a level can be made at.
pub const MIN_HEIGHT: usize = 6;
/// Largest side, and largest cell count. 16384 × 16384 needs about 2 GiB at
/// under 8 bytes a cell; anything larger is refused before allocating.
pub const MAX_SIDE: usize = 16_384;
/// The most cells a map may have.
pub(crate) const MAX_CELLS: usize = 16_384 * 16_384;

/// NetHack stops labelling regions after `MAXNROFROOMS * 2 = 80` (see
/// `docs/nethack-mines.md`, "Joining").
pub(crate) const NETHACK_REGION_CAP: usize = 80;

/// How many regions joining labels before it stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegionCap {
    /// Stop after this many kept regions; the rest stay on the map unjoined.
    Limit(usize),
    /// Label and join every region (a port's option for large maps).
    Unlimited,
}

impl RegionCap {
    /// The most regions joined.
    pub fn limit(self) -> usize {
        match self {
            RegionCap::Limit(n) => n,
            RegionCap::Unlimited => usize::MAX,
        }
    }
}

/// Options for one level. The defaults reproduce NetHack's `mkmap.c`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MineParams {
    /// Map width in cells, NetHack's COLNO (column 0 is never used).
    pub width: usize,
    /// Map height in cells, NetHack's ROWNO.
    pub height: usize,
    /// Fill, CA passes, join. The default is NetHack's.
    pub pipeline: Pipeline,
    /// How many regions joining joins.
    pub region_cap: RegionCap,
}

impl Default for MineParams {
    fn default() -> Self {
        Self {
            width: NETHACK_WIDTH,
            height: NETHACK_HEIGHT,
            pipeline: Pipeline::nethack(),
            region_cap: RegionCap::Limit(NETHACK_REGION_CAP),
        }
    }
}

impl MineParams {
    /// NetHack's parameters at another size.
    pub fn sized(width: usize, height: usize) -> Self {
        Self {
            width,
            height,
            ..Self::default()
        }
    }

    /// Check the size before anything is allocated.
    pub fn validate(&self) -> Result<(), ParamError> {
        let (w, h) = (self.width, self.height);
        if w < MIN_WIDTH || h < MIN_HEIGHT {
            return Err(ParamError::TooSmall {
                width: w,
                height: h,
            });
        }
        if w > MAX_SIDE || h > MAX_SIDE || w.saturating_mul(h) > MAX_CELLS {
            return Err(ParamError::TooLarge {
                width: w,
                height: h,
            });
        }
        Ok(())
    }

    /// mkmap's WIDTH: the last usable column.
    pub(crate) fn mk_width(&self) -> usize {
        self.width - 2
    }

    /// mkmap's HEIGHT: one past the last interior row.
    pub(crate) fn mk_height(&self) -> usize {
        self.height - 1
    }

    /// Cells the random fill makes floor: `(WIDTH * HEIGHT * 2) / 5`.
    pub fn fill_count(&self) -> usize {
        self.interior().fill_count()
    }

    /// The interior the fill and passes touch: x in `2..=WIDTH`, y in `1..HEIGHT`.
    pub fn interior(&self) -> Interior {
        Interior {
            width: self.mk_width(),
            height: self.mk_height(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
/// A size that can't make a level.
pub enum ParamError {
    /// Smaller than the smallest a level can be made at.
    TooSmall {
        /// The width asked for.
        width: usize,
        /// The height asked for.
        height: usize,
    },
    /// Larger than the largest.
    TooLarge {
        /// The width asked for.
        width: usize,
        /// The height asked for.
        height: usize,
    },
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParamError::TooSmall { width, height } => write!(
                f,
                "map size {width}x{height} is too small: the minimum is {MIN_WIDTH}x{MIN_HEIGHT}"
            ),
            ParamError::TooLarge { width, height } => write!(
                f,
                "map size {width}x{height} is too large: each side can be at most {MAX_SIDE} \
                 and the map at most {MAX_CELLS} cells"
            ),
        }
    }
}

impl std::error::Error for ParamError {}
