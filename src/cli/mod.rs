//! The headless command line: argument definitions and the subcommands.

pub mod goishi;
pub mod knight;
mod progress;

use std::io::Write;

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

/// Why a subcommand stopped before its end.
#[derive(Debug)]
pub enum Failure {
    /// A one-line message for standard error.
    Message(String),
    /// Whoever read standard output stopped reading (`| head`): there is
    /// nobody left to tell anything.
    OutputClosed,
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure::Message(message)
    }
}

/// Writes `text` to standard output. A reader that has gone away is
/// [`Failure::OutputClosed`]; any other failure to write (a full disk) is
/// a message saying so, never a panic.
pub fn write_out(text: &str) -> Result<(), Failure> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => Err(Failure::OutputClosed),
        Err(error) => Err(Failure::Message(format!(
            "cannot write to standard output: {error}"
        ))),
    }
}

/// [`write_out`] with a line break after `line`.
pub fn write_line(line: &str) -> Result<(), Failure> {
    write_out(&format!("{line}\n"))
}

/// Runs one subcommand.
pub fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Knight(args) => knight::run(args),
        Command::Goishi(args) => goishi::run(args),
    }
}
