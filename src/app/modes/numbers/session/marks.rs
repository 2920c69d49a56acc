//! Pencil marks: the numbers a player notes in an empty square, kept
//! for each square of the board and checked against it when read back.

use gridtour::knight::Square;
use gridtour::numbers::NumbersPuzzle;
use gridtour::tr;

use super::NumbersSession;
use crate::app::command::Effect;
use crate::app::modes::numbers::command::{Marks, NumbersMove};
use crate::app::modes::numbers::work::NumbersJob;
use crate::app::notice::Notice;
use crate::app::timeline::MoveOwner;

/// The pencil marks `saved` as a board of `puzzle` can hold them: one
/// list a square, each of numbers of the tour, smallest first, each once
/// (a saved state may hold anything); none where they do not fit.
pub(super) fn valid_marks(saved: &[Vec<u32>], puzzle: &NumbersPuzzle) -> Marks {
    let area = puzzle.board().area();
    if saved.len() != area {
        return vec![Vec::new(); area];
    }
    let last = puzzle.last_number();
    saved
        .iter()
        .map(|marks| {
            let mut kept: Vec<u32> = marks
                .iter()
                .copied()
                .filter(|mark| (1..=last).contains(mark))
                .collect();
            kept.sort_unstable();
            kept.dedup();
            kept
        })
        .collect()
}

impl NumbersSession {
    /// Puts a pencil mark of `number` on `square`, or takes it off.
    pub(super) fn toggle_mark(&mut self, square: Square, number: u32) {
        let Some(marks) = self.marks.get_mut(self.play.puzzle().board().index(square)) else {
            return;
        };
        match marks.binary_search(&number) {
            Ok(at) => {
                marks.remove(at);
            }
            Err(at) => marks.insert(at, number),
        }
    }

    /// The pencil marks on `square`, smallest first.
    pub fn marks(&self, square: Square) -> &[u32] {
        self.marks
            .get(self.board().index(square))
            .map_or(&[], Vec::as_slice)
    }

    /// Marks `number` on `square` in pencil, or takes the mark off: an
    /// empty square's candidates, for the player's own use.
    pub(super) fn mark(&mut self, square: Square, number: u32) -> Vec<Effect<NumbersJob>> {
        let puzzle = self.play.puzzle();
        let open = puzzle.board().is_open(square) && self.play.number(square).is_none();
        if !open || number == 0 || number > puzzle.last_number() {
            let last = puzzle.last_number();
            self.core.notice = Some(Notice::error(move || {
                tr!("numbers-mark-refused", number = number, last = last)
            }));
            return Vec::new();
        }
        let made = NumbersMove::Mark { square, number };
        self.apply_move(&made);
        self.core.moves.record(made);
        self.core.touch();
        Vec::new()
    }
}
