//! The knight's tour mode without its window: the board, the history of
//! moves, the counts and answers, the job it waits for. It changes only
//! through [`KnightSession::apply`] (and the job reports the window passes
//! on), so everything a person can do in the mode is testable as plain
//! unit tests.
//!
//! The walk on show (a tour a solver found, one browsed from a count, or
//! one a person is playing) is the trailing run of `Visit` moves of the
//! history; its moves still to be replayed are the `Visit` moves just after
//! the cursor. A closed tour ends with a visit back to its first square.

use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::time::Instant;

use gridtour::job::{Control, Outcome, Progress, group_decimal, rough_duration};
use gridtour::knight::{
    self, Algorithm, Board, Count, Estimate, NotCounted, Patience, Sampling, SolveResult, Square,
    Tour, TourKind,
};

use crate::app::browse::{BROWSE_LIMIT, Browser};
use crate::app::command::{Answer, Asking, Command, Effect, Question, Step};
use crate::app::jobs::{JobEnd, Stopped, count_while_browsing};
use crate::app::notice::Notice;
use crate::app::settings::Settings;
use crate::app::timeline::{MoveOwner, PathHistory, PathMove, Playback, Timeline};

/// Largest board (in squares) for the failing-starts map: it runs a full
/// Warnsdorff walk from every square.
pub const FAILING_STARTS_MAX_SQUARES: usize = 100 * 100;

/// Longest walk kept in the settings between runs; longer ones (boards
/// over 200 x 200) would make every periodic save slow.
const REMEMBERED_WALK_MAX: usize = 40_000;

/// What a click on the board does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Interaction {
    /// A click starts a tour search from the square.
    Tour,
    /// A click blocks or unblocks the square.
    Edit,
    /// A click moves the knight there, under the rules.
    Play,
}

impl Interaction {
    /// The radio button's text.
    pub fn label(self) -> &'static str {
        match self {
            Interaction::Tour => "Start tours",
            Interaction::Edit => "Edit blocked squares",
            Interaction::Play => "Play mode",
        }
    }
}

/// A move of the history.
#[derive(Debug, Clone, PartialEq)]
pub enum KnightMove {
    /// The knight goes to a square (the walk's first visit places it).
    Visit(Square),
    /// The walk on show is put away (its visits stay in the history before
    /// this move) and the board changes.
    Reset(Box<BoardChange>),
}

/// How a [`KnightMove::Reset`] changes the board.
#[derive(Debug, Clone, PartialEq)]
pub enum BoardChange {
    /// It does not: a new walk starts on the same board.
    Keep,
    /// These squares switch between blocked and open.
    Flip(Vec<Square>),
    /// The board takes a new size. Squares keep their chess names (a1 stays
    /// at the bottom left); `lost` are the blocked squares that fell off.
    Resize {
        /// Width and height before.
        from: (u32, u32),
        /// Width and height after.
        to: (u32, u32),
        /// Blocked squares of the old board that the new one lacks.
        lost: Vec<Square>,
    },
    /// The board is replaced by one read from a file.
    Replace {
        /// The board before.
        before: Board,
        /// The board after.
        after: Board,
    },
}

/// Everything a person can ask of the knight's tour mode.
#[derive(Debug, Clone, PartialEq)]
pub enum KnightCommand {
    /// A new board size; squares keep their chess names.
    Resize {
        /// New width.
        width: u32,
        /// New height.
        height: u32,
    },
    /// Open or closed tours.
    SetKind(TourKind),
    /// The solver for clicked squares.
    SetAlgorithm(Algorithm),
    /// What clicks on the board do.
    SetInteraction(Interaction),
    /// A click on a square.
    Click(Square),
    /// Opens every blocked square.
    ClearBlocked,
    /// Puts the walk on show away, to place the knight anew.
    NewWalk,
    /// Counts the tours of the board (or from the chosen square).
    CountTours,
    /// Estimates the number of tours the count would count.
    EstimateTours,
    /// Whether counts are of tours from the chosen square only.
    CountFromStart(bool),
    /// Shows the squares where plain Warnsdorff dead-ends.
    ShowFailingStarts(bool),
    /// Shows Warnsdorff counts and unreachable squares in play mode.
    ShowHints(bool),
    /// The previous tour kept by a count.
    PreviousFound,
    /// The next tour kept by a count.
    NextFound,
    /// Undo, redo and the playback steps.
    Step(Step),
    /// Shows the first `n` positions of the walk (the move slider).
    Seek(usize),
    /// Answers yes to the question on show.
    Confirm,
    /// Answers no to the question on show.
    Dismiss,
}

