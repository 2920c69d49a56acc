//! Counting and enumerating every tour of a board.
//!
//! Two different engines, because the two jobs have different costs:
//! - [`count`] never looks at individual tours. It runs a frontier sweep
//!   (see `frontier`) whose cost depends on the width of the board's shorter
//!   side, not on the number of tours: the 3,318,960 open tours of 6x6 take
//!   milliseconds. Boards too wide for the sweep fall back to a parallel
//!   depth-first walk.
//! - [`enumerate`] has to produce each tour, so it walks them depth-first
//!   (see `walk`) and streams them one at a time; memory stays flat however
//!   many there are.
//!
//! What is counted, precisely (n = number of open squares):
//! - open, from a start square `s`: directed tours beginning at `s`, that is
//!   Hamiltonian paths of the knight graph with `s` as one end;
//! - open, no start: undirected tours: each path once, not once per
//!   direction (so half the number of directed open tours from all squares);
//! - closed, from `s`: directed closed tours beginning at `s`: every closed
//!   tour passes through `s` and can be walked in two directions, so this is
//!   twice the number of undirected closed tours;
//! - closed, no start: undirected closed tours, each cycle once.
//!
//! A single open square is one open tour and no closed one; a closed tour
//! needs at least three squares (four, in fact: knight graphs are bipartite).

mod file_error;
mod frontier;
mod natural;
mod progress;
mod symmetry;
mod walk;

use std::ops::ControlFlow;

use super::{Board, Square, TourKind};
use crate::job::{Control, Outcome};
pub use file_error::{Damage, SweepFileError};
use frontier::{Shape, Unavailable};
use natural::Natural;
pub use progress::{
    DoneBy, LayerFileWork, MeasuredStep, NoSweep, Phase, RanOut, SweepPass, SweepPeak,
};
use walk::{Graph, Pacer, Walk};

/// How many tours were counted, and what kind of count it was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Count {
    /// The number of tours (`u64::MAX` if the true number is even larger:
    /// see [`Count::digits`]).
    pub tours: u64,
    /// A number of tours that 64 bits cannot hold, in decimal; None when
    /// it fits.
    pub beyond_64_bits: Option<String>,
    /// What was counted, e.g. "directed open tours from a1" or "undirected
    /// closed tours (each cycle once)", so a number is never shown without
    /// its meaning.
    pub description: String,
    /// Why there are none, when the theory says so without counting.
    pub because: Option<super::NoTour>,
}

impl Count {
    /// The number in decimal, however large.
    pub fn digits(&self) -> String {
        self.beyond_64_bits
            .clone()
            .unwrap_or_else(|| self.tours.to_string())
    }
}

/// How long a count may go on walking when the frontier sweep does not fit
/// in the memory budget.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Patience {
    /// However long it takes: whoever asked sees the time left and can
    /// cancel (the window).
    Unlimited,
    /// Refuse, before it starts, a walk expected to take longer than this
    /// many seconds (the command line, unless told `--force`).
    Seconds(f64),
}

/// A count refused before it started because its walk would take far too
/// long.
#[derive(Debug, Clone, PartialEq)]
pub struct TooLong {
    /// Why the frontier sweep could not count the board.
    pub why: NoSweep,
    /// Knuth's estimate of the nodes the walk would visit (infinite where
    /// it is beyond the floating-point numbers).
    pub estimated_nodes: f64,
    /// The threads the walk would have run on.
    pub threads: usize,
    /// The time that would take at [`WALK_NODES_PER_THREAD_SECOND`] on
    /// each of `threads`.
    pub estimated_seconds: f64,
}

impl std::fmt::Display for TooLong {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sweep = self.why.to_string();
        f.write_str(&if self.estimated_nodes.is_finite() {
            crate::tr!(
                "walk-too-long",
                sweep = sweep,
                nodes = crate::english::rough_size(self.estimated_nodes),
                time = crate::i18n::duration_words(self.estimated_seconds),
                rate = WALK_NODES_PER_THREAD_SECOND / 1_000_000,
                threads = self.threads
            )
        } else {
            crate::tr!("walk-never-ends", sweep = sweep)
        })
    }
}

/// Why a count gave no number, when it was not cancelled.
#[derive(Debug, Clone, PartialEq)]
pub enum NotCounted {
    /// Refused before it started: the sweep could not count the board,
    /// and the walk would take far too long.
    TooLong(TooLong),
    /// The sweep could not count the boards, and there is no other way
    /// (every length at once).
    NoSweep(NoSweep),
    /// A file the count needs (its checkpoint file, or a scratch file for
    /// states that do not fit in memory) could not be read or written, or
    /// holds another count.
    File(SweepFileError),
}

