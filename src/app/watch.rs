//! Watching a solver think, the same in both modes: the search runs on a
//! worker thread and hands its steps over in batches through a bounded
//! channel, so a slow watch holds the search back instead of storing its
//! steps; the window applies them to a [`Replay`] at the speed chosen, and
//! can pause, step forward and step back over the last
//! [`WATCH_MEMORY`] steps. No egui in here.

use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, SyncSender, TryRecvError, TrySendError, sync_channel};
use web_time::{Duration, Instant};

use gridtour::job::Control;
use gridtour::replay::{Cell, Event, Landmark, Replay};

mod lanes;
mod order;
pub use lanes::Lanes;
pub use order::move_words;

/// How many steps a watch remembers for stepping back.
pub const WATCH_MEMORY: usize = 1_000_000;

/// How many steps the worker hands over at once.
const BATCH: usize = 4096;

/// How long a search ahead of the window waits before it looks again.
const WAIT_FOR_WINDOW: Duration = Duration::from_micros(500);

/// How many batches may wait for the window before the search waits.
const BATCHES_AHEAD: usize = 64;

/// The most time one frame spends applying steps: at full speed the
/// window keeps drawing about 50 frames a second while the search goes on
/// between them.
const FRAME_BUDGET: Duration = Duration::from_millis(12);

/// The most time one frame spends applying steps while the watch runs to
/// a landmark: its frames show only how far it has got, so fewer of them
/// leave more of the time to the steps.
const RUN_FRAME_BUDGET: Duration = Duration::from_millis(40);

/// How many steps are applied between looks at the clock.
const STEPS_BETWEEN_LOOKS: u64 = 4096;

/// The slowest and fastest watching speeds, in steps a second; the
/// fastest is "as fast as the search goes".
pub const WATCH_SPEEDS: std::ops::RangeInclusive<f32> = 1.0..=1_000_000.0;

/// The steps `seconds` at `speed` steps a second are worth, with the part
/// of a step `carry` kept from the frame before (and keeping this frame's
/// in it); at full speed as many as there are, and nothing carried over
/// to a slower pace chosen later.
fn steps_due(carry: &mut f64, seconds: f32, speed: f32) -> u64 {
    let budget = if speed >= *WATCH_SPEEDS.end() {
        f64::INFINITY
    } else {
        *carry + f64::from(speed) * f64::from(seconds)
    };
    let steps = budget.floor().min(u64::MAX as f64) as u64;
    *carry = if budget.is_finite() {
        budget - steps as f64
    } else {
        0.0
    };
    steps
}

/// A key for the step `watch` (of a session at `revision`) shows: a step
/// of a watch always shows the same position, and a new watch changes the
/// revision.
pub fn step_key(revision: u64, watch: &Watch) -> u64 {
    (revision << 40) ^ watch.replay().counters().steps
}

/// What a mode's UI makes of a watched search at one step (marks for the
/// board, words for the panel): made again only when the watch has moved,
/// and read every frame.
pub struct AtStep<T>(Option<(u64, T)>);

impl<T> Default for AtStep<T> {
    fn default() -> Self {
        AtStep(None)
    }
}

impl<T> AtStep<T> {
    /// Makes it again with `make` if `watch` (of a session at `revision`)
    /// has moved since; forgets it when no search is watched.
    pub fn refresh(
        &mut self,
        revision: u64,
        watch: Option<&Watch>,
        make: impl FnOnce(&Watch) -> T,
    ) {
        let Some(watch) = watch else {
            self.0 = None;
            return;
        };
        let key = step_key(revision, watch);
        if self.0.as_ref().is_none_or(|(made, _)| *made != key) {
            self.0 = Some((key, make(watch)));
        }
    }

    /// What was made at the step on show, if a search is watched.
    pub fn get(&self) -> Option<&T> {
        self.0.as_ref().map(|(_, made)| made)
    }
}

/// The worker's end of a watch: it batches the search's steps and stops
/// the search once no one watches.
pub struct Feed<'c> {
    sender: SyncSender<Vec<Event>>,
    batch: Vec<Event>,
    control: &'c Control,
}

/// A new watch's two ends: the worker's feed and the window's receiver.
pub fn channel(control: &Control) -> (Feed<'_>, Receiver<Vec<Event>>) {
    let (sender, receiver) = sync_channel(BATCHES_AHEAD);
    let feed = Feed {
        sender,
        batch: Vec::with_capacity(BATCH),
        control,
    };
    (feed, receiver)
}

