//! A run's key sequence as text, for `--replay`: NetHack's keys, one command each.
//!
//! `hjklyubn` move, `.` or `s` waits, `,` picks up, `>` and `<` take the stairs.
//! Whitespace is ignored and `#` starts a comment that runs to the end of the line.

use super::Command;

/// A character in a key file that is not a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyError {
    pub line: usize,
    pub column: usize,
    pub key: char,
}

impl std::fmt::Display for KeyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "line {}, column {}: '{}' is not a key (use hjklyubn . s , < >)",
            self.line,
            self.column,
            self.key.escape_default()
        )
    }
}

impl std::error::Error for KeyError {}

impl Command {
    /// The key that gives this command.
    pub fn key(self) -> char {
        match self {
            Command::Move(0, -1) => 'k',
            Command::Move(0, 1) => 'j',
            Command::Move(1, 0) => 'l',
            Command::Move(-1, 0) => 'h',
            Command::Move(-1, -1) => 'y',
            Command::Move(1, -1) => 'u',
            Command::Move(-1, 1) => 'b',
            Command::Move(1, 1) => 'n',
            Command::Move(..) => '?',
            Command::Wait => '.',
            Command::PickUp => ',',
            Command::Down => '>',
            Command::Up => '<',
        }
    }

    pub fn from_key(key: char) -> Option<Command> {
        Some(match key {
            'k' => Command::Move(0, -1),
            'j' => Command::Move(0, 1),
            'l' => Command::Move(1, 0),
            'h' => Command::Move(-1, 0),
            'y' => Command::Move(-1, -1),
            'u' => Command::Move(1, -1),
            'b' => Command::Move(-1, 1),
            'n' => Command::Move(1, 1),
            '.' | 's' => Command::Wait,
            ',' => Command::PickUp,
            '>' => Command::Down,
            '<' => Command::Up,
            _ => return None,
        })
    }
}

/// Parse a key file.
pub fn parse_keys(text: &str) -> Result<Vec<Command>, KeyError> {
    let mut out = Vec::new();
    for (l, line) in text.lines().enumerate() {
        for (c, key) in line.chars().enumerate() {
            if key == '#' {
                break;
            }
            if key.is_whitespace() {
                continue;
            }
            match Command::from_key(key) {
                Some(cmd) => out.push(cmd),
                None => {
                    return Err(KeyError {
                        line: l + 1,
                        column: c + 1,
                        key,
                    });
                }
            }
        }
    }
    Ok(out)
}

/// The key file for a command sequence (one line).
pub fn keys_text(commands: &[Command]) -> String {
    let mut s: String = commands.iter().map(|c| c.key()).collect();
    s.push('\n');
    s
}
