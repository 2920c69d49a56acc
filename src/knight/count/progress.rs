//! What a count says while it runs: which way it counts and how far it
//! has got (see [`Phase`]), and why the frontier sweep could not count a
//! board (see [`NoSweep`]).

use std::any::Any;
use std::fmt;

use crate::english::{group_digits, in_binary_units, rough_amount, rough_bytes, rough_count};
use crate::i18n::duration_words;
use crate::job::{Detail, Headway, Progress};
use crate::tr;

/// How a count is being made, where gridtour has several ways and one of
/// them may never finish.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Phase {
    /// The frontier (transfer-matrix) sweep: its cost grows with the
    /// board's width, not with the number of tours. It goes square by
    /// square; the nodes are the states it has expanded.
    FrontierSweep {
        /// The square being swept (from 1).
        square: u32,
        /// How many squares the sweep goes through.
        squares: u32,
        /// How many squares a row of the sweep holds: what its cost grows
        /// with.
        width: u32,
        /// The states carried into this square.
        states: u64,
        /// Which of the sweeps of the count this is.
        pass: SweepPass,
        /// How many squares this sweep had swept when it was taken up from
        /// a checkpoint file, if it was.
        taken_up_after: Option<u32>,
        /// How many squares this sweep had swept when it was last saved to
        /// a checkpoint file, if it has been.
        saved_after: Option<u32>,
        /// When this sweep should be done, once it has swept enough rows
        /// to tell or from the start where a count of the same request was
        /// measured (see [`DoneBy`]). The progress line counts down to it
        /// while a step runs, which can take minutes.
        done_by: Option<DoneBy>,
        /// The largest step still to come, forecast with `done_by`: whether
        /// the count will fit in memory shows long before it gets there.
        peak: Option<SweepPeak>,
        /// When the states after this square do not fit in memory: the
        /// group of them being added up (from 1; 0 while they are written
        /// to disk, group by group) and the groups they are built in, one
        /// after another (see the frontier sweep's `spill`).
        spill: Option<(u32, u32)>,
    },
    /// A long board's sweep being recorded once, to be run as often as
    /// the count needs: every state each column can hold is expanded.
    Recording {
        /// The states met so far at the column being recorded.
        states: u64,
    },
    /// A frontier sweep's layer of states being written to its checkpoint
    /// file, or read back from it: a layer of hundreds of millions of
    /// states takes a minute or so either way.
    SweepFile {
        /// What is done with the file.
        doing: LayerFileWork,
        /// How many squares the sweep had swept.
        after_square: u32,
        /// How many squares the sweep goes through.
        squares: u32,
        /// The states of the layer.
        states: u64,
    },
    /// Waiting for the count's checkpoint file, which another count (one
    /// just stopped, still saving) holds.
    WaitingForFile,
    /// The exhaustive walk, because the frontier sweep could not count
    /// the board; it may not finish.
    WalkInstead {
        /// Why the sweep could not.
        why: NoSweep,
        /// Knuth's estimate of the nodes the walk will visit.
        estimated_nodes: u64,
    },
}

impl Phase {
    /// The seconds the phase's own guess leaves: a sweep's likeliest
    /// forecast, the rate so far of a walk's nodes. Negative once a
    /// forecast time has passed.
    fn seconds_left(&self, progress: &Progress) -> Option<f64> {
        let secs = progress.elapsed.as_secs_f64();
        match *self {
            Phase::FrontierSweep {
                done_by: Some(done_by),
                ..
            } => Some(f64::from(done_by.likely) - secs),
            Phase::WalkInstead {
                estimated_nodes, ..
            } => {
                let rate = progress.nodes_per_second();
                (rate > 0.0).then(|| estimated_nodes.saturating_sub(progress.nodes) as f64 / rate)
            }
            _ => None,
        }
    }
}

