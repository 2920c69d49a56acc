//! Recorded steps for long boards: a sweep's transitions worked out once,
//! then run as often as the count needs.
//!
//! Away from a board's far end, what a step does to a state depends only
//! on the column of the square it processes: every row of a long board
//! meets the same states and turns them into the same ones. So instead of
//! decoding, extending and encoding every state at every square of every
//! sweep, a plan expands each state that can occur at each column once
//! (the closure: every state some row can hold there), and each state of
//! the last rows' steps once, and keeps for every state it leads to the
//! indices of the states it comes from. A sweep is then only additions: a
//! layer is a vector of counts, the next one each entry's sum over the
//! entries it comes from, with no key and no hash table in sight.
//!
//! A count beyond 64 bits takes several sweeps (see `count`), each of which
//! costs only those additions once the plan is there (closed 6x40: one
//! plan and six fast sweeps instead of six full ones).
//! The plan needs memory for all the states of every column at once (about
//! five times a layer's states), so it is only made for boards long enough
//! to repay it, and abandoned (the sweep goes on square by square) if it
//! outgrows the memory budget.

use super::super::progress::{Phase, SweepPass};
use super::forecast::Pace;
use super::layer::{Tally, mix};
use super::scan::Scan;
use super::terms::{PARALLEL_THRESHOLD, Unavailable};
use super::transfer::Step;
use crate::job::{self, Control};

/// States a recording expands between two looks at the budget and the
/// control.
const BATCH: usize = 1 << 16;

/// The most successors one state has: no edge, one of up to four forward
/// edges, or two of them.
const MOST_SUCCESSORS: u64 = 11;

/// Bytes one successor can add to a recording at most: its key and its
/// index slot when it is new (8 + 8), and the transition (4).
const SUCCESSOR_BYTES: u64 = 20;

/// How many states ahead [`States::number`]'s table slots are fetched.
const PREFETCH_AHEAD: usize = 16;

/// A plan is made when its repeating steps cover at least this many rows
/// more than the board is wide: on shorter boards a sweep square by
/// square costs less than the closure (on closed tours the two break even
/// near 6x11 and 5x11).
const REPEATING_ROWS_PAST_WIDTH: usize = 1;

/// A plan is made for boards up to this wide: the closure of a 7-wide
/// board's columns runs into tens of millions of states each, and a plan
/// for closed 7x28 outgrew the memory budget.
const WIDEST: usize = 6;

/// A set of states, each numbered by when it was first met.
struct States {
    keys: Vec<u64>,
    /// Open addressing over `keys`: a state's number plus one, 0 for an
    /// empty slot; at most half full.
    slots: Vec<u32>,
}

impl States {
    fn new() -> States {
        States {
            keys: Vec::new(),
            slots: vec![0; 1 << 10],
        }
    }

    fn len(&self) -> usize {
        self.keys.len()
    }

    /// The state's number, new if it was not in the set yet.
    fn number(&mut self, key: u64) -> u32 {
        if (self.keys.len() + 1) * 2 > self.slots.len() {
            self.double();
        }
        let mask = self.slots.len() - 1;
        let mut slot = mix(key) as usize & mask;
        loop {
            match self.slots[slot] {
                0 => {
                    self.keys.push(key);
                    self.slots[slot] = self.keys.len() as u32;
                    return self.keys.len() as u32 - 1;
                }
                taken if self.keys[taken as usize - 1] == key => return taken - 1,
                _ => slot = (slot + 1) & mask,
            }
        }
    }

    /// Starts bringing the slot where `key` is looked for first into the
    /// cache, for a [`States::number`] of it a little later: the sets of
    /// a long board's columns hold millions of states, and numbering them
    /// one after the other would otherwise wait for memory at every one.
    fn prefetch(&self, key: u64) {
        if let Some(slot) = self
            .slots
            .get(mix(key) as usize & (self.slots.len().max(1) - 1))
        {
            crate::memory::prefetch(slot);
        }
    }

