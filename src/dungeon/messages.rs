//! The message line and its history, NetHack style: what happened this turn,
//! and every message of the run for `Ctrl-P`.

use std::collections::VecDeque;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
/// The messages so far, each with its turn, and which belong to the latest action.
pub struct MessageLog {
    /// (sequence number, turn, text), oldest first.
    entries: VecDeque<(u64, u64, String)>,
    /// Sequence number of the next message.
    next: u64,
    /// Messages from this sequence number on belong to the latest action.
    current_from: u64,
}

impl MessageLog {
    /// A new action starts: the message line clears.
    pub(crate) fn begin_action(&mut self) {
        self.current_from = self.next;
    }

    /// A message on `turn`.
    pub fn push(&mut self, turn: u64, text: impl Into<String>) {
        self.entries.push_back((self.next, turn, text.into()));
        self.next += 1;
    }

    /// The messages of the latest action, oldest first.
    pub fn current(&self) -> impl Iterator<Item = &str> {
        self.entries
            .iter()
            .filter(|e| e.0 >= self.current_from)
            .map(|e| e.2.as_str())
    }

    /// The message line: this action's messages, joined as NetHack joins them.
    pub fn line(&self) -> String {
        self.current().collect::<Vec<_>>().join("  ")
    }

    /// The kept history, oldest first, with the turn of each message.
    pub fn history(&self) -> impl Iterator<Item = (u64, &str)> {
        self.entries.iter().map(|e| (e.1, e.2.as_str()))
    }

    /// How many messages were ever said (a running count: a rule that
    /// waits for the next one compares it).
    pub(crate) fn said(&self) -> u64 {
        self.next
    }

    /// How many messages the history holds.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Does the history hold none?
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}
