//! The palettes the game draws in: the default, a colour-blind one and a
//! high-contrast one, picked in the options file (`palette: ColourBlind`).
//! Plain colours with no renderer, so the window and any other view share
//! them.
//!
//! A palette changes looks only, never a rule: a run plays the same in each,
//! and the journal does not record it.
//!
//! - **Default**: the content's own colours (NetHack's), the overlay's
//!   Okabe–Ito and Tol colours.
//! - **ColourBlind**: every colour the game draws is one of twelve hues
//!   (NetHack's colour names: red, brown, cyan...) and each hue gets a
//!   colour chosen to stay apart from the other eleven for deuteranopes and
//!   protanopes as well as for normal sight; the overlay's stages and the
//!   comparison's marks the same way. The colours were found by a search
//!   over the sRGB cube that maximised the smallest CIELAB distance between
//!   any two, simulated with Machado et al. (2009)
//!   (`tools/palette_search.py` finds them again); the tests below check
//!   the result.
//! - **HighContrast**: the twelve hues brightened to at least a 7:1
//!   contrast ratio against the black background (WCAG's AAA for text),
//!   the greys spread apart, remembered cells kept brighter and the
//!   markers stronger.

use serde::Deserialize;

/// An sRGB colour.
pub type Rgb = (u8, u8, u8);

/// The palette the game draws in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
pub enum Palette {
    /// The content's own colours.
    #[default]
    Default,
    /// Safe for red–green colour blindness (deuteranopia and protanopia).
    ColourBlind,
    /// Bright colours on black, for low vision.
    HighContrast,
}

pub use crate::generation::Hue;

/// The colours a palette gives the game's own marks: the overlay, the
/// comparison, the highlights under pets and peacefuls, the cursor, and
/// how bright a remembered cell stays.
#[derive(Clone, Debug, PartialEq)]
pub struct Marks {
    /// Rock no pass touched.
    pub untouched: Rgb,
    /// The random fill.
    pub fill: Rgb,
    /// A corridor dug to join caves.
    pub corridor: Rgb,
    /// Rock that filled a cave too small to keep.
    pub erased: Rgb,
    /// Built by a level's own map (a town, a Mines' End).
    pub built: Rgb,
    /// The passes, in order; later passes take the last.
    pub passes: [Rgb; 8],
    /// The comparison: floor only on this level.
    pub floor_only_here: Rgb,
    /// The comparison: floor only on the other.
    pub floor_only_there: Rgb,
    /// The comparison: another wall or tile.
    pub other_tile: Rgb,
    /// The highlight under your pet (NetHack's `hilite_pet`).
    pub tame: Rgb,
    /// The highlight under a peaceful monster.
    pub peaceful: Rgb,
    /// How opaque the highlights are.
    pub highlight_alpha: f32,
    /// The travel and look cursor.
    pub cursor: Rgb,
    /// How opaque the cursor is.
    pub cursor_alpha: f32,
    /// How much of a remembered cell's colour is kept.
    pub memory: f32,
}

impl Marks {
    /// The overlay's colour of a cell whose last change was `p`'s (the passes
    /// past the eighth share the eighth's).
    pub fn provenance(&self, p: crate::generation::Provenance) -> Rgb {
        use crate::generation::Provenance;
        match p {
            Provenance::UNTOUCHED => self.untouched,
            Provenance::FILL => self.fill,
            Provenance::CORRIDOR => self.corridor,
            Provenance::ERASED => self.erased,
            Provenance::BUILT => self.built,
            _ => {
                let i = p.pass_index().unwrap_or(0);
                self.passes[i.min(self.passes.len() - 1)]
            }
        }
    }
}

const fn hex(h: u32) -> Rgb {
    ((h >> 16) as u8, (h >> 8) as u8, h as u8)
}

