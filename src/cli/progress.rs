//! A live progress line on standard error for long computations.
//!
//! Some counts take minutes, and some (all tours of 8x8) never end in
//! practice; without a sign of life they would look hung. When standard error
//! is a terminal, a watcher thread rewrites one line there every second,
//! starting after the first second, and erases it when the work ends, so
//! standard output is never touched and quick commands show nothing. When
//! standard error is redirected (scripts, tests), nothing is written unless
//! `--progress` asks for a plain line every five seconds, for logs.
//!
//! Ctrl+C ends the process on the spot, except for work that saves its
//! progress (see [`stop_on_interrupt`]).

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use web_time::{Duration, Instant};

use signal_hook::consts::{SIGINT, SIGTERM};

use gridtour::english::{rough_amount, rough_bytes, rough_count};
use gridtour::i18n::duration_words;
use gridtour::job::{Control, Outcome, Progress, Resources};
use gridtour::knight::count::Phase;
use gridtour::tr;

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

/// The resources the command line's work may use, from its options.
static RESOURCES: OnceLock<Resources> = OnceLock::new();

/// Gives the work [`watched`] runs `resources` (the default resources
/// otherwise). Only the first call counts.
pub fn work_with(resources: Resources) {
    let _ = RESOURCES.set(resources);
}

/// The handlers of [`end_cleanly_on_signals`] for SIGINT and SIGTERM, which
/// [`stop_on_interrupt`] takes back.
static CLEAN_END: Mutex<Vec<signal_hook::SigId>> = Mutex::new(Vec::new());

/// Makes SIGINT, SIGTERM and SIGHUP end the process the way their default
/// does (exit status 128 + the signal), after removing the temporary files
/// of writes under way, so that an `--output` cut short leaves nothing.
pub fn end_cleanly_on_signals() -> Result<(), String> {
    use signal_hook::consts::SIGHUP;
    let mut ids = CLEAN_END
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    for signal in [SIGINT, SIGTERM, SIGHUP] {
        // SAFETY: the handler only removes files (unlink is async-signal-
        // safe; the list is taken without waiting) and ends the process.
        let id = unsafe {
            signal_hook::low_level::register(signal, move || {
                gridtour::atomic_write::remove_unfinished_now();
                signal_hook::low_level::exit(128 + signal);
            })
        }
        .map_err(|error| tr!("cli-no-signals", error = error.to_string()))?;
        if signal != SIGHUP {
            ids.push(id);
        }
    }
    Ok(())
}

/// Raised by the first SIGINT or SIGTERM once [`stop_on_interrupt`] has
/// been called.
static INTERRUPTED: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// Makes Ctrl+C (and SIGTERM) stop watched work the way a cancel does,
/// instead of ending the process on the spot, so that work which saves its
/// progress saves it first; a second one ends the process at once (exit
/// status 130, as the shell's own for Ctrl+C).
pub fn stop_on_interrupt() -> Result<(), String> {
    let clean_end = std::mem::take(
        &mut *CLEAN_END
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner()),
    );
    for id in clean_end {
        signal_hook::low_level::unregister(id);
    }
    let flag = INTERRUPTED.get_or_init(|| Arc::new(AtomicBool::new(false)));
    for signal in [SIGINT, SIGTERM] {
        // The shutdown first: it acts only when the flag is already up.
        signal_hook::flag::register_conditional_shutdown(signal, 130, Arc::clone(flag))
            .and_then(|_| signal_hook::flag::register(signal, Arc::clone(flag)))
            .map_err(|error| tr!("cli-no-ctrl-c", error = error.to_string()))?;
    }
    Ok(())
}

/// Whether Ctrl+C (or SIGTERM) stopped the work (see [`stop_on_interrupt`]).
pub fn interrupted() -> bool {
    INTERRUPTED
        .get()
        .is_some_and(|flag| flag.load(Ordering::Relaxed))
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
    let control = Control::with_resources(RESOURCES.get().cloned().unwrap_or_default());
    let outcome = if std::io::stderr().is_terminal() {
        with_progress_line(what, &control, Shown::Rewritten, work)
    } else if LOG_WHEN_REDIRECTED.load(Ordering::Relaxed) {
        with_progress_line(what, &control, Shown::Logged, work)
    } else {
        with_progress_line(what, &control, Shown::NotesOnly, work)
    };
    match outcome {
        Outcome::Done(value) => Ok(value),
        Outcome::Cancelled => Err(gridtour::tr!("cli-cancelled", what = what)),
    }
}

