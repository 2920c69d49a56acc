//! Sets of squares as bits (one per square of the board, row by row), and
//! the knight's moves applied to a whole set at once: what lets the solver
//! follow every number's possible squares at every node.

use std::ops::{BitAnd, BitOr, Not};

use crate::knight::{Board, KNIGHT_MOVES};

/// A set of squares of a board of at most `64 * WORDS` squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct SquareSet<const WORDS: usize>([u64; WORDS]);

impl<const WORDS: usize> SquareSet<WORDS> {
    pub(super) const EMPTY: Self = Self([0; WORDS]);

    pub(super) fn single(index: usize) -> Self {
        let mut set = Self::EMPTY;
        set.insert(index);
        set
    }

    pub(super) fn insert(&mut self, index: usize) {
        self.0[index / 64] |= 1 << (index % 64);
    }

    pub(super) fn remove(&mut self, index: usize) {
        self.0[index / 64] &= !(1 << (index % 64));
    }

    pub(super) fn contains(&self, index: usize) -> bool {
        self.0[index / 64] >> (index % 64) & 1 == 1
    }

    pub(super) fn is_empty(&self) -> bool {
        self.0.iter().all(|&word| word == 0)
    }

    pub(super) fn len(&self) -> u32 {
        self.0.iter().map(|word| word.count_ones()).sum()
    }

    /// The lowest square in it.
    pub(super) fn first(&self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, word)| **word != 0)
            .map(|(at, word)| at * 64 + word.trailing_zeros() as usize)
    }

    /// Its squares, lowest first.
    pub(super) fn iter(self) -> impl Iterator<Item = usize> {
        self.0.into_iter().enumerate().flat_map(|(at, mut word)| {
            std::iter::from_fn(move || {
                (word != 0).then(|| {
                    let bit = word.trailing_zeros() as usize;
                    word &= word - 1;
                    at * 64 + bit
                })
            })
        })
    }

    /// The set moved `by` squares up the board's order (down if negative),
    /// what falls off either end dropped.
    fn shifted(&self, by: isize) -> Self {
        let mut moved = Self::EMPTY;
        if WORDS == 1 {
            let word = self.0[0];
            moved.0[0] = if by >= 0 { word << by } else { word >> -by };
            return moved;
        }
        if WORDS == 2 {
            let wide = u128::from(self.0[0]) | u128::from(self.0[1]) << 64;
            let wide = if by >= 0 { wide << by } else { wide >> -by };
            moved.0[0] = wide as u64;
            moved.0[1] = (wide >> 64) as u64;
            return moved;
        }
        let bits = by.unsigned_abs() as u32;
        if bits == 0 {
            return *self;
        }
        let words = self.0;
        if by > 0 {
            moved.0[0] = words[0] << bits;
            for to in 1..WORDS {
                moved.0[to] = words[to] << bits | words[to - 1] >> (64 - bits);
            }
        } else {
            for to in 0..WORDS - 1 {
                moved.0[to] = words[to] >> bits | words[to + 1] << (64 - bits);
            }
            moved.0[WORDS - 1] = words[WORDS - 1] >> bits;
        }
        moved
    }
}

impl<const WORDS: usize> BitAnd for SquareSet<WORDS> {
    type Output = Self;
    fn bitand(self, other: Self) -> Self {
        Self(std::array::from_fn(|at| self.0[at] & other.0[at]))
    }
}

impl<const WORDS: usize> BitOr for SquareSet<WORDS> {
    type Output = Self;
    fn bitor(self, other: Self) -> Self {
        Self(std::array::from_fn(|at| self.0[at] | other.0[at]))
    }
}

impl<const WORDS: usize> Not for SquareSet<WORDS> {
    type Output = Self;
    fn not(self) -> Self {
        Self(self.0.map(|word| !word))
    }
}

/// The eight knight's moves on one board, as shifts of a whole set.
pub(super) struct Moves<const WORDS: usize> {
    /// For each move, the squares it stays on the board from, and how far
    /// it moves in the board's order.
    moves: Vec<(SquareSet<WORDS>, isize)>,
}

impl<const WORDS: usize> Moves<WORDS> {
    /// The moves on `board`, which has at most `64 * WORDS` squares.
    pub(super) fn new(board: &Board) -> Self {
        let (width, height) = (board.width() as i64, board.height() as i64);
        let moves = KNIGHT_MOVES
            .into_iter()
            .map(|(dx, dy)| {
                let (dx, dy) = (i64::from(dx), i64::from(dy));
                let mut from = SquareSet::EMPTY;
                for y in 0..height {
                    for x in 0..width {
                        let (to_x, to_y) = (x + dx, y + dy);
                        if (0..width).contains(&to_x) && (0..height).contains(&to_y) {
                            from.insert((y * width + x) as usize);
                        }
                    }
                }
                (from, (dy * width + dx) as isize)
            })
            .collect();
        Self { moves }
    }

    /// Every square a knight's move from some square of `set`.
    pub(super) fn from(&self, set: SquareSet<WORDS>) -> SquareSet<WORDS> {
        self.moves
            .iter()
            .fold(SquareSet::EMPTY, |reached, &(from, by)| {
                reached | (set & from).shifted(by)
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The moves as sets agree with the board's own neighbours, on boards
    /// that fill one word, spill into a second, and take several.
    #[test]
    fn moves_of_a_set_are_the_boards_neighbours() {
        fn check<const WORDS: usize>(width: u32, height: u32) {
            let board = Board::new(width, height).expect("a board");
            let moves = Moves::<WORDS>::new(&board);
            for square in board.squares() {
                let reached = moves.from(SquareSet::single(board.index(square)));
                let mut expected = SquareSet::EMPTY;
                for next in board.neighbours(square) {
                    expected.insert(board.index(next));
                }
                assert_eq!(reached, expected, "{width}x{height} from {square:?}");
            }
        }
        check::<1>(8, 8);
        check::<1>(3, 7);
        check::<2>(9, 9);
        check::<4>(13, 17);
        check::<9>(24, 24);
    }

    #[test]
    fn a_set_lists_counts_and_drops_its_squares() {
        let mut set = SquareSet::<4>::EMPTY;
        for index in [0, 63, 64, 200, 255] {
            set.insert(index);
        }
        assert_eq!(set.len(), 5);
        assert_eq!(set.iter().collect::<Vec<_>>(), [0, 63, 64, 200, 255]);
        set.remove(0);
        assert_eq!(set.first(), Some(63));
        assert!(set.contains(200) && !set.contains(201));
        assert!((set & !set).is_empty());
    }
}
