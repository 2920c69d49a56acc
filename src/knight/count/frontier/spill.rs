//! Layers of states on disk, for sweeps whose states do not fit in the
//! memory budget.
//!
//! When the next layer of a step would not fit, it is built through disk in
//! groups, the states split by hash bits that no part or slot depends on
//! (see [`Group`]). The step expands its layer once, as always, but each
//! new state goes to a buffer of its group, and full buffers are appended
//! to the group's scratch file (a *bucket*), where the same state made
//! from different states of the layer is still there several times. Then
//! each bucket is read back and its states added up in memory, one group
//! at a time, and the group's distinct states are appended to the next
//! layer's scratch file. So memory holds one group's tables at a time, and
//! the disk about three times the larger layer: the layer read (when it is
//! on disk too), the buckets (each state about twice) and the next layer.
//! A group whose tables still outgrow the memory is split in two and its
//! bucket read again, once for each half.
//!
//! Scratch files go to the scratch directory of the count's
//! [`Resources`](crate::job::Resources).
//! Each is removed as soon as it is created, where the system allows it,
//! and lives on only as long as it is open, so a count that is killed
//! leaves nothing behind.

use std::fs::{File, OpenOptions};
use std::io::{self, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use super::super::file_error::SweepFileError;
use super::group::{Group, group_bits};
use super::layer::{Budget, Entry, Layer, SLOT_BYTES, Sink, mix};

/// States read from a scratch file at a time: what a thread handles
/// between two reads.
const STATES_PER_READ: usize = 1 << 14;

/// Bytes a state takes in a scratch file: its key and its count.
pub(super) const STATE_BYTES: usize = 16;

/// The most groups a step is built in. Each takes a scratch file and, in
/// each thread, a buffer while the layer is expanded; a step that would
/// need more stops the sweep short (asking for more memory) rather than
/// crawl through thousands of small groups.
pub(super) const MOST_GROUPS: usize = 256;

/// States a thread buffers for each group before appending them to the
/// group's scratch file: at most this many, fewer where memory is short
/// (see [`Buckets::create`]).
const BUFFERED_PER_GROUP: usize = 1 << 10;

/// The fewest states a thread buffers for each group.
const FEWEST_BUFFERED: usize = 16;

/// Where a layer of states is while the sweep carries it.
pub(super) enum Carried {
    InMemory(Layer),
    OnDisk(Spilled),
}

impl Carried {
    /// Its states.
    pub(super) fn len(&self) -> u64 {
        match self {
            Carried::InMemory(layer) => layer.len() as u64,
            Carried::OnDisk(spilled) => spilled.states,
        }
    }

    /// Passes its states to `each`, in runs, in file order; stops at the
    /// first error, of `each` or of reading the scratch file.
    pub(super) fn for_each_run(
        &self,
        each: &mut dyn FnMut(&[Entry]) -> io::Result<()>,
    ) -> io::Result<()> {
        match self {
            Carried::InMemory(layer) => layer.parts.iter().try_for_each(|part| each(part)),
            Carried::OnDisk(spilled) => {
                let reader = spilled.reader().map_err(io::Error::other)?;
                let mut failed = Ok(());
                while failed.is_ok() && reader.read_next(|run| failed = each(run)) {}
                reader.finish().map_err(io::Error::other)?;
                failed
            }
        }
    }
}

/// A layer's states written to a scratch file.
pub(super) struct Spilled {
    file: File,
    states: u64,
    name: ScratchName,
}

/// A scratch file's path, for messages, and whether it is still there to
/// be removed (where the system would not remove an open file).
struct ScratchName {
    path: PathBuf,
    left_behind: bool,
}

impl Drop for ScratchName {
    fn drop(&mut self) {
        if self.left_behind {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

impl ScratchName {
    /// The error of a failure to write (`writing`) or read it.
    fn failure(&self, writing: bool, error: &io::Error) -> SweepFileError {
        SweepFileError::Scratch {
            path: self.path.clone(),
            writing,
            error: error.to_string(),
            disk_full: matches!(
                error.kind(),
                io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded
            ),
        }
    }
}

/// Scratch files made by this process so far, for their names.
static MADE: AtomicU64 = AtomicU64::new(0);

/// How many scratch files this process has made.
#[cfg(test)]
pub(super) fn files_made() -> u64 {
    MADE.load(Ordering::Relaxed)
}

/// States being written to a scratch file, run by run. A failed write is
/// kept and said by [`SpillWriter::finish`]; the writes after it do nothing.
pub(super) struct SpillWriter {
    out: BufWriter<File>,
    states: u64,
    name: ScratchName,
    failed: Option<SweepFileError>,
    /// The bytes of the run being written, kept between runs.
    bytes: Vec<u8>,
}

/// Bytes a scratch file holds back before writing them out: a layer's
/// file is written a large run at a time.
const LAYER_FILE_BUFFER: usize = 1 << 20;

/// The same for a bucket, which threads append to in their own buffers'
/// runs already, and of which there may be hundreds at once: at most this
/// much, less where memory is short (see [`Buckets::create`]).
const BUCKET_FILE_BUFFER: usize = 1 << 16;

impl SpillWriter {
    /// A new, empty scratch file for a layer in `directory`.
    pub(super) fn create(directory: &Path) -> Result<SpillWriter, SweepFileError> {
        SpillWriter::in_directory(directory, LAYER_FILE_BUFFER)
    }

    /// A new, empty scratch file in `directory` holding back `buffer` bytes.
    fn in_directory(directory: &Path, buffer: usize) -> Result<SpillWriter, SweepFileError> {
        let made = MADE.fetch_add(1, Ordering::Relaxed);
        let path = directory.join(format!(
            "gridtour-sweep-{}-{made}.states",
            std::process::id()
        ));
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&path)
            .map_err(|error| SweepFileError::NoScratchFile {
                directory: directory.to_path_buf(),
                error: error.to_string(),
            })?;
        let left_behind = std::fs::remove_file(&path).is_err();
        Ok(SpillWriter {
            out: BufWriter::with_capacity(buffer, file),
            states: 0,
            name: ScratchName { path, left_behind },
            failed: None,
            bytes: Vec::new(),
        })
    }

    /// Appends states.
    pub(super) fn write(&mut self, run: &[Entry]) {
        if self.failed.is_some() {
            return;
        }
        self.bytes.clear();
        for entry in run {
            self.bytes.extend_from_slice(&entry.key.to_le_bytes());
            self.bytes.extend_from_slice(&entry.count.to_le_bytes());
        }
        match self.out.write_all(&self.bytes) {
            Ok(()) => self.states += run.len() as u64,
            Err(error) => self.failed = Some(self.name.failure(true, &error)),
        }
    }

    /// Appends a layer held in memory, giving its memory back as it goes.
    pub(super) fn write_layer(&mut self, layer: Layer, budget: &Budget) {
        for part in layer.parts {
            self.write(&part);
            budget.give_back(part.len() as u64 * SLOT_BYTES);
        }
    }

    /// The states written, ready to be read; or why they could not be.
    pub(super) fn finish(self) -> Result<Spilled, SweepFileError> {
        let SpillWriter {
            out,
            states,
            name,
            failed,
            ..
        } = self;
        if let Some(error) = failed {
            return Err(error);
        }
        let file = out
            .into_inner()
            .map_err(|error| name.failure(true, error.error()))?;
        Ok(Spilled { file, states, name })
    }
}

impl Spilled {
    /// Its states.
    pub(super) fn len(&self) -> u64 {
        self.states
    }

    /// A reader of its states from the first, which threads share.
    pub(super) fn reader(&self) -> Result<SpillReader<'_>, SweepFileError> {
        let failure = |error| self.name.failure(false, &error);
        let mut file = self.file.try_clone().map_err(failure)?;
        file.seek(SeekFrom::Start(0)).map_err(failure)?;
        Ok(SpillReader {
            source: Mutex::new((BufReader::with_capacity(1 << 20, file), self.states)),
            failed: Mutex::new(None),
            name: &self.name,
        })
    }
}

/// A scratch file's states as a step's threads read them, a run at a time.
pub(super) struct SpillReader<'s> {
    /// The file and the states not read yet.
    source: Mutex<(BufReader<File>, u64)>,
    failed: Mutex<Option<io::Error>>,
    name: &'s ScratchName,
}

impl SpillReader<'_> {
    /// Passes the next run of states to `read`; false when all have been
    /// read, or reading failed (see [`SpillReader::finish`]).
    pub(super) fn read_next(&self, read: impl FnOnce(&[Entry])) -> bool {
        let mut bytes = Vec::new();
        {
            let mut source = self
                .source
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            let (file, left) = &mut *source;
            let states = (*left).min(STATES_PER_READ as u64) as usize;
            if states == 0 {
                return false;
            }
            bytes.resize(states * STATE_BYTES, 0);
            if let Err(error) = file.read_exact(&mut bytes) {
                *left = 0;
                *self
                    .failed
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(error);
                return false;
            }
            *left -= states as u64;
        }
        let word = |at: &[u8]| u64::from_le_bytes(at.try_into().expect("eight bytes"));
        let run: Vec<Entry> = bytes
            .chunks_exact(STATE_BYTES)
            .map(|state| Entry {
                key: word(&state[..8]),
                count: word(&state[8..]),
            })
            .collect();
        read(&run);
        true
    }

    /// Whether every state was read: the error of the read that failed.
    pub(super) fn finish(self) -> Result<(), SweepFileError> {
        let failed = self
            .failed
            .into_inner()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        failed.map_or(Ok(()), |error| Err(self.name.failure(false, &error)))
    }
}

