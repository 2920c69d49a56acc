//! A cover of the board by disjoint knight routes, merged into one.
//!
//! The board is cut into rectangular blocks; each block gets a closed tour of
//! its own (or two cycles, or, for the block holding an open tour's start,
//! an open route), so the board starts out covered by disjoint routes. Each
//! square stores its two neighbours on its route, without orientation,
//! which makes the merging step O(1): when route edges `a-a'` and `b-b'` lie
//! in different routes and `a~b`, `a'~b'` are knight's moves, replacing the
//! two edges by `a-b` and `a'-b'` joins the two routes into one (two cycles
//! become one cycle; a cycle spliced into an open route keeps that route's
//! ends). Across a boundary only 3 squares long no such pair exists; there
//! a three-edge exchange splices a whole block's cycle, opened into a path,
//! into the other route. A block whose edges near the boundary suit neither
//! is laid again mirrored. A union-find over the blocks' starting routes
//! tells which squares already share a route. Once one route is left, a
//! single walk lists the tour.

use super::blocks::{self, RouteKey, RouteKind, four_across_class};
use crate::job::Control;
use crate::knight::KNIGHT_MOVES;
use std::collections::HashMap;

/// Marks the missing neighbour of an open route's end square.
const NO_SQUARE: u32 = u32::MAX;

/// How the board is cut into blocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Layout {
    /// Widths of the block columns, left to right.
    pub columns: Vec<u32>,
    /// Heights of the block rows, top to bottom.
    pub rows: Vec<u32>,
    /// For an open tour: the square it starts from. The block holding it
    /// gets an open route from there.
    pub open_from: Option<(u32, u32)>,
    /// The route of every other block: [`RouteKind::Closed`], or on a board
    /// 4 squares across, which has no closed tours, [`RouteKind::ClassCycles`].
    pub cycles: RouteKind,
}

/// Side lengths of a run of blocks and where each starts.
struct Strips {
    starts: Vec<u32>,
    /// For every coordinate along the side, the index of its block.
    index_of: Vec<u32>,
}

impl Strips {
    fn new(sizes: &[u32]) -> Strips {
        let mut starts = Vec::with_capacity(sizes.len() + 1);
        let mut index_of = Vec::new();
        let mut at = 0;
        for (index, &size) in sizes.iter().enumerate() {
            starts.push(at);
            index_of.extend(std::iter::repeat_n(index as u32, size as usize));
            at += size;
        }
        starts.push(at);
        Strips { starts, index_of }
    }

    fn count(&self) -> usize {
        self.starts.len() - 1
    }

    fn range(&self, index: usize) -> std::ops::Range<u32> {
        self.starts[index]..self.starts[index + 1]
    }
}

/// A block's route may be laid as found or mirrored, which changes the
/// route edges near the block's sides when a boundary needs other ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Mirror {
    left_right: bool,
    top_bottom: bool,
}

impl Mirror {
    const AS_FOUND: Mirror = Mirror {
        left_right: false,
        top_bottom: false,
    };
    const OTHERS: [Mirror; 3] = [
        Mirror {
            left_right: true,
            top_bottom: false,
        },
        Mirror {
            left_right: false,
            top_bottom: true,
        },
        Mirror {
            left_right: true,
            top_bottom: true,
        },
    ];
}

/// Disjoint routes covering the board, see the module documentation.
pub(super) struct Cover {
    width: u32,
    height: u32,
    /// The two route neighbours of every square (row-major index);
    /// [`NO_SQUARE`] stands for the missing one at an open route's ends.
    links: Vec<[u32; 2]>,
    columns: Strips,
    rows: Strips,
    /// Where the open route starts, if the tour is open.
    open_from: Option<(u32, u32)>,
    /// The kind of route of the blocks that do not hold `open_from`.
    cycles: RouteKind,
    /// 1, or 2 when each block starts with one cycle per
    /// [`four_across_class`]. The routes are numbered block by block.
    routes_per_block: u32,
    /// Each block route laid so far, as offsets of its squares in route
    /// order from the block's top-left square, per shape and mirror image.
    offsets: HashMap<(RouteKey, Mirror), Vec<u32>>,
    /// Union-find parent of every starting route.
    parent: Vec<u32>,
    /// Number of starting routes in the route of each union-find root.
    blocks_in_route: Vec<u32>,
}

