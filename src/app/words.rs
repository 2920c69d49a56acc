//! Words the window builds from several of the engines' values.

use gridtour::knight::{Board, Square};

/// The first few of `squares` by name, with an ellipsis for the rest.
pub fn named_few(board: &Board, squares: &[Square]) -> String {
    /// The most squares a sentence names.
    const NAMED: usize = 12;
    let mut names: Vec<String> = squares
        .iter()
        .take(NAMED)
        .map(|&square| board.square_name(square))
        .collect();
    if squares.len() > NAMED {
        names.push("…".to_owned());
    }
    names.join(", ")
}
