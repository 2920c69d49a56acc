//! Plain depth-first search, the way the lessons gridtour grew from first
//! write it: from each square try the eight moves in a fixed order
//! ([`KNIGHT_MOVES`]), go as deep as possible, and take the last move back
//! when none is left. No ordering and no pruning: on 5x5 it finds a tour
//! after thousands of moves, on 8x8 after millions from a corner and
//! perhaps never from elsewhere, which is what the Warnsdorff-ordered
//! backtracking search is measured against.

use super::grid::Grid;
use super::trace::{Step, Watcher};
use super::{Board, KNIGHT_MOVES, Square, TourKind};
use crate::job::{CHECK_INTERVAL, Control, Outcome};

/// Searches for a tour of `kind` from `start` in fixed move order, showing
/// its steps to `watcher`; `Done(None)` proves there is none.
pub(crate) fn plain_search(
    board: &Board,
    start: Square,
    kind: TourKind,
    control: &Control,
    watcher: &mut impl Watcher,
) -> Outcome<Option<Vec<Square>>> {
    if !board.is_open(start) {
        return Outcome::Done(None);
    }
    let mut grid = Grid::new(board);
    let origin = grid.cell(start);
    // The path, and for each of its squares the next move to try.
    let mut path: Vec<(usize, usize)> = vec![(origin, 0)];
    grid.visit(origin);
    watcher.see(Step::Push(start));
    let mut remaining = board.open_count() - 1;
    let mut unreported = 0u64;
    if remaining == 0 {
        if kind == TourKind::Closed {
            watcher.see(Step::DeadEnd(start));
            return Outcome::Done(None);
        }
        watcher.see(Step::Found);
        return Outcome::Done(Some(vec![start]));
    }
    // A closed tour goes round a cycle: two squares make none, the move
    // back being the move there.
    let closes = |grid: &Grid, last| {
        kind == TourKind::Open || (board.open_count() > 2 && grid.attacks(last, origin))
    };
    while let Some(top) = path.last_mut() {
        let (cell, tried) = *top;
        if tried == KNIGHT_MOVES.len() {
            watcher.see(Step::DeadEnd(grid.square(cell)));
            path.pop();
            if !path.is_empty() {
                grid.release(cell);
                watcher.see(Step::Pop(grid.square(cell)));
                remaining += 1;
            }
            continue;
        }
        top.1 += 1;
        let next = grid.jump(cell, tried);
        if !grid.is_free(next) {
            continue;
        }
        unreported += 1;
        if unreported >= CHECK_INTERVAL {
            control.add_nodes(unreported);
            unreported = 0;
            if control.should_stop() {
                return Outcome::Cancelled;
            }
        }
        grid.visit(next);
        watcher.see(Step::Push(grid.square(next)));
        remaining -= 1;
        if remaining > 0 {
            path.push((next, 0));
            continue;
        }
        if closes(&grid, next) {
            control.add_nodes(unreported);
            watcher.see(Step::Found);
            let squares = path.iter().map(|&(cell, _)| grid.square(cell));
            return Outcome::Done(Some(squares.chain([grid.square(next)]).collect()));
        }
        // Every square visited, but no way home.
        watcher.see(Step::DeadEnd(grid.square(next)));
        grid.release(next);
        watcher.see(Step::Pop(grid.square(next)));
        remaining += 1;
    }
    control.add_nodes(unreported);
    Outcome::Done(None)
}

/// The squares the plain search tries from the last square of `path`, in
/// its fixed order, each with the free squares a move on from it.
pub(crate) fn search_order(board: &Board, path: &[Square]) -> Vec<(Square, u8)> {
    let Some(&last) = path.last() else {
        return Vec::new();
    };
    let grid = Grid::with_path(board, path);
    let from = grid.cell(last);
    (0..KNIGHT_MOVES.len())
        .map(|i| grid.jump(from, i))
        .filter(|&next| grid.is_free(next))
        .map(|next| (grid.square(next), grid.degree(next)))
        .collect()
}
