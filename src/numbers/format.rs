//! Numbered-tour puzzles as text a person can type, and as JSON.
//!
//! Text: an optional first line `closed` (or `open`), then a row a line,
//! top row first: a move number, `.` for a square to fill in, `#` for a
//! blocked square, separated by spaces.
//!
//! JSON, x from the left and y from the top, both from 0, as the knight's
//! JSON has them:
//! `{"width":8,"height":8,"closed":false,"blocked":[[2,2]],"givens":[[0,7,1]]}`;
//! a solved puzzle adds `"solution"`, its rows of numbers, 0 on blocked
//! squares.

use std::fmt;
use std::path::Path;

use crate::message::SystemError;

use serde::{Deserialize, Serialize};

use super::{Filled, NumbersPuzzle, PuzzleError};
use crate::knight::{Board, Square, TourKind};
use crate::tr;

/// Files larger than this are refused unread: a 24 x 24 board in either
/// form takes a few kilobytes.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// Why a puzzle could not be read, and where.
pub type ReadError = crate::placed::Placed<Problem>;

/// What is wrong with a numbered puzzle's text or JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// The file could not be read; what the system said.
    CannotRead(SystemError),
    /// Larger than [`MAX_FILE_BYTES`].
    TooLarge,
    /// Not UTF-8 text.
    NotText,
    /// No rows.
    Empty,
    /// A cell that is no number, `.` or `#` (cut short).
    UnknownCell(String),
    /// A row of another length than the first.
    Ragged {
        /// Its cells.
        cells: usize,
        /// The first row's.
        expected: usize,
    },
    /// JSON that could not be read; what the JSON reader said.
    Json(String),
    /// A solution whose rows do not fit the board.
    SolutionShape,
    /// The board and givens make no puzzle.
    Puzzle(PuzzleError),
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match self {
            Problem::CannotRead(error) => tr!("parse-cannot-read", error = error.to_string()),
            Problem::TooLarge => tr!("parse-too-large", mib = MAX_FILE_BYTES >> 20),
            Problem::NotText => tr!("parse-invalid-utf8").to_owned(),
            Problem::Empty => tr!("parse-empty").to_owned(),
            Problem::UnknownCell(cell) => tr!("numbers-unknown-cell", cell = cell.as_str()),
            Problem::Ragged { cells, expected } => {
                tr!("numbers-ragged", cells = *cells, expected = *expected)
            }
            Problem::Json(detail) => tr!("parse-json", detail = detail.as_str()),
            Problem::SolutionShape => tr!("numbers-solution-shape").to_owned(),
            Problem::Puzzle(error) => puzzle_error_words(error),
        })
    }
}

impl std::fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&puzzle_error_words(self))
    }
}

/// `error` in words, its squares named by their `[x, y]` as the files
/// give them.
pub(super) fn puzzle_error_words(error: &PuzzleError) -> String {
    let square = |square: &Square| format!("[{}, {}]", square.x, square.y);
    match error {
        PuzzleError::Size { width, height } => tr!(
            "numbers-size",
            size = format!("{width}x{height}"),
            most = NumbersPuzzle::MAX_SIDE
        ),
        PuzzleError::OffBoard(at) => tr!("numbers-off-board", square = square(at)),
        PuzzleError::Blocked(at) => tr!("numbers-given-blocked", square = square(at)),
        PuzzleError::OutOfRange {
            square: at,
            number,
            most,
        } => tr!(
            "numbers-out-of-range",
            square = square(at),
            number = *number,
            most = *most
        ),
        PuzzleError::Twice(number) => tr!("numbers-twice", number = *number),
        PuzzleError::TwoNumbers(at) => tr!("numbers-two-numbers", square = square(at)),
    }
}

/// A puzzle read from a file, with the solution it carried.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadPuzzle {
    /// The puzzle.
    pub puzzle: NumbersPuzzle,
    /// The solution the JSON carried, unchecked (see
    /// [`is_solution`](super::is_solution)).
    pub solution: Option<Filled>,
}

/// Reads the file at `path` in either form.
pub fn load_path(path: &Path) -> Result<ReadPuzzle, ReadError> {
    let source = path.display().to_string();
    let whole = |problem| ReadError {
        source: source.clone(),
        line: 0,
        column: 0,
        problem,
    };
    let bytes = crate::placed::read_at_most(path, MAX_FILE_BYTES + 1)
        .map_err(|e| whole(Problem::CannotRead(e.into())))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(whole(Problem::TooLarge));
    }
    let text = std::str::from_utf8(&bytes).map_err(|_| whole(Problem::NotText))?;
    parse(&source, text)
}