impl Command for KnightCommand {
    fn label(&self) -> &'static str {
        match self {
            KnightCommand::ClearBlocked => "Clear blocked squares",
            KnightCommand::NewWalk => "New walk",
            KnightCommand::CountTours => "Count tours",
            KnightCommand::EstimateTours => "Estimate tours",
            KnightCommand::PreviousFound => "Previous tour",
            KnightCommand::NextFound => "Next tour",
            KnightCommand::Confirm => "Stop it and go on",
            KnightCommand::Dismiss => "Keep it running",
            KnightCommand::Step(step) => step.label(),
            _ => "",
        }
    }

    fn description(&self) -> &'static str {
        match self {
            KnightCommand::ClearBlocked => "Open every blocked square (undo brings them back)",
            KnightCommand::NewWalk => {
                "Put the walk away and place the knight anew (undo brings it back)"
            }
            KnightCommand::CountTours => {
                "Count every tour of the board, or only those from the chosen square"
            }
            KnightCommand::EstimateTours => {
                "Estimate what Count tours would count, from a minute of random tour attempts, \
                 with a 95% interval: for boards too big to count"
            }
            KnightCommand::PreviousFound => "Show the previous tour the count kept",
            KnightCommand::NextFound => "Show the next tour the count kept",
            KnightCommand::Confirm => "Stop the running job and do what was asked",
            KnightCommand::Dismiss => "Leave the running job alone",
            KnightCommand::Step(step) => step.description(),
            _ => "",
        }
    }

    fn shortcuts(&self) -> &'static [crate::app::command::Shortcut] {
        match self {
            KnightCommand::Step(step) => step.shortcuts(),
            _ => &[],
        }
    }
}

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
    /// The start squares where plain Warnsdorff dead-ends.
    FailingStarts {
        /// The board as it was asked.
        board: Board,
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
    /// A search ended.
    Solved(SolveResult),
    /// A count ended.
    Counted(Count),
    /// A count gave no number: its sweep could not start or ran out of
    /// room, and the walk instead would have taken far too long.
    CountRefused(NotCounted),
    /// A count was not needed: theory rules every tour out.
    NoTour(String),
    /// The failing starts of plain Warnsdorff.
    FailingStarts(Vec<Square>),
    /// An estimate ended, or was refused (the board is too big).
    Estimated(Result<Estimate, String>),
}

impl KnightJob {
    /// What the job does, in words.
    pub fn label(&self) -> String {
        match self {
            KnightJob::Solve { board, start, .. } => {
                format!("Tour from {}", board.square_name(*start))
            }
            KnightJob::Count { board, start, kind } => {
                format!("Counting {}", describe_count(board, *start, *kind))
            }
            KnightJob::FailingStarts { .. } => "Warnsdorff failing starts".to_owned(),
            KnightJob::Estimate { board, start, kind } => {
                format!("Estimating {}", describe_count(board, *start, *kind))
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
            } => match knight::solve(&board, start, kind, algorithm, control) {
                Outcome::Done(result) => Outcome::Done(KnightReport::Solved(result)),
                Outcome::Cancelled => Outcome::Cancelled,
            },
            KnightJob::Count { board, start, kind } => {
                if let Some(reason) = knight::impossibility(&board, start, kind) {
                    return Outcome::Done(KnightReport::NoTour(reason));
                }
                count_and_browse(&board, start, kind, control, emit)
            }
            KnightJob::FailingStarts { board } => {
                match knight::warnsdorff_failing_starts(&board, control) {
                    Outcome::Done(squares) => Outcome::Done(KnightReport::FailingStarts(squares)),
                    Outcome::Cancelled => Outcome::Cancelled,
                }
            }
            KnightJob::Estimate { board, start, kind } => {
                let sampling = Sampling {
                    seconds: WINDOW_ESTIMATE_SECONDS,
                    max_attempts: u64::MAX,
                    seed: 1,
                };
                let estimate = knight::estimate(&board, start, kind, sampling, control);
                if control.should_stop() {
                    return Outcome::Cancelled;
                }
                Outcome::Done(KnightReport::Estimated(estimate))
            }
        }
    }
}

/// How long the window's estimate samples: on 8x8 a minute gives open
/// tours within about 5%.
const WINDOW_ESTIMATE_SECONDS: f64 = 60.0;

/// The longest count the window starts: a week of walking. Beyond that the
/// estimate is shown instead of a job that would outlive the session.
const WINDOW_PATIENCE: Patience = Patience::Seconds(7.0 * 24.0 * 3600.0);

/// Counts with [`knight::count`] while the first [`BROWSE_LIMIT`] tours of
/// a separate enumeration are streamed for browsing.
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

/// What a count counts, in words.
fn describe_count(board: &Board, start: Option<Square>, kind: TourKind) -> String {
    let kind = match kind {
        TourKind::Open => "open",
        TourKind::Closed => "closed",
    };
    match start {
        Some(start) => format!("directed {kind} tours from {}", board.square_name(start)),
        None => format!("undirected {kind} tours"),
    }
}

/// Which of the mode's jobs runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum JobKind {
    Solve,
    Count,
    Estimate,
    FailingStarts,
}

/// Warnsdorff counts and dead squares for play mode.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PlayHints {
    /// The squares the knight may go to next, each with its number of
    /// onward moves (Warnsdorff's count).
    pub candidates: Vec<(Square, u32)>,
    /// Row-major: open squares not visited that no walk from here can
    /// reach any more.
    pub unreachable: Vec<bool>,
}

