//! Words the window builds from several of the engines' values.

use gridtour::english::group_digits;
use gridtour::knight::{Board, Estimate, Square};
use gridtour::tr;

/// An estimate of the tours `what` names, number and interval first
/// (the panel cuts the rest to its width, whole on hover).
pub fn estimate_words(estimate: &Estimate, what: &str) -> String {
    if estimate.exact_because.is_some() {
        return tr!(
            "estimate-exact",
            tours = estimate.tours.to_string(),
            what = what
        );
    }
    if estimate.completed == 0 {
        return tr!(
            "estimate-none",
            what = what,
            attempts = group_digits(estimate.attempts)
        );
    }
    let (low, high) = (
        format!("{:.4e}", estimate.low),
        format!("{:.4e}", estimate.high),
    );
    let interval = if estimate.has_interval() {
        tr!("interval-95", low = low, high = high)
    } else {
        tr!("interval-rough", low = low, high = high)
    };
    tr!(
        "estimate-about",
        tours = format!("{:.4e}", estimate.tours),
        what = what,
        interval = interval,
        attempts = group_digits(estimate.attempts),
        completed = group_digits(estimate.completed)
    )
}

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
