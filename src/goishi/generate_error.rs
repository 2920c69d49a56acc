//! Why the Goishi generator made no puzzle (see [`GenerateError`]).

use std::fmt;

use super::puzzle::SizeOutOfRange;
use super::rate::Level;
use super::reach::FEWEST_GENERATED_STONES;
use crate::english::indefinite_article;

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
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let a = |width: &u32| indefinite_article(u64::from(*width));
        match self {
            GenerateError::Size(error) => error.fmt(f),
            GenerateError::StonesOutOfRange {
                width,
                height,
                stones,
            } => write!(
                f,
                "{} {width}x{height} board holds 1 to {} stones (asked for {stones})",
                a(width),
                *width as usize * *height as usize
            ),
            GenerateError::TooMany { stones, most } => write!(
                f,
                "the generator makes puzzles of at most {most} stones (asked for {stones})"
            ),
            GenerateError::TooFew { stones, fewest } => write!(
                f,
                "{stones} stones are too few: the generator finds no puzzle with one solution \
                 of fewer than {fewest} stones (one stone aside); ask for {fewest} or more"
            ),
            GenerateError::TooDense {
                width,
                height,
                stones,
                most,
            } => write!(
                f,
                "{stones} stones on the {} points of {} {width}x{height} board are too dense for \
                 a puzzle with one solution; at most {most} can be asked for",
                *width as usize * *height as usize,
                a(width)
            ),
            GenerateError::BeyondReach {
                width,
                height,
                stones,
                most,
                chained,
                side,
            } => {
                let per_line = if *chained {
                    " (about 3.4 stones a row and a column)"
                } else {
                    ""
                };
                if *most < FEWEST_GENERATED_STONES {
                    return write!(
                        f,
                        "the generator makes no puzzle of more than one stone with one \
                         solution on {} {width}x{height} board; try a board of at least \
                         {side}x{side}",
                        a(width)
                    );
                }
                write!(
                    f,
                    "{stones} stones are more than the generator can make unique on {} \
                     {width}x{height} board{per_line}: ask for at most {most}, or a board of at \
                     least {side}x{side}",
                    a(width)
                )
            }
            GenerateError::NoWalk {
                width,
                height,
                stones,
            } => write!(
                f,
                "could not place {stones} stones on {} {width}x{height} board by a legal walk; \
                 try fewer stones",
                a(width)
            ),
            GenerateError::NotFound {
                width,
                height,
                stones,
                level,
                chained,
            } => {
                write!(
                    f,
                    "found no {width}x{height} puzzle with {stones} stones and a single solution"
                )?;
                if let Some(level) = level {
                    write!(f, " that rates {}", level.name())?;
                }
                match chained {
                    true => write!(f, "; try fewer stones or another seed"),
                    false => write!(f, "; try fewer stones or a smaller board"),
                }
            }
            GenerateError::NoneOfLevel {
                width,
                height,
                stones,
                level,
                attempts,
            } => {
                write!(
                    f,
                    "found no {width}x{height} puzzle with {stones} stones that rates {} in \
                     {attempts} tries; try another seed",
                    level.name()
                )?;
                if *level == Level::Easy {
                    write!(
                        f,
                        ", or fewer stones (easy puzzles are rare beyond about 20 stones a block)"
                    )?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for GenerateError {}

impl From<SizeOutOfRange> for GenerateError {
    fn from(error: SizeOutOfRange) -> Self {
        GenerateError::Size(error)
    }
}
