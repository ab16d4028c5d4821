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
    // The one conversion of the flags into a run's setup, every flag checked.
    let plan = cli.plan()?;
    if cli.is_headless() {
        return headless::print(cli, &plan);
    }
    // A bad options file stops the game before any window opens.
    let options = gnomish_mines::options::load(cli.options.as_deref())?;
    options.options.hero(&plan.setup.content, plan.seed)?;
    if cli.tui || !cfg!(feature = "play") {
        return run_tui(cli, plan, options);
    }
    check_keys(&options)?;
    run_game(cli, game_plan(cli, plan)?, options)
}

/// The run a game starts with, made once: the resumed one, or a new one with
/// `--replay` played. A new game that names no hero plays the options' hero;
/// the returned flag says it still has none (the window then asks who you
/// are). A new run picks up and names its pet as the options say.
#[cfg(any(feature = "play", feature = "tui"))]
fn first_run(
    cli: &Cli,
    plan: &mut cli::Plan,
    options: &gnomish_mines::options::Loaded,
) -> Result<(gnomish_mines::dungeon::Dungeon, bool), String> {
    use gnomish_mines::dungeon::Dungeon;
    // A resumed run, a replay and a screenshot play the hero they have.
    let new_and_nameless = plan.run.is_none()
        && plan.setup.hero.is_none()
        && cli.replay.is_none()
        && cli.screenshot.is_none()
        && !plan.setup.content.heroes().roles.is_empty();
    if new_and_nameless
        && let Some((hero, pet)) = options.options.hero(&plan.setup.content, plan.seed)?
    {
        plan.setup.hero = Some(hero);
        plan.setup.pet = pet;
    }
    // A new run picks up as the options say (kept in its journal's header).
    if plan.run.is_none() && cli.replay.is_none() && plan.replay.is_empty() {
        plan.setup.options.autopickup = options.options.pickup()?;
        plan.setup.pet_name = options.options.pet_name.clone();
    }
    let pick_hero = new_and_nameless && plan.setup.hero.is_none();
    let run = match plan.run.take() {
        Some(run) => run,
        None => {
            let mut run = Dungeon::new(plan.seed, plan.setup.clone()).map_err(|e| e.to_string())?;
            run.play(&plan.replay);
            run
        }
    };
    Ok((run, pick_hero))
}

/// The terminal front end: the flags only a window has are refused, the
/// saves are found as the window finds them, and a new game that names no
/// hero asks who you are, as the window does.
#[cfg(feature = "tui")]
fn run_tui(
    cli: &Cli,
    plan: cli::Plan,
    options: gnomish_mines::options::Loaded,
) -> Result<(), String> {
    use gnomish_mines::tui::{JournalPlan, TuiConfig, play};
    let window_only = [
        (cli.screenshot.is_some(), "--screenshot"),
        (cli.frame_times.is_some(), "--frame-times"),
        (cli.overlay, "--overlay"),
        (cli.stage.is_some(), "--stage"),
        (cli.compare.is_some(), "--compare"),
        (cli.compare_view, "--compare-view"),
    ];
    if let Some((_, flag)) = window_only.iter().find(|(given, _)| *given) {
        return Err(format!(
            "{flag} is for the window; the terminal (--tui) has no such view"
        ));
    }
    let mut plan = cli.game_plan(plan)?;
    let (run, pick_hero) = first_run(cli, &mut plan, &options)?;
    play(TuiConfig {
        run,
        journal: plan.journal.map(|(path, resume, saves)| JournalPlan {
            path,
            resume,
            saves,
        }),
        notice: plan.notice,
        dec_graphics: options.options.symset == gnomish_mines::options::Symset::DECgraphics,
        pick_hero,
        typed_keys: options.options.typed_keys(),
        options: options.summary(),
        record: cli.record.clone().map(|path| (path, cli.content.clone())),
    })
}

#[cfg(not(feature = "tui"))]
fn run_tui(
    _cli: &Cli,
    _plan: cli::Plan,
    _options: gnomish_mines::options::Loaded,
) -> Result<(), String> {
    Err(
        "this build has neither the window nor the terminal (built without the `play` \
         and `tui` features): use --ascii, --stages or --stats"
            .into(),
    )
}

#[cfg(feature = "play")]
fn check_keys(options: &gnomish_mines::options::Loaded) -> Result<(), String> {
    gnomish_mines::game::check_keys(options)
}

#[cfg(not(feature = "play"))]
fn check_keys(_options: &gnomish_mines::options::Loaded) -> Result<(), String> {
    Ok(())
}

/// The game's start: the display is checked before any save is touched, so a
/// start that can't open a window changes nothing on disk.
#[cfg(feature = "play")]
fn game_plan(cli: &Cli, plan: cli::Plan) -> Result<cli::Plan, String> {
    gnomish_mines::game::check_display()?;
    gnomish_mines::game::check_size(&plan.setup)?;
    cli.game_plan(plan)
}

#[cfg(not(feature = "play"))]
fn game_plan(_cli: &Cli, plan: cli::Plan) -> Result<cli::Plan, String> {
    Ok(plan)
}

#[cfg(feature = "play")]
fn run_game(
    cli: &Cli,
    mut plan: cli::Plan,
    options: gnomish_mines::options::Loaded,
) -> Result<(), String> {
    use gnomish_mines::game::shared::JournalPlan;
    use gnomish_mines::game::{GameConfig, run};
    let (first, pick_hero) = first_run(cli, &mut plan, &options)?;
    // A level shown by --depth is shown whole.
    let reveal = cli.reveal || plan.depth.is_some();
    let config = GameConfig::new(plan.seed, plan.setup)
        .with_first_run(Some(first))
        .with_journal(plan.journal.map(|(path, resume, saves)| JournalPlan {
            path,
            resume,
            saves,
        }))
        .with_notice(plan.notice)
        .with_pick_hero(pick_hero)
        .with_overlay(cli.overlay)
        .with_stage(cli.stage.clone())
        .with_compare(cli.compare.clone())
        .with_compare_view(cli.compare_view)
        .with_depth(plan.depth)
        .with_reveal(reveal)
        .with_screenshot(cli.screenshot.clone())
        .with_frame_times(cli.frame_times.clone())
        .with_record(cli.record.clone())
        .with_content_path(cli.content.clone())
        .with_options(options);
    run(config)
}

#[cfg(not(feature = "play"))]
fn run_game(
    _cli: &Cli,
    _plan: cli::Plan,
    _options: gnomish_mines::options::Loaded,
) -> Result<(), String> {
    unreachable!("a build without the window plays in the terminal")
}

/// The one way bad input ends: a one-line reason on stderr and exit code 2.
fn fail(reason: String) -> ExitCode {
    let reason = reason.strip_prefix("error: ").unwrap_or(&reason);
    eprintln!("gnomish-mines: error: {reason}");
    ExitCode::from(2)
}
