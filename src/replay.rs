//! A search's steps replayed into the path they build, for watching a
//! solver think: both puzzles' traces (a knight's step, a Goishi pick
//! step, each turned into this module's terms by its engine) become one
//! kind of [`Event`] on grid cells, and a
//! [`Replay`] applies them one by one, keeps counters, and takes them back
//! again as far as its bounded memory of them reaches.

use std::collections::VecDeque;

/// A cell of the grid: a knight's square or a Goishi point, as (x, y).
pub type Cell = (u32, u32);

/// Why a search gave a position up without trying its moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// Knight: the start square could no longer be reached to close the
    /// tour.
    Closing,
    /// Knight: two squares left could only be the tour's end.
    DeadEnds,
    /// Knight: the squares left fell apart.
    Connectivity,
    /// Knight: the fixed end would be reached before the last move.
    EndTooEarly,
    /// Goishi: a stone left can no longer be reached, or they fell apart.
    Stranded,
    /// Goishi: the same position was searched before, in vain.
    Known,
}

/// One step of a search, on either puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// The cell joins the path: the knight moves there, the stone is
    /// picked.
    Take(Cell),
    /// The path's last cell is given back.
    GiveBack(Cell),
    /// The path's last cell has no move left to try.
    DeadEnd(Cell),
    /// The position at the path's last cell is given up by `rule`.
    Prune {
        /// The path's last cell.
        at: Cell,
        /// The rule that gave it up.
        rule: Rule,
    },
    /// The path's cells after the first `kept` are reversed.
    Rotate {
        /// How many cells stay in place.
        kept: usize,
    },
    /// A new attempt begins; `clears` when it starts from an empty path
    /// (Warnsdorff's walk), not when the search gives its cells back one
    /// by one (the Goishi search).
    Restart {
        /// Whether the path is emptied at once.
        clears: bool,
    },
    /// The path is a solution.
    Found,
}

/// The moments of a search worth running to, forward or back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Landmark {
    /// A cell with no move left to try.
    #[default]
    DeadEnd,
    /// A cell given back.
    Backtrack,
    /// A position given up by a rule.
    Prune,
    /// A new attempt.
    Restart,
    /// A solution found.
    Solution,
}

impl Landmark {
    /// Every landmark, in the order a search meets them most often.
    pub const ALL: [Landmark; 5] = [
        Landmark::DeadEnd,
        Landmark::Backtrack,
        Landmark::Prune,
        Landmark::Restart,
        Landmark::Solution,
    ];

    /// Whether `event` is one.
    pub fn is(self, event: Event) -> bool {
        matches!(
            (self, event),
            (Landmark::DeadEnd, Event::DeadEnd(_))
                | (Landmark::Backtrack, Event::GiveBack(_))
                | (Landmark::Prune, Event::Prune { .. })
                | (Landmark::Restart, Event::Restart { .. })
                | (Landmark::Solution, Event::Found)
        )
    }

    /// The landmark's name, in the language of the messages.
    pub fn words(self) -> &'static str {
        match self {
            Landmark::DeadEnd => crate::tr!("landmark-dead-end"),
            Landmark::Backtrack => crate::tr!("landmark-backtrack"),
            Landmark::Prune => crate::tr!("landmark-prune"),
            Landmark::Restart => crate::tr!("landmark-restart"),
            Landmark::Solution => crate::tr!("landmark-solution"),
        }
    }
}

/// Where a move stands in the search's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveState {
    /// Tried, and every way on from it failed.
    Tried,
    /// The one the search tries next.
    Next,
    /// To be tried after the next one.
    Later,
    /// Never to be tried: the position was given up by a rule.
    GivenUp,
    /// Not chosen: Warnsdorff's walk goes on from the first only.
    PassedOver,
}

/// Where each move of `order` (the moves from the cell the search stands
/// on, in the order it tries them) stands after the search's last step
/// `last`: a cell just given back was tried, as were those before it.
pub fn move_states(order: &[Cell], last: Option<Event>) -> Vec<MoveState> {
    // The move just taken back, which the search came back from.
    let back = match last {
        Some(Event::GiveBack(cell)) => order.iter().position(|&move_to| move_to == cell),
        _ => None,
    };
    (0..order.len())
        .map(|index| match last {
            Some(Event::DeadEnd(_)) => MoveState::Tried,
            Some(Event::Prune { .. }) => MoveState::GivenUp,
            Some(Event::GiveBack(_)) => match back {
                Some(back) if index <= back => MoveState::Tried,
                Some(back) if index == back + 1 => MoveState::Next,
                _ => MoveState::Later,
            },
            _ if index == 0 => MoveState::Next,
            _ => MoveState::Later,
        })
        .collect()
}

