//! Warnsdorff's rule: always jump to the square with the fewest onward moves.
//!
//! Two versions live here.
//!
//! - The *plain* rule takes the first minimum in [`KNIGHT_MOVES`] order and
//!   gives up at the first dead end. It exists to reproduce the classic
//!   analysis of where that rule fails ([`warnsdorff_failing_starts`]).
//! - The *robust* walk used by the solver breaks ties toward the board's
//!   edge: among equally constrained squares it takes the one farthest from
//!   the centre (then the first in move order). Edge squares have few
//!   neighbours, and a square left behind on the rim is the usual way the
//!   greedy walk strands itself; this tie-break alone succeeds from every
//!   start where the plain rule fails on the classic boards. When the walk
//!   still dead-ends, it does not give up: it reverses the tail of its path
//!   (a Pósa rotation: if the end attacks the square at position `i`, the
//!   path `p0..pi pi+1..end` becomes `p0..pi end..pi+1`, a path over the
//!   same squares ending at `pi+1`) until the new end has a free neighbour,
//!   and goes on. The same rotations close an open tour into a closed one,
//!   generalising the single reversal of the classic "make a circuit" trick.
//!   Further attempts use random tie-breaks. The walk is a heuristic: when
//!   every attempt fails the solver falls back to exhaustive search.

use super::grid::Grid;
use super::trace::{Step, Watcher, walk_again};
use super::{Board, KNIGHT_MOVES, Square, TourKind};
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::job::{self, CHECK_INTERVAL, Control, Outcome};

/// The start squares from which the plain rule (fewest onward moves, first
/// minimum in [`KNIGHT_MOVES`] order) reaches a dead end before visiting
/// every open square, in row-major order.
///
/// On full n x n boards these are, numbering squares row by row from 0:
/// 6x6: 15; 8x8: 44; 10x10: 21, 61; 12x12: 22, 91, 96, 101, 113, 126.
///
/// The work grows with the square of the board's area (one walk per
/// square), so it reports progress to `control` and stops between walks
/// once cancelled.
pub fn warnsdorff_failing_starts(board: &Board, control: &Control) -> Outcome<Vec<Square>> {
    let template = Grid::new(board);
    let starts: Vec<Square> = board.open_squares().collect();
    let next_start = AtomicUsize::new(0);
    // Each thread takes the next untried start; the failures are put back
    // in board order afterwards.
    let work = || {
        let mut failing = Vec::new();
        loop {
            let index = next_start.fetch_add(1, Ordering::Relaxed);
            let Some(&start) = starts.get(index) else {
                break;
            };
            if control.should_stop() {
                break;
            }
            if !plain_walk_succeeds(&template, board, start) {
                failing.push(index);
            }
            control.add_nodes(board.open_count() as u64);
        }
        failing
    };
    let mut failing: Vec<usize> =
        job::on_threads(control.resources().threads.min(starts.len()), |_| work())
            .into_iter()
            .flatten()
            .collect();
    if control.should_stop() {
        return Outcome::Cancelled;
    }
    failing.sort_unstable();
    Outcome::Done(failing.into_iter().map(|index| starts[index]).collect())
}

/// Runs the plain rule from `start` on a copy of `template`.
fn plain_walk_succeeds(template: &Grid, board: &Board, start: Square) -> bool {
    let mut grid = template.clone();
    let mut here = grid.cell(start);
    grid.visit(here);
    for _ in 1..board.open_count() {
        let next = grid.free_neighbours(here).min_by_key(|&n| grid.degree(n)); // min_by_key keeps the first minimum
        match next {
            Some(next) => {
                grid.visit(next);
                here = next;
            }
            None => return false,
        }
    }
    true
}

/// How many walks the robust solver tries before handing over to search.
const ATTEMPTS: u64 = 12;

/// Rotation work allowed per attempt: this many path elements moved per
/// open square, but never less than [`MIN_ROTATION_WORK`].
const ROTATION_WORK_PER_SQUARE: u64 = 64;

/// Rotation work allowed per attempt on small boards, where a rotation is
/// cheap and many may be needed.
const MIN_ROTATION_WORK: u64 = 200_000;

