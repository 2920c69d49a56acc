//! Why the Goishi generator made no puzzle (see [`GenerateError`]).

use crate::english::group_digits;
use crate::tr;
use std::fmt;

use super::puzzle::SizeOutOfRange;
use super::reach::FEWEST_GENERATED_STONES;
use super::reach::StoneCounts;
use crate::i18n::list_words;
use crate::level::Level;

/// Why no puzzle was made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GenerateError {
    /// The board's size is out of range.
    Size(SizeOutOfRange),
    /// The stones do not fit on the board at all.
    StonesOutOfRange {
        /// The board's width.
        width: u32,
        /// The board's height.
        height: u32,
        /// The stones asked for.
        stones: usize,
    },
    /// More stones than the generator makes.
    TooMany {
        /// The stones asked for.
        stones: usize,
        /// The most the generator makes.
        most: usize,
    },
    /// So few stones (more than one) that no seed makes a puzzle of them
    /// with one solution.
    TooFew {
        /// The stones asked for.
        stones: usize,
        /// The fewest that work.
        fewest: usize,
    },
    /// Stones packed more densely than any unique puzzle of the board.
    TooDense {
        /// The board's width.
        width: u32,
        /// The board's height.
        height: u32,
        /// The stones asked for.
        stones: usize,
        /// The most that can be asked for.
        most: usize,
    },
    /// More stones than the generator makes unique on the board, by a
    /// chain of blocks (`chained`) or in one piece.
    BeyondReach {
        /// The board's width.
        width: u32,
        /// The board's height.
        height: u32,
        /// The stones asked for.
        stones: usize,
        /// The most the board takes.
        most: usize,
        /// Whether that is as a chain of blocks.
        chained: bool,
        /// The side of the smallest square board the stones fit on.
        side: u32,
    },
    /// No legal walk placed the stones.
    NoWalk {
        /// The board's width.
        width: u32,
        /// The board's height.
        height: u32,
        /// The stones asked for.
        stones: usize,
    },
    /// The search for a unique puzzle found none within its budget.
    NotFound {
        /// The board's width.
        width: u32,
        /// The board's height.
        height: u32,
        /// The stones asked for.
        stones: usize,
        /// The level the puzzle had to rate, when a chain's block had to.
        level: Option<Level>,
        /// Whether it was built as a chain of blocks (another seed may do).
        chained: bool,
    },
    /// No puzzle of the level asked for, in this many tries.
    NoneOfLevel {
        /// The board's width.
        width: u32,
        /// The board's height.
        height: u32,
        /// The stones asked for.
        stones: usize,
        /// The level asked for.
        level: Level,
        /// The puzzles made and rated.
        attempts: u64,
    },
    /// The generator's puzzles of this board and stones do not rate the
    /// level asked for, as measured (said before any search).
    LevelOutOfReach {
        /// The board's width.
        width: u32,
        /// The board's height.
        height: u32,
        /// The stones asked for.
        stones: usize,
        /// The level asked for.
        level: Level,
        /// The stones with which they do, as measured.
        reached_with: StoneCounts,
    },
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let size = |width: u32, height: u32| format!("{width}x{height}");
        let words = match *self {
            GenerateError::Size(error) => error.to_string(),
            GenerateError::StonesOutOfRange {
                width,
                height,
                stones,
            } => tr!(
                "generate-stones-out-of-range",
                size = size(width, height),
                points = width as usize * height as usize,
                stones = stones
            ),
            GenerateError::TooMany { stones, most } => {
                tr!("generate-too-many", stones = stones, most = most)
            }
            GenerateError::TooFew { stones, fewest } => {
                tr!("generate-too-few", stones = stones, fewest = fewest)
            }
            GenerateError::TooDense {
                width,
                height,
                stones,
                most,
            } => tr!(
                "generate-too-dense",
                size = size(width, height),
                points = width as usize * height as usize,
                stones = stones,
                most = most
            ),
            GenerateError::BeyondReach {
                width,
                height,
                stones,
                most,
                chained,
                side,
            } => {
                let size = size(width, height);
                if most < FEWEST_GENERATED_STONES {
                    tr!(
                        "generate-none-on-board",
                        size = size,
                        stones = stones,
                        side = side
                    )
                } else {
                    let per_line = if chained {
                        tr!("generate-per-line")
                    } else {
                        ""
                    };
                    tr!(
                        "generate-beyond-reach",
                        size = size,
                        stones = stones,
                        most = most,
                        side = side,
                        per_line = per_line
                    )
                }
            }
            GenerateError::NoWalk {
                width,
                height,
                stones,
            } => tr!(
                "generate-no-walk",
                size = size(width, height),
                stones = stones
            ),
            GenerateError::NotFound {
                width,
                height,
                stones,
                level,
                ..
            } => tr!(
                "generate-not-found",
                size = size(width, height),
                stones = stones,
                level = level.map_or(String::new(), |level| {
                    tr!("generate-rating", level = level.words())
                })
            ),
            GenerateError::LevelOutOfReach {
                width,
                height,
                level,
                reached_with,
                ..
            } if reached_with.is_empty() => tr!(
                "generate-level-never",
                size = size(width, height),
                level = level.words()
            ),
            GenerateError::LevelOutOfReach {
                width,
                height,
                stones,
                level,
                reached_with,
            } => {
                let runs: Vec<String> = reached_with
                    .runs()
                    .into_iter()
                    .map(|(fewest, most)| match fewest == most {
                        true => fewest.to_string(),
                        false => format!("{fewest}-{most}"),
                    })
                    .collect();
                tr!(
                    "generate-level-out-of-reach",
                    size = size(width, height),
                    stones = stones,
                    level = level.words(),
                    counts = list_words(&runs)
                )
            }
            GenerateError::NoneOfLevel {
                width,
                height,
                stones,
                level,
                attempts,
            } => tr!(
                "generate-none-of-level",
                size = size(width, height),
                stones = stones,
                level = level.words(),
                attempts = group_digits(attempts)
            ),
        };
        f.write_str(&words)
    }
}

impl std::error::Error for GenerateError {}

impl From<SizeOutOfRange> for GenerateError {
    fn from(error: SizeOutOfRange) -> Self {
        GenerateError::Size(error)
    }
}
