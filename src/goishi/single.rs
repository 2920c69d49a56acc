//! Making puzzles in one piece: random walks that obey the rules, and
//! unique puzzles made from them stone by stone (see [`generate_single`]).

use std::cell::Cell;

use super::generate_error::GenerateError;
use super::puzzle::{Direction, Point, Puzzle};
use super::solver::{Threads, count_within};
use crate::job::{Control, Outcome};
pub use crate::random::Rng;

/// Walks tried by [`walk_forward`] before giving up.
const MAX_ATTEMPTS: usize = 20_000;

/// Points [`walk_forward`] may set up or look at over all its attempts
/// (a fraction of a second), so that hopeless requests on huge boards fail
/// quickly.
const WALK_WORK_BUDGET: usize = 1 << 27;

pub(super) fn check_request(
    width: u32,
    height: u32,
    stones: usize,
) -> Result<Puzzle, GenerateError> {
    let puzzle = Puzzle::new(width, height)?;
    let points = width as usize * height as usize;
    if stones == 0 || stones > points {
        return Err(GenerateError::StonesOutOfRange {
            width,
            height,
            stones,
        });
    }
    Ok(puzzle)
}

/// A random solvable puzzle and one solution of it, made by playing the
/// rules forward: from the last stone placed, move in a direction that is not
/// a reversal to a free point and put the next stone there. Points a move
/// passes over are never used later, so no later stone blocks an earlier
/// move and the walk itself is a solution.
pub fn walk_forward(
    width: u32,
    height: u32,
    stones: usize,
    rng: &mut Rng,
) -> Result<(Puzzle, Vec<Point>), GenerateError> {
    let empty = check_request(width, height, stones)?;
    let mut work = 0;
    for _ in 0..MAX_ATTEMPTS {
        if work > WALK_WORK_BUDGET {
            break;
        }
        if let Some(walk) = try_walk(&empty, stones, rng, &mut work) {
            return Ok(walk);
        }
    }
    Err(GenerateError::NoWalk {
        width,
        height,
        stones,
    })
}

/// One walk; `None` when it gets stuck or `work` (points set up or looked
/// at, counted across attempts) passes [`WALK_WORK_BUDGET`].
fn try_walk(
    empty: &Puzzle,
    stones: usize,
    rng: &mut Rng,
    work: &mut usize,
) -> Option<(Puzzle, Vec<Point>)> {
    let (width, height) = (empty.width(), empty.height());
    *work += width as usize * height as usize;
    let mut puzzle = empty.clone();
    // Points some move passed over: a stone there would have been jumped.
    let mut crossed = vec![false; width as usize * height as usize];
    let index = |p: Point| p.y as usize * width as usize + p.x as usize;
    let first = Point::new(
        rng.below(width as usize) as u32,
        rng.below(height as usize) as u32,
    );
    puzzle.set_stone(first, true);
    let mut order = vec![first];
    let mut last_direction: Option<Direction> = None;
    let mut landings: Vec<Point> = Vec::new();
    while order.len() < stones {
        let from = order[order.len() - 1];
        // Directions are tried in random order; within one, nearer landing
        // points are likelier, so that moves cross few points and the walk
        // does not fence itself in.
        let mut directions = Direction::ALL;
        rng.shuffle(&mut directions);
        let mut chosen = None;
        for direction in directions {
            if last_direction == Some(direction.opposite()) {
                continue;
            }
            landings.clear();
            let mut at = direction.step(from);
            while let Some(p) = at.filter(|&p| puzzle.contains(p)) {
                *work += 1;
                if !puzzle.has_stone(p) && !crossed[index(p)] {
                    landings.push(p);
                }
                at = direction.step(p);
            }
            if !landings.is_empty() {
                let nearish = rng.below(landings.len()).min(rng.below(landings.len()));
                chosen = Some((landings[nearish], direction));
                break;
            }
        }
        if *work > WALK_WORK_BUDGET {
            return None;
        }
        let (to, direction) = chosen?;
        let mut at = direction.step(from);
        while let Some(p) = at.filter(|&p| p != to) {
            crossed[index(p)] = true;
            at = direction.step(p);
        }
        puzzle.set_stone(to, true);
        order.push(to);
        last_direction = Some(direction);
    }
    Some((puzzle, order))
}

/// Solutions counted at most on a fresh walk-made puzzle. Later counts stop
/// one past the best count so far, which is all a comparison needs.
const COUNT_CAP: u64 = 1_000;

/// Walk-made puzzles tried before giving up.
const MAX_WALKS: usize = 40;

/// Moves tried on one walk-made puzzle before starting from a new walk.
const MOVES_PER_WALK: usize = 2_000;

/// Search nodes one count may take. A candidate whose count needs more is
/// treated as a bad move: exact counts of big, loose puzzles are expensive.
const NODES_PER_COUNT: u64 = 1 << 18;

/// Search nodes a generation in one piece may take (a few seconds) before
/// it reports that it found nothing.
pub(super) const NODES_PER_GENERATION: u64 = 1 << 24;

/// The most stones a unique puzzle has on small boards, found by counting
/// the solutions of every placement of the stones (width and height either
/// way round; `tests/goishi_generate.rs` repeats the count for the boards
/// of up to 16 points). Two stones in a line already have two solutions,
/// one from each end, which is why thin boards hold a single stone.
pub const SMALL_BOARD_MAXIMA: &[((u32, u32), usize)] = &[
    ((2, 2), 1),
    ((2, 3), 1),
    ((2, 4), 1),
    ((2, 5), 1),
    ((3, 3), 1),
    ((3, 4), 7),
    ((3, 5), 10),
    ((3, 6), 12),
    ((4, 4), 10),
    ((4, 5), 13),
    ((4, 6), 15),
    ((5, 5), 15),
];

