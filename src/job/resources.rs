//! What work may use: threads, memory and a scratch directory, handed to
//! it as a value (see [`Control::with_resources`](super::Control::with_resources)).

use std::path::PathBuf;

/// The threads, memory and disk an engine may use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resources {
    /// How many threads the engines that share out their work use (at
    /// least one).
    pub threads: usize,
    /// How many bytes the engines whose tables grow may take (see
    /// [`crate::memory`]).
    pub memory_budget: u64,
    /// Where a count whose states do not fit in the memory budget writes
    /// them instead (the frontier sweep's scratch files).
    pub scratch_dir: PathBuf,
    /// Where work that may outlast the program keeps its progress, to be
    /// taken up when it is asked for again (the window's counts); none
    /// by default, where a caller names each file (`--checkpoint`).
    pub keep_dir: Option<PathBuf>,
}

impl Default for Resources {
    /// Every core the machine offers, the default memory budget (see
    /// [`crate::memory::default_budget`]) and the system's temporary
    /// directory.
    fn default() -> Self {
        let cores = crate::platform::cores();
        let threads = crate::memory::threads_within_limits(cores);
        Self {
            threads,
            memory_budget: crate::memory::default_budget(threads),
            scratch_dir: crate::platform::temp_dir().unwrap_or_default(),
            keep_dir: None,
        }
    }
}

impl Resources {
    /// The same resources with `threads` threads (at least one, and no
    /// more than an address-space limit leaves room for: see
    /// [`crate::memory::threads_within_limits`]).
    pub fn with_threads(self, threads: usize) -> Self {
        Self {
            threads: crate::memory::threads_within_limits(threads),
            ..self
        }
    }

    /// The same resources with a memory budget of `bytes` (at least one).
    pub fn with_memory_budget(self, bytes: u64) -> Self {
        Self {
            memory_budget: bytes.max(1),
            ..self
        }
    }

    /// The same resources keeping long work's progress in `directory`.
    pub fn with_keep_dir(self, directory: PathBuf) -> Self {
        Self {
            keep_dir: Some(directory),
            ..self
        }
    }

    /// The same resources with `directory` for scratch files.
    pub fn with_scratch_dir(self, directory: PathBuf) -> Self {
        Self {
            scratch_dir: directory,
            ..self
        }
    }
}