fn with_progress_line<T>(
    what: &str,
    control: &Control,
    shown: Shown,
    work: impl FnOnce(&Control) -> T,
) -> T {
    let finished = (Mutex::new(false), Condvar::new());
    let result = std::thread::scope(|scope| {
        // Without a thread for it (the system refused one), the work runs
        // without its progress line.
        let _ = std::thread::Builder::new().spawn_scoped(scope, || {
            report_until_finished(what, control, shown, &finished)
        });
        let result = work(control);
        let (done, wake) = &finished;
        *done.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = true;
        wake.notify_all();
        result
    });
    let refused = gridtour::job::threads_refused();
    if refused > 0 && !REFUSALS_NOTED.swap(true, Ordering::Relaxed) {
        super::say_note(&tr!("cli-note-threads-refused", threads = refused));
    }
    result
}

/// Whether the note on refused threads was given: once a run.
static REFUSALS_NOTED: AtomicBool = AtomicBool::new(false);

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
    let mut notes = Notes::default();
    let mut last_line = Instant::now();
    let mut finished = done.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    loop {
        let (guard, waited) = wake
            .wait_timeout_while(finished, POLL, |finished| !*finished)
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        finished = guard;
        let mut stderr = std::io::stderr().lock();
        let clear = if shown && style == Shown::Rewritten {
            "\r\x1b[K"
        } else {
            ""
        };
        if interrupted() {
            control.cancel();
        }
        let progress = control.snapshot();
        // Said at once, whatever else is shown; and at the end for work
        // that ended before they could be.
        let saves = control.checkpointing().is_some();
        if let Some(note) = notes.new_ones(what, &progress, saves) {
            // Progress is a courtesy: a failed write to the terminal is
            // ignored.
            let _ = writeln!(stderr, "{clear}{}", tr!("cli-note-line", note = note));
            shown = false;
        }
        if !waited.timed_out() {
            if shown {
                let _ = write!(stderr, "{clear}");
            }
            return;
        }
        if style == Shown::NotesOnly || last_line.elapsed() < interval {
            continue;
        }
        last_line = Instant::now();
        let _ = match style {
            Shown::Rewritten => write!(
                stderr,
                "\r\x1b[K{}",
                tr!(
                    "cli-progress-shown",
                    what = what,
                    progress = with_headway(&progress)
                )
            ),
            _ => writeln!(
                stderr,
                "{}",
                tr!(
                    "cli-progress-logged",
                    what = what,
                    progress = with_headway(&progress)
                )
            ),
        };
        let _ = stderr.flush();
        shown = true;
    }
}

/// The progress in words, after the share done and the time left where
/// the work can tell them.
fn with_headway(progress: &Progress) -> String {
    match progress.headway() {
        Some(headway) => tr!(
            "cli-progress-headway",
            headway = headway.to_string(),
            progress = progress.to_string()
        ),
        None => progress.to_string(),
    }
}

/// The notes said so far: each once.
#[derive(Default)]
struct Notes {
    walk: bool,
    taken_up: bool,
    wide_sweep: bool,
}

/// Rows of a frontier sweep from which on it is said, before it gets far,
/// that it is long work: a 7-wide sweep holds tens of millions of states
/// or more, an 8-wide one hundreds of millions (closed 8x8, swept left to
/// right, peaks above 500 million).
const WIDE_SWEEP: u32 = 7;

/// How long a wide sweep runs before the note on it: a sweep refused for
/// want of memory within this time is not announced as long work.
const WIDE_SWEEP_NOTE_AFTER: Duration = Duration::from_secs(2);

