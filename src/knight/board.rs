//! The board: a rectangle of squares, some of which may be blocked, and the
//! knight's moves on it.
//!
//! Coordinates are 0-based with `x` the column from the left and `y` the row
//! from the top, because that is how the board is stored and drawn. People
//! type chess notation instead (`a1` = bottom-left), so [`Board`] converts
//! both ways. Files beyond `z` continue the way spreadsheet columns do:
//! `a`..`z`, `aa`..`az`, `ba`..`zz`, `aaa`.. (bijective base 26), which keeps
//! every name a run of letters followed by a run of digits.

use std::fmt;

use crate::tr;

use serde::{Deserialize, Serialize};

/// One square of a board, 0-based: `x` is the column from the left, `y` the
/// row from the top.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct Square {
    /// Column, counted from the left edge.
    pub x: u32,
    /// Row, counted from the top edge.
    pub y: u32,
}

impl Square {
    /// The square at column `x`, row `y` (both from 0, `y` from the top).
    pub const fn new(x: u32, y: u32) -> Self {
        Self { x, y }
    }
}

/// Whether the square at column `x`, row `y` (from the top) of a board
/// `height` rows tall is dark. Like a chessboard, a1 (the bottom-left
/// square) is dark on every board size; every picture gridtour draws, on
/// screen or in a file, colours squares by this rule. A knight always
/// changes colour, which is what the parity arguments of the theory module
/// rest on. Compares parities rather than adding, which cannot overflow.
pub fn is_dark_square(x: u32, y: u32, height: u32) -> bool {
    // a1 is x = 0, y = height - 1; dark squares share its parity of x + rank.
    let rank_from_bottom_is_odd = (y % 2) != ((height.wrapping_sub(1)) % 2);
    (x % 2 == 1) == rank_from_bottom_is_odd
}

/// Whether a tour must end a knight's move away from where it started.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TourKind {
    /// Visits every open square once and may end anywhere.
    Open,
    /// Visits every open square once and ends a knight's move from the start,
    /// so the path can be walked as a cycle.
    Closed,
}

impl TourKind {
    /// Both kinds, for menus.
    pub const ALL: [TourKind; 2] = [TourKind::Open, TourKind::Closed];

    /// Lower-case word for messages ("open" / "closed").
    pub fn label(&self) -> &'static str {
        match self {
            TourKind::Open => "open",
            TourKind::Closed => "closed",
        }
    }
}

/// The eight knight moves as (dx, dy), y growing downwards.
///
/// The order matters: the plain Warnsdorff rule takes the first minimum in
/// this order, and the failing start squares reported by
/// [`crate::knight::warnsdorff_failing_starts`] are those of this order
/// (the classic one used in the literature the engine reproduces).
pub const KNIGHT_MOVES: [(i32, i32); 8] = [
    (1, -2),
    (2, -1),
    (2, 1),
    (1, 2),
    (-1, 2),
    (-2, 1),
    (-2, -1),
    (-1, -2),
];

/// A rectangular board with optional blocked squares.
///
/// Squares are stored row-major (`index = y * width + x`); solvers work on
/// these indices because they are cheap to hash into arrays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    width: u32,
    height: u32,
    blocked: Vec<bool>,
    blocked_count: usize,
}

/// A board's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The number of columns.
    Width,
    /// The number of rows.
    Height,
}

/// Why a board or a square could not be made from what was given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardError {
    /// A side of length 0.
    EmptySide {
        /// Which side.
        side: Side,
    },
    /// A side longer than [`Board::MAX_SIDE`].
    SideTooLong {
        /// Which side.
        side: Side,
        /// Its length.
        length: u32,
    },
    /// A size that is not `WIDTHxHEIGHT` or `N`.
    NotASize {
        /// What was given.
        text: String,
    },
    /// A name that is not file letters then a rank.
    NotASquare {
        /// What was given.
        name: String,
    },
    /// A square name beyond the board.
    OffBoard {
        /// What was given.
        name: String,
        /// The board's width.
        width: u32,
        /// The board's height.
        height: u32,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |side: &Side| match side {
            Side::Width => "width",
            Side::Height => "height",
        };
        f.write_str(&match self {
            BoardError::EmptySide { side: which } => {
                tr!("board-side-empty", side = side(which))
            }
            BoardError::SideTooLong {
                side: which,
                length,
            } => tr!(
                "board-side-too-long",
                side = side(which),
                length = *length,
                most = Board::MAX_SIDE
            ),
            BoardError::NotASize { text } => tr!("board-not-a-size", text = text.as_str()),
            BoardError::NotASquare { name } => tr!("board-not-a-square", name = name.as_str()),
            BoardError::OffBoard {
                name,
                width,
                height,
            } => tr!(
                "board-square-off-board",
                name = name.as_str(),
                size = format!("{width}x{height}")
            ),
        })
    }
}

impl std::error::Error for BoardError {}

impl Board {
    /// The largest side accepted. Large enough for 2000x2000 tours with room
    /// to spare, small enough that a board (and a tour on it) stays in memory.
    pub const MAX_SIDE: u32 = 4096;

