//! The solver of numbered tours: a depth-first search on the board's
//! knight graph. The numbers not given fall in runs: between two givens,
//! above the top given and below the lowest (or round from the top to the
//! lowest on a closed tour). Each run grows from one end, and at every
//! step the search grows the run whose next number has the fewest squares
//! to go to, so short runs between close givens are laid first and fix
//! what the long ones must work round.
//!
//! What keeps it fast where people play (see `docs/ALGORITHMS.md`):
//! - a number may only go where its run's far end can still be reached in
//!   the moves left (knight distances, found once);
//! - every square, open or numbered, keeps as many free neighbours as the
//!   path still has to enter and leave it by;
//! - every free square fits some run, and every run has squares enough;
//! - the givens are laid at the start, so the search never takes a given
//!   square for another number.

use std::mem::take;

use crate::job::{Control, Outcome};
use crate::knight::{Square, TourKind};

use super::{Filled, NumbersPuzzle};

/// No square.
const NONE: u16 = u16::MAX;

/// The squares a number may take, with their free neighbours, and how
/// many of the eight places hold one.
type Candidates = ([(u8, u16); 8], usize);

/// Counts the solutions of `puzzle`, stopping at `limit` (so `Some(2)`
/// answers "is it unique?").
pub fn count(puzzle: &NumbersPuzzle, limit: Option<u64>, control: &Control) -> Outcome<u64> {
    let mut search = Search::new(puzzle, limit.unwrap_or(u64::MAX), false);
    let ran = search.run(control);
    search.report_nodes(control);
    match ran {
        Some(()) => Outcome::Done(search.found),
        None => Outcome::Cancelled,
    }
}

/// A solution of `puzzle`, if it has one.
pub fn solve(puzzle: &NumbersPuzzle, control: &Control) -> Outcome<Option<Filled>> {
    let mut search = Search::new(puzzle, 1, true);
    let ran = search.run(control);
    search.report_nodes(control);
    match ran {
        Some(()) => Outcome::Done(search.first),
        None => Outcome::Cancelled,
    }
}

/// Numbers still to lay, laid from one end: see [`Search::run`].
#[derive(Debug, Clone, Copy)]
struct Run {
    /// The number at the end it grows from, laid.
    end: u32,
    /// Whether it grows towards the last number (round to 1 on a closed
    /// tour), else towards 1.
    upwards: bool,
    /// The laid number it must reach, or none at an end of an open tour.
    target: Option<u32>,
    /// The numbers still to lay in it.
    left: u32,
}

impl Run {
    fn upwards(end: u32, target: Option<u32>, left: u32) -> Run {
        Run {
            end,
            upwards: true,
            target,
            left,
        }
    }

    /// The number it lays next.
    fn next(&self, last: u32) -> u32 {
        match (self.upwards, self.end) {
            (true, end) if end == last => 1,
            (true, end) => end + 1,
            (false, end) => end - 1,
        }
    }
}

/// Numbers still to lay between two laid ones (or an end of an open
/// tour): see [`Search::gaps`].
struct Gap {
    /// The laid square below, if any.
    from: Option<u16>,
    /// The laid square above, if any.
    to: Option<u16>,
    /// The knight's moves from `from` to `to` (to the end or from the
    /// start where one of them is missing).
    moves: u32,
    /// The numbers in it.
    unplaced: u32,
}

impl Gap {
    fn new(from: Option<u16>, to: Option<u16>, moves: u32, unplaced: u32) -> Gap {
        Gap {
            from,
            to,
            moves,
            unplaced,
        }
    }
}

/// The state of one search.
struct Search<'a> {
    puzzle: &'a NumbersPuzzle,
    closed: bool,
    /// The last number.
    last: u32,
    /// Open squares by index: their board indices.
    squares: Vec<Square>,
    /// The knight neighbours of each open square.
    neighbours: Vec<Vec<u16>>,
    /// Knight distances between open squares on the board (`u8::MAX`
    /// where none leads).
    distance: Vec<u8>,
    /// The number on each open square, 0 if none yet.
    number: Vec<u32>,
    /// Where each number stands (`NONE` if nowhere yet), from 0 to
    /// `last + 1`.
    at: Vec<u16>,
    /// Each open square's neighbours that hold no number yet.
    free: Vec<u8>,
    /// The given numbers in order.
    given_numbers: Vec<u32>,
    /// Solutions found so far.
    found: u64,
    limit: u64,
    /// Whether to keep the first solution.
    keep: bool,
    first: Option<Filled>,
    /// Nodes since the last look at the control.
    since_check: u32,
    /// The runs of numbers still to lay.
    runs: Vec<Run>,
    /// Room for the gaps of a node, kept from node to node.
    gaps: Vec<Gap>,
    /// Room for the counts of squares each gap can take (see
    /// [`Search::gaps_fit`]).
    counts: Vec<u32>,
}

