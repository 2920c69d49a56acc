//! Proofs that no tour exists, found without searching.
//!
//! Each rule is a theorem or a counting argument that can be checked in time
//! linear in the board, and each returns its reason in words so the user
//! learns why, not just that, a board has no tour. The rules are sound but
//! not complete: `None` means "no proof found", and the searches decide.

use crate::i18n::list_words;
use crate::tr;
use std::fmt;

use super::{Board, Square, TourKind};

/// The argument that rules out every tour of a board, with the squares
/// and numbers it names (squares by their chess names).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoTour {
    /// Every square is blocked.
    AllBlocked,
    /// The start square is not on the board.
    StartOffBoard {
        /// The start square.
        start: Square,
        /// The board's width.
        width: u32,
        /// The board's height.
        height: u32,
    },
    /// The start square is blocked.
    StartBlocked {
        /// The start square.
        start: String,
    },
    /// A closed tour on an odd number of squares.
    OddClosed {
        /// The open squares.
        squares: usize,
    },
    /// A closed tour on unequal numbers of dark and light squares.
    UnbalancedClosed {
        /// Dark open squares.
        dark: usize,
        /// Light open squares.
        light: usize,
    },
    /// A closed tour on fewer than four squares.
    ClosedTooSmall,
    /// An open tour with dark and light squares two or more apart.
    UnbalancedOpen {
        /// Dark open squares.
        dark: usize,
        /// Light open squares.
        light: usize,
    },
    /// An open tour that must start on the majority colour, and does not.
    WrongStartColour {
        /// Dark open squares.
        dark: usize,
        /// Light open squares.
        light: usize,
        /// The start square.
        start: String,
    },
    /// Schwenk's theorem: a full m x n board without a closed tour.
    Schwenk {
        /// The shorter side.
        m: u32,
        /// The longer side.
        n: u32,
    },
    /// A full m x n board without an open tour.
    NoOpenRectangle {
        /// The shorter side.
        m: u32,
        /// The longer side.
        n: u32,
    },
    /// A full board four squares across, started on an inner line.
    FourAcross {
        /// The start square.
        start: String,
    },
    /// A square no knight's move reaches.
    Unreachable {
        /// The square.
        square: String,
    },
    /// A closed tour through squares only one move reaches.
    ClosedThroughLeaves {
        /// The squares.
        leaves: Vec<String>,
    },
    /// More than two squares only one move reaches.
    TooManyLeaves {
        /// The squares.
        leaves: Vec<String>,
    },
    /// Two squares only one move reaches, and the start is neither.
    StartNotAnEnd {
        /// The two squares.
        leaves: Vec<String>,
        /// The start square.
        start: String,
    },
    /// The open squares fall apart.
    Disconnected {
        /// A square of one part.
        from: String,
        /// A square of another.
        to: String,
        /// How many squares the first part holds.
        reached: usize,
        /// How many open squares there are.
        open: usize,
    },
    /// A square whose removal splits the board, for a closed tour.
    ClosedCut {
        /// The square.
        cut: String,
        /// The groups it leaves.
        groups: u32,
    },
    /// A square whose removal leaves three groups or more.
    ThreeWayCut {
        /// The square.
        cut: String,
        /// The groups it leaves.
        groups: u32,
    },
    /// Three or more squares each the only link to a separate group.
    ThreeLinks {
        /// The squares.
        links: Vec<String>,
    },
    /// The start square splits the board.
    StartSplits {
        /// The start square.
        start: String,
    },
    /// The start lies between two squares that each alone lead on.
    StartBetweenLinks {
        /// The start square.
        start: String,
        /// The two squares.
        links: Vec<String>,
    },
    /// The end square asked for is not on the board.
    EndOffBoard {
        /// The end square.
        end: Square,
        /// The board's width.
        width: u32,
        /// The board's height.
        height: u32,
    },
    /// The end square asked for is blocked.
    EndBlocked {
        /// The end square.
        end: String,
    },
    /// A tour of more than one square asked to end where it starts.
    EndIsStart {
        /// The start and end square.
        end: String,
    },
    /// Ends of one colour asked of a tour of an even number of squares,
    /// or of two colours of an odd one: a knight changes colour with
    /// every move.
    EndsOfColours {
        /// The squares the tour would visit.
        squares: usize,
        /// The start square.
        start: String,
        /// Whether the start square is dark.
        start_dark: bool,
        /// The end square.
        end: String,
        /// Whether the end square is dark.
        end_dark: bool,
    },
    /// An exhaustive search found no tour.
    Exhausted {
        /// Open or closed.
        kind: TourKind,
        /// The start square.
        start: String,
        /// The end square asked for, if one was.
        end: Option<String>,
    },
}