impl Detail for Phase {
    /// A sweep's share is of its work as a measured count of the same
    /// request did it; else of the time, once it has a forecast: its first
    /// rows are cheap, and closed 8x8 is nearly half the way through its
    /// squares a tenth of the way into its time. Before, and once the
    /// forecast time has passed, it is of the squares.
    fn headway(&self, progress: &Progress) -> Option<Headway> {
        let secs = progress.elapsed.as_secs_f64();
        match *self {
            Phase::FrontierSweep {
                done_by: Some(done_by),
                ..
            } if let Some(measured) = done_by.measured => {
                Some(done_by.headway(measured.share_at(secs), secs))
            }
            Phase::FrontierSweep {
                done_by: Some(done_by),
                ..
            } if f64::from(done_by.likely) - secs >= 1.0 => {
                Some(done_by.headway(secs / f64::from(done_by.likely), secs))
            }
            Phase::FrontierSweep {
                square, squares, ..
            } => Some(Headway::of(f64::from(square), f64::from(squares), None)),
            Phase::WalkInstead {
                estimated_nodes, ..
            } => Some(Headway::of(
                progress.nodes as f64,
                estimated_nodes as f64,
                self.seconds_left(progress),
            )),
            Phase::Recording { .. } | Phase::SweepFile { .. } | Phase::WaitingForFile => None,
        }
    }

    fn words(&self, progress: &Progress) -> String {
        match *self {
            Phase::FrontierSweep {
                square,
                squares,
                width: _,
                states,
                pass,
                taken_up_after,
                saved_after,
                done_by,
                peak,
                spill,
            } => {
                let pass = match pass {
                    SweepPass::Counting => String::new(),
                    SweepPass::Sizing => tr!("detail-sweep-sizing").to_owned(),
                    SweepPass::Modulo { prime, primes } => {
                        tr!("detail-sweep-modulo", prime = prime, primes = primes)
                    }
                };
                let mut more = String::new();
                let secs = progress.elapsed.as_secs_f64();
                if let Some(left) = done_by.and_then(|done_by| done_by.left_words(secs)) {
                    more += &left;
                }
                // Once the peak is reached, the states say the rest.
                let peak = peak.filter(|peak| peak.states > states);
                if let Some(SweepPeak { states, bytes }) = peak {
                    more += &tr!(
                        "detail-sweep-peak",
                        states = rough_amount(states),
                        bytes = rough_bytes(bytes)
                    );
                }
                let forecast = done_by.filter(|done_by| f64::from(done_by.latest) - secs >= 1.0);
                match forecast {
                    Some(DoneBy {
                        measured: Some(_), ..
                    }) => more += tr!("detail-forecast-measured"),
                    _ if forecast.is_some() || peak.is_some() => more += tr!("detail-forecast"),
                    _ => {}
                }
                match spill {
                    None => {}
                    Some((0, groups)) => more += &tr!("detail-spill-writing", groups = groups),
                    Some((group, groups)) => {
                        more += &tr!("detail-spill-adding", group = group, groups = groups);
                    }
                }
                if let Some(square) = taken_up_after {
                    more += &tr!("detail-taken-up", square = square);
                }
                if let Some(square) = saved_after {
                    more += &tr!("detail-saved", square = square);
                }
                tr!(
                    "detail-sweep",
                    pass = pass,
                    square = square,
                    squares = squares,
                    states = group_digits(states),
                    more = more
                )
            }
            Phase::Recording { states } => {
                tr!("detail-recording", states = group_digits(states))
            }
            Phase::SweepFile {
                doing,
                after_square,
                squares,
                states,
            } => {
                let states = group_digits(states);
                match doing {
                    LayerFileWork::Reading => tr!(
                        "detail-checkpoint-reading",
                        states = states,
                        square = after_square,
                        squares = squares
                    ),
                    LayerFileWork::Saving => tr!(
                        "detail-checkpoint-saving",
                        states = states,
                        square = after_square,
                        squares = squares
                    ),
                }
            }
            Phase::WaitingForFile => tr!("detail-waiting-for-file").to_owned(),
            Phase::WalkInstead {
                why,
                estimated_nodes,
            } => {
                let left = self
                    .seconds_left(progress)
                    .map_or_else(String::new, |left| {
                        tr!("detail-walk-left", time = duration_words(left))
                    });
                tr!(
                    "detail-walk",
                    nodes = rough_count(estimated_nodes),
                    left = left,
                    why = why.to_string()
                )
            }
        }
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// When a frontier sweep should be done, in whole seconds of the job's
/// time (`Progress::elapsed`): a range that should hold the true time, and
/// its likeliest point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DoneBy {
    /// The soonest it may be done.
    pub soonest: u32,
    /// When it should be done.
    pub likely: u32,
    /// The latest it should be done.
    pub latest: u32,
    /// Where the forecast comes from a count of the same request measured
    /// before: how far the step under way takes the sweep.
    pub measured: Option<MeasuredStep>,
}

/// The step under way of a sweep whose request was measured before: the
/// share of the sweep's work done by its beginning and by its end, and
/// when it began and should end (whole seconds of the job's time).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MeasuredStep {
    pub share_before: f32,
    pub share_after: f32,
    pub step_began: u32,
    pub step_ends_by: u32,
}