static DEFAULT_MARKS: Marks = Marks {
    untouched: hex(0x3A3A3A),
    fill: hex(0xF0E442),     // yellow
    corridor: hex(0xE69F00), // orange
    erased: hex(0xCC79A7),   // reddish purple
    built: hex(0xA0785A),    // brick
    // Okabe–Ito first, then Tol's muted colours.
    passes: [
        hex(0x56B4E9), // sky blue
        hex(0xD55E00), // vermillion
        hex(0x009E73), // bluish green
        hex(0x0072B2), // blue
        hex(0x882255), // wine
        hex(0x999933), // olive
        hex(0x332288), // indigo
        hex(0xE8E8E8), // near white
    ],
    // Floor gained or lost in strong colours; walls that only follow the
    // floor's change in a muted olive, so they don't drown the cells that
    // matter.
    floor_only_here: hex(0xD55E00),
    floor_only_there: hex(0x56B4E9),
    other_tile: hex(0x999933),
    tame: hex(0x56B4E9),
    peaceful: hex(0xF0E442),
    highlight_alpha: 0.4,
    cursor: hex(0xFFE633),
    cursor_alpha: 0.45,
    memory: 0.42,
};

static COLOUR_BLIND_MARKS: Marks = Marks {
    // The default's colours where they stay apart without red and green
    // (the fill, the first two passes, the fourth, the last); the six that
    // came too near another (the corridor, built rock and passes 3, 5, 6
    // and 7) searched for again with the others held.
    untouched: hex(0x3A3A3A),
    fill: hex(0xF0E442),
    corridor: hex(0x0F3C96),
    erased: hex(0xCC79A7),
    built: hex(0x7869F0),
    passes: [
        hex(0x56B4E9),
        hex(0xD55E00),
        hex(0xD2C369),
        hex(0x0072B2),
        hex(0xA5FFB4),
        hex(0xFF5A78),
        hex(0x7800FF),
        hex(0xE8E8E8),
    ],
    // The olive of the default is too near the vermillion without red and
    // green: a plain grey instead.
    floor_only_here: hex(0xD55E00),
    floor_only_there: hex(0x56B4E9),
    other_tile: hex(0x6E6E6E),
    tame: hex(0x56B4E9),
    peaceful: hex(0xF0E442),
    highlight_alpha: 0.4,
    cursor: hex(0xFFE633),
    cursor_alpha: 0.45,
    memory: 0.42,
};

static HIGH_CONTRAST_MARKS: Marks = Marks {
    untouched: hex(0x696969),
    fill: hex(0x78A51E),
    corridor: hex(0xFFB4B4),
    erased: hex(0x3CF00F),
    built: hex(0x3CC3E1),
    passes: [
        hex(0xD2F0B4),
        hex(0x5A96FF),
        hex(0xF0FF00),
        hex(0x0FFFA5),
        hex(0xF0B41E),
        hex(0xFF4BFF),
        hex(0xFFA5FF),
        hex(0xFF690F),
    ],
    floor_only_here: hex(0xFF7800),
    floor_only_there: hex(0x5AC8FF),
    other_tile: hex(0xC8C8C8),
    tame: hex(0x00A0FF),
    peaceful: hex(0xFFFF00),
    highlight_alpha: 0.6,
    cursor: hex(0xFFFF00),
    cursor_alpha: 0.7,
    memory: 0.6,
};

/// The colour-blind palette's colour for each hue, in [`Hue::EVERY`]'s order.
const COLOUR_BLIND: [Rgb; 12] = [
    hex(0x695A5A), // dark grey
    hex(0xA5A5A5), // grey
    hex(0xF0F0E1), // white
    hex(0xC30F1E), // red: darker than green, so apart without red–green
    hex(0xE1870F), // orange
    hex(0xB49669), // brown: a pale tan, lighter than the red
    hex(0xFFFF00), // yellow
    hex(0x69FF78), // green: bright, against the dark red
    hex(0x69E1FF), // cyan
    hex(0x4BA5FF), // blue
    hex(0x783CFF), // purple: bluer and darker than magenta
    hex(0xD20FB4), // magenta
];

