//! The rules of a knight's walk played by hand: which squares the knight
//! may go to next, why it may not go to others, when it is stuck, when the
//! tour is complete and when it can be closed, and what a player may want
//! to know on the way (Warnsdorff's counts, squares cut off for good).
//! The window's play mode and any other front end share these rules.

use crate::tr;
use std::collections::VecDeque;
use std::fmt;

use super::{Board, Square};

/// A knight's walk on a board: the squares in the order visited, a closed
/// tour's return to its start included.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Walk {
    board: Board,
    squares: Vec<Square>,
    /// Row-major: whether the walk has visited each square.
    visited: Vec<bool>,
}

/// Why the knight may not go to a square.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The square is off the board.
    OffBoard {
        /// The square.
        square: Square,
    },
    /// The square is blocked.
    Blocked {
        /// Its chess name.
        name: String,
    },
    /// The tour is complete (and closed, if it could be).
    Complete,
    /// The square is not a knight's move from the knight.
    NotAKnightMove {
        /// The square's chess name.
        name: String,
        /// The name of the square the knight is on.
        from: String,
    },
    /// The square was visited before.
    Visited {
        /// Its chess name.
        name: String,
        /// The move (from 1) at which it was visited.
        at_move: usize,
    },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words = match self {
            Refusal::OffBoard { square } => tr!(
                "refused-off-board",
                square = format!("({}, {})", square.x, square.y)
            ),
            Refusal::Blocked { name } => tr!("refused-blocked", name = name.as_str()),
            Refusal::Complete => tr!("refused-complete").to_owned(),
            Refusal::NotAKnightMove { name, from } => tr!(
                "refused-not-a-knight-move",
                name = name.as_str(),
                from = from.as_str()
            ),
            Refusal::Visited { name, at_move } => {
                tr!("refused-visited", name = name.as_str(), at_move = *at_move)
            }
        };
        f.write_str(&words)
    }
}

impl std::error::Error for Refusal {}

impl Walk {
    /// An empty walk on `board`: the knight is not placed yet.
    pub fn new(board: Board) -> Walk {
        Walk {
            visited: vec![false; board.area()],
            squares: Vec::new(),
            board,
        }
    }

    /// `squares` walked on `board`, if every one of them is a legal move.
    pub fn from_squares(board: Board, squares: &[Square]) -> Result<Walk, Refusal> {
        let mut walk = Walk::new(board);
        for &square in squares {
            walk.try_visit(square)?;
        }
        Ok(walk)
    }

    /// The board walked on.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board, to change it: the walk is cleared first, as the squares
    /// it went through may no longer be open.
    pub fn board_mut(&mut self) -> &mut Board {
        self.clear();
        &mut self.board
    }

    /// Walks on `board` instead, from scratch.
    pub fn set_board(&mut self, board: Board) {
        *self = Walk::new(board);
    }

    /// The squares in the order visited.
    pub fn squares(&self) -> &[Square] {
        &self.squares
    }

    /// How many squares have been visited (a closed tour's start twice).
    pub fn len(&self) -> usize {
        self.squares.len()
    }

    /// Whether the knight is not placed yet.
    pub fn is_empty(&self) -> bool {
        self.squares.is_empty()
    }

    /// The square the knight is on.
    pub fn here(&self) -> Option<Square> {
        self.squares.last().copied()
    }

    /// The square the walk began on.
    pub fn start(&self) -> Option<Square> {
        self.squares.first().copied()
    }

    /// Whether the walk has been through `square`.
    pub fn is_visited(&self, square: Square) -> bool {
        self.board.contains(square) && self.visited[self.board.index(square)]
    }

    /// Why the knight may not go to `square` now, if it may not. Before the
    /// knight is placed, any open square will do.
    pub fn refusal(&self, square: Square) -> Option<Refusal> {
        if !self.board.contains(square) {
            return Some(Refusal::OffBoard { square });
        }
        let name = self.board.square_name(square);
        if self.board.is_blocked(square) {
            return Some(Refusal::Blocked { name });
        }
        let here = self.here()?;
        if self.squares.len() > self.board.open_count() {
            return Some(Refusal::Complete);
        }
        if !Board::is_knight_move(here, square) {
            let from = self.board.square_name(here);
            return Some(Refusal::NotAKnightMove { name, from });
        }
        if self.is_visited(square) && !self.closes_with(square) {
            let at_move = self
                .squares
                .iter()
                .position(|&visited| visited == square)
                .map_or(0, |index| index + 1);
            return Some(Refusal::Visited { name, at_move });
        }
        None
    }

