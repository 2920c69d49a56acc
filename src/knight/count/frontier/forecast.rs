//! How long the rest of a sweep should take, for the progress line.
//!
//! A recorded plan's steps all cost alike, so its time left is the pace of
//! its last row ([`Pace`]). A square-by-square sweep's steps cost what
//! their states do, and those rise and fall by orders of magnitude over a
//! board: open 7x7 carries 6.7 million states into its fourth row, 102
//! million to that row's end, 1,363 two rows later, so its last row's pace
//! foretells far too little early on. Where the same request was counted
//! and measured before (see [`profile`](super::profile)), its states and
//! step times are known from the start, and [`Forecast`] only learns how
//! fast this machine goes; elsewhere it forecasts the states of every step
//! still to come and times them at the cost per state of the last row.

use std::collections::VecDeque;
use std::time::Duration;

use super::super::progress::{DoneBy, MeasuredStep, SweepPeak};
use super::layer::step_bytes;
use super::profile::Profile;

/// From row to row, the growth of a column's states slows down: measured
/// on open 6x7, 6x8, 6x9 and 7x7, on 6x8 from a1 and on closed 7x8, the
/// logarithm of the growth of each row over the one before is about this
/// share of the row before's, until three rows before the end. (With
/// these figures, the forecasts of those counts' steps were a factor of
/// 1.6 off the time that was left, taking the geometric mean; 3.3 at
/// worst, in the first rows.)
const GROWTH_KEPT: f64 = 0.6;

/// How the states of a row three rows before the end compare with what
/// their growth alone would make: from there on the board's far edge
/// leaves squares too few neighbours, and most states die.
const THIRD_LAST_ROW: f64 = 0.2;

/// How the states of the second-last row compare with those of the row
/// before.
const SECOND_LAST_ROW: f64 = 0.05;

/// How the states of the last row compare with those of the row before.
const LAST_ROW: f64 = 0.01;

/// How far a forecast from the growth of the states may be off either way:
/// 3.3 times at worst in the measurements of [`GROWTH_KEPT`].
const GROWTH_SPREAD: f64 = 3.5;

/// How far a measured count's pace may be off either way on another
/// machine before this one has timed a step of its own.
const UNTIMED_SPREAD: f64 = 2.0;

/// The margin either way around the slowest and fastest pace of this
/// sweep's timed steps against the measured ones, once all but the last
/// step are timed. Before, it is wider, from [`UNTIMED_SPREAD`] down to
/// this as the share of the measured time that was timed grows: the first
/// steps' pace tells less of the largest ones' than the middle steps' do.
const TIMED_MARGIN: f64 = 1.15;

/// Steps that took less than this share of the measured time are too
/// short for their pace to bound the others': a millisecond's noise, a
/// thread started, a file opened weigh too much in them.
const TIMED_STEP_SHARE: f64 = 0.01;

/// The time left of a square-by-square sweep, forecast from its states.
///
/// With a [`Profile`] of the request, the time left is the measured time
/// of the steps to come at this sweep's pace against the measured one,
/// between the slowest and the fastest pace of its own steps so far.
///
/// Without one, a step costs about as much per state it reads or writes
/// (open 7x7, 2 cores: 80 to 95 ns), so the time left is the cost per state
/// of the last row times the states still to be read and written. Those
/// are forecast column by column: a step's states are those of the same
/// column a row before, times that column's growth over the row before
/// it, damped as [`GROWTH_KEPT`] says, and cut down in the last three rows.
pub(super) struct Forecast {
    /// The position of the sweep's first step (later than 0 when it was
    /// taken up from a checkpoint).
    first: usize,
    /// The position of its last step.
    last: usize,
    width: usize,
    /// The rows of the board swept.
    rows: usize,
    /// The states each step from `first` on began with, the one under way
    /// last.
    states: Vec<u64>,
    /// When each step from `first` on began, on the control's clock (which
    /// stops while the work is paused).
    began: Vec<Duration>,
    /// The measured count of the same request, while this sweep's states
    /// are the ones it met.
    profile: Option<&'static Profile>,
    /// The threads the sweep runs on.
    threads: usize,
}

