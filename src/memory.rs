//! How much memory the engines that can grow may use.
//!
//! An engine whose tables grow with the problem (the frontier counter)
//! checks this budget before its tables outgrow it, and gives up with a
//! clear answer instead of being killed by the system. The budget is a
//! quarter of the machine's memory, at most half of the address space the
//! process may use (`ulimit -v`, `prlimit --as`), unless set explicitly
//! (the command line's `--memory`). What does not fit goes to a scratch
//! directory on disk, where an engine can work that way (the frontier
//! counter's layers of states). Both travel with the work as
//! [`Resources`](crate::job::Resources).

/// The least budget ever used, so that a tiny or unknown machine still
/// counts small boards.
const MIN_BUDGET: u64 = 64 << 20;

/// The budget unless one is chosen (the command line's `--memory`) for
/// work on `threads` threads: a quarter of the physical memory, at most
/// half of what the address-space limit leaves after the threads' own
/// costs (see [`THREAD_COST`]).
pub fn default_budget(threads: usize) -> u64 {
    let physical = physical_memory().map_or(1 << 30, |bytes| bytes / 4);
    let limit = address_space_limit().map_or(u64::MAX, |bytes| {
        bytes.saturating_sub(THREAD_COST.saturating_mul(threads as u64)) / 2
    });
    physical.min(limit).max(MIN_BUDGET)
}

/// What one worker thread takes of the address space before any table:
/// its stack (2 MiB) and the allocator's arena it may open (64 MiB on a
/// 64-bit system with glibc), which an address-space limit counts in full.
pub const THREAD_COST: u64 = 66 << 20;

/// `wanted` threads, or fewer where an address-space limit would not
/// leave three quarters of itself for tables after their costs.
pub fn threads_within_limits(wanted: usize) -> usize {
    match address_space_limit() {
        Some(limit) => wanted.min((limit / 4 / THREAD_COST) as usize).max(1),
        None => wanted.max(1),
    }
}

#[cfg(target_os = "linux")]
fn physical_memory() -> Option<u64> {
    // SAFETY: sysinfo only fills the struct it is given.
    unsafe {
        let mut info: libc::sysinfo = std::mem::zeroed();
        (libc::sysinfo(&mut info) == 0)
            .then(|| info.totalram.saturating_mul(u64::from(info.mem_unit)))
    }
}

#[cfg(target_os = "linux")]
fn address_space_limit() -> Option<u64> {
    // SAFETY: getrlimit only fills the struct it is given.
    unsafe {
        let mut limit: libc::rlimit = std::mem::zeroed();
        (libc::getrlimit(libc::RLIMIT_AS, &mut limit) == 0 && limit.rlim_cur != libc::RLIM_INFINITY)
            .then_some(limit.rlim_cur)
    }
}

#[cfg(not(target_os = "linux"))]
fn physical_memory() -> Option<u64> {
    None
}

#[cfg(not(target_os = "linux"))]
fn address_space_limit() -> Option<u64> {
    None
}

/// Asks the allocator to hand the memory freed back to the system, so that
/// a finished or cancelled job's tables (gigabytes, for a big count) stop
/// counting against the process that stays open.
pub fn give_back() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only releases memory the allocator holds free.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// The bytes free for this process in the file system of `directory`, if
/// the system says.
pub fn free_disk(directory: &std::path::Path) -> Option<u64> {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::ffi::OsStrExt;
        let path = std::ffi::CString::new(directory.as_os_str().as_bytes()).ok()?;
        // SAFETY: statvfs reads the NUL-terminated path and only fills the
        // struct it is given.
        // The fields' types differ between targets (32 bits on some).
        #[allow(clippy::useless_conversion)]
        unsafe {
            let mut stats: libc::statvfs = std::mem::zeroed();
            (libc::statvfs(path.as_ptr(), &mut stats) == 0)
                .then(|| u64::from(stats.f_bavail).saturating_mul(u64::from(stats.f_frsize)))
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = directory;
        None
    }
}

/// A size that is not one (see [`parse_size`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotASize {
    /// What was given.
    pub text: String,
}

impl std::fmt::Display for NotASize {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::tr!(
            "memory-not-a-size",
            text = self.text.escape_debug().to_string()
        ))
    }
}

impl std::error::Error for NotASize {}