/// Reads a puzzle from `text`, JSON if it starts with `{`, else the text
/// form; `source` names it in errors.
pub fn parse(source: &str, text: &str) -> Result<ReadPuzzle, ReadError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim_start().starts_with('{') {
        parse_json(source, text)
    } else {
        parse_text(source, text).map(|puzzle| ReadPuzzle {
            puzzle,
            solution: None,
        })
    }
}

fn parse_text(source: &str, text: &str) -> Result<NumbersPuzzle, ReadError> {
    let at = |line: usize, column: usize, problem| ReadError {
        source: source.to_owned(),
        line,
        column,
        problem,
    };
    let mut kind = TourKind::Open;
    let mut rows: Vec<Vec<Option<u32>>> = Vec::new();
    let mut blocked = Vec::new();
    let mut givens = Vec::new();
    let mut first_line = 1;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let trimmed = line.trim();
        if trimmed.is_empty() {
            continue;
        }
        if rows.is_empty() && (trimmed == "closed" || trimmed == "open") {
            kind = if trimmed == "closed" {
                TourKind::Closed
            } else {
                TourKind::Open
            };
            continue;
        }
        if rows.is_empty() {
            first_line = number;
        }
        if rows.len() as u32 >= NumbersPuzzle::MAX_SIDE {
            let problem = Problem::Puzzle(PuzzleError::Size {
                width: rows[0].len() as u32,
                height: rows.len() as u32 + 1,
            });
            return Err(at(number, 1, problem));
        }
        let y = rows.len() as u32;
        let mut row = Vec::new();
        let mut column = 1;
        let mut rest = line;
        while !rest.trim_start().is_empty() {
            let skipped = rest.len() - rest.trim_start().len();
            column += rest[..skipped].chars().count();
            rest = &rest[skipped..];
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            let cell = &rest[..end];
            let x = row.len() as u32;
            if x >= NumbersPuzzle::MAX_SIDE {
                let problem = Problem::Puzzle(PuzzleError::Size {
                    width: x + 1,
                    height: y + 1,
                });
                return Err(at(number, column, problem));
            }
            match cell {
                "." => row.push(Some(0)),
                "#" => {
                    row.push(None);
                    blocked.push(Square::new(x, y));
                }
                _ => match cell.parse::<u32>() {
                    Ok(given) if cell.bytes().all(|b| b.is_ascii_digit()) => {
                        row.push(Some(given));
                        givens.push((Square::new(x, y), given, number, column));
                    }
                    _ => {
                        let shown = crate::placed::quoted(cell);
                        return Err(at(number, column, Problem::UnknownCell(shown)));
                    }
                },
            }
            column += cell.chars().count();
            rest = &rest[end..];
        }
        if let Some(first) = rows.first()
            && first.len() != row.len()
        {
            let problem = Problem::Ragged {
                cells: row.len(),
                expected: first.len(),
            };
            return Err(at(number, column, problem));
        }
        rows.push(row);
    }
    let (width, height) = match rows.first() {
        Some(first) => (first.len() as u32, rows.len() as u32),
        None => return Err(at(1, 1, Problem::Empty)),
    };
    let mut board = Board::new(width, height).map_err(|_| {
        at(
            first_line,
            1,
            Problem::Puzzle(PuzzleError::Size { width, height }),
        )
    })?;
    for square in blocked {
        board.set_blocked(square, true);
    }
    let pairs: Vec<(Square, u32)> = givens.iter().map(|&(s, n, _, _)| (s, n)).collect();
    NumbersPuzzle::new(board, kind, &pairs).map_err(|error| {
        // The error's place: the given it speaks of, or the first row.
        let place = |square: Square| {
            givens
                .iter()
                .find(|&&(s, ..)| s == square)
                .map(|&(_, _, line, column)| (line, column))
        };
        let spoken = match error {
            PuzzleError::OutOfRange { square, .. } | PuzzleError::TwoNumbers(square) => {
                place(square)
            }
            PuzzleError::Twice(number) => givens
                .iter()
                .filter(|&&(_, n, ..)| n == number)
                .nth(1)
                .map(|&(_, _, line, column)| (line, column)),
            _ => None,
        };
        let (line, column) = spoken.unwrap_or((first_line, 1));
        at(line, column, Problem::Puzzle(error))
    })
}

