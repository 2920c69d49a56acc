//! Finding, counting and listing solutions.
//!
//! The search walks the rules forward from every stone. Three things keep it
//! far from the plain exponential depth-first search:
//!
//! * **Memoisation.** What can still happen depends only on the stones left,
//!   the current stone and the direction it was reached from. The number of
//!   completions of such a state is cached (only "none" when looking for one
//!   solution or listing them), in a table with a memory budget that the
//!   worker threads share (see [`memo`](super::memo)).
//! * **Pruning.** Among the stones left (with the current one), every stone
//!   must be linked to the others through shared rows and columns, and a stone
//!   whose remaining neighbours all lie in one direction can only be the last
//!   pick (it is reached from that side and could only leave by reversing), so
//!   two such stones end the branch.
//! * **Move ordering.** Moves into stones with few onward moves come first;
//!   starting stones with few neighbours are tried first.
//!
//! When the puzzle is big enough for a second thread to pay, counting shares
//! the starting stones out among worker threads, and finding one solution
//! runs differently randomised searches side by side (see [`solve`]).

use std::ops::ControlFlow;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use super::lines::{DOWN, LEFT, RIGHT, UP};
use super::memo::Memo;
use super::progress::Phase;
use super::puzzle::{Direction, Point, Puzzle};
use super::rules::Game;
use super::search::{Goal, Layout, NO_DIRECTION, Opening, Search, Stop};
use super::steps::{PickStep, PickWatcher};
use crate::job::{self, Control, Outcome};
use crate::random::{Rng, splitmix64};

/// Memory the workers' shared cache may use: three quarters of the memory
/// budget (the rest is for their own state). The cache only grows as far
/// as the search pays for (see [`memo`](super::memo)), so only huge counts
/// reach it, and they gain from it: a count of 236 million solutions took
/// a third of the time with 1 GB a worker that it took with 128 MB.
fn memo_budget(control: &Control) -> usize {
    let share = control.resources().memory_budget / 4 * 3;
    usize::try_from(share).unwrap_or(usize::MAX)
}

/// Memory one worker's search takes per stone, in bytes: a frame of the
/// depth-first stack (88), the links, degrees, marks and line numbers of
/// [`Lines`] and their search queues (about 30), and the path.
const WORKER_BYTES_PER_STONE: u64 = 128;

/// Below this many stones a search is over before a second thread starts.
const PARALLEL_MIN_STONES: usize = 24;

/// From this many stones on, [`solve`] searches in restarted attempts.
const RESTART_MIN_STONES: usize = 48;

/// Nodes per unit of the restart budget.
const RESTART_UNIT_NODES: u64 = 2048;

/// Finds one solution, or `None` when there is none.
///
/// Small puzzles get one plain depth-first search. On bigger ones a wrong
/// early move can hide a huge dead subtree, so each worker searches in
/// attempts with a growing node budget (the Luby sequence) and randomly
/// broken ties between equally good moves, keeping what it learnt (dead
/// states, dead starting stones) from one attempt to the next. The first
/// worker to finish wins, so which solution comes back may vary between runs.
pub fn solve(puzzle: &Puzzle, control: &Control) -> Outcome<Option<Vec<Point>>> {
    solve_avoiding(puzzle, &[], control)
}

/// Like [`solve`], but finds a solution other than the `known` ones (at most
/// 64 of them; orders that are not solutions are ignored):
/// the window's "Is it unique?" shows the first two solutions this way.
pub fn solve_avoiding(
    puzzle: &Puzzle,
    known: &[Vec<Point>],
    control: &Control,
) -> Outcome<Option<Vec<Point>>> {
    let layout = Layout::new(puzzle);
    let excluded: Vec<Vec<u32>> = known
        .iter()
        .filter_map(|order| layout.stones_of(order))
        .take(MAX_EXCLUDED)
        .collect();
    let unbounded = (Threads::All, u64::MAX);
    match solve_other(&layout, (None, &excluded), unbounded, control, None) {
        Outcome::Done(Sought::Found(path)) => Outcome::Done(Some(layout.points_of(&path))),
        Outcome::Done(_) => Outcome::Done(None),
        Outcome::Cancelled => Outcome::Cancelled,
    }
}

/// The picks that finish a game part-way through, or `None` when no order
/// of the stones left can: the play-mode hint and dead-end test. With no
/// pick made yet this is [`solve`].
pub fn finish(game: &Game, control: &Control) -> Outcome<Option<Vec<Point>>> {
    match finish_within(game, (Threads::All, u64::MAX), control) {
        Outcome::Done(Sought::Found(rest)) => Outcome::Done(Some(rest)),
        Outcome::Done(_) => Outcome::Done(None),
        Outcome::Cancelled => Outcome::Cancelled,
    }
}

