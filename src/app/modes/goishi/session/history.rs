//! How the Goishi session's picks and edits are made, undone and
//! replayed: its history as the shared session core sees it.

use super::*;

impl MoveOwner for GoishiSession {
    type Move = GoishiMove;
    type Effect = Effect<GoishiJob>;

    fn moves(&mut self) -> &mut PathHistory<GoishiMove> {
        &mut self.core.moves
    }

    fn apply_move(&mut self, made: &GoishiMove) {
        match made {
            GoishiMove::Step(point) => {
                // Recorded picks were legal in this very position.
                let _ = self.game.try_pick(*point);
            }
            GoishiMove::Reset(change) => {
                match &**change {
                    PuzzleChange::Keep => {}
                    PuzzleChange::Flip(points) => self.flip(points),
                    PuzzleChange::Replace { after, .. } => self.show_puzzle(after),
                }
                self.game = Game::new(self.puzzle.clone());
            }
        }
    }

    fn revert_move(&mut self, made: &GoishiMove) {
        match made {
            GoishiMove::Step(_) => {
                self.game.undo();
            }
            GoishiMove::Reset(change) => {
                match &**change {
                    PuzzleChange::Keep => {}
                    PuzzleChange::Flip(points) => self.flip(points),
                    PuzzleChange::Replace { before, .. } => self.show_puzzle(before),
                }
                let mut game = Game::new(self.puzzle.clone());
                for point in places(self.core.moves.trailing_steps()) {
                    let _ = game.try_pick(point);
                }
                self.game = game;
            }
        }
    }

    fn history_moved(&mut self, made: &GoishiMove) -> Vec<Effect<GoishiJob>> {
        self.core.playback.stop();
        self.core.touch();
        match made {
            GoishiMove::Reset(change) if **change != PuzzleChange::Keep => self.puzzle_changed(),
            _ => Vec::new(),
        }
    }
}

impl Timeline for GoishiSession {
    fn can_step_back(&self) -> bool {
        !self.game.picks().is_empty() && self.core.moves.last_is_step()
    }

    fn can_step_forward(&self) -> bool {
        !self.core.moves.ahead().is_empty()
    }

    fn step_back(&mut self) {
        if let Some(made) = self.core.moves.undo() {
            self.revert_move(&made);
        }
    }

    fn step_forward(&mut self) {
        if let Some(made) = self.core.moves.redo() {
            self.apply_move(&made);
        }
    }

    fn position(&self) -> (usize, usize) {
        let shown = self.game.picks().len();
        (shown, shown + self.core.moves.ahead().len())
    }

    fn playback(&mut self) -> &mut Playback {
        &mut self.core.playback
    }
}
