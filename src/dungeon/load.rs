//! Reading a content file whole: its rows ([`super::content`]), then what only
//! the level kinds can check ([`super::kinds`]). It stands above both, so the
//! content module knows no builder.

use super::content::{BUILT_IN, Content, ContentError};
use super::{kinds, rules};

impl Content {
    /// The content compiled into the binary.
    pub fn built_in() -> Content {
        Content::parse(BUILT_IN).expect("the built-in content is valid")
    }

    /// Read and check a content file's text: every name a row refers to
    /// exists, every number is within its bounds, and each level kind takes
    /// its row.
    pub fn parse(text: &str) -> Result<Content, ContentError> {
        let content = Content::parse_rows(text)?;
        kinds::check_content(&content, text)?;
        rules::traps::check_rows(&content, text)?;
        rules::quaff::check_rows(&content, text)?;
        rules::read::check_rows(&content, text)?;
        Ok(content)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::dungeon::{Command, Dungeon, RunSetup};
    use crate::generation::Dir;

    /// Where each number of the built-in file stands, as byte ranges.
    fn numbers() -> Vec<(usize, usize)> {
        let bytes = BUILT_IN.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            let starts = bytes[i].is_ascii_digit()
                && (i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_'));
            if starts {
                let from = i;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                out.push((from, i));
            } else {
                i += 1;
            }
        }
        out
    }

    /// A content that reads must also play: a run starts and lives through a
    /// few turns of walking and waiting without a panic or a hang.
    fn plays(content: Content) {
        let setup = RunSetup {
            content: std::sync::Arc::new(content),
            ..RunSetup::default()
        };
        if let Ok(mut run) = Dungeon::new(3, setup) {
            for d in Dir::ALL.iter().cycle().take(24) {
                run.act(Command::Move(*d));
                run.act(Command::Wait);
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Any number of the file set to any value: read and played, or
        /// refused with a one-line error naming where.
        #[test]
        fn any_number_is_read_or_refused(which in any::<prop::sample::Index>(), value in any::<u64>()) {
            let spots = numbers();
            let (from, to) = spots[which.index(spots.len())];
            let text = format!("{}{value}{}", &BUILT_IN[..from], &BUILT_IN[to..]);
            match Content::parse(&text) {
                Ok(content) => plays(content),
                Err(e) => prop_assert!(!e.to_string().contains('\n'), "{e}"),
            }
        }

        /// Any few bytes of the file cut out or put in: no panic.
        #[test]
        fn any_edit_is_read_or_refused(at in any::<prop::sample::Index>(), cut in 0usize..6, put in "[-0-9a-zA-Z(),:\"\\[\\] .]{0,6}") {
            let mut at = at.index(BUILT_IN.len());
            while !BUILT_IN.is_char_boundary(at) {
                at -= 1;
            }
            let mut end = (at + cut).min(BUILT_IN.len());
            while !BUILT_IN.is_char_boundary(end) {
                end += 1;
            }
            let text = format!("{}{put}{}", &BUILT_IN[..at], &BUILT_IN[end..]);
            if let Ok(content) = Content::parse(&text) {
                plays(content);
            }
        }
    }

    #[test]
    fn numbers_past_their_bounds_name_the_row_field_and_bound() {
        let fast = BUILT_IN.replacen("speed: 6,", "speed: 5000,", 1);
        let e = Content::parse(&fast).unwrap_err();
        assert!(
            e.message.contains("monster '") && e.message.contains("speed 5000 is not in 1 to 120"),
            "{e}"
        );
        let light = BUILT_IN.replacen("radius: 2", "radius: 99", 1);
        let e = Content::parse(&light).unwrap_err();
        assert!(
            e.message.contains("on_pick_up: Light: Light radius 99")
                || e.message.contains("Light radius 99"),
            "{e}"
        );
        assert!(e.message.contains("item '"), "{e}");
    }
}
