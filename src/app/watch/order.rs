//! Where each move from the cell a watched search stands on stands in the
//! search's order (tried, next, later, never tried), read from that order
//! and the search's last step; the same for a knight's moves and for the
//! stones in line with a picked stone. No egui in here.

use gridtour::replay::{Cell, Event};
use gridtour::tr;

/// Where a move stands in the search's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveState {
    /// Tried, and every way on from it failed.
    Tried,
    /// The one the search tries next.
    Next,
    /// To be tried after the next one.
    Later,
    /// Never to be tried: the position was given up by a rule.
    GivenUp,
    /// Not chosen: Warnsdorff's walk goes on from the first only.
    PassedOver,
}

/// Where each move of `order` (the moves from the cell the search stands
/// on, in the order it tries them) stands after the search's last step
/// `last`: a cell just given back was tried, as were those before it.
pub fn move_states(order: &[Cell], last: Option<Event>) -> Vec<MoveState> {
    // The move just taken back, which the search came back from.
    let back = match last {
        Some(Event::GiveBack(cell)) => order.iter().position(|&move_to| move_to == cell),
        _ => None,
    };
    (0..order.len())
        .map(|index| match last {
            Some(Event::DeadEnd(_)) => MoveState::Tried,
            Some(Event::Prune { .. }) => MoveState::GivenUp,
            Some(Event::GiveBack(_)) => match back {
                Some(back) if index <= back => MoveState::Tried,
                Some(back) if index == back + 1 => MoveState::Next,
                _ => MoveState::Later,
            },
            _ if index == 0 => MoveState::Next,
            _ => MoveState::Later,
        })
        .collect()
}

/// A move in words: the name of the cell it goes to, the count that
/// ordered it, and where it stands.
pub fn move_words(name: &str, count: u8, state: MoveState) -> String {
    match state {
        MoveState::Tried => tr!("watch-move-tried", square = name, onward = count),
        MoveState::Next => tr!("watch-move-next", square = name, onward = count),
        MoveState::Later => tr!("watch-move-later", square = name, onward = count),
        MoveState::GivenUp => tr!("watch-move-given-up", square = name, onward = count),
        MoveState::PassedOver => tr!("watch-move-passed-over", square = name, onward = count),
    }
}
