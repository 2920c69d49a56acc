//! The puzzle mode's background work: making a puzzle, solving one (for
//! hints) and asking whether a board part-way filled can be finished.

use gridtour::job::{Control, Outcome};
use gridtour::knight::{Board, TourKind};
use gridtour::numbers::{self, Filled, GenerateError, Generated, Level, NumbersPuzzle};
use gridtour::tr;

use crate::app::said::Said;

/// What a new puzzle should be.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// The board, with its blocked squares.
    pub board: Board,
    /// Open or closed.
    pub kind: TourKind,
    /// How hard it rates; `None` for the article's form: squares blocked
    /// and the 1 alone given.
    pub level: Option<Level>,
    /// The random seed.
    pub seed: u64,
}

impl Request {
    /// `8x8 closed, hard, seed 3`.
    pub fn words(&self) -> String {
        tr!(
            "numbers-request",
            size = format!("{}x{}", self.board.width(), self.board.height()),
            kind = self.kind.label(),
            level = self.level.map_or(tr!("numbers-holes-form"), Level::words),
            seed = self.seed
        )
    }
}

/// The most squares a board may have for Generate to offer `level`, if
/// there is a most: a few seconds at worst in BENCHMARKS.md (medium on
/// 12 x 12, hard on 10 x 10); hard puzzles on 12 x 12 took minutes.
pub fn most_squares(level: Level) -> Option<u32> {
    match level {
        Level::Easy => None,
        Level::Medium => Some(144),
        Level::Hard => Some(100),
    }
}

/// Whether Generate offers `level` (the article's form for `None`) on a
/// `width` x `height` board.
pub fn offered(level: Option<Level>, width: u32, height: u32) -> bool {
    let most = match level {
        Some(level) => most_squares(level),
        None => u32::try_from(numbers::HOLEY_MOST_SQUARES).ok(),
    };
    most.is_none_or(|most| width * height <= most)
}

/// The background work the puzzle mode asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum NumbersJob {
    /// A new unique puzzle, with its solution.
    Generate(Request),
    /// The solution of the puzzle on show, for hints.
    Solve(NumbersPuzzle),
    /// Whether the numbers on the board, taken as givens, still have a
    /// solution.
    Finish(NumbersPuzzle),
}

/// What a job of the puzzle mode reports.
#[derive(Debug)]
pub enum NumbersReport {
    /// A generation ended.
    Generated {
        /// The puzzle and its solution, or why there is none.
        result: Result<Generated, GenerateError>,
        /// What was asked for.
        request: Request,
    },
    /// The puzzle's solution, if it has one.
    Solved(Option<Filled>),
    /// Whether the board can still be finished.
    Finishable(bool),
}

impl NumbersJob {
    /// What the job does, for the status bar.
    pub fn label(&self) -> Said {
        match self {
            NumbersJob::Generate(request) => {
                let request = request.clone();
                Said::new(move || tr!("job-generating", request = request.words()))
            }
            NumbersJob::Solve(_) => Said::new(|| tr!("job-solving").to_owned()),
            NumbersJob::Finish(_) => Said::new(|| tr!("job-can-finish").to_owned()),
        }
    }

    /// Runs the job on the calling thread.
    pub fn run(
        self,
        control: &Control,
        _emit: &(dyn Fn(NumbersReport) -> bool + Sync),
    ) -> Outcome<NumbersReport> {
        match self {
            NumbersJob::Generate(request) => {
                let (board, kind, seed) = (&request.board, request.kind, request.seed);
                let made = match request.level {
                    Some(level) => numbers::generate(board, kind, level, seed, control),
                    None => numbers::holey(board, kind, seed, control),
                };
                made.map(|result| NumbersReport::Generated { result, request })
            }
            NumbersJob::Solve(puzzle) => {
                numbers::solve(&puzzle, control).map(NumbersReport::Solved)
            }
            NumbersJob::Finish(puzzle) => numbers::count(&puzzle, Some(1), control)
                .map(|found| NumbersReport::Finishable(found > 0)),
        }
    }
}