impl Cover {
    /// Lays the blocks' routes on the board. `None` when a block has no
    /// route or the job was cancelled.
    pub fn build(layout: &Layout, control: &Control) -> Option<Cover> {
        let columns = Strips::new(&layout.columns);
        let rows = Strips::new(&layout.rows);
        let width = *columns.starts.last()?;
        let height = *rows.starts.last()?;
        let routes_per_block = if layout.cycles == RouteKind::ClassCycles {
            2
        } else {
            1
        };
        let route_count = columns.count() * rows.count() * routes_per_block as usize;
        let mut cover = Cover {
            width,
            height,
            links: vec![[NO_SQUARE; 2]; width as usize * height as usize],
            columns,
            rows,
            open_from: layout.open_from,
            cycles: layout.cycles,
            routes_per_block,
            offsets: HashMap::new(),
            parent: (0..route_count as u32).collect(),
            blocks_in_route: vec![1; route_count],
        };
        if let Some((x, y)) = layout.open_from {
            // The open route runs through both classes of its block.
            let block = cover.block_of(y * width + x);
            for class in 1..routes_per_block {
                cover.unite(block * routes_per_block + class, block * routes_per_block);
            }
        }
        for row in 0..cover.rows.count() {
            if control.should_stop() {
                return None;
            }
            for column in 0..cover.columns.count() {
                cover.lay_block(column, row, Mirror::AS_FOUND, control)?;
            }
        }
        Some(cover)
    }

    /// Writes the route of one block into `links`. `None` when the block
    /// search found no route for its shape.
    fn lay_block(
        &mut self,
        column: usize,
        row: usize,
        mirror: Mirror,
        control: &Control,
    ) -> Option<()> {
        let (xs, ys) = (self.columns.range(column), self.rows.range(row));
        let (block_width, block_height) = (xs.len() as u32, ys.len() as u32);
        let kind = self
            .open_from
            .filter(|(x, y)| xs.contains(x) && ys.contains(y))
            .map_or(self.cycles, |(x, y)| {
                RouteKind::OpenFrom((y - ys.start) * block_width + (x - xs.start))
            });
        let key = RouteKey {
            width: block_width,
            height: block_height,
            kind,
        };
        let width = self.width;
        let offsets = match self.offsets.entry((key, mirror)) {
            std::collections::hash_map::Entry::Occupied(known) => known.into_mut(),
            std::collections::hash_map::Entry::Vacant(slot) => {
                let route = blocks::route(key, control)?;
                slot.insert(
                    route
                        .iter()
                        .map(|&local| {
                            let (x, y) = (local % block_width, local / block_width);
                            let x = if mirror.left_right {
                                block_width - 1 - x
                            } else {
                                x
                            };
                            let y = if mirror.top_bottom {
                                block_height - 1 - y
                            } else {
                                y
                            };
                            y * width + x
                        })
                        .collect(),
                )
            }
        };
        let origin = ys.start * width + xs.start;
        match kind {
            RouteKind::Closed => lay_route(&mut self.links, origin, offsets, true),
            RouteKind::OpenFrom(_) => lay_route(&mut self.links, origin, offsets, false),
            RouteKind::ClassCycles => {
                for cycle in offsets.chunks(offsets.len() / 2) {
                    lay_route(&mut self.links, origin, cycle, true);
                }
            }
        }
        Some(())
    }

    /// Joins all routes into one by edge exchanges across block
    /// boundaries: first along each row of blocks, then down the columns
    /// wherever two vertically adjacent blocks are still apart. Each row (and
    /// column) is joined outwards from the block holding the open route's
    /// start (or from the first block), so that the block joined on is
    /// always a fresh cycle, as the three-edge exchange needs. False when
    /// some routes could not be joined (or the job was cancelled).
    pub fn merge_all(&mut self, control: &Control) -> bool {
        let (anchor_column, anchor_row) = self.open_from.map_or((0, 0), |(x, y)| {
            (
                self.columns.index_of[x as usize] as usize,
                self.rows.index_of[y as usize] as usize,
            )
        });
        for row in 0..self.rows.count() {
            if control.should_stop() {
                return false;
            }
            for column in anchor_column + 1..self.columns.count() {
                self.join((column - 1, row), (column, row), control);
            }
            for column in (0..anchor_column).rev() {
                self.join((column + 1, row), (column, row), control);
            }
        }
        for column in 0..self.columns.count() {
            if control.should_stop() {
                return false;
            }
            for row in anchor_row + 1..self.rows.count() {
                self.join((column, row - 1), (column, row), control);
            }
            for row in (0..anchor_row).rev() {
                self.join((column, row + 1), (column, row), control);
            }
        }
        let root = self.find(0);
        (1..self.parent.len() as u32).all(|route| self.find(route) == root)
    }