impl NotCounted {
    /// Whether a larger memory budget could let the count through.
    pub fn more_memory_helps(&self) -> bool {
        match self {
            NotCounted::TooLong(too_long) => too_long.why.more_memory_helps(),
            NotCounted::NoSweep(why) => why.more_memory_helps(),
            NotCounted::File(_) => false,
        }
    }
}

impl std::fmt::Display for NotCounted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotCounted::TooLong(too_long) => too_long.fmt(f),
            NotCounted::NoSweep(why) => why.fmt(f),
            NotCounted::File(error) => error.fmt(f),
        }
    }
}

/// A cautious figure for the walk's speed on one thread (a 2-core machine
/// of 2025 walks about 14 million nodes a second on each core), used to
/// tell a count that would take hours from one of minutes.
pub const WALK_NODES_PER_THREAD_SECOND: u64 = 10_000_000;

/// Counts the tours of `kind` on `board`: directed tours from `start`, or
/// undirected tours when `start` is None (see the module documentation for
/// the exact definitions). A start square that is off the board or blocked
/// has no tours. Reports progress to `control` and returns
/// [`Outcome::Cancelled`] soon after it is cancelled. When the sweep does
/// not fit in memory and the walk would try the caller's `patience`, the
/// count is refused with its estimate.
pub fn count(
    board: &Board,
    start: Option<Square>,
    kind: TourKind,
    patience: Patience,
    control: &Control,
) -> Outcome<Result<Count, NotCounted>> {
    let description = describe(board, start, kind);
    // The theory's reasons come at once, before any sweep.
    if let Some(reason) = super::why_no_tour(board, start, kind) {
        return none_because(description, reason);
    }
    counted(
        description,
        count_tours(board, start, None, kind, patience, control),
        control,
    )
}

/// No tours, for `reason`: nothing is counted.
fn none_because(description: String, reason: super::NoTour) -> Outcome<Result<Count, NotCounted>> {
    Outcome::Done(Ok(Count {
        because: Some(reason),
        ..described(description, Natural::from_u128(0))
    }))
}

/// Deletes the progress of a count saved in the checkpoint file at
/// `path`, once no count holds the file (one just stopped may still be
/// saving there); stops waiting when `control` is cancelled.
pub fn forget_saved_count(path: &std::path::Path, control: &Control) -> Result<(), SweepFileError> {
    frontier::forget(path, control)
}

/// Counts the open tours from `start` that end on `end`: directed, since
/// each such path is walked from `start`. Like [`count`] otherwise.
pub fn count_between(
    board: &Board,
    start: Square,
    end: Square,
    patience: Patience,
    control: &Control,
) -> Outcome<Result<Count, NotCounted>> {
    let description = crate::tr!(
        "count-to-end",
        what = describe(board, Some(start), TourKind::Open),
        end = end_name(board, end)
    );
    // The colours alone rule out half the pairs of every board, however big.
    if let Some(reason) = super::why_no_tour_between(board, start, end) {
        return none_because(description, reason);
    }
    let tours = count_tours(
        board,
        Some(start),
        Some(end),
        TourKind::Open,
        patience,
        control,
    );
    counted(description, tours, control)
}

/// Counts the undirected tours of `kind` on every board `width` squares
/// wide (at most 8) and 1 to `length` long, all in one frontier sweep of the
/// longest: the tours of its first `k` rows are those of the `width` x `k`
/// board. `on_board` gets each length with its count as soon as the sweep
/// has passed that board, shortest first, so a long count shows its shorter
/// answers on the way. Fails (after the answers that were reached) when the
/// sweep needs more memory than the budget, or at once when `width` is too
/// wide or `length` too long for it.
pub fn count_every_length(
    width: u32,
    length: u32,
    kind: TourKind,
    control: &Control,
    on_board: &mut dyn FnMut(u32, Count),
) -> Outcome<Result<(), NotCounted>> {
    let shape = Shape::of(kind, None, None);
    let description = undirected(kind);
    let mut report = |length: u32, tours: Natural| {
        // One square is an open tour by itself; the sweep needs two.
        let tours = match (width, length, kind) {
            (1, 1, TourKind::Open) => Natural::from_u128(1),
            _ => tours,
        };
        on_board(length, described(description.clone(), tours));
    };
    match frontier::count_lengths(width, length, shape, control, &mut report) {
        Ok(()) => Outcome::Done(Ok(())),
        Err(why) => match no_sweep(why, control) {
            Outcome::Done(Ok(why)) => Outcome::Done(Err(NotCounted::NoSweep(why))),
            Outcome::Done(Err(failed)) => Outcome::Done(Err(failed)),
            Outcome::Cancelled => Outcome::Cancelled,
        },
    }
}

