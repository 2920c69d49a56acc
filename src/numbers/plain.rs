//! The plain search a numbered tour is first taught with: walk a knight
//! from every square that may hold 1, number the squares as it goes, and
//! turn back at a square that holds another number than the one it would
//! get, or when a given number is due somewhere else. Nothing else prunes
//! it, which is what the solver's checks are measured against
//! (`benches/numbers.rs`).

use crate::job::{CHECK_INTERVAL, Control, Outcome};
use crate::knight::{Board, Square, TourKind};

use super::NumbersPuzzle;

/// Counts the solutions of `puzzle` by the plain search, stopping at
/// `limit`.
pub fn count_plainly(
    puzzle: &NumbersPuzzle,
    limit: Option<u64>,
    control: &Control,
) -> Outcome<u64> {
    let board = puzzle.board();
    let last = puzzle.last_number() as usize;
    let limit = limit.unwrap_or(u64::MAX);
    // Where each number is given, if it is.
    let mut given_at = vec![None; last + 1];
    for (square, number) in puzzle.givens() {
        given_at[number as usize] = Some(square);
    }
    let mut used = vec![false; board.area()];
    let mut found = 0;
    let mut nodes: u64 = 0;
    let starts: Vec<Square> = match given_at.get(1).copied().flatten() {
        Some(one) => vec![one],
        None => board
            .open_squares()
            .filter(|&square| puzzle.given(square).is_none())
            .collect(),
    };
    for start in starts {
        // The path so far, each square with the next of its moves to try.
        let mut path: Vec<(Square, usize)> = vec![(start, 0)];
        used[board.index(start)] = true;
        while let Some(&(here, tried)) = path.last() {
            nodes += 1;
            if nodes.is_multiple_of(CHECK_INTERVAL) && control.should_stop() {
                return Outcome::Cancelled;
            }
            if path.len() == last {
                // A closed tour needs three squares at least: two would
                // take the same move there and back.
                let closes = puzzle.kind() == TourKind::Open
                    || (last > 2 && Board::is_knight_move(here, start));
                found += u64::from(closes);
                if found >= limit {
                    return Outcome::Done(found);
                }
                used[board.index(here)] = false;
                path.pop();
                continue;
            }
            let number = path.len() + 1;
            let next = board
                .neighbours(here)
                .enumerate()
                .skip(tried)
                .find(|&(_, to)| {
                    !used[board.index(to)]
                        && match puzzle.given(to) {
                            Some(given) => given as usize == number,
                            None => given_at[number].is_none(),
                        }
                });
            match next {
                Some((place, to)) => {
                    let depth = path.len() - 1;
                    path[depth].1 = place + 1;
                    used[board.index(to)] = true;
                    path.push((to, 0));
                }
                None => {
                    used[board.index(here)] = false;
                    path.pop();
                }
            }
        }
    }
    Outcome::Done(found)
}
