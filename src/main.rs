//! The command line: parse it, then print a level (the headless modes) or open
//! the game. Bad input ends here, as one line on stderr and exit code 2.

mod cli;
mod headless;
mod tools;

use std::process::ExitCode;

use cli::{Cli, Parsed};

fn main() -> ExitCode {
    let cli = match Cli::parse_args() {
        Parsed::Run(cli) => cli,
        Parsed::Info(text) => {
            print!("{text}");
            return ExitCode::SUCCESS;
        }
        Parsed::Bad(reason) => return fail(reason),
    };
    match start(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(reason) => fail(reason),
    }
}

fn start(cli: &Cli) -> Result<(), String> {
    if let Some(tool) = &cli.command {
        return tools::run(tool);
    }
    if cli.is_headless() {
        return headless::print(cli, &cli.plan()?);
    }
    if let Some(depth) = cli.depth {
        if cli.screenshot.is_none() {
            return Err("--depth goes with --ascii, --stages, --stats or --screenshot".into());
        }
        if cli.replay.is_some() || cli.save.is_some() {
            return Err("--depth can't be used with --replay or --save".into());
        }
        let plan = cli.plan()?;
        let run = gnomish_mines::dungeon::Dungeon::new(plan.seed, plan.setup.clone())
            .map_err(|e| e.to_string())?;
        let n = run.level_count();
        if depth < 1 || depth > n {
            return Err(format!(
                "--depth {depth}: run {} has {n} levels (1 to {n})",
                plan.seed
            ));
        }
        if let Some(name) = &cli.stage {
            let names = plan
                .setup
                .params_for(run.kind_at(depth))
                .pipeline
                .stage_names();
            if !names.contains(name) {
                return Err(format!(
                    "invalid value '{name}' for '--stage': level {depth}'s stages are {}",
                    names.join(", ")
                ));
            }
        }
    }
    run_game(cli, game_plan(cli)?)
}

/// The game's start: the display is checked before any save is touched, so a
/// start that can't open a window changes nothing on disk.
#[cfg(feature = "play")]
fn game_plan(cli: &Cli) -> Result<cli::Plan, String> {
    gnomish_mines::game::check_display()?;
    cli.game_plan()
}

#[cfg(not(feature = "play"))]
fn game_plan(cli: &Cli) -> Result<cli::Plan, String> {
    cli.plan()
}

#[cfg(feature = "play")]
fn run_game(cli: &Cli, plan: cli::Plan) -> Result<(), String> {
    use gnomish_mines::game::shared::JournalPlan;
    use gnomish_mines::game::{GameConfig, run};
    let mut config = GameConfig::new(plan.seed, plan.setup);
    config.journal = plan.journal.map(|(path, resume, saves)| JournalPlan {
        path,
        resume,
        saves,
    });
    config.notice = plan.notice;
    config.overlay = cli.overlay;
    config.stage = cli.stage.clone();
    config.compare = cli.compare.clone();
    config.compare_view = cli.compare_view;
    config.depth = cli.depth;
    // A level shown by --depth is shown whole.
    config.reveal = cli.reveal || cli.depth.is_some();
    config.screenshot = cli.screenshot.clone();
    config.replay = plan.replay;
    config.record = cli.record.clone();
    config.content_path = cli.content.clone();
    run(config)
}

#[cfg(not(feature = "play"))]
fn run_game(_cli: &Cli, _plan: cli::Plan) -> Result<(), String> {
    Err(
        "this build has no game (built without the `play` feature): \
         use --ascii, --stages or --stats"
            .into(),
    )
}

/// The one way bad input ends: a one-line reason on stderr and exit code 2.
fn fail(reason: String) -> ExitCode {
    let reason = reason.strip_prefix("error: ").unwrap_or(&reason);
    eprintln!("gnomish-mines: error: {reason}");
    ExitCode::from(2)
}
