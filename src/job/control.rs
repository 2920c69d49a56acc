//! Cancelling, pausing and watching work: the [`Control`] a solver takes,
//! and the [`Resources`] it may use.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use web_time::{Duration, Instant};

use super::progress::{Detail, Progress};
use super::resources::Resources;

/// How many search nodes a solver may process between two looks at the
/// cancel flag. Small enough that even the slowest node kind (a connectivity
/// check on a 2000x2000 board) keeps cancellation well under 50 ms.
pub const CHECK_INTERVAL: u64 = 1 << 12;

/// The result of a job that may have been cancelled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome<T> {
    /// The job ran to its end.
    Done(T),
    /// The job was cancelled before it finished.
    Cancelled,
}

impl<T> Outcome<T> {
    /// The result turned into another by `done`, if the job ran to its
    /// end.
    pub fn map<U>(self, done: impl FnOnce(T) -> U) -> Outcome<U> {
        match self {
            Outcome::Done(value) => Outcome::Done(done(value)),
            Outcome::Cancelled => Outcome::Cancelled,
        }
    }
}

/// Shared state between a running solver and the thread that watches it:
/// counters one way; cancelling, pausing and where to save progress the
/// other.
#[derive(Debug)]
pub struct Control {
    cancelled: AtomicBool,
    /// Whether what the work saved of its progress is to be kept when it
    /// is cancelled (see [`Control::stop_for_later`]).
    kept_for_later: AtomicBool,
    /// Whether the work in hand was stopped for its caller to go on
    /// otherwise (see [`Control::interrupt`]).
    interrupted: AtomicBool,
    /// Whether the work is paused: read on every check, so kept apart
    /// from the lock that `pause` holds the times under.
    paused: AtomicBool,
    pause: Mutex<Pause>,
    /// Wakes work waiting in [`Control::should_stop`] when it is resumed or
    /// cancelled.
    resumed: Condvar,
    checkpointing: OnceLock<Checkpointing>,
    nodes: AtomicU64,
    found: AtomicU64,
    /// Whether [`Control::add_found`] counts: not while the work is making
    /// something whose own searches find solutions that mean nothing to
    /// whoever watches (see [`Control::without_found`]).
    counts_found: AtomicBool,
    /// Whether [`Control::add_nodes`] counts: not while the work asks
    /// another engine a question on the side, whose nodes are not the
    /// work's own (see [`Control::aside`]).
    counts_nodes: AtomicBool,
    started: Instant,
    /// What the engine last said of the work in hand.
    detail: Mutex<Option<Arc<dyn Detail>>>,
    resources: Resources,
}

impl Default for Control {
    fn default() -> Self {
        Self::new()
    }
}

impl Control {
    /// A fresh control: not cancelled, counters at zero, clock started now,
    /// with every resource the machine offers.
    pub fn new() -> Self {
        Self::with_resources(Resources::default())
    }

    /// A fresh control whose work may use `resources`.
    pub fn with_resources(resources: Resources) -> Self {
        Self {
            cancelled: AtomicBool::new(false),
            kept_for_later: AtomicBool::new(false),
            interrupted: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            found: AtomicU64::new(0),
            counts_found: AtomicBool::new(true),
            counts_nodes: AtomicBool::new(true),
            started: Instant::now(),
            detail: Mutex::new(None),
            resources,
            paused: AtomicBool::new(false),
            pause: Mutex::new(Pause::default()),
            resumed: Condvar::new(),
            checkpointing: OnceLock::new(),
        }
    }

    /// Asks long work to save its progress as `checkpointing` says, and to
    /// take up the progress saved there before; work that cannot be saved
    /// ignores it. Only the first call counts.
    pub fn save_progress(&self, checkpointing: Checkpointing) {
        let _ = self.checkpointing.set(checkpointing);
    }

    /// Where and how often to save progress, if asked to.
    pub fn checkpointing(&self) -> Option<&Checkpointing> {
        self.checkpointing.get()
    }

    /// The threads, memory and scratch directory the work may use.
    pub fn resources(&self) -> &Resources {
        &self.resources
    }

    /// Says what the work is doing, for whoever watches it.
    pub fn set_detail(&self, detail: impl Detail) {
        self.put_detail(Some(Arc::new(detail)));
    }

    /// Takes back what [`Control::set_detail`] said: the counters say it
    /// all again.
    pub fn clear_detail(&self) {
        self.put_detail(None);
    }

    fn put_detail(&self, detail: Option<Arc<dyn Detail>>) {
        *self
            .detail
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = detail;
    }

