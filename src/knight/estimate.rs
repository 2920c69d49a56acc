//! Estimating the number of tours where counting them all is out of reach.
//!
//! Knuth's estimator: walk one random tour attempt, at each square choosing
//! the next among the moves still possible with a known probability `q`,
//! and score a completed tour `1 / (q1 * q2 * ...)` (an attempt that gets
//! stuck scores 0). Every tour is reached with the product of its choices'
//! probabilities, so the mean score is exactly the number of tours.
//!
//! The scores are heavy-tailed: a few attempts score far more than the
//! rest, and until the sample holds enough of them the mean is usually too
//! low and the scores' own spread too small, so the usual interval (mean
//! +- 1.96 standard errors) misses the truth far more often than one time
//! in twenty. The interval given spans both that one and one from the
//! spread of the scores' logarithms (as if they were log-normal), which
//! the rare high scores move little, each [`INTERVAL_Z`] standard errors
//! wide; below [`FEWEST_TOURS_FOR_INTERVAL`] complete tours it is called
//! a rough range, not a 95% interval.
//!
//! The closer `q` follows the real share of tours behind each move, the
//! smaller the spread. Two things bring it close:
//! - moves that cannot lead to a tour at a glance get probability 0 (a
//!   square left with no way in, two squares that could each only be the
//!   last one); dropping choices that score 0 anyway keeps the mean exact;
//! - among the others, moves to squares with fewer onward moves are
//!   likelier (Warnsdorff's rule, softened: weight `exp(-degree / 2)`): most
//!   tours take them, because a square left alone is lost.
//!
//! A closed tour is a path from a start square back to a copy of it, which
//! the walk may enter only last: the copy is one more square that must be
//! the end, and the dead-end tests cover it like any other.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use super::{Board, Square, TourKind};
use crate::english::group_digits;
use crate::job::{self, Control, Detail, Headway, Progress};
use crate::memory::Unshared;
use crate::random::{Rng, splitmix64};
use crate::tr;

/// How much a move's onward degree lowers its weight (`exp(-WARNSDORFF *
/// degree)`). On 8x8 open tours it gave the narrowest 95% intervals of the
/// weights tried (+-8% in 15 s); stronger preferences widen them, and none
/// at all makes them useless.
const WARNSDORFF: f64 = 0.5;

/// The most open squares an estimate takes: tour counts grow about as
/// 2^(squares / 3), and beyond this a tour's score would overflow the
/// floating-point numbers the estimate is made of.
pub const MAX_ESTIMATE_SQUARES: usize = 1024;

/// Attempts between looks at the clock and the cancel flag.
const ATTEMPTS_PER_CHECK: u64 = 256;

/// Standard errors on either side that make a 95% interval of these
/// heavy-tailed scores: 1.96 would be one for normal ones, but missed the
/// truth in 13 of 40 seeds on a 6x6 board with two squares blocked; 3.5
/// missed at most 1 in 40 on every board measured (see `BENCHMARKS.md`).
const INTERVAL_Z: f64 = 3.5;

/// The fewest complete tours whose scores make a 95% interval: with
/// fewer, their spread says too little (see the module documentation).
pub const FEWEST_TOURS_FOR_INTERVAL: u64 = 30;

/// A board too big for an estimate: more than [`MAX_ESTIMATE_SQUARES`]
/// open squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooManySquares {
    /// The board's open squares.
    pub squares: usize,
}

impl std::fmt::Display for TooManySquares {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&tr!(
            "estimate-too-many-squares",
            squares = group_digits(self.squares as u64),
            most = group_digits(MAX_ESTIMATE_SQUARES as u64)
        ))
    }
}

impl std::error::Error for TooManySquares {}

/// When to stop sampling.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sampling {
    /// Seconds of sampling (on every thread).
    pub seconds: f64,
    /// At most this many attempts, over all threads.
    pub max_attempts: u64,
    /// Attempt `i` uses the random numbers of `seed` and `i` alone, so a
    /// run bounded by attempts gives the same estimate on any number of
    /// threads.
    pub seed: u64,
}

