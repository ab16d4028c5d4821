//! Generator benchmarks. Run with `cargo bench --no-default-features --features
//! lab --bench generation` (the generator needs no Bevy, so this builds in a
//! minute or two).
//!
//! Every figure has its baseline beside it in the same run: the plain `Vec<bool>`
//! reference from `generation::reference`, written straight from
//! `docs/nethack-mines.md`. `-- --short` (what CI runs) times only the 80 × 21
//! pipeline against the plain reference, in turns, and fails if the ratio is
//! under half its target.

use criterion::{BatchSize, BenchmarkId, Criterion, Throughput, criterion_group};
use gnomish_mines::generation::reference::{self, PlainGrid};
use gnomish_mines::generation::{MineParams, generate};
use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

const SIZES: [(usize, usize); 3] = [(80, 21), (1024, 1024), (4096, 4096)];

fn label((w, h): (usize, usize)) -> String {
    format!("{w}x{h}")
}

/// Each sample's time a level, by case, for the ratios printed after the group.
static PER_LEVEL: std::sync::Mutex<Vec<(String, Duration)>> = std::sync::Mutex::new(Vec::new());

/// The median of `case`'s samples.
fn median_of(case: &str) -> Option<Duration> {
    let mut t: Vec<Duration> = PER_LEVEL
        .lock()
        .unwrap()
        .iter()
        .filter(|(c, _)| c == case)
        .map(|(_, d)| *d)
        .collect();
    t.sort();
    t.get(t.len() / 2).copied()
}

/// A bench of `make` over seeds 1, 2, ..., each sample's time a level kept
/// under `case`.
fn per_level(case: String, mut make: impl FnMut(u64)) -> impl FnMut(&mut criterion::Bencher) {
    let mut seed = 0u64;
    move |b| {
        b.iter_custom(|n| {
            let start = std::time::Instant::now();
            for _ in 0..n {
                seed += 1;
                make(seed);
            }
            let took = start.elapsed();
            let each = took.div_f64(n.max(1) as f64);
            PER_LEVEL.lock().unwrap().push((case.clone(), each));
            took
        })
    }
}

fn pipeline(c: &mut Criterion) {
    let mut g = c.benchmark_group("pipeline");
    for size in SIZES {
        let p = MineParams::sized(size.0, size.1);
        let big = size.0 * size.1 > 100_000;
        if big {
            g.sample_size(10).measurement_time(Duration::from_secs(20));
        }
        g.throughput(Throughput::Elements((size.0 * size.1) as u64));
        let packed = format!("packed/{}", label(size));
        let plain = format!("plain/{}", label(size));
        // Both from the same seeds.
        g.bench_function(
            BenchmarkId::new("packed", label(size)),
            per_level(packed.clone(), |s| {
                black_box(generate(s, &p).unwrap());
            }),
        );
        g.bench_function(
            BenchmarkId::new("plain", label(size)),
            per_level(plain.clone(), |s| {
                black_box(reference::stages(s, &p));
            }),
        );
        // The ratio beside the times: the machine's speed cancels out.
        if let (Some(a), Some(b)) = (median_of(&packed), median_of(&plain)) {
            println!(
                "pipeline/{}: packed {a:.2?}, plain {b:.2?}: {:.1} x the plain reference",
                label(size),
                b.as_secs_f64() / a.as_secs_f64()
            );
        }
    }
    g.finish();
}

