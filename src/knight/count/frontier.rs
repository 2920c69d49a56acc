//! Counting tours by frontier dynamic programming (a transfer-matrix sweep).
//!
//! Squares are visited one at a time in scan order along the board's shorter
//! side. When a square is processed, the search decides which of its
//! knight-move edges to *later* squares belong to the tour; edges to earlier
//! squares were decided when those were processed. A knight move reaches at
//! most `2w + 1` scan positions ahead (`w` = the shorter side), so everything
//! the future needs to know about the past fits in a window of `2w + 1`
//! squares: for each, whether it is untouched, finished (two tour edges), or
//! the end of a partial path — and then where that path's other end is.
//! Partial tours that agree on the window are interchangeable, so they are
//! merged into one state with a multiplicity. The number of distinct states
//! stays small for narrow boards (tens of thousands on 6x6), which makes
//! counting millions of tours a matter of milliseconds, and memory depends
//! only on the number of states, never on the number of tours.
//!
//! Each tour is counted as an undirected edge set: a Hamiltonian path once
//! (not once per direction), a Hamiltonian cycle once.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::super::{Board, Square};
use crate::job::{self, CHECK_INTERVAL, Control};

/// What kind of edge set the sweep counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Shape {
    /// Hamiltonian paths; with `Some(end)` only those with `end` as an end.
    Path(Option<Square>),
    /// Hamiltonian cycles.
    Cycle,
}

/// Why the sweep gave no number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Unavailable {
    /// The board is too wide for the state encoding, or the states would take
    /// too much memory; another method has to count.
    TooLarge,
    /// The control was cancelled.
    Cancelled,
}

/// Widest shorter side the 128-bit state encoding supports: `2w + 1` window
/// squares of 4 bits each, labels for up to `w` open path pairs, plus 2 bits
/// for the number of path ends already fixed.
pub(super) const MAX_WIDTH: usize = 12;

/// Memory one state costs at the peak of a step, in bytes: its entry in
/// the table being read (32 bytes of key and count, at a load of at least
/// one half after growth), its copy for the threads to share out, and its
/// share of the table being built.
const BYTES_PER_STATE: u64 = 200;

/// The most states a step may hold within the memory budget; the sweep
/// gives up (and the caller falls back to a walk in flat memory) as soon
/// as the table being built grows past it, before it can eat the machine.
fn max_states() -> usize {
    usize::try_from(crate::memory::budget() / BYTES_PER_STATE).unwrap_or(usize::MAX)
}

/// Below this many states a step runs on one thread: splitting costs more.
const PARALLEL_THRESHOLD: usize = 20_000;

/// Window slot codes (the `mate` array). Values below `TERMINAL` are slot
/// indices of the other end of the square's partial path.
const UNTOUCHED: u8 = 255;
const DONE: u8 = 254;
/// An end of a partial path whose other end is a finished square of degree
/// one, i.e. one of the two ends of the final open tour.
const TERMINAL: u8 = 253;

/// Encoded nibbles: 0 untouched, 1 done, 2 terminal, 3.. path-pair labels.
const CODE_DONE: u128 = 1;
const CODE_TERMINAL: u128 = 2;
const CODE_FIRST_LABEL: u128 = 3;
const ENDS_SHIFT: u32 = 126;

/// The board seen in scan order: position `p` is column `p % width` of row
/// `p / width`, where rows run along the shorter side.
struct Scan {
    width: usize,
    open: Vec<bool>,
    /// For each position, the window offsets (1..=2w+1) of its open knight
    /// neighbours further on in the scan.
    forward: Vec<Vec<u8>>,
    last_open: usize,
    /// Scan position of the required path end, if any.
    end: Option<usize>,
}

