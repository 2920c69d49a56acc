//! The JSON export: `{"width":W,"height":H,"stones":[[x,y],...],"order":[[x,y],...]}`
//! with 0-based points, x the column and y the row from the top.

use serde::{Deserialize, Serialize};

use super::{Loaded, ParseError};
use crate::goishi::puzzle::{Point, Puzzle};

#[derive(Serialize, Deserialize)]
struct Document {
    width: u32,
    height: u32,
    stones: Vec<(u32, u32)>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    order: Option<Vec<(u32, u32)>>,
}

/// A pick order on its own: a bare list of points or any object with an
/// `order` field (such as a full export).
#[derive(Deserialize)]
#[serde(untagged)]
enum OrderDocument {
    Bare(Vec<(u32, u32)>),
    Wrapped { order: Vec<(u32, u32)> },
}

fn to_points(pairs: Vec<(u32, u32)>) -> Vec<Point> {
    pairs.into_iter().map(|(x, y)| Point::new(x, y)).collect()
}

fn syntax_error(source: &str, error: &serde_json::Error) -> ParseError {
    // serde_json reports 1-based lines and columns; 0 means "at the end".
    let message = error.to_string();
    let message = message.split(" at line ").next().unwrap_or(&message);
    ParseError::new(source, error.line().max(1), error.column().max(1), message)
}

/// The line and column of the `index`-th point of the `"stones"` list, found
/// by counting brackets after the key (the list holds only numbers and
/// brackets, as the document was read successfully); 1:1 if the key is
/// not found.
fn stone_position(text: &str, index: usize) -> (usize, usize) {
    let Some(key) = text.find("\"stones\"") else {
        return (1, 1);
    };
    let offset = text[key..]
        .match_indices('[')
        .nth(index + 1)
        .map_or(key, |(at, _)| key + at);
    super::position(text, offset)
}

/// Parses the JSON export.
pub(super) fn parse(source: &str, text: &str) -> Result<Loaded, ParseError> {
    let document: Document =
        serde_json::from_str(text).map_err(|error| syntax_error(source, &error))?;
    let mut puzzle = Puzzle::new(document.width, document.height)
        .map_err(|message| ParseError::new(source, 1, 1, message))?;
    for (index, (x, y)) in document.stones.into_iter().enumerate() {
        let p = Point::new(x, y);
        if !puzzle.contains(p) {
            let (line, column) = stone_position(text, index);
            return Err(ParseError::new(
                source,
                line,
                column,
                format!(
                    "stone {p} lies outside the {}x{} board",
                    puzzle.width(),
                    puzzle.height()
                ),
            ));
        }
        puzzle.set_stone(p, true);
    }
    let order = document
        .order
        .filter(|order| !order.is_empty())
        .map(to_points);
    Ok(Loaded { puzzle, order })
}

/// Reads a pick order from JSON: a list `[[x,y],...]` or an object with an
/// `order` list.
pub fn parse_order_json(source: &str, text: &str) -> Result<Vec<Point>, ParseError> {
    match serde_json::from_str::<OrderDocument>(text) {
        Ok(OrderDocument::Bare(order) | OrderDocument::Wrapped { order }) => Ok(to_points(order)),
        Err(error) if error.is_syntax() || error.is_eof() => Err(syntax_error(source, &error)),
        Err(_) => Err(ParseError::new(
            source,
            1,
            1,
            "expected a list of [x,y] points or an object with an \"order\" list",
        )),
    }
}

/// Writes the JSON export of a puzzle and a pick order, on one line.
pub fn to_json(puzzle: &Puzzle, order: &[Point]) -> String {
    let document = Document {
        width: puzzle.width(),
        height: puzzle.height(),
        stones: puzzle.stones().into_iter().map(|p| (p.x, p.y)).collect(),
        order: Some(order.iter().map(|p| (p.x, p.y)).collect()),
    };
    serde_json::to_string(&document).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_reads_bare_orders() {
        let mut puzzle = Puzzle::new(3, 2).unwrap();
        puzzle.set_stone(Point::new(0, 1), true);
        puzzle.set_stone(Point::new(2, 1), true);
        let order = [Point::new(2, 1), Point::new(0, 1)];
        let text = to_json(&puzzle, &order);
        assert_eq!(
            text,
            r#"{"width":3,"height":2,"stones":[[0,1],[2,1]],"order":[[2,1],[0,1]]}"#
        );
        let loaded = parse("a.json", &text).unwrap();
        assert_eq!(loaded.puzzle, puzzle);
        assert_eq!(loaded.order.as_deref(), Some(&order[..]));
        assert_eq!(parse_order_json("o.json", &text).unwrap(), order);
        assert_eq!(parse_order_json("o.json", "[[2,1],[0,1]]").unwrap(), order);
    }

    #[test]
    fn errors_have_positions() {
        let error = parse("a.json", "{\"width\":3,\n\"height\":x}").unwrap_err();
        assert_eq!(error.line, 2);
        let error = parse(
            "a.json",
            "{\"width\":3,\"height\":2,\n\"stones\":[[1,0], [5,0]]}",
        )
        .unwrap_err();
        assert_eq!(
            error.to_string(),
            "a.json:2:18: stone (5,0) lies outside the 3x2 board"
        );
        assert!(parse("a.json", r#"{"width":0,"height":2,"stones":[]}"#).is_err());
        assert!(parse_order_json("o.json", r#"{"x":1}"#).is_err());
    }
}
