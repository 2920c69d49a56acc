//! The moves a watched search has tried and has still to try from the
//! square it stands on, read from its path and its last step: the order
//! is the one the search itself uses ([`search_order`](super::search_order),
//! [`walk_order`](super::walk_order)), and the last step says how far
//! along it the search is. The window's watch lists them; a trace's
//! pictures ring them.

use super::{Algorithm, Board, Square, TourKind};
use crate::replay::{Cell, Event, MoveState, Replay, Rule, move_states};

/// The moves from the square the search stands on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Moves {
    /// The square.
    pub from: Square,
    /// Its moves in the search's order, each with the number that ordered
    /// it (or the free squares a move on from it, for plain DFS).
    pub moves: Vec<(Square, u8, MoveState)>,
    /// The rule that gave the position up, if one did.
    pub rule: Option<Rule>,
    /// Whether Warnsdorff's walk chose between moves of as few onward
    /// moves by their distance from the centre.
    pub tie: bool,
}

/// The moves a watch of the search of `algorithm` for a tour of `kind`
/// shows at the step on show of `replay`: the search's own order for
/// plain DFS and backtracking, the first walk's for Warnsdorff's rule.
pub fn watched_moves(
    board: &Board,
    (algorithm, kind): (Algorithm, TourKind),
    replay: &Replay,
) -> Option<Moves> {
    match algorithm {
        Algorithm::Warnsdorff if replay.last() != Some(Event::Found) => {
            walk_moves_at(board, kind, replay.path(), replay.counters().restarts)
        }
        _ => moves_at(board, (algorithm, kind), replay.path(), replay.last()),
    }
}

/// The moves of the search of `algorithm` for a tour of `kind` on `board`
/// at the step where its path is `path` and its last step was `last`;
/// `None` where it stands nowhere (no path, a tour found) or its order
/// cannot be known (Warnsdorff's walk).
pub fn moves_at(
    board: &Board,
    (algorithm, kind): (Algorithm, TourKind),
    path: &[Cell],
    last: Option<Event>,
) -> Option<Moves> {
    let squares: Vec<Square> = path.iter().map(|&(x, y)| Square::new(x, y)).collect();
    let &from = squares.last()?;
    let order = super::search_order(algorithm, board, &squares, kind)?;
    if matches!(last, Some(Event::Found)) {
        return None;
    }
    let rule = match last {
        Some(Event::Prune { rule, .. }) => Some(rule),
        _ => None,
    };
    let cells: Vec<Cell> = order
        .iter()
        .map(|&(square, _)| (square.x, square.y))
        .collect();
    Some(Moves {
        from,
        moves: order
            .into_iter()
            .zip(move_states(&cells, last))
            .map(|((square, onward), state)| (square, onward, state))
            .collect(),
        rule,
        tie: false,
    })
}

/// The order `algorithm`'s search for a tour of `kind` tries the moves
/// from the last square of `path` in, each with the number that ordered
/// it, where that order is known: always for plain DFS and backtracking
/// ([`search_order`](super::search_order)), for Warnsdorff's walk only
/// before its first restart ([`walk_order`](super::walk_order); later
/// walks break ties at random).
pub fn known_order(
    board: &Board,
    (algorithm, kind): (Algorithm, TourKind),
    path: &[Square],
    restarts: u64,
) -> Option<Vec<(Square, u8)>> {
    match algorithm {
        Algorithm::Warnsdorff => (restarts == 0).then(|| super::walk_order(board, path, kind)),
        _ => super::search_order(algorithm, board, path, kind),
    }
}

