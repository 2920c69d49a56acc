//! Saving a count's sweeps to a file and taking them up again, so that a
//! count of hours survives a restart: the same request with the same file
//! goes on from the last save.
//!
//! What a sweep needs to go on is small next to its work: the scan position
//! it is at, the tours counted so far, and the layer of states carried into
//! that position (16 bytes a state). A count beyond 64 bits runs several
//! sweeps, so the file also holds what the finished ones counted; asked for
//! again, they are answered from the file.
//!
//! The file is a sequence of little-endian 64-bit words: a header (format,
//! the request it belongs to, the finished sweeps, where the current one
//! is) closed by a checksum, then the layer's states closed by a checksum
//! of their own, so that a file from another request is told apart before
//! its states are read, and a damaged one is refused instead of giving a
//! wrong count. It is replaced atomically, so a save cut short leaves the
//! one before.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::time::Duration;
use web_time::Instant;

use super::super::file_error::{Damage, SweepFileError};
use super::admissible::Admissible;
use super::layer::{self, Budget, Entry, Layer, Tally, mix};
use super::spill::{Carried, SpillWriter};
use crate::atomic_write::write_atomic_with;
use crate::job::{Checkpointing, Control};

/// Bounds on what a header may claim, so that a hostile file cannot make
/// the reader allocate much before its checksum is seen.
const MOST_REQUEST_WORDS: u64 = 1 << 12;
const MOST_DESCRIPTION_BYTES: u64 = 1 << 10;
const MOST_SWEEPS: u64 = 1 << 6;
const MOST_ROWS: u64 = 1 << 13;

/// The header's word for what it holds of the sweep under way: nothing;
/// its position; its position and how long the count had worked (what
/// earlier versions of gridtour wrote is still read).
const NONE_UNDER_WAY: u64 = 0;
const UNDER_WAY: u64 = 1;
const UNDER_WAY_WORKED: u64 = 2;

/// States read into one part of a resumed layer.
const STATES_PER_READ_PART: usize = 1 << 14;

/// A sweep that ran to its end: how it added up, and the tours of the
/// board's first 1, 2, .. rows that it reported.
struct FinishedSweep {
    tally: Tally,
    reported: Vec<u64>,
}

/// Where the sweep under way was when it was saved.
pub(super) struct Position {
    pub(super) tally: Tally,
    /// The next scan position to process.
    pub(super) next: usize,
    /// The tours found so far, by the rows they cover.
    pub(super) tours: Vec<u64>,
    /// How many rows' counts have been reported.
    pub(super) reported: usize,
    /// How long the count had run, and the states it had expanded, when
    /// it got here: taken up, it goes on from them (a file of an earlier
    /// version of gridtour, which did not keep them, says nothing).
    pub(super) worked: Option<Worked>,
}

/// How long a count had run when it got to a position, and the states it
/// had expanded (see [`Position::worked`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Worked {
    pub(super) ran: Duration,
    pub(super) nodes: u64,
}

/// What states a saved position can have (see [`Saver::resume`]).
pub(super) type StatesAt<'f, 's> = &'f dyn Fn(&Position) -> Option<Admissible<'s>>;

/// A sweep taken up from the file: where it was, and its layer.
pub(super) struct Resumed {
    pub(super) position: Position,
    pub(super) layer: Carried,
}

/// A saved sweep's position, and where its states start in the file.
struct Saved {
    position: Position,
    states: u64,
    states_offset: u64,
}

/// A count's saves: none when no checkpoint was asked for.
pub(super) struct Saver<'c> {
    to: Option<&'c Checkpointing>,
    /// The file's first word: a gridtour sweep checkpoint in this format
    /// with the sweep's key encoding ("gtsweep" and a digit in ASCII). A
    /// change to either must change it, so that other files are refused
    /// rather than misread.
    magic: u64,
    /// The words that identify the request (see `Scan::request`).
    request: Vec<u64>,
    /// The request in words, for messages about a file of another.
    description: String,
    finished: Vec<FinishedSweep>,
    saved: Option<Saved>,
    last_save: Instant,
    /// The squares the sweep taken up from the file had swept.
    taken_up_after: Option<u32>,
    /// The squares swept when the sweep under way was last saved.
    saved_after: Option<u32>,
    /// Held while the count runs, so that no other count uses the file.
    lock: Option<CheckpointLock>,
}

