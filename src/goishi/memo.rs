//! A bounded hash table from search states to solution counts, shared by
//! the threads of one search.
//!
//! A state is the set of stones still on the board (a bitset of any width)
//! plus a small tag (current stone and arrival direction). Keys live in one
//! flat array with a fixed stride, so there is no allocation per entry
//! and puzzles with hundreds or thousands of stones work the same way as
//! small ones. The caller supplies the hash (kept up to date incrementally by
//! the search), and the table never grows past a byte budget. Once full, a
//! new entry takes the place of the lightest of the few it would probe, if
//! that one is lighter: an entry's weight is the log of the search nodes
//! its value took, so what stays is what would cost most to find again.
//! (Counting 60 stones on 20 x 20, keeping the costly entries instead of
//! the first ones halved the nodes searched.)
//!
//! **One table for all the workers.** Deep in a count, the same states turn
//! up below different starting stones, so workers with a table each search
//! them again each, and each has only its share of the memory. The
//! workers therefore share one table: every slot is a tiny sequence lock.
//! A writer claims a slot by swapping its hash word for [`LOCKED`],
//! writes the key and value, and stores the new hash last; a reader checks
//! that the hash word is unchanged after reading the key and value, and
//! counts a slot being written as a miss. A cache may lose an entry, never
//! give a wrong one. The table grows by doubling into a new one, built by
//! one worker while the others go on with the old one, which each drops
//! when it next looks (every few thousand nodes).

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering, fence};
use std::sync::{Arc, Mutex, PoisonError, RwLock};

/// The memory the table may take before the search has done much.
/// Tables grow by doubling, and the system clears every page a table
/// takes: a small count started with 512 MB at once spent a third of its
/// time in the system clearing pages it never used.
const BYTES_AT_START: usize = 16 << 20;

/// Bytes of table each node searched pays for: a search of 64 million
/// nodes, about five seconds, may take 512 MB. (Twice that gained nothing
/// on a count of 13.3 million solutions and took twice the memory; half of
/// it was slower.)
const BYTES_PER_NODE: u64 = 8;

/// The bits of a slot's hash word that hold the entry's weight.
const WEIGHT_BITS: u64 = 0xFF;

/// The bits of a slot's hash word that count the writes to the slot, so
/// that a reader tells a slot rewritten while it read from one left alone,
/// even when the new entry's hash and weight are those of the old one
/// (only sixteen rewrites within one read, a few nanoseconds, would go
/// unseen).
const VERSION_BITS: u64 = 0xF00;

/// The bits of a slot's hash word that hold the key's hash.
const HASH_BITS: u64 = !(WEIGHT_BITS | VERSION_BITS);

/// The hash word of a slot being written: no entry's, whose weight is
/// below 255 (see [`Table::insert`]).
const LOCKED: u64 = WEIGHT_BITS;

/// The hash word of a slot whose word was `seen`, rewritten with an entry
/// of this hash and weight.
fn rewritten(seen: u64, hash: u64, weight: u64) -> u64 {
    let version = (seen & VERSION_BITS).wrapping_add(1 << VERSION_BITS.trailing_zeros());
    let version = version & VERSION_BITS;
    hash & HASH_BITS | version | weight
}

/// Slots from its home among which a full table replaces the lightest.
const REPLACE_PROBES: usize = 8;

/// The most slots a lookup or an insertion looks at. The table is kept at
/// most three quarters full, so runs are far shorter; but the workers' tally
/// of entries lags behind, and a table filled past it must still answer.
const MAX_PROBES: usize = 256;

/// Slots of the first table (512 KB with one-word keys). Tables grow only
/// when a worker catches up, every few thousand nodes, which fill a few
/// thousand slots.
const INITIAL_SLOTS: usize = 1 << 14;

/// The slot a hash is looked for first, from its bits kept in the hash word.
fn home(hash: u64, mask: usize) -> usize {
    (hash >> HASH_BITS.trailing_zeros()) as usize & mask
}

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