impl Feed<'_> {
    /// Takes one step of the search.
    pub fn see(&mut self, event: Event) {
        self.batch.push(event);
        if self.batch.len() == BATCH {
            self.hand_over();
        }
    }

    /// Hands the steps so far to the window, waiting while it is behind
    /// (unless the search is cancelled); a window that stopped watching
    /// stops the search.
    fn hand_over(&mut self) {
        let mut batch = std::mem::replace(&mut self.batch, Vec::with_capacity(BATCH));
        loop {
            match self.sender.try_send(batch) {
                Ok(()) => return,
                Err(TrySendError::Full(back)) if !self.control.is_cancelled() => {
                    batch = back;
                    std::thread::sleep(WAIT_FOR_WINDOW);
                }
                Err(TrySendError::Full(_)) => return,
                Err(TrySendError::Disconnected(_)) => {
                    self.control.cancel();
                    return;
                }
            }
        }
    }
}

impl Drop for Feed<'_> {
    fn drop(&mut self) {
        if !self.batch.is_empty() {
            self.hand_over();
        }
    }
}

/// The window's end of a watch.
#[derive(Debug)]
pub struct Watch {
    replay: Replay,
    steps: Receiver<Vec<Event>>,
    /// Steps received (or stepped back over) and not applied yet.
    pending: VecDeque<Event>,
    /// The part of a step the last frame's time was worth.
    carry: f64,
    paused: bool,
    /// Whether the search has handed over its last step.
    ended: bool,
    /// What the watch runs forward to at full speed, if it does.
    running_to: Option<RunTarget>,
}

/// What a watch runs forward to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunTarget {
    /// The next landmark of this kind.
    Landmark(Landmark),
    /// The step that takes `cell` as the path's cell number `depth`.
    Take {
        /// The cell's place in the path, from 0.
        depth: usize,
        /// The cell.
        cell: Cell,
    },
}

impl RunTarget {
    /// Whether `event`, after which the path is `length` cells long, is
    /// the one run to.
    fn is(self, event: Event, length: usize) -> bool {
        match self {
            RunTarget::Landmark(landmark) => landmark.is(event),
            RunTarget::Take { depth, cell } => event == Event::Take(cell) && length == depth + 1,
        }
    }
}

impl Watch {
    /// Watches the steps `steps` brings.
    pub fn new(steps: Receiver<Vec<Event>>) -> Watch {
        Watch {
            replay: Replay::new(WATCH_MEMORY),
            steps,
            pending: VecDeque::new(),
            carry: 0.0,
            paused: false,
            ended: false,
            running_to: None,
        }
    }

    /// The replay as it stands.
    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    /// Whether the watch is paused.
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// Whether every step of the search has been applied.
    pub fn is_over(&self) -> bool {
        self.ended && self.pending.is_empty()
    }

    /// The steps on show, and once the search has handed over its last
    /// step, how many it took in all: the one counter of a watched job.
    pub fn steps(&self) -> (u64, Option<u64>) {
        let shown = self.replay.counters().steps;
        (shown, self.ended.then(|| shown + self.pending.len() as u64))
    }

    /// Whether the search still runs (or waits for the window).
    pub fn search_runs(&self) -> bool {
        !self.ended
    }

    /// Whether the search ended without a single step to show (a large
    /// board built from tiles, say). Only known once the search has ended.
    pub fn saw_nothing(&mut self) -> bool {
        while self.receive() {}
        self.ended && self.pending.is_empty() && self.replay.counters().steps == 0
    }

    /// Pauses or goes on (at the speed chosen, no longer running to a
    /// landmark).
    pub fn set_paused(&mut self, paused: bool) {
        self.paused = paused;
        self.carry = 0.0;
        self.running_to = None;
    }

    /// What the watch runs forward to, if it does.
    pub fn running_to(&self) -> Option<RunTarget> {
        self.running_to
    }

    /// Runs forward at full speed to the next `landmark` the search meets,
    /// and holds there; to the end of the search if it meets none.
    pub fn run_to(&mut self, landmark: Landmark) {
        self.set_paused(false);
        self.running_to = Some(RunTarget::Landmark(landmark));
    }

    /// Runs forward at full speed to the step that takes `cell` as the
    /// path's cell number `depth` (from 0), and holds there; to the end of
    /// the search if it never does.
    pub fn run_to_take(&mut self, depth: usize, cell: Cell) {
        self.set_paused(false);
        self.running_to = Some(RunTarget::Take { depth, cell });
    }

    /// Goes back to the last `landmark` before the step on show, as far
    /// as the watch remembers, and holds there; where there is none, the
    /// watch stays where it was. Whether it found one.
    pub fn run_back_to(&mut self, landmark: Landmark) -> bool {
        // The step on show is left first: a landmark on show is not the
        // one before it.
        self.back_until(true, |event, _| landmark.is(event))
    }

