//! The sweep's state tables: one layer of states (64-bit keys, each with
//! its number of partial tours), split by hash into parts that threads
//! build and read independently.
//!
//! A step reads the parts of one layer and writes the next. Each thread
//! expands the states of the parts it claims and stages the new states in
//! small buffers, one per part of the next layer; a full buffer is added to
//! its part's open-addressing table under that part's lock. Parts are kept
//! small (tens of thousands of states), so adding a buffer touches one
//! table that fits in the processor's cache, instead of scattering single
//! writes over gigabytes. Every table growth is first taken from the
//! memory [`Budget`]; a step that would go past it stops with nothing
//! allocated beyond it.
//!
//! Memory is what limits the boards a sweep can count (an 8-wide board's
//! layers hold hundreds of millions of states), so tables are kept full
//! (any capacity, not only powers of two; see [`Table`]), and a layer that
//! nothing will need again gives each part back as soon as it has been
//! read (see [`Claims`]).

use std::sync::Mutex;

use super::group::{Group, group_bits};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

/// A key no state has (keys use at most 63 bits): marks an empty slot.
const EMPTY: u64 = u64::MAX;

/// Bytes one table slot takes: the key and the count.
pub(super) const SLOT_BYTES: u64 = 16;

/// Bytes a state takes, on average, in the tables of a layer being built
/// (see [`Table`]).
pub(super) const BUILDING_BYTES: u64 = 26;

/// Slots a new table starts with.
const FIRST_CAPACITY: usize = 256;

/// States a part should hold at most, on average, for its table to stay in
/// a core's cache while a buffer is added.
const STATES_PER_PART: usize = 1 << 14;

/// The most parts a layer is split into.
const MAX_PARTS: usize = 1 << 13;

/// New states a thread stages for one part before adding them.
const STAGED_PER_PART: usize = 32;

/// The memory the sweep may take, shared by every thread.
pub(super) struct Budget {
    limit: u64,
    used: AtomicU64,
    exceeded: AtomicBool,
}

impl Budget {
    pub(super) fn new(limit: u64) -> Budget {
        Budget {
            limit,
            used: AtomicU64::new(0),
            exceeded: AtomicBool::new(false),
        }
    }

    /// Takes `bytes` from the budget, or marks it exceeded and returns false.
    pub(super) fn take(&self, bytes: u64) -> bool {
        let taken = self.take_if_there(bytes);
        if !taken {
            self.exceeded.store(true, Ordering::Relaxed);
        }
        taken
    }

    /// Takes `bytes` from the budget if it has them, without marking it
    /// exceeded when it has not: for memory that has another place to go.
    pub(super) fn take_if_there(&self, bytes: u64) -> bool {
        let before = self.used.fetch_add(bytes, Ordering::Relaxed);
        if before.saturating_add(bytes) > self.limit {
            self.used.fetch_sub(bytes, Ordering::Relaxed);
            return false;
        }
        true
    }

    /// The bytes not taken.
    pub(super) fn free(&self) -> u64 {
        self.limit.saturating_sub(self.used.load(Ordering::Relaxed))
    }

    pub(super) fn give_back(&self, bytes: u64) {
        self.used.fetch_sub(bytes, Ordering::Relaxed);
    }

    /// Whether at least half of the budget is free: then tables grow for
    /// speed, else for room (see [`Table`]).
    fn roomy(&self) -> bool {
        self.used.load(Ordering::Relaxed) < self.limit / 2
    }

    /// Whether some allocation was refused.
    pub(super) fn exceeded(&self) -> bool {
        self.exceeded.load(Ordering::Relaxed)
    }

    /// Forgets a refusal, for a step tried again another way once what
    /// the refused try took has been given back.
    pub(super) fn forget_refusal(&self) {
        self.exceeded.store(false, Ordering::Relaxed);
    }
}

