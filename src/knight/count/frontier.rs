//! Counting tours by frontier dynamic programming (a transfer-matrix sweep).
//!
//! Squares are visited one at a time in scan order, row by row along the
//! board's shorter side. When a square is processed, the search decides
//! which of its knight-move edges to *later* squares belong to the tour;
//! edges to earlier squares were decided when those were processed. A
//! knight move reaches at most `2w + 1` scan positions ahead (`w` = the
//! shorter side) when rows are swept left to right, `2w + 2` when they are
//! swept from both sides inward, so everything the future needs to know
//! about the past fits in a window of that many squares: for each, whether
//! it is untouched, finished (two tour edges), or the end of a partial
//! path — and then where that path's other end is.
//! Partial tours that agree on the window are interchangeable, so they are
//! merged into one state with a multiplicity, and memory depends only on
//! the number of states, never on the number of tours.
//!
//! Three things keep the states few and cheap:
//! - a state is a 64-bit key (boards up to 8 wide) kept in tables split
//!   by hash among the threads (see `layer`);
//! - on a board that looks the same mirrored, rows are swept from both
//!   sides inward (up to 7 wide, the widest whose longer window fits a
//!   key), so that after every second square of a row, as at its end, the
//!   squares swept are their own mirror image: a state and its mirror
//!   image then have equally many completions, so they are counted as one
//!   (open 7x7: 54 s and 2.4 GB, against 78 s and 4.1 GB merging at the
//!   rows' ends only);
//! - a square ahead that has lost the chance to get its two edges (its
//!   neighbours beyond the current square are too few, or finished) ends
//!   the state at once instead of rows later; for an open tour, so does a
//!   third square that could only be an end, or an end on the wrong
//!   colour: on a board with one square more of one colour, any end on
//!   the other; on a board with as many of each, a second end on the
//!   first one's colour (a path alternates colours).
//!
//! Closed tours keep the states few (about 30,000 at most on 6x6, a few
//! million on 6x8, tens of millions on 7x8). Open tours have more, as any
//! square may be one of the two free ends (6x6 took 10 s and 630 MB before
//! the cut on ends, 3 s and 60 MB with it), so small boards' open tours are
//! walked instead (see `count_tours`).
//!
//! Each tour is counted as an undirected edge set: a Hamiltonian path once
//! (not once per direction), a Hamiltonian cycle once.

mod checkpoint;
mod forecast;
mod layer;
mod plan;
mod spill;

use std::collections::VecDeque;

use super::super::{Board, Square, TourKind};
use super::natural::{self, Natural};
use crate::job::{self, CHECK_INTERVAL, Control, LayerFileWork, Method, RanOut, SweepPass};
use checkpoint::{Position, Resumed, Saver};
use forecast::{Forecast, Outlook};
use layer::{Budget, Builder, Entry, Layer, Sink, Tally};
use plan::Plan;
use spill::{Carried, Room};

/// What kind of edge set the sweep counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Shape {
    /// Hamiltonian paths; only those with the given squares as ends (none,
    /// one, or both ends given).
    Path(Option<Square>, Option<Square>),
    /// Hamiltonian cycles.
    Cycle,
}

impl Shape {
    /// The edge sets that are tours of `kind`: open ones between the given
    /// ends (either or both may be free), or closed ones.
    pub(super) fn of(kind: TourKind, start: Option<Square>, end: Option<Square>) -> Shape {
        match kind {
            TourKind::Open => Shape::Path(start, end),
            TourKind::Closed => Shape::Cycle,
        }
    }
}

/// Why the sweep gave no number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Unavailable {
    /// The board's shorter side, this wide, is wider than [`MAX_WIDTH`].
    TooWide { width: u32 },
    /// The states would take more than the memory budget.
    OverBudget { at: RanOut },
    /// The states would take more than the memory budget, and more than
    /// the scratch directory's `free` bytes on disk.
    OverBudgetAndDisk { free: u64, at: RanOut },
    /// Boards up to this long can be counted by [`count_lengths`].
    TooLong { longest: u32 },
    /// The control was cancelled.
    Cancelled,
    /// A file the sweep needs (the checkpoint file asked for, or a scratch
    /// file for states that do not fit in memory) could not be read or
    /// written, or holds another count: the message says which.
    File(String),
}

impl From<String> for Unavailable {
    /// A checkpoint's failure.
    fn from(message: String) -> Unavailable {
        Unavailable::File(message)
    }
}

/// Widest shorter side the 64-bit state keys support: `2w + 1` window
/// squares, the square at index `i` one of `4 + 2w - i` codes (see
/// [`KeyFormat`]); for 9-wide rows, or 8-wide rows swept inward (`2w + 2`
/// squares), their product would pass 2^64.
pub(super) const MAX_WIDTH: usize = 8;

/// From this many states on (16 MiB in a checkpoint file), the progress
/// line says when a layer is being saved or read back.
const SHOWN_FILE_STATES: u64 = 1 << 20;

/// A layer that takes at most this fraction of the memory is kept whole
/// through its step, for a second try (see `sweep`): freeing it would
/// make little room.
const KEPT_FOR_A_SECOND_TRY: u64 = 8;

/// Below this many states a step runs on one thread: splitting costs more.
const PARALLEL_THRESHOLD: usize = 20_000;

/// Window slot codes (the `mate` array). Values below `TERMINAL` are slot
/// indices of the other end of the square's partial path.
const UNTOUCHED: u8 = 255;
const DONE: u8 = 254;
/// An end of a partial path whose other end is a finished square of degree
/// one, i.e. one of the two ends of the final open tour.
const TERMINAL: u8 = 253;

/// Key codes of a window square: 0 untouched, 1 done, 2 terminal (the slot
/// codes counted down from 255), 3 the later end of a path, and 3 plus the
/// distance to the later end for the earlier one.
const CODE_SPECIALS: u64 = 3;
const CODE_LATER_END: u64 = CODE_SPECIALS;
/// Bits a square takes in a key of [`KeyFormat::Distances`], but for the
/// fifth bits of the first two squares (see [`FIFTH_BITS_AT`]).
const DISTANCE_BITS: usize = 4;
/// The widest shorter side whose windows [`KeyFormat::Distances`] holds:
/// 15 squares, 60 bits of four, and two more bits (see [`FIFTH_BITS_AT`]).
const MAX_DISTANCES_WIDTH: usize = 7;
/// Where the fifth bits of the codes of a window's first two squares go in
/// a key of [`KeyFormat::Distances`]: their ends can be 14 and 13 squares
/// from their partners on a 7-wide board (codes 17 and 16), every later
/// square's at most 12 (code 15).
const FIFTH_BITS_AT: usize = 60;
/// The squares of the widest window of rows swept left to right, that of
/// 8-wide rows.
const WIDEST_WINDOW: usize = 2 * MAX_WIDTH + 1;
/// The squares of the window of 8-wide rows swept inward (see
/// [`row_order`]), whose keys have no bit left for [`Window::end_colour`].
const INWARD_WIDEST_WINDOW: usize = 2 * MAX_WIDTH + 2;
/// The window's squares in each field of a [`KeyFormat::Radix`] key:
/// each field holds the codes of a few squares as one mixed-radix number,
/// small enough for its divisions to be multiplications (see
/// [`radix_field_codes`]).
const RADIX_FIELDS: [(usize, usize); 5] = [(0, 3), (3, 6), (6, 10), (10, 14), (14, 17)];
/// The same for a [`KeyFormat::WideRadix`] key: three fields whose
/// numbers, each rounded up to whole bits, fit in 63 bits (13, 20 and 30;
/// all 18 squares as one number would take 62.9), the longest of them 10
/// squares.
const WIDE_RADIX_FIELDS: [(usize, usize); 3] = [(0, 3), (3, 8), (8, 18)];

/// How many codes the square at `index` of a window of `window` squares
/// can have: the specials, the later end, and the distances to the
/// squares after it.
const fn radix(window: usize, index: usize) -> u64 {
    CODE_LATER_END + 1 + (window - 1 - index) as u64
}

/// Where each of these fields of a key of `window` squares starts, and the
/// mask of its bits (as many as its largest number needs), worked out once
/// so that reading a key costs no more than its shifts and masks.
const fn field_bits<const FIELDS: usize>(
    fields: [(usize, usize); FIELDS],
    window: usize,
) -> [(usize, u64); FIELDS] {
    let mut layout = [(0, 0); FIELDS];
    let mut shift = 0;
    let mut field = 0;
    while field < FIELDS {
        let (first, end) = fields[field];
        let mut values = 1;
        let mut index = first;
        while index < end {
            values *= radix(window, index);
            index += 1;
        }
        let bits = (u64::BITS - (values - 1).leading_zeros()) as usize;
        layout[field] = (shift, (1 << bits) - 1);
        shift += bits;
        field += 1;
    }
    assert!(shift <= END_COLOUR_BIT + 1, "the fields pass the top bit");
    layout
}

/// The shifts and masks of the fields of [`KeyFormat::Radix`] and
/// [`KeyFormat::WideRadix`] keys.
const RADIX_FIELD_BITS: [(usize, u64); RADIX_FIELDS.len()] =
    field_bits(RADIX_FIELDS, WIDEST_WINDOW);
const WIDE_RADIX_FIELD_BITS: [(usize, u64); WIDE_RADIX_FIELDS.len()] =
    field_bits(WIDE_RADIX_FIELDS, INWARD_WIDEST_WINDOW);

/// Field `field` of a key of `window` squares, [`KeyFormat::Radix`] or
/// [`KeyFormat::WideRadix`]: its squares, and its shift and mask.
const fn radix_field(window: usize, field: usize) -> ((usize, usize), (usize, u64)) {
    if window == WIDEST_WINDOW {
        (RADIX_FIELDS[field], RADIX_FIELD_BITS[field])
    } else {
        (WIDE_RADIX_FIELDS[field], WIDE_RADIX_FIELD_BITS[field])
    }
}

/// The codes of field `FIELD` of a key of `WINDOW` squares, into `codes`.
/// A field at a time, so that every radix is a constant and each division
/// a multiplication (a loop over the fields left the processor dividing).
fn radix_field_codes<const WINDOW: usize, const FIELD: usize>(
    key: u64,
    codes: &mut [u64; INWARD_WIDEST_WINDOW],
) {
    let ((first, end), (shift, mask)) = const { radix_field(WINDOW, FIELD) };
    let mut number = key >> shift & mask;
    for index in (first..end).rev() {
        codes[index] = number % radix(WINDOW, index);
        number /= radix(WINDOW, index);
    }
}

/// The key of a window of `slots` squares with these codes, in fields of a
/// window of `window` squares laid out as `fields` and `bits` say.
fn radix_key(
    codes: &[u8],
    slots: usize,
    window: usize,
    fields: &[(usize, usize)],
    bits: &[(usize, u64)],
) -> u64 {
    let in_window = |index: usize| {
        if index < slots {
            u64::from(codes[index])
        } else {
            0
        }
    };
    (fields.iter().zip(bits)).fold(0, |key, (&(first, end), &(shift, _))| {
        let number = (first..end).fold(0, |number, index| {
            number * radix(window, index) + in_window(index)
        });
        key | number << shift
    })
}

/// How a state's window is packed into its 64-bit key. Keys are made for
/// every state a step carries on and read back for every state of a layer,
/// so this is the sweep's innermost work. All formats code each square on
/// its own, a path's earlier end holding how far on its other end is: no
/// numbering runs through the window, as it did when a path's ends shared
/// a label numbered in order of first appearance, and encoding and
/// decoding took half the time of a count (closed 6x8 0.81 s, 7x8 22.4 s).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum KeyFormat {
    /// Windows of up to 15 squares (rows of up to [`MAX_DISTANCES_WIDTH`]
    /// squares swept left to right): four bits a square (five for the
    /// first two), worked out side by side for all squares.
    Distances,
    /// Windows of 16 or 17 squares (rows of 7 swept inward, rows of 8),
    /// which would need 67 or 72 bits that way: the codes as mixed-radix
    /// numbers, a few squares to a field (60 bits).
    Radix,
    /// Windows of 18 squares (rows of 8 swept inward): the same in three
    /// fields that take 63 bits in all and leave no bit for
    /// [`Window::end_colour`], so only for sweeps that do not follow an
    /// end's colour (closed tours, and paths with an end given).
    WideRadix,
}

