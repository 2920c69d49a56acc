//! A player's saved state (the window's shelf, best times, boards and
//! settings) in one file, guarded as a database guards its data:
//!
//! - every save replaces the file whole ([`write_atomic`]), so a save cut
//!   short by a full disk, a size limit or a kill leaves the state before;
//! - two windows save in turns, under a lock, and a window whose file
//!   another one has changed since it last looked takes that state into
//!   its own ([`Saved::merge_from`]) before it writes, so neither drops
//!   what the other kept;
//! - reading keeps every value it can: a value this build cannot read
//!   takes its default alone, a file cut short gives back every value
//!   that is whole, and a damaged file is kept aside, as it was, before
//!   anything can write over it.

use std::collections::VecDeque;
use std::fs::{self, OpenOptions};
use std::hash::{Hash, Hasher};
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use serde::{Serialize, de::DeserializeOwned};
use serde_json::{Map, Value};

use crate::atomic_write::{WriteError, write_atomic};

/// The largest state file read: far above what a window saves (a board of
/// 4096 x 4096 with every square blocked), so anything larger is damage.
const READ_MAX: u64 = 1 << 30;

/// How many cut points, from the end, a file cut short is tried at.
const SALVAGE_TRIES: usize = 64;

/// A state that can be saved: a serde value whose every part has a
/// default, and which knows what of another window's state it must keep.
pub trait Saved: Serialize + DeserializeOwned + Default {
    /// Takes into `self` what `theirs`, saved by another window since this
    /// one last read or wrote the file, holds that must not be lost.
    fn merge_from(&mut self, theirs: Self);
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
        /// The values that took their defaults, as paths (`view.speed`,
        /// `goishi.shelf[3]`).
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
    /// The file was written; `merged` says whether another window's state
    /// was taken in first.
    Written {
        /// Whether the state now holds another window's values too.
        merged: bool,
    },
}

