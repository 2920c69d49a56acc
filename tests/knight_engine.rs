//! The knight engine end to end: theory, solvers, validation, formats.

use gridtour::job::{Control, Outcome};
use gridtour::knight::{
    Algorithm, Board, SolveResult, Square, Tour, TourKind, impossibility, solve, validate,
    warnsdorff_failing_starts,
};

/// Solves to the end (nothing cancels these controls).
fn solve_now(board: &Board, start: Square, kind: TourKind, algorithm: Algorithm) -> SolveResult {
    match solve(board, start, kind, algorithm, &Control::new()) {
        Outcome::Done(result) => result,
        Outcome::Cancelled => panic!("nothing cancelled this search"),
    }
}

/// The found tour, checked again here: valid, of the right board and kind,
/// from the right square.
fn tour_from(board: &Board, start: Square, kind: TourKind, algorithm: Algorithm) -> Tour {
    match solve_now(board, start, kind, algorithm) {
        SolveResult::Found(tour) => {
            assert_eq!(validate(board, &tour.path, kind), Ok(()));
            assert_eq!(tour.path[0], start);
            assert_eq!(&tour.board, board);
            assert_eq!(tour.kind, kind);
            tour
        }
        SolveResult::NoTour(reason) => panic!(
            "no {kind:?} tour on {}x{} from {start:?}: {reason}",
            board.width(),
            board.height()
        ),
    }
}

/// The default solver answers from every square of the n x n boards: a
/// valid open tour from every square of the majority colour, and a proof
/// (by colour) that there is none from the other squares of odd boards.
fn every_start_succeeds(sides: std::ops::RangeInclusive<u32>) {
    for n in sides {
        let board = Board::new(n, n).unwrap();
        for start in board.squares() {
            match solve_now(&board, start, TourKind::Open, Algorithm::Warnsdorff) {
                SolveResult::Found(tour) => {
                    assert_eq!(validate(&board, &tour.path, TourKind::Open), Ok(()));
                    assert_eq!(tour.path[0], start);
                }
                SolveResult::NoTour(reason) => {
                    assert!(n % 2 == 1 && start.is_dark(), "{n}x{n} from {start:?}: {reason}");
                }
            }
        }
    }
}

#[test]
fn default_solver_succeeds_from_every_start_up_to_12() {
    every_start_succeeds(5..=12);
}

/// Slow in debug builds: `cargo test --release --test knight_engine -- --ignored`.
#[test]
#[ignore]
fn default_solver_succeeds_from_every_start_up_to_30() {
    every_start_succeeds(13..=30);
}
