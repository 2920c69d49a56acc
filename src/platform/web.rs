//! The browser: threads are Web Workers sharing the page's memory, and
//! the page's downloads and address stand in for files and arguments.
//!
//! Each worker loads `thread.js` (beside the page), which starts this
//! same program on the shared memory and calls [`gridtour_thread`] with
//! the work to run. A worker may block (a channel, a lock); the page's
//! own thread never waits for one, so the window only ever polls.

use std::collections::VecDeque;
use std::marker::PhantomData;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Condvar, Mutex};

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// Work handed to a worker, boxed twice so that it crosses as one number.
type Work = Box<dyn FnOnce() + Send>;

/// Runs the work a worker was given: called by `thread.js`.
#[wasm_bindgen]
pub fn gridtour_thread(work: u32) {
    // SAFETY: `work` is the pointer `new_worker` leaked for exactly this call,
    // sent to this worker only.
    let work = unsafe { Box::from_raw(work as usize as *mut Work) };
    (*work)();
}

fn refused(error: &JsValue) -> std::io::Error {
    let words = error
        .as_string()
        .or_else(|| {
            error
                .dyn_ref::<js_sys::Error>()
                .map(|error| error.message().into())
        })
        .unwrap_or_else(|| "the browser refused a worker".to_owned());
    std::io::Error::other(words)
}

/// Workers that wait for work. A worker started by another worker does
/// not start until its parent yields to its event loop, which a worker
/// that then waits for it never does; so workers are started only by the
/// page's thread, and work started elsewhere goes to one that is idle.
struct Pool {
    queue: Mutex<VecDeque<Work>>,
    ready: Condvar,
    idle: AtomicUsize,
}

static POOL: Pool = Pool {
    queue: Mutex::new(VecDeque::new()),
    ready: Condvar::new(),
    idle: AtomicUsize::new(0),
};

/// Idle workers the page keeps for work started by workers (a count's
/// threads, a search's helpers, a job's ticker).
const POOL_WORKERS: usize = 12;

/// Starts the pool's workers; called once by the page's thread.
pub fn start_pool() {
    for _ in 0..POOL_WORKERS {
        if let Err(error) = new_worker(Box::new(wait_for_work)) {
            web_sys::console::error_1(&format!("gridtour: {error}").into());
            return;
        }
    }
}

/// A pool worker's life: run what comes, forever.
fn wait_for_work() {
    loop {
        POOL.idle.fetch_add(1, Ordering::SeqCst);
        let work = {
            let mut queue = crate::job::lock(&POOL.queue);
            loop {
                if let Some(work) = queue.pop_front() {
                    break work;
                }
                queue = POOL
                    .ready
                    .wait(queue)
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
            }
        };
        work();
    }
}

/// Whether this is the page's own thread (which may start workers).
fn on_page_thread() -> bool {
    js_sys::global().dyn_into::<web_sys::Window>().is_ok()
}

/// Runs `work` on an idle worker of the pool, or on a new one when the
/// page's thread asks.
fn start(work: Work) -> std::io::Result<()> {
    let taken = POOL
        .idle
        .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |idle| {
            idle.checked_sub(1)
        });
    if taken.is_ok() {
        // The page's thread never waits for a lock: it tries until free
        // (a worker holds this one only to push or pop).
        let mut queue = loop {
            if let Ok(queue) = POOL.queue.try_lock() {
                break queue;
            }
            std::hint::spin_loop();
        };
        queue.push_back(work);
        drop(queue);
        POOL.ready.notify_one();
        return Ok(());
    }
    if on_page_thread() {
        return new_worker(Box::new(move || {
            work();
            wait_for_work();
        }));
    }
    Err(std::io::Error::other("no idle worker"))
}

