//! Depth-first walks that produce every tour one by one.
//!
//! The walk keeps, for every unvisited square, its number of unvisited
//! neighbours (its *free degree*), and prunes with what those numbers force:
//! - a square whose free degree drops to 0 can only be the next and last
//!   square of the tour;
//! - a square with free degree at most 1 that is not the next square must be
//!   the tour's last square, so an open tour can afford one such square and a
//!   closed tour none (for a closed tour the start counts as a free
//!   neighbour of its own neighbours, since the tour returns to it). With
//!   one square too many the walk must step onto one of them next.
//!
//! The walk is iterative (an explicit stack of choice indices), so long
//! tours cannot overflow the thread's stack.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::super::{Board, Square};
use crate::job::{self, CHECK_INTERVAL, Control, Outcome};
use crate::memory::{self, Unshared};

/// The knight graph of a board's open squares, numbered 0.. in row-major
/// order (so a smaller number means earlier in reading order).
pub(super) struct Graph {
    squares: Vec<Square>,
    neighbours: Vec<Vec<u32>>,
    id_of_index: Vec<Option<u32>>,
}

impl Graph {
    pub(super) fn new(board: &Board) -> Graph {
        let squares: Vec<Square> = board.open_squares().collect();
        let mut id_of_index = vec![None; board.area()];
        for (id, &s) in squares.iter().enumerate() {
            id_of_index[board.index(s)] = Some(id as u32);
        }
        let neighbours = squares
            .iter()
            .map(|&s| {
                board
                    .neighbours(s)
                    .filter_map(|t| id_of_index[board.index(t)])
                    .collect()
            })
            .collect();
        Graph {
            squares,
            neighbours,
            id_of_index,
        }
    }

    /// Number of open squares.
    pub(super) fn len(&self) -> usize {
        self.squares.len()
    }

    /// The graph number of an open square of `board`.
    pub(super) fn id(&self, board: &Board, s: Square) -> Option<u32> {
        if board.contains(s) {
            self.id_of_index[board.index(s)]
        } else {
            None
        }
    }

    pub(super) fn square(&self, id: u32) -> Square {
        self.squares[id as usize]
    }

    pub(super) fn neighbours(&self, id: u32) -> &[u32] {
        &self.neighbours[id as usize]
    }

    /// The square of least degree (the first in reading order on ties):
    /// closed tours are enumerated from it because its few neighbours give
    /// the fewest branches near the root.
    pub(super) fn most_constrained(&self) -> Option<u32> {
        (0..self.len() as u32).min_by_key(|&id| self.neighbours(id).len())
    }
}

/// Counts search nodes and polls the cancel flag in batches.
pub(super) struct Pacer<'c> {
    control: &'c Control,
    nodes: u64,
}

impl<'c> Pacer<'c> {
    pub(super) fn new(control: &'c Control) -> Self {
        Pacer { control, nodes: 0 }
    }

    /// Records one node; false when the job has been cancelled.
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= CHECK_INTERVAL {
            self.control.add_nodes(self.nodes);
            self.nodes = 0;
            return !self.control.should_stop();
        }
        true
    }
}

impl Drop for Pacer<'_> {
    fn drop(&mut self) {
        self.control.add_nodes(self.nodes);
    }
}

/// A partial tour and the bookkeeping needed to extend it. What changes at
/// every step is kept in cache lines of its own (see [`Unshared`]): each
/// thread of a count extends walks of its own.
pub(super) struct Walk<'g> {
    graph: &'g Graph,
    closed: bool,
    visited: Unshared<bool>,
    free_degree: Unshared<u8>,
    /// Unvisited squares with free degree at most 1.
    low: usize,
    path: Vec<u32>,
}

