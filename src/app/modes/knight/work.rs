//! The knight mode's background work: the jobs it asks for, what they
//! report, and the code that runs them on a worker thread.

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::mpsc::Receiver;
use std::time::Duration;

use gridtour::job::{Checkpointing, Control, Outcome};
use gridtour::knight::trace::Step;
use gridtour::knight::{
    self, Algorithm, Board, Count, Estimate, NoTour, NotCounted, Patience, Sampling, SolveResult,
    Square, TooManySquares, Tour, TourKind,
};
use gridtour::replay::Event;

use crate::app::browse::{BROWSE_LIMIT, count_while_browsing};
use gridtour::tr;

use crate::app::said::Said;
use crate::app::watch;

/// The background work the knight mode asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum KnightJob {
    /// One tour from `start`.
    Solve {
        /// The board as it was asked.
        board: Board,
        /// The first square.
        start: Square,
        /// Open or closed.
        kind: TourKind,
        /// Which solver.
        algorithm: Algorithm,
    },
    /// Every tour, counted by the same counter as the command line, and the
    /// first [`BROWSE_LIMIT`] of them listed by a separate, bounded
    /// enumeration for browsing.
    Count {
        /// The board as it was asked.
        board: Board,
        /// Only tours from this square (directed), or all (undirected).
        start: Option<Square>,
        /// Open or closed.
        kind: TourKind,
    },
    /// Deletes the kept progress of a count of `board`'s tours (see
    /// [`kept_progress`]).
    ForgetCount {
        /// The board as it was counted.
        board: Board,
        /// The count's start square, if it had one.
        start: Option<Square>,
        /// Open or closed.
        kind: TourKind,
    },
    /// The start squares where plain Warnsdorff dead-ends.
    FailingStarts {
        /// The board as it was asked.
        board: Board,
    },
    /// One tour from `start`, its search watched step by step.
    Watch {
        /// The board as it was asked.
        board: Board,
        /// The first square.
        start: Square,
        /// Open or closed.
        kind: TourKind,
        /// Which search.
        algorithm: Algorithm,
    },
    /// Searches side by side from `start` to their first tour, each
    /// watched step by step and allowed at most [`COMPARE_BUDGET`] steps.
    Compare {
        /// The board as it was asked.
        board: Board,
        /// The first square.
        start: Square,
        /// Open or closed.
        kind: TourKind,
        /// The searches, in the order they are shown.
        algorithms: Vec<Algorithm>,
    },
    /// An estimate of the number of tours a count would count.
    Estimate {
        /// The board as it was asked.
        board: Board,
        /// Only tours from this square (directed), or all (undirected).
        start: Option<Square>,
        /// Open or closed.
        kind: TourKind,
    },
}

/// What a knight job reports.
#[derive(Debug)]
pub enum KnightReport {
    /// A tour for browsing, streamed while a count runs.
    Found(Vec<Square>),
    /// A search found a tour.
    Solved(Tour),
    /// A count ended.
    Counted(Count),
    /// A count gave no number: its sweep could not start or ran out of
    /// room, and the walk instead would have taken far too long.
    CountRefused(NotCounted),
    /// There is no tour: theory rules every tour out, or a search looked
    /// at every way.
    NoTour(NoTour),
    /// The failing starts of plain Warnsdorff.
    FailingStarts(Vec<Square>),
    /// An estimate ended, or was refused (the board is too big).
    Estimated {
        /// The estimate or the refusal.
        result: Result<Estimate, TooManySquares>,
        /// Only tours from this square (directed), or all (undirected).
        start: Option<Square>,
        /// Open or closed.
        kind: TourKind,
    },
    /// A watched search has begun: its steps come through here.
    Watching(Receiver<Vec<Event>>),
    /// A watched search found a tour.
    Watched(Tour),
    /// Compared searches have begun: their steps come through here, one
    /// receiver a search, in the order asked.
    Comparing(Vec<Receiver<Vec<Event>>>),
    /// The searches compared, in the order asked.
    Compared(Vec<Comparison>),
    /// A count's kept progress is deleted.
    CountForgotten,
}

/// How one search did against the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Comparison {
    /// The search.
    pub algorithm: Algorithm,
    /// The steps it took (all of them, when it ran out of budget).
    pub steps: u64,
    /// How it ended.
    pub ended: Ended,
}

/// How a compared search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// It found a tour.
    Found,
    /// It showed that there is none.
    NoTour,
    /// It used up its budget of steps.
    OutOfSteps,
}

/// The most steps each search of a comparison may take: plain search
/// finds its first 8x8 tour from a1 within it.
pub const COMPARE_BUDGET: u64 = 50_000_000;

