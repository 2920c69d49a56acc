//! The puzzle model: a rectangular grid of points, some of which hold stones.

use crate::tr;
use std::fmt;

use serde::{Deserialize, Serialize};

/// A grid point, 0-based: `x` is the column, `y` the row counted from the top.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Point {
    /// Column, 0 at the left edge.
    pub x: u32,
    /// Row, 0 at the top edge.
    pub y: u32,
}

impl Point {
    /// The point at column `x`, row `y`.
    pub const fn new(x: u32, y: u32) -> Self {
        Self { x, y }
    }
}

/// The point as messages name it: its column and row, both counted from
/// 1 (the column from the left, the row from the top), as the window's
/// board labels show them. Files and links count from 0.
impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", u64::from(self.x) + 1, u64::from(self.y) + 1)
    }
}

/// One of the four directions a move can take.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards row 0.
    Up,
    /// Towards the last row.
    Down,
    /// Towards column 0.
    Left,
    /// Towards the last column.
    Right,
}

impl Direction {
    /// All four directions, in a fixed order.
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    /// The direction that would undo this one: moving this way after moving
    /// the other way is the forbidden 180-degree turn.
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::Up => Direction::Down,
            Direction::Down => Direction::Up,
            Direction::Left => Direction::Right,
            Direction::Right => Direction::Left,
        }
    }

    /// The direction of a straight move from `from` to `to`, or `None` when
    /// the two points share neither row nor column (or are the same point).
    pub fn between(from: Point, to: Point) -> Option<Direction> {
        use std::cmp::Ordering::{Equal, Greater, Less};
        match (to.x.cmp(&from.x), to.y.cmp(&from.y)) {
            (Equal, Less) => Some(Direction::Up),
            (Equal, Greater) => Some(Direction::Down),
            (Less, Equal) => Some(Direction::Left),
            (Greater, Equal) => Some(Direction::Right),
            _ => None,
        }
    }

    /// The neighbour of `p` one step this way, or `None` past the top or
    /// left edge (the caller checks the bottom and right edges).
    pub fn step(self, p: Point) -> Option<Point> {
        match self {
            Direction::Up => p.y.checked_sub(1).map(|y| Point::new(p.x, y)),
            Direction::Down => Some(Point::new(p.x, p.y + 1)),
            Direction::Left => p.x.checked_sub(1).map(|x| Point::new(x, p.y)),
            Direction::Right => Some(Point::new(p.x + 1, p.y)),
        }
    }

    /// The direction in words, in this thread's language.
    pub fn words(self) -> &'static str {
        match self {
            Direction::Up => tr!("direction-up"),
            Direction::Down => tr!("direction-down"),
            Direction::Left => tr!("direction-left"),
            Direction::Right => tr!("direction-right"),
        }
    }
}

/// A Goishi Hiroi puzzle: the board size and where the stones stand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    width: u32,
    height: u32,
    /// Row-major, `true` where a stone stands.
    cells: Vec<bool>,
}

impl Puzzle {
    /// The largest width or height accepted anywhere (files, URLs, the
    /// generator). Bounds memory: a full board is a million points.
    pub const MAX_SIDE: u32 = 1000;

    /// An empty board. Fails when a side is 0 or above [`Puzzle::MAX_SIDE`].
    pub fn new(width: u32, height: u32) -> Result<Puzzle, SizeOutOfRange> {
        let valid = 1..=Self::MAX_SIDE;
        if !valid.contains(&width) || !valid.contains(&height) {
            return Err(SizeOutOfRange { width, height });
        }
        Ok(Puzzle {
            width,
            height,
            cells: vec![false; width as usize * height as usize],
        })
    }

    /// Number of columns.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Whether `p` lies on the board.
    pub fn contains(&self, p: Point) -> bool {
        p.x < self.width && p.y < self.height
    }

    fn index(&self, p: Point) -> Option<usize> {
        self.contains(p)
            .then(|| p.y as usize * self.width as usize + p.x as usize)
    }

    /// Whether a stone stands at `p` (false off the board).
    pub fn has_stone(&self, p: Point) -> bool {
        self.index(p).is_some_and(|i| self.cells[i])
    }

    /// Places or removes a stone. Points off the board are ignored, so an
    /// editor can forward clicks without checking them first.
    pub fn set_stone(&mut self, p: Point, stone: bool) {
        if let Some(i) = self.index(p) {
            self.cells[i] = stone;
        }
    }

    /// All stones in row-major order (top row first, left to right).
    pub fn stones(&self) -> Vec<Point> {
        let width = self.width as usize;
        self.cells
            .iter()
            .enumerate()
            .filter(|(_, stone)| **stone)
            .map(|(i, _)| Point::new((i % width) as u32, (i / width) as u32))
            .collect()
    }

    /// How many stones stand on the board.
    pub fn stone_count(&self) -> usize {
        self.cells.iter().filter(|stone| **stone).count()
    }

    /// A copy with another size. Stones that still fit keep their place,
    /// the others are dropped.
    pub fn resized(&self, width: u32, height: u32) -> Result<Puzzle, SizeOutOfRange> {
        let mut resized = Puzzle::new(width, height)?;
        for stone in self.stones() {
            resized.set_stone(stone, true);
        }
        Ok(resized)
    }
}

/// A puzzle size beyond what gridtour takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SizeOutOfRange {
    /// The width asked for.
    pub width: u32,
    /// The height asked for.
    pub height: u32,
}

impl std::fmt::Display for SizeOutOfRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&tr!(
            "size-out-of-range",
            size = format!("{}x{}", self.width, self.height),
            most = Puzzle::MAX_SIDE
        ))
    }
}

impl std::error::Error for SizeOutOfRange {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_absurd_sizes() {
        assert!(Puzzle::new(0, 5).is_err());
        assert!(Puzzle::new(5, Puzzle::MAX_SIDE + 1).is_err());
        assert!(Puzzle::new(Puzzle::MAX_SIDE, 1).is_ok());
    }

    #[test]
    fn stones_are_row_major_and_resize_keeps_those_that_fit() {
        let mut puzzle = Puzzle::new(4, 3).unwrap();
        for p in [Point::new(3, 0), Point::new(1, 2), Point::new(0, 0)] {
            puzzle.set_stone(p, true);
        }
        puzzle.set_stone(Point::new(9, 9), true);
        assert_eq!(
            puzzle.stones(),
            vec![Point::new(0, 0), Point::new(3, 0), Point::new(1, 2)]
        );
        let smaller = puzzle.resized(2, 3).unwrap();
        assert_eq!(smaller.stones(), vec![Point::new(0, 0), Point::new(1, 2)]);
    }

    #[test]
    fn direction_between_points() {
        let a = Point::new(2, 2);
        assert_eq!(Direction::between(a, Point::new(2, 0)), Some(Direction::Up));
        assert_eq!(
            Direction::between(a, Point::new(5, 2)),
            Some(Direction::Right)
        );
        assert_eq!(Direction::between(a, Point::new(3, 3)), None);
        assert_eq!(Direction::between(a, a), None);
    }
}
