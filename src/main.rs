use std::io::Write;

use gnomish_mines::cli::{Cli, fail};
use gnomish_mines::generation::{generate, render_ascii, render_stages, render_stats};

fn main() {
    let cli = Cli::parse_or_exit();
    let params = cli.params();
    if let Err(e) = params.validate() {
        fail(e);
    }
    if cli.is_headless() {
        let level = generate(cli.seed, &params).unwrap_or_else(|e| fail(e));
        let mut out = std::io::stdout().lock();
        // A closed pipe (`| head`) is not an error worth a panic.
        if cli.ascii {
            let _ = out.write_all(render_ascii(&level).as_bytes());
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