/// [`finish`] with a node budget per worker.
pub(super) fn finish_within(
    game: &Game,
    bounds: (Threads, u64),
    control: &Control,
) -> Outcome<Sought<Vec<Point>>> {
    let (layout, opening) = match game.picks() {
        [] => (Layout::new(game.puzzle()), None),
        [.., current] => {
            let mut rest = game.puzzle().clone();
            for &picked in game.picks() {
                rest.set_stone(picked, false);
            }
            rest.set_stone(*current, true);
            let layout = Layout::new(&rest);
            let Some(stone) = layout.stone_at(*current) else {
                return Outcome::Done(Sought::NoneLeft);
            };
            let arrival = match game.picks() {
                [.., before, _] => {
                    Direction::between(*before, *current).map_or(NO_DIRECTION, code_of)
                }
                _ => NO_DIRECTION,
            };
            (layout, Some(Opening { stone, arrival }))
        }
    };
    // The current stone is already picked: it is not part of the answer.
    let skip = usize::from(opening.is_some());
    solve_other(&layout, (opening, &[]), bounds, control, None)
        .map(|sought| sought.map(|path| layout.points_of(&path[skip..])))
}

/// Finds one solution like [`solve`], on one thread, showing every step of
/// the search to `watcher`: each pick and pick taken back, each position
/// given up and why, each new attempt, and the solution.
pub fn solve_watched(
    puzzle: &Puzzle,
    control: &Control,
    watcher: PickWatcher,
) -> Outcome<Option<Vec<Point>>> {
    let layout = Layout::new(puzzle);
    let alone = (Threads::One, u64::MAX);
    match solve_other(&layout, (None, &[]), alone, control, Some(watcher)) {
        Outcome::Done(Sought::Found(path)) => Outcome::Done(Some(layout.points_of(&path))),
        Outcome::Done(_) => Outcome::Done(None),
        Outcome::Cancelled => Outcome::Cancelled,
    }
}

/// The code [`lines`](super::lines) gives a direction.
fn code_of(direction: Direction) -> u8 {
    match direction {
        Direction::Up => UP,
        Direction::Down => DOWN,
        Direction::Left => LEFT,
        Direction::Right => RIGHT,
    }
}

/// The most solutions [`solve_other`] can be told to avoid.
const MAX_EXCLUDED: usize = 64;

/// What a search for one solution came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Sought<T> {
    /// A solution.
    Found(T),
    /// Proof that there is none.
    NoneLeft,
    /// The node budget ran out first.
    OutOfNodes,
}

impl<T> Sought<T> {
    fn map<U>(self, f: impl FnOnce(T) -> U) -> Sought<U> {
        match self {
            Sought::Found(found) => Sought::Found(f(found)),
            Sought::NoneLeft => Sought::NoneLeft,
            Sought::OutOfNodes => Sought::OutOfNodes,
        }
    }
}