/// `len` zeroed words: the system hands out zeroed pages as they are first
/// touched, so a big table costs nothing until it is used.
fn zeroed_words(len: usize) -> Box<[AtomicU64]> {
    const { assert!(align_of::<AtomicU64>() == align_of::<u64>()) };
    let words = vec![0u64; len].into_boxed_slice();
    // SAFETY: `AtomicU64` has the size and bit validity of `u64`, and
    // (checked above) its alignment, so the allocation holds `len` of them
    // and is freed with the same layout.
    unsafe { Box::from_raw(Box::into_raw(words) as *mut [AtomicU64]) }
}

/// One table of slots: per slot a hash word, a key of `stride` words and
/// a value.
struct Table {
    stride: usize,
    /// Per slot: the key's hash with its low bits replaced by the slot's
    /// version and the entry's weight (1 to 254); 0 marks a free slot,
    /// [`LOCKED`] one being written.
    hashes: Box<[AtomicU64]>,
    keys: Box<[AtomicU64]>,
    values: Box<[AtomicU64]>,
}

/// What [`Table::insert`] did.
#[derive(Debug, PartialEq, Eq)]
enum Inserted {
    /// The entry took a free slot.
    InFreeSlot,
    /// The entry took the place of another, or of an older value for the
    /// same state, or was turned away.
    Elsewhere,
}

impl Table {
    fn with_slots(stride: usize, slots: usize) -> Table {
        let mut hashes = zeroed_words(slots);
        // Every lookup reads the hash array and most stop there (a miss),
        // so huge pages pay there; the keys and values, read on a match and
        // written on an insert, gained nothing measurable from them while
        // their first writes cost more (a huge page is cleared whole).
        crate::memory::prefer_huge_pages(&mut hashes);
        Table {
            stride,
            hashes,
            keys: zeroed_words(slots * stride),
            values: zeroed_words(slots),
        }
    }

    /// Has the system give every page of the table memory of its own now
    /// (see [`crate::memory::populate_for_writing`]): done for the tables
    /// a count grows into, which the other workers would otherwise fault
    /// in page by page, each fault flushed from the other cores. Not for
    /// the first table: most searches (a solve, a hint) touch a few of its
    /// pages, and faulting them all in made "is it unique?" on 35 stones a
    /// third slower.
    fn populate(&mut self) {
        for words in [&mut self.hashes, &mut self.keys, &mut self.values] {
            crate::memory::populate_for_writing(words);
        }
    }

    fn slots(&self) -> usize {
        self.hashes.len()
    }

    /// The slots a hash is looked for in, in order.
    fn probes(&self, hash: u64, count: usize) -> impl Iterator<Item = usize> {
        let mask = self.slots().wrapping_sub(1);
        let home = home(hash, mask);
        (0..count.min(self.slots())).map(move |i| (home + i) & mask)
    }

    /// The value in `slot`, whose hash word was `seen`, if its key is
    /// `set` and `tag` and no writer changed the slot meanwhile.
    fn read(&self, slot: usize, seen: u64, set: &[u64], tag: u64) -> Option<u64> {
        let key = &self.keys[slot * self.stride..(slot + 1) * self.stride];
        let same = key[self.stride - 1].load(Ordering::Relaxed) == tag
            && key[..self.stride - 1]
                .iter()
                .zip(set)
                .all(|(word, &expected)| word.load(Ordering::Relaxed) == expected);
        if !same {
            return None;
        }
        self.settled_value(slot, seen)
    }

    /// The value in `slot`, whose hash word was `seen` before the key was
    /// read, if no writer changed the slot since.
    fn settled_value(&self, slot: usize, seen: u64) -> Option<u64> {
        let value = self.values[slot].load(Ordering::Relaxed);
        // Orders the reads before the second look at the hash word: a
        // writer claims the slot before it writes (see `write`).
        fence(Ordering::Acquire);
        (self.hashes[slot].load(Ordering::Relaxed) == seen).then_some(value)
    }

