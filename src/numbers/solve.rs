//! The solver of numbered tours: a depth-first search that follows, at
//! every node, the squares each number not yet laid can still take.
//!
//! The numbers not laid fall in runs: between two laid numbers, above the
//! top one and below the lowest (or round from the top to the lowest on a
//! closed tour). A number `t` places into its run can only stand where a
//! row of `t` knight's moves over free squares leads from the run's low
//! end, and where a row of the right length leads on to its high end.
//! Both sides are found for every number at once, as sets of squares
//! moved a knight's move at a time. Then (see `docs/ALGORITHMS.md`):
//! - a number with no square left, or a free square no number can take,
//!   ends the branch;
//! - the search lays the number with the fewest squares, or a number
//!   that is the only one a square can take, anywhere in its run;
//! - every square keeps as many free neighbours as the path still has to
//!   enter and leave it by;
//! - every run has squares enough, and no more squares only it can take
//!   than numbers;
//! - each run lies in one region of free squares, so every region must be
//!   filled, square for square and colour for colour, by the runs that can
//!   reach it.

use std::mem::take;
use std::sync::atomic::Ordering;

use crate::job::{Control, Outcome};
use crate::knight::{Square, TourKind};

use super::squares::{Moves, SquareSet};
use super::{Filled, NumbersPuzzle};

/// No square.
const NONE: u16 = u16::MAX;

/// Calls `$function::<WORDS>` with sets of just enough words for a board
/// of `$area` squares.
macro_rules! with_words {
    ($area:expr, $function:ident($($argument:expr),*)) => {
        match $area.div_ceil(64) {
            0 | 1 => $function::<1>($($argument),*),
            2 => $function::<2>($($argument),*),
            3 => $function::<3>($($argument),*),
            4 => $function::<4>($($argument),*),
            // A side is at most `NumbersPuzzle::MAX_SIDE`.
            _ => $function::<9>($($argument),*),
        }
    };
}

mod domains;
mod rate;
mod threads;
pub(super) use rate::rating_towards;
pub use rate::{Deduction, Rating, Step, by_deduction, rate};
use threads::{Shared, search_in};

/// Counts the solutions of `puzzle`, stopping at `limit` (so `Some(2)`
/// answers "is it unique?").
pub fn count(puzzle: &NumbersPuzzle, limit: Option<u64>, control: &Control) -> Outcome<u64> {
    let goal = Goal {
        limit: limit.unwrap_or(u64::MAX),
        keep: false,
        barred: None,
        budget: u64::MAX,
    };
    search(puzzle, goal, control).map(|searched| searched.found)
}

/// A solution of `puzzle`, if it has one.
pub fn solve(puzzle: &NumbersPuzzle, control: &Control) -> Outcome<Option<Filled>> {
    let goal = Goal {
        limit: 1,
        keep: true,
        barred: None,
        budget: u64::MAX,
    };
    search(puzzle, goal, control).map(|searched| searched.first)
}

/// Whether `puzzle` has a solution without `number` on `square`. The
/// generator asks it when it takes a given away from a puzzle with one
/// solution: any second solution must put that number elsewhere, and
/// barring the square spares the search every branch of the first.
/// `None` if the search gave up, undecided: a search shared out among
/// threads gives up where one of its branches takes `budget` nodes,
/// alone where it does. The branches are the same on any number of
/// threads, so the answer is too.
pub fn solvable_without(
    puzzle: &NumbersPuzzle,
    (square, number): (Square, u32),
    budget: Option<u64>,
    control: &Control,
) -> Outcome<Option<bool>> {
    let goal = Goal {
        limit: 1,
        keep: false,
        barred: Some((puzzle.board().index(square) as u16, number)),
        budget: budget.unwrap_or(u64::MAX),
    };
    search(puzzle, goal, control)
        .map(|searched| (searched.found > 0 || searched.whole).then_some(searched.found > 0))
}

/// What a search looks for.
#[derive(Debug, Clone, Copy)]
struct Goal {
    /// It stops at this many solutions.
    limit: u64,
    /// Whether it keeps the first.
    keep: bool,
    /// A number that may not stand on a square (by index), if any.
    barred: Option<(u16, u32)>,
    /// The nodes it, or each branch of it shared out, may take before it
    /// gives up.
    budget: u64,
}

/// What a search found.
struct Searched {
    /// Solutions, up to the goal's limit.
    found: u64,
    /// The first, if the goal keeps it.
    first: Option<Filled>,
    /// Whether it searched all it had to (it did not give up).
    whole: bool,
}