impl MeasuredStep {
    /// The share of the sweep's work done at `secs`: the step's share as
    /// far as its time has gone, never past its end.
    fn share_at(self, secs: f64) -> f64 {
        let step = f64::from(self.step_ends_by.saturating_sub(self.step_began)).max(1.0);
        let into = ((secs - f64::from(self.step_began)) / step).clamp(0.0, 1.0);
        f64::from(self.share_before) + f64::from(self.share_after - self.share_before) * into
    }
}

impl DoneBy {
    /// The bar at `secs` with `done` of the work done.
    fn headway(&self, done: f64, secs: f64) -> Headway {
        let left = f64::from(self.likely) - secs;
        let latest = f64::from(self.latest) - secs;
        Headway {
            range: (latest >= 1.0).then(|| ((f64::from(self.soonest) - secs).max(0.0), latest)),
            ..Headway::of(done, 1.0, Some(left))
        }
    }

    /// The time to go at `secs`, in words: about the likeliest, with the
    /// range; only the latest once the likeliest has passed; nothing once
    /// that has too.
    fn left_words(&self, secs: f64) -> Option<String> {
        let [soonest, likely, latest] =
            [self.soonest, self.likely, self.latest].map(|time| f64::from(time) - secs);
        if likely >= 1.0 {
            let range = if soonest >= 1.0 {
                tr!(
                    "detail-sweep-range",
                    soonest = duration_words(soonest),
                    latest = duration_words(latest)
                )
            } else {
                tr!("detail-sweep-up-to", latest = duration_words(latest))
            };
            Some(tr!("detail-sweep-left", time = duration_words(likely)) + &range)
        } else if latest >= 1.0 {
            Some(tr!("detail-sweep-at-most", latest = duration_words(latest)))
        } else {
            None
        }
    }
}

/// The largest step a frontier sweep should still make (see
/// [`Phase::FrontierSweep`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SweepPeak {
    /// The most states a step should carry in.
    pub states: u64,
    /// The most memory a step should take: the states it reads and the
    /// tables of those it makes.
    pub bytes: u64,
}

/// What a frontier sweep does with a file of its states (see
/// [`Phase::SweepFile`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LayerFileWork {
    /// Saving them to the checkpoint file.
    Saving,
    /// Reading them back from the checkpoint file.
    Reading,
}

/// Which sweep of a count the frontier sweep is at: a count beyond 64 bits
/// takes one to find that out, one to learn its size, and one modulo each
/// of a few primes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SweepPass {
    /// The first sweep, which is all a count within 64 bits takes.
    Counting,
    /// The sweep that adds up the counts as floating-point numbers.
    Sizing,
    /// The sweep modulo the `prime`-th of `primes` primes (from 1).
    Modulo {
        /// Which prime (from 1).
        prime: u32,
        /// How many primes the count needs.
        primes: u32,
    },
}