impl KnightJob {
    /// What the job does, for the status bar.
    pub fn label(&self) -> Said {
        match self {
            KnightJob::Solve { board, start, .. } => {
                let start = board.square_name(*start);
                Said::new(move || tr!("job-tour-from", start = start.as_str()))
            }
            KnightJob::Count { board, start, kind } => {
                let tours = Tours::of(board, *start, *kind);
                Said::new(move || tr!("job-counting", what = tours.words()))
            }
            KnightJob::ForgetCount { .. } => Said::new(|| tr!("job-forget-count").to_owned()),
            KnightJob::FailingStarts { .. } => Said::new(|| tr!("job-failing-starts").to_owned()),
            KnightJob::Watch { board, start, .. } => {
                let start = board.square_name(*start);
                Said::new(move || tr!("job-watch-from", start = start.as_str()))
            }
            KnightJob::Compare { board, start, .. } => {
                let start = board.square_name(*start);
                Said::new(move || tr!("job-compare-from", start = start.as_str()))
            }
            KnightJob::Estimate { board, start, kind } => {
                let tours = Tours::of(board, *start, *kind);
                Said::new(move || tr!("job-estimating", what = tours.words()))
            }
        }
    }

    /// Runs the job on the calling thread; `emit` takes streamed tours and
    /// answers false once nobody listens.
    pub fn run(
        self,
        control: &Control,
        emit: &(dyn Fn(KnightReport) -> bool + Sync),
    ) -> Outcome<KnightReport> {
        match self {
            KnightJob::Solve {
                board,
                start,
                kind,
                algorithm,
            } => {
                if let Some(reason) = knight::why_no_tour(&board, Some(start), kind) {
                    return Outcome::Done(KnightReport::NoTour(reason));
                }
                knight::solve(&board, start, kind, algorithm, control)
                    .map(|result| searched(result, KnightReport::Solved))
            }
            KnightJob::Count { board, start, kind } => {
                if let Some(reason) = knight::why_no_tour(&board, start, kind) {
                    return Outcome::Done(KnightReport::NoTour(reason));
                }
                // Kept only where its folder can be made: a count that
                // cannot save would stop at its first save.
                let kept = kept_progress(&board, start, kind, control).filter(|path| {
                    path.parent()
                        .is_some_and(|folder| std::fs::create_dir_all(folder).is_ok())
                });
                if let Some(path) = &kept {
                    control.save_progress(Checkpointing {
                        path: path.clone(),
                        every: KEEP_PROGRESS_EVERY,
                        wait_while_in_use: true,
                    });
                }
                let counted = count_and_browse(&board, start, kind, control, emit);
                // Stopped by a change of board: the count is given up. A
                // person's Cancel keeps it, as closing the window does.
                let given_up = !control.is_kept_for_later();
                if let (Outcome::Cancelled, Some(path), true) = (&counted, kept, given_up) {
                    let _ = std::fs::remove_file(path);
                }
                counted
            }
            KnightJob::ForgetCount { board, start, kind } => {
                if let Some(path) = kept_progress(&board, start, kind, control) {
                    // Nothing more can be done about a file that cannot be
                    // removed: the offer to take it up is gone anyway.
                    let _ = knight::count::forget_saved_count(&path, control);
                }
                Outcome::Done(KnightReport::CountForgotten)
            }
            KnightJob::FailingStarts { board } => {
                knight::warnsdorff_failing_starts(&board, control).map(KnightReport::FailingStarts)
            }
            KnightJob::Watch {
                board,
                start,
                kind,
                algorithm,
            } => {
                // Plain search is watched as the lessons write it: with no
                // theory first.
                if algorithm != Algorithm::Dfs
                    && let Some(reason) = knight::why_no_tour(&board, Some(start), kind)
                {
                    return Outcome::Done(KnightReport::NoTour(reason));
                }
                let (mut feed, receiver) = watch::channel(control);
                emit(KnightReport::Watching(receiver));
                let mut watcher = |step: Step| feed.see(step.into());
                knight::solve_watched(&board, (start, kind), algorithm, control, &mut watcher)
                    .map(|result| searched(result, KnightReport::Watched))
            }
            KnightJob::Compare {
                board,
                start,
                kind,
                algorithms,
            } => {
                // Plain search may look in vain where theory says no tour;
                // the others would not start.
                if let Some(reason) = knight::why_no_tour(&board, Some(start), kind) {
                    return Outcome::Done(KnightReport::NoTour(reason));
                }
                let (feeds, receivers): (Vec<_>, Vec<_>) =
                    algorithms.iter().map(|_| watch::channel(control)).unzip();
                emit(KnightReport::Comparing(receivers));
                // A thread a search: the window paces them all, and each
                // waits for it on its own.
                let outcomes: Vec<Outcome<Comparison>> = gridtour::platform::scope(|scope| {
                    let lanes: Vec<_> = algorithms
                        .iter()
                        .zip(feeds)
                        .map(|(&algorithm, feed)| {
                            let board = &board;
                            scope.spawn(move || {
                                to_a_tour(board, (start, kind), algorithm, feed, control)
                            })
                        })
                        .collect();
                    // A lane the system refused a thread ends the comparison.
                    lanes
                        .into_iter()
                        .map(|lane| lane.map_or(Outcome::Cancelled, |lane| lane.join()))
                        .collect()
                });
                let mut compared = Vec::new();
                for outcome in outcomes {
                    match outcome {
                        Outcome::Done(comparison) => compared.push(comparison),
                        Outcome::Cancelled => return Outcome::Cancelled,
                    }
                }
                Outcome::Done(KnightReport::Compared(compared))
            }
            KnightJob::Estimate { board, start, kind } => {
                if let Some(reason) = knight::why_no_tour(&board, start, kind) {
                    return Outcome::Done(KnightReport::NoTour(reason));
                }
                let sampling = Sampling {
                    seconds: WINDOW_ESTIMATE_SECONDS,
                    max_attempts: u64::MAX,
                    seed: 1,
                };
                let estimate = knight::estimate(&board, start, kind, sampling, control);
                if control.should_stop() {
                    return Outcome::Cancelled;
                }
                Outcome::Done(KnightReport::Estimated {
                    result: estimate,
                    start,
                    kind,
                })
            }
        }
    }
}