    /// Goes back to the step that took `cell` as the path's cell number
    /// `depth` (from 0), as far as the watch remembers, and holds there;
    /// where there is none, the watch stays where it was. Whether it
    /// found it.
    pub fn back_to_take(&mut self, depth: usize, cell: Cell) -> bool {
        self.back_until(false, |event, before| {
            event == Event::Take(cell) && before == depth
        })
    }

    /// Takes steps back until `found` says so of a step (given the path's
    /// length before it), and shows that step; past the first one if
    /// `skip_first`. Where no step remembered is found, puts everything
    /// back. Whether it found one.
    fn back_until(&mut self, skip_first: bool, found: impl Fn(Event, usize) -> bool) -> bool {
        self.set_paused(true);
        let mut taken_back = 0;
        while let Some(event) = self.replay.back() {
            self.pending.push_front(event);
            taken_back += 1;
            if (taken_back > 1 || !skip_first) && found(event, self.replay.path().len()) {
                self.advance(1);
                return true;
            }
        }
        self.advance(taken_back);
        false
    }

    /// Whether a step can be taken back.
    pub fn can_go_back(&self) -> bool {
        self.replay.can_go_back()
    }

    /// Whether a step can be applied now or once the search sends it.
    pub fn can_go_forward(&self) -> bool {
        !self.is_over()
    }

    /// Takes the last step back.
    pub fn back(&mut self) {
        if let Some(event) = self.replay.back() {
            self.pending.push_front(event);
        }
    }

    /// Applies the next step, if the search has sent it.
    pub fn forward(&mut self) {
        self.advance(1);
    }

    /// Lets `seconds` pass at `speed` steps a second; whether the watch
    /// wants another frame soon.
    pub fn tick(&mut self, seconds: f32, speed: f32) -> bool {
        if self.is_over() {
            self.running_to = None;
        }
        if self.paused || self.is_over() {
            return false;
        }
        // However slow the speed chosen, a run goes at full speed.
        let (speed, frame_budget) = match self.running_to {
            Some(_) => (*WATCH_SPEEDS.end(), RUN_FRAME_BUDGET),
            None => (speed, FRAME_BUDGET),
        };
        let started = Instant::now();
        let mut steps = steps_due(&mut self.carry, seconds, speed);
        while steps > 0 && started.elapsed() < frame_budget {
            let now = steps.min(STEPS_BETWEEN_LOOKS);
            if !self.advance(now) {
                break;
            }
            steps -= now;
        }
        !self.is_over()
    }

    /// Applies up to `steps` steps, as far as the search has sent them
    /// and up to the landmark the watch runs to; whether it applied them
    /// all.
    fn advance(&mut self, steps: u64) -> bool {
        for _ in 0..steps {
            if self.pending.is_empty() && !self.receive() {
                return false;
            }
            if let Some(event) = self.pending.pop_front() {
                self.replay.apply(event);
                let length = self.replay.path().len();
                if self
                    .running_to
                    .is_some_and(|target| target.is(event, length))
                {
                    self.set_paused(true);
                    // Known at once if that was the search's last step.
                    if self.pending.is_empty() {
                        self.receive();
                    }
                    return false;
                }
            }
        }
        true
    }