/// The scratch files of a step's groups while its layer is expanded.
pub(super) struct Buckets<'b> {
    files: Vec<Mutex<SpillWriter>>,
    budget: &'b Budget,
    /// Bytes of the threads' buffers, taken from the budget.
    buffers: u64,
    /// States a thread buffers for each group.
    per_group: usize,
}

impl<'b> Buckets<'b> {
    /// A scratch file for each of `groups` groups, and the memory of their
    /// buffers and those of `threads` threads taken from `budget` (refused:
    /// the budget says it is exceeded).
    pub(super) fn create(
        groups: usize,
        threads: usize,
        budget: &'b Budget,
        scratch: &Path,
    ) -> Result<Buckets<'b>, SweepFileError> {
        // A quarter of the free memory for the files' buffers, and as much
        // for the threads'.
        let share = budget.free() / 4;
        let file_buffer = (share / groups.max(1) as u64) as usize;
        let file_buffer = file_buffer.min(BUCKET_FILE_BUFFER);
        let files = (0..groups)
            .map(|_| SpillWriter::in_directory(scratch, file_buffer).map(Mutex::new))
            .collect::<Result<_, _>>()?;
        let per_group = (share / (threads * groups * STATE_BYTES).max(1) as u64) as usize;
        let per_group = per_group.clamp(FEWEST_BUFFERED, BUFFERED_PER_GROUP);
        let buffers = (groups * (file_buffer + threads * per_group * STATE_BYTES)) as u64;
        let buffers = if budget.take(buffers) { buffers } else { 0 };
        Ok(Buckets {
            files,
            budget,
            buffers,
            per_group,
        })
    }

    /// A thread's way into the buckets.
    pub(super) fn bucketer(&self) -> Bucketer<'_> {
        Bucketer {
            files: &self.files,
            filling: vec![Vec::with_capacity(self.per_group); self.files.len()],
            per_group: self.per_group,
        }
    }

    /// The groups and their states, once every [`Bucketer`] is closed.
    pub(super) fn finish(self) -> Result<Vec<(Group, Spilled)>, SweepFileError> {
        self.budget.give_back(self.buffers);
        let groups = self.files.len();
        Group::split_all(groups)
            .zip(self.files)
            .map(|(group, file)| {
                let file = file
                    .into_inner()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                Ok((group, file.finish()?))
            })
            .collect()
    }
}

