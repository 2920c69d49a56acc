//! The `gridtour` program: without arguments it opens the window, with a
//! subcommand it works headless and prints to standard output.

mod app;
mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match args.command {
        None => match app::run() {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("gridtour: error: could not open the window: {error}");
                ExitCode::FAILURE
            }
        },
        Some(command) => match cli::run(command) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("gridtour: error: {message}");
                ExitCode::from(2)
            }
        },
    }
}
