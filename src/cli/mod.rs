//! The headless command line: argument definitions and the subcommands.

pub mod goishi;
pub mod knight;
mod progress;

use clap::{Parser, Subcommand};

/// Knight's tours and Goishi Hiroi puzzles. Without a subcommand, opens the window.
#[derive(Debug, Parser)]
#[command(name = "gridtour", version, about)]
pub struct Cli {
    /// What to do headless; omit it to open the window.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The headless subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Find, count or analyse knight's tours.
    Knight(knight::KnightArgs),
    /// Solve, count, check or generate Goishi Hiroi puzzles.
    Goishi(goishi::GoishiArgs),
}

/// Runs one subcommand. The error is the one-line message to show the user.
pub fn run(command: Command) -> Result<(), String> {
    match command {
        Command::Knight(args) => knight::run(args),
        Command::Goishi(args) => goishi::run(args),
    }
}
