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

/// Writes the one-line error to standard error; if even that fails (a
/// full or closed stream), the exit status is all that is left to say it.
pub fn say_error(message: &str) {
    let _ = writeln!(std::io::stderr(), "gridtour: error: {}", printable(message));
}

/// The longest error line, in characters: enough for any message of the
/// program's own with a file name and a quoted piece of the input.
const MAX_ERROR_CHARS: usize = 400;

/// `message` made safe for a terminal: control characters (which an input
/// file can carry into a message it is quoted in, and which could clear the
/// screen or rewrite the line) are written as escapes such as `\x1b`, and a
/// message too long for one line is cut with an ellipsis.
fn printable(message: &str) -> String {
    let mut shown = String::with_capacity(message.len().min(MAX_ERROR_CHARS + 8));
    for (count, c) in message.chars().enumerate() {
        if count == MAX_ERROR_CHARS {
            shown.push('…');
            break;
        }
        match c {
            '\t' => shown.push(' '),
            c if c.is_control() && (c as u32) < 0x80 => {
                shown.push_str(&format!("\\x{:02x}", c as u32));
            }
            c if c.is_control() => shown.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => shown.push(c),
        }
    }
    shown
}

/// Runs one subcommand.
pub fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Knight(args) => knight::run(args),
        Command::Goishi(args) => goishi::run(args),
    }
}

#[cfg(test)]
mod tests {
    use super::printable;

    #[test]
    fn control_characters_are_escaped_and_long_messages_cut() {
        assert_eq!(
            printable("bad kind '\u{1b}[2J\u{1b}[31m PWNED \r' at 3:1"),
            "bad kind '\\x1b[2J\\x1b[31m PWNED \\x0d' at 3:1"
        );
        assert_eq!(printable("next\u{85}line\u{b}"), "next\\u{85}line\\x0b");
        let long = "x".repeat(5_000_000);
        let shown = printable(&long);
        assert_eq!(shown.chars().count(), super::MAX_ERROR_CHARS + 1);
        assert!(shown.ends_with('…'));
    }
}