/// The knight's tour mode.
pub struct KnightSession {
    board: Board,
    kind: TourKind,
    algorithm: Algorithm,
    interaction: Interaction,
    moves: PathHistory<KnightMove>,
    /// The walk on show: the trailing visits of the done moves.
    walk: Vec<Square>,
    /// Row-major: whether the walk has visited each square.
    visited: Vec<bool>,
    /// The square counts are restricted to, when asked.
    count_start: Option<Square>,
    count_from_start: bool,
    /// The last count's result, in words.
    count: Option<String>,
    /// The kind of tours the browser holds.
    found_kind: TourKind,
    found: Browser<Vec<Square>>,
    show_failing_starts: bool,
    /// Row-major mask of the failing starts of the board as it is.
    failing_starts: Option<Vec<bool>>,
    show_hints: bool,
    /// The answer to the last search, while it still fits the board.
    answer: Option<String>,
    notice: Option<Notice>,
    running: Option<JobKind>,
    last_job: Option<JobEnd>,
    asking: Asking<KnightCommand>,
    playback: Playback,
    /// Changes whenever what the canvas draws changes other than by a step
    /// along the walk.
    revision: u64,
    /// Changes whenever the board changes.
    board_revision: u64,
}

impl KnightSession {
    /// The mode as the settings left it: the board, its blocked squares and
    /// the last walk on show, if they still fit together.
    pub fn new(settings: &Settings) -> Self {
        let mut board = Board::new(settings.knight_width, settings.knight_height)
            .or_else(|_| Board::new(8, 8))
            .expect("an 8x8 board is always valid");
        for &[x, y] in &settings.knight_blocked {
            let square = Square::new(x, y);
            if board.contains(square) {
                board.set_blocked(square, true);
            }
        }
        let mut session = Self {
            visited: vec![false; board.area()],
            board,
            kind: settings.tour_kind(),
            algorithm: settings.algorithm(),
            interaction: Interaction::Tour,
            moves: PathHistory::default(),
            walk: Vec::new(),
            count_start: None,
            count_from_start: false,
            count: None,
            found_kind: TourKind::Open,
            found: Browser::default(),
            show_failing_starts: false,
            failing_starts: None,
            show_hints: true,
            answer: None,
            notice: None,
            running: None,
            last_job: None,
            asking: Asking::default(),
            playback: Playback::default(),
            revision: 0,
            board_revision: 0,
        };
        let walk: Vec<Square> = settings
            .knight_walk
            .iter()
            .map(|&[x, y]| Square::new(x, y))
            .collect();
        if session.is_legal_walk(&walk) {
            session.show_walk(&walk, settings.knight_walk_shown);
        }
        session
    }

    /// Writes what should be found again next run into `settings`.
    pub fn remember(&self, settings: &mut Settings) {
        settings.knight_width = self.board.width();
        settings.knight_height = self.board.height();
        settings.knight_closed = self.kind == TourKind::Closed;
        settings.knight_algorithm = self.algorithm.label().to_owned();
        settings.knight_blocked = self
            .board
            .blocked_squares()
            .into_iter()
            .map(|square| [square.x, square.y])
            .collect();
        if self.line_len() <= REMEMBERED_WALK_MAX {
            settings.knight_walk = self
                .line()
                .iter()
                .map(|square| [square.x, square.y])
                .collect();
            settings.knight_walk_shown = self.walk.len();
        } else {
            settings.knight_walk.clear();
            settings.knight_walk_shown = 0;
        }
    }

    // ----- reading the state -----

    /// The board with its blocked squares.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Open or closed tours.
    pub fn kind(&self) -> TourKind {
        self.kind
    }

    /// The solver for clicked squares.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// What clicks do.
    pub fn interaction(&self) -> Interaction {
        self.interaction
    }

    /// The shown part of the walk.
    pub fn walk(&self) -> &[Square] {
        &self.walk
    }

    /// The whole walk on show: its shown part and the moves still to be
    /// replayed.
    pub fn line(&self) -> Vec<Square> {
        let ahead = self.moves.ahead().iter().filter_map(|made| match made {
            KnightMove::Visit(square) => Some(*square),
            KnightMove::Reset(_) => None,
        });
        self.walk.iter().copied().chain(ahead).collect()
    }

    /// The length of [`Self::line`].
    pub fn line_len(&self) -> usize {
        self.walk.len() + self.moves.ahead().len()
    }

    /// The walk on show as a tour, when it is a complete one (a closed tour
    /// without its return to the start).
    pub fn tour(&self) -> Option<Tour> {
        let line = self.line();
        let squares = self.board.open_count();
        let (kind, path) = if line.len() == squares + 1 && line.first() == line.last() {
            (TourKind::Closed, &line[..squares])
        } else if line.len() == squares {
            (TourKind::Open, &line[..])
        } else {
            return None;
        };
        knight::validate(&self.board, path, kind).ok()?;
        Some(Tour {
            board: self.board.clone(),
            kind,
            path: path.to_vec(),
        })
    }

    /// Changes when the drawing changes other than by a step along the walk.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Whether counts are of tours from the chosen square, and that square.
    pub fn count_start(&self) -> (bool, Option<Square>) {
        (self.count_from_start, self.count_start)
    }

    /// The result of the last count, while it still fits the board.
    pub fn count(&self) -> Option<&str> {
        self.count.as_deref()
    }

    /// The tours a count kept: the one on show (1-based) and how many.
    pub fn found(&self) -> Option<(usize, usize)> {
        (!self.found.is_empty()).then(|| self.found.position())
    }

    /// Whether the failing-starts overlay is asked for.
    pub fn shows_failing_starts(&self) -> bool {
        self.show_failing_starts
    }

