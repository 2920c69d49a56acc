//! The Goishi mode's background work: the jobs it asks for, what they
//! report, and the code that runs them on a worker thread.

use std::ops::ControlFlow;
use std::sync::Mutex;
use std::sync::mpsc::Receiver;

use gridtour::goishi::{self, Game, GenerateError, Level, PickStep, Point, Puzzle, Rating};
use gridtour::job::{Control, Outcome};
use gridtour::replay::Event;

use crate::app::browse::{BROWSE_LIMIT, count_while_browsing};
use gridtour::tr;

use crate::app::said::Said;
use crate::app::watch;

/// The background work the Goishi mode asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum GoishiJob {
    /// One solution.
    Solve(Puzzle),
    /// One solution, its search watched step by step.
    Watch(Puzzle),
    /// Every solution counted by the counter the command line uses, and
    /// the first [`BROWSE_LIMIT`] listed by a separate bounded enumeration.
    Count(Puzzle),
    /// Up to two solutions, streamed, to say whether there is only one.
    Unique(Puzzle),
    /// Whether a game part-way through can still be finished, and how.
    Finish(Game),
    /// The difficulty.
    Rate(Puzzle),
    /// A new unique puzzle.
    Generate(Request),
}

/// What a new puzzle should be: asked for by Generate, and made by a job.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Request {
    /// Width.
    pub width: u32,
    /// Height.
    pub height: u32,
    /// Stones.
    pub stones: usize,
    /// The random seed.
    pub seed: u64,
    /// The level its rating must have, if any.
    pub difficulty: Option<Level>,
}

impl Request {
    /// Why the request cannot be met, said before any search (see
    /// [`goishi::generation_refusal`] and [`goishi::level_refusal`]).
    pub fn refusal(&self) -> Result<(), GenerateError> {
        goishi::generation_refusal(self.width, self.height, self.stones)?;
        self.difficulty.map_or(Ok(()), |level| {
            goishi::level_refusal(self.width, self.height, self.stones, level)
        })
    }

    /// `8x8 with 20 stones, hard, seed 3`.
    pub fn words(&self) -> String {
        let level = self.difficulty.map_or(String::new(), |level| {
            tr!("shelf-level", level = level.words())
        });
        tr!(
            "generate-request",
            size = format!("{}x{}", self.width, self.height),
            stones = self.stones,
            level = level,
            seed = self.seed
        )
    }
}

/// What a Goishi job reports.
#[derive(Debug)]
pub enum GoishiReport {
    /// A solution for browsing, streamed while a count or uniqueness check
    /// runs.
    Found(Vec<Point>),
    /// A search ended (`None`: no solution).
    Solved(Option<Vec<Point>>),
    /// A count ended.
    Counted(u64),
    /// A uniqueness check ended with this many solutions (at most 2).
    Unique(u64),
    /// Whether the game after `picks` can still be finished.
    Outlook(Outlook),
    /// A rating ended (`None`: no solution).
    Rated(Option<Rating>),
    /// A generation ended.
    Generated {
        /// The puzzle, or why there is none.
        result: Result<Puzzle, GenerateError>,
        /// What was asked for.
        request: Request,
    },
    /// A watched search has begun: its steps come through here.
    Watching(Receiver<Vec<Event>>),
    /// A watched search ended (`None`: no solution).
    Watched(Option<Vec<Point>>),
}

impl GoishiJob {
    /// What the job does, for the status bar.
    pub fn label(&self) -> Said {
        match self {
            GoishiJob::Solve(_) => Said::new(|| tr!("job-solving").to_owned()),
            GoishiJob::Watch(_) => Said::new(|| tr!("job-watch-picks").to_owned()),
            GoishiJob::Count(_) => Said::new(|| tr!("job-counting-solutions").to_owned()),
            GoishiJob::Unique(_) => Said::new(|| tr!("is-unique").to_owned()),
            GoishiJob::Finish(_) => Said::new(|| tr!("job-can-finish").to_owned()),
            GoishiJob::Rate(_) => Said::new(|| tr!("job-rating").to_owned()),
            GoishiJob::Generate(request) => {
                let request = *request;
                Said::new(move || tr!("job-generating", request = request.words()))
            }
        }
    }

