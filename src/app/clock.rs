//! A player's clock, shared by the puzzle modes. No egui in here.

use web_time::{Duration, Instant};

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
        assert_eq!(clock_text(Duration::from_secs(3761)), "1:02:41");
    }
}