    /// Moves the knight to `square` (places it, first), or says why not.
    pub fn try_visit(&mut self, square: Square) -> Result<(), Refusal> {
        match self.refusal(square) {
            Some(refusal) => Err(refusal),
            None => {
                self.visit(square);
                Ok(())
            }
        }
    }

    /// Moves the knight to `square` without asking the rules: for moves
    /// taken back from a history that was checked when they were made.
    pub fn visit(&mut self, square: Square) {
        let index = self.board.index(square);
        self.visited[index] = true;
        self.squares.push(square);
    }

    /// Takes the last move back; returns the square left.
    pub fn undo(&mut self) -> Option<Square> {
        let square = self.squares.pop()?;
        // A closed tour's return leaves its start visited.
        let index = self.board.index(square);
        self.visited[index] = self.start() == Some(square);
        Some(square)
    }

    /// Takes the knight off the board.
    pub fn clear(&mut self) {
        for square in self.squares.drain(..) {
            self.visited[self.board.index(square)] = false;
        }
    }

    /// Whether every open square has been visited.
    pub fn is_complete(&self) -> bool {
        !self.squares.is_empty() && self.squares.len() >= self.board.open_count()
    }

    /// Whether the walk is a closed tour: complete and back on its start.
    pub fn is_closed(&self) -> bool {
        self.squares.len() == self.board.open_count() + 1
    }

    /// Whether a move to `square` would close a complete tour.
    fn closes_with(&self, square: Square) -> bool {
        self.squares.len() == self.board.open_count()
            && self.board.open_count() > 2
            && self.start() == Some(square)
    }

    /// Whether the walk is an open tour whose ends are a knight's move
    /// apart, so that one more move closes it.
    pub fn can_close(&self) -> bool {
        match (self.start(), self.here()) {
            (Some(start), Some(here)) => {
                self.closes_with(start) && Board::is_knight_move(here, start)
            }
            _ => false,
        }
    }

    /// The open unvisited squares a knight's move away.
    pub fn legal_moves(&self) -> Vec<Square> {
        let Some(here) = self.here() else {
            return Vec::new();
        };
        self.board
            .neighbours(here)
            .filter(|&square| !self.is_visited(square))
            .collect()
    }

    /// Whether the knight is placed, the tour not complete, and no move is
    /// left.
    pub fn is_stuck(&self) -> bool {
        !self.is_empty() && !self.is_complete() && self.legal_moves().is_empty()
    }

    /// Each legal move with its number of onward moves: Warnsdorff's rule
    /// goes where it is smallest.
    pub fn onward_counts(&self) -> Vec<(Square, u32)> {
        self.legal_moves()
            .into_iter()
            .map(|square| {
                let onward = self
                    .board
                    .neighbours(square)
                    .filter(|&next| !self.is_visited(next))
                    .count();
                (square, onward as u32)
            })
            .collect()
    }

