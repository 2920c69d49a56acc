//! The board as the searches see it: a flat array with a two-square border.
//!
//! A knight jumps at most two squares in each direction, so with a border of
//! two never-free cells around the board every move is a plain offset into
//! the array and no search ever needs a bounds check. Each cell also keeps
//! its number of free neighbours up to date as squares are visited and
//! released, which is what Warnsdorff ordering and dead-end pruning read.

use super::{Board, KNIGHT_MOVES, Square};

/// Width of the never-free margin around the board.
const MARGIN: usize = 2;

/// Search state of a board: which cells are still free and how many free
/// neighbours every cell has.
#[derive(Debug, Clone)]
pub(crate) struct Grid {
    stride: usize,
    offsets: [isize; 8],
    free: Vec<bool>,
    degree: Vec<u8>,
}

impl Grid {
    /// `board` with the squares of `path` visited: the position of a
    /// search standing on its last square.
    pub(crate) fn with_path(board: &Board, path: &[Square]) -> Self {
        let mut grid = Grid::new(board);
        for &square in path {
            grid.visit(grid.cell(square));
        }
        grid
    }

    /// Every open square of `board` free, every other cell not.
    pub(crate) fn new(board: &Board) -> Self {
        let stride = board.width() as usize + 2 * MARGIN;
        let rows = board.height() as usize + 2 * MARGIN;
        let offsets = KNIGHT_MOVES.map(|(dx, dy)| dy as isize * stride as isize + dx as isize);
        let mut grid = Grid {
            stride,
            offsets,
            free: vec![false; stride * rows],
            degree: vec![0; stride * rows],
        };
        for square in board.open_squares() {
            let cell = grid.cell(square);
            grid.free[cell] = true;
        }
        for cell in 0..grid.free.len() {
            if grid.free[cell] {
                for i in 0..KNIGHT_MOVES.len() {
                    let next = grid.jump(cell, i);
                    grid.degree[next] += 1;
                }
            }
        }
        grid
    }

    /// The cell of a board square.
    pub(crate) fn cell(&self, s: Square) -> usize {
        (s.y as usize + MARGIN) * self.stride + s.x as usize + MARGIN
    }

    /// The board square of a cell inside the board.
    pub(crate) fn square(&self, cell: usize) -> Square {
        let x = cell % self.stride - MARGIN;
        let y = cell / self.stride - MARGIN;
        Square::new(x as u32, y as u32)
    }

    /// The cell reached from `cell` by knight move number `index` of
    /// [`KNIGHT_MOVES`]. Only meaningful for cells on the board.
    pub(crate) fn jump(&self, cell: usize, index: usize) -> usize {
        cell.wrapping_add_signed(self.offsets[index])
    }

    /// The eight cells a knight on `cell` attacks, free or not, in
    /// [`KNIGHT_MOVES`] order.
    pub(crate) fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        self.offsets
            .iter()
            .map(move |&o| cell.wrapping_add_signed(o))
    }

    /// The free cells a knight on `cell` can jump to, in move order.
    pub(crate) fn free_neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        self.neighbours(cell).filter(|&n| self.free[n])
    }

    /// Whether `cell` is an open square not yet visited.
    pub(crate) fn is_free(&self, cell: usize) -> bool {
        self.free[cell]
    }

    /// How many free cells a knight on `cell` could jump to.
    pub(crate) fn degree(&self, cell: usize) -> u8 {
        self.degree[cell]
    }

    /// Whether a knight on `a` attacks `b`.
    pub(crate) fn attacks(&self, a: usize, b: usize) -> bool {
        self.neighbours(a).any(|n| n == b)
    }

    /// Marks a free cell visited.
    pub(crate) fn visit(&mut self, cell: usize) {
        debug_assert!(self.free[cell]);
        self.free[cell] = false;
        for i in 0..KNIGHT_MOVES.len() {
            let n = self.jump(cell, i);
            self.degree[n] -= 1;
        }
    }

    /// Undoes [`Grid::visit`].
    pub(crate) fn release(&mut self, cell: usize) {
        debug_assert!(!self.free[cell]);
        self.free[cell] = true;
        for i in 0..KNIGHT_MOVES.len() {
            let n = self.jump(cell, i);
            self.degree[n] += 1;
        }
    }

    /// Number of cells, border included: the size for per-cell side arrays.
    pub(crate) fn len(&self) -> usize {
        self.free.len()
    }

    /// Squared distance from the board's centre, in half-squares, so that it
    /// stays an integer on boards of even side. Used to break ties toward the
    /// edge, where squares are hardest to reach later.
    pub(crate) fn centre_distance(&self, board: &Board, cell: usize) -> u64 {
        let s = self.square(cell);
        let dx = 2 * i64::from(s.x) - i64::from(board.width()) + 1;
        let dy = 2 * i64::from(s.y) - i64::from(board.height()) + 1;
        (dx * dx + dy * dy) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn degrees_follow_visits() {
        let board = Board::new(5, 5).unwrap();
        let mut grid = Grid::new(&board);
        let corner = grid.cell(Square::new(0, 0));
        let centre = grid.cell(Square::new(2, 2));
        assert_eq!(grid.degree(corner), 2);
        assert_eq!(grid.degree(centre), 8);
        let b3 = grid.cell(Square::new(1, 2));
        grid.visit(b3);
        assert_eq!(grid.degree(corner), 1);
        grid.release(b3);
        assert_eq!(grid.degree(corner), 2);
        assert_eq!(grid.square(centre), Square::new(2, 2));
    }
}