/// An estimate of the number of tours.
#[derive(Debug, Clone, PartialEq)]
pub struct Estimate {
    /// The estimated number of tours.
    pub tours: f64,
    /// The interval around `tours`: 95% when [`Estimate::has_interval`],
    /// a rough range otherwise.
    pub low: f64,
    /// Its upper end.
    pub high: f64,
    /// Random tour attempts made.
    pub attempts: u64,
    /// Attempts that completed a tour.
    pub completed: u64,
    /// What was estimated, as in [`count`](fn@super::count).
    pub description: String,
    /// Why the number is exact without sampling, when it is: the theory
    /// says there is no tour, or the board is a single square.
    pub exact_because: Option<String>,
}

impl Estimate {
    /// Whether enough attempts completed a tour for [`Estimate::low`] and
    /// [`Estimate::high`] to be a 95% interval.
    pub fn has_interval(&self) -> bool {
        self.exact_because.is_some() || self.completed >= FEWEST_TOURS_FOR_INTERVAL
    }

    /// The estimate of the tours `what` names, in this thread's language:
    /// the number and its interval first (the window cuts the rest to its
    /// panel's width).
    pub fn words(&self, what: &str) -> String {
        let attempts = group_digits(self.attempts);
        if let Some(reason) = &self.exact_because {
            return tr!(
                "estimate-exact",
                tours = self.tours.to_string(),
                what = what,
                reason = reason.as_str()
            );
        }
        if self.completed == 0 {
            return tr!("estimate-none", what = what, attempts = attempts);
        }
        let (low, high) = (format!("{:.4e}", self.low), format!("{:.4e}", self.high));
        let interval = if self.has_interval() {
            tr!("interval-95", low = low, high = high)
        } else {
            tr!("interval-rough", low = low, high = high)
        };
        tr!(
            "estimate-about",
            tours = format!("{:.4e}", self.tours),
            what = what,
            interval = interval,
            attempts = attempts,
            completed = group_digits(self.completed)
        )
    }
}

/// The estimate of what it says it estimated, in this thread's language.
impl std::fmt::Display for Estimate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.words(&self.description))
    }
}

/// What an estimate says while it samples: random attempts for this many
/// whole seconds; the nodes are attempts, the found ones complete tours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SamplingFor {
    /// How long the sampling goes on.
    pub seconds: u64,
}

impl SamplingFor {
    fn seconds_left(&self, progress: &Progress) -> u64 {
        self.seconds.saturating_sub(progress.elapsed.as_secs())
    }
}

impl Detail for SamplingFor {
    fn words(&self, progress: &Progress) -> String {
        let left = self.seconds_left(progress);
        crate::tr!("detail-sampling", seconds = self.seconds, left = left)
    }

    fn headway(&self, progress: &Progress) -> Option<Headway> {
        Some(Headway::of(
            progress.elapsed.as_secs_f64(),
            self.seconds as f64,
            Some(self.seconds_left(progress) as f64),
        ))
    }

