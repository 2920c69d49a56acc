//! A player's saved state (the window's shelf, best times, boards and
//! settings) in one file, guarded as a database guards its data:
//!
//! - every save replaces the file whole ([`write_atomic`]), so a save cut
//!   short by a full disk, a size limit or a kill leaves the state before;
//! - windows save in turns, under a lock taken with patience (see
//!   [`Saver`], which waits off the window's thread), and a save merges
//!   what another window saved since this one last read or wrote the
//!   file, part by part (`merge::three_way`): a part this window did not
//!   change takes theirs, so no window writes back a stale copy of a game
//!   another is playing;
//! - members a newer version wrote, which this build has no place for,
//!   are written back as they were;
//! - reading keeps every value it can: a value this build cannot read
//!   takes its default alone, damage anywhere in the file costs the
//!   member it is in (`tolerant`), and a damaged file is kept aside, as
//!   it was, before anything can write over it.

mod merge;
mod saver;
mod slot;
mod tolerant;

pub use saver::{Reply, Saver};
pub use slot::{SlotSave, StateSlot};

use std::fs::{self, OpenOptions};
use std::hash::{Hash, Hasher};
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use web_time::{Duration, Instant, SystemTime};

use serde::{Serialize, de::DeserializeOwned};
use serde_json::{Map, Value};

use crate::atomic_write::{WriteError, write_atomic};

/// The largest state file read: far above what a window saves (a board of
/// 4096 x 4096 with every square blocked), so anything larger is damage.
const READ_MAX: u64 = 1 << 30;

/// A state that can be saved: a serde value whose every part has a
/// default, and which knows what of another window's state it must keep.
pub trait Saved: Serialize + DeserializeOwned + Default {
    /// Takes into `self` what `theirs`, saved by another window since this
    /// one last read or wrote the file, holds that must not be lost even
    /// where both windows changed it (a player's records).
    fn merge_from(&mut self, theirs: Self);

    /// Groups of members (dotted paths such as `numbers.laid`) that only
    /// make sense together, such as a puzzle and the numbers laid on it: a
    /// merge takes each group whole from one window. None by default.
    fn together() -> Vec<Vec<String>> {
        Vec::new()
    }
}

/// What went wrong reading or writing the state file, for the window to
/// say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Trouble {
    /// The file is there but could not be read; it is left as it is and
    /// not written over.
    Unreadable {
        /// The state file.
        path: PathBuf,
        /// What the system said.
        reason: String,
    },
    /// Nothing in the file could be read; it was moved aside (when it
    /// could be) and the state starts from its defaults.
    Damaged {
        /// The state file.
        path: PathBuf,
        /// Where the file as it was now is; `None` when it could not be
        /// moved, and is then not written over.
        kept_as: Option<PathBuf>,
    },
    /// Part of the file could not be read: those values took their
    /// defaults, and a copy of the file as it was is kept.
    PartlyRead {
        /// The state file.
        path: PathBuf,
        /// Where the copy is; `None` when none could be made, and the file
        /// is then not written over.
        kept_as: Option<PathBuf>,
        /// The values that took their defaults or were lost, as paths
        /// (`view.speed`, `goishi.shelf[3]`).
        unread: Vec<String>,
        /// Whether the file ended before its end (it was cut short).
        cut_short: bool,
    },
    /// A save failed; the file keeps the state saved before.
    NotSaved {
        /// The state file.
        path: PathBuf,
        /// What went wrong.
        reason: String,
    },
}

/// The state as read from the file.
#[derive(Debug)]
pub struct Loaded<T> {
    /// The state; `None` when there is no file yet.
    pub state: Option<T>,
    /// What could not be read, if anything.
    pub trouble: Option<Trouble>,
}

/// What a save did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaveOutcome {
    /// The file already holds this state: nothing was written.
    Unchanged,
    /// Nothing of this window's was new, but another window had saved:
    /// the state now holds its values, and nothing was written.
    Adopted,
    /// The file was written; `merged` says whether another window's state
    /// was taken in first.
    Written {
        /// Whether the state now holds another window's values too.
        merged: bool,
    },
}