/// Mixes a key's bits so that both its top bits (the part) and its low
/// bits (the slot, see [`slot_of`]) are spread evenly (the finaliser of
/// splitmix64).
pub(super) fn mix(key: u64) -> u64 {
    let mut z = key;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// How a sweep adds up its counts. Counts are only ever added (a state's
/// count is the sum of the counts of the states it comes from), so any of
/// these is carried through a whole sweep in the same 64 bits.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Tally {
    /// Exact counts that stop at `u64::MAX` instead of wrapping. That keeps
    /// every count the caller can report exact: each partial tour of a
    /// state that goes on to a complete tour is part of a different tour,
    /// so a capped count that reaches the end makes a total of at least
    /// 2^64, and a capped count that dies adds nothing.
    Capped,
    /// Counts modulo a prime below 2^63: sweeps modulo several primes give
    /// a count of any size by the Chinese remainder theorem.
    Modulo(u64),
    /// Counts as the bits of an `f64`: the size of a count beyond 64 bits,
    /// to within a tiny relative error, which says how many primes it needs.
    Magnitude,
}

impl Tally {
    /// The count of the one empty start.
    pub(super) fn one(self) -> u64 {
        match self {
            Tally::Magnitude => 1f64.to_bits(),
            Tally::Capped | Tally::Modulo(_) => 1,
        }
    }

    /// Whether `total` can be a sum of counts in this tally: below the
    /// prime, or a finite size.
    pub(super) fn holds(self, total: u64) -> bool {
        match self {
            Tally::Capped => true,
            Tally::Modulo(prime) => total < prime,
            Tally::Magnitude => {
                let size = f64::from_bits(total);
                size.is_finite() && size >= 0.0
            }
        }
    }

    /// Whether a state can have `count` partial tours: a state is carried
    /// only for a partial tour, so only a count modulo a prime can be 0.
    pub(super) fn holds_state_count(self, count: u64) -> bool {
        self.holds(count)
            && match self {
                Tally::Capped => count > 0,
                Tally::Modulo(_) => true,
                Tally::Magnitude => f64::from_bits(count) > 0.0,
            }
    }

    /// `a + b`; 0 is zero in every tally.
    pub(super) fn add(self, a: u64, b: u64) -> u64 {
        match self {
            Tally::Capped => a.saturating_add(b),
            // Both below the prime, which is below 2^63: no overflow.
            Tally::Modulo(prime) => {
                let sum = a + b;
                if sum >= prime { sum - prime } else { sum }
            }
            Tally::Magnitude => (f64::from_bits(a) + f64::from_bits(b)).to_bits(),
        }
    }
}

/// A state and its number of partial tours (added up as the sweep's
/// [`Tally`] says), together in 16 bytes so that finding a key brings its
/// count into the cache with it.
#[derive(Clone, Copy)]
pub(super) struct Entry {
    pub(super) key: u64,
    pub(super) count: u64,
}

impl Entry {
    const EMPTY: Entry = Entry {
        key: EMPTY,
        count: 0,
    };
}

/// One part of a finished layer: its states, densely.
pub(super) type Part = Vec<Entry>;

/// A whole layer of states.
#[derive(Default)]
pub(super) struct Layer {
    pub(super) parts: Vec<Part>,
}

impl Layer {
    /// The layer before the first step: the empty window, once.
    pub(super) fn start(budget: &Budget, tally: Tally) -> Layer {
        budget.take(SLOT_BYTES);
        Layer {
            parts: vec![vec![Entry {
                key: 0,
                count: tally.one(),
            }]],
        }
    }

    pub(super) fn len(&self) -> usize {
        self.parts.iter().map(Vec::len).sum()
    }

    /// Returns the layer's memory to the budget.
    pub(super) fn release(self, budget: &Budget) {
        budget.give_back(self.len() as u64 * SLOT_BYTES);
    }

    /// The layer's parts, to be handed out to a step's threads one at a
    /// time; with `free_as_read`, each part is freed (and its memory given
    /// back to `budget`) as soon as it has been read.
    pub(super) fn claims(self, free_as_read: bool, budget: &Budget) -> Claims<'_> {
        Claims {
            parts: self.parts.into_iter().map(Mutex::new).collect(),
            next: AtomicUsize::new(0),
            free_as_read,
            budget,
        }
    }
}

