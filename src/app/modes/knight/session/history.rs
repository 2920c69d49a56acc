//! How the knight session's moves are made, undone and replayed: its
//! history as the shared session core sees it.

use super::*;
use crate::app::timeline::{PathHistory, Playback};

impl MoveOwner for KnightSession {
    type Move = KnightMove;
    type Effect = Effect<KnightJob>;

    fn moves(&mut self) -> &mut PathHistory<KnightMove> {
        &mut self.core.moves
    }

    fn apply_move(&mut self, made: &KnightMove) {
        match made {
            KnightMove::Step(square) => self.walk.visit(*square),
            KnightMove::Reset(change) => {
                self.walk.clear();
                match &**change {
                    BoardChange::Keep => {}
                    BoardChange::Flip(squares) => self.flip(squares),
                    BoardChange::Resize { from, to, .. } => {
                        self.reshape(*from, *to, &[]);
                    }
                    BoardChange::Replace { after, .. } => self.set_board(after.clone()),
                }
            }
        }
    }

    fn revert_move(&mut self, made: &KnightMove) {
        match made {
            KnightMove::Step(_) => {
                self.walk.undo();
            }
            KnightMove::Reset(change) => {
                match &**change {
                    BoardChange::Keep => {}
                    BoardChange::Flip(squares) => self.flip(squares),
                    BoardChange::Resize { from, to, lost } => self.reshape(*to, *from, lost),
                    BoardChange::Replace { before, .. } => self.set_board(before.clone()),
                }
                self.walk.clear();
                let visits: Vec<Square> = places(self.core.moves.trailing_steps()).collect();
                for square in visits {
                    self.walk.visit(square);
                }
            }
        }
    }

    fn history_moved(&mut self, made: &KnightMove) -> Vec<Effect<KnightJob>> {
        self.core.playback.stop();
        self.core.touch();
        match made {
            KnightMove::Reset(change) if **change != BoardChange::Keep => self.board_changed(),
            _ => Vec::new(),
        }
    }
}

impl Timeline for KnightSession {
    fn can_step_back(&self) -> bool {
        self.walk.len() > 1 && self.core.moves.last_is_step()
    }

    fn can_step_forward(&self) -> bool {
        !self.walk.is_empty() && !self.core.moves.ahead().is_empty()
    }

    fn step_back(&mut self) {
        if let Some(made) = self.core.moves.undo() {
            self.revert_move(&made);
            self.touch_in_play();
        }
    }

    fn step_forward(&mut self) {
        if let Some(made) = self.core.moves.redo() {
            self.apply_move(&made);
            self.touch_in_play();
        }
    }

    fn position(&self) -> (usize, usize) {
        (self.walk.len(), self.line_len())
    }

    fn playback(&mut self) -> &mut Playback {
        &mut self.core.playback
    }
}