impl KeyFormat {
    fn for_window(slots: usize) -> KeyFormat {
        if slots <= 2 * MAX_DISTANCES_WIDTH + 1 {
            KeyFormat::Distances
        } else if slots <= WIDEST_WINDOW {
            KeyFormat::Radix
        } else {
            KeyFormat::WideRadix
        }
    }

    /// The first word of a checkpoint file whose states have keys in this
    /// format (see `checkpoint`): a file with keys in another format, such
    /// as the labels of "gtsweep1", is refused rather than misread.
    fn checkpoint_magic(self) -> u64 {
        u64::from_le_bytes(match self {
            KeyFormat::Distances => *b"gtsweep2",
            KeyFormat::Radix => *b"gtsweep3",
            KeyFormat::WideRadix => *b"gtsweep4",
        })
    }
}

/// The board seen in scan order: position `p` is column `p % width` of row
/// `p / width`, where rows run along the shorter side.
struct Scan {
    width: usize,
    open: Vec<bool>,
    /// For each position, the window offsets (1..=2w+1) of its open knight
    /// neighbours further on in the scan.
    forward: Vec<Vec<u8>>,
    /// For each position and each window offset (0..=2w+1), that square's
    /// open knight neighbours beyond the position: where the edges it can
    /// still get once the position is retired come from.
    later: Vec<Vec<LaterMask>>,
    /// For each position, the window offsets (from 1) of open squares with
    /// fewer than two neighbours beyond the window: the only ones that may
    /// be left able to get just one more edge, so ending an open tour.
    may_end: Vec<u32>,
    last_open: usize,
    /// Rows of the scan (each `width` squares long).
    rows: usize,
    /// Whether a tour of the board's first rows alone counts too (as a tour
    /// of the shorter board): asked for by [`count_lengths`], on boards with
    /// no blocked square and no required end.
    shorter_boards: bool,
    /// Scan positions of the required path ends (at most two).
    ends: Vec<usize>,
    /// The board's column (across the scan rows) of each place in a row,
    /// in the order the row is swept: left to right, or from both sides
    /// inward (see [`row_order`]).
    columns: Vec<usize>,
    /// Whether the sweep counts Hamiltonian cycles (else paths).
    cycles: bool,
    /// How many open squares of each colour (see [`Scan::colour`]) the
    /// first 0, 1, .. `rows` rows hold: a knight's path alternates colours,
    /// so on a board with one open square more of one colour than of the
    /// other it starts and ends on that colour, and every square of the
    /// other needs two edges (see [`Scan::needing_two_edges`]).
    colours_in_rows: Vec<[usize; 2]>,
    /// How the states' windows are packed into keys.
    keys: KeyFormat,
    /// The window's squares in scan order: `0, 1, .. slots - 1`.
    in_order: ScanOrder,
    /// For each number of squares of a row swept, the window's squares
    /// mirrored when those squares are the mirror image of themselves and
    /// the board and the request look the same mirrored along the scan
    /// rows: then a state and its mirror image have as many ways to be
    /// completed and are counted as one. None otherwise.
    mirror_orders: Vec<Option<Order>>,
}

impl Scan {
    /// The scan of a board at most [`MAX_WIDTH`] wide; None when it has no
    /// open square, or the path ends asked for are not two open squares.
    fn new(board: &Board, shape: Shape) -> Option<Scan> {
        Scan::with_rows(board, shape, RowSweep::InwardIfMirrored)
    }

    /// [`Scan::new`], its rows swept as `rows` allows.
    fn with_rows(board: &Board, shape: Shape, rows: RowSweep) -> Option<Scan> {
        let (board_w, board_h) = (board.width() as usize, board.height() as usize);
        let transposed = board_w > board_h;
        let (width, height) = if transposed {
            (board_h, board_w)
        } else {
            (board_w, board_h)
        };
        let required = match shape {
            Shape::Path(first, second) => [first, second],
            Shape::Cycle => [None, None],
        };
        // The scan's rows from the board's far end when what breaks the
        // rows' sameness (blocked squares, required ends) lies nearer its
        // start: a long board's sweep can then run from a plan up to it
        // (see `plan::repeating_end`). Reversing the rows changes no count.
        let row_of = |square: Square| {
            let (x, y) = (square.x as usize, square.y as usize);
            if transposed { x } else { y }
        };
        let irregular_rows: Vec<usize> = (0..board_w * board_h)
            .map(|i| Square::new((i % board_w) as u32, (i / board_w) as u32))
            .filter(|&square| !board.is_open(square))
            .chain(required.into_iter().flatten())
            .filter(|square| (square.x as usize) < board_w && (square.y as usize) < board_h)
            .map(row_of)
            .collect();
        let flipped = match (irregular_rows.iter().min(), irregular_rows.iter().max()) {
            (Some(&first), Some(&last)) => first < height - 1 - last,
            _ => false,
        };
        // Mirror symmetry is the board's and the request's, whatever the
        // order within rows: it decides that order.
        let mirrored = is_mirror_symmetric(board, transposed, &required);
        // Only sweeps that follow no end's colour (see
        // `Scan::follows_end_colours`) leave keys room for 8-wide rows
        // swept inward.
        let follows_no_end_colour = shape == Shape::Cycle || required.iter().any(Option::is_some);
        let widest = if follows_no_end_colour {
            INWARD_WIDEST_WINDOW
        } else {
            WIDEST_WINDOW
        };
        let inward = mirrored && rows == RowSweep::InwardIfMirrored;
        let columns = row_order(width, inward, widest);
        let place = places_of(&columns);
        let to_square = |p: usize| {
            let (col, row) = (columns[p % width] as u32, (p / width) as u32);
            let row = if flipped {
                (height - 1) as u32 - row
            } else {
                row
            };
            if transposed {
                Square::new(row, col)
            } else {
                Square::new(col, row)
            }
        };
        let open: Vec<bool> = (0..width * height)
            .map(|p| board.is_open(to_square(p)))
            .collect();
        let neighbours = |p: usize| {
            let (col, row) = (columns[p % width] as i64, (p / width) as i64);
            let (open, place) = (&open, &place);
            [(-2, 1), (2, 1), (-1, 2), (1, 2)]
                .into_iter()
                .flat_map(|(dc, dr)| [(dc, dr), (-dc, -dr)])
                .filter_map(move |(dc, dr)| {
                    let (c, r) = (col + dc, row + dr);
                    let inside = (0..width as i64).contains(&c) && (0..height as i64).contains(&r);
                    let q = inside.then(|| r as usize * width + place[c as usize])?;
                    (open[p] && open[q]).then_some(q)
                })
        };
        let forward: Vec<Vec<u8>> = (0..width * height)
            .map(|p| {
                neighbours(p)
                    .filter(|&q| q > p)
                    .map(|q| (q - p) as u8)
                    .collect()
            })
            .collect();
        let slots = window_for(&columns);
        let later: Vec<Vec<LaterMask>> = (0..width * height)
            .map(|p| {
                (p..=(p + slots).min(width * height - 1))
                    .map(|q| LaterMask::new(neighbours(q).filter(|&r| r > p).map(|r| r - p), slots))
                    .collect()
            })
            .collect();
        let last_open = open.iter().rposition(|&o| o)?;
        let position_of = |s: Square| (0..width * height).find(|&p| to_square(p) == s);
        let mut ends = Vec::new();
        for square in required.into_iter().flatten() {
            // A required end that is not an open square: no such path.
            let end = position_of(square).filter(|&p| open[p])?;
            if ends.contains(&end) {
                // Both ends on one square: only a one-square board has
                // such a path, and the caller counts that itself.
                return None;
            }
            ends.push(end);
        }
        let may_end = (later.iter().enumerate())
            .map(|(p, masks)| {
                (1..masks.len())
                    .filter(|&slot| open[p + slot] && masks[slot].beyond < 2)
                    .fold(0, |mask, slot| mask | 1 << slot)
            })
            .collect();
        let mirror_orders = (0..width)
            .map(|swept| {
                mirrored
                    .then(|| mirror_order(&columns, swept, slots))
                    .flatten()
            })
            .collect();
        // Mirroring a row of odd length keeps every square's colour. Of
        // even length it swaps them, but then each row of a board that
        // looks the same mirrored has as many open squares of each colour,
        // and no colour needs two edges: merging a state with its mirror
        // image never goes against the colour rule.
        let colours_in_rows = (0..=height)
            .map(|rows| {
                (0..rows * width)
                    .filter(|&p| open[p])
                    .fold([0; 2], |mut counts, p| {
                        counts[colour_at(&columns, p)] += 1;
                        counts
                    })
            })
            .collect();
        Some(Scan {
            width,
            open,
            forward,
            later,
            may_end,
            last_open,
            rows: height,
            shorter_boards: false,
            ends,
            cycles: shape == Shape::Cycle,
            colours_in_rows,
            keys: KeyFormat::for_window(slots),
            in_order: ScanOrder { slots },
            mirror_orders,
            columns,
        })
    }

    /// The squares of a state's window: the farthest a knight move reaches
    /// on in the scan.
    fn window(&self) -> usize {
        self.in_order.slots
    }

    /// The colour of the square at scan position `p`: knight moves always
    /// change it.
    fn colour(&self, p: usize) -> usize {
        colour_at(&self.columns, p)
    }

    /// Which colours' squares (see [`Scan::colour`]), other than the
    /// path ends given, need two edges in a path of the board of the first
    /// `rows` rows: a knight's path alternates colours.
    /// - One open square more of one colour than of the other: the path
    ///   starts and ends on the colour of the more, and the other's squares
    ///   need two edges. (Open 7x7: a state that ends a path on one of the
    ///   24 dark squares is dead at once, not rows later; the count took
    ///   90 s instead of 308.)
    /// - As many of each: the ends differ in colour, so with one end given
    ///   the other squares of its colour need two edges.
    /// - Both ends given: every other square.
    ///
    /// Neither for cycles, whose squares all need two edges anyway, nor
    /// when the sweep counts shorter boards too, which have colour counts
    /// of their own.
    fn needing_two_edges(&self, rows: usize) -> [bool; 2] {
        if self.cycles || self.shorter_boards {
            return [false; 2];
        }
        let [first, second] = self.colours_in_rows[rows];
        match (first.abs_diff(second), self.ends.as_slice()) {
            (_, &[_, _]) => [true; 2],
            (1, _) => [first < second, second < first],
            (0, &[end]) if end < rows * self.width => {
                let colour = self.colour(end);
                [colour == 0, colour == 1]
            }
            _ => [false; 2],
        }
    }

