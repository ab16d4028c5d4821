//! Where things stand on the terminal's screen: NetHack's 80 × 24 at the
//! least, the message line on top, the map, the two status lines at the
//! foot.

use ratatui::layout::Rect;

/// The smallest terminal the screen fits: NetHack's 80 × 24.
pub(crate) const MIN_SIZE: (u16, u16) = (80, 24);

/// The map's area on a screen of `area`: between the message line and the
/// two status lines.
pub(crate) fn map_area(area: Rect) -> Rect {
    Rect::new(
        area.x,
        area.y + 1,
        area.width,
        area.height.saturating_sub(3),
    )
}