    /// Joins the routes of two adjacent blocks, given as (column, row), by
    /// an exchange at the strip on `first`'s side of their boundary: a
    /// two-edge swap when there is one, else a three-edge one that splices
    /// `second`'s cycle in.
    fn join(&mut self, first: (usize, usize), second: (usize, usize), control: &Control) {
        let (xs, ys) = if first.0 != second.0 {
            let boundary = self.columns.starts[first.0.max(second.0)];
            let xs = if first.0 < second.0 {
                boundary - 2..boundary
            } else {
                boundary..boundary + 2
            };
            (xs, self.rows.range(first.1))
        } else {
            let boundary = self.rows.starts[first.1.max(second.1)];
            let ys = if first.1 < second.1 {
                boundary - 2..boundary
            } else {
                boundary..boundary + 2
            };
            (self.columns.range(first.0), ys)
        };
        let first_block = self.block_index(first.0, first.1);
        let second_block = self.block_index(second.0, second.1);
        if self.joined(first_block, second_block) {
            return;
        }
        let second_size = self.columns.range(second.0).len() * self.rows.range(second.1).len();
        let exchange = |cover: &mut Cover| {
            cover.join_blocks(first_block, second_block, xs.clone(), ys.clone());
            cover.join_blocks_by_three(
                first_block,
                second_block,
                second_size,
                xs.clone(),
                ys.clone(),
            );
            cover.joined(first_block, second_block)
        };
        if exchange(self) {
            return;
        }
        // A block still on its own may be laid mirrored for other edges.
        let open_from = self.open_from;
        let (second_xs, second_ys) = (self.columns.range(second.0), self.rows.range(second.1));
        let holds_start =
            open_from.is_some_and(|(x, y)| second_xs.contains(&x) && second_ys.contains(&y));
        let on_its_own = (0..self.routes_per_block).all(|class| {
            let root = self.find(second_block * self.routes_per_block + class);
            self.blocks_in_route[root as usize] == 1
        });
        if !on_its_own || holds_start {
            return;
        }
        for mirror in Mirror::OTHERS {
            if self
                .lay_block(second.0, second.1, mirror, control)
                .is_some()
                && exchange(self)
            {
                return;
            }
        }
    }

    /// Records that the routes of union-find roots `from` and `into` became
    /// one.
    fn unite(&mut self, from: u32, into: u32) {
        self.parent[from as usize] = into;
        self.blocks_in_route[into as usize] += self.blocks_in_route[from as usize];
    }

    /// Lists the squares along the single route from `start` (which must be
    /// an end of the route when the route is open), mapped through `square`.
    /// `None` if the route misses squares (routes were left unmerged) or the
    /// job was cancelled.
    pub fn walk<T>(
        &self,
        start: u32,
        square: impl Fn(u32, u32) -> T,
        control: &Control,
    ) -> Option<Vec<T>> {
        let total = self.links.len();
        let mut tour = Vec::with_capacity(total);
        let [first, second] = self.links[start as usize];
        let mut previous = start;
        let mut current = if first == NO_SQUARE { second } else { first };
        tour.push(square(start % self.width, start / self.width));
        while current != start && current != NO_SQUARE && tour.len() < total {
            if tour.len() % (1 << 16) == 0 {
                if control.should_stop() {
                    return None;
                }
                control.add_nodes(1 << 16);
            }
            tour.push(square(current % self.width, current / self.width));
            let [a, b] = self.links[current as usize];
            let next = if a == previous { b } else { a };
            previous = current;
            current = next;
        }
        (tour.len() == total).then_some(tour)
    }

    fn block_index(&self, column: usize, row: usize) -> u32 {
        (row * self.columns.count() + column) as u32
    }

