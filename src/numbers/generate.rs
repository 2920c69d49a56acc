//! Numbered-tour puzzles with one solution, made from a random tour.
//!
//! A tour of the board is found by Warnsdorff's rule with random ties
//! (from random starts), or by the knight's solver when the walks fail;
//! every square starts as a given, and the givens are taken away one by
//! one in a random order wherever the puzzle stays unique and within its
//! level as [`rate`](super::rate) rates it. Taken away in one pass, the
//! givens of a hard puzzle left are minimal: each of them kept the puzzle
//! unique when it was tried, and fewer givens never make fewer solutions.
//! Easier levels stop earlier, with more givens left, keep a given whose
//! removal the solver cannot decide quickly, and keep one whose removal
//! makes the puzzle harder than the level: an easy puzzle is solved by
//! deductions alone, a medium one tries at most a fifth of its numbers.
//! One that rates easier than its level is made again from another tour.

use std::fmt;

use crate::job::{Control, Outcome};
use crate::knight::{self, Algorithm, Board, SolveResult, Square, TourKind};
use crate::level::Level;
use crate::random::Rng;
use crate::tr;

use super::solve::{by_deduction, rating_towards, solvable_without};
use super::{Filled, NumbersPuzzle};

/// The fewest givens a puzzle of `level` keeps on a board of `squares`
/// open squares: easy ones a third of the squares, medium ones a fifth,
/// hard ones are minimal (no given can go without a second solution).
fn fewest_givens(level: Level, squares: usize) -> usize {
    match level {
        Level::Easy => squares.div_ceil(3),
        Level::Medium => squares.div_ceil(5),
        Level::Hard => 0,
    }
}

/// Why no puzzle was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GenerateError {
    /// The board has no tour of the kind asked for.
    NoTour,
    /// The board is larger than a puzzle's.
    TooLarge,
    /// The board has more open squares than the article's form is made
    /// on (see [`HOLEY_MOST_SQUARES`]).
    TooLargeForHoles,
    /// No puzzle made from `TOURS` tours of the board rated the level
    /// asked for (on a thin board, hard puzzles may not exist).
    NoneOfLevel {
        /// The level asked for.
        level: Level,
        /// The hardest level the puzzles made rated.
        reached: Level,
    },
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match self {
            GenerateError::NoTour => tr!("numbers-generate-no-tour").to_owned(),
            GenerateError::TooLarge => {
                tr!("numbers-generate-too-large", most = NumbersPuzzle::MAX_SIDE)
            }
            GenerateError::TooLargeForHoles => {
                tr!(
                    "numbers-generate-holes-too-large",
                    most = HOLEY_MOST_SQUARES
                )
            }
            GenerateError::NoneOfLevel { level, reached } => tr!(
                "numbers-generate-none-of-level",
                level = level.words(),
                reached = reached.words(),
                tours = TOURS
            ),
        })
    }
}

impl std::error::Error for GenerateError {}

/// The nodes the solver may take to decide whether a given can go from
/// an easy or medium puzzle; past them the given stays. A few such
/// searches on 12 x 12 boards take millions of nodes, minutes in all.
const EASIER_BUDGET: u64 = 20_000;

/// How many random walks are tried before the knight's solver is asked.
const WALKS: usize = 200;

/// A generated puzzle with its one solution: the tour it was made from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle.
    pub puzzle: NumbersPuzzle,
    /// Its solution.
    pub solution: Filled,
}

