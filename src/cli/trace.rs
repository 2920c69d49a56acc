//! `--trace` of both puzzles: a search's steps as JSON lines on standard
//! output as they happen, at most `--max-steps` of them.

use std::sync::Mutex;

use gridtour::job::{Control, Outcome};

use super::{Failure, Output, progress, write_line};

/// The steps written so far, and whether the search offered more.
struct Written {
    steps: u64,
    went_on: bool,
    failure: Option<Failure>,
}

/// Runs `search` (called with the control and a function that takes each
/// step's JSON line from its number) and prints its steps; what the search
/// returned, unless the trace stopped it first.
pub fn print_steps<T>(
    output: &Output,
    max_steps: u64,
    search: impl FnOnce(&Control, &(dyn Fn(&dyn Fn(u64) -> String) + Sync)) -> Outcome<T>,
) -> Result<Option<T>, Failure> {
    use gridtour::output::Format;
    if !matches!(output.format, Format::Text | Format::Json) {
        return Err(Failure::Message(
            "--trace prints JSON lines; it draws no picture".to_owned(),
        ));
    }
    output.not_a_file("a trace")?;
    let written = Mutex::new(Written {
        steps: 0,
        went_on: false,
        failure: None,
    });
    let searched = progress::watched("searching", |control| {
        let write = |line_of: &dyn Fn(u64) -> String| {
            let mut written = written
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            // A search may take a few more steps before it sees the stop.
            written.went_on |= written.steps == max_steps;
            if written.steps == max_steps || written.failure.is_some() {
                return;
            }
            written.steps += 1;
            let result = write_line(&line_of(written.steps));
            if written.steps == max_steps || result.is_err() {
                written.failure = result.err();
                control.cancel();
            }
        };
        search(control, &write)
    });
    let written = written
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(failure) = written.failure {
        return Err(failure);
    }
    if written.went_on || (searched.is_err() && written.steps == max_steps) {
        eprintln!(
            "gridtour: note: the trace stops after {} steps (--max-steps); the search went on",
            gridtour::english::group_digits(max_steps)
        );
        return Ok(None);
    }
    searched.map(Some).map_err(Failure::from)
}