/// Beyond [`SMALL_BOARD_MAXIMA`], the densest a requested unique puzzle may
/// be, as stones per grid point (numerator, denominator): at or above the
/// measured maximum on every small board but the tiniest (which the table
/// covers), and far above what the generator reaches on large ones.
const MAX_UNIQUE_DENSITY: (usize, usize) = (2, 3);

/// Why one block (see [`generate_single`]) cannot hold the stones: packed
/// more densely than any unique puzzle is (see [`MAX_UNIQUE_DENSITY`]).
pub(super) fn generation_refusal_single(
    width: u32,
    height: u32,
    stones: usize,
) -> Result<(), GenerateError> {
    let most = densest_unique(width, height);
    if stones > most {
        return Err(GenerateError::TooDense {
            width,
            height,
            stones,
            most,
        });
    }
    Ok(())
}

/// The most stones a unique puzzle on a `width` x `height` board is asked
/// to have: the measured maximum of a small board, one stone on a single
/// row or column (two stones in a line can be picked from either end), and
/// [`MAX_UNIQUE_DENSITY`] of the points otherwise.
fn densest_unique(width: u32, height: u32) -> usize {
    known_densest_unique(width, height).unwrap_or_else(|| {
        let points = width as usize * height as usize;
        points * MAX_UNIQUE_DENSITY.0 / MAX_UNIQUE_DENSITY.1
    })
}

/// The most stones any unique puzzle on a `width` x `height` board has,
/// where that is known for certain: a single row or column, or a board of
/// [`SMALL_BOARD_MAXIMA`].
pub(super) fn known_densest_unique(width: u32, height: u32) -> Option<usize> {
    let (short, long) = (width.min(height), width.max(height));
    if short == 1 {
        return Some(1);
    }
    SMALL_BOARD_MAXIMA
        .iter()
        .find(|&&(size, _)| size == (short, long))
        .map(|&(_, most)| most)
}

/// A random puzzle with exactly one solution, in one piece. It starts from
/// a walk-made puzzle (solvable, but usually in many ways) and then moves one stone at a
/// time to a random free point, keeping a move when the puzzle stays
/// solvable with no more solutions than before, until only one is left.
///
/// Counting runs on the calling thread with a node budget, so the same
/// arguments always give the same puzzle, and a request the method cannot
/// meet (too many stones for the board, or too many for the counts to stay
/// cheap) ends with an error instead of running for hours.
pub(super) fn generate_single(
    width: u32,
    height: u32,
    stones: usize,
    seed: u64,
    max_nodes: u64,
    control: &Control,
) -> Outcome<Result<Puzzle, GenerateError>> {
    if let Err(message) = check_request(width, height, stones)
        .and_then(|_| generation_refusal_single(width, height, stones))
    {
        return Outcome::Done(Err(message));
    }
    let mut rng = Rng::new(seed);
    let points = width as usize * height as usize;
    // Work is measured in search nodes, plus a share of the board for each
    // count (which scans it), so that huge sparse boards stop in time too.
    let nodes_at_start = control.snapshot().nodes;
    let board_cost = (points / 256) as u64;
    let counts = Cell::new(0u64);
    let out_of_budget = || {
        let nodes = control.snapshot().nodes.saturating_sub(nodes_at_start);
        nodes.saturating_add(counts.get().saturating_mul(board_cost)) > max_nodes
    };
    let bounded_count = |puzzle: &Puzzle, limit: u64| {
        counts.set(counts.get() + 1);
        count_within(
            puzzle,
            limit,
            NODES_PER_COUNT,
            Threads::One,
            control,
            &|_, _| {},
        )
    };
    for _ in 0..MAX_WALKS {
        let mut puzzle = match walk_forward(width, height, stones, &mut rng) {
            Ok((puzzle, _)) => puzzle,
            Err(message) => return Outcome::Done(Err(message)),
        };
        let mut solutions = match bounded_count(&puzzle, COUNT_CAP) {
            Outcome::Cancelled => return Outcome::Cancelled,
            Outcome::Done(None) => continue,
            Outcome::Done(Some(found)) => found,
        };
        for _ in 0..MOVES_PER_WALK {
            if solutions == 1 {
                return Outcome::Done(Ok(puzzle));
            }
            if stones == points || out_of_budget() {
                break;
            }
            let placed = puzzle.stones();
            let from = placed[rng.below(placed.len())];
            let to = loop {
                let p = Point::new(
                    rng.below(width as usize) as u32,
                    rng.below(height as usize) as u32,
                );
                if !puzzle.has_stone(p) {
                    break p;
                }
            };
            puzzle.set_stone(from, false);
            puzzle.set_stone(to, true);
            match bounded_count(&puzzle, solutions + 1) {
                Outcome::Cancelled => return Outcome::Cancelled,
                Outcome::Done(Some(found)) if (1..=solutions).contains(&found) => solutions = found,
                Outcome::Done(_) => {
                    puzzle.set_stone(to, false);
                    puzzle.set_stone(from, true);
                }
            }
        }
        if out_of_budget() {
            break;
        }
    }
    Outcome::Done(Err(GenerateError::NotFound {
        width,
        height,
        stones,
        level: None,
        chained: false,
    }))
}
