//! The one background job the window runs at a time.
//!
//! Sessions ask for jobs as data ([`Work`]); [`JobSlot`] runs the work on a
//! worker thread (see [`gridtour::job::spawn`]) and hands back what it
//! reports, tagged by the mode that asked, so each report goes to its own
//! session with no catch-all. Starting a job drops the one before: dropping
//! cancels it and closes its channel, so nothing it still produces arrives.
//! No egui in here: the window's wake-up call comes in as a closure.

use std::time::{Duration, Instant};

use gridtour::job::{self, Control, Emitter, Event, Outcome, Progress, Urgency};

use super::goishi::session::{GoishiJob, GoishiReport};
use super::knight::session::{KnightJob, KnightReport};
use super::settings::Mode;

/// A job a session asked for.
#[derive(Debug, Clone, PartialEq)]
pub enum Work {
    /// A knight's tour search, count or analysis.
    Knight(KnightJob),
    /// A Goishi search, count or generation.
    Goishi(GoishiJob),
}

/// What a job reports, streamed or at its end, for the session that asked.
#[derive(Debug)]
pub enum Report {
    /// For the knight's tour session.
    Knight(KnightReport),
    /// For the Goishi session.
    Goishi(GoishiReport),
}

impl Work {
    /// The mode whose session asked for the work.
    pub fn owner(&self) -> Mode {
        match self {
            Work::Knight(_) => Mode::Knight,
            Work::Goishi(_) => Mode::Goishi,
        }
    }

    /// What the job does, in words, for the status bar.
    pub fn label(&self) -> String {
        match self {
            Work::Knight(job) => job.label(),
            Work::Goishi(job) => job.label(),
        }
    }

    /// Runs the work to its end (on the calling thread), streaming what it
    /// finds through `emit`; `None` when it was cancelled.
    pub fn run(self, control: &Control, emit: &(dyn Fn(Report) -> bool + Sync)) -> Option<Report> {
        match self {
            Work::Knight(job) => match job.run(control, &|report| emit(Report::Knight(report))) {
                Outcome::Done(report) => Some(Report::Knight(report)),
                Outcome::Cancelled => None,
            },
            Work::Goishi(job) => match job.run(control, &|report| emit(Report::Goishi(report))) {
                Outcome::Done(report) => Some(Report::Goishi(report)),
                Outcome::Cancelled => None,
            },
        }
    }
}

/// How long a browsing enumeration may go on after the count it runs beside
/// has ended, to fill the browser on boards where counting is much quicker
/// than listing.
const BROWSE_GRACE: Duration = Duration::from_secs(1);

/// How long a browsing enumeration may look for its first result before
/// it gives up, leaving every core to the count. Even at the lowest
/// priority it took most of a core from a count whose threads come and go
/// step by step: closed 6x40 took 12.6 s in the window while a listing
/// that never finds a tour there ran beside it, 6.9 s on the command line.
const BROWSE_PATIENCE: Duration = Duration::from_secs(2);

/// Runs `count` on the calling thread while `browse` lists results for
/// browsing on a helper thread, at the lowest priority. The helper gets a
/// control of its own, so the job's progress figures are the count's
/// alone (`browse` adds what it lists to that control's found ones); it
/// is cancelled with the job (`control`), when it has found nothing in
/// [`BROWSE_PATIENCE`], or [`BROWSE_GRACE`] after the count ends. `browse`
/// should stop by itself once it has listed enough.
pub fn count_while_browsing<T>(
    control: &Control,
    browse: impl FnOnce(&Control) + Send,
    count: impl FnOnce() -> Outcome<T>,
) -> Outcome<T> {
    let browse_control = Control::new();
    std::thread::scope(|scope| {
        scope.spawn(|| {
            job::lower_to_side_work();
            browse(&browse_control);
            // Finished: the count need not wait for it.
            browse_control.cancel();
        });
        scope.spawn(|| {
            let deadline = Instant::now() + BROWSE_PATIENCE;
            while !browse_control.is_cancelled() && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(10));
            }
            if browse_control.snapshot().found == 0 {
                browse_control.cancel();
            }
        });
        let counted = count();
        if matches!(counted, Outcome::Done(_)) {
            let deadline = Instant::now() + BROWSE_GRACE;
            while !browse_control.is_cancelled()
                && !control.is_cancelled()
                && Instant::now() < deadline
            {
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        browse_control.cancel();
        counted
    })
}

/// What [`JobSlot::poll`] hands to the window.
#[derive(Debug)]
pub enum Update {
    /// Something the job streamed (a tour or solution for browsing).
    Item(Report),
    /// The job ended.
    Finished {
        /// The mode that asked for it.
        owner: Mode,
        /// What it did.
        label: String,
        /// Its result, or `None` when it was cancelled.
        result: Option<Report>,
        /// Its counters at the end.
        progress: Progress,
    },
}

/// A job that stopped before its end, as its owner should hear of it.
#[derive(Debug, Clone, PartialEq)]
pub struct Stopped {
    /// The mode that had asked for it.
    pub owner: Mode,
    /// What it was doing.
    pub label: String,
    /// Its counters when it stopped.
    pub progress: Progress,
}