/// The hold of one count on a checkpoint file: an advisory lock on a
/// hidden file beside it (the checkpoint itself is replaced at every save,
/// so it cannot carry the lock), removed when the count lets go.
struct CheckpointLock {
    file: File,
    path: std::path::PathBuf,
}

impl CheckpointLock {
    /// Takes the hold on the checkpoint at `path`, or says another count
    /// has it.
    fn take(path: &Path) -> Result<CheckpointLock, SweepFileError> {
        let name = path
            .file_name()
            .map(|name| name.to_string_lossy().into_owned());
        let lock_path = path.with_file_name(format!(".{}.lock", name.unwrap_or_default()));
        let unreadable = |error: io::Error| SweepFileError::Unreadable {
            path: lock_path.clone(),
            error: error.to_string(),
        };
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)
            .map_err(unreadable)?;
        match file.try_lock() {
            Ok(()) => Ok(CheckpointLock {
                file,
                path: lock_path,
            }),
            Err(std::fs::TryLockError::WouldBlock) => Err(SweepFileError::InUse {
                path: path.to_path_buf(),
            }),
            Err(std::fs::TryLockError::Error(error)) => Err(unreadable(error)),
        }
    }
}

impl Drop for CheckpointLock {
    fn drop(&mut self) {
        // Removed while still held, so that no count takes a lock on a
        // name about to go.
        let _ = std::fs::remove_file(&self.path);
        let _ = self.file.unlock();
    }
}

/// How often a count waiting for its checkpoint file to be let go by
/// another looks again.
pub(super) const WAIT_FOR_FILE: std::time::Duration = std::time::Duration::from_millis(100);

/// Removes the checkpoint at `path` once no count holds it (one just
/// stopped may still be saving there, and would write it back), or stops
/// waiting when `control` is cancelled.
pub(super) fn remove_when_let_go(path: &Path, control: &Control) -> Result<(), SweepFileError> {
    if !folder_of(path).is_dir() {
        return Ok(());
    }
    loop {
        match CheckpointLock::take(path) {
            Ok(_held) => {
                let _ = std::fs::remove_file(path);
                return Ok(());
            }
            Err(SweepFileError::InUse { .. }) if !control.should_stop() => {
                std::thread::sleep(WAIT_FOR_FILE);
            }
            Err(error) => return Err(error),
        }
    }
}

/// The folder a checkpoint at `path` is saved in.
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// Whether a save could create its temporary file in `folder`.
fn writable(folder: &Path) -> bool {
    match std::ffi::CString::new(folder.as_os_str().as_encoded_bytes()) {
        // SAFETY: access() reads a NUL-terminated path.
        #[cfg(unix)]
        Ok(folder) => unsafe { libc::access(folder.as_ptr(), libc::W_OK) == 0 },
        _ => true,
    }
}