/// What a replay has counted so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counters {
    /// Events applied.
    pub steps: u64,
    /// Cells given back.
    pub backtracks: u64,
    /// Dead ends met.
    pub dead_ends: u64,
    /// Positions given up by a rule.
    pub prunings: u64,
    /// New attempts begun.
    pub restarts: u64,
}

impl Counters {
    /// The counter `event` adds one to, if any.
    fn of(&mut self, event: Event) -> Option<&mut u64> {
        match event {
            Event::GiveBack(_) => Some(&mut self.backtracks),
            Event::DeadEnd(_) => Some(&mut self.dead_ends),
            Event::Prune { .. } => Some(&mut self.prunings),
            Event::Restart { .. } => Some(&mut self.restarts),
            Event::Take(_) | Event::Rotate { .. } | Event::Found => None,
        }
    }
}

/// What a search did at one depth of its tree: the squares (or stones)
/// it moved to there, and the positions there it gave up by a rule or
/// found a dead end in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DepthCounts {
    /// Cells taken at this depth (the first cell is depth 0).
    pub tried: u64,
    /// Positions at this depth given up by a rule.
    pub pruned: u64,
    /// Dead ends at this depth.
    pub dead_ends: u64,
}

/// The path a search has built, step by step, forward and back.
#[derive(Debug, Clone)]
pub struct Replay {
    path: Vec<Cell>,
    counters: Counters,
    /// The counts at each depth of the search's tree.
    depths: Vec<DepthCounts>,
    /// The events applied, newest last, at most `memory` of them.
    applied: VecDeque<Event>,
    /// The paths the clearing restarts among them emptied, in order:
    /// kept apart, so that each remembered event costs its own 16 bytes.
    cleared: VecDeque<Vec<Cell>>,
    memory: usize,
}

impl Replay {
    /// Every event applied, from the first, if the replay still
    /// remembers them all.
    pub fn from_start(&self) -> Option<Vec<Event>> {
        (self.counters.steps == self.applied.len() as u64)
            .then(|| self.applied.iter().copied().collect())
    }

    /// An empty path that remembers its last `memory` events for going
    /// back.
    pub fn new(memory: usize) -> Replay {
        Replay {
            path: Vec::new(),
            counters: Counters::default(),
            depths: Vec::new(),
            applied: VecDeque::new(),
            cleared: VecDeque::new(),
            memory,
        }
    }

    /// The path as it stands.
    pub fn path(&self) -> &[Cell] {
        &self.path
    }

    /// The counters as they stand.
    pub fn counters(&self) -> Counters {
        self.counters
    }

    /// The counts at each depth of the search's tree, the first cell's
    /// depth first.
    pub fn depths(&self) -> &[DepthCounts] {
        &self.depths
    }

    /// The cells taken so far: the positions of the search's tree it has
    /// visited.
    pub fn positions(&self) -> u64 {
        self.depths.iter().map(|depth| depth.tried).sum()
    }

    /// The counter of `event` at the depth of the path's last cell, if it
    /// counts one there: a cell taken, a pruning, a dead end.
    fn depth_counter(&mut self, event: Event) -> Option<&mut u64> {
        let depth = self.path.len().checked_sub(1)?;
        if self.depths.len() <= depth {
            self.depths.resize(depth + 1, DepthCounts::default());
        }
        let counts = &mut self.depths[depth];
        match event {
            Event::Take(_) => Some(&mut counts.tried),
            Event::Prune { .. } => Some(&mut counts.pruned),
            Event::DeadEnd(_) => Some(&mut counts.dead_ends),
            _ => None,
        }
    }

    /// The last event applied, if it is still remembered.
    pub fn last(&self) -> Option<Event> {
        self.applied.back().copied()
    }

    /// Whether an event is remembered to be taken back.
    pub fn can_go_back(&self) -> bool {
        !self.applied.is_empty()
    }

    /// Applies `event`. Events that do not fit the path (a cell given back
    /// that is not its last, a rotation past its end) change nothing but
    /// the step count: a replay never panics on a trace.
    pub fn apply(&mut self, event: Event) {
        let mut cleared = None;
        match event {
            Event::Take(cell) => self.path.push(cell),
            Event::GiveBack(cell) if self.path.last() == Some(&cell) => {
                self.path.pop();
            }
            Event::Rotate { kept } if kept < self.path.len() => self.path[kept..].reverse(),
            Event::Restart { clears: true } => cleared = Some(std::mem::take(&mut self.path)),
            _ => {}
        }
        self.counters.steps += 1;
        if let Some(counter) = self.counters.of(event) {
            *counter += 1;
        }
        if let Some(counter) = self.depth_counter(event) {
            *counter += 1;
        }
        if self.memory == 0 {
            return;
        }
        if self.applied.len() == self.memory
            && self.applied.pop_front() == Some(Event::Restart { clears: true })
        {
            self.cleared.pop_front();
        }
        self.applied.push_back(event);
        self.cleared.extend(cleared);
    }

