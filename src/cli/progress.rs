//! A live progress line on standard error for long computations.
//!
//! Some counts take minutes, and some (all tours of 8x8) never end in
//! practice; without a sign of life they would look hung. When standard error
//! is a terminal, a watcher thread rewrites one line there every second,
//! starting after the first second, and erases it when the work ends, so
//! standard output is never touched and quick commands show nothing. When
//! standard error is redirected (scripts, tests), nothing is written unless
//! `--progress` asks for a plain line every five seconds, for logs.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

use gridtour::job::{Control, Method, Outcome, rough_count};

/// How long a computation runs before its progress line appears, and how
/// often the line is rewritten.
const INTERVAL: Duration = Duration::from_secs(1);

/// How often a progress line is written to a redirected standard error.
const LOG_INTERVAL: Duration = Duration::from_secs(5);

/// Whether `--progress` asked for progress lines on a redirected standard
/// error.
static LOG_WHEN_REDIRECTED: AtomicBool = AtomicBool::new(false);

/// Makes long computations write a progress line every five seconds to
/// standard error even when it is not a terminal (`--progress`).
pub fn log_when_redirected() {
    LOG_WHEN_REDIRECTED.store(true, Ordering::Relaxed);
}

/// How often the watcher looks at the work, for notes that cannot wait.
const POLL: Duration = Duration::from_millis(200);

/// How progress reaches standard error.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shown {
    /// One line rewritten in place on a terminal.
    Rewritten,
    /// A new line each time, for a log file.
    Logged,
    /// No progress, only notes that the work may never end.
    NotesOnly,
}

/// Runs `work` to its end with a fresh [`Control`], showing its counters on
/// standard error under the name `what` while it runs (see the module docs).
/// Nothing cancels the control (Ctrl+C ends the whole process), so the
/// error is only there for completeness.
pub fn watched<T>(what: &str, work: impl FnOnce(&Control) -> Outcome<T>) -> Result<T, String> {
    let control = Control::new();
    let outcome = if std::io::stderr().is_terminal() {
        with_progress_line(what, &control, Shown::Rewritten, work)
    } else if LOG_WHEN_REDIRECTED.load(Ordering::Relaxed) {
        with_progress_line(what, &control, Shown::Logged, work)
    } else {
        with_progress_line(what, &control, Shown::NotesOnly, work)
    };
    match outcome {
        Outcome::Done(value) => Ok(value),
        Outcome::Cancelled => Err(format!("{what}: cancelled")),
    }
}

fn with_progress_line<T>(
    what: &str,
    control: &Control,
    shown: Shown,
    work: impl FnOnce(&Control) -> T,
) -> T {
    let finished = (Mutex::new(false), Condvar::new());
    std::thread::scope(|scope| {
        scope.spawn(|| report_until_finished(what, control, shown, &finished));
        let result = work(control);
        let (done, wake) = &finished;
        *done.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = true;
        wake.notify_all();
        result
    })
}

fn report_until_finished(
    what: &str,
    control: &Control,
    style: Shown,
    (done, wake): &(Mutex<bool>, Condvar),
) {
    let interval = match style {
        Shown::Rewritten => INTERVAL,
        Shown::Logged | Shown::NotesOnly => LOG_INTERVAL,
    };
    let mut shown = false;
    let mut noted = false;
    let mut last_line = Instant::now();
    let mut finished = done.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    loop {
        let (guard, waited) = wake
            .wait_timeout_while(finished, POLL, |finished| !*finished)
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        finished = guard;
        let mut stderr = std::io::stderr().lock();
        // Progress is a courtesy: a failed write to the terminal is ignored.
        if !waited.timed_out() {
            if shown && style == Shown::Rewritten {
                let _ = write!(stderr, "\r\x1b[K");
            }
            return;
        }
        let progress = control.snapshot();
        if let (
            false,
            Method::WalkInstead {
                why,
                estimated_nodes,
            },
        ) = (noted, progress.method)
        {
            // Said at once, whatever else is shown: the count may never end.
            let clear = if shown && style == Shown::Rewritten {
                "\r\x1b[K"
            } else {
                ""
            };
            let more_memory = if why.more_memory_helps() {
                "; --memory gives the sweep more room"
            } else {
                ""
            };
            let _ = writeln!(
                stderr,
                "{clear}gridtour: note: {why}, so {what} goes on by exhaustive walk of about {} \
                 nodes, which may not finish (Ctrl+C stops{more_memory})",
                rough_count(estimated_nodes)
            );
            noted = true;
        }
        if style == Shown::NotesOnly || last_line.elapsed() < interval {
            continue;
        }
        last_line = Instant::now();
        let _ = match style {
            Shown::Rewritten => write!(stderr, "\r\x1b[K{what}: {progress} (Ctrl+C stops)"),
            _ => writeln!(stderr, "gridtour: {what}: {progress}"),
        };
        let _ = stderr.flush();
        shown = true;
    }
}
