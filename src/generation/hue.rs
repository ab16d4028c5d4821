//! NetHack's colour names: the sixteen colours of its terminals, grouped as
//! the game uses them. Plain words, no renderer: the terrain table names
//! each terrain's colour with one, the terminal draws them, and the
//! palettes draw each content colour as its hue's.

/// NetHack's colour names, as the palettes group the content's colours:
/// every colour is drawn as its hue's colour in a palette other than the
/// default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hue {
    /// Dark grey (`CLR_BLACK` as NetHack draws it, and dark stone).
    DarkGrey,
    /// Grey.
    Grey,
    /// White.
    White,
    /// Red.
    Red,
    /// Orange.
    Orange,
    /// Brown.
    Brown,
    /// Yellow.
    Yellow,
    /// Green.
    Green,
    /// Cyan.
    Cyan,
    /// Blue.
    Blue,
    /// Purple.
    Purple,
    /// Magenta.
    Magenta,
}

impl Hue {
    /// Every hue, in the order of a palette's table.
    pub const EVERY: [Hue; 12] = [
        Hue::DarkGrey,
        Hue::Grey,
        Hue::White,
        Hue::Red,
        Hue::Orange,
        Hue::Brown,
        Hue::Yellow,
        Hue::Green,
        Hue::Cyan,
        Hue::Blue,
        Hue::Purple,
        Hue::Magenta,
    ];

    /// The hue a colour is: greys by brightness, the rest by the angle of
    /// their hue (a dark orange is brown).
    pub fn of((r, g, b): (u8, u8, u8)) -> Hue {
        let (r, g, b) = (f32::from(r), f32::from(g), f32::from(b));
        let max = r.max(g).max(b);
        let min = r.min(g).min(b);
        let value = max / 255.0;
        let saturation = if max == 0.0 { 0.0 } else { (max - min) / max };
        if saturation < 0.25 {
            return if value < 0.45 {
                Hue::DarkGrey
            } else if value < 0.85 {
                Hue::Grey
            } else {
                Hue::White
            };
        }
        let delta = max - min;
        let sixth = if max == r {
            ((g - b) / delta).rem_euclid(6.0)
        } else if max == g {
            (b - r) / delta + 2.0
        } else {
            (r - g) / delta + 4.0
        };
        let angle = sixth * 60.0;
        match angle {
            a if !(15.0..340.0).contains(&a) => Hue::Red,
            a if a < 45.0 && value < 0.8 => Hue::Brown,
            a if a < 45.0 => Hue::Orange,
            a if a < 70.0 => Hue::Yellow,
            a if a < 165.0 => Hue::Green,
            a if a < 200.0 => Hue::Cyan,
            a if a < 255.0 => Hue::Blue,
            a if a < 290.0 => Hue::Purple,
            _ => Hue::Magenta,
        }
    }

    /// Its place in [`Hue::EVERY`], a palette table's order.
    pub(crate) fn index(self) -> usize {
        Hue::EVERY.iter().position(|&h| h == self).unwrap_or(0)
    }
}
