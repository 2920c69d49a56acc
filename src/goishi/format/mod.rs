//! Reading and writing puzzles: the plain text of the original article,
//! pzprv3 files and URLs of the puzz.link editor, PencilBox text and a JSON
//! export.
//!
//! Every reader takes untrusted text and answers with the puzzle or a
//! [`ParseError`] pointing at the line and column that went wrong; none of
//! them panics, and sizes are checked before anything is allocated.

mod json;
mod numbered;
mod pencilbox;
mod problem;
mod pzprv3;
mod text;
mod url;

use std::path::Path;

use super::puzzle::{Point, Puzzle};
use crate::placed::QUOTE_MAX_CHARS;

pub use json::{parse_order_json, to_json};
pub use problem::{Awaited, Problem, SideName};
pub use pzprv3::to_pzprv3;
pub use text::to_text;
pub use url::{parse_url, to_url};

/// Files bigger than this are refused before being read: the largest board
/// (1000x1000) full of stones, written as JSON with its pick order (about
/// 20 MB), stays below it.
pub const MAX_FILE_BYTES: u64 = 32 << 20;

/// Why some input could not be read, and where.
pub type ParseError = crate::placed::Placed<Problem>;

/// A puzzle read from somewhere, with the pick order the input carried.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loaded {
    /// The board and its stones.
    pub puzzle: Puzzle,
    /// The pick order stored with the puzzle (pzprv3 pick numbers, PencilBox
    /// answer lines, JSON `order`), unchecked: run it through
    /// [`validate`](super::validate) before trusting it.
    pub order: Option<Vec<Point>>,
}

impl Loaded {
    /// A puzzle read without a pick order.
    pub fn puzzle_only(puzzle: Puzzle) -> Self {
        Loaded {
            puzzle,
            order: None,
        }
    }
}

/// The formats this module knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// One line per row, optionally in double quotes, `O` for a stone.
    Text,
    /// The puzz.link / pzprjs editor's file format.
    Pzprv3,
    /// A puzz.link or pzv.jp link.
    Url,
    /// PencilBox text (read only).
    PencilBox,
    /// `{"width":..,"height":..,"stones":[..],"order":[..]}`.
    Json,
    /// The numbered board gridtour prints: pick numbers, `O` and `.`.
    Numbered,
}

impl Format {
    /// Guesses the format from the first non-blank line.
    pub fn detect(text: &str) -> Format {
        let first = text
            .lines()
            .map(str::trim)
            .find(|line| !line.is_empty())
            .unwrap_or("");
        if first.starts_with("pzprv3") {
            Format::Pzprv3
        } else if first.starts_with('{') || first.starts_with('[') {
            Format::Json
        } else if first.contains("goishi/") || first.starts_with("http") {
            Format::Url
        } else if tokens(first).count() > 1 && numbered::looks_numbered(text) {
            Format::Numbered
        } else if first.starts_with(|c: char| c.is_ascii_digit()) {
            Format::PencilBox
        } else {
            Format::Text
        }
    }
}

/// Reads a puzzle from the bytes of a file named `source`, detecting the
/// format. Binary data, invalid UTF-8 and oversized input are refused.
pub fn load_bytes(source: &str, bytes: &[u8]) -> Result<Loaded, ParseError> {
    let text = checked_text(source, bytes)?;
    match Format::detect(text) {
        Format::Text => text::parse(source, text).map(Loaded::puzzle_only),
        Format::Pzprv3 => pzprv3::parse(source, text),
        Format::Url => url::parse_url_line(source, text).map(Loaded::puzzle_only),
        Format::PencilBox => pencilbox::parse(source, text),
        Format::Json => json::parse(source, text),
        Format::Numbered => numbered::parse(source, text),
    }
}

/// Reads and parses a file, refusing files over [`MAX_FILE_BYTES`] without
/// reading them whole.
pub fn load_path(path: &Path) -> Result<Loaded, ParseError> {
    let source = path.display().to_string();
    load_bytes(&source, &read_limited(&source, path)?)
}

