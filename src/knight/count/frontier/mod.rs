//! Counting tours by frontier dynamic programming (a transfer-matrix sweep).
//!
//! Squares are visited one at a time in scan order, row by row along the
//! board's shorter side. When a square is processed, the search decides
//! which of its knight-move edges to *later* squares belong to the tour;
//! edges to earlier squares were decided when those were processed, so
//! everything the future needs to know about the past fits in a window of
//! the next `2w + 2` squares at most (`w` = the shorter side). Partial
//! tours that agree on the window are interchangeable, so they are merged
//! into one state with a multiplicity, and memory depends only on the
//! number of states, never on the number of tours. Each tour is counted as
//! an undirected edge set: a Hamiltonian path or cycle once.
//!
//! Where to read, in order:
//! - `transfer`: **the step**, what one square does to one state (which
//!   edges join the tour, linking path ends, retiring the square that
//!   leaves the window, and the cuts that end hopeless states early);
//! - `keys`: how a state's window is packed into a 64-bit key;
//! - `scan`: the order the board is swept in (rows from both sides inward
//!   where the board looks the same mirrored, so a state and its mirror
//!   image count as one);
//! - `sweep`: the driver that runs the step over a whole layer of states,
//!   square after square, with `policy` (pure functions) deciding whether a
//!   step runs in memory or through disk (`spill`, `group`), and `layer`
//!   holding the hash tables the threads build;
//! - `plan` (long boards swept from a recorded plan), `checkpoint` (saving
//!   and taking up a count) and `forecast` (the time left).
//!
//! This module itself holds the entry points: [`count`], [`count_lengths`]
//! and the exact counts beyond 64 bits.

mod admissible;
mod checkpoint;
mod forecast;
mod group;
mod keys;
mod layer;
mod plan;
mod policy;
mod profile;
mod scan;
mod spill;
mod sweep;
mod terms;
mod transfer;

use super::super::{Board, Square};
use super::file_error::SweepFileError;
use super::natural::{self, Natural};
use super::progress::{Phase, SweepPass};
use crate::job::Control;
use checkpoint::Saver;
use layer::Tally;
use plan::Plan;
use scan::Scan;
use sweep::{Means, sweep};
pub(super) use terms::{MAX_WIDTH, Shape, Unavailable};

/// Counts the Hamiltonian paths or cycles of the board's knight graph, each
/// edge set once. Boards with fewer than two open squares are the caller's
/// business (the sweep needs every square to have a tour edge).
///
/// A count beyond 64 bits takes more sweeps: one that adds the counts as
/// floating-point numbers, to learn the count's size, then one modulo each
/// of enough primes for their product to exceed it; the Chinese remainder
/// theorem gives the exact count (closed 6x40, 68 digits: six sweeps).
///
/// With a checkpoint file in the control, the sweeps are saved there as
/// they go, a count saved there before is taken up where it was, and the
/// file is removed once the count is complete.
pub(super) fn count(
    board: &Board,
    shape: Shape,
    control: &Control,
) -> Result<Natural, Unavailable> {
    let width = board.width().min(board.height());
    if width as usize > MAX_WIDTH {
        return Err(Unavailable::TooWide { width });
    }
    let Some(scan) = Scan::new(board, shape) else {
        return Ok(Natural::from_u128(0));
    };
    let mut saver = open_saver(
        control,
        scan.keys.checkpoint_magic(),
        scan.request(scan.rows),
        describe(board, shape, None),
    )?;
    let memory = tables_memory(control);
    let plan = Plan::for_long_board(&scan, scan.rows, control, memory)?;
    let mut whole_board = |tally: Tally, pass: SweepPass| {
        let mut tours = 0;
        let mut on_rows = |rows, found| {
            if rows == scan.rows {
                tours = found;
            }
        };
        match &plan {
            Some(plan) => plan.sweep((tally, pass), control, &mut on_rows)?,
            None => {
                let means = Means {
                    memory,
                    control,
                    saver: &mut saver,
                };
                sweep(&scan, scan.rows, (tally, pass), means, &mut on_rows)?;
            }
        }
        Ok(vec![tours])
    };
    let capped = whole_board(Tally::Capped, SweepPass::Counting)?[0];
    let tours = if capped < u64::MAX {
        Natural::from_u128(capped.into())
    } else {
        exact_beyond_64_bits(&mut whole_board)?.remove(0)
    };
    saver.complete();
    Ok(tours)
}