    /// Takes the last remembered event back and returns it.
    pub fn back(&mut self) -> Option<Event> {
        let event = self.applied.pop_back()?;
        // Counted at the depth the path had just after the event.
        if let Some(counter) = self.depth_counter(event) {
            *counter -= 1;
        }
        match event {
            Event::Take(_) => {
                self.path.pop();
            }
            Event::GiveBack(cell) => self.path.push(cell),
            Event::Rotate { kept } if kept < self.path.len() => self.path[kept..].reverse(),
            Event::Restart { clears: true } => {
                self.path = self.cleared.pop_back().unwrap_or_default();
            }
            _ => {}
        }
        self.counters.steps -= 1;
        if let Some(counter) = self.counters.of(event) {
            *counter -= 1;
        }
        Some(event)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_event_taken_back_restores_the_path_and_the_counters() {
        let events = [
            Event::Take((0, 0)),
            Event::Take((1, 2)),
            Event::Take((2, 0)),
            Event::DeadEnd((2, 0)),
            Event::GiveBack((2, 0)),
            Event::Take((3, 1)),
            Event::Prune {
                at: (3, 1),
                rule: Rule::Closing,
            },
            Event::Take((2, 3)),
            Event::Rotate { kept: 1 },
            Event::Restart { clears: true },
            Event::Take((4, 4)),
            Event::Found,
        ];
        let mut replay = Replay::new(100);
        let mut states = vec![(replay.path().to_vec(), replay.counters())];
        // The counts at each depth, but depths that count nothing.
        let counted = |replay: &Replay| {
            let mut depths = replay.depths().to_vec();
            while depths.last() == Some(&DepthCounts::default()) {
                depths.pop();
            }
            depths
        };
        let mut depths = vec![counted(&replay)];
        for event in events {
            replay.apply(event);
            states.push((replay.path().to_vec(), replay.counters()));
            depths.push(counted(&replay));
        }
        let at = |tried, pruned, dead_ends| DepthCounts {
            tried,
            pruned,
            dead_ends,
        };
        // Two cells at depth 0 (the restart began again there), one at
        // depth 1, two at depth 2 (a dead end, then one pruned), one at
        // depth 3.
        assert_eq!(
            counted(&replay),
            [at(2, 0, 0), at(1, 0, 0), at(2, 1, 1), at(1, 0, 0)]
        );
        assert_eq!(replay.path(), [(4, 4)]);
        // Six cells taken: the tree's positions.
        assert_eq!(replay.positions(), 6);
        assert_eq!(
            replay.counters(),
            Counters {
                steps: 12,
                backtracks: 1,
                dead_ends: 1,
                prunings: 1,
                restarts: 1,
            }
        );
        states.pop();
        depths.pop();
        for event in events.iter().rev() {
            assert_eq!(replay.back(), Some(*event));
            let state = states.pop().expect("a state before");
            assert_eq!((replay.path().to_vec(), replay.counters()), state);
            assert_eq!(Some(counted(&replay)), depths.pop());
        }
        assert_eq!(replay.back(), None);
    }

    #[test]
    fn a_forgotten_restart_forgets_its_path_and_a_remembered_one_restores_it() {
        let mut replay = Replay::new(3);
        for event in [
            Event::Take((0, 0)),
            Event::Restart { clears: true },
            Event::Take((1, 1)),
            Event::Restart { clears: true },
            Event::Take((2, 2)),
            Event::Take((3, 3)),
        ] {
            replay.apply(event);
        }
        assert_eq!(replay.cleared.len(), 1, "the first restart fell off");
        replay.back();
        replay.back();
        assert_eq!(replay.back(), Some(Event::Restart { clears: true }));
        assert_eq!(replay.path(), [(1, 1)]);
        assert!(!replay.can_go_back());
        assert_eq!(std::mem::size_of::<Event>(), 16);
    }

    #[test]
    fn only_the_last_events_are_remembered() {
        let mut replay = Replay::new(3);
        for x in 0..10 {
            replay.apply(Event::Take((x, 0)));
        }
        for _ in 0..3 {
            assert!(replay.back().is_some());
        }
        assert!(!replay.can_go_back());
        assert_eq!(replay.path().len(), 7);
        assert_eq!(replay.counters().steps, 7);
    }
}
