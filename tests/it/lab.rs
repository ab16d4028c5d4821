//! The lab and the catalogue: paired, deterministic whatever the threads, and
//! agreeing with what `--depth D --ascii` shows.

use std::process::Command;

use gnomish_mines::dungeon::RunSetup;
use gnomish_mines::generation::{MineParams, Stage, generate};
use gnomish_mines::lab::{self, LabConfig, METRICS, STAGE_METRICS, Variant, catalog};

fn config(count: u64) -> LabConfig {
    LabConfig {
        from: 100,
        count,
        variants: Variant::defaults(),
        params: MineParams::default(),
    }
}

fn on_threads<T: Send>(n: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(n)
        .build()
        .unwrap()
        .install(f)
}

#[test]
fn the_same_whatever_the_number_of_threads() {
    let c = config(300);
    let one = on_threads(1, || lab::run(&c, || {}));
    let three = on_threads(3, || lab::run(&c, || {}));
    assert_eq!(one.markdown(), three.markdown());
    assert_eq!(one.csv(), three.csv());
    let rows = on_threads(1, || catalog::catalogue(5, 20, &RunSetup::default(), || {})).unwrap();
    let rows3 = on_threads(3, || catalog::catalogue(5, 20, &RunSetup::default(), || {})).unwrap();
    assert_eq!(rows, rows3);
}

#[test]
fn pipelines_are_paired_on_the_same_fill() {
    let c = config(50);
    let run = lab::run(&c, || {});
    for i in 0..50 {
        let seed = c.from + i as u64;
        let (a, b) = (&run.results[0][i], &run.results[1][i]);
        assert_eq!((a.seed, b.seed), (seed, seed));
        // Init is the fill: the same grid in both, so the same counts.
        assert_eq!(a.stages[0], b.stages[0]);
        let grid = |v: usize| {
            let p = MineParams {
                pipeline: c.variants[v].pipeline.clone(),
                ..MineParams::default()
            };
            generate(seed, &p)
                .unwrap()
                .history
                .snapshot(Stage::INIT)
                .clone()
        };
        assert_eq!(grid(0), grid(1), "seed {seed}: one fill");
    }
    // Pass 2 bites only where there is a pass 2.
    assert!(run.bites(0).is_some_and(|b| b.cells > 0));
    assert!(run.bites(1).is_none());
}

#[test]
fn the_csv_has_a_row_per_seed_and_pipeline_and_every_metric() {
    let run = lab::run(&config(7), || {});
    let csv = run.csv();
    let lines: Vec<&str> = csv.lines().collect();
    let header: Vec<&str> = lines[0].split(',').collect();
    assert_eq!(&header[..2], ["seed", "pipeline"]);
    for (id, _, _) in METRICS {
        assert!(header.contains(&id), "{id}");
    }
    // Stage columns for every stage any pipeline has: init, pass1..pass4, joined.
    assert_eq!(
        header.len(),
        2 + METRICS.len() + 6 * STAGE_METRICS.len() + 1
    );
    assert!(header.contains(&"pass2.floor") && header.contains(&"joined.checkerboards"));
    assert_eq!(lines.len(), 1 + 7 * 2);
    assert!(
        lines
            .iter()
            .skip(1)
            .all(|l| l.split(',').count() == header.len())
    );
    // The variant without pass 2 leaves its pass2 columns empty.
    let pass2 = header.iter().position(|h| *h == "pass2.floor").unwrap();
    let no_pass2 = lines.iter().find(|l| l.contains(",no-pass2,")).unwrap();
    assert_eq!(no_pass2.split(',').nth(pass2), Some(""));
    // Values are the report's: floor of seed 100 under NetHack is its level's.
    let level = generate(100, &MineParams::default()).unwrap();
    let floor = level.map.tiles().iter().filter(|t| t.is_walkable()).count();
    assert_eq!(lines[1].split(',').nth(2), Some(floor.to_string().as_str()));
}