impl Scan {
    fn new(board: &Board, shape: Shape) -> Option<Scan> {
        let (board_w, board_h) = (board.width() as usize, board.height() as usize);
        let transposed = board_w > board_h;
        let (width, height) = if transposed {
            (board_h, board_w)
        } else {
            (board_w, board_h)
        };
        if width > MAX_WIDTH {
            return None;
        }
        let to_square = |p: usize| {
            let (col, row) = ((p % width) as u32, (p / width) as u32);
            if transposed {
                Square::new(row, col)
            } else {
                Square::new(col, row)
            }
        };
        let open: Vec<bool> = (0..width * height)
            .map(|p| board.is_open(to_square(p)))
            .collect();
        let forward = (0..width * height)
            .map(|p| {
                let (col, row) = ((p % width) as i64, (p / width) as i64);
                [(-2, 1), (2, 1), (-1, 2), (1, 2)]
                    .iter()
                    .filter_map(|&(dc, dr)| {
                        let (c, r) = (col + dc, row + dr);
                        let inside = (0..width as i64).contains(&c) && r < height as i64;
                        let q = (r * width as i64 + c) as usize;
                        (inside && open[p] && open[q]).then_some((q - p) as u8)
                    })
                    .collect()
            })
            .collect();
        let last_open = open.iter().rposition(|&o| o)?;
        let end = match shape {
            Shape::Path(Some(s)) => (0..width * height).find(|&p| to_square(p) == s && open[p]),
            _ => None,
        };
        Some(Scan {
            width,
            open,
            forward,
            last_open,
            end,
        })
    }

    fn window(&self) -> usize {
        2 * self.width + 1
    }
}

/// A multiply-xorshift hasher for the 128-bit state keys: the keys are
/// already well mixed bit patterns, and SipHash would dominate the run time.
#[derive(Default)]
struct StateHasher(u64);

impl Hasher for StateHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, value: u64) {
        let mixed = (self.0 ^ value).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = mixed ^ (mixed >> 29);
    }

    fn write_u128(&mut self, value: u128) {
        self.write_u64(value as u64);
        self.write_u64((value >> 64) as u64);
    }
}

type States = HashMap<u128, u128, BuildHasherDefault<StateHasher>>;

/// A decoded state: the window's slot codes plus one spare slot for the
/// square that enters the window during the step, and the number of path
/// ends already fixed.
#[derive(Clone, Copy)]
struct Window {
    mate: [u8; 2 * MAX_WIDTH + 2],
    ends: u8,
}

impl Window {
    fn decode(key: u128, slots: usize) -> Window {
        let mut mate = [UNTOUCHED; 2 * MAX_WIDTH + 2];
        let mut first_of_label = [u8::MAX; 2 * MAX_WIDTH + 2];
        for (slot, entry) in mate.iter_mut().enumerate().take(slots) {
            let code = (key >> (4 * slot)) & 0xF;
            *entry = match code {
                0 => UNTOUCHED,
                CODE_DONE => DONE,
                CODE_TERMINAL => TERMINAL,
                label => {
                    let label = (label - CODE_FIRST_LABEL) as usize;
                    let partner = first_of_label[label];
                    if partner == u8::MAX {
                        first_of_label[label] = slot as u8;
                        UNTOUCHED // patched when the partner is seen
                    } else {
                        partner
                    }
                }
            };
        }
        // Second pass: point the first end of every pair at its partner.
        for slot in 0..slots {
            let partner = mate[slot];
            if partner < TERMINAL {
                mate[partner as usize] = slot as u8;
            }
        }
        Window {
            mate,
            ends: (key >> ENDS_SHIFT) as u8,
        }
    }

    /// Encodes slots `1..=slots` (the window after the processed square
    /// leaves it), renumbering pair labels in order of first appearance so
    /// equal situations get equal keys.
    fn encode_shifted(&self, slots: usize) -> u128 {
        let mut key = u128::from(self.ends) << ENDS_SHIFT;
        let mut label_of = [0u8; 2 * MAX_WIDTH + 2];
        let mut next_label = 0u8;
        for slot in 1..=slots {
            let code = match self.mate[slot] {
                UNTOUCHED => 0,
                DONE => CODE_DONE,
                TERMINAL => CODE_TERMINAL,
                partner if (partner as usize) > slot => {
                    label_of[slot] = next_label;
                    next_label += 1;
                    CODE_FIRST_LABEL + u128::from(label_of[slot])
                }
                partner => CODE_FIRST_LABEL + u128::from(label_of[partner as usize]),
            };
            key |= code << (4 * (slot - 1));
        }
        key
    }