impl<'c> Saver<'c> {
    /// The saves of a count of `request`: with `to`, what the file already
    /// holds for that request is taken up (and a file of another request,
    /// or a damaged one, is refused).
    pub(super) fn open(
        to: Option<&'c Checkpointing>,
        magic: u64,
        request: Vec<u64>,
        description: String,
    ) -> Result<Saver<'c>, SweepFileError> {
        let mut saver = Saver {
            to,
            magic,
            request,
            description,
            finished: Vec::new(),
            saved: None,
            last_save: Instant::now(),
            taken_up_after: None,
            saved_after: None,
            lock: None,
        };
        if let Some(to) = to {
            // A folder that is not there is said by the first save, below.
            let folder = folder_of(&to.path);
            if folder.is_dir() {
                saver.lock = Some(CheckpointLock::take(&to.path)?);
                if !writable(folder) {
                    return Err(SweepFileError::NotWritable {
                        path: to.path.clone(),
                    });
                }
            }
            // A named pipe would hold the open until some program writes.
            if std::fs::metadata(&to.path).is_ok_and(|metadata| !metadata.is_file()) {
                return Err(SweepFileError::NotAFile {
                    path: to.path.clone(),
                });
            }
            match File::open(&to.path) {
                Ok(file) => saver.read_header(&to.path, file)?,
                // Saved at once, so that a file that cannot be written is
                // said before the work, not minutes into it.
                Err(error) if error.kind() == io::ErrorKind::NotFound => saver.write(None)?,
                Err(error) => {
                    return Err(SweepFileError::Unreadable {
                        path: to.path.clone(),
                        error: error.to_string(),
                    });
                }
            }
        }
        Ok(saver)
    }

    /// The request in words ("closed tours of 8x8").
    pub(super) fn description(&self) -> &str {
        &self.description
    }

    /// How many squares the sweep taken up from the file had swept, if one
    /// was.
    pub(super) fn taken_up_after(&self) -> Option<u32> {
        self.taken_up_after
    }

    /// How many squares the sweep under way had swept when it was last
    /// saved, if it has been.
    pub(super) fn saved_after(&self) -> Option<u32> {
        self.saved_after
    }

    /// The error of a file whose contents do not fit the count.
    pub(super) fn damaged(&self) -> SweepFileError {
        let path = self.to.map_or(Path::new(""), |to| to.path.as_path());
        SweepFileError::Damaged {
            path: path.to_path_buf(),
            damage: Damage::DoesNotFit,
        }
    }

    /// The counts a sweep with `tally` of at most `rows` rows reported, if
    /// it has already run to its end; a file whose counts could not be
    /// that sweep's is refused.
    pub(super) fn finished(
        &self,
        tally: Tally,
        rows: usize,
    ) -> Result<Option<&[u64]>, SweepFileError> {
        let Some(sweep) = self.finished.iter().find(|sweep| sweep.tally == tally) else {
            return Ok(None);
        };
        let fits = sweep.reported.len() <= rows && sweep.reported.iter().all(|&n| tally.holds(n));
        if !fits {
            return Err(self.damaged());
        }
        Ok(Some(sweep.reported.as_slice()))
    }

    /// The saved sweep, when it is the one with `tally`, with its layer
    /// read into memory taken from `budget`, or into a scratch file where
    /// the budget has no room for it; Ok(None) when there is none.
    /// `states_at` says what states the saved position can have, or None
    /// when the position does not fit the count: then, or when a state is
    /// not admitted, the file is refused as damaged.
    pub(super) fn resume<'s>(
        &mut self,
        (tally, states_at): (Tally, StatesAt<'_, 's>),
        budget: &Budget,
        scratch: &Path,
    ) -> Result<Option<Resumed>, SweepFileError> {
        let Some(to) = self.to else {
            return Ok(None);
        };
        let Some(saved) = self.saved.take_if(|saved| saved.position.tally == tally) else {
            return Ok(None);
        };
        let admissible = states_at(&saved.position).ok_or_else(|| self.damaged())?;
        let layer = read_layer(&to.path, (&saved, &admissible), budget, scratch)?;
        self.taken_up_after = Some(saved.position.next as u32);
        Ok(Some(Resumed {
            position: saved.position,
            layer,
        }))
    }

    /// Whether a checkpoint file was asked for.
    pub(super) fn saves(&self) -> bool {
        self.to.is_some()
    }

    /// Whether a save is due: the time between two saves has passed since
    /// the last, or the layer is `large` (saved, it need not be kept whole
    /// through the step: see [`Layer::claims`]). Never without a file.
    pub(super) fn save_due(&self, large: bool) -> bool {
        self.to
            .is_some_and(|to| large || self.last_save.elapsed() >= to.every)
    }

    /// The squares swept, the states and the work so far of the sweep
    /// with `tally` that the file holds under way, if it holds one.
    pub(super) fn saved_layer(&self, tally: Tally) -> Option<(usize, u64, Option<Worked>)> {
        let saved = self.saved.as_ref()?;
        (saved.position.tally == tally).then_some((
            saved.position.next,
            saved.states,
            saved.position.worked,
        ))
    }

    /// Saves the sweep at `position` with `layer` now (when saves were
    /// asked for).
    pub(super) fn save(
        &mut self,
        position: &Position,
        layer: &Carried,
    ) -> Result<(), SweepFileError> {
        self.write(Some((position, layer)))
    }

    /// Records a sweep that ran to its end, and saves at once (a small
    /// file: no states).
    pub(super) fn finish(
        &mut self,
        tally: Tally,
        reported: Vec<u64>,
    ) -> Result<(), SweepFileError> {
        self.finished.push(FinishedSweep { tally, reported });
        (self.taken_up_after, self.saved_after) = (None, None);
        self.write(None)
    }

    /// The count is complete: its file has no more use and is removed. A
    /// file that cannot be removed only answers the same request at once.
    pub(super) fn complete(self) {
        if let Some(to) = self.to {
            // Through a link, the saves went to its destination: that is
            // what goes, and the link a person made stays.
            let saved = std::fs::canonicalize(&to.path).unwrap_or_else(|_| to.path.clone());
            let _ = std::fs::remove_file(saved);
        }
    }

    fn write(&mut self, current: Option<(&Position, &Carried)>) -> Result<(), SweepFileError> {
        let Some(to) = self.to else {
            return Ok(());
        };
        let earlier_kept = self.saved_after.is_some() || self.taken_up_after.is_some();
        write_atomic_with(&to.path, &mut |file| {
            let mut out = Words::new(BufWriter::with_capacity(1 << 20, file));
            out.put(self.magic)?;
            out.put(self.request.len() as u64)?;
            for &word in &self.request {
                out.put(word)?;
            }
            out.put_bytes(self.description.as_bytes())?;
            out.put(self.finished.len() as u64)?;
            for sweep in &self.finished {
                out.put_tally(sweep.tally)?;
                out.put_all(&sweep.reported)?;
            }
            match current {
                None => out.put(0)?,
                Some((position, layer)) => {
                    out.put(if position.worked.is_some() {
                        UNDER_WAY_WORKED
                    } else {
                        UNDER_WAY
                    })?;
                    out.put_tally(position.tally)?;
                    out.put(position.next as u64)?;
                    out.put(position.reported as u64)?;
                    out.put_all(&position.tours)?;
                    out.put(layer.len())?;
                    if let Some(worked) = position.worked {
                        let millis = u64::try_from(worked.ran.as_millis()).unwrap_or(u64::MAX);
                        out.put(millis)?;
                        out.put(worked.nodes)?;
                    }
                }
            }
            out.put_checksum()?;
            if let Some((_, layer)) = current {
                layer.for_each_run(&mut |run| {
                    run.iter().try_for_each(|entry| {
                        out.put(entry.key)?;
                        out.put(entry.count)
                    })
                })?;
                out.put_checksum()?;
            }
            out.sink.flush()
        })
        .map_err(|error| SweepFileError::NotSaved {
            error: error.to_string(),
            earlier_kept,
        })?;
        self.last_save = Instant::now();
        if let Some((position, _)) = current {
            self.saved_after = Some(position.next as u32);
        }
        Ok(())
    }

    fn read_header(&mut self, path: &Path, file: File) -> Result<(), SweepFileError> {
        let mut input = Reading::new(path, file);
        if input.get()? != self.magic {
            return Err(SweepFileError::NotACheckpoint {
                path: path.to_path_buf(),
            });
        }
        let request_words = input.get_length(MOST_REQUEST_WORDS)?;
        let request = (0..request_words)
            .map(|_| input.get())
            .collect::<Result<Vec<u64>, SweepFileError>>()?;
        let description = input.get_text()?;
        let sweeps = input.get_length(MOST_SWEEPS)?;
        let mut finished = Vec::new();
        for _ in 0..sweeps {
            let tally = input.get_tally()?;
            let reported = input.get_all()?;
            finished.push(FinishedSweep { tally, reported });
        }
        let saved = match input.get()? {
            NONE_UNDER_WAY => None,
            marker @ (UNDER_WAY | UNDER_WAY_WORKED) => {
                let tally = input.get_tally()?;
                let next = input.get_length(u64::from(u32::MAX))?;
                let reported = input.get_length(MOST_ROWS)?;
                let tours = input.get_all()?;
                let states = input.get()?;
                let worked = match marker {
                    UNDER_WAY_WORKED => Some(Worked {
                        ran: Duration::from_millis(input.get()?),
                        nodes: input.get()?,
                    }),
                    _ => None,
                };
                Some((
                    Position {
                        tally,
                        next,
                        tours,
                        reported,
                        worked,
                    },
                    states,
                ))
            }
            _ => return Err(input.damaged()),
        };
        input.check_sum()?;
        if request != self.request {
            // The same count saved by a version that kept its states
            // otherwise (one that did not follow the colours of the ends).
            let path = path.to_path_buf();
            return Err(if description == self.description {
                SweepFileError::OtherVersion { path, description }
            } else {
                SweepFileError::OtherCount {
                    path,
                    held: description,
                    wanted: self.description.clone(),
                }
            });
        }
        self.finished = finished;
        self.saved = saved.map(|(position, states)| Saved {
            position,
            states,
            states_offset: input.offset,
        });
        Ok(())
    }
}