/// How often the search looks whether it was cancelled, in nodes.
const CHECK_EVERY: u32 = 1 << 14;

impl<'a> Search<'a> {
    fn new(puzzle: &'a NumbersPuzzle, limit: u64, keep: bool) -> Search<'a> {
        let board = puzzle.board();
        let squares: Vec<Square> = board.open_squares().collect();
        let mut index_of = vec![NONE; board.area()];
        for (index, &square) in squares.iter().enumerate() {
            index_of[board.index(square)] = index as u16;
        }
        let neighbours: Vec<Vec<u16>> = squares
            .iter()
            .map(|&square| {
                board
                    .neighbours(square)
                    .map(|next| index_of[board.index(next)])
                    .collect()
            })
            .collect();
        let n = squares.len();
        let mut distance = vec![u8::MAX; n * n];
        let mut queue = Vec::with_capacity(n);
        for from in 0..n {
            let row = &mut distance[from * n..(from + 1) * n];
            row[from] = 0;
            queue.clear();
            queue.push(from as u16);
            let mut head = 0;
            while let Some(&here) = queue.get(head) {
                head += 1;
                let next_distance = row[here as usize].saturating_add(1);
                for &next in &neighbours[here as usize] {
                    if row[next as usize] == u8::MAX {
                        row[next as usize] = next_distance;
                        queue.push(next);
                    }
                }
            }
        }
        let last = n as u32;
        let mut number = vec![0u32; n];
        let mut at = vec![NONE; last as usize + 2];
        let mut given_numbers = Vec::new();
        for (index, &square) in squares.iter().enumerate() {
            if let Some(given) = puzzle.given(square) {
                number[index] = given;
                at[given as usize] = index as u16;
                given_numbers.push(given);
            }
        }
        given_numbers.sort_unstable();
        let free = (0..n)
            .map(|index| {
                neighbours[index]
                    .iter()
                    .filter(|&&next| number[next as usize] == 0)
                    .count() as u8
            })
            .collect();
        Search {
            puzzle,
            closed: puzzle.kind() == TourKind::Closed,
            last,
            squares,
            neighbours,
            distance,
            number,
            at,
            free,
            given_numbers,
            found: 0,
            limit,
            keep,
            first: None,
            since_check: 0,
            runs: Vec::new(),
            gaps: Vec::new(),
            counts: Vec::new(),
        }
    }

    /// Runs the search; `None` if it was cancelled.
    fn run(&mut self, control: &Control) -> Option<()> {
        if self.last == 0 || !self.givens_fit() {
            return Some(());
        }
        let last = self.last;
        let Some(&lowest) = self.given_numbers.first() else {
            // No givens: 1 may stand anywhere, and the rest runs from it.
            let target = self.closed.then_some(1);
            self.runs = vec![Run::upwards(1, target, last - 1)];
            for start in 0..last as u16 {
                self.place(1, start);
                let done = self.grow(control);
                self.unplace(1, start);
                done?;
                if self.found >= self.limit {
                    break;
                }
            }
            return Some(());
        };
        let top = *self.given_numbers.last().unwrap_or(&lowest);
        let mut runs: Vec<Run> = self
            .given_numbers
            .windows(2)
            .filter(|pair| pair[1] > pair[0] + 1)
            .map(|pair| Run::upwards(pair[0], Some(pair[1]), pair[1] - pair[0] - 1))
            .collect();
        if self.closed {
            let left = last - top + lowest - 1;
            if left > 0 {
                runs.push(Run::upwards(top, Some(lowest), left));
            }
        } else {
            if top < last {
                runs.push(Run::upwards(top, None, last - top));
            }
            if lowest > 1 {
                runs.push(Run {
                    end: lowest,
                    upwards: false,
                    target: None,
                    left: lowest - 1,
                });
            }
        }
        self.runs = runs;
        self.grow(control)
    }

    /// Whether the givens can be joined at all: each pair of consecutive
    /// givens is no further apart than the moves between them, and every
    /// numbered square has room for the path to come and go.
    fn givens_fit(&self) -> bool {
        let pairs = self.given_numbers.windows(2).all(|pair| {
            let (low, high) = (pair[0], pair[1]);
            self.reachable(self.at[low as usize], self.at[high as usize], high - low)
        });
        let round = match (
            self.closed,
            self.given_numbers.first(),
            self.given_numbers.last(),
        ) {
            (true, Some(&lowest), Some(&top)) if top != lowest => self.reachable(
                self.at[top as usize],
                self.at[lowest as usize],
                self.last - top + lowest,
            ),
            _ => true,
        };
        pairs && round && (0..self.squares.len()).all(|index| self.roomy(index as u16))
    }

    /// Whether `to` can be reached from `from` in exactly `moves` knight's
    /// moves on the board, as far as distance and colour tell.
    fn reachable(&self, from: u16, to: u16, moves: u32) -> bool {
        let distance = u32::from(self.distance[from as usize * self.squares.len() + to as usize]);
        distance <= moves && (moves - distance).is_multiple_of(2)
    }

    /// Whether number `k` is still to be placed (1 and the last wrap round
    /// on a closed tour).
    fn open_slot(&self, k: u32) -> bool {
        let k = if k == 0 && self.closed {
            self.last
        } else if k == self.last + 1 && self.closed {
            1
        } else {
            k
        };
        (1..=self.last).contains(&k) && self.at[k as usize] == NONE
    }

    /// How many path neighbours the square `index` still needs: for a
    /// numbered square, its numbers either side not yet placed; for a free
    /// one, two, or one if it may be an end of an open tour.
    fn needs(&self, index: u16) -> (u8, bool) {
        match self.number[index as usize] {
            0 => {
                let may_end = !self.closed && (self.open_slot(1) || self.open_slot(self.last));
                (2, may_end)
            }
            k => (
                u8::from(self.open_slot(k - 1)) + u8::from(self.open_slot(k + 1)),
                false,
            ),
        }
    }

    /// Whether the square `index` keeps neighbours enough: numbered squares
    /// count free neighbours; a free square also counts numbered
    /// neighbours that still need a next or previous number.
    fn roomy(&self, index: u16) -> bool {
        let (needed, may_end) = self.needs(index);
        if self.number[index as usize] != 0 {
            return self.free[index as usize] >= needed;
        }
        let mut ways = 0u8;
        for &next in &self.neighbours[index as usize] {
            let k = self.number[next as usize];
            if k == 0 || self.open_slot(k - 1) || self.open_slot(k + 1) {
                ways += 1;
                if ways >= needed {
                    return true;
                }
            }
        }
        ways >= 1 && may_end
    }

    fn place(&mut self, k: u32, index: u16) {
        self.number[index as usize] = k;
        self.at[k as usize] = index;
        for &next in &self.neighbours[index as usize] {
            self.free[next as usize] -= 1;
        }
    }

    fn unplace(&mut self, k: u32, index: u16) {
        self.number[index as usize] = 0;
        self.at[k as usize] = NONE;
        for &next in &self.neighbours[index as usize] {
            self.free[next as usize] += 1;
        }
    }

    /// Whether placing the number now on `index` (coming from `from`)
    /// leaves every square around both of them room enough.
    fn still_roomy(&self, from: u16, index: u16) -> bool {
        let around = |square: u16| {
            self.neighbours[square as usize]
                .iter()
                .all(|&next| self.roomy(next))
        };
        self.roomy(from) && self.roomy(index) && around(from) && around(index)
    }

    /// The gaps of numbers not laid yet: one for each run with numbers
    /// left, from the end it grows from to its far end (if any).
    fn gaps_into(&self, gaps: &mut Vec<Gap>) {
        gaps.clear();
        for run in self.runs.iter().filter(|run| run.left > 0) {
            let to = run.target.map(|target| self.at[target as usize]);
            let moves = run.left + u32::from(to.is_some());
            gaps.push(Gap::new(
                Some(self.at[run.end as usize]),
                to,
                moves,
                run.left,
            ));
        }
    }

    /// Whether every free square can still take a number of some gap,
    /// no gap has more squares that only it can take than numbers, and no
    /// gap has fewer squares it can take than numbers. `counts` is room,
    /// kept from node to node, for both counts of each gap.
    fn gaps_fit(&self, gaps: &[Gap], counts: &mut Vec<u32>) -> bool {
        let n = self.squares.len();
        let distance = |a: u16, b: u16| u32::from(self.distance[a as usize * n + b as usize]);
        counts.clear();
        counts.resize(2 * gaps.len(), 0);
        let (only, can) = counts.split_at_mut(gaps.len());
        for square in 0..n as u16 {
            if self.number[square as usize] != 0 {
                continue;
            }
            let mut fitting = None;
            let mut fits = 0;
            for (index, gap) in gaps.iter().enumerate() {
                let near = gap.from.map_or(0, |from| distance(from, square))
                    + gap.to.map_or(0, |to| distance(square, to));
                if near <= gap.moves {
                    fits += 1;
                    fitting = Some(index);
                    can[index] += 1;
                }
            }
            match (fits, fitting) {
                (0, _) => return false,
                (1, Some(index)) => {
                    only[index] += 1;
                    if only[index] > gaps[index].unplaced {
                        return false;
                    }
                }
                _ => {}
            }
        }
        gaps.iter()
            .zip(can.iter())
            .all(|(gap, &can)| can >= gap.unplaced)
    }

    /// The squares the next number of `run` may take: free knight's
    /// moves from its end within reach of its far end, fewest free
    /// neighbours first (Warnsdorff's order); how many there are.
    fn candidates(&self, run: &Run) -> Candidates {
        let from = self.at[run.end as usize];
        let mut candidates = [(0u8, 0u16); 8];
        let mut count = 0;
        for &next in &self.neighbours[from as usize] {
            if self.number[next as usize] != 0 {
                continue;
            }
            if let Some(target) = run.target
                && !self.reachable(next, self.at[target as usize], run.left)
            {
                continue;
            }
            candidates[count] = (self.free[next as usize], next);
            count += 1;
        }
        (candidates, count)
    }

    /// Adds the nodes not yet reported to `control`'s count (they are
    /// reported in batches as the search goes).
    fn report_nodes(&mut self, control: &Control) {
        control.add_nodes(u64::from(take(&mut self.since_check)));
    }

    /// Lays the numbers still to lay: grows the run with the fewest
    /// squares for its next number, trying each of them.
    fn grow(&mut self, control: &Control) -> Option<()> {
        self.since_check += 1;
        if self.since_check >= CHECK_EVERY {
            self.since_check = 0;
            control.add_nodes(u64::from(CHECK_EVERY));
            if control.should_stop() {
                return None;
            }
        }
        let mut chosen: Option<(usize, Candidates)> = None;
        for (index, run) in self.runs.iter().enumerate() {
            if run.left == 0 {
                continue;
            }
            let (candidates, count) = self.candidates(run);
            if count == 0 {
                return Some(());
            }
            if chosen.is_none_or(|(_, (_, fewest))| count < fewest) {
                chosen = Some((index, (candidates, count)));
            }
        }
        let Some((index, (mut candidates, count))) = chosen else {
            self.finish();
            return Some(());
        };
        candidates[..count].sort_unstable();
        let run = self.runs[index];
        let (from, k) = (self.at[run.end as usize], run.next(self.last));
        for &(_, next) in &candidates[..count] {
            self.place(k, next);
            self.runs[index] = Run {
                end: k,
                left: run.left - 1,
                ..run
            };
            let fits = self.still_roomy(from, next) && {
                let (mut gaps, mut counts) = (take(&mut self.gaps), take(&mut self.counts));
                self.gaps_into(&mut gaps);
                let fit = self.gaps_fit(&gaps, &mut counts);
                (self.gaps, self.counts) = (gaps, counts);
                fit
            };
            let done = if fits { self.grow(control) } else { Some(()) };
            self.runs[index] = run;
            self.unplace(k, next);
            done?;
            if self.found >= self.limit {
                break;
            }
        }
        Some(())
    }

    /// Every number is laid: a solution, if a closed tour closes.
    fn finish(&mut self) {
        if self.closed {
            let (first, last) = (self.at[1], self.at[self.last as usize]);
            if self.last < 4 || !self.neighbours[last as usize].contains(&first) {
                return;
            }
        }
        self.found += 1;
        if self.keep && self.first.is_none() {
            let board = self.puzzle.board();
            let mut filled = vec![0; board.area()];
            for (index, &square) in self.squares.iter().enumerate() {
                filled[board.index(square)] = self.number[index];
            }
            self.first = Some(filled);
        }
    }
}