/// What a save waiting for another window's turn does next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Wait {
    /// Waits on.
    On,
    /// Writes without the turn: the other window has held it too long
    /// (this one is closing).
    WriteAnyway,
}

/// How a save waits for its turn: told how long it has waited, says what
/// to do next.
type Patience<'a> = dyn FnMut(Duration) -> Wait + 'a;

/// The file a state is saved in, and what this process knows of it.
#[derive(Debug)]
pub struct StateFile {
    path: PathBuf,
    /// A digest of what the file held when this process last read or wrote
    /// it: a file that no longer matches was written by another window.
    seen: Option<u64>,
    /// The file's size and time when last read or written: unchanged, it
    /// need not be read again to know nobody else wrote it.
    stamp: Option<(u64, std::time::SystemTime)>,
    /// The state as this window last read or wrote it, as this build
    /// writes it (kept written out, a tenth of its size as a tree): what
    /// a merge tells this window's changes by.
    base: Vec<u8>,
    /// Whether the file, while its digest is `seen`, holds what `base`
    /// holds (if perhaps written otherwise): a save then has nothing of
    /// another window's to take in.
    in_step: bool,
    /// Whether saves are held back: the file could not be read, or is
    /// damaged and could not be kept aside, and must not be lost.
    held: bool,
}

