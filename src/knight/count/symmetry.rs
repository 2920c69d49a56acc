//! The symmetries of a board, used to count tours from fewer start squares.
//!
//! A rotation or reflection that carries every open square to an open square
//! carries tours to tours, so two start squares it exchanges begin equally
//! many tours. Counting from one square of each orbit and weighting by the
//! orbit's size gives the same total as counting from every square, with up
//! to eight times less search on a full square board.

use super::super::{Board, Square};

/// One of the eight rotations and reflections of a square (four of them
/// for a non-square rectangle): optionally transpose, then optionally mirror
/// each axis.
#[derive(Clone, Copy)]
struct Transform {
    transpose: bool,
    mirror_x: bool,
    mirror_y: bool,
}

impl Transform {
    fn apply(self, board: &Board, s: Square) -> Square {
        let (x, y) = if self.transpose {
            (s.y, s.x)
        } else {
            (s.x, s.y)
        };
        // A transposing transform only exists on square boards, so the
        // width bounds x and the height bounds y either way.
        let x = if self.mirror_x {
            board.width() - 1 - x
        } else {
            x
        };
        let y = if self.mirror_y {
            board.height() - 1 - y
        } else {
            y
        };
        Square::new(x, y)
    }
}

/// The transforms that map the board's open squares onto themselves.
fn symmetries(board: &Board) -> Vec<Transform> {
    let square_board = board.width() == board.height();
    let mut found = Vec::new();
    for bits in 0..8u8 {
        let transform = Transform {
            transpose: bits & 4 != 0,
            mirror_x: bits & 2 != 0,
            mirror_y: bits & 1 != 0,
        };
        if transform.transpose && !square_board {
            continue;
        }
        if board
            .open_squares()
            .all(|s| board.is_open(transform.apply(board, s)))
        {
            found.push(transform);
        }
    }
    found
}

/// One open square from each orbit of the board's symmetry group (the first
/// in reading order), with the number of squares in its orbit. The weights
/// add up to the number of open squares.
pub(super) fn orbit_representatives(board: &Board) -> Vec<(Square, u64)> {
    let transforms = symmetries(board);
    let mut seen = vec![false; board.area()];
    let mut representatives = Vec::new();
    for s in board.open_squares() {
        if seen[board.index(s)] {
            continue;
        }
        let mut size = 0;
        for &transform in &transforms {
            let image = board.index(transform.apply(board, s));
            if !seen[image] {
                seen[image] = true;
                size += 1;
            }
        }
        representatives.push((s, size));
    }
    representatives
}

#[cfg(test)]
mod tests {
    use super::*;

    fn weights(board: &Board) -> Vec<u64> {
        orbit_representatives(board)
            .into_iter()
            .map(|(_, size)| size)
            .collect()
    }

    #[test]
    fn full_square_boards_have_eightfold_orbits() {
        // 6x6: corners, edge pairs and the diagonal classes.
        let board = Board::new(6, 6).unwrap();
        assert_eq!(weights(&board), vec![4, 8, 8, 4, 8, 4]);
        let board = Board::new(5, 5).unwrap();
        assert_eq!(weights(&board), vec![4, 8, 4, 4, 4, 1]);
    }

    #[test]
    fn rectangles_have_fourfold_orbits() {
        let board = Board::new(3, 4).unwrap();
        assert_eq!(weights(&board), vec![4, 2, 4, 2]);
    }

    #[test]
    fn blocked_squares_break_symmetry() {
        let mut board = Board::new(4, 4).unwrap();
        board.set_blocked(Square::new(0, 0), true);
        // Only the reflection in the main diagonal survives.
        let total: u64 = weights(&board).iter().sum();
        assert_eq!(total, 15);
        assert_eq!(weights(&board).len(), 9);
    }
}