    fn double(&mut self) {
        self.slots = vec![0; self.slots.len() * 2];
        let mask = self.slots.len() - 1;
        for (number, &key) in (1..).zip(&self.keys) {
            let mut slot = mix(key) as usize & mask;
            while self.slots[slot] != 0 {
                slot = (slot + 1) & mask;
            }
            self.slots[slot] = number;
        }
    }

    fn bytes(&self) -> u64 {
        self.keys.capacity() as u64 * 8 + self.slots.len() as u64 * 4
    }
}

/// A step's transitions as recorded: state by state (in number order),
/// the numbers of the states each leads to.
#[derive(Default)]
struct Pushed {
    /// Where each state's successors end in `to`.
    ends: Vec<u32>,
    to: Vec<u32>,
    tours: Vec<Tours>,
}

impl Pushed {
    fn bytes(&self) -> u64 {
        transitions_bytes(
            self.ends.capacity() + self.to.capacity(),
            self.tours.capacity(),
        )
    }

    /// The same transitions turned around: for each of the `states` of the
    /// next layer, the states it comes from.
    fn pulled(self, states: usize) -> Pulled {
        let mut starts = vec![0u32; states + 1];
        for &to in &self.to {
            starts[to as usize + 1] += 1;
        }
        for index in 1..=states {
            starts[index] += starts[index - 1];
        }
        let mut filled = starts.clone();
        let mut from = vec![0u32; self.to.len()];
        let mut begin = 0;
        for (state, &end) in (0..).zip(&self.ends) {
            for &to in &self.to[begin as usize..end as usize] {
                from[filled[to as usize] as usize] = state;
                filled[to as usize] += 1;
            }
            begin = end;
        }
        Pulled {
            starts,
            from,
            tours: self.tours,
        }
    }
}

/// A state of a step that completes tours: the state's number, and the
/// rows the tours cover beyond the rows before the step's.
#[derive(Clone, Copy)]
struct Tours {
    state: u32,
    rows_on: u32,
}

/// The bytes of a step's transitions: `numbers` state numbers or offsets
/// (4 bytes each) and `tours` states that complete tours.
fn transitions_bytes(numbers: usize, tours: usize) -> u64 {
    numbers as u64 * 4 + tours as u64 * size_of::<Tours>() as u64
}

/// A step's transitions as a sweep runs them: for each state of the next
/// layer, the states it comes from.
struct Pulled {
    /// Where each next state's sources begin in `from` (one more entry
    /// than there are next states).
    starts: Vec<u32>,
    from: Vec<u32>,
    tours: Vec<Tours>,
}

impl Pulled {
    fn bytes(&self) -> u64 {
        transitions_bytes(self.starts.len() + self.from.len(), self.tours.len())
    }

    /// The next layer's counts, on `threads` threads.
    fn next(&self, counts: &[u64], tally: Tally, threads: usize) -> Vec<u64> {
        let states = self.starts.len() - 1;
        let sum = |range: std::ops::Range<usize>| -> Vec<u64> {
            range
                .map(|state| {
                    let sources =
                        &self.from[self.starts[state] as usize..self.starts[state + 1] as usize];
                    sources
                        .iter()
                        .fold(0, |total, &from| tally.add(total, counts[from as usize]))
                })
                .collect()
        };
        if threads <= 1 || states < PARALLEL_THRESHOLD {
            return sum(0..states);
        }
        job::on_threads(threads, |thread| {
            sum(states * thread / threads..states * (thread + 1) / threads)
        })
        .concat()
    }
}

/// A long board's sweep, recorded (see the module's introduction).
pub(super) struct Plan {
    width: usize,
    /// The last position swept.
    last: usize,
    /// The board's last open position and its rows: a tour completed
    /// there covers them all.
    last_open: usize,
    rows: usize,
    /// Positions before this one take the step of their column.
    repeating_end: usize,
    /// The states the first step's set holds: the first of them is the
    /// empty window.
    first_states: usize,
    /// The steps of the columns, then those of positions `repeating_end`
    /// to `last`.
    steps: Vec<Pulled>,
}

