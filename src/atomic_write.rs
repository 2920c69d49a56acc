//! Crash-safe file writes: a file holds either its old contents or all of
//! the new ones, never a mixture. Every file gridtour writes (exports from
//! the window, pictures from the command line) goes through here.

use std::ffi::OsString;
use std::fmt;

use crate::message::SystemError;
use crate::tr;
use std::fs::{self, File, OpenOptions};
use std::io::{self, ErrorKind};
use std::path::{Path, PathBuf};
use std::process;
use std::sync::atomic::{AtomicU64, Ordering};

/// Why a file could not be written: the path, and what went wrong.
#[derive(Debug)]
pub struct WriteError {
    /// The file that was to be written.
    pub path: PathBuf,
    /// What went wrong.
    pub reason: WriteFailure,
}

/// What went wrong in a write (see [`WriteError`]).
#[derive(Debug)]
pub enum WriteFailure {
    /// The path names nothing that could be a file.
    NotAFile,
    /// The path names a folder.
    Folder,
    /// The path names a block device or a socket, which are never
    /// written.
    SpecialFile(&'static str),
    /// The path names a named pipe that no program reads.
    NoReader,
    /// The folder it would go in does not exist.
    NoFolder(PathBuf),
    /// The system refused or failed a step of the write.
    Io(io::Error),
    /// The file was replaced, but flushing the change to disk failed.
    NotFlushed(io::Error),
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path.display().to_string();
        f.write_str(&match &self.reason {
            WriteFailure::NotAFile => tr!("write-not-a-file", path = path),
            WriteFailure::Folder => tr!("write-folder", path = path),
            WriteFailure::SpecialFile(what) => {
                tr!("write-special-file", path = path, what = *what)
            }
            WriteFailure::NoReader => tr!("write-no-reader", path = path),
            WriteFailure::NoFolder(folder) => tr!(
                "write-no-folder",
                path = path,
                folder = folder.display().to_string()
            ),
            WriteFailure::Io(error) => {
                let error = SystemError::from(error).to_string();
                tr!("write-failed", path = path, error = error)
            }
            WriteFailure::NotFlushed(error) => {
                let error = SystemError::from(error).to_string();
                tr!("write-not-flushed", path = path, error = error)
            }
        })
    }
}

impl std::error::Error for WriteError {}

/// Writes `bytes` to `path` so that the file holds either its old contents or
/// all of the new ones, never a mixture, even if the program or the machine
/// stops half-way.
///
/// The bytes go to a hidden temporary file in the same directory, are flushed
/// to disk, and the temporary file is then renamed over the target. An
/// existing target keeps its permissions; a symbolic link is written through,
/// not replaced. On failure the temporary file is removed and the message
/// names `path` and the reason. Temporary files that processes no longer
/// running left beside the target (killed half-way) are removed first.
///
/// A character device (`/dev/null`, a terminal) or a named pipe is written
/// into directly, never replaced; a pipe without a reader is refused at
/// once instead of waiting for one. Block devices and sockets are refused.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    write_atomic_with(path, &mut |file| file.write_all(bytes))
}

/// Like [`write_atomic`], for contents too large to hold in memory at
/// once: `fill` writes them to the temporary file as it goes.
pub fn write_atomic_with(
    path: &Path,
    fill: &mut dyn FnMut(&mut dyn io::Write) -> io::Result<()>,
) -> Result<(), WriteError> {
    let failure = |reason| WriteError {
        path: path.to_path_buf(),
        reason,
    };
    if path.is_dir() || path.as_os_str().as_encoded_bytes().ends_with(b"/") {
        return Err(failure(WriteFailure::Folder));
    }
    #[cfg(unix)]
    if let Some(special) = special_file(path) {
        return write_special(path, special, fill).map_err(failure);
    }
    let target = resolve_symlink(path);
    let Some(file_name) = target.file_name() else {
        return Err(failure(WriteFailure::NotAFile));
    };
    let directory = match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let (temp_path, temp_file) = create_temp_file(directory, file_name).map_err(|error| {
        if error.kind() == ErrorKind::NotFound && !directory.is_dir() {
            failure(WriteFailure::NoFolder(directory.to_path_buf()))
        } else {
            failure(WriteFailure::Io(error))
        }
    })?;
    let name = std::ffi::CString::new(temp_path.as_os_str().as_encoded_bytes()).ok();
    if let Some(name) = &name {
        in_flight().push(name.clone());
    }
    let filled = fill_and_replace(temp_file, &temp_path, &target, fill);
    if let Some(name) = &name {
        in_flight().retain(|path| path != name);
    }
    if let Err(error) = filled {
        // The error being reported is the useful one; a failed clean-up of
        // a file that may not even exist any more adds nothing.
        let _ = fs::remove_file(&temp_path);
        return Err(failure(WriteFailure::Io(error)));
    }
    sync_directory(directory).map_err(|error| failure(WriteFailure::NotFlushed(error)))
}

