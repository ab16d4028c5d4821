//! The manual has no dead links: every relative link in README.md,
//! CHANGELOG.md and `docs/` names a file that exists, and every `#anchor` a
//! heading of the page it points into, as GitHub names headings.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// One link found in a page: the line it is on and where it points.
#[derive(Debug, PartialEq)]
struct Link {
    line: usize,
    target: String,
}

/// The lines of a page outside fenced code blocks, with their numbers.
fn prose_lines(text: &str) -> Vec<(usize, &str)> {
    let mut fence: Option<&str> = None;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let marker = ["```", "~~~"].into_iter().find(|m| trimmed.starts_with(m));
        match (fence, marker) {
            (None, Some(m)) => fence = Some(m),
            (Some(open), Some(m)) if open == m => fence = None,
            (None, None) => out.push((i + 1, line)),
            _ => {}
        }
    }
    out
}

/// A line without its inline code spans (`` `a](b` `` is no link).
fn without_code(line: &str) -> String {
    let mut out = String::new();
    let mut in_code = false;
    for c in line.chars() {
        if c == '`' {
            in_code = !in_code;
        } else if !in_code {
            out.push(c);
        }
    }
    out
}

/// Every inline link and image (`[text](target)`, `![alt](target "title")`)
/// and every reference definition (`[name]: target`) of a page.
fn links(text: &str) -> Vec<Link> {
    let mut out = Vec::new();
    for (line, raw) in prose_lines(text) {
        let prose = without_code(raw);
        let mut rest = prose.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            let inside = after[..end].trim();
            let target = inside
                .strip_prefix('<')
                .and_then(|t| t.split_once('>').map(|(t, _)| t))
                .unwrap_or_else(|| inside.split_whitespace().next().unwrap_or(""));
            out.push(Link {
                line,
                target: target.to_string(),
            });
            rest = &after[end..];
        }
        let definition = prose.trim_start();
        if let Some(label_end) = definition.find("]:")
            && definition.starts_with('[')
            && !definition[..label_end].contains('(')
            && let Some(target) = definition[label_end + 2..].split_whitespace().next()
        {
            out.push(Link {
                line,
                target: target.to_string(),
            });
        }
    }
    out
}

/// A heading's anchor as GitHub makes it: the text as rendered (code marks,
/// emphasis and link syntax gone), lower-cased, punctuation dropped, spaces
/// made hyphens.
fn slug(heading: &str) -> String {
    let mut rendered = String::new();
    let mut rest = heading;
    // `[text](target)` renders as its text.
    while let Some(open) = rest.find('[') {
        rendered.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find(']') {
            Some(close) => {
                rendered.push_str(&after[..close]);
                let tail = &after[close + 1..];
                rest = match tail.strip_prefix('(').and_then(|t| t.find(')')) {
                    Some(end) => &tail[end + 2..],
                    None => tail,
                };
            }
            None => {
                rest = after;
            }
        }
    }
    rendered.push_str(rest);
    rendered
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c),
            _ => None,
        })
        .collect()
}

/// Every anchor a page's headings give, duplicates numbered as GitHub does
/// (`a`, `a-1`, `a-2`).
fn anchors(text: &str) -> HashSet<String> {
    let mut seen = HashSet::new();
    for (_, line) in prose_lines(text) {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if !(1..=6).contains(&hashes) || !line[hashes..].starts_with(' ') {
            continue;
        }
        let base = slug(line[hashes..].trim().trim_end_matches('#').trim());
        let mut name = base.clone();
        let mut n = 0;
        while seen.contains(&name) {
            n += 1;
            name = format!("{base}-{n}");
        }
        seen.insert(name);
    }
    seen
}