    /// The failing-starts mask, when asked for and computed.
    pub fn failing_starts(&self) -> Option<&[bool]> {
        self.failing_starts
            .as_deref()
            .filter(|_| self.show_failing_starts)
    }

    /// Whether play-mode hints are shown.
    pub fn shows_hints(&self) -> bool {
        self.show_hints
    }

    /// The notice on show at `now`, if any.
    pub fn notice(&self, now: Instant) -> Option<&Notice> {
        self.notice.as_ref().filter(|notice| notice.is_current(now))
    }

    /// How the mode's last job ended.
    pub fn last_job(&self) -> Option<&JobEnd> {
        self.last_job.as_ref()
    }

    #[cfg(test)]
    /// Whether a count of this mode is running.
    pub fn is_counting(&self) -> bool {
        self.running == Some(JobKind::Count)
    }

    /// The question waiting for an answer.
    pub fn question(&self) -> Option<&Question> {
        self.asking.question()
    }

    /// Whether the walk is playing.
    pub fn is_playing(&self) -> bool {
        self.playback.is_playing()
    }

    /// Whether `command` can be given now (buttons are greyed out and keys
    /// ignored otherwise).
    pub fn can(&self, command: &KnightCommand) -> bool {
        match command {
            KnightCommand::ClearBlocked => !self.board.is_full(),
            KnightCommand::NewWalk => self.line_len() > 0,
            KnightCommand::CountTours => self.running != Some(JobKind::Count),
            KnightCommand::EstimateTours => self.running != Some(JobKind::Estimate),
            KnightCommand::CountFromStart(_) => self.count_start.is_some(),
            KnightCommand::ShowFailingStarts(_) => self.board.area() <= FAILING_STARTS_MAX_SQUARES,
            KnightCommand::PreviousFound => self.found.has_previous(),
            KnightCommand::NextFound => self.found.has_next(),
            KnightCommand::Step(Step::Undo) => self.moves.can_undo(),
            KnightCommand::Step(Step::Redo) => self.moves.can_redo(),
            KnightCommand::Step(step) => self.playback.can(self, *step),
            KnightCommand::Confirm | KnightCommand::Dismiss => self.asking.question().is_some(),
            _ => true,
        }
    }

    /// The state of the walk in words: the answer to the last search, or
    /// what is on show, and in play mode whether the knight is stuck or the
    /// tour complete.
    pub fn summary(&self) -> String {
        if let Some(answer) = &self.answer {
            return answer.clone();
        }
        let squares = self.board.open_count();
        let (Some(&first), Some(&here)) = (self.walk.first(), self.walk.last()) else {
            return match self.interaction {
                Interaction::Play => "Click a square to place the knight.",
                Interaction::Edit => "Click a square to block or unblock it.",
                Interaction::Tour => "Click a square to start a tour from it.",
            }
            .to_owned();
        };
        let start = self.board.square_name(first);
        let moves = self.walk.len() - 1;
        if self.walk.len() == squares + 1 {
            return format!(
                "Closed tour from {start}: all {squares} squares and back to {start} in {moves} moves."
            );
        }
        if self.walk.len() == squares && self.moves.ahead().is_empty() {
            let closes = squares > 2 && Board::is_knight_move(here, first);
            let more = match (closes, self.interaction) {
                (true, Interaction::Play) => format!(" Return to {start} to close it."),
                (true, _) => " Its ends are a knight's move apart: it can be closed.".to_owned(),
                (false, _) => String::new(),
            };
            return format!(
                "Tour complete: open, from {start}, {squares} squares, {moves} moves.{more}"
            );
        }
        let here = self.board.square_name(here);
        let visited = self.walk.len();
        if self.interaction == Interaction::Play
            && self.moves.ahead().is_empty()
            && self.legal_moves().is_empty()
        {
            return format!(
                "Stuck on {here} after {visited} of {squares} squares: \
                 no unvisited square is a knight's move away."
            );
        }
        format!("Square {visited} of {squares} from {start}; the knight is on {here}.")
    }

    /// The open unvisited squares a knight's move from the walk's end.
    fn legal_moves(&self) -> Vec<Square> {
        let Some(&here) = self.walk.last() else {
            return Vec::new();
        };
        self.board
            .neighbours(here)
            .filter(|&square| !self.visited[self.board.index(square)])
            .collect()
    }

    /// Warnsdorff counts of the next moves and the squares no walk from
    /// here can reach (empty before the knight is placed).
    pub fn play_hints(&self) -> PlayHints {
        let Some(&here) = self.walk.last() else {
            return PlayHints::default();
        };
        let free = |square: Square| !self.visited[self.board.index(square)];
        let candidates = self
            .legal_moves()
            .into_iter()
            .map(|square| {
                let onward = self
                    .board
                    .neighbours(square)
                    .filter(|&next| free(next))
                    .count();
                (square, onward as u32)
            })
            .collect();
        // Every open unvisited square a walk from `here` through unvisited
        // squares can reach; the rest are cut off for good.
        let mut reached = vec![false; self.board.area()];
        let mut queue = VecDeque::from([here]);
        while let Some(square) = queue.pop_front() {
            for next in self.board.neighbours(square) {
                let index = self.board.index(next);
                if free(next) && !reached[index] {
                    reached[index] = true;
                    queue.push_back(next);
                }
            }
        }
        let unreachable = (0..self.board.area())
            .map(|index| {
                let square = self.board.square(index);
                self.board.is_open(square) && free(square) && !reached[index]
            })
            .collect();
        PlayHints {
            candidates,
            unreachable,
        }
    }