/// A layer's parts while a step's threads read them. A layer that will not
/// be needed again (no checkpoint may have to save it) is freed part by
/// part as the step goes: the next layer grows into that memory, so a step
/// needs little more than its larger layer instead of both whole.
pub(super) struct Claims<'b> {
    parts: Vec<Mutex<Part>>,
    next: AtomicUsize,
    free_as_read: bool,
    budget: &'b Budget,
}

impl Claims<'_> {
    /// Passes the next part no thread has claimed to `read`; false when
    /// every part has been claimed.
    pub(super) fn read_next(&self, read: impl FnOnce(&[Entry])) -> bool {
        let index = self.next.fetch_add(1, Ordering::Relaxed);
        let Some(part) = self.parts.get(index) else {
            return false;
        };
        let mut part = part.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if self.free_as_read {
            let taken = std::mem::take(&mut *part);
            drop(part);
            read(&taken);
            let bytes = taken.len() as u64 * SLOT_BYTES;
            drop(taken);
            self.budget.give_back(bytes);
        } else {
            read(&part);
        }
        true
    }

    /// The parts not freed: the whole layer unless it was freed as read.
    pub(super) fn into_layer(self) -> Layer {
        let parts = self.parts.into_iter().map(|part| {
            part.into_inner()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
        });
        Layer {
            parts: parts.filter(|part| !part.is_empty()).collect(),
        }
    }
}

/// The slot where a key with `hash` is first looked for in a table of
/// `capacity` slots: the hash's low 32 bits scaled to the capacity, so that
/// any capacity works (the top bits choose the part).
fn slot_of(hash: u64, capacity: usize) -> usize {
    (((hash & 0xFFFF_FFFF) * capacity as u64) >> 32) as usize
}

/// An open-addressing table of one part of the layer being built, with
/// linear probing. It holds at most three states in four slots and grows
/// by half, so it is on average over 60% full: about 26 bytes a state.
/// Once half the memory budget is taken, tables fill up to seven states in
/// eight slots and grow by a quarter (about 20 bytes a state), trading
/// longer probes for room.
struct Table {
    entries: Vec<Entry>,
    len: usize,
    /// Slots the table starts with when the budget is roomy (see
    /// [`Builder::for_group`]).
    first_capacity: usize,
}

impl Table {
    fn new(first_capacity: usize) -> Table {
        Table {
            entries: Vec::new(),
            len: 0,
            first_capacity,
        }
    }

    /// Adds `count` to `key`'s entry; false when the table had to grow and
    /// the budget refused.
    fn add(&mut self, key: u64, hash: u64, count: u64, tally: Tally, budget: &Budget) -> bool {
        let (filled, capacity) = (self.len + 1, self.entries.len());
        if filled * 4 > capacity * 3 {
            let roomy = budget.roomy();
            if (roomy || filled * 8 > capacity * 7) && !self.grow(budget, roomy) {
                return false;
            }
        }
        let capacity = self.entries.len();
        let mut slot = slot_of(hash, capacity);
        loop {
            let entry = &mut self.entries[slot];
            if entry.key == key {
                entry.count = tally.add(entry.count, count);
                return true;
            }
            if entry.key == EMPTY {
                *entry = Entry { key, count };
                self.len += 1;
                return true;
            }
            slot = next_slot(slot, capacity);
        }
    }

    /// Reads the first slot each of `staged`'s keys probes: these loads
    /// do not depend on each other, so their cache misses overlap, where
    /// the inserts that follow would meet them one after another.
    fn warm(&self, staged: &[Entry]) {
        let capacity = self.entries.len();
        if capacity == 0 {
            return;
        }
        let seen = staged.iter().fold(0u64, |seen, entry| {
            seen ^ self.entries[slot_of(mix(entry.key), capacity)].key
        });
        std::hint::black_box(seen);
    }

