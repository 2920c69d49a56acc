//! One history of moves as data, with undo and redo.
//!
//! Modelled on the mid end of Simon Tatham's puzzle collection: everything a
//! person (or a solver) does to a board is a move, recorded in order; undo
//! steps the cursor back over the last done move and redo steps it forward
//! again. Recording a new move while moves are undone drops them, as in a
//! text editor. The history only stores and walks moves: the owner applies
//! and reverts them on its own state, so the same type serves the knight's
//! tour (blocked-square edits and knight moves) and Goishi Hiroi (stone
//! edits and picks).
//!
//! Animation is a cursor over the history too: playing a found tour is
//! redoing its moves one at a time, stepping back is undoing one.

/// Moves in the order they were made, and how many of them are done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct History<M> {
    moves: Vec<M>,
    done: usize,
}

impl<M> Default for History<M> {
    fn default() -> Self {
        Self {
            moves: Vec::new(),
            done: 0,
        }
    }
}

impl<M> History<M> {
    /// Records `made` as the newest done move, dropping every undone one.
    pub fn record(&mut self, made: M) {
        self.moves.truncate(self.done);
        self.moves.push(made);
        self.done = self.moves.len();
    }

    /// Steps back over the last done move and returns it, for its owner to
    /// revert; `None` at the start of the history.
    pub fn undo(&mut self) -> Option<&M> {
        self.done = self.done.checked_sub(1)?;
        self.moves.get(self.done)
    }

    /// Steps forward over the first undone move and returns it, for its
    /// owner to apply again; `None` when nothing is undone.
    pub fn redo(&mut self) -> Option<&M> {
        let made = self.moves.get(self.done)?;
        self.done += 1;
        Some(made)
    }

    /// The move [`Self::undo`] would step back over.
    pub fn last_done(&self) -> Option<&M> {
        self.done
            .checked_sub(1)
            .and_then(|last| self.moves.get(last))
    }

    /// The move [`Self::redo`] would step forward over.
    pub fn next_undone(&self) -> Option<&M> {
        self.moves.get(self.done)
    }

    /// Whether there is a move to undo.
    pub fn can_undo(&self) -> bool {
        self.done > 0
    }

    /// Whether there is a move to redo.
    pub fn can_redo(&self) -> bool {
        self.done < self.moves.len()
    }

    /// The done moves, oldest first.
    pub fn done(&self) -> &[M] {
        &self.moves[..self.done]
    }

    /// The undone moves, the next one to redo first.
    pub fn undone(&self) -> &[M] {
        &self.moves[self.done..]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Replays a history of additions on a number, as an owner would.
    fn total(history: &History<i32>) -> i32 {
        history.done().iter().sum()
    }

    #[test]
    fn undo_and_redo_walk_the_moves_in_order() {
        let mut history = History::default();
        assert!(!history.can_undo() && !history.can_redo());
        for made in [1, 10, 100] {
            history.record(made);
        }
        assert_eq!(total(&history), 111);
        assert_eq!(history.undo(), Some(&100));
        assert_eq!(history.undo(), Some(&10));
        assert_eq!(total(&history), 1);
        assert_eq!(history.next_undone(), Some(&10));
        assert_eq!(history.redo(), Some(&10));
        assert_eq!(history.last_done(), Some(&10));
        assert_eq!(history.undone(), &[100]);
        assert_eq!(history.undo(), Some(&10));
        assert_eq!(history.undo(), Some(&1));
        assert_eq!(history.undo(), None);
        assert_eq!(total(&history), 0);
        assert_eq!(history.redo(), Some(&1));
    }

    #[test]
    fn recording_after_undo_drops_the_undone_moves() {
        let mut history = History::default();
        history.record(1);
        history.record(2);
        history.undo();
        history.record(5);
        assert_eq!(history.done(), &[1, 5]);
        assert!(!history.can_redo());
        assert_eq!(history.redo(), None);
    }
}
