use std::io::Write;
use std::sync::Arc;

use gnomish_mines::cli::{Cli, fail};
use gnomish_mines::dungeon::{Dungeon, render_run};
use gnomish_mines::generation::{generate, render_ascii, render_stages, render_stats};

fn main() {
    let cli = Cli::parse_or_exit();
    let params = cli.params();
    if let Err(e) = params.validate() {
        fail(e);
    }
    if cli.is_headless() {
        let mut out = std::io::stdout().lock();
        // With --replay the run is played and the level it ends on is printed.
        let run = cli.replay.is_some().then(|| {
            let mut run = Dungeon::new(cli.seed, params.clone(), cli.run_options())
                .unwrap_or_else(|e| fail(e));
            run.play(&cli.replay_commands());
            run
        });
        let level = match &run {
            Some(run) => run.map().clone(),
            None => Arc::new(generate(cli.seed, &params).unwrap_or_else(|e| fail(e))),
        };
        // A closed pipe (`| head`) is not an error worth a panic.
        if cli.ascii {
            let text = match &run {
                Some(run) => render_run(run, cli.reveal),
                None => render_ascii(&level),
            };
            let _ = out.write_all(text.as_bytes());
        }
        if cli.stages {
            let _ = out.write_all(render_stages(&level).as_bytes());
        }
        if cli.stats {
            let _ = out.write_all(render_stats(&level).as_bytes());
        }
        let _ = out.flush();
        return;
    }
    run_game(cli);
}

#[cfg(feature = "game")]
fn run_game(cli: Cli) {
    gnomish_mines::game::run(cli);
}

#[cfg(not(feature = "game"))]
fn run_game(_cli: Cli) {
    fail(
        "this build has no game (built without the `game` feature): use --ascii, --stages or --stats",
    );
}