/// A puzzle of `level` on `board` with tours of `kind`, the same for the
/// same `seed`, with its solution (no search needed to find it). A puzzle
/// that rates easier than `level` (a minimal one that is only medium, a
/// medium one stopped at its fewest givens while still easy) is made
/// again from another tour, up to `TOURS` tours; when none rates the
/// level, none is given, and the error says the level they reached.
pub fn generate(
    board: &Board,
    kind: TourKind,
    level: Level,
    seed: u64,
    control: &Control,
) -> Outcome<Result<Generated, GenerateError>> {
    if board.width() > NumbersPuzzle::MAX_SIDE || board.height() > NumbersPuzzle::MAX_SIDE {
        return Outcome::Done(Err(GenerateError::TooLarge));
    }
    let mut rng = Rng::new(seed);
    let mut reached = None;
    for tour in 0..TOURS {
        // A hard puzzle's search for a second solution can take a
        // hundred times longer on one tour than on the next: a tour that
        // asks too much is left for another, with more allowed each time,
        // and all the last one needs.
        let budget = match level {
            Level::Hard if board.area() <= HARD_BUDGET_MOST_SQUARES && tour + 1 < TOURS => {
                Some(HARD_BUDGET << tour)
            }
            Level::Hard => None,
            _ => Some(EASIER_BUDGET),
        };
        let generated = match from_a_tour(board, kind, level, budget, &mut rng, control) {
            Outcome::Done(Ok(Some(generated))) => generated,
            Outcome::Done(Ok(None)) => continue,
            Outcome::Done(Err(error)) => return Outcome::Done(Err(error)),
            Outcome::Cancelled => return Outcome::Cancelled,
        };
        let rated = rating_towards(&generated.puzzle, &generated.solution)
            .map_or(Level::Easy, |rating| rating.level());
        if rated == level {
            return Outcome::Done(Ok(generated));
        }
        reached = reached.max(Some(rated));
    }
    match reached {
        Some(reached) => Outcome::Done(Err(GenerateError::NoneOfLevel { level, reached })),
        None => Outcome::Done(Err(GenerateError::NoTour)),
    }
}

/// The most tours a puzzle is made from (see [`generate`]): on the boards
/// measured, most puzzles rate their level from the first.
const TOURS: usize = 8;

/// The nodes a branch of a hard puzzle's search may take on the first
/// tour (see [`generate`]): most tours of 10 x 10 need fewer.
const HARD_BUDGET: u64 = 50_000;

/// The largest board whose hard puzzles are made within budgets: on
/// 12 x 12 such budgets left tour after tour, slower than searching on.
const HARD_BUDGET_MOST_SQUARES: usize = 100;

/// A puzzle of `level` made from one random tour, drawn with `rng`, whose
/// searches each take at most `budget` nodes (see
/// [`solvable_without`]): `None` if a hard puzzle's search needed more.
/// An easier puzzle keeps the given instead.
fn from_a_tour(
    board: &Board,
    kind: TourKind,
    level: Level,
    budget: Option<u64>,
    rng: &mut Rng,
    control: &Control,
) -> Outcome<Result<Option<Generated>, GenerateError>> {
    let path = match random_tour(board, kind, rng, control) {
        Outcome::Done(Some(path)) => path,
        Outcome::Done(None) => return Outcome::Done(Err(GenerateError::NoTour)),
        Outcome::Cancelled => return Outcome::Cancelled,
    };
    let givens: Vec<(Square, u32)> = path
        .iter()
        .enumerate()
        .map(|(index, &square)| (square, index as u32 + 1))
        .collect();
    let Ok(mut puzzle) = NumbersPuzzle::new(board.clone(), kind, &givens) else {
        return Outcome::Done(Err(GenerateError::NoTour));
    };
    let mut solution = vec![0; board.area()];
    for &(square, number) in &givens {
        solution[board.index(square)] = number;
    }
    // Every puzzle on the way has one solution, so it is this tour, and a
    // second solution without a given must put its number elsewhere.
    let mut order = path;
    rng.shuffle(&mut order);
    let fewest = fewest_givens(level, board.open_count());
    let mut left = order.len();
    for square in order {
        if left <= fewest {
            break;
        }
        let number = solution[board.index(square)];
        let fewer = puzzle.without(square);
        let keeps_level = match level {
            // Deductions alone find only the one solution: no search.
            Level::Easy => by_deduction(&fewer).is_some(),
            _ => match solvable_without(&fewer, (square, number), budget, control) {
                Outcome::Done(Some(false)) => {
                    level == Level::Hard
                        || rating_towards(&fewer, &solution)
                            .is_some_and(|rating| rating.level() <= level)
                }
                // Only the hard level promises that no given can go.
                Outcome::Done(None) if level == Level::Hard => return Outcome::Done(Ok(None)),
                Outcome::Done(_) => false,
                Outcome::Cancelled => return Outcome::Cancelled,
            },
        };
        if keeps_level {
            puzzle = fewer;
            left -= 1;
        }
        if control.should_stop() {
            return Outcome::Cancelled;
        }
    }
    Outcome::Done(Ok(Some(Generated { puzzle, solution })))
}

