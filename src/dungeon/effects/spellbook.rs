//! `Spellbook(level, school, delay, casts)`: read (`r`), it is studied for
//! a time that grows with its level (NetHack 3.7's `study_book`) and, if
//! the study goes well, teaches the spell named `casts` (a rule of
//! `rules/cast.rs`), cast with `Z`. Blank paper is level 0 and teaches
//! nothing.

use std::sync::Arc;

use serde::Deserialize;

use crate::dungeon::effects::{Book, ItemEffect};
use crate::dungeon::skills::Skill;

/// The highest spell level (NetHack's spells go from 1 to 7).
const MAX_LEVEL: u32 = 7;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Spellbook {
    level: u32,
    #[serde(default)]
    school: Option<Skill>,
    #[serde(default)]
    delay: u32,
    casts: String,
}

impl ItemEffect for Spellbook {
    fn describe(&self) -> String {
        match self.school {
            Some(school) if self.level > 0 => format!(
                "a spellbook (`r`, then `Z`): {}, level {} {}",
                self.casts,
                self.level,
                school.school_word()
            ),
            _ => "a spellbook (`r`): blank".to_string(),
        }
    }

    fn check(&self) -> Result<(), String> {
        if self.level > MAX_LEVEL {
            return Err(format!(
                "Spellbook level {} is over {MAX_LEVEL}",
                self.level
            ));
        }
        if self.level > 0 && (self.school.is_none() || self.delay == 0) {
            return Err("a Spellbook of level 1 or more needs a school and a delay".into());
        }
        if let Some(school) = self.school
            && !school.is_spell_school()
        {
            return Err(format!(
                "Spellbook school {school:?} is not a school of spells"
            ));
        }
        Ok(())
    }

    fn spellbook(&self) -> Option<Book<'_>> {
        Some(Book {
            level: self.level,
            school: self.school,
            delay: self.delay,
            casts: &self.casts,
        })
    }
}

pub(super) fn make(text: &str) -> Result<Arc<dyn ItemEffect>, String> {
    Ok(Arc::new(crate::dungeon::effects::settings::<Spellbook>(
        text,
    )?))
}