/// The high-contrast palette's colour for each hue: NetHack's bright
/// colours, each at least 7:1 against black.
const HIGH_CONTRAST: [Rgb; 12] = [
    hex(0x969696), // dark grey
    hex(0xC8C8C8), // grey
    hex(0xFFFFFF), // white
    hex(0xFF6E6E), // red
    hex(0xFFA500), // orange
    hex(0xCDA064), // brown
    hex(0xFFFF00), // yellow
    hex(0x00FF00), // green
    hex(0x00FFFF), // cyan
    hex(0x78AAFF), // blue
    hex(0xBE8CFF), // purple
    hex(0xFF64FF), // magenta
];

impl Palette {
    /// Every palette, in the order the docs list them.
    pub const EVERY: [Palette; 3] = [
        Palette::Default,
        Palette::ColourBlind,
        Palette::HighContrast,
    ];

    /// How the options file and the options panel name it.
    pub fn name(self) -> &'static str {
        match self {
            Palette::Default => "Default",
            Palette::ColourBlind => "ColourBlind",
            Palette::HighContrast => "HighContrast",
        }
    }

    /// The colour a content row's `colour` is drawn in.
    pub fn colour(self, rgb: Rgb) -> Rgb {
        match self {
            Palette::Default => rgb,
            Palette::ColourBlind => COLOUR_BLIND[Hue::of(rgb).index()],
            Palette::HighContrast => HIGH_CONTRAST[Hue::of(rgb).index()],
        }
    }

    /// The colours of the game's own marks.
    pub fn marks(self) -> &'static Marks {
        match self {
            Palette::Default => &DEFAULT_MARKS,
            Palette::ColourBlind => &COLOUR_BLIND_MARKS,
            Palette::HighContrast => &HIGH_CONTRAST_MARKS,
        }
    }
}