/// The temporary files being written now, ready for `unlink`, for
/// [`remove_unfinished_now`].
static IN_FLIGHT: std::sync::Mutex<Vec<std::ffi::CString>> = std::sync::Mutex::new(Vec::new());

fn in_flight() -> std::sync::MutexGuard<'static, Vec<std::ffi::CString>> {
    IN_FLIGHT
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Removes the temporary files of writes under way, for a process about to
/// end on a signal: the targets keep their old contents, and nothing is
/// left behind. Safe in a signal handler: it neither waits nor allocates
/// (when a write holds the list at that instant, its file stays, to be
/// removed by the next write of the same target).
pub fn remove_unfinished_now() {
    #[cfg(unix)]
    if let Ok(names) = IN_FLIGHT.try_lock() {
        for name in names.iter() {
            // SAFETY: unlink of a NUL-terminated path, async-signal-safe.
            unsafe {
                libc::unlink(name.as_ptr());
            }
        }
    }
}

/// What kind of special file `path` names (following links), if it is one.
#[cfg(unix)]
fn special_file(path: &Path) -> Option<Special> {
    use std::os::unix::fs::FileTypeExt as _;
    let kind = fs::metadata(path).ok()?.file_type();
    if kind.is_char_device() {
        Some(Special::CharDevice)
    } else if kind.is_fifo() {
        Some(Special::Pipe)
    } else if kind.is_block_device() {
        Some(Special::Refused("block-device"))
    } else if kind.is_socket() {
        Some(Special::Refused("socket"))
    } else {
        None
    }
}

