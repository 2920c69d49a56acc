//! What the window does differently on the desktop and in a browser, in
//! one place (the library's [`gridtour::platform`] holds the threads and
//! the page's storage): how the window starts, how a file is chosen to
//! open or to save, where a written file goes, and whether a PDF viewer
//! can be opened. Modes and sessions never ask which one they run on.

#[cfg(not(target_arch = "wasm32"))]
mod native;
#[cfg(not(target_arch = "wasm32"))]
pub use native::*;
#[cfg(target_arch = "wasm32")]
mod web;
#[cfg(target_arch = "wasm32")]
pub use web::*;