    /// Row-major: the open unvisited squares that no walk on from here can
    /// reach any more, through unvisited squares; all false before the
    /// knight is placed. Any such square means the tour is lost.
    pub fn cut_off(&self) -> Vec<bool> {
        let mut cut_off = vec![false; self.board.area()];
        let Some(here) = self.here() else {
            return cut_off;
        };
        let mut reached = vec![false; self.board.area()];
        let mut queue = VecDeque::from([here]);
        while let Some(square) = queue.pop_front() {
            for next in self.board.neighbours(square) {
                let index = self.board.index(next);
                if !self.visited[index] && !reached[index] {
                    reached[index] = true;
                    queue.push_back(next);
                }
            }
        }
        for square in self.board.open_squares() {
            let index = self.board.index(square);
            cut_off[index] = !self.visited[index] && !reached[index];
        }
        cut_off
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knight::{TourKind, validate};

    fn board(width: u32, height: u32) -> Board {
        Board::new(width, height).expect("a board")
    }

    fn square(board: &Board, name: &str) -> Square {
        board.parse_square(name).expect("a square")
    }

    #[test]
    fn moves_are_refused_with_their_reason() {
        let mut walk = Walk::new(board(8, 8));
        let at = |name| square(walk.board(), name);
        let (a1, b3, c1, d4) = (at("a1"), at("b3"), at("c1"), at("d4"));
        assert_eq!(walk.refusal(a1), None, "the first square may be any");
        walk.try_visit(a1).unwrap();
        assert_eq!(
            walk.try_visit(c1).unwrap_err().to_string(),
            "c1 is not a knight's move from a1."
        );
        walk.try_visit(b3).unwrap();
        assert_eq!(
            walk.refusal(a1),
            Some(Refusal::Visited {
                name: "a1".into(),
                at_move: 1
            })
        );
        walk.try_visit(d4).unwrap();
        assert_eq!(walk.legal_moves().len(), 7);
        assert_eq!(walk.undo(), Some(d4));
        assert!(!walk.is_visited(d4));
        walk.board_mut().set_blocked(d4, true);
        assert!(walk.is_empty(), "a board edit clears the walk");
        assert_eq!(walk.refusal(d4).unwrap().to_string(), "d4 is blocked.");
    }

    #[test]
    fn a_walk_that_cuts_a_corner_off_is_lost() {
        // After b3, d4, c2, e1 the corner a1 has no way in left.
        let board = board(8, 8);
        let names = ["b3", "d4", "c2", "e1"];
        let path: Vec<Square> = names.iter().map(|name| square(&board, name)).collect();
        let walk = Walk::from_squares(board.clone(), &path).unwrap();
        let cut_off = walk.cut_off();
        let a1 = board.index(square(&board, "a1"));
        assert!(cut_off[a1]);
        assert_eq!(cut_off.iter().filter(|&&cut| cut).count(), 1);
        assert!(!walk.is_stuck());
        assert!(Walk::new(board).cut_off().iter().all(|&cut| !cut));
    }

    #[test]
    fn a_complete_tour_closes_when_its_ends_are_a_knights_move_apart() {
        // A closed tour of 6x5 from the solver, walked by hand.
        let board = board(6, 5);
        let found = crate::knight::solve(
            &board,
            Square::new(0, 0),
            TourKind::Closed,
            crate::knight::Algorithm::Backtrack,
            &crate::job::Control::new(),
        );
        let crate::job::Outcome::Done(crate::knight::SolveResult::Found(tour)) = found else {
            panic!("6x5 has closed tours: {found:?}")
        };
        validate(&board, &tour.path, TourKind::Closed).unwrap();
        let mut walk = Walk::from_squares(board, &tour.path).unwrap();
        assert!(walk.is_complete() && walk.can_close() && !walk.is_stuck());
        walk.try_visit(tour.path[0]).unwrap();
        assert!(walk.is_closed());
        assert_eq!(walk.try_visit(tour.path[1]), Err(Refusal::Complete));
        assert_eq!(walk.undo(), Some(tour.path[0]));
        assert!(walk.is_visited(tour.path[0]), "the start stays visited");
    }

    #[test]
    fn a_stuck_knight_says_so_and_counts_follow_warnsdorff() {
        // On 3x3 the middle square is out of reach: a walk round the rim
        // visits eight squares and then has no move.
        let board = board(3, 3);
        let rim = ["a1", "b3", "c1", "a2", "c3", "b1", "a3", "c2"];
        let path: Vec<Square> = rim.iter().map(|name| square(&board, name)).collect();
        let mut walk = Walk::from_squares(board.clone(), &path[..1]).unwrap();
        let counts = walk.onward_counts();
        assert_eq!(counts.len(), 2);
        assert!(counts.iter().all(|&(_, onward)| onward == 1));
        for &next in &path[1..] {
            walk.try_visit(next).unwrap();
        }
        assert!(walk.is_stuck());
        assert!(Walk::from_squares(board, &[path[0], path[2]]).is_err());
    }
}
