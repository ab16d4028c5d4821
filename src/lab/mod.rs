//! The pass-2 lab: several pipelines run on the same seeds, so every
//! difference is measured on the very same random fill (the fill is the
//! pipeline's first step, drawn from the seed before anything else), and the
//! seed catalogue. Plain Rust, no Bevy: `gnomish-mines lab`, `gnomish-mines
//! catalog`.
//!
//! The seeds are measured in parallel (rayon); results are gathered in seed
//! order, so the output is the same whatever the number of threads.

pub mod bites;
#[cfg(feature = "lab")]
pub mod catalog;
pub mod compare;
pub mod metrics;
#[cfg(feature = "lab")]
pub mod plots;
pub mod stats;

use std::fmt::Write;

#[cfg(feature = "lab")]
use rayon::prelude::*;

use crate::dungeon::seeds::mix;
use crate::generation::{MineParams, Pipeline, Stage, generate};
use bites::Bites;
use metrics::{GraphCounts, GridCounts};
use stats::Estimate;

/// A pipeline to measure, by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    /// Its name in the tables.
    pub name: String,
    /// Its pipeline.
    pub pipeline: Pipeline,
}

impl Variant {
    /// `NAME=PIPELINE`, as `--variant` takes it.
    pub fn parse(text: &str) -> Result<Variant, String> {
        let (name, pipeline) = text
            .split_once('=')
            .ok_or_else(|| format!("'{text}' is not NAME=PIPELINE"))?;
        let name = name.trim();
        if name.is_empty() || name.contains(',') || name.contains(char::is_whitespace) {
            return Err(format!("'{name}' is not a variant name"));
        }
        let pipeline = pipeline
            .parse()
            .map_err(|e| format!("variant {name}: {e}"))?;
        Ok(Variant {
            name: name.to_string(),
            pipeline,
        })
    }

    /// The lab's default: NetHack's pipeline, and NetHack's without pass 2.
    pub fn defaults() -> Vec<Variant> {
        let nethack = Pipeline::nethack();
        vec![
            Variant {
                name: "nethack".into(),
                pipeline: nethack.clone(),
            },
            Variant {
                name: "no-pass2".into(),
                pipeline: nethack.without_passes(&[2]).expect("NetHack has a pass 2"),
            },
        ]
    }
}

/// What to run.
#[derive(Clone, Debug)]
pub struct LabConfig {
    /// The first seed.
    pub from: u64,
    /// How many seeds.
    pub count: u64,
    /// The pipelines, the first the baseline.
    pub variants: Vec<Variant>,
    /// Size and region cap; its pipeline is replaced by each variant's.
    pub params: MineParams,
}

/// The finished-map metrics, in column order: (id, how the table names it,
/// decimals shown).
pub const METRICS: [(&str, &str, usize); 18] = [
    ("floor", "floor cells", 1),
    ("walls", "wall cells", 1),
    ("regions", "regions before joining", 2),
    ("specks", "specks erased", 2),
    ("corridors", "corridors dug", 2),
    ("corridor_cells", "corridor cells dug", 1),
    ("wall_runs_4", "straight wall runs ≥ 4", 2),
    ("wall_runs_6", "straight wall runs ≥ 6", 2),
    ("runs_per_wall", "wall runs ≥ 4 per 100 wall cells", 2),
    ("roughness", "roughness (edges per floor cell)", 3),
    ("open_3x3", "open 3 × 3 blocks", 1),
    ("two_wide", "2-wide cross-sections", 2),
    ("checkerboards", "diagonal-only links", 2),
    ("chokepoints", "chokepoints", 2),
    ("dead_ends", "dead ends", 2),
    ("stairs_walk", "stairs-to-stairs walk", 2),
    ("walk_ratio", "walk / straight distance", 3),
    ("sight", "cells in sight (lit)", 1),
];

/// The metrics measured after each stage, on that stage's grid.
pub const STAGE_METRICS: [(&str, &str, usize); 8] = [
    ("floor", "floor cells", 1),
    ("walls", "wall cells", 1),
    ("wall_runs_4", "wall runs ≥ 4", 2),
    ("wall_runs_6", "wall runs ≥ 6", 2),
    ("roughness", "roughness", 3),
    ("open_3x3", "open 3 × 3", 1),
    ("two_wide", "2-wide", 2),
    ("checkerboards", "diagonal-only", 2),
];

/// "sight": the stream the sight sample of a level is drawn from.
const SIGHT_SALT: u64 = 0x0073_6967_6874;

