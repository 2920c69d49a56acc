//! The one background job the window runs at a time.
//!
//! Every solve, count, enumeration or generation goes through [`JobSlot`]:
//! it runs on a worker thread (see [`gridtour::job::spawn`]), its progress
//! wakes the window about 20 times a second, and starting a new job drops
//! the old one. Dropping a job cancels it and closes its channel, so nothing
//! a cancelled or replaced job produces can reach the window afterwards.

use eframe::egui;

use gridtour::goishi::{Point, Puzzle};
use gridtour::job::{self, Control, Emitter, Event, Outcome, Progress};
use gridtour::knight::{SolveResult, Square};

use super::settings::Mode;

/// How many streamed tours or solutions a job keeps for browsing; the rest
/// are only counted.
pub const BROWSE_LIMIT: usize = 1000;

/// The result of a job that ran to its end.
#[derive(Debug)]
pub enum Finished {
    /// A knight's tour search ended.
    KnightSolve(SolveResult),
    /// A knight's tour count ended with this many tours.
    KnightCount(u64),
    /// The start squares where plain Warnsdorff dead-ends.
    FailingStarts(Vec<Square>),
    /// A Goishi search ended (None: the puzzle has no solution).
    GoishiSolve(Option<Vec<Point>>),
    /// A Goishi count ended; `limit` is the cap the count stopped at, if any.
    GoishiCount {
        /// Solutions counted (at most `limit`).
        solutions: u64,
        /// The cap given to the counter.
        limit: Option<u64>,
    },
    /// A puzzle generation ended.
    GoishiGenerate(Result<Puzzle, String>),
}

/// Something a job streams while it runs.
#[derive(Debug)]
pub enum Found {
    /// A tour found by a knight enumeration.
    KnightTour(Vec<Square>),
    /// A pickup order found by a Goishi enumeration.
    GoishiOrder(Vec<Point>),
}

/// What [`JobSlot::poll`] hands to the window.
#[derive(Debug)]
pub enum Update {
    /// A streamed tour or order.
    Found(Found),
    /// The job ended: its result, or `None` when it was cancelled.
    Finished(Option<Finished>),
}

struct Running {
    owner: Mode,
    label: String,
    job: job::Job<Option<Finished>, Found>,
    progress: Progress,
}

/// How the last job ended, for the status bar.
#[derive(Debug, Clone, PartialEq)]
pub struct Ended {
    /// What the job was doing.
    pub label: String,
    /// Whether it was cancelled.
    pub cancelled: bool,
    /// Its counters at the end.
    pub progress: Progress,
}

/// Holds the current job, if any, and remembers how the last one ended.
#[derive(Default)]
pub struct JobSlot {
    running: Option<Running>,
    ended: Option<Ended>,
}

impl JobSlot {
    /// Starts `work` on a worker thread for the mode `owner`, replacing (and
    /// so cancelling) any job still running. The window is woken on every
    /// progress tick. `work` returns `None` when its solver gave up because
    /// it was cancelled (the job is then reported as cancelled anyway).
    pub fn start(
        &mut self,
        ctx: &egui::Context,
        owner: Mode,
        label: impl Into<String>,
        work: impl FnOnce(&Control, &Emitter<Option<Finished>, Found>) -> Option<Finished>
        + Send
        + 'static,
    ) {
        let wake_ctx = ctx.clone();
        let job = job::spawn(move || wake_ctx.request_repaint(), work);
        self.running = Some(Running {
            owner,
            label: label.into(),
            job,
            progress: Progress::default(),
        });
    }

    /// Stops the running job at once, as far as the window is concerned:
    /// dropping it raises its cancel flag (the solvers stop within 50 ms) and
    /// disconnects its channel, so nothing it still produces can arrive.
    /// Returns the mode that had started it, if a job was running.
    pub fn cancel(&mut self) -> Option<Mode> {
        let running = self.running.take()?;
        self.ended = Some(Ended {
            progress: running.job.control().snapshot(),
            label: running.label,
            cancelled: true,
        });
        Some(running.owner)
    }

    /// Cancels the running job if `owner` started it: its board or puzzle
    /// has changed, so whatever it finds would be out of date.
    pub fn discard(&mut self, owner: Mode) {
        if self
            .running
            .as_ref()
            .is_some_and(|running| running.owner == owner)
        {
            self.cancel();
        }
    }

    /// Whether a job is running.
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// The running job's label and latest counters.
    pub fn current(&self) -> Option<(&str, Progress)> {
        self.running
            .as_ref()
            .map(|running| (running.label.as_str(), running.progress))
    }

