//! Knight's tour puzzles ("numbered tours"): some squares of a board carry
//! the move numbers of a knight's tour; the rest are to be filled in so
//! that each number is a knight's move from the next. Boards may have
//! blocked squares, and the tour may have to be closed (the last number a
//! knight's move from 1).
//!
//! - [`NumbersPuzzle`]: the board, the kind of tour and the givens.
//! - [`count`] and [`solve`]: the solver (see `docs/ALGORITHMS.md`).
//! - [`format`](mod@format): the text and JSON forms, read back with the line and
//!   column of what is wrong.
//! - [`generate`](mod@generate): unique puzzles, minimal at the hardest level.
//! - [`Play`]: numbers laid and taken back by hand, and the rules the
//!   board breaks ([`Broken`]).

pub mod format;
pub mod generate;
pub mod link;
mod plain;
mod play;
mod solve;
mod squares;

pub use crate::level::Level;
pub use generate::{GenerateError, Generated, HOLEY_MOST_SQUARES, generate, holey};
pub use plain::count_plainly;
pub use play::{Broken, Play, Refusal, broken_rules, can_reach};
pub use solve::{Deduction, Rating, Step, by_deduction, count, rate, solve};

use crate::knight::{Board, Square, TourKind};

/// A numbered-tour puzzle: a board with blocked squares, open or closed,
/// and the squares whose move numbers are given (from 1 to the board's
/// open squares).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NumbersPuzzle {
    board: Board,
    kind: TourKind,
    /// The given number of each square, 0 where none is (row-major).
    given: Vec<u32>,
}

/// Why a board and givens do not make a puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PuzzleError {
    /// A side longer than [`NumbersPuzzle::MAX_SIDE`] or shorter than 1.
    Size {
        /// The board's width.
        width: u32,
        /// Its height.
        height: u32,
    },
    /// The square is off the board.
    OffBoard(Square),
    /// The square is blocked.
    Blocked(Square),
    /// The number is 0 or more than the board's open squares.
    OutOfRange {
        /// The square.
        square: Square,
        /// The number.
        number: u32,
        /// The board's open squares.
        most: u32,
    },
    /// The number is given on two squares.
    Twice(u32),
    /// The square holds two numbers.
    TwoNumbers(Square),
}

impl NumbersPuzzle {
    /// The longest side of a puzzle's board: a person plays boards of
    /// up to 16 a side, and the solver's table of distances grows with
    /// the fourth power of the side.
    pub const MAX_SIDE: u32 = 24;

    /// A puzzle with `givens` (square, number) on `board`, or why not.
    pub fn new(
        board: Board,
        kind: TourKind,
        givens: &[(Square, u32)],
    ) -> Result<NumbersPuzzle, PuzzleError> {
        let (width, height) = (board.width(), board.height());
        if width > Self::MAX_SIDE || height > Self::MAX_SIDE {
            return Err(PuzzleError::Size { width, height });
        }
        let most = board.open_count() as u32;
        let mut given = vec![0u32; board.area()];
        let mut seen = vec![false; most as usize + 1];
        for &(square, number) in givens {
            if !board.contains(square) {
                return Err(PuzzleError::OffBoard(square));
            }
            if board.is_blocked(square) {
                return Err(PuzzleError::Blocked(square));
            }
            if number == 0 || number > most {
                return Err(PuzzleError::OutOfRange {
                    square,
                    number,
                    most,
                });
            }
            if std::mem::replace(&mut seen[number as usize], true) {
                return Err(PuzzleError::Twice(number));
            }
            let slot = &mut given[board.index(square)];
            if *slot != 0 {
                return Err(PuzzleError::TwoNumbers(square));
            }
            *slot = number;
        }
        Ok(NumbersPuzzle { board, kind, given })
    }

    /// The board, with its blocked squares.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Open or closed.
    pub fn kind(&self) -> TourKind {
        self.kind
    }

    /// The number given on `square`, if one is.
    pub fn given(&self, square: Square) -> Option<u32> {
        self.board
            .contains(square)
            .then(|| self.given[self.board.index(square)])
            .filter(|&number| number != 0)
    }

    /// Every given, as (square, number), row by row.
    pub fn givens(&self) -> Vec<(Square, u32)> {
        self.board
            .squares()
            .filter_map(|square| self.given(square).map(|number| (square, number)))
            .collect()
    }

    /// The numbers to be placed: the board's open squares.
    pub fn last_number(&self) -> u32 {
        self.board.open_count() as u32
    }

    /// The puzzle without the given on `square`.
    pub fn without(&self, square: Square) -> NumbersPuzzle {
        let mut fewer = self.clone();
        if self.board.contains(square) {
            fewer.given[self.board.index(square)] = 0;
        }
        fewer
    }
}

/// A filled board: the number on each square (row-major), 0 on blocked
/// squares.
pub type Filled = Vec<u32>;

/// The squares of a filled board in the order of their numbers: the tour
/// a solution makes.
pub fn path_of(puzzle: &NumbersPuzzle, filled: &Filled) -> Vec<Square> {
    let board = puzzle.board();
    let mut numbered: Vec<(u32, Square)> = board
        .squares()
        .map(|square| (filled[board.index(square)], square))
        .filter(|&(number, _)| number != 0)
        .collect();
    numbered.sort_unstable_by_key(|&(number, _)| number);
    numbered.into_iter().map(|(_, square)| square).collect()
}

/// Whether `filled` solves `puzzle`: every open square holds one of the
/// numbers 1 to the last once, the givens stand where they are given, each
/// number is a knight's move from the next, and, for a closed puzzle, the
/// last from 1. Written apart from the solver, to check it.
pub fn is_solution(puzzle: &NumbersPuzzle, filled: &[u32]) -> bool {
    let board = puzzle.board();
    let last = puzzle.last_number() as usize;
    if filled.len() != board.area() {
        return false;
    }
    let mut at = vec![None; last + 1];
    for square in board.squares() {
        let number = filled[board.index(square)] as usize;
        if board.is_blocked(square) {
            if number != 0 {
                return false;
            }
            continue;
        }
        if number == 0 || number > last || at[number].is_some() {
            return false;
        }
        if puzzle
            .given(square)
            .is_some_and(|given| given as usize != number)
        {
            return false;
        }
        at[number] = Some(square);
    }
    let path: Vec<Square> = at.into_iter().skip(1).flatten().collect();
    let steps_are_moves = path
        .windows(2)
        .all(|pair| Board::is_knight_move(pair[0], pair[1]));
    let closes = match (puzzle.kind(), path.first(), path.last()) {
        (TourKind::Closed, Some(&first), Some(&last)) => {
            path.len() >= 4 && Board::is_knight_move(last, first)
        }
        _ => true,
    };
    path.len() == last && steps_are_moves && closes
}
