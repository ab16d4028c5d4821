//! The layers hold, read from the source: no module of a folder of `src/`
//! imports its way round in a circle, the rules do no file work, the plain
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

/// The modules of `folder` (a file or a sub-folder each, `mod.rs` aside)
/// with the text of each.
fn modules(folder: &Path) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        if path.is_dir() {
            let text: String = files(&path).iter().map(|p| code(p)).collect();
            out.insert(name, text);
        } else if path.extension().is_some_and(|e| e == "rs") && name != "mod" {
            out.insert(name, code(&path));
        }
    }
    out
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
/// import each other round.
fn circles(folder: &Path) -> Vec<BTreeSet<String>> {
    let relative = folder.strip_prefix(src()).unwrap();
    let prefix = format!("crate::{}::", relative.to_string_lossy().replace('/', "::"));
    circles_in(folder, &prefix)
}

fn circles_in(folder: &Path, prefix: &str) -> Vec<BTreeSet<String>> {
    let mods = modules(folder);
    let names: Vec<&String> = mods.keys().collect();
    let edges: BTreeMap<&String, Vec<&String>> = mods
        .iter()
        .map(|(m, text)| {
            let to = names
                .iter()
                .copied()
                .filter(|n| *n != m && imports(text, prefix, n))
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
    assert_eq!(circles_in(&folder, "crate::demo::"), vec![want]);
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