#[test]
fn bad_lab_and_catalog_input_is_refused_in_one_line() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_gnomish-mines"))
            .args(args)
            .output()
            .unwrap()
    };
    for (args, says) in [
        (&["lab", "--variant", "x=buffered:KKK"][..], "variant x"),
        (&["lab", "--variant", "nope"][..], "is not NAME=PIPELINE"),
        (&["lab", "--count", "0"][..], "--count must be at least 1"),
        (&["lab", "--width", "5"][..], "too small"),
        (&["catalog", "--content", "/no/such.ron"][..], "cannot read"),
        (&["lab", "--seed", "4"][..], "unexpected argument"),
    ] {
        let o = run(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// Glyph counts of `--depth D --ascii`.
fn ascii_counts(seed: u64, depth: usize) -> (usize, usize, usize, usize, usize, Vec<Vec<char>>) {
    let o = Command::new(env!("CARGO_BIN_EXE_gnomish-mines"))
        .args([
            "--seed",
            &seed.to_string(),
            "--depth",
            &depth.to_string(),
            "--ascii",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(o.stdout).unwrap();
    // The first line names the level.
    let map: String = text.lines().skip(1).collect();
    let rows = text.lines().skip(1).map(|l| l.chars().collect()).collect();
    let count = |set: &str| map.chars().filter(|c| set.contains(*c)).count();
    // Monsters, items, traps and boulders stand on floor; altars, fountains,
    // corridors and sinks are walkable. (An open door looks like a wall and
    // a tree like a corridor: the caller adds the one and takes away the
    // other, from the map.)
    const MONSTERS: &str = "GhoMZVeYnkfs@";
    (
        count(&format!(".<>_{{#*$()[%!?^\"0{MONSTERS}")),
        count(MONSTERS),
        count("*$()[%!?"),
        count("^\""),
        count("0"),
        rows,
    )
}

#[test]
fn catalogue_rows_are_what_depth_shows() {
    let csv_path = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("catalog.csv");
    let o = Command::new(env!("CARGO_BIN_EXE_gnomish-mines"))
        .args(["catalog", "--from", "40", "--count", "3", "--csv"])
        .arg(&csv_path)
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let table = String::from_utf8(o.stdout).unwrap();
    let levels: usize = (40..43)
        .map(|s| {
            gnomish_mines::dungeon::Dungeon::new(s, RunSetup::default())
                .unwrap()
                .level_count()
        })
        .sum();
    assert_eq!(table.lines().count(), 1 + levels);
    let csv = std::fs::read_to_string(&csv_path).unwrap();
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    for line in csv.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let (seed, depth): (u64, usize) = (f[0].parse().unwrap(), f[1].parse().unwrap());
        let run = gnomish_mines::dungeon::Dungeon::new(seed, RunSetup::default()).unwrap();
        let level = run.level_as_made(depth).unwrap();
        let (floor, monsters, stars, traps, boulders, rows) = ascii_counts(seed, depth);
        // A spellbook is drawn `+`, as a closed door is: those on floor.
        let books = level
            .map()
            .cells()
            .filter(|p| {
                let t = level.map().tile(*p);
                rows.get(p.y as usize).and_then(|r| r.get(p.x as usize)) == Some(&'+')
                    && t.is_walkable()
                    && !t.is_door()
            })
            .count();
        // A web's spider stands on it and hides it.
        let under_monsters = level
            .traps()
            .iter()
            .filter(|t| level.monster_at(t.pos).is_some())
            .count();
        assert_eq!(
            f[col("traps")],
            (traps + under_monsters).to_string(),
            "{line}"
        );
        assert_eq!(f[col("boulders")], boulders.to_string(), "{line}");
        let open_doors = level
            .map()
            .tiles()
            .iter()
            .filter(|t| t.is_door() && t.is_walkable())
            .count();
        let trees = level
            .map()
            .tiles()
            .iter()
            .filter(|&&t| {
                use gnomish_mines::generation::Tile;
                // Drawn `#` as a corridor is, but not stood on.
                matches!(t, Tile::Tree | Tile::IronBars)
            })
            .count();
        assert_eq!(
            f[col("floor")],
            (floor + books + open_doors - trees).to_string(),
            "{line}"
        );
        let content = run.content();
        let listed: usize = content
            .monsters()
            .iter()
            .map(|m| f[col(&m.id)].parse::<usize>().unwrap())
            .sum();
        // A mimic posing as an object shows as the object.
        let posing: Vec<_> = level
            .monsters()
            .iter()
            .filter(|m| m.disguise.is_some())
            .map(|m| m.pos)
            .collect();
        assert_eq!(listed, monsters + posing.len(), "{line}");
        let gold_piles = level
            .items()
            .iter()
            .filter(|i| content.item(i.kind).on_pick_up.name() == "Gold")
            .count();
        let gold: u32 = level
            .items()
            .iter()
            .filter(|i| content.item(i.kind).on_pick_up.name() == "Gold")
            .map(|i| i.quantity)
            .sum();
        assert_eq!(f[col("gold")], gold.to_string(), "{line}");
        // What the rock holds, found by digging.
        let in_rock = |money: bool| {
            level
                .treasure()
                .iter()
                .filter(|t| (content.item(t.item.kind).on_pick_up.name() == "Gold") == money)
                .map(|t| if money { t.item.quantity } else { 1 })
                .sum::<u32>()
        };
        assert_eq!(f[col("rock_gold")], in_rock(true).to_string(), "{line}");
        assert_eq!(f[col("rock_gems")], in_rock(false).to_string(), "{line}");
        let others: usize = content
            .items()
            .iter()
            .filter(|i| !matches!(i.on_pick_up.name(), "Gem" | "Gold"))
            .map(|i| f[col(&i.id)].parse::<usize>().unwrap())
            .sum();
        let items = f[col("gems")].parse::<usize>().unwrap() + gold_piles + others;
        // A monster, a trap or a boulder on an item hides it, and a pile
        // shows as its top item: one glyph a cell.
        let shown: std::collections::HashSet<_> = level
            .items()
            .iter()
            .map(|i| i.pos)
            .filter(|&p| {
                level.monster_at(p).is_none() && level.trap_at(p).is_none() && !level.has_boulder(p)
            })
            .chain(posing)
            .collect();
        assert_eq!(level.items().len(), items, "{line}");
        assert_eq!(shown.len(), stars + books, "{line}");
        let last = run.level_count();
        let ends = crate::town::kinds_of(&run, "mines_end");
        assert_eq!(
            ends.contains(&f[col("kind")].to_string()),
            depth == last,
            "{line}"
        );
        assert_eq!(f[col("stairs_walk")].is_empty(), depth == last, "{line}");
    }
}