/// A tour of `kind` on `board`: a random Warnsdorff walk from a random
/// start, or the knight's solver's tour if no walk makes one.
fn random_tour(
    board: &Board,
    kind: TourKind,
    rng: &mut Rng,
    control: &Control,
) -> Outcome<Option<Vec<Square>>> {
    let open: Vec<Square> = board.open_squares().collect();
    if open.is_empty() {
        return Outcome::Done(None);
    }
    for _ in 0..WALKS {
        let start = open[rng.below(open.len())];
        if let Some(path) = walk(board, start, rng)
            && (kind == TourKind::Open
                || path.len() > 2 && Board::is_knight_move(path[path.len() - 1], path[0]))
        {
            return Outcome::Done(Some(path));
        }
        if control.should_stop() {
            return Outcome::Cancelled;
        }
    }
    let start = open[rng.below(open.len())];
    match knight::solve(board, start, kind, Algorithm::Warnsdorff, control) {
        Outcome::Done(SolveResult::Found(tour)) => Outcome::Done(Some(tour.path)),
        Outcome::Done(SolveResult::NoTour(_)) => Outcome::Done(None),
        Outcome::Cancelled => Outcome::Cancelled,
    }
}

/// A Warnsdorff walk from `start`, ties broken at random: the whole tour,
/// or `None` where it runs into a dead end.
fn walk(board: &Board, start: Square, rng: &mut Rng) -> Option<Vec<Square>> {
    let squares = board.open_count();
    let mut visited = vec![false; board.area()];
    let mut path = Vec::with_capacity(squares);
    let mut here = start;
    loop {
        visited[board.index(here)] = true;
        path.push(here);
        if path.len() == squares {
            return Some(path);
        }
        let onward = |square: Square| {
            board
                .neighbours(square)
                .filter(|next| !visited[board.index(*next)])
                .count()
        };
        let mut best: Option<(usize, u64, Square)> = None;
        for next in board.neighbours(here) {
            if visited[board.index(next)] {
                continue;
            }
            let key = (onward(next), rng.next_u64());
            if best.is_none_or(|(fewest, tie, _)| key < (fewest, tie)) {
                best = Some((key.0, key.1, next));
            }
        }
        here = best?.2;
    }
}

/// The most open squares of a board the article's form is made on: the
/// last searches, with few tours left, look at every one of them (an
/// open 7 x 7 board took up to 11 s).
pub const HOLEY_MOST_SQUARES: usize = 42;

/// How many places of the 1 and orders of blocking [`holey`] tries
/// before it gives up: a try that blocks its way to two or three tours
/// where every further block leaves none is given up (a try takes
/// milliseconds).
const HOLEY_TRIES: usize = 200;

