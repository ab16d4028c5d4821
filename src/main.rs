//! The command line: parse it, then start what it asks for (`start.rs`).
//! Bad input ends here, as one line on stderr and exit code 2.

mod cli;
mod headless;
mod start;
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
    match start::start(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(reason) => fail(reason),
    }
}

/// The one way bad input ends: a one-line reason on stderr and exit code 2.
fn fail(reason: String) -> ExitCode {
    let reason = reason.strip_prefix("error: ").unwrap_or(&reason);
    eprintln!("gnomish-mines: error: {reason}");
    ExitCode::from(2)
}
