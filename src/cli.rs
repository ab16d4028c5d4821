//! The command line: flags, and what they make (a run's setup, the game's
//! config). Bad input becomes one line for `main` to print before exiting 2.

use std::fmt::Display;
use std::path::PathBuf;
use std::sync::Arc;

use clap::Parser;
use gnomish_mines::dungeon::hero::{self, Hero};
use gnomish_mines::dungeon::keys::Header;
use gnomish_mines::dungeon::{
    Command, Content, Dungeon, KindId, RunOptions, RunSetup, built_in_content, check_variant,
    parse_keys,
};
use gnomish_mines::generation::{Pipeline, RegionCap};

/// The seed the headless modes use when none is given: a level that shows
/// every stage well. (A new game gets a random seed.)
pub(crate) const DEFAULT_SEED: u64 = 1;

// The groups `--help` lists the flags in, in this order.
const PLAY: &str = "Play";
const LEVEL: &str = "The level: size and generator";
const HEADLESS: &str = "Headless: print a level and exit";
const RUNS: &str = "Runs and journals";
const VIEWS: &str = "Views";

/// The last lines of `--help`: where the rest is.
const AFTER_HELP: &str = "\
With no flag the game opens and resumes your saved run (or starts one); in
the game, ? lists every key. Every flag, key files, journals and exit codes:
docs/cli.md. The keys and the dungeon: docs/playing.md.";