/// Runs a search with sets of the board's size.
fn search(puzzle: &NumbersPuzzle, goal: Goal, control: &Control) -> Outcome<Searched> {
    with_words!(puzzle.board().area(), search_in(puzzle, goal, control))
}

/// Numbers still to lay between two laid ones, or between a laid one and
/// an end of an open tour: see [`Search::run`].
#[derive(Debug, Clone, Copy)]
struct Run {
    /// The laid number below it, if any.
    low: Option<u32>,
    /// The laid number above it, if any (round past the last to 1 on a
    /// closed tour).
    high: Option<u32>,
    /// The numbers still to lay in it.
    left: u32,
}

impl Run {
    /// The number `place` places above its low end (from 1 to `left`), on
    /// a tour whose last number is `last`.
    fn number(&self, place: u32, last: u32) -> u32 {
        match self.low {
            Some(low) => (low + place - 1) % last + 1,
            // Only the run below the lowest given of an open tour has no
            // low end: it holds 1 to `left`.
            None => place,
        }
    }

    /// The two runs left when number `k` is laid at `place`.
    fn split(&self, place: u32, k: u32) -> (Run, Run) {
        (
            Run {
                high: Some(k),
                left: place - 1,
                ..*self
            },
            Run {
                low: Some(k),
                left: self.left - place,
                ..*self
            },
        )
    }
}

/// The squares number `place` of run `run` can take, at one node.
#[derive(Debug, Clone, Copy)]
struct Domain<const WORDS: usize> {
    run: usize,
    place: u32,
    squares: SquareSet<WORDS>,
}

/// Number `place` of run `run` laid on `square`.
#[derive(Debug, Clone, Copy)]
struct Placement {
    run: usize,
    place: u32,
    square: u16,
}

/// The state of one search.
struct Search<'a, const WORDS: usize> {
    puzzle: &'a NumbersPuzzle,
    closed: bool,
    /// The last number.
    last: u32,
    moves: Moves<WORDS>,
    /// The knight neighbours of each square (none for blocked squares).
    neighbours: Vec<Vec<u16>>,
    /// The dark squares (a knight's move always changes colour).
    dark: SquareSet<WORDS>,
    /// The open squares that hold no number yet.
    free: SquareSet<WORDS>,
    /// The number on each square, 0 if none yet.
    number: Vec<u32>,
    /// Where each number stands (`NONE` if nowhere yet), from 0 to
    /// `last + 1`.
    at: Vec<u16>,
    /// Each square's neighbours that hold no number yet.
    free_neighbours: Vec<u8>,
    /// The given numbers in order.
    given_numbers: Vec<u32>,
    /// Solutions found so far.
    found: u64,
    goal: Goal,
    first: Option<Filled>,
    /// Nodes since the last look at the control.
    since_check: u32,
    /// Nodes in all.
    nodes: u64,
    /// What it shares with the other threads, if it shares out its work.
    shared: Option<&'a Shared>,
    /// The runs of numbers still to lay.
    runs: Vec<Run>,
    /// Room kept from node to node: see [`Search::domains`].
    room: Room<WORDS>,
}

/// Room for one node's sets, kept from node to node.
struct Room<const WORDS: usize> {
    /// Each number's squares.
    domains: Vec<Domain<WORDS>>,
    /// The squares reached from a run's ends, move by move.
    from_low: Vec<SquareSet<WORDS>>,
    from_high: Vec<SquareSet<WORDS>>,
    /// Each run's squares (all its numbers' together).
    run_squares: Vec<SquareSet<WORDS>>,
}

/// How often the search looks whether it was cancelled, in nodes.
const CHECK_EVERY: u32 = 1 << 12;

impl<'a, const WORDS: usize> Search<'a, WORDS> {
    fn new(puzzle: &'a NumbersPuzzle, goal: Goal) -> Self {
        let board = puzzle.board();
        let mut neighbours = vec![Vec::new(); board.area()];
        let mut free = SquareSet::EMPTY;
        let mut dark = SquareSet::EMPTY;
        let mut number = vec![0u32; board.area()];
        let last = board.open_count() as u32;
        let mut at = vec![NONE; last as usize + 2];
        let mut given_numbers = Vec::new();
        for square in board.squares() {
            let index = board.index(square);
            if (square.x + square.y) % 2 == 1 {
                dark.insert(index);
            }
            if board.is_blocked(square) {
                continue;
            }
            neighbours[index] = board
                .neighbours(square)
                .map(|next| board.index(next) as u16)
                .collect();
            match puzzle.given(square) {
                Some(given) => {
                    number[index] = given;
                    at[given as usize] = index as u16;
                    given_numbers.push(given);
                }
                None => free.insert(index),
            }
        }
        given_numbers.sort_unstable();
        let free_neighbours = neighbours
            .iter()
            .map(|around| {
                around
                    .iter()
                    .filter(|&&next| free.contains(next as usize))
                    .count() as u8
            })
            .collect();
        Search {
            puzzle,
            closed: puzzle.kind() == TourKind::Closed,
            last,
            moves: Moves::new(board),
            neighbours,
            dark,
            free,
            number,
            at,
            free_neighbours,
            given_numbers,
            found: 0,
            goal,
            first: None,
            since_check: 0,
            nodes: 0,
            shared: None,
            runs: Vec::new(),
            room: Room::default(),
        }
    }

