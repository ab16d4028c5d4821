//! `gnomish-mines lab` and `gnomish-mines catalog`: plain Rust, printed to
//! stdout (a progress bar on stderr, shown only on a terminal).

use std::io::Write;

use gnomish_mines::dungeon::RunSetup;
use gnomish_mines::generation::MineParams;
use gnomish_mines::lab::{self, LabConfig, Variant, catalog, plots};
use indicatif::{ProgressBar, ProgressStyle};

use crate::cli::{CatalogArgs, LabArgs, Tool, load_content};

pub(crate) fn run(tool: &Tool) -> Result<(), String> {
    match tool {
        Tool::Lab(args) => run_lab(args),
        Tool::Catalog(args) => run_catalog(args),
    }
}

/// A progress bar over `n` seeds, on stderr (hidden when it is not a terminal).
fn progress(n: u64, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(n);
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{what} {{bar:40}} {{pos}}/{{len}} seeds, {{rate}}, {{eta}} left"
        ))
        .expect("a valid template")
        // Whole seeds a second: indicatif's own {per_sec} prints 4 decimals.
        .with_key(
            "rate",
            |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{:.0} seeds/s", state.per_sec());
            },
        ),
    );
    bar
}

/// Run `f` on a pool of `threads` threads (or rayon's default).
fn with_threads<T: Send>(
    threads: Option<usize>,
    f: impl FnOnce() -> T + Send,
) -> Result<T, String> {
    match threads {
        None => Ok(f()),
        Some(0) => Err("--threads must be at least 1".into()),
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map_err(|e| e.to_string())
            .map(|pool| pool.install(f)),
    }
}

fn write(path: &std::path::Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

fn run_lab(args: &LabArgs) -> Result<(), String> {
    let variants = if args.variant.is_empty() {
        Variant::defaults()
    } else {
        args.variant
            .iter()
            .map(|v| Variant::parse(v).map_err(|e| format!("--variant: {e}")))
            .collect::<Result<Vec<_>, _>>()?
    };
    let mut names: Vec<&str> = variants.iter().map(|v| v.name.as_str()).collect();
    names.sort();
    if names.windows(2).any(|w| w[0] == w[1]) {
        return Err("--variant: two variants have the same name".into());
    }
    let params = MineParams::sized(args.width, args.height);
    params.validate().map_err(|e| e.to_string())?;
    if args.count == 0 {
        return Err("--count must be at least 1".into());
    }
    let config = LabConfig {
        from: args.from,
        count: args.count,
        variants,
        params,
    };
    let bar = progress(args.count, "lab");
    let run = with_threads(args.threads, || lab::run(&config, || bar.inc(1)))?;
    bar.finish_and_clear();
    if let Some(path) = &args.csv {
        write(path, &run.csv())?;
    }
    if let Some(dir) = &args.plots {
        plots::draw(&run, dir)?;
    }
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(run.markdown().as_bytes());
    Ok(())
}

fn run_catalog(args: &CatalogArgs) -> Result<(), String> {
    let setup = RunSetup {
        content: load_content(args.content.as_deref())?,
        ..RunSetup::default()
    };
    let bar = progress(args.count, "catalog");
    let rows = with_threads(args.threads, || {
        catalog::catalogue(args.from, args.count, &setup, || bar.inc(1))
    })??;
    bar.finish_and_clear();
    if let Some(path) = &args.csv {
        write(path, &catalog::csv(&rows, &setup))?;
    }
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(catalog::table(&rows, &setup).as_bytes());
    Ok(())
}
