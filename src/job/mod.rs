//! The job runtime: cancelling, pausing and watching work, and running it
//! on worker threads. It knows no engine.
//!
//! Solvers never talk to a window. They take a [`Control`], bump its
//! counters from their hot loops (in batches, so the atomics stay cheap),
//! poll [`Control::should_stop`] often enough to stop within a few
//! milliseconds, and may hand it a [`Detail`] of their own that says what
//! they are doing. [`spawn`] runs such a solver on its own thread and turns
//! the counters into a stream of [`Event`]s at a fixed rate, which is what
//! the desktop app listens to; the command line calls the solvers directly
//! with a fresh `Control`. The threads, memory and scratch directory the
//! work may use travel with the control as [`Resources`].

mod control;
mod progress;
mod resources;
mod worker;

pub use control::{CHECK_INTERVAL, Checkpointing, Control, Outcome};
pub use progress::{Detail, Headway, Progress};
pub use resources::Resources;
/// The value in `mutex`, even if a thread panicked holding it: what it
/// holds (puzzles made, a deadline) stays whole.
pub fn lock<T>(mutex: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

pub use worker::{
    Emitter, Event, Job, PROGRESS_PERIOD, Urgency, lower_to_side_work, on_threads, spawn,
    threads_refused,
};