/// Where a frontier sweep ran out of room: a count that gave up after
/// minutes of work says so, rather than that it never started.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RanOut {
    /// The square whose step did not fit (from 1).
    pub square: u32,
    /// The squares of the sweep.
    pub squares: u32,
}

/// Why a count could not be made by the frontier sweep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoSweep {
    /// Its tables needed more than the memory `budget` (bytes).
    OverBudget {
        /// The memory budget in bytes.
        budget: u64,
        /// Where the sweep ran out of memory.
        at: RanOut,
    },
    /// Its tables needed more than the memory `budget`, and its layers on
    /// disk more than the `free` bytes of the scratch directory.
    OverBudgetAndDisk {
        /// The memory budget in bytes.
        budget: u64,
        /// The scratch directory's free bytes.
        free: u64,
        /// Where the sweep ran out of room.
        at: RanOut,
    },
    /// The board's shorter side is wider than its keys can describe.
    TooWide {
        /// The board's shorter side.
        width: u32,
        /// The widest the sweep takes.
        widest: u32,
    },
    /// Counting every length sweeps a board four rows longer than the
    /// longest asked for, which must still be a board.
    TooLongForEveryLength {
        /// The longest board it counts.
        longest: u32,
    },
}

impl NoSweep {
    /// Whether a larger memory budget could let the sweep count.
    pub fn more_memory_helps(&self) -> bool {
        self.ran_out().is_some()
    }

    /// Where the sweep ran out of room, if it started.
    pub fn ran_out(&self) -> Option<RanOut> {
        match *self {
            NoSweep::OverBudget { at, .. } | NoSweep::OverBudgetAndDisk { at, .. } => Some(at),
            NoSweep::TooWide { .. } | NoSweep::TooLongForEveryLength { .. } => None,
        }
    }
}

