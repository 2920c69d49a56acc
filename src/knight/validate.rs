//! The independent tour checker.
//!
//! It deliberately shares nothing with the solvers (no move table, no
//! neighbour lists, no search grid): it only looks at coordinates, so a bug
//! in the solvers' machinery cannot hide itself here.

use std::fmt;

use crate::tr;

use super::{Board, Square, TourKind};

/// Why a path is not a tour: the first problem found, with the step
/// number (1-based, like the numbered board) and the squares by name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InvalidTour {
    /// A square off the board.
    OffBoard {
        /// The step.
        step: usize,
        /// The square.
        square: String,
    },
    /// A blocked square.
    Blocked {
        /// The step.
        step: usize,
        /// The square.
        square: String,
    },
    /// A square visited twice.
    Revisited {
        /// The step of the second visit.
        step: usize,
        /// The square.
        square: String,
        /// The step of the first visit.
        first: usize,
    },
    /// Two squares in a row a knight cannot move between.
    NotAKnightMove {
        /// The step of the second.
        step: usize,
        /// The square before.
        from: String,
        /// The square.
        to: String,
    },
    /// Not every open square is visited.
    WrongLength {
        /// The squares visited.
        visited: usize,
        /// The board's open squares.
        open: usize,
    },
    /// A closed tour whose ends are not a knight's move apart.
    NotClosed {
        /// The last square.
        last: String,
        /// The first square.
        first: String,
    },
    /// An empty path, as a closed tour.
    Empty,
}

impl fmt::Display for InvalidTour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match self {
            InvalidTour::OffBoard { step, square } => {
                tr!("tour-off-board", step = *step, square = square.as_str())
            }
            InvalidTour::Blocked { step, square } => {
                tr!("tour-blocked", step = *step, square = square.as_str())
            }
            InvalidTour::Revisited {
                step,
                square,
                first,
            } => tr!(
                "tour-revisited",
                step = *step,
                square = square.as_str(),
                first = *first
            ),
            InvalidTour::NotAKnightMove { step, from, to } => tr!(
                "tour-not-a-knight-move",
                step = *step,
                from = from.as_str(),
                to = to.as_str()
            ),
            InvalidTour::WrongLength { visited, open } => {
                tr!("tour-wrong-length", visited = *visited, open = *open)
            }
            InvalidTour::NotClosed { last, first } => {
                tr!(
                    "tour-not-closed",
                    last = last.as_str(),
                    first = first.as_str()
                )
            }
            InvalidTour::Empty => tr!("tour-empty").to_owned(),
        })
    }
}

impl std::error::Error for InvalidTour {}

/// Checks that `path` is a tour of `kind` on `board`: every open square
/// exactly once, nothing else, each step a knight's move and, for a closed
/// tour, a knight's move from the last square back to the first.
pub fn validate(board: &Board, path: &[Square], kind: TourKind) -> Result<(), InvalidTour> {
    let name = |s: Square| describe(board, s);
    let mut step_of = vec![0usize; board.width() as usize * board.height() as usize];
    for (i, &s) in path.iter().enumerate() {
        let step = i + 1;
        if s.x >= board.width() || s.y >= board.height() {
            return Err(InvalidTour::OffBoard {
                step,
                square: name(s),
            });
        }
        if board.is_blocked(s) {
            return Err(InvalidTour::Blocked {
                step,
                square: name(s),
            });
        }
        let seen = &mut step_of[s.y as usize * board.width() as usize + s.x as usize];
        if *seen != 0 {
            return Err(InvalidTour::Revisited {
                step,
                square: name(s),
                first: *seen,
            });
        }
        *seen = step;
        if i > 0 && !is_knight_step(path[i - 1], s) {
            return Err(InvalidTour::NotAKnightMove {
                step,
                from: name(path[i - 1]),
                to: name(s),
            });
        }
    }
    let open = count_open(board);
    if path.len() != open {
        return Err(InvalidTour::WrongLength {
            visited: path.len(),
            open,
        });
    }
    if kind == TourKind::Closed {
        check_closure(board, path)?;
    }
    Ok(())
}

/// A closed tour must have a return move, and that move must differ from
/// the path's own moves (a two-square "cycle" reuses its only move).
fn check_closure(board: &Board, path: &[Square]) -> Result<(), InvalidTour> {
    match (path.first(), path.last()) {
        (Some(&first), Some(&last)) if path.len() > 2 && is_knight_step(last, first) => Ok(()),
        (Some(&first), Some(&last)) => Err(InvalidTour::NotClosed {
            last: describe(board, last),
            first: describe(board, first),
        }),
        _ => Err(InvalidTour::Empty),
    }
}

/// Open squares counted from scratch, not from the board's own counter.
fn count_open(board: &Board) -> usize {
    let mut open = 0;
    for y in 0..board.height() {
        for x in 0..board.width() {
            if !board.is_blocked(Square::new(x, y)) {
                open += 1;
            }
        }
    }
    open
}

fn is_knight_step(a: Square, b: Square) -> bool {
    let dx = a.x.abs_diff(b.x);
    let dy = a.y.abs_diff(b.y);
    dx * dy == 2
}

/// Chess name when the square is on the board, coordinates otherwise.
fn describe(board: &Board, s: Square) -> String {
    if board.contains(s) {
        board.square_name(s)
    } else {
        format!("({}, {})", s.x, s.y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squares(board: &Board, names: &str) -> Vec<Square> {
        names
            .split_whitespace()
            .map(|n| board.parse_square(n).unwrap())
            .collect()
    }

    /// The two open tours of the 3x4 board from its top-left corner.
    #[test]
    fn accepts_a_known_open_tour() {
        let board = Board::new(3, 4).unwrap();
        let path = squares(&board, "a4 b2 c4 a3 b1 c3 a2 b4 c2 a1 b3 c1");
        assert_eq!(validate(&board, &path, TourKind::Open), Ok(()));
        assert!(validate(&board, &path, TourKind::Closed).is_err());
    }

    #[test]
    fn names_the_first_problem() {
        let board = Board::new(3, 4).unwrap();
        let repeat = squares(&board, "a4 b2 a4");
        let revisited = validate(&board, &repeat, TourKind::Open).unwrap_err();
        assert_eq!(
            revisited,
            InvalidTour::Revisited {
                step: 3,
                square: "a4".into(),
                first: 1
            }
        );
        // The wording is what a person reads.
        assert_eq!(
            revisited.to_string(),
            "step 3: a4 was already visited at step 1"
        );
        let jump = squares(&board, "a4 b4");
        assert_eq!(
            validate(&board, &jump, TourKind::Open)
                .unwrap_err()
                .to_string(),
            "step 2: a4 -> b4 is not a knight's move"
        );
        let short = squares(&board, "a4 b2");
        assert_eq!(
            validate(&board, &short, TourKind::Open),
            Err(InvalidTour::WrongLength {
                visited: 2,
                open: 12
            })
        );
        let off = [Square::new(3, 0)];
        assert_eq!(
            validate(&board, &off, TourKind::Open)
                .unwrap_err()
                .to_string(),
            "step 1: (3, 0) is off the board"
        );
    }

    #[test]
    fn a_two_square_back_and_forth_is_not_closed() {
        let mut board = Board::new(2, 3).unwrap();
        for (x, y) in [(1, 0), (0, 1), (1, 1), (0, 2)] {
            board.set_blocked(Square::new(x, y), true);
        }
        let path = [Square::new(0, 0), Square::new(1, 2)];
        assert_eq!(validate(&board, &path, TourKind::Open), Ok(()));
        assert!(validate(&board, &path, TourKind::Closed).is_err());
    }
}
