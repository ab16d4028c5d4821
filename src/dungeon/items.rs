//! Things that lie on the floor: gems, and the gray stone at Mines' End.

/// A gem's colour, as NetHack names unidentified gems.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GemColour {
    White,
    Red,
    Orange,
    Yellow,
    Green,
    Blue,
    Violet,
    Black,
}

impl GemColour {
    pub const ALL: [GemColour; 8] = [
        GemColour::White,
        GemColour::Red,
        GemColour::Orange,
        GemColour::Yellow,
        GemColour::Green,
        GemColour::Blue,
        GemColour::Violet,
        GemColour::Black,
    ];

    pub fn name(self) -> &'static str {
        match self {
            GemColour::White => "white",
            GemColour::Red => "red",
            GemColour::Orange => "orange",
            GemColour::Yellow => "yellow",
            GemColour::Green => "green",
            GemColour::Blue => "blue",
            GemColour::Violet => "violet",
            GemColour::Black => "black",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ItemKind {
    Gem(GemColour),
    /// The luckstone of Mines' End; picking it up wins the run.
    GrayStone,
}

impl ItemKind {
    /// The item with its article, as messages name it: "a red gem".
    pub fn a_name(self) -> String {
        match self {
            ItemKind::Gem(c) => format!("a {} gem", c.name()),
            ItemKind::GrayStone => "a gray stone".to_string(),
        }
    }

    pub fn glyph(self) -> char {
        '*'
    }

    pub fn is_gem(self) -> bool {
        matches!(self, ItemKind::Gem(_))
    }
}

/// An item on a level's floor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Item {
    /// Unique within a run, so views can follow it.
    pub id: u32,
    pub kind: ItemKind,
    pub pos: (usize, usize),
}