/// One thread's new states on their way to the buckets: a buffer a group,
/// appended to the group's file when full.
pub(super) struct Bucketer<'f> {
    files: &'f [Mutex<SpillWriter>],
    filling: Vec<Vec<Entry>>,
    per_group: usize,
}

impl Bucketer<'_> {
    fn empty(&mut self, group: usize) {
        let mut file = self.files[group]
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        file.write(&self.filling[group]);
        self.filling[group].clear();
    }

    /// Appends what is still buffered.
    pub(super) fn close(mut self) {
        for group in 0..self.files.len() {
            if !self.filling[group].is_empty() {
                self.empty(group);
            }
        }
    }
}

impl Sink for Bucketer<'_> {
    fn add(&mut self, key: u64, count: u64) {
        let group = Group::index_of(group_bits(mix(key)), self.files.len());
        self.filling[group].push(Entry { key, count });
        if self.filling[group].len() == self.per_group {
            self.empty(group);
        }
    }
}

/// The groups of a step's next layer as they are built: kept in memory if
/// the first holds every state, else appended to a scratch file.
pub(super) struct NextLayer {
    kept: Option<Layer>,
    written: Option<SpillWriter>,
    groups: usize,
}

impl NextLayer {
    pub(super) fn new() -> NextLayer {
        NextLayer {
            kept: None,
            written: None,
            groups: 0,
        }
    }

