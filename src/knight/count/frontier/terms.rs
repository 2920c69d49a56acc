//! What the sweep's parts share: what it counts, how wide a board it
//! takes, when a step is worth threads, and why it may give no number.

use super::super::super::{Square, TourKind};
use super::super::file_error::SweepFileError;
use super::super::progress::RanOut;

/// What kind of edge set the sweep counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::knight::count) enum Shape {
    /// Hamiltonian paths; only those with the given squares as ends (none,
    /// one, or both ends given).
    Path(Option<Square>, Option<Square>),
    /// Hamiltonian cycles.
    Cycle,
}

impl Shape {
    /// The edge sets that are tours of `kind`: open ones between the given
    /// ends (either or both may be free), or closed ones.
    pub(in crate::knight::count) fn of(
        kind: TourKind,
        start: Option<Square>,
        end: Option<Square>,
    ) -> Shape {
        match kind {
            TourKind::Open => Shape::Path(start, end),
            TourKind::Closed => Shape::Cycle,
        }
    }
}

/// Why the sweep gave no number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(in crate::knight::count) enum Unavailable {
    /// The board's shorter side, this wide, is wider than [`MAX_WIDTH`].
    TooWide { width: u32 },
    /// The states would take more than the memory budget.
    OverBudget { at: RanOut },
    /// The states would take more than the memory budget, and more than
    /// the scratch directory's `free` bytes on disk.
    OverBudgetAndDisk { free: u64, at: RanOut },
    /// Boards up to this long can be counted by [`count_lengths`].
    TooLong { longest: u32 },
    /// The control was cancelled.
    Cancelled,
    /// A file the sweep needs (the checkpoint file asked for, or a scratch
    /// file for states that do not fit in memory) could not be read or
    /// written, or holds another count.
    File(SweepFileError),
}

impl From<SweepFileError> for Unavailable {
    fn from(error: SweepFileError) -> Unavailable {
        Unavailable::File(error)
    }
}

/// Widest shorter side the 64-bit state keys support: `2w + 1` window
/// squares, the square at index `i` one of `4 + 2w - i` codes (see
/// [`KeyFormat`](super::keys::KeyFormat)); for 9-wide rows, or 8-wide rows swept inward (`2w + 2`
/// squares), their product would pass 2^64.
pub(in crate::knight::count) const MAX_WIDTH: usize = 8;

/// Below this many states a step runs on one thread: splitting costs more.
pub(super) const PARALLEL_THRESHOLD: usize = 20_000;