impl fmt::Display for NoTour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = list_words;
        let words = match self {
            NoTour::AllBlocked => tr!("no-tour-all-blocked").to_owned(),
            NoTour::StartOffBoard {
                start,
                width,
                height,
            } => tr!(
                "no-tour-start-off-board",
                x = start.x,
                y = start.y,
                size = format!("{width}x{height}")
            ),
            NoTour::StartBlocked { start } => tr!("no-tour-start-blocked", start = start.as_str()),
            NoTour::OddClosed { squares } => tr!("no-tour-odd-closed", squares = *squares),
            NoTour::UnbalancedClosed { dark, light } => {
                tr!("no-tour-unbalanced-closed", dark = *dark, light = *light)
            }
            NoTour::ClosedTooSmall => tr!("no-tour-closed-too-small").to_owned(),
            NoTour::UnbalancedOpen { dark, light } => {
                tr!("no-tour-unbalanced-open", dark = *dark, light = *light)
            }
            NoTour::WrongStartColour { dark, light, start } => tr!(
                "no-tour-wrong-start-colour",
                dark = *dark,
                light = *light,
                start = start.as_str(),
                majority = if dark > light { "dark" } else { "light" }
            ),
            NoTour::Schwenk { m, n } => tr!("no-tour-schwenk", size = format!("{m}x{n}")),
            NoTour::NoOpenRectangle { m, n } => {
                tr!("no-tour-open-rectangle", size = format!("{m}x{n}"))
            }
            NoTour::FourAcross { start } => tr!("no-tour-four-across", start = start.as_str()),
            NoTour::Unreachable { square } => tr!("no-tour-unreachable", square = square.as_str()),
            NoTour::ClosedThroughLeaves { leaves } => {
                tr!("no-tour-closed-leaves", leaves = list(leaves))
            }
            NoTour::TooManyLeaves { leaves } => {
                tr!("no-tour-too-many-leaves", leaves = list(leaves))
            }
            NoTour::StartNotAnEnd { leaves, start } => tr!(
                "no-tour-start-not-an-end",
                leaves = list(leaves),
                start = start.as_str()
            ),
            NoTour::Disconnected {
                from,
                to,
                reached,
                open,
            } => tr!(
                "no-tour-disconnected",
                from = from.as_str(),
                to = to.as_str(),
                reached = *reached,
                open = *open
            ),
            NoTour::ClosedCut { cut, groups } => {
                tr!("no-tour-closed-cut", cut = cut.as_str(), groups = *groups)
            }
            NoTour::ThreeWayCut { cut, groups } => {
                tr!(
                    "no-tour-three-way-cut",
                    cut = cut.as_str(),
                    groups = *groups
                )
            }
            NoTour::ThreeLinks { links } => tr!("no-tour-three-links", links = list(links)),
            NoTour::StartSplits { start } => tr!("no-tour-start-splits", start = start.as_str()),
            NoTour::StartBetweenLinks { start, links } => tr!(
                "no-tour-start-between-links",
                start = start.as_str(),
                links = list(links)
            ),
            NoTour::EndOffBoard { end, width, height } => tr!(
                "no-tour-end-off-board",
                x = end.x,
                y = end.y,
                size = format!("{width}x{height}")
            ),
            NoTour::EndBlocked { end } => tr!("no-tour-end-blocked", end = end.as_str()),
            NoTour::EndIsStart { end } => tr!("no-tour-end-is-start", end = end.as_str()),
            NoTour::EndsOfColours {
                squares,
                start,
                start_dark,
                end,
                end_dark,
            } => {
                let colour = |dark: bool| if dark { "dark" } else { "light" };
                if squares % 2 == 0 {
                    tr!(
                        "no-tour-ends-one-colour",
                        squares = *squares,
                        start = start.as_str(),
                        end = end.as_str(),
                        colour = colour(*start_dark)
                    )
                } else {
                    tr!(
                        "no-tour-ends-two-colours",
                        squares = *squares,
                        start = start.as_str(),
                        end = end.as_str(),
                        start_colour = colour(*start_dark),
                        end_colour = colour(*end_dark)
                    )
                }
            }
            NoTour::Exhausted { kind, start, end } => tr!(
                "no-tour-exhausted",
                kind = kind.label(),
                start = start.as_str(),
                end = end.as_deref().map_or_else(String::new, |end| {
                    tr!("no-tour-exhausted-end", end = end)
                })
            ),
        };
        f.write_str(&words)
    }
}