/// A search's result as its report: `found` for a tour, else why there
/// is none.
fn searched(result: SolveResult, found: fn(Tour) -> KnightReport) -> KnightReport {
    match result {
        SolveResult::Found(tour) => found(tour),
        SolveResult::NoTour(reason) => KnightReport::NoTour(reason),
    }
}

/// `algorithm`'s search from `start` to its first tour, at most
/// [`COMPARE_BUDGET`] steps, each step handed to `feed`: how it ended.
fn to_a_tour(
    board: &Board,
    (start, kind): (Square, TourKind),
    algorithm: Algorithm,
    mut feed: watch::Feed<'_>,
    control: &Control,
) -> Outcome<Comparison> {
    // Its own control, so that running out of steps is not taken for the
    // job being cancelled.
    let own = Control::new();
    let mut steps = 0;
    let mut watcher = |step: Step| {
        steps += 1;
        feed.see(step.into());
        if steps == COMPARE_BUDGET || control.should_stop() {
            own.cancel();
        }
    };
    let searched = knight::solve_watched(board, (start, kind), algorithm, &own, &mut watcher);
    let ended = match searched {
        _ if control.should_stop() => return Outcome::Cancelled,
        Outcome::Done(SolveResult::Found(_)) => Ended::Found,
        Outcome::Done(SolveResult::NoTour(_)) => Ended::NoTour,
        Outcome::Cancelled => Ended::OutOfSteps,
    };
    Outcome::Done(Comparison {
        algorithm,
        steps,
        ended,
    })
}

/// How long the window's estimate samples: on 8x8 a minute gives open
/// tours within about 5%.
pub const WINDOW_ESTIMATE_SECONDS: f64 = 60.0;

/// The longest count the window starts: a week of walking. Beyond that the
/// estimate is shown instead of a job that would outlive the session.
const WINDOW_PATIENCE: Patience = Patience::Seconds(7.0 * 24.0 * 3600.0);

/// Counts with [`knight::count`] while the first [`BROWSE_LIMIT`] tours of
/// a separate enumeration are streamed for browsing.
/// How often a count in the window saves its progress: a window closed
/// during a count of hours loses at most this much of it.
const KEEP_PROGRESS_EVERY: Duration = Duration::from_secs(120);