    /// An empty board of `width` columns and `height` rows.
    ///
    /// Fails when a side is 0 or larger than [`Board::MAX_SIDE`].
    pub fn new(width: u32, height: u32) -> Result<Board, BoardError> {
        for (side, length) in [(Side::Width, width), (Side::Height, height)] {
            if length == 0 {
                return Err(BoardError::EmptySide { side });
            }
            if length > Self::MAX_SIDE {
                return Err(BoardError::SideTooLong { side, length });
            }
        }
        let squares = width as usize * height as usize;
        Ok(Board {
            width,
            height,
            blocked: vec![false; squares],
            blocked_count: 0,
        })
    }

    /// Parses a size such as `8x8`, `5x6` (width x height) or `8` (a square
    /// board), then builds the board.
    pub fn parse_size(text: &str) -> Result<Board, BoardError> {
        let text = text.trim();
        let parse_side = |side: &str| {
            side.trim()
                .parse::<u32>()
                .map_err(|_| BoardError::NotASize {
                    text: text.to_owned(),
                })
        };
        let (width, height) = match text.split_once(['x', 'X', '*']) {
            Some((w, h)) => (parse_side(w)?, parse_side(h)?),
            None => {
                let side = parse_side(text)?;
                (side, side)
            }
        };
        Board::new(width, height)
    }

    /// Number of columns.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Whether `square` is dark; see [`is_dark_square`].
    pub fn is_dark(&self, square: Square) -> bool {
        is_dark_square(square.x, square.y, self.height)
    }

    /// Total number of squares, blocked or not.
    pub fn area(&self) -> usize {
        self.blocked.len()
    }

    /// Whether `s` lies on the board (blocked or not).
    pub fn contains(&self, s: Square) -> bool {
        s.x < self.width && s.y < self.height
    }

    /// Whether `s` is blocked. Squares off the board count as blocked, so a
    /// knight can never land there.
    pub fn is_blocked(&self, s: Square) -> bool {
        !self.contains(s) || self.blocked[self.index(s)]
    }

    /// Whether `s` is on the board and not blocked: a square a tour must visit.
    pub fn is_open(&self, s: Square) -> bool {
        !self.is_blocked(s)
    }

    /// Blocks or unblocks `s`. Squares off the board are ignored: there is
    /// nothing to block there.
    pub fn set_blocked(&mut self, s: Square, blocked: bool) {
        if !self.contains(s) {
            return;
        }
        let index = self.index(s);
        if self.blocked[index] != blocked {
            self.blocked[index] = blocked;
            if blocked {
                self.blocked_count += 1;
            } else {
                self.blocked_count -= 1;
            }
        }
    }

    /// The blocked squares, row by row from the top.
    pub fn blocked_squares(&self) -> Vec<Square> {
        self.blocked
            .iter()
            .enumerate()
            .filter(|&(_, &b)| b)
            .map(|(i, _)| self.square(i))
            .collect()
    }

    /// Whether no square is blocked; the theorems about full rectangles and
    /// the large-board constructions only apply then.
    pub fn is_full(&self) -> bool {
        self.blocked_count == 0
    }

    /// Number of squares a tour has to visit.
    pub fn open_count(&self) -> usize {
        self.area() - self.blocked_count
    }

    /// Row-major index of `s` (which must be on the board).
    pub fn index(&self, s: Square) -> usize {
        s.y as usize * self.width as usize + s.x as usize
    }

    /// The square with row-major index `index`.
    pub fn square(&self, index: usize) -> Square {
        let width = self.width as usize;
        Square::new((index % width) as u32, (index / width) as u32)
    }