/// The file a state is saved in, and what this process knows of it.
#[derive(Debug)]
pub struct StateFile {
    path: PathBuf,
    /// A digest of what the file held when this process last read or wrote
    /// it: a file that no longer matches was written by another window.
    seen: Option<u64>,
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
            held: false,
        }
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Reads the state, keeping every value that reads (see the module's
    /// introduction).
    pub fn load<T: Saved>(&mut self) -> Loaded<T> {
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
        // A whole file reads straight into the state, without the tree of
        // values that reading part by part needs (ten times its size).
        if let Ok(state) = serde_json::from_slice::<T>(&bytes) {
            return Loaded {
                state: Some(state),
                trouble: None,
            };
        }
        let text = String::from_utf8_lossy(&bytes);
        let not_utf8 = matches!(text, std::borrow::Cow::Owned(_));
        let Some((value, cut_short)) = salvage(&text) else {
            return self.damaged();
        };
        let (state, unread) = read_leniently::<T>(&value);
        if unread.is_empty() && !cut_short && !not_utf8 {
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
                cut_short: cut_short || not_utf8,
            }),
        }
    }

    /// The file reads as nothing: moved aside, and the defaults.
    fn damaged<T: Saved>(&mut self) -> Loaded<T> {
        let kept_as = self.keep_aside(|from, to| fs::rename(from, to));
        self.held = kept_as.is_none();
        if kept_as.is_some() {
            self.seen = None;
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
        let seconds = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
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

    /// Saves `state`; when another window saved since this one last read
    /// or wrote the file, its state is merged into `state` first.
    pub fn save<T: Saved>(&mut self, state: &mut T) -> Result<SaveOutcome, Trouble> {
        self.save_through(state, &mut |path, bytes| write_atomic(path, bytes))
    }

    /// [`StateFile::save`], writing the file with `write`.
    fn save_through<T: Saved>(
        &mut self,
        state: &mut T,
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
        let mut bytes = serde_json::to_vec(state).map_err(|error| not_saved(error.to_string()))?;
        if self.seen == Some(digest(&bytes)) {
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
            .take_turn()
            .map_err(|error| not_saved(error.to_string()))?;
        let mut merged = false;
        if let Ok(on_disk) = fs::read(&self.path)
            && Some(digest(&on_disk)) != self.seen
        {
            let theirs = serde_json::from_slice::<T>(&on_disk).ok().or_else(|| {
                let text = String::from_utf8_lossy(&on_disk);
                salvage(&text).map(|(value, _)| read_leniently::<T>(&value).0)
            });
            if let Some(theirs) = theirs {
                state.merge_from(theirs);
                bytes = serde_json::to_vec(state).map_err(|error| not_saved(error.to_string()))?;
                merged = true;
            } else if self
                .keep_aside(|from, to| fs::copy(from, to).map(drop))
                .is_none()
            {
                return Err(not_saved(
                    "another window left the file damaged, and it could not be kept aside"
                        .to_owned(),
                ));
            }
        }
        write(&self.path, &bytes).map_err(|error| not_saved(error.to_string()))?;
        self.seen = Some(digest(&bytes));
        Ok(SaveOutcome::Written { merged })
    }

    /// Waits for the other windows' saves to end and holds theirs off
    /// until the guard returned is dropped: an advisory lock on a hidden
    /// file beside the state (the state itself is replaced at every save,
    /// so it cannot carry the lock). The lock file stays: removing it
    /// could let two windows lock two different files of one name.
    fn take_turn(&self) -> std::io::Result<fs::File> {
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
        lock.lock()?;
        Ok(lock)
    }
}

/// How a save writes the file: [`write_atomic`], or in tests a write that
/// fails part-way.
type Writer<'a> = dyn FnMut(&Path, &[u8]) -> Result<(), WriteError> + 'a;

/// A digest of a file's bytes, to tell whether another window wrote it.
fn digest(bytes: &[u8]) -> u64 {
    let mut hasher = std::hash::DefaultHasher::new();
    bytes.hash(&mut hasher);
    hasher.finish()
}

/// The JSON object `text` holds, and whether the text was damaged: for
/// a text cut short, the object its longest whole prefix holds (every
/// member and item that ends before the cut); for one with something
/// after its end, the object before it.
fn salvage(text: &str) -> Option<(Value, bool)> {
    let mut values = serde_json::Deserializer::from_str(text).into_iter::<Value>();
    if let Some(Ok(value @ Value::Object(_))) = values.next() {
        let rest_is_blank = text[values.byte_offset()..].trim().is_empty();
        return Some((value, !rest_is_blank));
    }
    // The places where the text can be cut and closed again: just inside
    // an opening bracket, just after a closing one and before each comma,
    // with the brackets open there (never inside a number or a word,
    // which could be cut into another value); only the last few are kept.
    let mut open = Vec::new();
    let mut cuts: VecDeque<(usize, Vec<u8>)> = VecDeque::with_capacity(SALVAGE_TRIES);
    let mut keep_cut = |at: usize, open: &Vec<u8>| {
        if cuts.len() == SALVAGE_TRIES {
            cuts.pop_front();
        }
        cuts.push_back((at, open.clone()));
    };
    let (mut in_string, mut escaped) = (false, false);
    for (at, byte) in text.bytes().enumerate() {
        if in_string {
            match byte {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match byte {
            b'"' => in_string = true,
            b'{' | b'[' => {
                open.push(if byte == b'{' { b'}' } else { b']' });
                keep_cut(at + 1, &open);
            }
            b'}' | b']' => {
                open.pop();
                keep_cut(at + 1, &open);
            }
            b',' => keep_cut(at, &open),
            _ => {}
        }
    }
    cuts.into_iter().rev().find_map(|(at, open)| {
        let mut closed = text[..at].to_owned();
        closed.extend(open.iter().rev().map(|&byte| char::from(byte)));
        match serde_json::from_str(&closed) {
            Ok(value @ Value::Object(_)) => Some((value, true)),
            _ => None,
        }
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
