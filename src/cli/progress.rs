//! A live progress line on standard error for long computations.
//!
//! Some counts take minutes, and some (all tours of 8x8) never end in
//! practice; without a sign of life they would look hung. When standard error
//! is a terminal, a watcher thread rewrites one line there every second,
//! starting after the first second, and erases it when the work ends, so
//! standard output is never touched and quick commands show nothing. When
//! standard error is redirected (scripts, tests), nothing is written.

use std::io::{IsTerminal, Write};
use std::sync::{Condvar, Mutex};
use std::time::Duration;

use gridtour::job::{Control, Outcome};

/// How long a computation runs before its progress line appears, and how
/// often the line is rewritten.
const INTERVAL: Duration = Duration::from_secs(1);

/// Runs `work` to its end with a fresh [`Control`], showing its counters on
/// standard error under the name `what` while it runs (see the module docs).
/// Nothing cancels the control (Ctrl+C ends the whole process), so the
/// error is only there for completeness.
pub fn watched<T>(what: &str, work: impl FnOnce(&Control) -> Outcome<T>) -> Result<T, String> {
    let control = Control::new();
    let outcome = if std::io::stderr().is_terminal() {
        with_progress_line(what, &control, work)
    } else {
        work(&control)
    };
    match outcome {
        Outcome::Done(value) => Ok(value),
        Outcome::Cancelled => Err(format!("{what}: cancelled")),
    }
}

fn with_progress_line<T>(what: &str, control: &Control, work: impl FnOnce(&Control) -> T) -> T {
    let finished = (Mutex::new(false), Condvar::new());
    std::thread::scope(|scope| {
        scope.spawn(|| report_until_finished(what, control, &finished));
        let result = work(control);
        let (done, wake) = &finished;
        *done.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = true;
        wake.notify_all();
        result
    })
}

fn report_until_finished(what: &str, control: &Control, (done, wake): &(Mutex<bool>, Condvar)) {
    let mut shown = false;
    let mut finished = done.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    loop {
        let (guard, waited) = wake
            .wait_timeout_while(finished, INTERVAL, |finished| !*finished)
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        finished = guard;
        let mut stderr = std::io::stderr().lock();
        // Progress is a courtesy: a failed write to the terminal is ignored.
        if !waited.timed_out() {
            if shown {
                let _ = write!(stderr, "\r\x1b[K");
            }
            return;
        }
        let _ = write!(
            stderr,
            "\r\x1b[K{what}: {} (Ctrl+C stops)",
            control.snapshot()
        );
        let _ = stderr.flush();
        shown = true;
    }
}
