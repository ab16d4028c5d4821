//! A direction asked for: the question a verb's row (or the item it was
//! given) asks, which answers it takes, and the way given. The run keeps
//! the question until the next command answers it
//! (`crate::dungeon::state::Question::Direction`).

use crate::generation::Dir;

/// A direction question: what it says, and which answers it takes besides
/// the eight directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ask {
    /// What the message line asks.
    pub(crate) question: &'static str,
    /// `<` answers it: up.
    pub(crate) up: bool,
    /// `>` answers it: down.
    pub(crate) down: bool,
    /// `.` or `s` answers it: yourself (NetHack's `getdir` self).
    pub(crate) here: bool,
}

impl Ask {
    /// A question the eight directions answer.
    pub(crate) const fn compass(question: &'static str) -> Ask {
        Ask {
            question,
            up: false,
            down: false,
            here: false,
        }
    }

    /// The same question, `>` answering it too.
    pub(crate) const fn or_down(self) -> Ask {
        Ask { down: true, ..self }
    }

    /// The same question, `<` answering it too.
    pub(crate) const fn or_up(self) -> Ask {
        Ask { up: true, ..self }
    }

    /// The same question, `.` or `s` (yourself) answering it too.
    pub(crate) const fn or_here(self) -> Ask {
        Ask { here: true, ..self }
    }
}

/// NetHack's question for a direction.
pub(crate) const IN_WHAT_DIRECTION: Ask = Ask::compass("In what direction?");

/// A direction given as an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Way {
    /// One of the eight.
    Toward(Dir),
    /// Up (`<`).
    Up,
    /// Down (`>`).
    Down,
    /// Yourself (`.` or `s`).
    Here,
}

impl Way {
    /// The direction, for a question that takes only the eight (its rule
    /// never sees `<` or `>`).
    pub(crate) fn dir(self) -> Option<Dir> {
        match self {
            Way::Toward(d) => Some(d),
            Way::Up | Way::Down | Way::Here => None,
        }
    }
}

/// What a letter-then-direction verb's first part found the item to do
/// (`crate::dungeon::verbs::Rule::LetterThenDirection`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Then {
    /// It acted at once; whether that took a turn.
    Done(bool),
    /// It asks this direction question.
    Ask(Ask),
}