impl StateFile {
    /// The state file at `path`, not yet read.
    pub fn at(path: impl Into<PathBuf>) -> StateFile {
        StateFile {
            path: path.into(),
            seen: None,
            stamp: None,
            base: Vec::new(),
            in_step: false,
            held: false,
        }
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Takes `state` as what this window holds where it did not take in
    /// all the file holds (another window's game kept aside, an earlier
    /// version's settings): a merge counts as this window's changes only
    /// what differs from it, and takes the file's in elsewhere.
    pub fn rebase<T: Saved>(&mut self, state: &T) {
        self.base = serde_json::to_vec(state).unwrap_or_default();
        self.in_step = false;
    }

    /// Takes `state`, what this window made of the file it read (its
    /// values as its own parts write them), as what it started from: the
    /// file, unchanged, holds nothing else.
    pub fn start_from<T: Saved>(&mut self, state: &T) {
        self.base = serde_json::to_vec(state).unwrap_or_default();
    }

    /// Reads the state, keeping every value that reads (see the module's
    /// introduction).
    pub fn load<T: Saved>(&mut self) -> Loaded<T> {
        self.in_step = false;
        let loaded = self.read::<T>();
        self.start_from(loaded.state.as_ref().unwrap_or(&T::default()));
        // What reading took (ten times a large file, in trees) goes back.
        crate::memory::give_back();
        loaded
    }

    fn read<T: Saved>(&mut self) -> Loaded<T> {
        let unreadable = |reason: String| Loaded {
            state: Some(T::default()),
            trouble: Some(Trouble::Unreadable {
                path: self.path.clone(),
                reason,
            }),
        };
        let metadata = match fs::metadata(&self.path) {
            Ok(metadata) => metadata,
            Err(error) if error.kind() == ErrorKind::NotFound => {
                return Loaded {
                    state: None,
                    trouble: None,
                };
            }
            Err(error) => {
                self.held = true;
                return unreadable(error.to_string());
            }
        };
        if !metadata.is_file() {
            self.held = true;
            return unreadable("it is not a file".to_owned());
        }
        if metadata.len() > READ_MAX {
            return self.damaged();
        }
        let bytes = match fs::read(&self.path) {
            Ok(bytes) => bytes,
            Err(error) => {
                self.held = true;
                return unreadable(error.to_string());
            }
        };
        self.seen = Some(digest(&bytes));
        self.stamp = stamp(&metadata);
        // A whole file reads straight into the state, without the tree of
        // values that reading part by part needs (ten times its size);
        // saves need not merge with it while it holds nothing this build
        // has no place for.
        if let Ok(state) = serde_json::from_slice::<T>(&bytes) {
            // A file as this build writes it holds nothing else; another
            // is looked through.
            let ours = serde_json::to_vec(&state).is_ok_and(|ours| ours == bytes);
            self.in_step = ours
                || serde_json::from_slice::<Value>(&bytes).is_ok_and(|stored| {
                    let known = serde_json::to_value(&state).unwrap_or(Value::Null);
                    !merge::has_unknown(&known, &stored)
                });
            return Loaded {
                state: Some(state),
                trouble: None,
            };
        }
        let Some(Stored {
            state,
            unread,
            cut_short,
            ..
        }) = read_stored::<T>(&bytes)
        else {
            return self.damaged();
        };
        if unread.is_empty() && !cut_short {
            return Loaded {
                state: Some(state),
                trouble: None,
            };
        }
        let kept_as = self.keep_aside(|from, to| fs::copy(from, to).map(drop));
        self.held = kept_as.is_none();
        Loaded {
            state: Some(state),
            trouble: Some(Trouble::PartlyRead {
                path: self.path.clone(),
                kept_as,
                unread,
                cut_short,
            }),
        }
    }

    /// The file reads as nothing: moved aside, and the defaults.
    fn damaged<T: Saved>(&mut self) -> Loaded<T> {
        let kept_as = self.keep_aside(|from, to| fs::rename(from, to));
        self.held = kept_as.is_none();
        if kept_as.is_some() {
            self.seen = None;
            self.stamp = None;
        }
        Loaded {
            state: Some(T::default()),
            trouble: Some(Trouble::Damaged {
                path: self.path.clone(),
                kept_as,
            }),
        }
    }

    /// Moves or copies (`keep`) the file to a name of its own beside it,
    /// `state.damaged-SECONDS.json`; where it went.
    fn keep_aside(&self, keep: impl Fn(&Path, &Path) -> std::io::Result<()>) -> Option<PathBuf> {
        let stem = self.path.file_stem()?.to_string_lossy().into_owned();
        let extension = self
            .path
            .extension()
            .map(|extension| format!(".{}", extension.to_string_lossy()))
            .unwrap_or_default();
        let seconds = SystemTime::now()
            .duration_since(web_time::UNIX_EPOCH)
            .map_or(0, |since| since.as_secs());
        (0..100).find_map(|attempt| {
            let suffix = if attempt == 0 {
                String::new()
            } else {
                format!("-{attempt}")
            };
            let aside = self
                .path
                .with_file_name(format!("{stem}.damaged-{seconds}{suffix}{extension}"));
            (!aside.exists() && keep(&self.path, &aside).is_ok()).then_some(aside)
        })
    }

    /// Saves `state`, waiting for its turn as long as it takes; when
    /// another window saved since this one last read or wrote the file,
    /// `state` takes in what it saved first (see the module's
    /// introduction).
    pub fn save<T: Saved>(&mut self, state: &mut T) -> Result<SaveOutcome, Trouble> {
        self.save_through(state, &mut |_| Wait::On, &mut |path, bytes| {
            write_atomic(path, bytes)
        })
    }

    /// [`StateFile::save`], waiting for its turn with `patience`.
    fn save_with<T: Saved>(
        &mut self,
        state: &mut T,
        patience: &mut Patience<'_>,
    ) -> Result<SaveOutcome, Trouble> {
        self.save_through(state, patience, &mut |path, bytes| {
            write_atomic(path, bytes)
        })
    }

    /// [`StateFile::save_with`], writing the file with `write`.
    fn save_through<T: Saved>(
        &mut self,
        state: &mut T,
        patience: &mut Patience<'_>,
        write: &mut Writer<'_>,
    ) -> Result<SaveOutcome, Trouble> {
        let not_saved = |reason: String| Trouble::NotSaved {
            path: self.path.clone(),
            reason,
        };
        if self.held {
            return Err(not_saved(
                "the file there could not be read, and is not written over".to_owned(),
            ));
        }
        let mine_bytes =
            serde_json::to_vec(&*state).map_err(|error| not_saved(error.to_string()))?;
        let unchanged_here = mine_bytes == self.base;
        if unchanged_here
            && self.stamp.is_some()
            && fs::metadata(&self.path).ok().as_ref().and_then(stamp) == self.stamp
        {
            return Ok(SaveOutcome::Unchanged);
        }
        if let Some(folder) = self
            .path
            .parent()
            .filter(|folder| !folder.as_os_str().is_empty())
        {
            fs::create_dir_all(folder).map_err(|error| not_saved(error.to_string()))?;
        }
        let _turn = self
            .take_turn(patience)
            .map_err(|error| not_saved(error.to_string()))?;
        let on_disk = fs::read(&self.path).ok();
        // A file that is what this window last read or wrote holds nothing
        // to take in: written as it is, no merge.
        let as_seen = |bytes: &[u8]| {
            bytes == self.base.as_slice() || self.in_step && Some(digest(bytes)) == self.seen
        };
        if on_disk.as_deref().is_none_or(as_seen) {
            let outcome = if on_disk.as_deref() == Some(mine_bytes.as_slice()) {
                SaveOutcome::Unchanged
            } else {
                write(&self.path, &mine_bytes).map_err(|error| not_saved(error.to_string()))?;
                SaveOutcome::Written { merged: false }
            };
            self.seen = Some(digest(&mine_bytes));
            self.stamp = fs::metadata(&self.path).ok().as_ref().and_then(stamp);
            self.base = mine_bytes;
            self.in_step = true;
            return Ok(outcome);
        }
        let theirs = match &on_disk {
            Some(bytes) => match read_stored::<T>(bytes) {
                Some(stored) => Some(stored),
                None if Some(digest(bytes)) == self.seen => None,
                None => {
                    if self
                        .keep_aside(|from, to| fs::copy(from, to).map(drop))
                        .is_none()
                    {
                        return Err(not_saved(
                            "another window left the file damaged, and it could not be kept aside"
                                .to_owned(),
                        ));
                    }
                    None
                }
            },
            None => None,
        };
        // Merged even when the file is as this window last saw it: where
        // this window kept its own game rather than the one saved (see
        // [`StateFile::rebase`]), the file's stays until this one changes.
        let Merged {
            state: merged,
            typed,
            bytes: with_unknown,
            took_theirs,
        } = merge_saved(&self.base, &mine_bytes, theirs).map_err(not_saved)?;
        let bytes = with_unknown.as_deref().unwrap_or(&typed);
        let written_digest = digest(bytes);
        let outcome = if on_disk.as_deref().map(digest) == Some(written_digest) {
            if took_theirs {
                SaveOutcome::Adopted
            } else {
                SaveOutcome::Unchanged
            }
        } else {
            write(&self.path, bytes).map_err(|error| not_saved(error.to_string()))?;
            SaveOutcome::Written {
                merged: took_theirs,
            }
        };
        self.seen = Some(written_digest);
        self.stamp = fs::metadata(&self.path).ok().as_ref().and_then(stamp);
        self.base = typed;
        self.in_step = with_unknown.is_none();
        crate::memory::give_back();
        if took_theirs {
            *state = merged;
        }
        Ok(outcome)
    }

    /// Waits for the other windows' saves to end and holds theirs off
    /// until the guard returned is dropped: an advisory lock on a hidden
    /// file beside the state (the state itself is replaced at every save,
    /// so it cannot carry the lock). The lock file stays: removing it
    /// could let two windows lock two different files of one name. The
    /// wait asks `patience` every few milliseconds; `None` when it said to
    /// write anyway.
    fn take_turn(&self, patience: &mut Patience<'_>) -> std::io::Result<Option<fs::File>> {
        let name = self
            .path
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default();
        let lock = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(self.path.with_file_name(format!(".{name}.lock")))?;
        let began = Instant::now();
        loop {
            match lock.try_lock() {
                Ok(()) => return Ok(Some(lock)),
                Err(fs::TryLockError::WouldBlock) => {}
                Err(fs::TryLockError::Error(error)) => return Err(error),
            }
            if patience(began.elapsed()) == Wait::WriteAnyway {
                return Ok(None);
            }
            std::thread::sleep(LOCK_POLL);
        }
    }
}

/// This window's state with another's saves taken in.
struct Merged<T> {
    /// The merged state.
    state: T,
    /// It as this build writes it.
    typed: Vec<u8>,
    /// What is written instead when members of a newer version go with
    /// it.
    bytes: Option<Vec<u8>>,
    /// Whether it holds another window's values.
    took_theirs: bool,
}

/// `mine` (this window's state written out) merged with `theirs`, what
/// the store holds now, part by part: where this window changed nothing
/// since `base`, theirs. Records both changed are joined. With nothing to
/// take in (`None`), mine.
fn merge_saved<T: Saved>(
    base: &[u8],
    mine: &[u8],
    theirs: Option<Stored<T>>,
) -> Result<Merged<T>, String> {
    let mine: Value = serde_json::from_slice(mine).map_err(|error| error.to_string())?;
    let base: Value = serde_json::from_slice(base).unwrap_or(Value::Null);
    let (merged, tree) = match theirs {
        Some(theirs) => {
            let known = serde_json::to_value(&theirs.state).unwrap_or(Value::Null);
            let merged = merge::three_way(&base, &mine, &known, &T::together());
            let mut merged =
                T::deserialize(&merged).unwrap_or_else(|_| read_leniently::<T>(&merged).0);
            // Where the store holds nothing new, this window's records
            // stand as they are.
            if known != base {
                merged.merge_from(theirs.state);
            }
            (merged, Some(theirs.tree))
        }
        None => (
            serde_json::from_value(mine.clone()).unwrap_or_default(),
            None,
        ),
    };
    let known = serde_json::to_value(&merged).map_err(|error| error.to_string())?;
    let mut written = known.clone();
    if let Some(tree) = &tree {
        merge::keep_unknown(&mut written, tree);
    }
    // Written as the state writes itself (its members in their order),
    // unless members of a newer version go with it.
    let typed = serde_json::to_vec(&merged).map_err(|error| error.to_string())?;
    let bytes = (written != known)
        .then(|| serde_json::to_vec(&written))
        .transpose()
        .map_err(|error| error.to_string())?;
    Ok(Merged {
        state: merged,
        typed,
        bytes,
        // Told apart as written: a value the store cannot hold (a
        // folder's name that is not UTF-8) is not another window's.
        took_theirs: known != mine,
    })
}

/// How often a save waiting for its turn tries the lock again.
const LOCK_POLL: Duration = Duration::from_millis(20);

/// How a save writes the file: [`write_atomic`], or in tests a write that
/// fails part-way.
type Writer<'a> = dyn FnMut(&Path, &[u8]) -> Result<(), WriteError> + 'a;

/// A digest of a file's bytes, to tell whether another window wrote it.
fn digest(bytes: &[u8]) -> u64 {
    let mut hasher = std::hash::DefaultHasher::new();
    bytes.hash(&mut hasher);
    hasher.finish()
}

/// A file's size and time of change.
fn stamp(metadata: &fs::Metadata) -> Option<(u64, std::time::SystemTime)> {
    Some((metadata.len(), metadata.modified().ok()?))
}

/// A state file's bytes as read: the state, the whole tree of what it
/// held (members this build does not know included), what could not be
/// read, and whether the file was damaged.
struct Stored<T> {
    state: T,
    tree: Value,
    unread: Vec<String>,
    cut_short: bool,
}

/// Reads a state file's bytes, keeping every value it can; `None` when
/// nothing in them reads.
fn read_stored<T: Saved>(bytes: &[u8]) -> Option<Stored<T>> {
    if let Ok(tree @ Value::Object(_)) = serde_json::from_slice::<Value>(bytes) {
        let (state, unread) = read_leniently::<T>(&tree);
        return Some(Stored {
            state,
            tree,
            unread,
            cut_short: false,
        });
    }
    let text = String::from_utf8_lossy(bytes);
    let not_utf8 = matches!(text, std::borrow::Cow::Owned(_));
    let salvaged = tolerant::salvage(&text)?;
    let (state, mut unread) = read_leniently::<T>(&salvaged.value);
    unread.extend(salvaged.lost);
    Some(Stored {
        state,
        tree: salvaged.value,
        cut_short: salvaged.cut_short || not_utf8,
        unread,
    })
}

/// Reads `stored` as a `T`, part by part: every part that does not read
/// takes its default alone, every other part is kept (an object member
/// by member, a list item by item). Also the paths of the parts that
/// took their defaults. `T`'s structs must read with fields missing
/// (`#[serde(default)]`).
pub fn read_leniently<T: Serialize + DeserializeOwned + Default>(
    stored: &Value,
) -> (T, Vec<String>) {
    if let Ok(state) = T::deserialize(stored) {
        return (state, Vec::new());
    }
    let defaults = serde_json::to_value(T::default()).unwrap_or(Value::Null);
    let mut unread = Vec::new();
    let mut path = Vec::new();
    let kept = Keeper::<T> {
        defaults: &defaults,
        unread: &mut unread,
        marker: std::marker::PhantomData,
    }
    .keep(&mut path, stored, &defaults);
    let state = T::deserialize(&kept).unwrap_or_default();
    (state, unread)
}

/// The walk of [`read_leniently`] over a stored value.
struct Keeper<'a, T> {
    /// The whole state's defaults: each part is tried in place among them.
    defaults: &'a Value,
    unread: &'a mut Vec<String>,
    marker: std::marker::PhantomData<T>,
}