/// Reads a pick order from a JSON file (see [`parse_order_json`]), with the
/// same size and binary checks as [`load_path`].
pub fn load_order_path(path: &Path) -> Result<Vec<Point>, ParseError> {
    let source = path.display().to_string();
    let bytes = read_limited(&source, path)?;
    parse_order_json(&source, checked_text(&source, &bytes)?)
}

/// `message` with every quoted piece of input (between double quotes, as
/// serde_json quotes values) cut to [`QUOTE_MAX_CHARS`] characters with an
/// ellipsis, so a huge token in a file gives a readable one-line error.
pub(crate) fn shortened(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(512));
    // Characters since the opening quote, while inside quotes.
    let mut quoted: Option<usize> = None;
    for c in message.chars() {
        quoted = match (quoted, c) {
            (_, '"') => {
                out.push(c);
                // A quote opens a quoted piece, or closes the open one.
                match quoted {
                    Some(_) => None,
                    None => Some(0),
                }
            }
            (Some(length), c) => {
                if length < QUOTE_MAX_CHARS {
                    out.push(c);
                } else if length == QUOTE_MAX_CHARS {
                    out.push('…');
                }
                Some(length + 1)
            }
            (None, c) => {
                out.push(c);
                None
            }
        };
    }
    out
}

/// The file's bytes, or an error when it cannot be read or holds more than
/// [`MAX_FILE_BYTES`] (noticed after reading one byte too many, so a huge
/// file or an endless device is not read whole).
pub fn read_limited(source: &str, path: &Path) -> Result<Vec<u8>, ParseError> {
    let cannot =
        |error: std::io::Error| ParseError::new(source, 0, 0, Problem::CannotRead(error.into()));
    crate::placed::read_at_most(path, MAX_FILE_BYTES + 1).map_err(cannot)
}

/// The bytes as text without a byte-order mark, refusing oversized input,
/// invalid UTF-8 and NUL bytes (the mark of a binary file) with the position
/// of the first bad byte.
fn checked_text<'a>(source: &str, bytes: &'a [u8]) -> Result<&'a str, ParseError> {
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(ParseError::new(
            source,
            0,
            0,
            Problem::TooLarge(MAX_FILE_BYTES >> 20),
        ));
    }
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(error) => {
            let valid = &bytes[..error.valid_up_to()];
            let valid = std::str::from_utf8(valid).unwrap_or_default();
            let (line, column) = position(valid, valid.len());
            return Err(ParseError::new(source, line, column, Problem::InvalidUtf8));
        }
    };
    if let Some(nul) = text.find('\0') {
        let (line, column) = position(text, nul);
        return Err(ParseError::new(source, line, column, Problem::Binary));
    }
    Ok(text.strip_prefix('\u{feff}').unwrap_or(text))
}

/// The 1-based line and character column of a byte offset in `text`.
fn position(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (
        before.matches('\n').count() + 1,
        before[line_start..].chars().count() + 1,
    )
}

/// The board with each stone's pick number (stones not in `order` as `O`,
/// empty points as `.`), columns aligned, one row per line.
pub fn numbered_board(puzzle: &Puzzle, order: &[Point]) -> String {
    let mut numbers = vec![0usize; puzzle.width() as usize * puzzle.height() as usize];
    for (step, p) in order.iter().enumerate() {
        if puzzle.has_stone(*p) {
            numbers[p.y as usize * puzzle.width() as usize + p.x as usize] = step + 1;
        }
    }
    let cell_width = order.len().max(1).to_string().len();
    let mut board = String::new();
    for (y, row) in numbers.chunks(puzzle.width() as usize).enumerate() {
        let cells: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(x, &number)| {
                let cell = match number {
                    0 if puzzle.has_stone(Point::new(x as u32, y as u32)) => "O".to_owned(),
                    0 => ".".to_owned(),
                    n => n.to_string(),
                };
                format!("{cell:>cell_width$}")
            })
            .collect();
        board.push_str(&cells.join(" "));
        board.push('\n');
    }
    board
}