impl Forecast {
    /// The forecast of a sweep of a board of `rows` rows of `width`
    /// squares whose steps go from position `first` to `last`, on
    /// `threads`, with the `profile` of its request if it was measured.
    pub(super) fn new(
        (first, last): (usize, usize),
        (width, rows): (usize, usize),
        profile: Option<&'static Profile>,
        threads: usize,
    ) -> Forecast {
        Forecast {
            first,
            last,
            width,
            rows,
            states: Vec::new(),
            began: Vec::new(),
            profile: profile.filter(|profile| profile.steps() == last + 1),
            threads,
        }
    }

    /// The next step begins `now` with `states`: when it and the rest
    /// should be done and their largest step, from the start where the
    /// request was measured, else once two rows have been swept.
    pub(super) fn step_begins(&mut self, now: Duration, states: u64) -> Option<Outlook> {
        self.states.push(states);
        self.began.push(now);
        let position = self.first + self.states.len() - 1;
        self.profile = self
            .profile
            .filter(|profile| profile.states_at(position) == states);
        match self.profile {
            Some(profile) => Some(self.measured(profile, position, now)),
            None => self.grown(now),
        }
    }

    /// The outlook of the step at `position`, beginning `now`, from the
    /// measured count of the request.
    fn measured(&self, profile: &Profile, position: usize, now: Duration) -> Outlook {
        let now_secs = now.as_secs_f64();
        // This sweep's pace against the measured one: seconds here for a
        // measured second.
        let whole = profile.seconds_from(0);
        let timed: Vec<f64> = (self.first..position)
            .filter(|&step| profile.seconds_of(step) >= TIMED_STEP_SHARE * whole)
            .map(|step| {
                let took = self.began[step + 1 - self.first] - self.began[step - self.first];
                took.as_secs_f64() / profile.seconds_of(step)
            })
            .collect();
        let measured_here = profile.seconds_before(position) - profile.seconds_before(self.first);
        let began = self.began[0].as_secs_f64();
        let pace = if !timed.is_empty() {
            (now_secs - began) / measured_here
        } else if began > 0.0 && profile.seconds_before(self.first) > 0.0 {
            // Taken up: the pace of the run that was saved.
            began / profile.seconds_before(self.first)
        } else {
            profile.threads as f64 / self.threads as f64
        };
        let (slowest, fastest) = timed
            .iter()
            .fold((pace, pace), |(slowest, fastest), &step| {
                (slowest.max(step), fastest.min(step))
            });
        let left = profile.seconds_from(position);
        let step = profile.seconds_of(position);
        let share = |seconds: f64| (seconds / whole) as f32;
        let timed_share = measured_here / profile.seconds_from(self.first).max(f64::MIN_POSITIVE);
        let margin = TIMED_MARGIN * (UNTIMED_SPREAD / TIMED_MARGIN).powf(1.0 - timed_share);
        Outlook {
            done_by: DoneBy {
                soonest: done_by(now, fastest / margin * left),
                likely: done_by(now, pace * left),
                latest: done_by(now, slowest * margin * left),
                measured: Some(MeasuredStep {
                    share_before: share(profile.seconds_before(position)),
                    share_after: share(profile.seconds_before(position + 1)),
                    step_began: now_secs as u32,
                    step_ends_by: done_by(now, pace * step),
                }),
            },
            peak: profile.peak_from(position),
        }
    }