    fn degree(&self, slot: usize) -> u8 {
        match self.mate[slot] {
            UNTOUCHED => 0,
            DONE => 2,
            _ => 1,
        }
    }

    /// The other end of the partial path that `slot` ends (itself when it is
    /// untouched), or `TERMINAL`.
    fn far_end(&self, slot: usize) -> u8 {
        match self.mate[slot] {
            UNTOUCHED => slot as u8,
            other => other,
        }
    }
}

/// What adding one edge did.
enum Joined {
    /// Two partial paths (or squares) became one.
    Merged,
    /// The edge closed a cycle, or joined two paths whose far ends are both
    /// fixed tour ends: the edge set can only be a complete tour now.
    Completed,
}

/// Adds the edge between slot 0 and `slot`, or returns None when the edge
/// would give a square a third edge or close a cycle where none is wanted.
fn join(window: &mut Window, slot: usize, cycles: bool) -> Option<Joined> {
    if window.mate[slot] == DONE {
        return None;
    }
    let (near_end, far_end) = (window.far_end(0), window.far_end(slot));
    if near_end as usize == slot || (near_end == TERMINAL && far_end == TERMINAL) {
        if cycles != (near_end != TERMINAL) {
            return None;
        }
        window.mate[0] = DONE;
        window.mate[slot] = DONE;
        return Some(Joined::Completed);
    }
    let (degree_here, degree_there) = (window.degree(0), window.degree(slot));
    if near_end != TERMINAL {
        window.mate[near_end as usize] = far_end;
    }
    if far_end != TERMINAL {
        window.mate[far_end as usize] = near_end;
    }
    if degree_here == 1 {
        window.mate[0] = DONE;
    }
    if degree_there == 1 {
        window.mate[slot] = DONE;
    }
    Some(Joined::Merged)
}

/// The sweep's bookkeeping for one scan position.
struct Step<'a> {
    scan: &'a Scan,
    position: usize,
    cycles: bool,
}

impl Step<'_> {
    /// Runs every choice of forward edges for one incoming state: completed
    /// tours go to the returned total, continuing states to `next`.
    fn expand(&self, key: u128, count: u128, next: &mut States) -> u128 {
        let scan = self.scan;
        let slots = scan.window();
        let window = Window::decode(key, slots);
        if !scan.open[self.position] {
            *next.entry(window.encode_shifted(slots)).or_insert(0) += count;
            return 0;
        }
        let forward = &scan.forward[self.position];
        let room = 2 - window.degree(0) as usize;
        let mut completed = 0;
        let mut try_edges = |edges: &[u8]| {
            let mut trial = window;
            let mut complete = false;
            for &slot in edges {
                match join(&mut trial, slot as usize, self.cycles) {
                    None => return,
                    Some(Joined::Completed) => complete = true,
                    Some(Joined::Merged) => {}
                }
            }
            if let Some(finished) = self.finish(&mut trial, complete) {
                if finished {
                    completed += count;
                } else {
                    *next.entry(trial.encode_shifted(slots)).or_insert(0) += count;
                }
            }
        };
        try_edges(&[]);
        if room >= 1 {
            for (i, &a) in forward.iter().enumerate() {
                try_edges(&[a]);
                if room == 2 {
                    for &b in &forward[i + 1..] {
                        try_edges(&[a, b]);
                    }
                }
            }
        }
        completed
    }

    /// Retires the processed square after its edges are chosen. Returns None
    /// when the choice is invalid, Some(true) when it completed a tour and
    /// Some(false) when the state carries on.
    fn finish(&self, window: &mut Window, complete: bool) -> Option<bool> {
        let scan = self.scan;
        let is_required_end = scan.end == Some(self.position);
        let mut complete = complete;
        match window.mate[0] {
            UNTOUCHED => return None,
            DONE if is_required_end => return None,
            DONE => {}
            TERMINAL if self.cycles => return None,
            TERMINAL => complete = true,
            _ if self.cycles => return None,
            partner => {
                window.mate[partner as usize] = TERMINAL;
                window.ends += 1;
                // With a required end still ahead, only one other end is free.
                let required_ahead = scan.end.is_some_and(|e| e > self.position);
                let limit = if required_ahead { 1 } else { 2 };
                if window.ends > limit {
                    return None;
                }
            }
        }
        if complete {
            let rest_done = (self.position + 1..=scan.last_open).all(|q| {
                !scan.open[q]
                    || (q - self.position <= scan.window()
                        && window.mate[q - self.position] == DONE)
            });
            let end_passed = scan.end.is_none_or(|e| e <= self.position);
            return (rest_done && end_passed).then_some(true);
        }
        if self.position >= scan.last_open {
            return None;
        }
        Some(false)
    }
}

