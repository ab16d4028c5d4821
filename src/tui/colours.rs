//! The terminal's colours: the options' palette in as many colours as the
//! terminal says it has. `COLORTERM=truecolor` (or `24bit`) gets the
//! palette's own colours; a `TERM` with `256color` the nearest of xterm's
//! 256; any other NetHack's sixteen, each colour drawn as its hue's. The
//! colour-blind and high-contrast palettes keep their guarantees in 24-bit
//! and 256 colours (the tests below hold them to the palette's own tests'
//! bounds); in sixteen, every palette is NetHack's sixteen.

use ratatui::style::Color;

use crate::palette::{Hue, Palette, Rgb};

/// How many colours the terminal has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Depth {
    /// Any colour (`COLORTERM=truecolor`).
    True,
    /// xterm's 256.
    Ansi256,
    /// NetHack's sixteen.
    Ansi16,
}

impl Depth {
    /// What the environment says: `COLORTERM`, then `TERM`.
    pub(crate) fn of_env() -> Depth {
        Depth::of(
            std::env::var("COLORTERM").ok().as_deref(),
            std::env::var("TERM").ok().as_deref(),
        )
    }

    /// What `COLORTERM` and `TERM` say.
    pub(crate) fn of(colorterm: Option<&str>, term: Option<&str>) -> Depth {
        match (colorterm, term) {
            (Some("truecolor" | "24bit"), _) => Depth::True,
            (_, Some(t)) if t.contains("256color") => Depth::Ansi256,
            _ => Depth::Ansi16,
        }
    }
}

/// The palette drawn at the terminal's depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Colours {
    pub(crate) depth: Depth,
    pub(crate) palette: Palette,
}

impl Default for Colours {
    fn default() -> Self {
        Colours {
            depth: Depth::Ansi16,
            palette: Palette::Default,
        }
    }
}

impl Colours {
    /// A content row's colour (a monster's, an item's).
    pub(crate) fn thing(self, rgb: Rgb) -> Color {
        match self.depth {
            Depth::Ansi16 => ansi(Hue::of(rgb)),
            _ => self.exact(self.palette.colour(rgb)),
        }
    }

    /// Terrain of hue `hue` (its row's).
    pub(crate) fn terrain(self, hue: Hue) -> Color {
        match self.depth {
            Depth::Ansi16 => ansi(hue),
            _ => self.exact(self.palette.colour(hue_rgb(hue))),
        }
    }

    /// A mark of the palette's own (the overlay's, the comparison's): its
    /// colour as it is, at the terminal's depth.
    pub(crate) fn mark(self, rgb: Rgb) -> Color {
        match self.depth {
            Depth::Ansi16 => ansi(Hue::of(rgb)),
            _ => self.exact(rgb),
        }
    }

    /// `rgb` as near as the terminal draws it.
    pub(crate) fn exact(self, rgb: Rgb) -> Color {
        match self.depth {
            Depth::True => Color::Rgb(rgb.0, rgb.1, rgb.2),
            Depth::Ansi256 => Color::Indexed(nearest_256(rgb)),
            Depth::Ansi16 => ansi(Hue::of(rgb)),
        }
    }
}

/// NetHack's colour for a hue, among the terminal's sixteen.
pub(crate) fn ansi(hue: Hue) -> Color {
    match hue {
        Hue::DarkGrey => Color::DarkGray,
        Hue::Grey => Color::Gray,
        Hue::White => Color::White,
        Hue::Red => Color::Red,
        Hue::Orange => Color::LightRed,
        Hue::Brown => Color::Yellow,
        Hue::Yellow => Color::LightYellow,
        Hue::Green => Color::Green,
        Hue::Cyan => Color::Cyan,
        Hue::Blue => Color::Blue,
        Hue::Purple => Color::Magenta,
        Hue::Magenta => Color::LightMagenta,
    }
}

/// A colour of each hue as a terminal of sixteen draws it (xterm's
/// defaults for the colour [`ansi`] gives it), for terrain in a terminal of
/// more: each is of its own hue.
pub(crate) fn hue_rgb(hue: Hue) -> Rgb {
    match hue {
        Hue::DarkGrey => (98, 98, 98),
        Hue::Grey => (178, 178, 178),
        Hue::White => (255, 255, 255),
        Hue::Red => (205, 0, 0),
        Hue::Orange => (255, 130, 40),
        Hue::Brown => (160, 110, 40),
        Hue::Yellow => (255, 230, 0),
        Hue::Green => (0, 205, 0),
        Hue::Cyan => (0, 205, 205),
        Hue::Blue => (60, 90, 238),
        Hue::Purple => (170, 60, 220),
        Hue::Magenta => (255, 0, 255),
    }
}