    /// Runs the search; `None` if it was cancelled.
    fn run(&mut self, control: &Control) -> Option<()> {
        let last = self.last;
        if last == 0 {
            return Some(());
        }
        let Some(&lowest) = self.given_numbers.first() else {
            // No givens: 1 may stand anywhere, and the rest runs from it
            // (on a board of one square, nothing runs from it).
            let run = Run {
                low: Some(1),
                high: self.closed.then_some(1),
                left: last - 1,
            };
            self.runs = if run.left > 0 { vec![run] } else { Vec::new() };
            for start in self.free.iter() {
                if self.goal.barred == Some((start as u16, 1)) {
                    continue;
                }
                self.place(1, start as u16);
                let done = self.grow(control);
                self.unplace(1, start as u16);
                done?;
                if self.enough() {
                    break;
                }
            }
            return Some(());
        };
        if !self.start_from_givens(lowest) {
            return Some(());
        }
        self.grow(control)
    }

    /// Sets out the runs and lays the placements of `path`, as the search
    /// would have down that branch; false where it would have turned back.
    fn follow(&mut self, path: &[Placement]) -> bool {
        let Some(&lowest) = self.given_numbers.first() else {
            return false;
        };
        self.start_from_givens(lowest) && path.iter().all(|&placement| self.enter(placement).2)
    }