    /// The step at `position` of a sweep of the first `rows` rows, adding
    /// up counts as `tally` says.
    fn step(&self, position: usize, rows: usize, tally: Tally) -> Step<'_> {
        let needing = self.needing_two_edges(rows);
        let two_edges = (0..=self.window())
            .filter(|&slot| needing[self.colour(position + slot)])
            .filter(|&slot| !self.ends.contains(&(position + slot)))
            .fold(0, |mask, slot| mask | 1 << slot);
        Step {
            two_edges,
            ..self.step_in_any_row(position, rows, tally)
        }
    }

    /// The step at `position` of a sweep of the first `rows` rows, fit for
    /// the same column of every row (as a plan records it): the colours of
    /// the squares differ from row to row, so it leaves out the colour rule
    /// of [`Scan::needing_two_edges`], which only prunes states that would
    /// die later anyway. The colours of the ends (see
    /// [`Scan::follows_end_colours`]) are followed relative to the square
    /// being retired, the same in every row.
    fn step_in_any_row(&self, position: usize, rows: usize, tally: Tally) -> Step<'_> {
        let colour = |slot: usize| self.colour(position + slot);
        Step {
            scan: self,
            position,
            cycles: self.cycles,
            mirror: self.mirror_orders[(position + 1) % self.width].as_ref(),
            two_edges: 0,
            follows_end_colours: self.follows_end_colours(rows),
            same_colour: (0..=self.window())
                .filter(|&slot| colour(slot) == colour(0))
                .fold(0, |mask, slot| mask | 1 << slot),
            next_colour_differs: colour(1) != colour(0),
            tally,
        }
    }

    /// Whether a sweep of the first `rows` rows follows the colour of the
    /// first fixed end of an open tour (in [`Window::end_colour`]): on a
    /// board with as many open squares of each colour, a knight's path has
    /// one end of each, so once one end is fixed the squares of its colour
    /// need two edges, and a second end of that colour ends the state.
    /// (Open 6x6: in most layers more than half the states have both ends
    /// fixed, half of them on one colour.) Only for open tours with no end
    /// given, and not when the sweep counts shorter boards too.
    fn follows_end_colours(&self, rows: usize) -> bool {
        let [first, second] = self.colours_in_rows[rows];
        !self.cycles && !self.shorter_boards && self.ends.is_empty() && first == second
    }

    /// Words that tell this sweep of `rows` rows apart from any other, so
    /// that a checkpoint is only taken up by the count that saved it.
    fn request(&self, rows: usize) -> Vec<u64> {
        let mut words = vec![
            self.width as u64,
            self.rows as u64,
            rows as u64,
            u64::from(self.cycles),
            u64::from(self.shorter_boards),
            self.ends.len() as u64,
        ];
        words.extend(self.ends.iter().map(|&end| end as u64));
        // Keys of states swept inward take the row's squares in another
        // order than those swept left to right.
        words.extend(self.columns.iter().map(|&column| column as u64));
        words.extend(self.open.chunks(64).map(|chunk| {
            (chunk.iter().enumerate()).fold(0, |word, (bit, &open)| word | u64::from(open) << bit)
        }));
        // Saved states that follow the colour of an end have a key bit that
        // states saved before it was followed lack.
        if self.follows_end_colours(rows) {
            words.push(u64::from_le_bytes(*b"endcolor"));
        }
        words
    }
}

/// Whether the board and the request look the same mirrored across the
/// scan rows: scan columns `c` and `w - 1 - c` swapped, which is the
/// board's columns when the scan is not `transposed`, else its rows.
fn is_mirror_symmetric(board: &Board, transposed: bool, required: &[Option<Square>; 2]) -> bool {
    let (width, height) = (board.width(), board.height());
    let inside = |square: &Square| square.x < width && square.y < height;
    let mirror = |square: Square| {
        if transposed {
            Square::new(square.x, height - 1 - square.y)
        } else {
            Square::new(width - 1 - square.x, square.y)
        }
    };
    let board_same = (0..height).all(|y| {
        (0..width).all(|x| {
            let square = Square::new(x, y);
            board.is_open(square) == board.is_open(mirror(square))
        })
    });
    let ends: Vec<Square> = required.iter().flatten().copied().collect();
    board_same && ends.iter().all(inside) && ends.iter().all(|&end| ends.contains(&mirror(end)))
}

/// How a scan may sweep its rows (see [`row_order`]).
#[derive(Clone, Copy, PartialEq)]
enum RowSweep {
    /// Inward on a board that looks the same mirrored, where the window
    /// fits a key (see [`row_order`]); left to right otherwise.
    InwardIfMirrored,
    /// Left to right on every board: the order the inward one is checked
    /// against.
    #[cfg(test)]
    LeftToRight,
}

/// The order in which each row's squares are swept, as their columns:
/// left to right, or, `inward` on a board that looks the same mirrored,
/// from both sides inward (`0, w - 1, 1, w - 2, ..`). Then after every
/// second square the row's swept squares are the mirror image of
/// themselves, and states are merged with their mirror images there as
/// well as at the row's end (the states of open 7x7 peak at 102 million in
/// mid-row left to right, at 38 million inward). That order's window is
/// one square longer, and only taken while it is at most `widest` squares.
fn row_order(width: usize, inward: bool, widest: usize) -> Vec<usize> {
    let columns_inward: Vec<usize> = (0..width)
        .map(|index| {
            if index % 2 == 0 {
                index / 2
            } else {
                width - 1 - index / 2
            }
        })
        .collect();
    if inward && window_for(&columns_inward) <= widest {
        columns_inward
    } else {
        (0..width).collect()
    }
}

/// The places in a row of each column, for rows swept in this order.
fn places_of(columns: &[usize]) -> Vec<usize> {
    let mut places = vec![0; columns.len()];
    for (place, &column) in columns.iter().enumerate() {
        places[column] = place;
    }
    places
}

/// The squares of a state's window for rows swept in this order: the
/// farthest a knight move reaches on in the scan (`2w + 1` left to right).
fn window_for(columns: &[usize]) -> usize {
    let width = columns.len();
    let places = places_of(columns);
    let mut farthest = 2 * width + 1;
    for (place, &column) in columns.iter().enumerate() {
        for (across, rows) in [(1, 2), (2, 1)] {
            for to in [column.checked_sub(across), Some(column + across)] {
                if let Some(to) = to.filter(|&to| to < width) {
                    farthest = farthest.max(rows * width + places[to] - place);
                }
            }
        }
    }
    farthest
}

/// The colour of the square at scan position `p` of rows swept in this
/// order.
fn colour_at(columns: &[usize], p: usize) -> usize {
    let width = columns.len();
    (columns[p % width] + p / width) % 2
}

/// The window's squares mirrored, for a window of `slots` squares that
/// starts at place `swept` of a row, or None unless the `swept` squares of
/// the row behind it are the mirror image of themselves. Then every square
/// the mirror takes past the window has no swept neighbour, and neither has
/// the square it comes from: such squares are untouched in every state and
/// are left where they are.
fn mirror_order(columns: &[usize], swept: usize, slots: usize) -> Option<Order> {
    let width = columns.len();
    let behind = &columns[..swept];
    if !behind
        .iter()
        .all(|&column| behind.contains(&(width - 1 - column)))
    {
        return None;
    }
    let places = places_of(columns);
    Some(Order::new(slots, |slot| {
        let (row, place) = ((swept + slot) / width, (swept + slot) % width);
        let mirrored = row * width + places[width - 1 - columns[place]] - swept;
        if mirrored < slots { mirrored } else { slot }
    }))
}

/// A square's knight neighbours beyond the position being retired, for
/// [`Step::retire`]: a bit per window offset, and a count of those beyond
/// the window (which no state has touched yet).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct LaterMask {
    in_window: u32,
    beyond: u8,
}

impl LaterMask {
    /// The mask of neighbours at these offsets from the position, in a
    /// window of `slots` squares after it.
    fn new(offsets: impl Iterator<Item = usize>, slots: usize) -> LaterMask {
        let mut mask = LaterMask {
            in_window: 0,
            beyond: 0,
        };
        for r in offsets {
            if r <= slots {
                mask.in_window |= 1 << r;
            } else {
                mask.beyond += 1;
            }
        }
        mask
    }

    /// The window offsets of the neighbours in the window.
    fn offsets_in_window(self) -> impl Iterator<Item = usize> {
        set_bits(self.in_window)
    }
}

/// The positions of the bits set in `mask`, lowest first.
fn set_bits(mask: u32) -> impl Iterator<Item = usize> {
    let mut left = mask;
    std::iter::from_fn(move || {
        let bit = (left != 0).then(|| left.trailing_zeros() as usize)?;
        left &= left - 1;
        Some(bit)
    })
}

/// Room for a window's slots, the square that enters it during a step, and
/// a spare slot that takes the writes a branch-free loop does not want: a
/// power of two, so that any index can be brought in range with `%`.
const WINDOW_ROOM: usize = 32;
const SPARE: usize = WINDOW_ROOM - 1;

/// A decoded state: the window's slot codes.
#[derive(Clone, Copy)]
struct Window {
    mate: [u8; WINDOW_ROOM],
    /// In a sweep that follows the colours of open tours' ends (see
    /// [`Scan::follows_end_colours`]), while exactly one tour end is fixed:
    /// 1 when that end's colour differs from slot 0's square, else 0.
    /// Always 0 otherwise, so that equal situations get equal keys. Kept
    /// relative to slot 0, so that a step does the same to it in every row.
    end_colour: u8,
}

/// The key bit that holds [`Window::end_colour`]: keys of either format
/// leave it free (their windows take 62 and 60 bits), and the top bit
/// marks empty table slots.
const END_COLOUR_BIT: usize = 62;

/// An order in which [`Window::encode`] takes a window's squares: `at(i)`
/// is the offset of the square that goes `i`th, for `i` below `slots()`;
/// beyond (up to [`WINDOW_ROOM`]) it is below [`WINDOW_ROOM`], and a square
/// read there is not used. The order must be its own inverse
/// (the identity and a mirror image are).
trait SquareOrder {
    fn slots(&self) -> usize;
    fn at(&self, index: usize) -> usize;
}

/// The squares in scan order, the order of almost every key: spelt out
/// rather than looked up, so that encoding in it does without two table
/// reads a square.
struct ScanOrder {
    slots: usize,
}

impl SquareOrder for ScanOrder {
    fn slots(&self) -> usize {
        self.slots
    }

    /// Beyond the window too, every index is its own offset: the lanes of
    /// [`Window::codes`] then read the window in one piece.
    fn at(&self, index: usize) -> usize {
        index
    }
}

/// Any order, as a table.
struct Order {
    slots: usize,
    at: [u8; WINDOW_ROOM],
}

impl SquareOrder for Order {
    fn slots(&self) -> usize {
        self.slots
    }

    fn at(&self, index: usize) -> usize {
        self.at[index % WINDOW_ROOM] as usize
    }
}

impl Order {
    fn new(slots: usize, at: impl Fn(usize) -> usize) -> Order {
        let mut order = Order {
            slots,
            at: [0; WINDOW_ROOM],
        };
        for index in 0..slots {
            order.at[index] = at(index) as u8;
        }
        order
    }
}

impl Window {
    fn decode(key: u64, slots: usize, format: KeyFormat) -> Window {
        let window = match format {
            KeyFormat::Distances => Window::from_codes(slots, |slot| {
                let fifth_bit = if slot < 2 {
                    (key >> (FIFTH_BITS_AT + slot)) & 1
                } else {
                    0
                };
                (key >> (DISTANCE_BITS * slot)) & ((1 << DISTANCE_BITS) - 1)
                    | fifth_bit << DISTANCE_BITS
            }),
            KeyFormat::Radix => {
                let mut codes = [0u64; INWARD_WIDEST_WINDOW];
                // One call a field: a sixth field would need a sixth call.
                const { assert!(RADIX_FIELDS.len() == 5) };
                radix_field_codes::<WIDEST_WINDOW, 0>(key, &mut codes);
                radix_field_codes::<WIDEST_WINDOW, 1>(key, &mut codes);
                radix_field_codes::<WIDEST_WINDOW, 2>(key, &mut codes);
                radix_field_codes::<WIDEST_WINDOW, 3>(key, &mut codes);
                radix_field_codes::<WIDEST_WINDOW, 4>(key, &mut codes);
                Window::from_codes(slots, |slot| codes[slot])
            }
            KeyFormat::WideRadix => {
                let mut codes = [0u64; INWARD_WIDEST_WINDOW];
                const { assert!(WIDE_RADIX_FIELDS.len() == 3) };
                radix_field_codes::<INWARD_WIDEST_WINDOW, 0>(key, &mut codes);
                radix_field_codes::<INWARD_WIDEST_WINDOW, 1>(key, &mut codes);
                radix_field_codes::<INWARD_WIDEST_WINDOW, 2>(key, &mut codes);
                Window::from_codes(slots, |slot| codes[slot])
            }
        };
        let end_colour = match format {
            KeyFormat::WideRadix => 0,
            KeyFormat::Distances | KeyFormat::Radix => (key >> END_COLOUR_BIT & 1) as u8,
        };
        Window {
            end_colour,
            ..window
        }
    }