/// Why no tour of `kind` can exist on `board` (from `start` when given), or
/// `None` when none of the known arguments applies.
pub fn why_no_tour(board: &Board, start: Option<Square>, kind: TourKind) -> Option<NoTour> {
    start_reason(board, start)
        .or_else(|| colour_reason(board, start, kind))
        .or_else(|| rectangle_reason(board, kind))
        .or_else(|| four_across_reason(board, start, kind))
        .or_else(|| neighbour_reason(board, start, kind))
        .or_else(|| connectivity_reason(board))
        .or_else(|| cut_square_reason(board, start, kind))
}

/// Why no open tour from `start` can end on `end`: the reasons of
/// [`why_no_tour`] for open tours from `start`, an end square the tour
/// cannot visit or that is the start, and colours: a knight changes colour
/// with every move, so on an even number of squares the ends differ in
/// colour and on an odd number both are of the majority colour.
pub fn why_no_tour_between(board: &Board, start: Square, end: Square) -> Option<NoTour> {
    if let Some(reason) = why_no_tour(board, Some(start), TourKind::Open) {
        return Some(reason);
    }
    if !board.contains(end) {
        return Some(NoTour::EndOffBoard {
            end,
            width: board.width(),
            height: board.height(),
        });
    }
    let end_name = board.square_name(end);
    if board.is_blocked(end) {
        return Some(NoTour::EndBlocked { end: end_name });
    }
    if start == end {
        return (board.open_count() > 1).then_some(NoTour::EndIsStart { end: end_name });
    }
    let squares = board.open_count();
    let same_colour = board.is_dark(start) == board.is_dark(end);
    (squares.is_multiple_of(2) == same_colour).then(|| NoTour::EndsOfColours {
        squares,
        start: board.square_name(start),
        start_dark: board.is_dark(start),
        end: end_name,
        end_dark: board.is_dark(end),
    })
}

/// The start square itself must be a square the tour visits.
fn start_reason(board: &Board, start: Option<Square>) -> Option<NoTour> {
    if board.open_count() == 0 {
        return Some(NoTour::AllBlocked);
    }
    let start = start?;
    if !board.contains(start) {
        Some(NoTour::StartOffBoard {
            start,
            width: board.width(),
            height: board.height(),
        })
    } else if board.is_blocked(start) {
        Some(NoTour::StartBlocked {
            start: board.square_name(start),
        })
    } else {
        None
    }
}

/// Parity: a knight always lands on the other colour, so a tour alternates
/// colours. A closed tour therefore needs as many dark as light squares (and
/// an even total); an open tour allows one extra square of one colour, and
/// must then start (and end) on that colour.
fn colour_reason(board: &Board, start: Option<Square>, kind: TourKind) -> Option<NoTour> {
    let dark = board.open_squares().filter(|&s| board.is_dark(s)).count();
    let light = board.open_count() - dark;
    match kind {
        TourKind::Closed if board.open_count() % 2 == 1 => Some(NoTour::OddClosed {
            squares: board.open_count(),
        }),
        TourKind::Closed if dark != light => Some(NoTour::UnbalancedClosed { dark, light }),
        TourKind::Closed if board.open_count() < 4 => Some(NoTour::ClosedTooSmall),
        TourKind::Open if dark.abs_diff(light) > 1 => Some(NoTour::UnbalancedOpen { dark, light }),
        TourKind::Open => {
            let start = start?;
            let majority_is_dark = dark > light;
            (dark != light && board.is_dark(start) != majority_is_dark).then(|| {
                NoTour::WrongStartColour {
                    dark,
                    light,
                    start: board.square_name(start),
                }
            })
        }
        TourKind::Closed => None,
    }
}