/// Reads a size such as `4G`, `512M`, `1.5GiB` or `800000000` (bytes).
pub fn parse_size(text: &str) -> Result<u64, NotASize> {
    let trimmed = text.trim();
    let digits_end = trimmed
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(trimmed.len());
    let (number, unit) = trimmed.split_at(digits_end);
    let scale: u64 = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 1,
        "K" | "KB" | "KIB" => 1 << 10,
        "M" | "MB" | "MIB" => 1 << 20,
        "G" | "GB" | "GIB" => 1 << 30,
        "T" | "TB" | "TIB" => 1 << 40,
        _ => 0,
    };
    match number.parse::<f64>() {
        Ok(value) if scale > 0 && value.is_finite() && value > 0.0 => {
            Ok((value * scale as f64).min(u64::MAX as f64) as u64)
        }
        _ => Err(NotASize {
            text: text.to_owned(),
        }),
    }
}

/// Asks the system to back `table` with huge pages (2 MiB on x86_64) where
/// it can, before it is first written. A big table read at random misses
/// the processor's address cache (TLB) on nearly every read with 4 KiB
/// pages, and its first writes fault page by page; with huge pages it
/// needs a few hundred entries and faults 512 times less. Only a hint:
/// nothing changes where the system does not offer it.
pub(crate) fn prefer_huge_pages<T>(table: &mut [T]) {
    #[cfg(target_os = "linux")]
    advise(table, 2 << 20, libc::MADV_HUGEPAGE);
    #[cfg(not(target_os = "linux"))]
    let _ = table;
}

/// Asks the system to back every page of `table` with memory of its own
/// now, as if each were written, rather than at the first touch of each.
/// A fresh table's pages are first read by lookups, which map the shared
/// page of zeros, and then written by inserts, which fault again and must
/// flush the old mapping from every core running the process: with two
/// threads counting 45 stones, those flushes took a twentieth of the time.
/// Only a hint, as [`prefer_huge_pages`]: systems without it fault as
/// before.
pub(crate) fn populate_for_writing<T>(table: &mut [T]) {
    #[cfg(target_os = "linux")]
    advise(table, 4 << 10, libc::MADV_POPULATE_WRITE);
    #[cfg(not(target_os = "linux"))]
    let _ = table;
}

/// Gives the system `advice` on the whole pages of `page` bytes that lie
/// inside `table`. The advice given here (huge pages, pages faulted in)
/// changes how pages are backed, never their contents, and a system that
/// does not know it refuses it harmlessly, so the answer is not looked at.
#[cfg(target_os = "linux")]
fn advise<T>(table: &mut [T], page: usize, advice: libc::c_int) {
    let start = table.as_mut_ptr() as usize;
    let end = start + std::mem::size_of_val(table);
    let first = start.next_multiple_of(page);
    let last = end / page * page;
    if last > first {
        // SAFETY: the range lies inside `table`, which this borrow holds,
        // and the advice leaves its contents as they are.
        unsafe {
            libc::madvise(first as *mut libc::c_void, last - first, advice);
        }
    }
}

/// Starts bringing `value` into the processor's cache without waiting for
/// it: a table far larger than the cache, asked for several entries at
/// once, then waits for them together rather than one after another.
/// Only a hint; nothing on processors other than x86_64.
pub(crate) fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: every x86_64 processor has SSE, and a prefetch only
        // hints at memory (here a live reference) without reading it.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(value).cast::<i8>()) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}

/// The span [`Unshared`] rounds its blocks to and aligns them on: two cache
/// lines, as x86_64 processors fetch lines in pairs.
const UNSHARED_SPAN: usize = 128;

/// A slice of fixed length in a heap block that shares no cache line with
/// any other allocation. Each search thread keeps its state in such
/// blocks: in an ordinary `Vec` a thread's small buffer can share a cache
/// line with another thread's (the allocator hands a thread memory that
/// its parent freed), and then every write by one stalls the other: with
/// two threads counting 45 stones, one such pair of bitsets made a count
/// take nearly twice as long, in some runs and not others.
pub(crate) struct Unshared<T: Copy> {
    start: std::ptr::NonNull<T>,
    len: usize,
}

// SAFETY: an `Unshared` owns its values as a `Box<[T]>` would.
unsafe impl<T: Copy + Send> Send for Unshared<T> {}
// SAFETY: shared references give only shared access to the values.
unsafe impl<T: Copy + Sync> Sync for Unshared<T> {}