    /// Grows by half, or by a quarter when memory is short; an empty table
    /// starts at its first capacity, or at the smallest when memory is short.
    fn grow(&mut self, budget: &Budget, roomy: bool) -> bool {
        let capacity = match roomy {
            true => self.entries.len() * 3 / 2,
            false => self.entries.len() * 5 / 4,
        };
        let first = if roomy {
            self.first_capacity
        } else {
            FIRST_CAPACITY
        };
        let capacity = capacity.max(first);
        if !budget.take(capacity as u64 * SLOT_BYTES) {
            return false;
        }
        let old = std::mem::replace(&mut self.entries, vec![Entry::EMPTY; capacity]);
        for entry in old.iter().filter(|entry| entry.key != EMPTY) {
            let mut slot = slot_of(mix(entry.key), capacity);
            while self.entries[slot].key != EMPTY {
                slot = next_slot(slot, capacity);
            }
            self.entries[slot] = *entry;
        }
        budget.give_back(old.len() as u64 * SLOT_BYTES);
        true
    }

    /// The table's states, densely, with the memory it no longer needs
    /// given back.
    fn into_part(mut self, budget: &Budget) -> Part {
        let capacity = self.entries.len();
        self.entries.retain(|entry| entry.key != EMPTY);
        self.entries.shrink_to_fit();
        budget.give_back((capacity - self.entries.len()) as u64 * SLOT_BYTES);
        self.entries
    }
}

/// The slot after `slot`, wrapping around.
fn next_slot(slot: usize, capacity: usize) -> usize {
    if slot + 1 == capacity { 0 } else { slot + 1 }
}

/// The next layer while threads add states to it.
pub(super) struct Builder<'a> {
    tables: Vec<Mutex<Table>>,
    /// A key's part is its mixed hash shifted right by this much.
    part_shift: u32,
    /// The states this builder keeps (see [`Builder::for_group`]).
    group: Group,
    budget: &'a Budget,
    tally: Tally,
}

impl<'a> Builder<'a> {
    /// A builder sized for about `expected` states.
    pub(super) fn new(expected: usize, budget: &'a Budget, tally: Tally) -> Builder<'a> {
        let everything = Group::split_all(1).next().expect("one group");
        Builder::for_group(expected, budget, tally, everything)
    }

    /// A builder sized for about `expected` states that keeps only the
    /// states of `group` and drops the others: a step whose next layer
    /// does not fit in memory is run once per group (see `spill`). Groups
    /// split the states by hash bits that neither the part nor the slot
    /// depends on, so every group spreads over all its parts.
    ///
    /// The sweep expects twice the states of the layer it reads. A builder
    /// that keeps every state (not one group of a step done through disk)
    /// starts its tables with room for half that, as many as the layer
    /// read: a table grown from a few hundred slots by half at a time has
    /// moved each of its states two or three times by then, which cost
    /// about 5% of a count's time; room for the whole expected states saves
    /// little more and takes a tenth more memory.
    pub(super) fn for_group(
        expected: usize,
        budget: &'a Budget,
        tally: Tally,
        group: Group,
    ) -> Builder<'a> {
        let parts = (expected / STATES_PER_PART)
            .next_power_of_two()
            .clamp(1, MAX_PARTS);
        let first_capacity = if group.is_everything() {
            (expected / 2 / parts * 4 / 3).max(FIRST_CAPACITY)
        } else {
            FIRST_CAPACITY
        };
        Builder {
            tables: (0..parts)
                .map(|_| Mutex::new(Table::new(first_capacity)))
                .collect(),
            part_shift: 64 - parts.trailing_zeros(),
            group,
            budget,
            tally,
        }
    }

    fn part_of(&self, hash: u64) -> usize {
        // A shift by 64 (one part) is not allowed; checked_shr says 0 then.
        hash.checked_shr(self.part_shift).unwrap_or(0) as usize
    }

    /// Whether a state with `hash` is in this builder's group.
    fn keeps(&self, hash: u64) -> bool {
        // The parts take the hash's top bits, which the group's must not
        // overlap.
        const { assert!(MAX_PARTS <= 1 << 16) };
        self.group.holds(group_bits(hash))
    }