/// One level of one pipeline.
#[derive(Clone, Debug, PartialEq)]
pub struct Measured {
    /// The seed.
    pub seed: u64,
    /// In [`METRICS`] order; NaN when the pipeline made no level.
    pub metrics: [f64; 18],
    /// Per stage, by name: [`STAGE_METRICS`] in order.
    pub stages: Vec<(String, [f64; 8])>,
    /// What the pipeline's second pass ("pass 2") turned to rock.
    pub bites: Option<Bites>,
}

fn grid_row(c: &GridCounts) -> [f64; 8] {
    [
        c.floor as f64,
        c.walls as f64,
        c.wall_runs_4 as f64,
        c.wall_runs_6 as f64,
        c.roughness,
        c.open_3x3 as f64,
        c.two_wide as f64,
        c.checkerboards as f64,
    ]
}

/// Measure the level `pipeline` makes from `seed`.
pub fn measure(seed: u64, params: &MineParams, pipeline: &Pipeline) -> Measured {
    let params = MineParams {
        pipeline: pipeline.clone(),
        ..params.clone()
    };
    let Ok(level) = generate(seed, &params) else {
        return Measured {
            seed,
            metrics: [f64::NAN; 18],
            stages: Vec::new(),
            bites: None,
        };
    };
    let h = &level.history;
    let s = &h.stats;
    let stages: Vec<(String, [f64; 8])> = h
        .stages()
        .map(|st| {
            (
                h.stage_name(st).to_string(),
                grid_row(&GridCounts::of(h.snapshot(st))),
            )
        })
        .collect();
    let last = stages.last().expect("a history has stages").1;
    let g = GraphCounts::of(&level.map, mix(seed ^ SIGHT_SALT));
    let [
        floor,
        walls,
        runs_4,
        runs_6,
        roughness,
        open,
        two_wide,
        checkers,
    ] = last;
    let metrics = [
        floor,
        walls,
        (s.regions + s.specks_erased) as f64,
        s.specks_erased as f64,
        s.corridors as f64,
        s.corridor_cells as f64,
        runs_4,
        runs_6,
        if walls > 0.0 {
            100.0 * runs_4 / walls
        } else {
            f64::NAN
        },
        roughness,
        open,
        two_wide,
        checkers,
        g.chokepoints as f64,
        g.dead_ends as f64,
        g.stairs_walk as f64,
        g.walk_ratio,
        g.sight,
    ];
    let bites = h
        .stage_named("pass2")
        .filter(|&st| st < h.last_stage())
        .map(|st| Bites::of(h, st));
    Measured {
        seed,
        metrics,
        stages,
        bites,
    }
}

/// Every seed's levels: `results[v][i]` is variant `v` on seed `from + i`.
#[derive(Clone, Debug)]
pub struct LabRun {
    /// What was run.
    pub config: LabConfig,
    /// Each variant's levels, seed by seed.
    pub results: Vec<Vec<Measured>>,
}

/// Run the lab; `tick` is called once per seed measured (from any thread).
#[cfg(feature = "lab")]
pub fn run(config: &LabConfig, tick: impl Fn() + Sync) -> LabRun {
    let per_seed: Vec<Vec<Measured>> = (config.from..config.from + config.count)
        .into_par_iter()
        .map(|seed| {
            let row = config
                .variants
                .iter()
                .map(|v| measure(seed, &config.params, &v.pipeline))
                .collect();
            tick();
            row
        })
        .collect();
    let mut results: Vec<Vec<Measured>> = config.variants.iter().map(|_| Vec::new()).collect();
    for row in per_seed {
        for (v, m) in row.into_iter().enumerate() {
            results[v].push(m);
        }
    }
    LabRun {
        config: config.clone(),
        results,
    }
}

