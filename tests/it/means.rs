//! Mean floor counts over 1,000 random fills against NetHack's algorithm.
//!
//! The expected means (about 635, 535, 479 and 462 after passes 1–4) are quoted
//! to the nearest few cells. Over 1,000 levels the standard error of our mean is
//! about 1 cell (the per-level spread is about 25–30 cells), so we allow four
//! standard errors for sampling plus 3 cells for the rounding of the quoted values.
//! A one-cell-per-level bias (a wrong bound or scan order) moves a mean by far more.

use gnomish_mines::generation::{MineParams, Stage, generate};

const PASS1: Stage = Stage::from_index(1);
const PASS2: Stage = Stage::from_index(2);
const PASS3: Stage = Stage::from_index(3);
const PASS4: Stage = Stage::from_index(4);

#[test]
fn mean_floor_after_each_pass_matches_nethack() {
    let p = MineParams::default();
    let n = 1000;
    let targets = [
        (PASS1, 635.0),
        (PASS2, 535.0),
        (PASS3, 479.0),
        (PASS4, 462.0),
    ];
    let mut samples: Vec<Vec<f64>> = (0..4).map(|_| Vec::with_capacity(n)).collect();
    for seed in 0..n as u64 {
        let level = generate(seed, &p).unwrap();
        for (i, (stage, _)) in targets.iter().enumerate() {
            samples[i].push(level.history.stats.floor_after[stage.index()] as f64);
        }
    }
    for (i, (stage, target)) in targets.iter().enumerate() {
        let xs = &samples[i];
        let mean = xs.iter().sum::<f64>() / n as f64;
        let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n as f64 - 1.0);
        let se = (var / n as f64).sqrt();
        let tolerance = 4.0 * se + 3.0;
        println!(
            "pass{}: mean {mean:.1} (target {target}, sd {:.1}, se {se:.2}, tolerance {tolerance:.1})",
            stage.index(),
            var.sqrt()
        );
        assert!(
            (mean - target).abs() <= tolerance,
            "pass{}: mean {mean:.1} is not within {tolerance:.1} of {target}",
            stage.index()
        );
    }
}