/// Finds a solution other than the `excluded` ones (at most
/// [`MAX_EXCLUDED`]), as stone numbers, from the `opening` stone when given.
/// A worker that has searched `max_nodes` nodes gives up for all.
fn solve_other(
    layout: &Layout,
    (opening, excluded): (Option<Opening>, &[Vec<u32>]),
    (threads, max_nodes): (Threads, u64),
    control: &Control,
    watcher: Option<PickWatcher>,
) -> Outcome<Sought<Vec<u32>>> {
    if layout.len() == 0 {
        return Outcome::Done(if excluded.is_empty() {
            Sought::Found(Vec::new())
        } else {
            Sought::NoneLeft
        });
    }
    let finished = AtomicBool::new(false);
    let answer: Mutex<Sought<Vec<u32>>> = Mutex::new(Sought::OutOfNodes);
    let give_up = || finished.load(Ordering::Relaxed);
    let next_worker = AtomicU64::new(0);
    let restarts = layout.len() >= RESTART_MIN_STONES;
    let conclude = |sought: Sought<Vec<u32>>| {
        let mut answer = answer
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if !finished.swap(true, Ordering::Relaxed) {
            if matches!(sought, Sought::Found(_)) {
                control.add_found(1);
            }
            *answer = sought;
        }
    };
    run_workers((layout, watcher), threads, control, |search| {
        let worker = next_worker.fetch_add(1, Ordering::Relaxed);
        let mut dead_start = vec![false; layout.len()];
        let mut nodes_left = max_nodes;
        for attempt in 0u64.. {
            if nodes_left == 0 {
                conclude(Sought::OutOfNodes);
                return;
            }
            if attempt > 0 {
                search.tell(PickStep::Restart);
            }
            let randomised = worker > 0 || attempt > 0;
            let shuffle_seed = randomised.then(|| splitmix64(worker << 32 | attempt));
            // A solution takes one node a stone: every attempt may at
            // least walk that far, or big puzzles restart again and again
            // before any attempt could reach the end.
            let budget = if restarts {
                luby(attempt + 1) * RESTART_UNIT_NODES.max(2 * layout.len() as u64)
            } else {
                u64::MAX
            }
            .min(nodes_left);
            search.begin_attempt(budget, shuffle_seed);
            let mut complete = true;
            let starts = match opening {
                Some(opening) => vec![opening],
                None => search.start_order(),
            };
            for start in starts {
                if dead_start[start.stone as usize] {
                    continue;
                }
                match search.explore(start, &mut Goal::First { excluded }, &give_up) {
                    Ok(0) => dead_start[start.stone as usize] = true,
                    Ok(_) => {
                        search.tell(PickStep::Found);
                        conclude(Sought::Found(search.path.clone()));
                        return;
                    }
                    Err(Stop::GaveUp) if !finished.load(Ordering::Relaxed) => {
                        complete = false;
                        break;
                    }
                    Err(_) => return,
                }
            }
            if complete {
                // Every start was searched to the end: there is no solution.
                conclude(Sought::NoneLeft);
                return;
            }
            nodes_left -= budget - search.budget;
        }
    });
    if control.should_stop() {
        return Outcome::Cancelled;
    }
    Outcome::Done(
        answer
            .into_inner()
            .unwrap_or_else(|poisoned| poisoned.into_inner()),
    )
}

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ... (1-based): restart
/// budgets that waste at most a logarithmic factor against the best fixed one.
fn luby(index: u64) -> u64 {
    let mut i = index;
    loop {
        let mut k = 1;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if i == (1u64 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

/// Counts the solutions exactly. With a limit, counting stops as soon as that
/// many are known and the result is the limit (so `Some(2)` answers "is it
/// unique?").
///
/// Up to a limit of 64 the solutions are looked for one at a
/// time, each search avoiding those already found: a search for one
/// solution restarts and randomises its way out of a huge dead subtree that
/// an exhaustive count would have to finish first, so a puzzle with a second
/// solution says so about as fast as it is solved. Only proving that there
/// is no further solution takes a complete search.
pub fn count(puzzle: &Puzzle, limit: Option<u64>, control: &Control) -> Outcome<u64> {
    if let Some(limit) = limit.filter(|&limit| limit <= MAX_EXCLUDED as u64) {
        let layout = Layout::new(puzzle);
        let mut found = Vec::new();
        while (found.len() as u64) < limit {
            match solve_other(
                &layout,
                (None, &found),
                (Threads::All, u64::MAX),
                control,
                None,
            ) {
                Outcome::Done(Sought::Found(solution)) => found.push(solution),
                Outcome::Done(_) => break,
                Outcome::Cancelled => return Outcome::Cancelled,
            }
        }
        return Outcome::Done(found.len() as u64);
    }
    let limit = limit.unwrap_or(u64::MAX);
    let stones = u32::try_from(puzzle.stone_count()).unwrap_or(u32::MAX);
    let searched_from = |searched: usize, explored: f64| {
        control.set_detail(Phase::CountingFrom {
            searched: u32::try_from(searched).unwrap_or(u32::MAX),
            stones,
            explored,
        });
    };
    searched_from(0, 0.0);
    match count_within(
        puzzle,
        limit,
        u64::MAX,
        Threads::All,
        control,
        &searched_from,
    ) {
        // Without a node budget the count always runs to its end.
        Outcome::Done(found) => Outcome::Done(found.unwrap_or(limit)),
        Outcome::Cancelled => Outcome::Cancelled,
    }
}

/// How many threads a search may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Threads {
    /// As many as pay for the puzzle.
    All,
    /// The calling thread only: the work done, and so whether a node budget
    /// runs out, is then the same on every run.
    One,
}

/// Counts like [`count`] (saturating at `limit`), but gives up with `None`
/// once a worker has searched `max_nodes` nodes. The puzzle generator uses
/// it with [`Threads::One`] to stay fast and reproducible. After each
/// starting stone's search, and now and then during one, `on_searched`
/// gets how many starting stones have been searched in all, and how many
/// with the shares of those under way.
pub(super) fn count_within(
    puzzle: &Puzzle,
    limit: u64,
    max_nodes: u64,
    threads: Threads,
    control: &Control,
    on_searched: &(dyn Fn(usize, f64) + Sync),
) -> Outcome<Option<u64>> {
    let layout = Layout::new(puzzle);
    if layout.len() == 0 || limit == 0 {
        return Outcome::Done(Some(limit.min(1)));
    }
    let total = AtomicU64::new(0);
    let over_budget = AtomicBool::new(false);
    let stop = || total.load(Ordering::Relaxed) >= limit || over_budget.load(Ordering::Relaxed);
    let next_start = AtomicUsize::new(0);
    let starts = random_order(layout.len());
    let searched = AtomicUsize::new(0);
    // Each worker's share of the start it searches, as the bits of an f64:
    // the first shares of a big puzzle's search are below a billionth.
    let under_way: Vec<AtomicU64> = (0..control.resources().threads.max(1))
        .map(|_| AtomicU64::new(0))
        .collect();
    let next_worker = AtomicUsize::new(0);
    let report = |searched: usize| {
        let shares: f64 = under_way
            .iter()
            .map(|share| f64::from_bits(share.load(Ordering::Relaxed)))
            .sum();
        on_searched(searched, searched as f64 + shares);
    };
    run_workers((&layout, None), threads, control, |search| {
        search.begin_attempt(max_nodes, None);
        let Some(share) = under_way.get(next_worker.fetch_add(1, Ordering::Relaxed)) else {
            return;
        };
        // Said again only when it grew by a hundredth of itself or moved
        // by a millionth: the search calls this a few thousand times a
        // second.
        let explored = |explored: f64| {
            let before = f64::from_bits(share.swap(explored.to_bits(), Ordering::Relaxed));
            if explored > before * 1.01 || (explored - before).abs() > 1e-6 {
                report(searched.load(Ordering::Relaxed));
            }
        };
        loop {
            let start = next_start.fetch_add(1, Ordering::Relaxed);
            if start >= layout.len() || stop() {
                return;
            }
            let start = Opening::anywhere(starts[start]);
            let goal = &mut Goal::Count {
                limit,
                explored: Some(&explored),
            };
            match search.explore(start, goal, &stop) {
                Ok(found) => {
                    control.add_found(found);
                    let _ = total.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |sum| {
                        Some(sum.saturating_add(found))
                    });
                    share.store(0f64.to_bits(), Ordering::Relaxed);
                    report(searched.fetch_add(1, Ordering::Relaxed) + 1);
                }
                Err(Stop::GaveUp) if search.budget == 0 => {
                    over_budget.store(true, Ordering::Relaxed);
                    return;
                }
                Err(Stop::GaveUp | Stop::Cancelled) => return,
            }
        }
    });
    if control.should_stop() {
        return Outcome::Cancelled;
    }
    let total = total.into_inner();
    if total >= limit {
        Outcome::Done(Some(limit))
    } else if over_budget.into_inner() {
        Outcome::Done(None)
    } else {
        Outcome::Done(Some(total))
    }
}

/// The numbers below `len` in a random order, the same on every run: the
/// order [`count_within`] takes its starting stones in, so that the time
/// the first ones took says how long the others will (see
/// [`Phase::CountingFrom`]), wherever on the board the costly ones lie.
fn random_order(len: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    Rng::new(len as u64).shuffle(&mut order);
    order
}

/// Calls `on_solution` with every solution in turn (on the calling thread)
/// until it answers `Break`; returns how many were passed.
pub fn enumerate(
    puzzle: &Puzzle,
    control: &Control,
    on_solution: &mut dyn FnMut(&[Point]) -> ControlFlow<()>,
) -> Outcome<u64> {
    let layout = Layout::new(puzzle);
    if layout.len() == 0 {
        let _ = on_solution(&[]);
        return Outcome::Done(1);
    }
    let memo = Memo::new(layout.words(), memo_budget(control));
    let mut search = Search::new(&layout, control, &memo);
    let mut points = Vec::new();
    let mut passed = 0;
    let mut each = |path: &[u32]| {
        points.clear();
        points.extend(path.iter().map(|&stone| layout.points[stone as usize]));
        passed += 1;
        control.add_found(1);
        on_solution(&points)
    };
    let mut goal = Goal::Each(&mut each);
    let never = || false;
    for start in 0..layout.len() {
        match search.explore(Opening::anywhere(start), &mut goal, &never) {
            Ok(_) => {}
            Err(Stop::GaveUp) => break,
            Err(Stop::Cancelled) => return Outcome::Cancelled,
        }
    }
    search.flush_nodes();
    Outcome::Done(passed)
}

/// Runs `work` on as many threads as pay for this puzzle, each with its own
/// search state, all with one cache.
fn run_workers(
    (layout, watcher): (&Layout, Option<PickWatcher>),
    threads: Threads,
    control: &Control,
    work: impl Fn(&mut Search) + Sync,
) {
    // Each worker's own state grows with the stones: on a huge board no
    // more workers start than the memory budget holds (one always does).
    let fitting =
        control.resources().memory_budget / (WORKER_BYTES_PER_STONE * layout.len() as u64).max(1);
    let workers = if threads == Threads::All && layout.len() >= PARALLEL_MIN_STONES {
        control
            .resources()
            .threads
            .min(usize::try_from(fitting).unwrap_or(usize::MAX))
            .clamp(1, layout.len())
    } else {
        1
    };
    let memo = Memo::new(layout.words(), memo_budget(control));
    let run_one = || {
        let mut search = Search::new(layout, control, &memo);
        search.watcher = watcher;
        work(&mut search);
        search.flush_nodes();
    };
    job::on_threads(workers, |_| run_one());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::goishi::walk_forward;
    use crate::random::Rng;

    /// All solutions, counted on one thread with a memo of `memo_bytes`.
    fn count_with_memo(puzzle: &Puzzle, memo_bytes: usize) -> u64 {
        let layout = Layout::new(puzzle);
        let control = Control::new();
        let memo = Memo::new(layout.words(), memo_bytes);
        let mut search = Search::new(&layout, &control, &memo);
        let never = || false;
        (0..layout.len())
            .map(|start| {
                let goal = &mut Goal::Count {
                    limit: u64::MAX,
                    explored: None,
                };
                match search.explore(Opening::anywhere(start), goal, &never) {
                    Ok(found) => found,
                    Err(_) => unreachable!("nothing stops this search"),
                }
            })
            .sum()
    }

    #[test]
    fn a_count_says_how_far_it_has_got_within_a_starting_stone() {
        let (puzzle, _) = walk_forward(12, 12, 32, &mut Rng::new(1)).unwrap();
        let heard = Mutex::new(Vec::new());
        let on_searched = |searched: usize, explored: f64| {
            heard.lock().unwrap().push((searched, explored));
        };
        let counted = count_within(
            &puzzle,
            u64::MAX,
            u64::MAX,
            Threads::One,
            &Control::new(),
            &on_searched,
        );
        assert_eq!(
            counted,
            Outcome::Done(Some(count_with_memo(&puzzle, 1 << 20)))
        );
        let heard = heard.into_inner().unwrap();
        assert_eq!(heard.last(), Some(&(32, 32.0)));
        for pair in heard.windows(2) {
            let ((searched, explored), (next_searched, next_explored)) = (pair[0], pair[1]);
            assert!(
                next_searched >= searched && next_explored >= explored,
                "{pair:?}"
            );
        }
        for &(searched, explored) in &heard {
            assert!((searched as f64..searched as f64 + 1.0).contains(&explored));
        }
        let within = heard.iter().filter(|(_, explored)| explored.fract() > 0.0);
        assert!(
            within.count() > 0,
            "no share of a stone under way: {heard:?}"
        );
    }

    #[test]
    fn a_full_memo_that_replaces_entries_counts_the_same() {
        for seed in [1, 2] {
            let (puzzle, _) = walk_forward(12, 12, 32, &mut Rng::new(seed)).unwrap();
            let unbounded = count_with_memo(&puzzle, memo_budget(&Control::new()));
            assert!(unbounded > 100, "seed {seed}: {unbounded} solutions");
            assert_eq!(
                count(&puzzle, None, &Control::new()),
                Outcome::Done(unbounded)
            );
            // 64 KB (2,048 slots) fills up early, and from then on replaces
            // entries all through the count (about 60,000 and 300,000 of
            // them would be kept without a budget).
            assert_eq!(count_with_memo(&puzzle, 64 << 10), unbounded, "seed {seed}");
            assert_eq!(count_with_memo(&puzzle, 0), unbounded, "seed {seed}");
        }
    }
}