/// What is wrong with each link of `page` (its text is `text`), one line a
/// fault: a file that isn't there, or an anchor no heading gives.
fn dead_links(page: &Path, text: &str) -> Vec<String> {
    let dir = page.parent().unwrap_or(Path::new("."));
    let mut faults = Vec::new();
    for Link { line, target } in links(text) {
        if target.contains("://") || target.starts_with("mailto:") || target.is_empty() {
            continue;
        }
        let (file, anchor) = match target.split_once('#') {
            Some((file, anchor)) => (file, Some(anchor)),
            None => (target.as_str(), None),
        };
        let path = if file.is_empty() {
            page.to_path_buf()
        } else {
            dir.join(file)
        };
        let at = format!("{}:{line}: {target}", page.display());
        if !path.exists() {
            faults.push(format!("{at}: no such file"));
            continue;
        }
        if let Some(anchor) = anchor {
            let Ok(linked) = std::fs::read_to_string(&path) else {
                faults.push(format!("{at}: an anchor into a file that isn't text"));
                continue;
            };
            if !anchors(&linked).contains(anchor) {
                faults.push(format!("{at}: no heading makes #{anchor}"));
            }
        }
    }
    faults
}

/// README.md, CHANGELOG.md and every Markdown page under `docs/`.
fn manual_pages() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages = vec![root.join("README.md"), root.join("CHANGELOG.md")];
    let mut dirs = vec![root.join("docs")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("docs/ is readable") {
            let path = entry.expect("a docs/ entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                pages.push(path);
            }
        }
    }
    pages.sort();
    pages
}

#[test]
fn every_link_in_the_manual_leads_somewhere() {
    let pages = manual_pages();
    assert!(pages.len() >= 10, "the manual's pages: {pages:?}");
    let mut faults = Vec::new();
    let mut checked = 0;
    for page in &pages {
        let text = std::fs::read_to_string(page).expect("a page of the manual");
        checked += links(&text).len();
        faults.extend(dead_links(page, &text));
    }
    assert!(
        checked > 100,
        "only {checked} links found: is the reader broken?"
    );
    assert!(faults.is_empty(), "dead links:\n{}", faults.join("\n"));
}

#[test]
fn headings_make_githubs_anchors() {
    assert_eq!(slug("Saves and recordings"), "saves-and-recordings");
    assert_eq!(
        slug("Mines' End: the `Catacombs`"),
        "mines-end-the-catacombs"
    );
    assert_eq!(
        slug("Headless: print a level and exit"),
        "headless-print-a-level-and-exit"
    );
    assert_eq!(slug("[0.1.0] - 2026-12-05"), "010---2026-12-05");
    assert_eq!(slug("See [the docs](docs/a.md) now"), "see-the-docs-now");
    assert_eq!(slug("80 × 21, `--no-pass2`"), "80--21---no-pass2");
    let page = "# Intro\n## Notes\n```\n# not a heading\n```\n### Notes\n#nospace\n";
    let want: HashSet<String> = ["intro", "notes", "notes-1"].map(String::from).into();
    assert_eq!(anchors(page), want);
}

#[test]
fn links_are_read_outside_code_only() {
    let page = "See [a](a.md#x) and ![pic](p.png \"title\").\n\
                `[not](code.md)` but [b](<b c.md>)\n\
                ```sh\n[no](fenced.md)\n```\n\
                [ref]: r.md\n";
    let targets: Vec<_> = links(page)
        .into_iter()
        .map(|l| (l.line, l.target))
        .collect();
    assert_eq!(
        targets,
        [
            (1, "a.md#x".to_string()),
            (1, "p.png".to_string()),
            (2, "b c.md".to_string()),
            (6, "r.md".to_string()),
        ]
    );
}

#[test]
fn a_dead_link_or_anchor_is_caught() {
    let dir = std::env::temp_dir().join(format!("gm-links-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("other.md"), "# Other page\n## Part two\n").unwrap();
    let page = dir.join("page.md");
    let text = "# Top\n\
                [ok](other.md#part-two) [ok](#top) [ok](other.md) [web](https://x.org/#y)\n\
                [gone](missing.md) [bad anchor](other.md#part-three) [self](#bottom)\n";
    std::fs::write(&page, text).unwrap();
    let faults = dead_links(&page, text);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(faults.len(), 3, "{faults:#?}");
    assert!(
        faults[0].ends_with("missing.md: no such file"),
        "{}",
        faults[0]
    );
    assert!(
        faults[1].contains("no heading makes #part-three"),
        "{}",
        faults[1]
    );
    assert!(
        faults[2].contains(":3: #bottom: no heading makes #bottom"),
        "{}",
        faults[2]
    );
}