/// Reads a saved sweep's states, checking their checksum: into memory as
/// far as the budget has room, and the whole layer into a scratch file
/// from there (a layer saved while it was on disk need not fit).
fn read_layer(
    path: &Path,
    (saved, admissible): (&Saved, &Admissible),
    budget: &Budget,
    scratch: &Path,
) -> Result<Carried, SweepFileError> {
    let failure = |error: io::Error| SweepFileError::Unreadable {
        path: path.to_path_buf(),
        error: error.to_string(),
    };
    let mut file = File::open(path).map_err(failure)?;
    let length = file.metadata().map_err(failure)?.len();
    // Two words a state, and the checksum.
    let needed = saved
        .states
        .checked_mul(16)
        .and_then(|bytes| bytes.checked_add(saved.states_offset + 8));
    if needed != Some(length) {
        return Err(SweepFileError::Damaged {
            path: path.to_path_buf(),
            damage: Damage::StatesDoNotFill,
        });
    }
    file.seek(SeekFrom::Start(saved.states_offset))
        .map_err(failure)?;
    let mut input = Reading::new(path, file);
    input.offset = saved.states_offset;
    let mut layer = Layer { parts: Vec::new() };
    let mut spill: Option<SpillWriter> = None;
    let mut left = saved.states as usize;
    while left > 0 {
        let states = left.min(STATES_PER_READ_PART);
        let in_memory = spill.is_none() && budget.take_if_there(states as u64 * layer::SLOT_BYTES);
        let mut part = Vec::with_capacity(states);
        for _ in 0..states {
            let at = input.offset;
            let key = input.get()?;
            let count = input.get()?;
            if !admissible.admits(key, count) {
                return Err(input.damage(Damage::ImpossibleState { at }));
            }
            part.push(Entry { key, count });
        }
        left -= states;
        if in_memory {
            layer.parts.push(part);
            continue;
        }
        let writer = match &mut spill {
            Some(writer) => writer,
            None => {
                let mut writer = SpillWriter::create(scratch)?;
                writer.write_layer(std::mem::take(&mut layer), budget);
                spill.insert(writer)
            }
        };
        writer.write(&part);
    }
    input.check_sum()?;
    Ok(match spill {
        None => Carried::InMemory(layer),
        Some(writer) => Carried::OnDisk(writer.finish()?),
    })
}

