//! Exhaustive depth-first search for one tour.
//!
//! The search is iterative (an explicit stack of frames, one per square of
//! the path), so boards of millions of squares cannot overflow the call
//! stack. Moves are tried in Warnsdorff order (fewest onward moves first,
//! ties toward the edge), which finds a tour at once on most boards, and
//! three prunings make the proof of "no tour" feasible where it is not:
//!
//! - **Closing** (closed tours): the tour must end next to the start, so the
//!   start must keep a free neighbour until the last move.
//! - **Dead ends**: a free square is entered and left through free
//!   neighbours. A square next to the knight with no free neighbour can only
//!   be the last square. A square elsewhere with no free neighbour can never
//!   be reached; with exactly one, it can only be entered, so it must be the
//!   end of an open tour. More than one such square is a dead position, and
//!   for a closed tour even one is. (For closed tours the start counts as
//!   one extra neighbour of the squares around it: the way home.)
//! - **Connectivity**: every free square must still be reachable from the
//!   knight. A flood fill costs a pass over the free squares, so it runs
//!   only every so often, in proportion to their number, keeping its cost
//!   per node constant.
//!
//! Every pruning only discards positions with no completion, so when the
//! stack empties no tour exists.
//!
//! An open tour with a required last square is searched the same way: the
//! last square counts one extra way out (the tour ends there), no other
//! square may be an end, and it is stepped on only by the last move.

use super::grid::Grid;
use super::trace::{PruneRule, Step, Watcher};
use super::{Board, KNIGHT_MOVES, Square, TourKind};
use crate::job::{CHECK_INTERVAL, Control, Outcome};

/// Connectivity is checked every `free squares / CONNECTIVITY_RATIO` nodes.
const CONNECTIVITY_RATIO: usize = 4;

/// One square of the current path and the moves still to try from it.
#[derive(Debug, Clone, Copy)]
struct Frame {
    cell: u32,
    /// Move indices still to try, three bits each, next one lowest.
    moves: u32,
    /// How many of them are left.
    left: u8,
    /// Squares away from the knight that can only be an end (see module
    /// docs), as they were when the knight arrived here.
    ends: u32,
}

/// Searches for a tour of `kind` from `start`, showing its steps to
/// `watcher`; `Done(None)` proves there is none.
pub(crate) fn backtrack(
    board: &Board,
    start: Square,
    kind: TourKind,
    control: &Control,
    watcher: &mut impl Watcher,
) -> Outcome<Option<Vec<Square>>> {
    search(board, (start, kind, None), control, watcher)
}

/// Searches for an open tour from `start` that ends on `end`; `Done(None)`
/// proves there is none.
pub(crate) fn backtrack_to(
    board: &Board,
    start: Square,
    end: Square,
    control: &Control,
    watcher: &mut impl Watcher,
) -> Outcome<Option<Vec<Square>>> {
    if !board.is_open(end) || (start == end && board.open_count() > 1) {
        return Outcome::Done(None);
    }
    search(board, (start, TourKind::Open, Some(end)), control, watcher)
}

fn search<W: Watcher>(
    board: &Board,
    (start, kind, end): (Square, TourKind, Option<Square>),
    control: &Control,
    watcher: &mut W,
) -> Outcome<Option<Vec<Square>>> {
    if !board.is_open(start) {
        return Outcome::Done(None);
    }
    let mut search = Search::new(board, start, kind, control, watcher);
    search.end = end.map(|end| search.grid.cell(end));
    match search.run() {
        Outcome::Done(Some(cells)) => {
            Outcome::Done(Some(cells.iter().map(|&c| search.grid.square(c)).collect()))
        }
        Outcome::Done(None) => Outcome::Done(None),
        Outcome::Cancelled => Outcome::Cancelled,
    }
}

