//! Knight's routes through small full rectangles, the building blocks of the
//! large-board construction.
//!
//! Every block shape the tiling uses needs one closed tour, or for the block
//! that holds the start of an open tour one open tour from that square, or
//! on boards 4 squares across (which have no closed tours) two cycles that
//! together cover the block. They are found by a small depth-first search
//! with Warnsdorff move ordering and pruning of squares left with too few
//! ways in and out, once per shape, and kept in a process-wide cache: a
//! 2000x2000 board uses only a handful of shapes, so after the first call
//! the cost of the searches disappears.

use crate::job::{CHECK_INTERVAL, Control};
use crate::knight::KNIGHT_MOVES;
use std::cmp::Reverse;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Search nodes one block search may spend before it gives up. Blocks are at
/// most a few hundred squares and the ordering finds their routes within a
/// few thousand nodes; the cap only bounds the rare unlucky case.
const NODE_BUDGET: u64 = 2_000_000;

/// Which route through a `width` x `height` block is wanted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct RouteKey {
    pub width: u32,
    pub height: u32,
    pub kind: RouteKind,
}

/// The kinds of block route.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum RouteKind {
    /// A closed tour of the block.
    Closed,
    /// An open tour of the block from the block-local square index (row-major).
    OpenFrom(u32),
    /// On a block 4 squares across, which has no closed tour: two cycles,
    /// one through each [`four_across_class`], one after the other.
    ClassCycles,
}

/// On a board 4 squares across, knight's moves from the two outer lines
/// (`outer`) only reach the two inner ones, so a cycle that never moves
/// between the inner lines keeps to one of two classes: outer squares of one
/// colour with inner squares of the other. Every open tour of such a board
/// is a path through one class, one move between the inner lines, and a
/// path through the other class.
pub(super) fn four_across_class(outer: bool, x: u32, y: u32) -> u32 {
    u32::from(outer) ^ ((x + y) % 2)
}

/// A route through every square of a block, as row-major block-local square
/// indices in visiting order: a closed tour (the last square is a knight's
/// move from the first) or an open tour from the requested square. `None`
/// when the search found none within its budget. Results are cached.
/// A cancelled search returns `None` and is not cached.
pub(super) fn route(key: RouteKey, control: &Control) -> Option<Arc<[u32]>> {
    static CACHE: OnceLock<Mutex<RouteCache>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(found) = cache.lock().ok()?.get(&key) {
        return found.clone();
    }
    let searched: Option<Arc<[u32]>> = find_route(key, control).map(Arc::from);
    if control.should_stop() {
        return None;
    }
    cache.lock().ok()?.insert(key, searched.clone());
    searched
}

/// Searches the block's route in the block's mirror images in turn (the
/// search's luck depends on where it starts from) until one is found.
///
/// Blocks are searched standing upright (never wider than tall) and turned
/// back: a row of blocks then meets its neighbours exactly as the same
/// blocks stacked in a column would, so whatever joins in one direction
/// joins in the other.
fn find_route(key: RouteKey, control: &Control) -> Option<Vec<u32>> {
    let (width, height) = (key.width, key.height);
    let turned = width > height;
    let (search_width, search_height) = if turned {
        (height, width)
    } else {
        (width, height)
    };
    [(false, false), (true, false), (false, true), (true, true)]
        .into_iter()
        .find_map(|(left_right, top_bottom)| {
            let mirror = |x: u32, y: u32| {
                let x = if left_right { width - 1 - x } else { x };
                let y = if top_bottom { height - 1 - y } else { y };
                (x, y)
            };
            let everywhere = |_: u32| true;
            let route = match key.kind {
                RouteKind::Closed => {
                    search(search_width, search_height, 0, true, &everywhere, control)?
                }
                RouteKind::OpenFrom(square) => {
                    let (x, y) = mirror(square % width, square / width);
                    let start = if turned {
                        x * height + y
                    } else {
                        y * width + x
                    };
                    search(
                        search_width,
                        search_height,
                        start,
                        false,
                        &everywhere,
                        control,
                    )?
                }
                RouteKind::ClassCycles if search_width == 4 => {
                    let mut cycles = Vec::with_capacity((width * height) as usize);
                    for class in 0..2 {
                        let member = |square: u32| {
                            let (x, y) = (square % 4, square / 4);
                            four_across_class(x == 0 || x == 3, x, y) == class
                        };
                        let start = (0..4 * search_height).find(|&square| member(square))?;
                        cycles.extend(search(4, search_height, start, true, &member, control)?);
                    }
                    cycles
                }
                RouteKind::ClassCycles => return None,
            };
            Some(
                route
                    .into_iter()
                    .map(|square| {
                        let (sx, sy) = (square % search_width, square / search_width);
                        let (x, y) = if turned {
                            mirror(sy, sx)
                        } else {
                            mirror(sx, sy)
                        };
                        y * width + x
                    })
                    .collect(),
            )
        })
}

/// Every route searched so far, or `None` where the search gave up.
type RouteCache = HashMap<RouteKey, Option<Arc<[u32]>>>;

