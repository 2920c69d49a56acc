//! Background jobs: progress counters, cancellation and a worker thread that
//! reports to whoever started it.
//!
//! Solvers never talk to a window. They take a [`Control`], bump its counters
//! from their hot loops (in batches, so the atomics stay cheap) and poll
//! [`Control::is_cancelled`] often enough to stop within a few milliseconds.
//! [`spawn`] runs such a solver on its own thread and turns the counters into
//! a stream of [`Event`]s at a fixed rate, which is what the desktop app
//! listens to; the command line calls the solvers directly with a fresh
//! `Control`.

use std::fmt;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How many search nodes a solver may process between two looks at the
/// cancel flag. Small enough that even the slowest node kind (a connectivity
/// check on a 2000x2000 board) keeps cancellation well under 50 ms.
pub const CHECK_INTERVAL: u64 = 1 << 12;

/// The thread count set by [`set_threads`]; 0 when none was.
static CHOSEN_THREADS: AtomicUsize = AtomicUsize::new(0);

/// Sets how many threads the engines may use from now on (at least one).
pub fn set_threads(threads: usize) {
    CHOSEN_THREADS.store(threads.max(1), Ordering::Relaxed);
}

/// How many threads the engines that share out their work use: every core
/// the machine offers, unless [`set_threads`] said otherwise.
pub fn threads() -> usize {
    match CHOSEN_THREADS.load(Ordering::Relaxed) {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        chosen => chosen,
    }
}

/// Runs `work(0)`, `work(1)`, ... `work(count - 1)` at the same time, the
/// first on the calling thread, and returns their results in that order.
pub fn on_threads<T: Send>(count: usize, work: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let work = &work;
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..count.max(1))
            .map(|index| scope.spawn(move || work(index)))
            .collect();
        let mine = work(0);
        std::iter::once(mine)
            .chain(helpers.into_iter().map(|helper| {
                helper
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            }))
            .collect()
    })
}

/// Shared state between a running solver and the thread that watches it:
/// counters one way; cancelling, pausing and where to save progress the
/// other.
#[derive(Debug)]
pub struct Control {
    cancelled: AtomicBool,
    /// Whether the work is paused: read on every check, so kept apart
    /// from the lock that `pause` holds the times under.
    paused: AtomicBool,
    pause: Mutex<Pause>,
    /// Wakes work waiting in [`Control::should_stop`] when it is resumed or
    /// cancelled.
    resumed: Condvar,
    checkpointing: OnceLock<Checkpointing>,
    nodes: AtomicU64,
    found: AtomicU64,
    /// Whether [`Control::add_found`] counts: not while the work is making
    /// something whose own searches find solutions that mean nothing to
    /// whoever watches (see [`Control::without_found`]).
    counts_found: AtomicBool,
    started: Instant,
    method: Mutex<Method>,
}

impl Default for Control {
    fn default() -> Self {
        Self::new()
    }
}

impl Control {
    /// A fresh control: not cancelled, counters at zero, clock started now.
    pub fn new() -> Self {
        Self {
            cancelled: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            found: AtomicU64::new(0),
            counts_found: AtomicBool::new(true),
            started: Instant::now(),
            method: Mutex::new(Method::Unstated),
            paused: AtomicBool::new(false),
            pause: Mutex::new(Pause::default()),
            resumed: Condvar::new(),
            checkpointing: OnceLock::new(),
        }
    }

    /// Asks long work to save its progress as `checkpointing` says, and to
    /// take up the progress saved there before; work that cannot be saved
    /// ignores it. Only the first call counts.
    pub fn save_progress(&self, checkpointing: Checkpointing) {
        let _ = self.checkpointing.set(checkpointing);
    }

    /// Where and how often to save progress, if asked to.
    pub fn checkpointing(&self) -> Option<&Checkpointing> {
        self.checkpointing.get()
    }

    /// Says which way the work goes, for whoever watches it.
    pub fn set_method(&self, method: Method) {
        *self
            .method
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = method;
    }