    #[cfg(test)]
    /// How the last finished job ended.
    pub fn last_ended(&self) -> Option<&Ended> {
        self.ended.as_ref()
    }

    /// The latest counters of the running job, if `owner` started it.
    pub fn progress_of(&self, owner: Mode) -> Option<Progress> {
        self.running
            .as_ref()
            .filter(|running| running.owner == owner)
            .map(|running| running.progress)
    }

    /// Collects what the running job reported since the last call.
    pub fn poll(&mut self) -> Vec<Update> {
        let Some(running) = &mut self.running else {
            return Vec::new();
        };
        let mut updates = Vec::new();
        let mut ended = None;
        for event in running.job.poll() {
            match event {
                Event::Progress(progress) => running.progress = progress,
                Event::Item(found) => updates.push(Update::Found(found)),
                Event::Finished(outcome, progress) => {
                    running.progress = progress;
                    let result = match outcome {
                        Outcome::Done(result) => result,
                        Outcome::Cancelled => None,
                    };
                    ended = Some(Ended {
                        label: running.label.clone(),
                        cancelled: result.is_none(),
                        progress,
                    });
                    updates.push(Update::Finished(result));
                }
            }
        }
        if ended.is_some() {
            self.ended = ended;
            self.running = None;
        }
        updates
    }

    /// One line for the status bar describing the running or last job.
    pub fn status_line(&self) -> String {
        if let Some((label, progress)) = self.current() {
            format!("{label}… {}", progress)
        } else if let Some(ended) = &self.ended {
            let how = if ended.cancelled { "cancelled" } else { "done" };
            format!("{}: {how} — {}", ended.label, ended.progress)
        } else {
            "Ready".to_owned()
        }
    }
}

/// A mode's side of the job slot: starts the mode's jobs, and remembers
/// whether the mode's board or puzzle changed since, in which case the job
/// works on something no longer shown and is dropped.
#[derive(Debug)]
pub struct JobOwner {
    mode: Mode,
    changed: bool,
}

impl JobOwner {
    /// The owner of the jobs `mode` starts.
    pub fn new(mode: Mode) -> Self {
        Self {
            mode,
            changed: false,
        }
    }

    /// Notes that the board or puzzle changed.
    pub fn mark_changed(&mut self) {
        self.changed = true;
    }

    /// Starts `work` for this mode (see [`JobSlot::start`]); it works on the
    /// board or puzzle as it is now.
    pub fn start(
        &mut self,
        ctx: &egui::Context,
        jobs: &mut JobSlot,
        label: impl Into<String>,
        work: impl FnOnce(&Control, &Emitter<Option<Finished>, Found>) -> Option<Finished>
        + Send
        + 'static,
    ) {
        self.changed = false;
        jobs.start(ctx, self.mode, label, work);
    }

    /// Drops this mode's running job if the board or puzzle changed since
    /// it started.
    pub fn drop_stale_job(&mut self, jobs: &mut JobSlot) {
        if std::mem::take(&mut self.changed) {
            jobs.discard(self.mode);
        }
    }
}

/// Maps a solver's outcome to a job result: `None` when it was cancelled.
pub fn finished<T>(outcome: Outcome<T>, wrap: impl FnOnce(T) -> Finished) -> Option<Finished> {
    match outcome {
        Outcome::Done(value) => Some(wrap(value)),
        Outcome::Cancelled => None,
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn a_new_job_replaces_the_old_one_and_its_result_never_arrives() {
        let ctx = egui::Context::default();
        let mut slot = JobSlot::default();
        slot.start(&ctx, Mode::Knight, "slow", |control, _| {
            while !control.is_cancelled() {
                std::thread::sleep(Duration::from_millis(1));
            }
            Some(Finished::KnightCount(1))
        });
        slot.start(&ctx, Mode::Knight, "fast", |_, _| {
            Some(Finished::KnightCount(2))
        });
        let deadline = std::time::Instant::now() + Duration::from_secs(5);
        let mut results = Vec::new();
        while slot.is_running() && std::time::Instant::now() < deadline {
            for update in slot.poll() {
                if let Update::Finished(result) = update {
                    results.push(result);
                }
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(matches!(
            results.as_slice(),
            [Some(Finished::KnightCount(2))]
        ));
        assert_eq!(slot.last_ended().map(|e| e.label.as_str()), Some("fast"));
    }
}