    /// A thread's staging buffers for this builder: buffers by group of
    /// parts when the parts are many, and chunks when the budget has room
    /// for one per part (see [`Stager`]). Either way, a budget without the
    /// room does without them: states can always go straight to the tables.
    pub(super) fn stager(&self) -> Stager<'_, 'a> {
        let parts = self.tables.len();
        let groups = parts / PARTS_PER_GROUP;
        let grouping =
            parts >= GROUPING_MIN_PARTS && self.budget.take_if_there(groups as u64 * GROUP_BYTES);
        let groups = if grouping { groups } else { 0 };
        let chunks_bytes = parts as u64 * CHUNK_BYTES;
        let buffering = self.budget.roomy() && self.budget.take_if_there(chunks_bytes);
        let (capacity, bytes) = if buffering {
            (CHUNK, CHUNK_BYTES)
        } else {
            (STAGED_PER_PART, 0)
        };
        Stager {
            builder: self,
            grouped: (0..groups)
                .map(|_| Vec::with_capacity(GROUPED_PER_GROUP))
                .collect(),
            staged: (0..self.tables.len())
                .map(|_| Staged {
                    full: Vec::new(),
                    filling: Vec::with_capacity(capacity),
                    bytes,
                })
                .collect(),
            buffering,
        }
    }

    /// Drops the states built so far, giving their memory back: for a step
    /// stopped part-way. The stagers must have been flushed.
    pub(super) fn abandon(self) {
        for table in self.tables {
            let table = table
                .into_inner()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            self.budget
                .give_back(table.entries.len() as u64 * SLOT_BYTES);
        }
    }

    /// The finished layer (whole only if the budget was never exceeded:
    /// the caller asks [`Budget::exceeded`] first), its tables packed
    /// into dense parts on `threads` threads.
    pub(super) fn finish(self, threads: usize) -> Layer {
        let next = AtomicUsize::new(0);
        let packed = crate::job::on_threads(threads, |_| {
            let mut parts = Vec::new();
            while let Some(table) = self.tables.get(next.fetch_add(1, Ordering::Relaxed)) {
                let mut table = table
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                let part = std::mem::replace(&mut *table, Table::new(FIRST_CAPACITY))
                    .into_part(self.budget);
                if !part.is_empty() {
                    parts.push(part);
                }
            }
            parts
        });
        Layer {
            parts: packed.into_iter().flatten().collect(),
        }
    }
}

/// A thread's new states of one part, not yet in the part's table.
struct Staged {
    /// Chunks of [`CHUNK`] states, full.
    full: Vec<Vec<Entry>>,
    /// The chunk being filled: [`CHUNK`] states while buffering,
    /// [`STAGED_PER_PART`] after.
    filling: Vec<Entry>,
    /// Bytes of these chunks taken from the budget.
    bytes: u64,
}

/// One thread's new states, staged per part.
///
/// While the budget has room to spare, a step's new states are kept in
/// chunks until the thread has expanded its share of the layer, and only
/// then added to the part tables, one part at a time: the table is then
/// built in the cache. Added as they come, nearly every state would miss
/// the cache (the tables together are far larger than it), and a step
/// would spend a third of its time waiting for memory. States are only
/// about twice as many as the distinct ones they add up to, so the chunks
/// take about as much memory as the tables would. Once memory is short,
/// the chunks go into the tables, and from then on every
/// [`STAGED_PER_PART`] states of a part do.
pub(super) struct Stager<'b, 'a> {
    builder: &'b Builder<'a>,
    /// New states by group of [`PARTS_PER_GROUP`] parts, before they are
    /// staged in their parts (see [`Stager::add`]); none when the parts
    /// are few.
    grouped: Vec<Vec<Entry>>,
    staged: Vec<Staged>,
    buffering: bool,
}

/// Where a step puts the states it makes: the next layer's tables
/// (through a [`Stager`]), or scratch files (see `spill::Bucketer`).
pub(super) trait Sink {
    /// Takes `count` more partial tours for `key`.
    fn add(&mut self, key: u64, count: u64);
}

impl Sink for Stager<'_, '_> {
    fn add(&mut self, key: u64, count: u64) {
        Stager::add(self, key, count);
    }
}

/// Parts whose new states [`Stager::add`] buffers together.
const PARTS_PER_GROUP: usize = 128;

/// The fewest parts for which [`Stager::add`] buffers by group.
const GROUPING_MIN_PARTS: usize = 2048;

