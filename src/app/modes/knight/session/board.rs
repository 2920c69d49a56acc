//! The knight session's board: resized, its squares blocked and freed,
//! replaced, with what no longer fits it forgotten.

use super::*;

impl KnightSession {
    pub(super) fn resize(&mut self, width: u32, height: u32) -> Vec<Effect<KnightJob>> {
        let from = (self.board().width(), self.board().height());
        if (width, height) == from {
            return Vec::new();
        }
        if let Err(error) = Board::new(width, height) {
            self.core.notice = Some(Notice::error(move || error.to_string()));
            return Vec::new();
        }
        let lost = self
            .board()
            .blocked_squares()
            .into_iter()
            .filter(|&square| Board::same_name_on(square, from, (width, height)).is_none())
            .collect();
        self.change_board(BoardChange::Resize {
            from,
            to: (width, height),
            lost,
        })
    }

    pub(super) fn change_board(&mut self, change: BoardChange) -> Vec<Effect<KnightJob>> {
        // The count on offer was of the board as it was.
        let forget = self.forget_unfinished();
        self.core.playback.stop();
        self.record(KnightMove::Reset(Box::new(change)));
        let mut effects = self.board_changed();
        effects.extend(forget);
        effects
    }

    /// Forgets what no longer fits the board, and stops the job that worked
    /// on the old one.
    pub(super) fn board_changed(&mut self) -> Vec<Effect<KnightJob>> {
        self.board_revision += 1;
        // The status bar spoke of the old board.
        self.core.last_job = None;
        self.count = None;
        self.answer = None;
        self.failing_starts = None;
        self.comparing = None;
        self.core.watch = None;
        self.core.lanes = None;
        self.core.found.clear();
        let mut effects = Vec::new();
        if self.core.running.take().is_some() {
            effects.push(Effect::Cancel);
        }
        effects.extend(self.failing_starts_job());
        effects
    }

    pub(super) fn flip(&mut self, squares: &[Square]) {
        for &square in squares {
            if self.board().contains(square) {
                let blocked = !self.board().is_blocked(square);
                self.walk.board_mut().set_blocked(square, blocked);
            }
        }
    }

    /// Gives the board the size `to`, moving blocked squares so that they
    /// keep their chess names, and blocks `extra` (squares of the new board
    /// in its own coordinates: those an earlier resize cut off).
    pub(super) fn reshape(&mut self, from: (u32, u32), to: (u32, u32), extra: &[Square]) {
        let Ok(mut board) = Board::new(to.0, to.1) else {
            return;
        };
        let moved = self
            .board()
            .blocked_squares()
            .into_iter()
            .filter_map(|square| Board::same_name_on(square, from, to));
        for square in moved.chain(extra.iter().copied()) {
            if board.contains(square) {
                board.set_blocked(square, true);
            }
        }
        self.count_start = self
            .count_start
            .and_then(|square| Board::same_name_on(square, from, to));
        self.set_board(board);
    }

    pub(super) fn set_board(&mut self, board: Board) {
        self.walk.set_board(board);
        if self
            .count_start
            .is_some_and(|square| !self.board().contains(square))
        {
            self.count_start = None;
        }
        self.count_from_start &= self.count_start.is_some();
    }
}