impl Plan {
    /// The plan of the sweep of the scan's first `rows` rows when the
    /// board is long enough for one to pay and no checkpoint is asked for
    /// (a count that takes seconds needs none), recorded within `memory`
    /// bytes; None when it is not made, or was abandoned for memory.
    pub(super) fn for_long_board(
        scan: &Scan,
        rows: usize,
        control: &Control,
        memory: u64,
    ) -> Result<Option<Plan>, Unavailable> {
        let width = scan.width;
        let repeating = repeating_end(scan).min(rows * width);
        // The rest is recorded square by square, which costs more than a
        // sweep of it: a blocked square half-way along (closed 6x24 with c12
        // blocked) leaves too much to gain by a plan.
        let rest = (scan.last_open + 1)
            .min(rows * width)
            .saturating_sub(repeating);
        let worth = width <= WIDEST
            && repeating >= (width + REPEATING_ROWS_PAST_WIDTH) * width
            && rest <= repeating
            && control.checkpointing().is_none();
        match worth {
            true => Plan::record(Recorder::new(scan, control, memory), rows),
            false => Ok(None),
        }
    }

    /// Records the sweep of the first `rows` rows of the recorder's scan
    /// within its memory; None when it outgrew it.
    fn record(mut recorder: Recorder, rows: usize) -> Result<Option<Plan>, Unavailable> {
        let scan = recorder.scan;
        let width = scan.width;
        let last = scan.last_open.min(rows * width - 1);
        let repeating_end = repeating_end(scan).min(last + 1);
        // The repeating steps: each column's states expanded until no
        // column meets a state it has not expanded.
        let mut columns: Vec<States> = (0..width).map(|_| States::new()).collect();
        columns[0].number(0);
        let mut pushed: Vec<Pushed> = (0..width).map(|_| Pushed::default()).collect();
        let mut expanded = vec![0; width];
        while repeating_end > 0 && (0..width).any(|column| expanded[column] < columns[column].len())
        {
            for column in 0..width {
                let step = scan.step_in_any_row(column, rows, Tally::Capped);
                let next = (column + 1) % width;
                while expanded[column] < columns[column].len() {
                    let end = columns[column].len().min(expanded[column] + BATCH);
                    let keys = columns[column].keys[expanded[column]..end].to_vec();
                    let held = columns.iter().map(States::bytes).sum::<u64>()
                        + pushed.iter().map(Pushed::bytes).sum::<u64>();
                    let into = Some(&mut columns[next]);
                    if !recorder.expand(&step, &keys, held, into, &mut pushed[column])? {
                        return Ok(None);
                    }
                    expanded[column] = end;
                }
            }
        }
        let mut steps: Vec<Pulled> = pushed
            .into_iter()
            .enumerate()
            .map(|(column, pushed)| pushed.pulled(columns[(column + 1) % width].len()))
            .collect();
        recorder.kept = steps.iter().map(Pulled::bytes).sum();
        let first_states = columns[0].len();
        // The last rows' steps, position by position, from every state the
        // repeating steps can leave there.
        let mut states = std::mem::replace(&mut columns[repeating_end % width], States::new());
        drop(columns);
        for position in repeating_end..=last {
            let step = scan.step(position, rows, Tally::Capped);
            let mut next = States::new();
            let mut pushed = Pushed::default();
            for keys in states.keys.chunks(BATCH) {
                let held = states.bytes() + next.bytes() + pushed.bytes();
                // The last step only completes tours.
                let into = (position < last).then_some(&mut next);
                if !recorder.expand(&step, keys, held, into, &mut pushed)? {
                    return Ok(None);
                }
            }
            let pulled = pushed.pulled(next.len());
            recorder.kept += pulled.bytes();
            steps.push(pulled);
            states = next;
        }
        Ok(Some(Plan {
            width,
            last,
            last_open: scan.last_open,
            rows: scan.rows,
            repeating_end,
            first_states,
            steps,
        }))
    }

    fn step_at(&self, position: usize) -> &Pulled {
        if position < self.repeating_end {
            &self.steps[position % self.width]
        } else {
            &self.steps[self.width + position - self.repeating_end]
        }
    }