/// Build NetHack Gnomish Mines levels with mkmap.c's cellular automaton, print them,
/// or play them: down through the mines to Mines' End and its luckstone.
///
/// With none of --ascii, --stages or --stats, a window opens with the game.
#[derive(Parser, Debug, Clone)]
#[command(
    name = "gnomish-mines",
    version,
    about,
    long_about = None,
    args_conflicts_with_subcommands = true,
    after_help = AFTER_HELP
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub command: Option<Tool>,

    /// The run's seed, a whole number from 0 to 2^64-1 [default: a random seed
    /// for a new game; 1 for --ascii, --stages and --stats].
    #[arg(help_heading = PLAY, long, value_parser = parse_seed, allow_hyphen_values = true)]
    pub seed: Option<u64>,

    /// Map width in cells (NetHack's COLNO), from 10 to 16384 [default: 80].
    #[arg(help_heading = LEVEL, long, value_parser = parse_size, allow_hyphen_values = true)]
    pub width: Option<usize>,

    /// Map height in cells (NetHack's ROWNO), from 6 to 16384 [default: 21].
    #[arg(help_heading = LEVEL, long, value_parser = parse_size, allow_hyphen_values = true)]
    pub height: Option<usize>,

    /// The filler levels' pipeline of CA passes, e.g.
    /// "inplace:RRRKKFFFF buffered:KKKKKRKKK buffered:RRRKKKKKK buffered:RRRKKKKKK"
    /// (NetHack's): each pass is its update order and its fates for 0 to 8 floor
    /// neighbours, R rock, K keep, F floor.
    #[arg(help_heading = LEVEL, long, value_name = "PASSES")]
    pub pipeline: Option<String>,
    /// Drop pass N (1-based) from the filler levels' pipeline; repeatable.
    #[arg(help_heading = LEVEL, long = "skip-pass", value_name = "N")]
    pub skip_pass: Vec<usize>,
    /// Same as --skip-pass 1 (clustering, in place).
    #[arg(long, help_heading = LEVEL)]
    pub no_pass1: bool,
    /// Same as --skip-pass 2 (the enigma: exactly 5 neighbours → rock).
    #[arg(long, help_heading = LEVEL)]
    pub no_pass2: bool,
    /// Same as --skip-pass 3 (erosion).
    #[arg(long, help_heading = LEVEL)]
    pub no_pass3: bool,
    /// Same as --skip-pass 4 (erosion again).
    #[arg(long, help_heading = LEVEL)]
    pub no_pass4: bool,
    /// Don't join the filler levels' caves (no corridors, specks kept).
    #[arg(long, help_heading = LEVEL)]
    pub no_join: bool,
    /// Join every region instead of stopping at NetHack's 80.
    #[arg(long, help_heading = LEVEL)]
    pub unlimited_regions: bool,
    /// Play with this content file instead of the built-in assets/mines.ron.
    #[arg(help_heading = PLAY, long, value_name = "FILE")]
    pub content: Option<PathBuf>,

    /// Print the finished level in NetHack glyphs and exit.
    #[arg(long, help_heading = HEADLESS)]
    pub ascii: bool,
    /// Print the grid after every stage (init, each pass, joined) and exit.
    #[arg(long, help_heading = HEADLESS)]
    pub stages: bool,
    /// Print the level's stats and exit.
    #[arg(long, help_heading = HEADLESS)]
    pub stats: bool,
    /// With --ascii, --stages or --stats: level D of the run as first made and
    /// stocked, every monster and item shown.
    #[arg(help_heading = HEADLESS, long, value_name = "D")]
    pub depth: Option<usize>,

    /// Play this key file or journal from the start of the run (one character a
    /// command: hjklyubn . s ^ , < > p, and a d w W T q r e each with an
    /// inventory letter); with --ascii, print where it ends; in the game,
    /// continue from there. Its header gives the seed, size and options.
    #[arg(help_heading = RUNS, long, value_name = "FILE")]
    pub replay: Option<PathBuf>,
    /// Game: keep the run's journal here instead of in the save directory
    /// (resumed from here next time); with --ascii and friends, read it.
    #[arg(help_heading = RUNS, long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Game: start a new run, even if a saved one could be resumed.
    #[arg(long, help_heading = RUNS)]
    pub new: bool,
    /// Show the whole map and every monster, not just what the player sees
    /// (the game's M key).
    #[arg(long, help_heading = VIEWS)]
    pub reveal: bool,
    /// Game: write every key of the run to this file as you play, for --replay.
    #[arg(help_heading = RUNS, long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// A run without monsters.
    #[arg(long, help_heading = PLAY)]
    pub no_monsters: bool,
    /// The run's Minetown is this variant (orcish_town, town_square,
    /// alley_town, college_town, grotto_town, bustling_town, bazaar_town)
    /// instead of the one drawn from the seed.
    #[arg(help_heading = PLAY, long, value_name = "NAME")]
    pub minetown: Option<String>,
    /// The run's Mines' End is this variant (mimic_of_the_mines,
    /// gnome_kings_wine_cellar, catacombs) instead of the one drawn.
    #[arg(help_heading = PLAY, long = "mines-end", value_name = "NAME")]
    pub mines_end: Option<String>,
    /// Play as this role (archeologist, barbarian, caveman, healer, priest,
    /// ranger, rogue, samurai, tourist, valkyrie, wizard); with --race and --alignment, what is not given is picked
    /// for you among what NetHack allows. Without any of the three a new
    /// game in the window asks, and the headless modes play the nameless hero
    /// of runs from before heroes.
    #[arg(help_heading = PLAY, long, value_name = "NAME")]
    pub role: Option<String>,
    /// Play as this race (human, elf, dwarf, gnome, orc).
    #[arg(help_heading = PLAY, long, value_name = "NAME")]
    pub race: Option<String>,
    /// Play with this alignment (lawful, neutral, chaotic).
    #[arg(help_heading = PLAY, long, value_name = "NAME")]
    pub alignment: Option<String>,
    /// The hero's pet: kitten, little_dog or none (default: the role's, else
    /// one of the two drawn from the seed). Goes with a hero.
    #[arg(help_heading = PLAY, long, value_name = "NAME")]
    pub pet: Option<String>,

    /// Game: start with the provenance overlay on.
    #[arg(long, help_heading = VIEWS)]
    pub overlay: bool,
    /// Game: start by showing the map as it was after this stage (a stage name
    /// of the pipeline: init, pass1 ... joined).
    #[arg(help_heading = VIEWS, long, value_name = "NAME")]
    pub stage: Option<String>,
    /// Game: the pipeline the comparison view (C) makes the same seed's
    /// level with (default: the level's own without pass 2).
    #[arg(help_heading = VIEWS, long, value_name = "PIPELINE", value_parser = parse_pipeline)]
    pub compare: Option<Pipeline>,
    /// Game: start in the comparison view (as if C had been pressed).
    #[arg(long, help_heading = VIEWS)]
    pub compare_view: bool,
    /// Game: render one frame, save it as a PNG here, and exit (with --tui: the screen as
    /// text in its colour codes, and beside it as a PNG when PATH ends in .png).
    #[arg(help_heading = VIEWS, long, value_name = "PATH")]
    pub screenshot: Option<PathBuf>,
    /// Game: write each frame's time in milliseconds to this file, one a line,
    /// as the game runs (for measuring; see tools/frame_times.py).
    #[arg(help_heading = VIEWS, long, value_name = "FILE")]
    pub frame_times: Option<PathBuf>,
    /// Play in this terminal instead of a window: NetHack's screen over the
    /// same run and journal (a build without the window always plays here).
    #[arg(long, help_heading = PLAY)]
    pub tui: bool,
    /// Game: read the options from this file instead of the config
    /// directory's options.ron (the hero you play, keys, history).
    #[arg(help_heading = PLAY, long, value_name = "FILE")]
    pub options: Option<PathBuf>,
}

