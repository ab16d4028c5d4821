//! The one way everything starts: the flags become one plan (every flag
//! checked, the hero they name resolved once), then a tool, the headless
//! printing, or a game; a game's first run is made in one place
//! ([`first_session`]: resumed, replayed or new) and handed to the window
//! or the terminal. Everything that can refuse the start (the options, the
//! keys, the display, the map's size) is checked before any save is
//! touched.

#[cfg(any(feature = "play", feature = "tui"))]
use gnomish_mines::dungeon::hero::HeroWish;
#[cfg(any(feature = "play", feature = "tui"))]
use gnomish_mines::options::{self, Loaded};
#[cfg(any(feature = "play", feature = "tui"))]
use gnomish_mines::saves::{self, Found, Record, SaveAt, Session};

use crate::cli::{Cli, Plan};
use crate::{headless, tools};

/// Start what the command line asks for.
pub(crate) fn start(cli: &Cli) -> Result<(), String> {
    if let Some(tool) = &cli.command {
        return tools::run(tool);
    }
    let plan = cli.plan()?;
    cli.refuse_unused()?;
    if cli.is_headless() {
        return headless::print(cli, &plan);
    }
    game(cli, plan)
}

#[cfg(not(any(feature = "play", feature = "tui")))]
fn game(_cli: &Cli, _plan: Plan) -> Result<(), String> {
    Err(
        "this build has neither the window nor the terminal (built without the `play` \
         and `tui` features): use --ascii, --stages or --stats"
            .into(),
    )
}

/// A game: the options read and checked, then the first run made and
/// played in the terminal or the window.
#[cfg(any(feature = "play", feature = "tui"))]
fn game(cli: &Cli, plan: Plan) -> Result<(), String> {
    // A bad options file stops the game before any window opens.
    let options = options::load(cli.options.as_deref())?;
    let wish = NewRun {
        hero: options.options.hero(&plan.setup.content)?,
        autopickup: options.options.pickup()?,
        pet_name: options.options.pet_name.clone(),
    };
    if cli.in_terminal() {
        let depth = plan.depth;
        let first = first_session(cli, plan, wish)?;
        return play_in_terminal(cli, first, depth, options);
    }
    window::check(cli, &options, &plan)?;
    let depth = plan.depth;
    let first = first_session(cli, plan, wish)?;
    window::play(cli, first, depth, options)
}

/// What a new run takes from the options file: the hero (picked for the
/// run's seed where it leaves something out), how it picks up, its pet's
/// name.
#[cfg(any(feature = "play", feature = "tui"))]
struct NewRun {
    hero: Option<(HeroWish, Option<String>)>,
    autopickup: Option<gnomish_mines::dungeon::PickupTypes>,
    pet_name: Option<String>,
}

/// The game's first run and its journal, and whether the game asks who you
/// are first.
#[cfg(any(feature = "play", feature = "tui"))]
pub(crate) struct First {
    pub session: Session,
    pub pick_hero: bool,
}

/// The game's first run, made here once: the saved run resumed; or a new
/// run (a random seed unless `--seed`), `--replay` played, its journal in
/// the save directory or at `--save`. A screenshot never touches the saves.
#[cfg(any(feature = "play", feature = "tui"))]
fn first_session(cli: &Cli, mut plan: Plan, new: NewRun) -> Result<First, String> {
    let found = if cli.screenshot.is_some() {
        Found::New {
            journal: None,
            notice: None,
        }
    } else {
        let at = SaveAt {
            file: cli.save.clone(),
            may_resume: !cli.defines_run(),
        };
        saves::open(&at, &plan.setup.content)?
    };
    let record = cli.record.clone().map(|path| Record {
        path,
        content: cli.content.clone(),
    });
    let (journal, notice) = match found {
        Found::Resume {
            run,
            journal,
            notice,
        } => {
            eprintln!(
                "gnomish-mines: resumed turn {} of seed {} from {}",
                run.turn(),
                run.seed(),
                journal.path.display()
            );
            return Ok(First {
                session: Session::keep(*run, Some(journal), record, Some(notice)),
                pick_hero: false,
            });
        }
        Found::New { journal, notice } => (journal, notice),
    };
    if let Some(line) = &notice {
        eprintln!("gnomish-mines: {line}");
    }
    // A new game with somewhere to keep it gets a seed of its own.
    if journal.is_some() && cli.seed.is_none() && cli.replay.is_none() {
        plan.seed = rand::random::<u64>();
    }
    // A replay and a screenshot play the hero they have; a new game that
    // names none plays the options' hero, or asks.
    let nameless = plan.setup.hero.is_none()
        && cli.replay.is_none()
        && cli.screenshot.is_none()
        && !plan.setup.content.heroes().roles.is_empty();
    if nameless && let Some((wish, pet)) = new.hero {
        plan.setup.hero = Some(wish.for_run(plan.seed));
        plan.setup.pet = pet;
    }
    // A new run picks up as the options say (kept in its journal's header).
    if cli.replay.is_none() && plan.replay.is_empty() {
        plan.setup.options.autopickup = new.autopickup;
        plan.setup.pet_name = new.pet_name;
    }
    let run = plan.make_run()?;
    Ok(First {
        session: Session::keep(run, journal, record, notice),
        pick_hero: nameless && plan.setup.hero.is_none(),
    })
}