    /// Runs the recorded sweep with counts added up as `tally` says, and
    /// passes `on_rows` the tours of the first 1, 2, .. rows as soon as
    /// each is final (as the square-by-square sweep does).
    pub(super) fn sweep(
        &self,
        (tally, pass): (Tally, SweepPass),
        control: &Control,
        on_rows: &mut dyn FnMut(usize, u64),
    ) -> Result<(), Unavailable> {
        let threads = control.resources().threads;
        let mut counts = vec![0; self.first_states];
        counts[0] = tally.one();
        let mut tours = vec![0; self.rows + 1];
        let mut reported = 0;
        let mut pace = Pace::new(0, self.last, self.width);
        for position in 0..=self.last {
            if control.should_stop() {
                return Err(Unavailable::Cancelled);
            }
            control.set_detail(Phase::FrontierSweep {
                square: position as u32 + 1,
                squares: self.last as u32 + 1,
                width: self.width as u32,
                states: counts.len() as u64,
                pass,
                taken_up_after: None,
                saved_after: None,
                done_by: pace.step_begins(control.elapsed()),
                peak: None,
                spill: None,
            });
            let step = self.step_at(position);
            for completing in &step.tours {
                let rows = position / self.width + completing.rows_on as usize;
                tours[rows] = tally.add(tours[rows], counts[completing.state as usize]);
            }
            control.add_nodes(counts.len() as u64);
            let rows_done = if position == self.last_open {
                self.rows
            } else {
                (position + 1) / self.width
            };
            while reported < rows_done {
                reported += 1;
                on_rows(reported, tours[reported]);
            }
            if position < self.last {
                counts = step.next(&counts, tally, threads);
            }
        }
        Ok(())
    }
}

/// What a plan's recording works with.
struct Recorder<'a> {
    scan: &'a Scan,
    control: &'a Control,
    memory: u64,
    /// Bytes of the steps already turned around.
    kept: u64,
    threads: usize,
}

impl<'a> Recorder<'a> {
    fn new(scan: &'a Scan, control: &'a Control, memory: u64) -> Recorder<'a> {
        Recorder {
            scan,
            control,
            memory,
            kept: 0,
            threads: control.resources().threads,
        }
    }

    /// Expands `keys`, the next states of a step's set, on every thread:
    /// numbers the states they lead to in `next` (none for the last step,
    /// which only completes tours) and records the transitions in
    /// `pushed`. False when the memory budget (with `held` bytes already
    /// taken by the sets and transitions under way) has no room for what
    /// they could add, or state numbers would pass 32 bits.
    fn expand(
        &self,
        step: &Step,
        keys: &[u64],
        held: u64,
        mut next: Option<&mut States>,
        pushed: &mut Pushed,
    ) -> Result<bool, Unavailable> {
        if self.control.should_stop() {
            return Err(Unavailable::Cancelled);
        }
        let next_states = next.as_ref().map_or(0, |next| next.len());
        let next_bytes = next.as_ref().map_or(0, |next| next.bytes());
        self.control.set_detail(Phase::Recording {
            states: next_states as u64,
        });
        let most_new = keys.len() * MOST_SUCCESSORS as usize;
        let most = most_new as u64 * SUCCESSOR_BYTES + next_bytes;
        let numbered = (pushed.to.len() + most_new).max(next_states + most_new);
        if self.kept + held + most > self.memory || numbered >= u32::MAX as usize {
            return Ok(false);
        }
        let first = pushed.ends.len() as u32;
        let threads = if keys.len() >= PARALLEL_THRESHOLD {
            self.threads
        } else {
            1
        };
        let expanded = job::on_threads(threads, |thread| {
            let share = &keys[keys.len() * thread / threads..keys.len() * (thread + 1) / threads];
            let mut successors = Vec::with_capacity(share.len() * 3);
            let mut leads = Vec::with_capacity(share.len());
            let mut tours = Vec::new();
            for (index, &key) in share.iter().enumerate() {
                let before = successors.len();
                step.successors(
                    key,
                    |key| successors.push(key),
                    |rows| tours.push((index, rows)),
                );
                leads.push((successors.len() - before) as u8);
            }
            (share.len(), successors, leads, tours)
        });
        let mut state = first;
        for (share, successors, leads, tours) in expanded {
            let rows_before = step.position / self.scan.width;
            pushed
                .tours
                .extend(tours.into_iter().map(|(index, rows)| Tours {
                    state: state + index as u32,
                    rows_on: (rows - rows_before) as u32,
                }));
            // The last step leads nowhere: its states' successor lists
            // stay empty.
            let mut recorded = pushed.to.len();
            if let Some(next) = next.as_deref_mut() {
                for (index, &key) in successors.iter().enumerate() {
                    if let Some(&ahead) = successors.get(index + PREFETCH_AHEAD) {
                        next.prefetch(ahead);
                    }
                    pushed.to.push(next.number(key));
                }
            }
            for lead in leads {
                recorded += usize::from(lead) * usize::from(next.is_some());
                pushed.ends.push(recorded as u32);
            }
            state += share as u32;
        }
        self.control.add_nodes(keys.len() as u64);
        Ok(true)
    }
}

