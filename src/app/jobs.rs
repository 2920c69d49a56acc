//! The one background job the window runs at a time.
//!
//! Sessions ask for jobs as data (a [`Task`]); [`JobSlot`] runs the work
//! on a worker thread (see [`gridtour::job::spawn`]) and hands back what it
//! reports, tagged by the mode that asked, so each report goes to its own
//! session with no catch-all. Starting a job drops the one before: dropping
//! cancels it and closes its channel, so nothing it still produces arrives.
//! No egui in here: the window's wake-up call comes in as a closure.

use gridtour::job::{self, Control, Emitter, Event, Outcome, Progress, Resources, Urgency};

use gridtour::tr;

use super::said::Said;
use crate::app::modes::Mode;

/// Work the window runs on a worker thread: what it does in words, whose
/// it is, and how it runs.
pub trait Task: Send + 'static {
    /// What the work reports, streamed or at its end.
    type Report: Send + 'static;

    /// The mode that asked for the work.
    fn owner(&self) -> Mode;

    /// What the work does, for the status bar.
    fn label(&self) -> Said;

    /// Runs the work to its end (on the calling thread), streaming what it
    /// finds through `emit`; `None` when it was cancelled.
    fn run(
        self,
        control: &Control,
        emit: &(dyn Fn(Self::Report) -> bool + Sync),
    ) -> Option<Self::Report>;
}

/// What [`JobSlot::poll`] hands to the window.
#[derive(Debug)]
pub enum Update<R> {
    /// Something the job streamed (a tour or solution for browsing).
    Item(R),
    /// The job ended.
    Finished {
        /// The mode that asked for it.
        owner: Mode,
        /// What it did.
        label: Said,
        /// Its result, or `None` when it was cancelled.
        result: Option<R>,
        /// Its counters at the end.
        progress: Progress,
    },
}

/// A job that stopped before its end, as its owner should hear of it.
#[derive(Debug, Clone)]
pub struct Stopped {
    /// The mode that had asked for it.
    pub owner: Mode,
    /// What it was doing.
    pub label: Said,
    /// Its counters when it stopped.
    pub progress: Progress,
    /// Whether it keeps what it saved of its progress, to be taken up.
    pub kept: bool,
}

/// How a job ended.
#[derive(Debug, Clone)]
pub enum How {
    /// It ran to its end.
    Done,
    /// It ran to its end and found there is no tour.
    NoTour,
    /// It ran to its end and found there is no solution.
    NoSolution,
    /// It ran to its end and failed.
    Failed,
    /// A person cancelled it.
    Cancelled,
    /// A person cancelled it, and what it saved of its progress is kept to
    /// be taken up.
    CancelledKept,
    /// Another mode's job took its place.
    StoppedFor(Said),
}

impl How {
    /// How it ended, in a word or two ("done", "cancelled", ...).
    pub fn words(&self) -> String {
        match self {
            How::Done => tr!("job-done").to_owned(),
            How::NoTour => tr!("job-no-tour").to_owned(),
            How::NoSolution => tr!("job-no-solution").to_owned(),
            How::Failed => tr!("job-failed").to_owned(),
            How::Cancelled => tr!("job-cancelled").to_owned(),
            How::CancelledKept => tr!("job-cancelled-kept").to_owned(),
            How::StoppedFor(other) => tr!("job-stopped-for", other = other.words()),
        }
    }
}

/// How a mode's last job ended, for the status bar.
#[derive(Debug, Clone)]
pub struct JobEnd {
    /// What the job did.
    pub label: Said,
    /// How it ended.
    pub how: How,
    /// Its counters at the end.
    pub progress: Progress,
}

impl JobEnd {
    /// The end of a job that stopped early: cancelled, or stopped for the
    /// job `by` (another mode's) that took its place.
    pub fn stopped(stopped: Stopped, by: Option<Said>) -> Self {
        Self {
            label: stopped.label,
            how: match by {
                Some(other) => How::StoppedFor(other),
                None if stopped.kept => How::CancelledKept,
                None => How::Cancelled,
            },
            progress: stopped.progress,
        }
    }

    /// `Counting undirected open tours: done — 1,234 nodes, ...`; a job
    /// that needed no search says so instead of showing zero counters.
    pub fn line(&self) -> String {
        if self.progress.nodes == 0 {
            tr!(
                "job-ended-without-search",
                label = self.label.words(),
                how = self.how.words()
            )
        } else {
            tr!(
                "job-ended",
                label = self.label.words(),
                how = self.how.words(),
                progress = self.progress.at_end().to_string()
            )
        }
    }
}

struct Running<R> {
    owner: Mode,
    label: Said,
    job: job::Job<Option<R>, R>,
    progress: Progress,
}

