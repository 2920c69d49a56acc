//! Worker threads: a job on a thread of its own that streams [`Event`]s
//! to whoever started it, and work shared out over several threads.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

use super::control::{Control, Outcome};
use super::progress::Progress;
use super::resources::Resources;

/// Runs `work(0)`, `work(1)`, ... `work(count - 1)` at the same time, the
/// first on the calling thread, and returns their results in that order.
///
/// A thread the system refuses to start (a process or memory limit) is
/// not fatal: its part runs on the calling thread after the calling
/// thread's own, so every part is done, only later. Such refusals are
/// counted for [`threads_refused`].
pub fn on_threads<T: Send>(count: usize, work: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let work = &work;
    crate::platform::scope(|scope| {
        let helpers: Vec<_> = (1..count.max(1))
            .map(|index| {
                let started = scope.spawn(move || work(index));
                if started.is_err() {
                    THREADS_REFUSED.fetch_add(1, Ordering::Relaxed);
                }
                (index, started.ok())
            })
            .collect();
        let mine = work(0);
        std::iter::once(mine)
            .chain(helpers.into_iter().map(|(index, helper)| match helper {
                Some(helper) => helper.join(),
                None => work(index),
            }))
            .collect()
    })
}

/// Threads the system refused to start since the process began.
static THREADS_REFUSED: AtomicUsize = AtomicUsize::new(0);

/// How many worker threads the system has refused to start so far (their
/// work ran on threads that did start), for a note to the person.
pub fn threads_refused() -> usize {
    THREADS_REFUSED.load(Ordering::Relaxed)
}

/// What a background job tells the thread that started it.
#[derive(Debug)]
pub enum Event<T, M> {
    /// Counters, sent at least every [`PROGRESS_PERIOD`] while the job runs.
    Progress(Progress),
    /// Something the job chose to stream as it goes (a found tour, say).
    Item(M),
    /// The final result and the counters at the end. Always the last event.
    Finished(Outcome<T>, Progress),
}

/// How often a running job reports its counters.
pub const PROGRESS_PERIOD: Duration = Duration::from_millis(50);

/// A job running on a worker thread.
///
/// Dropping the handle cancels the job; its thread finishes on its own
/// shortly after and its result is discarded.
pub struct Job<T, M> {
    control: Arc<Control>,
    events: Receiver<Event<T, M>>,
    worker: Option<crate::platform::Handle<()>>,
}

impl<T, M> Job<T, M> {
    /// The job's control, for reading counters or cancelling.
    pub fn control(&self) -> &Arc<Control> {
        &self.control
    }

    /// Asks the job to stop.
    pub fn cancel(&self) {
        self.control.cancel();
    }

    /// Events that have arrived since the last call, without blocking.
    pub fn poll(&self) -> Vec<Event<T, M>> {
        self.events.try_iter().collect()
    }

    /// Blocks until the next event, or until `timeout`.
    pub fn next_event(&self, timeout: Duration) -> Option<Event<T, M>> {
        crate::platform::recv_timeout(&self.events, timeout).ok()
    }
}

impl<T, M> Drop for Job<T, M> {
    fn drop(&mut self) {
        self.control.cancel();
        // The worker is detached: joining here could stall the caller (the
        // UI thread) for as long as the solver takes to notice the flag.
        drop(self.worker.take());
    }
}

/// Handle given to the work function for streaming items to the listener.
pub struct Emitter<T, M> {
    sender: Sender<Event<T, M>>,
    wake: Arc<dyn Fn(Urgency) + Send + Sync>,
}

impl<T, M> Emitter<T, M> {
    /// Sends one item. Returns false once nobody listens any more, which the
    /// work function may take as a request to stop.
    pub fn emit(&self, item: M) -> bool {
        let delivered = self.sender.send(Event::Item(item)).is_ok();
        (self.wake)(Urgency::Progress);
        delivered
    }
}

/// The nice value a background job's worker runs at (0 is normal, 19 the
/// lowest priority).
const BACKGROUND_NICENESS: i32 = 10;

/// The nice value of work that only shows something beside a job (the
/// tours the window lists for browsing while it counts): the lowest, so
/// that the job's own threads come first (at the job's niceness, a count
/// of closed 6x40 beside such a listing took a tenth longer).
const SIDE_WORK_NICENESS: i32 = 19;

/// Lets the scheduler favour the window over the calling worker thread (and
/// the threads it spawns, which inherit its nice value). A count keeps both
/// cores busy; without this, a window drawn by a software renderer competes
/// with it on equal terms and its frame rate collapses. The ticker that
/// reports progress is spawned before, so it keeps normal priority.
fn lower_thread_priority() {
    set_niceness(BACKGROUND_NICENESS);
}

/// Makes the calling thread side work, beside a job (see
/// `SIDE_WORK_NICENESS`).
pub fn lower_to_side_work() {
    set_niceness(SIDE_WORK_NICENESS);
}

fn set_niceness(niceness: i32) {
    // Elsewhere (a browser's workers) there is no priority to set.
    #[cfg(not(target_os = "linux"))]
    let _ = niceness;
    // SAFETY: setpriority only reads its three integer arguments. On Linux
    // the nice value is a per-thread attribute and `who = 0` names the
    // calling thread. A failure (e.g. a sandbox forbidding it) only leaves
    // the priority as it was, so the result is ignored.
    #[cfg(target_os = "linux")]
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, niceness);
    }
}

