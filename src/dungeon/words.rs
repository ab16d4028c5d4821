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

    /// The whole number the words start with (after blanks, with a sign),
    /// as C's `sscanf` reads `%ld`; None when they start with none. A number
    /// past what anyone carries reads as `u32::MAX`.
    pub(crate) fn leading_number(&self) -> Option<i64> {
        let t = self.as_str().trim_start();
        let (sign, digits) = match t.as_bytes().first() {
            Some(b'-') => (-1, &t[1..]),
            Some(b'+') => (1, &t[1..]),
            _ => (1, t),
        };
        let end = digits
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(digits.len());
        let n: i64 = digits[..end]
            .parse()
            .ok()
            .or_else(|| (end > 0).then_some(i64::from(u32::MAX)))?;
        Some(sign * n)
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

    fn leading_number(text: &str) -> Option<i64> {
        Words::new(text).expect("words").leading_number()
    }

    #[test]
    fn words_start_with_a_number_as_c_reads_one() {
        assert_eq!(leading_number("400"), Some(400));
        assert_eq!(leading_number("  12 gold"), Some(12));
        assert_eq!(leading_number("-5"), Some(-5));
        assert_eq!(leading_number("+7x"), Some(7));
        assert_eq!(leading_number("lots"), None);
        assert_eq!(leading_number(""), None);
        assert_eq!(leading_number("-"), None);
        assert_eq!(
            leading_number("99999999999999999999999"),
            Some(i64::from(u32::MAX))
        );
    }
}
