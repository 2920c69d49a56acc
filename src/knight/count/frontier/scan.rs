//! The board in the order the sweep visits it (see [`Scan`]): rows along
//! the shorter side, swept left to right, or from both sides inward where
//! the board looks the same mirrored.

use super::keys::{INWARD_WIDEST_WINDOW, KeyFormat, Order, ScanOrder, WIDEST_WINDOW};
use super::terms::Shape;
use crate::knight::{Board, Square};

/// The board seen in scan order: position `p` is column `p % width` of row
/// `p / width`, where rows run along the shorter side.
pub(super) struct Scan {
    pub(super) width: usize,
    pub(super) open: Vec<bool>,
    /// For each position, the window offsets (1..=2w+1) of its open knight
    /// neighbours further on in the scan.
    pub(super) forward: Vec<Vec<u8>>,
    /// For each position and each window offset (0..=2w+1), that square's
    /// open knight neighbours beyond the position: where the edges it can
    /// still get once the position is retired come from.
    pub(super) later: Vec<Vec<LaterMask>>,
    /// For each position, the window offsets (from 1) of open squares with
    /// fewer than two neighbours beyond the window: the only ones that may
    /// be left able to get just one more edge, so ending an open tour.
    pub(super) may_end: Vec<u32>,
    pub(super) last_open: usize,
    /// Rows of the scan (each `width` squares long).
    pub(super) rows: usize,
    /// Whether a tour of the board's first rows alone counts too (as a tour
    /// of the shorter board): asked for by [`count_lengths`], on boards with
    /// no blocked square and no required end.
    pub(super) shorter_boards: bool,
    /// Scan positions of the required path ends (at most two).
    pub(super) ends: Vec<usize>,
    /// The board's column (across the scan rows) of each place in a row,
    /// in the order the row is swept: left to right, or from both sides
    /// inward (see [`row_order`]).
    pub(super) columns: Vec<usize>,
    /// Whether the sweep counts Hamiltonian cycles (else paths).
    pub(super) cycles: bool,
    /// How many open squares of each colour (see [`Scan::colour`]) the
    /// first 0, 1, .. `rows` rows hold: a knight's path alternates colours,
    /// so on a board with one open square more of one colour than of the
    /// other it starts and ends on that colour, and every square of the
    /// other needs two edges (see [`Scan::needing_two_edges`]).
    pub(super) colours_in_rows: Vec<[usize; 2]>,
    /// How the states' windows are packed into keys.
    pub(super) keys: KeyFormat,
    /// The window's squares in scan order: `0, 1, .. slots - 1`.
    pub(super) in_order: ScanOrder,
    /// For each number of squares of a row swept, the window's squares
    /// mirrored when those squares are the mirror image of themselves and
    /// the board and the request look the same mirrored along the scan
    /// rows: then a state and its mirror image have as many ways to be
    /// completed and are counted as one. None otherwise.
    pub(super) mirror_orders: Vec<Option<Order>>,
}

impl Scan {
    /// The scan of a board at most [`MAX_WIDTH`] wide; None when it has no
    /// open square, or the path ends asked for are not two open squares.
    pub(super) fn new(board: &Board, shape: Shape) -> Option<Scan> {
        Scan::with_rows(board, shape, RowSweep::InwardIfMirrored)
    }

    /// [`Scan::new`], its rows swept as `rows` allows.
    pub(super) fn with_rows(board: &Board, shape: Shape, rows: RowSweep) -> Option<Scan> {
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
    pub(super) fn window(&self) -> usize {
        self.in_order.slots
    }

    /// The colour of the square at scan position `p`: knight moves always
    /// change it.
    pub(super) fn colour(&self, p: usize) -> usize {
        colour_at(&self.columns, p)
    }

    /// Which colours' squares (see [`Scan::colour`]), other than the
    /// path ends given, need two edges in a path of the board of the first
    /// `rows` rows: a knight's path alternates colours.
    /// - One open square more of one colour than of the other: the path
    ///   starts and ends on the colour of the more, and the other's squares
    ///   need two edges. (Open 7x7: a state that ends a path on one of the
    ///   24 dark squares is dead at once, not rows later, which takes more
    ///   than two thirds off the count.)
    /// - As many of each: the ends differ in colour, so with one end given
    ///   the other squares of its colour need two edges.
    /// - Both ends given: every other square.
    ///
    /// Neither for cycles, whose squares all need two edges anyway, nor
    /// when the sweep counts shorter boards too, which have colour counts
    /// of their own.
    pub(super) fn needing_two_edges(&self, rows: usize) -> [bool; 2] {
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

    /// Whether a sweep of the first `rows` rows follows the colour of the
    /// first fixed end of an open tour (in [`Window::end_colour`]): on a
    /// board with as many open squares of each colour, a knight's path has
    /// one end of each, so once one end is fixed the squares of its colour
    /// need two edges, and a second end of that colour ends the state.
    /// (Open 6x6: in most layers more than half the states have both ends
    /// fixed, half of them on one colour.) Only for open tours with no end
    /// given, and not when the sweep counts shorter boards too.
    pub(super) fn follows_end_colours(&self, rows: usize) -> bool {
        let [first, second] = self.colours_in_rows[rows];
        !self.cycles && !self.shorter_boards && self.ends.is_empty() && first == second
    }

    /// Words that tell this sweep of `rows` rows apart from any other, so
    /// that a checkpoint is only taken up by the count that saved it.
    pub(super) fn request(&self, rows: usize) -> Vec<u64> {
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
pub(super) fn is_mirror_symmetric(
    board: &Board,
    transposed: bool,
    required: &[Option<Square>; 2],
) -> bool {
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
pub(super) enum RowSweep {
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
pub(super) fn row_order(width: usize, inward: bool, widest: usize) -> Vec<usize> {
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
pub(super) fn places_of(columns: &[usize]) -> Vec<usize> {
    let mut places = vec![0; columns.len()];
    for (place, &column) in columns.iter().enumerate() {
        places[column] = place;
    }
    places
}

/// The squares of a state's window for rows swept in this order: the
/// farthest a knight move reaches on in the scan (`2w + 1` left to right).
pub(super) fn window_for(columns: &[usize]) -> usize {
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
pub(super) fn colour_at(columns: &[usize], p: usize) -> usize {
    let width = columns.len();
    (columns[p % width] + p / width) % 2
}

/// The window's squares mirrored, for a window of `slots` squares that
/// starts at place `swept` of a row, or None unless the `swept` squares of
/// the row behind it are the mirror image of themselves. Then every square
/// the mirror takes past the window has no swept neighbour, and neither has
/// the square it comes from: such squares are untouched in every state and
/// are left where they are.
pub(super) fn mirror_order(columns: &[usize], swept: usize, slots: usize) -> Option<Order> {
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
pub(super) struct LaterMask {
    pub(super) in_window: u32,
    pub(super) beyond: u8,
}

impl LaterMask {
    /// The mask of neighbours at these offsets from the position, in a
    /// window of `slots` squares after it.
    pub(super) fn new(offsets: impl Iterator<Item = usize>, slots: usize) -> LaterMask {
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
    pub(super) fn offsets_in_window(self) -> impl Iterator<Item = usize> {
        set_bits(self.in_window)
    }
}

/// The positions of the bits set in `mask`, lowest first.
pub(super) fn set_bits(mask: u32) -> impl Iterator<Item = usize> {
    let mut left = mask;
    std::iter::from_fn(move || {
        let bit = (left != 0).then(|| left.trailing_zeros() as usize)?;
        left &= left - 1;
        Some(bit)
    })
}
