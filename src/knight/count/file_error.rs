//! Why a count by the frontier sweep could not use a file it needs: its
//! checkpoint file, or a scratch file for states that do not fit in memory
//! (see [`SweepFileError`]).

use std::fmt;
use std::path::PathBuf;

use crate::tr;

/// A file a frontier sweep needs could not be read or written, or holds
/// something else than the count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SweepFileError {
    /// No scratch file could be made in the scratch directory.
    NoScratchFile {
        /// The scratch directory.
        directory: PathBuf,
        /// What the system said.
        error: String,
    },
    /// A scratch file could not be written or read.
    Scratch {
        /// The scratch file.
        path: PathBuf,
        /// Whether it was being written (else read).
        writing: bool,
        /// What the system said.
        error: String,
        /// Whether the disk was full.
        disk_full: bool,
    },
    /// The checkpoint file could not be read.
    Unreadable {
        /// The checkpoint file.
        path: PathBuf,
        /// What the system said.
        error: String,
    },
    /// The checkpoint path names something else than a file (a pipe, a
    /// device, a folder).
    NotAFile {
        /// The path.
        path: PathBuf,
    },
    /// Another count holds the checkpoint file.
    InUse {
        /// The file.
        path: PathBuf,
    },
    /// The folder of the checkpoint file cannot be written, so no save
    /// could be made.
    NotWritable {
        /// The file.
        path: PathBuf,
    },
    /// The checkpoint file is not one (or one of another version).
    NotACheckpoint {
        /// The file.
        path: PathBuf,
    },
    /// The checkpoint file holds another count.
    OtherCount {
        /// The file.
        path: PathBuf,
        /// The count it holds, in words.
        held: String,
        /// The count asked for, in words.
        wanted: String,
    },
    /// The checkpoint file holds this count as another version saved it.
    OtherVersion {
        /// The file.
        path: PathBuf,
        /// The count, in words.
        description: String,
    },
    /// The checkpoint file is damaged.
    Damaged {
        /// The file.
        path: PathBuf,
        /// How.
        damage: Damage,
    },
    /// A save to the checkpoint file failed.
    NotSaved {
        /// Why, with the file's name.
        error: String,
        /// Whether an earlier save is kept to take the count up from.
        earlier_kept: bool,
    },
}

/// How a checkpoint file is damaged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Damage {
    /// It does not fit the count it says it holds.
    DoesNotFit,
    /// It ends before this byte.
    EndsEarly {
        /// The byte.
        at: u64,
    },
    /// A value that cannot be, at this byte.
    BadValue {
        /// The byte.
        at: u64,
    },
    /// A section's checksum does not match, before this byte.
    Checksum {
        /// The byte.
        before: u64,
    },
    /// Its saved states do not fill it.
    StatesDoNotFill,
    /// A saved state that the count could not have had where it was
    /// saved, at this byte.
    ImpossibleState {
        /// The byte.
        at: u64,
    },
}

impl fmt::Display for SweepFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = |path: &PathBuf| path.display().to_string();
        f.write_str(&match self {
            SweepFileError::NoScratchFile { directory, error } => tr!(
                "sweep-file-no-scratch",
                directory = shown(directory),
                error = error.as_str()
            ),
            SweepFileError::Scratch {
                path,
                writing,
                error,
                disk_full,
            } => tr!(
                "sweep-file-scratch",
                path = shown(path),
                doing = if *writing { "write" } else { "read" },
                error = error.as_str(),
                full = if *disk_full { "yes" } else { "no" }
            ),
            SweepFileError::Unreadable { path, error } => tr!(
                "sweep-file-unreadable",
                path = shown(path),
                error = error.as_str()
            ),
            SweepFileError::NotAFile { path } => tr!("sweep-file-not-a-file", path = shown(path)),
            SweepFileError::InUse { path } => tr!("sweep-file-in-use", path = shown(path)),
            SweepFileError::NotWritable { path } => {
                tr!("sweep-file-not-writable", path = shown(path))
            }
            SweepFileError::NotACheckpoint { path } => {
                tr!("sweep-file-not-a-checkpoint", path = shown(path))
            }
            SweepFileError::OtherCount { path, held, wanted } => tr!(
                "sweep-file-other-count",
                path = shown(path),
                held = held.as_str(),
                wanted = wanted.as_str()
            ),
            SweepFileError::OtherVersion { path, description } => tr!(
                "sweep-file-other-version",
                path = shown(path),
                description = description.as_str()
            ),
            SweepFileError::Damaged { path, damage } => {
                let (damage, at) = match *damage {
                    Damage::DoesNotFit => ("does-not-fit", 0),
                    Damage::EndsEarly { at } => ("ends-early", at),
                    Damage::BadValue { at } => ("bad-value", at),
                    Damage::Checksum { before } => ("checksum", before),
                    Damage::StatesDoNotFill => ("states-do-not-fill", 0),
                    Damage::ImpossibleState { at } => ("impossible-state", at),
                };
                tr!(
                    "sweep-file-damaged",
                    path = shown(path),
                    damage = damage,
                    byte = at
                )
            }
            SweepFileError::NotSaved {
                error,
                earlier_kept,
            } => tr!(
                "sweep-file-not-saved",
                error = error.as_str(),
                kept = if *earlier_kept { "yes" } else { "no" }
            ),
        })
    }
}

impl std::error::Error for SweepFileError {}