/// The classification theorems for full rectangles.
///
/// Closed tours (Schwenk, 1991): an m x n board with m <= n has one unless
/// m and n are both odd, m is 1, 2 or 4, or the board is 3x4, 3x6 or 3x8.
/// Open tours exist exactly on 1x1, 3x4, 3xn (n >= 7), 4xn (n >= 5) and
/// boards with both sides at least 5.
fn rectangle_reason(board: &Board, kind: TourKind) -> Option<NoTour> {
    if !board.is_full() {
        return None;
    }
    let (m, n) = sides(board);
    match kind {
        TourKind::Closed => {
            let excluded = (m % 2 == 1 && n % 2 == 1)
                || matches!(m, 1 | 2 | 4)
                || (m == 3 && matches!(n, 4 | 6 | 8));
            excluded.then_some(NoTour::Schwenk { m, n })
        }
        TourKind::Open => {
            let exists = (m == 1 && n == 1)
                || (m == 3 && (n == 4 || n >= 7))
                || (m == 4 && n >= 5)
                || m >= 5;
            (!exists).then_some(NoTour::NoOpenRectangle { m, n })
        }
    }
}

/// Open tours on a full board 4 squares across begin and end on the two
/// outer lines.
///
/// A knight on an outer line can only jump to the two inner lines, and the
/// outer and inner lines hold the same number of squares, `2n` each. A path
/// through all `4n` squares that starts on an inner line can fit its `2n`
/// outer squares, never two in a row, only at every other step: then they
/// all share one colour. But the outer lines hold `n` dark and `n` light
/// squares, so no open tour starts (or, reversed, ends) on an inner line.
fn four_across_reason(board: &Board, start: Option<Square>, kind: TourKind) -> Option<NoTour> {
    let start = start?;
    if kind != TourKind::Open || !board.is_full() {
        return None;
    }
    let across_position = match (board.width(), board.height()) {
        (4, _) => start.x,
        (_, 4) => start.y,
        _ => return None,
    };
    matches!(across_position, 1 | 2).then(|| NoTour::FourAcross {
        start: board.square_name(start),
    })
}

/// Shorter side first.
fn sides(board: &Board) -> (u32, u32) {
    let (w, h) = (board.width(), board.height());
    (w.min(h), w.max(h))
}

/// Squares with few open knight-move neighbours. A tour enters and leaves
/// every square except its two ends; a closed tour has no ends. So a square
/// without neighbours is unreachable, a closed tour cannot pass a square
/// with only one, and an open tour has at most two such squares, which are
/// its ends (so the start must be one of them when there are two).
fn neighbour_reason(board: &Board, start: Option<Square>, kind: TourKind) -> Option<NoTour> {
    if board.is_full() || board.open_count() < 2 {
        return None;
    }
    let mut leaves = Vec::new();
    for s in board.open_squares() {
        match board.neighbours(s).count() {
            0 => {
                return Some(NoTour::Unreachable {
                    square: board.square_name(s),
                });
            }
            1 => leaves.push(s),
            _ => {}
        }
    }
    let names = || leaves.iter().map(|&s| board.square_name(s)).collect();
    match kind {
        TourKind::Closed if !leaves.is_empty() => {
            Some(NoTour::ClosedThroughLeaves { leaves: names() })
        }
        TourKind::Open if leaves.len() > 2 => Some(NoTour::TooManyLeaves { leaves: names() }),
        TourKind::Open => {
            let start = start?;
            (leaves.len() == 2 && !leaves.contains(&start)).then(|| NoTour::StartNotAnEnd {
                leaves: names(),
                start: board.square_name(start),
            })
        }
        TourKind::Closed => None,
    }
}

/// A tour connects all open squares, so they must form one group under
/// knight moves.
fn connectivity_reason(board: &Board) -> Option<NoTour> {
    if board.is_full() {
        return None;
    }
    let first = board.open_squares().next()?;
    let mut reached = vec![false; board.area()];
    reached[board.index(first)] = true;
    let mut queue = vec![first];
    let mut count = 1;
    while let Some(s) = queue.pop() {
        for n in board.neighbours(s) {
            let seen = &mut reached[board.index(n)];
            if !*seen {
                *seen = true;
                count += 1;
                queue.push(n);
            }
        }
    }
    let cut_off = board.open_squares().find(|&s| !reached[board.index(s)])?;
    Some(NoTour::Disconnected {
        from: board.square_name(first),
        to: board.square_name(cut_off),
        reached: count,
        open: board.open_count(),
    })
}