    // ----- commands -----

    /// Carries out `command` and says what the window must do for it. A
    /// command that would stop a running count is first put as a question.
    pub fn apply(&mut self, command: KnightCommand) -> Vec<Effect<KnightJob>> {
        if !self.can(&command) {
            return Vec::new();
        }
        let interruption = self.interruption(&command);
        match self.asking.screen(command, |_| interruption) {
            Some(command) => self.perform(command),
            None => Vec::new(),
        }
    }

    /// The question to ask before `command`, if it would stop a count or
    /// the failing-starts analysis (work a stray click should not lose).
    fn interruption(&self, command: &KnightCommand) -> Option<String> {
        let what = match self.running? {
            JobKind::Count => "A count is running",
            JobKind::Estimate => "An estimate is running",
            JobKind::FailingStarts => "The failing-starts analysis is running",
            JobKind::Solve => return None,
        };
        let action = match command {
            KnightCommand::Click(square) if self.interaction != Interaction::Play => {
                let name = self.board.square_name(*square);
                match self.interaction {
                    Interaction::Edit => format!("block or unblock {name}"),
                    _ => format!("start a tour from {name}"),
                }
            }
            KnightCommand::Resize { width, height } => {
                format!("resize the board to {width}x{height}")
            }
            KnightCommand::ClearBlocked => "clear the blocked squares".to_owned(),
            KnightCommand::Step(Step::Undo) if matches!(self.moves.last_done(), Some(KnightMove::Reset(change)) if **change != BoardChange::Keep) => {
                "undo the last board edit".to_owned()
            }
            KnightCommand::Step(Step::Redo) if matches!(self.moves.next_undone(), Some(KnightMove::Reset(change)) if **change != BoardChange::Keep) => {
                "redo the board edit".to_owned()
            }
            _ => return None,
        };
        Some(format!("{what}. Stop it to {action}?"))
    }

    fn perform(&mut self, command: KnightCommand) -> Vec<Effect<KnightJob>> {
        match command {
            KnightCommand::Resize { width, height } => self.resize(width, height),
            KnightCommand::SetKind(kind) => {
                self.kind = kind;
                self.answer = None;
                Vec::new()
            }
            KnightCommand::SetAlgorithm(algorithm) => {
                self.algorithm = algorithm;
                Vec::new()
            }
            KnightCommand::SetInteraction(interaction) => {
                self.interaction = interaction;
                self.playback.stop();
                self.touch();
                Vec::new()
            }
            KnightCommand::Click(square) => self.click(square),
            KnightCommand::ClearBlocked => {
                let blocked = self.board.blocked_squares();
                self.change_board(BoardChange::Flip(blocked))
            }
            KnightCommand::NewWalk => {
                self.playback.stop();
                self.record(KnightMove::Reset(Box::new(BoardChange::Keep)));
                Vec::new()
            }
            KnightCommand::CountTours => self.start_count(),
            KnightCommand::EstimateTours => self.start_estimate(),
            KnightCommand::CountFromStart(on) => {
                self.count_from_start = on;
                Vec::new()
            }
            KnightCommand::ShowFailingStarts(on) => {
                self.show_failing_starts = on;
                self.touch();
                self.failing_starts_job()
            }
            KnightCommand::ShowHints(on) => {
                self.show_hints = on;
                self.touch();
                Vec::new()
            }
            KnightCommand::PreviousFound => {
                let tour = self.found.previous().cloned();
                self.show_found(tour)
            }
            KnightCommand::NextFound => {
                let tour = self.found.next().cloned();
                self.show_found(tour)
            }
            KnightCommand::Step(Step::Undo) => self.undo(),
            KnightCommand::Step(Step::Redo) => self.redo(),
            KnightCommand::Step(step) => {
                self.walk_path(step);
                Vec::new()
            }
            KnightCommand::Seek(shown) => {
                self.seek_path(shown);
                Vec::new()
            }
            KnightCommand::Confirm | KnightCommand::Dismiss => Vec::new(),
        }
    }

    fn click(&mut self, square: Square) -> Vec<Effect<KnightJob>> {
        let name = self.board.square_name(square);
        match self.interaction {
            Interaction::Edit => self.change_board(BoardChange::Flip(vec![square])),
            Interaction::Tour if self.board.is_blocked(square) => {
                self.notice = Some(Notice::error(format!(
                    "{name} is blocked; a tour cannot start there."
                )));
                Vec::new()
            }
            Interaction::Tour => {
                self.count_start = Some(square);
                self.playback.stop();
                self.answer = Some(format!("Searching a tour from {name}…"));
                self.running = Some(JobKind::Solve);
                vec![Effect::Start(KnightJob::Solve {
                    board: self.board.clone(),
                    start: square,
                    kind: self.kind,
                    algorithm: self.algorithm,
                })]
            }
            Interaction::Play => {
                match self.refusal(square) {
                    Some(reason) => self.notice = Some(Notice::error(reason)),
                    None => {
                        self.playback.stop();
                        self.record(KnightMove::Visit(square));
                    }
                }
                Vec::new()
            }
        }
    }

