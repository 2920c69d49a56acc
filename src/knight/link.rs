//! Knight boards shared as one line of text:
//!
//! `gridtour:knight?size=10x10&closed&blocked=c3,d5&start=b1&tour=3074…`
//!
//! `size` is required; `closed` asks for closed tours; `blocked` lists the
//! blocked squares and `start` the start square, by their chess names;
//! `tour`, which needs `start`, is the tour from it, one digit a move: the
//! index of the move in [`KNIGHT_MOVES`]. A tour of n squares is n - 1
//! digits, so an 8x8 tour fits in 63 characters. Fields may come in any
//! order, each at most once.

use std::fmt;

use crate::tr;

use super::board::{Board, BoardError, KNIGHT_MOVES, Square, TourKind};
use super::tour::Tour;
use super::validate::{InvalidTour, validate};

/// What every knight link starts with.
pub const LINK_PREFIX: &str = "gridtour:knight?";

/// A knight board as a link holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardLink {
    /// The board with its blocked squares.
    pub board: Board,
    /// Open or closed tours.
    pub kind: TourKind,
    /// The start square, if one was chosen.
    pub start: Option<Square>,
    /// A tour from `start`, if the link carries one: every open square once.
    pub path: Option<Vec<Square>>,
}

/// Why a text is not a knight link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkError {
    /// It does not start with [`LINK_PREFIX`].
    NotALink,
    /// A field the format does not have.
    UnknownField {
        /// Where the field starts, counted in characters from 1.
        column: usize,
        /// Its name, cut short.
        name: String,
        /// The fields this kind of link has.
        known: &'static str,
    },
    /// A field given twice.
    RepeatedField {
        /// Where the second one starts.
        column: usize,
        /// Its name.
        name: &'static str,
    },
    /// No `size` field.
    MissingSize,
    /// A size, square or square list that does not fit the board.
    Board {
        /// Where the value starts.
        column: usize,
        /// The field.
        field: &'static str,
        /// What is wrong.
        error: BoardError,
    },
    /// The start square is blocked.
    StartBlocked {
        /// Where the value starts.
        column: usize,
    },
    /// A value of `closed` other than nothing, 1, 0, true, false, yes or no.
    NotAYesOrNo {
        /// Where the value starts.
        column: usize,
    },
    /// A `tour` without a `start`.
    TourWithoutStart,
    /// A character of `tour` that is not a move digit 0 to 7.
    NotAMove {
        /// Where it is.
        column: usize,
        /// The character.
        found: char,
    },
    /// A move that leaves the board or lands on a blocked or visited
    /// square.
    BadMove {
        /// Where it is.
        column: usize,
        /// Which move of the tour, from 1.
        step: usize,
        /// What is wrong with it.
        problem: BadMove,
    },
    /// The moves are not a tour of the board (too few, or not closed).
    NotATour(InvalidTour),
}

/// How a move of a link's tour goes wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BadMove {
    /// It leaves the board.
    LeavesTheBoard,
    /// It lands on a blocked square.
    LandsOnBlocked,
    /// It lands on a square already visited.
    LandsOnVisited,
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match self {
            LinkError::NotALink => tr!("link-not-a-link", prefix = LINK_PREFIX),
            LinkError::UnknownField {
                column,
                name,
                known,
            } => tr!(
                "link-unknown-field",
                column = *column,
                name = name.escape_debug().to_string(),
                known = *known
            ),
            LinkError::RepeatedField { column, name } => {
                tr!("link-repeated-field", column = *column, name = *name)
            }
            LinkError::MissingSize => tr!("link-missing-size").to_owned(),
            LinkError::Board {
                column,
                field,
                error,
            } => tr!(
                "link-board",
                column = *column,
                field = *field,
                error = error.to_string()
            ),
            LinkError::StartBlocked { column } => tr!("link-start-blocked", column = *column),
            LinkError::NotAYesOrNo { column } => tr!("link-not-yes-or-no", column = *column),
            LinkError::TourWithoutStart => tr!("link-tour-without-start").to_owned(),
            LinkError::NotAMove { column, found } => tr!(
                "link-not-a-move",
                column = *column,
                found = found.escape_debug().to_string()
            ),
            LinkError::BadMove {
                column,
                step,
                problem,
            } => {
                let problem = match problem {
                    BadMove::LeavesTheBoard => "off",
                    BadMove::LandsOnBlocked => "blocked",
                    BadMove::LandsOnVisited => "visited",
                };
                tr!(
                    "link-bad-move",
                    column = *column,
                    step = *step,
                    problem = problem
                )
            }
            LinkError::NotATour(error) => tr!("link-not-a-tour", error = error.to_string()),
        })
    }
}

