//! Mean floor counts after each pass, against NetHack's own.
//!
//! The targets are what NetHack 3.7's own `init_fill`, `pass_one`,
//! `pass_two` and `pass_three` (`src/mkmap.c`, rev 1.40; 3.6.7's give the
//! same) do at 80 × 21, measured over 1,000,000 levels by compiling those
//! functions as they stand with a stand-in uniform random generator (outside
//! this repository: NetHack's code is under its own licence): means 631.9,
//! 530.8, 475.5 and 459.3 cells of floor after passes 1 to 4, each ± 0.1
//! (95 %), and standard deviations of 50.8, 49.3, 54.3 and 56.5 cells a
//! level. Over N levels our mean's standard error is sd / √N; we allow 4 of
//! them, plus 0.1 for the targets' own interval. The spread is checked too:
//! NetHack's in-place pass 1 is what makes it about 50 (a buffered pass 1
//! gives about 15). This catches a misreading of NetHack that the generator
//! and the plain reference share, which their cell-for-cell agreement can't.

use gnomish_mines::generation::{MineParams, Stage, generate};

const PASS1: Stage = Stage::from_index(1);
const PASS2: Stage = Stage::from_index(2);
const PASS3: Stage = Stage::from_index(3);
const PASS4: Stage = Stage::from_index(4);

#[test]
fn mean_floor_after_each_pass_matches_nethack() {
    let p = MineParams::default();
    let n = 4000;
    // (stage, NetHack's mean, NetHack's standard deviation a level)
    let targets = [
        (PASS1, 631.9, 50.8),
        (PASS2, 530.8, 49.3),
        (PASS3, 475.5, 54.3),
        (PASS4, 459.3, 56.5),
    ];
    let mut samples: Vec<Vec<f64>> = (0..4).map(|_| Vec::with_capacity(n)).collect();
    for seed in 0..n as u64 {
        let level = generate(seed, &p).unwrap();
        for (i, (stage, _, _)) in targets.iter().enumerate() {
            samples[i].push(level.history.stats.floor_after[stage.index()] as f64);
        }
    }
    for (i, (stage, target, target_sd)) in targets.iter().enumerate() {
        let xs = &samples[i];
        let mean = xs.iter().sum::<f64>() / n as f64;
        let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n as f64 - 1.0);
        let (sd, se) = (var.sqrt(), (var / n as f64).sqrt());
        let tolerance = 4.0 * se + 0.1;
        println!(
            "pass{}: mean {mean:.1} (NetHack {target}, ± {tolerance:.1}), sd {sd:.1} (NetHack {target_sd})",
            stage.index()
        );
        assert!(
            (mean - target).abs() <= tolerance,
            "pass{}: mean {mean:.1} is not within {tolerance:.1} of NetHack's {target}",
            stage.index()
        );
        assert!(
            (sd - target_sd).abs() <= 0.1 * target_sd,
            "pass{}: sd {sd:.1} against NetHack's {target_sd}",
            stage.index()
        );
    }
}