    /// Asks the solver to stop. It notices at its next check, paused or
    /// not.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
        // Under the lock, so that work about to wait cannot miss it.
        let _pause = self.lock_pause();
        self.resumed.notify_all();
    }

    /// Whether [`Control::cancel`] has been called; never waits.
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    /// The solvers' regular check: whether to stop because the work was
    /// cancelled. While the work is paused it waits here until it is
    /// resumed or cancelled, so every solver can be paused between two
    /// checks without knowing about pausing.
    pub fn should_stop(&self) -> bool {
        if self.paused.load(Ordering::Relaxed) {
            let mut pause = self.lock_pause();
            while pause.since.is_some() && !self.is_cancelled() {
                pause = self
                    .resumed
                    .wait(pause)
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
            }
        }
        self.is_cancelled()
    }

    /// Holds the work at its next check until [`Control::resume`]; the time
    /// it is paused does not count as elapsed.
    pub fn pause(&self) {
        let mut pause = self.lock_pause();
        pause.since.get_or_insert_with(Instant::now);
        self.paused.store(true, Ordering::Relaxed);
    }

    /// Lets paused work go on.
    pub fn resume(&self) {
        let mut pause = self.lock_pause();
        if let Some(since) = pause.since.take() {
            pause.before += since.elapsed();
        }
        self.paused.store(false, Ordering::Relaxed);
        self.resumed.notify_all();
    }

    /// Whether the work is paused.
    pub fn is_paused(&self) -> bool {
        self.paused.load(Ordering::Relaxed)
    }

    /// The time the work has run since it started, its pauses left out.
    pub fn elapsed(&self) -> Duration {
        let pause = self.lock_pause();
        // While paused, the clock reads the same at every look.
        let until = pause.since.unwrap_or_else(Instant::now);
        until
            .saturating_duration_since(self.started)
            .saturating_sub(pause.before)
    }

    fn lock_pause(&self) -> std::sync::MutexGuard<'_, Pause> {
        self.pause
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Adds `n` explored search nodes to the progress counter.
    pub fn add_nodes(&self, n: u64) {
        self.nodes.fetch_add(n, Ordering::Relaxed);
    }

    /// Adds `n` found solutions to the progress counter.
    pub fn add_found(&self, n: u64) {
        if self.counts_found.load(Ordering::Relaxed) {
            self.found.fetch_add(n, Ordering::Relaxed);
        }
    }

    /// Runs `work` with the solutions its searches find left out of the
    /// progress counter (nodes and cancelling work as ever): a generator
    /// counts the solutions of many candidate puzzles, and their total
    /// means nothing to a person.
    pub fn without_found<T>(&self, work: impl FnOnce() -> T) -> T {
        let before = self.counts_found.swap(false, Ordering::Relaxed);
        let result = work();
        self.counts_found.store(before, Ordering::Relaxed);
        result
    }

    /// The counters as they are now.
    pub fn snapshot(&self) -> Progress {
        Progress {
            nodes: self.nodes.load(Ordering::Relaxed),
            found: self.found.load(Ordering::Relaxed),
            elapsed: self.elapsed(),
            method: *self
                .method
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner()),
        }
    }
}

/// When the work was paused, if it is, and how long its earlier pauses
/// took.
#[derive(Debug, Default)]
struct Pause {
    since: Option<Instant>,
    before: Duration,
}

/// Where long work saves its progress, and how often, so that a run that
/// is stopped (a restart, a power cut) can be taken up again by the same
/// request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checkpointing {
    /// The file that holds the saved progress.
    pub path: PathBuf,
    /// The time between two saves.
    pub every: Duration,
}

/// A reading of a job's counters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Progress {
    /// Search nodes explored so far.
    pub nodes: u64,
    /// Solutions found so far.
    pub found: u64,
    /// Time since the job started, its pauses left out.
    pub elapsed: Duration,
    /// How the work is being done, where there are several ways.
    pub method: Method,
}

/// How a count is being made, where gridtour has several ways and one of
/// them may never finish.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Method {
    /// Nothing to say.
    #[default]
    Unstated,
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
        /// When this sweep should be done, in whole seconds of the job's
        /// time (`Progress::elapsed`), once it has swept enough rows to
        /// tell: forecast from the growth of its states so far (a recorded
        /// plan's steps cost alike: at the pace of its last row). The
        /// progress line counts down to it while a step runs, which can
        /// take minutes, and says nothing once it has passed.
        done_by: Option<u32>,
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
    /// The exhaustive walk, because the frontier sweep could not count
    /// the board; it may not finish.
    WalkInstead {
        /// Why the sweep could not.
        why: NoSweep,
        /// Knuth's estimate of the nodes the walk will visit.
        estimated_nodes: u64,
    },
    /// A big Goishi puzzle being made block by block (see
    /// `goishi::generate`).
    Composing {
        /// The block being made (from 1).
        block: u32,
        /// The blocks of the chain.
        blocks: u32,
    },
    /// A Goishi puzzle's solutions being counted by a search from each
    /// stone in turn. The searches from different stones can differ a lot
    /// in length, but the stones are taken in a random order, so the time
    /// the searched ones took a stone is a fair guess of what the others
    /// will take, and better the more have been searched.
    CountingFrom {
        /// The starting stones searched to the end so far.
        searched: u32,
        /// The puzzle's stones: every one is a starting stone.
        stones: u32,
    },
    /// A made puzzle's uniqueness being proven by a full search.
    ProvingUnique {
        /// The puzzle's stones.
        stones: u32,
    },
    /// A made puzzle being rated, to see whether it is of the level asked
    /// for.
    Rating {
        /// The puzzle's stones.
        stones: u32,
    },
    /// Random tour attempts for an estimate, for this many whole seconds:
    /// the nodes are attempts, the found ones complete tours.
    Sampling {
        /// How long the sampling goes on.
        seconds: u64,
    },
}

/// The largest step a frontier sweep should still make (see
/// [`Method::FrontierSweep`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SweepPeak {
    /// The most states a step should carry in.
    pub states: u64,
    /// The most memory a step should take: the states it reads and the
    /// tables of those it makes.
    pub bytes: u64,
}

/// What a frontier sweep does with a file of its states (see
/// [`Method::SweepFile`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LayerFileWork {
    /// Saving them to the checkpoint file.
    Saving,
    /// Reading them back from the checkpoint file.
    Reading,
}