    fn get(&self, hash: u64, set: &[u64], tag: u64) -> Option<u64> {
        let hash = hash & HASH_BITS;
        for slot in self.probes(hash, MAX_PROBES) {
            match self.hashes[slot].load(Ordering::Acquire) {
                0 => return None,
                seen if seen & HASH_BITS == hash => {
                    if let Some(value) = self.read(slot, seen, set, tag) {
                        return Some(value);
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// Claims `slot` if its hash word is still `seen`: then no one else
    /// writes it until [`Table::write`] stores its new hash word.
    fn claim(&self, slot: usize, seen: u64) -> bool {
        let claimed = self.hashes[slot]
            .compare_exchange(seen, LOCKED, Ordering::Acquire, Ordering::Relaxed)
            .is_ok();
        // Keeps the writes that follow after the claim for a reader that
        // sees any of them (it looks at the hash word again after a fence).
        fence(Ordering::Release);
        claimed
    }

    /// Fills a claimed slot and releases it.
    fn write(&self, slot: usize, hash_word: u64, set: &[u64], tag: u64, value: u64) {
        let key = &self.keys[slot * self.stride..(slot + 1) * self.stride];
        for (word, &bits) in key[..self.stride - 1].iter().zip(set) {
            word.store(bits, Ordering::Relaxed);
        }
        key[self.stride - 1].store(tag, Ordering::Relaxed);
        self.values[slot].store(value, Ordering::Relaxed);
        self.hashes[slot].store(hash_word, Ordering::Release);
    }

    /// Stores a value for the state: in a free slot when `room`, else in
    /// place of the lightest of the first few slots it probes, if that is
    /// lighter. Free slots end the runs that lookups scan, so a table
    /// without room leaves them free; and a slot past one would not be
    /// found from this home.
    fn insert(
        &self,
        hash: u64,
        set: &[u64],
        tag: u64,
        value: u64,
        weight: u8,
        room: bool,
    ) -> Inserted {
        let weight = u64::from(weight.clamp(1, 254));
        let hash = hash & HASH_BITS;
        let mut lightest: Option<(usize, u64)> = None;
        let probes = if room { MAX_PROBES } else { REPLACE_PROBES };
        for slot in self.probes(hash, probes) {
            let seen = self.hashes[slot].load(Ordering::Acquire);
            if seen == 0 {
                if room && self.claim(slot, 0) {
                    self.write(slot, rewritten(0, hash, weight), set, tag, value);
                    return Inserted::InFreeSlot;
                }
                break;
            }
            if seen == LOCKED {
                continue;
            }
            if seen & HASH_BITS == hash && self.read(slot, seen, set, tag).is_some() {
                if self.claim(slot, seen) {
                    self.write(
                        slot,
                        rewritten(seen, hash, seen & WEIGHT_BITS),
                        set,
                        tag,
                        value,
                    );
                }
                return Inserted::Elsewhere;
            }
            if !room && lightest.is_none_or(|(_, light)| seen & WEIGHT_BITS < light & WEIGHT_BITS) {
                lightest = Some((slot, seen));
            }
        }
        if let Some((slot, seen)) = lightest
            && seen & WEIGHT_BITS < weight
            && self.claim(slot, seen)
        {
            self.write(slot, rewritten(seen, hash, weight), set, tag, value);
        }
        Inserted::Elsewhere
    }

    /// Copies every entry into `bigger`, which no one else uses yet;
    /// returns how many there were.
    fn copy_into(&self, bigger: &Table) -> usize {
        let mask = bigger.slots() - 1;
        let mut key = Vec::with_capacity(self.stride);
        let mut copied = 0;
        for slot in 0..self.slots() {
            let seen = self.hashes[slot].load(Ordering::Acquire);
            if seen == 0 || seen == LOCKED {
                continue;
            }
            key.clear();
            key.extend(
                self.keys[slot * self.stride..(slot + 1) * self.stride]
                    .iter()
                    .map(|word| word.load(Ordering::Relaxed)),
            );
            let Some(value) = self.settled_value(slot, seen) else {
                continue;
            };
            let mut target = home(seen, mask);
            while bigger.hashes[target].load(Ordering::Relaxed) != 0 {
                target = (target + 1) & mask;
            }
            let (set, tag) = key.split_at(self.stride - 1);
            bigger.write(target, seen, set, tag[0], value);
            copied += 1;
        }
        copied
    }
}

/// The table the workers of one search share, with what decides its size.
pub(super) struct Memo {
    /// Words per key: the bitset words plus one tag word.
    stride: usize,
    /// The table in use. Workers keep a handle to it (see [`MemoView`]).
    current: RwLock<Arc<Table>>,
    /// Entries in the current table, as far as the workers have told.
    len: AtomicUsize,
    /// Search nodes the workers have told of: what the table may grow with
    /// (see [`BYTES_PER_NODE`]).
    searched: AtomicU64,
    /// The most slots the table may ever take.
    budget_slots: usize,
    /// Held by the worker that builds a bigger table.
    growing: Mutex<()>,
}

impl Memo {
    /// A table for keys of `set_words` bitset words that never uses more
    /// than about `max_bytes`: the table it grows from is kept until its
    /// entries are in the new one, so the largest table takes at most two
    /// thirds of it.
    pub(super) fn new(set_words: usize, max_bytes: usize) -> Memo {
        let stride = set_words + 1;
        let budget_slots = slots_within(stride, max_bytes / 3 * 2);
        let first = Table::with_slots(stride, INITIAL_SLOTS.min(budget_slots));
        Memo {
            stride,
            current: RwLock::new(Arc::new(first)),
            len: AtomicUsize::new(0),
            searched: AtomicU64::new(0),
            budget_slots,
            growing: Mutex::new(()),
        }
    }

    /// A worker's way into the table.
    pub(super) fn view(&self) -> MemoView<'_> {
        MemoView {
            memo: self,
            table: self.current_table(),
            len_seen: self.len.load(Ordering::Relaxed),
            added: 0,
        }
    }

    fn current_table(&self) -> Arc<Table> {
        Arc::clone(&self.current.read().unwrap_or_else(PoisonError::into_inner))
    }

    /// The most slots the table may take now: as many as the nodes searched
    /// so far pay for, within the budget.
    fn allowed_slots(&self) -> usize {
        let paid = self
            .searched
            .load(Ordering::Relaxed)
            .saturating_mul(BYTES_PER_NODE);
        let bytes = usize::try_from(paid)
            .unwrap_or(usize::MAX)
            .max(BYTES_AT_START);
        slots_within(self.stride, bytes).min(self.budget_slots)
    }
}

/// One worker's handle on a [`Memo`]: the table it last saw, and what it
/// knows of how full that is. Lookups and insertions read nothing the
/// other workers write but the table's slots; the rest is brought up to
/// date every few thousand nodes (see [`MemoView::catch_up`]).
pub(super) struct MemoView<'m> {
    memo: &'m Memo,
    table: Arc<Table>,
    /// The memo's tally of entries when the worker last caught up.
    len_seen: usize,
    /// Entries this worker put in free slots of `table` since.
    added: usize,
}

impl MemoView<'_> {
    /// The value stored for the state, if any.
    pub(super) fn get(&self, hash: u64, set: &[u64], tag: u64) -> Option<u64> {
        self.table.get(hash, set, tag)
    }

    /// Starts bringing the hash of the slot where a state with this hash
    /// would be into the cache, so that a [`MemoView::get`] soon after does
    /// not wait for memory: the table is far larger than the cache, and a
    /// search that asks for several states' slots at once waits for them
    /// together. Nearly every lookup ends at the hashes (hits are a few in
    /// a hundred), so the key and value are left where they are.
    pub(super) fn prefetch_lookup(&self, hash: u64) {
        if let Some(slot) = self.table.probes(hash, 1).next() {
            crate::memory::prefetch(&self.table.hashes[slot]);
        }
    }

    /// Starts bringing the whole slot where a state with this hash would
    /// go into the cache, for a [`MemoView::insert`] soon after.
    pub(super) fn prefetch_insert(&self, hash: u64) {
        if let Some(slot) = self.table.probes(hash, 1).next() {
            crate::memory::prefetch(&self.table.hashes[slot]);
            crate::memory::prefetch(&self.table.keys[slot * self.table.stride]);
            crate::memory::prefetch(&self.table.values[slot]);
        }
    }

    /// Remembers a value for the state, which took `weight` (the log of the
    /// search nodes, 1 and up) to find. A table three quarters full, as far
    /// as this worker knows, keeps it only in place of a lighter entry.
    pub(super) fn insert(&mut self, hash: u64, set: &[u64], tag: u64, value: u64, weight: u8) {
        let room = (self.len_seen + self.added) * 4 < self.table.slots() * 3;
        if self.table.insert(hash, set, tag, value, weight, room) == Inserted::InFreeSlot {
            self.added += 1;
        }
    }

    /// Tells the memo of `nodes` more nodes searched and of the entries
    /// added, builds a table twice the size when the current one is half
    /// full and the nodes searched pay for it (unless another worker is at
    /// it), and takes up the newest table.
    pub(super) fn catch_up(&mut self, nodes: u64) {
        self.memo.searched.fetch_add(nodes, Ordering::Relaxed);
        let newest = self.memo.current_table();
        if Arc::ptr_eq(&newest, &self.table) {
            self.memo.len.fetch_add(self.added, Ordering::Relaxed);
        }
        // Entries put in a table since replaced are in the new one if the
        // copy saw them, and lost if not: either way not to be told of.
        self.added = 0;
        let len = self.memo.len.load(Ordering::Relaxed);
        let slots = newest.slots();
        if slots > 0
            && len * 2 >= slots
            && slots * 2 <= self.memo.allowed_slots()
            && let Ok(_building) = self.memo.growing.try_lock()
            && Arc::ptr_eq(&newest, &self.memo.current_table())
        {
            let mut bigger = Table::with_slots(self.memo.stride, slots * 2);
            bigger.populate();
            let copied = newest.copy_into(&bigger);
            let bigger = Arc::new(bigger);
            *self
                .memo
                .current
                .write()
                .unwrap_or_else(PoisonError::into_inner) = Arc::clone(&bigger);
            self.memo.len.store(copied, Ordering::Relaxed);
            self.table = bigger;
            self.len_seen = copied;
            return;
        }
        self.table = newest;
        self.len_seen = len;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spread(i: u64) -> u64 {
        i.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// A memo that may take `slots` slots of one-word keys (32 bytes each)
    /// at once, with the table it grows from.
    fn memo_of_slots(slots: usize) -> Memo {
        let memo = Memo::new(1, slots * 32 * 3 / 2);
        memo.searched.store(u64::MAX / 2, Ordering::Relaxed);
        memo
    }

    #[test]
    fn remembers_values_and_tells_equal_hashes_apart() {
        let memo = Memo::new(2, 1 << 20);
        let mut view = memo.view();
        view.insert(42 << 12, &[1, 2], 7, 100, 1);
        view.insert(42 << 12, &[1, 3], 7, 200, 1);
        view.insert(42 << 12, &[1, 2], 8, 300, 1);
        assert_eq!(view.get(42 << 12, &[1, 2], 7), Some(100));
        assert_eq!(view.get(42 << 12, &[1, 3], 7), Some(200));
        assert_eq!(view.get(42 << 12, &[1, 2], 8), Some(300));
        assert_eq!(view.get(44 << 12, &[1, 2], 7), None);
        for i in 0..10_000u64 {
            view.insert(spread(i), &[i, 0], 0, i, 1);
        }
        assert_eq!(view.get(spread(5), &[5, 0], 0), Some(5));
        // A second worker sees the same table.
        assert_eq!(memo.view().get(spread(9_999), &[9_999, 0], 0), Some(9_999));
    }

    #[test]
    fn at_its_budget_keeps_the_heaviest_entries() {
        let memo = memo_of_slots(64);
        let mut view = memo.view();
        for i in 0..1000u64 {
            view.insert(spread(i), &[i], 0, i, 1);
        }
        view.catch_up(0);
        assert_eq!(view.table.slots(), 64);
        let entries = |view: &MemoView| {
            (0..view.table.slots())
                .filter(|&slot| view.table.hashes[slot].load(Ordering::Relaxed) != 0)
                .count()
        };
        assert_eq!(entries(&view), 48);
        let kept = |view: &MemoView, range: std::ops::Range<u64>, value: fn(u64) -> u64| {
            range
                .filter(|&i| view.get(spread(i), &[i], 0) == Some(value(i)))
                .count()
        };
        // Entries as light as those there are turned away.
        assert_eq!(kept(&view, 0..48, |i| i), 48);
        assert_eq!(kept(&view, 48..1000, |i| i), 0);
        // Heavier ones take the place of light ones, never of a heavier one,
        // and the table stays as full as it was, so lookups still end.
        for i in 1000..2000u64 {
            view.insert(spread(i), &[i], 0, i * 2, 9);
        }
        let heavy = kept(&view, 1000..2000, |i| i * 2);
        assert!(heavy >= 24, "{heavy} heavy entries kept");
        for i in 2000..3000u64 {
            view.insert(spread(i), &[i], 0, i, 5);
        }
        assert_eq!(kept(&view, 1000..2000, |i| i * 2), heavy);
        assert_eq!(entries(&view), 48);
        assert_eq!(view.get(spread(5000), &[5000], 0), None);
    }

    #[test]
    fn grows_only_as_far_as_the_nodes_searched_and_its_budget_go() {
        // Inserts `range` into the view's table, catching up as a worker
        // does every few thousand nodes.
        let fill = |view: &mut MemoView, range: std::ops::Range<u64>| {
            for i in range {
                view.insert(spread(i), &[i], 0, i, 1);
                if i % 4096 == 0 {
                    view.catch_up(0);
                }
            }
        };
        // 1 GB would hold millions of slots; 16 MB, before any node is
        // searched, holds 2^19.
        let memo = Memo::new(1, 1 << 30);
        let mut view = memo.view();
        assert_eq!(view.table.slots(), INITIAL_SLOTS);
        fill(&mut view, 0..600_000);
        assert_eq!(view.table.slots(), 1 << 19);
        // Nodes searched pay for more: 2^22 nodes, 32 MB, 2^20 slots.
        view.catch_up(1 << 22);
        fill(&mut view, 600_000..700_000);
        assert_eq!(view.table.slots(), 1 << 20);
        assert!((0..1000).all(|i| view.get(spread(i), &[i], 0) == Some(i)));
        // A second worker takes up the newest table when it catches up.
        let mut second = memo.view();
        second.catch_up(0);
        assert_eq!(second.get(spread(5), &[5], 0), Some(5));
        // The budget stops it whatever the nodes: 96 slots' worth allows 64.
        let small = memo_of_slots(64);
        let mut view = small.view();
        view.catch_up(1 << 40);
        fill(&mut view, 0..1000);
        assert_eq!(view.table.slots(), 64);
        // No budget, no table: nothing is kept, and nothing breaks.
        let none = Memo::new(1, 0);
        let mut view = none.view();
        fill(&mut view, 0..10);
        assert_eq!(view.table.slots(), 0);
        assert_eq!(view.get(spread(1), &[1], 0), None);
    }

    #[test]
    fn workers_sharing_the_table_never_read_a_wrong_value() {
        // Workers insert and look up overlapping keys in a table far too
        // small for them, so entries replace each other all the time: every
        // value found must be the one stored with its key (here a function
        // of the key), however the writes interleave.
        let memo = Memo::new(2, 64 * 40 * 3 / 2);
        memo.searched.store(u64::MAX / 2, Ordering::Relaxed);
        let found = AtomicU64::new(0);
        std::thread::scope(|scope| {
            for worker in 0..4u64 {
                let (memo, found) = (&memo, &found);
                scope.spawn(move || {
                    let mut view = memo.view();
                    for round in 0..1_000_000u64 {
                        let i = spread(round ^ worker << 40) % 300;
                        let key = [i, !i];
                        // Few hash bits, so that different keys share them.
                        let hash = (i % 7) << 12;
                        match view.get(hash, &key, i % 3) {
                            Some(value) => {
                                assert_eq!(value, i * 3 + i % 3, "key {i}");
                                found.fetch_add(1, Ordering::Relaxed);
                            }
                            None => {
                                view.insert(hash, &key, i % 3, i * 3 + i % 3, (round % 9) as u8)
                            }
                        }
                    }
                });
            }
        });
        let found = found.into_inner();
        assert!(found > 10_000, "{found} found");
    }
}
