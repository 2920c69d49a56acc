//! The Goishi session's picks in words, under the controls.

use super::*;

impl GoishiSession {
    /// The state of the picks in words: in play mode whether the position
    /// is stuck or solved.
    pub fn summary(&self) -> String {
        let (stones, picked) = (self.puzzle.stone_count(), self.game.picks().len());
        let left = stones - picked;
        let n = |count: usize| group_digits(count as u64);
        let (picked_words, stones_words) = (n(picked), n(stones));
        match self.interaction {
            Interaction::Edit => tr!("click-to-edit-stones").to_owned(),
            _ if stones == 0 => tr!("no-stones").to_owned(),
            _ if left == 0 => match self.solved_in {
                Some((time, best)) => {
                    let best = match best {
                        _ if self.helped => tr!("with-hints").to_owned(),
                        Some(best) if best <= time => {
                            tr!("solved-best", time = clock_text(best))
                        }
                        Some(_) => tr!("solved-new-best").to_owned(),
                        None => String::new(),
                    };
                    tr!(
                        "solved-in",
                        time = clock_text(time),
                        best = best,
                        stones = stones_words
                    )
                }
                None => tr!("solved-all", stones = stones_words),
            },
            Interaction::Play if picked == 0 => tr!("click-to-pick").to_owned(),
            Interaction::Play
                if self.core.moves.ahead().is_empty() && self.game.legal_picks().is_empty() =>
            {
                tr!("stuck-stones", left = left, left_grouped = n(left))
            }
            Interaction::Play => match self.outlook() {
                Some(None) => tr!("dead-end-stones", left = n(left)),
                Some(Some(_)) => tr!(
                    "picked-can-finish",
                    picked = picked_words,
                    stones = stones_words
                ),
                None => tr!(
                    "picked-so-far",
                    picked = picked_words,
                    stones = stones_words
                ),
            },
            _ if picked == 0 => tr!("stones-to-pick", stones = stones_words),
            _ => tr!(
                "picked-so-far",
                picked = picked_words,
                stones = stones_words
            ),
        }
    }
}
