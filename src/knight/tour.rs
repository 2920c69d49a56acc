//! A finished tour and its two printed forms: JSON for programs and files,
//! and the numbered board for people.

use std::fmt;

use crate::tr;

use serde::{Deserialize, Serialize};

use super::{Board, BoardError, InvalidTour, Square, TourKind, validate};

/// Why a tour file could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TourFileError {
    /// Not JSON of a tour, at this line and column.
    NotJson {
        /// The line (from 1).
        line: usize,
        /// The column (from 1).
        column: usize,
        /// What the JSON reader said.
        message: String,
    },
    /// The board it describes cannot be.
    Board(BoardError),
    /// A blocked square off the board.
    BlockedOffBoard {
        /// The square, as given.
        at: [u32; 2],
        /// The board's width.
        width: u32,
        /// The board's height.
        height: u32,
    },
    /// The start is not the path's first square.
    StartNotFirst {
        /// The start, as given.
        at: [u32; 2],
    },
    /// A line of the numbered board with a number of squares unlike the
    /// first line's.
    Ragged {
        /// The line (from 1).
        line: usize,
        /// Its squares.
        squares: usize,
        /// The squares of the first line.
        expected: usize,
    },
    /// A square of the numbered board that holds no move number.
    NotANumber {
        /// The line (from 1).
        line: usize,
        /// The square in it (from 1).
        square: usize,
        /// What it holds, cut short.
        text: String,
    },
    /// A move number that appears twice.
    Repeated {
        /// The number.
        number: usize,
    },
    /// The path is not a tour.
    Invalid(InvalidTour),
}

impl fmt::Display for TourFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match self {
            TourFileError::NotJson {
                line,
                column,
                message,
            } => tr!(
                "tour-file-not-json",
                line = *line,
                column = *column,
                detail = message.as_str()
            ),
            TourFileError::Board(error) => error.to_string(),
            TourFileError::BlockedOffBoard {
                at: [x, y],
                width,
                height,
            } => tr!(
                "tour-file-blocked-off-board",
                x = *x,
                y = *y,
                size = format!("{width}x{height}")
            ),
            TourFileError::StartNotFirst { at: [x, y] } => {
                tr!("tour-file-start-not-first", x = *x, y = *y)
            }
            TourFileError::Ragged {
                line,
                squares,
                expected,
            } => tr!(
                "tour-file-ragged",
                line = *line,
                squares = *squares,
                expected = *expected
            ),
            TourFileError::NotANumber { line, square, text } => tr!(
                "tour-file-not-a-number",
                line = *line,
                square = *square,
                text = text.escape_debug().to_string()
            ),
            TourFileError::Repeated { number } => tr!("tour-file-repeated", number = *number),
            TourFileError::Invalid(error) => {
                tr!("tour-file-invalid", error = error.to_string())
            }
        })
    }
}

impl std::error::Error for TourFileError {}

impl From<BoardError> for TourFileError {
    fn from(error: BoardError) -> Self {
        TourFileError::Board(error)
    }
}

impl From<InvalidTour> for TourFileError {
    fn from(error: InvalidTour) -> Self {
        TourFileError::Invalid(error)
    }
}

/// A tour together with the board it was found on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tour {
    /// The board, with its blocked squares.
    pub board: Board,
    /// Whether the last square is a knight's move from the first.
    pub kind: TourKind,
    /// Every open square once, in order; `path[0]` is the start.
    pub path: Vec<Square>,
}

/// The JSON layout: coordinates as `[x, y]` pairs, 0-based from the top-left.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct TourFile {
    width: u32,
    height: u32,
    blocked: Vec<[u32; 2]>,
    closed: bool,
    start: [u32; 2],
    path: Vec<[u32; 2]>,
}

fn pair(s: Square) -> [u32; 2] {
    [s.x, s.y]
}

fn square([x, y]: [u32; 2]) -> Square {
    Square::new(x, y)
}

impl Tour {
    /// The start square (`None` only for an empty path).
    pub fn start(&self) -> Option<Square> {
        self.path.first().copied()
    }

    /// `{"width":8,"height":8,"blocked":[[x,y],..],"closed":true,"start":[x,y],"path":[[x,y],..]}`
    /// on one line.
    pub fn to_json(&self) -> String {
        let file = TourFile {
            width: self.board.width(),
            height: self.board.height(),
            blocked: self.board.blocked_squares().into_iter().map(pair).collect(),
            closed: self.kind == TourKind::Closed,
            start: self.start().map(pair).unwrap_or_default(),
            path: self.path.iter().copied().map(pair).collect(),
        };
        serde_json::to_string(&file).unwrap_or_default()
    }

    /// Reads what [`Tour::to_json`] writes, and accepts it only if it is a
    /// valid tour of the board it describes.
    pub fn from_json(text: &str) -> Result<Tour, TourFileError> {
        let file: TourFile =
            serde_json::from_str(text).map_err(|error| TourFileError::NotJson {
                line: error.line(),
                column: error.column(),
                message: error.to_string(),
            })?;
        let mut board = Board::new(file.width, file.height)?;
        for &[x, y] in &file.blocked {
            let s = Square::new(x, y);
            if !board.contains(s) {
                return Err(TourFileError::BlockedOffBoard {
                    at: [x, y],
                    width: file.width,
                    height: file.height,
                });
            }
            board.set_blocked(s, true);
        }
        let path: Vec<Square> = file.path.into_iter().map(square).collect();
        if path.first() != Some(&square(file.start)) {
            return Err(TourFileError::StartNotFirst { at: file.start });
        }
        let kind = if file.closed {
            TourKind::Closed
        } else {
            TourKind::Open
        };
        validate(&board, &path, kind)?;
        Ok(Tour { board, kind, path })
    }