    /// Every square, row by row from the top.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.area()).map(|i| self.square(i))
    }

    /// Every open (unblocked) square, row by row from the top.
    pub fn open_squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.squares().filter(|&s| self.is_open(s))
    }

    /// The open squares a knight on `s` can jump to, in [`KNIGHT_MOVES`] order.
    pub fn neighbours(&self, s: Square) -> impl Iterator<Item = Square> + '_ {
        KNIGHT_MOVES.iter().filter_map(move |&(dx, dy)| {
            let x = s.x.checked_add_signed(dx)?;
            let y = s.y.checked_add_signed(dy)?;
            let target = Square::new(x, y);
            self.is_open(target).then_some(target)
        })
    }

    /// Whether a knight can jump from `a` to `b` (ignoring blocked squares).
    pub fn is_knight_move(a: Square, b: Square) -> bool {
        let dx = a.x.abs_diff(b.x);
        let dy = a.y.abs_diff(b.y);
        (dx == 1 && dy == 2) || (dx == 2 && dy == 1)
    }

    /// Where `square` of a board of size `from` lies on a board of size `to`
    /// when squares keep their chess names (a1 stays at the bottom left);
    /// `None` if it falls off.
    pub fn same_name_on(square: Square, from: (u32, u32), to: (u32, u32)) -> Option<Square> {
        let rank_from_bottom = from.1.checked_sub(square.y + 1)?;
        let y = to.1.checked_sub(rank_from_bottom + 1)?;
        (square.x < to.0).then_some(Square::new(square.x, y))
    }

    /// Parses chess notation such as `b1`, `B1` or `aa12`: file letters (`a`
    /// is the left column, then `b`..`z`, `aa`, `ab`, ..) followed by the rank
    /// (`1` is the bottom row).
    pub fn parse_square(&self, name: &str) -> Result<Square, BoardError> {
        let trimmed = name.trim();
        let split = trimmed
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(trimmed.len());
        let (letters, digits) = trimmed.split_at(split);
        let malformed = || BoardError::NotASquare {
            name: name.to_owned(),
        };
        if letters.is_empty() || digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(malformed());
        }
        let file = file_number(letters).ok_or_else(malformed)?;
        let rank: u64 = digits.parse().map_err(|_| malformed())?;
        if file >= u64::from(self.width) || rank == 0 || rank > u64::from(self.height) {
            return Err(BoardError::OffBoard {
                name: name.to_owned(),
                width: self.width,
                height: self.height,
            });
        }
        Ok(Square::new(file as u32, self.height - rank as u32))
    }

    /// The letters of the file (column) `x`, from the left: a, b, …, z,
    /// aa, ab, … as square names and links spell them.
    pub fn file_name(&self, x: u32) -> String {
        file_letters(x)
    }

    /// The number of the rank (row) `y`, counted from the bottom from 1.
    pub fn rank_name(&self, y: u32) -> String {
        (i64::from(self.height) - i64::from(y)).to_string()
    }

    /// Chess name of `s`: file letters then rank, `a1` bottom-left.
    pub fn square_name(&self, s: Square) -> String {
        let rank = i64::from(self.height) - i64::from(s.y);
        format!("{}{rank}", file_letters(s.x))
    }
}

/// Column letters in bijective base 26: 0 -> a, 25 -> z, 26 -> aa, 27 -> ab.
pub fn file_letters(column: u32) -> String {
    let mut letters = Vec::new();
    let mut n = u64::from(column) + 1;
    while n > 0 {
        n -= 1;
        letters.push(b'a' + (n % 26) as u8);
        n /= 26;
    }
    letters.reverse();
    String::from_utf8(letters).unwrap_or_default()
}

/// Inverse of [`file_letters`]; `None` when the letters name an absurdly
/// large column (only a few letters can name a column of a real board).
fn file_number(letters: &str) -> Option<u64> {
    if letters.len() > 6 {
        return None;
    }
    let value = letters.bytes().fold(0u64, |acc, b| {
        acc * 26 + u64::from(b.to_ascii_lowercase() - b'a') + 1
    });
    Some(value - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess_names_put_a1_bottom_left() {
        let board = Board::new(8, 8).unwrap();
        assert_eq!(board.parse_square("a1"), Ok(Square::new(0, 7)));
        assert_eq!(board.parse_square("H8"), Ok(Square::new(7, 0)));
        assert_eq!(board.square_name(Square::new(1, 7)), "b1");
    }

    #[test]
    fn files_past_z_continue_with_two_letters() {
        let board = Board::new(60, 3).unwrap();
        for x in [0, 25, 26, 27, 51, 52, 59] {
            let s = Square::new(x, 1);
            assert_eq!(board.parse_square(&board.square_name(s)), Ok(s));
        }
        assert_eq!(file_letters(26), "aa");
        assert_eq!(file_letters(52), "ba");
        assert_eq!(file_letters(701), "zz");
        assert_eq!(file_letters(702), "aaa");
    }

    #[test]
    fn bad_names_are_rejected_with_a_message() {
        let board = Board::new(5, 5).unwrap();
        for bad in ["", "1a", "b", "b1x", "f1", "a6", "a0", "aaaaaaaaa1", "é1"] {
            assert!(board.parse_square(bad).is_err(), "{bad:?} accepted");
        }
    }

    #[test]
    fn sizes_are_checked() {
        assert!(Board::new(0, 5).is_err());
        assert!(Board::new(5, Board::MAX_SIDE + 1).is_err());
        assert_eq!(
            Board::parse_size("5x6").map(|b| (b.width(), b.height())),
            Ok((5, 6))
        );
        assert_eq!(Board::parse_size("8").map(|b| b.open_count()), Ok(64));
        assert!(Board::parse_size("8x").is_err());
        assert!(Board::parse_size("-3x4").is_err());
    }

    #[test]
    fn blocking_updates_the_open_count() {
        let mut board = Board::new(3, 4).unwrap();
        board.set_blocked(Square::new(1, 1), true);
        board.set_blocked(Square::new(1, 1), true);
        board.set_blocked(Square::new(9, 9), true);
        assert_eq!(board.open_count(), 11);
        assert_eq!(board.blocked_squares(), vec![Square::new(1, 1)]);
        board.set_blocked(Square::new(1, 1), false);
        assert!(board.is_full());
    }

    #[test]
    fn neighbours_follow_the_move_order() {
        let board = Board::new(3, 4).unwrap();
        let corner: Vec<_> = board.neighbours(Square::new(0, 0)).collect();
        assert_eq!(corner, vec![Square::new(2, 1), Square::new(1, 2)]);
    }
}