fn passes(c: &mut Criterion) {
    let mut g = c.benchmark_group("pass");
    for size in SIZES {
        let p = MineParams::sized(size.0, size.1);
        if size.0 * size.1 > 100_000 {
            g.sample_size(10).measurement_time(Duration::from_secs(10));
        }
        g.throughput(Throughput::Elements((size.0 * size.1) as u64));
        let level = generate(1, &p).unwrap();
        let history = &level.history;
        for (stage, pass) in history.stages().zip(p.pipeline.passes()) {
            let before = history.snapshot(stage);
            let name = &pass.name;
            let pass = &pass.rule;
            g.bench_function(
                BenchmarkId::new(format!("{name}/packed"), label(size)),
                |b| {
                    b.iter_batched_ref(
                        || before.clone(),
                        |grid| pass.run(grid, p.interior()),
                        BatchSize::LargeInput,
                    )
                },
            );
            let plain = PlainGrid::from(before);
            g.bench_function(
                BenchmarkId::new(format!("{name}/plain"), label(size)),
                |b| {
                    b.iter_batched_ref(
                        || plain.clone(),
                        |grid| reference::run_pass(grid, pass),
                        BatchSize::LargeInput,
                    )
                },
            );
        }
    }
    g.finish();
}

/// The peer: mapgen's `CellularAutomata` filter, which runs 15 buffered
/// iterations of its 8-neighbour rule over a `MapBuffer`. Its throughput is given
/// per cell per iteration, to set against one of our buffered passes above.
fn peer(c: &mut Criterion) {
    use mapgen::filter::CellularAutomata;
    use mapgen::{MapBuffer, MapFilter};
    use rand_08::SeedableRng;
    const ITERATIONS: u64 = 15;
    let mut g = c.benchmark_group("peer");
    for size in SIZES {
        if size.0 * size.1 > 100_000 {
            g.sample_size(10).measurement_time(Duration::from_secs(10));
        }
        g.throughput(Throughput::Elements((size.0 * size.1) as u64 * ITERATIONS));
        let mut map = MapBuffer::new(size.0, size.1);
        let mut rng = gnomish_mines::generation::MineRng::from_seed(1);
        for y in 1..size.1 - 1 {
            for x in 1..size.0 - 1 {
                map.set_walkable(x, y, rng.rn2(100) < 55);
            }
        }
        let filter = CellularAutomata::new();
        let mut peer_rng = rand_08::rngs::StdRng::seed_from_u64(1);
        g.bench_function(
            BenchmarkId::new("mapgen_ca_per_iteration", label(size)),
            |b| b.iter(|| black_box(filter.modify_map(&mut peer_rng, &map))),
        );
    }
    g.finish();
}

/// Resuming a saved run is replaying its journal: a random wanderer's run on
/// NetHack's map, with monsters fighting (a content file whose player has
/// 100,000 hit points, the most a row may have, so it lasts until it starves),
/// made and replayed from its commands.
fn resume(c: &mut Criterion) {
    use gnomish_mines::dungeon::content::BUILT_IN;
    use gnomish_mines::dungeon::journal::{Journal, journal_text};
    use gnomish_mines::dungeon::{Command, Content, Dungeon, RunSetup};
    use gnomish_mines::generation::{Dir, MineRng};
    let content = Content::parse(&BUILT_IN.replace("hp: 24,", "hp: 100000,")).unwrap();
    let hash = content.hash_text();
    let setup = RunSetup {
        content: std::sync::Arc::new(content),
        ..RunSetup::default()
    };
    // Wander: random moves and waits, the stairs when standing on them.
    let mut run = Dungeon::new(1, setup.clone()).unwrap();
    let mut rng = MineRng::from_seed(1);
    // Until the run ends: nobody feeds the wanderer, so it starves after
    // about 1,100 turns (hunger came after this bench was written for 10,000).
    while run.turn() <= 10_000 && !run.is_over() {
        let p = run.player().pos;
        let c = if run.level().down_stairs() == Some(p) && rng.rn2(2) == 0 {
            Command::Down
        } else if rng.rn2(9) == 0 {
            Command::Wait
        } else {
            Command::Move(Dir::ALL[rng.rn2(8) as usize])
        };
        run.act(c);
    }
    let text = journal_text(&run);
    let mut g = c.benchmark_group("resume");
    g.sample_size(10);
    g.bench_function("wanderer/80x21", |b| {
        b.iter(|| {
            let journal = Journal::read(text.as_bytes(), &hash).unwrap();
            let mut again = Dungeon::new(1, setup.clone()).unwrap();
            again.play(&journal.commands);
            assert_eq!(again.turn(), run.turn());
            black_box(again)
        })
    });
    g.finish();
    eprintln!(
        "resume: {} commands, {} turns ({:?}), deepest level {}",
        run.commands().len(),
        run.turn(),
        run.status(),
        (1..=run.level_count())
            .filter(|&d| run.level_at(d).is_some())
            .count()
    );
}

