//! The path on show as a cursor over the history: playing it is redoing its
//! moves one at a time, stepping back is undoing one. [`PathHistory`] is
//! the history with the path's bookkeeping, [`Playback`] holds only what is
//! not in the history (whether it plays, and the fraction of a move carried
//! between frames); both sessions implement [`Timeline`].

use gridtour::history::History;

use super::command::Step;

/// A move that is either a step of the path on show (a knight's visit, a
/// pick) or something else (an edit, a new path).
pub trait PathMove: Clone {
    /// Whether the move is a step of the path.
    fn is_step(&self) -> bool;
}

/// A move of a mode's history: a step of the path on show to a place `P`
/// (a knight's visit, a pick), or a reset that puts the path away (its
/// steps stay in the history before it) and changes the board as `C` says.
#[derive(Debug, Clone, PartialEq)]
pub enum Move<P, C> {
    /// The path goes on to this place.
    Step(P),
    /// The path on show is put away, and the board changes.
    Reset(Box<C>),
}

impl<P: Clone, C: Clone> PathMove for Move<P, C> {
    fn is_step(&self) -> bool {
        matches!(self, Move::Step(_))
    }
}

/// The places of the steps among `moves`, in order.
pub fn places<P: Copy, C>(moves: &[Move<P, C>]) -> impl Iterator<Item = P> + '_ {
    moves.iter().filter_map(|made| match made {
        Move::Step(place) => Some(*place),
        Move::Reset(_) => None,
    })
}

/// The history of a mode, knowing how much of the path on show is still to
/// be replayed: the steps right after the cursor.
#[derive(Debug, Clone)]
pub struct PathHistory<M> {
    moves: History<M>,
    ahead: usize,
    /// Moves made, undone and redone so far: the position on show changes
    /// exactly when it does.
    changes: u64,
}

impl<M> Default for PathHistory<M> {
    fn default() -> Self {
        Self {
            moves: History::default(),
            ahead: 0,
            changes: 0,
        }
    }
}

impl<M: PathMove> PathHistory<M> {
    /// Records a move its owner has just made (dropping the undone ones).
    pub fn record(&mut self, made: M) {
        self.moves.record(made);
        self.ahead = 0;
        self.changes += 1;
    }

    /// Moves made, undone and redone so far.
    pub fn changes(&self) -> u64 {
        self.changes
    }

    /// Steps back over the last done move and returns it for its owner to
    /// revert.
    pub fn undo(&mut self) -> Option<M> {
        let made = self.moves.undo()?.clone();
        self.changes += 1;
        self.ahead = if made.is_step() { self.ahead + 1 } else { 0 };
        Some(made)
    }

    /// Steps forward over the next undone move and returns it for its owner
    /// to apply again.
    pub fn redo(&mut self) -> Option<M> {
        let made = self.moves.redo()?.clone();
        self.changes += 1;
        self.ahead = if made.is_step() {
            self.ahead.saturating_sub(1)
        } else {
            self.moves
                .undone()
                .iter()
                .take_while(|m| m.is_step())
                .count()
        };
        Some(made)
    }

    /// The steps of the path on show still to be replayed.
    pub fn ahead(&self) -> &[M] {
        &self.moves.undone()[..self.ahead]
    }

    /// The done steps of the path on show, from its start.
    pub fn trailing_steps(&self) -> &[M] {
        let done = self.moves.done();
        let steps = done.iter().rev().take_while(|m| m.is_step()).count();
        &done[done.len() - steps..]
    }

    /// The move [`Self::undo`] would step back over.
    pub fn last_done(&self) -> Option<&M> {
        self.moves.last_done()
    }

    /// The move [`Self::redo`] would step forward over.
    pub fn next_undone(&self) -> Option<&M> {
        self.moves.next_undone()
    }

    /// Whether there is a move to undo.
    pub fn can_undo(&self) -> bool {
        self.moves.can_undo()
    }

    /// Whether there is a move to redo.
    pub fn can_redo(&self) -> bool {
        self.moves.can_redo()
    }

    /// Whether the last done move is a step of the path.
    pub fn last_is_step(&self) -> bool {
        self.moves.last_done().is_some_and(PathMove::is_step)
    }
}

/// A session whose state is what its history's moves made of it: it
/// applies and reverts them, and undo and redo come with it.
pub trait MoveOwner {
    /// The session's moves.
    type Move: PathMove;
    /// What a change can ask of the window.
    type Effect;
    /// The session's history.
    fn moves(&mut self) -> &mut PathHistory<Self::Move>;
    /// Makes `made` on the state.
    fn apply_move(&mut self, made: &Self::Move);
    /// Takes `made` back from the state.
    fn revert_move(&mut self, made: &Self::Move);
    /// What an undo or redo of `made` changes besides the state itself.
    fn history_moved(&mut self, made: &Self::Move) -> Vec<Self::Effect>;