    /// Encodes the window that starts at slot `from`, its squares taken in
    /// `order`, so that equal situations get equal keys.
    fn encode(&self, from: usize, order: &impl SquareOrder, format: KeyFormat) -> u64 {
        debug_assert!(format != KeyFormat::WideRadix || self.end_colour == 0);
        let end_colour = u64::from(self.end_colour) << END_COLOUR_BIT;
        end_colour
            | match format {
                KeyFormat::Distances => {
                    let codes: [u8; 16] = self.codes(from, order);
                    let mut pairs = [0u8; 8];
                    for (pair, codes) in pairs.iter_mut().zip(codes.chunks_exact(2)) {
                        *pair = codes[0] & 0xF | codes[1] << DISTANCE_BITS;
                    }
                    let used_bits = DISTANCE_BITS * order.slots();
                    let fifth_bits = u64::from(codes[0] >> DISTANCE_BITS) << FIFTH_BITS_AT
                        | u64::from(codes[1] >> DISTANCE_BITS) << (FIFTH_BITS_AT + 1);
                    u64::from_le_bytes(pairs) & ((1 << used_bits) - 1) | fifth_bits
                }
                KeyFormat::Radix => {
                    let codes: [u8; WIDEST_WINDOW] = self.codes(from, order);
                    let (fields, bits) = (&RADIX_FIELDS, &RADIX_FIELD_BITS);
                    radix_key(&codes, order.slots(), WIDEST_WINDOW, fields, bits)
                }
                KeyFormat::WideRadix => {
                    let codes: [u8; INWARD_WIDEST_WINDOW] = self.codes(from, order);
                    let (fields, bits) = (&WIDE_RADIX_FIELDS, &WIDE_RADIX_FIELD_BITS);
                    radix_key(&codes, order.slots(), INWARD_WIDEST_WINDOW, fields, bits)
                }
            }
    }

    /// The codes of the window that starts at slot `from`, its squares
    /// taken in `order`, in `LANES` lanes whatever the window: each lane is
    /// worked out alike and without a branch, so that the compiler can do
    /// them side by side; lanes past the window hold codes of no meaning.
    fn codes<const LANES: usize>(&self, from: usize, order: &impl SquareOrder) -> [u8; LANES] {
        let mut codes = [0u8; LANES];
        for (index, code) in codes.iter_mut().enumerate() {
            let mate = self.mate[(from + order.at(index)) % WINDOW_ROOM];
            let partner_index = order.at((mate as usize).wrapping_sub(from) % WINDOW_ROOM) as u8;
            let index = index as u8;
            // Written out: `saturating_sub` compiled to slower code here
            // (closed 6x8 took 0.50 s instead of 0.42 s).
            #[allow(clippy::implicit_saturating_sub)]
            let distance = if partner_index > index {
                partner_index - index
            } else {
                0
            };
            *code = if mate >= TERMINAL {
                UNTOUCHED - mate
            } else {
                CODE_LATER_END as u8 + distance
            };
        }
        codes
    }

    /// The window whose first `slots` squares have these codes.
    fn from_codes(slots: usize, code_of: impl Fn(usize) -> u64) -> Window {
        let mut mate = [UNTOUCHED; WINDOW_ROOM];
        // No square reads another: an earlier end writes its later end's
        // slot too, and the later end leaves its own alone (writing the
        // spare slot instead), so the loop has no branch and no chain.
        for slot in 0..slots {
            let code = code_of(slot);
            let special = code < CODE_SPECIALS;
            let earlier_end = code > CODE_LATER_END;
            let partner =
                (slot + code as usize).wrapping_sub(CODE_LATER_END as usize) % WINDOW_ROOM;
            let own = if special {
                (u64::from(UNTOUCHED) - code) as u8
            } else {
                partner as u8
            };
            mate[if code == CODE_LATER_END { SPARE } else { slot }] = own;
            mate[if earlier_end { partner } else { SPARE }] = slot as u8;
        }
        mate[SPARE] = UNTOUCHED;
        Window {
            mate,
            end_colour: 0,
        }
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

    /// A bit for each slot, up to [`WINDOW_ROOM`], whose code is `code`.
    /// `Step::retire` wants this for every choice of edges: a loop over
    /// the window's slots took a tenth of the time of open 7x7, four
    /// vector instructions take next to none.
    #[inline]
    fn slots_with(&self, code: u8) -> u32 {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{
                __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8,
            };
            const { assert!(WINDOW_ROOM == 32) };
            let halves = self.mate.as_ptr().cast::<__m128i>();
            // SAFETY: every x86_64 processor has SSE2, and both unaligned
            // loads read within the 32 bytes of `mate`.
            let (low, high) = unsafe {
                let wanted = _mm_set1_epi8(code as i8);
                let low = _mm_cmpeq_epi8(_mm_loadu_si128(halves), wanted);
                let high = _mm_cmpeq_epi8(_mm_loadu_si128(halves.add(1)), wanted);
                (_mm_movemask_epi8(low), _mm_movemask_epi8(high))
            };
            (low as u32 & 0xFFFF) | (high as u32 & 0xFFFF) << 16
        }
        #[cfg(not(target_arch = "x86_64"))]
        (self.mate.iter().enumerate()).fold(0, |mask, (slot, &mate)| {
            mask | u32::from(mate == code) << slot
        })
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

/// What [`Step::retire`] needs to know of a window's slots as a whole,
/// worked out once for all the choices of edges of a state.
#[derive(Clone, Copy)]
struct Census {
    /// A bit for each finished slot. Slot 0 and those past the window are
    /// in no mask it meets.
    done: u32,
    /// How many of the partial paths' far ends are fixed ends of the tour:
    /// joining paths moves such an end, and never adds or removes one.
    fixed_ends: usize,
}

/// What became of a state once the processed square was retired.
enum Retired {
    /// The choice of edges cannot be part of a tour.
    Invalid,
    /// The edges form a tour of the board's first `rows` rows (all of them
    /// unless the scan counts shorter boards too).
    Tour { rows: usize },
    /// The state carries on, with this many fixed ends of the tour.
    Continues { fixed_ends: usize },
}

/// The sweep's bookkeeping for one scan position.
struct Step<'a> {
    scan: &'a Scan,
    position: usize,
    cycles: bool,
    /// The order of the new states' mirror images, when they are counted
    /// together with them: where the rows swept so far are the mirror
    /// image of themselves, on a symmetric board.
    mirror: Option<&'a Order>,
    /// The window slots (from 0) of squares that need two edges although
    /// the tour is open: by their colour, or as the path's ends are given
    /// (see [`Scan::needing_two_edges`]).
    two_edges: u32,
    /// Whether the states follow the colour of the first fixed end (see
    /// [`Scan::follows_end_colours`]).
    follows_end_colours: bool,
    /// The window slots of squares of slot 0's colour.
    same_colour: u32,
    /// Whether the next square has the other colour than slot 0's: the
    /// next state's [`Window::end_colour`] is relative to it.
    next_colour_differs: bool,
    tally: Tally,
}

impl Step<'_> {
    /// Runs every choice of forward edges for one incoming state: tours
    /// completed are added to `tours` (by the rows they cover), continuing
    /// states to `next`.
    fn expand(&self, key: u64, count: u64, next: &mut impl Sink, tours: &mut [u64]) {
        self.successors(
            key,
            |key| next.add(key, count),
            |rows| tours[rows] = self.tally.add(tours[rows], count),
        );
    }

    /// Runs every choice of forward edges for one incoming state: passes
    /// each state it carries on as to `onward`, and the rows covered by each
    /// tour it completes to `tour`.
    fn successors(&self, key: u64, mut onward: impl FnMut(u64), mut tour: impl FnMut(usize)) {
        let scan = self.scan;
        let window = Window::decode(key, scan.window(), scan.keys);
        let mut carry_on = |trial: &Window, fixed_ends: usize| {
            let key = trial.encode(1, &scan.in_order, scan.keys);
            let key = match self.mirror {
                Some(mirror_order) => {
                    // A mirror swaps the colours of rows of even length.
                    let mut mirrored = *trial;
                    if scan.width.is_multiple_of(2) && self.follows_one_end(fixed_ends) {
                        mirrored.end_colour ^= 1;
                    }
                    key.min(mirrored.encode(1, mirror_order, scan.keys))
                }
                None => key,
            };
            onward(key);
        };
        // Read once for all the choices: a choice's own window, just
        // written byte by byte, would make a wide read wait for the writes.
        let census = Census {
            done: window.slots_with(DONE),
            fixed_ends: window.slots_with(TERMINAL).count_ones() as usize,
        };
        if !scan.open[self.position] {
            let mut passed = window;
            self.move_end_colour_on(&mut passed, census.fixed_ends);
            carry_on(&passed, census.fixed_ends);
            return;
        }
        // Only edges to squares that can take one more; a cycle needs the
        // square to leave with exactly two edges, a path with one or two.
        let mut usable = [0u8; 4];
        let mut usable_len = 0;
        for &slot in &scan.forward[self.position] {
            if window.mate[slot as usize] != DONE {
                usable[usable_len] = slot;
                usable_len += 1;
            }
        }
        let usable = &usable[..usable_len];
        let need = 2 - window.degree(0) as usize;
        let mut try_edges = |edges: &[u8]| {
            let mut trial = window;
            let mut complete = false;
            let mut census = census;
            for &slot in edges {
                match join(&mut trial, slot as usize, self.cycles) {
                    None => return,
                    Some(Joined::Completed) => complete = true,
                    Some(Joined::Merged) => {}
                }
                census.done |= u32::from(trial.mate[slot as usize] == DONE) << slot;
            }
            match self.retire(&mut trial, complete, census) {
                Retired::Invalid => {}
                Retired::Tour { rows } => tour(rows),
                Retired::Continues { fixed_ends } => carry_on(&trial, fixed_ends),
            }
        };
        let fewest = if self.cycles {
            need
        } else {
            need.saturating_sub(1)
        };
        if fewest == 0 {
            try_edges(&[]);
        }
        if need >= 1 && fewest <= 1 {
            for &a in usable {
                try_edges(&[a]);
            }
        }
        if need == 2 {
            for (i, &a) in usable.iter().enumerate() {
                for &b in &usable[i + 1..] {
                    try_edges(&[a, b]);
                }
            }
        }
    }

    /// The window slots of squares that need two edges with `fixed_ends`
    /// ends fixed, the first of colour `end_colour` (see
    /// [`Window::end_colour`]): those of [`Step::two_edges`], and while one
    /// end is fixed in a sweep that follows its colour, the squares of
    /// that colour, which cannot be the other.
    fn two_edges_with(&self, fixed_ends: usize, end_colour: u8) -> u32 {
        match (self.follows_one_end(fixed_ends), end_colour) {
            (false, _) => self.two_edges,
            (true, 0) => self.two_edges | self.same_colour,
            (true, _) => self.two_edges | !self.same_colour,
        }
    }