/// What the sweep's failure means for whoever asked: why the sweep could
/// not count the board (another way may), or the end of the count.
fn no_sweep(why: Unavailable, control: &Control) -> Outcome<Result<NoSweep, NotCounted>> {
    Outcome::Done(Ok(match why {
        Unavailable::Cancelled => return Outcome::Cancelled,
        Unavailable::File(error) => {
            return Outcome::Done(Err(NotCounted::File(error)));
        }
        Unavailable::TooWide { width } => NoSweep::TooWide {
            width,
            widest: frontier::MAX_WIDTH as u32,
        },
        Unavailable::OverBudget { at } => NoSweep::OverBudget {
            budget: control.resources().memory_budget,
            at,
        },
        Unavailable::OverBudgetAndDisk { free, at } => NoSweep::OverBudgetAndDisk {
            budget: control.resources().memory_budget,
            free,
            at,
        },
        Unavailable::TooLong { longest } => NoSweep::TooLongForEveryLength { longest },
    }))
}

/// A square's name for a description, saying when it cannot end a tour.
fn end_name(board: &Board, end: Square) -> String {
    if !board.contains(end) {
        crate::tr!("square-off-board", x = end.x, y = end.y)
    } else if board.is_blocked(end) {
        crate::tr!("square-blocked", name = board.square_name(end))
    } else {
        board.square_name(end)
    }
}

/// A count's result, described, and added to the progress counter.
fn counted(
    description: String,
    tours: Outcome<Result<Natural, NotCounted>>,
    control: &Control,
) -> Outcome<Result<Count, NotCounted>> {
    let tours = match tours {
        Outcome::Done(Ok(tours)) => tours,
        Outcome::Done(Err(failed)) => return Outcome::Done(Err(failed)),
        Outcome::Cancelled => return Outcome::Cancelled,
    };
    let counted = described(description, tours);
    // The progress counter holds 64 bits: a larger count is left out of it
    // rather than shown as 2^64 - 1.
    if counted.beyond_64_bits.is_none() {
        control.add_found(counted.tours);
    }
    Outcome::Done(Ok(counted))
}

/// A count with what it counted.
fn described(description: String, tours: Natural) -> Count {
    match tours.to_u64() {
        Some(tours) => Count {
            tours,
            beyond_64_bits: None,
            description,
            because: None,
        },
        None => Count {
            tours: u64::MAX,
            beyond_64_bits: Some(tours.to_string()),
            description,
            because: None,
        },
    }
}

/// Streams every tour of `kind` on `board` to `on_tour`, one at a time, and
/// returns how many were streamed.
///
/// With `start`, every directed tour beginning at `start` (a closed tour
/// therefore appears twice, once per direction). Without, every undirected
/// tour once, in one orientation: an open tour is streamed from its end
/// that comes first in reading order (rows from the top, left to right), a
/// closed tour from the open square of fewest knight moves, in the direction
/// whose second square comes first in reading order. A closed tour's path
/// does not repeat its start at the end.
///
/// `on_tour` returns [`ControlFlow::Break`] to stop early (the count so far
/// is returned).
pub fn enumerate(
    board: &Board,
    start: Option<Square>,
    kind: TourKind,
    control: &Control,
    on_tour: &mut dyn FnMut(&[Square]) -> ControlFlow<()>,
) -> Outcome<u64> {
    let graph = Graph::new(board);
    let Some(plan) = Plan::new(&graph, board, start, kind) else {
        return Outcome::Done(0);
    };
    let mut pacer = Pacer::new(control);
    let mut streamed = 0u64;
    let mut squares = Vec::with_capacity(graph.len());
    let mut stream = |path: &[u32]| {
        if !plan.accepts(path) {
            return ControlFlow::Continue(());
        }
        streamed += 1;
        control.add_found(1);
        squares.clear();
        squares.extend(path.iter().map(|&id| graph.square(id)));
        on_tour(&squares)
    };
    for root in &plan.roots {
        let Some(mut walk) = Walk::along(&graph, root, plan.closed) else {
            continue;
        };
        match walk.complete(&mut pacer, &mut stream) {
            Outcome::Cancelled => return Outcome::Cancelled,
            Outcome::Done(ControlFlow::Break(())) => break,
            Outcome::Done(ControlFlow::Continue(())) => {}
        }
    }
    Outcome::Done(streamed)
}