    /// Takes back the last move.
    fn undo(&mut self) -> Vec<Self::Effect> {
        let made = self.moves().undo();
        self.replay(made, false)
    }

    /// Makes the last move taken back again.
    fn redo(&mut self) -> Vec<Self::Effect> {
        let made = self.moves().redo();
        self.replay(made, true)
    }

    /// Applies `made`, a move the history just stepped over (forward for a
    /// redo), or reverts it for an undo.
    fn replay(&mut self, made: Option<Self::Move>, forward: bool) -> Vec<Self::Effect> {
        let Some(made) = made else {
            return Vec::new();
        };
        if forward {
            self.apply_move(&made);
        } else {
            self.revert_move(&made);
        }
        self.history_moved(&made)
    }
}

/// A session whose history holds a path (a tour or a pick order) that can
/// be walked move by move.
pub trait Timeline {
    /// Whether the last done move is a step of the path that can be taken
    /// back without emptying the path.
    fn can_step_back(&self) -> bool;
    /// Whether the next undone move continues the path on show.
    fn can_step_forward(&self) -> bool;
    /// Undoes the path's last shown move (see [`Self::can_step_back`]).
    fn step_back(&mut self);
    /// Redoes the path's next move (see [`Self::can_step_forward`]).
    fn step_forward(&mut self);
    /// How many positions of the path are shown, and how many it has.
    fn position(&self) -> (usize, usize);
    /// The session's playback state.
    fn playback(&mut self) -> &mut Playback;

    /// Carries out a playback step (see [`Playback::walk`]).
    fn walk_path(&mut self, step: Step)
    where
        Self: Sized,
    {
        let mut playback = std::mem::take(self.playback());
        playback.walk(self, step);
        *self.playback() = playback;
    }

    /// Shows the first `shown` positions (see [`Playback::seek`]).
    fn seek_path(&mut self, shown: usize)
    where
        Self: Sized,
    {
        let mut playback = std::mem::take(self.playback());
        playback.seek(self, shown);
        *self.playback() = playback;
    }

    /// Advances a playing path (see [`Playback::advance`]).
    fn tick(&mut self, seconds: f32, moves_per_second: f32, looping: bool)
    where
        Self: Sized,
    {
        let mut playback = std::mem::take(self.playback());
        playback.advance(self, seconds, moves_per_second, looping);
        *self.playback() = playback;
    }
}

/// Playing state of the path on show.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Playback {
    playing: bool,
    /// Fractional moves accumulated between frames.
    carry: f32,
}

impl Playback {
    /// Whether the path is playing.
    pub fn is_playing(&self) -> bool {
        self.playing
    }

    /// Stops playing.
    pub fn stop(&mut self) {
        self.playing = false;
        self.carry = 0.0;
    }

    /// Whether `step` (a playback step, not undo or redo) can act now.
    pub fn can(&self, timeline: &impl Timeline, step: Step) -> bool {
        let (_, len) = timeline.position();
        match step {
            Step::First | Step::Back => timeline.can_step_back(),
            Step::Forward | Step::Last => timeline.can_step_forward(),
            Step::Play => !self.playing && len > 1,
            Step::Pause => self.playing,
            Step::Undo | Step::Redo => false,
        }
    }

    /// Carries out a playback step. Stepping by hand stops playing; Play at
    /// the end of the path starts it over.
    pub fn walk(&mut self, timeline: &mut impl Timeline, step: Step) {
        match step {
            Step::Play => {
                if !timeline.can_step_forward() {
                    rewind(timeline);
                }
                self.playing = timeline.can_step_forward();
                self.carry = 0.0;
            }
            Step::Pause => self.stop(),
            Step::First => {
                self.stop();
                rewind(timeline);
            }
            Step::Last => {
                self.stop();
                while timeline.can_step_forward() {
                    timeline.step_forward();
                }
            }
            Step::Back => {
                self.stop();
                if timeline.can_step_back() {
                    timeline.step_back();
                }
            }
            Step::Forward => {
                self.stop();
                if timeline.can_step_forward() {
                    timeline.step_forward();
                }
            }
            Step::Undo | Step::Redo => {}
        }
    }

    /// Shows the first `shown` positions of the path (the move slider).
    pub fn seek(&mut self, timeline: &mut impl Timeline, shown: usize) {
        self.stop();
        while timeline.position().0 < shown && timeline.can_step_forward() {
            timeline.step_forward();
        }
        while timeline.position().0 > shown.max(1) && timeline.can_step_back() {
            timeline.step_back();
        }
    }

