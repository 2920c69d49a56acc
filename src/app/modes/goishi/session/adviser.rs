//! What the Goishi session's adviser tells the player: whether the
//! position on show can still be finished, for Hint and Check.

use super::*;

impl GoishiSession {
    /// What the adviser said about the position on show, if it has: picks
    /// that finish the game, or `None` for a dead end.
    pub(super) fn outlook(&self) -> Option<&Option<Vec<Point>>> {
        self.outlook
            .as_ref()
            .filter(|outlook| outlook.picks == self.game.picks())
            .map(|outlook| &outlook.rest)
    }

    /// In play mode, asks the adviser whether the position on show can
    /// still be finished, unless it was already asked. Before the first
    /// pick that is solving the puzzle, done only for a hint.
    pub(super) fn advice(&mut self) -> Vec<Effect<GoishiJob>> {
        let wanted = self.interaction == Interaction::Play
            && !self.game.is_complete()
            && (!self.game.picks().is_empty() || self.waiting.is_some());
        if !wanted {
            // Out of play mode, or nothing to advise on: a search still
            // running for an earlier position would only keep the cores busy.
            // A hint asked for here is not given later, unasked.
            self.waiting = None;
            return match self.advised.take() {
                Some(_) => vec![Effect::EndAdvice],
                None => Vec::new(),
            };
        }
        if self.advised.as_deref() == Some(self.game.picks()) {
            return Vec::new();
        }
        self.advised = Some(self.game.picks().to_vec());
        vec![Effect::Advise(GoishiJob::Finish(self.game.clone()))]
    }

    /// Answers `asked` for the position on show, or waits for the adviser.
    pub(super) fn answer_player(&mut self, asked: Asked) {
        let hint = self.outlook().map(|rest| rest.as_ref().map(|rest| rest[0]));
        self.waiting = None;
        self.core.notice = Some(match (asked, hint) {
            (Asked::Hint, Some(Some(stone))) => {
                self.helped = true;
                self.hint = Some((self.game.picks().to_vec(), stone));
                self.core.touch();
                Notice::info(move || tr!("hint-pick", stone = stone.to_string()))
            }
            (Asked::Check, Some(Some(_))) => Notice::info(|| tr!("check-fine").to_owned()),
            (Asked::Hint, Some(None)) => Notice::error(|| tr!("hint-none").to_owned()),
            (Asked::Check, Some(None)) => Notice::error(|| tr!("check-dead-end").to_owned()),
            (_, None) => {
                self.waiting = Some(asked);
                Notice::info(move || {
                    match asked {
                        Asked::Hint => tr!("looking-for-hint"),
                        Asked::Check => tr!("checking"),
                    }
                    .to_owned()
                })
            }
        });
    }
}
