//! Play by hand: a person lays numbers on the open squares of a puzzle,
//! takes them back, and asks what the board breaks. Each answer is a typed
//! value, worded where it is shown.

use crate::knight::{Board, Square, TourKind};
use crate::tr;

use super::{Filled, NumbersPuzzle};

/// Why a number cannot be laid or taken back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The square is off the board.
    OffBoard(Square),
    /// The square is blocked.
    Blocked(Square),
    /// The square's number is given and stays.
    Given(Square),
    /// The number is 0 or beyond the last.
    OutOfRange {
        /// The number asked for.
        number: u32,
        /// The last number of the puzzle.
        last: u32,
    },
    /// There is no number on the square to take back.
    Empty(Square),
}

/// A rule the numbers on the board break, with the squares it speaks of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Broken {
    /// The number stands on two squares.
    Twice {
        /// The number.
        number: u32,
        /// One square it stands on.
        first: Square,
        /// The other.
        second: Square,
    },
    /// Two numbers laid `moves` apart stand where no knight gets from one
    /// to the other in that many moves (too far, or on the wrong colour).
    OutOfReach {
        /// The smaller number and its square.
        from: (u32, Square),
        /// The larger and its square.
        to: (u32, Square),
    },
    /// On a closed tour, the last number is not a knight's move from 1.
    NotClosed {
        /// The square of 1.
        first: Square,
        /// The square of the last number.
        last: Square,
    },
}

impl Broken {
    /// The squares the rule speaks of, to outline on the board.
    pub fn squares(&self) -> [Square; 2] {
        match *self {
            Broken::Twice { first, second, .. } => [first, second],
            Broken::OutOfReach { from, to } => [from.1, to.1],
            Broken::NotClosed { first, last } => [first, last],
        }
    }
}

/// A puzzle being played: its givens and the numbers laid by hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Play {
    puzzle: NumbersPuzzle,
    /// The number on each square (row-major), given or laid; 0 where none.
    numbers: Filled,
}

impl Play {
    /// The puzzle with only its givens on the board.
    pub fn new(puzzle: NumbersPuzzle) -> Play {
        let board = puzzle.board();
        let numbers = board
            .squares()
            .map(|square| puzzle.given(square).unwrap_or(0))
            .collect();
        Play { puzzle, numbers }
    }

    /// The puzzle played.
    pub fn puzzle(&self) -> &NumbersPuzzle {
        &self.puzzle
    }

    /// The number on each square (row-major), 0 where none.
    pub fn numbers(&self) -> &[u32] {
        &self.numbers
    }

    /// The number on `square`, given or laid.
    pub fn number(&self, square: Square) -> Option<u32> {
        let board = self.puzzle.board();
        board
            .contains(square)
            .then(|| self.numbers[board.index(square)])
            .filter(|&number| number != 0)
    }

    /// Lays `number` on `square`, in place of what was laid there;
    /// returns what was.
    pub fn place(&mut self, square: Square, number: u32) -> Result<Option<u32>, Refusal> {
        self.open_to_change(square)?;
        let last = self.puzzle.last_number();
        if number == 0 || number > last {
            return Err(Refusal::OutOfRange { number, last });
        }
        let index = self.puzzle.board().index(square);
        let before = std::mem::replace(&mut self.numbers[index], number);
        Ok((before != 0).then_some(before))
    }

    /// Takes back the number laid on `square`; returns it.
    pub fn remove(&mut self, square: Square) -> Result<u32, Refusal> {
        self.open_to_change(square)?;
        let index = self.puzzle.board().index(square);
        match std::mem::take(&mut self.numbers[index]) {
            0 => Err(Refusal::Empty(square)),
            number => Ok(number),
        }
    }

    /// The smallest number that is not on the board, if one is missing:
    /// what a click on an empty square lays.
    pub fn next_missing(&self) -> Option<u32> {
        let mut on_board = vec![false; self.puzzle.last_number() as usize + 1];
        for &number in &self.numbers {
            on_board[number as usize] = true;
        }
        (1..on_board.len())
            .find(|&number| !on_board[number])
            .map(|number| number as u32)
    }

    /// Every rule the board breaks now, the smallest numbers first.
    pub fn broken(&self) -> Vec<Broken> {
        broken_rules(&self.puzzle, &self.numbers)
    }

    /// Whether the board is full and breaks no rule: the puzzle is solved.
    pub fn is_solved(&self) -> bool {
        super::is_solution(&self.puzzle, &self.numbers)
    }