impl fmt::Display for NoSweep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match *self {
            NoSweep::OverBudget { budget, at } => tr!(
                "sweep-over-budget",
                square = at.square,
                squares = at.squares,
                budget = in_binary_units(budget)
            ),
            NoSweep::OverBudgetAndDisk { budget, free, at } => tr!(
                "sweep-over-budget-and-disk",
                square = at.square,
                squares = at.squares,
                budget = in_binary_units(budget),
                free = in_binary_units(free)
            ),
            NoSweep::TooWide { width, widest } => {
                tr!("sweep-too-wide", width = width, widest = widest)
            }
            NoSweep::TooLongForEveryLength { longest } => {
                tr!("sweep-too-long-for-every-length", longest = longest)
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    /// A forecast with its soonest, likeliest and latest time.
    fn done_by(soonest: u32, likely: u32, latest: u32) -> DoneBy {
        DoneBy {
            soonest,
            likely,
            latest,
            measured: None,
        }
    }

    /// Counters a little over two minutes in, with `phase`.
    fn making(phase: Phase) -> Progress {
        Progress::counters(1_234_000, 0, Duration::from_secs(125)).with_detail(phase)
    }

    #[test]
    fn a_walk_says_why_it_walks() {
        let progress = Progress::counters(1_234_000, 7256, Duration::from_secs(125)).with_detail(
            Phase::WalkInstead {
                why: NoSweep::OverBudget {
                    budget: 1 << 30,
                    at: RanOut {
                        square: 23,
                        squares: 64,
                    },
                },
                estimated_nodes: 3_200_000_000_000_000,
            },
        );
        assert!(
            progress.to_string().ends_with(
                "(exhaustive walk of about 3.2e15 nodes, 10,272 years to go at this rate: \
                 the frontier sweep ran out of room at square 23 of 64: it needs more than the \
                 1,024 MiB memory budget)"
            ),
            "{progress}"
        );
        let at_the_start = RanOut {
            square: 1,
            squares: 36,
        };
        assert_eq!(
            NoSweep::OverBudget {
                budget: 256 << 10,
                at: at_the_start
            }
            .to_string(),
            "the frontier sweep ran out of room at square 1 of 36: it needs more than the 256 KiB \
             memory budget"
        );
        let disk = NoSweep::OverBudgetAndDisk {
            budget: 64 << 20,
            free: 20 << 20,
            at: at_the_start,
        };
        assert_eq!(
            disk.to_string(),
            "the frontier sweep ran out of room at square 1 of 36: it needs more than the 64 MiB \
             memory budget, and more disk than the 20 MiB free in the scratch directory \
             (--scratch DIR names another)"
        );
        assert!(disk.more_memory_helps());
    }

    #[test]
    fn a_sweep_says_where_it_is() {
        let sweeping = |pass| {
            making(Phase::FrontierSweep {
                square: 30,
                squares: 240,
                width: 6,
                states: 1234,
                pass,
                taken_up_after: None,
                saved_after: None,
                done_by: None,
                peak: None,
                spill: None,
            })
        };
        assert!(
            sweeping(SweepPass::Counting)
                .to_string()
                .ends_with("/s (frontier sweep: square 30 of 240, 1,234 states)")
        );
        assert!(
            sweeping(SweepPass::Modulo {
                prime: 2,
                primes: 4
            })
            .to_string()
            .ends_with(
                "/s (frontier sweep for a count beyond 64 bits, modulo prime 2 of 4: \
                 square 30 of 240, 1,234 states)"
            )
        );
        let saved = making(Phase::FrontierSweep {
            square: 40,
            squares: 240,
            width: 6,
            states: 1234,
            pass: SweepPass::Counting,
            taken_up_after: Some(30),
            saved_after: Some(38),
            done_by: Some(done_by(700, 1125, 2000)),
            peak: None,
            spill: Some((2, 3)),
        });
        assert!(
            saved.to_string().ends_with(
                "/s (frontier sweep: square 40 of 240, 1,234 states, about 17 minutes to go \
                 in this sweep (between 10 minutes and 31 minutes) (forecast); next states \
                 added up on disk, group 2 of 3; taken up after square 30; saved after square \
                 38)"
            ),
            "{saved}"
        );
        let later = |secs| Progress {
            elapsed: Duration::from_secs(secs),
            ..saved.clone()
        };
        // Past the soonest, the latest bounds it; past the likeliest, only
        // the latest is said; past that, nothing.
        assert!(
            later(1000)
                .to_string()
                .contains(", about 2 minutes to go in this sweep (at most 17 minutes) (forecast)"),
            "{}",
            later(1000)
        );
        assert!(
            later(1200)
                .to_string()
                .contains(", at most 13 minutes to go in this sweep (forecast)"),
            "{}",
            later(1200)
        );
        assert!(
            !later(2001).to_string().contains("to go"),
            "{}",
            later(2001)
        );
        assert!(
            !later(2001).to_string().contains("forecast"),
            "{}",
            later(2001)
        );
        let peaking = |done_by, peak_states| {
            making(Phase::FrontierSweep {
                square: 20,
                squares: 64,
                width: 8,
                states: 165_147_590,
                pass: SweepPass::Counting,
                taken_up_after: None,
                saved_after: None,
                done_by,
                peak: Some(SweepPeak {
                    states: peak_states,
                    bytes: 23_500_000_000,
                }),
                spill: None,
            })
        };
        let ahead = peaking(Some(done_by(0, 3 * 3600, 5 * 3600)), 519_701_151).to_string();
        assert!(
            ahead.ends_with(
                "(frontier sweep: square 20 of 64, 165,147,590 states, about 3 hours to go \
                 in this sweep (at most 5 hours), peak about 520,000,000 states and 22 GiB \
                 (forecast))"
            ),
            "{ahead}"
        );
        let overdue = peaking(Some(done_by(30, 60, 90)), 519_701_151).to_string();
        assert!(
            overdue.ends_with("states, peak about 520,000,000 states and 22 GiB (forecast))"),
            "{overdue}"
        );
        // Past the peak, the states now say what it was.
        let past = peaking(Some(done_by(3600, 3 * 3600, 5 * 3600)), 1_000).to_string();
        assert!(
            past.ends_with(
                "states, about 3 hours to go in this sweep (between 58 minutes and 5 hours) \
                 (forecast))"
            ),
            "{past}"
        );
        let mut measured = Some(done_by(3600, 3 * 3600, 5 * 3600));
        if let Some(done_by) = &mut measured {
            done_by.measured = Some(MeasuredStep {
                share_before: 0.1,
                share_after: 0.2,
                step_began: 100,
                step_ends_by: 200,
            });
        }
        let from_measured = peaking(measured, 1_000).to_string();
        assert!(
            from_measured.ends_with("(forecast from a measured count of this board))"),
            "{from_measured}"
        );
        let file = |doing| {
            making(Phase::SweepFile {
                doing,
                after_square: 38,
                squares: 64,
                states: 511_000_000,
            })
        };
        assert!(
            file(LayerFileWork::Saving).to_string().ends_with(
                "/s (saving the 511,000,000 states after square 38 of 64 to the checkpoint file)"
            ),
            "{}",
            file(LayerFileWork::Saving)
        );
        assert!(
            file(LayerFileWork::Reading).to_string().ends_with(
                "/s (reading the 511,000,000 states saved after square 38 of 64 from the \
                 checkpoint file)"
            ),
            "{}",
            file(LayerFileWork::Reading)
        );
    }

    #[test]
    fn sweeps_and_walks_know_their_headway() {
        let at = |phase, elapsed: f64, nodes| {
            Progress::counters(nodes, 0, Duration::from_secs_f64(elapsed)).with_detail(phase)
        };
        let sweep = |square, done_by| Phase::FrontierSweep {
            square,
            squares: 64,
            width: 8,
            states: 1,
            pass: SweepPass::Counting,
            taken_up_after: None,
            saved_after: None,
            done_by,
            peak: None,
            spill: None,
        };
        let headway = |progress: Progress| progress.headway().map(|h| h.to_string());
        // Before two rows are swept the sweep has no forecast yet.
        assert_eq!(headway(at(sweep(8, None), 3.0, 10)), Some("12%".into()));
        // With a forecast, the share is of the time it foretells.
        assert_eq!(
            headway(at(sweep(20, Some(done_by(600, 1200, 2400))), 300.0, 10)),
            Some("25%, about 15 minutes left (between 5 minutes and 35 minutes)".into())
        );
        // A forecast time that has passed says nothing.
        assert_eq!(
            headway(at(sweep(40, Some(done_by(600, 900, 900))), 901.0, 10)),
            Some("62%".into())
        );
        // From a measured count, the share is of its work: the step under
        // way takes the sweep from 10% to 20%, and is halfway through.
        let mut measured = done_by(400, 1000, 2000);
        measured.measured = Some(MeasuredStep {
            share_before: 0.1,
            share_after: 0.2,
            step_began: 100,
            step_ends_by: 300,
        });
        assert_eq!(
            headway(at(sweep(30, Some(measured)), 200.0, 10)),
            Some("15%, about 13 minutes left (between 3 minutes and 30 minutes)".into())
        );
        // Past the step's end, the share stays where the step takes it.
        assert_eq!(
            headway(at(sweep(30, Some(measured)), 1500.0, 10)),
            Some("20%, at most 8 minutes left".into())
        );
        let walk = Phase::WalkInstead {
            why: NoSweep::TooWide {
                width: 20,
                widest: 12,
            },
            estimated_nodes: 4_000,
        };
        assert_eq!(
            headway(at(walk, 10.0, 1_000)),
            Some("25%, about 30 seconds left".into())
        );
        // A walk past its estimate is full, not over.
        assert_eq!(headway(at(walk, 10.0, 9_000)), Some("100%".into()));
        assert_eq!(headway(at(Phase::Recording { states: 9 }, 1.0, 10)), None);
    }
}
