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

use super::lines::{DIRECTIONS, DOWN, LEFT, Lines, RIGHT, UP, opposite};
use super::memo::{Memo, MemoView};
use super::puzzle::{Direction, Point, Puzzle};
use super::rules::Game;
use crate::job::{self, Control, Method, Outcome};
use crate::memory::{self, Unshared};
use crate::random::{Rng, splitmix64};

/// Memory the workers' shared cache may use: three quarters of the memory
/// budget (the rest is for their own state). The cache only grows as far
/// as the search pays for (see [`memo`](super::memo)), so only huge counts
/// reach it, and they gain from it: 236 million solutions of 45 stones took
/// 194 s with caches of 128 MB a worker, 80 s with 512 MB and 64 s with
/// 1 GB each; 192 million of 60 stones took 170 s with a cache a worker
/// and 146 s with one shared cache of the same total size (2 GB).
fn memo_budget() -> usize {
    let share = memory::budget() / 4 * 3;
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

/// The arrival direction of the starting stone (the others are those of
/// [`lines`](super::lines)).
const NO_DIRECTION: u8 = 4;

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
    match solve_other(&layout, None, &excluded, unbounded, control) {
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
    match solve_other(&layout, opening, &[], bounds, control) {
        Outcome::Done(sought) => Outcome::Done(sought.map(|path| layout.points_of(&path[skip..]))),
        Outcome::Cancelled => Outcome::Cancelled,
    }
}

/// The directions a stone reached moving `arrival` may leave in: all but
/// the way back (all four for [`NO_DIRECTION`]).
fn ways_on(arrival: u8) -> impl Iterator<Item = u8> + Clone {
    DIRECTIONS
        .into_iter()
        .filter(move |&direction| arrival == NO_DIRECTION || direction != opposite(arrival))
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

/// A fixed first stone of a search, and the direction it was reached in
/// ([`NO_DIRECTION`] when any move may follow).
#[derive(Debug, Clone, Copy)]
struct Opening {
    stone: u32,
    arrival: u8,
}

impl Opening {
    /// The first pick of a game, at `stone`.
    fn anywhere(stone: usize) -> Opening {
        Opening {
            stone: stone as u32,
            arrival: NO_DIRECTION,
        }
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
    opening: Option<Opening>,
    excluded: &[Vec<u32>],
    (threads, max_nodes): (Threads, u64),
    control: &Control,
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
    run_workers(layout, threads, control, |search| {
        let worker = next_worker.fetch_add(1, Ordering::Relaxed);
        let mut dead_start = vec![false; layout.len()];
        let mut nodes_left = max_nodes;
        for attempt in 0u64.. {
            if nodes_left == 0 {
                conclude(Sought::OutOfNodes);
                return;
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
            match solve_other(&layout, None, &found, (Threads::All, u64::MAX), control) {
                Outcome::Done(Sought::Found(solution)) => found.push(solution),
                Outcome::Done(_) => break,
                Outcome::Cancelled => return Outcome::Cancelled,
            }
        }
        return Outcome::Done(found.len() as u64);
    }
    let limit = limit.unwrap_or(u64::MAX);
    let stones = u32::try_from(puzzle.stone_count()).unwrap_or(u32::MAX);
    let searched_from = |searched: usize| {
        control.set_method(Method::CountingFrom {
            searched: u32::try_from(searched).unwrap_or(u32::MAX),
            stones,
        });
    };
    searched_from(0);
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
/// starting stone's search, `on_searched` gets how many starting stones
/// have been searched in all.
pub(super) fn count_within(
    puzzle: &Puzzle,
    limit: u64,
    max_nodes: u64,
    threads: Threads,
    control: &Control,
    on_searched: &(dyn Fn(usize) + Sync),
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
    run_workers(&layout, threads, control, |search| {
        search.begin_attempt(max_nodes, None);
        loop {
            let start = next_start.fetch_add(1, Ordering::Relaxed);
            if start >= layout.len() || stop() {
                return;
            }
            let start = Opening::anywhere(starts[start]);
            match search.explore(start, &mut Goal::Count { limit }, &stop) {
                Ok(found) => {
                    control.add_found(found);
                    let _ = total.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |sum| {
                        Some(sum.saturating_add(found))
                    });
                    on_searched(searched.fetch_add(1, Ordering::Relaxed) + 1);
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
/// [`Method::CountingFrom`]), wherever on the board the costly ones lie.
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
    let memo = Memo::new(layout.words(), memo_budget());
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
    layout: &Layout,
    threads: Threads,
    control: &Control,
    work: impl Fn(&mut Search) + Sync,
) {
    // Each worker's own state grows with the stones: on a huge board no
    // more workers start than the memory budget holds (one always does).
    let fitting = memory::budget() / (WORKER_BYTES_PER_STONE * layout.len() as u64).max(1);
    let workers = if threads == Threads::All && layout.len() >= PARALLEL_MIN_STONES {
        job::threads()
            .min(usize::try_from(fitting).unwrap_or(usize::MAX))
            .clamp(1, layout.len())
    } else {
        1
    };
    let memo = Memo::new(layout.words(), memo_budget());
    let run_one = || {
        let mut search = Search::new(layout, control, &memo);
        work(&mut search);
        search.flush_nodes();
    };
    job::on_threads(workers, |_| run_one());
}

/// The stones of a puzzle as the search sees them: numbered row by row.
struct Layout {
    points: Vec<Point>,
    /// All the stones linked along their rows and columns: each search
    /// starts from a copy.
    lines: Lines,
    /// Whether every stone reaches every other along rows and columns, which
    /// any solution needs.
    linked: bool,
    /// Random keys for incremental hashing of the set of remaining stones.
    zobrist: Vec<u64>,
}

impl Layout {
    fn new(puzzle: &Puzzle) -> Layout {
        let points = puzzle.stones();
        let lines = Lines::new(&points);
        Layout {
            linked: lines.all_linked(),
            lines,
            zobrist: (0..points.len() as u64).map(splitmix64).collect(),
            points,
        }
    }

    fn len(&self) -> usize {
        self.points.len()
    }

    /// Words of a bitset of the stones.
    fn words(&self) -> usize {
        self.len().div_ceil(64)
    }

    /// The stone number at `point`, if a stone stands there.
    fn stone_at(&self, point: Point) -> Option<u32> {
        self.points
            .binary_search_by_key(&(point.y, point.x), |p| (p.y, p.x))
            .ok()
            .map(|stone| stone as u32)
    }

    /// An order of points as stone numbers, if it names every stone once.
    fn stones_of(&self, order: &[Point]) -> Option<Vec<u32>> {
        let mut seen = vec![false; self.len()];
        let stones: Option<Vec<u32>> = order
            .iter()
            .map(|&p| {
                let stone = self.stone_at(p)?;
                (!std::mem::replace(&mut seen[stone as usize], true)).then_some(stone)
            })
            .collect();
        stones.filter(|stones| stones.len() == self.len())
    }

    fn points_of(&self, path: &[u32]) -> Vec<Point> {
        path.iter()
            .map(|&stone| self.points[stone as usize])
            .collect()
    }
}

/// What the search is after.
enum Goal<'a> {
    /// The first solution other than those excluded (at most
    /// [`MAX_EXCLUDED`]); the search stops there.
    First { excluded: &'a [Vec<u32>] },
    /// The number of solutions, saturating at `limit`.
    Count { limit: u64 },
    /// Every solution, passed to the callback as stone numbers.
    Each(&'a mut dyn FnMut(&[u32]) -> ControlFlow<()>),
}

/// Why a search ended early.
enum Stop {
    /// The control was cancelled.
    Cancelled,
    /// The caller's give-up test said so, or the callback asked to stop.
    GaveUp,
}

/// One level of the depth-first search: a stone just picked and the moves
/// from it still to try.
struct Frame {
    /// The state's memo key (see [`Search::state_key`]), worked out once
    /// when the state was looked up: its slot is fetched ahead and written
    /// when the frame is done. `None` for a state the memo leaves out (see
    /// [`Search::value_of_move`]) and for the opening, whose worth is the
    /// search's result.
    key: Option<(u64, u64)>,
    moves: [(u32, u8); 4],
    move_count: u8,
    next_move: u8,
    /// Solutions found below this level so far (saturated in counting).
    total: u64,
    /// The excluded solutions (see [`Goal::First`]) that the path up to
    /// here follows, one bit each.
    following: u64,
    /// The node budget when the frame was made: what is gone from it since
    /// is the work below this level.
    budget_at_start: u64,
}

/// Where a move leads, as far as is known without searching below it.
enum Reached {
    /// The number of solutions below (saturated as the goal says).
    Worth(u64),
    /// A state to search, with its memo key if the memo keeps it.
    Unknown(Option<(u64, u64)>),
}

/// The state of one worker's search.
struct Search<'a> {
    layout: &'a Layout,
    control: &'a Control,
    /// Bitset of the stones still on the board (the current stone excluded),
    /// changed at every step: in a block of its own (see [`Unshared`]).
    remaining: Unshared<u64>,
    /// The remaining stones and the current one, linked along their lines.
    lines: Lines,
    remaining_count: usize,
    /// XOR of the zobrist keys of `remaining`.
    hash: u64,
    /// Stones picked so far, the current one last.
    path: Vec<u32>,
    stack: Vec<Frame>,
    memo: MemoView<'a>,
    /// Nodes since the counters were last published.
    unreported: u64,
    /// Nodes between looks at the cancel flag, smaller for big puzzles whose
    /// nodes cost more.
    check_every: u64,
    /// Nodes left in the current attempt before giving up.
    budget: u64,
    /// State of the generator that breaks ties between equally good moves
    /// at random; `None` keeps the order fixed.
    shuffle: Option<u64>,
    /// Whether moves are tried most promising first: a count takes them
    /// all whatever the order.
    orders_moves: bool,
}

impl<'a> Search<'a> {
    fn new(layout: &'a Layout, control: &'a Control, memo: &'a Memo) -> Search<'a> {
        let words = layout.words();
        let cost_per_node = (layout.len() as u64 / 64).max(1);
        let mut remaining = Unshared::from_fn(words, |_| u64::MAX);
        if !layout.len().is_multiple_of(64) {
            remaining[words - 1] = (1 << (layout.len() % 64)) - 1;
        }
        Search {
            layout,
            control,
            remaining,
            lines: layout.lines.clone(),
            remaining_count: layout.len(),
            hash: layout.zobrist.iter().fold(0, |h, z| h ^ z),
            path: memory::stack_for(layout.len()),
            stack: memory::stack_for(layout.len()),
            memo: memo.view(),
            unreported: 0,
            check_every: (job::CHECK_INTERVAL / cost_per_node).max(1),
            budget: u64::MAX,
            shuffle: None,
            orders_moves: true,
        }
    }

    /// Sets the node budget and the tie-breaking of the next explorations.
    fn begin_attempt(&mut self, budget: u64, shuffle_seed: Option<u64>) {
        self.budget = budget;
        self.shuffle = shuffle_seed;
    }

    /// A random byte to break ties, or 0 when the order is fixed.
    fn tie_breaker(&mut self) -> u16 {
        match &mut self.shuffle {
            Some(state) => {
                *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
                (splitmix64(*state) & 0xFF) as u16
            }
            None => 0,
        }
    }

    /// Starting stones, fewest open sides first, ties broken as the attempt
    /// says.
    fn start_order(&mut self) -> Vec<Opening> {
        let mut keyed: Vec<(u16, usize)> = (0..self.layout.len())
            .map(|stone| {
                (
                    u16::from(self.layout.lines.degree(stone as u32)) << 8 | self.tie_breaker(),
                    stone,
                )
            })
            .collect();
        keyed.sort_unstable();
        keyed
            .into_iter()
            .map(|(_, stone)| Opening::anywhere(stone))
            .collect()
    }

    fn flush_nodes(&mut self) {
        self.control.add_nodes(self.unreported);
        self.memo.catch_up(self.unreported);
        self.unreported = 0;
    }

    /// Moves on to `stone`. The stone picked before it leaves play once
    /// its frame is made (see [`Search::leave_play`]): the rules' test of
    /// each move looks at the stones as they will be then.
    fn pick(&mut self, stone: u32) {
        let s = stone as usize;
        self.remaining[s / 64] &= !(1 << (s % 64));
        self.remaining_count -= 1;
        self.hash ^= self.layout.zobrist[s];
        self.path.push(stone);
    }

    /// Takes back the last pick.
    fn unpick(&mut self) {
        let Some(stone) = self.path.pop() else { return };
        let s = stone as usize;
        self.remaining[s / 64] |= 1 << (s % 64);
        self.remaining_count += 1;
        self.hash ^= self.layout.zobrist[s];
    }

    /// Pushes the frame of the stone picked last and takes that stone out
    /// of play, once for all its moves: before, each move took it out and
    /// put it back, and most moves end at once (a dead end, a cached
    /// state), so that cost about a sixth of a count's time.
    fn leave_play(&mut self, frame: Frame) {
        self.stack.push(frame);
        self.lines.remove(self.path[self.path.len() - 1]);
    }

    /// Pops the top frame and puts its stone back in play (still picked).
    fn back_in_play(&mut self) {
        self.stack.pop();
        self.lines.restore(self.path[self.stack.len()]);
    }

    fn tag(stone: u32, arrival: u8) -> u64 {
        u64::from(stone) << 3 | u64::from(arrival)
    }

    /// The memo's key of the state at `stone` reached moving `arrival`, as
    /// (hash, tag). The arrival only forbids reversing, so when no stone
    /// is left behind the current one it changes nothing and is left out:
    /// states reached from different sides then share their entry.
    fn state_key(&self, stone: u32, arrival: u8) -> (u64, u64) {
        let arrival =
            if arrival != NO_DIRECTION && self.lines.next(stone, opposite(arrival)).is_none() {
                NO_DIRECTION
            } else {
                arrival
            };
        let tag = Self::tag(stone, arrival);
        (self.hash ^ splitmix64(tag), tag)
    }

    /// Asks the memo for the slot of the state that moving from `current`
    /// to `target` would reach (see [`Search::state_key`]; once `current`
    /// leaves play, looking back from `target` sees what lies beyond it).
    fn prefetch_state(&self, current: u32, target: u32, direction: u8) {
        let behind = self.lines.next(current, opposite(direction));
        let arrival = if behind.is_some() {
            direction
        } else {
            NO_DIRECTION
        };
        let tag = Self::tag(target, arrival);
        let hash = self.hash ^ self.layout.zobrist[target as usize] ^ splitmix64(tag);
        self.memo.prefetch_lookup(hash);
    }

    /// How many moves `target`, reached moving `direction`, has on: those
    /// that do not reverse.
    fn onward_moves(&self, target: u32, direction: u8) -> usize {
        ways_on(direction)
            .filter(|&d| self.lines.next(target, d).is_some())
            .count()
    }

    /// Explores every pick order that starts with the `start` opening.
    /// Returns the number of solutions found (saturated at the limit when
    /// counting; 1 when the first one was found, with `self.path` holding it).
    fn explore(
        &mut self,
        start: Opening,
        goal: &mut Goal,
        give_up: &dyn Fn() -> bool,
    ) -> Result<u64, Stop> {
        // Take back what an earlier exploration that stopped early left,
        // which costs no more than that exploration did: the picks beyond
        // the frames (a solution's last, or a stone looked at), then the
        // frames' stones, out of play, in the reverse order they left.
        while self.path.len() > self.stack.len() {
            self.unpick();
        }
        while !self.stack.is_empty() {
            self.back_in_play();
            self.unpick();
        }
        self.orders_moves = !matches!(goal, Goal::Count { .. });
        let Opening {
            stone: start,
            arrival,
        } = start;
        self.pick(start);
        let following = self.still_following(goal, u64::MAX);
        if self.remaining_count == 0 {
            if following != 0 {
                return Ok(0);
            }
            return self.reached_solution(goal).map(|()| 1);
        }
        if self.moves_on_unless_dead(start, arrival).is_none() {
            return Ok(0);
        }
        // The opening's worth is the result, never kept: it needs no key.
        let frame = self.frame(start, arrival, following, None);
        self.leave_play(frame);
        let limit = match goal {
            Goal::Count { limit } => *limit,
            _ => u64::MAX,
        };
        let mut result = 0;
        while let Some(top) = self.stack.last_mut() {
            if top.next_move < top.move_count && top.total < limit {
                let (target, direction) = top.moves[top.next_move as usize];
                top.next_move += 1;
                let following = top.following;
                if let Some((hash, _)) = top.key
                    && top.next_move == top.move_count
                {
                    // The state's own slot, written once its last move is
                    // searched: asked for now, it is at hand by then.
                    self.memo.prefetch_insert(hash);
                }
                self.tick(give_up)?;
                self.pick(target);
                let following = self.still_following(goal, following);
                match self.value_of_move(target, direction, goal, following)? {
                    Reached::Worth(value) if value > 0 && matches!(goal, Goal::First { .. }) => {
                        return Ok(1);
                    }
                    Reached::Worth(value) => {
                        self.unpick();
                        self.add_to_top(value, limit);
                    }
                    Reached::Unknown(key) => {
                        let frame = self.frame(target, direction, following, key);
                        self.leave_play(frame);
                    }
                }
            } else {
                let (key, total) = (top.key, top.total);
                let work = top.budget_at_start.saturating_sub(self.budget);
                // Left out of the count: what the state is worth on another
                // path that reaches it.
                let skipped_an_excluded_solution = top.following != 0;
                self.back_in_play();
                if self.stack.is_empty() {
                    result = total;
                } else {
                    if let Some((hash, tag)) = key
                        && !skipped_an_excluded_solution
                        && (matches!(goal, Goal::Count { .. }) || total == 0)
                    {
                        let weight = work.saturating_add(1).ilog2() as u8 + 1;
                        self.memo.insert(hash, &self.remaining, tag, total, weight);
                    }
                    self.add_to_top(total, limit);
                }
                self.unpick();
            }
        }
        Ok(result)
    }

    fn add_to_top(&mut self, value: u64, limit: u64) {
        if let Some(top) = self.stack.last_mut() {
            top.total = top.total.saturating_add(value).min(limit);
        }
    }

    /// Counts a node and, every so often, publishes progress and checks for
    /// cancellation.
    fn tick(&mut self, give_up: &dyn Fn() -> bool) -> Result<(), Stop> {
        self.unreported += 1;
        self.budget = self.budget.saturating_sub(1);
        if self.budget == 0 {
            return Err(Stop::GaveUp);
        }
        if self.unreported >= self.check_every {
            self.flush_nodes();
            if self.control.should_stop() {
                return Err(Stop::Cancelled);
            }
            if give_up() {
                return Err(Stop::GaveUp);
            }
        }
        Ok(())
    }

    /// After moving to `target`: the number of solutions below it when that
    /// is known without going deeper (a finished order, a cached state, a
    /// dead state), or else the key of the state the search must descend
    /// into.
    fn value_of_move(
        &mut self,
        target: u32,
        direction: u8,
        goal: &mut Goal,
        following: u64,
    ) -> Result<Reached, Stop> {
        if self.remaining_count == 0 {
            if following != 0 {
                return Ok(Reached::Worth(0));
            }
            self.reached_solution(goal)?;
            return Ok(Reached::Worth(1));
        }
        // The dead test first: it reads the links, which are at hand, while
        // the memo's slot, asked for when the move was listed, is still on
        // its way from memory; and a dead state needs no lookup at all.
        let Some(moves_on) = self.moves_on_unless_dead(target, direction) else {
            return Ok(Reached::Worth(0));
        };
        // A state with a single move on is worth what the state it moves
        // to is, which the memo keeps: looking it up and keeping it too
        // would only cost (more than half of the states searched have one
        // move on; without them, counts took a fifth less time).
        if moves_on == 1 {
            return Ok(Reached::Unknown(None));
        }
        let (hash, tag) = self.state_key(target, direction);
        Ok(match self.memo.get(hash, &self.remaining, tag) {
            Some(value) => Reached::Worth(value),
            None => Reached::Unknown(Some((hash, tag))),
        })
    }

    /// Which of the goal's excluded solutions (bit `i` for the `i`-th) the
    /// path still follows after its last pick, given those it followed
    /// before it.
    fn still_following(&self, goal: &Goal, before: u64) -> u64 {
        let Goal::First { excluded } = goal else {
            return 0;
        };
        let depth = self.path.len() - 1;
        let stone = self.path[depth];
        let mut after = 0;
        for (i, solution) in excluded.iter().enumerate() {
            if before >> i & 1 == 1 && solution[depth] == stone {
                after |= 1 << i;
            }
        }
        after
    }

    fn reached_solution(&mut self, goal: &mut Goal) -> Result<(), Stop> {
        if let Goal::Each(callback) = goal
            && callback(&self.path).is_break()
        {
            return Err(Stop::GaveUp);
        }
        Ok(())
    }

    /// How promising a move to `target`, moving `direction`, is: the
    /// fewer onward moves it leaves the better, dead ends last.
    fn move_rank(&self, target: u32, direction: u8) -> u16 {
        match self.onward_moves(target, direction) {
            0 => u16::from(u8::MAX),
            onward => onward as u16,
        }
    }

    /// A frame for `stone`, reached moving `arrival` (the state of memo key
    /// `key`), with its moves ordered by how few onward moves they leave
    /// (dead ends last).
    fn frame(&mut self, stone: u32, arrival: u8, following: u64, key: Option<(u64, u64)>) -> Frame {
        let mut moves = [(0, 0); 4];
        let mut keys = [0u16; 4];
        let mut move_count = 0;
        for direction in ways_on(arrival) {
            // Only looking back from the target would see the current stone.
            if let Some(target) = self.lines.next(stone, direction) {
                self.prefetch_state(stone, target, direction);
                // Unordered, the keys stay equal and the sort below keeps
                // the moves as they come.
                if self.orders_moves {
                    keys[move_count] = self.move_rank(target, direction) << 8 | self.tie_breaker();
                }
                moves[move_count] = (target, direction);
                move_count += 1;
            }
        }
        // Insertion sort of at most four moves, stable.
        for i in 1..move_count {
            let mut j = i;
            while j > 0 && keys[j - 1] > keys[j] {
                keys.swap(j - 1, j);
                moves.swap(j - 1, j);
                j -= 1;
            }
        }
        Frame {
            key,
            moves,
            move_count: move_count as u8,
            next_move: 0,
            total: 0,
            following,
            budget_at_start: self.budget,
        }
    }

    /// How many moves `current`, reached moving `arrival`, has on (those
    /// that do not reverse), or `None` when no pick order can finish from
    /// it with the remaining stones. Each possible next pick is
    /// looked at as the stones will be once `current` leaves play: the
    /// next stone needs a way on that is not a reversal (unless it is the
    /// last), no other stone may be left without a neighbour, and at most
    /// one other may be left with a single neighbour (such a stone can only
    /// be the last pick). Last, the stones must stay linked through shared
    /// rows and columns once `current` leaves (its row and its column then
    /// fall apart, and the next move can only go into one of them).
    ///
    /// The tallies come from [`Lines`], corrected for the neighbours that
    /// lose a side when `current` leaves: a neighbour with no stone beyond
    /// `current` on the far side. Looking one pick ahead here rather than at
    /// each next stone ends a dead branch a level earlier. For the cut, the
    /// stones were linked when the previous pick left play (it passed this
    /// test at its own node), so only `current` can cut them apart.
    fn moves_on_unless_dead(&mut self, current: u32, arrival: u8) -> Option<usize> {
        if self.path.len() == 1 && !self.layout.linked {
            return None;
        }
        let degree = self.lines.degree(current);
        let mut isolated = self.lines.isolated() - usize::from(degree == 0);
        let mut ends = self.lines.ends() - usize::from(degree <= 1);
        // Per direction: the degree of the neighbour there (0: none; one in
        // play has `current` at least) and whether it loses its side facing
        // `current`.
        let mut neighbours = [(0, false); 4];
        for direction in DIRECTIONS {
            let Some(neighbour) = self.lines.next(current, direction) else {
                continue;
            };
            let loses_a_side = self.lines.next(current, opposite(direction)).is_none();
            let degree = self.lines.degree(neighbour);
            if loses_a_side {
                isolated += usize::from(degree == 1);
                ends += usize::from(degree == 2);
            }
            neighbours[direction as usize] = (degree, loses_a_side);
        }
        let last = self.remaining_count == 1;
        let moves_on = ways_on(arrival).filter(|&direction| neighbours[direction as usize].0 != 0);
        let some_next_can_go_on = moves_on.clone().any(|direction| {
            let (degree, loses_a_side) = neighbours[direction as usize];
            let degree_after = degree - u8::from(loses_a_side);
            let other_isolated = isolated - usize::from(degree_after == 0);
            let other_ends = ends - usize::from(degree_after <= 1);
            (degree >= 2 || last) && other_isolated == 0 && other_ends <= 1
        });
        (some_next_can_go_on && !self.lines.would_split_without(current)).then(|| moves_on.count())
    }
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
                let goal = &mut Goal::Count { limit: u64::MAX };
                match search.explore(Opening::anywhere(start), goal, &never) {
                    Ok(found) => found,
                    Err(_) => unreachable!("nothing stops this search"),
                }
            })
            .sum()
    }

    #[test]
    fn a_full_memo_that_replaces_entries_counts_the_same() {
        for seed in [1, 2] {
            let (puzzle, _) = walk_forward(12, 12, 32, &mut Rng::new(seed)).unwrap();
            let unbounded = count_with_memo(&puzzle, memo_budget());
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