/// How a mode's last job ended, for the status bar.
#[derive(Debug, Clone, PartialEq)]
pub struct JobEnd {
    /// What the job did.
    pub label: String,
    /// How it ended, in a word or two ("done", "cancelled", ...).
    pub how: String,
    /// Its counters at the end.
    pub progress: Progress,
}

impl JobEnd {
    /// The end of a job that stopped early: cancelled, or stopped for the
    /// job `by` (another mode's) that took its place.
    pub fn stopped(stopped: Stopped, by: Option<&str>) -> Self {
        Self {
            label: stopped.label,
            how: match by {
                Some(other) => format!("stopped for {other}"),
                None => "cancelled".to_owned(),
            },
            progress: stopped.progress,
        }
    }

    /// `Counting undirected open tours: done — 1,234 nodes, ...`; a job
    /// that needed no search says so instead of showing zero counters.
    pub fn line(&self) -> String {
        if self.progress.nodes == 0 {
            format!("{}: {} without searching", self.label, self.how)
        } else {
            format!("{}: {} — {}", self.label, self.how, self.progress)
        }
    }
}

struct Running {
    owner: Mode,
    label: String,
    job: job::Job<Option<Report>, Report>,
    progress: Progress,
}

/// Holds the current job, if any.
#[derive(Default)]
pub struct JobSlot {
    running: Option<Running>,
}

impl JobSlot {
    /// Starts `work` on a worker thread; `wake` is called whenever it has
    /// something to report. Returns the job it replaced (and so cancelled),
    /// if one was running.
    pub fn start(
        &mut self,
        work: Work,
        wake: impl Fn(Urgency) + Send + Sync + 'static,
    ) -> Option<Stopped> {
        let replaced = self.cancel();
        let owner = work.owner();
        let label = work.label();
        let job = job::spawn(
            wake,
            move |control, emitter: &Emitter<Option<Report>, Report>| {
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
        Some(Stopped {
            owner: running.owner,
            progress: running.job.control().snapshot(),
            label: running.label,
        })
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
    pub fn current(&self) -> Option<(&str, Progress)> {
        self.running
            .as_ref()
            .map(|running| (running.label.as_str(), running.progress))
    }

    /// Collects what the running job reported since the last call.
    pub fn poll(&mut self) -> Vec<Update> {
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
                    running.progress = progress;
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
pub struct RanHere {
    /// What it streamed, in order.
    pub items: Vec<Report>,
    /// Its result, `None` if it was cancelled.
    pub result: Option<Report>,
    /// What it did, in words.
    pub label: String,
    /// Its counters at the end.
    pub progress: Progress,
}

/// Runs `work` to its end on the calling thread, as [`JobSlot`] runs it in
/// the background, for tests of the sessions.
#[cfg(test)]
pub fn run_here(work: Work) -> RanHere {
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

#[cfg(test)]
mod tests {
    use gridtour::knight::{Board, TourKind};

    use super::*;

    fn count_job(side: u32) -> Work {
        Work::Knight(KnightJob::Count {
            board: Board::new(side, side).expect("board"),
            start: None,
            kind: TourKind::Open,
        })
    }

    /// How long a count beside a listing (that finds something when
    /// `finds`, else nothing) lasted before the listing stopped, or None
    /// when it outlasted `count_for`.
    fn listing_stopped_after(finds: bool, count_for: Duration) -> Option<Duration> {
        let began = Instant::now();
        let stopped = std::sync::Mutex::new(None);
        let outcome = count_while_browsing(
            &Control::new(),
            |browse_control| {
                if finds {
                    browse_control.add_found(1);
                }
                while !browse_control.is_cancelled() {
                    std::thread::sleep(Duration::from_millis(5));
                }
                *stopped.lock().unwrap() = Some(began.elapsed());
            },
            || {
                std::thread::sleep(count_for);
                Outcome::Done(())
            },
        );
        assert_eq!(outcome, Outcome::Done(()));
        let stopped = stopped.into_inner().unwrap().expect("the listing ended");
        (stopped < count_for).then_some(stopped)
    }

    #[test]
    fn a_listing_that_finds_nothing_gives_its_core_back_to_the_count() {
        let count_for = BROWSE_PATIENCE + Duration::from_secs(1);
        let stopped = listing_stopped_after(false, count_for).expect("stopped early");
        assert!(stopped >= BROWSE_PATIENCE, "{stopped:?}");
        assert_eq!(listing_stopped_after(true, count_for), None);
    }

    #[test]
    fn a_new_job_replaces_the_old_one_whose_result_never_arrives() {
        let mut slot = JobSlot::default();
        assert_eq!(slot.start(count_job(8), |_| {}), None);
        let replaced = slot
            .start(count_job(5), |_| {})
            .expect("the 8x8 count was running");
        assert_eq!(replaced.owner, Mode::Knight);
        assert!(replaced.label.contains("open"), "{}", replaced.label);
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut finished = Vec::new();
        while slot.owner().is_some() {
            assert!(Instant::now() < deadline, "the 5x5 count did not end");
            for update in slot.poll() {
                if let Update::Finished { result, .. } = update {
                    finished.push(result);
                }
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        match finished.as_slice() {
            [Some(Report::Knight(KnightReport::Counted(count)))] => assert_eq!(count.tours, 864),
            other => panic!("expected the 5x5 count alone: {other:?}"),
        }
    }
}
