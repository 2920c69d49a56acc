//! The plain text format: one line per row, optionally wrapped in double
//! quotes (which keep trailing spaces visible), `O` for a stone and a space
//! for an empty point.

use super::{ParseError, Problem};
use crate::goishi::puzzle::{Point, Puzzle};

/// Characters read as a stone.
const STONES: [char; 6] = ['O', 'o', 'X', 'x', '#', '●'];
/// Characters read as an empty point.
const EMPTY: [char; 3] = [' ', '.', '-'];

/// Parses the text format. Ragged rows are padded with empty points and
/// trailing blank lines are ignored.
pub(super) fn parse(source: &str, text: &str) -> Result<Puzzle, ParseError> {
    let max_rows = Puzzle::MAX_SIDE as usize;
    let mut rows = Vec::new();
    // Rows up to the last non-blank line; blank lines after it are dropped.
    let mut height = 0;
    for (index, line) in text.lines().enumerate() {
        let blank = line.trim().is_empty();
        if index >= max_rows {
            if blank {
                continue;
            }
            return Err(ParseError::new(
                source,
                index + 1,
                1,
                Problem::TooManyRows(Puzzle::MAX_SIDE),
            ));
        }
        rows.push(parse_row(source, index + 1, line)?);
        if !blank {
            height = index + 1;
        }
    }
    rows.truncate(height);
    if rows.is_empty() {
        return Err(ParseError::new(source, 1, 1, Problem::Empty));
    }
    let width = rows.iter().map(Vec::len).max().unwrap_or(0);
    if width == 0 {
        return Err(ParseError::new(source, 1, 1, Problem::AllRowsEmpty));
    }
    let mut puzzle = Puzzle::new(width as u32, rows.len() as u32)
        .map_err(|error| ParseError::new(source, 1, 1, Problem::Size(error)))?;
    for (y, row) in rows.iter().enumerate() {
        for (x, &stone) in row.iter().enumerate() {
            puzzle.set_stone(Point::new(x as u32, y as u32), stone);
        }
    }
    Ok(puzzle)
}

/// One row: `true` for each stone. `line_number` is 1-based.
fn parse_row(source: &str, line_number: usize, line: &str) -> Result<Vec<bool>, ParseError> {
    let line = line.trim_end_matches('\r');
    let (body, first_column) = match line.strip_prefix('"') {
        None => (line, 1),
        Some(quoted) => {
            let Some(close) = quoted.rfind('"') else {
                return Err(ParseError::new(
                    source,
                    line_number,
                    line.chars().count() + 1,
                    Problem::MissingQuote,
                ));
            };
            let after = &quoted[close + 1..];
            if !after.trim().is_empty() {
                let spaces = after.chars().take_while(|c| c.is_whitespace()).count();
                let column = quoted[..=close].chars().count() + spaces + 2;
                return Err(ParseError::new(
                    source,
                    line_number,
                    column,
                    Problem::TextAfterQuote,
                ));
            }
            (&quoted[..close], 2)
        }
    };
    let mut row = Vec::new();
    for (offset, c) in body.chars().enumerate() {
        let stone = if STONES.contains(&c) {
            true
        } else if EMPTY.contains(&c) {
            false
        } else {
            return Err(ParseError::new(
                source,
                line_number,
                first_column + offset,
                Problem::UnknownCharacter(c),
            ));
        };
        if row.len() == Puzzle::MAX_SIDE as usize {
            return Err(ParseError::new(
                source,
                line_number,
                first_column + offset,
                Problem::RowPastMostPoints(Puzzle::MAX_SIDE),
            ));
        }
        row.push(stone);
    }
    Ok(row)
}

/// Writes the text format with every row in double quotes.
pub fn to_text(puzzle: &Puzzle) -> String {
    let mut text = String::new();
    for y in 0..puzzle.height() {
        text.push('"');
        for x in 0..puzzle.width() {
            text.push(if puzzle.has_stone(Point::new(x, y)) {
                'O'
            } else {
                ' '
            });
        }
        text.push_str("\"\n");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_quotes_alternative_characters_and_ragged_rows() {
        let puzzle = parse("t", "\"O. \"\r\n x#\n.-●\n\n  \n").unwrap();
        assert_eq!((puzzle.width(), puzzle.height()), (3, 3));
        assert_eq!(
            puzzle.stones(),
            vec![
                Point::new(0, 0),
                Point::new(1, 1),
                Point::new(2, 1),
                Point::new(2, 2)
            ]
        );
        assert_eq!(to_text(&puzzle), "\"O  \"\n\" OO\"\n\"  O\"\n");
        let ragged = parse("t", "O\n  O\n").unwrap();
        assert_eq!((ragged.width(), ragged.height()), (3, 2));
    }

    #[test]
    fn errors_point_at_the_offending_character() {
        let error = parse("f.txt", "\"O O\"\n\"O Z\"\n").unwrap_err();
        assert_eq!((error.line, error.column), (2, 4));
        let error = parse("f.txt", "\"O O\n").unwrap_err();
        assert_eq!((error.line, error.column), (1, 5));
        let error = parse("f.txt", "\"O\" x\n").unwrap_err();
        assert_eq!((error.line, error.column), (1, 5));
        assert!(parse("f.txt", "\n \n").is_err());
    }

    #[test]
    fn row_limit_counts_only_rows_before_the_trailing_blank_lines() {
        let tallest = "O\n".repeat(Puzzle::MAX_SIDE as usize) + &"\n".repeat(5000);
        let puzzle = parse("t", &tallest).unwrap();
        assert_eq!(puzzle.height(), Puzzle::MAX_SIDE);
        let error = parse("t", &("O\n".repeat(Puzzle::MAX_SIDE as usize + 1))).unwrap_err();
        assert_eq!((error.line, error.column), (1001, 1));
    }
}
