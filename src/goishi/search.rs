//! The depth-first pick search itself: a puzzle's stones as the search
//! sees them ([`Layout`]) and one thread's search over them ([`Search`]),
//! with its pruning, move ordering and memo lookups. The entry points that
//! run it (solving, counting, listing, on one or many threads) are in
//! `solver`.

use std::ops::ControlFlow;

use super::lines::{DIRECTIONS, Lines, opposite};
use super::memo::{Memo, MemoView};
use super::puzzle::{Point, Puzzle};
use super::steps::{PickRule, PickStep, PickWatcher};
use crate::job::{self, Control};
use crate::memory::{self, Unshared};
use crate::random::splitmix64;

/// The arrival direction of the starting stone (the others are those of
/// [`lines`](super::lines)).
pub(super) const NO_DIRECTION: u8 = 4;

/// The directions a stone reached moving `arrival` may leave in: all but
/// the way back (all four for [`NO_DIRECTION`]).
pub(super) fn ways_on(arrival: u8) -> impl Iterator<Item = u8> + Clone {
    DIRECTIONS
        .into_iter()
        .filter(move |&direction| arrival == NO_DIRECTION || direction != opposite(arrival))
}

/// A fixed first stone of a search, and the direction it was reached in
/// ([`NO_DIRECTION`] when any move may follow).
#[derive(Debug, Clone, Copy)]
pub(super) struct Opening {
    pub(super) stone: u32,
    pub(super) arrival: u8,
}

impl Opening {
    /// The first pick of a game, at `stone`.
    pub(super) fn anywhere(stone: usize) -> Opening {
        Opening {
            stone: stone as u32,
            arrival: NO_DIRECTION,
        }
    }
}

/// The stones of a puzzle as the search sees them: numbered row by row.
pub(super) struct Layout {
    pub(super) points: Vec<Point>,
    /// All the stones linked along their rows and columns: each search
    /// starts from a copy.
    pub(super) lines: Lines,
    /// Whether every stone reaches every other along rows and columns, which
    /// any solution needs.
    pub(super) linked: bool,
    /// Random keys for incremental hashing of the set of remaining stones.
    pub(super) zobrist: Vec<u64>,
}

impl Layout {
    pub(super) fn new(puzzle: &Puzzle) -> Layout {
        let points = puzzle.stones();
        let lines = Lines::new(&points);
        Layout {
            linked: lines.all_linked(),
            lines,
            zobrist: (0..points.len() as u64).map(splitmix64).collect(),
            points,
        }
    }

    pub(super) fn len(&self) -> usize {
        self.points.len()
    }

    /// Words of a bitset of the stones.
    pub(super) fn words(&self) -> usize {
        self.len().div_ceil(64)
    }

    /// The stone number at `point`, if a stone stands there.
    pub(super) fn stone_at(&self, point: Point) -> Option<u32> {
        self.points
            .binary_search_by_key(&(point.y, point.x), |p| (p.y, p.x))
            .ok()
            .map(|stone| stone as u32)
    }

