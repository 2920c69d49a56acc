//! The JSON export: `{"width":W,"height":H,"stones":[[x,y],...],"order":[[x,y],...]}`
//! with 0-based points, x the column and y the row from the top.

use serde::{Deserialize, Serialize};

use super::{Loaded, ParseError, Problem};
use crate::goishi::puzzle::{Point, Puzzle};

#[derive(Serialize, Deserialize)]
struct Document {
    width: u32,
    height: u32,
    stones: Vec<(u32, u32)>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    order: Option<Vec<(u32, u32)>>,
}

/// A pick order inside an object with an `order` field (such as a full
/// export); other fields are ignored.
#[derive(Deserialize)]
struct WrappedOrder {
    order: Vec<(u32, u32)>,
}

fn to_points(pairs: Vec<(u32, u32)>) -> Vec<Point> {
    pairs.into_iter().map(|(x, y)| Point::new(x, y)).collect()
}

/// A serde_json error where it happened: syntax, or a value of the wrong
/// type or range (`"x"` or `-1` where a coordinate belongs), whose text
/// serde quotes, cut short.
fn syntax_error(source: &str, error: &serde_json::Error) -> ParseError {
    // serde_json reports 1-based lines and columns; 0 means "at the end".
    let message = error.to_string();
    let message = message.split(" at line ").next().unwrap_or(&message);
    let message = super::shortened(message);
    ParseError::new(
        source,
        error.line().max(1),
        error.column().max(1),
        Problem::Json(message),
    )
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
        .map_err(|error| ParseError::new(source, 1, 1, Problem::Size(error)))?;
    for (index, (x, y)) in document.stones.into_iter().enumerate() {
        let p = Point::new(x, y);
        let fault = if !puzzle.contains(p) {
            Some(Problem::StoneOffBoard {
                x,
                y,
                width: puzzle.width(),
                height: puzzle.height(),
            })
        } else if puzzle.has_stone(p) {
            Some(Problem::StoneTwice { x, y })
        } else {
            None
        };
        if let Some(problem) = fault {
            let (line, column) = stone_position(text, index);
            return Err(ParseError::new(source, line, column, problem));
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
    // Decided by the first character, so that a wrong value inside either
    // shape is reported where it is, not as a mismatch of the whole file.
    let order = if text.trim_start().starts_with('{') {
        serde_json::from_str::<WrappedOrder>(text).map(|wrapped| wrapped.order)
    } else {
        serde_json::from_str::<Vec<(u32, u32)>>(text)
    };
    order
        .map(to_points)
        .map_err(|error| syntax_error(source, &error))
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
            "a.json:2:18: stone [5,0] lies outside the 3x2 board"
        );
        assert!(parse("a.json", r#"{"width":0,"height":2,"stones":[]}"#).is_err());
        let error = parse(
            "a.json",
            "{\"width\":3,\"height\":2,\n\"stones\":[[1,0],[2,1],[1,0]]}",
        )
        .unwrap_err();
        assert_eq!(
            error.to_string(),
            "a.json:2:23: stone [1,0] is listed twice"
        );
        assert!(parse_order_json("o.json", r#"{"x":1}"#).is_err());
        let error = parse_order_json("o.json", "[\n[1,2],\n[3,4],\n[\"x\",5]\n]").unwrap_err();
        assert_eq!(error.line, 4, "{error}");
        assert!((2..=4).contains(&error.column), "{error}");
        assert!(error.to_string().contains("expected u32"), "{error}");
        let error = parse_order_json("o.json", "{\"order\":\n[[1,2],\n[-3,4]]}").unwrap_err();
        assert_eq!(error.line, 3, "{error}");
        let long = format!("[[\"{}\",1]]", "y".repeat(10_000));
        let error = parse_order_json("o.json", &long).unwrap_err();
        assert!(error.to_string().chars().count() < 200, "{error}");
    }
}