/// A path that is not a regular file, a folder or nothing.
#[cfg(unix)]
#[derive(Clone, Copy)]
enum Special {
    CharDevice,
    Pipe,
    Refused(&'static str),
}

/// Writes straight into a character device or a named pipe: they cannot be
/// replaced, and what is written to them is gone at once anyway.
#[cfg(unix)]
fn write_special(
    path: &Path,
    special: Special,
    fill: &mut dyn FnMut(&mut dyn io::Write) -> io::Result<()>,
) -> Result<(), WriteFailure> {
    use std::os::unix::fs::OpenOptionsExt as _;
    let mut options = OpenOptions::new();
    options.write(true);
    match special {
        Special::Refused(what) => return Err(WriteFailure::SpecialFile(what)),
        // Opening a pipe waits for a reader; without one it fails at once.
        Special::Pipe => options.custom_flags(libc::O_NONBLOCK),
        Special::CharDevice => &mut options,
    };
    let file = options.open(path).map_err(|error| {
        if error.raw_os_error() == Some(libc::ENXIO) {
            WriteFailure::NoReader
        } else {
            WriteFailure::Io(error)
        }
    })?;
    blocking(&file).map_err(WriteFailure::Io)?;
    let mut writer = io::BufWriter::new(file);
    fill(&mut writer)
        .and_then(|()| io::Write::flush(&mut writer))
        .map_err(WriteFailure::Io)
}

/// Makes writes to `file` wait for room again (a pipe opened without
/// waiting for its reader).
#[cfg(unix)]
fn blocking(file: &File) -> io::Result<()> {
    use std::os::fd::AsRawFd as _;
    let fd = file.as_raw_fd();
    // SAFETY: fcntl on a descriptor this function's caller owns, with
    // plain integer arguments.
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    if flags < 0 || unsafe { libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// The file a write to `path` lands in: the destination of a symbolic link
/// (so the link survives), otherwise `path` itself. A dangling link is
/// replaced by the new file.
fn resolve_symlink(path: &Path) -> PathBuf {
    match fs::symlink_metadata(path) {
        Ok(metadata) if metadata.file_type().is_symlink() => {
            fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
        }
        _ => path.to_path_buf(),
    }
}

/// Creates a new, hidden file next to the target, named after it so a
/// leftover from a crash is recognisable, e.g. `.tour.svg.1234.0.tmp`.
fn create_temp_file(directory: &Path, file_name: &std::ffi::OsStr) -> io::Result<(PathBuf, File)> {
    /// Distinguishes temporary files of concurrent writes in one process.
    static NEXT_TEMP_NUMBER: AtomicU64 = AtomicU64::new(0);
    /// Tries before giving up on names taken by leftovers of other runs.
    const ATTEMPTS: usize = 100;
    remove_leftovers(directory, file_name);
    let mut last_error = io::Error::from(ErrorKind::AlreadyExists);
    for _ in 0..ATTEMPTS {
        let number = NEXT_TEMP_NUMBER.fetch_add(1, Ordering::Relaxed);
        let mut name = OsString::from(".");
        name.push(file_name);
        name.push(format!(".{}.{number}.tmp", process::id()));
        let temp_path = directory.join(name);
        match OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp_path)
        {
            Ok(file) => return Ok((temp_path, file)),
            Err(error) if error.kind() == ErrorKind::AlreadyExists => last_error = error,
            Err(error) => return Err(error),
        }
    }
    Err(last_error)
}

/// Removes the temporary files of earlier writes of `file_name` whose
/// process is no longer running (killed before it could clean up).
fn remove_leftovers(directory: &Path, file_name: &std::ffi::OsStr) {
    let Ok(entries) = fs::read_dir(directory) else {
        return;
    };
    let prefix = format!(".{}.", file_name.to_string_lossy());
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|name| name.strip_prefix(&prefix))
            .and_then(|rest| rest.strip_suffix(".tmp"))
            .and_then(|rest| rest.split_once('.'))
            .filter(|(_, number)| number.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|(pid, _)| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if pid != process::id() && !is_running(pid) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Whether a process with this id runs (on Linux, by /proc; elsewhere
/// every process is taken to run, so nothing is removed).
fn is_running(pid: u32) -> bool {
    !cfg!(target_os = "linux") || Path::new("/proc").join(pid.to_string()).exists()
}

/// Fills the temporary file, flushes it to disk and renames it over the
/// target, keeping an existing target's permissions.
fn fill_and_replace(
    mut file: File,
    temp_path: &Path,
    target: &Path,
    fill: &mut dyn FnMut(&mut dyn io::Write) -> io::Result<()>,
) -> io::Result<()> {
    fill(&mut file)?;
    if let Ok(metadata) = fs::metadata(target)
        && metadata.is_file()
    {
        file.set_permissions(metadata.permissions())?;
    }
    file.sync_all()?;
    drop(file);
    fs::rename(temp_path, target)
}

/// Flushes the directory entry of the renamed file, so the rename itself
/// survives a power cut. Only Unix-like systems can open directories for
/// this; elsewhere the rename is as durable as the system makes it.
fn sync_directory(directory: &Path) -> io::Result<()> {
    if cfg!(unix) {
        File::open(directory)?.sync_all()
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh directory under the system's temporary directory, removed
    /// when dropped.
    struct ScratchDir(PathBuf);

    impl ScratchDir {
        fn new(name: &str) -> Self {
            let path =
                std::env::temp_dir().join(format!("gridtour-write-{}-{name}", process::id()));
            let _ = fs::remove_dir_all(&path);
            fs::create_dir_all(&path).expect("a scratch directory");
            ScratchDir(path)
        }

        /// Names in the directory, sorted, hidden ones included.
        fn entries(&self) -> Vec<String> {
            let mut names: Vec<String> = fs::read_dir(&self.0)
                .expect("a readable scratch directory")
                .map(|entry| {
                    let entry = entry.expect("a directory entry");
                    entry.file_name().to_string_lossy().into_owned()
                })
                .collect();
            names.sort();
            names
        }
    }

    impl Drop for ScratchDir {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn write_atomic_creates_the_file() {
        let dir = ScratchDir::new("create");
        let target = dir.0.join("tour.svg");
        write_atomic(&target, b"<svg/>").expect("a writable directory");
        assert_eq!(fs::read(&target).expect("the written file"), b"<svg/>");
        assert_eq!(dir.entries(), ["tour.svg"]);
    }

    #[test]
    fn write_atomic_replaces_longer_contents_completely() {
        let dir = ScratchDir::new("overwrite");
        let target = dir.0.join("tour.json");
        write_atomic(&target, b"a much longer first version").expect("first write");
        write_atomic(&target, b"short").expect("second write");
        assert_eq!(fs::read(&target).expect("the written file"), b"short");
        assert_eq!(dir.entries(), ["tour.json"]);
    }

    #[test]
    fn write_atomic_names_path_and_missing_folder() {
        let dir = ScratchDir::new("missing");
        let missing = dir.0.join("no such folder");
        let target = missing.join("tour.png");
        let error = write_atomic(&target, b"data").expect_err("no directory");
        assert_eq!(error.path, target);
        assert!(matches!(&error.reason, WriteFailure::NoFolder(folder) if *folder == missing));
        assert_eq!(
            error.to_string(),
            format!(
                "cannot write {}: the folder {} does not exist",
                target.display(),
                missing.display()
            )
        );
        assert!(dir.entries().is_empty());
    }

    #[test]
    fn write_atomic_cleans_up_when_the_write_fails() {
        let dir = ScratchDir::new("fails");
        let target = dir.0.join("tour.gif");
        let error = write_atomic_with(&target, &mut |_| Err(io::Error::other("disk full")))
            .expect_err("the write fails");
        assert!(matches!(error.reason, WriteFailure::Io(_)), "{error}");
        assert_eq!(
            error.to_string(),
            format!("cannot write {}: disk full", target.display())
        );
        assert!(dir.entries().is_empty());
    }

    #[test]
    fn a_folder_is_refused_not_replaced() {
        let dir = ScratchDir::new("folder");
        let taken = dir.0.join("taken");
        fs::create_dir(&taken).expect("a directory in the way");
        for path in [taken, dir.0.join("new/")] {
            let error = write_atomic(&path, b"data").expect_err("a folder");
            assert!(matches!(error.reason, WriteFailure::Folder), "{error}");
        }
        assert_eq!(dir.entries(), ["taken"]);
    }

    #[test]
    fn write_atomic_refuses_a_path_without_file_name() {
        let error = write_atomic(Path::new(".."), b"data").expect_err("not a file");
        assert!(matches!(error.reason, WriteFailure::Folder));
        assert_eq!(
            error.to_string(),
            "cannot write ..: it is a folder; give a file name in it"
        );
    }

    #[cfg(unix)]
    #[test]
    fn write_atomic_keeps_permissions_of_the_replaced_file() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = ScratchDir::new("permissions");
        let target = dir.0.join("private.txt");
        write_atomic(&target, b"old").expect("first write");
        fs::set_permissions(&target, fs::Permissions::from_mode(0o600)).expect("chmod");
        write_atomic(&target, b"new").expect("second write");
        let mode = fs::metadata(&target)
            .expect("metadata")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
    }

    #[cfg(unix)]
    #[test]
    fn write_atomic_writes_through_a_symbolic_link() {
        let dir = ScratchDir::new("symlink");
        let real = dir.0.join("real.svg");
        let link = dir.0.join("link.svg");
        fs::write(&real, b"old").expect("the link's destination");
        std::os::unix::fs::symlink(&real, &link).expect("a symbolic link");
        write_atomic(&link, b"new").expect("write through the link");
        assert_eq!(fs::read(&real).expect("the destination"), b"new");
        let link_type = fs::symlink_metadata(&link).expect("the link").file_type();
        assert!(link_type.is_symlink());
        assert_eq!(dir.entries(), ["link.svg", "real.svg"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_character_device_is_written_into_not_replaced() {
        use std::os::unix::fs::FileTypeExt as _;
        write_atomic(Path::new("/dev/null"), b"gone").expect("/dev/null takes anything");
        let kind = fs::metadata("/dev/null").expect("/dev/null").file_type();
        assert!(kind.is_char_device(), "/dev/null is still a device");
        // Through a link, too; the link stays.
        let dir = ScratchDir::new("device-link");
        let link = dir.0.join("out");
        std::os::unix::fs::symlink("/dev/null", &link).expect("a link");
        write_atomic(&link, b"gone").expect("written through");
        assert!(
            fs::symlink_metadata(&link)
                .expect("the link")
                .file_type()
                .is_symlink()
        );
        assert_eq!(dir.entries(), ["out"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_named_pipe_is_written_into_and_one_without_a_reader_refused_at_once() {
        use std::os::unix::fs::FileTypeExt as _;
        let dir = ScratchDir::new("fifo");
        let fifo = dir.0.join("pipe");
        let name = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).expect("a path");
        // SAFETY: mkfifo with a NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
        let started = web_time::Instant::now();
        let error = write_atomic(&fifo, b"data").expect_err("nobody reads");
        assert!(matches!(error.reason, WriteFailure::NoReader), "{error}");
        assert!(started.elapsed() < std::time::Duration::from_secs(2));
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::read(fifo).expect("the pipe's contents"))
        };
        // The reader opens the pipe when it is scheduled: try until it has.
        let deadline = web_time::Instant::now() + std::time::Duration::from_secs(10);
        let big = vec![7u8; 1 << 20];
        loop {
            match write_atomic(&fifo, &big) {
                Ok(()) => break,
                Err(WriteError {
                    reason: WriteFailure::NoReader,
                    ..
                }) if web_time::Instant::now() < deadline => std::thread::yield_now(),
                Err(error) => panic!("{error}"),
            }
        }
        assert_eq!(reader.join().expect("the reader").len(), big.len());
        assert!(fs::metadata(&fifo).expect("the pipe").file_type().is_fifo());
        assert_eq!(dir.entries(), ["pipe"]);
    }

    #[test]
    fn leftovers_of_dead_writers_are_removed_and_others_kept() {
        let dir = ScratchDir::new("leftovers");
        let target = dir.0.join("tour.png");
        // Above any process id Linux hands out: never running.
        let dead = dir.0.join(".tour.png.4194305.3.tmp");
        let alive = dir.0.join(format!(".tour.png.{}.999.tmp", process::id()));
        let other = dir.0.join(".other.png.4194305.3.tmp");
        for leftover in [&dead, &alive, &other] {
            fs::write(leftover, b"half").expect("a leftover");
        }
        write_atomic(&target, b"png").expect("a write");
        let mut expected = vec![".other.png.4194305.3.tmp".to_owned(), "tour.png".to_owned()];
        expected.insert(1, format!(".tour.png.{}.999.tmp", process::id()));
        expected.sort();
        if cfg!(target_os = "linux") {
            assert_eq!(dir.entries(), expected);
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_write_under_way_leaves_nothing_when_the_process_ends_on_a_signal() {
        let dir = ScratchDir::new("signal");
        let target = dir.0.join("big.gif");
        let (mut before, mut after) = (Vec::new(), Vec::new());
        let result = write_atomic_with(&target, &mut |file| {
            file.write_all(b"half of it")?;
            before = dir.entries();
            // What the command line's signal handler does before it exits,
            // while the write is still under way.
            remove_unfinished_now();
            after = dir.entries();
            Err(io::Error::other("ended by a signal"))
        });
        assert!(result.is_err());
        assert_eq!(before.len(), 1, "the temporary file was there: {before:?}");
        assert!(after.is_empty(), "removed by the handler: {after:?}");
    }
}