/// Cut squares: squares whose removal splits the open squares apart. The
/// parts of a board that no single removal splits (its blocks) hang
/// together at cut squares like beads on strings, and a tour must thread
/// them: a closed tour survives the loss of any one square, so a board with
/// a cut square has none; an open tour can only thread blocks that lie in a
/// row, so no cut square may join three blocks and no block may hold three
/// cut squares; and it must start in a block at either end of that row,
/// not on a cut square. The board must be connected (checked before).
fn cut_square_reason(board: &Board, start: Option<Square>, kind: TourKind) -> Option<NoTour> {
    if board.is_full() {
        return None;
    }
    let blocks = Blocks::of(board)?;
    let name = |index: u32| board.square_name(board.square(index as usize));
    let names = |indices: &[u32]| indices.iter().map(|&index| name(index)).collect();
    if let Some(&cut) = blocks.cut_squares.first()
        && kind == TourKind::Closed
    {
        return Some(NoTour::ClosedCut {
            cut: name(cut),
            groups: blocks.pieces_without(cut),
        });
    }
    if let Some(&cut) = blocks
        .cut_squares
        .iter()
        .find(|&&cut| blocks.pieces_without(cut) >= 3)
    {
        return Some(NoTour::ThreeWayCut {
            cut: name(cut),
            groups: blocks.pieces_without(cut),
        });
    }
    if let Some(links) = blocks
        .members
        .iter()
        .map(|block| blocks.cuts_in(block))
        .find(|cuts| cuts.len() >= 3)
    {
        return Some(NoTour::ThreeLinks {
            links: names(&links),
        });
    }
    let start = start?;
    let start_index = board.index(start) as u32;
    if blocks.pieces_without(start_index) >= 2 {
        return Some(NoTour::StartSplits {
            start: board.square_name(start),
        });
    }
    let block = blocks
        .members
        .iter()
        .find(|block| block.contains(&start_index))?;
    let links = blocks.cuts_in(block);
    (links.len() == 2).then(|| NoTour::StartBetweenLinks {
        start: board.square_name(start),
        links: names(&links),
    })
}

/// The blocks (biconnected components) of the open squares' knight graph,
/// by square index.
struct Blocks {
    /// Each block's squares, cut squares included.
    members: Vec<Vec<u32>>,
    /// How many blocks hold each square (by board index): 2 or more for
    /// cut squares.
    blocks_holding: Vec<u32>,
    /// The cut squares, in the order found.
    cut_squares: Vec<u32>,
}

impl Blocks {
    /// Tarjan's depth-first search, without recursion (boards can have
    /// millions of squares). `None` when the open squares form one block.
    fn of(board: &Board) -> Option<Blocks> {
        const UNSEEN: u32 = u32::MAX;
        let first = board.open_squares().next()?;
        // The `at`-th open neighbour of a square, recomputed rather than
        // stored, so a frame costs 8 bytes however large the board.
        let neighbour = |index: u32, at: usize| -> Option<u32> {
            board
                .neighbours(board.square(index as usize))
                .nth(at)
                .map(|s| board.index(s) as u32)
        };
        let mut order = vec![UNSEEN; board.area()];
        let mut low = vec![0u32; board.area()];
        let mut blocks_holding = vec![0u32; board.area()];
        let mut members = Vec::new();
        let mut stack: Vec<u32> = Vec::new();
        // Frames: a square and how many of its neighbours were looked at.
        let root = board.index(first) as u32;
        let mut frames: Vec<(u32, usize)> = vec![(root, 0)];
        order[root as usize] = 0;
        stack.push(root);
        let mut visited = 1;
        while let Some((square, at)) = frames.last_mut() {
            let square = *square;
            if let Some(next) = neighbour(square, *at) {
                *at += 1;
                if order[next as usize] == UNSEEN {
                    order[next as usize] = visited;
                    low[next as usize] = visited;
                    visited += 1;
                    stack.push(next);
                    frames.push((next, 0));
                } else {
                    low[square as usize] = low[square as usize].min(order[next as usize]);
                }
                continue;
            }
            frames.pop();
            let Some(&(parent, _)) = frames.last() else {
                break;
            };
            low[parent as usize] = low[parent as usize].min(low[square as usize]);
            if low[square as usize] >= order[parent as usize] {
                // The parent separates the subtree of `square`: a block.
                let mut block = Vec::new();
                while let Some(member) = stack.pop() {
                    block.push(member);
                    blocks_holding[member as usize] += 1;
                    if member == square {
                        break;
                    }
                }
                block.push(parent);
                blocks_holding[parent as usize] += 1;
                members.push(block);
            }
        }
        if members.len() <= 1 {
            return None;
        }
        let cut_squares = (0..board.area() as u32)
            .filter(|&index| blocks_holding[index as usize] >= 2)
            .collect();
        Some(Blocks {
            members,
            blocks_holding,
            cut_squares,
        })
    }