/// The sentence that says what [`count`] counted.
pub(super) fn describe(board: &Board, start: Option<Square>, kind: TourKind) -> String {
    let closed = if kind == TourKind::Closed {
        "yes"
    } else {
        "no"
    };
    match (start, kind) {
        (Some(s), _) if !board.contains(s) => crate::tr!(
            "count-directed-odd-start",
            closed = closed,
            start = crate::tr!("square-off-board", x = s.x, y = s.y)
        ),
        (Some(s), _) if board.is_blocked(s) => crate::tr!(
            "count-directed-odd-start",
            closed = closed,
            start = crate::tr!("square-blocked", name = board.square_name(s))
        ),
        (Some(s), TourKind::Open) => {
            crate::tr!("count-directed-open", start = board.square_name(s))
        }
        (Some(s), TourKind::Closed) => {
            crate::tr!("count-directed-closed", start = board.square_name(s))
        }
        (None, _) => undirected(kind),
    }
}

/// What a count of the whole board's tours counted.
fn undirected(kind: TourKind) -> String {
    match kind {
        TourKind::Open => crate::tr!("count-undirected-open"),
        TourKind::Closed => crate::tr!("count-undirected-closed"),
    }
    .to_owned()
}

/// Up to this many open squares, open tours are counted by walking them
/// (with the board's symmetries, on every core); the walk beats the sweep
/// there, because either free end of an open tour can be anywhere and the
/// sweep's states multiply (6x6: about four times slower by the sweep).
const WALK_OPEN_SQUARES: usize = 36;

/// The same limit for closed tours: the sweep counts closed tours with far
/// fewer states than open ones and overtakes the walk sooner (closed 5x8,
/// 44,202 tours, in a few hundredths of a second).
const WALK_CLOSED_SQUARES: usize = 36;

/// The number of tours, before it is narrowed to the public 64-bit count;
/// with `end` (open tours from `start` only), those that end there.
fn count_tours(
    board: &Board,
    start: Option<Square>,
    end: Option<Square>,
    kind: TourKind,
    patience: Patience,
    control: &Control,
) -> Outcome<Result<Natural, NotCounted>> {
    let graph = Graph::new(board);
    let unusable = |square: Option<Square>| square.is_some_and(|s| graph.id(board, s).is_none());
    if unusable(start) || unusable(end) {
        return Outcome::Done(Ok(Natural::from_u128(0)));
    }
    let end_id = end.and_then(|e| graph.id(board, e));
    let squares = graph.len();
    if squares <= 1 {
        // No squares: no tour. One square: the one-square path is an open
        // tour, and no closed tour exists.
        return Outcome::Done(Ok(Natural::from_u128(u128::from(
            squares == 1 && kind == TourKind::Open,
        ))));
    }
    // Every closed tour passes through every square and is walked from it in
    // two directions, so directed closed tours from a square are twice the
    // undirected ones; both counts come from the undirected count.
    let (start, per_tour) = match kind {
        TourKind::Closed => (None, if start.is_some() { 2 } else { 1 }),
        TourKind::Open => (start, 1),
    };
    let walk_limit = match kind {
        TourKind::Open => WALK_OPEN_SQUARES,
        TourKind::Closed => WALK_CLOSED_SQUARES,
    };
    let no_sweep = if squares > walk_limit {
        match frontier::count(board, Shape::of(kind, start, end), control) {
            Ok(edge_sets) => {
                return Outcome::Done(Ok(edge_sets.mul_add(per_tour as u64, 0)));
            }
            Err(why) => match no_sweep(why, control) {
                // Its progress is saved, to be taken up with more memory:
                // a walk, which has no use for it and could take years, is
                // not what was asked for.
                Outcome::Done(Ok(why))
                    if why.more_memory_helps() && control.checkpointing().is_some() =>
                {
                    return Outcome::Done(Err(NotCounted::NoSweep(why)));
                }
                Outcome::Done(Ok(why)) => Some(why),
                Outcome::Done(Err(failed)) => return Outcome::Done(Err(failed)),
                Outcome::Cancelled => return Outcome::Cancelled,
            },
        }
    } else {
        None
    };
    let plan;
    let ends_right = |path: &[u32]| end_id.is_none_or(|e| path.last() == Some(&e));
    let walks = match (start, kind) {
        (Some(s), _) => {
            let Some(id) = graph.id(board, s) else {
                return Outcome::Done(Ok(Natural::from_u128(0)));
            };
            Walks {
                roots: vec![(vec![id], 1)],
                closed: false,
                accept: &ends_right,
                found_per_tour: 1,
            }
        }
        (None, TourKind::Open) => Walks {
            // Directed tours from one square of each symmetry orbit,
            // weighted by the orbit's size, add up to the directed tours
            // from every square: each undirected tour twice.
            roots: symmetry::orbit_representatives(board)
                .into_iter()
                .filter_map(|(s, weight)| Some((vec![graph.id(board, s)?], weight)))
                .collect(),
            closed: false,
            accept: &|_| true,
            found_per_tour: 2,
        },
        (None, TourKind::Closed) => {
            let Some(made) = Plan::new(&graph, board, None, kind) else {
                return Outcome::Done(Ok(Natural::from_u128(0)));
            };
            plan = made;
            Walks {
                roots: plan.roots.iter().map(|root| (root.clone(), 1)).collect(),
                closed: true,
                accept: &|path: &[u32]| plan.accepts(path),
                found_per_tour: 1,
            }
        }
    };
    if let Some(why) = no_sweep {
        let estimated_nodes =
            walk::estimate_nodes(&graph, &walks.roots, walks.closed, ESTIMATE_PROBES);
        let threads = control.resources().threads;
        let estimated_seconds =
            estimated_nodes / (WALK_NODES_PER_THREAD_SECOND as f64 * threads as f64);
        if let Patience::Seconds(most) = patience
            && estimated_seconds > most
        {
            return Outcome::Done(Err(NotCounted::TooLong(TooLong {
                why,
                estimated_nodes,
                threads,
                estimated_seconds,
            })));
        }
        control.set_detail(Phase::WalkInstead {
            why,
            // Saturated: a walk this long never ends anyway.
            estimated_nodes: estimated_nodes as u64,
        });
    }
    match walk::count_in_parallel(&graph, &walks.roots, walks.closed, walks.accept, control) {
        Outcome::Done(found) => Outcome::Done(Ok(Natural::from_u128(
            found / walks.found_per_tour * per_tour,
        ))),
        Outcome::Cancelled => Outcome::Cancelled,
    }
}