    /// Advances a playing path by `seconds` at `moves_per_second`; at the
    /// end it starts over when `looping`, or stops.
    pub fn advance(
        &mut self,
        timeline: &mut impl Timeline,
        seconds: f32,
        moves_per_second: f32,
        looping: bool,
    ) {
        if !self.playing {
            return;
        }
        self.carry += seconds * moves_per_second;
        let whole = self.carry.floor();
        self.carry -= whole;
        for _ in 0..whole as u64 {
            if timeline.can_step_forward() {
                timeline.step_forward();
            } else if looping {
                rewind(timeline);
            } else {
                self.stop();
                return;
            }
        }
        if !timeline.can_step_forward() && !looping {
            self.stop();
        }
    }
}

/// Back to the path's first position.
fn rewind(timeline: &mut impl Timeline) {
    while timeline.can_step_back() {
        timeline.step_back();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A path of `len` positions with `shown` of them shown.
    struct Line {
        shown: usize,
        len: usize,
        playback: Playback,
    }

    impl Timeline for Line {
        fn can_step_back(&self) -> bool {
            self.shown > 1
        }
        fn can_step_forward(&self) -> bool {
            self.shown < self.len
        }
        fn step_back(&mut self) {
            self.shown -= 1;
        }
        fn step_forward(&mut self) {
            self.shown += 1;
        }
        fn position(&self) -> (usize, usize) {
            (self.shown, self.len)
        }
        fn playback(&mut self) -> &mut Playback {
            &mut self.playback
        }
    }

    fn line(shown: usize, len: usize) -> Line {
        Line {
            shown,
            len,
            playback: Playback::default(),
        }
    }

    #[derive(Clone)]
    enum Made {
        Step,
        Edit,
    }

    impl PathMove for Made {
        fn is_step(&self) -> bool {
            matches!(self, Made::Step)
        }
    }

    #[test]
    fn the_history_knows_the_steps_still_to_replay() {
        let mut history = PathHistory::default();
        for made in [Made::Step, Made::Edit, Made::Step, Made::Step, Made::Step] {
            history.record(made);
        }
        assert_eq!(history.trailing_steps().len(), 3);
        history.undo();
        history.undo();
        assert_eq!(
            (history.trailing_steps().len(), history.ahead().len()),
            (1, 2)
        );
        history.undo();
        history.undo();
        assert_eq!(history.ahead().len(), 0, "an edit is next to redo");
        history.redo();
        assert_eq!(
            history.ahead().len(),
            3,
            "the path after the edit is ahead again"
        );
        history.redo();
        assert_eq!(history.ahead().len(), 2);
        history.record(Made::Step);
        assert!(history.ahead().is_empty() && !history.can_redo());
    }

    #[test]
    fn playing_advances_with_time_and_stops_at_the_end() {
        let mut line = line(1, 10);
        let mut playback = Playback::default();
        playback.walk(&mut line, Step::Play);
        playback.advance(&mut line, 0.5, 8.0, false);
        assert_eq!(line.shown, 5);
        playback.advance(&mut line, 0.1, 8.0, false);
        assert_eq!(line.shown, 5, "0.8 of a move is carried over");
        playback.advance(&mut line, 0.1, 8.0, false);
        assert_eq!(line.shown, 6);
        playback.advance(&mut line, 10.0, 8.0, false);
        assert_eq!(line.shown, 10);
        assert!(!playback.is_playing());
    }

    #[test]
    fn play_at_the_end_starts_over_and_looping_wraps() {
        let mut line = line(4, 4);
        let mut playback = Playback::default();
        playback.walk(&mut line, Step::Play);
        assert!(playback.is_playing());
        assert_eq!(line.shown, 1);
        playback.advance(&mut line, 1.0, 4.0, true);
        assert_eq!(
            line.shown, 1,
            "three steps to the end, the fourth back to the start"
        );
        playback.advance(&mut line, 0.25, 4.0, true);
        assert_eq!(line.shown, 2);
        assert!(playback.is_playing());
    }

    #[test]
    fn stepping_and_seeking_stay_on_the_path() {
        let mut line = line(5, 5);
        let mut playback = Playback::default();
        playback.walk(&mut line, Step::Forward);
        assert_eq!(line.shown, 5);
        playback.seek(&mut line, 0);
        assert_eq!(line.shown, 1);
        playback.seek(&mut line, 3);
        assert_eq!(line.shown, 3);
        playback.walk(&mut line, Step::Last);
        assert_eq!(line.shown, 5);
        assert!(playback.can(&line, Step::Back) && !playback.can(&line, Step::Forward));
    }
}