    fn block_of(&self, square: u32) -> u32 {
        let (x, y) = (square % self.width, square / self.width);
        self.rows.index_of[y as usize] * self.columns.count() as u32
            + self.columns.index_of[x as usize]
    }

    /// The starting route `square` is on.
    fn route_of(&self, square: u32) -> u32 {
        let block = self.block_of(square);
        if self.routes_per_block == 1 {
            return block;
        }
        let (x, y) = (square % self.width, square / self.width);
        let outer = if self.height == 4 {
            y == 0 || y == 3
        } else {
            x == 0 || x == 3
        };
        block * self.routes_per_block + four_across_class(outer, x, y)
    }

    /// The current route of `square`, as a union-find root.
    fn current_route(&mut self, square: u32) -> u32 {
        let route = self.route_of(square);
        self.find(route)
    }

    /// Whether every route of block `second` is joined to the route of the
    /// same class in block `first`.
    fn joined(&mut self, first: u32, second: u32) -> bool {
        (0..self.routes_per_block).all(|class| {
            let per_block = self.routes_per_block;
            self.find(first * per_block + class) == self.find(second * per_block + class)
        })
    }

    /// A route of block `second` not yet joined to the route of its class
    /// in block `first`, other than `besides`.
    fn unjoined_route(&mut self, first: u32, second: u32, besides: u32) -> Option<u32> {
        let per_block = self.routes_per_block;
        for class in 0..per_block {
            let route = self.find(second * per_block + class);
            if route != besides && route != self.find(first * per_block + class) {
                return Some(route);
            }
        }
        None
    }

    fn find(&mut self, mut route: u32) -> u32 {
        while self.parent[route as usize] != route {
            let grandparent = self.parent[self.parent[route as usize] as usize];
            self.parent[route as usize] = grandparent;
            route = grandparent;
        }
        route
    }

    /// Tries the squares of the rectangle `xs` x `ys` (the strip next to a
    /// boundary) as `a` in the edge swap, against every knight's move `b`
    /// from it into another route, until blocks `first` and `second` are
    /// [`Cover::joined`]. Swaps with third blocks met on the way are kept:
    /// every swap between two routes is progress.
    fn join_blocks(
        &mut self,
        first: u32,
        second: u32,
        xs: std::ops::Range<u32>,
        ys: std::ops::Range<u32>,
    ) {
        let (w, h) = (self.width as i32, self.height as i32);
        for y in ys {
            for x in xs.clone() {
                if self.joined(first, second) {
                    return;
                }
                let a = y * self.width + x;
                for (dx, dy) in KNIGHT_MOVES {
                    let (bx, by) = (x as i32 + dx, y as i32 + dy);
                    if !(0..w).contains(&bx) || !(0..h).contains(&by) {
                        continue;
                    }
                    let b = (by * w + bx) as u32;
                    let (route_a, route_b) = (self.current_route(a), self.current_route(b));
                    if route_a != route_b && self.swap_edges(a, b) {
                        self.unite(route_a, route_b);
                    }
                }
            }
        }
    }

    /// The three-edge exchange, for boundaries where no two-edge swap exists
    /// (three rows are too few for one): tries the squares of the strip
    /// `xs` x `ys` as `a` until blocks `first` and `second` are
    /// [`Cover::joined`]. The routes of `second` must still be cycles of
    /// their own, at most `second_size` squares long; they are walked to
    /// find the exchange.
    fn join_blocks_by_three(
        &mut self,
        first: u32,
        second: u32,
        second_size: usize,
        xs: std::ops::Range<u32>,
        ys: std::ops::Range<u32>,
    ) {
        for y in ys {
            for x in xs.clone() {
                let a = y * self.width + x;
                if self.joined(first, second) {
                    return;
                }
                let route_a = self.current_route(a);
                let Some(second_route) = self.unjoined_route(first, second, route_a) else {
                    continue;
                };
                for a_next in self.links[a as usize] {
                    if a_next == NO_SQUARE {
                        continue;
                    }
                    let b_choices = self.moves_into(a, second_route);
                    let c_choices = self.moves_into(a_next, second_route);
                    for &b in b_choices.iter().flatten() {
                        for &c in c_choices.iter().flatten() {
                            if b != c && self.exchange_three(a, a_next, b, c, second_size) {
                                self.unite(route_a, second_route);
                                return;
                            }
                        }
                    }
                }
            }
        }
    }