    /// Why the knight may not go to `square` now, if it may not.
    fn refusal(&self, square: Square) -> Option<String> {
        let name = self.board.square_name(square);
        if self.board.is_blocked(square) {
            return Some(format!("{name} is blocked."));
        }
        let &here = self.walk.last()?;
        let squares = self.board.open_count();
        let first = self.walk[0];
        if self.walk.len() > squares {
            return Some("The tour is complete.".to_owned());
        }
        if !Board::is_knight_move(here, square) {
            return Some(format!(
                "{name} is not a knight's move from {}.",
                self.board.square_name(here)
            ));
        }
        let closing = self.walk.len() == squares && square == first && squares > 2;
        if self.visited[self.board.index(square)] && !closing {
            let step = self
                .walk
                .iter()
                .position(|&s| s == square)
                .map_or(0, |i| i + 1);
            return Some(format!("{name} was visited at move {step}."));
        }
        None
    }

    fn resize(&mut self, width: u32, height: u32) -> Vec<Effect<KnightJob>> {
        let from = (self.board.width(), self.board.height());
        if (width, height) == from {
            return Vec::new();
        }
        if let Err(error) = Board::new(width, height) {
            self.notice = Some(Notice::error(error));
            return Vec::new();
        }
        let lost = self
            .board
            .blocked_squares()
            .into_iter()
            .filter(|&square| move_square(square, from, (width, height)).is_none())
            .collect();
        self.change_board(BoardChange::Resize {
            from,
            to: (width, height),
            lost,
        })
    }

    fn change_board(&mut self, change: BoardChange) -> Vec<Effect<KnightJob>> {
        self.playback.stop();
        self.record(KnightMove::Reset(Box::new(change)));
        self.board_changed()
    }

    /// Forgets what no longer fits the board, and stops the job that worked
    /// on the old one.
    fn board_changed(&mut self) -> Vec<Effect<KnightJob>> {
        self.board_revision += 1;
        self.count = None;
        self.answer = None;
        self.failing_starts = None;
        self.found.clear();
        let mut effects = Vec::new();
        if self.running.take().is_some() {
            effects.push(Effect::Cancel);
        }
        effects.extend(self.failing_starts_job());
        effects
    }

    fn failing_starts_job(&mut self) -> Vec<Effect<KnightJob>> {
        if !self.show_failing_starts
            || self.failing_starts.is_some()
            || self.board.area() > FAILING_STARTS_MAX_SQUARES
        {
            return Vec::new();
        }
        self.running = Some(JobKind::FailingStarts);
        vec![Effect::Start(KnightJob::FailingStarts {
            board: self.board.clone(),
        })]
    }

    fn start_count(&mut self) -> Vec<Effect<KnightJob>> {
        let start = self.count_start.filter(|_| self.count_from_start);
        self.found.clear();
        self.found_kind = self.kind;
        self.count = Some(format!(
            "Counting {}…",
            describe_count(&self.board, start, self.kind)
        ));
        self.running = Some(JobKind::Count);
        vec![Effect::Start(KnightJob::Count {
            board: self.board.clone(),
            start,
            kind: self.kind,
        })]
    }

    fn start_estimate(&mut self) -> Vec<Effect<KnightJob>> {
        let start = self.count_start.filter(|_| self.count_from_start);
        self.count = Some(format!(
            "Estimating {} for {} s…",
            describe_count(&self.board, start, self.kind),
            WINDOW_ESTIMATE_SECONDS
        ));
        self.running = Some(JobKind::Estimate);
        vec![Effect::Start(KnightJob::Estimate {
            board: self.board.clone(),
            start,
            kind: self.kind,
        })]
    }

    fn show_found(&mut self, tour: Option<Vec<Square>>) -> Vec<Effect<KnightJob>> {
        if let Some(tour) = tour {
            self.show_walk(&tour, tour.len());
        }
        Vec::new()
    }

    /// Puts `walk` on show as a new walk, with its first `shown` positions
    /// done and the rest ready to be replayed.
    fn show_walk(&mut self, walk: &[Square], shown: usize) {
        self.playback.stop();
        self.answer = None;
        if self.line_len() > 0 {
            self.record(KnightMove::Reset(Box::new(BoardChange::Keep)));
        }
        for &square in walk {
            self.record(KnightMove::Visit(square));
        }
        while self.walk.len() > shown.max(1) && self.can_step_back() {
            self.step_back();
        }
    }

    /// Whether `walk` is a legal walk on the board: open squares, knight
    /// moves, no square twice except a closed tour's return to its start.
    fn is_legal_walk(&self, walk: &[Square]) -> bool {
        let mut seen = vec![false; self.board.area()];
        let squares = self.board.open_count();
        walk.iter().enumerate().all(|(i, &square)| {
            if !self.board.is_open(square) {
                return false;
            }
            let step_ok = i == 0 || Board::is_knight_move(walk[i - 1], square);
            let index = self.board.index(square);
            let closing = i == squares && square == walk[0];
            let fresh = !std::mem::replace(&mut seen[index], true) || closing;
            step_ok && fresh
        })
    }