/// The JSON form, as read and written.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Json {
    width: u32,
    height: u32,
    #[serde(default)]
    closed: bool,
    #[serde(default)]
    blocked: Vec<[u32; 2]>,
    #[serde(default)]
    givens: Vec<[u32; 3]>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    solution: Option<Vec<Vec<u32>>>,
}

fn parse_json(source: &str, text: &str) -> Result<ReadPuzzle, ReadError> {
    let whole = |problem| ReadError {
        source: source.to_owned(),
        line: 1,
        column: 1,
        problem,
    };
    let json: Json = serde_json::from_str(text).map_err(|error| {
        let detail = error.to_string();
        let detail = detail.split(" at line ").next().unwrap_or(&detail);
        ReadError {
            source: source.to_owned(),
            line: error.line().max(1),
            column: error.column().max(1),
            problem: Problem::Json(detail.chars().take(200).collect()),
        }
    })?;
    let size = PuzzleError::Size {
        width: json.width,
        height: json.height,
    };
    if json.width > NumbersPuzzle::MAX_SIDE || json.height > NumbersPuzzle::MAX_SIDE {
        return Err(whole(Problem::Puzzle(size)));
    }
    let mut board =
        Board::new(json.width, json.height).map_err(|_| whole(Problem::Puzzle(size)))?;
    for &[x, y] in &json.blocked {
        let square = Square::new(x, y);
        if !board.contains(square) {
            return Err(whole(Problem::Puzzle(PuzzleError::OffBoard(square))));
        }
        board.set_blocked(square, true);
    }
    let kind = if json.closed {
        TourKind::Closed
    } else {
        TourKind::Open
    };
    let givens: Vec<(Square, u32)> = json
        .givens
        .iter()
        .map(|&[x, y, number]| (Square::new(x, y), number))
        .collect();
    let puzzle =
        NumbersPuzzle::new(board, kind, &givens).map_err(|error| whole(Problem::Puzzle(error)))?;
    let solution = match json.solution {
        None => None,
        Some(rows) => {
            let fits = rows.len() == json.height as usize
                && rows.iter().all(|row| row.len() == json.width as usize);
            if !fits {
                return Err(whole(Problem::SolutionShape));
            }
            Some(rows.concat())
        }
    };
    Ok(ReadPuzzle { puzzle, solution })
}

/// The puzzle as JSON on one line, with `solution` if given.
pub fn to_json(puzzle: &NumbersPuzzle, solution: Option<&[u32]>) -> String {
    let board = puzzle.board();
    let json = Json {
        width: board.width(),
        height: board.height(),
        closed: puzzle.kind() == TourKind::Closed,
        blocked: board
            .blocked_squares()
            .into_iter()
            .map(|s| [s.x, s.y])
            .collect(),
        givens: puzzle
            .givens()
            .into_iter()
            .map(|(s, number)| [s.x, s.y, number])
            .collect(),
        solution: solution.map(|filled| {
            filled
                .chunks(board.width() as usize)
                .map(<[u32]>::to_vec)
                .collect()
        }),
    };
    serde_json::to_string(&json).unwrap_or_default()
}

/// The puzzle as text (see the module's documentation), with the numbers
/// of `solution` in the empty squares if given; columns aligned.
pub fn to_text(puzzle: &NumbersPuzzle, solution: Option<&[u32]>) -> String {
    let board = puzzle.board();
    let width = puzzle.last_number().to_string().len();
    let mut text = String::new();
    if puzzle.kind() == TourKind::Closed {
        text.push_str("closed\n");
    }
    for y in 0..board.height() {
        let cells: Vec<String> = (0..board.width())
            .map(|x| {
                let square = Square::new(x, y);
                let shown = if board.is_blocked(square) {
                    "#".to_owned()
                } else {
                    let filled = solution.map_or(0, |filled| filled[board.index(square)]);
                    match puzzle.given(square).unwrap_or(filled) {
                        0 => ".".to_owned(),
                        number => number.to_string(),
                    }
                };
                format!("{shown:>width$}")
            })
            .collect();
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    text
}