    /// The outlook of the step under way from the growth of the states so
    /// far, once two rows have been swept.
    fn grown(&self, now: Duration) -> Option<Outlook> {
        let (width, under_way) = (self.width, self.states.len() - 1);
        if under_way < 2 * width {
            return None;
        }
        let last_row = under_way - width..under_way;
        let states_moved: u64 = last_row
            .clone()
            .map(|step| self.states[step] + self.states[step + 1])
            .sum();
        if states_moved == 0 {
            return None;
        }
        let row_took = self.began[under_way].saturating_sub(self.began[last_row.start]);
        let seconds_per_state = row_took.as_secs_f64() / states_moved as f64;
        let mut states: Vec<f64> = self.states.iter().map(|&states| states as f64).collect();
        for step in under_way + 1..=self.last + 1 - self.first {
            let (row_before, two_rows_before) = (states[step - width], states[step - 2 * width]);
            let growth = if two_rows_before > 0.0 {
                (row_before / two_rows_before).max(1.0).powf(GROWTH_KEPT)
            } else {
                1.0
            };
            let row = (self.first + step) / width;
            let ratio = match self.rows.saturating_sub(1).checked_sub(row) {
                Some(3..) => growth,
                Some(2) => growth * THIRD_LAST_ROW,
                Some(1) => SECOND_LAST_ROW,
                _ => LAST_ROW,
            };
            states.push(row_before * ratio);
        }
        let steps_left = under_way..=self.last - self.first;
        let states_left: f64 = steps_left
            .clone()
            .map(|step| states[step] + states[step + 1])
            .sum();
        let most = |of_step: &dyn Fn(usize) -> f64| {
            steps_left.clone().map(of_step).fold(0.0, f64::max) as u64
        };
        let left = seconds_per_state * states_left;
        Some(Outlook {
            done_by: around(now, left, GROWTH_SPREAD),
            peak: SweepPeak {
                states: most(&|step| states[step]),
                bytes: most(&|step| step_bytes(states[step], states[step + 1])),
            },
        })
    }
}

/// What [`Forecast`] sees ahead of a sweep.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Outlook {
    /// When the sweep should be done.
    pub(super) done_by: DoneBy,
    /// Its largest step still to come, the one under way included: the
    /// most states a step carries in, and the most memory a step takes.
    pub(super) peak: SweepPeak,
}

/// When work that has run for `now` and has `seconds_left` should be
/// done, that many seconds off `spread` times either way.
fn around(now: Duration, seconds_left: f64, spread: f64) -> DoneBy {
    DoneBy {
        soonest: done_by(now, seconds_left / spread),
        likely: done_by(now, seconds_left),
        latest: done_by(now, seconds_left * spread),
        measured: None,
    }
}

/// When work that has run for `now` and has `seconds_left` should be done,
/// in whole seconds on the same clock: the progress line counts the time
/// left down from it while a long step runs (see
/// [`Phase::FrontierSweep`](super::super::Phase::FrontierSweep)).
fn done_by(now: Duration, seconds_left: f64) -> u32 {
    (now.as_secs_f64() + seconds_left).min(f64::from(u32::MAX)) as u32
}

/// How long the rest of a recorded plan's sweep should take at the pace of
/// its last row: its steps all cost alike.
pub(super) struct Pace {
    last: usize,
    width: usize,
    /// When the steps of the last row began, on the control's clock (which
    /// stops while the work is paused), the step under way's last.
    began: VecDeque<Duration>,
    /// The position of the step under way.
    position: usize,
}

impl Pace {
    /// The pace of a sweep that begins at position `first`.
    pub(super) fn new(first: usize, last: usize, width: usize) -> Pace {
        Pace {
            last,
            width,
            began: VecDeque::with_capacity(width + 1),
            position: first,
        }
    }

    /// The next step begins `now`: when it and the rest should be done,
    /// once a whole row's steps have been timed.
    pub(super) fn step_begins(&mut self, now: Duration) -> Option<DoneBy> {
        if !self.began.is_empty() {
            self.position += 1;
        }
        self.began.push_back(now);
        if self.began.len() <= self.width {
            return None;
        }
        let row_began = self.began.pop_front()?;
        let pace = now.saturating_sub(row_began).as_secs_f64() / self.width as f64;
        let left = pace * (self.last + 1 - self.position) as f64;
        Some(around(now, left, TIMED_MARGIN))
    }
}

