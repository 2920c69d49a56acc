//! The desktop: the system's threads and temporary folder.

use std::path::PathBuf;

/// A thread to join.
pub struct Handle<T>(std::thread::JoinHandle<T>);

impl<T> Handle<T> {
    /// Waits for the thread's result; a panic on it goes on here.
    pub fn join(self) -> T {
        self.0
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    }
}

pub(super) fn spawn<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> std::io::Result<Handle<T>> {
    std::thread::Builder::new().spawn(work).map(Handle)
}

/// Threads that may borrow from the caller's stack: all joined before
/// [`scope`] returns.
pub struct Scope<'scope, 'env: 'scope>(&'scope std::thread::Scope<'scope, 'env>);

/// A scoped thread to join.
pub struct ScopedHandle<'scope, T>(std::thread::ScopedJoinHandle<'scope, T>);

impl<T> ScopedHandle<'_, T> {
    /// Waits for the thread's result; a panic on it goes on here.
    pub fn join(self) -> T {
        self.0
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    }
}

impl<'scope> Scope<'scope, '_> {
    /// Runs `work` on a new thread of this scope; `Err` when the system
    /// refuses one.
    pub fn spawn<T: Send + 'scope>(
        &self,
        work: impl FnOnce() -> T + Send + 'scope,
    ) -> std::io::Result<ScopedHandle<'scope, T>> {
        std::thread::Builder::new()
            .spawn_scoped(self.0, work)
            .map(ScopedHandle)
    }
}

/// Runs `body` with a scope for threads that borrow, and returns once
/// every one of them has ended.
pub fn scope<'env, T>(body: impl for<'scope> FnOnce(&Scope<'scope, 'env>) -> T) -> T {
    std::thread::scope(|inner| body(&Scope(inner)))
}

pub(super) fn recv_timeout<T>(
    receiver: &std::sync::mpsc::Receiver<T>,
    timeout: std::time::Duration,
) -> Result<T, std::sync::mpsc::RecvTimeoutError> {
    receiver.recv_timeout(timeout)
}

pub(super) fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

pub(super) fn temp_dir() -> Option<PathBuf> {
    Some(std::env::temp_dir())
}

pub(super) fn shared_link(link: String) -> String {
    link
}

pub(super) fn page_language() -> Option<String> {
    None
}
