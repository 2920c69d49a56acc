//! Goishi Hiroi (碁石拾い), "picking up go stones".
//!
//! Stones stand on grid points. Pick them all up in one sequence: start at
//! any stone; move horizontally or vertically; a move ends at the first stone
//! still on the board in that direction and picks it up (passing over empty
//! points and picked-up stones is fine, passing over a stone is not); turn
//! only where a stone is picked up; never reverse direction.
//!
//! * [`Puzzle`], [`Point`], [`Direction`]: the model.
//! * [`validate`] and [`Game`]: the rules, for checking orders and for play.
//! * [`solve`], [`count`], [`enumerate`]: the memoised, pruned search;
//!   [`solve_avoiding`] for a solution other than known ones, [`finish`] for
//!   one from a position part-way through (play-mode help).
//! * [`rate`](fn@rate): how hard a puzzle is for a person.
//! * [`generate`](fn@generate), [`walk_forward`]: new puzzles.
//! * [`format`](mod@format): text, pzprv3, puzz.link URL, PencilBox and JSON.

mod compose;
pub mod format;
mod generate;
mod generate_error;
mod lines;
mod memo;
mod order;
mod progress;
mod puzzle;
mod rate;
mod reach;
mod rules;
mod search;
mod single;
mod solver;
mod steps;

pub use crate::level::Level;
pub use generate::{
    FEWEST_GENERATED_STONES, MAX_GENERATED_STONES, default_stones, generate, generation_refusal,
    level_refusal,
};
pub use generate_error::GenerateError;
pub use order::{next_stones, search_order, stranded_stones};
pub use progress::Phase;
pub use puzzle::{Direction, Point, Puzzle, SizeOutOfRange};
pub use rate::{Rating, rate};
pub use reach::{StoneCounts, level_reach};
pub use rules::{Broken, Game, RuleViolation, validate, validate_prefix};
pub use single::{Rng, SMALL_BOARD_MAXIMA, walk_forward};
pub use solver::{count, enumerate, finish, solve, solve_avoiding, solve_watched};
pub use steps::{PickRule, PickStep, PickWatcher};