impl std::error::Error for LinkError {}

/// The longest unknown field name an error repeats.
const NAME_SHOWN: usize = 24;

impl BoardLink {
    /// The link of a board with nothing else chosen.
    pub fn of_board(board: Board, kind: TourKind) -> BoardLink {
        BoardLink {
            board,
            kind,
            start: None,
            path: None,
        }
    }

    /// The link of `tour`, which carries it.
    pub fn of_tour(tour: &Tour) -> BoardLink {
        BoardLink {
            board: tour.board.clone(),
            kind: tour.kind,
            start: tour.path.first().copied(),
            path: Some(tour.path.clone()),
        }
    }

    /// The tour the link carries, if any.
    pub fn tour(&self) -> Option<Tour> {
        Some(Tour {
            board: self.board.clone(),
            kind: self.kind,
            path: self.path.clone()?,
        })
    }

    /// The link as text.
    pub fn to_link(&self) -> String {
        let mut link = format!("{LINK_PREFIX}{}", self.board_fields());
        let board = &self.board;
        if let Some(start) = self.start {
            link.push_str("&start=");
            link.push_str(&board.square_name(start));
        }
        if let Some(path) = &self.path {
            link.push_str("&tour=");
            link.extend(path.windows(2).map(|pair| move_digit(pair[0], pair[1])));
        }
        link
    }

    /// Reads a link (surrounding white space allowed; letters, digits and
    /// commas written as percent escapes, as browsers and chat programs
    /// write them, are read as themselves, and columns count in the link
    /// so read).
    pub fn parse(text: &str) -> Result<BoardLink, LinkError> {
        parse_link(text, LinkOf::Knight).map(|(link, _)| link)
    }
}

/// Which game's link is read: the knight's board and tour, or a knight's
/// tour puzzle (`gridtour:numbers?`), whose board comes with its givens
/// instead of a start and a tour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LinkOf {
    /// `gridtour:knight?`.
    Knight,
    /// `gridtour:numbers?`.
    Numbers,
}

impl LinkOf {
    fn prefix(self) -> &'static str {
        match self {
            LinkOf::Knight => LINK_PREFIX,
            LinkOf::Numbers => NUMBERS_LINK_PREFIX,
        }
    }
}

/// What every link to a knight's tour puzzle starts with.
pub const NUMBERS_LINK_PREFIX: &str = "gridtour:numbers?";

/// Reads a link of `game` (see [`BoardLink::parse`]): its board, and for a
/// puzzle the text of its `givens` field (unescaped) with the column where
/// it starts.
pub(crate) fn parse_link(
    text: &str,
    game: LinkOf,
) -> Result<(BoardLink, Option<(String, usize)>), LinkError> {
    let text = unescaped(text.trim());
    let text = text.as_str();
    let prefix = game.prefix();
    let fields = text.strip_prefix(prefix).ok_or(LinkError::NotALink)?;
    let mut column = prefix.chars().count() + 1;
    let mut given = Fields {
        game: Some(game),
        ..Fields::default()
    };
    for field in fields.split('&') {
        given.take(field, column)?;
        column += field.chars().count() + 1;
    }
    let givens = given
        .givens
        .map(|(givens, column)| (givens.to_owned(), column));
    Ok((given.link()?, givens))
}