/// States a group's buffer holds before they are staged in their parts.
const GROUPED_PER_GROUP: usize = 1024;

/// Bytes of a group's buffer.
const GROUP_BYTES: u64 = GROUPED_PER_GROUP as u64 * SLOT_BYTES;

/// States in a chunk while buffering.
const CHUNK: usize = 512;

/// Bytes of a chunk.
const CHUNK_BYTES: u64 = CHUNK as u64 * SLOT_BYTES;

impl Stager<'_, '_> {
    /// Stages `count` more partial tours for `key`.
    ///
    /// Among thousands of parts, a state staged at once in its part misses
    /// the cache twice, for the part's bookkeeping and for the end of its
    /// chunk: at the peak of open 7x7 (8,192 parts), a quarter of the
    /// time went there. So states first go to their group's buffer, and a
    /// full buffer is shared out among the group's parts in one go, while
    /// their bookkeeping is in the cache (open 7x7: about 6% faster, and
    /// less memory). With a few hundred parts, as on open 6x8, the detour
    /// costs more than it saves and is not taken.
    pub(super) fn add(&mut self, key: u64, count: u64) {
        let hash = mix(key);
        if !self.builder.keeps(hash) {
            return;
        }
        let part = self.builder.part_of(hash);
        let entry = Entry { key, count };
        let group = part / PARTS_PER_GROUP;
        let Some(grouped) = self.grouped.get_mut(group) else {
            self.stage(part, entry);
            return;
        };
        grouped.push(entry);
        if grouped.len() == GROUPED_PER_GROUP {
            self.share_out(group);
        }
    }

    /// Stages the states buffered for a group in their parts.
    fn share_out(&mut self, group: usize) {
        let mut grouped = std::mem::take(&mut self.grouped[group]);
        for &entry in &grouped {
            self.stage(self.builder.part_of(mix(entry.key)), entry);
        }
        grouped.clear();
        self.grouped[group] = grouped;
    }

    /// Stages a state in its part: in a chunk while buffering, else added
    /// to the part's table with the few before it.
    fn stage(&mut self, part: usize, entry: Entry) {
        let staged = &mut self.staged[part];
        staged.filling.push(entry);
        if staged.filling.len() < staged.filling.capacity() {
            return;
        }
        if !self.buffering {
            self.flush(part);
        } else if self.builder.budget.roomy() && self.builder.budget.take(CHUNK_BYTES) {
            let full = std::mem::replace(&mut staged.filling, Vec::with_capacity(CHUNK));
            staged.full.push(full);
            staged.bytes += CHUNK_BYTES;
        } else {
            self.buffering = false;
            self.flush_every_part(0);
        }
    }

    /// Adds the part's staged states to its table (stopping if the budget
    /// refuses the table room), giving each chunk's memory back as soon as
    /// it is in; only once buffering is over.
    fn flush(&mut self, part: usize) {
        let builder = self.builder;
        let staged = &mut self.staged[part];
        let filling = std::mem::replace(&mut staged.filling, Vec::with_capacity(STAGED_PER_PART));
        let chunks = std::mem::take(&mut staged.full);
        // The chunk being filled is the last to go in and the last of the
        // bytes to be given back.
        let mut bytes = std::mem::take(&mut staged.bytes);
        let mut table = builder.tables[part]
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        for chunk in chunks.into_iter().chain([filling]) {
            table.warm(&chunk);
            for &Entry { key, count } in &chunk {
                if !table.add(key, mix(key), count, builder.tally, builder.budget) {
                    builder.budget.give_back(bytes);
                    return;
                }
            }
            drop(chunk);
            let chunk_bytes = bytes.min(CHUNK_BYTES);
            builder.budget.give_back(chunk_bytes);
            bytes -= chunk_bytes;
        }
    }

    /// Adds whatever is still staged. Thread `thread` of `threads` begins
    /// at its own share of the parts, so that threads seldom wait for the
    /// same table.
    pub(super) fn flush_all(mut self, thread: usize, threads: usize) {
        for group in 0..self.grouped.len() {
            self.share_out(group);
        }
        let groups = std::mem::take(&mut self.grouped).len() as u64;
        self.builder.budget.give_back(groups * GROUP_BYTES);
        self.buffering = false;
        self.flush_every_part(thread * self.staged.len() / threads.max(1));
    }

