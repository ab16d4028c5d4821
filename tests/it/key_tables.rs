//! The key tables of README.md and docs/playing.md say what the verb table
//! says: every key they name is a verb's key, a key a verb's row adds, or a
//! view key; the manual's table has a row for every verb, naming its own
//! keys, the keys its row adds (Ctrl+D, the arrows) and what it asks for
//! next (a letter, a direction). A verb whose key changes, or a new verb,
//! fails here until the docs say so.

use gnomish_mines::dungeon::verbs::{Takes, Verb, table};

/// The keys of the views (the window's and the terminal's own), and the
/// words a key cell may hold besides keys: what these tables may name that
/// is no verb's.
const VIEW_KEYS: &[&str] = &[
    "i",
    "?",
    "M",
    "O",
    "[",
    "]",
    "C",
    "F",
    "P",
    "R",
    "y",
    "Esc",
    "Tab",
    "Home",
    "Space",
    "F1",
    "F3",
    "Shift",
    "Shift+R",
    "Ctrl-N",
    "Ctrl-P",
    "Ctrl+N",
    "Ctrl+P",
    "PgUp",
    "PgDn",
    "/",
    "5",
    "1",
    "9",
    "S",
    "<",
    ">",
    ".",
    ",",
    ":",
    ";",
    "@",
    "*",
    // The option that makes the digits move.
    "number_pad",
];

/// The rows of the first table under a heading that has a `key` column:
/// (the key cell, the whole row).
fn key_rows(page: &str) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(page))
        .unwrap_or_else(|e| panic!("{page}: {e}"));
    let lines: Vec<&str> = text.lines().collect();
    let head = lines
        .iter()
        .position(|l| l.starts_with("| key | what it does |"))
        .unwrap_or_else(|| panic!("{page} has no key table"));
    lines[head + 2..]
        .iter()
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            let cell = l.trim_start_matches('|').split(" | ").next().unwrap_or("");
            (cell.trim().to_string(), l.to_string())
        })
        .collect()
}

/// The keys a cell names: each word of each `code` span.
fn keys_named(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .flat_map(|span| span.split_whitespace().map(str::to_string))
        .collect()
}

/// Every name a verb's keys go by: its own key-file characters (one by one,
/// and all together), and the keys its row adds ("Ctrl+D").
fn verb_names(verb: &Verb) -> Vec<String> {
    let mut names: Vec<String> = verb.keys().chars().map(String::from).collect();
    names.push(verb.keys().to_string());
    names.extend(verb.also().iter().map(|k| k.name()));
    names
}

/// Is this cell the verb's: does it name all its own keys before anything
/// follows them ("`_` then `>`" is travel's, not the stairs')?
fn is_verbs(cell: &str, verb: &Verb) -> bool {
    let keys = cell.split(" then ").next().unwrap_or(cell);
    let named = keys_named(keys);
    let own = verb.keys();
    named.iter().any(|k| k == own) || own.chars().all(|c| named.iter().any(|k| k.chars().eq([c])))
}

/// Every key a table names is a verb's or a view's.
fn every_key_named_is_known(page: &str) {
    let known: Vec<String> = table()
        .iter()
        .flat_map(verb_names)
        .chain(VIEW_KEYS.iter().map(|k| k.to_string()))
        .collect();
    for (cell, row) in key_rows(page) {
        for key in keys_named(&cell) {
            assert!(
                known.contains(&key),
                "{page}: `{key}` is no verb's key and no view's:\n{row}"
            );
        }
    }
}

/// The row of a verb names the keys its row adds and what it asks next.
fn verb_row_says_it_all(page: &str, cell: &str, verb: &Verb) {
    let plain = cell.replace('`', "");
    for also in verb.also() {
        assert!(
            plain.contains(&also.name()),
            "{page}: the row of `{}` ({}) does not name {}:\n{cell}",
            verb.key(),
            verb.name(),
            also.name()
        );
    }
    let asks = match verb.takes() {
        Takes::Letter(_) | Takes::LetterThenDirection(_) | Takes::LetterThenWords(..) => {
            Some("letter")
        }
        Takes::Direction(_) => Some("direction"),
        Takes::Words(_) => Some("sum"),
        Takes::Nothing | Takes::Step => None,
    };
    if let Some(word) = asks {
        assert!(
            plain.contains(word),
            "{page}: the row of `{}` ({}) does not say it asks for a {word}:\n{cell}",
            verb.key(),
            verb.name()
        );
    }
}

#[test]
fn the_readme_names_only_keys_the_verb_table_gives_as_it_gives_them() {
    let page = "README.md";
    every_key_named_is_known(page);
    // The README lists the first five minutes' keys: each verb it shows is
    // shown whole.
    for verb in table() {
        for (cell, _) in key_rows(page) {
            if is_verbs(&cell, verb) {
                verb_row_says_it_all(page, &cell, verb);
            }
        }
    }
}

#[test]
fn the_manual_has_a_row_for_every_verb_as_the_verb_table_has_it() {
    let page = "docs/playing.md";
    every_key_named_is_known(page);
    let rows = key_rows(page);
    for verb in table() {
        let row = rows
            .iter()
            .find(|(cell, _)| is_verbs(cell, verb))
            .unwrap_or_else(|| {
                panic!(
                    "{page}: no row names all of `{}` ({})'s keys",
                    verb.keys(),
                    verb.name()
                )
            });
        verb_row_says_it_all(page, &row.0, verb);
    }
}