/// A tour found by the robust walk, or `None` when every attempt failed.
///
/// Closed tours are searched from any square (attempts after the first use
/// random origins) and then rotated to begin at `start`: a closed tour
/// through every square is a tour from each of them.
pub(crate) fn robust_tour(
    board: &Board,
    start: Square,
    kind: TourKind,
    control: &Control,
    watcher: &mut impl Watcher,
) -> Outcome<Option<Vec<Square>>> {
    let template = Grid::new(board);
    let mut rng = Rng::new(0x5eed_f00d_7a11);
    for attempt in 0..ATTEMPTS {
        if attempt > 0 {
            watcher.see(Step::Restart);
        }
        let (tie_break, origin) = if attempt == 0 {
            (TieBreak::Edge, start)
        } else if kind == TourKind::Closed {
            (TieBreak::Random, random_open_square(board, &mut rng))
        } else {
            (TieBreak::Random, start)
        };
        let walk = Walk::new(
            board,
            (template.clone(), origin, kind),
            (tie_break, rng.next()),
            control,
            &mut *watcher,
        );
        match walk.run() {
            Outcome::Cancelled => return Outcome::Cancelled,
            Outcome::Done(None) => continue,
            Outcome::Done(Some(path)) => {
                let mut squares: Vec<Square> = path.iter().map(|&c| template.square(c)).collect();
                if let Some(offset) = squares.iter().position(|&s| s == start)
                    && offset > 0
                {
                    // The cycle found from another square, walked again
                    // from the start, so the trace ends on the tour given.
                    squares.rotate_left(offset);
                    walk_again(watcher, &squares);
                }
                watcher.see(Step::Found);
                return Outcome::Done(Some(squares));
            }
        }
    }
    Outcome::Done(None)
}

/// The free squares a move from the end of `path` in the order the first
/// walk of `robust_tour` ranks them for a tour of `kind`, each with its
/// rank: fewest onward moves first (a square with none last unless it is
/// the last square; a neighbour of a closed tour's start counts the way
/// home), ties to the square farther from the centre, then to the first
/// in move order. The walk moves to the first. Later walks break ties at
/// random, which no order can show.
pub fn walk_order(board: &Board, path: &[Square], kind: TourKind) -> Vec<(Square, u8)> {
    let (Some(&first), Some(&last)) = (path.first(), path.last()) else {
        return Vec::new();
    };
    let grid = Grid::with_path(board, path);
    let (start, end) = (grid.cell(first), grid.cell(last));
    let remaining = board.open_count() - path.len();
    let mut ranked: Vec<(u32, std::cmp::Reverse<u64>, usize, usize)> = (0..KNIGHT_MOVES.len())
        .map(|i| (i, grid.jump(end, i)))
        .filter(|&(_, next)| grid.is_free(next))
        .map(|(i, next)| {
            let rank = rank(&grid, (kind, start), next, remaining);
            let distance = std::cmp::Reverse(grid.centre_distance(board, next));
            (rank, distance, i, next)
        })
        .collect();
    ranked.sort_unstable();
    ranked
        .into_iter()
        .map(|(rank, _, _, next)| (grid.square(next), rank as u8))
        .collect()
}

/// Fewest onward moves first. A square with none is a dead end unless it
/// is the last one, so it goes last. For closed tours the start's
/// neighbours count one extra exit (the way home), which keeps them for
/// the end of the walk.
fn rank(grid: &Grid, (kind, start): (TourKind, usize), cell: usize, remaining: usize) -> u32 {
    let degree = u32::from(grid.degree(cell));
    if degree == 0 && remaining > 1 {
        return 9;
    }
    let home = kind == TourKind::Closed && grid.attacks(cell, start);
    degree + u32::from(home)
}

/// A uniformly random open square (the board has at least one).
fn random_open_square(board: &Board, rng: &mut Rng) -> Square {
    let from = rng.below(board.area() as u64) as usize;
    (from..board.area())
        .chain(0..from)
        .map(|i| board.square(i))
        .find(|&s| board.is_open(s))
        .unwrap_or_default()
}

/// How the walk chooses among equally constrained squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TieBreak {
    /// Farthest from the centre, then first in move order.
    Edge,
    /// Uniformly at random.
    Random,
}

/// One attempt of the robust walk.
struct Walk<'a, W: Watcher> {
    board: &'a Board,
    watcher: &'a mut W,
    grid: Grid,
    kind: TourKind,
    tie_break: TieBreak,
    rng: Rng,
    control: &'a Control,
    /// Cells of the path so far; `path[0]` is the origin.
    path: Vec<usize>,
    /// For every cell, its index in `path` (only meaningful for path cells).
    position: Vec<u32>,
    /// Rotation work left in this attempt.
    work_left: u64,
    /// Steps and rotations not yet reported to the control.
    unreported: u64,
}