/// The saves of a count of `request` (see [`Saver::open`]) to the file the
/// control names, if any: where that file is in use by another count and
/// the control says to wait, once the other lets go.
fn open_saver<'c>(
    control: &'c Control,
    magic: u64,
    request: Vec<u64>,
    description: String,
) -> Result<Saver<'c>, Unavailable> {
    let checkpointing = control.checkpointing();
    let waits = checkpointing.is_some_and(|to| to.wait_while_in_use);
    loop {
        match Saver::open(checkpointing, magic, request.clone(), description.clone()) {
            Err(SweepFileError::InUse { .. }) if waits => {
                control.set_detail(Phase::WaitingForFile);
                if control.should_stop() {
                    return Err(Unavailable::Cancelled);
                }
                std::thread::sleep(checkpoint::WAIT_FOR_FILE);
            }
            opened => return Ok(opened?),
        }
    }
}

/// Forgets the count saved in the checkpoint at `path`: removed once no
/// count holds it.
pub(super) fn forget(path: &std::path::Path, control: &Control) -> Result<(), SweepFileError> {
    checkpoint::remove_when_let_go(path, control)
}

/// The bytes the sweep's tables may take: three-quarters of the memory
/// budget, the rest left for what the allocator holds on to of what they
/// free between steps (measured: closed 8x8 peaked at 1.12 times what its
/// tables held at once).
fn tables_memory(control: &Control) -> u64 {
    control.resources().memory_budget / 4 * 3
}

/// The most blocked squares a request's words name.
const BLOCKED_NAMED: usize = 12;

/// The request in words, for a checkpoint file's messages: "closed tours
/// of 7x8", "open tours of 8x8 from a1 to h8 (blocked: a1, b1)", "closed
/// tours of 6x1 to 6x40".
fn describe(board: &Board, shape: Shape, up_to_length: Option<u32>) -> String {
    let (kind, ends) = match shape {
        Shape::Cycle => ("closed", String::new()),
        Shape::Path(start, end) => {
            let name = |square: Option<Square>, word: &str| {
                square.map_or(String::new(), |s| {
                    format!(" {word} {}", board.square_name(s))
                })
            };
            ("open", name(start, "from") + &name(end, "to"))
        }
    };
    let size = match up_to_length {
        Some(length) => format!("{0}x1 to {0}x{length}", board.width()),
        None => format!("{}x{}", board.width(), board.height()),
    };
    // Named, so that a checkpoint of another blocking says which squares.
    let blocked: Vec<String> = board
        .blocked_squares()
        .into_iter()
        .map(|square| board.square_name(square))
        .collect();
    let blocked = match blocked.len() {
        0 => String::new(),
        1..=BLOCKED_NAMED => format!(" (blocked: {})", blocked.join(", ")),
        n => format!(
            " (blocked: {}, and {} more)",
            blocked[..BLOCKED_NAMED].join(", "),
            n - BLOCKED_NAMED
        ),
    };
    format!("{kind} tours of {size}{ends}{blocked}")
}

/// The exact counts of a sweep whose 64-bit counts overflowed: `sweep_with`
/// runs the same sweep again with another tally and returns the same
/// counts (one or several) added up that way. One sweep adds them up as
/// floating-point numbers, to learn the largest one's size; then one
/// sweep modulo each of enough primes for their product to exceed it, and
/// the Chinese remainder theorem gives each count.
fn exact_beyond_64_bits(
    sweep_with: &mut dyn FnMut(Tally, SweepPass) -> Result<Vec<u64>, Unavailable>,
) -> Result<Vec<Natural>, Unavailable> {
    let sizes = sweep_with(Tally::Magnitude, SweepPass::Sizing)?;
    let largest = sizes
        .iter()
        .map(|&size| f64::from_bits(size))
        .fold(0.0, f64::max);
    // Each count is a sum of non-negative terms, each addition off by at
    // most 2^-53 of its result, so even billions of additions in a row
    // leave the size within a millionth: twice it bounds the count. (An
    // overflowing size asks for all the bits an f64 can describe.)
    let bits = if largest.is_finite() {
        (2.0 * largest).log2().ceil().max(64.0) as usize + 1
    } else {
        1025
    };
    let primes = natural::primes_below_2_62(bits.div_ceil(61));
    let mut residues = vec![Vec::with_capacity(primes.len()); sizes.len()];
    for (index, &prime) in (1..).zip(&primes) {
        let pass = SweepPass::Modulo {
            prime: index,
            primes: primes.len() as u32,
        };
        for (residue, value) in residues
            .iter_mut()
            .zip(sweep_with(Tally::Modulo(prime), pass)?)
        {
            residue.push(value);
        }
    }
    Ok(residues
        .iter()
        .map(|residues| Natural::from_residues(residues, &primes))
        .collect())
}

