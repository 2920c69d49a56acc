//! The `gridtour` program: without arguments it opens the window, with a
//! subcommand it works headless and prints to standard output.

mod app;
#[cfg(not(target_arch = "wasm32"))]
mod cli;

/// In a browser the page starts the window (`start_window`); the workers
/// that load this same program start nothing.
#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
use std::process::ExitCode;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> ExitCode {
    cli::choose_language();
    let args = match cli::parse() {
        Ok(args) => args,
        Err(error) if !error.use_stderr() => {
            // --help and --version: clap's own text is the answer, which
            // must reach its reader like any other output.
            use std::io::Write as _;
            let printed = error.print().and_then(|()| std::io::stdout().flush());
            return match printed {
                Ok(()) => ExitCode::SUCCESS,
                Err(failure) if failure.kind() == std::io::ErrorKind::BrokenPipe => {
                    ExitCode::from(141)
                }
                Err(failure) => {
                    cli::say_error(&cli::cannot_write_out(&failure));
                    ExitCode::from(2)
                }
            };
        }
        Err(error) => {
            cli::say_error(&cli::argument_error(&error));
            return ExitCode::from(2);
        }
    };
    let resources = match cli::configure(&args.global) {
        Ok(resources) => resources,
        Err(message) => {
            cli::say_error(&message);
            return ExitCode::from(2);
        }
    };
    if let Some(open) = args.open.as_deref().filter(|_| args.command.is_none())
        && let Err(message) = cli::check_openable(open)
    {
        cli::say_error(&message);
        return ExitCode::from(2);
    }
    match args.command {
        None => match app::run(resources, args.open) {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                cli::say_error(&error.words());
                ExitCode::FAILURE
            }
        },
        Some(command) => match cli::run(command) {
            Ok(()) => ExitCode::SUCCESS,
            // The shell's own code for a reader that went away (128 + SIGPIPE).
            Err(cli::Failure::OutputClosed) => ExitCode::from(141),
            Err(cli::Failure::Message(message)) => {
                cli::say_error(&message);
                ExitCode::from(2)
            }
            // The shell's own code for Ctrl+C (128 + SIGINT).
            Err(cli::Failure::Interrupted(message)) => {
                cli::say_error(&message);
                ExitCode::from(130)
            }
        },
    }
}