impl<'a, W: Watcher> Walk<'a, W> {
    fn new(
        board: &'a Board,
        (grid, origin, kind): (Grid, Square, TourKind),
        (tie_break, seed): (TieBreak, u64),
        control: &'a Control,
        watcher: &'a mut W,
    ) -> Self {
        let open = board.open_count() as u64;
        let mut walk = Walk {
            board,
            watcher,
            position: vec![0; grid.len()],
            grid,
            kind,
            tie_break,
            rng: Rng::new(seed),
            control,
            path: Vec::with_capacity(open as usize),
            work_left: (open * ROTATION_WORK_PER_SQUARE).max(MIN_ROTATION_WORK),
            unreported: 0,
        };
        let cell = walk.grid.cell(origin);
        walk.append(cell);
        walk
    }

    /// The finished path, or `Done(None)` when the rotation budget ran out.
    fn run(mut self) -> Outcome<Option<Vec<usize>>> {
        match self.complete() {
            Outcome::Done(true) => {
                self.report();
                Outcome::Done(Some(self.path))
            }
            Outcome::Done(false) => Outcome::Done(None),
            Outcome::Cancelled => Outcome::Cancelled,
        }
    }

    /// Extends, rotates when stuck, then closes if asked.
    fn complete(&mut self) -> Outcome<bool> {
        let open = self.board.open_count();
        loop {
            if !self.extend() {
                return Outcome::Cancelled;
            }
            if self.path.len() == open {
                break;
            }
            self.watcher
                .see(Step::DeadEnd(self.grid.square(self.end())));
            match self.rotate_until(|walk, end| walk.grid.degree(end) > 0) {
                Outcome::Done(true) => {}
                other => return other,
            }
        }
        let origin = self.path[0];
        let closes = |walk: &Walk<W>, end: usize| walk.grid.attacks(end, origin);
        if self.kind == TourKind::Closed && !closes(self, self.end()) {
            self.watcher
                .see(Step::DeadEnd(self.grid.square(self.end())));
            return self.rotate_until(closes);
        }
        Outcome::Done(true)
    }

    fn end(&self) -> usize {
        self.path[self.path.len() - 1]
    }

    fn append(&mut self, cell: usize) {
        self.grid.visit(cell);
        self.watcher.see(Step::Push(self.grid.square(cell)));
        self.position[cell] = self.path.len() as u32;
        self.path.push(cell);
        self.tick(1);
    }

    /// Greedy steps until the end has no free neighbour. False if cancelled.
    fn extend(&mut self) -> bool {
        while let Some(next) = self.choose() {
            self.append(next);
            if self.unreported >= CHECK_INTERVAL && !self.report() {
                return false;
            }
        }
        true
    }

    /// Warnsdorff's choice from the end of the path.
    fn choose(&mut self) -> Option<usize> {
        let end = self.end();
        let remaining = self.board.open_count() - self.path.len();
        let mut best: Option<(u32, usize)> = None;
        // Candidates seen so far with the best key: a random tie-break keeps
        // the newcomer with probability 1/ties, which is uniform overall.
        let mut ties = 0u64;
        for move_index in 0..KNIGHT_MOVES.len() {
            let next = self.grid.jump(end, move_index);
            if !self.grid.is_free(next) {
                continue;
            }
            let key = self.rank(next, remaining);
            match best {
                Some((best_key, _)) if key > best_key => continue,
                Some((best_key, incumbent)) if key == best_key => {
                    ties += 1;
                    if !self.prefer_on_tie(next, incumbent, ties) {
                        continue;
                    }
                }
                _ => ties = 1,
            }
            best = Some((key, next));
        }
        best.map(|(_, cell)| cell)
    }

    /// Whether `challenger` should replace `incumbent` between equally
    /// ranked squares.
    fn prefer_on_tie(&mut self, challenger: usize, incumbent: usize, ties: u64) -> bool {
        match self.tie_break {
            TieBreak::Edge => {
                self.grid.centre_distance(self.board, challenger)
                    > self.grid.centre_distance(self.board, incumbent)
            }
            TieBreak::Random => self.rng.below(ties) == 0,
        }
    }

    /// See [`rank`].
    fn rank(&self, cell: usize, remaining: usize) -> u32 {
        rank(&self.grid, (self.kind, self.path[0]), cell, remaining)
    }

