//! Searches watched side by side at one pace: each lane is a [`Watch`] of
//! its own search, and the lanes go forward together, step for step, so
//! that at any moment each has taken as many steps as the others (or
//! ended). No egui in here.

use std::sync::mpsc::Receiver;
use web_time::Instant;

use gridtour::replay::Event;

use super::{FRAME_BUDGET, STEPS_BETWEEN_LOOKS, Watch, steps_due};

/// Two or three watched searches that keep one pace.
#[derive(Debug)]
pub struct Lanes {
    watches: Vec<Watch>,
    paused: bool,
    /// The part of a step the last frame's time was worth.
    carry: f64,
}

impl Lanes {
    /// Watches the searches whose steps come through `steps`, one lane
    /// each, in order.
    pub fn new(steps: Vec<Receiver<Vec<Event>>>) -> Lanes {
        Lanes {
            watches: steps.into_iter().map(Watch::new).collect(),
            paused: false,
            carry: 0.0,
        }
    }

    /// The lanes, in order.
    pub fn watches(&self) -> &[Watch] {
        &self.watches
    }

    #[cfg(test)]
    /// The step each lane shows, in order.
    pub fn steps_shown(&self) -> Vec<u64> {
        let shown = |watch: &Watch| watch.replay().counters().steps;
        self.watches.iter().map(shown).collect()
    }

    /// Whether the lanes are held.
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// Holds the lanes, or lets them go on at the speed chosen.
    pub fn set_paused(&mut self, paused: bool) {
        self.paused = paused;
        self.carry = 0.0;
    }

    /// Whether every lane has shown its search's last step.
    pub fn is_over(&self) -> bool {
        self.watches.iter().all(Watch::is_over)
    }

    /// Whether any lane's search still runs.
    pub fn search_runs(&self) -> bool {
        self.watches.iter().any(Watch::search_runs)
    }

    /// The steps the furthest lane shows and, once every search has
    /// ended, the most any of them took: the one counter of the job.
    pub fn steps(&self) -> (u64, Option<u64>) {
        let each: Vec<(u64, Option<u64>)> = self.watches.iter().map(Watch::steps).collect();
        let shown = each.iter().map(|&(shown, _)| shown).max().unwrap_or(0);
        let all = each
            .iter()
            .map(|&(_, all)| all)
            .collect::<Option<Vec<u64>>>();
        (shown, all.map(|all| all.into_iter().max().unwrap_or(0)))
    }

    /// The step the lanes still going stand at: the fewest any of them
    /// shows. None once every lane is over.
    fn pace(&self) -> Option<u64> {
        self.watches
            .iter()
            .filter(|watch| !watch.is_over())
            .map(|watch| watch.replay().counters().steps)
            .min()
    }

    /// Brings every lane still going up to step `goal`, as far as its
    /// search has sent its steps; whether any lane moved.
    fn bring_to(&mut self, goal: u64) -> bool {
        let mut moved = false;
        for watch in &mut self.watches {
            let shown = watch.replay().counters().steps;
            if shown < goal && !watch.is_over() {
                watch.advance(goal - shown);
                moved |= watch.replay().counters().steps > shown;
            }
        }
        moved
    }

    /// Whether a step can be taken back: the furthest lanes remember one.
    pub fn can_go_back(&self) -> bool {
        self.furthest().any(|watch| watch.can_go_back())
    }

    /// Whether a lane can go forward now or once its search sends a step.
    pub fn can_go_forward(&self) -> bool {
        !self.is_over()
    }

    /// The lanes that show the most steps.
    fn furthest(&self) -> impl Iterator<Item = &Watch> {
        let most = self.steps().0;
        self.watches
            .iter()
            .filter(move |watch| watch.replay().counters().steps == most)
    }

