//! puzz.link / pzv.jp links: `https://puzz.link/p?goishi/<cols>/<rows>/<body>`.
//!
//! The body lists the points row by row from the top-left, five points per
//! base-32 digit (`0-9a-v`), most significant bit first; a set bit means
//! *no* stone. A short body leaves the remaining points empty.

use super::{ParseError, Problem, SideName, parse_side};
use crate::goishi::puzzle::{Point, Puzzle};

/// The source name used in errors about links.
const SOURCE: &str = "URL";
const DIGITS: &[u8; 32] = b"0123456789abcdefghijklmnopqrstuv";
const BITS_PER_DIGIT: usize = 5;

/// Parses a goishi link (any host; the part from `goishi/` on matters).
pub fn parse_url(url: &str) -> Result<Puzzle, ParseError> {
    parse_at(SOURCE, 1, url)
}

/// Parses a file whose first non-blank line is a link.
pub(super) fn parse_url_line(source: &str, text: &str) -> Result<Puzzle, ParseError> {
    let (index, line) = text
        .lines()
        .enumerate()
        .find(|(_, line)| !line.trim().is_empty())
        .unwrap_or((0, ""));
    parse_at(source, index + 1, line)
}

fn parse_at(source: &str, line: usize, url: &str) -> Result<Puzzle, ParseError> {
    let error = |byte: usize, problem: Problem| {
        let column = url[..byte.min(url.len())].chars().count() + 1;
        ParseError::new(source, line, column, problem)
    };
    let Some(found) = url.find("goishi/") else {
        return Err(error(0, Problem::NotAGoishiLink));
    };
    let mut start = found + "goishi/".len();
    let rest = url[start..].trim_end();
    let mut parts = rest.split('/');
    let mut field = |side: Option<SideName>| -> Result<(usize, &str), ParseError> {
        let part = parts.next().unwrap_or("");
        let at = start;
        start += part.len() + 1;
        if let Some(side) = side.filter(|_| part.is_empty()) {
            return Err(error(at, Problem::LinkWithoutSide(side)));
        }
        Ok((at, part))
    };
    let (at, cols) = field(Some(SideName::Columns))?;
    let cols = parse_side(
        source,
        line,
        url[..at].chars().count() + 1,
        cols,
        SideName::Columns,
    )?;
    let (at, rows) = field(Some(SideName::Rows))?;
    let rows = parse_side(
        source,
        line,
        url[..at].chars().count() + 1,
        rows,
        SideName::Rows,
    )?;
    let (body_at, body) = field(None)?;
    if let Some(extra) = parts.find(|part| !part.is_empty()) {
        let at = body_at + body.len() + 1;
        return Err(error(
            at,
            Problem::AfterLinkBody(crate::placed::quoted(extra)),
        ));
    }
    let mut puzzle = Puzzle::new(cols, rows).map_err(|size| error(0, Problem::Size(size)))?;
    let points = cols as usize * rows as usize;
    let digits_needed = points.div_ceil(BITS_PER_DIGIT);
    for (i, c) in body.bytes().enumerate() {
        let at = body_at + i;
        if i >= digits_needed {
            return Err(error(
                at,
                Problem::LinkBodyTooLong {
                    columns: cols,
                    rows,
                },
            ));
        }
        let Some(value) = DIGITS.iter().position(|&d| d == c) else {
            let bad = url[at..].chars().next().unwrap_or('?');
            return Err(error(at, Problem::BadLinkDigit(bad)));
        };
        for bit in 0..BITS_PER_DIGIT {
            let point = i * BITS_PER_DIGIT + bit;
            let no_stone = value >> (BITS_PER_DIGIT - 1 - bit) & 1 == 1;
            if point < points && !no_stone {
                let p = Point::new(
                    (point % cols as usize) as u32,
                    (point / cols as usize) as u32,
                );
                puzzle.set_stone(p, true);
            }
        }
    }
    Ok(puzzle)
}

/// Writes a puzz.link link for the puzzle.
pub fn to_url(puzzle: &Puzzle) -> String {
    let cols = puzzle.width() as usize;
    let points = cols * puzzle.height() as usize;
    let body: String = (0..points.div_ceil(BITS_PER_DIGIT))
        .map(|i| {
            let value = (0..BITS_PER_DIGIT).fold(0, |value, bit| {
                let point = i * BITS_PER_DIGIT + bit;
                let p = Point::new((point % cols) as u32, (point / cols) as u32);
                let no_stone = point < points && !puzzle.has_stone(p);
                value << 1 | usize::from(no_stone)
            });
            char::from(DIGITS[value])
        })
        .collect();
    format!(
        "https://puzz.link/p?goishi/{}/{}/{body}",
        puzzle.width(),
        puzzle.height()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_body_leaves_the_rest_empty() {
        let puzzle = parse_url("http://pzv.jp/p.html?goishi/3/3/0").unwrap();
        assert_eq!(
            puzzle.stones(),
            vec![
                Point::new(0, 0),
                Point::new(1, 0),
                Point::new(2, 0),
                Point::new(0, 1),
                Point::new(1, 1)
            ]
        );
        assert_eq!(to_url(&puzzle), "https://puzz.link/p?goishi/3/3/0u");
    }

    #[test]
    fn errors_point_into_the_link() {
        let error = parse_url("https://puzz.link/p?goishi/3/3/0w").unwrap_err();
        assert_eq!((error.line, error.column), (1, 33));
        let error = parse_url("https://puzz.link/p?goishi/3/x/0").unwrap_err();
        assert_eq!(error.column, 30);
        let error = parse_url("https://puzz.link/p?goishi/2/2/000").unwrap_err();
        assert_eq!(error.column, 33);
        assert!(parse_url("https://puzz.link/p?nurikabe/3/3/0").is_err());
        assert!(parse_url("https://puzz.link/p?goishi/3").is_err());
        assert!(parse_url("https://puzz.link/p?goishi/3/0/").is_err());
    }
}