    /// Pósa rotations of the path's tail until `goal(end)` holds, preferring
    /// a rotation that reaches the goal at once and otherwise rotating at
    /// random. `Done(false)` when the work budget runs out or the end has
    /// no rotation at all.
    fn rotate_until(&mut self, goal: impl Fn(&Walk<W>, usize) -> bool) -> Outcome<bool> {
        loop {
            let last = self.path.len() - 1;
            let pivots: Vec<usize> = self
                .grid
                .neighbours(self.end())
                .filter(|&n| !self.grid.is_free(n) && self.is_on_path(n))
                .map(|n| self.position[n] as usize)
                .filter(|&i| i + 1 < last)
                .collect();
            if pivots.is_empty() {
                return Outcome::Done(false);
            }
            let pivot = pivots
                .iter()
                .copied()
                .find(|&i| goal(self, self.path[i + 1]))
                .unwrap_or_else(|| pivots[self.rng.below(pivots.len() as u64) as usize]);
            let cost = (last - pivot) as u64;
            if cost > self.work_left {
                return Outcome::Done(false);
            }
            self.work_left -= cost;
            self.reverse_tail(pivot + 1);
            self.tick(cost);
            if !self.report() {
                return Outcome::Cancelled;
            }
            if goal(self, self.end()) {
                return Outcome::Done(true);
            }
        }
    }

    /// Whether a visited cell belongs to this walk's path (visited cells are
    /// exactly the path cells, but the border is never free either).
    fn is_on_path(&self, cell: usize) -> bool {
        let i = self.position[cell] as usize;
        i < self.path.len() && self.path[i] == cell
    }

    /// Reverses `path[from..]`, keeping `position` in step.
    fn reverse_tail(&mut self, from: usize) {
        self.watcher.see(Step::Rotate { kept: from });
        self.path[from..].reverse();
        for i in from..self.path.len() {
            self.position[self.path[i]] = i as u32;
        }
    }

    fn tick(&mut self, nodes: u64) {
        self.unreported += nodes;
    }

    /// Hands the counted nodes to the control; false once cancelled.
    fn report(&mut self) -> bool {
        self.control.add_nodes(self.unreported);
        self.unreported = 0;
        !self.control.should_stop()
    }
}

/// A small deterministic generator (SplitMix64): random tie-breaks must be
/// reproducible, and the crate takes no dependency just for this.
#[derive(Debug, Clone)]
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..bound` (`bound` > 0), up to a negligible bias.
    pub(crate) fn below(&mut self, bound: u64) -> u64 {
        ((u128::from(self.next()) * u128::from(bound)) >> 64) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knight::trace::Unwatched;
    use crate::knight::validate;

    fn failing_starts(board: &Board) -> Vec<Square> {
        match warnsdorff_failing_starts(board, &Control::new()) {
            Outcome::Done(failing) => failing,
            Outcome::Cancelled => panic!("nobody cancelled"),
        }
    }

    #[test]
    fn failing_starts_stop_when_cancelled_and_report_progress() {
        let board = Board::new(12, 12).unwrap();
        let control = Control::new();
        assert!(matches!(
            warnsdorff_failing_starts(&board, &control),
            Outcome::Done(_)
        ));
        assert_eq!(control.snapshot().nodes, 144 * 144);
        control.cancel();
        assert_eq!(
            warnsdorff_failing_starts(&board, &control),
            Outcome::Cancelled
        );
    }

    #[test]
    fn edge_tie_break_needs_no_rotation_where_the_plain_rule_fails() {
        for n in [6, 8, 10, 12] {
            let board = Board::new(n, n).unwrap();
            for start in failing_starts(&board) {
                let (control, mut unwatched) = (Control::new(), Unwatched);
                let mut walk = Walk::new(
                    &board,
                    (Grid::new(&board), start, TourKind::Open),
                    (TieBreak::Edge, 1),
                    &control,
                    &mut unwatched,
                );
                assert!(walk.extend());
                assert_eq!(
                    walk.path.len(),
                    board.open_count(),
                    "{n}x{n} from {start:?}"
                );
            }
        }
    }

    #[test]
    fn robust_walk_finds_open_and_closed_tours() {
        let control = Control::new();
        for (w, h) in [(5, 5), (6, 6), (8, 8), (7, 10), (20, 20)] {
            let board = Board::new(w, h).unwrap();
            let start = Square::new(0, 0);
            for kind in TourKind::ALL {
                if kind == TourKind::Closed && (w * h) % 2 == 1 {
                    continue;
                }
                let Outcome::Done(Some(path)) =
                    robust_tour(&board, start, kind, &control, &mut Unwatched)
                else {
                    panic!("no {kind:?} tour on {w}x{h}");
                };
                assert_eq!(path[0], start);
                assert_eq!(validate(&board, &path, kind), Ok(()));
            }
        }
    }

    #[test]
    fn cancelled_walk_stops() {
        let control = Control::new();
        control.cancel();
        let board = Board::new(100, 100).unwrap();
        let outcome = robust_tour(
            &board,
            Square::new(0, 0),
            TourKind::Open,
            &control,
            &mut Unwatched,
        );
        assert_eq!(outcome, Outcome::Cancelled);
    }
}
