//! Knight's tour puzzles shared as one line of text, as knight boards are
//! (see [`crate::knight::BoardLink`]):
//!
//! `gridtour:numbers?size=8x8&closed&blocked=c3&givens=a1:1,e5:12`
//!
//! `size`, `closed` and `blocked` mean what they mean in a knight link;
//! `givens` lists the given numbers as square:number, comma-separated.

use std::fmt;

use crate::knight::link::{LinkOf, parse_link};
use crate::knight::{BoardLink, LinkError, NUMBERS_LINK_PREFIX};
use crate::tr;

use super::{NumbersPuzzle, PuzzleError};

/// Why a text is not a link to a knight's tour puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NumbersLinkError {
    /// It does not start with [`NUMBERS_LINK_PREFIX`].
    NotALink,
    /// Its board fields are wrong, as a knight link's would be.
    Board(LinkError),
    /// A given that is not square:number.
    NotAGiven {
        /// Where it starts, counted in characters from 1.
        column: usize,
    },
    /// A given on a square the board has not, or two the puzzle cannot
    /// have.
    Puzzle {
        /// Where the `givens` field starts.
        column: usize,
        /// What is wrong.
        error: PuzzleError,
    },
}

/// The link of `puzzle`.
pub fn to_link(puzzle: &NumbersPuzzle) -> String {
    BoardLink::of_board(puzzle.board().clone(), puzzle.kind()).to_puzzle_link(&puzzle.givens())
}

/// Reads a link to a knight's tour puzzle (surrounding white space and
/// percent escapes of letters, digits and commas allowed, as in knight
/// links).
pub fn parse(text: &str) -> Result<NumbersPuzzle, NumbersLinkError> {
    if !text.trim().starts_with(NUMBERS_LINK_PREFIX) {
        return Err(NumbersLinkError::NotALink);
    }
    let (link, givens) = parse_link(text, LinkOf::Numbers).map_err(NumbersLinkError::Board)?;
    let board = link.board;
    let (list, at) = givens.unwrap_or_default();
    let mut column = at;
    let mut read = Vec::new();
    for given in list.split(',').filter(|given| !given.is_empty()) {
        // A number is digits alone, as in a puzzle's text file.
        let square_number = given.split_once(':').and_then(|(name, number)| {
            let digits = number.bytes().all(|byte| byte.is_ascii_digit());
            let number = number.parse::<u32>().ok().filter(|_| digits)?;
            Some((board.parse_square(name).ok()?, number))
        });
        read.push(square_number.ok_or(NumbersLinkError::NotAGiven { column })?);
        column += given.chars().count() + 1;
    }
    NumbersPuzzle::new(board, link.kind, &read).map_err(|error| {
        // A board too large is the size field's fault, givens or not.
        let column = match error {
            PuzzleError::Size { .. } => size_column(text),
            _ => at,
        };
        NumbersLinkError::Puzzle { column, error }
    })
}

/// The column, counted from 1, where the `size` field of `text` starts.
fn size_column(text: &str) -> usize {
    let text = text.trim();
    text.find("size=")
        .map_or(1, |at| text[..at].chars().count() + 1)
}

impl fmt::Display for NumbersLinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match self {
            NumbersLinkError::NotALink => {
                tr!("numbers-link-not-a-link", prefix = NUMBERS_LINK_PREFIX)
            }
            NumbersLinkError::Board(error) => error.to_string(),
            NumbersLinkError::NotAGiven { column } => {
                tr!("numbers-link-not-a-given", column = *column)
            }
            NumbersLinkError::Puzzle { column, error } => tr!(
                "numbers-link-puzzle",
                column = *column,
                error = super::format::puzzle_error_words(error)
            ),
        })
    }
}

impl std::error::Error for NumbersLinkError {}