/// The first position whose step is not its column's: positions before it
/// see the same squares ahead, open or blocked, with the same knight moves
/// from them to the window and as many beyond it, as the square of their
/// column in the first row, come before every required end, and are far
/// enough from the last open square for no tour to end there.
fn repeating_end(scan: &Scan) -> usize {
    let width = scan.width;
    let window = scan.window();
    let first_end = scan.ends.iter().copied().min().unwrap_or(scan.open.len());
    let open_ahead = |position: usize| scan.open[position..].iter().take(window + 1);
    (0..first_end)
        .find(|&position| {
            let column = position % width;
            position + 2 * window >= scan.last_open
                || scan.forward[position] != scan.forward[column]
                || scan.later[position] != scan.later[column]
                || !open_ahead(position).eq(open_ahead(column))
        })
        .unwrap_or(first_end)
}

#[cfg(test)]
mod tests {
    use super::super::{Means, Saver, Shape, Square, sweep};
    use super::*;
    use crate::knight::Board;

    /// The counts of the first 1, 2, .. `rows` rows' tours, square by
    /// square and by a plan recorded for them.
    fn both_ways(scan: &Scan, rows: usize, tally: Tally) -> (Vec<u64>, Vec<u64>) {
        let pass = (tally, SweepPass::Counting);
        let control = Control::new();
        let mut by_squares = Vec::new();
        let mut saver = Saver::open(None, 0, Vec::new(), String::new()).unwrap();
        let means = Means {
            memory: 1 << 30,
            control: &control,
            saver: &mut saver,
        };
        sweep(scan, rows, pass, means, &mut |_, found| {
            by_squares.push(found)
        })
        .unwrap();
        let plan = Plan::record(Recorder::new(scan, &control, 1 << 30), rows).unwrap();
        let mut by_plan = Vec::new();
        plan.unwrap_or_else(|| panic!("no room: {} {rows}", scan.width))
            .sweep(pass, &control, &mut |_, found| by_plan.push(found))
            .unwrap();
        (by_squares, by_plan)
    }