    /// Retires the processed square after its edges are chosen; `census`
    /// counts the window's finished squares and fixed ends.
    fn retire(&self, window: &mut Window, complete: bool, census: Census) -> Retired {
        let Census { done, fixed_ends } = census;
        let scan = self.scan;
        let slots = scan.window();
        let is_required_end = scan.ends.contains(&self.position);
        let mut complete = complete;
        let mut new_fixed_end = false;
        // A square that needs two edges ends no path: this also keeps a
        // second end off the first one's colour.
        if self.two_edges_with(fixed_ends, window.end_colour) & 1 != 0 && window.degree(0) != 2 {
            return Retired::Invalid;
        }
        match window.mate[0] {
            UNTOUCHED => return Retired::Invalid,
            DONE if is_required_end => return Retired::Invalid,
            DONE => {}
            TERMINAL if self.cycles => return Retired::Invalid,
            TERMINAL => complete = true,
            _ if self.cycles => return Retired::Invalid,
            partner => {
                window.mate[partner as usize] = TERMINAL;
                // Required ends still ahead leave fewer ends free.
                let required_ahead = scan.ends.iter().filter(|&&e| e > self.position).count();
                if fixed_ends + 1 > 2 - required_ahead {
                    return Retired::Invalid;
                }
                // The first end is this square, of its own colour; with both
                // ends fixed there is no colour left to follow.
                window.end_colour = 0;
                new_fixed_end = true;
            }
        }
        if complete {
            // A required end must be behind.
            let end_passed = scan.ends.iter().all(|&e| e <= self.position);
            return match self.rows_covered(window) {
                Some(rows) if end_passed => Retired::Tour { rows },
                _ => Retired::Invalid,
            };
        }
        if self.position >= scan.last_open {
            return Retired::Invalid;
        }
        // A square ahead that can no longer get the edges it lacks: one of
        // the retired square's neighbours, which lost it, or a neighbour of
        // one of those that has just been finished.
        let later = &scan.later[self.position];
        let fixed_ends = fixed_ends + usize::from(new_fixed_end);
        let two_edges = self.two_edges_with(fixed_ends, window.end_colour);
        let least = |slot: usize| {
            if self.cycles || two_edges & 1 << slot != 0 {
                2
            } else {
                1
            }
        };
        // The most edges the square at `slot` can still end up with, or 2
        // if that is more: only fewer than 2 matters below, and the
        // baseline x86-64 build has no instruction for a full population
        // count.
        let reachable_degree = |slot: usize| {
            let LaterMask { in_window, beyond } = later[slot];
            let unfinished = in_window & !done;
            let up_to_two = usize::from(unfinished != 0)
                + usize::from(unfinished & unfinished.wrapping_sub(1) != 0);
            window.degree(slot) as usize + usize::from(beyond) + up_to_two
        };
        let starved = |slot: usize| {
            usize::from(window.degree(slot)) < least(slot) && reachable_degree(slot) < least(slot)
        };
        // Whether a square might have become a forced end of an open tour
        // (one that can get at most one edge in all) at this step. The
        // previous step found at most two ends, fixed or forced, in the
        // window; a square's most edges only drop where the retired square
        // or a square just finished was its neighbour, so only a new fixed
        // end, such a square, or the square entering the window can make
        // them more. Looking at them alone, not at the whole window, saved
        // a tenth of the time of open 7x7.
        let counts_ends = !self.cycles && scan.ends.is_empty();
        let short = |slot: usize| counts_ends && reachable_degree(slot) < 2;
        let entering = scan.may_end[self.position] & 1 << slots != 0;
        let mut more_ends = new_fixed_end || (entering && short(slots));
        for &neighbour in &scan.forward[self.position] {
            let neighbour = neighbour as usize;
            if starved(neighbour) {
                return Retired::Invalid;
            }
            more_ends |= short(neighbour);
            if window.mate[neighbour] == DONE {
                for slot in later[neighbour].offsets_in_window() {
                    if starved(slot) {
                        return Retired::Invalid;
                    }
                    more_ends |= short(slot);
                }
            }
        }
        // An open tour has two ends: the ends already fixed and the squares
        // ahead that can get only one more edge in all must not be more.
        if more_ends && counts_ends {
            // Squares with two neighbours beyond the window, or finished
            // ones, are not forced ends: only the others are looked at.
            // (Going through every square's neighbours one by one took a
            // fifth of the time recording open 6x12's plan.)
            let forced_ends = set_bits(scan.may_end[self.position] & !done)
                .filter(|&slot| reachable_degree(slot) < 2)
                .fold(0, |mask, slot| mask | 1 << slot);
            if forced_ends & two_edges != 0 || fixed_ends + forced_ends.count_ones() as usize > 2 {
                return Retired::Invalid;
            }
        }
        self.move_end_colour_on(window, fixed_ends);
        Retired::Continues { fixed_ends }
    }

    /// Whether a state with `fixed_ends` fixed ends keeps the colour of one
    /// in [`Window::end_colour`].
    fn follows_one_end(&self, fixed_ends: usize) -> bool {
        self.follows_end_colours && fixed_ends == 1
    }

    /// Makes the window's [`Window::end_colour`] relative to the next
    /// square, which the next step's slot 0 will be.
    fn move_end_colour_on(&self, window: &mut Window, fixed_ends: usize) {
        if self.follows_one_end(fixed_ends) {
            window.end_colour ^= u8::from(self.next_colour_differs);
        }
    }

    /// For a complete edge set: how many rows of the board it covers, or
    /// None when it is no tour. Every open square up to the end of those
    /// rows must have its edges already (squares beyond the window have
    /// none), and every square after them none; only a scan that counts
    /// shorter boards accepts fewer rows than the board has.
    fn rows_covered(&self, window: &Window) -> Option<usize> {
        let scan = self.scan;
        let slots = scan.window();
        let in_window = |q: usize| q - self.position <= slots;
        let mut first_left = self.position + 1;
        while first_left <= scan.last_open
            && (!scan.open[first_left]
                || (in_window(first_left) && window.mate[first_left - self.position] == DONE))
        {
            first_left += 1;
        }
        if first_left > scan.last_open {
            return Some(scan.rows);
        }
        let untouched_after = (first_left..=scan.last_open)
            .take_while(|&q| in_window(q))
            .all(|q| window.mate[q - self.position] == UNTOUCHED);
        (scan.shorter_boards && first_left.is_multiple_of(scan.width) && untouched_after)
            .then_some(first_left / scan.width)
    }
}

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
    let mut saver = Saver::open(
        control.checkpointing(),
        scan.keys.checkpoint_magic(),
        scan.request(scan.rows),
        describe(board, shape, None),
    )?;
    let memory = tables_memory();
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

/// The bytes the sweep's tables may take: three-quarters of the memory
/// budget, the rest left for what the allocator holds on to of what they
/// free between steps (measured: closed 8x8 peaked at 1.12 times what its
/// tables held at once).
fn tables_memory() -> u64 {
    crate::memory::budget() / 4 * 3
}

/// The request in words, for a checkpoint file's messages: "closed tours
/// of 7x8", "open tours of 8x8 from a1 to h8 (2 squares blocked)", "closed
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
    let blocked = board.width() * board.height() - board.open_count() as u32;
    let blocked = match blocked {
        0 => String::new(),
        1 => " (1 square blocked)".to_owned(),
        n => format!(" ({n} squares blocked)"),
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
    let mut saver = Saver::open(
        control.checkpointing(),
        scan.keys.checkpoint_magic(),
        scan.request(length as usize),
        describe(&board, shape, Some(length)),
    )?;
    let memory = tables_memory();
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

/// What a sweep may use besides the scan: memory, the control, and the
/// count's checkpoint file.
struct Means<'s, 'c> {
    /// The bytes its state tables may take.
    memory: u64,
    control: &'s Control,
    saver: &'s mut Saver<'c>,
}

/// Runs the sweep over the scan positions of the first `rows` rows, in at
/// most `memory` bytes of state tables, and passes `on_rows` the number of
/// tours of the board's first 1, 2, .. `rows` rows (see
/// [`Scan::shorter_boards`]; without it, all but the whole board's are 0),
/// each as soon as it is final. A tour's last edge is added, or its last
/// end retired, in its last row at the latest. Counts are added up as the
/// tally says; the pass is what the progress line shows.
///
/// A sweep the checkpoint file holds as finished is not run again: its
/// counts are passed on from the file. One it holds as under way goes on
/// from there, after passing on the counts it had passed. Otherwise it
/// starts afresh; every step it may be saved, and it is saved when it is
/// cancelled or runs out of memory.
fn sweep(
    scan: &Scan,
    rows: usize,
    (tally, pass): (Tally, SweepPass),
    Means {
        memory,
        control,
        saver,
    }: Means,
    on_rows: &mut dyn FnMut(usize, u64),
) -> Result<(), Unavailable> {
    if let Some(reported) = saver.finished(tally) {
        for (rows, &found) in (1..).zip(reported) {
            on_rows(rows, found);
        }
        return Ok(());
    }
    let budget = Budget::new(memory);
    let last = scan.last_open.min(rows * scan.width - 1);
    // Where a large layer goes to or comes from the file, which can take a
    // minute, for whoever watches (a small one takes no time to speak of).
    let show_file = |doing: LayerFileWork, after_square: usize, states: u64| {
        if states >= SHOWN_FILE_STATES {
            control.set_method(Method::SweepFile {
                doing,
                after_square: after_square as u32,
                squares: last as u32 + 1,
                states,
            });
        }
    };
    if let Some((after_square, states)) = saver.saved_layer(tally) {
        show_file(LayerFileWork::Reading, after_square, states);
    }
    // `on_disk`: whether the checkpoint file holds the layer as it stands.
    let (mut carried, mut at, mut on_disk) = match saver.resume(tally, &budget) {
        Ok(Some(Resumed { position, layer })) => {
            let fits = position.tours.len() == scan.rows + 1
                && position.next <= last
                && position.reported <= position.next / scan.width;
            if !fits {
                return Err(Unavailable::File(saver.damaged()));
            }
            (layer, position, true)
        }
        Ok(None) => (
            Carried::InMemory(Layer::start(&budget, tally)),
            Position {
                tally,
                next: 0,
                tours: vec![0; scan.rows + 1],
                reported: 0,
            },
            false,
        ),
        Err(message) => return Err(Unavailable::File(message)),
    };
    for rows in 1..=at.reported {
        on_rows(rows, at.tours[rows]);
    }
    let mut forecast = Forecast::new(at.next, last, scan.width, scan.rows);
    let mut growth = Growth::new(scan.width);
    // Where the sweep is, for whoever watches.
    let show = |position: usize, states: u64, outlook: Option<Outlook>, spill, saver: &Saver| {
        control.set_method(Method::FrontierSweep {
            square: position as u32 + 1,
            squares: last as u32 + 1,
            width: scan.width as u32,
            states,
            pass,
            taken_up_after: saver.taken_up_after(),
            saved_after: saver.saved_after(),
            done_by: outlook.map(|outlook| outlook.done_by),
            peak: outlook.map(|outlook| outlook.peak),
            spill,
        });
    };
    for position in at.next..=last {
        let step = scan.step(position, rows, tally);
        let states = carried.len();
        // Kept whole through the step, a layer in memory would share it
        // with the next one's tables: when both might not fit (a step
        // rarely more than doubles the states), it is saved first, so
        // that the step can free it as it reads it.
        let large = matches!(carried, Carried::InMemory(_))
            && states * (layer::SLOT_BYTES + 2 * layer::BUILDING_BYTES) > memory;
        if !on_disk && saver.save_due(large) {
            show_file(LayerFileWork::Saving, at.next, states);
            saver.save(&at, &carried)?;
            on_disk = true;
        }
        let outlook = forecast.step_begins(control.elapsed(), states);
        let threads = if states >= PARALLEL_THRESHOLD as u64 {
            job::threads()
        } else {
            1
        };
        // A layer that no save can need any more is freed as it is read,
        // where that matters and the next one's size is well foretold. A
        // small one, or one whose step has not been seen a row before (the
        // first rows grow unlike the later ones), is kept: if the next one
        // outgrows the memory after all, the step runs again through disk.
        let (expected, foretold) = growth.expected(position, states);
        let free_as_read = (on_disk || !saver.saves())
            && foretold
            && states * layer::SLOT_BYTES > memory / KEPT_FOR_A_SECOND_TRY;
        let kept = match (free_as_read, &carried) {
            (false, Carried::InMemory(_)) => states * layer::SLOT_BYTES,
            _ => 0,
        };
        let mut room = spill::room_for(expected, memory.saturating_sub(kept), memory);
        show(position, states, outlook, None, saver);
        let stepped = loop {
            let means = StepMeans {
                budget: &budget,
                control,
                threads,
                free_as_read,
                on_group: &|built, groups| {
                    let spill = Some((built as u32, groups as u32));
                    show(position, states, outlook, spill, saver);
                },
            };
            // The free disk is weighed only against a well-foretold size:
            // a guess (taken up from a checkpoint, or in the first rows)
            // could refuse a step that fits.
            let short_of_disk = match room {
                Room::Groups(_) if foretold => spill::short_of_disk(expected),
                _ => None,
            };
            let outcome = match room {
                Room::Enough => step.in_memory(carried, &means),
                Room::Groups(groups) if groups > spill::MOST_GROUPS || short_of_disk.is_some() => {
                    Err(Stopped::OverBudget(Some(carried)))
                }
                Room::Groups(groups) => step.through_disk(carried, groups, &means),
            };
            match outcome {
                Ok(stepped) => break stepped,
                Err(Stopped::Failed(message)) => return Err(Unavailable::File(message)),
                // Out of memory in memory, with the layer kept whole: once
                // more through disk, where the next layer has all the memory.
                Err(Stopped::OverBudget(Some(whole))) if room == Room::Enough => {
                    budget.forget_refusal();
                    carried = whole;
                    room = Room::Groups(1);
                }
                // Cancelled, or out of memory with the layer partly freed
                // (or in more groups than are worth it): the count stands
                // where the step began, which the file holds already, or is
                // saved now (to be taken up, with more memory if need be).
                Err(Stopped::Cancelled(whole) | Stopped::OverBudget(whole)) => {
                    if let Some(whole) = whole.filter(|_| !on_disk) {
                        show_file(LayerFileWork::Saving, at.next, whole.len());
                        saver.save(&at, &whole)?;
                    }
                    if control.should_stop() {
                        return Err(Unavailable::Cancelled);
                    }
                    // What follows (a walk, or its refusal) is no sweep any more.
                    control.set_method(Method::Unstated);
                    let at = RanOut {
                        square: position as u32 + 1,
                        squares: last as u32 + 1,
                    };
                    return Err(match short_of_disk {
                        Some(free) => Unavailable::OverBudgetAndDisk { free, at },
                        None => Unavailable::OverBudget { at },
                    });
                }
            }
        };
        for (total, found) in at.tours.iter_mut().zip(stepped.found) {
            *total = tally.add(*total, found);
        }
        let rows_done = if position == scan.last_open {
            scan.rows
        } else {
            (position + 1) / scan.width
        };
        while at.reported < rows_done {
            at.reported += 1;
            on_rows(at.reported, at.tours[at.reported]);
        }
        if position == last {
            break;
        }
        growth.record(position, states, stepped.next.len());
        carried = stepped.next;
        at.next = position + 1;
        on_disk = false;
    }
    // Done: nothing left to go.
    show(last, 0, None, None, saver);
    saver.finish(tally, at.tours[1..=at.reported].to_vec())?;
    Ok(())
}

/// What a step may use besides its layer.
struct StepMeans<'m> {
    budget: &'m Budget,
    control: &'m Control,
    threads: usize,
    /// Whether a layer in memory may be freed as it is read.
    free_as_read: bool,
    /// Called as a step built on disk goes: the groups of the next layer
    /// built so far, and the groups in all.
    on_group: &'m (dyn Fn(usize, usize) + Sync),
}