/// Counts the Hamiltonian paths or cycles of the board's knight graph, each
/// edge set once. Boards with fewer than two open squares are the caller's
/// business (the sweep needs every square to have a tour edge).
pub(super) fn count(board: &Board, shape: Shape, control: &Control) -> Result<u128, Unavailable> {
    let scan = Scan::new(board, shape).ok_or(Unavailable::TooLarge)?;
    let cycles = shape == Shape::Cycle;
    let mut states = States::default();
    states.insert(0, 1);
    let mut total = 0u128;
    let mut since_check = 0u64;
    let max_states = max_states();
    for position in 0..=scan.last_open {
        let step = Step {
            scan: &scan,
            position,
            cycles,
        };
        let (next, completed) = if states.len() >= PARALLEL_THRESHOLD {
            expand_in_parallel(&step, &states, max_states, control).ok_or(Unavailable::TooLarge)?
        } else {
            let mut next = States::default();
            let mut completed = 0;
            for (&key, &count) in &states {
                completed += step.expand(key, count, &mut next);
                if next.len() > max_states {
                    return Err(Unavailable::TooLarge);
                }
            }
            (next, completed)
        };
        total += completed;
        since_check += states.len() as u64;
        if since_check >= CHECK_INTERVAL || states.len() >= PARALLEL_THRESHOLD {
            control.add_nodes(since_check);
            since_check = 0;
            if control.is_cancelled() {
                return Err(Unavailable::Cancelled);
            }
        }
        if next.len() > max_states {
            return Err(Unavailable::TooLarge);
        }
        states = next;
    }
    control.add_nodes(since_check);
    Ok(total)
}

/// One step over a large state table on every thread ([`job::threads`]),
/// each expanding its share of the states into its own table; the tables
/// are merged afterwards. A share whose table outgrows its part of
/// `max_states` stops early: `None`, the step does not fit the memory budget.
fn expand_in_parallel(
    step: &Step,
    states: &States,
    max_states: usize,
    control: &Control,
) -> Option<(States, u128)> {
    let entries: Vec<(u128, u128)> = states.iter().map(|(&k, &v)| (k, v)).collect();
    let threads = job::threads();
    let expand_share = |share: &[(u128, u128)]| {
        let mut next = States::default();
        let mut completed = 0;
        for (done, &(key, count)) in share.iter().enumerate() {
            if (done as u64).is_multiple_of(CHECK_INTERVAL) && control.is_cancelled() {
                break;
            }
            completed += step.expand(key, count, &mut next);
            if next.len() > max_states / threads + 1 {
                return None;
            }
        }
        Some((next, completed))
    };
    let shares: Vec<&[(u128, u128)]> = entries
        .chunks(entries.len().div_ceil(threads).max(1))
        .collect();
    let mut expanded =
        job::on_threads(shares.len(), |index| expand_share(shares[index])).into_iter();
    let (mut merged, mut completed) = expanded.next()??;
    for part in expanded {
        let (states, done) = part?;
        merged.reserve(states.len());
        for (key, count) in states {
            *merged.entry(key).or_insert(0) += count;
        }
        completed += done;
    }
    Some((merged, completed))
}