/// How far a job has got and how long it should still take, as far as its
/// method can tell: the window draws it as a progress bar, which stays in
/// view where the status bar's line is cut short.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Headway {
    /// The share of the work done, from 0 to 1.
    pub done: f32,
    /// Seconds still to go, when the method can guess and at least a
    /// second is left.
    pub left: Option<f64>,
}

impl fmt::Display for Headway {
    /// `42%, about 3 minutes left`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}%", (self.done * 100.0).floor() as u32)?;
        if let Some(left) = self.left {
            write!(f, ", about {} left", rough_duration(left))?;
        }
        Ok(())
    }
}

impl Progress {
    /// Nodes per second since the start (0 before any time has passed).
    pub fn nodes_per_second(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            self.nodes as f64 / secs
        } else {
            0.0
        }
    }

    /// The share done and the time left, for the methods that know how
    /// far they have to go. A sweep's share is of the time, once it has a
    /// forecast: its first rows are cheap, and closed 8x8 is 45% of the
    /// way through its squares 45 seconds into 13 minutes. Before, and
    /// once the forecast time has passed, it is of the squares.
    pub fn headway(&self) -> Option<Headway> {
        let share = |done: f64, whole: f64| (done / whole.max(1.0)).clamp(0.0, 1.0) as f32;
        let left = self.seconds_left().filter(|&left| left >= 1.0);
        let secs = self.elapsed.as_secs_f64();
        let done = match self.method {
            Method::FrontierSweep { .. } if let Some(left) = left => share(secs, secs + left),
            Method::FrontierSweep {
                square, squares, ..
            } => share(f64::from(square), f64::from(squares)),
            Method::CountingFrom { searched, stones } => {
                share(f64::from(searched), f64::from(stones))
            }
            Method::Sampling { seconds } => share(self.elapsed.as_secs_f64(), seconds as f64),
            Method::WalkInstead {
                estimated_nodes, ..
            } => share(self.nodes as f64, estimated_nodes as f64),
            Method::Composing { block, blocks } => {
                share(f64::from(block.saturating_sub(1)), f64::from(blocks))
            }
            _ => return None,
        };
        Some(Headway { done, left })
    }

    /// The seconds the method's own guess leaves: a sweep's forecast, the
    /// rate so far of a count's starting stones or of a walk's nodes, a
    /// sampling's fixed time. Negative once a forecast time has passed.
    fn seconds_left(&self) -> Option<f64> {
        let secs = self.elapsed.as_secs_f64();
        match self.method {
            Method::FrontierSweep {
                done_by: Some(done_by),
                ..
            } => Some(f64::from(done_by) - secs),
            Method::CountingFrom { searched, stones } if searched > 0 => {
                Some(secs * f64::from(stones.saturating_sub(searched)) / f64::from(searched))
            }
            Method::Sampling { seconds } => {
                Some(seconds.saturating_sub(self.elapsed.as_secs()) as f64)
            }
            Method::WalkInstead {
                estimated_nodes, ..
            } => {
                let rate = self.nodes_per_second();
                (rate > 0.0).then(|| estimated_nodes.saturating_sub(self.nodes) as f64 / rate)
            }
            _ => None,
        }
    }
}