/// The xterm 256-colour index nearest `rgb`: of its 6 × 6 × 6 cube and its
/// 24 greys, whichever is closer.
pub(crate) fn nearest_256(rgb: Rgb) -> u8 {
    const STEPS: [u8; 6] = [0, 95, 135, 175, 215, 255];
    let level = |c: u8| {
        (0..6)
            .min_by_key(|&i| (i32::from(STEPS[i]) - i32::from(c)).abs())
            .expect("six levels")
    };
    let (r, g, b) = (level(rgb.0), level(rgb.1), level(rgb.2));
    let cube = (STEPS[r], STEPS[g], STEPS[b]);
    let mean = (u32::from(rgb.0) + u32::from(rgb.1) + u32::from(rgb.2)) / 3;
    let grey_step = (mean.saturating_sub(8) / 10).min(23) as u8;
    let grey_value = 8 + 10 * grey_step;
    let grey = (grey_value, grey_value, grey_value);
    let far = |c: Rgb| {
        let d = |a: u8, b: u8| (i32::from(a) - i32::from(b)).pow(2);
        d(c.0, rgb.0) + d(c.1, rgb.1) + d(c.2, rgb.2)
    };
    if far(grey) < far(cube) {
        232 + grey_step
    } else {
        16 + 36 * r as u8 + 6 * g as u8 + b as u8
    }
}

/// The colour an xterm 256 index stands for.
#[cfg(test)]
pub(crate) fn rgb_of_256(i: u8) -> Rgb {
    const STEPS: [u8; 6] = [0, 95, 135, 175, 215, 255];
    match i {
        16..=231 => {
            let i = i - 16;
            (
                STEPS[(i / 36) as usize],
                STEPS[(i / 6 % 6) as usize],
                STEPS[(i % 6) as usize],
            )
        }
        232..=255 => {
            let v = 8 + 10 * (i - 232);
            (v, v, v)
        }
        // The sixteen are the terminal's own; this module never draws them
        // by index.
        _ => (0, 0, 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::palette::tests;

    #[test]
    fn the_depth_is_what_the_terminal_says() {
        assert_eq!(Depth::of(Some("truecolor"), Some("xterm")), Depth::True);
        assert_eq!(Depth::of(Some("24bit"), None), Depth::True);
        assert_eq!(Depth::of(None, Some("tmux-256color")), Depth::Ansi256);
        assert_eq!(Depth::of(None, Some("xterm")), Depth::Ansi16);
        assert_eq!(Depth::of(None, None), Depth::Ansi16);
    }

    #[test]
    fn each_hue_colour_is_of_its_own_hue() {
        for h in Hue::EVERY {
            assert_eq!(Hue::of(hue_rgb(h)), h, "{h:?}");
        }
    }

    #[test]
    fn the_nearest_of_256_is_near() {
        for rgb in [(0, 0, 0), (255, 255, 255), (128, 128, 128), (196, 140, 72)] {
            let back = rgb_of_256(nearest_256(rgb));
            let d = |a: u8, b: u8| (i32::from(a) - i32::from(b)).abs();
            assert!(
                d(back.0, rgb.0) <= 25 && d(back.1, rgb.1) <= 25 && d(back.2, rgb.2) <= 25,
                "{rgb:?} -> {back:?}"
            );
        }
        assert_eq!(nearest_256((255, 0, 0)), 196);
        assert_eq!(nearest_256((8, 8, 8)), 232);
    }

    /// The colour-blind and high-contrast palettes' guarantees hold on the
    /// colours the terminal draws: each hue keeps its name, and the hues
    /// of a palette stay told apart, in 24-bit and in 256 colours.
    #[test]
    fn the_palettes_keep_their_hues_in_the_terminal() {
        for palette in [Palette::ColourBlind, Palette::HighContrast] {
            for depth in [Depth::True, Depth::Ansi256] {
                let colours = Colours { depth, palette };
                let drawn: Vec<Rgb> = Hue::EVERY
                    .iter()
                    .map(|&h| match colours.terrain(h) {
                        Color::Rgb(r, g, b) => (r, g, b),
                        Color::Indexed(i) => rgb_of_256(i),
                        other => panic!("{other:?}"),
                    })
                    .collect();
                // The colour-blind palette keeps each hue its own name.
                for (i, &a) in drawn.iter().enumerate() {
                    if palette == Palette::ColourBlind {
                        assert_eq!(
                            Hue::of(a),
                            Hue::EVERY[i],
                            "{palette:?} {depth:?}: {:?} drawn as {a:?}",
                            Hue::EVERY[i]
                        );
                    }
                }
                // Told apart as the palette's own tests hold its colours
                // (every viewer the palette serves), and bright on black.
                let need = match palette {
                    Palette::HighContrast => tests::HIGH_CONTRAST_APART,
                    _ => tests::APART,
                };
                let (d, i, j, v) = tests::closest(palette, &drawn);
                assert!(
                    d >= need,
                    "{palette:?} {depth:?}: {:?} and {:?} are {d:.1} apart to a {v:?}",
                    Hue::EVERY[i],
                    Hue::EVERY[j]
                );
                if palette == Palette::HighContrast {
                    for (h, &c) in Hue::EVERY.iter().zip(&drawn) {
                        assert!(tests::luminance(c) >= 0.29, "{h:?} {c:?}");
                    }
                }
            }
        }
    }
}
