//! A bounded hash table from search states to solution counts.
//!
//! A state is the set of stones still on the board (a bitset of any width)
//! plus a small tag (current stone and arrival direction). Keys live in one
//! flat `Vec<u64>` with a fixed stride, so there is no allocation per entry
//! and puzzles with hundreds or thousands of stones work the same way as
//! small ones. The caller supplies the hash (kept up to date incrementally by
//! the search), and the table never grows past a byte budget. Once full, a
//! new entry takes the place of the lightest of the few it would probe, if
//! that one is lighter: an entry's weight is the log of the search nodes
//! its value took, so what stays is what would cost most to find again.
//! (Counting 60 stones on 20 x 20, keeping the costly entries instead of
//! the first ones halved the nodes searched.)

/// Open-addressing table with linear probing.
#[derive(Debug)]
pub(super) struct Memo {
    /// Words per key: the bitset words plus one tag word.
    stride: usize,
    /// Per slot: the key's hash with its low byte replaced by the entry's
    /// weight (at least 1); 0 marks a free slot.
    hashes: Vec<u64>,
    keys: Vec<u64>,
    values: Vec<u64>,
    len: usize,
    /// The most slots the table may grow to now (see [`Memo::allow`]).
    max_slots: usize,
    /// The most slots the table may ever take.
    budget_slots: usize,
}

/// The slot a hash is looked for first, from the bits above its weight.
fn home(hash: u64, mask: usize) -> usize {
    (hash >> 8) as usize & mask
}

/// The bits of a stored hash that hold the entry's weight.
const WEIGHT_BITS: u64 = 0xFF;

/// Slots from its home among which a full table replaces the lightest.
const REPLACE_PROBES: usize = 8;

/// The most slots, a power of two, that `bytes` hold with keys of
/// `stride` words (and a hash and a value each).
fn slots_within(stride: usize, bytes: usize) -> usize {
    let fitting = bytes / (stride * 8 + 16);
    if fitting == 0 {
        0
    } else {
        1 << fitting.ilog2()
    }
}

/// Slots allocated by the first insertion.
const INITIAL_SLOTS: usize = 1 << 10;

impl Memo {
    /// A table for keys of `set_words` bitset words that never uses more
    /// than about `max_bytes`: the table it grows from is kept until its
    /// entries are in the new one, so the largest table takes at most two
    /// thirds of it.
    pub(super) fn new(set_words: usize, max_bytes: usize) -> Memo {
        let stride = set_words + 1;
        let budget_slots = slots_within(stride, max_bytes / 3 * 2);
        Memo {
            stride,
            hashes: Vec::new(),
            keys: Vec::new(),
            values: Vec::new(),
            len: 0,
            max_slots: budget_slots,
            budget_slots,
        }
    }

    /// Lets the table grow to `bytes`, within its budget. Below that, a
    /// full table replaces entries as at its budget. It never shrinks: a
    /// smaller figure than it takes changes nothing.
    pub(super) fn allow(&mut self, bytes: usize) {
        let slots = slots_within(self.stride, bytes).min(self.budget_slots);
        self.max_slots = slots.max(self.hashes.len());
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
        let hash = hash & !WEIGHT_BITS;
        let mask = self.hashes.len() - 1;
        let mut slot = home(hash, mask);
        loop {
            match self.hashes[slot] {
                0 => return None,
                h if h & !WEIGHT_BITS == hash && self.matches(slot, set, tag) => {
                    return Some(self.values[slot]);
                }
                _ => slot = (slot + 1) & mask,
            }
        }
    }

    /// Starts bringing the hash of the slot where a state with this hash
    /// would be into the cache, so that a [`Memo::get`] soon after does not
    /// wait for memory: the table is far larger than the cache, and a
    /// search that asks for several states' slots at once waits for them
    /// together. Nearly every lookup ends at the hashes (hits are a few in
    /// a hundred), so the key and value are left where they are.
    pub(super) fn prefetch_lookup(&self, hash: u64) {
        if let Some(slot) = self.home_slot(hash) {
            crate::memory::prefetch(&self.hashes[slot]);
        }
    }

    /// Starts bringing the whole slot where a state with this hash would
    /// go into the cache, for a [`Memo::insert`] soon after.
    pub(super) fn prefetch_insert(&self, hash: u64) {
        if let Some(slot) = self.home_slot(hash) {
            crate::memory::prefetch(&self.hashes[slot]);
            crate::memory::prefetch(&self.keys[slot * self.stride]);
            crate::memory::prefetch(&self.values[slot]);
        }
    }

    fn home_slot(&self, hash: u64) -> Option<usize> {
        (!self.hashes.is_empty()).then(|| home(hash, self.hashes.len() - 1))
    }

