//! The steps of the knight's searches, for whoever watches one think: the
//! searches call a [`Watcher`] at every move they make and take back, at
//! every dead end and pruning, and when they find a tour. With
//! [`Unwatched`] the calls compile to nothing, so a search nobody watches
//! runs as fast as before.
//!
//! A trace replays: start from an empty path; `Push` puts a square on the
//! path (the first one anywhere, the others a knight's move from the last
//! one), `Pop` takes the last one off, `Rotate` reverses the path after a
//! position (Warnsdorff's walk out of a dead end), `Restart` empties it;
//! `DeadEnd` and `Prune` name the last square and change nothing. At
//! `Found` the path is the tour.

use super::{Board, Square};
use crate::replay::{Event, Rule};

/// One step of a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// The knight moved onto this square.
    Push(Square),
    /// The knight's move onto this square, the last of the path, was taken
    /// back.
    Pop(Square),
    /// The last square of the path has no move left to try.
    DeadEnd(Square),
    /// The position with the knight on this square, the last of the path,
    /// cannot become a tour, as `rule` shows: it is given up at once.
    Prune {
        /// The square.
        square: Square,
        /// Why no tour can follow.
        rule: PruneRule,
    },
    /// The path after its first `kept` squares was reversed: the new last
    /// square is a knight's move from the square before it.
    Rotate {
        /// How many squares keep their place.
        kept: usize,
    },
    /// The path was given up whole, for a new attempt.
    Restart,
    /// The path is a tour.
    Found,
}

/// The rules that cut a search short (see the backtracking search).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PruneRule {
    /// A closed tour's start has no free neighbour left to come home from.
    Closing,
    /// A free square can no longer be entered and left: more squares can
    /// only be an end than a tour has ends.
    DeadEnds,
    /// Some free square can no longer be reached from the knight.
    Connectivity,
    /// The required last square of an open tour was reached too early.
    EndTooEarly,
}

impl PruneRule {
    /// The rule's name in traces.
    pub fn label(self) -> &'static str {
        match self {
            PruneRule::Closing => "closing",
            PruneRule::DeadEnds => "dead-ends",
            PruneRule::Connectivity => "connectivity",
            PruneRule::EndTooEarly => "end-too-early",
        }
    }
}

/// The squares a pruning by `rule` speaks of, with the knight on the last
/// square of `path` in a search for a tour of `kind` on `board`: the start
/// a closed tour can no longer come home to; the free squares that could
/// not be visited, or only as a tour's end, when there are more of them
/// than a tour has ends; the free squares cut off from the knight; the
/// end reached too early. Worked out from the position alone, apart from
/// the search's own bookkeeping, to show a person why the position was
/// given up.
pub fn pruned_squares(
    board: &Board,
    path: &[Square],
    kind: super::TourKind,
    rule: PruneRule,
) -> Vec<Square> {
    let (Some(&start), Some(&knight)) = (path.first(), path.last()) else {
        return Vec::new();
    };
    let mut on_path = vec![false; board.area()];
    for &square in path {
        on_path[board.index(square)] = true;
    }
    let free = |square: Square| !on_path[board.index(square)];
    let free_squares: Vec<Square> = board.open_squares().filter(|&s| free(s)).collect();
    match rule {
        PruneRule::Closing => vec![start],
        PruneRule::EndTooEarly => vec![knight],
        PruneRule::Connectivity => {
            let mut reached = vec![false; board.area()];
            let mut queue = vec![knight];
            while let Some(square) = queue.pop() {
                for next in board.neighbours(square) {
                    if free(next) && !reached[board.index(next)] {
                        reached[board.index(next)] = true;
                        queue.push(next);
                    }
                }
            }
            free_squares
                .into_iter()
                .filter(|&square| !reached[board.index(square)])
                .collect()
        }
        PruneRule::DeadEnds => {
            let closed = kind == super::TourKind::Closed;
            // A square next to the knight can be entered from it; any
            // other needs two ways in and out unless it is the end. A
            // square next to a closed tour's start has the way home too.
            let ways = |square: Square| {
                let home = closed && Board::is_knight_move(square, start);
                board.neighbours(square).filter(|&next| free(next)).count() + usize::from(home)
            };
            let next_to_knight = |square: Square| Board::is_knight_move(square, knight);
            let more_to_visit = free_squares.len() > 1;
            let stranded: Vec<Square> = free_squares
                .iter()
                .copied()
                .filter(|&square| {
                    let own_ways = board.neighbours(square).filter(|&next| free(next)).count();
                    if next_to_knight(square) {
                        own_ways == 0 && more_to_visit
                    } else {
                        ways(square) == 0
                    }
                })
                .collect();
            if !stranded.is_empty() {
                return stranded;
            }
            free_squares
                .into_iter()
                .filter(|&square| !next_to_knight(square) && ways(square) == 1)
                .collect()
        }
    }
}

