//! The path on show as a cursor over the history: playing it is redoing its
//! moves one at a time, stepping back is undoing one. [`Playback`] holds
//! only what is not in the history (whether it plays, and the fraction of a
//! move carried between frames); both sessions implement [`Timeline`].

use super::command::Step;

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
    }

    #[test]
    fn playing_advances_with_time_and_stops_at_the_end() {
        let mut line = Line { shown: 1, len: 10 };
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
        let mut line = Line { shown: 4, len: 4 };
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
        let mut line = Line { shown: 5, len: 5 };
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