/// The counters in words, as the window's status bar and the command
/// line's progress line show them: nodes, solutions (once there are any),
/// elapsed time and rate, e.g. `1,234 nodes, 5 found, 0.3 s, 4,113/s`.
impl fmt::Display for Progress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (work, found) = match self.method {
            Method::Sampling { .. } => ("random attempts", "complete tours"),
            _ => ("nodes", "found"),
        };
        write!(f, "{} {work}", group_digits(self.nodes))?;
        if self.found > 0 {
            write!(f, ", {} {found}", group_digits(self.found))?;
        }
        let secs = self.elapsed.as_secs_f64();
        if secs < 60.0 {
            write!(f, ", {secs:.1} s")?;
        } else {
            let whole = self.elapsed.as_secs();
            write!(f, ", {}:{:02} min", whole / 60, whole % 60)?;
        }
        write!(f, ", {}/s", group_digits(self.nodes_per_second() as u64))?;
        match self.method {
            Method::Unstated => Ok(()),
            Method::FrontierSweep {
                square,
                squares,
                width: _,
                states,
                pass,
                taken_up_after,
                saved_after,
                done_by: _,
                peak,
                spill,
            } => {
                write!(f, " (frontier sweep")?;
                match pass {
                    SweepPass::Counting => {}
                    SweepPass::Sizing => write!(f, " for a count beyond 64 bits, its size")?,
                    SweepPass::Modulo { prime, primes } => write!(
                        f,
                        " for a count beyond 64 bits, modulo prime {prime} of {primes}"
                    )?,
                }
                write!(
                    f,
                    ": square {square} of {squares} ({}%), {} states",
                    u64::from(square) * 100 / u64::from(squares.max(1)),
                    group_digits(states)
                )?;
                let left = self.seconds_left().filter(|&left| left >= 1.0);
                if let Some(left) = left {
                    write!(f, ", about {} to go in this sweep", rough_duration(left))?;
                }
                // Once the peak is reached, the states say the rest.
                let peak = peak.filter(|peak| peak.states > states);
                if let Some(SweepPeak { states, bytes }) = peak {
                    write!(
                        f,
                        ", peak about {} states and {}",
                        rough_amount(states),
                        rough_bytes(bytes)
                    )?;
                }
                if left.is_some() || peak.is_some() {
                    write!(f, " (forecast)")?;
                }
                match spill {
                    None => {}
                    Some((0, groups)) => write!(
                        f,
                        "; next states written to disk in {groups} groups to be added up"
                    )?,
                    Some((group, groups)) => write!(
                        f,
                        "; next states added up on disk, group {group} of {groups}"
                    )?,
                }
                if let Some(squares) = taken_up_after {
                    write!(f, "; taken up after square {squares}")?;
                }
                if let Some(squares) = saved_after {
                    write!(f, "; saved after square {squares}")?;
                }
                write!(f, ")")
            }
            Method::Recording { states } => write!(
                f,
                " (recording the steps of the long board's sweep: {} states met at this square)",
                group_digits(states)
            ),
            Method::SweepFile {
                doing,
                after_square,
                squares,
                states,
            } => {
                let states = group_digits(states);
                match doing {
                    LayerFileWork::Reading => write!(
                        f,
                        " (reading the {states} states saved after square {after_square} of \
                         {squares} from the checkpoint file)"
                    ),
                    LayerFileWork::Saving => write!(
                        f,
                        " (saving {states} states after square {after_square} of {squares} to \
                         the checkpoint file)"
                    ),
                }
            }
            Method::Composing { block, blocks } => {
                write!(f, " (making block {block} of {blocks})")
            }
            Method::CountingFrom { searched, stones } => {
                write!(f, " (searched from {searched} of {stones} starting stones")?;
                if let Some(left) = self.seconds_left().filter(|&left| left >= 1.0) {
                    write!(
                        f,
                        ", about {} to go at the rate so far",
                        rough_duration(left)
                    )?;
                }
                write!(f, ")")
            }
            Method::ProvingUnique { stones } => {
                write!(f, " (proving the {stones}-stone puzzle unique)")
            }
            Method::Rating { stones } => write!(f, " (rating the {stones}-stone puzzle)"),
            Method::Sampling { seconds } => {
                let left = self.seconds_left().unwrap_or_default();
                write!(f, " (sampling for {seconds} s, {left} s to go)")
            }
            Method::WalkInstead {
                why,
                estimated_nodes,
            } => {
                write!(
                    f,
                    " (exhaustive walk of about {} nodes",
                    rough_count(estimated_nodes)
                )?;
                if let Some(left) = self.seconds_left() {
                    write!(f, ", {} to go at this rate", rough_duration(left))?;
                }
                write!(f, ": {why})")
            }
        }
    }
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
        match *self {
            NoSweep::OverBudget { budget, at } => write!(
                f,
                "the frontier sweep ran out of room at square {} of {}: it needs more than \
                 the {} memory budget",
                at.square,
                at.squares,
                in_binary_units(budget)
            ),
            NoSweep::OverBudgetAndDisk { budget, free, at } => write!(
                f,
                "the frontier sweep ran out of room at square {} of {}: it needs more than \
                 the {} memory budget, and more disk than the {} free in the scratch \
                 directory (--scratch DIR names another)",
                at.square,
                at.squares,
                in_binary_units(budget),
                in_binary_units(free)
            ),
            NoSweep::TooWide { width, widest } => write!(
                f,
                "the frontier sweep takes boards up to {widest} squares on their shorter side, \
                 and this one has {width}"
            ),
            NoSweep::TooLongForEveryLength { longest } => write!(
                f,
                "counting every length sweeps four rows past the longest board, so it goes up \
                 to {longest} long"
            ),
        }
    }
}

/// Bytes in KiB below a MiB, else in MiB: "256 KiB", "6,026 MiB".
fn in_binary_units(bytes: u64) -> String {
    if bytes < 1 << 20 {
        format!("{} KiB", bytes >> 10)
    } else {
        format!("{} MiB", group_digits(bytes >> 20))
    }
}

/// A count as a person reads a rough figure: digits grouped up to a
/// billion, then powers of ten (`3.2e15`).
pub fn rough_count(n: u64) -> String {
    if n < 1_000_000_000 {
        group_digits(n)
    } else {
        format!("{:.1e}", n as f64)
    }
}

/// A large number to two significant digits, in words past a million:
/// `520 million`, `1.3 billion`; smaller ones in full.
fn rough_amount(n: u64) -> String {
    const WORDS: [(f64, &str); 3] = [(1e12, "trillion"), (1e9, "billion"), (1e6, "million")];
    let Some(&(size, word)) = WORDS.iter().find(|&&(size, _)| n as f64 >= size) else {
        return group_digits(n);
    };
    format!("{} {word}", two_digits(n as f64 / size))
}