/// Whoever watches a search.
pub trait Watcher {
    /// Takes the next step.
    fn see(&mut self, step: Step);
}

/// Shows `watcher` a search's path given up, and `squares` walked from
/// their first: how a trace ends on a tour that the search did not
/// leave on its path (a cycle turned to begin at the start, a tour
/// built after the search gave up).
pub(crate) fn walk_again(watcher: &mut impl Watcher, squares: &[Square]) {
    watcher.see(Step::Restart);
    for &square in squares {
        watcher.see(Step::Push(square));
    }
}

/// Nobody: every call is empty and compiled away.
pub struct Unwatched;

impl Watcher for Unwatched {
    #[inline(always)]
    fn see(&mut self, _: Step) {}
}

impl<F: FnMut(Step)> Watcher for F {
    fn see(&mut self, step: Step) {
        self(step);
    }
}

/// What a trace line says of its position besides its step.
#[derive(Debug, Clone, Copy)]
pub enum Beside<'a> {
    /// Nothing more.
    Nothing,
    /// At a push: the squares the search will try from there, in its
    /// order, each with the number that ordered it.
    Tries(&'a [(Square, u8)]),
    /// At a pruning: the squares its rule speaks of (see
    /// [`pruned_squares`]).
    Because(&'a [Square]),
}

/// Step `number` (from 1) as a line of JSON, its keys in this order:
/// `{"step":1,"event":"push","square":"a1"}`, with `"rule"` after the
/// square of a pruning, and `"kept"` for a rotation. A push may carry the
/// squares the search will try from there, in its order, and the number
/// that ordered each (see [`search_order`](super::search_order)):
/// `"tries":["b3","c2"],"onward":[2,3]`; a pruning the squares its rule
/// speaks of: `"because":["a1"]`.
pub fn json_line(number: u64, step: Step, board: &Board, beside: Beside<'_>) -> String {
    let square = |event: &str, square: Square| {
        let name = serde_json::Value::from(board.square_name(square));
        format!(r#"{{"step":{number},"event":"{event}","square":{name}"#)
    };
    let names = |squares: &[Square]| {
        let names: Vec<String> = squares.iter().map(|&s| board.square_name(s)).collect();
        serde_json::Value::from(names)
    };
    let opening = match step {
        Step::Push(at) => match beside {
            Beside::Tries(tries) => {
                let squares: Vec<Square> = tries.iter().map(|&(s, _)| s).collect();
                let onward: Vec<u8> = tries.iter().map(|&(_, onward)| onward).collect();
                format!(
                    r#"{},"tries":{},"onward":{}"#,
                    square("push", at),
                    names(&squares),
                    serde_json::Value::from(onward)
                )
            }
            _ => square("push", at),
        },
        Step::Pop(at) => square("pop", at),
        Step::DeadEnd(at) => square("dead-end", at),
        Step::Prune { square: at, rule } => {
            let opening = format!(r#"{},"rule":"{}""#, square("prune", at), rule.label());
            match beside {
                Beside::Because(squares) => format!(r#"{opening},"because":{}"#, names(squares)),
                _ => opening,
            }
        }
        Step::Rotate { kept } => format!(r#"{{"step":{number},"event":"rotate","kept":{kept}"#),
        Step::Restart => format!(r#"{{"step":{number},"event":"restart""#),
        Step::Found => format!(r#"{{"step":{number},"event":"found""#),
    };
    opening + "}"
}

impl From<PruneRule> for Rule {
    fn from(rule: PruneRule) -> Rule {
        match rule {
            PruneRule::Closing => Rule::Closing,
            PruneRule::DeadEnds => Rule::DeadEnds,
            PruneRule::Connectivity => Rule::Connectivity,
            PruneRule::EndTooEarly => Rule::EndTooEarly,
        }
    }
}

impl PruneRule {
    /// The knight's rule a replayed search's `rule` is, if it is one.
    pub fn of_replayed(rule: Rule) -> Option<PruneRule> {
        match rule {
            Rule::Closing => Some(PruneRule::Closing),
            Rule::DeadEnds => Some(PruneRule::DeadEnds),
            Rule::Connectivity => Some(PruneRule::Connectivity),
            Rule::EndTooEarly => Some(PruneRule::EndTooEarly),
            Rule::Stranded | Rule::Known => None,
        }
    }
}

impl From<Step> for Event {
    fn from(step: Step) -> Event {
        let cell = |square: Square| (square.x, square.y);
        match step {
            Step::Push(square) => Event::Take(cell(square)),
            Step::Pop(square) => Event::GiveBack(cell(square)),
            Step::DeadEnd(square) => Event::DeadEnd(cell(square)),
            Step::Prune { square, rule } => Event::Prune {
                at: cell(square),
                rule: rule.into(),
            },
            Step::Rotate { kept } => Event::Rotate { kept },
            Step::Restart => Event::Restart { clears: true },
            Step::Found => Event::Found,
        }
    }
}