struct Search<'a, W: Watcher> {
    board: &'a Board,
    watcher: &'a mut W,
    grid: Grid,
    kind: TourKind,
    control: &'a Control,
    start: usize,
    /// The square an open tour must end on, if one is required.
    end: Option<usize>,
    stack: Vec<Frame>,
    /// Free squares not yet on the path.
    remaining: usize,
    /// Nodes since the last report to the control.
    unreported: u64,
    /// Nodes since the last connectivity check.
    since_flood: usize,
    /// Flood-fill marks: a cell is reached when its mark equals `flood_mark`.
    flood_marks: Vec<u32>,
    flood_mark: u32,
    flood_queue: Vec<usize>,
}

impl<'a, W: Watcher> Search<'a, W> {
    fn new(
        board: &'a Board,
        start: Square,
        kind: TourKind,
        control: &'a Control,
        watcher: &'a mut W,
    ) -> Self {
        let grid = Grid::new(board);
        let start = grid.cell(start);
        Search {
            board,
            watcher,
            flood_marks: vec![0; grid.len()],
            grid,
            kind,
            control,
            start,
            end: None,
            stack: Vec::with_capacity(board.open_count()),
            remaining: board.open_count(),
            unreported: 0,
            since_flood: 0,
            flood_mark: 0,
            flood_queue: Vec::new(),
        }
    }

    /// The path's cells when a tour is found.
    fn run(&mut self) -> Outcome<Option<Vec<usize>>> {
        self.grid.visit(self.start);
        self.see(Step::Push, self.start);
        self.remaining -= 1;
        if self.remaining == 0 {
            // A single open square is an open tour; theory rules it out as
            // a closed one.
            if self.kind == TourKind::Closed {
                self.see(Step::DeadEnd, self.start);
                return Outcome::Done(None);
            }
            self.watcher.see(Step::Found);
            return Outcome::Done(Some(vec![self.start]));
        }
        let Some(ends) = self.initial_ends() else {
            self.see(Step::DeadEnd, self.start);
            return Outcome::Done(None);
        };
        let root = self.frame(self.start, ends);
        self.stack.push(root);
        loop {
            let Some(top) = self.stack.last_mut() else {
                self.report();
                return Outcome::Done(None);
            };
            if top.left == 0 {
                self.retreat();
                continue;
            }
            let move_index = (top.moves & 7) as usize;
            top.moves >>= 3;
            top.left -= 1;
            let (from, ends) = (top.cell as usize, top.ends);
            let next = self.grid.jump(from, move_index);
            self.unreported += 1;
            if self.unreported >= CHECK_INTERVAL && !self.report() {
                return Outcome::Cancelled;
            }
            self.grid.visit(next);
            self.see(Step::Push, next);
            self.remaining -= 1;
            if self.remaining == 0 {
                let ends_right = self.end.is_none_or(|end| end == next);
                if (self.kind == TourKind::Open && ends_right)
                    || (self.kind == TourKind::Closed && self.grid.attacks(next, self.start))
                {
                    self.report();
                    self.watcher.see(Step::Found);
                    let mut path: Vec<usize> = self.stack.iter().map(|f| f.cell as usize).collect();
                    path.push(next);
                    return Outcome::Done(Some(path));
                }
                self.see(Step::DeadEnd, next);
            } else {
                match self.onward(from, next, ends) {
                    Ok(ends) => {
                        let frame = self.frame(next, ends);
                        self.stack.push(frame);
                        continue;
                    }
                    Err(rule) => self.see(|square| Step::Prune { square, rule }, next),
                }
            }
            self.grid.release(next);
            self.see(Step::Pop, next);
            self.remaining += 1;
        }
    }

    /// Pops the top frame and takes its square off the path (the root frame
    /// stays visited: the search is over once it is popped).
    fn retreat(&mut self) {
        if let Some(frame) = self.stack.pop() {
            let cell = frame.cell as usize;
            self.see(Step::DeadEnd, cell);
            if !self.stack.is_empty() {
                self.grid.release(cell);
                self.see(Step::Pop, cell);
                self.remaining += 1;
            }
        }
    }

    /// Shows `step` of the square on `cell` to the watcher.
    #[inline(always)]
    fn see(&mut self, step: impl FnOnce(Square) -> Step, cell: usize) {
        self.watcher.see(step(self.grid.square(cell)));
    }

