//! PencilBox text (read only): the number of rows and of columns (on one
//! line or two), one line per row with `1` for a stone and `.` for an empty
//! point (cells may be separated by spaces), then optionally answer lines
//! `n r c`: stone picked at step `n` stands at row `r`, column `c`, 0-based.

use super::{
    Awaited, Loaded, ParseError, Problem, SideName, grid_row, order_from_numbers, parse_side,
    tokens,
};
use crate::goishi::puzzle::{Point, Puzzle};

/// Parses PencilBox text.
pub(super) fn parse(source: &str, text: &str) -> Result<Loaded, ParseError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim_end()))
        .filter(|(_, line)| !line.trim().is_empty());
    let ends = |awaited: Awaited| {
        ParseError::new(
            source,
            text.lines().count().max(1),
            1,
            Problem::EndsBefore(awaited),
        )
    };
    // The size: "rows cols" on one line, or each on its own line.
    let (number, first) = lines
        .next()
        .ok_or_else(|| ends(Awaited::Side(SideName::Rows)))?;
    let mut size: Vec<(usize, usize, &str)> = tokens(first)
        .map(|(column, token)| (number, column, token))
        .collect();
    if size.len() == 1 {
        let (number, second) = lines
            .next()
            .ok_or_else(|| ends(Awaited::Side(SideName::Columns)))?;
        size.extend(tokens(second).map(|(column, token)| (number, column, token)));
    }
    if size.len() != 2 {
        return Err(ParseError::new(source, number, 1, Problem::NoPencilBoxSize));
    }
    let rows = parse_side(source, size[0].0, size[0].1, size[0].2, SideName::Rows)?;
    let cols = parse_side(source, size[1].0, size[1].1, size[1].2, SideName::Columns)?;
    let mut puzzle = Puzzle::new(cols, rows)
        .map_err(|error| ParseError::new(source, number, 1, Problem::Size(error)))?;
    for y in 0..rows {
        let (number, line) = lines
            .next()
            .ok_or_else(|| ends(Awaited::Row { row: y + 1, rows }))?;
        let cells = line
            .char_indices()
            .enumerate()
            .filter(|(_, (_, c))| !c.is_whitespace())
            .map(|(column, (at, c))| (column + 1, &line[at..at + c.len_utf8()]));
        grid_row(source, number, line, cols, cells, |x, column, cell| {
            match cell {
                "1" => puzzle.set_stone(Point::new(x, y), true),
                "." | "0" => {}
                _ => {
                    return Err(ParseError::new(
                        source,
                        number,
                        column,
                        Problem::UnknownPencilBoxCell(cell.to_owned()),
                    ));
                }
            }
            Ok(())
        })?;
    }
    let mut numbered = Vec::new();
    for (number, line) in lines {
        let fields: Vec<(usize, &str)> = tokens(line).collect();
        let value = |i: usize| -> Result<u64, ParseError> {
            let (column, token) = fields[i];
            token.parse::<u64>().map_err(|_| {
                ParseError::new(
                    source,
                    number,
                    column,
                    Problem::NotANumber(crate::placed::quoted(token)),
                )
            })
        };
        if fields.len() != 3 {
            return Err(ParseError::new(source, number, 1, Problem::NotAnAnswerLine));
        }
        let (step, row, col) = (value(0)?, value(1)?, value(2)?);
        if row >= u64::from(rows) || col >= u64::from(cols) {
            return Err(ParseError::new(
                source,
                number,
                fields[1].0,
                Problem::AnswerOffBoard {
                    row,
                    column: col,
                    columns: cols,
                    rows,
                },
            ));
        }
        numbered.push((
            step,
            Point::new(col as u32, row as u32),
            number,
            fields[0].0,
        ));
    }
    let order = order_from_numbers(source, numbered)?;
    Ok(Loaded { puzzle, order })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_grid_and_answer_lines() {
        let loaded = parse("p.txt", "2 3\n1.1\n. 1 .\n1 0 2\n0 0 0\n2 1 1\n").unwrap();
        assert_eq!(
            loaded.puzzle.stones(),
            vec![Point::new(0, 0), Point::new(2, 0), Point::new(1, 1)]
        );
        assert_eq!(
            loaded.order,
            Some(vec![Point::new(0, 0), Point::new(2, 0), Point::new(1, 1)])
        );
        let separate_lines = parse("p.txt", "2\n3\n1.1\n.1.\n").unwrap();
        assert_eq!(separate_lines.puzzle, loaded.puzzle);
        assert_eq!(separate_lines.order, None);
    }

    #[test]
    fn errors_name_the_line_and_column() {
        let error = parse("p.txt", "2 3\n1.1\n.x.\n").unwrap_err();
        assert_eq!((error.line, error.column), (3, 2));
        let error = parse("p.txt", "2 3\n1.1\n.1.\n1 5 0\n").unwrap_err();
        assert_eq!((error.line, error.column), (4, 3));
        assert!(parse("p.txt", "2 3\n1.1\n").is_err());
        assert!(parse("p.txt", "2 3 4\n").is_err());
    }
}