/// The file in the folder the window keeps long work in (see
/// [`gridtour::job::Resources::keep_dir`]) where a count of `kind` tours of
/// `board` from `start` keeps its progress: named after the request, so
/// that the same count asked again takes it up (the file's own header
/// refuses it to any other).
pub fn kept_progress(
    board: &Board,
    start: Option<Square>,
    kind: TourKind,
    control: &Control,
) -> Option<PathBuf> {
    let folder = control.resources().keep_dir.as_ref()?;
    // FNV-1a of the blocked squares, to tell boards of one size apart.
    let blocked = board
        .blocked_squares()
        .iter()
        .flat_map(|square| [square.x, square.y])
        .fold(0xcbf2_9ce4_8422_2325_u64, |hash, coordinate| {
            (hash ^ u64::from(coordinate)).wrapping_mul(0x0100_0000_01b3)
        });
    let kind = match kind {
        TourKind::Open => "open",
        TourKind::Closed => "closed",
    };
    let from = start.map_or_else(|| "all".to_owned(), |start| board.square_name(start));
    let (width, height) = (board.width(), board.height());
    Some(folder.join(format!(
        "count-{width}x{height}-{kind}-{from}-{blocked:016x}.sweep"
    )))
}

fn count_and_browse(
    board: &Board,
    start: Option<Square>,
    kind: TourKind,
    control: &Control,
    emit: &(dyn Fn(KnightReport) -> bool + Sync),
) -> Outcome<KnightReport> {
    let browse = |browse_control: &Control| {
        let mut kept = 0;
        knight::enumerate(board, start, kind, browse_control, &mut |path| {
            let mut tour = path.to_vec();
            if kind == TourKind::Closed {
                tour.push(path[0]);
            }
            kept += 1;
            if kept > BROWSE_LIMIT || control.should_stop() || !emit(KnightReport::Found(tour)) {
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
    };
    match count_while_browsing(control, browse, || {
        knight::count(board, start, kind, WINDOW_PATIENCE, control)
    }) {
        Outcome::Done(Ok(count)) => Outcome::Done(KnightReport::Counted(count)),
        Outcome::Done(Err(why)) => Outcome::Done(KnightReport::CountRefused(why)),
        Outcome::Cancelled => Outcome::Cancelled,
    }
}

/// Which tours a count or an estimate is of: those from a square
/// (directed), or all of them (undirected), open or closed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tours {
    /// The start square's name, for directed tours.
    pub from: Option<String>,
    /// Open or closed.
    pub kind: TourKind,
}

impl Tours {
    /// The tours of `kind` on `board`, from `start` if given.
    pub fn of(board: &Board, start: Option<Square>, kind: TourKind) -> Self {
        Tours {
            from: start.map(|start| board.square_name(start)),
            kind,
        }
    }

    /// `directed open tours from a1`, `undirected closed tours`.
    pub fn words(&self) -> String {
        match (&self.from, self.kind) {
            (Some(start), TourKind::Open) => tr!("directed-open-tours", start = start.as_str()),
            (Some(start), TourKind::Closed) => {
                tr!("directed-closed-tours", start = start.as_str())
            }
            (None, TourKind::Open) => tr!("undirected-open-tours").to_owned(),
            (None, TourKind::Closed) => tr!("undirected-closed-tours").to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use gridtour::job::Resources;

    use super::*;

    #[test]
    fn each_count_keeps_its_progress_in_a_file_of_its_own() {
        let folder = std::env::temp_dir().join(format!("gridtour-kept-{}", std::process::id()));
        let control = Control::with_resources(Resources::default().with_keep_dir(folder.clone()));
        let board = Board::new(8, 8).expect("board");
        let mut holey = board.clone();
        holey.set_blocked(Square::new(3, 3), true);
        let a1 = board.parse_square("a1").expect("a1");
        let names: Vec<PathBuf> = [
            (&board, None, TourKind::Open),
            (&board, None, TourKind::Closed),
            (&board, Some(a1), TourKind::Open),
            (&holey, None, TourKind::Open),
        ]
        .into_iter()
        .map(|(board, start, kind)| kept_progress(board, start, kind, &control).expect("kept"))
        .collect();
        for (index, name) in names.iter().enumerate() {
            assert_eq!(name.parent(), Some(folder.as_path()));
            assert!(!names[..index].contains(name), "{name:?} twice");
        }
        assert!(names[2].to_string_lossy().contains("-open-a1-"));
        // Without a folder to keep it in, a count keeps nothing.
        assert_eq!(kept_progress(&board, None, TourKind::Open, &Control::new()), None);
        // Forgetting a count deletes its file.
        std::fs::create_dir_all(&folder).expect("a folder");
        std::fs::write(&names[1], b"saved").expect("written");
        let forget = KnightJob::ForgetCount {
            board: board.clone(),
            start: None,
            kind: TourKind::Closed,
        };
        assert!(matches!(
            forget.run(&control, &|_| true),
            Outcome::Done(KnightReport::CountForgotten)
        ));
        assert!(!names[1].exists());
        let _ = std::fs::remove_dir_all(&folder);
    }
}