    /// Sets out the runs between the givens, the lowest of which is
    /// `lowest`; false if the givens cannot be joined.
    fn start_from_givens(&mut self, lowest: u32) -> bool {
        let last = self.last;
        let top = *self.given_numbers.last().unwrap_or(&lowest);
        let mut runs: Vec<Run> = self
            .given_numbers
            .windows(2)
            .map(|pair| Run {
                low: Some(pair[0]),
                high: Some(pair[1]),
                left: pair[1] - pair[0] - 1,
            })
            .collect();
        if self.closed {
            runs.push(Run {
                low: Some(top),
                high: Some(lowest),
                left: last - top + lowest - 1,
            });
        } else {
            runs.push(Run {
                low: Some(top),
                high: None,
                left: last - top,
            });
            runs.push(Run {
                low: None,
                high: Some(lowest),
                left: lowest - 1,
            });
        }
        // Givens next in number must be a knight's move apart.
        let apart = |run: &Run| match (run.left, run.low, run.high) {
            (0, Some(low), Some(high)) => {
                self.neighbours[self.at[low as usize] as usize].contains(&self.at[high as usize])
            }
            _ => true,
        };
        if !runs.iter().all(apart) || !self.all_roomy() {
            return false;
        }
        runs.retain(|run| run.left > 0);
        self.runs = runs;
        true
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

    /// Whether the open square `index` keeps neighbours enough: numbered
    /// squares count free neighbours; a free square also counts numbered
    /// neighbours that still need a next or previous number.
    fn roomy(&self, index: u16) -> bool {
        let (needed, may_end) = self.needs(index);
        if self.number[index as usize] != 0 {
            return self.free_neighbours[index as usize] >= needed;
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

    /// Whether every open square keeps neighbours enough.
    fn all_roomy(&self) -> bool {
        let board = self.puzzle.board();
        board
            .open_squares()
            .all(|square| self.roomy(board.index(square) as u16))
    }

    fn place(&mut self, k: u32, index: u16) {
        self.number[index as usize] = k;
        self.at[k as usize] = index;
        self.free.remove(index as usize);
        for &next in &self.neighbours[index as usize] {
            self.free_neighbours[next as usize] -= 1;
        }
    }

    fn unplace(&mut self, k: u32, index: u16) {
        self.number[index as usize] = 0;
        self.at[k as usize] = NONE;
        self.free.insert(index as usize);
        for &next in &self.neighbours[index as usize] {
            self.free_neighbours[next as usize] += 1;
        }
    }

    /// Whether the square just numbered and the squares around it keep
    /// neighbours enough (no other square lost a free neighbour).
    fn roomy_around(&self, index: u16) -> bool {
        self.roomy(index)
            && self.neighbours[index as usize]
                .iter()
                .all(|&next| self.roomy(next))
    }

    /// The squares reached from the laid square `end` in 1, 2, ...
    /// `moves` knight's moves over free squares, into `layers` (from index
    /// 1; index 0 is `end` itself).
    fn spread(&self, end: u16, moves: u32, layers: &mut Vec<SquareSet<WORDS>>) {
        layers.clear();
        layers.push(SquareSet::single(end as usize));
        for step in 1..=moves as usize {
            // The squares a row of moves can reach repeat every two moves
            // once they stop growing.
            let next = if step >= 3 && layers[step - 1] == layers[step - 3] {
                layers[step - 2]
            } else {
                self.moves.from(layers[step - 1]) & self.free
            };
            layers.push(next);
        }
    }

    /// Lays the numbers still to lay: see [`Search::choose`].
    fn grow(&mut self, control: &Control) -> Option<()> {
        self.nodes += 1;
        if self.nodes >= self.goal.budget {
            return None;
        }
        self.since_check += 1;
        if self.since_check >= CHECK_EVERY {
            control.add_nodes(u64::from(take(&mut self.since_check)));
            if control.should_stop() {
                return None;
            }
        }
        if self.runs.is_empty() {
            self.finish();
            return Some(());
        }
        let mut room = take(&mut self.room);
        let fits = self.domains(&mut room);
        let lone = if fits {
            self.lone_squares(&room.domains)
        } else {
            Vec::new()
        };
        let chosen = if fits && lone.len() < 2 {
            self.choose(&room.domains)
        } else {
            None
        };
        self.room = room;
        if lone.len() >= 2 {
            return self.lay_all(&lone, control);
        }
        let Some(tries) = chosen else {
            return Some(());
        };
        for placement in tries {
            self.lay(placement, control)?;
            if self.enough() {
                break;
            }
        }
        Some(())
    }

    /// Lays every number of `lone` on its one square at once, and searches
    /// on: the same as laying them one node at a time, for one look at the
    /// numbers' squares instead of one a number.
    fn lay_all(&mut self, lone: &[(u32, u16)], control: &Control) -> Option<()> {
        let mut laid = Vec::with_capacity(lone.len());
        let mut fits = true;
        for &(k, square) in lone {
            // Two numbers left with the same one square.
            if self.number[square as usize] != 0 {
                fits = false;
                break;
            }
            let placement = self.placement_of(k, square);
            let (run, kept, roomy) = self.enter(placement);
            laid.push((placement, run, kept));
            if !roomy {
                fits = false;
                break;
            }
        }
        let done = if fits { self.grow(control) } else { Some(()) };
        for (placement, run, kept) in laid.into_iter().rev() {
            self.leave(placement, run, kept);
        }
        done
    }

    /// Each number with one square left, and that square.
    fn lone_squares(&self, domains: &[Domain<WORDS>]) -> Vec<(u32, u16)> {
        domains
            .iter()
            .filter(|domain| domain.squares.len() == 1)
            .filter_map(|domain| {
                let k = self.runs[domain.run].number(domain.place, self.last);
                Some((k, domain.squares.first()? as u16))
            })
            .collect()
    }

    /// Number `k`, not yet laid, laid on `square`: found in its run.
    fn placement_of(&self, k: u32, square: u16) -> Placement {
        let last = self.last;
        self.runs
            .iter()
            .enumerate()
            .find_map(|(index, run)| {
                let place = match run.low {
                    Some(low) => (k + last - low) % last,
                    None => k,
                };
                (1..=run.left).contains(&place).then_some(Placement {
                    run: index,
                    place,
                    square,
                })
            })
            .expect("a number not yet laid is in a run")
    }

    /// Lays `placement` and searches on.
    fn lay(&mut self, placement: Placement, control: &Control) -> Option<()> {
        let (run, kept, fits) = self.enter(placement);
        let done = if fits { self.grow(control) } else { Some(()) };
        self.leave(placement, run, kept);
        done
    }

    /// Lays `placement`, splitting its run: the run as it was and how many
    /// runs were left beside it (for [`Search::leave`]), and whether the
    /// squares around keep room enough.
    fn enter(
        &mut self,
        Placement {
            run: index,
            place,
            square,
        }: Placement,
    ) -> (Run, usize, bool) {
        let run = self.runs[index];
        let k = run.number(place, self.last);
        let (below, above) = run.split(place, k);
        self.runs.swap_remove(index);
        let kept = self.runs.len();
        self.runs
            .extend([below, above].into_iter().filter(|part| part.left > 0));
        self.place(k, square);
        (run, kept, self.roomy_around(square))
    }

    /// Takes back `placement`, laid by [`Search::enter`].
    fn leave(&mut self, placement: Placement, run: Run, kept: usize) {
        self.unplace(run.number(placement.place, self.last), placement.square);
        self.runs.truncate(kept);
        self.runs.push(run);
        let moved = self.runs.len() - 1;
        self.runs.swap(placement.run, moved);
    }

    /// Whether the search has found all the solutions it looks for, on
    /// its own or, sharing out the work, with the others.
    fn enough(&self) -> bool {
        self.found >= self.goal.limit
            || self
                .shared
                .is_some_and(|shared| shared.found.load(Ordering::Relaxed) >= self.goal.limit)
    }

    /// Every number is laid: a solution (the runs saw to every step being
    /// a knight's move, round to 1 on a closed tour).
    fn finish(&mut self) {
        if self.closed && self.last < 4 {
            return;
        }
        self.found += 1;
        if let Some(shared) = self.shared {
            shared.found.fetch_add(1, Ordering::Relaxed);
        }
        if self.goal.keep && self.first.is_none() {
            self.first = Some(self.number.clone());
        }
    }
}

impl<const WORDS: usize> Default for Room<WORDS> {
    fn default() -> Self {
        Room {
            domains: Vec::new(),
            from_low: Vec::new(),
            from_high: Vec::new(),
            run_squares: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knight::{self, Algorithm, Board, SolveResult};
    use crate::random::Rng;

    pub(super) fn done<T>(outcome: Outcome<T>) -> T {
        match outcome {
            Outcome::Done(value) => value,
            Outcome::Cancelled => panic!("not cancelled"),
        }
    }

    /// Puzzles on small boards with givens taken at random from a tour,
    /// so each has a solution and many have several.
    pub(super) fn puzzles(seed: u64) -> Vec<NumbersPuzzle> {
        let mut rng = Rng::new(seed);
        let mut made = Vec::new();
        for (width, height, kind) in [(5, 5, TourKind::Open), (6, 5, TourKind::Closed)] {
            let board = Board::new(width, height).expect("a board");
            let start = Square::new(0, 0);
            let control = Control::new();
            let SolveResult::Found(tour) = done(knight::solve(
                &board,
                start,
                kind,
                Algorithm::Warnsdorff,
                &control,
            )) else {
                panic!("{width}x{height} has a tour");
            };
            for _ in 0..8 {
                let givens: Vec<(Square, u32)> = (tour.path.iter().zip(1..))
                    .filter(|_| rng.below(4) == 0)
                    .map(|(&square, number)| (square, number))
                    .collect();
                made.push(NumbersPuzzle::new(board.clone(), kind, &givens).expect("a puzzle"));
            }
        }
        made
    }

    /// The squares of a small board held in one word or in nine give the
    /// same counts, so the wide sets of large boards move as the narrow
    /// ones do.
    #[test]
    fn sets_of_any_width_count_alike() {
        let goal = Goal {
            limit: u64::MAX,
            keep: false,
            barred: None,
            budget: u64::MAX,
        };
        for puzzle in puzzles(5) {
            let narrow = done(search_in::<1>(&puzzle, goal, &Control::new())).found;
            let wide = done(search_in::<9>(&puzzle, goal, &Control::new())).found;
            assert!(narrow >= 1);
            assert_eq!(narrow, wide, "{:?}", puzzle.givens());
        }
    }

    /// A puzzle with one solution less a given has another solution just
    /// when it has one with that given's number elsewhere.
    #[test]
    fn barring_a_given_s_square_finds_just_the_other_solutions() {
        let mut tried = [0; 2];
        for puzzle in puzzles(6) {
            if done(count(&puzzle, Some(2), &Control::new())) != 1 {
                continue;
            }
            for (square, number) in puzzle.givens() {
                let fewer = puzzle.without(square);
                let several = done(count(&fewer, Some(2), &Control::new())) == 2;
                let other = done(solvable_without(
                    &fewer,
                    (square, number),
                    None,
                    &Control::new(),
                ));
                assert_eq!(
                    other,
                    Some(several),
                    "{:?} less {square:?}",
                    puzzle.givens()
                );
                let hasty = done(solvable_without(
                    &fewer,
                    (square, number),
                    Some(1),
                    &Control::new(),
                ));
                // Giving up answers nothing, least of all "unique".
                assert_eq!(hasty, None);
                tried[usize::from(several)] += 1;
            }
        }
        assert!(tried.iter().all(|&times| times > 0), "{tried:?}");
    }
}