/// Starts a worker for `work`.
fn new_worker(work: Work) -> std::io::Result<()> {
    let options = web_sys::WorkerOptions::new();
    options.set_type(web_sys::WorkerType::Module);
    let worker = web_sys::Worker::new_with_options("./thread.js", &options)
        .map_err(|error| refused(&error))?;
    let work = Box::into_raw(Box::new(work));
    let message = js_sys::Array::of3(
        &wasm_bindgen::module(),
        &wasm_bindgen::memory(),
        &JsValue::from(work as usize as u32),
    );
    worker.post_message(&message).map_err(|error| {
        // SAFETY: the message did not go, so nobody else has the pointer.
        drop(unsafe { Box::from_raw(work) });
        refused(&error)
    })
}

/// A thread to join.
pub struct Handle<T>(Receiver<T>);

impl<T> Handle<T> {
    /// Waits for the thread's result (never on the page's thread).
    pub fn join(self) -> T {
        self.0
            .recv()
            .expect("a worker that ended without its result")
    }
}

pub(super) fn spawn<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> std::io::Result<Handle<T>> {
    let (sender, result) = mpsc::channel();
    start(Box::new(move || {
        let _ = sender.send(work());
    }))?;
    Ok(Handle(result))
}

/// Threads that may borrow from the caller's stack: all joined before
/// [`scope`] returns.
pub struct Scope<'scope, 'env: 'scope> {
    running: Arc<(Mutex<usize>, Condvar)>,
    scope: PhantomData<&'scope mut &'scope ()>,
    env: PhantomData<&'env mut &'env ()>,
}

/// A scoped thread to join.
pub struct ScopedHandle<'scope, T>(Receiver<T>, PhantomData<&'scope ()>);

impl<T> ScopedHandle<'_, T> {
    /// Waits for the thread's result (never on the page's thread).
    pub fn join(self) -> T {
        self.0
            .recv()
            .expect("a worker that ended without its result")
    }
}

impl<'scope> Scope<'scope, '_> {
    /// Runs `work` on a new worker of this scope; `Err` when the browser
    /// refuses one.
    pub fn spawn<T: Send + 'scope>(
        &self,
        work: impl FnOnce() -> T + Send + 'scope,
    ) -> std::io::Result<ScopedHandle<'scope, T>> {
        let (sender, result) = mpsc::channel();
        let running = Arc::clone(&self.running);
        *crate::job::lock(&running.0) += 1;
        let scoped: Box<dyn FnOnce() + Send + 'scope> = Box::new(move || {
            let _ = sender.send(work());
            let (count, ended) = &*running;
            *crate::job::lock(count) -= 1;
            ended.notify_all();
        });
        // SAFETY: `scope` waits for every worker it started before the
        // borrows in `work` ('scope) end, as std::thread::scope does.
        let unscoped: Work = unsafe { std::mem::transmute(scoped) };
        start(unscoped).inspect_err(|_| *crate::job::lock(&self.running.0) -= 1)?;
        Ok(ScopedHandle(result, PhantomData))
    }
}

/// Runs `body` with a scope for threads that borrow, and returns once
/// every one of them has ended.
pub fn scope<'env, T>(body: impl for<'scope> FnOnce(&Scope<'scope, 'env>) -> T) -> T {
    let scope = Scope {
        running: Arc::new((Mutex::new(0), Condvar::new())),
        scope: PhantomData,
        env: PhantomData,
    };
    let result = body(&scope);
    let (count, ended) = &*scope.running;
    let mut left = crate::job::lock(count);
    while *left > 0 {
        left = ended
            .wait(left)
            .unwrap_or_else(std::sync::PoisonError::into_inner);
    }
    result
}

