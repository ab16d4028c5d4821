//! Words typed at a prompt (what you engrave), carried by a [`Command`] as
//! its other arguments are: a few printable characters, copied as a
//! command is copied.
//!
//! [`Command`]: super::verbs::Command

use std::fmt;

/// The most characters words hold (NetHack takes a line; an engraving
/// here is a short one).
pub const WORDS_MAX: usize = 40;

/// Up to [`WORDS_MAX`] printable ASCII characters, but `#` (a key file's
/// comment).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Words {
    bytes: [u8; WORDS_MAX],
    len: u8,
}

impl Words {
    /// `text` as words, if it fits: printable ASCII but `#`, at most
    /// [`WORDS_MAX`] long.
    pub fn new(text: &str) -> Option<Words> {
        if text.len() > WORDS_MAX || !text.bytes().all(Words::takes) {
            return None;
        }
        let mut bytes = [0; WORDS_MAX];
        bytes[..text.len()].copy_from_slice(text.as_bytes());
        Some(Words {
            bytes,
            len: text.len() as u8,
        })
    }

    /// Can `c` be typed into words?
    pub fn takes(c: u8) -> bool {
        (b' '..=b'~').contains(&c) && c != b'#'
    }

    /// The words as text.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len as usize]).expect("ASCII")
    }

    /// Nothing typed.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl fmt::Debug for Words {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

/// What an engraving command carries: what you write with (an inventory
/// place, or [`Writing::FINGERS`]) and the words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Writing {
    /// The inventory place of what you write with; [`Writing::FINGERS`]:
    /// your fingers (`-`).
    pub with: u8,
    /// What you write.
    pub words: Words,
}

impl Writing {
    /// Writing with your fingers, NetHack's `-`.
    pub const FINGERS: u8 = u8::MAX;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_take_printable_ascii_up_to_forty() {
        assert_eq!(Words::new("Elbereth").unwrap().as_str(), "Elbereth");
        assert!(Words::new("").unwrap().is_empty());
        assert!(Words::new(&"x".repeat(40)).is_some());
        assert!(Words::new(&"x".repeat(41)).is_none());
        assert!(Words::new("tab\there").is_none());
        assert!(Words::new("a # b").is_none());
        assert!(Words::new("é").is_none());
    }
}