/// How much longer than the longest board asked for [`count_lengths`]
/// sweeps (see there).
const ROWS_PAST_THE_LONGEST: u32 = 4;

/// Counts the Hamiltonian paths or cycles of every board `width` wide and
/// 1 to `length` long in one sweep, passing each count to `on_length` (with
/// the length) as soon as it is known, shortest first. A tour of the first
/// rows of a longer board is a tour of the shorter board, so the sweep of
/// the longest board sees them all on the way. From the first count beyond
/// 64 bits on, the counts wait for the further sweeps that make them exact
/// (see [`count`], also for checkpoints: a count taken up passes the
/// counts it had passed before again).
///
/// The board swept is four rows longer than asked (and at least as long as
/// wide, so that it is swept along its length): the sweep drops a state as
/// soon as a square ahead can no longer get its edges, looking at squares
/// up to two rows past the one it is at and at the knight moves those have
/// left up to two rows further on. So that no square of the shorter boards'
/// tours is judged by the board's far edge, the rows it looks at must all
/// exist past the last row of the longest board, where the sweep stops.
pub(super) fn count_lengths(
    width: u32,
    length: u32,
    shape: Shape,
    control: &Control,
    on_length: &mut dyn FnMut(u32, Natural),
) -> Result<(), Unavailable> {
    if width as usize > MAX_WIDTH {
        return Err(Unavailable::TooWide { width });
    }
    let longest = Board::MAX_SIDE - ROWS_PAST_THE_LONGEST;
    // At least as long as wide, so that the scan runs along the length.
    let swept_length = (length + ROWS_PAST_THE_LONGEST).max(width);
    let board = Board::new(width, swept_length).map_err(|_| Unavailable::TooLong { longest })?;
    let Some(mut scan) = Scan::new(&board, shape) else {
        return Ok(());
    };
    scan.shorter_boards = scan.ends.is_empty() && board.is_full();
    let mut saver = open_saver(
        control,
        scan.keys.checkpoint_magic(),
        scan.request(length as usize),
        describe(&board, shape, Some(length)),
    )?;
    let memory = tables_memory(control);
    let wanted = 1..=length as usize;
    let plan = Plan::for_long_board(&scan, length as usize, control, memory)?;
    let mut run = |tally: Tally, pass: SweepPass, on_rows: &mut dyn FnMut(usize, u64)| {
        if let Some(plan) = &plan {
            return plan.sweep((tally, pass), control, on_rows);
        }
        let means = Means {
            memory,
            control,
            saver: &mut saver,
        };
        sweep(&scan, length as usize, (tally, pass), means, on_rows)
    };
    // The lengths from the first count beyond 64 bits on.
    let mut held = Vec::new();
    run(Tally::Capped, SweepPass::Counting, &mut |rows, found| {
        if !wanted.contains(&rows) {
            return;
        }
        if held.is_empty() && found < u64::MAX {
            on_length(rows as u32, Natural::from_u128(found.into()));
        } else {
            held.push(rows);
        }
    })?;
    if let Some(&first_held) = held.first() {
        let exact = exact_beyond_64_bits(&mut |tally, pass| {
            let mut counts = Vec::new();
            run(tally, pass, &mut |rows, found| {
                if rows >= first_held && wanted.contains(&rows) {
                    counts.push(found);
                }
            })?;
            Ok(counts)
        })?;
        for (rows, tours) in held.into_iter().zip(exact) {
            on_length(rows as u32, tours);
        }
    }
    saver.complete();
    Ok(())
}

#[cfg(test)]
mod tests;