impl LabRun {
    /// Variant `v`'s metric `m` over the seeds, NaNs (no level) left out.
    fn column(&self, v: usize, m: usize) -> impl Iterator<Item = f64> + '_ {
        self.results[v]
            .iter()
            .map(move |r| r.metrics[m])
            .filter(|x| !x.is_nan())
    }

    /// Variant `v` minus the first variant, seed by seed.
    fn paired(&self, v: usize, m: usize) -> impl Iterator<Item = f64> + '_ {
        self.results[v]
            .iter()
            .zip(&self.results[0])
            .map(move |(a, b)| a.metrics[m] - b.metrics[m])
            .filter(|x| !x.is_nan())
    }

    /// The stage names every variant has, in the first variant's order.
    pub fn shared_stages(&self) -> Vec<String> {
        let names = |v: usize| -> Vec<String> { self.config.variants[v].pipeline.stage_names() };
        names(0)
            .into_iter()
            .filter(|n| (1..self.config.variants.len()).all(|v| names(v).contains(n)))
            .collect()
    }

    fn stage_column(&self, v: usize, stage: &str, m: usize) -> impl Iterator<Item = f64> + '_ {
        let stage = stage.to_string();
        self.results[v].iter().filter_map(move |r| {
            r.stages
                .iter()
                .find(|(n, _)| *n == stage)
                .map(|(_, row)| row[m])
        })
    }

    fn stage_paired(&self, v: usize, stage: &str, m: usize) -> Vec<f64> {
        let a: Vec<f64> = self.stage_column(v, stage, m).collect();
        let b: Vec<f64> = self.stage_column(0, stage, m).collect();
        a.iter().zip(&b).map(|(x, y)| x - y).collect()
    }

    /// All bites of variant `v`'s pass 2, over every seed.
    pub fn bites(&self, v: usize) -> Option<Bites> {
        let mut total: Option<Bites> = None;
        for r in &self.results[v] {
            if let Some(b) = &r.bites {
                total.get_or_insert_with(Bites::default).add(b);
            }
        }
        total
    }

    /// The report: the metrics' means with 95 % intervals per pipeline, each
    /// variant's paired difference from the first, the stages they share, and
    /// where pass 2 bites.
    pub fn markdown(&self) -> String {
        let mut out = String::new();
        self.write_heading(&mut out);
        let (header, rule) = self.table_header();
        self.write_means(&mut out, &header, &rule);
        self.write_shared_stages(&mut out, &header, &rule);
        self.write_stage_by_stage(&mut out);
        self.write_bites(&mut out);
        out
    }

    /// The pipelines' names, in order.
    fn names(&self) -> Vec<&str> {
        self.config
            .variants
            .iter()
            .map(|v| v.name.as_str())
            .collect()
    }

    /// The report's title, its pipelines, and what its numbers are.
    fn write_heading(&self, out: &mut String) {
        let c = &self.config;
        let names = self.names();
        let _ = writeln!(
            out,
            "## Lab: {} seeds ({} to {}), {}x{}\n",
            c.count,
            c.from,
            c.from + c.count.saturating_sub(1),
            c.params.width,
            c.params.height
        );
        for v in &c.variants {
            let _ = writeln!(out, "- **{}**: `{}`", v.name, v.pipeline);
        }
        let _ = writeln!(
            out,
            "\nMeans with 95 % confidence intervals; differences are paired, seed by seed \
             (the same random fill), against **{}**.\n",
            names[0]
        );
    }

    /// The means table's header and rule: a column per pipeline, then one
    /// per difference from the first.
    fn table_header(&self) -> (String, String) {
        let names = self.names();
        let mut header = String::from("| metric |");
        let mut rule = String::from("|---|");
        for n in &names {
            header += &format!(" {n} |");
            rule += "---|";
        }
        for n in &names[1..] {
            header += &format!(" {n} − {} |", names[0]);
            rule += "---|";
        }
        (header, rule)
    }

    /// Each metric's means per pipeline, and each variant's paired
    /// difference from the first.
    fn write_means(&self, out: &mut String, header: &str, rule: &str) {
        let names = self.names();
        let _ = writeln!(out, "{header}\n{rule}");
        for (m, &(_, label, digits)) in METRICS.iter().enumerate() {
            let mut row = format!("| {label} |");
            for v in 0..names.len() {
                row += &format!(" {} |", Estimate::of(self.column(v, m)).show(digits, false));
            }
            for v in 1..names.len() {
                row += &format!(" {} |", Estimate::of(self.paired(v, m)).show(digits, true));
            }
            let _ = writeln!(out, "{row}");
        }
    }

    /// The same after each stage every pipeline has.
    fn write_shared_stages(&self, out: &mut String, header: &str, rule: &str) {
        let names = self.names();
        let shared = self.shared_stages();
        if !shared.is_empty() {
            let _ = writeln!(
                out,
                "\n### After each stage (the stages every pipeline has)\n"
            );
            let stage_header = header.replace("| metric |", "| stage: metric |");
            let _ = writeln!(out, "{stage_header}\n{rule}");
            for stage in &shared {
                for (m, &(_, label, digits)) in STAGE_METRICS.iter().enumerate() {
                    let mut row = format!("| {stage}: {label} |");
                    for v in 0..names.len() {
                        let e = Estimate::of(self.stage_column(v, stage, m));
                        row += &format!(" {} |", e.show(digits, false));
                    }
                    for v in 1..names.len() {
                        let e = Estimate::of(self.stage_paired(v, stage, m));
                        row += &format!(" {} |", e.show(digits, true));
                    }
                    let _ = writeln!(out, "{row}");
                }
            }
        }
    }

    /// Stage by stage, the baseline alone: what each of its passes does.
    fn write_stage_by_stage(&self, out: &mut String) {
        let first = &self.config.variants[0];
        let _ = writeln!(
            out,
            "\n### Stage by stage ({})\n\n| stage | {} |\n|---|{}",
            first.name,
            STAGE_METRICS.map(|m| m.1).join(" | "),
            "---|".repeat(STAGE_METRICS.len())
        );
        for stage in first.pipeline.stage_names() {
            let mut row = format!("| {stage} |");
            for (m, &(_, _, digits)) in STAGE_METRICS.iter().enumerate() {
                let e = Estimate::of(self.stage_column(0, &stage, m));
                row += &format!(" {} |", e.show(digits, false));
            }
            let _ = writeln!(out, "{row}");
        }
    }

    /// Where each pipeline's pass 2 bites: how much, and which
    /// neighbourhoods.
    fn write_bites(&self, out: &mut String) {
        let pct = |part: u64, whole: u64| 100.0 * part as f64 / whole.max(1) as f64;
        for (v, name) in self.names().iter().enumerate() {
            let Some(b) = self.bites(v) else { continue };
            let levels = self.results[v].len().max(1) as f64;
            let _ = writeln!(
                out,
                "\n### Where pass 2 bites ({name})\n\n{:.1} cells a level turned to rock, of \
                 {:.1} floor cells going in ({:.1} %). {:.1} % of them had just been made floor \
                 by pass 1, {:.1} % had been floor since the fill. Pass 1 made {:.1} cells a \
                 level floor, {:.1} of them with exactly 5 floor neighbours; pass 2 turned \
                 {:.1} % of all its births back, {:.1} % of those born at 5, and {:.1} % of \
                 the other floor.\n",
                b.cells as f64 / levels,
                b.floor_before as f64 / levels,
                pct(b.cells, b.floor_before),
                pct(b.just_made_floor, b.cells),
                pct(b.floor_since_fill, b.cells),
                b.born_before as f64 / levels,
                b.born_at_5 as f64 / levels,
                pct(b.just_made_floor, b.born_before),
                pct(b.born_at_5_undone, b.born_at_5),
                pct(b.cells - b.just_made_floor, b.floor_before - b.born_before),
            );
            let _ = writeln!(
                out,
                "| share | neighbourhood (x: the cell) | class |\n|---|---|---|"
            );
            for (class, share) in b.ranked() {
                let p = bites::picture(class);
                let _ = writeln!(
                    out,
                    "| {:.1} % | `{}` `{}` `{}` | {} |",
                    100.0 * share,
                    p[0],
                    p[1],
                    p[2],
                    bites::name(class)
                );
            }
        }
    }

    /// One row per seed and pipeline, every metric; stage metrics as
    /// `STAGE.metric` (empty where the pipeline has no such stage).
    pub fn csv(&self) -> String {
        let mut stages: Vec<String> = Vec::new();
        for v in &self.config.variants {
            for s in v.pipeline.stage_names() {
                if !stages.contains(&s) {
                    stages.push(s);
                }
            }
        }
        let mut out = String::from("seed,pipeline");
        for (id, _, _) in METRICS {
            out += &format!(",{id}");
        }
        for s in &stages {
            for (id, _, _) in STAGE_METRICS {
                out += &format!(",{s}.{id}");
            }
        }
        out += ",pass2_bites\n";
        let num = |x: f64| {
            if x.is_nan() {
                String::new()
            } else {
                format!("{x}")
            }
        };
        for (v, variant) in self.config.variants.iter().enumerate() {
            for r in &self.results[v] {
                out += &format!("{},{}", r.seed, variant.name);
                for x in r.metrics {
                    out += &format!(",{}", num(x));
                }
                for s in &stages {
                    let row = r.stages.iter().find(|(n, _)| n == s).map(|(_, row)| *row);
                    for m in 0..STAGE_METRICS.len() {
                        out += &format!(",{}", row.map_or(String::new(), |row| num(row[m])));
                    }
                }
                let bitten = r
                    .bites
                    .as_ref()
                    .map_or(String::new(), |b| b.cells.to_string());
                out += &format!(",{bitten}\n");
            }
        }
        out
    }
}

/// The same seed's level with NetHack's pipeline, whose stage `init` is the
/// fill: every pipeline's fill is drawn before any other step.
pub fn fill_of(seed: u64, params: &MineParams) -> Option<crate::generation::BitGrid> {
    generate(seed, params)
        .ok()
        .map(|l| l.history.snapshot(Stage::INIT).clone())
}
