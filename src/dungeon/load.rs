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
        rules::zap::check_rows(&content, text)?;
        rules::cast::check_rows(&content, text)?;
        rules::powers::check_rows(&content, text)?;
        Ok(content)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::dungeon::{Command, Dungeon, RunSetup};
    use crate::generation::{Dir, GenerateError};

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

    /// The numbers between the first `start` and the first `end` after it.
    fn numbers_in(start: &str, end: &str) -> Vec<(usize, usize)> {
        let from = BUILT_IN.find(start).expect("the block starts");
        let to = from + BUILT_IN[from..].find(end).expect("and ends");
        numbers()
            .into_iter()
            .filter(|&(a, b)| a >= from && b <= to)
            .collect()
    }

    /// The built-in file with the number at `spot` written as `value`.
    fn with_number((from, to): (usize, usize), value: u64) -> String {
        format!("{}{value}{}", &BUILT_IN[..from], &BUILT_IN[to..])
    }

    /// A content that reads must also play: a run starts and lives through a
    /// few turns of walking and waiting without a panic or a hang. A start
    /// that fails is handed back, not dropped.
    fn plays(content: Content) -> Result<(), GenerateError> {
        let setup = RunSetup {
            content: std::sync::Arc::new(content),
            ..RunSetup::default()
        };
        let mut run = Dungeon::new(3, setup)?;
        for d in Dir::ALL.iter().cycle().take(24) {
            run.act(Command::Move(*d));
            run.act(Command::Wait);
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Any number of the file set to a value just under or over it, a
        /// small one, or any at all: read and played, or refused with a
        /// one-line error naming where. (Numbers hold no pipeline, so a
        /// content that reads always starts.)
        #[test]
        fn any_number_is_read_or_refused(
            which in any::<prop::sample::Index>(),
            how in 0u8..4,
            step in 1u64..=3,
            small in 0u64..=300,
            huge in any::<u64>(),
        ) {
            let spots = numbers();
            let spot = spots[which.index(spots.len())];
            let was: u64 = BUILT_IN[spot.0..spot.1].parse().expect("digits");
            let value = match how {
                0 => was.saturating_sub(step), // just under: the low bounds
                1 => was.saturating_add(step), // just over: the high ones
                2 => small,                    // where most fields live
                _ => huge,                     // far out: refused
            };
            match Content::parse(&with_number(spot, value)) {
                Ok(content) => {
                    let started = plays(content);
                    prop_assert!(started.is_ok(), "{value} read, but no run starts: {started:?}");
                }
                Err(e) => prop_assert!(!e.to_string().contains('\n'), "{e}"),
            }
        }

        /// Any few bytes of the file cut out or put in: read and played, or
        /// refused with a one-line error. Only an edit on a `pipeline:` line
        /// may leave a content whose run can make no cave.
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
            match Content::parse(&text) {
                Ok(content) => {
                    let first = BUILT_IN[..at].rfind('\n').map_or(0, |i| i + 1);
                    let last = BUILT_IN[end..].find('\n').map_or(BUILT_IN.len(), |i| end + i);
                    let on_a_pipeline = BUILT_IN[first..last].contains("pipeline:");
                    match plays(content) {
                        Ok(()) => {}
                        Err(GenerateError::NoCave { .. }) if on_a_pipeline => {}
                        Err(e) => prop_assert!(false, "read, but no run starts: {e}"),
                    }
                }
                Err(e) => prop_assert!(!e.to_string().contains('\n'), "{e}"),
            }
        }
    }

    /// Every number of the two rows the first level certainly uses (the
    /// filler kind and the player), set to 0, one under and one over: read
    /// and played, or refused. Both happen.
    #[test]
    fn the_first_levels_numbers_at_their_edges_are_read_and_played_or_refused() {
        let mut spots = numbers_in("        \"filler\": (\n", "\n        ),\n");
        spots.extend(numbers_in("    player: (", "\n    ),\n"));
        assert!(spots.len() >= 30, "{} numbers", spots.len());
        let (mut read, mut refused) = (0, 0);
        for spot in spots {
            let was: u64 = BUILT_IN[spot.0..spot.1].parse().unwrap();
            for value in [0, was.saturating_sub(1), was + 1] {
                match Content::parse(&with_number(spot, value)) {
                    Ok(content) => {
                        if let Err(e) = plays(content) {
                            panic!("{value} at byte {}: read, but no run starts: {e}", spot.0);
                        }
                        read += 1;
                    }
                    Err(e) => {
                        assert!(!e.to_string().contains('\n'), "{e}");
                        refused += 1;
                    }
                }
            }
        }
        assert!(read > 0 && refused > 0, "read {read}, refused {refused}");
    }

    /// A content that reads but whose filler can make no cave is reported,
    /// not passed over.
    #[test]
    fn a_content_that_reads_but_makes_no_cave_is_reported() {
        let text = BUILT_IN.replacen("inplace:RRRKKFFFF", "inplace:RRRRRRRRR", 1);
        let content = Content::parse(&text).expect("it reads");
        assert!(matches!(plays(content), Err(GenerateError::NoCave { .. })));
    }

    #[test]
    fn numbers_past_their_bounds_name_the_row_field_and_bound() {
        let fast = BUILT_IN.replacen("speed: 6,", "speed: 5000,", 1);
        let e = Content::parse(&fast).unwrap_err();
        assert!(
            e.message.contains("monster '") && e.message.contains("speed 5000 is not in 0 to 120"),
            "{e}"
        );
        let light = BUILT_IN.replacen("radius: 2", "radius: 99", 1);
        let e = Content::parse(&light).unwrap_err();
        assert!(e.message.contains("Light radius 99"), "{e}");
        assert!(e.message.contains("item '"), "{e}");
    }
}