#[cfg(test)]
mod tests {
    use super::super::layer::{BUILDING_BYTES, SLOT_BYTES};
    use super::*;

    #[test]
    fn the_time_left_goes_at_the_last_row_s_pace() {
        let (last, width) = (39, 4);
        // Steps of 1 s in the first half, then of 3 s.
        let took = |p: usize| Duration::from_secs(if p < 20 { 1 } else { 3 });
        for first in [0, 30] {
            let mut pace = Pace::new(first, last, width);
            let mut now = Duration::ZERO;
            for position in first..=last {
                let done_by = pace.step_begins(now).map(|done_by| done_by.likely);
                if position < first + width {
                    assert_eq!(done_by, None, "no row timed yet at {position}");
                } else {
                    let row: Duration = (position - width..position).map(took).sum();
                    let left = row.as_secs() * (last + 1 - position) as u64 / width as u64;
                    let expected = now.as_secs() + left;
                    assert_eq!(done_by, Some(expected as u32), "{first} {position}");
                }
                now += took(position);
            }
        }
    }

    /// Runs a sweep of `rows` rows of `width` from position `first` whose
    /// steps take 1 ms for every state they read or write, with
    /// `states_at(position)` states carried into each; returns the time
    /// each step's forecast left (in whole seconds) and the time that was
    /// left.
    fn forecasts(
        first: usize,
        (width, rows): (usize, usize),
        states_at: impl Fn(usize) -> u64,
    ) -> Vec<(Option<u32>, f64)> {
        let last = width * rows - 1;
        let took = |p: usize| Duration::from_millis(states_at(p) + states_at(p + 1));
        let total: Duration = (first..=last).map(took).sum();
        let mut forecast = Forecast::new((first, last), (width, rows), None, 2);
        let mut now = Duration::ZERO;
        (first..=last)
            .map(|position| {
                let left = forecast
                    .step_begins(now, states_at(position))
                    .map(|outlook| outlook.done_by.likely - now.as_secs() as u32);
                let truth = (total - now).as_secs_f64();
                now += took(position);
                (left, truth)
            })
            .collect()
    }

    #[test]
    fn nothing_is_forecast_before_two_rows_are_swept() {
        for first in [0, 7] {
            let seen = forecasts(first, (3, 10), |_| 1000);
            assert!(seen[..6].iter().all(|(left, _)| left.is_none()));
            assert!(seen[6..].iter().all(|(left, _)| left.is_some()));
        }
    }

    #[test]
    fn steady_states_are_forecast_to_last_to_the_far_rows_and_collapse_there() {
        // 100,000 states a step from the second row on; the last three rows
        // keep a fifth, then a twentieth of that, then a hundredth of it.
        let (width, rows): (usize, usize) = (4, 30);
        let kept = [1.0, THIRD_LAST_ROW, SECOND_LAST_ROW, LAST_ROW];
        let states_at = |position: usize| {
            let row = position / width;
            let from_end = (rows - 1).saturating_sub(row).min(3);
            match row {
                0 => 10,
                _ => (100_000.0 * kept[..=3 - from_end].iter().product::<f64>()) as u64,
            }
        };
        let seen = forecasts(0, (width, rows), states_at);
        // From the fourth row on, the two rows before hold steady states.
        for (position, &(left, truth)) in seen.iter().enumerate().skip(3 * width) {
            let left = f64::from(left.expect("two rows swept"));
            assert!(
                (left - truth).abs() <= 2.0,
                "at {position}: {left} s for {truth} s"
            );
        }
    }