/// The lab and the catalogue, on all cores (rayon): paired seeds a second with
/// every metric, and seeds a second with every level catalogued.
fn tools(c: &mut Criterion) {
    use gnomish_mines::dungeon::RunSetup;
    use gnomish_mines::lab::{self, LabConfig, Variant, catalog};
    let mut g = c.benchmark_group("tools");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    const SEEDS: u64 = 2000;
    g.throughput(Throughput::Elements(SEEDS));
    let mut from = 0;
    g.bench_function("lab_paired_seeds", |b| {
        b.iter(|| {
            from += SEEDS;
            let config = LabConfig {
                from,
                count: SEEDS,
                variants: Variant::defaults(),
                params: MineParams::default(),
            };
            black_box(lab::run(&config, || {}))
        })
    });
    let setup = RunSetup::default();
    g.bench_function("catalog_seeds", |b| {
        b.iter(|| {
            from += SEEDS;
            black_box(catalog::catalogue(from, SEEDS, &setup, || {}).unwrap())
        })
    });
    g.finish();
}

criterion_group!(benches, passes, pipeline, peer, resume, tools);

/// The generator's targets at 80 × 21: at most this long a level...
const TARGET_TIME: Duration = Duration::from_micros(10);
/// ...and at least this many times faster than the plain reference.
const TARGET_RATIO: f64 = 10.0;

/// `--short`: the 80 × 21 pipeline and the plain reference, timed in turns over
/// the same seeds so that the machine's noise falls on both; the median of the
/// rounds' ratios. Fails only if the ratio is under half its target (the time
/// a level is printed, not held: it is the machine's speed as much as ours).
fn short() -> bool {
    const ROUNDS: usize = 60;
    const LEVELS: u64 = 200;
    let p = MineParams::sized(80, 21);
    let time = |seed: u64, make: &dyn Fn(u64)| {
        let start = Instant::now();
        for s in seed..seed + LEVELS {
            make(s);
        }
        start.elapsed().div_f64(LEVELS as f64)
    };
    let packed = |s| {
        black_box(generate(s, &p).unwrap());
    };
    let plain = |s| {
        black_box(reference::stages(s, &p));
    };
    // Warm up the caches and the allocator.
    time(1, &packed);
    time(1, &plain);
    let mut rounds: Vec<(f64, Duration, Duration)> = (0..ROUNDS as u64)
        .map(|r| {
            let seed = 1 + r * LEVELS;
            let a = time(seed, &packed);
            let b = time(seed, &plain);
            (b.as_secs_f64() / a.as_secs_f64(), a, b)
        })
        .collect();
    rounds.sort_by(|x, y| x.0.total_cmp(&y.0));
    let (ratio, a, b) = rounds[ROUNDS / 2];
    let floor = TARGET_RATIO / 2.0;
    let verdict = if ratio >= TARGET_RATIO {
        "met"
    } else if ratio >= floor {
        "missed"
    } else {
        "BROKEN"
    };
    println!(
        "pipeline/80x21: packed {a:.2?} a level (target <= {TARGET_TIME:?}), plain {b:.2?}: \
         {ratio:.2} x the plain reference (target >= {TARGET_RATIO} x): {verdict}"
    );
    ratio >= floor
}

fn main() -> ExitCode {
    if std::env::args().any(|a| a == "--short") {
        if short() {
            ExitCode::SUCCESS
        } else {
            eprintln!(
                "the generator's ratio to the plain reference is under half its target ({} x)",
                TARGET_RATIO / 2.0
            );
            ExitCode::FAILURE
        }
    } else {
        benches();
        Criterion::default().configure_from_args().final_summary();
        ExitCode::SUCCESS
    }
}