/// Splits a line into whitespace-separated tokens with their 1-based
/// character columns.
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 0;
    let mut rest = line;
    std::iter::from_fn(move || {
        let skipped = rest.len() - rest.trim_start().len();
        column += rest[..skipped].chars().count();
        rest = &rest[skipped..];
        if rest.is_empty() {
            return None;
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let token = &rest[..end];
        let start = column + 1;
        column += token.chars().count();
        rest = &rest[end..];
        Some((start, token))
    })
}

/// Reads one row of a grid that must hold exactly `cols` cells, given as
/// (1-based column, cell text) pairs; `read_cell` gets each cell with its
/// 0-based x. `number` is the 1-based line number of `line`.
fn grid_row<'a>(
    source: &str,
    number: usize,
    line: &str,
    cols: u32,
    cells: impl Iterator<Item = (usize, &'a str)>,
    mut read_cell: impl FnMut(u32, usize, &'a str) -> Result<(), ParseError>,
) -> Result<(), ParseError> {
    let mut x = 0;
    for (column, cell) in cells {
        if x == cols {
            return Err(ParseError::new(
                source,
                number,
                column,
                Problem::RowTooLong { columns: cols },
            ));
        }
        read_cell(x, column, cell)?;
        x += 1;
    }
    if x < cols {
        return Err(ParseError::new(
            source,
            number,
            line.chars().count() + 1,
            Problem::RowTooShort {
                found: x,
                columns: cols,
            },
        ));
    }
    Ok(())
}

/// Parses a board side from a token, refusing anything outside
/// `1..=Puzzle::MAX_SIDE` before any allocation.
fn parse_side(
    source: &str,
    line: usize,
    column: usize,
    token: &str,
    side: SideName,
) -> Result<u32, ParseError> {
    match token.parse::<u32>() {
        Ok(value) if (1..=Puzzle::MAX_SIDE).contains(&value) => Ok(value),
        Ok(value) => Err(ParseError::new(
            source,
            line,
            column,
            Problem::SideOutOfRange {
                side,
                value,
                most: Puzzle::MAX_SIDE,
            },
        )),
        Err(_) => Err(ParseError::new(
            source,
            line,
            column,
            Problem::NotASide {
                side,
                found: crate::placed::quoted(token),
            },
        )),
    }
}

/// Turns `(pick number, point)` pairs into an order, refusing a number used
/// twice. `None` when there are no numbers at all.
fn order_from_numbers(
    source: &str,
    mut numbered: Vec<(u64, Point, usize, usize)>,
) -> Result<Option<Vec<Point>>, ParseError> {
    if numbered.is_empty() {
        return Ok(None);
    }
    numbered.sort_by_key(|&(number, _, line, column)| (number, line, column));
    if let Some(pair) = numbered.windows(2).find(|pair| pair[0].0 == pair[1].0) {
        let (number, _, line, column) = pair[1];
        return Err(ParseError::new(
            source,
            line,
            column,
            Problem::PickTwice(number),
        ));
    }
    Ok(Some(numbered.into_iter().map(|(_, p, _, _)| p).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_know_their_columns() {
        let found: Vec<_> = tokens("  ab c  déf ").collect();
        assert_eq!(found, vec![(3, "ab"), (6, "c"), (9, "déf")]);
    }

    #[test]
    fn binary_and_invalid_text_are_refused_with_a_position() {
        let error = load_bytes("x.bin", b"\"O\"\n\"O\0\"").unwrap_err();
        assert_eq!((error.line, error.column), (2, 3));
        let error = load_bytes("x.txt", b"OO\n O\xff").unwrap_err();
        assert_eq!((error.line, error.column), (2, 3));
        assert!(error.to_string().starts_with("x.txt:2:3: "));
    }

    #[test]
    fn numbered_board_aligns_columns() {
        let loaded = load_bytes("t", b"OO\n O").unwrap();
        let order = [Point::new(0, 0), Point::new(1, 0)];
        assert_eq!(numbered_board(&loaded.puzzle, &order), "1 2\n. O\n");
    }
}