impl StepMeans<'_> {
    /// Whether the step is to stop short: cancelled, or out of memory.
    fn stopped(&self) -> bool {
        self.control.should_stop() || self.budget.exceeded()
    }

    /// Why the step stopped short, with its layer if that is still whole.
    fn stop(&self, whole: Option<Carried>) -> Stopped {
        match self.control.should_stop() {
            true => Stopped::Cancelled(whole),
            false => Stopped::OverBudget(whole),
        }
    }
}

/// A step that ran to its end: the next layer, and the tours it completed
/// by the rows they cover.
struct Stepped {
    next: Carried,
    found: Vec<u64>,
}

/// Why a step stopped short. The layer it read comes back where it is
/// still whole (on disk, or kept in memory), so that the step can be tried
/// again or the layer saved.
enum Stopped {
    Cancelled(Option<Carried>),
    OverBudget(Option<Carried>),
    /// A scratch file could not be written or read: the message says why.
    Failed(String),
}

impl From<String> for Stopped {
    fn from(message: String) -> Stopped {
        Stopped::Failed(message)
    }
}

/// Where a step's threads take the states they read from, a part or a
/// run at a time.
enum Source<'l> {
    Memory(layer::Claims<'l>),
    Disk(spill::SpillReader<'l>),
}

impl Source<'_> {
    fn read_next(&self, read: impl FnOnce(&[Entry])) -> bool {
        match self {
            Source::Memory(claims) => claims.read_next(read),
            Source::Disk(reader) => reader.read_next(read),
        }
    }

    /// Hands every state to `visit` on the step's threads: each thread
    /// begins with `begin(thread)`, visits the states it reads, and ends
    /// with `end(thread, ..)`, whose results come back. Threads stop early
    /// when the step is to stop. The states are counted as the control's
    /// nodes when they are `expanded`.
    fn each_state<T, R: Send>(
        &self,
        means: &StepMeans,
        expanded: bool,
        begin: impl Fn(usize) -> T + Sync,
        visit: impl Fn(&mut T, &Entry) + Sync,
        end: impl Fn(usize, T) -> R + Sync,
    ) -> Vec<R> {
        job::on_threads(means.threads, |thread| {
            let mut state = begin(thread);
            while self.read_next(|run| {
                for (done, entry) in run.iter().enumerate() {
                    if (done as u64).is_multiple_of(CHECK_INTERVAL) && means.stopped() {
                        break;
                    }
                    visit(&mut state, entry);
                }
                if expanded {
                    means.control.add_nodes(run.len() as u64);
                }
            }) {}
            end(thread, state)
        })
    }
}

/// Runs `read` on a source made of the carried layer, and gives back what
/// is left of the layer: a layer in memory freed as it is read is gone
/// (its memory given back), else it is still whole.
fn read_carried<R>(
    carried: Carried,
    means: &StepMeans,
    read: impl FnOnce(&Source) -> R,
) -> Result<(R, Option<Carried>), String> {
    match carried {
        Carried::InMemory(layer) => {
            let source = Source::Memory(layer.claims(means.free_as_read, means.budget));
            let read = read(&source);
            let Source::Memory(claims) = source else {
                unreachable!("the source was made from claims")
            };
            let left = claims.into_layer();
            if means.free_as_read {
                left.release(means.budget);
                Ok((read, None))
            } else {
                Ok((read, Some(Carried::InMemory(left))))
            }
        }
        Carried::OnDisk(spilled) => {
            let source = Source::Disk(spilled.reader()?);
            let read = read(&source);
            if let Source::Disk(reader) = source {
                reader.finish()?;
            }
            Ok((read, Some(Carried::OnDisk(spilled))))
        }
    }
}

impl Step<'_> {
    /// Expands every state of `source` into the sinks that `sink_for`
    /// makes, one a thread, each closed by `close`: the tours completed, by
    /// the rows they cover.
    fn expand_all<S: Sink>(
        &self,
        source: &Source,
        means: &StepMeans,
        sink_for: impl Fn() -> S + Sync,
        close: impl Fn(usize, S) + Sync,
    ) -> Vec<u64> {
        let rows = self.scan.rows + 1;
        source
            .each_state(
                means,
                true,
                |_| (sink_for(), vec![0u64; rows]),
                |(sink, found), entry| self.expand(entry.key, entry.count, sink, found),
                |thread, (sink, found)| {
                    close(thread, sink);
                    found
                },
            )
            .into_iter()
            .reduce(|mut total, thread_found| {
                for (total, found) in total.iter_mut().zip(thread_found) {
                    *total = self.tally.add(*total, found);
                }
                total
            })
            .unwrap_or_else(|| vec![0; rows])
    }

    /// Runs the step with the next layer built in memory, from a layer in
    /// memory (freed as it is read where it may be) or on disk.
    fn in_memory(&self, carried: Carried, means: &StepMeans) -> Result<Stepped, Stopped> {
        // A step rarely more than doubles the states; the builder's parts
        // grow as needed either way.
        let sized_for = (carried.len() as usize).saturating_mul(2);
        let builder = Builder::new(sized_for, means.budget, self.tally);
        let (found, left) = read_carried(carried, means, |source| {
            let close = |thread, stager: layer::Stager| stager.flush_all(thread, means.threads);
            self.expand_all(source, means, || builder.stager(), close)
        })?;
        if means.stopped() {
            builder.abandon();
            return Err(means.stop(left));
        }
        if let Some(Carried::InMemory(layer)) = left {
            layer.release(means.budget);
        }
        Ok(Stepped {
            next: Carried::InMemory(builder.finish(means.threads)),
            found,
        })
    }

    /// Runs the step with the next layer built on disk, in `groups` groups
    /// (see [`spill`]): the layer is expanded once, each new state going
    /// to the scratch file of its group; then each group's file is read
    /// back and its states added up in memory, and the group appended to
    /// the next layer's scratch file. A group that runs out of memory is
    /// split in two and read again, the groups built before it kept. Built
    /// in one group, the next layer stays in memory.
    fn through_disk(
        &self,
        carried: Carried,
        groups: usize,
        means: &StepMeans,
    ) -> Result<Stepped, Stopped> {
        let StepMeans {
            budget, on_group, ..
        } = *means;
        (on_group)(0, groups);
        let buckets = spill::Buckets::create(groups, means.threads, budget)?;
        let (found, left) = read_carried(carried, means, |source| {
            let close = |_, bucketer: spill::Bucketer| bucketer.close();
            self.expand_all(source, means, || buckets.bucketer(), close)
        })?;
        if means.stopped() {
            return Err(means.stop(left));
        }
        // Kept whole only for a save or a second try: the groups need the
        // memory. One on disk costs none.
        let left = match left {
            Some(Carried::InMemory(layer)) => {
                layer.release(budget);
                None
            }
            on_disk => on_disk,
        };
        let mut next = spill::NextLayer::new();
        for (index, (group, bucket)) in buckets.finish()?.into_iter().enumerate() {
            // The bucket holds each state as often as it was made, about
            // twice for each distinct one, like the sizing of a step's
            // builder in memory.
            let mut pending = VecDeque::from([(group, bucket.len() as usize)]);
            while let Some((group, sized_for)) = pending.pop_front() {
                let later = pending.len() + groups - index - 1;
                on_group(next.groups() + 1, next.groups() + 1 + later);
                let builder = Builder::for_group(sized_for, budget, self.tally, group.clone());
                let source = Source::Disk(bucket.reader()?);
                source.each_state(
                    means,
                    false,
                    |_| builder.stager(),
                    |stager, entry| stager.add(entry.key, entry.count),
                    |thread, stager| stager.flush_all(thread, means.threads),
                );
                if let Source::Disk(reader) = source {
                    reader.finish()?;
                }
                if !means.stopped() {
                    next.add(group, builder.finish(means.threads), budget)?;
                    continue;
                }
                builder.abandon();
                let halves = group.halves();
                let too_many = next.groups() + pending.len() + 2 > spill::MOST_GROUPS;
                if means.control.should_stop() || halves.is_none() || too_many {
                    return Err(means.stop(left));
                }
                budget.forget_refusal();
                for half in halves.into_iter().flatten().rev() {
                    pending.push_front((half, sized_for / 2));
                }
            }
        }
        Ok(Stepped {
            next: next.finish()?,
            found,
        })
    }
}

/// How much each step multiplied the states the last time it was at the
/// same place in a row, to tell how large the next layer will be before it
/// is built (see [`spill::room_for`]): from row to row, the steps at the
/// same column grow the states alike.
struct Growth {
    /// Per column, the growth and the position it was seen at.
    by_column: Vec<Option<(f64, usize)>>,
}

/// The growth assumed for a column not yet seen: a step rarely more than
/// doubles the states.
const FIRST_GROWTH: f64 = 2.0;

/// How much more than its column's last growth a step is assumed to grow.
const GROWTH_MARGIN: f64 = 1.1;

impl Growth {
    fn new(width: usize) -> Growth {
        Growth {
            by_column: vec![None; width],
        }
    }

    /// The states expected after the step at `position`, which begins with
    /// `states`, and whether that is well foretold: by a growth seen in a
    /// row past the first two, whose steps grow the states unlike the
    /// later ones.
    fn expected(&self, position: usize, states: u64) -> (u64, bool) {
        let width = self.by_column.len();
        let (growth, seen_at) = self.by_column[position % width].unwrap_or((FIRST_GROWTH, 0));
        let expected = (states as f64 * growth * GROWTH_MARGIN).ceil() as u64;
        (expected, seen_at >= 2 * width)
    }