    #[test]
    fn the_peak_is_the_most_states_and_memory_of_a_step_ahead() {
        // States that double each row (by column) until the fifth, then
        // hold: growth is forecast damped, so the peak ahead lies above
        // the states now but below undamped doubling; memory is what a
        // step reads plus the tables of what it makes.
        let (width, rows) = (4, 12);
        let mut forecast = Forecast::new((0, width * rows - 1), (width, rows), None, 2);
        let states_at = |position: usize| 1000u64 << (position / width).min(4);
        let mut outlooks = Vec::new();
        for position in 0..width * rows {
            outlooks.push(forecast.step_begins(Duration::from_secs(1), states_at(position)));
        }
        assert!(outlooks[..2 * width].iter().all(Option::is_none));
        let early = outlooks[2 * width].expect("two rows swept").peak;
        // Doubling kept on for the 6 rows before the last three.
        assert!(early.states > 4000 && early.states < 4000 << 6, "{early:?}");
        // Once the states hold, the peak ahead is theirs.
        let steady = outlooks[6 * width].expect("two rows swept").peak;
        assert_eq!(steady.states, 16_000);
        assert_eq!(steady.bytes, 16_000 * (SLOT_BYTES + BUILDING_BYTES));
    }

    #[test]
    fn growing_states_are_forecast_to_grow_but_more_slowly() {
        // States that grow tenfold a row to the end: the forecast expects
        // the growth to slow down and the last rows to collapse, so it
        // says less time than is left; but where the end is still three
        // rows off, more than the last row's pace would.
        let (width, rows) = (3, 12);
        let states_at = |position: usize| 10u64.pow(position as u32 / 3);
        let seen = forecasts(0, (width, rows), states_at);
        for (position, &(left, truth)) in seen.iter().enumerate().skip(2 * width) {
            let left = f64::from(left.expect("two rows swept"));
            assert!(left <= truth, "at {position}: {left} s for {truth} s");
            let last_row: u64 = (position - width..position)
                .map(|p| states_at(p) + states_at(p + 1))
                .sum();
            let at_pace =
                last_row as f64 / 1000.0 / width as f64 * (rows * width - position) as f64;
            if position / width + 5 < rows {
                assert!(
                    left > at_pace,
                    "at {position}: {left} s, {at_pace} s at that pace"
                );
            }
        }
    }

    /// Four rows of four steps: tiny first rows, then steps of 100,000
    /// states measured at 2 s each, 10 s in the third row.
    static MEASURED: Profile = Profile {
        request: "test",
        threads: 2,
        states: &[
            1, 2, 3, 4, 10, 20, 30, 40, 100_000, 100_000, 100_000, 100_000, 100_000, 100_000,
            100_000, 100_000,
        ],
        seconds: &[
            0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 10.0, 10.0, 10.0, 10.0, 2.0, 2.0, 2.0, 2.0,
        ],
    };

    /// Runs a sweep of [`MEASURED`]'s request from `first` on `threads`,
    /// each step taking `pace` times its measured time (`pace_at` for the
    /// step at a position), with `states_at` states, having run `before`
    /// seconds when it begins; the outlooks, and the seconds each was
    /// made at and the sweep ended at.
    fn measured_run(
        first: usize,
        threads: usize,
        pace_at: impl Fn(usize) -> f64,
        states_at: impl Fn(usize) -> u64,
        before: f64,
    ) -> (Vec<(Option<Outlook>, f64)>, f64) {
        let last = MEASURED.steps() - 1;
        let mut forecast = Forecast::new((first, last), (4, 4), Some(&MEASURED), threads);
        let mut now = before;
        let outlooks = (first..=last)
            .map(|position| {
                let outlook =
                    forecast.step_begins(Duration::from_secs_f64(now), states_at(position));
                let made_at = now;
                now += pace_at(position) * MEASURED.seconds_of(position);
                (outlook, made_at)
            })
            .collect();
        (outlooks, now)
    }

