//! The rules: checking a pick order, and a play state that enforces them.
//!
//! Both the validator and interactive play go through [`Game::try_pick`], so
//! there is exactly one statement of the rules in the code base; the solver's
//! results are checked against it in the tests.

use std::fmt;

use super::puzzle::{Direction, Point, Puzzle};
use crate::tr;

/// The first rule a pick order breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleViolation {
    /// 1-based number of the offending pick (one past the last pick when
    /// stones were left on the board).
    pub step: usize,
    /// Which rule, and where.
    pub broken: Broken,
}

/// A rule of the game and the points that break it (0-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Broken {
    /// The pick is not on a stone.
    NotAStone {
        /// The point picked.
        at: Point,
    },
    /// The stone was picked before.
    PickedTwice {
        /// The stone.
        at: Point,
        /// The step that first picked it.
        first: usize,
    },
    /// The stone is not in the row or column of the last pick.
    NotInLine {
        /// The stone.
        at: Point,
        /// The last pick.
        from: Point,
    },
    /// The pick goes straight back the way the last one came.
    Reversed {
        /// The direction of this pick.
        moving: Direction,
        /// The direction of the last.
        after: Direction,
    },
    /// A stone still on the board lies between the last pick and this one.
    JumpedOver {
        /// The stone jumped over.
        stone: Point,
    },
    /// The order ended with stones left.
    StonesLeft {
        /// How many.
        count: usize,
        /// The first of them, row by row.
        first: Point,
    },
}

impl fmt::Display for RuleViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rule = match self.broken {
            Broken::NotAStone { at } => tr!("broken-not-a-stone", at = at.to_string()),
            Broken::PickedTwice { at, first } => {
                tr!("broken-picked-twice", at = at.to_string(), first = first)
            }
            Broken::NotInLine { at, from } => tr!(
                "broken-not-in-line",
                at = at.to_string(),
                from = from.to_string()
            ),
            Broken::Reversed { moving, after } => tr!(
                "broken-reversed",
                moving = moving.words(),
                after = after.words()
            ),
            Broken::JumpedOver { stone } => tr!("broken-jumped-over", stone = stone.to_string()),
            Broken::StonesLeft { count, first } => tr!(
                "broken-stones-left",
                count = count,
                first = first.to_string()
            ),
        };
        f.write_str(&tr!("broken-at-step", step = self.step, rule = rule))
    }
}

impl std::error::Error for RuleViolation {}

/// Checks a complete pick order: Ok when it picks every stone legally,
/// otherwise the first broken rule.
pub fn validate(puzzle: &Puzzle, order: &[Point]) -> Result<(), RuleViolation> {
    let left = replay(puzzle, order)?.stones_left();
    match left.first() {
        None => Ok(()),
        Some(first) => Err(RuleViolation {
            step: order.len() + 1,
            broken: Broken::StonesLeft {
                count: left.len(),
                first: *first,
            },
        }),
    }
}

/// Checks the start of a pick order: Ok when every pick in it is legal,
/// whether or not stones are left (a game saved half-way).
pub fn validate_prefix(puzzle: &Puzzle, order: &[Point]) -> Result<(), RuleViolation> {
    replay(puzzle, order).map(|_| ())
}

fn replay(puzzle: &Puzzle, order: &[Point]) -> Result<Game, RuleViolation> {
    let mut game = Game::new(puzzle.clone());
    for &p in order {
        game.try_pick(p)?;
    }
    Ok(game)
}

/// A puzzle being played: the picks so far, with undo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    puzzle: Puzzle,
    picks: Vec<Point>,
    /// Row-major: the 1-based step at which each point was picked, 0 if not.
    picked_at: Vec<usize>,
}

impl Game {
    /// A fresh game with every stone on the board.
    pub fn new(puzzle: Puzzle) -> Game {
        let points = puzzle.width() as usize * puzzle.height() as usize;
        Game {
            puzzle,
            picks: Vec::new(),
            picked_at: vec![0; points],
        }
    }