    /// Runs the job on the calling thread; `emit` takes streamed solutions
    /// and answers false once nobody listens.
    pub fn run(
        self,
        control: &Control,
        emit: &(dyn Fn(GoishiReport) -> bool + Sync),
    ) -> Outcome<GoishiReport> {
        match self {
            GoishiJob::Solve(puzzle) => goishi::solve(&puzzle, control).map(GoishiReport::Solved),
            GoishiJob::Watch(puzzle) => {
                let (feed, receiver) = watch::channel(control);
                emit(GoishiReport::Watching(receiver));
                let feed = Mutex::new(feed);
                let watcher = |step: PickStep| {
                    feed.lock()
                        .unwrap_or_else(|poisoned| poisoned.into_inner())
                        .see(step.into());
                };
                goishi::solve_watched(&puzzle, control, &watcher).map(GoishiReport::Watched)
            }
            GoishiJob::Count(puzzle) => count_and_browse(&puzzle, control, emit),
            GoishiJob::Unique(puzzle) => second_solution(&puzzle, control, emit),
            GoishiJob::Rate(puzzle) => goishi::rate(&puzzle, control).map(GoishiReport::Rated),
            GoishiJob::Finish(game) => match goishi::finish(&game, control) {
                Outcome::Done(rest) => Outcome::Done(GoishiReport::Outlook(Outlook {
                    picks: game.picks().to_vec(),
                    rest,
                })),
                Outcome::Cancelled => Outcome::Cancelled,
            },
            GoishiJob::Generate(request) => goishi::generate(
                request.width,
                request.height,
                request.stones,
                request.seed,
                request.difficulty,
                control,
            )
            .map(|result| GoishiReport::Generated { result, request }),
        }
    }
}

/// Looks for one solution and then for another, streaming each: the
/// search the command line's `--count --limit 2` does, which finds a second
/// solution about as fast as the first.
fn second_solution(
    puzzle: &Puzzle,
    control: &Control,
    emit: &(dyn Fn(GoishiReport) -> bool + Sync),
) -> Outcome<GoishiReport> {
    let mut found = Vec::new();
    while found.len() < 2 {
        match goishi::solve_avoiding(puzzle, &found, control) {
            Outcome::Done(Some(order)) => {
                emit(GoishiReport::Found(order.clone()));
                found.push(order);
            }
            Outcome::Done(None) => break,
            Outcome::Cancelled => return Outcome::Cancelled,
        }
    }
    Outcome::Done(GoishiReport::Unique(found.len() as u64))
}

/// Counts with [`goishi::count`] while the first [`BROWSE_LIMIT`]
/// solutions of a separate enumeration are streamed for browsing.
fn count_and_browse(
    puzzle: &Puzzle,
    control: &Control,
    emit: &(dyn Fn(GoishiReport) -> bool + Sync),
) -> Outcome<GoishiReport> {
    let browse = |browse_control: &Control| {
        let mut kept = 0;
        goishi::enumerate(puzzle, browse_control, &mut |order| {
            kept += 1;
            if kept > BROWSE_LIMIT
                || control.should_stop()
                || !emit(GoishiReport::Found(order.to_vec()))
            {
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
    };
    count_while_browsing(control, browse, || goishi::count(puzzle, None, control))
        .map(GoishiReport::Counted)
}

/// Whether a game part-way through can still be finished.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outlook {
    /// The picks of the game asked about.
    pub picks: Vec<Point>,
    /// Picks that finish it, or `None` when it is a dead end.
    pub rest: Option<Vec<Point>>,
}