    /// Reads the numbered board [`Tour::to_text`] writes, and accepts it
    /// only if the numbers make a valid tour. The text does not say whether
    /// the tour was asked for as closed: it is read as closed when its last
    /// square is a knight's move from its first, which makes it one.
    pub fn from_text(text: &str) -> Result<Tour, TourFileError> {
        let rows: Vec<Vec<&str>> = text
            .lines()
            .map(|line| line.split_whitespace().collect::<Vec<_>>())
            .filter(|cells| !cells.is_empty())
            .collect();
        let width = rows.first().map_or(0, Vec::len);
        let height = rows.len();
        let mut board = Board::new(
            u32::try_from(width).unwrap_or(u32::MAX),
            u32::try_from(height).unwrap_or(u32::MAX),
        )?;
        let mut numbered = Vec::new();
        for (y, cells) in rows.iter().enumerate() {
            if cells.len() != width {
                return Err(TourFileError::Ragged {
                    line: y + 1,
                    squares: cells.len(),
                    expected: width,
                });
            }
            for (x, cell) in cells.iter().enumerate() {
                let square = Square::new(x as u32, y as u32);
                match *cell {
                    "x" => board.set_blocked(square, true),
                    "." => {}
                    number => {
                        let number: usize =
                            number.parse().map_err(|_| TourFileError::NotANumber {
                                line: y + 1,
                                square: x + 1,
                                text: number.chars().take(12).collect(),
                            })?;
                        numbered.push((number, square));
                    }
                }
            }
        }
        numbered.sort_unstable();
        if let Some(pair) = numbered.windows(2).find(|pair| pair[0].0 == pair[1].0) {
            return Err(TourFileError::Repeated { number: pair[0].0 });
        }
        let path: Vec<Square> = numbered.into_iter().map(|(_, square)| square).collect();
        let closes = matches!((path.first(), path.last()), (Some(&first), Some(&last))
            if path.len() > 2 && Board::is_knight_move(last, first));
        let kind = if closes {
            TourKind::Closed
        } else {
            TourKind::Open
        };
        validate(&board, &path, kind)?;
        Ok(Tour { board, kind, path })
    }

    /// The board with each square's move number (1 = start), right-aligned
    /// in columns; blocked squares show `x`, squares not on the path `.`.
    /// Row 0 (the top, the highest rank) comes first, as on a chess diagram.
    pub fn to_text(&self) -> String {
        let board = &self.board;
        let mut number = vec![0usize; board.area()];
        for (i, &s) in self.path.iter().enumerate() {
            if board.contains(s) {
                number[board.index(s)] = i + 1;
            }
        }
        let cell_width = board.area().to_string().len();
        let mut text = String::with_capacity(board.area() * (cell_width + 1));
        for y in 0..board.height() {
            let cells: Vec<String> = (0..board.width())
                .map(|x| {
                    let s = Square::new(x, y);
                    let label = match number[board.index(s)] {
                        _ if board.is_blocked(s) => "x".to_string(),
                        0 => ".".to_string(),
                        n => n.to_string(),
                    };
                    format!("{label:>cell_width$}")
                })
                .collect();
            text.push_str(&cells.join(" "));
            text.push('\n');
        }
        text
    }
}

/// An open tour of the 3x4 board, for tests.
#[cfg(test)]
pub(crate) fn small_tour() -> Tour {
    let board = Board::new(3, 4).unwrap();
    let path = "a4 b2 c4 a3 b1 c3 a2 b4 c2 a1 b3 c1"
        .split(' ')
        .map(|n| board.parse_square(n).unwrap())
        .collect();
    Tour {
        board,
        kind: TourKind::Open,
        path,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_round_trip() {
        let tour = small_tour();
        let json = tour.to_json();
        assert!(json.starts_with(r#"{"width":3,"height":4,"blocked":[],"closed":false,"start":[0,0],"path":[[0,0],[1,2],"#));
        assert_eq!(Tour::from_json(&json), Ok(tour));
    }

    #[test]
    fn bad_json_is_explained() {
        let err = Tour::from_json("{\"width\":3,\n\"height\":x}").unwrap_err();
        assert!(
            matches!(err, TourFileError::NotJson { line: 2, .. }),
            "{err}"
        );
        assert!(err.to_string().contains("line 2, column"), "{err}");
        let tour = small_tour();
        let broken = tour.to_json().replace("[[0,0],[1,2]", "[[0,0],[1,1]");
        assert!(matches!(
            Tour::from_json(&broken),
            Err(TourFileError::Invalid(_))
        ));
    }

    #[test]
    fn text_is_the_numbered_board() {
        assert_eq!(
            small_tour().to_text(),
            " 1  8  3\n 4 11  6\n 7  2  9\n10  5 12\n"
        );
    }

    #[test]
    fn the_numbered_board_reads_back() {
        let tour = small_tour();
        assert_eq!(Tour::from_text(&tour.to_text()), Ok(tour));
        let error = Tour::from_text(" 1 x\n 2 3\n").unwrap_err();
        assert!(matches!(error, TourFileError::Invalid(_)), "{error}");
        let error = Tour::from_text(" 1 2\n 3\n").unwrap_err();
        assert_eq!(
            error,
            TourFileError::Ragged {
                line: 2,
                squares: 1,
                expected: 2
            }
        );
        // Control characters of a file are shown escaped.
        let error = Tour::from_text(" 1 \u{1b}[2J\n").unwrap_err();
        assert!(error.to_string().contains("\\u{1b}"), "{error}");
    }
}