    /// Holds the lanes and takes the last step back in the furthest of
    /// them: a lane whose search ended sooner waits until the others are
    /// back at its last step.
    pub fn back(&mut self) {
        self.set_paused(true);
        let most = self.steps().0;
        for watch in &mut self.watches {
            if watch.replay().counters().steps == most {
                watch.back();
            }
        }
    }

    /// Holds the lanes and takes one step forward in each lane still
    /// going that is not ahead of the others.
    pub fn forward(&mut self) {
        self.set_paused(true);
        if let Some(pace) = self.pace() {
            self.bring_to(pace + 1);
        }
    }

    /// Lets `seconds` pass at `speed` steps a second in every lane;
    /// whether the lanes want another frame soon.
    pub fn tick(&mut self, seconds: f32, speed: f32) -> bool {
        if self.paused || self.is_over() {
            return false;
        }
        let started = Instant::now();
        let mut steps = steps_due(&mut self.carry, seconds, speed);
        // A share at a time to every lane, the laggards first, while the
        // frame's time lasts.
        while steps > 0 && started.elapsed() < FRAME_BUDGET {
            let Some(pace) = self.pace() else {
                break;
            };
            let now = steps.min(STEPS_BETWEEN_LOOKS);
            if !self.bring_to(pace.saturating_add(now)) {
                break;
            }
            steps -= now;
        }
        !self.is_over()
    }
}

#[cfg(test)]
mod tests {
    use super::super::{WATCH_SPEEDS, channel};
    use super::*;
    use gridtour::job::Control;

    /// Lanes of searches that took `lengths` steps each.
    fn lanes_of(lengths: &[u32]) -> Lanes {
        let receivers = lengths
            .iter()
            .map(|&length| {
                let control = Control::new();
                let (mut feed, receiver) = channel(&control);
                for x in 0..length {
                    feed.see(Event::Take((x, 0)));
                }
                drop(feed);
                receiver
            })
            .collect();
        Lanes::new(receivers)
    }

    #[test]
    fn lanes_keep_one_pace_until_each_search_ends() {
        let mut lanes = lanes_of(&[3, 10, 6]);
        assert!(lanes.tick(0.5, 4.0), "two steps a lane in half a second");
        assert_eq!(lanes.steps_shown(), [2, 2, 2]);
        assert!(lanes.tick(1.0, 4.0));
        assert_eq!(
            lanes.steps_shown(),
            [3, 6, 6],
            "the short search ended at 3"
        );
        assert_eq!(lanes.steps(), (6, None), "the others' ends not seen yet");
        while lanes.tick(1.0, *WATCH_SPEEDS.end()) {}
        assert!(lanes.is_over());
        assert_eq!(lanes.steps_shown(), [3, 10, 6]);
    }

    #[test]
    fn lanes_step_back_and_forth_together() {
        let mut lanes = lanes_of(&[2, 5, 5]);
        while lanes.tick(1.0, *WATCH_SPEEDS.end()) {}
        // Back from 5: the two long lanes go, the short one waits at 2.
        for _ in 0..3 {
            lanes.back();
        }
        assert!(lanes.is_paused());
        assert_eq!(lanes.steps_shown(), [2, 2, 2]);
        lanes.back();
        assert_eq!(lanes.steps_shown(), [1, 1, 1], "all three together now");
        lanes.forward();
        assert_eq!(lanes.steps_shown(), [2, 2, 2]);
        lanes.forward();
        assert_eq!(lanes.steps_shown(), [2, 3, 3], "the short one is over");
        assert!(!lanes.tick(1.0, 1.0), "paused");
        lanes.set_paused(false);
        while lanes.tick(1.0, *WATCH_SPEEDS.end()) {}
        assert_eq!(lanes.steps_shown(), [2, 5, 5]);
        assert!(!lanes.can_go_forward());
        for _ in 0..5 {
            assert!(lanes.can_go_back());
            lanes.back();
        }
        assert_eq!(lanes.steps_shown(), [0, 0, 0]);
        assert!(!lanes.can_go_back());
    }
}