/// The tools beside the game.
#[derive(clap::Subcommand, Debug, Clone)]
pub(crate) enum Tool {
    /// Run pipelines on the same seeds and measure what each stage does
    /// (default: NetHack's pipeline against NetHack's without pass 2).
    Lab(LabArgs),
    /// One row per seed and level: what each level holds, for seed hunters.
    Catalog(CatalogArgs),
}

#[derive(clap::Args, Debug, Clone)]
pub(crate) struct LabArgs {
    /// The first seed.
    #[arg(long, default_value_t = 0, value_parser = parse_seed)]
    pub from: u64,
    /// How many seeds.
    #[arg(long, default_value_t = 1000)]
    pub count: u64,
    /// A pipeline to measure, NAME=PIPELINE (repeatable; the first is the
    /// baseline the others are compared with). Default: nethack and no-pass2.
    #[arg(long, value_name = "NAME=PIPELINE")]
    pub variant: Vec<String>,
    /// Map width.
    #[arg(long, default_value_t = 80, value_parser = parse_size)]
    pub width: usize,
    /// Map height.
    #[arg(long, default_value_t = 21, value_parser = parse_size)]
    pub height: usize,
    /// Also write one row per seed and pipeline, every metric, to this file.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Also draw the charts, as PNG files, into this directory.
    #[arg(long, value_name = "DIR")]
    pub plots: Option<PathBuf>,
    /// Threads to measure with (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,
}

#[derive(clap::Args, Debug, Clone)]
pub(crate) struct CatalogArgs {
    /// The first seed.
    #[arg(long, default_value_t = 0, value_parser = parse_seed)]
    pub from: u64,
    /// How many seeds (every level of each).
    #[arg(long, default_value_t = 10)]
    pub count: u64,
    /// Also write the rows as CSV to this file.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// The content file the runs are played with.
    #[arg(long, value_name = "FILE")]
    pub content: Option<PathBuf>,
    /// Threads to work with (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,
}

fn parse_seed(s: &str) -> Result<u64, String> {
    s.parse::<u64>().map_err(|_| {
        format!(
            "'{s}' is not a seed: use a whole number from 0 to {}",
            u64::MAX
        )
    })
}