/// What a job's listener is woken for, so that it can choose how soon to
/// look: a window repaints at once for a result, but need not repaint for
/// every tick of the counters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Urgency {
    /// New counters or a streamed item.
    Progress,
    /// The job ended: its result is waiting.
    Finished,
}

/// Runs `work` on a new thread, with `resources`.
///
/// While it runs, a progress event is sent every [`PROGRESS_PERIOD`] (none
/// while it is paused); when it
/// ends, a [`Event::Finished`] carries its result (or [`Outcome::Cancelled`]
/// when the control was cancelled, whatever the work returned). `wake` is
/// called after every event, with how urgent it is, so that a sleeping
/// listener, such as a window that repaints only on demand, can look at the
/// channel.
/// The work runs at a lowered priority, so that it never starves the thread
/// that watches it.
pub fn spawn<T, M, F>(
    resources: Resources,
    wake: impl Fn(Urgency) + Send + Sync + 'static,
    work: F,
) -> Job<T, M>
where
    T: Send + 'static,
    M: Send + 'static,
    F: FnOnce(&Control, &Emitter<T, M>) -> T + Send + 'static,
{
    let control = Arc::new(Control::with_resources(resources));
    let (sender, events) = mpsc::channel();
    let wake: Arc<dyn Fn(Urgency) + Send + Sync> = Arc::new(wake);
    let worker_control = Arc::clone(&control);
    let refusal = sender.clone();
    let worker = crate::platform::spawn(move || {
        let (done_tx, done_rx) = mpsc::channel::<()>();
        let ticker_control = Arc::clone(&worker_control);
        let ticker_sender = sender.clone();
        let ticker_wake = Arc::clone(&wake);
        // Without a ticker (a thread refused) the job runs all the same,
        // and only its end is reported.
        let ticker = crate::platform::spawn(move || {
            while let Err(RecvTimeoutError::Timeout) =
                crate::platform::recv_timeout(&done_rx, PROGRESS_PERIOD)
            {
                // Paused work has nothing new to say: the listener sleeps.
                if ticker_control.is_paused() {
                    continue;
                }
                if ticker_sender
                    .send(Event::Progress(ticker_control.snapshot()))
                    .is_err()
                {
                    return;
                }
                ticker_wake(Urgency::Progress);
            }
        });
        let emitter = Emitter {
            sender: sender.clone(),
            wake: Arc::clone(&wake),
        };
        lower_thread_priority();
        let result = work(&worker_control, &emitter);
        // The work's tables are dropped by now: their memory goes back.
        crate::memory::give_back();
        drop(done_tx);
        if let Ok(ticker) = ticker {
            ticker.join();
        }
        let outcome = if worker_control.is_cancelled() {
            Outcome::Cancelled
        } else {
            Outcome::Done(result)
        };
        let _ = sender.send(Event::Finished(outcome, worker_control.snapshot()));
        wake(Urgency::Finished);
    });
    if worker.is_err() {
        THREADS_REFUSED.fetch_add(1, Ordering::Relaxed);
        let _ = refusal.send(Event::Finished(Outcome::Cancelled, control.snapshot()));
    }
    Job {
        control,
        events,
        worker: worker.ok(),
    }
}

#[cfg(test)]
mod tests {
    use web_time::Instant;

    use super::*;

    #[test]
    fn finished_job_reports_its_result_last() {
        let job = spawn(
            Resources::default(),
            |_| {},
            |control, emitter: &Emitter<u32, u32>| {
                control.add_nodes(5);
                emitter.emit(1);
                emitter.emit(2);
                control.add_found(2);
                7
            },
        );
        let mut items = Vec::new();
        loop {
            match job.next_event(Duration::from_secs(5)).expect("job hung") {
                Event::Progress(_) => {}
                Event::Item(item) => items.push(item),
                Event::Finished(outcome, progress) => {
                    assert_eq!(outcome, Outcome::Done(7));
                    assert_eq!(progress.nodes, 5);
                    assert_eq!(progress.found, 2);
                    break;
                }
            }
        }
        assert_eq!(items, vec![1, 2]);
    }

    #[test]
    fn cancelled_job_stops_and_says_so() {
        let job = spawn(
            Resources::default(),
            |_| {},
            |control, _: &Emitter<u64, ()>| {
                let mut spins = 0u64;
                while !control.is_cancelled() {
                    spins += 1;
                    std::thread::yield_now();
                }
                spins
            },
        );
        // Progress keeps arriving while the job spins.
        let mut progress_events = 0;
        while progress_events < 3 {
            if let Some(Event::Progress(_)) = job.next_event(Duration::from_secs(5)) {
                progress_events += 1;
            }
        }
        let asked = Instant::now();
        job.cancel();
        loop {
            match job.next_event(Duration::from_secs(5)).expect("job hung") {
                Event::Finished(outcome, _) => {
                    assert_eq!(outcome, Outcome::Cancelled);
                    break;
                }
                _ => continue,
            }
        }
        assert!(asked.elapsed() < Duration::from_millis(500));
    }
}
