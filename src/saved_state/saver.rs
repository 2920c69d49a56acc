//! Saving off the window's thread: a state file owned by a thread of its
//! own, which waits there for another window's turn to end (the window
//! paints on and can say so) and hands back what each save merged.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use web_time::{Duration, Instant};

use super::{SaveOutcome, Saved, StateFile, Trouble, Wait};
use crate::job::lock;

/// How long a save waits for its turn before the window is told.
const SAY_WAITING_AFTER: Duration = Duration::from_millis(300);

/// What a save did, for the window that asked (one save is under way at
/// a time: it knows what it sent).
#[derive(Debug)]
pub struct Reply<T> {
    /// The state as saved: the state sent, with what another window saved
    /// since taken in.
    pub saved: T,
    /// What the save did, or why it failed.
    pub outcome: Result<SaveOutcome, Trouble>,
}

enum Request<T> {
    Save(T),
    Rebase(T),
}

/// A state file saved on a thread of its own.
pub struct Saver<T> {
    path: PathBuf,
    requests: Option<Sender<Request<T>>>,
    replies: Receiver<Reply<T>>,
    /// Whether a save has waited a while for another window's turn.
    waiting: Arc<AtomicBool>,
    /// When a save waiting for its turn writes anyway: set on closing.
    write_anyway_at: Arc<Mutex<Option<Instant>>>,
    /// The file's size and time as the thread last read or wrote it.
    seen: Arc<Mutex<Option<(u64, std::time::SystemTime)>>>,
    /// Saves asked for and not yet answered.
    pending: usize,
    worker: Option<JoinHandle<()>>,
}

impl<T: Saved + Send + 'static> Saver<T> {
    /// Saves to `file` (already read) from now on, calling `wake` whenever
    /// there is something to hear.
    pub fn start(mut file: StateFile, wake: impl Fn() + Send + 'static) -> std::io::Result<Self> {
        let path = file.path().to_path_buf();
        let (requests, inbox) = channel::<Request<T>>();
        let (outbox, replies) = channel();
        let waiting = Arc::new(AtomicBool::new(false));
        let write_anyway_at = Arc::new(Mutex::new(None::<Instant>));
        let seen = Arc::new(Mutex::new(file.stamp));
        let worker = {
            let (waiting, write_anyway_at) = (waiting.clone(), write_anyway_at.clone());
            let seen = seen.clone();
            std::thread::Builder::new()
                .name("gridtour-save".to_owned())
                .spawn(move || {
                    for request in inbox {
                        let mut saved = match request {
                            Request::Rebase(state) => {
                                file.rebase(&state);
                                continue;
                            }
                            Request::Save(state) => state,
                        };
                        let outcome = file.save_with(&mut saved, &mut |waited| {
                            if waited >= SAY_WAITING_AFTER && !waiting.swap(true, Ordering::Relaxed)
                            {
                                wake();
                            }
                            match *lock(&write_anyway_at) {
                                Some(deadline) if Instant::now() >= deadline => Wait::WriteAnyway,
                                _ => Wait::On,
                            }
                        });
                        waiting.store(false, Ordering::Relaxed);
                        *lock(&seen) = file.stamp;
                        let reply = Reply { saved, outcome };
                        if outbox.send(reply).is_err() {
                            break;
                        }
                        wake();
                    }
                })?
        };
        Ok(Self {
            path,
            requests: Some(requests),
            replies,
            waiting,
            write_anyway_at,
            seen,
            pending: 0,
            worker: Some(worker),
        })
    }

    /// The file saved to.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Saves `state`; its reply comes through [`Saver::replies`].
    pub fn save(&mut self, state: T) {
        if let Some(requests) = &self.requests
            && requests.send(Request::Save(state)).is_ok()
        {
            self.pending += 1;
        }
    }

    /// Takes `state` as what the window holds now, where it did not take
    /// everything a save merged in (see [`StateFile::rebase`]).
    pub fn rebase(&mut self, state: T) {
        if let Some(requests) = &self.requests {
            let _ = requests.send(Request::Rebase(state));
        }
    }

    /// Whether a save is under way.
    pub fn busy(&self) -> bool {
        self.pending > 0
    }

    /// Whether a save has waited a while for another window's turn.
    pub fn waiting(&self) -> bool {
        self.waiting.load(Ordering::Relaxed)
    }

    /// Whether the file changed since this window last read or wrote it:
    /// another window saved.
    pub fn others_saved(&self) -> bool {
        let now = std::fs::metadata(&self.path)
            .ok()
            .as_ref()
            .and_then(super::stamp);
        now != *lock(&self.seen)
    }

    /// Waits for every save under way to be answered; their replies.
    pub fn wait(&mut self) -> Vec<Reply<T>> {
        let mut replies = self.replies();
        while self.pending > 0 {
            match self.replies.recv() {
                Ok(reply) => {
                    replies.push(reply);
                    self.pending -= 1;
                }
                Err(_) => self.pending = 0,
            }
        }
        replies
    }

    /// The saves answered since last asked.
    pub fn replies(&mut self) -> Vec<Reply<T>> {
        let replies: Vec<Reply<T>> = self.replies.try_iter().collect();
        self.pending = self.pending.saturating_sub(replies.len());
        replies
    }

    /// Saves `state` last, waiting for another window's turn at most
    /// `patience` before writing anyway, and ends the thread; the last
    /// save's reply.
    pub fn finish(mut self, state: T, patience: Duration) -> Option<Reply<T>> {
        *lock(&self.write_anyway_at) = Some(Instant::now() + patience);
        self.save(state);
        self.requests = None;
        if let Some(worker) = self.worker.take() {
            let _ = worker.join();
        }
        self.replies.try_iter().last()
    }
}

impl<T> Drop for Saver<T> {
    /// A save still waiting for its turn writes anyway: a window does not
    /// hang on its way out.
    fn drop(&mut self) {
        *lock(&self.write_anyway_at) = Some(Instant::now());
        self.requests = None;
        if let Some(worker) = self.worker.take() {
            let _ = worker.join();
        }
    }
}