impl<T: Copy> Unshared<T> {
    /// `len` values, the `i`-th `value_at(i)`, in a block of their own
    /// (filled in place: no other buffer is made first).
    pub(crate) fn from_fn(len: usize, mut value_at: impl FnMut(usize) -> T) -> Self {
        const { assert!(std::mem::size_of::<T>() > 0 && std::mem::align_of::<T>() <= UNSHARED_SPAN) };
        let layout = Self::layout(len);
        // SAFETY: the layout's size is at least `UNSHARED_SPAN` bytes.
        let block = unsafe { std::alloc::alloc(layout) }.cast::<T>();
        let Some(start) = std::ptr::NonNull::new(block) else {
            std::alloc::handle_alloc_error(layout)
        };
        for i in 0..len {
            // SAFETY: the block holds `len` values of `T`, suitably aligned.
            unsafe { start.as_ptr().add(i).write(value_at(i)) };
        }
        Unshared { start, len }
    }

    /// A copy of `values` in a block of its own.
    pub(crate) fn from_slice(values: &[T]) -> Self {
        Unshared::from_fn(values.len(), |i| values[i])
    }

    fn layout(len: usize) -> std::alloc::Layout {
        let bytes = len
            .checked_mul(std::mem::size_of::<T>())
            .and_then(|bytes| bytes.max(1).checked_next_multiple_of(UNSHARED_SPAN))
            .expect("a buffer that fits in memory");
        std::alloc::Layout::from_size_align(bytes, UNSHARED_SPAN).expect("a valid layout")
    }
}

impl<T: Copy> std::ops::Deref for Unshared<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        // SAFETY: the block holds `len` initialised values and lives as
        // long as `self`.
        unsafe { std::slice::from_raw_parts(self.start.as_ptr(), self.len) }
    }
}

impl<T: Copy> std::ops::DerefMut for Unshared<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as in `deref`, and `&mut self` makes the access unique.
        unsafe { std::slice::from_raw_parts_mut(self.start.as_ptr(), self.len) }
    }
}

impl<T: Copy> Clone for Unshared<T> {
    fn clone(&self) -> Self {
        Unshared::from_slice(self)
    }
}

impl<T: Copy> Drop for Unshared<T> {
    fn drop(&mut self) {
        // SAFETY: the block was allocated in `from_slice` with this layout.
        unsafe { std::alloc::dealloc(self.start.as_ptr().cast::<u8>(), Self::layout(self.len)) }
    }
}

impl<T: Copy + std::fmt::Debug> std::fmt::Debug for Unshared<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// An empty stack with room for `depth` entries whose deep end, written at
/// nearly every step of a search, shares no cache line with another
/// allocation (see [`Unshared`]): its room runs a span past `depth`, and
/// its first entries, which may share a line with the allocation before
/// it, change only when the search is near its root.
pub(crate) fn stack_for<T>(depth: usize) -> Vec<T> {
    Vec::with_capacity(depth + UNSHARED_SPAN.div_ceil(std::mem::size_of::<T>().max(1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_with_binary_units() {
        assert_eq!(parse_size("4G"), Ok(4 << 30));
        assert_eq!(parse_size("512m"), Ok(512 << 20));
        assert_eq!(parse_size("1.5GiB"), Ok(3 << 29));
        assert_eq!(parse_size("800000000"), Ok(800_000_000));
        for bad in ["", "G", "-1G", "4X", "1e3"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn unshared_buffers_fill_whole_aligned_spans_and_keep_their_values() {
        for len in [0, 1, 15, 16, 17, 1000] {
            let values: Vec<u64> = (0..len as u64).collect();
            let mut copy = Unshared::from_slice(&values);
            assert_eq!(copy.as_ptr() as usize % UNSHARED_SPAN, 0);
            assert_eq!(*copy, *values);
            if let Some(first) = copy.first_mut() {
                *first = 7;
            }
            let cloned = copy.clone();
            assert_eq!(*cloned, *copy);
            assert_ne!(cloned.as_ptr(), copy.as_ptr());
        }
        assert_eq!(*Unshared::from_fn(5, |i| i * i), [0, 1, 4, 9, 16]);
        let bytes = Unshared::from_slice(&[1u8, 2, 3]);
        assert_eq!(format!("{bytes:?}"), "[1, 2, 3]");
        assert_eq!(Unshared::<u8>::layout(3).size(), UNSHARED_SPAN);
        assert_eq!(Unshared::<[u32; 4]>::layout(9).size(), 2 * UNSHARED_SPAN);
    }

    #[test]
    fn the_default_budget_is_within_the_machine() {
        let budget = default_budget(1);
        assert!(budget >= MIN_BUDGET);
        if let Some(physical) = physical_memory() {
            assert!(budget <= physical.max(MIN_BUDGET));
        }
    }
}
