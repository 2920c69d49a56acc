//! The walk on show in words, and what play mode hints: the summary under
//! the controls, the squares a walk can no longer reach.

use gridtour::english::group_digits;
use gridtour::knight::Board;
use gridtour::tr;

use super::{Answer, KnightSession, PlayHints};
use crate::app::modes::knight::command::Interaction;

impl KnightSession {
    /// The state of the walk in words: the answer to the last search, or
    /// what is on show, and in play mode whether the knight is stuck or the
    /// tour complete.
    pub fn summary(&self) -> String {
        match &self.answer {
            // A tour found is said once the watch shows it, the search
            // until then; nothing once the watch is closed.
            Some(Answer::WatchedFound(algorithm, name)) => match self.core.watched_steps() {
                Some((shown, Some(steps))) if shown >= steps => {
                    return tr!("watched-found").to_owned();
                }
                Some(_) => return Answer::Watching(*algorithm, name.clone()).words(),
                None => {}
            },
            Some(answer) => return answer.words(),
            None => {}
        }
        let open = self.board().open_count();
        let squares = group_digits(open as u64);
        let (Some(&first), Some(&here)) = (self.walk.squares().first(), self.walk.squares().last())
        else {
            return match self.interaction {
                Interaction::Play => tr!("click-to-place"),
                Interaction::Edit => tr!("click-to-block"),
                Interaction::Tour => tr!("click-to-start"),
                Interaction::Watch => tr!("click-to-watch"),
            }
            .to_owned();
        };
        let start = self.board().square_name(first);
        let moves = group_digits(self.walk.len() as u64 - 1);
        if self.walk.len() == open + 1 {
            return tr!(
                "closed-tour-done",
                start = start,
                squares = squares,
                moves = moves
            );
        }
        if self.walk.len() == open && self.core.moves.ahead().is_empty() {
            let closes = open > 2 && Board::is_knight_move(here, first);
            let more = match (closes, self.interaction) {
                (true, Interaction::Play) => tr!("return-to-close", start = start.as_str()),
                (true, _) => tr!("can-be-closed").to_owned(),
                (false, _) => String::new(),
            };
            return tr!(
                "open-tour-done",
                start = start,
                squares = squares,
                moves = moves,
                more = more
            );
        }
        let here = self.board().square_name(here);
        let visited = group_digits(self.walk.len() as u64);
        if self.interaction == Interaction::Play
            && self.core.moves.ahead().is_empty()
            && self.walk.legal_moves().is_empty()
        {
            return tr!("stuck", here = here, visited = visited, squares = squares);
        }
        if let Some(lost) = self.lost_squares() {
            return lost;
        }
        tr!(
            "walk-so-far",
            visited = visited,
            squares = squares,
            start = start,
            here = here
        )
    }

    /// In play mode at the end of the walk, which squares it can no longer
    /// reach, in words: the walk cannot become a tour any more.
    fn lost_squares(&self) -> Option<String> {
        if self.interaction != Interaction::Play || !self.core.moves.ahead().is_empty() {
            return None;
        }
        let key = (self.core.revision, self.walk.len());
        let mut cache = self.lost.borrow_mut();
        if cache
            .as_ref()
            .is_none_or(|(revision, len, _)| (*revision, *len) != key)
        {
            let board = self.board();
            let cut_off = self.walk.cut_off();
            let lost = board
                .open_squares()
                .filter(|&square| cut_off[board.index(square)])
                .collect();
            *cache = Some((key.0, key.1, lost));
        }
        let lost = &cache.as_ref()?.2;
        let first = self.board().square_name(*lost.first()?);
        let others = lost.len() - 1;
        Some(tr!(
            "squares-lost",
            first = first,
            others = others,
            others_grouped = group_digits(others as u64)
        ))
    }

    /// Warnsdorff counts of the next moves and the squares no walk from
    /// here can reach (empty before the knight is placed).
    pub fn play_hints(&self) -> PlayHints {
        if self.walk.is_empty() {
            return PlayHints::default();
        }
        PlayHints {
            candidates: self.walk.onward_counts(),
            unreachable: self.walk.cut_off(),
        }
    }
}