    /// An order of points as stone numbers, if it names every stone once.
    pub(super) fn stones_of(&self, order: &[Point]) -> Option<Vec<u32>> {
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

    pub(super) fn points_of(&self, path: &[u32]) -> Vec<Point> {
        path.iter()
            .map(|&stone| self.points[stone as usize])
            .collect()
    }
}

/// What the search is after.
pub(super) enum Goal<'a> {
    /// The first solution other than those excluded (at most
    /// [`MAX_EXCLUDED`]); the search stops there.
    First { excluded: &'a [Vec<u32>] },
    /// The number of solutions, saturating at `limit`; `explored`, if
    /// given, hears now and then how much of the search lies behind it
    /// (see [`Search::share_explored`]).
    Count {
        limit: u64,
        explored: Option<&'a (dyn Fn(f64) + Sync)>,
    },
    /// Every solution, passed to the callback as stone numbers.
    Each(&'a mut dyn FnMut(&[u32]) -> ControlFlow<()>),
}

/// Why a search ended early.
pub(super) enum Stop {
    /// The control was cancelled.
    Cancelled,
    /// The caller's give-up test said so, or the callback asked to stop.
    GaveUp,
}

/// One level of the depth-first search: a stone just picked and the moves
/// from it still to try.
pub(super) struct Frame {
    /// The state's memo key (see [`Search::state_key`]), worked out once
    /// when the state was looked up: its slot is fetched ahead and written
    /// when the frame is done. `None` for a state the memo leaves out (see
    /// [`Search::value_of_move`]) and for the opening, whose worth is the
    /// search's result.
    pub(super) key: Option<(u64, u64)>,
    pub(super) moves: [(u32, u8); 4],
    pub(super) move_count: u8,
    pub(super) next_move: u8,
    /// Solutions found below this level so far (saturated in counting).
    pub(super) total: u64,
    /// The excluded solutions (see [`Goal::First`]) that the path up to
    /// here follows, one bit each.
    pub(super) following: u64,
    /// The node budget when the frame was made: what is gone from it since
    /// is the work below this level.
    pub(super) budget_at_start: u64,
}

/// Where a move leads, as far as is known without searching below it.
pub(super) enum Reached {
    /// The number of solutions below (saturated as the goal says).
    Worth(u64),
    /// A state to search, with its memo key if the memo keeps it.
    Unknown(Option<(u64, u64)>),
}

/// The state of one worker's search.
pub(super) struct Search<'a> {
    pub(super) layout: &'a Layout,
    /// Whoever watches the search, if anyone.
    pub(super) watcher: Option<PickWatcher<'a>>,
    pub(super) control: &'a Control,
    /// Bitset of the stones still on the board (the current stone excluded),
    /// changed at every step: in a block of its own (see [`Unshared`]).
    pub(super) remaining: Unshared<u64>,
    /// The remaining stones and the current one, linked along their lines.
    pub(super) lines: Lines,
    pub(super) remaining_count: usize,
    /// XOR of the zobrist keys of `remaining`.
    pub(super) hash: u64,
    /// Stones picked so far, the current one last.
    pub(super) path: Vec<u32>,
    pub(super) stack: Vec<Frame>,
    pub(super) memo: MemoView<'a>,
    /// Nodes since the counters were last published.
    pub(super) unreported: u64,
    /// Nodes between looks at the cancel flag, smaller for big puzzles whose
    /// nodes cost more.
    pub(super) check_every: u64,
    /// Nodes left in the current attempt before giving up.
    pub(super) budget: u64,
    /// State of the generator that breaks ties between equally good moves
    /// at random; `None` keeps the order fixed.
    pub(super) shuffle: Option<u64>,
    /// Whether moves are tried most promising first: a count takes them
    /// all whatever the order.
    pub(super) orders_moves: bool,
}

impl<'a> Search<'a> {
    pub(super) fn new(layout: &'a Layout, control: &'a Control, memo: &'a Memo) -> Search<'a> {
        let words = layout.words();
        let cost_per_node = (layout.len() as u64 / 64).max(1);
        let mut remaining = Unshared::from_fn(words, |_| u64::MAX);
        if !layout.len().is_multiple_of(64) {
            remaining[words - 1] = (1 << (layout.len() % 64)) - 1;
        }
        Search {
            layout,
            watcher: None,
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
    pub(super) fn begin_attempt(&mut self, budget: u64, shuffle_seed: Option<u64>) {
        self.budget = budget;
        self.shuffle = shuffle_seed;
    }

    /// A random byte to break ties, or 0 when the order is fixed.
    pub(super) fn tie_breaker(&mut self) -> u16 {
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
    pub(super) fn start_order(&mut self) -> Vec<Opening> {
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

    /// The share of the current exploration's tree behind it, by Knuth's
    /// measure of a backtrack's progress: each frame's moves taken before
    /// the one under way, as a share of its moves, weighted by the share
    /// of the tree its frame stands for.
    fn share_explored(&self) -> f64 {
        let (mut behind, mut weight) = (0.0, 1.0);
        for frame in &self.stack {
            if frame.move_count == 0 {
                break;
            }
            let moves = f64::from(frame.move_count);
            behind += weight * f64::from(frame.next_move.saturating_sub(1)) / moves;
            weight /= moves;
        }
        behind
    }

    pub(super) fn flush_nodes(&mut self) {
        self.control.add_nodes(self.unreported);
        self.memo.catch_up(self.unreported);
        self.unreported = 0;
    }

    /// Moves on to `stone`. The stone picked before it leaves play once
    /// its frame is made (see [`Search::leave_play`]): the rules' test of
    /// each move looks at the stones as they will be then.
    pub(super) fn pick<const WATCHED: bool>(&mut self, stone: u32) {
        let s = stone as usize;
        self.remaining[s / 64] &= !(1 << (s % 64));
        self.remaining_count -= 1;
        self.hash ^= self.layout.zobrist[s];
        self.path.push(stone);
        self.see::<WATCHED>(PickStep::Pick);
    }

    /// Tells the watcher of `step`, one that names no pick.
    pub(super) fn tell(&self, step: PickStep) {
        if let Some(watcher) = self.watcher {
            watcher(step);
        }
    }

    /// Shows `step` of the last pick to the watcher, in a search that is
    /// `WATCHED`; in one that is not, nothing at all is left (even a test
    /// of the watcher at each pick slowed counts by a quarter).
    #[inline(always)]
    pub(super) fn see<const WATCHED: bool>(&self, step: impl FnOnce(Point) -> PickStep) {
        if WATCHED && let Some(watcher) = self.watcher {
            self.show_last_pick(watcher, step);
        }
    }

    #[cold]
    #[inline(never)]
    fn show_last_pick(&self, watcher: PickWatcher, step: impl FnOnce(Point) -> PickStep) {
        if let Some(&stone) = self.path.last() {
            watcher(step(self.layout.points[stone as usize]));
        }
    }

    /// Takes back the last pick.
    pub(super) fn unpick<const WATCHED: bool>(&mut self) {
        self.see::<WATCHED>(PickStep::Unpick);
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
    pub(super) fn leave_play(&mut self, frame: Frame) {
        self.stack.push(frame);
        self.lines.remove(self.path[self.path.len() - 1]);
    }

    /// Pops the top frame and puts its stone back in play (still picked).
    pub(super) fn back_in_play(&mut self) {
        self.stack.pop();
        self.lines.restore(self.path[self.stack.len()]);
    }

    pub(super) fn tag(stone: u32, arrival: u8) -> u64 {
        u64::from(stone) << 3 | u64::from(arrival)
    }

    /// The memo's key of the state at `stone` reached moving `arrival`, as
    /// (hash, tag). The arrival only forbids reversing, so when no stone
    /// is left behind the current one it changes nothing and is left out:
    /// states reached from different sides then share their entry.
    pub(super) fn state_key(&self, stone: u32, arrival: u8) -> (u64, u64) {
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
    pub(super) fn prefetch_state(&self, current: u32, target: u32, direction: u8) {
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
    pub(super) fn onward_moves(&self, target: u32, direction: u8) -> usize {
        ways_on(direction)
            .filter(|&d| self.lines.next(target, d).is_some())
            .count()
    }

    /// Explores every pick order that starts with the `start` opening.
    /// Returns the number of solutions found (saturated at the limit when
    /// counting; 1 when the first one was found, with `self.path` holding it).
    pub(super) fn explore(
        &mut self,
        start: Opening,
        goal: &mut Goal,
        give_up: &dyn Fn() -> bool,
    ) -> Result<u64, Stop> {
        if self.watcher.is_some() {
            self.explore_as::<true>(start, goal, give_up)
        } else {
            self.explore_as::<false>(start, goal, give_up)
        }
    }

    /// [`Search::explore`], showing its steps to the watcher if `WATCHED`.
    fn explore_as<const WATCHED: bool>(
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
            self.unpick::<WATCHED>();
        }
        while !self.stack.is_empty() {
            self.back_in_play();
            self.unpick::<WATCHED>();
        }
        self.orders_moves = !matches!(goal, Goal::Count { .. });
        let Opening {
            stone: start,
            arrival,
        } = start;
        self.pick::<WATCHED>(start);
        let following = self.still_following(goal, u64::MAX);
        if self.remaining_count == 0 {
            if following != 0 {
                return Ok(0);
            }
            return self.reached_solution(goal).map(|()| 1);
        }
        if self.moves_on_unless_dead(start, arrival).is_none() {
            self.see::<WATCHED>(|point| PickStep::Prune {
                point,
                rule: PickRule::Stranded,
            });
            return Ok(0);
        }
        // The opening's worth is the result, never kept: it needs no key.
        let frame = self.frame(start, arrival, following, None);
        self.leave_play(frame);
        let limit = match goal {
            Goal::Count { limit, .. } => *limit,
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
                if self.unreported == 0
                    && let Goal::Count {
                        explored: Some(explored),
                        ..
                    } = goal
                {
                    explored(self.share_explored());
                }
                self.pick::<WATCHED>(target);
                let following = self.still_following(goal, following);
                match self.value_of_move::<WATCHED>(target, direction, goal, following)? {
                    Reached::Worth(value) if value > 0 && matches!(goal, Goal::First { .. }) => {
                        return Ok(1);
                    }
                    Reached::Worth(value) => {
                        self.unpick::<WATCHED>();
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
                self.unpick::<WATCHED>();
            }
        }
        Ok(result)
    }

    pub(super) fn add_to_top(&mut self, value: u64, limit: u64) {
        if let Some(top) = self.stack.last_mut() {
            top.total = top.total.saturating_add(value).min(limit);
        }
    }

    /// Counts a node and, every so often, publishes progress and checks for
    /// cancellation.
    pub(super) fn tick(&mut self, give_up: &dyn Fn() -> bool) -> Result<(), Stop> {
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
    pub(super) fn value_of_move<const WATCHED: bool>(
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
            self.see::<WATCHED>(|point| PickStep::Prune {
                point,
                rule: PickRule::Stranded,
            });
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
            Some(value) => {
                if value == 0 {
                    self.see::<WATCHED>(|point| PickStep::Prune {
                        point,
                        rule: PickRule::Known,
                    });
                }
                Reached::Worth(value)
            }
            None => Reached::Unknown(Some((hash, tag))),
        })
    }

    /// Which of the goal's excluded solutions (bit `i` for the `i`-th) the
    /// path still follows after its last pick, given those it followed
    /// before it.
    pub(super) fn still_following(&self, goal: &Goal, before: u64) -> u64 {
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

    pub(super) fn reached_solution(&mut self, goal: &mut Goal) -> Result<(), Stop> {
        if let Goal::Each(callback) = goal
            && callback(&self.path).is_break()
        {
            return Err(Stop::GaveUp);
        }
        Ok(())
    }

    /// How promising a move to `target`, moving `direction`, is: the
    /// fewer onward moves it leaves the better, dead ends last.
    pub(super) fn move_rank(&self, target: u32, direction: u8) -> u16 {
        match self.onward_moves(target, direction) {
            0 => u16::from(u8::MAX),
            onward => onward as u16,
        }
    }

    /// A frame for `stone`, reached moving `arrival` (the state of memo key
    /// `key`), with its moves ordered by how few onward moves they leave
    /// (dead ends last).
    pub(super) fn frame(
        &mut self,
        stone: u32,
        arrival: u8,
        following: u64,
        key: Option<(u64, u64)>,
    ) -> Frame {
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
    pub(super) fn moves_on_unless_dead(&mut self, current: u32, arrival: u8) -> Option<usize> {
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