    #[test]
    fn a_measured_request_is_forecast_from_its_first_step_and_its_range_holds() {
        // Twice as slow as measured, on one thread where two were measured:
        // from the start the forecast is right, its range holds.
        let (outlooks, end) = measured_run(0, 1, |_| 2.0, |p| MEASURED.states[p], 0.0);
        assert_eq!(end, 96.0);
        for (position, (outlook, made_at)) in outlooks.iter().enumerate() {
            let done_by = outlook.expect("measured").done_by;
            let truth = end as u32;
            assert!(
                done_by.soonest <= truth && truth <= done_by.latest + 1,
                "at {position}: {done_by:?}"
            );
            assert!(
                done_by.likely.abs_diff(truth) <= 1,
                "at {position}: {done_by:?}"
            );
            let measured = done_by.measured.expect("measured");
            assert_eq!(measured.step_began, *made_at as u32);
        }
        // At the first step, the range is twice either way of the pace that
        // the threads suggest.
        let first = outlooks[0].0.unwrap().done_by;
        assert_eq!((first.soonest, first.latest), (48, 192));
        // Once a step is timed, it is the slowest and fastest of those
        // timed, and a margin that narrows as more is timed: here 1.78
        // either way after a fifth of the time.
        let timed = outlooks[9].0.unwrap().done_by;
        assert_eq!((timed.soonest, timed.latest), (62, 155));
        let later = outlooks[13].0.unwrap().done_by;
        assert!(later.latest - 96 < 155 - 96, "{later:?}");
        // The shares are of the measured time: the first step of the third
        // row takes 10 s of 48.
        let step = outlooks[8].0.unwrap().done_by.measured.unwrap();
        let share = (10.0_f64 / 48.0) as f32;
        assert_eq!((step.share_before, step.share_after), (0.0, share));
    }

    #[test]
    fn a_sweep_slower_in_its_later_steps_stays_within_the_range() {
        // Timed steps at 1x, 3x: the range from their slowest and fastest
        // holds the truth of later steps that go at 2x.
        let pace = |position: usize| match position {
            8 => 1.0,
            9 => 3.0,
            _ => 2.0,
        };
        let (outlooks, end) = measured_run(0, 2, pace, |p| MEASURED.states[p], 0.0);
        for (position, (outlook, _)) in outlooks.iter().enumerate().skip(10) {
            let done_by = outlook.unwrap().done_by;
            assert!(
                f64::from(done_by.soonest) <= end && end <= f64::from(done_by.latest) + 1.0,
                "at {position}: {done_by:?}, done at {end}"
            );
        }
    }

    #[test]
    fn a_sweep_taken_up_goes_at_the_pace_of_the_run_it_was_saved_by() {
        // Saved after 10 steps that took 3x their measured 20 s: 60 s.
        let (outlooks, end) = measured_run(10, 2, |_| 3.0, |p| MEASURED.states[p], 60.0);
        assert_eq!(end, 60.0 + 3.0 * 28.0);
        let first = outlooks[0].0.unwrap().done_by;
        assert_eq!(first.likely, end as u32);
        let measured = first.measured.unwrap();
        assert_eq!(measured.share_before, (20.0_f64 / 48.0) as f32);
    }

    #[test]
    fn a_sweep_whose_states_differ_forgets_the_measured_count() {
        let states = |position: usize| match position {
            5 => 21,
            _ => MEASURED.states[position],
        };
        let (outlooks, _) = measured_run(0, 2, |_| 1.0, states, 0.0);
        assert!(outlooks[4].0.unwrap().done_by.measured.is_some());
        // From the step that differs on, the growth of its states says it
        // (once two rows are swept), never the measured count.
        assert!(outlooks[5..8].iter().all(|(outlook, _)| outlook.is_none()));
        assert!(
            outlooks[8..]
                .iter()
                .all(|(outlook, _)| outlook.unwrap().done_by.measured.is_none())
        );
    }
}
