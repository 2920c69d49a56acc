//! Crash-safe file writes: a file holds either its old contents or all of
//! the new ones, never a mixture. Every file gridtour writes (exports from
//! the window, pictures from the command line) goes through here.

use std::ffi::OsString;
use std::fmt;
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
    /// The path names a folder or nothing, not a file.
    NotAFile,
    /// The folder it would go in does not exist.
    NoFolder(PathBuf),
    /// The system refused or failed a step of the write.
    Io(io::Error),
    /// The file was replaced, but flushing the change to disk failed.
    NotFlushed(io::Error),
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot write {}: ", self.path.display())?;
        match &self.reason {
            WriteFailure::NotAFile => write!(f, "the path does not name a file"),
            WriteFailure::NoFolder(folder) => {
                write!(f, "the folder {} does not exist", folder.display())
            }
            WriteFailure::Io(error) => error.fmt(f),
            WriteFailure::NotFlushed(error) => write!(
                f,
                "the file was replaced but the change could not be flushed to disk: {error}"
            ),
        }
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
/// names `path` and the reason.
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
    if let Err(error) = fill_and_replace(temp_file, &temp_path, &target, fill) {
        // The error being reported is the useful one; a failed clean-up of
        // a file that may not even exist any more adds nothing.
        let _ = fs::remove_file(&temp_path);
        return Err(failure(WriteFailure::Io(error)));
    }
    sync_directory(directory).map_err(|error| failure(WriteFailure::NotFlushed(error)))
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
    fn write_atomic_cleans_up_when_the_rename_fails() {
        let dir = ScratchDir::new("rename");
        let target = dir.0.join("taken");
        fs::create_dir(&target).expect("a directory in the way");
        let error = write_atomic(&target, b"data").expect_err("a directory cannot be replaced");
        assert!(matches!(error.reason, WriteFailure::Io(_)), "{error}");
        assert!(
            error
                .to_string()
                .starts_with(&format!("cannot write {}: ", target.display())),
            "{error}"
        );
        assert_eq!(dir.entries(), ["taken"]);
    }

    #[test]
    fn write_atomic_refuses_a_path_without_file_name() {
        let error = write_atomic(Path::new("/"), b"data").expect_err("not a file");
        assert!(matches!(error.reason, WriteFailure::NotAFile));
        assert_eq!(
            error.to_string(),
            "cannot write /: the path does not name a file"
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
}
