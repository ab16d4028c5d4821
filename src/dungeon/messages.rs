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

    /// A page of the history for `Ctrl-P`: `back` pages back from the
    /// newest (past the oldest, the oldest), `per_page` messages a page,
    /// each with its turn. Every view pages the history through this.
    pub fn page(&self, back: usize, per_page: usize) -> HistoryPage {
        let per_page = per_page.max(1);
        let pages = self.entries.len().div_ceil(per_page).max(1);
        let back = back.min(pages - 1);
        let to = self.entries.len() - back * per_page;
        let from = to.saturating_sub(per_page);
        HistoryPage {
            number: pages - back,
            pages,
            lines: self
                .history()
                .skip(from)
                .take(to - from)
                .map(|(turn, text)| format!("T:{turn:<5} {text}"))
                .collect(),
        }
    }

    /// This action's messages as lines of at most `width` characters that
    /// leave room for `--More--` after them, NetHack's way: joined two
    /// spaces apart while they fit, a long one cut at spaces. A view that
    /// shows one line at a time shows these in turn.
    pub fn more_chunks(&self, width: usize) -> Vec<String> {
        let room = width.saturating_sub(MORE.len() + 1).max(10);
        let mut out: Vec<String> = Vec::new();
        for message in self.current() {
            for piece in wrap(message, room) {
                match out.last_mut() {
                    Some(last) if last.chars().count() + 2 + piece.chars().count() <= room => {
                        last.push_str("  ");
                        last.push_str(&piece);
                    }
                    _ => out.push(piece),
                }
            }
        }
        out
    }
}

/// What a line of messages that goes on says at its end.
pub const MORE: &str = "--More--";

/// A page of the message history ([`MessageLog::page`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryPage {
    /// Which page, counting from the oldest (1 to `pages`).
    pub number: usize,
    /// How many pages the history makes.
    pub pages: usize,
    /// Its messages, oldest first, each `T:turn  text`.
    pub lines: Vec<String>,
}

/// `text` cut at spaces into pieces of at most `width` characters (a word
/// longer than that is a piece of its own).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            out.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push(line);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn log_of(messages: &[&str]) -> MessageLog {
        let mut log = MessageLog::default();
        log.begin_action();
        for (i, m) in messages.iter().enumerate() {
            log.push(i as u64 + 1, *m);
        }
        log
    }

    #[test]
    fn messages_that_do_not_fit_wait_behind_more() {
        let long =
            "The gnome lord swings its crossbow. The gnome lord hits! You hit the gnome lord.";
        let said = [long, long, "You kill the gnome lord!"];
        let lines = log_of(&said).more_chunks(80);
        assert!(lines.len() >= 2, "{lines:?}");
        assert!(lines.iter().all(|l| l.chars().count() <= 71), "{lines:?}");
        // Nothing lost or reordered: the same words, in order.
        let words = |t: &str| t.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        assert_eq!(words(&lines.join(" ")), words(&said.join(" ")));
        // One line when it fits.
        assert_eq!(
            log_of(&["You hit.", "It misses."]).more_chunks(80),
            vec!["You hit.  It misses."]
        );
    }

    #[test]
    fn long_messages_wrap_at_spaces() {
        assert_eq!(wrap("one two three", 7), vec!["one two", "three"]);
        assert_eq!(wrap("a", 7), vec!["a"]);
    }

    #[test]
    fn the_history_pages_back_from_the_newest() {
        let said: Vec<String> = (1..=25).map(|i| format!("message {i}")).collect();
        let log = log_of(&said.iter().map(String::as_str).collect::<Vec<_>>());
        let newest = log.page(0, 10);
        assert_eq!((newest.number, newest.pages), (3, 3));
        assert_eq!(newest.lines.len(), 10);
        assert_eq!(newest.lines[9], "T:25    message 25");
        assert_eq!(newest.lines[0], "T:16    message 16");
        // The oldest page holds what is left; past it, still the oldest.
        let oldest = log.page(2, 10);
        assert_eq!((oldest.number, oldest.lines.len()), (1, 5));
        assert_eq!(oldest.lines[0], "T:1     message 1");
        assert_eq!(log.page(9, 10), oldest);
        // An empty history is one empty page.
        let empty = MessageLog::default().page(0, 10);
        assert_eq!((empty.number, empty.pages, empty.lines.len()), (1, 1, 0));
    }
}