    /// The knight's moves from `square` onto squares of route `route`.
    fn moves_into(&mut self, square: u32, route: u32) -> [Option<u32>; 8] {
        let (w, h) = (self.width as i32, self.height as i32);
        let (x, y) = ((square % self.width) as i32, (square / self.width) as i32);
        KNIGHT_MOVES.map(|(dx, dy)| {
            let (nx, ny) = (x + dx, y + dy);
            let on_board = (0..w).contains(&nx) && (0..h).contains(&ny);
            let target = (ny * w + nx) as u32;
            (on_board && self.current_route(target) == route).then_some(target)
        })
    }

    /// With route edge `a-a'` on one route and `b`, `c` on a cycle of at
    /// most `limit` squares, knight's moves `a~b` and `a'~c`: walks the
    /// cycle from `b`, in the direction away from its neighbour `b''`, to
    /// `c`, entered from `c''`. When `c''~b''` the cycle minus edges
    /// `b-b''`, `c''-c` plus edge `c''-b''` is a path from `b` to `c`, and
    /// `a-b`, `c-a'` splice it in place of `a-a'`.
    fn exchange_three(&mut self, a: u32, a_next: u32, b: u32, c: u32, limit: usize) -> bool {
        for b_back in self.links[b as usize] {
            if b_back == NO_SQUARE || b_back == c {
                continue;
            }
            let (mut previous, mut current) = (b_back, b);
            let mut steps = 0;
            while current != c && current != NO_SQUARE && steps < limit {
                let [first, second] = self.links[current as usize];
                let next = if first == previous { second } else { first };
                (previous, current) = (current, next);
                steps += 1;
            }
            let c_back = previous;
            if current != c || c_back == b || !self.knight_adjacent(c_back, b_back) {
                continue;
            }
            self.replace_link(a, a_next, b);
            self.replace_link(a_next, a, c);
            self.replace_link(b, b_back, a);
            self.replace_link(b_back, b, c_back);
            self.replace_link(c_back, c, b_back);
            self.replace_link(c, c_back, a_next);
            return true;
        }
        false
    }

    /// If some route edge `a-a'` and route edge `b-b'` have `a'~b'`, replaces
    /// them by `a-b` and `a'-b'`. `a` and `b` must lie on different routes.
    fn swap_edges(&mut self, a: u32, b: u32) -> bool {
        for a_side in 0..2 {
            let a_next = self.links[a as usize][a_side];
            if a_next == NO_SQUARE {
                continue;
            }
            for b_side in 0..2 {
                let b_next = self.links[b as usize][b_side];
                if b_next != NO_SQUARE && self.knight_adjacent(a_next, b_next) {
                    self.links[a as usize][a_side] = b;
                    self.links[b as usize][b_side] = a;
                    self.replace_link(a_next, a, b_next);
                    self.replace_link(b_next, b, a_next);
                    return true;
                }
            }
        }
        false
    }

    fn replace_link(&mut self, square: u32, old: u32, new: u32) {
        let links = &mut self.links[square as usize];
        let side = usize::from(links[0] != old);
        links[side] = new;
    }

    fn knight_adjacent(&self, a: u32, b: u32) -> bool {
        let dx = (a % self.width).abs_diff(b % self.width);
        let dy = (a / self.width).abs_diff(b / self.width);
        (dx == 1 && dy == 2) || (dx == 2 && dy == 1)
    }
}

/// Writes one block's route into `links`: `offsets` are its squares in
/// order, relative to the block's top-left square `origin`.
fn lay_route(links: &mut [[u32; 2]], origin: u32, offsets: &[u32], closed: bool) {
    let len = offsets.len();
    for (i, &offset) in offsets.iter().enumerate() {
        let previous = match i {
            0 if !closed => NO_SQUARE,
            0 => origin + offsets[len - 1],
            _ => origin + offsets[i - 1],
        };
        let next = match i + 1 {
            end if end == len && !closed => NO_SQUARE,
            end if end == len => origin + offsets[0],
            _ => origin + offsets[i + 1],
        };
        links[(origin + offset) as usize] = [previous, next];
    }
}