    /// Remembers a value for the state, which took `weight` (the log of the
    /// search nodes, 1 and up) to find. A table at its budget keeps it only
    /// in place of a lighter entry.
    pub(super) fn insert(&mut self, hash: u64, set: &[u64], tag: u64, value: u64, weight: u8) {
        let weight = u64::from(weight.max(1));
        let hash = hash & !WEIGHT_BITS;
        let slot = if self.make_room() {
            let mask = self.hashes.len() - 1;
            let mut slot = home(hash, mask);
            loop {
                match self.hashes[slot] {
                    0 => break,
                    h if h & !WEIGHT_BITS == hash && self.matches(slot, set, tag) => {
                        self.values[slot] = value;
                        return;
                    }
                    _ => slot = (slot + 1) & mask,
                }
            }
            self.len += 1;
            slot
        } else {
            if self.hashes.is_empty() {
                return;
            }
            let mask = self.hashes.len() - 1;
            let home = home(hash, mask);
            // Free slots end the runs that lookups scan, so they stay free;
            // and a slot past one would not be found from this home.
            let Some(lightest) = (0..REPLACE_PROBES)
                .map(|i| (home + i) & mask)
                .take_while(|&slot| self.hashes[slot] != 0)
                .min_by_key(|&slot| self.hashes[slot] & WEIGHT_BITS)
            else {
                return;
            };
            if self.hashes[lightest] & WEIGHT_BITS >= weight {
                return;
            }
            lightest
        };
        let hash = hash | weight;
        self.hashes[slot] = hash;
        let key = &mut self.keys[slot * self.stride..(slot + 1) * self.stride];
        key[..self.stride - 1].copy_from_slice(set);
        key[self.stride - 1] = tag;
        self.values[slot] = value;
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
        memo.insert(42 << 8, &[1, 2], 7, 100, 1);
        memo.insert(42 << 8, &[1, 3], 7, 200, 1);
        memo.insert(42 << 8, &[1, 2], 8, 300, 1);
        assert_eq!(memo.get(42 << 8, &[1, 2], 7), Some(100));
        assert_eq!(memo.get(42 << 8, &[1, 3], 7), Some(200));
        assert_eq!(memo.get(42 << 8, &[1, 2], 8), Some(300));
        assert_eq!(memo.get(44 << 8, &[1, 2], 7), None);
        for i in 0..10_000u64 {
            memo.insert(spread(i), &[i, 0], 0, i, 1);
        }
        assert_eq!(memo.get(spread(5), &[5, 0], 0), Some(5));
    }

    fn spread(i: u64) -> u64 {
        i.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    #[test]
    fn at_its_budget_keeps_the_heaviest_entries() {
        let mut memo = Memo::new(1, 96 * 32);
        for i in 0..1000u64 {
            memo.insert(spread(i), &[i], 0, i, 1);
        }
        assert!(memo.hashes.len() <= 64);
        assert!(memo.len <= 48);
        let kept = |memo: &Memo, range: std::ops::Range<u64>, value: fn(u64) -> u64| {
            range
                .filter(|&i| memo.get(spread(i), &[i], 0) == Some(value(i)))
                .count()
        };
        // Entries as light as those there are turned away.
        assert_eq!(kept(&memo, 0..48, |i| i), 48);
        assert_eq!(kept(&memo, 48..1000, |i| i), 0);
        // Heavier ones take the place of light ones, never of a heavier one,
        // and the table stays as full as it was, so lookups still end.
        for i in 1000..2000u64 {
            memo.insert(spread(i), &[i], 0, i * 2, 9);
        }
        let heavy = kept(&memo, 1000..2000, |i| i * 2);
        assert!(heavy >= 24, "{heavy} heavy entries kept");
        for i in 2000..3000u64 {
            memo.insert(spread(i), &[i], 0, i, 5);
        }
        assert_eq!(kept(&memo, 1000..2000, |i| i * 2), heavy);
        assert_eq!(memo.hashes.iter().filter(|&&h| h != 0).count(), memo.len);
        assert!(memo.len <= 48);
        assert_eq!(memo.get(spread(5000), &[5000], 0), None);
    }

    #[test]
    fn grows_only_as_far_as_it_is_allowed_and_its_budget_goes() {
        // Slots of 32 bytes: 64 within the budget (with the 32 it grows
        // from), 32 allowed at first.
        let mut memo = Memo::new(1, 96 * 32);
        memo.allow(32 * 32);
        for i in 0..1000u64 {
            memo.insert(spread(i), &[i], 0, i, 1);
        }
        assert_eq!(memo.hashes.len(), 32);
        assert!(memo.len <= 24);
        // A smaller allowance does not shrink it, a larger one stops at
        // the budget.
        memo.allow(0);
        memo.insert(spread(1000), &[1000], 0, 1000, 1);
        assert_eq!(memo.hashes.len(), 32);
        memo.allow(1 << 20);
        for i in 1000..2000u64 {
            memo.insert(spread(i), &[i], 0, i, 1);
        }
        assert_eq!(memo.hashes.len(), 64);
        assert!(memo.len <= 48);
        assert!((0..24).all(|i| memo.get(spread(i), &[i], 0) == Some(i)));
    }
}