/// Bytes to two significant digits, in MiB below a GiB: `22 GiB`,
/// `1.5 GiB`, `310 MiB`.
fn rough_bytes(bytes: u64) -> String {
    const GIB: f64 = (1u64 << 30) as f64;
    if bytes as f64 >= GIB {
        format!("{} GiB", two_digits(bytes as f64 / GIB))
    } else {
        format!("{} MiB", two_digits(bytes as f64 / (1u64 << 20) as f64))
    }
}

/// A positive number rounded to two significant digits, with a decimal
/// only below ten: `1.3`, `22`, `520`.
fn two_digits(x: f64) -> String {
    if x < 10.0 {
        let rounded = format!("{x:.1}");
        rounded
            .strip_suffix(".0")
            .map_or(rounded.clone(), str::to_owned)
    } else {
        let scale = 10f64.powi(x.log10().floor() as i32 - 1);
        group_digits(((x / scale).round() * scale) as u64)
    }
}

/// A duration in the largest unit that keeps it readable: seconds,
/// minutes, hours, days or years.
pub fn rough_duration(seconds: f64) -> String {
    const UNITS: [(f64, &str); 5] = [
        (365.25 * 86_400.0, "years"),
        (86_400.0, "days"),
        (3_600.0, "hours"),
        (60.0, "minutes"),
        (1.0, "seconds"),
    ];
    let seconds = seconds.max(0.0);
    let (size, name) = UNITS
        .into_iter()
        .find(|&(size, _)| seconds >= 2.0 * size)
        .unwrap_or((1.0, "seconds"));
    let amount = seconds / size;
    if amount >= 1e6 {
        format!("{amount:.1e} {name}")
    } else {
        format!("{} {name}", group_digits(amount.round() as u64))
    }
}

/// Writes a number with commas between groups of three digits.
pub fn group_digits(n: u64) -> String {
    group_decimal(&n.to_string())
}

/// A number written out in decimal digits, grouped in threes by commas.
pub fn group_decimal(digits: &str) -> String {
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}

/// The result of a job that may have been cancelled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome<T> {
    /// The job ran to its end.
    Done(T),
    /// The job was cancelled before it finished.
    Cancelled,
}

/// What a background job tells the thread that started it.
#[derive(Debug)]
pub enum Event<T, M> {
    /// Counters, sent at least every [`PROGRESS_PERIOD`] while the job runs.
    Progress(Progress),
    /// Something the job chose to stream as it goes (a found tour, say).
    Item(M),
    /// The final result and the counters at the end. Always the last event.
    Finished(Outcome<T>, Progress),
}

/// How often a running job reports its counters.
pub const PROGRESS_PERIOD: Duration = Duration::from_millis(50);

/// A job running on a worker thread.
///
/// Dropping the handle cancels the job; its thread finishes on its own
/// shortly after and its result is discarded.
pub struct Job<T, M> {
    control: Arc<Control>,
    events: Receiver<Event<T, M>>,
    worker: Option<JoinHandle<()>>,
}

impl<T, M> Job<T, M> {
    /// The job's control, for reading counters or cancelling.
    pub fn control(&self) -> &Arc<Control> {
        &self.control
    }

    /// Asks the job to stop.
    pub fn cancel(&self) {
        self.control.cancel();
    }

    /// Events that have arrived since the last call, without blocking.
    pub fn poll(&self) -> Vec<Event<T, M>> {
        self.events.try_iter().collect()
    }

    /// Blocks until the next event, or until `timeout`.
    pub fn next_event(&self, timeout: Duration) -> Option<Event<T, M>> {
        self.events.recv_timeout(timeout).ok()
    }
}

impl<T, M> Drop for Job<T, M> {
    fn drop(&mut self) {
        self.control.cancel();
        // The worker is detached: joining here could stall the caller (the
        // UI thread) for as long as the solver takes to notice the flag.
        drop(self.worker.take());
    }
}

/// Handle given to the work function for streaming items to the listener.
pub struct Emitter<T, M> {
    sender: Sender<Event<T, M>>,
    wake: Arc<dyn Fn(Urgency) + Send + Sync>,
}

impl<T, M> Emitter<T, M> {
    /// Sends one item. Returns false once nobody listens any more, which the
    /// work function may take as a request to stop.
    pub fn emit(&self, item: M) -> bool {
        let delivered = self.sender.send(Event::Item(item)).is_ok();
        (self.wake)(Urgency::Progress);
        delivered
    }
}

/// The nice value a background job's worker runs at (0 is normal, 19 the
/// lowest priority).
const BACKGROUND_NICENESS: i32 = 10;

/// The nice value of work that only shows something beside a job (the
/// tours the window lists for browsing while it counts): the lowest, so
/// that the job's own threads come first. With the listing at the job's
/// niceness, a count of closed 6x40 took 14.1 s in the window, at this one
/// 12.6 s (7 s on the command line: see the window's `BROWSE_PATIENCE`).
const SIDE_WORK_NICENESS: i32 = 19;

/// Lets the scheduler favour the window over the calling worker thread (and
/// the threads it spawns, which inherit its nice value). A count keeps both
/// cores busy; without this, a window drawn by a software renderer competes
/// with it on equal terms and its frame rate collapses. The ticker that
/// reports progress is spawned before, so it keeps normal priority.
fn lower_thread_priority() {
    set_niceness(BACKGROUND_NICENESS);
}

