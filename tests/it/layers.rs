//! The layers hold, read from the source: no module of a folder of `src/`
//! imports its way round in a circle (the folder's `mod.rs` counted as a
//! module: a child that takes its words through the façade that re-exports
//! it is a circle), the rules do no file work, the plain
//! layers name no Bevy, and the game's shared words name no demo's types.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The text of a file, comments left out.
fn code(path: &Path) -> String {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| l.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every `.rs` file under `dir`, at any depth.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out
}

/// A file's code as the cycle checks read it: comments and its test module
/// (where `super::` means the file itself) left out.
fn code_outside_tests(path: &Path) -> String {
    let text = code(path);
    match text.find("#[cfg(test)]") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}

/// The modules of `folder` (a file or a sub-folder each, and the folder's
/// own `mod.rs` as the node `mod`) with the text of each.
fn modules(folder: &Path) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        if path.is_dir() {
            let text: String = files(&path).iter().map(|p| code_outside_tests(p)).collect();
            out.insert(name, text);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.insert(name, code_outside_tests(&path));
        }
    }
    out
}

/// Does `mod.rs`'s text use its child `name` (`use name::…`, `pub use
/// name::…`)? That is the façade's re-export.
fn facade_uses(text: &str, name: &str) -> bool {
    ["use ", "use self::"].iter().any(|lead| {
        text.match_indices(lead).any(|(at, _)| {
            let rest = &text[at + lead.len()..];
            rest.strip_prefix(name).is_some_and(|r| r.starts_with("::"))
        })
    })
}

