//! A bounded hash table from search states to solution counts.
//!
//! A state is the set of stones still on the board (a bitset of any width)
//! plus a small tag (current stone and arrival direction). Keys live in one
//! flat `Vec<u64>` with a fixed stride, so there is no allocation per entry
//! and puzzles with hundreds or thousands of stones work the same way as
//! small ones. The caller supplies the hash (kept up to date incrementally by
//! the search), and the table never grows past a byte budget: once full it
//! simply stops remembering, and the search carries on without the cache.

/// Open-addressing table with linear probing.
#[derive(Debug)]
pub(super) struct Memo {
    /// Words per key: the bitset words plus one tag word.
    stride: usize,
    /// Per slot: the key's hash with the low bit forced on; 0 marks a free slot.
    hashes: Vec<u64>,
    keys: Vec<u64>,
    values: Vec<u64>,
    len: usize,
    max_slots: usize,
}

/// The slot a hash (low bit on) is looked for first, from its other bits:
/// with the low bit every home slot would be odd, and the runs of full
/// slots twice as long.
fn home(hash: u64, mask: usize) -> usize {
    (hash >> 1) as usize & mask
}

/// Slots allocated by the first insertion.
const INITIAL_SLOTS: usize = 1 << 10;

impl Memo {
    /// A table for keys of `set_words` bitset words that never uses more
    /// than about `max_bytes`.
    pub(super) fn new(set_words: usize, max_bytes: usize) -> Memo {
        let stride = set_words + 1;
        let slot_bytes = stride * 8 + 16;
        let fitting = max_bytes / slot_bytes;
        let max_slots = if fitting == 0 {
            0
        } else {
            1 << fitting.ilog2()
        };
        Memo {
            stride,
            hashes: Vec::new(),
            keys: Vec::new(),
            values: Vec::new(),
            len: 0,
            max_slots,
        }
    }

    fn matches(&self, slot: usize, set: &[u64], tag: u64) -> bool {
        let key = &self.keys[slot * self.stride..(slot + 1) * self.stride];
        key[self.stride - 1] == tag && key[..self.stride - 1] == *set
    }

    /// The value stored for the state, if any.
    pub(super) fn get(&self, hash: u64, set: &[u64], tag: u64) -> Option<u64> {
        if self.hashes.is_empty() {
            return None;
        }
        let hash = hash | 1;
        let mask = self.hashes.len() - 1;
        let mut slot = home(hash, mask);
        loop {
            match self.hashes[slot] {
                0 => return None,
                h if h == hash && self.matches(slot, set, tag) => return Some(self.values[slot]),
                _ => slot = (slot + 1) & mask,
            }
        }
    }

    /// Starts bringing the slot where a state with this hash would be into
    /// the cache, so that a [`Memo::get`] soon after does not wait for
    /// memory: the table is far larger than the cache, and a search that
    /// asks for several states' slots at once waits for them together.
    pub(super) fn prefetch(&self, hash: u64) {
        if self.hashes.is_empty() {
            return;
        }
        let slot = home(hash | 1, self.hashes.len() - 1);
        crate::memory::prefetch(&self.hashes[slot]);
        crate::memory::prefetch(&self.keys[slot * self.stride]);
        crate::memory::prefetch(&self.values[slot]);
    }

    /// Remembers a value for the state, unless the table is at its budget.
    pub(super) fn insert(&mut self, hash: u64, set: &[u64], tag: u64, value: u64) {
        if !self.make_room() {
            return;
        }
        let hash = hash | 1;
        let mask = self.hashes.len() - 1;
        let mut slot = home(hash, mask);
        loop {
            match self.hashes[slot] {
                0 => break,
                h if h == hash && self.matches(slot, set, tag) => {
                    self.values[slot] = value;
                    return;
                }
                _ => slot = (slot + 1) & mask,
            }
        }
        self.hashes[slot] = hash;
        let key = &mut self.keys[slot * self.stride..(slot + 1) * self.stride];
        key[..self.stride - 1].copy_from_slice(set);
        key[self.stride - 1] = tag;
        self.values[slot] = value;
        self.len += 1;
    }

    /// Grows the table when it gets half full; false when there is no room
    /// left within the budget (the table stays at most three quarters full).
    fn make_room(&mut self) -> bool {
        let slots = self.hashes.len();
        if slots == 0 {
            if self.max_slots == 0 {
                return false;
            }
            self.rebuild(INITIAL_SLOTS.min(self.max_slots));
            return true;
        }
        if self.len * 2 < slots {
            return true;
        }
        if slots * 2 <= self.max_slots {
            self.rebuild(slots * 2);
            return true;
        }
        self.len * 4 < slots * 3
    }

    fn rebuild(&mut self, slots: usize) {
        let old_hashes = std::mem::replace(&mut self.hashes, vec![0; slots]);
        let old_keys = std::mem::replace(&mut self.keys, vec![0; slots * self.stride]);
        let old_values = std::mem::replace(&mut self.values, vec![0; slots]);
        // Every lookup reads the hash array and most stop there (a miss),
        // so huge pages pay there; the keys and values, read on a match and
        // written on an insert, gained nothing measurable from them while
        // their first writes cost more (a huge page is cleared whole).
        crate::memory::prefer_huge_pages(&mut self.hashes);
        let mask = slots - 1;
        for (old_slot, &hash) in old_hashes.iter().enumerate() {
            if hash == 0 {
                continue;
            }
            let mut slot = home(hash, mask);
            while self.hashes[slot] != 0 {
                slot = (slot + 1) & mask;
            }
            self.hashes[slot] = hash;
            self.keys[slot * self.stride..(slot + 1) * self.stride]
                .copy_from_slice(&old_keys[old_slot * self.stride..(old_slot + 1) * self.stride]);
            self.values[slot] = old_values[old_slot];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembers_values_and_tells_equal_hashes_apart() {
        let mut memo = Memo::new(2, 1 << 20);
        memo.insert(42, &[1, 2], 7, 100);
        memo.insert(42, &[1, 3], 7, 200);
        memo.insert(42, &[1, 2], 8, 300);
        assert_eq!(memo.get(42, &[1, 2], 7), Some(100));
        assert_eq!(memo.get(42, &[1, 3], 7), Some(200));
        assert_eq!(memo.get(42, &[1, 2], 8), Some(300));
        assert_eq!(memo.get(44, &[1, 2], 7), None);
        for i in 0..10_000u64 {
            memo.insert(i.wrapping_mul(0x9E37_79B9_7F4A_7C15), &[i, 0], 0, i);
        }
        assert_eq!(
            memo.get(5u64.wrapping_mul(0x9E37_79B9_7F4A_7C15), &[5, 0], 0),
            Some(5)
        );
    }

    #[test]
    fn stops_remembering_at_its_budget() {
        let mut memo = Memo::new(1, 64 * 32);
        for i in 0..1000u64 {
            memo.insert(i.wrapping_mul(0x9E37_79B9_7F4A_7C15), &[i], 0, i);
        }
        assert!(memo.hashes.len() <= 64);
        assert!(memo.len <= 48);
        assert_eq!(memo.get(0x9E37_79B9_7F4A_7C15, &[1], 0), Some(1));
    }
}