    #[test]
    fn a_plan_counts_what_the_square_by_square_sweep_counts() {
        let mut repeating = 0;
        // Plans with repeating steps for boards with blocked squares or
        // required ends, which the scan puts as far along as it can.
        let mut repeating_irregular = 0;
        let mut nonzero = 0;
        for (width, height) in [(3, 16), (4, 12), (4, 7), (5, 10)] {
            let full = Board::new(width, height).unwrap();
            let mut holed = full.clone();
            holed.set_blocked(Square::new(1, height / 2), true);
            holed.set_blocked(Square::new(width - 2, height / 2), true);
            let mut holed_near_top = full.clone();
            holed_near_top.set_blocked(Square::new(width - 1, 1), true);
            // Open tours have many more states: five wide, the closure of
            // a plan takes a minute in a debug build.
            let shapes = match width {
                5 => vec![Shape::Cycle],
                _ => vec![
                    Shape::Cycle,
                    Shape::Path(None, None),
                    Shape::Path(Some(Square::new(0, 0)), None),
                ],
            };
            for (board, shape) in [&full, &holed, &holed_near_top]
                .into_iter()
                .flat_map(|board| shapes.iter().map(move |&shape| (board, shape)))
            {
                let mut scan = Scan::new(board, shape).unwrap();
                for shorter_boards in [false, true] {
                    scan.shorter_boards = shorter_boards && board.is_full() && scan.ends.is_empty();
                    let repeats = usize::from(repeating_end(&scan) > scan.width);
                    repeating += repeats;
                    if !board.is_full() || !scan.ends.is_empty() {
                        repeating_irregular += repeats;
                    }
                    for rows in [height as usize, height as usize - 2] {
                        for tally in [Tally::Capped, Tally::Modulo(1_000_003)] {
                            let (by_squares, by_plan) = both_ways(&scan, rows, tally);
                            nonzero += by_squares.iter().filter(|&&found| found > 0).count();
                            assert_eq!(by_plan, by_squares, "{board:?} {shape:?} {rows} rows");
                        }
                    }
                }
            }
        }
        assert!(
            repeating >= 12,
            "too few plans with repeating steps: {repeating}"
        );
        assert!(
            repeating_irregular >= 8,
            "too few plans with repeating steps on irregular boards: {repeating_irregular}"
        );
        assert!(nonzero >= 100, "too few counts of tours: {nonzero}");
    }

    fn gets_a_plan(board: &Board, shape: Shape) -> bool {
        let scan = Scan::new(board, shape).unwrap();
        Plan::for_long_board(&scan, scan.rows, &Control::new(), 1 << 30)
            .unwrap()
            .is_some()
    }

    #[test]
    fn only_long_boards_get_a_plan() {
        let plan = |width, height| gets_a_plan(&Board::new(width, height).unwrap(), Shape::Cycle);
        assert!(!plan(6, 8));
        assert!(!plan(6, 11));
        assert!(plan(6, 12));
        assert!(!plan(8, 40));
        assert!(plan(5, 24));
    }

    #[test]
    fn blocked_squares_and_ends_near_either_end_leave_room_for_a_plan() {
        let board = |blocked: &[(u32, u32)]| {
            let mut board = Board::new(5, 24).unwrap();
            for &(x, y) in blocked {
                board.set_blocked(Square::new(x, y), true);
            }
            board
        };
        let from = |x, y| Shape::Path(Some(Square::new(x, y)), None);
        assert!(gets_a_plan(&board(&[(0, 23), (1, 23)]), Shape::Cycle));
        assert!(gets_a_plan(&board(&[(0, 0), (1, 0)]), Shape::Cycle));
        assert!(gets_a_plan(&board(&[]), from(2, 0)));
        assert!(gets_a_plan(&board(&[]), from(2, 23)));
        // Half-way along, the rest recorded square by square would cost more
        // than a sweep.
        assert!(!gets_a_plan(&board(&[(0, 12), (1, 12)]), Shape::Cycle));
        // Ends at both ends leave no repeating steps.
        let both_ends = Shape::Path(Some(Square::new(0, 0)), Some(Square::new(4, 23)));
        assert!(!gets_a_plan(&board(&[]), both_ends));
    }

    #[test]
    fn a_plan_past_its_memory_is_abandoned() {
        let scan = Scan::new(&Board::new(5, 24).unwrap(), Shape::Cycle).unwrap();
        let plan = Plan::record(Recorder::new(&scan, &Control::new(), 1 << 16), scan.rows);
        assert!(matches!(plan, Ok(None)));
    }

    #[test]
    fn a_cancelled_recording_stops() {
        let control = Control::new();
        control.cancel();
        let scan = Scan::new(&Board::new(5, 24).unwrap(), Shape::Cycle).unwrap();
        let plan = Plan::record(Recorder::new(&scan, &control, 1 << 30), scan.rows);
        assert!(matches!(plan, Err(Unavailable::Cancelled)));
    }
}