/// The open squares of `board` but `one` in a random order, to block one
/// at a time; for a closed tour, which has as many squares of each
/// colour, first those of the colour with more, one at a time until the
/// colours are even, then two at a time, one of each colour.
fn blockings(board: &Board, one: Square, kind: TourKind, rng: &mut Rng) -> Vec<Vec<Square>> {
    let mut others: Vec<Square> = board
        .open_squares()
        .filter(|&square| square != one)
        .collect();
    rng.shuffle(&mut others);
    if kind == TourKind::Open {
        return others.into_iter().map(|square| vec![square]).collect();
    }
    let (mut dark, mut light): (Vec<Square>, Vec<Square>) = others
        .into_iter()
        .partition(|&square| board.is_dark(square));
    // Counted with the 1's square, which is never blocked.
    let (lights, darks) = match !board.is_dark(one) {
        true => (light.len() + 1, dark.len()),
        false => (light.len(), dark.len() + 1),
    };
    let more = if lights > darks {
        &mut light
    } else {
        &mut dark
    };
    let evened: Vec<Vec<Square>> = more
        .drain(..lights.abs_diff(darks).min(more.len()))
        .map(|square| vec![square])
        .collect();
    evened
        .into_iter()
        .chain(light.into_iter().zip(dark).map(|(l, d)| vec![l, d]))
        .collect()
}

/// The article's form of the puzzle on `board`: squares blocked and the 1
/// alone given, so that one tour of `kind` is left (one each way when
/// closed), the same for the same `seed`. The 1 goes on a random square;
/// squares in a random order are blocked wherever some tour is left,
/// until one is. Of `HOLEY_CHOICES` such boards, the one with the
/// fewest holes is kept.
pub fn holey(
    board: &Board,
    kind: TourKind,
    seed: u64,
    control: &Control,
) -> Outcome<Result<Generated, GenerateError>> {
    if board.open_count() > HOLEY_MOST_SQUARES {
        return Outcome::Done(Err(GenerateError::TooLargeForHoles));
    }
    // A closed tour is found once each way from the 1.
    let wanted = match kind {
        TourKind::Closed => 2,
        TourKind::Open => 1,
    };
    let mut rng = Rng::new(seed);
    let mut made = Vec::new();
    for _ in 0..HOLEY_TRIES {
        let mut board = board.clone();
        let open: Vec<Square> = board.open_squares().collect();
        let Some(&one) = open.get(rng.below(open.len().max(1))) else {
            return Outcome::Done(Err(GenerateError::NoTour));
        };
        let tours = |board: &Board| match NumbersPuzzle::new(board.clone(), kind, &[(one, 1)]) {
            Ok(puzzle) => super::count(&puzzle, Some(wanted + 1), control),
            Err(_) => Outcome::Done(0),
        };
        let mut left = match tours(&board) {
            Outcome::Done(left) => left,
            Outcome::Cancelled => return Outcome::Cancelled,
        };
        for blocks in blockings(&board, one, kind, &mut rng) {
            if left != 0 && left <= wanted {
                break;
            }
            for &square in &blocks {
                board.set_blocked(square, true);
            }
            let none_yet = left == 0 && board.open_count() * 2 > board.area();
            match tours(&board) {
                // A board without a tour (4 x 5 closed) may get one with
                // more squares blocked; one with tours keeps some.
                Outcome::Done(0) if !none_yet => {
                    for &square in &blocks {
                        board.set_blocked(square, false);
                    }
                }
                Outcome::Done(fewer) => left = fewer,
                Outcome::Cancelled => return Outcome::Cancelled,
            }
        }
        let Ok(puzzle) = NumbersPuzzle::new(board, kind, &[(one, 1)]) else {
            continue;
        };
        if left == wanted {
            made.push(puzzle);
        }
        if made.len() == HOLEY_CHOICES {
            break;
        }
    }
    // The fewest holes, as in the article's board.
    let Some(puzzle) = made
        .into_iter()
        .min_by_key(|puzzle| puzzle.board().blocked_squares().len())
    else {
        return Outcome::Done(Err(GenerateError::NoTour));
    };
    match super::solve(&puzzle, control) {
        Outcome::Done(Some(solution)) => Outcome::Done(Ok(Generated { puzzle, solution })),
        Outcome::Done(None) => Outcome::Done(Err(GenerateError::NoTour)),
        Outcome::Cancelled => Outcome::Cancelled,
    }
}

/// How many boards [`holey`] makes to keep the one with the fewest holes.
const HOLEY_CHOICES: usize = 8;