    fn open_to_change(&self, square: Square) -> Result<(), Refusal> {
        let board = self.puzzle.board();
        if !board.contains(square) {
            return Err(Refusal::OffBoard(square));
        }
        if board.is_blocked(square) {
            return Err(Refusal::Blocked(square));
        }
        if self.puzzle.given(square).is_some() {
            return Err(Refusal::Given(square));
        }
        Ok(())
    }
}

/// Every rule the `numbers` on the board of `puzzle` break (row-major, 0
/// where none), the smallest numbers first: a number on two squares, two
/// numbers laid too few knight's moves apart for the gap between them
/// (counting only neighbours in number order: each laid number with the
/// next laid one), and a closed tour's ends.
pub fn broken_rules(puzzle: &NumbersPuzzle, numbers: &[u32]) -> Vec<Broken> {
    let board = puzzle.board();
    let last = puzzle.last_number();
    let mut at: Vec<Option<Square>> = vec![None; last as usize + 1];
    let mut broken = Vec::new();
    for square in board.squares() {
        let number = numbers.get(board.index(square)).copied().unwrap_or(0);
        if number == 0 || number > last || board.is_blocked(square) {
            continue;
        }
        match at[number as usize] {
            Some(first) => broken.push(Broken::Twice {
                number,
                first,
                second: square,
            }),
            None => at[number as usize] = Some(square),
        }
    }
    let laid: Vec<(u32, Square)> = at
        .iter()
        .enumerate()
        .filter_map(|(number, square)| square.map(|square| (number as u32, square)))
        .collect();
    for pair in laid.windows(2) {
        let (from, to) = (pair[0], pair[1]);
        if !can_reach(board, from.1, to.1, to.0 - from.0) {
            broken.push(Broken::OutOfReach { from, to });
        }
    }
    if puzzle.kind() == TourKind::Closed
        && let (Some(first), Some(end)) = (at[1], at[last as usize])
        && last >= 2
        && !Board::is_knight_move(first, end)
    {
        broken.push(Broken::NotClosed { first, last: end });
    }
    broken.sort_by_key(|rule| match *rule {
        Broken::Twice { number, .. } => number,
        Broken::OutOfReach { from, .. } => from.0,
        Broken::NotClosed { .. } => last,
    });
    broken
}

/// Whether a knight can get from `from` to `to` in exactly `moves` moves
/// on the open squares of `board`, by the colours and the distance on the
/// open board (a lower bound: a path round the blocked squares may be
/// longer still, which the solver finds out).
pub fn can_reach(board: &Board, from: Square, to: Square, moves: u32) -> bool {
    let colours_differ = board.is_dark(from) != board.is_dark(to);
    if colours_differ != (moves % 2 == 1) {
        return false;
    }
    let (dx, dy) = (from.x.abs_diff(to.x), from.y.abs_diff(to.y));
    // A knight covers at most 2 squares a move along one axis and 3 along
    // both together.
    let least = dx.max(dy).div_ceil(2).max((dx + dy).div_ceil(3));
    moves >= least && (moves != 1 || Board::is_knight_move(from, to))
}

impl Refusal {
    /// The refusal in words, its square named as the board labels it.
    pub fn words(&self, board: &Board) -> String {
        let name = |square: Square| board.square_name(square);
        match *self {
            Refusal::OffBoard(square) => tr!("numbers-off-board", square = name(square)),
            Refusal::Blocked(square) => tr!("numbers-play-blocked", square = name(square)),
            Refusal::Given(square) => tr!("numbers-play-given", square = name(square)),
            Refusal::OutOfRange { number, last } => {
                tr!("numbers-play-out-of-range", number = number, last = last)
            }
            Refusal::Empty(square) => tr!("numbers-play-empty", square = name(square)),
        }
    }
}

impl Broken {
    /// The rule broken in words, its squares named as the board labels
    /// them.
    pub fn words(&self, board: &Board) -> String {
        let name = |square: Square| board.square_name(square);
        match *self {
            Broken::Twice {
                number,
                first,
                second,
            } => tr!(
                "numbers-broken-twice",
                number = number,
                first = name(first),
                second = name(second)
            ),
            Broken::OutOfReach { from, to } => tr!(
                "numbers-broken-out-of-reach",
                from = from.0,
                from_square = name(from.1),
                to = to.0,
                to_square = name(to.1),
                moves = to.0 - from.0
            ),
            Broken::NotClosed { first, last } => tr!(
                "numbers-broken-not-closed",
                first = name(first),
                last = name(last)
            ),
        }
    }
}