/// The knight's-move neighbours among `member` squares of every square of a
/// `width` x `height` board.
fn neighbour_lists(width: u32, height: u32, member: &dyn Fn(u32) -> bool) -> Vec<Vec<u32>> {
    let (w, h) = (width as i32, height as i32);
    (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .map(|(x, y)| {
            KNIGHT_MOVES
                .iter()
                .map(|&(dx, dy)| (x + dx, y + dy))
                .filter(|&(nx, ny)| (0..w).contains(&nx) && (0..h).contains(&ny))
                .map(|(nx, ny)| (ny * w + nx) as u32)
                .filter(|&square| member(square))
                .collect()
        })
        .collect()
}

/// Depth-first search for a route through every `member` square from
/// `start`, closed or open. Iterative (an explicit stack of candidate
/// lists), so the depth is bounded by the heap, not the call stack. Gives
/// up after [`NODE_BUDGET`] nodes or when `control` is cancelled.
fn search(
    width: u32,
    height: u32,
    start: u32,
    closed: bool,
    member: &dyn Fn(u32) -> bool,
    control: &Control,
) -> Option<Vec<u32>> {
    let square_count = (0..width * height).filter(|&square| member(square)).count();
    let neighbours = neighbour_lists(width, height, member);
    let mut state = SearchState {
        // Squares nearer the rim are tried first on ties: they are the ones
        // that get stranded when left for later.
        rim_closeness: (0..width * height)
            .map(|square| {
                let (x, y) = (square % width, square / width);
                let from_rim = x.min(width - 1 - x).min(y).min(height - 1 - y);
                Reverse(from_rim)
            })
            .collect(),
        free_degree: neighbours.iter().map(|list| list.len() as u8).collect(),
        visited: (0..width * height).map(|square| !member(square)).collect(),
        neighbours,
    };
    let mut path = Vec::with_capacity(square_count);
    let mut frames: Vec<(Vec<u32>, usize)> = Vec::with_capacity(square_count);
    state.visit(start);
    path.push(start);
    if square_count == 1 {
        return (!closed).then_some(path);
    }
    frames.push((state.ordered_moves(start), 0));
    let mut nodes = 0u64;
    while let Some((candidates, next)) = frames.last_mut() {
        let Some(&square) = candidates.get(*next) else {
            frames.pop();
            if let Some(left) = path.pop() {
                state.unvisit(left);
            }
            continue;
        };
        *next += 1;
        nodes += 1;
        if nodes.is_multiple_of(CHECK_INTERVAL) {
            control.add_nodes(CHECK_INTERVAL);
            if nodes >= NODE_BUDGET || control.should_stop() {
                return None;
            }
        }
        state.visit(square);
        path.push(square);
        let remaining = square_count - path.len();
        if remaining == 0 {
            if !closed || state.neighbours[square as usize].contains(&start) {
                return Some(path);
            }
        } else if state.can_continue(
            path[path.len() - 2],
            square,
            remaining,
            closed.then_some(start),
        ) {
            frames.push((state.ordered_moves(square), 0));
            continue;
        }
        path.pop();
        state.unvisit(square);
    }
    None
}

/// The mutable board of [`search`].
struct SearchState {
    neighbours: Vec<Vec<u32>>,
    /// Number of unvisited neighbours of each square.
    free_degree: Vec<u8>,
    visited: Vec<bool>,
    /// Tie-break key of Warnsdorff ordering.
    rim_closeness: Vec<Reverse<u32>>,
}

impl SearchState {
    fn visit(&mut self, square: u32) {
        self.visited[square as usize] = true;
        for &n in &self.neighbours[square as usize] {
            self.free_degree[n as usize] -= 1;
        }
    }

    fn unvisit(&mut self, square: u32) {
        self.visited[square as usize] = false;
        for &n in &self.neighbours[square as usize] {
            self.free_degree[n as usize] += 1;
        }
    }

    /// Unvisited neighbours of `square`, fewest onward moves first.
    fn ordered_moves(&self, square: u32) -> Vec<u32> {
        let mut moves: Vec<u32> = self.neighbours[square as usize]
            .iter()
            .copied()
            .filter(|&n| !self.visited[n as usize])
            .collect();
        moves.sort_by_key(|&n| (self.free_degree[n as usize], self.rim_closeness[n as usize]));
        moves
    }

    /// Whether the route just extended from `previous` to `square` may
    /// still be completed. Every unvisited square needs two ways in and out
    /// (unvisited neighbours, the route's moving end `square`, and for a
    /// closed route the start it must return to), except that an open
    /// route's last square needs only one and a square with none left can
    /// only be the very last one, entered now. Only the neighbours of
    /// `previous` and `square` changed, so only they are checked.
    fn can_continue(
        &self,
        previous: u32,
        square: u32,
        remaining: usize,
        closing_to: Option<u32>,
    ) -> bool {
        if closing_to.is_some_and(|start| self.free_degree[start as usize] == 0) {
            return false;
        }
        let touches = |a: u32, b: u32| self.neighbours[a as usize].contains(&b);
        let mut dead_ends = 0;
        for &n in &self.neighbours[square as usize] {
            if !self.visited[n as usize] && self.free_degree[n as usize] == 0 && remaining > 1 {
                return false;
            }
        }
        for &n in &self.neighbours[previous as usize] {
            if self.visited[n as usize] || touches(n, square) {
                continue;
            }
            let ways = self.free_degree[n as usize]
                + u8::from(closing_to.is_some_and(|start| touches(n, start)));
            match (ways, closing_to) {
                (0, _) | (1, Some(_)) => return false,
                (1, None) => dead_ends += 1,
                _ => {}
            }
        }
        dead_ends <= 1
    }
}
