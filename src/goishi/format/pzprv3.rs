//! pzprv3, the file format of the puzz.link (pzprjs) editor.
//!
//! ```text
//! pzprv3
//! goishi
//! <rows>
//! <cols>
//! <one line per row: a token per point, each followed by a space>
//! ```
//!
//! A token is `.` for no stone, `0` for a stone not picked yet and `n` for a
//! stone picked at step `n`. Whatever follows the grid (trial data, history,
//! info lines) is ignored.

use super::{
    Awaited, Loaded, ParseError, Problem, SideName, grid_row, order_from_numbers, parse_side,
    tokens,
};
use crate::goishi::puzzle::{Point, Puzzle};

/// Parses a pzprv3 file; pick numbers become the order.
pub(super) fn parse(source: &str, text: &str) -> Result<Loaded, ParseError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim_end()));
    let mut next_line = |awaited: Awaited| {
        lines
            .find(|(_, line)| !line.trim().is_empty())
            .ok_or_else(|| {
                ParseError::new(
                    source,
                    text.lines().count().max(1),
                    1,
                    Problem::EndsBefore(awaited),
                )
            })
    };
    let (number, header) = next_line(Awaited::Header)?;
    if !header.trim_start().starts_with("pzprv3") {
        return Err(ParseError::new(source, number, 1, Problem::NotPzprv3));
    }
    let (number, kind) = next_line(Awaited::PuzzleType)?;
    if kind.trim() != "goishi" {
        return Err(ParseError::new(
            source,
            number,
            1,
            Problem::NotGoishi(crate::placed::quoted(kind.trim())),
        ));
    }
    let mut side = |side: SideName| -> Result<u32, ParseError> {
        let (number, line) = next_line(Awaited::Side(side))?;
        let mut found = tokens(line);
        let (column, token) = found.next().unwrap_or((1, ""));
        parse_side(source, number, column, token, side)
    };
    let rows = side(SideName::Rows)?;
    let cols = side(SideName::Columns)?;
    let mut puzzle = Puzzle::new(cols, rows)
        .map_err(|error| ParseError::new(source, 1, 1, Problem::Size(error)))?;
    let mut numbered = Vec::new();
    for y in 0..rows {
        let (number, line) = next_line(Awaited::Row { row: y + 1, rows })?;
        grid_row(
            source,
            number,
            line,
            cols,
            tokens(line),
            |x, column, token| {
                let p = Point::new(x, y);
                match token {
                    "." => {}
                    "0" => puzzle.set_stone(p, true),
                    _ => match token.parse::<u64>() {
                        Ok(step) if step > 0 => {
                            puzzle.set_stone(p, true);
                            numbered.push((step, p, number, column));
                        }
                        _ => {
                            return Err(ParseError::new(
                                source,
                                number,
                                column,
                                Problem::UnknownPzprv3Cell(crate::placed::quoted(token)),
                            ));
                        }
                    },
                }
                Ok(())
            },
        )?;
    }
    let order = order_from_numbers(source, numbered)?;
    Ok(Loaded { puzzle, order })
}

/// Writes a pzprv3 file. With an order, each picked stone carries its pick
/// number, so the editor shows the answer.
pub fn to_pzprv3(puzzle: &Puzzle, order: Option<&[Point]>) -> String {
    let width = puzzle.width() as usize;
    let mut steps = vec![0usize; width * puzzle.height() as usize];
    for (step, p) in order.unwrap_or(&[]).iter().enumerate() {
        if puzzle.has_stone(*p) {
            steps[p.y as usize * width + p.x as usize] = step + 1;
        }
    }
    let mut text = format!("pzprv3\ngoishi\n{}\n{}\n", puzzle.height(), puzzle.width());
    for (y, row) in steps.chunks(width).enumerate() {
        for (x, step) in row.iter().enumerate() {
            if puzzle.has_stone(Point::new(x as u32, y as u32)) {
                text.push_str(&step.to_string());
            } else {
                text.push('.');
            }
            text.push(' ');
        }
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_pick_numbers_and_ignores_trailing_lines() {
        let file = "pzprv3\ngoishi\n2\n3\n. 2 0 \n1 . . \nhistory:{}\n";
        let loaded = parse("s.pzprv3", file).unwrap();
        assert_eq!(loaded.puzzle.stones().len(), 3);
        assert_eq!(loaded.order, Some(vec![Point::new(0, 1), Point::new(1, 0)]));
        let written = to_pzprv3(&loaded.puzzle, loaded.order.as_deref());
        assert_eq!(written, "pzprv3\ngoishi\n2\n3\n. 2 0 \n1 . . \n");
    }

    #[test]
    fn errors_name_the_line_and_column() {
        let error = parse("s", "pzprv3\ngoishi\n2\n3\n. . . \n. Z . \n").unwrap_err();
        assert_eq!((error.line, error.column), (6, 3));
        let error = parse("s", "pzprv3\ngoishi\n2\n3\n. . . \n. . \n").unwrap_err();
        assert_eq!(error.line, 6);
        let error = parse("s", "pzprv3\nnurikabe\n2\n3\n").unwrap_err();
        assert_eq!(error.line, 2);
        let error = parse("s", "pzprv3\ngoishi\n99999999\n3\n").unwrap_err();
        assert_eq!((error.line, error.column), (3, 1));
        let error = parse("s", "pzprv3\ngoishi\n2\n3\n1 . . \n1 . . \n").unwrap_err();
        assert_eq!((error.line, error.column), (6, 1));
        assert!(parse("s", "pzprv3\ngoishi\n2\n").is_err());
    }
}