fn parse_pipeline(s: &str) -> Result<Pipeline, String> {
    s.parse::<Pipeline>().map_err(|e| e.to_string())
}

fn parse_size(s: &str) -> Result<usize, String> {
    s.parse::<usize>()
        .map_err(|_| format!("'{s}' is not a size: use a whole number of cells"))
}

/// How a parse ended, when it did not give a command line.
pub(crate) enum Parsed {
    Run(Box<Cli>),
    /// `--help` or `--version`: print this and exit 0.
    Info(String),
    /// Bad input: one line.
    Bad(String),
}

/// A run read from the command line (and a replay's header): every flag
/// checked once, the hero the flags name resolved once.
pub(crate) struct Plan {
    pub seed: u64,
    pub setup: RunSetup,
    /// The commands of `--replay` (or, headless, of `--save`).
    pub replay: Vec<Command>,
    /// `--depth`: the level shown, checked against the run's plan.
    pub depth: Option<usize>,
}

impl Plan {
    /// The run this plan makes: new, with the replayed commands played.
    pub(crate) fn make_run(&self) -> Result<Dungeon, String> {
        let mut run = Dungeon::new(self.seed, self.setup.clone()).map_err(|e| e.to_string())?;
        run.play(&self.replay);
        Ok(run)
    }
}

impl Cli {
    pub(crate) fn parse_args() -> Parsed {
        match Cli::try_parse_from(std::env::args_os()) {
            Ok(cli) => Parsed::Run(Box::new(cli)),
            Err(e) if !e.use_stderr() => Parsed::Info(e.render().to_string()),
            Err(e) => Parsed::Bad(first_line(&e.render().to_string()).to_string()),
        }
    }

    pub(crate) fn is_headless(&self) -> bool {
        self.ascii || self.stages || self.stats
    }

    /// Does the game play in the terminal (`--tui`, or a build without the
    /// window)?
    pub(crate) fn in_terminal(&self) -> bool {
        self.tui || !cfg!(feature = "play")
    }

    /// A flag the chosen mode would not use is refused, in one line: never
    /// read by nothing.
    pub(crate) fn refuse_unused(&self) -> Result<(), String> {
        let (headless, terminal) = (
            self.is_headless(),
            !self.is_headless() && self.in_terminal(),
        );
        let game_view = [
            (self.screenshot.is_some(), "--screenshot"),
            (self.frame_times.is_some(), "--frame-times"),
            (self.overlay, "--overlay"),
            (self.compare.is_some(), "--compare"),
            (self.compare_view, "--compare-view"),
        ];
        if headless && let Some((_, flag)) = game_view.iter().find(|(given, _)| *given) {
            return Err(format!(
                "{flag} is for the game; the headless modes (--ascii, --stages, --stats) print no view"
            ));
        }
        if terminal && self.frame_times.is_some() {
            return Err(
                "--frame-times measures the window's frames; the terminal (--tui) has none".into(),
            );
        }
        let game_only = [
            (self.new, "--new"),
            (self.record.is_some(), "--record"),
            (self.options.is_some(), "--options"),
            (self.tui, "--tui"),
        ];
        if headless && let Some((_, flag)) = game_only.iter().find(|(given, _)| *given) {
            return Err(format!(
                "{flag} is for the game; the headless modes (--ascii, --stages, --stats) don't read it"
            ));
        }
        if self.stage.is_some() && headless && !self.ascii {
            return Err(
                "--stage goes with --ascii (the level as it was after that stage) or the window"
                    .into(),
            );
        }
        Ok(())
    }

    /// The content to play: `--content FILE`, or the built-in one.
    fn load_content(&self) -> Result<Arc<Content>, String> {
        load_content(self.content.as_deref())
    }

    /// The file to replay: `--replay`, or (outside the game) `--save`.
    fn replay_file(&self) -> Option<&PathBuf> {
        let reads_save = self.is_headless() || self.screenshot.is_some();
        self.replay
            .as_ref()
            .or(self.save.as_ref().filter(|_| reads_save))
    }