    /// Shows a tour read from a file, on its own board.
    pub fn load_tour(&mut self, tour: Tour, source: &str) -> Vec<Effect<KnightJob>> {
        let mut effects = Vec::new();
        if tour.board != self.board {
            effects = self.change_board(BoardChange::Replace {
                before: self.board.clone(),
                after: tour.board.clone(),
            });
        }
        self.kind = tour.kind;
        let mut walk = tour.path.clone();
        if tour.kind == TourKind::Closed {
            walk.push(tour.path[0]);
        }
        self.show_walk(&walk, walk.len());
        self.notice = Some(Notice::info(format!("Opened {source}")));
        effects
    }

    // ----- the history -----

    fn record(&mut self, made: KnightMove) {
        self.apply_move(&made);
        self.moves.record(made);
        self.touch();
    }

    fn clear_walk(&mut self) {
        for square in self.walk.drain(..) {
            let index = self.board.index(square);
            self.visited[index] = false;
        }
    }

    fn flip(&mut self, squares: &[Square]) {
        for &square in squares {
            if self.board.contains(square) {
                let blocked = !self.board.is_blocked(square);
                self.board.set_blocked(square, blocked);
            }
        }
    }

    /// Gives the board the size `to`, moving blocked squares so that they
    /// keep their chess names, and blocks `extra` (squares of the new board
    /// in its own coordinates: those an earlier resize cut off).
    fn reshape(&mut self, from: (u32, u32), to: (u32, u32), extra: &[Square]) {
        let Ok(mut board) = Board::new(to.0, to.1) else {
            return;
        };
        let moved = self
            .board
            .blocked_squares()
            .into_iter()
            .filter_map(|square| move_square(square, from, to));
        for square in moved.chain(extra.iter().copied()) {
            if board.contains(square) {
                board.set_blocked(square, true);
            }
        }
        self.count_start = self
            .count_start
            .and_then(|square| move_square(square, from, to));
        self.set_board(board);
    }

    fn set_board(&mut self, board: Board) {
        self.clear_walk();
        self.visited = vec![false; board.area()];
        self.board = board;
        if self
            .count_start
            .is_some_and(|square| !self.board.contains(square))
        {
            self.count_start = None;
        }
        self.count_from_start &= self.count_start.is_some();
    }

    fn touch(&mut self) {
        self.revision = self.revision.wrapping_add(1);
    }

    /// A step along the walk changes the drawing beyond the path only in
    /// play mode, where the hints follow the knight.
    fn touch_in_play(&mut self) {
        if self.interaction == Interaction::Play {
            self.touch();
        }
    }

    // ----- job reports -----

    /// Takes a tour a count streamed for browsing.
    pub fn job_item(&mut self, report: KnightReport) {
        if let KnightReport::Found(tour) = report
            && self.found.push(tour)
        {
            let first = self.found.current().cloned();
            self.show_found(first);
        }
    }

    /// Takes the result of the mode's job.
    pub fn job_done(&mut self, report: KnightReport, label: String, progress: Progress) {
        self.running = None;
        let mut how = "done".to_owned();
        match report {
            KnightReport::Found(_) => {}
            KnightReport::Solved(SolveResult::Found(tour)) => {
                self.answer = None;
                let mut walk = tour.path.clone();
                if tour.kind == TourKind::Closed {
                    walk.push(tour.path[0]);
                }
                self.show_walk(&walk, 1);
                self.walk_path(Step::Play);
            }
            KnightReport::Solved(SolveResult::NoTour(reason)) => {
                self.answer = Some(format!("No tour: {reason}"));
                how = "no tour".to_owned();
            }
            KnightReport::Counted(count) => {
                self.count = Some(format!(
                    "{} {}.",
                    group_decimal(&count.digits()),
                    count.description
                ));
            }
            KnightReport::NoTour(reason) => {
                self.count = Some(format!("No tours: {reason}"));
            }
            KnightReport::Estimated(Ok(estimate)) => {
                // The panel shows the start of the line (the rest on hover):
                // the number and its interval come first.
                self.count = Some(
                    if estimate.exact_because.is_none() && estimate.completed > 0 {
                        format!(
                            "About {:.3e} +-{:.1}% (95%): {estimate}.",
                            estimate.tours,
                            100.0 * estimate.half_width / estimate.tours
                        )
                    } else {
                        format!("{estimate}.")
                    },
                );
            }
            KnightReport::Estimated(Err(refusal)) => {
                self.count = Some(format!("Not estimated: {refusal}."));
            }
            KnightReport::CountRefused(why) => {
                // The panel shows the start of the line (the rest on hover).
                let more_memory = if why.more_memory_helps() {
                    " Started with more memory (gridtour --memory 16G) the sweep may fit."
                } else {
                    ""
                };
                let work = match &why {
                    NotCounted::TooLong(too_long) => format!(
                        ", about {} of work",
                        rough_duration(too_long.estimated_seconds)
                    ),
                    _ => String::new(),
                };
                self.count = Some(format!("Not counted{work}: {why}.{more_memory}"));
            }
            KnightReport::FailingStarts(squares) => {
                let mut mask = vec![false; self.board.area()];
                for square in &squares {
                    if self.board.contains(*square) {
                        mask[self.board.index(*square)] = true;
                    }
                }
                self.answer = Some(format!(
                    "Plain Warnsdorff dead-ends from {} of {} start squares.",
                    squares.len(),
                    self.board.open_count()
                ));
                self.failing_starts = Some(mask);
                self.touch();
            }
        }
        self.last_job = Some(JobEnd {
            label,
            how,
            progress,
        });
    }