    /// The puzzle being played.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The stones picked so far, in order.
    pub fn picks(&self) -> &[Point] {
        &self.picks
    }

    fn step_of(&self, p: Point) -> usize {
        if self.puzzle.contains(p) {
            self.picked_at[p.y as usize * self.puzzle.width() as usize + p.x as usize]
        } else {
            0
        }
    }

    /// Whether the stone at `p` has been picked.
    pub fn is_picked(&self, p: Point) -> bool {
        self.step_of(p) != 0
    }

    fn is_remaining(&self, p: Point) -> bool {
        self.puzzle.has_stone(p) && !self.is_picked(p)
    }

    /// The direction of the last move, if at least two stones were picked.
    fn last_direction(&self) -> Option<Direction> {
        match self.picks.as_slice() {
            [.., before, last] => Direction::between(*before, *last),
            _ => None,
        }
    }

    /// Picks the stone at `p`, or explains which rule forbids it.
    pub fn try_pick(&mut self, p: Point) -> Result<(), RuleViolation> {
        let step = self.picks.len() + 1;
        let refuse = |broken: Broken| Err(RuleViolation { step, broken });
        if !self.puzzle.has_stone(p) {
            return refuse(Broken::NotAStone { at: p });
        }
        let earlier = self.step_of(p);
        if earlier != 0 {
            return refuse(Broken::PickedTwice {
                at: p,
                first: earlier,
            });
        }
        if let Some(&from) = self.picks.last() {
            let Some(direction) = Direction::between(from, p) else {
                return refuse(Broken::NotInLine { at: p, from });
            };
            if self.last_direction() == Some(direction.opposite()) {
                return refuse(Broken::Reversed {
                    moving: direction,
                    after: direction.opposite(),
                });
            }
            if let Some(skipped) = self.first_remaining_between(from, p, direction) {
                return refuse(Broken::JumpedOver { stone: skipped });
            }
        }
        let index = p.y as usize * self.puzzle.width() as usize + p.x as usize;
        self.picked_at[index] = step;
        self.picks.push(p);
        Ok(())
    }

    /// The first stone still on the board strictly between `from` and `to`.
    fn first_remaining_between(
        &self,
        from: Point,
        to: Point,
        direction: Direction,
    ) -> Option<Point> {
        let mut at = direction.step(from)?;
        while at != to {
            if self.is_remaining(at) {
                return Some(at);
            }
            at = direction.step(at)?;
        }
        None
    }

    /// Takes back the last pick and returns it.
    pub fn undo(&mut self) -> Option<Point> {
        let p = self.picks.pop()?;
        let index = p.y as usize * self.puzzle.width() as usize + p.x as usize;
        self.picked_at[index] = 0;
        Some(p)
    }

    /// The stones that may be picked next: any stone before the first pick,
    /// afterwards the first stone still on the board in each direction that
    /// is not a reversal.
    pub fn legal_picks(&self) -> Vec<Point> {
        let Some(&from) = self.picks.last() else {
            return self.puzzle.stones();
        };
        let forbidden = self.last_direction().map(Direction::opposite);
        Direction::ALL
            .into_iter()
            .filter(|&direction| Some(direction) != forbidden)
            .filter_map(|direction| self.first_remaining_from(from, direction))
            .collect()
    }

    fn first_remaining_from(&self, from: Point, direction: Direction) -> Option<Point> {
        let mut at = direction.step(from)?;
        while self.puzzle.contains(at) {
            if self.is_remaining(at) {
                return Some(at);
            }
            at = direction.step(at)?;
        }
        None
    }

    /// Stones not picked yet, row-major.
    pub fn stones_left(&self) -> Vec<Point> {
        self.puzzle
            .stones()
            .into_iter()
            .filter(|&p| !self.is_picked(p))
            .collect()
    }

    /// Whether every stone has been picked.
    pub fn is_complete(&self) -> bool {
        self.picks.len() == self.puzzle.stone_count()
    }
}