#[cfg(feature = "tui")]
fn play_in_terminal(
    cli: &Cli,
    first: First,
    depth: Option<usize>,
    options: Loaded,
) -> Result<(), String> {
    use gnomish_mines::tui::{StartViews, TuiConfig, play};
    play(TuiConfig {
        session: first.session,
        pick_hero: first.pick_hero,
        reveal: cli.reveal || depth.is_some(),
        views: StartViews {
            overlay: cli.overlay,
            stage: cli.stage.clone(),
            compare: cli.compare.clone(),
            compare_view: cli.compare_view,
        },
        depth,
        screenshot: cli.screenshot.clone(),
        options,
    })
}

#[cfg(all(feature = "play", not(feature = "tui")))]
fn play_in_terminal(
    _cli: &Cli,
    _first: First,
    _depth: Option<usize>,
    _options: Loaded,
) -> Result<(), String> {
    Err("this build has no terminal front end (built without the `tui` feature)".into())
}

/// The window: what it checks before any save is touched, and the game.
#[cfg(feature = "play")]
mod window {
    use gnomish_mines::game::{self, GameConfig};
    use gnomish_mines::options::Loaded;

    use super::First;
    use crate::cli::{Cli, Plan};

    /// The options' keys bind, a display is there, the map fits, the frame
    /// log can be made: else a one-line reason, and no save has changed.
    pub(crate) fn check(cli: &Cli, options: &Loaded, plan: &Plan) -> Result<(), String> {
        game::check_keys(options)?;
        game::check_display()?;
        game::check_size(&plan.setup)?;
        if let Some(path) = &cli.frame_times {
            std::fs::File::create(path)
                .map_err(|e| format!("--frame-times {}: {e}", path.display()))?;
        }
        Ok(())
    }

    pub(crate) fn play(
        cli: &Cli,
        first: First,
        depth: Option<usize>,
        options: Loaded,
    ) -> Result<(), String> {
        // A level shown by --depth is shown whole.
        let config = GameConfig::default()
            .with_pick_hero(first.pick_hero)
            .with_overlay(cli.overlay)
            .with_stage(cli.stage.clone())
            .with_compare(cli.compare.clone())
            .with_compare_view(cli.compare_view)
            .with_depth(depth)
            .with_reveal(cli.reveal || depth.is_some())
            .with_screenshot(cli.screenshot.clone())
            .with_frame_times(cli.frame_times.clone())
            .with_options(options);
        game::run(first.session, config)
    }
}

#[cfg(all(feature = "tui", not(feature = "play")))]
mod window {
    use gnomish_mines::options::Loaded;

    use super::First;
    use crate::cli::{Cli, Plan};

    pub(super) fn check(_cli: &Cli, _options: &Loaded, _plan: &Plan) -> Result<(), String> {
        Ok(())
    }

    pub(super) fn play(
        _cli: &Cli,
        _first: First,
        _depth: Option<usize>,
        _options: Loaded,
    ) -> Result<(), String> {
        unreachable!("a build without the window plays in the terminal")
    }
}