/// Holds the current job, if any.
pub struct JobSlot<T: Task> {
    running: Option<Running<T::Report>>,
    /// What the jobs it runs may use.
    resources: Resources,
}

impl<T: Task> Default for JobSlot<T> {
    fn default() -> Self {
        Self::with_resources(Resources::default())
    }
}

impl<T: Task> JobSlot<T> {
    /// A slot whose jobs may use `resources`.
    pub fn with_resources(resources: Resources) -> Self {
        Self {
            running: None,
            resources,
        }
    }

    /// Starts `work` on a worker thread; `wake` is called whenever it has
    /// something to report. Returns the job it replaced (and so cancelled),
    /// if one was running.
    pub fn start(
        &mut self,
        work: T,
        wake: impl Fn(Urgency) + Send + Sync + 'static,
    ) -> Option<Stopped> {
        let replaced = self.cancel();
        let owner = work.owner();
        let label = work.label();
        let job = job::spawn(
            self.resources.clone(),
            wake,
            move |control, emitter: &Emitter<Option<T::Report>, T::Report>| {
                work.run(control, &|report| emitter.emit(report))
            },
        );
        self.running = Some(Running {
            owner,
            label,
            job,
            progress: Progress::default(),
        });
        replaced
    }

    /// Stops the running job at once, as far as the window is concerned:
    /// dropping it raises its cancel flag and disconnects its channel.
    pub fn cancel(&mut self) -> Option<Stopped> {
        let running = self.running.take()?;
        let control = running.job.control();
        Some(Stopped {
            owner: running.owner,
            progress: control.snapshot(),
            label: running.label,
            kept: control.is_kept_for_later() && control.checkpointing().is_some(),
        })
    }

    /// Stops the running job as [`JobSlot::cancel`] does, for a person:
    /// what it saved of its progress is kept, to be taken up.
    pub fn stop_for_later(&mut self) -> Option<Stopped> {
        if let Some(running) = &self.running {
            running.job.control().stop_for_later();
        }
        self.cancel()
    }

    /// Holds the running job where it is (`paused`), or lets it go on.
    pub fn set_paused(&self, paused: bool) {
        if let Some(running) = &self.running {
            let control = running.job.control();
            if paused {
                control.pause();
            } else {
                control.resume();
            }
        }
    }

    /// Whether a job is running and paused.
    pub fn is_paused(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|running| running.job.control().is_paused())
    }

    /// Cancels the running job if `owner` asked for it.
    pub fn cancel_for(&mut self, owner: Mode) -> Option<Stopped> {
        if self.owner() == Some(owner) {
            self.cancel()
        } else {
            None
        }
    }

    /// The mode whose job is running, if any.
    pub fn owner(&self) -> Option<Mode> {
        self.running.as_ref().map(|running| running.owner)
    }

    /// The running job's label and latest counters.
    pub fn current(&self) -> Option<(&Said, Progress)> {
        self.running
            .as_ref()
            .map(|running| (&running.label, running.progress.clone()))
    }

    /// Collects what the running job reported since the last call.
    pub fn poll(&mut self) -> Vec<Update<T::Report>> {
        let Some(running) = &mut self.running else {
            return Vec::new();
        };
        let mut updates = Vec::new();
        let mut ended = false;
        for event in running.job.poll() {
            match event {
                Event::Progress(progress) => running.progress = progress,
                Event::Item(report) => updates.push(Update::Item(report)),
                Event::Finished(outcome, progress) => {
                    running.progress = progress.clone();
                    let result = match outcome {
                        Outcome::Done(result) => result,
                        Outcome::Cancelled => None,
                    };
                    updates.push(Update::Finished {
                        owner: running.owner,
                        label: running.label.clone(),
                        result,
                        progress,
                    });
                    ended = true;
                }
            }
        }
        if ended {
            self.running = None;
        }
        updates
    }
}

/// What a job did when run to its end on the calling thread.
#[cfg(test)]
pub struct RanHere<R> {
    /// What it streamed, in order.
    pub items: Vec<R>,
    /// Its result, `None` if it was cancelled.
    pub result: Option<R>,
    /// What it did.
    pub label: Said,
    /// Its counters at the end.
    pub progress: Progress,
}

/// Runs `work` to its end on the calling thread, as [`JobSlot`] runs it in
/// the background, for tests of the sessions.
#[cfg(test)]
pub fn run_here<T: Task>(work: T) -> RanHere<T::Report> {
    let label = work.label();
    let items = std::sync::Mutex::new(Vec::new());
    let control = Control::new();
    let result = work.run(&control, &|report| {
        items.lock().expect("no other holder panics").push(report);
        true
    });
    RanHere {
        items: items.into_inner().expect("no other holder panics"),
        result,
        label,
        progress: control.snapshot(),
    }
}