impl<T: DeserializeOwned> Keeper<'_, T> {
    /// Whether `candidate` reads at `path` among the defaults.
    fn reads(&self, path: &[String], candidate: &Value) -> bool {
        let mut whole = self.defaults.clone();
        let mut place = &mut whole;
        for key in path {
            if !place.is_object() {
                *place = Value::Object(Map::new());
            }
            place = place
                .as_object_mut()
                .expect("made an object above")
                .entry(key.clone())
                .or_insert(Value::Null);
        }
        *place = candidate.clone();
        T::deserialize(&whole).is_ok()
    }

    /// `stored`, the value at `path`, with each part that does not read
    /// replaced by its default (`default` here).
    fn keep(&mut self, path: &mut Vec<String>, stored: &Value, default: &Value) -> Value {
        if self.reads(path, stored) {
            return stored.clone();
        }
        let kept = match stored {
            Value::Object(members) => {
                let mut kept = default.as_object().cloned().unwrap_or_default();
                for (key, value) in members {
                    let default_member = kept.get(key).cloned().unwrap_or(Value::Null);
                    path.push(key.clone());
                    let member = self.keep(path, value, &default_member);
                    path.pop();
                    kept.insert(key.clone(), member);
                }
                Value::Object(kept)
            }
            Value::Array(items) => {
                let mut kept = Vec::with_capacity(items.len());
                for (index, item) in items.iter().enumerate() {
                    if self.reads(path, &Value::Array(vec![item.clone()])) {
                        kept.push(item.clone());
                    } else {
                        self.unread.push(format!("{}[{index}]", path.join(".")));
                    }
                }
                Value::Array(kept)
            }
            _ => default.clone(),
        };
        if self.reads(path, &kept) {
            if !(stored.is_object() || stored.is_array()) {
                self.unread.push(path.join("."));
            }
            kept
        } else {
            self.unread.push(path.join("."));
            default.clone()
        }
    }
}

#[cfg(test)]
mod tests;
