//! The command line, shared by the headless modes and the game.

use clap::{Parser, ValueEnum};

use crate::dungeon::{Command, RunOptions, parse_keys};
use crate::generation::{MineParams, RegionCap, Stage};

/// The seed `cargo run` uses when none is given: a level that shows every stage well.
pub const DEFAULT_SEED: u64 = 1;

/// Build NetHack Gnomish Mines levels with mkmap.c's cellular automaton, print them,
/// or play them: eight levels down to Mines' End and its gray stone.
///
/// With none of --ascii, --stages or --stats, a window opens with the game.
#[derive(Parser, Debug, Clone)]
#[command(name = "gnomish-mines", version, about, long_about = None)]
pub struct Cli {
    /// The level's seed, a whole number from 0 to 2^64-1.
    #[arg(long, default_value_t = DEFAULT_SEED, value_parser = parse_seed, allow_hyphen_values = true)]
    pub seed: u64,

    /// Map width in cells (NetHack's COLNO), from 10 to 16384.
    #[arg(long, default_value_t = 80, value_parser = parse_size, allow_hyphen_values = true)]
    pub width: usize,

    /// Map height in cells (NetHack's ROWNO), from 6 to 16384.
    #[arg(long, default_value_t = 21, value_parser = parse_size, allow_hyphen_values = true)]
    pub height: usize,

    /// Skip pass 1 (clustering, in place).
    #[arg(long)]
    pub no_pass1: bool,
    /// Skip pass 2 (the enigma: exactly 5 neighbours → rock).
    #[arg(long)]
    pub no_pass2: bool,
    /// Skip pass 3 (erosion).
    #[arg(long)]
    pub no_pass3: bool,
    /// Skip pass 4 (erosion again).
    #[arg(long)]
    pub no_pass4: bool,
    /// Don't join the caves (no corridors, specks kept).
    #[arg(long)]
    pub no_join: bool,
    /// Join every region instead of stopping at NetHack's 80.
    #[arg(long)]
    pub unlimited_regions: bool,

    /// Print the finished level in NetHack glyphs and exit.
    #[arg(long)]
    pub ascii: bool,
    /// Print the grid after every stage (init, pass1..pass4, joined) and exit.
    #[arg(long)]
    pub stages: bool,
    /// Print the level's stats and exit.
    #[arg(long)]
    pub stats: bool,

    /// Play this key file (NetHack keys: hjklyubn . s , < >) from the start of
    /// the run; with --ascii, print where it ends; in the game, continue from there.
    #[arg(long, value_name = "FILE")]
    pub replay: Option<std::path::PathBuf>,
    /// Show the whole map and every monster, not just what the player sees
    /// (the game's M key).
    #[arg(long)]
    pub reveal: bool,
    /// Game: write every key of the run to this file as you play, for --replay.
    #[arg(long, value_name = "FILE")]
    pub record: Option<std::path::PathBuf>,
    /// A run without monsters.
    #[arg(long)]
    pub no_monsters: bool,

    /// Game: start with the provenance overlay on.
    #[arg(long)]
    pub overlay: bool,
    /// Game: start by showing the map as it was after this stage.
    #[arg(long, value_enum)]
    pub stage: Option<StageArg>,
    /// Game: render one frame, save it as a PNG here, and exit.
    #[arg(long, value_name = "PATH")]
    pub screenshot: Option<std::path::PathBuf>,
}

/// `--stage` names, as `--stages` prints them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StageArg {
    Init,
    Pass1,
    Pass2,
    Pass3,
    Pass4,
    Joined,
}

impl From<StageArg> for Stage {
    fn from(s: StageArg) -> Stage {
        match s {
            StageArg::Init => Stage::Init,
            StageArg::Pass1 => Stage::Pass1,
            StageArg::Pass2 => Stage::Pass2,
            StageArg::Pass3 => Stage::Pass3,
            StageArg::Pass4 => Stage::Pass4,
            StageArg::Joined => Stage::Joined,
        }
    }
}

fn parse_seed(s: &str) -> Result<u64, String> {
    s.parse::<u64>().map_err(|_| {
        format!(
            "'{s}' is not a seed: use a whole number from 0 to {}",
            u64::MAX
        )
    })
}

fn parse_size(s: &str) -> Result<usize, String> {
    s.parse::<usize>()
        .map_err(|_| format!("'{s}' is not a size: use a whole number of cells"))
}

impl Cli {
    /// Parse the process arguments. On bad input, print one line and exit 2.
    pub fn parse_or_exit() -> Cli {
        Self::parse_from_or_exit(std::env::args_os())
    }

    pub fn parse_from_or_exit<I, T>(args: I) -> Cli
    where
        I: IntoIterator<Item = T>,
        T: Into<std::ffi::OsString> + Clone,
    {
        match Cli::try_parse_from(args) {
            Ok(cli) => cli,
            Err(e) if !e.use_stderr() => {
                // --help and --version.
                let _ = e.print();
                std::process::exit(0);
            }
            Err(e) => fail(first_line(&e.render().to_string())),
        }
    }

    /// The generator options these flags choose.
    pub fn params(&self) -> MineParams {
        let mut p = MineParams::sized(self.width, self.height);
        p.pass_enabled = [
            !self.no_pass1,
            !self.no_pass2,
            !self.no_pass3,
            !self.no_pass4,
        ];
        p.join = !self.no_join;
        if self.unlimited_regions {
            p.region_cap = RegionCap::Unlimited;
        }
        p
    }

    pub fn run_options(&self) -> RunOptions {
        RunOptions {
            monsters: !self.no_monsters,
        }
    }

    /// The commands of `--replay`, read and parsed; a file that can't be read or
    /// holds a stray key is a one-line error (exit 2).
    pub fn replay_commands(&self) -> Vec<Command> {
        let Some(path) = &self.replay else {
            return Vec::new();
        };
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|e| fail(format_args!("cannot read {}: {e}", path.display())));
        parse_keys(&text).unwrap_or_else(|e| fail(format_args!("{}: {e}", path.display())))
    }

    pub fn is_headless(&self) -> bool {
        self.ascii || self.stages || self.stats
    }
}

fn first_line(s: &str) -> &str {
    s.lines().find(|l| !l.trim().is_empty()).unwrap_or(s).trim()
}

/// The one way bad input ends: a one-line reason on stderr and exit code 2.
pub fn fail(reason: impl std::fmt::Display) -> ! {
    let reason = reason.to_string();
    let reason = reason.strip_prefix("error: ").unwrap_or(&reason);
    eprintln!("gnomish-mines: error: {reason}");
    std::process::exit(2);
}