/// The moves of Warnsdorff's first walk for a tour of `kind` on `board`
/// where its path is `path`, after `restarts` restarts: the one it goes
/// to next, then those it passes over, by onward moves. `None` once it
/// has restarted (later walks break ties at random) and where it stands
/// nowhere.
pub fn walk_moves_at(board: &Board, kind: TourKind, path: &[Cell], restarts: u64) -> Option<Moves> {
    let squares: Vec<Square> = path.iter().map(|&(x, y)| Square::new(x, y)).collect();
    let &from = squares.last()?;
    let search = (Algorithm::Warnsdorff, kind);
    let order = known_order(board, search, &squares, restarts)?;
    let tie = matches!(order.as_slice(), [(_, first), (_, second), ..] if first == second);
    Some(Moves {
        from,
        moves: order
            .into_iter()
            .enumerate()
            .map(|(index, (square, onward))| {
                let state = if index == 0 {
                    MoveState::Next
                } else {
                    MoveState::PassedOver
                };
                (square, onward, state)
            })
            .collect(),
        rule: None,
        tie,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first `most` steps of `algorithm`'s search for an open tour
    /// from `start`, as a watch sees them.
    fn first_events(
        board: &Board,
        (start, algorithm): (Square, Algorithm),
        most: usize,
    ) -> Vec<Event> {
        let steps = crate::knight::first_steps(board, (start, TourKind::Open), algorithm, most);
        steps.into_iter().map(Event::from).collect()
    }

    fn states(moves: &Moves) -> Vec<MoveState> {
        moves.moves.iter().map(|&(_, _, state)| state).collect()
    }

    /// At every step of plain DFS and backtracking, the moves marked tried
    /// are those the search has pushed from the square it stands on, and
    /// the next is the one it pushes next from there.
    #[test]
    fn the_moves_marked_follow_the_search() {
        let board = Board::new(5, 5).expect("a board");
        let start = board.parse_square("a1").expect("a1");
        for algorithm in [Algorithm::Dfs, Algorithm::Backtrack] {
            let events = first_events(&board, (start, algorithm), 3_000);
            let mut replay = Replay::new(16);
            for (index, &event) in events.iter().enumerate() {
                replay.apply(event);
                let kind = (algorithm, TourKind::Open);
                let Some(moves) = moves_at(&board, kind, replay.path(), Some(event)) else {
                    assert_eq!(event, Event::Found);
                    continue;
                };
                // The search's next push from here, if it makes one
                // before leaving the square.
                let depth = replay.path().len();
                let mut level = depth;
                let mut pushed_next = None;
                for &later in &events[index + 1..] {
                    match later {
                        Event::Take(cell) if level == depth => {
                            pushed_next = Some(Square::new(cell.0, cell.1));
                            break;
                        }
                        Event::Take(_) => level += 1,
                        Event::GiveBack(_) if level == depth => break,
                        Event::GiveBack(_) => level -= 1,
                        _ => {}
                    }
                }
                let next = moves
                    .moves
                    .iter()
                    .find(|&&(_, _, state)| state == MoveState::Next)
                    .map(|&(square, _, _)| square);
                if let Some(pushed) = pushed_next {
                    assert_eq!(next, Some(pushed), "{algorithm:?} at step {}", index + 1);
                }
            }
        }
    }

    #[test]
    fn a_dead_end_has_tried_every_move_and_a_pruning_none() {
        let board = Board::new(5, 5).expect("a board");
        let kind = (Algorithm::Dfs, TourKind::Open);
        let path = [(0, 0), (1, 2)];
        let arrived = moves_at(&board, kind, &path, Some(Event::Take((1, 2)))).expect("moves");
        assert_eq!(arrived.from, Square::new(1, 2));
        let first = arrived.moves[0].0;
        assert_eq!(states(&arrived)[0], MoveState::Next);
        assert!(states(&arrived)[1..].iter().all(|&s| s == MoveState::Later));
        let back = Event::GiveBack((first.x, first.y));
        let came_back = moves_at(&board, kind, &path, Some(back)).expect("moves");
        assert_eq!(
            &states(&came_back)[..2],
            [MoveState::Tried, MoveState::Next]
        );
        let stuck = moves_at(&board, kind, &path, Some(Event::DeadEnd((1, 2))));
        let stuck = stuck.expect("moves");
        assert!(states(&stuck).iter().all(|&s| s == MoveState::Tried));
        let prune = Event::Prune {
            at: (1, 2),
            rule: Rule::DeadEnds,
        };
        let given_up = moves_at(&board, kind, &path, Some(prune)).expect("moves");
        assert_eq!(given_up.rule, Some(Rule::DeadEnds));
        assert!(states(&given_up).iter().all(|&s| s == MoveState::GivenUp));
        let walk = (Algorithm::Warnsdorff, TourKind::Open);
        assert_eq!(
            moves_at(&board, walk, &path, Some(Event::Take((1, 2)))),
            None
        );
        // The walk's own order: the next move first, the others passed
        // over; none once it has restarted.
        let walking = walk_moves_at(&board, TourKind::Open, &path, 0).expect("moves");
        assert_eq!(states(&walking)[0], MoveState::Next);
        assert!(
            states(&walking)[1..]
                .iter()
                .all(|&s| s == MoveState::PassedOver)
        );
        assert_eq!(walk_moves_at(&board, TourKind::Open, &path, 1), None);
    }
}