    /// Asks the solver to stop. It notices at its next check, paused or
    /// not.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
        // Under the lock, so that work about to wait cannot miss it.
        let _pause = self.lock_pause();
        self.resumed.notify_all();
    }

    /// Cancels the work, which keeps what it saved of its progress (see
    /// [`Control::save_progress`]) to be taken up later, where a plain
    /// cancel gives it up.
    pub fn stop_for_later(&self) {
        self.kept_for_later.store(true, Ordering::Relaxed);
        self.cancel();
    }

    /// Whether the work was stopped with [`Control::stop_for_later`].
    pub fn is_kept_for_later(&self) -> bool {
        self.kept_for_later.load(Ordering::Relaxed)
    }

    /// Stops the work in hand as [`Control::cancel`] does, but for the
    /// caller to go on once it has stopped and [`Control::end_interrupt`]
    /// was called: a search told by another engine that it cannot succeed.
    pub fn interrupt(&self) {
        self.interrupted.store(true, Ordering::Relaxed);
        let _pause = self.lock_pause();
        self.resumed.notify_all();
    }

    /// Ends an interruption; whether there was one.
    pub fn end_interrupt(&self) -> bool {
        self.interrupted.swap(false, Ordering::Relaxed)
    }

    /// Whether [`Control::cancel`] (or [`Control::interrupt`]) has been
    /// called; never waits.
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed) || self.interrupted.load(Ordering::Relaxed)
    }

    /// The solvers' regular check: whether to stop because the work was
    /// cancelled. While the work is paused it waits here until it is
    /// resumed or cancelled, so every solver can be paused between two
    /// checks without knowing about pausing.
    pub fn should_stop(&self) -> bool {
        if self.paused.load(Ordering::Relaxed) {
            let mut pause = self.lock_pause();
            while pause.since.is_some() && !self.is_cancelled() {
                pause = self
                    .resumed
                    .wait(pause)
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
            }
        }
        self.is_cancelled()
    }

    /// Holds the work at its next check until [`Control::resume`]; the time
    /// it is paused does not count as elapsed.
    pub fn pause(&self) {
        let mut pause = self.lock_pause();
        pause.since.get_or_insert_with(Instant::now);
        self.paused.store(true, Ordering::Relaxed);
    }

    /// Lets paused work go on.
    pub fn resume(&self) {
        let mut pause = self.lock_pause();
        if let Some(since) = pause.since.take() {
            pause.before += since.elapsed();
        }
        self.paused.store(false, Ordering::Relaxed);
        self.resumed.notify_all();
    }

    /// Whether the work is paused.
    pub fn is_paused(&self) -> bool {
        self.paused.load(Ordering::Relaxed)
    }

    /// The time the work has run since it started, its pauses left out.
    pub fn elapsed(&self) -> Duration {
        let pause = self.lock_pause();
        // While paused, the clock reads the same at every look.
        let until = pause.since.unwrap_or_else(Instant::now);
        until
            .saturating_duration_since(self.started)
            .saturating_sub(pause.before)
            .saturating_add(pause.taken_up_after)
    }

    /// The work was taken up from a save made after it had run for `ran`
    /// and explored `nodes`: its clock and its counter go on from there,
    /// so that its progress, rate and time left keep their meaning.
    pub fn taken_up(&self, ran: Duration, nodes: u64) {
        let mut pause = self.lock_pause();
        pause.taken_up_after = pause.taken_up_after.saturating_add(ran);
        self.add_nodes(nodes);
    }

    fn lock_pause(&self) -> std::sync::MutexGuard<'_, Pause> {
        self.pause
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Adds `n` explored search nodes to the progress counter.
    pub fn add_nodes(&self, n: u64) {
        if self.counts_nodes.load(Ordering::Relaxed) {
            self.nodes.fetch_add(n, Ordering::Relaxed);
        }
    }

    /// Adds `n` found solutions to the progress counter.
    pub fn add_found(&self, n: u64) {
        if self.counts_found.load(Ordering::Relaxed) {
            self.found.fetch_add(n, Ordering::Relaxed);
        }
    }

    /// Runs `work` with the solutions its searches find left out of the
    /// progress counter (nodes and cancelling work as ever): a generator
    /// counts the solutions of many candidate puzzles, and their total
    /// means nothing to a person.
    pub fn without_found<T>(&self, work: impl FnOnce() -> T) -> T {
        let before = self.counts_found.swap(false, Ordering::Relaxed);
        let result = work();
        self.counts_found.store(before, Ordering::Relaxed);
        result
    }

    /// Runs `work`, a question asked on the side (a search asking the
    /// frontier sweep whether there is a tour at all), with neither its
    /// nodes nor its solutions in the counters: they count the work's own
    /// search. Cancelling and pausing reach it as ever.
    pub fn aside<T>(&self, work: impl FnOnce() -> T) -> T {
        let nodes = self.counts_nodes.swap(false, Ordering::Relaxed);
        let result = self.without_found(work);
        self.counts_nodes.store(nodes, Ordering::Relaxed);
        result
    }

    /// The counters as they are now.
    pub fn snapshot(&self) -> Progress {
        Progress {
            nodes: self.nodes.load(Ordering::Relaxed),
            found: self.found.load(Ordering::Relaxed),
            elapsed: self.elapsed(),
            detail: self
                .detail
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .clone(),
        }
    }
}