    /// Whether the knight, just moved `from` -> `next` with squares still
    /// to visit, may go on: the new count of end-only squares, or the rule
    /// that gives the position up.
    fn onward(&mut self, from: usize, next: usize, ends: u32) -> Result<u32, PruneRule> {
        if self.end == Some(next) {
            return Err(PruneRule::EndTooEarly);
        }
        if !self.home_is_open() {
            return Err(PruneRule::Closing);
        }
        let ends = self
            .ends_after_move(from, next, ends)
            .ok_or(PruneRule::DeadEnds)?;
        if !self.flood_allows(next) {
            return Err(PruneRule::Connectivity);
        }
        Ok(ends)
    }

    /// A frame for the knight arriving on `cell`, moves in Warnsdorff order.
    fn frame(&self, cell: usize, ends: u32) -> Frame {
        let order = warnsdorff_order(&self.grid, self.board, cell, |next| self.exits(next));
        let moves = order
            .iter()
            .rev()
            .fold(0u32, |packed, &(i, _)| packed << 3 | i as u32);
        Frame {
            cell: cell as u32,
            moves,
            left: order.len() as u8,
            ends,
        }
    }

    /// See [`exits`].
    fn exits(&self, cell: usize) -> u8 {
        exits(&self.grid, (self.kind, self.start, self.end), cell)
    }

    /// How many squares can only be an end, with the knight on the start;
    /// `None` when the position is already dead.
    fn initial_ends(&self) -> Option<u32> {
        let mut ends = 0;
        for square in self.board.open_squares() {
            let cell = self.grid.cell(square);
            if !self.grid.is_free(cell) {
                continue;
            }
            if self.grid.attacks(self.start, cell) {
                if self.grid.degree(cell) == 0 && self.remaining > 1 {
                    return None;
                }
                continue;
            }
            match self.exits(cell) {
                0 => return None,
                1 => ends += 1,
                _ => {}
            }
        }
        (ends <= self.allowed_ends() && self.home_is_open()).then_some(ends)
    }

    /// Open tours have one free end, unless it is required; a closed
    /// tour's end is tied to the start.
    fn allowed_ends(&self) -> u32 {
        match self.kind {
            TourKind::Open => u32::from(self.end.is_none()),
            TourKind::Closed => 0,
        }
    }

    /// A closed tour still has a free square to come home from.
    fn home_is_open(&self) -> bool {
        self.kind == TourKind::Open || self.grid.degree(self.start) > 0
    }

    /// The dead-end pruning after the knight moved `from` -> `to` (with
    /// `to` already visited, squares remaining and the way home open): the
    /// new count of end-only squares, or `None` when the position is dead.
    ///
    /// Knight moves change colour, so `from`'s neighbours and `to`'s are
    /// disjoint: `from`'s free neighbours just stopped being next to the
    /// knight, `to`'s just started, and only `to`'s lost a free neighbour.
    fn ends_after_move(&self, from: usize, to: usize, ends: u32) -> Option<u32> {
        let mut ends = ends;
        for n in self.grid.free_neighbours(to) {
            if self.grid.degree(n) == 0 && self.remaining > 1 {
                return None;
            }
            if self.exits(n) == 0 {
                // It had one exit before this move and was counted.
                ends -= 1;
            }
        }
        for n in self.grid.free_neighbours(from) {
            match self.exits(n) {
                0 => return None,
                1 => ends += 1,
                _ => {}
            }
        }
        (ends <= self.allowed_ends()).then_some(ends)
    }

    /// The periodic connectivity pruning: false when some free square can
    /// no longer be reached from `here`.
    fn flood_allows(&mut self, here: usize) -> bool {
        self.since_flood += 1;
        if self.since_flood * CONNECTIVITY_RATIO < self.remaining {
            return true;
        }
        self.since_flood = 0;
        self.flood_mark = self.flood_mark.wrapping_add(1);
        if self.flood_mark == 0 {
            self.flood_marks.fill(0);
            self.flood_mark = 1;
        }
        let mark = self.flood_mark;
        self.flood_queue.clear();
        self.flood_queue.push(here);
        let mut reached = 0;
        while let Some(cell) = self.flood_queue.pop() {
            for i in 0..KNIGHT_MOVES.len() {
                let n = self.grid.jump(cell, i);
                if self.grid.is_free(n) && self.flood_marks[n] != mark {
                    self.flood_marks[n] = mark;
                    reached += 1;
                    self.flood_queue.push(n);
                }
            }
        }
        reached == self.remaining
    }

