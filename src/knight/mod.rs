//! The knight's tour engine.
//!
//! A [`Board`] (any rectangle up to [`Board::MAX_SIDE`], with blocked
//! squares) and the ways to get tours on it:
//! - [`why_no_tour`] answers at once, from theory, when no tour can exist;
//! - [`solve`](fn@solve) finds one tour, with the greedy Warnsdorff rule (plus
//!   fallbacks) or with exhaustive backtracking, and on large full boards
//!   with a divide-and-conquer construction;
//! - [`count`](fn@count) and [`enumerate`] count or stream every tour;
//! - [`Walk`] holds the rules of a walk played by hand.
//!
//! Every tour that leaves [`solve`](fn@solve) has passed [`validate`](fn@validate), a checker that
//! shares no code with the solvers.

mod backtrack;
mod board;
pub mod count;
mod dfs;
mod estimate;
mod grid;
mod large;
pub(crate) mod link;
pub mod next_moves;
mod play;
mod solve;
mod theory;
mod tour;
pub mod trace;
mod validate;
mod warnsdorff;

pub use board::{
    Board, BoardError, KNIGHT_MOVES, Side, Square, TourKind, file_letters, is_dark_square,
};
pub use count::{
    Count, NotCounted, Patience, TooLong, WALK_NODES_PER_THREAD_SECOND, count, count_between,
    count_every_length, enumerate,
};
pub use estimate::{
    Estimate, MAX_ESTIMATE_SQUARES, Sampling, SamplingFor, TooManySquares, estimate,
};
pub use link::{BadMove, BoardLink, LINK_PREFIX, LinkError, NUMBERS_LINK_PREFIX};
pub use play::{Refusal, Walk};
pub use solve::{
    Algorithm, LARGE_BOARD_SQUARES, SolveResult, first_steps, search_order, solve, solve_between,
    solve_watched,
};
pub use theory::{NoTour, why_no_tour, why_no_tour_between};
#[cfg(test)]
pub(crate) use tour::small_tour;
pub use tour::{Tour, TourFileError};
pub use validate::{InvalidTour, validate};
pub use warnsdorff::{walk_order, warnsdorff_failing_starts};
