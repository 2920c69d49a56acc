//! What is wrong with a puzzle file or link, as a value worded in the
//! language of whoever reads it (see [`Problem`]).

use std::fmt;

use crate::message::SystemError;

use crate::goishi::puzzle::SizeOutOfRange;
use crate::tr;

/// A side of a board, as files give them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SideName {
    /// The number of rows.
    Rows,
    /// The number of columns.
    Columns,
}

impl SideName {
    fn id(self) -> &'static str {
        match self {
            SideName::Rows => "rows",
            SideName::Columns => "columns",
        }
    }
}

/// What a file ended before.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Awaited {
    /// The pzprv3 header line.
    Header,
    /// The puzzle's type line.
    PuzzleType,
    /// A side of the board.
    Side(SideName),
    /// A row of the grid (from 1), of so many.
    Row {
        /// The row.
        row: u32,
        /// The rows of the board.
        rows: u32,
    },
}

/// What is wrong with a puzzle's file or link at the place a
/// [`ParseError`](super::ParseError) names. Pieces of the input it quotes
/// are cut short when it is made (see [`quoted`](crate::placed::quoted)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// The file could not be read; what the system said.
    CannotRead(SystemError),
    /// The file is larger than the most gridtour reads, in MiB.
    TooLarge(u64),
    /// Bytes that are not UTF-8.
    InvalidUtf8,
    /// A NUL byte: binary data.
    Binary,
    /// A row of a grid with more points than the board's columns.
    RowTooLong {
        /// The board's columns.
        columns: u32,
    },
    /// A row of a grid with fewer points than the board's columns.
    RowTooShort {
        /// The points found.
        found: u32,
        /// The board's columns.
        columns: u32,
    },
    /// A side outside what gridtour takes.
    SideOutOfRange {
        /// Which side.
        side: SideName,
        /// Its value.
        value: u32,
        /// The longest side there is.
        most: u32,
    },
    /// A side that is no number.
    NotASide {
        /// Which side.
        side: SideName,
        /// What was there.
        found: String,
    },
    /// A pick number given to two stones.
    PickTwice(u64),
    /// A pick number too large to be one.
    PickOutOfRange,
    /// A board size gridtour does not take.
    Size(SizeOutOfRange),
    /// The file ends before something it must hold.
    EndsBefore(Awaited),
    /// A pzprv3 file without its header line.
    NotPzprv3,
    /// A pzprv3 file of another puzzle.
    NotGoishi(String),
    /// A pzprv3 cell that is none of `.`, `0` or a pick number.
    UnknownPzprv3Cell(String),
    /// A PencilBox file whose first line is not its size.
    NoPencilBoxSize,
    /// A PencilBox cell that is neither `1` nor `.`.
    UnknownPencilBoxCell(String),
    /// A number expected in a PencilBox answer line.
    NotANumber(String),
    /// A PencilBox answer line without three fields.
    NotAnAnswerLine,
    /// A PencilBox answer point off the board (0-based, as the file has it).
    AnswerOffBoard {
        /// Its row.
        row: u64,
        /// Its column.
        column: u64,
        /// The board's columns.
        columns: u32,
        /// The board's rows.
        rows: u32,
    },
    /// More rows than the longest side.
    TooManyRows(u32),
    /// A file with no rows.
    Empty,
    /// A file whose rows are all empty.
    AllRowsEmpty,
    /// A quoted row without its closing quote.
    MissingQuote,
    /// Text after a row's closing quote.
    TextAfterQuote,
    /// A character that is neither a stone nor an empty point.
    UnknownCharacter(char),
    /// A row longer than the longest side.
    RowPastMostPoints(u32),
    /// JSON that could not be read; what the JSON reader said.
    Json(String),
    /// A stone off the board, 0-based as the file has it.
    StoneOffBoard {
        /// Its x.
        x: u32,
        /// Its y.
        y: u32,
        /// The board's width.
        width: u32,
        /// The board's height.
        height: u32,
    },
    /// A stone listed twice, 0-based as the file has it.
    StoneTwice {
        /// Its x.
        x: u32,
        /// Its y.
        y: u32,
    },
    /// A link with no `goishi/` in it.
    NotAGoishiLink,
    /// A link that lacks a side.
    LinkWithoutSide(SideName),
    /// Text after a link's body.
    AfterLinkBody(String),
    /// A link body longer than its board needs.
    LinkBodyTooLong {
        /// The board's columns.
        columns: u32,
        /// The board's rows.
        rows: u32,
    },
    /// A character of a link body that is no base-32 digit.
    BadLinkDigit(char),
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let size = |columns: u32, rows: u32| format!("{columns}x{rows}");
        let words = match self {
            Problem::CannotRead(error) => tr!("parse-cannot-read", error = error.to_string()),
            Problem::TooLarge(mib) => tr!("parse-too-large", mib = *mib),
            Problem::InvalidUtf8 => tr!("parse-invalid-utf8").to_owned(),
            Problem::Binary => tr!("parse-binary").to_owned(),
            Problem::RowTooLong { columns } => tr!("parse-row-too-long", columns = *columns),
            Problem::RowTooShort { found, columns } => {
                tr!("parse-row-too-short", found = *found, columns = *columns)
            }
            Problem::SideOutOfRange { side, value, most } => tr!(
                "parse-side-out-of-range",
                side = side.id(),
                value = *value,
                most = *most
            ),
            Problem::NotASide { side, found } => {
                tr!("parse-not-a-side", side = side.id(), found = found.as_str())
            }
            Problem::PickTwice(number) => tr!("parse-pick-twice", number = *number),
            Problem::PickOutOfRange => tr!("parse-pick-out-of-range").to_owned(),
            Problem::Size(error) => error.to_string(),
            Problem::EndsBefore(awaited) => match awaited {
                Awaited::Header => tr!("parse-ends-before-header").to_owned(),
                Awaited::PuzzleType => tr!("parse-ends-before-type").to_owned(),
                Awaited::Side(side) => tr!("parse-ends-before-side", side = side.id()),
                Awaited::Row { row, rows } => {
                    tr!("parse-ends-before-row", row = *row, rows = *rows)
                }
            },
            Problem::NotPzprv3 => tr!("parse-not-pzprv3").to_owned(),
            Problem::NotGoishi(kind) => tr!("parse-not-goishi", kind = kind.as_str()),
            Problem::UnknownPzprv3Cell(cell) => {
                tr!("parse-unknown-pzprv3-cell", cell = cell.as_str())
            }
            Problem::NoPencilBoxSize => tr!("parse-no-pencilbox-size").to_owned(),
            Problem::UnknownPencilBoxCell(cell) => {
                tr!("parse-unknown-pencilbox-cell", cell = cell.as_str())
            }
            Problem::NotANumber(found) => tr!("parse-not-a-number", found = found.as_str()),
            Problem::NotAnAnswerLine => tr!("parse-not-an-answer-line").to_owned(),
            Problem::AnswerOffBoard {
                row,
                column,
                columns,
                rows,
            } => tr!(
                "parse-answer-off-board",
                row = *row,
                column = *column,
                size = size(*columns, *rows)
            ),
            Problem::TooManyRows(most) => tr!("parse-too-many-rows", most = *most),
            Problem::Empty => tr!("parse-empty").to_owned(),
            Problem::AllRowsEmpty => tr!("parse-all-rows-empty").to_owned(),
            Problem::MissingQuote => tr!("parse-missing-quote").to_owned(),
            Problem::TextAfterQuote => tr!("parse-text-after-quote").to_owned(),
            Problem::UnknownCharacter(c) => {
                tr!(
                    "parse-unknown-character",
                    character = c.escape_debug().to_string()
                )
            }
            Problem::RowPastMostPoints(most) => tr!("parse-row-past-most", most = *most),
            Problem::Json(detail) => tr!("parse-json", detail = detail.as_str()),
            Problem::StoneOffBoard {
                x,
                y,
                width,
                height,
            } => tr!(
                "parse-stone-off-board",
                x = *x,
                y = *y,
                size = size(*width, *height)
            ),
            Problem::StoneTwice { x, y } => tr!("parse-stone-twice", x = *x, y = *y),
            Problem::NotAGoishiLink => tr!("parse-not-a-goishi-link").to_owned(),
            Problem::LinkWithoutSide(side) => tr!("parse-link-without-side", side = side.id()),
            Problem::AfterLinkBody(extra) => tr!("parse-after-link-body", extra = extra.as_str()),
            Problem::LinkBodyTooLong { columns, rows } => {
                tr!("parse-link-body-too-long", size = size(*columns, *rows))
            }
            Problem::BadLinkDigit(c) => {
                tr!("parse-bad-link-digit", digit = c.escape_debug().to_string())
            }
        };
        f.write_str(&words)
    }
}