    /// The number of groups the open squares fall into without `square`.
    fn pieces_without(&self, square: u32) -> u32 {
        self.blocks_holding[square as usize].max(1)
    }

    /// The cut squares of `block`.
    fn cuts_in(&self, block: &[u32]) -> Vec<u32> {
        let mut cuts: Vec<u32> = block
            .iter()
            .copied()
            .filter(|&square| self.blocks_holding[square as usize] >= 2)
            .collect();
        cuts.sort_unstable();
        cuts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Why no tour exists, in words.
    fn impossibility(board: &Board, start: Option<Square>, kind: TourKind) -> Option<String> {
        why_no_tour(board, start, kind).map(|reason| reason.to_string())
    }

    fn board(w: u32, h: u32) -> Board {
        Board::new(w, h).unwrap()
    }

    #[test]
    fn classic_boards_without_tours() {
        let reason = |b: &Board, kind| impossibility(b, None, kind).unwrap_or_default();
        assert!(reason(&board(4, 4), TourKind::Open).contains("4x4"));
        assert!(reason(&board(5, 5), TourKind::Closed).contains("even number"));
        assert!(reason(&board(4, 8), TourKind::Closed).contains("Schwenk"));
        assert!(reason(&board(6, 3), TourKind::Closed).contains("3x6"));
        assert!(reason(&board(2, 9), TourKind::Open).contains("2x9"));
    }

    #[test]
    fn open_tours_on_boards_four_across_start_on_the_outer_lines() {
        for b in [board(4, 9), board(9, 4), board(4, 2000)] {
            for s in b.squares().take(40) {
                let across = if b.width() == 4 { s.x } else { s.y };
                let reason = impossibility(&b, Some(s), TourKind::Open);
                assert_eq!(reason.is_some(), across == 1 || across == 2, "{s:?}");
            }
        }
        let reason = impossibility(&board(4, 9), Some(Square::new(1, 8)), TourKind::Open);
        assert!(reason.unwrap_or_default().contains("b1 is on an inner one"));
        let mut holed = board(4, 9);
        holed.set_blocked(Square::new(0, 0), true);
        assert_eq!(
            four_across_reason(&holed, Some(Square::new(1, 8)), TourKind::Open),
            None,
            "the argument needs the full board"
        );
    }

    /// The only starts of full rectangles of up to 40 squares that no
    /// theorem here rules out and that still start no tour: the centre of
    /// 3x7 and the two squares beside the centre of 3x8 (and transposed).
    const NO_THEOREM_NO_TOUR: [&str; 6] = [
        "3x7 b4 open",
        "7x3 d2 open",
        "3x8 b6 open",
        "3x8 b3 open",
        "8x3 c2 open",
        "8x3 f2 open",
    ];

    /// The start squares of full rectangles (shorter side up to `max_short`,
    /// at most `max_area` squares) where theory finds no proof and yet the
    /// exhaustive search finds no tour, as `WxH name kind`. Panics when
    /// theory claims a proof and the search finds a tour anyway.
    fn theory_gaps(max_short: u32, max_area: u32) -> Vec<String> {
        use crate::job::{Control, Outcome};
        use crate::knight::backtrack::backtrack;
        use crate::knight::trace::Unwatched;
        let mut gaps = Vec::new();
        for short in 1..=max_short {
            for long in short..=max_area / short {
                for (w, h) in [(short, long), (long, short)] {
                    let b = board(w, h);
                    for s in b.squares() {
                        for kind in TourKind::ALL {
                            let proof = impossibility(&b, Some(s), kind);
                            let Outcome::Done(found) =
                                backtrack(&b, s, kind, &Control::new(), &mut Unwatched)
                            else {
                                unreachable!("nothing cancels this search");
                            };
                            match (proof, found) {
                                (Some(proof), Some(_)) => {
                                    panic!("{w}x{h} from {s:?} {kind:?}: {proof}")
                                }
                                (None, None) => gaps.push(format!(
                                    "{w}x{h} {} {}",
                                    b.square_name(s),
                                    kind.label()
                                )),
                                _ => {}
                            }
                        }
                    }
                    if w == h {
                        break;
                    }
                }
            }
        }
        gaps
    }

    /// Theory and exhaustive search agree on every start square of every
    /// full rectangle of up to 32 squares, open and closed, except where no
    /// theorem applies: the centre of 3x7 and the two squares beside the
    /// centre of 3x8 start no open tour.
    #[test]
    fn theory_agrees_with_exhaustive_search_on_small_rectangles() {
        assert_eq!(theory_gaps(5, 32), NO_THEOREM_NO_TOUR);
    }

    /// The same on every full rectangle of up to 40 squares (6x6, 5x8, 4x10,
    /// 3x13, ..): `cargo test --release --lib theory -- --ignored`.
    #[test]
    #[ignore = "minutes in debug builds; cargo test --release --lib theory -- --ignored"]
    fn theory_agrees_with_exhaustive_search_up_to_40_squares() {
        assert_eq!(theory_gaps(8, 40), NO_THEOREM_NO_TOUR);
    }

    #[test]
    fn boards_with_tours_are_not_ruled_out() {
        for (w, h) in [(1, 1), (3, 4), (3, 7), (4, 5), (5, 5), (8, 8), (30, 31)] {
            assert_eq!(
                impossibility(&board(w, h), None, TourKind::Open),
                None,
                "{w}x{h}"
            );
        }
        for (w, h) in [(3, 10), (5, 6), (6, 6), (8, 8), (12, 3)] {
            assert_eq!(
                impossibility(&board(w, h), None, TourKind::Closed),
                None,
                "{w}x{h}"
            );
        }
    }

    #[test]
    fn open_tours_start_on_the_majority_colour() {
        let b = board(5, 5);
        let corner = b.parse_square("a1").unwrap();
        let next_to_corner = b.parse_square("b1").unwrap();
        assert_eq!(impossibility(&b, Some(corner), TourKind::Open), None);
        let reason = impossibility(&b, Some(next_to_corner), TourKind::Open).unwrap();
        assert!(
            reason.contains("13 light") || reason.contains("13 dark"),
            "{reason}"
        );
    }

    #[test]
    fn blocked_squares_change_the_colour_count() {
        let mut b = board(4, 4);
        b.set_blocked(Square::new(0, 0), true);
        b.set_blocked(Square::new(2, 0), true);
        let reason = impossibility(&b, None, TourKind::Closed).unwrap();
        assert!(reason.contains("6 dark and 8 light") || reason.contains("8 dark and 6 light"));
    }

    #[test]
    fn isolated_and_disconnected_squares() {
        let mut b = board(6, 6);
        for (x, y) in [(1, 2), (2, 1), (5, 5), (4, 4)] {
            b.set_blocked(Square::new(x, y), true);
        }
        let reason = impossibility(&b, None, TourKind::Open).unwrap_or_default();
        assert!(reason.contains("reaches a6"), "{reason}");
        let mut split = board(9, 4);
        for y in 0..4 {
            split.set_blocked(Square::new(4, y), true);
            split.set_blocked(Square::new(5, y), true);
        }
        for kind in TourKind::ALL {
            let reason = impossibility(&split, None, kind).unwrap_or_default();
            assert!(reason.contains("not connected"), "{reason}");
        }
    }

    /// A board of `width` x `height` cut into three rooms by walls two
    /// squares thick (which no knight can cross), one door square in each.
    fn walled(width: u32, height: u32, doors: &[(u32, u32)]) -> Board {
        let mut b = board(width, height);
        for y in 0..height {
            for x in [5, 6, 12, 13] {
                b.set_blocked(Square::new(x, y), true);
            }
        }
        for &(x, y) in doors {
            b.set_blocked(Square::new(x, y), false);
        }
        b
    }

    #[test]
    fn cut_squares_rule_out_closed_tours_and_badly_placed_starts() {
        // Three rooms in a row, a door between each pair.
        let row = walled(19, 10, &[(5, 4), (12, 4)]);
        assert_eq!(impossibility(&row, None, TourKind::Open), None);
        let reason = impossibility(&row, None, TourKind::Closed).unwrap_or_default();
        assert!(reason.contains("removing"), "{reason}");
        let middle = row.parse_square("j5").unwrap();
        let reason = impossibility(&row, Some(middle), TourKind::Open).unwrap_or_default();
        assert!(reason.contains("lies between squares"), "{reason}");
        let door = Square::new(5, 4);
        let reason = impossibility(&row, Some(door), TourKind::Open).unwrap_or_default();
        assert!(
            reason.contains("splits the open squares into two"),
            "{reason}"
        );
        let end_room = row.parse_square("a1").unwrap();
        assert_eq!(impossibility(&row, Some(end_room), TourKind::Open), None);
    }

    #[test]
    fn a_middle_room_with_three_doors_leaves_no_open_tour() {
        // Rooms left and right of the middle one, and a third room below
        // the middle room behind a horizontal wall with its own door.
        let mut b = walled(19, 14, &[(5, 2), (12, 2)]);
        for x in 7..12 {
            for y in [6, 7] {
                b.set_blocked(Square::new(x, y), true);
            }
        }
        b.set_blocked(Square::new(9, 6), false);
        let reason = impossibility(&b, None, TourKind::Open).unwrap_or_default();
        assert!(reason.contains("only link"), "{reason}");
    }

    /// Whether a tour of `kind` from `start` exists, by plain exhaustive
    /// search: an independent check of the theory on small boards.
    fn has_tour(b: &Board, start: Square, kind: TourKind) -> bool {
        fn extend(
            b: &Board,
            at: Square,
            seen: &mut [bool],
            left: usize,
            start: Square,
            kind: TourKind,
        ) -> bool {
            if left == 0 {
                return kind == TourKind::Open || b.neighbours(at).any(|n| n == start);
            }
            let next: Vec<Square> = b.neighbours(at).filter(|&n| !seen[b.index(n)]).collect();
            for n in next {
                seen[b.index(n)] = true;
                if extend(b, n, seen, left - 1, start, kind) {
                    return true;
                }
                seen[b.index(n)] = false;
            }
            false
        }
        let mut seen = vec![false; b.area()];
        seen[b.index(start)] = true;
        extend(b, start, &mut seen, b.open_count() - 1, start, kind)
    }

    #[test]
    fn theory_never_rules_out_a_tour_that_exists_on_holed_boards() {
        // Random holes in boards of up to 20 squares: whenever theory says
        // "no tour", exhaustive search must agree.
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = |bound: u32| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % u64::from(bound)) as u32
        };
        let (mut ruled_out, mut by_cut_squares) = (0, 0);
        for _ in 0..400 {
            let (w, h) = (3 + next(3), 4 + next(2));
            let mut b = board(w, h);
            for _ in 0..next(5) {
                b.set_blocked(Square::new(next(w), next(h)), true);
            }
            let Some(start) = b.open_squares().next() else {
                continue;
            };
            for kind in TourKind::ALL {
                if let Some(reason) = why_no_tour(&b, Some(start), kind) {
                    ruled_out += 1;
                    if cut_square_reason(&b, Some(start), kind).as_ref() == Some(&reason) {
                        by_cut_squares += 1;
                    }
                    assert!(!has_tour(&b, start, kind), "{w}x{h} {kind:?}: {reason}");
                }
            }
        }
        assert!(ruled_out > 100, "only {ruled_out} boards ruled out");
        assert!(
            by_cut_squares >= 5,
            "cut squares decided only {by_cut_squares}"
        );
    }
}