    /// Hands counted nodes to the control; false once cancelled.
    fn report(&mut self) -> bool {
        self.control.add_nodes(self.unreported);
        self.unreported = 0;
        !self.control.should_stop()
    }
}

/// The ways out of a free square: its free neighbours, plus the way home
/// for a square next to the start of a closed tour, plus the end of the
/// tour for its required last square.
fn exits(grid: &Grid, (kind, start, end): (TourKind, usize, Option<usize>), cell: usize) -> u8 {
    let home = kind == TourKind::Closed && grid.attacks(cell, start);
    grid.degree(cell) + u8::from(home) + u8::from(end == Some(cell))
}

/// The moves from `cell` to free squares in the order the search tries
/// them, each with the ways out `exits` counts: fewest first, ties to the
/// square farther from the centre.
fn warnsdorff_order(
    grid: &Grid,
    board: &Board,
    cell: usize,
    exits: impl Fn(usize) -> u8,
) -> Vec<(usize, u8)> {
    let mut keyed: Vec<(u64, usize, u8)> = (0..KNIGHT_MOVES.len())
        .filter(|&i| grid.is_free(grid.jump(cell, i)))
        .map(|i| {
            let next = grid.jump(cell, i);
            let distance = grid.centre_distance(board, next);
            let ways = exits(next);
            (
                (u64::from(ways) << 48) | ((u64::MAX >> 16) - distance),
                i,
                ways,
            )
        })
        .collect();
    keyed.sort_unstable();
    keyed.into_iter().map(|(_, i, ways)| (i, ways)).collect()
}

/// The squares the backtracking search tries from the last square of
/// `path`, a path it walks for a tour of `kind` (open tours to `end`, if
/// given), in its order, each with the ways out that ordered it.
pub(crate) fn search_order(
    board: &Board,
    path: &[Square],
    kind: TourKind,
    end: Option<Square>,
) -> Vec<(Square, u8)> {
    let (Some(&first), Some(&last)) = (path.first(), path.last()) else {
        return Vec::new();
    };
    let grid = Grid::with_path(board, path);
    let ends = (kind, grid.cell(first), end.map(|end| grid.cell(end)));
    let from = grid.cell(last);
    warnsdorff_order(&grid, board, from, |next| exits(&grid, ends, next))
        .into_iter()
        .map(|(i, ways)| (grid.square(grid.jump(from, i)), ways))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knight::trace::Unwatched;
    use crate::knight::validate;

    fn solve(board: &Board, start: Square, kind: TourKind) -> Option<Vec<Square>> {
        match backtrack(board, start, kind, &Control::new(), &mut Unwatched) {
            Outcome::Done(found) => found,
            Outcome::Cancelled => panic!("not cancelled"),
        }
    }

    #[test]
    fn finds_valid_tours() {
        for (w, h, kind) in [
            (5, 5, TourKind::Open),
            (8, 8, TourKind::Closed),
            (3, 4, TourKind::Open),
            (3, 10, TourKind::Closed),
            (6, 6, TourKind::Closed),
        ] {
            let board = Board::new(w, h).unwrap();
            let start = Square::new(0, 0);
            let path = solve(&board, start, kind).expect("tour exists");
            assert_eq!(path[0], start);
            assert_eq!(validate(&board, &path, kind), Ok(()), "{w}x{h} {kind:?}");
        }
    }

    /// No open tour starts in the middle rows of 3x4; 4x4 has none at all.
    #[test]
    fn proves_there_is_none() {
        let board = Board::new(3, 4).unwrap();
        let middle = Square::new(1, 1);
        assert_eq!(solve(&board, middle, TourKind::Open), None);
        let full = Board::new(4, 4).unwrap();
        assert_eq!(solve(&full, Square::new(0, 0), TourKind::Open), None);
    }
}