impl<'g> Walk<'g> {
    /// A walk along `prefix` (which must be non-empty), or None when the
    /// prefix is not a knight path or provably cannot be completed.
    pub(super) fn along(graph: &'g Graph, prefix: &[u32], closed: bool) -> Option<Walk<'g>> {
        let (&start, rest) = prefix.split_first()?;
        let n = graph.len();
        let mut walk = Walk {
            graph,
            closed,
            visited: Unshared::from_fn(n, |_| false),
            free_degree: Unshared::from_fn(n, |id| graph.neighbours(id as u32).len() as u8),
            low: 0,
            path: memory::stack_for(n),
        };
        walk.visited[start as usize] = true;
        walk.path.push(start);
        let mut viable = true;
        if !closed {
            viable = walk.take_from_neighbours(start);
        }
        walk.low = (0..n)
            .filter(|&id| !walk.visited[id] && walk.free_degree[id] <= 1)
            .count();
        viable &= walk.low <= walk.slack() + 1;
        for &next in rest {
            let here = *walk.path.last()?;
            if !viable || !graph.neighbours(here).contains(&next) || !walk.allows(next) {
                return None;
            }
            viable = walk.enter(next);
        }
        viable.then_some(walk)
    }

    /// How many squares with free degree at most 1 may be left for the end.
    fn slack(&self) -> usize {
        if self.closed { 0 } else { 1 }
    }

    /// Whether the walk may step onto `next` (a neighbour of its end).
    fn allows(&self, next: u32) -> bool {
        !self.visited[next as usize]
            && (self.low <= self.slack() || self.free_degree[next as usize] <= 1)
    }

    /// Lowers the free degree of the unvisited neighbours of `id`; false
    /// when one of them is left with none while more than one square remains.
    fn take_from_neighbours(&mut self, id: u32) -> bool {
        let mut stranded = false;
        for &other in self.graph.neighbours(id) {
            let other = other as usize;
            if !self.visited[other] {
                self.free_degree[other] -= 1;
                match self.free_degree[other] {
                    1 => self.low += 1,
                    0 => stranded = true,
                    _ => {}
                }
            }
        }
        !stranded || self.graph.len() - self.path.len() <= 1
    }

    /// Steps onto `next`; false when the walk is now provably dead (the
    /// caller must still [`Walk::leave`]).
    fn enter(&mut self, next: u32) -> bool {
        self.visited[next as usize] = true;
        self.path.push(next);
        if self.free_degree[next as usize] <= 1 {
            self.low -= 1;
        }
        self.take_from_neighbours(next) && self.low <= self.slack() + 1
    }

    /// Undoes the last [`Walk::enter`].
    fn leave(&mut self) {
        let Some(last) = self.path.pop() else { return };
        for &other in self.graph.neighbours(last) {
            let other = other as usize;
            if !self.visited[other] {
                if self.free_degree[other] == 1 {
                    self.low -= 1;
                }
                self.free_degree[other] += 1;
            }
        }
        self.visited[last as usize] = false;
        if self.free_degree[last as usize] <= 1 {
            self.low += 1;
        }
    }

    fn is_tour(&self) -> bool {
        let (first, last) = (self.path[0], self.path[self.path.len() - 1]);
        !self.closed || self.graph.neighbours(last).contains(&first)
    }

    /// Extends the walk in every possible way, passing each complete tour to
    /// `on_tour`, and returns with the path as it was. Stops early when
    /// `on_tour` breaks (Done(Break)) or the job is cancelled.
    pub(super) fn complete(
        &mut self,
        pacer: &mut Pacer,
        on_tour: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    ) -> Outcome<ControlFlow<()>> {
        let n = self.graph.len();
        let base = self.path.len();
        if base == n {
            let flow = if self.is_tour() {
                on_tour(&self.path)
            } else {
                ControlFlow::Continue(())
            };
            return Outcome::Done(flow);
        }
        // choices[d] = index of the next neighbour to try from path[base - 1 + d].
        let mut choices: Vec<u8> = memory::stack_for(n - base + 1);
        choices.push(0);
        while let Some(choice) = choices.last_mut() {
            let here = self.path[self.path.len() - 1];
            let neighbours = self.graph.neighbours(here);
            let mut next = None;
            while let Some(&candidate) = neighbours.get(*choice as usize) {
                *choice += 1;
                if self.allows(candidate) {
                    next = Some(candidate);
                    break;
                }
            }
            let Some(next) = next else {
                choices.pop();
                if !choices.is_empty() {
                    self.leave();
                }
                continue;
            };
            if !pacer.tick() {
                self.unwind(base);
                return Outcome::Cancelled;
            }
            let viable = self.enter(next);
            if viable && self.path.len() == n {
                if self.is_tour() && on_tour(&self.path).is_break() {
                    self.unwind(base);
                    return Outcome::Done(ControlFlow::Break(()));
                }
                self.leave();
            } else if viable {
                choices.push(0);
            } else {
                self.leave();
            }
        }
        Outcome::Done(ControlFlow::Continue(()))
    }

    fn unwind(&mut self, base: usize) {
        while self.path.len() > base {
            self.leave();
        }
    }

    /// One of Knuth's random probes: walks down one random branch, taking
    /// any allowed move with equal chance, and returns the sum over the
    /// levels of the product of the numbers of moves met on the way. Its
    /// mean over many probes is the number of nodes [`Walk::complete`]
    /// visits. The walk is left as it was.
    fn probe(&mut self, random: &mut u64) -> f64 {
        let base = self.path.len();
        let (mut paths, mut nodes) = (1.0, 0.0);
        while self.path.len() < self.graph.len() {
            let here = self.path[self.path.len() - 1];
            let mut allowed = [0u32; 8];
            let mut choices = 0;
            for &candidate in self.graph.neighbours(here) {
                if self.allows(candidate) {
                    allowed[choices] = candidate;
                    choices += 1;
                }
            }
            if choices == 0 {
                break;
            }
            paths *= choices as f64;
            nodes += paths;
            *random ^= *random << 13;
            *random ^= *random >> 7;
            *random ^= *random << 17;
            let next = allowed[(*random % choices as u64) as usize];
            if !self.enter(next) {
                break;
            }
        }
        self.unwind(base);
        nodes
    }
}

/// Knuth's estimate of the nodes [`count_in_parallel`] visits below
/// `roots`: the mean of `probes` random probes from each root. Unbiased but
/// widely spread; it tells a count of minutes from one of years.
pub(super) fn estimate_nodes(
    graph: &Graph,
    roots: &[(Vec<u32>, u64)],
    closed: bool,
    probes: u32,
) -> f64 {
    // On big boards many roots and long probes would take minutes for a
    // figure that only has to tell hours from years: a spread-out sample
    // of the roots stands for all of them, and the probes a root gets
    // shrink with the board, within a fixed number of steps in all.
    let sampled = roots.len().clamp(1, SAMPLED_ROOTS);
    let stride = roots.len().div_ceil(sampled).max(1);
    let steps_per_root = ESTIMATE_STEPS / (sampled as u64 * graph.len().max(1) as u64);
    let probes = probes
        .min(steps_per_root.max(u64::from(FEWEST_PROBES)) as u32)
        .max(1);
    let mut random = 0x2545_f491_4f6c_dd1d_u64;
    let (mut total, mut taken) = (0.0, 0usize);
    for (root, _) in roots.iter().step_by(stride) {
        taken += 1;
        if let Some(mut walk) = Walk::along(graph, root, closed) {
            let sum: f64 = (0..probes).map(|_| walk.probe(&mut random)).sum();
            total += sum / f64::from(probes);
        }
    }
    total * roots.len() as f64 / taken.max(1) as f64
}

/// The most roots whose walks [`estimate_nodes`] probes.
const SAMPLED_ROOTS: usize = 16;
/// The steps [`estimate_nodes`] takes at most, over all its probes, beyond
/// [`FEWEST_PROBES`] a root.
const ESTIMATE_STEPS: u64 = 20_000_000;
/// The probes a root gets at least, however big the board.
const FEWEST_PROBES: u32 = 8;

/// Splits the walks below `roots` into many small prefixes and completes
/// them on every thread the machine offers ([`Resources::threads`](crate::job::Resources::threads)). Each tour found below a root adds the root's weight
/// to the total when `accept` keeps it. Used for boards small enough to walk
/// and for those the frontier sweep cannot handle.
pub(super) fn count_in_parallel(
    graph: &Graph,
    roots: &[(Vec<u32>, u64)],
    closed: bool,
    accept: &(dyn Fn(&[u32]) -> bool + Sync),
    control: &Control,
) -> Outcome<u128> {
    const WANTED_PREFIXES: usize = 256;
    let mut prefixes: Vec<(Vec<u32>, u64)> = roots
        .iter()
        .filter(|(root, _)| Walk::along(graph, root, closed).is_some())
        .cloned()
        .collect();
    // Deepen the shortest prefixes one move at a time until there are enough.
    let mut depth = 1;
    while prefixes.len() < WANTED_PREFIXES && depth < graph.len() {
        let mut deeper = Vec::new();
        for (prefix, weight) in &prefixes {
            let Some(&last) = prefix.last() else { continue };
            if prefix.len() != depth {
                deeper.push((prefix.clone(), *weight));
                continue;
            }
            for &next in graph.neighbours(last) {
                let mut longer = prefix.clone();
                longer.push(next);
                if Walk::along(graph, &longer, closed).is_some() {
                    deeper.push((longer, *weight));
                }
            }
        }
        prefixes = deeper;
        depth += 1;
    }
    let next_prefix = AtomicUsize::new(0);
    let work = || -> Outcome<u128> {
        let mut pacer = Pacer::new(control);
        let mut tours = 0u128;
        loop {
            let i = next_prefix.fetch_add(1, Ordering::Relaxed);
            let Some((prefix, weight)) = prefixes.get(i) else {
                return Outcome::Done(tours);
            };
            let Some(mut walk) = Walk::along(graph, prefix, closed) else {
                continue;
            };
            let mut tally = |path: &[u32]| {
                if accept(path) {
                    tours += u128::from(*weight);
                }
                ControlFlow::Continue(())
            };
            if walk.complete(&mut pacer, &mut tally) == Outcome::Cancelled {
                return Outcome::Cancelled;
            }
        }
    };
    job::on_threads(control.resources().threads.min(prefixes.len()), |_| work())
        .into_iter()
        .try_fold(0u128, |sum, outcome| match outcome {
            Outcome::Done(tours) => Some(sum + tours),
            Outcome::Cancelled => None,
        })
        .map_or(Outcome::Cancelled, Outcome::Done)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The estimate is unbiased: with enough probes it lands near the
    /// nodes the walk really visits (counted by the walk itself).
    #[test]
    fn knuths_estimate_comes_close_to_the_nodes_walked() {
        for (width, height) in [(5, 5), (3, 8)] {
            let board = Board::new(width, height).unwrap();
            let graph = Graph::new(&board);
            let root = vec![(vec![0u32], 1u64)];
            let control = Control::new();
            let mut walk = Walk::along(&graph, &root[0].0, false).expect("a start");
            let mut pacer = Pacer::new(&control);
            let counted = walk.complete(&mut pacer, &mut |_| ControlFlow::Continue(()));
            assert_eq!(counted, Outcome::Done(ControlFlow::Continue(())));
            drop(pacer);
            let walked = control.snapshot().nodes as f64;
            let estimated = estimate_nodes(&graph, &root, false, 20_000);
            let ratio = estimated / walked;
            assert!(
                (0.7..1.4).contains(&ratio),
                "{width}x{height}: estimated {estimated}, walked {walked}"
            );
        }
    }
}