/// Looks every millisecond: std's timed wait reads std's clock, which
/// panics here.
pub(super) fn recv_timeout<T>(
    receiver: &Receiver<T>,
    timeout: std::time::Duration,
) -> Result<T, mpsc::RecvTimeoutError> {
    let until = web_time::Instant::now() + timeout;
    loop {
        match receiver.try_recv() {
            Ok(message) => return Ok(message),
            Err(mpsc::TryRecvError::Disconnected) => {
                return Err(mpsc::RecvTimeoutError::Disconnected);
            }
            Err(mpsc::TryRecvError::Empty) if web_time::Instant::now() >= until => {
                return Err(mpsc::RecvTimeoutError::Timeout);
            }
            Err(mpsc::TryRecvError::Empty) => {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
        }
    }
}

/// The cores the browser reports, within the web build's own limit (see
/// [`MOST_WORKERS`]).
pub(super) fn cores() -> usize {
    let reported = js_sys::global()
        .dyn_into::<web_sys::Window>()
        .map(|window| window.navigator().hardware_concurrency())
        .or_else(|global| {
            global
                .dyn_into::<web_sys::WorkerGlobalScope>()
                .map(|worker| worker.navigator().hardware_concurrency())
        })
        .unwrap_or(1.0);
    (reported as usize).clamp(1, MOST_WORKERS)
}

/// Each worker holds its own stack in the page's 4 GiB of memory.
const MOST_WORKERS: usize = 8;

pub(super) fn temp_dir() -> Option<PathBuf> {
    None
}

fn window() -> Option<web_sys::Window> {
    web_sys::window()
}

/// The part of the page's address after `#`, decoded; empty when none.
pub fn address_fragment() -> String {
    let Some(hash) = window().and_then(|window| window.location().hash().ok()) else {
        return String::new();
    };
    let hash = hash.strip_prefix('#').unwrap_or(&hash);
    js_sys::decode_uri_component(hash)
        .ok()
        .and_then(|decoded| decoded.as_string())
        .unwrap_or_else(|| hash.to_owned())
}

pub(super) fn shared_link(link: String) -> String {
    let Some(href) = window().and_then(|window| window.location().href().ok()) else {
        return link;
    };
    crate::document::page_address(&href, &link)
}

/// The value of `name` in the page address's query (`?lang=ja`).
fn query_value(name: &str) -> Option<String> {
    let search = window()?.location().search().ok()?;
    let params = web_sys::UrlSearchParams::new_with_str(&search).ok()?;
    params.get(name)
}

pub(super) fn page_language() -> Option<String> {
    query_value("lang").or_else(|| window()?.navigator().language())
}

/// Files made on workers, waiting for the page's thread to download them
/// (only it can).
static DOWNLOADS: std::sync::Mutex<Vec<(String, Vec<u8>)>> = std::sync::Mutex::new(Vec::new());

/// Queues `bytes` to be downloaded as `name` by [`deliver_downloads`];
/// callable from any thread.
pub fn offer_download(name: String, bytes: Vec<u8>) {
    crate::job::lock(&DOWNLOADS).push((name, bytes));
}

/// Downloads the files queued, on the page's thread, which never waits:
/// while a worker holds the queue they wait for the next frame.
pub fn deliver_downloads() {
    let waiting = match DOWNLOADS.try_lock() {
        Ok(mut queue) => std::mem::take(&mut *queue),
        Err(_) => return,
    };
    for (name, bytes) in waiting {
        if let Err(error) = download(&name, &bytes) {
            web_sys::console::error_1(&format!("gridtour: cannot download {name}: {error}").into());
        }
    }
}

/// Offers `bytes` to the person as a downloaded file named `name`.
fn download(name: &str, bytes: &[u8]) -> Result<(), String> {
    let failed = |error: JsValue| refused(&error).to_string();
    let document = window()
        .and_then(|window| window.document())
        .ok_or_else(|| "no document".to_owned())?;
    // A copy out of the shared memory: a Blob cannot be made on it.
    let array = js_sys::Uint8Array::new_with_length(bytes.len() as u32);
    array.copy_from(bytes);
    let parts = js_sys::Array::of1(&array);
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/octet-stream");
    let blob =
        web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options).map_err(failed)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(failed)?;
    let anchor = document
        .create_element("a")
        .map_err(failed)?
        .dyn_into::<web_sys::HtmlAnchorElement>()
        .map_err(|_| "no link element".to_owned())?;
    anchor.set_href(&url);
    anchor.set_download(name);
    anchor.click();
    // The download has its own reference to the data by now.
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}