    /// The mode's job stopped before its end: cancelled, or replaced by a
    /// job of the other mode (`by`).
    pub fn job_stopped(&mut self, stopped: Stopped, by: Option<&str>) {
        let end = JobEnd::stopped(stopped, by);
        let how = &end.how;
        match self.running.take() {
            Some(JobKind::Count) => {
                self.count = Some(format!(
                    "Count {how} after {}; the tours kept so far can still be browsed.",
                    end.progress
                ));
            }
            Some(JobKind::Solve) => self.answer = Some(format!("Search {how}.")),
            Some(JobKind::Estimate) => self.count = Some(format!("Estimate {how}.")),
            Some(JobKind::FailingStarts) => {
                self.show_failing_starts = false;
                self.answer = Some(format!("Failing-starts analysis {how}."));
            }
            None => {}
        }
        self.last_job = Some(end);
    }

    /// Says `text` as a notice (errors in red).
    pub fn tell(&mut self, notice: Notice) {
        self.notice = Some(notice);
    }
}

impl MoveOwner for KnightSession {
    type Move = KnightMove;
    type Effect = Effect<KnightJob>;

    fn moves(&mut self) -> &mut PathHistory<KnightMove> {
        &mut self.moves
    }

    fn apply_move(&mut self, made: &KnightMove) {
        match made {
            KnightMove::Visit(square) => {
                let index = self.board.index(*square);
                self.visited[index] = true;
                self.walk.push(*square);
            }
            KnightMove::Reset(change) => {
                self.clear_walk();
                match &**change {
                    BoardChange::Keep => {}
                    BoardChange::Flip(squares) => self.flip(squares),
                    BoardChange::Resize { from, to, .. } => {
                        self.reshape(*from, *to, &[]);
                    }
                    BoardChange::Replace { after, .. } => self.set_board(after.clone()),
                }
            }
        }
    }

    fn revert_move(&mut self, made: &KnightMove) {
        match made {
            KnightMove::Visit(square) => {
                self.walk.pop();
                let index = self.board.index(*square);
                // A closed tour's return leaves its start visited.
                self.visited[index] = self.walk.first() == Some(square);
            }
            KnightMove::Reset(change) => {
                match &**change {
                    BoardChange::Keep => {}
                    BoardChange::Flip(squares) => self.flip(squares),
                    BoardChange::Resize { from, to, lost } => self.reshape(*to, *from, lost),
                    BoardChange::Replace { before, .. } => self.set_board(before.clone()),
                }
                self.clear_walk();
                let visits: Vec<Square> = self
                    .moves
                    .trailing_steps()
                    .iter()
                    .filter_map(|made| match made {
                        KnightMove::Visit(square) => Some(*square),
                        KnightMove::Reset(_) => None,
                    })
                    .collect();
                for square in visits {
                    let index = self.board.index(square);
                    self.visited[index] = true;
                    self.walk.push(square);
                }
            }
        }
    }

    fn history_moved(&mut self, made: &KnightMove) -> Vec<Effect<KnightJob>> {
        self.playback.stop();
        self.touch();
        match made {
            KnightMove::Reset(change) if **change != BoardChange::Keep => self.board_changed(),
            _ => Vec::new(),
        }
    }
}

impl PathMove for KnightMove {
    fn is_step(&self) -> bool {
        matches!(self, KnightMove::Visit(_))
    }
}

impl Answer for KnightCommand {
    fn answer(&self) -> Option<bool> {
        match self {
            KnightCommand::Confirm => Some(true),
            KnightCommand::Dismiss => Some(false),
            _ => None,
        }
    }
}

impl Timeline for KnightSession {
    fn can_step_back(&self) -> bool {
        self.walk.len() > 1 && self.moves.last_is_step()
    }

    fn can_step_forward(&self) -> bool {
        !self.walk.is_empty() && !self.moves.ahead().is_empty()
    }

    fn step_back(&mut self) {
        if let Some(made) = self.moves.undo() {
            self.revert_move(&made);
            self.touch_in_play();
        }
    }

    fn step_forward(&mut self) {
        if let Some(made) = self.moves.redo() {
            self.apply_move(&made);
            self.touch_in_play();
        }
    }

    fn position(&self) -> (usize, usize) {
        (self.walk.len(), self.line_len())
    }

    fn playback(&mut self) -> &mut Playback {
        &mut self.playback
    }
}

/// Where `square` of a `from` board lies on a `to` board when squares keep
/// their chess names (a1 stays at the bottom left); `None` if it falls off.
fn move_square(square: Square, from: (u32, u32), to: (u32, u32)) -> Option<Square> {
    let rank_from_bottom = from.1.checked_sub(square.y + 1)?;
    let y = to.1.checked_sub(rank_from_bottom + 1)?;
    (square.x < to.0).then_some(Square::new(square.x, y))
}

#[cfg(test)]
#[path = "session_tests.rs"]
mod tests;