/// Words written out with a running checksum.
struct Words<W: Write> {
    sink: W,
    sum: u64,
}

impl<W: Write> Words<W> {
    fn new(sink: W) -> Words<W> {
        Words { sink, sum: 0 }
    }

    fn put(&mut self, word: u64) -> io::Result<()> {
        self.sum = mix(self.sum.wrapping_add(word));
        self.sink.write_all(&word.to_le_bytes())
    }

    fn put_all(&mut self, words: &[u64]) -> io::Result<()> {
        self.put(words.len() as u64)?;
        words.iter().try_for_each(|&word| self.put(word))
    }

    fn put_bytes(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.put(bytes.len() as u64)?;
        bytes.chunks(8).try_for_each(|chunk| {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.put(u64::from_le_bytes(word))
        })
    }

    fn put_tally(&mut self, tally: Tally) -> io::Result<()> {
        let (kind, parameter) = match tally {
            Tally::Capped => (0, 0),
            Tally::Modulo(prime) => (1, prime),
            Tally::Magnitude => (2, 0),
        };
        self.put(kind)?;
        self.put(parameter)
    }

    /// Closes a section: its checksum, which starts the next one afresh.
    fn put_checksum(&mut self) -> io::Result<()> {
        let sum = self.sum;
        self.sink.write_all(&sum.to_le_bytes())?;
        self.sum = 0;
        Ok(())
    }
}