/// Does a child's `text` name an item straight under its folder (`super::Word`,
/// `crate::folder::{Word}`), not one of the folder's modules? Then it takes its
/// words through `mod.rs`, whether mod.rs defines them or re-exports them.
fn names_through_facade(text: &str, prefix: &str, kids: &[&String]) -> bool {
    let is_kid = |w: &str| kids.iter().any(|k| k.as_str() == w);
    let word = |rest: &str| -> String {
        rest.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    for lead in ["super::", prefix] {
        for (at, _) in text.match_indices(lead) {
            if at > 0 && text[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':')
            {
                continue; // part of a longer path (`super::super::`, `a::super::`)
            }
            let rest = &text[at + lead.len()..];
            let words: Vec<String> = match rest.strip_prefix('{') {
                Some(group) => group
                    .split('}')
                    .next()
                    .unwrap_or_default()
                    .split(',')
                    .map(|g| word(g.trim()))
                    .collect(),
                None => vec![word(rest)],
            };
            if words.iter().any(|w| {
                !w.is_empty() && !is_kid(w) && !["self", "super", "crate"].contains(&w.as_str())
            }) {
                return true;
            }
        }
    }
    false
}

/// Does `text` import module `name` of its folder, by `super::` or by the
/// folder's full path `prefix`?
fn imports(text: &str, prefix: &str, name: &str) -> bool {
    let is_name_end = |rest: &str| !rest.starts_with(|c: char| c.is_alphanumeric() || c == '_');
    for lead in ["super::", prefix] {
        for (at, _) in text.match_indices(lead) {
            let rest = &text[at + lead.len()..];
            if rest.starts_with(name) && is_name_end(&rest[name.len()..]) {
                return true;
            }
            if let Some(group) = rest.strip_prefix('{') {
                let group = group.split('}').next().unwrap_or_default();
                if group
                    .split(',')
                    .any(|g| g.trim().split("::").next() == Some(name))
                {
                    return true;
                }
            }
        }
    }
    false
}

/// The circles among the modules of `folder`: each a set of modules that
/// import each other round. In the top folders of `src/` the folder's
/// `mod.rs` is a module too (as `../shared/tools/import-cycles` counts it);
/// in the folders below them it is left out (`kinds/` and `rules/traps/`
/// still define words their children use in their `mod.rs`).
fn circles(folder: &Path) -> Vec<BTreeSet<String>> {
    let relative = folder.strip_prefix(src()).unwrap();
    let prefix = format!("crate::{}::", relative.to_string_lossy().replace('/', "::"));
    let top = relative.components().count() == 1;
    circles_in(folder, &prefix, top)
}

fn circles_in(folder: &Path, prefix: &str, count_mod: bool) -> Vec<BTreeSet<String>> {
    let mut mods = modules(folder);
    if !count_mod {
        mods.remove("mod");
    }
    let names: Vec<&String> = mods.keys().collect();
    let kids: Vec<&String> = names.iter().copied().filter(|n| *n != "mod").collect();
    let edges: BTreeMap<&String, Vec<&String>> = mods
        .iter()
        .map(|(m, text)| {
            let to = names
                .iter()
                .copied()
                .filter(|n| match (m.as_str(), n.as_str()) {
                    (a, b) if a == b => false,
                    ("mod", child) => facade_uses(text, child),
                    (_, "mod") => names_through_facade(text, prefix, &kids),
                    _ => imports(text, prefix, n),
                })
                .collect();
            (m, to)
        })
        .collect();
    // Two modules are in one circle when each reaches the other.
    let reach = |from: &String| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from];
        while let Some(m) = stack.pop() {
            for &n in &edges[m] {
                if seen.insert(n.clone()) {
                    stack.push(n);
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&String, BTreeSet<String>> =
        names.iter().map(|n| (*n, reach(n))).collect();
    let mut out: Vec<BTreeSet<String>> = Vec::new();
    for &m in &names {
        if !reached[m].contains(m) {
            continue;
        }
        let circle: BTreeSet<String> = names
            .iter()
            .filter(|n| reached[m].contains(**n) && reached[*n].contains(m))
            .map(|n| n.to_string())
            .collect();
        if !out.contains(&circle) {
            out.push(circle);
        }
    }
    out
}

/// Every folder under `src/`, at any depth.
fn folders(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.push(path.clone());
            out.extend(folders(&path));
        }
    }
    out
}

#[test]
fn no_folder_of_src_imports_in_a_circle() {
    let mut found = Vec::new();
    for folder in folders(&src()) {
        for circle in circles(&folder) {
            found.push(format!("{}: {circle:?}", folder.display()));
        }
    }
    assert!(found.is_empty(), "import circles: {found:#?}");
}

#[test]
fn the_circle_finder_finds_a_circle() {
    // A folder written for the purpose: a -> b -> c -> a, and d alone.
    let dir = std::env::temp_dir().join(format!("gm-layers-{}", std::process::id()));
    let folder = dir.join("src").join("demo");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("a.rs"), "use super::b::X;\n").unwrap();
    std::fs::write(folder.join("b.rs"), "use crate::demo::{c, d};\n").unwrap();
    std::fs::write(folder.join("c.rs"), "fn f() { super::a::g() }\n").unwrap();
    std::fs::write(folder.join("d.rs"), "// super::a is a comment\n").unwrap();
    let mods = modules(&folder);
    assert!(imports(&mods["b"], "crate::demo::", "c"));
    assert!(!imports(&mods["d"], "crate::demo::", "a"));
    let want: BTreeSet<String> = ["a", "b", "c"].map(String::from).into();
    assert_eq!(circles_in(&folder, "crate::demo::", true), vec![want]);
    // A façade: mod.rs re-exports d's word, and d takes another word through
    // mod.rs (`super::Word`, not `super::a::Word`): d and mod import round.
    std::fs::write(folder.join("mod.rs"), "mod a;\npub use d::Thing;\n").unwrap();
    std::fs::write(folder.join("d.rs"), "use super::{Word, self};\n").unwrap();
    let facade: BTreeSet<String> = ["d", "mod"].map(String::from).into();
    assert!(circles_in(&folder, "crate::demo::", true).contains(&facade));
    assert!(!circles_in(&folder, "crate::demo::", false).contains(&facade));
    // Taking it from the module that defines it breaks the circle.
    std::fs::write(folder.join("d.rs"), "use super::c::Word;\n").unwrap();
    assert!(!circles_in(&folder, "crate::demo::", true).contains(&facade));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_rules_do_no_file_work_and_the_plain_layers_name_no_bevy() {
    for layer in ["dungeon", "generation"] {
        for file in files(&src().join(layer)) {
            let text = code(&file);
            assert!(!text.contains("bevy"), "{} names Bevy", file.display());
            if layer == "dungeon" {
                for io in ["std::fs", "File::", "OpenOptions"] {
                    assert!(
                        !text.contains(io),
                        "{} does file work ({io})",
                        file.display()
                    );
                }
            }
        }
    }
}

#[test]
fn the_game_s_shared_words_name_no_lab_or_demo_type() {
    let shared = code(&src().join("game").join("shared.rs"));
    for name in ["lab::", "compare::", "overlay::", "stages::", "fly::"] {
        assert!(!shared.contains(name), "game/shared.rs names {name}");
    }
}