    /// Takes a batch the search sent, if one is there.
    fn receive(&mut self) -> bool {
        if self.ended {
            return false;
        }
        match self.steps.try_recv() {
            Ok(batch) => {
                self.pending.extend(batch);
                true
            }
            Err(TryRecvError::Empty) => false,
            Err(TryRecvError::Disconnected) => {
                self.ended = true;
                false
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn watch_of(events: &[Event]) -> Watch {
        let control = Control::new();
        let (mut feed, receiver) = channel(&control);
        for &event in events {
            feed.see(event);
        }
        drop(feed);
        Watch::new(receiver)
    }

    #[test]
    fn a_watch_applies_steps_at_its_speed_and_goes_back_and_forth() {
        let events: Vec<Event> = (0..10).map(|x| Event::Take((x, 0))).collect();
        let mut watch = watch_of(&events);
        assert!(watch.tick(0.5, 4.0), "two steps in half a second");
        assert_eq!(watch.replay().path().len(), 2);
        watch.set_paused(true);
        assert!(!watch.tick(10.0, 4.0), "paused");
        watch.back();
        watch.back();
        assert_eq!(watch.replay().path().len(), 0);
        assert!(!watch.can_go_back());
        watch.forward();
        assert_eq!(watch.replay().path(), [(0, 0)]);
        watch.set_paused(false);
        while watch.tick(1.0, *WATCH_SPEEDS.end()) {}
        assert!(watch.is_over());
        assert_eq!(watch.replay().path().len(), 10);
        assert_eq!(watch.replay().counters().steps, 10);
    }

    #[test]
    fn a_watch_runs_to_the_next_landmark_and_back_to_the_last() {
        // Down to (2, 0), a dead end, back to (0, 0); down to (3, 0),
        // another dead end, back; then (4, 0) found.
        let events = [
            Event::Take((0, 0)),
            Event::Take((1, 0)),
            Event::Take((2, 0)),
            Event::DeadEnd((2, 0)),
            Event::GiveBack((2, 0)),
            Event::GiveBack((1, 0)),
            Event::Take((3, 0)),
            Event::DeadEnd((3, 0)),
            Event::GiveBack((3, 0)),
            Event::Take((4, 0)),
            Event::Found,
        ];
        let mut watch = watch_of(&events);
        let step = |watch: &Watch| watch.replay().counters().steps;
        watch.run_to(Landmark::DeadEnd);
        assert_eq!(
            watch.running_to(),
            Some(RunTarget::Landmark(Landmark::DeadEnd))
        );
        // However slow the speed chosen, a run goes at full speed.
        while watch.tick(0.01, 1.0) {}
        assert_eq!(step(&watch), 4);
        assert_eq!(watch.replay().last(), Some(Event::DeadEnd((2, 0))));
        assert!(watch.is_paused() && watch.running_to().is_none());
        watch.run_to(Landmark::DeadEnd);
        while watch.tick(0.01, 1.0) {}
        assert_eq!(
            (step(&watch), watch.replay().path()),
            (8, &[(0, 0), (3, 0)][..])
        );
        watch.run_to(Landmark::Backtrack);
        while watch.tick(0.01, 1.0) {}
        assert_eq!(step(&watch), 9);
        // Back: the last dead end before the one on show, then none.
        assert!(watch.run_back_to(Landmark::DeadEnd));
        assert_eq!(step(&watch), 8);
        assert!(watch.run_back_to(Landmark::DeadEnd));
        assert_eq!(
            (step(&watch), watch.replay().path()),
            (4, &[(0, 0), (1, 0), (2, 0)][..])
        );
        assert!(!watch.run_back_to(Landmark::DeadEnd));
        assert_eq!(step(&watch), 4, "none before: it stays");
        // Forward again past everything to the solution.
        watch.run_to(Landmark::Solution);
        while watch.tick(0.01, 1.0) {}
        assert_eq!(watch.replay().last(), Some(Event::Found));
        assert!(watch.is_over());
        // A run with no landmark left ends with the search.
        assert!(!watch.run_back_to(Landmark::Restart));
        assert_eq!(step(&watch), 11);
        watch.run_to(Landmark::Restart);
        while watch.tick(0.01, 1.0) {}
        assert!(watch.is_over() && watch.running_to().is_none());
    }

    #[test]
    fn a_watch_goes_back_to_the_step_that_took_a_cell() {
        let events = [
            Event::Take((0, 0)),
            Event::Take((1, 0)),
            Event::DeadEnd((1, 0)),
            Event::GiveBack((1, 0)),
            Event::Take((2, 0)),
            Event::Take((1, 0)),
            Event::DeadEnd((1, 0)),
        ];
        let mut watch = watch_of(&events);
        while watch.tick(1.0, *WATCH_SPEEDS.end()) {}
        let step = |watch: &Watch| watch.replay().counters().steps;
        // (1, 0) as the second cell: step 2, not step 6 where it is third.
        assert!(watch.back_to_take(1, (1, 0)));
        assert_eq!(step(&watch), 2);
        assert!(!watch.back_to_take(2, (1, 0)), "not before step 2");
        assert_eq!(step(&watch), 2);
        watch.set_paused(false);
        while watch.tick(1.0, *WATCH_SPEEDS.end()) {}
        assert!(watch.back_to_take(2, (1, 0)));
        assert_eq!(
            (step(&watch), watch.replay().path()),
            (6, &[(0, 0), (2, 0), (1, 0)][..])
        );
    }

    #[test]
    fn a_watch_no_one_reads_stops_its_search() {
        let control = Control::new();
        let (mut feed, receiver) = channel(&control);
        drop(receiver);
        for x in 0..BATCH as u32 {
            feed.see(Event::Take((x, 0)));
        }
        assert!(control.is_cancelled());
    }
}