impl Marks {
    /// The overlay's colours: untouched, fill, corridor, erased, built,
    /// then the passes.
    pub fn overlay(&self) -> Vec<Rgb> {
        let mut all = vec![
            self.untouched,
            self.fill,
            self.corridor,
            self.erased,
            self.built,
        ];
        all.extend(self.passes);
        all
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Who looks: normal sight, and the two red–green colour blindnesses,
    /// as Machado, Oliveira and Fernandes (2009) simulate them at full
    /// severity (in linear RGB).
    #[derive(Clone, Copy, Debug)]
    pub(crate) enum Viewer {
        Normal,
        Deuteranope,
        Protanope,
    }

    const DEUTERANOPIA: [[f64; 3]; 3] = [
        [0.367322, 0.860646, -0.227968],
        [0.280085, 0.672501, 0.047413],
        [-0.011820, 0.042940, 0.968881],
    ];
    const PROTANOPIA: [[f64; 3]; 3] = [
        [0.152286, 1.052583, -0.204868],
        [0.114503, 0.786281, 0.099216],
        [-0.003882, -0.048116, 1.051998],
    ];

    fn linear(c: u8) -> f64 {
        let c = f64::from(c) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    }

    /// The relative luminance of `c` (WCAG).
    pub(crate) fn luminance((r, g, b): Rgb) -> f64 {
        0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    /// `c` as `viewer` sees it, in CIELAB.
    fn lab(c: Rgb, viewer: Viewer) -> [f64; 3] {
        let l = [linear(c.0), linear(c.1), linear(c.2)];
        let m = match viewer {
            Viewer::Normal => None,
            Viewer::Deuteranope => Some(DEUTERANOPIA),
            Viewer::Protanope => Some(PROTANOPIA),
        };
        let [r, g, b] = match m {
            None => l,
            Some(m) => std::array::from_fn(|i| {
                (m[i][0] * l[0] + m[i][1] * l[1] + m[i][2] * l[2]).clamp(0.0, 1.0)
            }),
        };
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
        let f = |t: f64| {
            if t > 0.008856 {
                t.cbrt()
            } else {
                7.787 * t + 16.0 / 116.0
            }
        };
        let (fx, fy, fz) = (f(x), f(y), f(z));
        [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
    }

    /// How far apart `a` and `b` look to `viewer` (CIE76 ΔE).
    fn apart(a: Rgb, b: Rgb, viewer: Viewer) -> f64 {
        let (a, b) = (lab(a, viewer), lab(b, viewer));
        ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
    }

    fn viewers(p: Palette) -> &'static [Viewer] {
        match p {
            Palette::ColourBlind => &[Viewer::Normal, Viewer::Deuteranope, Viewer::Protanope],
            _ => &[Viewer::Normal],
        }
    }

    /// The closest two of `colours` for every viewer of `p`: (ΔE, i, j).
    pub(crate) fn closest(p: Palette, colours: &[Rgb]) -> (f64, usize, usize, Viewer) {
        let mut worst = (f64::MAX, 0, 0, Viewer::Normal);
        for &v in viewers(p) {
            for i in 0..colours.len() {
                for j in 0..i {
                    let d = apart(colours[i], colours[j], v);
                    if d < worst.0 {
                        worst = (d, i, j, v);
                    }
                }
            }
        }
        worst
    }

    fn blend(c: Rgb, alpha: f32) -> Rgb {
        let f = |x: u8| (f32::from(x) * alpha).round() as u8;
        (f(c.0), f(c.1), f(c.2))
    }

    // Twenty CIELAB units: colours plainly told apart at a glance (2.3 is a
    // just-noticeable difference).
    pub(crate) const APART: f64 = 20.0;

    /// How far apart the high-contrast palette's hues must stay (its
    /// colours are brighter, so a little nearer).
    pub(crate) const HIGH_CONTRAST_APART: f64 = 18.0;

    #[test]
    fn the_hues_are_nethacks_colour_names() {
        assert_eq!(Hue::of((255, 60, 60)), Hue::Red);
        assert_eq!(Hue::of((196, 140, 72)), Hue::Brown); // the gnome
        assert_eq!(Hue::of((255, 150, 40)), Hue::Orange);
        assert_eq!(Hue::of((255, 215, 0)), Hue::Yellow); // gold
        assert_eq!(Hue::of((60, 230, 90)), Hue::Green);
        assert_eq!(Hue::of((60, 200, 255)), Hue::Cyan); // the gnomish wizard
        assert_eq!(Hue::of((90, 130, 255)), Hue::Blue); // the gnome lord
        assert_eq!(Hue::of((200, 90, 255)), Hue::Purple);
        assert_eq!(Hue::of((255, 0, 255)), Hue::Magenta); // the gnome king
        assert_eq!(Hue::of((70, 70, 90)), Hue::DarkGrey);
        assert_eq!(Hue::of((150, 150, 150)), Hue::Grey);
        assert_eq!(Hue::of((245, 245, 245)), Hue::White);
        assert_eq!(Hue::of((0, 0, 0)), Hue::DarkGrey);
    }

    #[test]
    fn the_default_palette_draws_the_contents_own_colours() {
        for c in [(1, 2, 3), (196, 140, 72), (255, 0, 255)] {
            assert_eq!(Palette::Default.colour(c), c);
        }
    }

    #[test]
    fn the_colour_blind_palette_keeps_each_hue_its_own_name() {
        // A "ruby potion" stays red, a gnome lord blue: the hue of each
        // colour the palette draws is the hue it stands for.
        for h in Hue::EVERY {
            assert_eq!(Hue::of(COLOUR_BLIND[h.index()]), h, "{h:?}");
        }
    }

    #[test]
    fn every_hue_stays_apart_from_every_other_in_each_palette() {
        for p in [Palette::ColourBlind, Palette::HighContrast] {
            let table: Vec<Rgb> = Hue::EVERY
                .iter()
                .map(|&h| p.colour(hue_sample(h)))
                .collect();
            let (d, i, j, v) = closest(p, &table);
            let need = if p == Palette::HighContrast {
                HIGH_CONTRAST_APART
            } else {
                APART
            };
            assert!(
                d >= need,
                "{p:?}: {:?} and {:?} are {d:.1} apart to a {v:?}",
                Hue::EVERY[i],
                Hue::EVERY[j]
            );
        }
    }

    /// A colour of hue `h`, to ask a palette for.
    fn hue_sample(h: Hue) -> Rgb {
        COLOUR_BLIND[h.index()]
    }

    #[test]
    fn the_marks_stay_apart_in_each_palette() {
        for p in Palette::EVERY {
            let m = p.marks();
            let (d, i, j, v) = closest(p, &m.overlay());
            assert!(d >= APART, "{p:?}: overlay {i} and {j}: {d:.1} to a {v:?}");
            let diffs = [m.floor_only_here, m.floor_only_there, m.other_tile];
            if p != Palette::Default {
                let (d, i, j, v) = closest(p, &diffs);
                assert!(
                    d >= APART,
                    "{p:?}: comparison {i} and {j}: {d:.1} to a {v:?}"
                );
            }
            // Under a monster: nothing, your pet's highlight, a peaceful's.
            let under = [
                (0, 0, 0),
                blend(m.tame, m.highlight_alpha),
                blend(m.peaceful, m.highlight_alpha),
            ];
            let (d, i, j, v) = closest(p, &under);
            assert!(
                d >= APART,
                "{p:?}: highlights {i} and {j}: {d:.1} to a {v:?}"
            );
            assert!(m.memory > 0.0 && m.memory < 1.0);
        }
    }

    #[test]
    fn high_contrast_colours_stand_out_on_black() {
        // WCAG's contrast ratio against black is (L + 0.05) / 0.05; 7:1
        // wants L >= 0.3.
        for h in Hue::EVERY {
            let c = Palette::HighContrast.colour(hue_sample(h));
            assert!(luminance(c) >= 0.29, "{h:?} {c:?}: {}", luminance(c));
        }
        let m = Palette::HighContrast.marks();
        for (k, c) in m.overlay().into_iter().enumerate().skip(1) {
            assert!(luminance(c) >= 0.29, "overlay {k} {c:?}");
        }
        assert!(m.memory > Palette::Default.marks().memory);
    }

    #[test]
    fn the_contents_looks_that_share_a_glyph_stay_apart() {
        // Two rows drawn with the same tile in colours of different hues
        // (a red and a green `h`, the potions' looks) stay told apart.
        let content = crate::dungeon::Content::built_in();
        let mut looks: std::collections::BTreeMap<u32, Vec<Rgb>> = Default::default();
        for m in content.monsters() {
            looks.entry(m.tile).or_default().push(m.colour);
        }
        for t in content.traps() {
            looks.entry(t.tile).or_default().push(t.colour);
        }
        for i in content.items() {
            let colours = looks.entry(i.tile).or_default();
            if i.shuffled {
                colours.extend(content.appearances(i.glyph).iter().map(|(_, c)| *c));
            } else {
                colours.push(i.colour);
            }
        }
        for p in [Palette::ColourBlind, Palette::HighContrast] {
            for (tile, colours) in &looks {
                let mut drawn: Vec<Rgb> = colours.iter().map(|&c| p.colour(c)).collect();
                drawn.sort();
                drawn.dedup();
                let hues: std::collections::HashSet<Hue> =
                    colours.iter().map(|&c| Hue::of(c)).collect();
                assert_eq!(drawn.len(), hues.len(), "{p:?} tile {tile}");
                if drawn.len() > 1 {
                    let (d, ..) = closest(p, &drawn);
                    assert!(d >= 18.0, "{p:?} tile {tile}: {d:.1}");
                }
            }
        }
    }
}
