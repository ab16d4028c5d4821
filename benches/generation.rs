//! Generator benchmarks. Run with `cargo bench --no-default-features` (the generator
//! needs no Bevy, so this builds in a minute or two).
//!
//! Every figure has its baseline beside it in the same run: the plain `Vec<bool>`
//! reference from `generation::reference`, written straight from SPEC.

use criterion::{BatchSize, BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use gnomish_mines::generation::reference::{self, PlainGrid};
use gnomish_mines::generation::{MineParams, Stage, generate};
use std::hint::black_box;
use std::time::Duration;

const SIZES: [(usize, usize); 3] = [(80, 21), (1024, 1024), (4096, 4096)];

fn label((w, h): (usize, usize)) -> String {
    format!("{w}x{h}")
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
        let mut seed = 0u64;
        g.bench_function(BenchmarkId::new("packed", label(size)), |b| {
            b.iter(|| {
                seed += 1;
                black_box(generate(seed, &p).unwrap())
            })
        });
        g.bench_function(BenchmarkId::new("plain", label(size)), |b| {
            b.iter(|| {
                seed += 1;
                black_box(reference::stages(seed, &p))
            })
        });
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
        for (i, pass) in p.passes.iter().enumerate() {
            let before = level.snapshot(Stage::ALL[i]);
            let name = format!("pass{}", i + 1);
            g.bench_function(BenchmarkId::new(format!("{name}/packed"), label(size)), |b| {
                b.iter_batched_ref(
                    || before.clone(),
                    |grid| pass.run(grid, &p),
                    BatchSize::LargeInput,
                )
            });
            let plain = PlainGrid::from(before);
            g.bench_function(BenchmarkId::new(format!("{name}/plain"), label(size)), |b| {
                b.iter_batched_ref(
                    || plain.clone(),
                    |grid| reference::run_pass(grid, pass),
                    BatchSize::LargeInput,
                )
            });
        }
    }
    g.finish();
}

criterion_group!(benches, passes, pipeline);
criterion_main!(benches);
