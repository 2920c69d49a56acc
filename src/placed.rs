//! An error at a place in a file or a link: its name, line and column,
//! and what is wrong there (see [`Placed`]); and the reading of a file
//! that may be anything (see [`read_at_most`]). Every reader of puzzles
//! uses both, so that all of them say where in the same words and none
//! hangs on a pipe or reads a device whole.

use std::fmt;
use std::io::Read;
use std::path::Path;

use crate::tr;

/// What is wrong (`problem`) at a line and column of `source`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placed<P> {
    /// The file name, or `URL` for a puzzle link.
    pub source: String,
    /// 1-based line; 0 when the problem concerns the whole input (say, a
    /// file that cannot be opened).
    pub line: usize,
    /// 1-based column in characters; 0 together with `line`.
    pub column: usize,
    /// What is wrong.
    pub problem: P,
}

impl<P> Placed<P> {
    /// `problem` at a 1-based line and column of `source`, or of the whole
    /// of it with line and column 0.
    pub fn new(source: &str, line: usize, column: usize, problem: P) -> Self {
        Placed {
            source: source.to_owned(),
            line,
            column,
            problem,
        }
    }
}

impl<P: fmt::Display> fmt::Display for Placed<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (source, problem) = (self.source.as_str(), self.problem.to_string());
        f.write_str(&if self.line == 0 {
            tr!("parse-error", source = source, problem = problem)
        } else {
            tr!(
                "parse-error-at",
                source = source,
                line = self.line,
                column = self.column,
                problem = problem
            )
        })
    }
}

impl<P: fmt::Debug + fmt::Display> std::error::Error for Placed<P> {}

/// The longest piece of input a problem quotes, in characters.
pub const QUOTE_MAX_CHARS: usize = 80;

/// `text` cut to [`QUOTE_MAX_CHARS`] characters with an ellipsis, so that
/// a huge token in a file gives a readable one-line error.
pub fn quoted(text: &str) -> String {
    match text.char_indices().nth(QUOTE_MAX_CHARS) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

/// At most `limit` bytes of the file at `path`: a caller that allows one
/// byte less than it asks for sees a file that is too large without
/// reading a huge file or an endless device whole.
pub fn read_at_most(path: &Path, limit: u64) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    open_without_waiting(path)?
        .take(limit)
        .read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Opens `path` for reading. Opening a named pipe waits for a writer, so
/// on Linux the file is opened without waiting and then read normally: a
/// pipe nobody writes to reads as empty instead of hanging.
#[cfg(target_os = "linux")]
fn open_without_waiting(path: &Path) -> std::io::Result<std::fs::File> {
    use std::os::fd::AsRawFd;
    use std::os::unix::fs::OpenOptionsExt;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)?;
    // SAFETY: fcntl on a descriptor this function owns, with plain flags.
    let cleared = unsafe {
        let flags = libc::fcntl(file.as_raw_fd(), libc::F_GETFL);
        flags >= 0 && libc::fcntl(file.as_raw_fd(), libc::F_SETFL, flags & !libc::O_NONBLOCK) == 0
    };
    if cleared {
        Ok(file)
    } else {
        Err(std::io::Error::last_os_error())
    }
}

/// Elsewhere files are opened as usual.
#[cfg(not(target_os = "linux"))]
fn open_without_waiting(path: &Path) -> std::io::Result<std::fs::File> {
    std::fs::File::open(path)
}