/// The walks that count a request's tours.
struct Walks<'a> {
    /// Where they start: prefixes, each with the weight of what it finds.
    roots: Vec<(Vec<u32>, u64)>,
    /// Whether tours must close.
    closed: bool,
    /// Which of the tours found count.
    accept: &'a (dyn Fn(&[u32]) -> bool + Sync),
    /// How many times the walks find each tour asked for.
    found_per_tour: u128,
}

/// Random probes behind the estimate of a walk's size: a few milliseconds
/// on the boards that need it.
const ESTIMATE_PROBES: u32 = 2_000;

/// Which walks to run for a request, and which of their tours to keep.
struct Plan {
    /// Each walk starts along one of these prefixes.
    roots: Vec<Vec<u32>>,
    closed: bool,
    /// Keep only one orientation of each tour (the undirected requests).
    orientation: Orientation,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Orientation {
    /// Every walk is a distinct tour.
    Every,
    /// An open path is kept when it starts at its smaller end.
    FromSmallerEnd,
    /// A cycle walked from a fixed square is kept in the direction whose
    /// second square is the smaller of its two neighbours on the cycle.
    TowardsSmallerNeighbour,
}

impl Plan {
    /// None when there is nothing to walk: an unusable start square, no open
    /// squares, or a closed tour on fewer than three squares.
    fn new(graph: &Graph, board: &Board, start: Option<Square>, kind: TourKind) -> Option<Plan> {
        let closed = kind == TourKind::Closed;
        if graph.len() == 0 || (closed && graph.len() < 3) {
            return None;
        }
        let (roots, orientation) = match (start, kind) {
            (Some(s), _) => (vec![vec![graph.id(board, s)?]], Orientation::Every),
            (None, TourKind::Open) => (
                (0..graph.len() as u32).map(|id| vec![id]).collect(),
                Orientation::FromSmallerEnd,
            ),
            (None, TourKind::Closed) => {
                let first = graph.most_constrained()?;
                // Only second squares that have a larger neighbour of the
                // first square left over for the last square.
                let neighbours = graph.neighbours(first);
                let largest = neighbours.iter().copied().max()?;
                let roots = neighbours
                    .iter()
                    .filter(|&&second| second < largest)
                    .map(|&second| vec![first, second])
                    .collect();
                (roots, Orientation::TowardsSmallerNeighbour)
            }
        };
        Some(Plan {
            roots,
            closed,
            orientation,
        })
    }

    fn accepts(&self, path: &[u32]) -> bool {
        match self.orientation {
            Orientation::Every => true,
            Orientation::FromSmallerEnd => path.first() <= path.last(),
            Orientation::TowardsSmallerNeighbour => path.get(1) < path.last(),
        }
    }
}
