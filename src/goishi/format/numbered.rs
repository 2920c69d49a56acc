//! The numbered board (read back): what `gridtour goishi` prints and the
//! window exports as `.txt` once a pick order is shown: one row per line,
//! each point a pick number, `O` for a stone not picked yet or `.` for an
//! empty point, separated by spaces.

use super::{Loaded, ParseError, Problem, grid_row, order_from_numbers, tokens};
use crate::goishi::puzzle::{Point, Puzzle};

/// Whether `text` looks like a numbered board: rows of the same number of
/// space-separated cells, each a pick number, `O` or `.`, with at least one
/// number and no number twice. (PencilBox grids also hold digits, but only
/// `1`, repeated, under a header line of a different length.)
pub(super) fn looks_numbered(text: &str) -> bool {
    let mut numbers = std::collections::HashSet::new();
    let mut row_length = None;
    for line in text.lines().filter(|line| !line.trim().is_empty()) {
        let mut length = 0;
        for (_, token) in tokens(line) {
            length += 1;
            if token.bytes().all(|b| b.is_ascii_digit()) {
                if !numbers.insert(token) {
                    return false;
                }
            } else if token != "O" && token != "." {
                return false;
            }
        }
        if *row_length.get_or_insert(length) != length {
            return false;
        }
    }
    !numbers.is_empty()
}

/// Parses a numbered board; the numbers become the pick order.
pub(super) fn parse(source: &str, text: &str) -> Result<Loaded, ParseError> {
    let rows: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line))
        .filter(|(_, line)| !line.trim().is_empty())
        .collect();
    let cols = rows.first().map_or(0, |(_, line)| tokens(line).count());
    let height = u32::try_from(rows.len()).unwrap_or(u32::MAX);
    let width = u32::try_from(cols).unwrap_or(u32::MAX);
    let mut puzzle = Puzzle::new(width, height).map_err(|error| {
        let line = rows.first().map_or(1, |&(number, _)| number);
        ParseError::new(source, line, 1, Problem::Size(error))
    })?;
    let mut numbered = Vec::new();
    for (y, &(number, line)) in rows.iter().enumerate() {
        let y = y as u32;
        grid_row(
            source,
            number,
            line,
            width,
            tokens(line),
            |x, column, cell| {
                let point = Point::new(x, y);
                match cell {
                    "." => {}
                    "O" => puzzle.set_stone(point, true),
                    _ => {
                        let step = cell.parse::<u64>().map_err(|_| {
                            ParseError::new(source, number, column, Problem::PickOutOfRange)
                        })?;
                        puzzle.set_stone(point, true);
                        numbered.push((step, point, number, column));
                    }
                }
                Ok(())
            },
        )?;
    }
    let order = order_from_numbers(source, numbered)?;
    Ok(Loaded { puzzle, order })
}

#[cfg(test)]
mod tests {
    use super::super::{load_bytes, numbered_board};
    use super::*;

    #[test]
    fn a_numbered_board_reads_back_as_puzzle_and_order() {
        let loaded = load_bytes("t", b"OO.\n.OO").unwrap();
        let order = [Point::new(0, 0), Point::new(1, 0), Point::new(1, 1)];
        let text = numbered_board(&loaded.puzzle, &order);
        assert!(looks_numbered(&text));
        let back = load_bytes("board.txt", text.as_bytes()).unwrap();
        assert_eq!(back.puzzle, loaded.puzzle);
        assert_eq!(back.order.as_deref(), Some(&order[..]));
    }

    #[test]
    fn a_ragged_numbered_board_names_the_row() {
        let error = parse("b.txt", " 1 2 .\n 3 .\n").unwrap_err();
        assert_eq!(error.line, 2);
        assert_eq!(
            error.problem,
            Problem::RowTooShort {
                found: 2,
                columns: 3
            },
            "{error}"
        );
        assert!(!looks_numbered(" 1 2 .\n 3 .\n"));
        assert!(!looks_numbered("3 3\n1 . 1\n. 1 .\n1 . 1\n"), "PencilBox");
    }
}