    /// The replayed file's header and commands.
    fn read_replay(&self) -> Result<Option<(Header, Vec<Command>)>, String> {
        let Some(path) = self.replay_file() else {
            return Ok(None);
        };
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let header = Header::read(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let commands = parse_keys(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(Some((header, commands)))
    }

    /// The seed, setup and replayed commands these flags (and a replay's
    /// header) give. A flag that contradicts the header is an error.
    pub(crate) fn plan(&self) -> Result<Plan, String> {
        let content = self.load_content()?;
        let replay = self.read_replay()?;
        let header = replay.as_ref().map(|r| r.0.clone()).unwrap_or_default();
        let file = self
            .replay_file()
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        let defaults = RunSetup::default();
        let seed = self.seed_of(&header, &file)?;
        let (width, height) = self.size_of(&header, &file, &defaults)?;
        let monsters = self.monsters_of(&header, &file)?;
        let region_cap = self.region_cap_of(&header, &file, &defaults)?;
        let autopickup = header_autopickup(&header, &file)?;
        let pet_name = header_pet_name(&header, &file)?;
        if replay.is_some() {
            same_content(&header, &content, &file)?;
        }
        let mut setup = RunSetup {
            width,
            height,
            pipeline: None,
            region_cap,
            options: RunOptions {
                monsters,
                autopickup,
            },
            variants: Vec::new(),
            content,
            hero: None,
            pet: None,
            pet_name,
        };
        setup.variants = self.variants(&setup, &header, &file)?;
        setup.hero = self.hero(seed, &setup, &header, &file)?;
        setup.pet = self.pet(&setup, &header, &file)?;
        setup.pipeline = self.pipeline_override(&setup, header.pipeline.as_deref(), &file)?;
        setup
            .params_for(setup.content.filler())
            .validate()
            .map_err(|e| e.to_string())?;
        let depth = self.check_depth(seed, &setup)?;
        let commands = replay.map(|r| r.1).unwrap_or_default();
        Ok(Plan {
            seed,
            setup,
            replay: commands,
            depth: depth.map(|(d, _)| d),
        })
    }

    /// `--seed`, or the replay's, or [`DEFAULT_SEED`].
    fn seed_of(&self, header: &Header, file: &str) -> Result<u64, String> {
        match (self.seed, header.seed) {
            (Some(a), Some(b)) if a != b => Err(clash(file, "--seed", a, b)),
            (a, b) => Ok(a.or(b).unwrap_or(DEFAULT_SEED)),
        }
    }

    /// `--width` and `--height`, or the replay's, or the defaults.
    fn size_of(
        &self,
        header: &Header,
        file: &str,
        defaults: &RunSetup,
    ) -> Result<(usize, usize), String> {
        let (hw, hh) = header.size.unzip();
        let mut size = [
            (self.width, hw, "--width", defaults.width),
            (self.height, hh, "--height", defaults.height),
        ]
        .into_iter()
        .map(|(given, recorded, flag, default)| match (given, recorded) {
            (Some(a), Some(b)) if a != b => Err(clash(file, flag, a, b)),
            (a, b) => Ok(a.or(b).unwrap_or(default)),
        });
        let width = size.next().expect("two sizes")?;
        let height = size.next().expect("two sizes")?;
        Ok((width, height))
    }

    /// Monsters or none: `--no-monsters` may leave out a replay's monsters
    /// only if it was recorded without them.
    fn monsters_of(&self, header: &Header, file: &str) -> Result<bool, String> {
        match header.monsters {
            Some(true) if self.no_monsters => Err(format!(
                "--no-monsters contradicts {file}, which was recorded with monsters"
            )),
            Some(m) => Ok(m && !self.no_monsters),
            None => Ok(!self.no_monsters),
        }
    }

    /// NetHack's region cap, or none with `--unlimited-regions` (or a
    /// replay recorded so).
    fn region_cap_of(
        &self,
        header: &Header,
        file: &str,
        defaults: &RunSetup,
    ) -> Result<RegionCap, String> {
        if header.unlimited_regions == Some(false) && self.unlimited_regions {
            return Err(format!(
                "--unlimited-regions contradicts {file}, which was recorded with NetHack's region cap"
            ));
        }
        let unlimited = self.unlimited_regions || header.unlimited_regions == Some(true);
        Ok(if unlimited {
            RegionCap::Unlimited
        } else {
            defaults.region_cap
        })
    }

    /// The variants `--minetown` and `--mines-end` force, with a replay's:
    /// each name checked against the content's plan (the error names the
    /// valid ones; a hyphen may stand for an underscore), and a flag that
    /// differs from the replay's header is an error.
    fn variants(
        &self,
        setup: &RunSetup,
        header: &Header,
        file: &str,
    ) -> Result<Vec<(String, String)>, String> {
        let mut variants = header.variants.clone();
        for (place, kind) in &variants {
            check_variant(&setup.content, place, kind).map_err(|e| format!("{file}: {e}"))?;
        }
        for (flag, place, given) in [
            ("--minetown", "minetown", &self.minetown),
            ("--mines-end", "mines_end", &self.mines_end),
        ] {
            let Some(given) = given else { continue };
            let name = given.replace('-', "_");
            check_variant(&setup.content, place, &name).map_err(|e| format!("{flag}: {e}"))?;
            match variants.iter().find(|(p, _)| p == place) {
                Some((_, recorded)) if *recorded != name => {
                    return Err(format!(
                        "{flag} {name} contradicts {file}, which was recorded with {recorded}"
                    ));
                }
                Some(_) => {}
                None => variants.push((place.to_string(), name)),
            }
        }
        Ok(variants)
    }

    /// The hero `--role`, `--race` and `--alignment` choose (the rest picked
    /// for you from the seed), or a replay's header names; a flag that
    /// differs from the header is an error, as is a combination NetHack
    /// forbids (the error names what is allowed).
    fn hero(
        &self,
        seed: u64,
        setup: &RunSetup,
        header: &Header,
        file: &str,
    ) -> Result<Option<Hero>, String> {
        let rows = setup.content.heroes();
        let recorded = match &header.hero {
            Some(words) => Some(Hero::parse(rows, words).map_err(|e| format!("{file}: {e}"))?),
            None => None,
        };
        let (role, race, alignment) = (&self.role, &self.race, &self.alignment);
        if role.is_none() && race.is_none() && alignment.is_none() {
            return Ok(recorded);
        }
        let hero = hero::choose_for_run(
            rows,
            seed,
            role.as_deref(),
            race.as_deref(),
            alignment.as_deref(),
        )
        .map_err(|e| format!("{}: {e}", hero_flags(role, race, alignment)))?;
        match recorded {
            Some(r) if r != hero => Err(format!(
                "{} contradicts {file}, which was recorded as {}",
                hero_flags(role, race, alignment),
                r.words(rows)
            )),
            // A journal names its hero when it has one: without, it was
            // played by the nameless hero.
            None if header.format.is_some() => Err(format!(
                "{} contradicts {file}, which was recorded with the nameless hero",
                hero_flags(role, race, alignment)
            )),
            _ => Ok(Some(hero)),
        }
    }

    /// The pet `--pet` names, or a replay's header: a known one, with a
    /// hero, and not contradicting the header.
    fn pet(&self, setup: &RunSetup, header: &Header, file: &str) -> Result<Option<String>, String> {
        let recorded = header.pet.clone();
        let Some(given) = &self.pet else {
            return Ok(recorded);
        };
        let given = given.replace('-', "_");
        gnomish_mines::dungeon::journal::check_pet(&setup.content, &given)
            .map_err(|e| format!("--pet: {e}"))?;
        if setup.hero.is_none() {
            return Err("--pet goes with a hero (--role, --race or --alignment)".into());
        }
        match recorded {
            Some(r) if r != given => Err(format!(
                "--pet {given} contradicts {file}, which was recorded with {r}"
            )),
            _ => Ok(Some(given)),
        }
    }

    /// `--depth` and `--stage`, each checked once, against the run's plan:
    /// the depth is one of its levels, and the stage one of that level's
    /// (Mines' End has passes of its own), or of the filler's without
    /// `--depth`. The depth and its kind.
    fn check_depth(&self, seed: u64, setup: &RunSetup) -> Result<Option<(usize, KindId)>, String> {
        let depth = match self.depth {
            None => None,
            Some(d) => {
                if !self.is_headless() && self.screenshot.is_none() {
                    return Err(
                        "--depth goes with --ascii, --stages, --stats or --screenshot".into(),
                    );
                }
                if self.replay.is_some() || self.save.is_some() {
                    return Err("--depth can't be used with --replay or --save".into());
                }
                let kinds = setup.plan(seed).kinds;
                let n = kinds.len();
                if d < 1 || d > n {
                    return Err(format!("--depth {d}: run {seed} has {n} levels (1 to {n})"));
                }
                Some((d, kinds[d - 1]))
            }
        };
        if let Some(name) = &self.stage {
            if let Some((d, kind)) = depth
                && !setup.generates(kind)
            {
                return Err(format!(
                    "invalid value '{name}' for '--stage': level {d} is drawn, not generated, so it has no stages"
                ));
            }
            let (names, whose) = match depth {
                // The stages of the level as its kind makes it: a kind may
                // add steps of its own to its row's pipeline.
                Some((d, _)) => (
                    made_stage_names(seed, setup, d)?,
                    format!("level {d}'s stages are"),
                ),
                None => (
                    setup.filler_pipeline().stage_names(),
                    "the stages are".to_string(),
                ),
            };
            if !names.contains(name) {
                return Err(format!(
                    "invalid value '{name}' for '--stage': {whose} {}",
                    names.join(", ")
                ));
            }
        }
        Ok(depth)
    }

    /// Does a flag say which run to play (so a saved run is not resumed)?
    #[cfg_attr(not(any(feature = "play", feature = "tui")), allow(dead_code))]
    pub(crate) fn defines_run(&self) -> bool {
        self.seed.is_some()
            || self.width.is_some()
            || self.height.is_some()
            || self.pipeline.is_some()
            || !self.skip_pass.is_empty()
            || self.no_pass1
            || self.no_pass2
            || self.no_pass3
            || self.no_pass4
            || self.no_join
            || self.unlimited_regions
            || self.no_monsters
            || self.minetown.is_some()
            || self.mines_end.is_some()
            || self.role.is_some()
            || self.race.is_some()
            || self.alignment.is_some()
            || self.pet.is_some()
            || self.new
            || self.replay.is_some()
    }

    /// The filler's pipeline when the flags change it: `--pipeline`, then
    /// `--skip-pass` (and `--no-passN`), then `--no-join`; or the one a
    /// replay's header recorded.
    fn pipeline_override(
        &self,
        setup: &RunSetup,
        recorded: Option<&str>,
        file: &str,
    ) -> Result<Option<Pipeline>, String> {
        let mut skip = self.skip_pass.clone();
        for (on, n) in [
            (self.no_pass1, 1),
            (self.no_pass2, 2),
            (self.no_pass3, 3),
            (self.no_pass4, 4),
        ] {
            if on && !skip.contains(&n) {
                skip.push(n);
            }
        }
        let changed = self.pipeline.is_some() || !skip.is_empty() || self.no_join;
        let given = if changed {
            let base = match &self.pipeline {
                Some(text) => text
                    .parse::<Pipeline>()
                    .map_err(|e| format!("--pipeline: {e}"))?,
                None => setup.filler_pipeline(),
            };
            let mut p = base
                .without_passes(&skip)
                .map_err(|e| format!("--skip-pass: {e}"))?;
            if self.no_join {
                p = p.with_join(false);
            }
            Some(p)
        } else {
            None
        };
        let recorded = recorded
            .map(|text| {
                text.parse::<Pipeline>()
                    .map_err(|e| format!("{file}: header pipeline: {e}"))
            })
            .transpose()?;
        match (given, recorded) {
            (Some(g), Some(r)) if g != r => Err(format!(
                "the pipeline \"{g}\" contradicts {file}, which was recorded with \"{r}\""
            )),
            (Some(g), _) => Ok(Some(g)),
            (None, r) => Ok(r),
        }
    }
}

/// A flag given one way that the replayed `file` was recorded another.
fn clash(file: &str, flag: &str, given: impl Display, recorded: impl Display) -> String {
    format!("{flag} {given} contradicts {file}, which was recorded with {recorded}")
}

/// A replay's autopickup: it picks up as it was played (the options file
/// only sets a new game's).
fn header_autopickup(
    header: &Header,
    file: &str,
) -> Result<Option<gnomish_mines::dungeon::PickupTypes>, String> {
    match &header.autopickup {
        Some(kinds) => Ok(Some(
            gnomish_mines::dungeon::PickupTypes::of(kinds)
                .map_err(|e| format!("{file}: the header's autopickup: {e}"))?,
        )),
        None => Ok(None),
    }
}

/// A replay's pet name, checked.
fn header_pet_name(header: &Header, file: &str) -> Result<Option<String>, String> {
    match &header.pet_name {
        Some(name) => {
            gnomish_mines::dungeon::journal::check_pet_name(name)
                .map_err(|e| format!("{file}: the header's pet name: {e}"))?;
            Ok(Some(name.clone()))
        }
        None => Ok(None),
    }
}

/// A replay is refused with other content than it was played with (a file
/// without a content line was played with the built-in one).
fn same_content(header: &Header, content: &Content, file: &str) -> Result<(), String> {
    let recorded = header
        .content
        .clone()
        .unwrap_or_else(|| built_in_content().hash_text());
    if recorded != content.hash_text() {
        return Err(format!(
            "{file} was played with other content (FNV-1a {recorded}) than this run's \
             ({}); give the --content FILE it was played with",
            content.hash_text()
        ));
    }
    Ok(())
}

/// A content file, or the built-in content.
pub(crate) fn load_content(path: Option<&std::path::Path>) -> Result<Arc<Content>, String> {
    let Some(path) = path else {
        return Ok(built_in_content());
    };
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let content = Content::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(Arc::new(content))
}

fn first_line(s: &str) -> &str {
    s.lines().find(|l| !l.trim().is_empty()).unwrap_or(s).trim()
}

/// The stage names of level `depth` of run `seed` as its kind makes it.
fn made_stage_names(seed: u64, setup: &RunSetup, depth: usize) -> Result<Vec<String>, String> {
    let run = Dungeon::new(seed, setup.clone()).map_err(|e| e.to_string())?;
    let level = run.level_as_made(depth).map_err(|e| e.to_string())?;
    Ok(level.history().map_or_else(Vec::new, |h| {
        h.stages().map(|s| h.stage_name(s).to_string()).collect()
    }))
}

/// The hero flags given, as an error names them: "--role samurai --race gnome".
fn hero_flags(role: &Option<String>, race: &Option<String>, alignment: &Option<String>) -> String {
    [
        ("--role", role),
        ("--race", race),
        ("--alignment", alignment),
    ]
    .into_iter()
    .filter_map(|(flag, v)| v.as_ref().map(|v| format!("{flag} {v}")))
    .collect::<Vec<_>>()
    .join(" ")
}