    /// The step at `position` went from `before` to `after` states.
    fn record(&mut self, position: usize, before: u64, after: u64) {
        let width = self.by_column.len();
        self.by_column[position % width] = Some((after as f64 / before.max(1) as f64, position));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::Rng;
    use std::time::Duration;

    /// Hamiltonian edge sets by brute force: paths (with `end` as an end
    /// when given) or cycles, each undirected edge set once.
    fn brute_force(board: &Board, shape: Shape) -> u64 {
        let squares: Vec<Square> = board.open_squares().collect();
        let n = squares.len();
        let adjacent = |a: usize, b: usize| {
            let (dx, dy) = (
                squares[a].x.abs_diff(squares[b].x),
                squares[a].y.abs_diff(squares[b].y),
            );
            (dx, dy) == (1, 2) || (dx, dy) == (2, 1)
        };
        fn extend(
            at: usize,
            visited: u64,
            n: usize,
            adjacent: &dyn Fn(usize, usize) -> bool,
            done: &mut dyn FnMut(usize),
        ) {
            if visited.count_ones() as usize == n {
                done(at);
                return;
            }
            for next in 0..n {
                if visited & (1 << next) == 0 && adjacent(at, next) {
                    extend(next, visited | 1 << next, n, adjacent, done);
                }
            }
        }
        let mut directed = 0u64;
        match shape {
            Shape::Cycle => {
                if n < 3 {
                    return 0;
                }
                extend(0, 1, n, &adjacent, &mut |last| {
                    directed += u64::from(adjacent(last, 0));
                });
                directed / 2
            }
            Shape::Path(Some(end), other) => {
                let Some(start) = squares.iter().position(|&s| s == end) else {
                    return 0;
                };
                let other = other.map(|o| squares.iter().position(|&s| s == o));
                if other == Some(Some(start)) || other == Some(None) {
                    return 0;
                }
                extend(start, 1 << start, n, &adjacent, &mut |last| {
                    directed += u64::from(other.is_none_or(|o| o == Some(last)));
                });
                directed
            }
            Shape::Path(None, _) => {
                for start in 0..n {
                    extend(start, 1 << start, n, &adjacent, &mut |_| directed += 1);
                }
                directed / 2
            }
        }
    }

    fn swept(board: &Board, shape: Shape) -> u64 {
        count(board, shape, &Control::new())
            .expect("small boards fit")
            .to_u64()
            .expect("small counts")
    }

    /// The most distinct states a layer of the scan's sweep holds.
    fn peak_states(scan: &Scan) -> usize {
        let mut layer = std::collections::HashSet::from([0]);
        let mut peak = 1;
        for position in 0..=scan.last_open {
            let step = scan.step(position, scan.rows, Tally::Capped);
            let mut next = std::collections::HashSet::new();
            for &key in &layer {
                step.successors(
                    key,
                    |key| {
                        next.insert(key);
                    },
                    |_| {},
                );
            }
            peak = peak.max(next.len());
            layer = next;
        }
        peak
    }

    /// The board swept with its states' keys in `keys`, whatever its width
    /// would choose.
    fn swept_with_keys(board: &Board, shape: Shape, rows: RowSweep, keys: KeyFormat) -> u64 {
        let Some(mut scan) = Scan::with_rows(board, shape, rows) else {
            return 0;
        };
        scan.keys = keys;
        let mut saver = Saver::open(None, 0, Vec::new(), String::new()).unwrap();
        sweep_whole(&scan, 1 << 30, &Control::new(), &mut saver).expect("small boards fit")
    }

    /// The tours of the whole scan, swept with `memory` bytes of tables,
    /// `control` and `saver`.
    fn sweep_whole(
        scan: &Scan,
        memory: u64,
        control: &Control,
        saver: &mut Saver,
    ) -> Result<u64, Unavailable> {
        let means = Means {
            memory,
            control,
            saver,
        };
        let mut tours = 0;
        let pass = (Tally::Capped, SweepPass::Counting);
        sweep(scan, scan.rows, pass, means, &mut |rows, found| {
            if rows == scan.rows {
                tours = found;
            }
        })?;
        Ok(tours)
    }

    /// Small boards, some with holes placed at random and some with holes
    /// in mirror pairs (so that mirror images are merged on them too).
    fn small_boards() -> Vec<Board> {
        let mut rng = Rng::new(7);
        let mut boards = Vec::new();
        for (width, height) in [
            (3, 4),
            (4, 4),
            (3, 6),
            (4, 5),
            (5, 4),
            (3, 7),
            (4, 6),
            (5, 5),
        ] {
            for holes in 0..3 {
                let mut board = Board::new(width, height).unwrap();
                for _ in 0..holes {
                    let square = Square::new(
                        rng.below(width as usize) as u32,
                        rng.below(height as usize) as u32,
                    );
                    board.set_blocked(square, true);
                    if holes == 2 {
                        board.set_blocked(Square::new(width - 1 - square.x, square.y), true);
                    }
                }
                boards.push(board);
            }
        }
        boards
    }

    #[test]
    fn sweep_agrees_with_brute_force() {
        let mut nonzero = 0;
        for board in small_boards() {
            let mut shapes = vec![Shape::Cycle, Shape::Path(None, None)];
            shapes.extend(
                board
                    .open_squares()
                    .step_by(5)
                    .map(|s| Shape::Path(Some(s), None)),
            );
            // Both ends given: on the boards where brute force is quick.
            let pairs_from = if board.open_count() <= 20 { 4 } else { 0 };
            for first in board.open_squares().step_by(7).take(pairs_from) {
                shapes.extend(
                    board
                        .open_squares()
                        .step_by(3)
                        .filter(|&second| second != first)
                        .map(|second| Shape::Path(Some(first), Some(second))),
                );
            }
            for shape in shapes {
                let expected = brute_force(&board, shape);
                nonzero += usize::from(expected > 0);
                assert_eq!(swept(&board, shape), expected, "{board:?} {shape:?}");
                // The small boards take distances; mixed radix, which
                // 8-wide boards take, must count the same, and so must a
                // sweep left to right of a board swept inward.
                let inward = RowSweep::InwardIfMirrored;
                let radix = swept_with_keys(&board, shape, inward, KeyFormat::Radix);
                assert_eq!(radix, expected, "radix: {board:?} {shape:?}");
                let left_to_right = RowSweep::LeftToRight;
                let plain = swept_with_keys(&board, shape, left_to_right, KeyFormat::Distances);
                assert_eq!(plain, expected, "left to right: {board:?} {shape:?}");
            }
        }
        assert!(nonzero >= 40, "too few shapes with tours: {nonzero}");
    }

    #[test]
    fn following_the_colour_of_the_first_end_prunes_without_changing_counts() {
        // 4x5 has 10 squares of each colour: a path's ends differ in
        // colour.
        let board = Board::new(4, 5).unwrap();
        let open = Shape::Path(None, None);
        assert_eq!(swept(&board, open), brute_force(&board, open));
        let mut scan = Scan::new(&board, open).unwrap();
        assert!(scan.follows_end_colours(5));
        let followed = peak_states(&scan);
        // Colour counts two apart turn every colour rule off.
        scan.colours_in_rows
            .iter_mut()
            .for_each(|counts| *counts = [0, 2]);
        assert!(!scan.follows_end_colours(5));
        let unfollowed = peak_states(&scan);
        assert!(
            followed < unfollowed,
            "{followed} states against {unfollowed}"
        );
    }

    #[test]
    fn path_ends_go_by_colour() {
        let open = Shape::Path(None, None);
        let only = |colour: usize| {
            let mut needing = [false; 2];
            needing[colour] = true;
            needing
        };
        let five = Scan::new(&Board::new(5, 5).unwrap(), open).unwrap();
        // 13 squares of a1's colour, 12 of the other: five rows, or three;
        // four rows hold 10 of each.
        let other_than_a1 = 1 - five.colour(0);
        assert_eq!(five.needing_two_edges(5), only(other_than_a1));
        assert_eq!(five.needing_two_edges(3), only(other_than_a1));
        assert_eq!(five.needing_two_edges(4), [false; 2]);
        // Without b1, b1's colour has one square fewer: no square of it
        // can end the path.
        let mut holed = Board::new(4, 5).unwrap();
        holed.set_blocked(Square::new(1, 0), true);
        let holed = Scan::new(&holed, open).unwrap();
        let b1 = holed.open.iter().position(|&open| !open).unwrap();
        assert_eq!(holed.needing_two_edges(5), only(holed.colour(b1)));
        let cycles = Scan::new(&Board::new(5, 5).unwrap(), Shape::Cycle).unwrap();
        assert_eq!(cycles.needing_two_edges(5), [false; 2]);
        // As many of each colour: only a given end says which colour the
        // other end is not, and the given end itself keeps its one edge.
        let even = Board::new(4, 5).unwrap();
        let from = |first, second| Scan::new(&even, Shape::Path(first, second)).unwrap();
        assert_eq!(from(None, None).needing_two_edges(5), [false; 2]);
        let from_b1 = from(Some(Square::new(1, 0)), None);
        let b1 = from_b1.ends[0];
        assert_eq!(from_b1.needing_two_edges(5), only(from_b1.colour(b1)));
        let step = from_b1.step(b1, 5, Tally::Capped);
        assert_eq!(step.two_edges & 1, 0, "b1, the given end, has one edge");
        assert_ne!(step.two_edges & 1 << 2, 0, "d1, of b1's colour, needs two");
        // Both ends given: all the other squares need two edges.
        let b1_to_d5 = from(Some(Square::new(1, 0)), Some(Square::new(3, 4)));
        assert_eq!(b1_to_d5.needing_two_edges(5), [true; 2]);
        let step = b1_to_d5.step(b1_to_d5.ends[0], 5, Tally::Capped);
        assert_eq!(step.two_edges & 0b111, 0b110, "b1 keeps one edge");
        let mut lengths = five;
        lengths.shorter_boards = true;
        assert_eq!(lengths.needing_two_edges(5), [false; 2]);
    }

    #[test]
    fn the_colour_rule_prunes_without_changing_counts() {
        // The path ends fall on the 13-square colour: the rule cuts states
        // early, and the count stays A165134's 1,728 directed (864).
        let board = Board::new(5, 5).unwrap();
        let open = Shape::Path(None, None);
        assert_eq!(swept(&board, open), 864);
        let mut scan = Scan::new(&board, open).unwrap();
        let ruled = peak_states(&scan);
        scan.colours_in_rows
            .iter_mut()
            .for_each(|counts| *counts = [0, 0]);
        let unruled = peak_states(&scan);
        assert!(ruled < unruled, "{ruled} states against {unruled}");
    }

    /// A board `width` wide whose first `blocked_rows` rows and `holes`
    /// are blocked: the scan stays that wide, and the work small.
    fn with_rows_blocked(width: u32, height: u32, blocked_rows: u32, holes: &[Square]) -> Board {
        let mut board = Board::new(width, height).unwrap();
        let rows = (0..blocked_rows).flat_map(|y| (0..width).map(move |x| Square::new(x, y)));
        for square in rows.chain(holes.iter().copied()) {
            board.set_blocked(square, true);
        }
        board
    }

    /// Whether the scan sweeps its rows inward rather than left to right.
    fn swept_inward(scan: &Scan) -> bool {
        !scan.columns.iter().copied().eq(0..scan.width)
    }

    #[test]
    fn seven_wide_boards_count_alike_with_distances_and_radix_and_inward() {
        // Rows blocked at one end keep the scan 7 wide (a board's shorter
        // side) and the work small: open paths on 7x4, paths from a corner
        // on 7x5, cycles on 7x6, with and without a hole. Left to right,
        // keys of both formats; inward (the boards that look the same
        // mirrored), keys of radix format, as 16 squares need.
        let corner = |height: u32| Square::new(0, height - 1);
        let cases = [
            (7, 3, Shape::Path(None, None)),
            (7, 3, Shape::Path(Some(corner(7)), None)),
            (7, 2, Shape::Path(Some(corner(7)), None)),
            (8, 2, Shape::Cycle),
        ];
        let (mut nonzero, mut inward) = (0, 0);
        for (height, blocked_rows, shape) in cases {
            for holes in [vec![], vec![Square::new(3, height - 2)]] {
                let board = with_rows_blocked(7, height, blocked_rows, &holes);
                let left_to_right = RowSweep::LeftToRight;
                let distances = swept_with_keys(&board, shape, left_to_right, KeyFormat::Distances);
                let radix = swept_with_keys(&board, shape, left_to_right, KeyFormat::Radix);
                assert_eq!(distances, radix, "{board:?} {shape:?}");
                let scan = Scan::new(&board, shape).unwrap();
                if swept_inward(&scan) {
                    assert_eq!(scan.keys, KeyFormat::Radix);
                    assert_eq!(swept(&board, shape), radix, "inward: {board:?} {shape:?}");
                    inward += 1;
                }
                nonzero += usize::from(radix > 0);
            }
        }
        assert!(nonzero >= 5, "too few boards with tours: {nonzero}");
        assert!(inward >= 4, "too few boards swept inward: {inward}");
    }

    /// A random window of a step's slots `1..=slots` (slot 0, retired,
    /// untouched): finished squares, fixed tour ends and ends of paths
    /// paired at random.
    fn random_window(rng: &mut Rng, slots: usize) -> Window {
        let mut mate = [UNTOUCHED; WINDOW_ROOM];
        let mut unpaired: Vec<usize> = Vec::new();
        for (slot, mate) in mate.iter_mut().enumerate().take(slots + 1).skip(1) {
            match rng.below(5) {
                0 => *mate = DONE,
                1 => *mate = TERMINAL,
                2 | 3 => unpaired.push(slot),
                _ => {}
            }
        }
        while unpaired.len() >= 2 {
            let a = unpaired.swap_remove(rng.below(unpaired.len()));
            let b = unpaired.swap_remove(rng.below(unpaired.len()));
            (mate[a], mate[b]) = (b as u8, a as u8);
        }
        Window {
            mate,
            end_colour: rng.below(2) as u8,
        }
    }

    #[test]
    fn eight_wide_boards_count_alike_swept_inward_and_left_to_right() {
        // Rows blocked at one end keep the scan 8 wide and the work small:
        // cycles on 8x5 (as many as on 5x8, 44,202) and 8x6 with two holes
        // in the middle, paths from corner to corner of one side on 8x4 and
        // 8x5 (as symmetric as the board). Open paths with no end given
        // follow an end's colour and are swept left to right.
        let corners = Shape::Path(Some(Square::new(0, 7)), Some(Square::new(7, 7)));
        let cases = [
            (8, 3, None, Shape::Cycle),
            (8, 2, Some(Square::new(3, 4)), Shape::Cycle),
            (8, 4, None, corners),
            (8, 3, None, corners),
            (8, 4, None, Shape::Path(None, None)),
        ];
        let mut nonzero = 0;
        for (height, blocked_rows, hole, shape) in cases {
            let holes: Vec<Square> = (hole.iter())
                .flat_map(|hole| [*hole, Square::new(7 - hole.x, hole.y)])
                .collect();
            let board = with_rows_blocked(8, height, blocked_rows, &holes);
            let scan = Scan::new(&board, shape).unwrap();
            let inward = swept_inward(&scan);
            assert_eq!(
                inward,
                shape != Shape::Path(None, None),
                "{board:?} {shape:?}"
            );
            let expected_keys = if inward {
                KeyFormat::WideRadix
            } else {
                KeyFormat::Radix
            };
            assert_eq!(scan.keys, expected_keys);
            let left_to_right =
                swept_with_keys(&board, shape, RowSweep::LeftToRight, KeyFormat::Radix);
            assert_eq!(swept(&board, shape), left_to_right, "{board:?} {shape:?}");
            nonzero += usize::from(left_to_right > 0);
            if shape == Shape::Cycle && hole.is_none() {
                assert_eq!(left_to_right, 44_202, "closed tours of 5x8");
            }
        }
        assert!(nonzero >= 4, "too few boards with tours: {nonzero}");
    }

    #[test]
    fn rows_swept_inward_merge_mirror_images_after_every_second_square() {
        for width in 1..=MAX_WIDTH {
            let left_to_right = row_order(width, false, INWARD_WIDEST_WINDOW);
            assert_eq!(window_for(&left_to_right), 2 * width + 1);
            let inward = row_order(width, true, INWARD_WIDEST_WINDOW);
            let mut columns = inward.clone();
            columns.sort_unstable();
            assert!(columns.iter().copied().eq(0..width), "{inward:?}");
            // 8-wide rows swept inward need the key bit of an end's colour.
            let with_end_colour = row_order(width, true, WIDEST_WINDOW);
            if width == MAX_WIDTH {
                assert_eq!(with_end_colour, left_to_right);
            } else {
                assert_eq!(with_end_colour, inward);
            }
            let slots = window_for(&inward);
            // From 3 wide on, the move from a row's first square to the
            // second square two rows on spans one square more.
            let longer = usize::from(width >= 3);
            assert_eq!(slots, 2 * width + 1 + longer, "{width}: {inward:?}");
            for swept in 0..width {
                let order = mirror_order(&inward, swept, slots);
                assert_eq!(
                    order.is_some(),
                    swept % 2 == 0,
                    "{width} wide, {swept} swept"
                );
                let Some(order) = order else { continue };
                for slot in 0..slots {
                    let image = order.at(slot);
                    assert!(image < slots && order.at(image) == slot, "{width}: {slot}");
                    // A square in the same row as its image, or alone.
                    let row = |slot: usize| (swept + slot) / width;
                    assert!(image == slot || row(image) == row(slot), "{width}: {slot}");
                }
            }
            // Left to right, only a row's end is its own mirror image.
            let merging = (0..width)
                .filter(|&swept| mirror_order(&left_to_right, swept, 2 * width + 1).is_some());
            assert!(merging.eq([0]), "{width}");
        }
    }

    #[test]
    fn keys_give_back_the_window_in_every_format() {
        let mut rng = Rng::new(11);
        let widest = [
            (KeyFormat::Distances, 2 * MAX_DISTANCES_WIDTH + 1),
            (KeyFormat::Radix, WIDEST_WINDOW),
            (KeyFormat::WideRadix, INWARD_WIDEST_WINDOW),
        ];
        for (format, slots) in widest {
            let in_order = ScanOrder { slots };
            let mirror = Order::new(slots, |slot| slots - 1 - slot);
            for _ in 0..2000 {
                // Encoding starts at slot 1, as a step's does.
                let mut window = random_window(&mut rng, slots);
                if format == KeyFormat::WideRadix {
                    window.end_colour = 0;
                }
                let key = window.encode(1, &in_order, format);
                assert!(key < 1 << 63, "{format:?}: {key:#x}");
                let decoded = Window::decode(key, slots, format);
                let shifted = |slot: usize| match window.mate[slot + 1] {
                    mate if mate >= TERMINAL => mate,
                    mate => mate - 1,
                };
                for slot in 0..slots {
                    assert_eq!(decoded.mate[slot], shifted(slot), "{format:?} slot {slot}");
                }
                assert_eq!(decoded.end_colour, window.end_colour, "{format:?}");
                // The mirror image's key is the key of the mirrored window.
                let mut mirrored = Window {
                    mate: [UNTOUCHED; WINDOW_ROOM],
                    end_colour: window.end_colour,
                };
                for slot in 0..slots {
                    let mate = decoded.mate[slot];
                    mirrored.mate[slots - 1 - slot] = if mate >= TERMINAL {
                        mate
                    } else {
                        (slots - 1 - mate as usize) as u8
                    };
                }
                assert_eq!(
                    window.encode(1, &mirror, format),
                    mirrored.encode(0, &ScanOrder { slots }, format),
                    "{format:?}"
                );
            }
        }
    }

    #[test]
    fn a_sweep_that_would_need_too_many_groups_stops() {
        let board = Board::new(6, 8).unwrap();
        let scan = Scan::new(&board, Shape::Cycle).unwrap();
        let mut saver = Saver::open(None, 0, Vec::new(), String::new()).unwrap();
        // Closed 6x8 has millions of states: in 64 KiB that would take
        // thousands of groups.
        let outcome = sweep_whole(&scan, 1 << 16, &Control::new(), &mut saver);
        assert!(
            matches!(outcome, Err(Unavailable::OverBudget { at: RanOut { square, squares: 48 } }) if square > 1),
            "{outcome:?}"
        );
    }

    #[test]
    fn a_sweep_short_of_memory_builds_its_layers_on_disk_and_counts_the_same() {
        let mut boards = vec![
            (Board::new(6, 6).unwrap(), Shape::Cycle),
            (Board::new(5, 6).unwrap(), Shape::Path(None, None)),
        ];
        let mut holed = Board::new(6, 6).unwrap();
        holed.set_blocked(Square::new(2, 3), true);
        boards.push((holed, Shape::Path(Some(Square::new(0, 0)), None)));
        for (board, shape) in boards {
            let scan = Scan::new(&board, shape).unwrap();
            let saver = || Saver::open(None, 0, Vec::new(), String::new()).unwrap();
            let in_memory = Control::new();
            let whole = sweep_whole(&scan, 1 << 30, &in_memory, &mut saver()).unwrap();
            assert!(whole > 0);
            let made = spill::files_made();
            let through_disk = Control::new();
            let short = sweep_whole(&scan, 256 << 10, &through_disk, &mut saver());
            assert_eq!(short, Ok(whole), "{board:?} {shape:?}");
            assert!(spill::files_made() > made, "no scratch file made");
            // Each state is expanded once through disk (more often where a
            // step ran out of memory and was run again).
            assert!(through_disk.snapshot().nodes >= in_memory.snapshot().nodes);
        }
    }

    /// Saves after every square to a file of this test's own, which is not
    /// there yet.
    fn fresh_checkpoint(name: &str) -> job::Checkpointing {
        let path = std::env::temp_dir().join(format!(
            "gridtour-frontier-{name}-{}.count",
            std::process::id()
        ));
        let _ = std::fs::remove_file(&path);
        job::Checkpointing {
            path,
            every: Duration::ZERO,
        }
    }

    #[test]
    fn a_checkpoint_of_the_same_count_kept_otherwise_is_refused_as_such() {
        let checkpointing = fresh_checkpoint("version");
        let open = |request: Vec<u64>, description: &str| {
            Saver::open(Some(&checkpointing), 7, request, description.into()).map(|_| ())
        };
        open(vec![1, 2], "open tours of 6x8").unwrap();
        // Saved states that follow the colours of the ends add a word to
        // the request: the same description, another request.
        let older = open(vec![1, 2, 3], "open tours of 6x8").unwrap_err();
        assert!(
            older.contains("holds this count (open tours of 6x8) as another version"),
            "{older}"
        );
        let other = open(vec![1, 3], "closed tours of 6x8").unwrap_err();
        assert!(
            other.contains("holds a count of open tours of 6x8, not of closed tours of 6x8"),
            "{other}"
        );
        std::fs::remove_file(&checkpointing.path).unwrap();
    }

    #[test]
    fn a_saved_layer_too_large_for_memory_is_taken_up_through_disk_and_saved_from_there() {
        let board = Board::new(6, 6).unwrap();
        let scan = Scan::new(&board, Shape::Cycle).unwrap();
        let checkpointing = fresh_checkpoint("spill");
        let open = || Saver::open(Some(&checkpointing), 7, vec![1, 2], "test".into()).unwrap();
        // Swept within `memory`, saving after every square, and stopped once
        // `rows` rows are done.
        let stopped_after = |rows_done: usize, memory: u64| {
            let stopping = Control::new();
            let means = Means {
                memory,
                control: &stopping,
                saver: &mut open(),
            };
            let pass = (Tally::Capped, SweepPass::Counting);
            let stopped = sweep(&scan, scan.rows, pass, means, &mut |rows, _| {
                if rows == rows_done {
                    stopping.cancel();
                }
            });
            assert_eq!(stopped, Err(Unavailable::Cancelled));
            open().saved_layer(Tally::Capped).expect("a saved layer").1
        };
        // The layer that the fourth row begins with: thousands of states,
        // more than 32 KiB hold (2,048 at 16 bytes).
        let saved = stopped_after(3, 1 << 30);
        assert!(saved > 2_048, "{saved} states saved");
        // Taken up within 32 KiB: read into a scratch file, and its next
        // layers built through disk and saved from there.
        let made = spill::files_made();
        let saved = stopped_after(4, 32 << 10);
        assert!(saved > 2_048, "{saved} states saved");
        assert!(spill::files_made() > made, "no scratch file made");
        // A001230: closed tours of 6x6, taken up from that save.
        let taken_up = sweep_whole(&scan, 1 << 30, &Control::new(), &mut open());
        assert_eq!(taken_up, Ok(9_862));
        let _ = std::fs::remove_file(&checkpointing.path);
    }

    #[test]
    fn a_cancelled_sweep_stops() {
        let control = Control::new();
        control.cancel();
        let board = Board::new(6, 8).unwrap();
        assert_eq!(
            count(&board, Shape::Cycle, &control),
            Err(Unavailable::Cancelled)
        );
    }
}