    /// The groups added so far.
    pub(super) fn groups(&self) -> usize {
        self.groups
    }

    /// Adds `group`, built into `layer`.
    pub(super) fn add(
        &mut self,
        group: Group,
        layer: Layer,
        budget: &Budget,
        scratch: &Path,
    ) -> Result<(), SweepFileError> {
        self.groups += 1;
        if group.is_everything() {
            self.kept = Some(layer);
            return Ok(());
        }
        let written = match &mut self.written {
            Some(written) => written,
            None => self.written.insert(SpillWriter::create(scratch)?),
        };
        written.write_layer(layer, budget);
        Ok(())
    }

    /// The next layer.
    pub(super) fn finish(self) -> Result<Carried, SweepFileError> {
        match (self.kept, self.written) {
            (Some(layer), _) => Ok(Carried::InMemory(layer)),
            (None, Some(written)) => Ok(Carried::OnDisk(written.finish()?)),
            (None, None) => Ok(Carried::InMemory(Layer::default())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_written_are_read_back_in_order_and_the_file_is_gone() {
        let budget = Budget::new(1 << 20);
        let mut writer = SpillWriter::create(&std::env::temp_dir()).unwrap();
        let path = writer.name.path.clone();
        let states: Vec<Entry> = (0..40_000)
            .map(|key| Entry {
                key,
                count: key * 3,
            })
            .collect();
        writer.write(&states[..100]);
        assert!(budget.take(16 * 39_900));
        writer.write_layer(
            Layer {
                parts: vec![states[100..].to_vec()],
            },
            &budget,
        );
        let spilled = writer.finish().unwrap();
        assert!(!path.exists(), "removed while open");
        let mut read = Vec::new();
        Carried::OnDisk(spilled)
            .for_each_run(&mut |run| {
                read.extend_from_slice(run);
                Ok(())
            })
            .unwrap();
        let pairs = |entries: &[Entry]| -> Vec<(u64, u64)> {
            entries
                .iter()
                .map(|entry| (entry.key, entry.count))
                .collect()
        };
        assert_eq!(pairs(&read), pairs(&states));
    }

    #[test]
    fn a_directory_where_no_file_can_be_made_is_named() {
        let nowhere = Path::new("/nonexistent/gridtour-scratch");
        let Err(error) = SpillWriter::in_directory(nowhere, 1 << 12) else {
            panic!("a scratch file made in {}", nowhere.display());
        };
        assert!(
            matches!(&error, SweepFileError::NoScratchFile { directory, .. } if directory == nowhere),
            "{error}"
        );
        let message = error.to_string();
        assert!(
            message.starts_with(
                "cannot make a scratch file in /nonexistent/gridtour-scratch for states that do \
                 not fit in memory: "
            ) && message.ends_with("(--scratch DIR names another directory)"),
            "{message}"
        );
    }
}
