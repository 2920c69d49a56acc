//! A state kept as one text in a store that several windows share and
//! that reads and writes a text whole, at once: a browser's local
//! storage, shared by a site's tabs. Saves merge another window's as
//! [`StateFile`](super::StateFile) does; the store needs no lock, since
//! a save reads, merges and writes without giving way to another tab.

use super::{Merged, Saved, merge_saved, read_stored};

/// What this window last read from or wrote to the store.
#[derive(Debug, Default)]
pub struct StateSlot {
    /// That state, as this build writes it: what a merge tells this
    /// window's changes by.
    base: Vec<u8>,
}

/// What a save into the store does.
#[derive(Debug, PartialEq, Eq)]
pub struct SlotSave {
    /// The text to write to the store; `None` when it already holds it.
    pub write: Option<String>,
    /// Whether the state now holds another window's values too.
    pub merged: bool,
}

impl StateSlot {
    /// Takes `state`, what this window made of the text it read, as what
    /// it started from.
    pub fn start_from<T: Saved>(&mut self, state: &T) {
        self.base = serde_json::to_vec(state).unwrap_or_default();
    }

    /// Saves `state` into a store that holds `stored` now. When another
    /// window wrote since this one last read or wrote, `state` takes in
    /// what it wrote first (see [`super`]); a text that does not read at
    /// all is written over.
    pub fn save<T: Saved>(&mut self, state: &mut T, stored: Option<&str>) -> SlotSave {
        let Ok(mine) = serde_json::to_vec(&*state) else {
            return SlotSave {
                write: None,
                merged: false,
            };
        };
        let theirs = stored
            .map(str::as_bytes)
            .filter(|stored| *stored != self.base.as_slice() && *stored != mine.as_slice())
            .and_then(read_stored::<T>);
        // Nothing of another window's to take in (the common case, every
        // few seconds): this window's state is written as it is.
        let Some(theirs) = theirs else {
            let text = String::from_utf8(mine).unwrap_or_default();
            let write = (stored != Some(text.as_str())).then(|| text.clone());
            self.base = text.into_bytes();
            return SlotSave {
                write,
                merged: false,
            };
        };
        let Ok(Merged {
            state: merged,
            typed,
            bytes,
            took_theirs,
            ..
        }) = merge_saved(&self.base, &mine, Some(theirs))
        else {
            return SlotSave {
                write: None,
                merged: false,
            };
        };
        let text = String::from_utf8(bytes.unwrap_or_else(|| typed.clone())).unwrap_or_default();
        self.base = typed;
        if took_theirs {
            *state = merged;
        }
        SlotSave {
            write: (stored != Some(text.as_str())).then_some(text),
            merged: took_theirs,
        }
    }
}

#[cfg(test)]
mod tests {
    use serde::{Deserialize, Serialize};

    use super::*;

    /// A setting, and best times that must survive every merge.
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
    #[serde(default)]
    struct State {
        size: u32,
        best: Vec<(String, u32)>,
    }

    impl Saved for State {
        fn merge_from(&mut self, theirs: Self) {
            for record in theirs.best {
                if !self.best.contains(&record) {
                    self.best.push(record);
                }
            }
        }
    }

    /// Saves `state` through `slot` into `store`, as a page does.
    fn save(slot: &mut StateSlot, state: &mut State, store: &mut Option<String>) -> bool {
        let saved = slot.save(state, store.as_deref());
        if let Some(text) = saved.write {
            *store = Some(text);
        }
        saved.merged
    }

    #[test]
    fn two_tabs_keep_each_others_records_and_changes() {
        let mut store = None;
        let (mut first, mut second) = (StateSlot::default(), StateSlot::default());
        let mut one = State::default();
        let mut two = State::default();
        first.start_from(&one);
        second.start_from(&two);

        one.best.push(("a".into(), 30));
        assert!(!save(&mut first, &mut one, &mut store));
        two.best.push(("b".into(), 40));
        two.size = 8;
        assert!(save(&mut second, &mut two, &mut store));
        assert_eq!(two.best, [("b".into(), 40), ("a".into(), 30)]);
        // The first tab changed no size: it takes the second's, and both
        // records.
        assert!(save(&mut first, &mut one, &mut store));
        assert_eq!(one.size, 8);
        assert_eq!(one.best.len(), 2);
        // Nothing new on either side: nothing is written.
        assert_eq!(
            first.save(&mut one, store.as_deref()),
            SlotSave {
                write: None,
                merged: false
            }
        );
        let read: State = serde_json::from_str(store.as_deref().unwrap()).unwrap();
        assert_eq!(read, one);
    }

    #[test]
    fn a_newer_versions_members_are_kept_and_damage_is_written_over() {
        let mut slot = StateSlot::default();
        let mut state = State::default();
        slot.start_from(&state);
        let mut store = Some(r#"{"size":5,"best":[],"theme":"dark"}"#.to_owned());
        state.size = 6;
        save(&mut slot, &mut state, &mut store);
        let written: serde_json::Value = serde_json::from_str(store.as_deref().unwrap()).unwrap();
        assert_eq!(written["theme"], "dark");
        assert_eq!(written["size"], 6);

        let mut store = Some("\u{0}not json".to_owned());
        save(&mut slot, &mut state, &mut store);
        assert_eq!(store.as_deref(), Some(r#"{"size":6,"best":[]}"#));
    }
}