impl Notes {
    /// The notes `method` calls for that have not been said yet: a count
    /// that goes on by a walk which may never finish, a count taken up from
    /// its checkpoint, a sweep wide enough to be long work (with a word on
    /// checkpoints unless the count `saves` already), once it has run for
    /// [`WIDE_SWEEP_NOTE_AFTER`].
    fn new_ones(&mut self, what: &str, progress: &Progress, saves: bool) -> Option<String> {
        match *progress.detail::<Phase>()? {
            Phase::FrontierSweep {
                done_by: Some(done_by),
                peak: Some(peak),
                ..
            } if done_by.measured.is_some() && !self.wide_sweep => {
                self.wide_sweep = true;
                let secs = progress.elapsed.as_secs_f64();
                let time = |by: u32| duration_words((f64::from(by) - secs).max(0.0));
                Some(tr!(
                    "cli-note-measured-sweep",
                    time = time(done_by.likely),
                    soonest = time(done_by.soonest),
                    latest = time(done_by.latest),
                    states = rough_amount(peak.states),
                    bytes = rough_bytes(peak.bytes),
                    saves = if saves { "yes" } else { "no" }
                ))
            }
            Phase::FrontierSweep { squares, width, .. }
                if width >= WIDE_SWEEP
                    && !self.wide_sweep
                    && progress.elapsed >= WIDE_SWEEP_NOTE_AFTER =>
            {
                self.wide_sweep = true;
                Some(tr!(
                    "cli-note-wide-sweep",
                    what = what,
                    squares = squares,
                    width = width,
                    wider = if width > WIDE_SWEEP { "yes" } else { "no" },
                    saves = if saves { "yes" } else { "no" }
                ))
            }
            Phase::WalkInstead {
                why,
                estimated_nodes,
            } if !self.walk => {
                self.walk = true;
                Some(tr!(
                    "cli-note-walk-instead",
                    why = why.to_string(),
                    what = what,
                    nodes = rough_count(estimated_nodes),
                    memory_helps = if why.more_memory_helps() { "yes" } else { "no" }
                ))
            }
            Phase::FrontierSweep {
                taken_up_after: Some(swept),
                squares,
                ..
            } if !self.taken_up => {
                self.taken_up = true;
                Some(tr!(
                    "cli-note-taken-up",
                    what = what,
                    swept = swept,
                    squares = squares
                ))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridtour::knight::count::SweepPass;

    /// Progress of a sweep `width` wide that has run for `seconds`.
    fn sweep(width: u32, taken_up_after: Option<u32>, seconds: f64) -> Progress {
        let phase = Phase::FrontierSweep {
            square: 1,
            squares: width * 8,
            width,
            states: 1,
            pass: SweepPass::Counting,
            taken_up_after,
            saved_after: None,
            done_by: None,
            peak: None,
            spill: None,
        };
        Progress::counters(0, 0, Duration::from_secs_f64(seconds)).with_detail(phase)
    }

    #[test]
    fn a_wide_sweep_is_said_to_be_long_work_once() {
        let mut notes = Notes::default();
        // Not while a sweep may still be refused for want of memory.
        assert_eq!(
            notes.new_ones("counting", &sweep(8, None, 1.5), false),
            None
        );
        let note = notes.new_ones("counting", &sweep(8, None, 2.5), false);
        assert_eq!(
            note.as_deref(),
            Some(
                "counting goes by a frontier sweep of 64 squares in rows of 8: rows this wide \
                 make hundreds of millions of states, many GB and minutes to days of work \
                 (Ctrl+C stops; --checkpoint FILE keeps its progress across a restart)"
            )
        );
        assert_eq!(
            notes.new_ones("counting", &sweep(8, None, 2.5), false),
            None
        );
        let mut notes = Notes::default();
        let note = notes.new_ones("counting", &sweep(7, None, 2.5), true);
        assert!(note.is_some_and(|note| note.ends_with("minutes of work or more (Ctrl+C stops)")));
        assert_eq!(
            Notes::default().new_ones("counting", &sweep(6, None, 2.5), false),
            None
        );
    }

    #[test]
    fn a_wide_sweep_taken_up_says_both() {
        let mut notes = Notes::default();
        let first = notes.new_ones("counting", &sweep(8, Some(32), 2.5), true);
        let second = notes.new_ones("counting", &sweep(8, Some(32), 2.5), true);
        assert!(first.is_some_and(|note| note.contains("rows of 8")));
        assert_eq!(
            second.as_deref(),
            Some("counting taken up from its checkpoint after square 32 of 64")
        );
        assert_eq!(
            notes.new_ones("counting", &sweep(8, Some(32), 2.5), true),
            None
        );
    }
}
