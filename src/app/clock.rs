//! A player's clock, shared by the puzzle modes. No egui in here.

use serde::{Deserialize, Serialize};
use web_time::{Duration, Instant};

/// The longest time a game's clock or a best time holds, in seconds
/// (about a year): a longer one read from a file is damage.
pub const LONGEST_SECONDS: f64 = 3.2e7;

/// The clock of a game in progress as saved with the game, so that the
/// game comes back after a restart with its time and its hints.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SavedClock {
    /// The time on it, in seconds.
    pub seconds: f64,
    /// Whether its game ended.
    pub stopped: bool,
    /// Whether its game took a hint, which makes its time no record.
    pub hinted: bool,
}

/// The clock of one game: it starts on the first move (a pick, a number
/// laid), runs while the game is in play and in view, and stops when the
/// puzzle is solved.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Clock {
    /// Since when it runs, while it runs.
    running_since: Option<Instant>,
    /// The time counted before that.
    spent: Duration,
    /// Whether the game is timed (its first pick made).
    started: bool,
    /// Whether the game ended, its time taken.
    stopped: bool,
}

impl Clock {
    /// Starts timing a game, unless one is timed already.
    pub fn start(&mut self, now: Instant) {
        if !self.started {
            self.started = true;
            self.running_since = Some(now);
        }
    }

    /// Holds the clock (the window is out of view, or play mode left).
    pub fn pause(&mut self, now: Instant) {
        if let Some(since) = self.running_since.take() {
            self.spent += now.saturating_duration_since(since);
        }
    }

    /// Lets a held clock run on, if its game is still being played.
    pub fn resume(&mut self, now: Instant) {
        if self.started && !self.stopped && self.running_since.is_none() {
            self.running_since = Some(now);
        }
    }

    /// Ends the game: the time it took.
    pub fn stop(&mut self, now: Instant) -> Duration {
        self.pause(now);
        self.stopped = true;
        self.spent
    }

    /// The time on the clock, once a game is timed.
    pub fn reading(&self, now: Instant) -> Option<Duration> {
        let running = self
            .running_since
            .map_or(Duration::ZERO, |since| now.saturating_duration_since(since));
        self.started.then_some(self.spent + running)
    }

    /// Whether it runs (and the window should show it move).
    pub fn is_running(&self) -> bool {
        self.running_since.is_some()
    }

    /// The clock as saved with its game, once the game is timed;
    /// `hinted` says whether the game took a hint.
    pub fn saved(&self, now: Instant, hinted: bool) -> Option<SavedClock> {
        self.reading(now).map(|time| SavedClock {
            seconds: time.as_secs_f64(),
            stopped: self.stopped,
            hinted,
        })
    }

    /// A clock saved with its game, held until the game is in play and in
    /// view again ([`Clock::resume`]), and whether the game took a hint;
    /// `None`, or a time no game can take, gives a game not yet timed.
    pub fn restored(saved: Option<SavedClock>) -> (Clock, bool) {
        match saved {
            Some(saved) if (0.0..=LONGEST_SECONDS).contains(&saved.seconds) => (
                Clock {
                    running_since: None,
                    spent: Duration::from_secs_f64(saved.seconds),
                    started: true,
                    stopped: saved.stopped,
                },
                saved.hinted,
            ),
            _ => (Clock::default(), false),
        }
    }

    /// The time the game took, once it ended.
    pub fn time_taken(&self) -> Option<Duration> {
        self.stopped.then_some(self.spent)
    }
}

/// `time` as a clock shows it: 2:41, or 1:02:41.
pub fn clock_text(time: Duration) -> String {
    let seconds = time.as_secs();
    let (hours, minutes, seconds) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02}")
    } else {
        format!("{minutes}:{seconds:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_counts_only_while_in_play_and_stops_at_the_end() {
        let t0 = Instant::now();
        let at = |seconds: u64| t0 + Duration::from_secs(seconds);
        let mut clock = Clock::default();
        assert_eq!(clock.reading(t0), None);
        clock.start(at(0));
        assert_eq!(clock.reading(at(10)), Some(Duration::from_secs(10)));
        clock.pause(at(10));
        clock.resume(at(100));
        assert_eq!(clock.reading(at(130)), Some(Duration::from_secs(40)));
        // A second start does not restart it.
        clock.start(at(130));
        assert_eq!(clock.stop(at(161)), Duration::from_secs(71));
        clock.resume(at(200));
        assert!(!clock.is_running());
        assert_eq!(clock.reading(at(500)), Some(Duration::from_secs(71)));
        assert_eq!(clock_text(Duration::from_secs(161)), "2:41");

        // Saved and restored, a clock runs on from its time once resumed.
        let mut playing = Clock::default();
        playing.start(at(0));
        let saved = playing.saved(at(90), true).expect("timed");
        assert_eq!(
            (saved.seconds, saved.stopped, saved.hinted),
            (90.0, false, true)
        );
        let (mut again, hinted) = Clock::restored(Some(saved));
        assert!(hinted);
        assert!(!again.is_running());
        again.resume(at(1000));
        assert_eq!(again.reading(at(1010)), Some(Duration::from_secs(100)));
        let (ended, _) = Clock::restored(clock.saved(at(500), false));
        assert_eq!(ended.time_taken(), Some(Duration::from_secs(71)));
        assert_eq!(ended.reading(at(600)), Some(Duration::from_secs(71)));
        // Damage gives an untimed game.
        for seconds in [f64::NAN, -1.0, 1e12] {
            let damaged = SavedClock { seconds, ..saved };
            assert_eq!(Clock::restored(Some(damaged)), (Clock::default(), false));
        }
        assert_eq!(clock_text(Duration::from_secs(3761)), "1:02:41");
    }
}