    /// Adds every part's staged states, beginning at part `first`, and
    /// gives back the chunks' memory (an empty part holds a chunk too).
    fn flush_every_part(&mut self, first: usize) {
        let parts = self.staged.len();
        for part in (first..parts).chain(0..first) {
            let staged = &self.staged[part];
            if !staged.filling.is_empty() || staged.bytes > 0 {
                self.flush(part);
            }
        }
    }
}

/// The memory a step takes: the states it reads, and the tables of those
/// it makes.
pub(super) fn step_bytes(read: f64, made: f64) -> f64 {
    read * SLOT_BYTES as f64 + made * BUILDING_BYTES as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A layer of `parts` parts of 100 states each, taken from `budget`.
    fn layer_of(parts: u64, budget: &Budget) -> Layer {
        assert!(budget.take(parts * 100 * SLOT_BYTES));
        Layer {
            parts: (0..parts)
                .map(|part| {
                    (0..100)
                        .map(|key| Entry {
                            key: part * 100 + key,
                            count: 1,
                        })
                        .collect()
                })
                .collect(),
        }
    }

    fn used(budget: &Budget) -> u64 {
        budget.used.load(Ordering::Relaxed)
    }

    #[test]
    fn a_layer_freed_as_read_gives_each_part_back_at_once() {
        let budget = Budget::new(1 << 20);
        let claims = layer_of(3, &budget).claims(true, &budget);
        let mut keys = 0;
        assert!(claims.read_next(|part| keys += part.len()));
        assert_eq!(used(&budget), 2 * 100 * SLOT_BYTES);
        while claims.read_next(|part| keys += part.len()) {}
        assert_eq!((keys, used(&budget)), (300, 0));
        assert_eq!(claims.into_layer().len(), 0);
    }

    #[test]
    fn a_layer_kept_is_whole_after_its_parts_are_read() {
        let budget = Budget::new(1 << 20);
        let claims = layer_of(3, &budget).claims(false, &budget);
        let mut keys = 0;
        while claims.read_next(|part| keys += part.len()) {}
        assert_eq!((keys, used(&budget)), (300, 300 * SLOT_BYTES));
        let layer = claims.into_layer();
        assert_eq!(layer.len(), 300);
        layer.release(&budget);
        assert_eq!(used(&budget), 0);
    }

    /// The capacities a table that starts at `first_capacity` goes through
    /// as keys 0, 1, .. `keys` - 1 are added to it within `budget`.
    fn capacities(keys: u64, budget: &Budget, first_capacity: usize) -> Vec<usize> {
        let mut table = Table::new(first_capacity);
        let mut seen = vec![0];
        for key in 0..keys {
            assert!(table.add(key, mix(key), 1, Tally::Capped, budget));
            if seen.last() != Some(&table.entries.len()) {
                seen.push(table.entries.len());
            }
        }
        seen
    }

    #[test]
    fn tables_grow_by_half_at_three_quarters_until_memory_is_short() {
        let roomy = Budget::new(1 << 20);
        assert_eq!(
            capacities(600, &roomy, FIRST_CAPACITY),
            [0, 256, 384, 576, 864]
        );
        // A table sized ahead starts at its size, then grows the same way.
        assert_eq!(capacities(1000, &roomy, 1000), [0, 1000, 1500]);
        // Past half the budget: up to seven in eight, then a quarter more,
        // from the smallest size whatever the table was sized for.
        let short = Budget::new(4096 * SLOT_BYTES);
        assert!(short.take(2048 * SLOT_BYTES));
        assert_eq!(capacities(224, &short, 1000), [0, 256]);
        assert_eq!(capacities(281, &short, FIRST_CAPACITY), [0, 256, 320, 400]);
    }

    /// Adds keys 0, 7919, .. (`keys` of them) three times each (counts 1,
    /// 2, 3) through one stager within `budget`; says whether the stager
    /// was still buffering at the end, and checks that the packed layer
    /// holds each key once with count 6 and that the budget holds it and
    /// nothing more.
    fn build_three_rounds(keys: u64, expected: usize, budget: &Budget) -> bool {
        let builder = Builder::new(expected, budget, Tally::Capped);
        let mut stager = builder.stager();
        // Thousands of parts are staged by group, fewer part by part.
        let parts = builder.tables.len();
        assert_eq!(parts >= GROUPING_MIN_PARTS, !stager.grouped.is_empty());
        for round in 1..=3 {
            for key in 0..keys {
                stager.add(key * 7919, round);
            }
        }
        let buffering = stager.buffering;
        stager.flush_all(0, 1);
        assert!(!budget.exceeded());
        let layer = builder.finish(2);
        let mut entries: Vec<(u64, u64)> = layer
            .parts
            .iter()
            .flatten()
            .map(|entry| (entry.key, entry.count))
            .collect();
        entries.sort_unstable();
        let wanted: Vec<(u64, u64)> = (0..keys).map(|key| (key * 7919, 6)).collect();
        assert_eq!(entries, wanted);
        assert_eq!(used(budget), keys * SLOT_BYTES);
        buffering
    }

    #[test]
    fn a_builder_adds_up_each_key_once_and_packs_its_tables() {
        // Room to spare: every state waits in chunks until the end.
        assert!(build_three_rounds(10_000, 5_000, &Budget::new(1 << 24)));
        // 60,000 states staged would take more than half of 1 MiB: the
        // chunks go into the tables and the rest follows as it comes.
        assert!(!build_three_rounds(20_000, 5_000, &Budget::new(1 << 20)));
        // The same through groups of parts: 2,048 parts, whose chunks take
        // 16 MiB, and their tables 8 MiB at first; and, short of memory,
        // with no room for the chunks.
        let many_parts = GROUPING_MIN_PARTS * STATES_PER_PART;
        assert!(build_three_rounds(
            50_000,
            many_parts,
            &Budget::new(1 << 26)
        ));
        assert!(!build_three_rounds(
            50_000,
            many_parts,
            &Budget::new(1 << 24)
        ));
    }

    /// Adds each of `keys` once, with count 1, to `builder` through one
    /// stager.
    fn add_once(builder: &Builder, keys: impl IntoIterator<Item = u64>) {
        let mut stager = builder.stager();
        for key in keys {
            stager.add(key, 1);
        }
        stager.flush_all(0, 1);
    }

    #[test]
    fn groups_split_the_states_between_them_evenly() {
        let keys: Vec<u64> = (0..30_000).map(|key| key * 7919).collect();
        for groups in [2, 3, 5] {
            let budget = Budget::new(1 << 26);
            let mut seen = Vec::new();
            for group in Group::split_all(groups) {
                let builder = Builder::for_group(1 << 12, &budget, Tally::Capped, group);
                add_once(&builder, keys.iter().copied());
                let layer = builder.finish(1);
                let share = layer.len() as f64 / keys.len() as f64;
                assert!((share - 1.0 / groups as f64).abs() < 0.02, "{share}");
                seen.extend(layer.parts.iter().flatten().map(|entry| entry.key));
                layer.release(&budget);
            }
            seen.sort_unstable();
            assert_eq!(seen, keys, "each state in one group of {groups}");
            assert_eq!(used(&budget), 0);
        }
    }

    #[test]
    fn a_builder_abandoned_gives_its_tables_back() {
        let budget = Budget::new(1 << 20);
        let builder = Builder::new(1 << 12, &budget, Tally::Capped);
        add_once(&builder, 0..10_000);
        assert!(used(&budget) > 10_000 * SLOT_BYTES);
        builder.abandon();
        assert_eq!(used(&budget), 0);
    }

    #[test]
    fn parts_left_empty_give_their_chunks_back() {
        let budget = Budget::new(1 << 24);
        let builder = Builder::new(1 << 20, &budget, Tally::Capped);
        let mut stager = builder.stager();
        assert!(stager.buffering && builder.tables.len() > 1);
        stager.add(7, 1);
        stager.flush_all(0, 1);
        builder.finish(1).release(&budget);
        assert_eq!(used(&budget), 0);
    }
}
