//! How a state is packed into a 64-bit key: the codes of its window's
//! squares (untouched, done, an end and how far on its partner is) in one
//! of three formats, chosen by the window's size (see [`KeyFormat`]).

use super::terms::MAX_WIDTH;

/// Window slot codes (the `mate` array). Values below `TERMINAL` are slot
/// indices of the other end of the square's partial path.
pub(super) const UNTOUCHED: u8 = 255;
pub(super) const DONE: u8 = 254;
/// An end of a partial path whose other end is a finished square of degree
/// one, i.e. one of the two ends of the final open tour.
pub(super) const TERMINAL: u8 = 253;

/// Key codes of a window square: 0 untouched, 1 done, 2 terminal (the slot
/// codes counted down from 255), 3 the later end of a path, and 3 plus the
/// distance to the later end for the earlier one.
pub(super) const CODE_SPECIALS: u64 = 3;
pub(super) const CODE_LATER_END: u64 = CODE_SPECIALS;
/// Bits a square takes in a key of [`KeyFormat::Distances`], but for the
/// fifth bits of the first two squares (see [`FIFTH_BITS_AT`]).
pub(super) const DISTANCE_BITS: usize = 4;
/// The widest shorter side whose windows [`KeyFormat::Distances`] holds:
/// 15 squares, 60 bits of four, and two more bits (see [`FIFTH_BITS_AT`]).
pub(super) const MAX_DISTANCES_WIDTH: usize = 7;
/// Where the fifth bits of the codes of a window's first two squares go in
/// a key of [`KeyFormat::Distances`]: their ends can be 14 and 13 squares
/// from their partners on a 7-wide board (codes 17 and 16), every later
/// square's at most 12 (code 15).
pub(super) const FIFTH_BITS_AT: usize = 60;
/// The squares of the widest window of rows swept left to right, that of
/// 8-wide rows.
pub(super) const WIDEST_WINDOW: usize = 2 * MAX_WIDTH + 1;
/// The squares of the window of 8-wide rows swept inward (see
/// [`row_order`]), whose keys have no bit left for [`Window::end_colour`].
pub(super) const INWARD_WIDEST_WINDOW: usize = 2 * MAX_WIDTH + 2;
/// The window's squares in each field of a [`KeyFormat::Radix`] key:
/// each field holds the codes of a few squares as one mixed-radix number,
/// small enough for its divisions to be multiplications (see
/// [`radix_field_codes`]).
pub(super) const RADIX_FIELDS: [(usize, usize); 5] = [(0, 3), (3, 6), (6, 10), (10, 14), (14, 17)];
/// The same for a [`KeyFormat::WideRadix`] key: three fields whose
/// numbers, each rounded up to whole bits, fit in 63 bits (13, 20 and 30;
/// all 18 squares as one number would take 62.9), the longest of them 10
/// squares.
pub(super) const WIDE_RADIX_FIELDS: [(usize, usize); 3] = [(0, 3), (3, 8), (8, 18)];

/// How many codes the square at `index` of a window of `window` squares
/// can have: the specials, the later end, and the distances to the
/// squares after it.
pub(super) const fn radix(window: usize, index: usize) -> u64 {
    CODE_LATER_END + 1 + (window - 1 - index) as u64
}

/// Where each of these fields of a key of `window` squares starts, and the
/// mask of its bits (as many as its largest number needs), worked out once
/// so that reading a key costs no more than its shifts and masks.
pub(super) const fn field_bits<const FIELDS: usize>(
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
pub(super) const RADIX_FIELD_BITS: [(usize, u64); RADIX_FIELDS.len()] =
    field_bits(RADIX_FIELDS, WIDEST_WINDOW);
pub(super) const WIDE_RADIX_FIELD_BITS: [(usize, u64); WIDE_RADIX_FIELDS.len()] =
    field_bits(WIDE_RADIX_FIELDS, INWARD_WIDEST_WINDOW);

/// Field `field` of a key of `window` squares, [`KeyFormat::Radix`] or
/// [`KeyFormat::WideRadix`]: its squares, and its shift and mask.
pub(super) const fn radix_field(window: usize, field: usize) -> ((usize, usize), (usize, u64)) {
    if window == WIDEST_WINDOW {
        (RADIX_FIELDS[field], RADIX_FIELD_BITS[field])
    } else {
        (WIDE_RADIX_FIELDS[field], WIDE_RADIX_FIELD_BITS[field])
    }
}

/// The codes of field `FIELD` of a key of `WINDOW` squares, into `codes`.
/// A field at a time, so that every radix is a constant and each division
/// a multiplication (a loop over the fields left the processor dividing).
pub(super) fn radix_field_codes<const WINDOW: usize, const FIELD: usize>(
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
pub(super) fn radix_key(
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
/// decoding took half the time of a count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum KeyFormat {
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
    pub(super) fn for_window(slots: usize) -> KeyFormat {
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
    pub(super) fn checkpoint_magic(self) -> u64 {
        u64::from_le_bytes(match self {
            KeyFormat::Distances => *b"gtsweep2",
            KeyFormat::Radix => *b"gtsweep3",
            KeyFormat::WideRadix => *b"gtsweep4",
        })
    }
}

/// Room for a window's slots, the square that enters it during a step, and
/// a spare slot that takes the writes a branch-free loop does not want: a
/// power of two, so that any index can be brought in range with `%`.
pub(super) const WINDOW_ROOM: usize = 32;
pub(super) const SPARE: usize = WINDOW_ROOM - 1;

/// The key bit that holds [`Window::end_colour`]: keys of either format
/// leave it free (their windows take 62 and 60 bits), and the top bit
/// marks empty table slots.
pub(super) const END_COLOUR_BIT: usize = 62;

/// An order in which [`Window::encode`] takes a window's squares: `at(i)`
/// is the offset of the square that goes `i`th, for `i` below `slots()`;
/// beyond (up to [`WINDOW_ROOM`]) it is below [`WINDOW_ROOM`], and a square
/// read there is not used. The order must be its own inverse
/// (the identity and a mirror image are).
pub(super) trait SquareOrder {
    fn slots(&self) -> usize;
    fn at(&self, index: usize) -> usize;
}

/// The squares in scan order, the order of almost every key: spelt out
/// rather than looked up, so that encoding in it does without two table
/// reads a square.
pub(super) struct ScanOrder {
    pub(super) slots: usize,
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
pub(super) struct Order {
    pub(super) slots: usize,
    pub(super) at: [u8; WINDOW_ROOM],
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
    pub(super) fn new(slots: usize, at: impl Fn(usize) -> usize) -> Order {
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
