//! The shipped knight's tour puzzles of the Example menu and the shelf,
//! each read once.

use std::sync::OnceLock;

use gridtour::numbers::format::{self, ReadPuzzle};
use gridtour::numbers::{Level, NumbersPuzzle};
use gridtour::tr;

/// The shipped puzzles with one solution (up to direction, for the
/// article's), by name and level, for the Example menu and the shelf:
/// each level as `numbers::rate` rates the puzzle (a test checks it).
pub const EXAMPLES: [(&str, &str, Level); 16] = [
    ("problem-a-4x5-closed", include_str!("../../../../assets/numbers/problem-a-4x5-closed.txt"), Level::Hard),
    ("easy-6x6-open", include_str!("../../../../assets/numbers/easy-6x6-open.txt"), Level::Easy),
    ("medium-6x6-open", include_str!("../../../../assets/numbers/medium-6x6-open.txt"), Level::Medium),
    ("minimal-6x6-open", include_str!("../../../../assets/numbers/minimal-6x6-open.txt"), Level::Hard),
    ("minimal-6x6-closed", include_str!("../../../../assets/numbers/minimal-6x6-closed.txt"), Level::Medium),
    ("minimal-7x6-open-holey", include_str!("../../../../assets/numbers/minimal-7x6-open-holey.txt"), Level::Medium),
    ("easy-8x8-open", include_str!("../../../../assets/numbers/easy-8x8-open.txt"), Level::Easy),
    ("medium-8x8-open", include_str!("../../../../assets/numbers/medium-8x8-open.txt"), Level::Medium),
    ("minimal-8x8-open", include_str!("../../../../assets/numbers/minimal-8x8-open.txt"), Level::Hard),
    ("easy-8x8-closed", include_str!("../../../../assets/numbers/easy-8x8-closed.txt"), Level::Easy),
    ("medium-8x8-closed", include_str!("../../../../assets/numbers/medium-8x8-closed.txt"), Level::Medium),
    ("hard-8x8-closed", include_str!("../../../../assets/numbers/hard-8x8-closed.txt"), Level::Hard),
    ("minimal-8x8-closed-holey", include_str!("../../../../assets/numbers/minimal-8x8-closed-holey.txt"), Level::Hard),
    ("easy-10x10-open", include_str!("../../../../assets/numbers/easy-10x10-open.txt"), Level::Easy),
    ("medium-10x10-open", include_str!("../../../../assets/numbers/medium-10x10-open.txt"), Level::Medium),
    ("hard-10x10-open", include_str!("../../../../assets/numbers/hard-10x10-open.txt"), Level::Hard),
];

/// The example `index` of [`EXAMPLES`], read.
pub fn example(index: usize) -> Option<(ReadPuzzle, Level)> {
    let read = examples_read().get(index)?.clone()?;
    Some((read, EXAMPLES[index].2))
}

/// The [`EXAMPLES`], each read once: their names are drawn on every frame
/// that shows the shelf or an example's summary.
fn examples_read() -> &'static [Option<ReadPuzzle>] {
    static READ: OnceLock<Vec<Option<ReadPuzzle>>> = OnceLock::new();
    READ.get_or_init(|| {
        EXAMPLES
            .iter()
            .map(|(name, text, _)| format::parse(name, text).ok())
            .collect()
    })
}

/// The width and height of `puzzle`'s board.
pub(super) fn size_of(puzzle: &NumbersPuzzle) -> (u32, u32) {
    (puzzle.board().width(), puzzle.board().height())
}

/// The example's name in the menu: its board and level.
pub fn example_words(index: usize) -> String {
    match (examples_read().get(index), EXAMPLES.get(index)) {
        (Some(Some(read)), Some(&(_, _, level))) => {
            let board = read.puzzle.board();
            tr!(
                "numbers-example",
                size = format!("{}x{}", board.width(), board.height()),
                kind = read.puzzle.kind().label(),
                holes = board.blocked_squares().len(),
                level = level.words()
            )
        }
        _ => String::new(),
    }
}
