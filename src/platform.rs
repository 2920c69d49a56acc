//! What differs between the desktop and the browser, in one place: how a
//! thread starts, how many cores there are, where scratch files go, and
//! (in the browser) the page's address, language and downloads.
//!
//! On the desktop these are the system's threads and folders. In a browser
//! a thread is a Web Worker that runs this same program on the page's
//! shared memory (see `web.rs`), so the engines and the job runtime run
//! unchanged; only the page's own thread must never block.

#[cfg(not(target_arch = "wasm32"))]
mod native;
#[cfg(not(target_arch = "wasm32"))]
use native as chosen;
#[cfg(target_arch = "wasm32")]
pub mod web;
#[cfg(target_arch = "wasm32")]
use web as chosen;

pub use chosen::{Handle, Scope, ScopedHandle, scope};

/// Runs `work` on a new thread. `Err` when the system (or the browser)
/// refuses to start one.
pub fn spawn<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> std::io::Result<Handle<T>> {
    chosen::spawn(work)
}

/// The next message on `receiver`, waiting at most `timeout` (std's own
/// wait needs a clock a browser's std does not have).
pub fn recv_timeout<T>(
    receiver: &std::sync::mpsc::Receiver<T>,
    timeout: std::time::Duration,
) -> Result<T, std::sync::mpsc::RecvTimeoutError> {
    chosen::recv_timeout(receiver, timeout)
}

/// How many threads can run at once: the machine's cores, or what the
/// browser says it has.
pub fn cores() -> usize {
    chosen::cores()
}

/// Where scratch files may go; none in a browser.
pub fn temp_dir() -> Option<std::path::PathBuf> {
    chosen::temp_dir()
}

/// `link` as it is shared: itself on the desktop, the page's address
/// with the link after `#` in a browser, which opens it there.
pub fn shared_link(link: String) -> String {
    chosen::shared_link(link)
}

/// The language a web page asks for (its address's `?lang=`, else the
/// browser's); none on the desktop, whose locale says.
pub fn page_language() -> Option<String> {
    chosen::page_language()
}