/// When the work was paused, if it is, and how long its earlier pauses
/// took; and how long it ran before it was taken up from a save.
#[derive(Debug, Default)]
struct Pause {
    since: Option<Instant>,
    before: Duration,
    taken_up_after: Duration,
}

/// Where long work saves its progress, and how often, so that a run that
/// is stopped (a restart, a power cut) can be taken up again by the same
/// request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checkpointing {
    /// The file that holds the saved progress.
    pub path: PathBuf,
    /// The time between two saves.
    pub every: Duration,
    /// Whether work that finds the file in use by other work waits for it
    /// to let go (a window, whose stopped work may still be saving), else
    /// it is refused (two commands given the same file).
    pub wait_while_in_use: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Cancels the control when dropped, also by a failed assertion.
    struct CancelOnDrop<'c>(&'c Control);

    impl Drop for CancelOnDrop<'_> {
        fn drop(&mut self) {
            self.0.cancel();
        }
    }

    /// Work that checks in until told to stop, counting its checks.
    fn checking_work(control: &Control, checks: &AtomicU64) {
        while !control.should_stop() {
            checks.fetch_add(1, Ordering::Relaxed);
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    #[test]
    fn paused_work_waits_at_its_check_until_resumed() {
        let control = Control::new();
        let checks = AtomicU64::new(0);
        std::thread::scope(|scope| {
            scope.spawn(|| checking_work(&control, &checks));
            // A failed assertion must not leave the work paused forever.
            let _stop = CancelOnDrop(&control);
            while checks.load(Ordering::Relaxed) == 0 {
                std::thread::sleep(Duration::from_millis(1));
            }
            control.pause();
            assert!(control.is_paused());
            // At most the check under way when it was paused.
            std::thread::sleep(Duration::from_millis(20));
            let held = checks.load(Ordering::Relaxed);
            std::thread::sleep(Duration::from_millis(200));
            assert_eq!(
                checks.load(Ordering::Relaxed),
                held,
                "no checks while paused"
            );
            let elapsed_while_paused = control.elapsed();
            std::thread::sleep(Duration::from_millis(50));
            assert_eq!(control.elapsed(), elapsed_while_paused, "the clock stops");
            control.resume();
            while checks.load(Ordering::Relaxed) == held {
                std::thread::sleep(Duration::from_millis(1));
            }
            assert!(
                control.elapsed() > elapsed_while_paused,
                "the clock goes on"
            );
            control.cancel();
        });
        assert!(control.elapsed() < control.started.elapsed() - Duration::from_millis(200));
    }

    #[test]
    fn cancelling_paused_work_stops_it() {
        let control = Control::new();
        control.pause();
        let checks = AtomicU64::new(0);
        std::thread::scope(|scope| {
            let worker = scope.spawn(|| checking_work(&control, &checks));
            let _stop = CancelOnDrop(&control);
            std::thread::sleep(Duration::from_millis(50));
            assert!(!worker.is_finished());
            control.cancel();
        });
        assert_eq!(checks.load(Ordering::Relaxed), 0);
        assert!(control.should_stop(), "cancelled while paused: no wait");
    }

    #[test]
    fn found_solutions_can_be_left_out_of_the_counter() {
        let control = Control::new();
        control.add_found(3);
        let inner = control.without_found(|| {
            control.add_found(100);
            control.add_nodes(10);
            7
        });
        control.add_found(1);
        assert_eq!(inner, 7);
        let progress = control.snapshot();
        assert_eq!((progress.found, progress.nodes), (4, 10));
    }

    #[test]
    fn work_taken_up_goes_on_from_the_time_and_nodes_it_was_saved_at() {
        let control = Control::new();
        control.add_nodes(5);
        control.taken_up(Duration::from_secs(600), 1000);
        let progress = control.snapshot();
        assert_eq!(progress.nodes, 1005);
        assert!(progress.elapsed >= Duration::from_secs(600));
        assert!(progress.elapsed < Duration::from_secs(601));
    }
}
