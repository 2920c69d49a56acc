//! A move from the cell a watched search stands on, in words: the same
//! for a knight's moves and for the stones in line with a picked stone.
//! No egui in here.

use gridtour::replay::MoveState;
use gridtour::tr;

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