impl BoardLink {
    /// The fields that describe the board, both kinds of link begin with:
    /// size, closed and blocked.
    fn board_fields(&self) -> String {
        let board = &self.board;
        let mut fields = format!("size={}x{}", board.width(), board.height());
        if self.kind == TourKind::Closed {
            fields.push_str("&closed");
        }
        let blocked = board.blocked_squares();
        if !blocked.is_empty() {
            let names: Vec<String> = blocked.iter().map(|&s| board.square_name(s)).collect();
            fields.push_str("&blocked=");
            fields.push_str(&names.join(","));
        }
        fields
    }

    /// The link of a puzzle's board with its givens, as text: the givens
    /// as square:number, comma-separated.
    pub(crate) fn to_puzzle_link(&self, givens: &[(Square, u32)]) -> String {
        let fields = self.board_fields();
        let givens: Vec<String> = givens
            .iter()
            .map(|&(square, number)| format!("{}:{number}", self.board.square_name(square)))
            .collect();
        format!("{NUMBERS_LINK_PREFIX}{fields}&givens={}", givens.join(","))
    }
}

/// `text` with each percent escape of a letter, a digit or a comma (`%2C`)
/// written as that character; other escapes stay as they are.
fn unescaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('%') {
        out.push_str(&rest[..at]);
        let escaped = rest
            .get(at + 1..at + 3)
            .and_then(|hex| u8::from_str_radix(hex, 16).ok())
            .filter(|byte| byte.is_ascii_alphanumeric() || *byte == b',');
        match escaped {
            Some(byte) => {
                out.push(char::from(byte));
                rest = &rest[at + 3..];
            }
            None => {
                out.push('%');
                rest = &rest[at + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The digit of the knight's move from `from` to `to`.
fn move_digit(from: Square, to: Square) -> char {
    let step = (
        i64::from(to.x) - i64::from(from.x),
        i64::from(to.y) - i64::from(from.y),
    );
    let index = KNIGHT_MOVES
        .iter()
        .position(|&(dx, dy)| (i64::from(dx), i64::from(dy)) == step)
        .expect("a tour moves like a knight");
    char::from(b'0' + index as u8)
}

/// The fields of a link, each with the column where its value starts.
#[derive(Default)]
struct Fields<'a> {
    /// Whose link it is (set before any field is taken).
    game: Option<LinkOf>,
    size: Option<(&'a str, usize)>,
    closed: Option<(bool, usize)>,
    blocked: Option<(&'a str, usize)>,
    start: Option<(&'a str, usize)>,
    tour: Option<(&'a str, usize)>,
    givens: Option<(&'a str, usize)>,
}

impl<'a> Fields<'a> {
    /// Takes `field`, which starts at `column`.
    fn take(&mut self, field: &'a str, column: usize) -> Result<(), LinkError> {
        let (name, value) = field.split_once('=').unwrap_or((field, ""));
        let at = column + name.chars().count() + 1;
        let knight = self.game != Some(LinkOf::Numbers);
        let place = match name {
            "size" => (&mut self.size, "size"),
            "blocked" => (&mut self.blocked, "blocked"),
            "start" if knight => (&mut self.start, "start"),
            "tour" if knight => (&mut self.tour, "tour"),
            "givens" if !knight => (&mut self.givens, "givens"),
            "closed" => {
                let closed = match value {
                    "" | "1" | "true" | "yes" => true,
                    "0" | "false" | "no" => false,
                    _ => return Err(LinkError::NotAYesOrNo { column: at }),
                };
                if self.closed.replace((closed, column)).is_some() {
                    return Err(LinkError::RepeatedField {
                        column,
                        name: "closed",
                    });
                }
                return Ok(());
            }
            _ => {
                return Err(LinkError::UnknownField {
                    column,
                    name: name.chars().take(NAME_SHOWN).collect(),
                    known: if knight {
                        "size, closed, blocked, start, tour"
                    } else {
                        "size, closed, blocked, givens"
                    },
                });
            }
        };
        if place.0.replace((value, at)).is_some() {
            return Err(LinkError::RepeatedField {
                column,
                name: place.1,
            });
        }
        Ok(())
    }

    /// The board, start and tour the fields describe.
    fn link(self) -> Result<BoardLink, LinkError> {
        let (size, at) = self.size.ok_or(LinkError::MissingSize)?;
        let mut board = Board::parse_size(size).map_err(|error| LinkError::Board {
            column: at,
            field: "size",
            error,
        })?;
        if let Some((names, at)) = self.blocked.filter(|(names, _)| !names.is_empty()) {
            let mut column = at;
            for name in names.split(',') {
                let square = board.parse_square(name).map_err(|error| LinkError::Board {
                    column,
                    field: "blocked",
                    error,
                })?;
                board.set_blocked(square, true);
                column += name.chars().count() + 1;
            }
        }
        let kind = if self.closed.is_some_and(|(closed, _)| closed) {
            TourKind::Closed
        } else {
            TourKind::Open
        };
        let start = match self.start {
            Some((name, column)) => {
                let square = board.parse_square(name).map_err(|error| LinkError::Board {
                    column,
                    field: "start",
                    error,
                })?;
                if board.is_blocked(square) {
                    return Err(LinkError::StartBlocked { column });
                }
                Some(square)
            }
            None => None,
        };
        let path = match (self.tour, start) {
            (None, _) => None,
            (Some(_), None) => return Err(LinkError::TourWithoutStart),
            (Some((moves, at)), Some(start)) => Some(walk(&board, start, kind, moves, at)?),
        };
        Ok(BoardLink {
            board,
            kind,
            start,
            path,
        })
    }
}

/// The tour from `start` by the move digits `moves` (at `column`), checked
/// move by move, so that a damaged link is refused before it can grow.
fn walk(
    board: &Board,
    start: Square,
    kind: TourKind,
    moves: &str,
    column: usize,
) -> Result<Vec<Square>, LinkError> {
    let mut visited = vec![false; board.area()];
    visited[board.index(start)] = true;
    let mut path = vec![start];
    let mut here = start;
    for (offset, found) in moves.chars().enumerate() {
        let column = column + offset;
        let step = offset + 1;
        let Some((dx, dy)) = found
            .to_digit(10)
            .and_then(|digit| KNIGHT_MOVES.get(digit as usize))
        else {
            return Err(LinkError::NotAMove { column, found });
        };
        let bad = |problem| LinkError::BadMove {
            column,
            step,
            problem,
        };
        let next = here
            .x
            .checked_add_signed(*dx)
            .zip(here.y.checked_add_signed(*dy))
            .map(|(x, y)| Square::new(x, y))
            .filter(|&square| board.contains(square))
            .ok_or_else(|| bad(BadMove::LeavesTheBoard))?;
        if board.is_blocked(next) {
            return Err(bad(BadMove::LandsOnBlocked));
        }
        if std::mem::replace(&mut visited[board.index(next)], true) {
            return Err(bad(BadMove::LandsOnVisited));
        }
        path.push(next);
        here = next;
    }
    validate(board, &path, kind).map_err(LinkError::NotATour)?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::job::{Control, Outcome};
    use crate::knight::{Algorithm, SolveResult, solve};

    fn tour_of(board: &Board, start: &str, kind: TourKind) -> Tour {
        let start = board.parse_square(start).expect("a square");
        match solve(board, start, kind, Algorithm::Warnsdorff, &Control::new()) {
            Outcome::Done(SolveResult::Found(tour)) => tour,
            other => panic!("no tour: {other:?}"),
        }
    }

    #[test]
    fn a_board_with_its_tour_makes_the_round_trip_exactly() {
        let mut board = Board::new(10, 10).expect("10x10");
        for name in ["c3", "d5"] {
            let square = board.parse_square(name).expect("a square");
            board.set_blocked(square, true);
        }
        for kind in TourKind::ALL {
            let link = BoardLink::of_tour(&tour_of(&board, "b1", kind));
            let text = link.to_link();
            assert!(text.starts_with("gridtour:knight?size=10x10"), "{text}");
            assert!(text.contains("&blocked=d5,c3&start=b1&tour="), "{text}");
            assert_eq!(text.len() - text.find("tour=").expect("a tour") - 5, 97);
            assert_eq!(BoardLink::parse(&text), Ok(link.clone()));
            let tour = link.tour().expect("a tour");
            assert_eq!(validate(&tour.board, &tour.path, kind), Ok(()));
        }
        let bare = BoardLink::of_board(Board::new(5, 6).expect("5x6"), TourKind::Open);
        assert_eq!(bare.to_link(), "gridtour:knight?size=5x6");
        assert_eq!(BoardLink::parse(" gridtour:knight?size=5x6\n"), Ok(bare));
    }

    #[test]
    fn escaped_commas_and_yes_or_no_values_read_as_people_write_them() {
        let plain =
            BoardLink::parse("gridtour:knight?size=6x6&blocked=c3,d5&closed").expect("a link");
        assert_eq!(
            BoardLink::parse("gridtour:knight?size=6x6&blocked=c3%2Cd5&closed=1"),
            Ok(plain.clone())
        );
        assert_eq!(
            BoardLink::parse("gridtour:knight?size=6x6&blocked=%63%33%2cd5&closed=true"),
            Ok(plain.clone())
        );
        let open =
            BoardLink::parse("gridtour:knight?size=6x6&blocked=c3,d5&closed=0").expect("a link");
        assert_eq!(open.kind, TourKind::Open);
        assert_eq!(open.board, plain.board);
        assert_eq!(
            BoardLink::parse("gridtour:knight?size=6x6&closed=maybe"),
            Err(LinkError::NotAYesOrNo { column: 33 })
        );
        // Escapes of anything else stay, and are refused as they were.
        assert!(BoardLink::parse("gridtour:knight?size=6x6&blocked=c3%26d5").is_err());
    }

    #[test]
    fn fields_come_in_any_order() {
        let link = BoardLink::parse("gridtour:knight?start=a1&closed&size=6x6").expect("a link");
        assert_eq!(link.kind, TourKind::Closed);
        assert_eq!(link.start, Some(Square::new(0, 5)));
    }

    #[test]
    fn damaged_links_are_refused_with_the_column() {
        let refused = |text: &str| BoardLink::parse(text).expect_err(text);
        assert_eq!(refused("https://example.org"), LinkError::NotALink);
        assert_eq!(refused("gridtour:knight?closed"), LinkError::MissingSize);
        assert_eq!(
            refused("gridtour:knight?size=8x8&colour=red"),
            LinkError::UnknownField {
                column: 26,
                name: "colour".to_owned(),
                known: "size, closed, blocked, start, tour"
            }
        );
        assert!(matches!(
            refused("gridtour:knight?size=8x8&size=9x9"),
            LinkError::RepeatedField {
                column: 26,
                name: "size"
            }
        ));
        assert!(matches!(
            refused("gridtour:knight?size=8x0"),
            LinkError::Board {
                column: 22,
                field: "size",
                ..
            }
        ));
        assert!(matches!(
            refused("gridtour:knight?size=8x8&blocked=a1,z9"),
            LinkError::Board {
                column: 37,
                field: "blocked",
                ..
            }
        ));
        assert_eq!(
            refused("gridtour:knight?size=8x8&blocked=a1&start=a1"),
            LinkError::StartBlocked { column: 43 }
        );
        assert_eq!(
            refused("gridtour:knight?size=8x8&tour=01"),
            LinkError::TourWithoutStart
        );
        assert_eq!(
            refused("gridtour:knight?size=5x5&start=a1&tour=09"),
            LinkError::NotAMove {
                column: 41,
                found: '9'
            }
        );
        // a1 is the bottom-left corner: move 0 goes two rows up and one right.
        assert_eq!(
            refused("gridtour:knight?size=5x5&start=a1&tour=04"),
            LinkError::BadMove {
                column: 41,
                step: 2,
                problem: BadMove::LandsOnVisited
            }
        );
        assert!(matches!(
            refused("gridtour:knight?size=5x5&start=a1&tour=7"),
            LinkError::BadMove {
                step: 1,
                problem: BadMove::LeavesTheBoard,
                ..
            }
        ));
        assert!(matches!(
            refused("gridtour:knight?size=5x5&start=a1&tour=0"),
            LinkError::NotATour(_)
        ));
        let long = format!("gridtour:knight?size=8x8&{}=1", "x".repeat(10_000));
        let error = refused(&long).to_string();
        assert!(error.len() < 120, "{error}");
    }
}