/// Words read back, with the same checksum, and messages that name the
/// file and the byte where it went wrong.
struct Reading<'p> {
    path: &'p Path,
    source: BufReader<File>,
    sum: u64,
    offset: u64,
}

impl<'p> Reading<'p> {
    fn new(path: &'p Path, file: File) -> Reading<'p> {
        Reading {
            path,
            source: BufReader::with_capacity(1 << 20, file),
            sum: 0,
            offset: 0,
        }
    }

    fn raw(&mut self) -> Result<u64, SweepFileError> {
        let mut bytes = [0u8; 8];
        self.source.read_exact(&mut bytes).map_err(|error| {
            if error.kind() == io::ErrorKind::UnexpectedEof {
                self.damage(Damage::EndsEarly { at: self.offset })
            } else {
                SweepFileError::Unreadable {
                    path: self.path.to_path_buf(),
                    error: error.to_string(),
                }
            }
        })?;
        self.offset += 8;
        Ok(u64::from_le_bytes(bytes))
    }

    fn get(&mut self) -> Result<u64, SweepFileError> {
        let word = self.raw()?;
        self.sum = mix(self.sum.wrapping_add(word));
        Ok(word)
    }

    fn damage(&self, damage: Damage) -> SweepFileError {
        SweepFileError::Damaged {
            path: self.path.to_path_buf(),
            damage,
        }
    }

    fn damaged(&self) -> SweepFileError {
        self.damage(Damage::BadValue {
            at: self.offset.saturating_sub(8),
        })
    }

    /// A length that may be at most `most`.
    fn get_length(&mut self, most: u64) -> Result<usize, SweepFileError> {
        let length = self.get()?;
        if length > most {
            return Err(self.damaged());
        }
        Ok(length as usize)
    }

    fn get_all(&mut self) -> Result<Vec<u64>, SweepFileError> {
        let length = self.get_length(MOST_ROWS)?;
        (0..length).map(|_| self.get()).collect()
    }

    fn get_text(&mut self) -> Result<String, SweepFileError> {
        let length = self.get_length(MOST_DESCRIPTION_BYTES)?;
        let mut bytes = Vec::with_capacity(length);
        for _ in 0..length.div_ceil(8) {
            bytes.extend_from_slice(&self.get()?.to_le_bytes());
        }
        bytes.truncate(length);
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }

    fn get_tally(&mut self) -> Result<Tally, SweepFileError> {
        let kind = self.get()?;
        let parameter = self.get()?;
        match (kind, parameter) {
            (0, 0) => Ok(Tally::Capped),
            (1, prime) if prime > 1 && prime < 1 << 62 => Ok(Tally::Modulo(prime)),
            (2, 0) => Ok(Tally::Magnitude),
            _ => Err(self.damaged()),
        }
    }

    /// Reads a section's checksum and compares it with the words read.
    fn check_sum(&mut self) -> Result<(), SweepFileError> {
        let expected = self.sum;
        if self.raw()? != expected {
            return Err(self.damage(Damage::Checksum {
                before: self.offset,
            }));
        }
        self.sum = 0;
        Ok(())
    }
}