/// Makes the calling thread side work, beside a job (see
/// [`SIDE_WORK_NICENESS`]).
pub fn lower_to_side_work() {
    set_niceness(SIDE_WORK_NICENESS);
}

fn set_niceness(niceness: i32) {
    // SAFETY: setpriority only reads its three integer arguments. On Linux
    // the nice value is a per-thread attribute and `who = 0` names the
    // calling thread. A failure (e.g. a sandbox forbidding it) only leaves
    // the priority as it was, so the result is ignored.
    #[cfg(target_os = "linux")]
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, niceness);
    }
}

/// What a job's listener is woken for, so that it can choose how soon to
/// look: a window repaints at once for a result, but need not repaint for
/// every tick of the counters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Urgency {
    /// New counters or a streamed item.
    Progress,
    /// The job ended: its result is waiting.
    Finished,
}

/// Runs `work` on a new thread.
///
/// While it runs, a progress event is sent every [`PROGRESS_PERIOD`] (none
/// while it is paused); when it
/// ends, a [`Event::Finished`] carries its result (or [`Outcome::Cancelled`]
/// when the control was cancelled, whatever the work returned). `wake` is
/// called after every event, with how urgent it is, so that a sleeping
/// listener, such as a window that repaints only on demand, can look at the
/// channel.
/// The work runs at a lowered priority, so that it never starves the thread
/// that watches it.
pub fn spawn<T, M, F>(wake: impl Fn(Urgency) + Send + Sync + 'static, work: F) -> Job<T, M>
where
    T: Send + 'static,
    M: Send + 'static,
    F: FnOnce(&Control, &Emitter<T, M>) -> T + Send + 'static,
{
    let control = Arc::new(Control::new());
    let (sender, events) = mpsc::channel();
    let wake: Arc<dyn Fn(Urgency) + Send + Sync> = Arc::new(wake);
    let worker_control = Arc::clone(&control);
    let worker = std::thread::spawn(move || {
        let (done_tx, done_rx) = mpsc::channel::<()>();
        let ticker_control = Arc::clone(&worker_control);
        let ticker_sender = sender.clone();
        let ticker_wake = Arc::clone(&wake);
        let ticker = std::thread::spawn(move || {
            while let Err(RecvTimeoutError::Timeout) = done_rx.recv_timeout(PROGRESS_PERIOD) {
                // Paused work has nothing new to say: the listener sleeps.
                if ticker_control.is_paused() {
                    continue;
                }
                if ticker_sender
                    .send(Event::Progress(ticker_control.snapshot()))
                    .is_err()
                {
                    return;
                }
                ticker_wake(Urgency::Progress);
            }
        });
        let emitter = Emitter {
            sender: sender.clone(),
            wake: Arc::clone(&wake),
        };
        lower_thread_priority();
        let result = work(&worker_control, &emitter);
        drop(done_tx);
        let _ = ticker.join();
        let outcome = if worker_control.is_cancelled() {
            Outcome::Cancelled
        } else {
            Outcome::Done(result)
        };
        let _ = sender.send(Event::Finished(outcome, worker_control.snapshot()));
        wake(Urgency::Finished);
    });
    Job {
        control,
        events,
        worker: Some(worker),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Cancels the control when dropped, also by a failed assertion.
    struct CancelOnDrop<'c>(&'c Control);

    impl Drop for CancelOnDrop<'_> {
        fn drop(&mut self) {
            self.0.cancel();
        }
    }

    /// Work that checks in until told to stop, counting its checks.
    fn checking_work(control: &Control, checks: &AtomicU64) {
        while !control.should_stop() {
            checks.fetch_add(1, Ordering::Relaxed);
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    #[test]
    fn paused_work_waits_at_its_check_until_resumed() {
        let control = Control::new();
        let checks = AtomicU64::new(0);
        std::thread::scope(|scope| {
            scope.spawn(|| checking_work(&control, &checks));
            // A failed assertion must not leave the work paused forever.
            let _stop = CancelOnDrop(&control);
            while checks.load(Ordering::Relaxed) == 0 {
                std::thread::sleep(Duration::from_millis(1));
            }
            control.pause();
            assert!(control.is_paused());
            // At most the check under way when it was paused.
            std::thread::sleep(Duration::from_millis(20));
            let held = checks.load(Ordering::Relaxed);
            std::thread::sleep(Duration::from_millis(200));
            assert_eq!(
                checks.load(Ordering::Relaxed),
                held,
                "no checks while paused"
            );
            let elapsed_while_paused = control.elapsed();
            std::thread::sleep(Duration::from_millis(50));
            assert_eq!(control.elapsed(), elapsed_while_paused, "the clock stops");
            control.resume();
            while checks.load(Ordering::Relaxed) == held {
                std::thread::sleep(Duration::from_millis(1));
            }
            assert!(
                control.elapsed() > elapsed_while_paused,
                "the clock goes on"
            );
            control.cancel();
        });
        assert!(control.elapsed() < control.started.elapsed() - Duration::from_millis(200));
    }

    #[test]
    fn cancelling_paused_work_stops_it() {
        let control = Control::new();
        control.pause();
        let checks = AtomicU64::new(0);
        std::thread::scope(|scope| {
            let worker = scope.spawn(|| checking_work(&control, &checks));
            let _stop = CancelOnDrop(&control);
            std::thread::sleep(Duration::from_millis(50));
            assert!(!worker.is_finished());
            control.cancel();
        });
        assert_eq!(checks.load(Ordering::Relaxed), 0);
        assert!(control.should_stop(), "cancelled while paused: no wait");
    }

    #[test]
    fn digits_are_grouped_by_three() {
        assert_eq!(group_digits(0), "0");
        assert_eq!(group_digits(999), "999");
        assert_eq!(group_digits(1000), "1,000");
        assert_eq!(group_digits(1234567), "1,234,567");
    }

    #[test]
    fn progress_reads_as_counters_time_and_rate() {
        let progress = Progress {
            nodes: 1_234_000,
            found: 0,
            elapsed: Duration::from_millis(2500),
            method: Method::Unstated,
        };
        assert_eq!(progress.to_string(), "1,234,000 nodes, 2.5 s, 493,600/s");
        let progress = Progress {
            found: 7256,
            elapsed: Duration::from_secs(125),
            ..progress
        };
        assert_eq!(
            progress.to_string(),
            "1,234,000 nodes, 7,256 found, 2:05 min, 9,872/s"
        );
        let progress = Progress {
            method: Method::WalkInstead {
                why: NoSweep::OverBudget {
                    budget: 1 << 30,
                    at: RanOut {
                        square: 23,
                        squares: 64,
                    },
                },
                estimated_nodes: 3_200_000_000_000_000,
            },
            ..progress
        };
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
        // A generator's searches leave the found counter alone (see
        // `Control::without_found`).
        let making = Progress {
            method: Method::Composing {
                block: 3,
                blocks: 8,
            },
            found: 0,
            ..progress
        };
        assert_eq!(
            making.to_string(),
            "1,234,000 nodes, 2:05 min, 9,872/s (making block 3 of 8)"
        );
        let proving = Progress {
            method: Method::ProvingUnique { stones: 200 },
            ..making
        };
        assert!(
            proving
                .to_string()
                .ends_with("/s (proving the 200-stone puzzle unique)"),
            "{proving}"
        );
        let counting = Progress {
            method: Method::CountingFrom {
                searched: 12,
                stones: 60,
            },
            ..making
        };
        assert!(
            counting.to_string().ends_with(
                "/s (searched from 12 of 60 starting stones, about 8 minutes to go at the \
                     rate so far)"
            ),
            "{counting}"
        );
        // Less than a second to go is not worth a word.
        let nearly = Progress {
            method: Method::CountingFrom {
                searched: 599,
                stones: 600,
            },
            elapsed: Duration::from_millis(500),
            ..making
        };
        assert!(
            nearly
                .to_string()
                .ends_with("/s (searched from 599 of 600 starting stones)"),
            "{nearly}"
        );
        let sweeping = |pass| Progress {
            method: Method::FrontierSweep {
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
            },
            ..making
        };
        assert!(
            sweeping(SweepPass::Counting)
                .to_string()
                .ends_with("/s (frontier sweep: square 30 of 240 (12%), 1,234 states)")
        );
        assert!(
            sweeping(SweepPass::Modulo {
                prime: 2,
                primes: 4
            })
            .to_string()
            .ends_with(
                "/s (frontier sweep for a count beyond 64 bits, modulo prime 2 of 4: \
                 square 30 of 240 (12%), 1,234 states)"
            )
        );
        let saved = Progress {
            method: Method::FrontierSweep {
                square: 40,
                squares: 240,
                width: 6,
                states: 1234,
                pass: SweepPass::Counting,
                taken_up_after: Some(30),
                saved_after: Some(38),
                done_by: Some(1125),
                peak: None,
                spill: Some((2, 3)),
            },
            ..making
        };
        assert!(
            saved.to_string().ends_with(
                "/s (frontier sweep: square 40 of 240 (16%), 1,234 states, about 17 minutes to go \
                 in this sweep (forecast); next states added up on disk, group 2 of 3; taken up \
                 after square 30; saved after square 38)"
            ),
            "{saved}"
        );
        // Once the forecast time has passed, the line says nothing of it.
        let overdue = Progress {
            elapsed: Duration::from_secs(1126),
            ..saved
        };
        assert!(!overdue.to_string().contains("to go"), "{overdue}");
        let peaking = |done_by, peak_states| Progress {
            method: Method::FrontierSweep {
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
            },
            ..making
        };
        let ahead = peaking(Some(3 * 3600), 519_701_151).to_string();
        assert!(
            ahead.ends_with(
                "(frontier sweep: square 20 of 64 (31%), 165,147,590 states, about 3 hours to go \
                 in this sweep, peak about 520 million states and 22 GiB (forecast))"
            ),
            "{ahead}"
        );
        let overdue = peaking(Some(60), 519_701_151).to_string();
        assert!(
            overdue.ends_with("states, peak about 520 million states and 22 GiB (forecast))"),
            "{overdue}"
        );
        // Past the peak, the states now say what it was.
        let past = peaking(Some(3 * 3600), 1_000).to_string();
        assert!(past.ends_with("states, about 3 hours to go in this sweep (forecast))"));
        assert_eq!(
            [
                999_999,
                1_000_000,
                102_332_998,
                1_349_000_000,
                13_267_364_410_532
            ]
            .map(rough_amount),
            [
                "999,999",
                "1 million",
                "100 million",
                "1.3 billion",
                "13 trillion"
            ]
        );
        assert_eq!(
            [300 << 20, 4_400_000_000, 23_500_000_000].map(rough_bytes),
            ["300 MiB", "4.1 GiB", "22 GiB"]
        );
        let file = |doing| Progress {
            method: Method::SweepFile {
                doing,
                after_square: 38,
                squares: 64,
                states: 511_000_000,
            },
            ..making
        };
        assert!(
            file(LayerFileWork::Saving).to_string().ends_with(
                "/s (saving 511,000,000 states after square 38 of 64 to the checkpoint file)"
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
        let rating = Progress {
            method: Method::Rating { stones: 200 },
            ..making
        };
        assert!(
            rating
                .to_string()
                .ends_with("/s (rating the 200-stone puzzle)"),
            "{rating}"
        );
        assert_eq!(rough_duration(90.0), "90 seconds");
        assert_eq!(rough_duration(7_200.0), "2 hours");
        assert_eq!(rough_count(12_345), "12,345");
    }

    #[test]
    fn the_share_done_and_the_time_left_come_with_the_methods_that_know_them() {
        let at = |method, elapsed: f64, nodes| Progress {
            nodes,
            found: 0,
            elapsed: Duration::from_secs_f64(elapsed),
            method,
        };
        let sweep = |square, done_by| Method::FrontierSweep {
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
            headway(at(sweep(20, Some(1200)), 300.0, 10)),
            Some("25%, about 15 minutes left".into())
        );
        // A forecast time that has passed says nothing.
        assert_eq!(
            headway(at(sweep(40, Some(900)), 901.0, 10)),
            Some("62%".into())
        );
        let stones = |searched| Method::CountingFrom {
            searched,
            stones: 60,
        };
        assert_eq!(
            headway(at(stones(15), 20.0, 10)),
            Some("25%, about 60 seconds left".into())
        );
        assert_eq!(headway(at(stones(0), 20.0, 10)), Some("0%".into()));
        assert_eq!(
            headway(at(Method::Sampling { seconds: 60 }, 15.5, 10)),
            Some("25%, about 45 seconds left".into())
        );
        let walk = Method::WalkInstead {
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
        assert_eq!(
            headway(at(
                Method::Composing {
                    block: 3,
                    blocks: 8
                },
                1.0,
                10
            )),
            Some("25%".into())
        );
        assert_eq!(headway(at(Method::Rating { stones: 9 }, 1.0, 10)), None);
        assert_eq!(headway(at(Method::Unstated, 1.0, 10)), None);
    }

    #[test]
    fn found_solutions_can_be_left_out_of_the_counter() {
        let control = Control::new();
        control.add_found(3);
        let inner = control.without_found(|| {
            control.add_found(100);
            control.add_nodes(10);
            7
        });
        control.add_found(1);
        assert_eq!(inner, 7);
        let progress = control.snapshot();
        assert_eq!((progress.found, progress.nodes), (4, 10));
    }

    #[test]
    fn finished_job_reports_its_result_last() {
        let job = spawn(
            |_| {},
            |control, emitter: &Emitter<u32, u32>| {
                control.add_nodes(5);
                emitter.emit(1);
                emitter.emit(2);
                control.add_found(2);
                7
            },
        );
        let mut items = Vec::new();
        loop {
            match job.next_event(Duration::from_secs(5)).expect("job hung") {
                Event::Progress(_) => {}
                Event::Item(item) => items.push(item),
                Event::Finished(outcome, progress) => {
                    assert_eq!(outcome, Outcome::Done(7));
                    assert_eq!(progress.nodes, 5);
                    assert_eq!(progress.found, 2);
                    break;
                }
            }
        }
        assert_eq!(items, vec![1, 2]);
    }

    #[test]
    fn cancelled_job_stops_and_says_so() {
        let job = spawn(
            |_| {},
            |control, _: &Emitter<u64, ()>| {
                let mut spins = 0u64;
                while !control.is_cancelled() {
                    spins += 1;
                    std::thread::yield_now();
                }
                spins
            },
        );
        // Progress keeps arriving while the job spins.
        let mut progress_events = 0;
        while progress_events < 3 {
            if let Some(Event::Progress(_)) = job.next_event(Duration::from_secs(5)) {
                progress_events += 1;
            }
        }
        let asked = Instant::now();
        job.cancel();
        loop {
            match job.next_event(Duration::from_secs(5)).expect("job hung") {
                Event::Finished(outcome, _) => {
                    assert_eq!(outcome, Outcome::Cancelled);
                    break;
                }
                _ => continue,
            }
        }
        assert!(asked.elapsed() < Duration::from_millis(500));
    }
}