    fn counter_words(&self, nodes: &str, found: &str) -> (String, String) {
        (
            crate::tr!("progress-attempts", n = nodes),
            crate::tr!("progress-complete-tours", n = found),
        )
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// Estimates the number of tours [`count`](fn@super::count) would count (the
/// same kinds, directed or not), by random tour attempts on every thread
/// until `sampling` says stop or `control` is cancelled (the attempts so far
/// then make the estimate). Boards of more than [`MAX_ESTIMATE_SQUARES`]
/// open squares are refused.
pub fn estimate(
    board: &Board,
    start: Option<Square>,
    kind: TourKind,
    sampling: Sampling,
    control: &Control,
) -> Result<Estimate, TooManySquares> {
    let description = super::count::describe(board, start, kind);
    let squares = board.open_count();
    if squares > MAX_ESTIMATE_SQUARES {
        return Err(TooManySquares { squares });
    }
    let graph = Graph::new(board);
    let exactly = |tours: f64, reason: String| Estimate {
        tours,
        low: tours,
        high: tours,
        attempts: 0,
        completed: 0,
        description: description.clone(),
        exact_because: Some(reason),
    };
    if let Some(reason) = super::why_no_tour(board, start, kind) {
        return Ok(exactly(0.0, reason.to_string()));
    }
    if squares == 1 {
        // Its own reverse, so one undirected tour as well as one directed.
        return Ok(exactly(
            1.0,
            "a single open square is one open tour".to_owned(),
        ));
    }
    // Open tours without a start: directed tours from every square, twice
    // the undirected ones; attempts take the squares in turn, and each
    // square's tours are estimated on their own (stratified sampling: the
    // great differences between squares add nothing to the spread).
    // Closed tours without a start: every cycle passes through the square
    // of fewest moves, twice (once per direction).
    let (starts, halve): (Vec<u32>, bool) = match (start, kind) {
        (Some(s), _) => (vec![graph.index_of(board, s)], false),
        (None, TourKind::Open) => ((0..squares as u32).collect(), true),
        (None, TourKind::Closed) => (vec![graph.fewest_moves()], true),
    };
    let graph = match kind {
        TourKind::Closed => graph.with_copy_of(starts[0]),
        TourKind::Open => graph,
    };
    // On the control's clock, which stops while the work is paused.
    let deadline = control.elapsed() + Duration::from_secs_f64(sampling.seconds);
    control.set_detail(SamplingFor {
        seconds: sampling.seconds.ceil() as u64,
    });
    let next_block = AtomicU64::new(0);
    let per_thread = job::on_threads(control.resources().threads, |_| {
        let mut walker = Walker::new(&graph);
        let mut sums = Unshared::from_fn(starts.len(), |_| Sums::default());
        let mut reported = 0;
        loop {
            let block = next_block.fetch_add(ATTEMPTS_PER_CHECK, Ordering::Relaxed);
            if block >= sampling.max_attempts
                || control.should_stop()
                || control.elapsed() >= deadline
            {
                return sums;
            }
            let end = (block + ATTEMPTS_PER_CHECK).min(sampling.max_attempts);
            for attempt in block..end {
                let mut rng = Rng::new(splitmix64(sampling.seed ^ splitmix64(attempt)));
                let stratum = (attempt % starts.len() as u64) as usize;
                sums[stratum].add(walker.attempt(starts[stratum], &mut rng));
            }
            control.add_nodes(end - block);
            let completed: u64 = sums.iter().map(|s| s.completed).sum();
            control.add_found(completed - reported);
            reported = completed;
        }
    });
    let mut strata = vec![Sums::default(); starts.len()];
    for sums in per_thread {
        for (total, &part) in strata.iter_mut().zip(sums.iter()) {
            *total = total.merge(part);
        }
    }
    let scale = if halve { 0.5 } else { 1.0 };
    let (mut tours, mut variance) = (0.0, 0.0);
    for stratum in &strata {
        let (mean, variance_of_mean) = stratum.mean_and_variance();
        tours += mean;
        variance += variance_of_mean;
    }
    let pooled = strata
        .iter()
        .fold(Sums::default(), |all, &part| all.merge(part));
    let half_width = INTERVAL_Z * variance.sqrt();
    let spread = INTERVAL_Z * pooled.log_normal_relative_spread();
    Ok(Estimate {
        tours: tours * scale,
        low: (tours - half_width).min(tours * (-spread).exp()).max(0.0) * scale,
        high: (tours + half_width).max(tours * spread.exp()) * scale,
        attempts: pooled.attempts,
        completed: pooled.completed,
        description,
        exact_because: None,
    })
}

/// Running sums of the scores.
#[derive(Debug, Default, Clone, Copy)]
struct Sums {
    attempts: u64,
    completed: u64,
    sum: f64,
    sum_of_squares: f64,
    /// The same of the logarithms of the scores of complete tours.
    log_sum: f64,
    log_sum_of_squares: f64,
}

impl Sums {
    fn add(&mut self, score: f64) {
        self.attempts += 1;
        if score > 0.0 {
            self.completed += 1;
            self.sum += score;
            self.sum_of_squares += score * score;
            let log = score.ln();
            self.log_sum += log;
            self.log_sum_of_squares += log * log;
        }
    }

    /// The mean score, and the variance of that mean (infinite with fewer
    /// than two attempts: nothing is known yet).
    fn mean_and_variance(&self) -> (f64, f64) {
        if self.attempts < 2 {
            return (self.sum, f64::INFINITY);
        }
        let n = self.attempts as f64;
        let mean = self.sum / n;
        let variance = ((self.sum_of_squares - n * mean * mean) / (n - 1.0)).max(0.0);
        (mean, variance / n)
    }

    /// The standard deviation of the logarithm of the mean score, were
    /// the scores of complete tours log-normal with the spread of their
    /// logarithms (infinite with fewer than two complete tours). Pooled
    /// over strata, whose differences only widen it.
    fn log_normal_relative_spread(&self) -> f64 {
        if self.completed < 2 {
            return f64::INFINITY;
        }
        let (n, tours) = (self.attempts as f64, self.completed as f64);
        let mean = self.log_sum / tours;
        let variance = ((self.log_sum_of_squares - tours * mean * mean) / (tours - 1.0)).max(0.0);
        // The relative variance of a mean of n scores, of which a share p
        // are tours: (e^variance / p - 1) / n.
        let relative = (variance.exp() * n / tours - 1.0) / n;
        relative.ln_1p().sqrt()
    }

    fn merge(self, other: Sums) -> Sums {
        Sums {
            attempts: self.attempts + other.attempts,
            completed: self.completed + other.completed,
            sum: self.sum + other.sum,
            sum_of_squares: self.sum_of_squares + other.sum_of_squares,
            log_sum: self.log_sum + other.log_sum,
            log_sum_of_squares: self.log_sum_of_squares + other.log_sum_of_squares,
        }
    }
}

/// The open squares, numbered, with their knight moves; for a closed tour
/// also a copy of its start (the last number), next to the start's
/// neighbours, which the walk may enter only at the end.
struct Graph {
    neighbours: Vec<Vec<u32>>,
    /// Board index to square number (`u32::MAX` for blocked squares).
    number: Vec<u32>,
    copy: Option<u32>,
}

impl Graph {
    fn new(board: &Board) -> Graph {
        let mut number = vec![u32::MAX; board.area()];
        for (i, s) in board.open_squares().enumerate() {
            number[board.index(s)] = i as u32;
        }
        let neighbours = board
            .open_squares()
            .map(|s| {
                board
                    .neighbours(s)
                    .map(|t| number[board.index(t)])
                    .collect()
            })
            .collect();
        Graph {
            neighbours,
            number,
            copy: None,
        }
    }

    /// The graph with a copy of `start` added.
    fn with_copy_of(mut self, start: u32) -> Graph {
        let copy = self.neighbours.len() as u32;
        let next_door = self.neighbours[start as usize].clone();
        for &n in &next_door {
            self.neighbours[n as usize].push(copy);
        }
        self.neighbours.push(next_door);
        self.copy = Some(copy);
        self
    }

    fn index_of(&self, board: &Board, s: Square) -> u32 {
        self.number[board.index(s)]
    }

    /// The square with the fewest moves (the first such).
    fn fewest_moves(&self) -> u32 {
        (0..self.neighbours.len())
            .min_by_key(|&i| self.neighbours[i].len())
            .unwrap_or(0) as u32
    }
}

/// One thread's state for tour attempts.
struct Walker<'a> {
    graph: &'a Graph,
    /// Changed at every step, like `degree`: in cache lines of its own
    /// (see [`Unshared`]), as every thread has a walker.
    visited: Unshared<bool>,
    /// Unvisited neighbours of each square.
    degree: Unshared<u32>,
    /// Scratch: the candidates' weights, the first `candidates` of them (a
    /// knight has at most eight moves).
    weights: [(u32, f64); 8],
    candidates: usize,
    /// Unvisited squares other than the copy with 0 and with 1 unvisited
    /// neighbours.
    low: [usize; 2],
    /// A move's weight by its onward degree (at most 8, 9 next to the copy).
    weight_of_degree: [f64; 10],
}

impl<'a> Walker<'a> {
    fn new(graph: &'a Graph) -> Walker<'a> {
        let squares = graph.neighbours.len();
        Walker {
            graph,
            visited: Unshared::from_fn(squares, |_| false),
            degree: Unshared::from_fn(squares, |_| 0),
            weights: [(0, 0.0); 8],
            candidates: 0,
            low: [0; 2],
            weight_of_degree: std::array::from_fn(|degree| (-WARNSDORFF * degree as f64).exp()),
        }
    }

    /// One random attempt from `first` (for a closed tour, the start it
    /// was made for): the score of the tour it completes, or 0.
    fn attempt(&mut self, first: u32, rng: &mut Rng) -> f64 {
        let squares = self.visited.len();
        self.visited.fill(false);
        self.low = [0; 2];
        for square in 0..squares {
            self.degree[square] = self.graph.neighbours[square].len() as u32;
            self.tally(square as u32, true);
        }
        let mut current = first;
        self.visit(current);
        let mut visited = 1;
        let mut score = 1.0;
        while visited < squares {
            let left = squares - visited - 1;
            self.candidates = 0;
            let mut total = 0.0;
            let graph = self.graph;
            for &candidate in &graph.neighbours[current as usize] {
                if self.visited[candidate as usize]
                    || (Some(candidate) == self.graph.copy && left > 0)
                    || !self.viable(candidate, left)
                {
                    continue;
                }
                let weight = self.weight_of_degree[self.degree[candidate as usize] as usize];
                self.weights[self.candidates] = (candidate, weight);
                self.candidates += 1;
                total += weight;
            }
            if self.candidates == 0 {
                return 0.0;
            }
            let mut pick = rng.unit() * total;
            let weights = &self.weights[..self.candidates];
            let mut chosen = weights[weights.len() - 1];
            for &(candidate, weight) in weights {
                if pick < weight {
                    chosen = (candidate, weight);
                    break;
                }
                pick -= weight;
            }
            score *= total / chosen.1;
            current = chosen.0;
            self.visit(current);
            visited += 1;
        }
        score
    }

    fn visit(&mut self, square: u32) {
        self.visited[square as usize] = true;
        self.tally(square, false);
        let graph = self.graph;
        for &n in &graph.neighbours[square as usize] {
            let unvisited = !self.visited[n as usize];
            if unvisited {
                self.tally(n, false);
            }
            self.degree[n as usize] -= 1;
            if unvisited {
                self.tally(n, true);
            }
        }
    }

    /// Adds `square` to [`Walker::low`] (or takes it away) when its degree
    /// is 0 or 1; the copy is left out.
    fn tally(&mut self, square: u32, add: bool) {
        let degree = self.degree[square as usize] as usize;
        if degree <= 1 && Some(square) != self.graph.copy {
            if add {
                self.low[degree] += 1;
            } else {
                self.low[degree] -= 1;
            }
        }
    }

    /// Whether moving to `candidate` (with `left` squares to visit after
    /// it) can still lead to a tour, at a glance: every unvisited square
    /// keeps a way in, and at most one of them (none but the copy, for a
    /// closed tour) would have to be the last. Only the candidate's
    /// neighbours change degree, so this costs a look at them and at the
    /// running tallies.
    fn viable(&self, candidate: u32, left: usize) -> bool {
        if left == 0 {
            return true;
        }
        // Other unvisited squares of degree 0 (no way in) and 1 (only the
        // last, unless the next move takes it) after the move.
        let own = self.degree[candidate as usize] as usize;
        let mut stranded = self.low[0] - usize::from(own == 0);
        let mut ends = self.low[1] - usize::from(own == 1);
        let mut next_only = 0;
        let mut copy_near = false;
        for &n in &self.graph.neighbours[candidate as usize] {
            if self.visited[n as usize] {
                continue;
            }
            let degree = self.degree[n as usize] - 1;
            if Some(n) == self.graph.copy {
                copy_near = true;
                if degree == 0 && left > 1 {
                    return false;
                }
                continue;
            }
            match degree {
                // Entered next, and then the walk ends.
                0 if left > 1 => return false,
                0 => ends -= 1,
                1 => next_only += 1,
                _ => {}
            }
        }
        if let Some(copy) = self.graph.copy
            && !copy_near
            && self.degree[copy as usize] == 0
        {
            stranded += 1;
        }
        let ends = ends + usize::saturating_sub(next_only, 1);
        stranded == 0 && ends <= usize::from(self.graph.copy.is_none())
    }
}
