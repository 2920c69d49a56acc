//! Why a count by the frontier sweep could not use a file it needs: its
//! checkpoint file, or a scratch file for states that do not fit in memory
//! (see [`SweepFileError`]).

use std::fmt;
use std::path::PathBuf;

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
        match self {
            SweepFileError::NoScratchFile { directory, error } => write!(
                f,
                "cannot make a scratch file in {} for states that do not fit in memory: {error} \
                 (--scratch DIR names another directory)",
                directory.display()
            ),
            SweepFileError::Scratch {
                path,
                writing,
                error,
                disk_full,
            } => {
                let doing = if *writing { "write" } else { "read" };
                write!(f, "cannot {doing} {}: {error}", path.display())?;
                if *disk_full {
                    write!(
                        f,
                        "; the states of this count do not fit in memory, and need that much \
                         disk (--scratch DIR puts them elsewhere, --memory SIZE keeps more in \
                         memory)"
                    )?;
                }
                Ok(())
            }
            SweepFileError::Unreadable { path, error } => {
                write!(f, "cannot read {}: {error}", path.display())
            }
            SweepFileError::NotAFile { path } => write!(
                f,
                "{} is not an ordinary file (a checkpoint must be one)",
                path.display()
            ),
            SweepFileError::InUse { path } => write!(
                f,
                "{} is in use by another count (one checkpoint serves one count at a time)",
                path.display()
            ),
            SweepFileError::NotWritable { path } => write!(
                f,
                "cannot save to {}: its folder cannot be written",
                path.display()
            ),
            SweepFileError::NotACheckpoint { path } => write!(
                f,
                "{} is not a gridtour count checkpoint (or one of another version)",
                path.display()
            ),
            SweepFileError::OtherCount { path, held, wanted } => write!(
                f,
                "{} holds a count of {held}, not of {wanted}: give another file, or remove it to \
                 start this count afresh",
                path.display()
            ),
            SweepFileError::OtherVersion { path, description } => write!(
                f,
                "{} holds this count ({description}) as another version of gridtour saved it, \
                 which this one cannot take up: give another file, or remove it to start this \
                 count afresh",
                path.display()
            ),
            SweepFileError::Damaged { path, damage } => {
                let path = path.display();
                match damage {
                    Damage::DoesNotFit => {
                        write!(f, "{path} is damaged: it does not fit this count")
                    }
                    Damage::EndsEarly { at } => {
                        write!(f, "{path} is damaged: it ends early, at byte {at}")
                    }
                    Damage::BadValue { at } => write!(f, "{path} is damaged (at byte {at})"),
                    Damage::Checksum { before } => write!(
                        f,
                        "{path} is damaged: its checksum does not match (before byte {before})"
                    ),
                    Damage::StatesDoNotFill => {
                        write!(f, "{path} is damaged: its states do not fill it")
                    }
                    Damage::ImpossibleState { at } => write!(
                        f,
                        "{path} is damaged: it holds a state the count cannot reach where it \
                         was saved (at byte {at})"
                    ),
                }
            }
            SweepFileError::NotSaved {
                error,
                earlier_kept,
            } => {
                write!(f, "{error}")?;
                if *earlier_kept {
                    write!(
                        f,
                        "; the save before is kept, and the same command takes the count up \
                         from there"
                    )?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for SweepFileError {}
