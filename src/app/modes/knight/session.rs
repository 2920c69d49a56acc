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

use std::cell::RefCell;

use gridtour::english::group_digits;
use gridtour::job::Progress;
use gridtour::knight::count::Phase;
use gridtour::knight::{self, Algorithm, Board, BoardLink, Square, Tour, TourKind, Walk};

use crate::app::command::{Effect, Step};
use crate::app::jobs::{How, JobEnd};
use crate::app::modes::knight::command::{BoardChange, Interaction, KnightCommand, KnightMove};
use crate::app::modes::knight::settings::{KnightSettings, UnfinishedCount};
use crate::app::modes::knight::work::{Comparison, KnightJob, KnightReport, Tours};
use crate::app::notice::Notice;
use crate::app::said::Said;
use crate::app::session::{Common, Core, Finds, Session};
use crate::app::timeline::{MoveOwner, Timeline, places};
use crate::app::words::named_few;
use answer::{Answer, CountLine};
use gridtour::tr;

/// Largest board (in squares) for the failing-starts map: it runs a full
/// Warnsdorff walk from every square.
pub const FAILING_STARTS_MAX_SQUARES: usize = 100 * 100;

/// Longest walk kept in the settings between runs; longer ones (boards
/// over 200 x 200) would make every periodic save slow.
const REMEMBERED_WALK_MAX: usize = 40_000;

/// Which of the mode's jobs runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JobKind {
    Solve,
    Count,
    Estimate,
    FailingStarts,
    Watch,
    Compare,
}

/// Searches compared side by side from one square.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparing {
    /// The searches, in the order of their lanes.
    pub algorithms: Vec<Algorithm>,
    /// How each ended, once all have.
    pub ended: Option<Vec<Comparison>>,
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
    /// The walk on show (the trailing visits of the done moves), on its
    /// board.
    walk: Walk,
    kind: TourKind,
    algorithm: Algorithm,
    interaction: Interaction,
    /// The square counts are restricted to, when asked.
    count_start: Option<Square>,
    count_from_start: bool,
    /// The last count's result, in words.
    count: Option<CountLine>,
    /// The kind of tours the browser holds.
    found_kind: TourKind,
    /// The searches a comparison runs side by side, in menu order.
    compare_with: Vec<Algorithm>,
    /// The comparison on show (its lanes are the core's).
    comparing: Option<Comparing>,
    /// The square the running or last count was restricted to.
    counted_from: Option<Square>,
    /// The count under way when the window last closed, offered to be
    /// taken up.
    unfinished: Option<UnfinishedCount>,
    show_failing_starts: bool,
    /// Row-major mask of the failing starts of the board as it is.
    failing_starts: Option<Vec<bool>>,
    show_hints: bool,
    /// The answer to the last search, while it still fits the board.
    answer: Option<Answer>,
    /// What every mode has: history, notice, job, question, playback.
    core: Core<KnightCommand, KnightMove, JobKind, Square>,
    /// Changes whenever the board changes.
    board_revision: u64,
    /// The squares a play-mode walk can no longer reach, with the revision
    /// and walk length they were found for: the summary reads them every
    /// frame, and finding them walks the whole board.
    lost: RefCell<Option<(u64, usize, Vec<Square>)>>,
}

impl KnightSession {
    /// The mode as the settings left it: the board, its blocked squares and
    /// the last walk on show, if they still fit together.
    pub fn new(settings: &KnightSettings) -> Self {
        let mut board = Board::new(settings.width, settings.height)
            .or_else(|_| Board::new(8, 8))
            .expect("an 8x8 board is always valid");
        for &[x, y] in &settings.blocked {
            let square = Square::new(x, y);
            if board.contains(square) {
                board.set_blocked(square, true);
            }
        }
        let mut session = Self {
            walk: Walk::new(board),
            kind: settings.tour_kind(),
            algorithm: settings.algorithm(),
            interaction: settings.interaction,
            count_start: None,
            count_from_start: false,
            count: None,
            found_kind: TourKind::Open,
            compare_with: settings.compare_with(),
            comparing: None,
            counted_from: None,
            unfinished: None,
            show_failing_starts: false,
            failing_starts: None,
            show_hints: true,
            answer: None,
            core: Core::default(),
            board_revision: 0,
            lost: RefCell::default(),
        };
        let walk: Vec<Square> = settings
            .walk
            .iter()
            .map(|&[x, y]| Square::new(x, y))
            .collect();
        if Walk::from_squares(session.board().clone(), &walk).is_ok() {
            session.show_path(&walk, settings.walk_shown);
        }
        session.count_start = settings
            .count_start
            .map(|[x, y]| Square::new(x, y))
            .filter(|&square| session.board().contains(square));
        session.count_from_start = settings.count_from_start && session.count_start.is_some();
        session.unfinished = settings
            .unfinished_count
            .filter(|count| count.start().is_none_or(|start| session.board().contains(start)));
        session
    }

    /// Writes what should be found again next run into `settings`.
    pub fn remember(&self, settings: &mut KnightSettings) {
        settings.width = self.board().width();
        settings.height = self.board().height();
        settings.closed = self.kind == TourKind::Closed;
        settings.algorithm = self.algorithm.label().to_owned();
        settings.compare = self
            .compare_with
            .iter()
            .map(|algorithm| algorithm.label().to_owned())
            .collect();
        settings.interaction = self.interaction;
        settings.count_start = self.count_start.map(|square| [square.x, square.y]);
        settings.count_from_start = self.count_from_start;
        settings.unfinished_count = match self.core.running {
            Some(JobKind::Count) => Some(self.count_under_way(false)),
            _ => self.unfinished,
        };
        settings.blocked = self
            .board()
            .blocked_squares()
            .into_iter()
            .map(|square| [square.x, square.y])
            .collect();
        if self.line_len() <= REMEMBERED_WALK_MAX {
            settings.walk = self
                .line()
                .iter()
                .map(|square| [square.x, square.y])
                .collect();
            settings.walk_shown = self.walk.len();
        } else {
            settings.walk.clear();
            settings.walk_shown = 0;
        }
    }

    // ----- reading the state -----

    /// The board with its blocked squares.
    pub fn board(&self) -> &Board {
        self.walk.board()
    }

    /// Open or closed tours.
    pub fn kind(&self) -> TourKind {
        self.kind
    }

    /// The search for clicked squares. Plain DFS, chosen for watching and
    /// kept for the next watch, gives way to backtracking elsewhere: on a
    /// board a click starts it may never end.
    pub fn algorithm(&self) -> Algorithm {
        match self.algorithm {
            Algorithm::Dfs if self.interaction != Interaction::Watch => Algorithm::Backtrack,
            algorithm => algorithm,
        }
    }

    /// The comparison of searches on show, if one is.
    pub fn comparing(&self) -> Option<&Comparing> {
        self.comparing.as_ref().filter(|_| self.core.lanes.is_some())
    }

    /// The searches a comparison runs, in menu order.
    pub fn compare_with(&self) -> &[Algorithm] {
        &self.compare_with
    }

    /// What clicks do.
    pub fn interaction(&self) -> Interaction {
        self.interaction
    }

    /// The shown part of the walk.
    pub fn walk(&self) -> &[Square] {
        self.walk.squares()
    }

    /// The whole walk on show: its shown part and the moves still to be
    /// replayed.
    pub fn line(&self) -> Vec<Square> {
        let ahead = places(self.core.moves.ahead());
        self.walk.squares().iter().copied().chain(ahead).collect()
    }

    /// The length of [`Self::line`].
    pub fn line_len(&self) -> usize {
        self.walk.len() + self.core.moves.ahead().len()
    }

    /// The walk on show as a tour, when it is a complete one (a closed tour
    /// without its return to the start).
    pub fn tour(&self) -> Option<Tour> {
        let line = self.line();
        let squares = self.board().open_count();
        let (kind, path) = if line.len() == squares + 1 && line.first() == line.last() {
            (TourKind::Closed, &line[..squares])
        } else if line.len() == squares {
            (TourKind::Open, &line[..])
        } else {
            return None;
        };
        knight::validate(self.board(), path, kind).ok()?;
        Some(Tour {
            board: self.board().clone(),
            kind,
            path: path.to_vec(),
        })
    }

    /// Whether the failing-starts overlay is asked for.
    pub fn shows_failing_starts(&self) -> bool {
        self.show_failing_starts
    }

    /// The failing-starts mask, when asked for and computed.
    pub fn failing_starts(&self) -> Option<&[bool]> {
        self.failing_starts
            .as_deref()
            .filter(|_| self.show_failing_starts && self.kind == TourKind::Open)
    }

    /// Whether play-mode hints are shown.
    pub fn shows_hints(&self) -> bool {
        self.show_hints
    }

    // ----- commands -----

    /// Shows a tour found, playing it from its first move.
    fn show_tour(&mut self, tour: &Tour) {
        let mut walk = tour.path.clone();
        if tour.kind == TourKind::Closed {
            walk.push(tour.path[0]);
        }
        self.show_path(&walk, 1);
        self.walk_path(Step::Play);
    }

    fn click(&mut self, square: Square) -> Vec<Effect<KnightJob>> {
        let name = self.board().square_name(square);
        match self.interaction {
            Interaction::Edit => self.change_board(BoardChange::Flip(vec![square])),
            Interaction::Tour | Interaction::Watch if self.board().is_blocked(square) => {
                self.core.notice = Some(Notice::error(move || {
                    tr!("start-blocked", name = name.as_str())
                }));
                Vec::new()
            }
            Interaction::Tour => {
                self.count_start = Some(square);
                self.core.playback.stop();
                self.answer = Some(Answer::Searching(name));
                self.core.running = Some(JobKind::Solve);
                vec![Effect::Start(KnightJob::Solve {
                    board: self.board().clone(),
                    start: square,
                    kind: self.kind,
                    algorithm: self.algorithm(),
                })]
            }
            Interaction::Watch => {
                self.count_start = Some(square);
                self.core.playback.stop();
                self.core.watch = None;
                self.core.lanes = None;
                self.answer = Some(Answer::Watching(self.algorithm, name));
                self.core.running = Some(JobKind::Watch);
                self.core.touch();
                vec![Effect::Start(KnightJob::Watch {
                    board: self.board().clone(),
                    start: square,
                    kind: self.kind,
                    algorithm: self.algorithm,
                })]
            }
            Interaction::Play => {
                match self.walk.refusal(square) {
                    Some(reason) => {
                        self.core.notice = Some(Notice::error(move || reason.to_string()));
                    }
                    None => {
                        self.core.playback.stop();
                        self.record(KnightMove::Step(square));
                    }
                }
                Vec::new()
            }
        }
    }

    fn failing_starts_job(&mut self) -> Vec<Effect<KnightJob>> {
        if !self.show_failing_starts
            || self.failing_starts.is_some()
            || self.board().area() > FAILING_STARTS_MAX_SQUARES
        {
            return Vec::new();
        }
        self.core.running = Some(JobKind::FailingStarts);
        vec![Effect::Start(KnightJob::FailingStarts {
            board: self.board().clone(),
        })]
    }

    /// Shows the board of a link, with its tour if it carries one.
    pub fn load_link(&mut self, link: BoardLink, source: &str) -> Vec<Effect<KnightJob>> {
        let effects = match link.tour() {
            Some(tour) => self.load_tour(tour, source),
            None if link.board != *self.board() => {
                let effects = self.change_board(BoardChange::Replace {
                    before: self.board().clone(),
                    after: link.board.clone(),
                });
                self.core.notice = Some(opened(source));
                effects
            }
            None => {
                self.core.notice = Some(opened(source));
                Vec::new()
            }
        };
        self.kind = link.kind;
        self.count_start = link.start;
        effects
    }

    /// Shows a tour read from a file, on its own board.
    pub fn load_tour(&mut self, tour: Tour, source: &str) -> Vec<Effect<KnightJob>> {
        let mut effects = Vec::new();
        if tour.board != *self.board() {
            effects = self.change_board(BoardChange::Replace {
                before: self.board().clone(),
                after: tour.board.clone(),
            });
        }
        self.kind = tour.kind;
        let mut walk = tour.path.clone();
        if tour.kind == TourKind::Closed {
            walk.push(tour.path[0]);
        }
        self.show_path(&walk, walk.len());
        self.core.notice = Some(opened(source));
        effects
    }

    // ----- the history -----

    fn record(&mut self, made: KnightMove) {
        self.apply_move(&made);
        self.core.moves.record(made);
        self.core.touch();
    }

    /// A step along the walk changes the drawing beyond the path only in
    /// play mode, where the hints follow the knight.
    fn touch_in_play(&mut self) {
        if self.interaction == Interaction::Play {
            self.core.touch();
        }
    }

    // ----- job reports -----
}

impl Session for KnightSession {
    fn watched_board(&self) -> Option<gridtour::render::Scene> {
        let mut scene = gridtour::render::Scene::knight_board(self.board()).with_numbers(true);
        let size = format!("{}x{}", self.board().width(), self.board().height());
        scene.title = Some(tr!(
            "trace-title-knight",
            algorithm = self.algorithm().words(),
            size = size
        ));
        Some(scene)
    }

    type Command = KnightCommand;
    type Place = Square;
    type Job = KnightJob;
    type Report = KnightReport;
    type JobKind = JobKind;
    const FINDS: Finds = Finds::Tours;

    fn core(&self) -> &Core<KnightCommand, KnightMove, JobKind, Square> {
        &self.core
    }

    fn core_mut(&mut self) -> &mut Core<KnightCommand, KnightMove, JobKind, Square> {
        &mut self.core
    }

    fn common(command: &KnightCommand) -> Option<Common> {
        match *command {
            KnightCommand::Common(common) => Some(common),
            _ => None,
        }
    }

    /// Whether `command` can be given now (buttons are greyed out and keys
    /// ignored otherwise).
    fn can_own(&self, command: &KnightCommand) -> bool {
        match command {
            KnightCommand::ClearBlocked => !self.board().is_full(),
            KnightCommand::NewWalk => self.line_len() > 0,
            KnightCommand::CopyLink => true,
            KnightCommand::CountTours => self.core.running != Some(JobKind::Count),
            KnightCommand::TakeUpCount | KnightCommand::ForgetCount => {
                self.unfinished.is_some() && self.core.running != Some(JobKind::Count)
            }
            KnightCommand::EstimateTours => self.core.running != Some(JobKind::Estimate),
            KnightCommand::CompareSearches => {
                self.count_start.is_some()
                    && self.compare_with.len() >= 2
                    && self.core.running != Some(JobKind::Compare)
            }
            KnightCommand::CountFromStart(_) => self.count_start.is_some(),
            // Plain Warnsdorff's walk is an open walk, as on the command
            // line (which refuses --closed --failing-starts).
            KnightCommand::ShowFailingStarts(on) => {
                !on || self.board().area() <= FAILING_STARTS_MAX_SQUARES
                    && self.kind == TourKind::Open
            }
            _ => true,
        }
    }

    /// The question to ask before `command`, if it would stop a count or
    /// the failing-starts analysis (work a stray click should not lose).
    fn interruption(&self, command: &KnightCommand) -> Option<String> {
        let what = match self.core.running? {
            JobKind::Count => tr!("count-running"),
            JobKind::Estimate => tr!("estimate-running"),
            JobKind::FailingStarts => tr!("failing-starts-running"),
            JobKind::Watch | JobKind::Compare => return None,
            JobKind::Solve => return None,
        };
        let action = match command {
            KnightCommand::Click(square) if self.interaction != Interaction::Play => {
                let name = self.board().square_name(*square);
                match self.interaction {
                    Interaction::Edit => tr!("to-block", name = name),
                    _ => tr!("to-start-from", name = name),
                }
            }
            KnightCommand::Resize { width, height } => {
                tr!("to-resize", size = format!("{width}x{height}"))
            }
            KnightCommand::ClearBlocked => tr!("to-clear-blocked").to_owned(),
            KnightCommand::Common(Common::Step(Step::Undo)) if matches!(self.core.moves.last_done(), Some(KnightMove::Reset(change)) if **change != BoardChange::Keep) => {
                tr!("to-undo-edit").to_owned()
            }
            KnightCommand::Common(Common::Step(Step::Redo)) if matches!(self.core.moves.next_undone(), Some(KnightMove::Reset(change)) if **change != BoardChange::Keep) => {
                tr!("to-redo-edit").to_owned()
            }
            _ => return None,
        };
        Some(tr!("stop-to", what = what, action = action))
    }

    fn perform(&mut self, command: KnightCommand) -> Vec<Effect<KnightJob>> {
        match command {
            KnightCommand::Resize { width, height } => self.resize(width, height),
            KnightCommand::SetKind(kind) => {
                // A count or estimate of the other kind no longer speaks
                // of what is asked; one under way says so when it ends.
                let counting = matches!(self.core.running, Some(JobKind::Count | JobKind::Estimate));
                if kind != self.kind && !counting {
                    self.count = None;
                }
                self.kind = kind;
                self.answer = None;
                Vec::new()
            }
            KnightCommand::SetAlgorithm(algorithm) => {
                self.algorithm = algorithm;
                Vec::new()
            }
            KnightCommand::SetInteraction(interaction) => {
                if interaction != self.interaction {
                    // A search's status does not speak of a walk played.
                    self.core.last_job = None;
                }
                let mut effects = Vec::new();
                if interaction != Interaction::Watch {
                    self.core.watch = None;
                    self.core.lanes = None;
                    if matches!(self.core.running, Some(JobKind::Watch | JobKind::Compare)) {
                        self.core.running = None;
                        effects.push(Effect::Cancel);
                    }
                }
                self.interaction = interaction;
                self.core.playback.stop();
                self.core.touch();
                effects
            }
            KnightCommand::Click(square) => self.click(square),
            KnightCommand::ClearBlocked => {
                let blocked = self.board().blocked_squares();
                self.change_board(BoardChange::Flip(blocked))
            }
            KnightCommand::NewWalk => {
                self.core.playback.stop();
                self.record(KnightMove::Reset(Box::new(BoardChange::Keep)));
                Vec::new()
            }
            KnightCommand::CopyLink => {
                let (link, with_tour) = match self.tour() {
                    Some(tour) => (BoardLink::of_tour(&tour), true),
                    None => (
                        BoardLink {
                            start: self.count_start,
                            ..BoardLink::of_board(self.board().clone(), self.kind)
                        },
                        false,
                    ),
                };
                let link = link.to_link();
                let length = group_digits(link.len() as u64);
                self.core.notice = Some(Notice::info(move || {
                    let length = length.as_str();
                    if with_tour {
                        tr!("copied-link-with-tour", length = length)
                    } else {
                        tr!("copied-link", length = length)
                    }
                }));
                vec![Effect::Copy(link)]
            }
            KnightCommand::CountTours => self.start_counting(JobKind::Count),
            KnightCommand::TakeUpCount => self.take_up_count(),
            KnightCommand::ForgetCount => self.forget_unfinished().into_iter().collect(),
            KnightCommand::EstimateTours => self.start_counting(JobKind::Estimate),
            KnightCommand::CompareSearches => match self.count_start {
                Some(start) => {
                    self.core.playback.stop();
                    self.core.watch = None;
                    self.core.lanes = None;
                    self.comparing = Some(Comparing {
                        algorithms: self.compare_with.clone(),
                        ended: None,
                    });
                    self.answer = Some(Answer::Comparing(self.board().square_name(start)));
                    self.core.running = Some(JobKind::Compare);
                    self.core.touch();
                    vec![Effect::Start(KnightJob::Compare {
                        board: self.board().clone(),
                        start,
                        kind: self.kind,
                        algorithms: self.compare_with.clone(),
                    })]
                }
                None => Vec::new(),
            },
            KnightCommand::CompareWith(changed, on) => {
                self.compare_with = Algorithm::ALL
                    .into_iter()
                    .filter(|&algorithm| {
                        if algorithm == changed {
                            on
                        } else {
                            self.compare_with.contains(&algorithm)
                        }
                    })
                    .collect();
                Vec::new()
            }
            KnightCommand::CountFromStart(on) => {
                self.count_from_start = on;
                Vec::new()
            }
            KnightCommand::ShowFailingStarts(on) => {
                self.show_failing_starts = on;
                self.core.touch();
                self.failing_starts_job()
            }
            KnightCommand::ShowHints(on) => {
                self.show_hints = on;
                self.core.touch();
                Vec::new()
            }
            // See `Session::perform_common`.
            KnightCommand::Common(_) => Vec::new(),
        }
    }

    /// Puts `walk` on show as a new walk, with its first `shown` positions
    /// done and the rest ready to be replayed.
    fn show_path(&mut self, walk: &[Square], shown: usize) {
        self.core.playback.stop();
        self.answer = None;
        if self.line_len() > 0 {
            self.record(KnightMove::Reset(Box::new(BoardChange::Keep)));
        }
        for &square in walk {
            self.record(KnightMove::Step(square));
        }
        while self.walk.len() > shown.max(1) && self.can_step_back() {
            self.step_back();
        }
    }

    /// Takes a tour a count streamed for browsing.
    fn job_item(&mut self, report: KnightReport) {
        match report {
            KnightReport::Found(tour) => self.keep_found(tour),
            KnightReport::Watching(steps) => self.core.watch_steps(steps),
            KnightReport::Comparing(steps) => self.core.compare_steps(steps),
            _ => {}
        }
    }

    /// Takes the result of the mode's job.
    fn job_done(&mut self, report: KnightReport, label: Said, progress: Progress) {
        let kind = self.core.running.take();
        let mut how = How::Done;
        match report {
            KnightReport::Found(_)
            | KnightReport::Watching(_)
            | KnightReport::Comparing(_)
            | KnightReport::CountForgotten => {}
            KnightReport::Watched(tour) => {
                let nothing_to_watch = self
                    .core
                    .watch
                    .as_mut()
                    .is_none_or(|watch| watch.saw_nothing());
                if nothing_to_watch {
                    self.core.watch = None;
                    self.show_tour(&tour);
                    self.answer = Some(Answer::WatchedBuilt);
                } else if let Some(Answer::Watching(algorithm, name)) = self.answer.take() {
                    self.answer = Some(Answer::WatchedFound(algorithm, name));
                }
            }
            KnightReport::Compared(compared) => {
                self.answer = None;
                if let Some(comparing) = &mut self.comparing {
                    comparing.ended = Some(compared);
                }
            }
            KnightReport::Solved(tour) => {
                self.answer = None;
                self.show_tour(&tour);
            }
            KnightReport::Counted(count) => {
                let tours = Tours::of(self.board(), self.counted_from, self.found_kind);
                self.count = Some(CountLine::Counted(tours, count));
            }
            KnightReport::NoTour(reason) => {
                if matches!(kind, Some(JobKind::Count | JobKind::Estimate)) {
                    // A search's "no tour" said the same: the count says it
                    // once for the board.
                    if matches!(&self.answer, Some(Answer::NoTour(said)) if *said == reason) {
                        self.answer = None;
                    }
                    self.count = Some(CountLine::NoTours(reason));
                } else {
                    self.answer = Some(Answer::NoTour(reason));
                    how = How::NoTour;
                }
            }
            KnightReport::Estimated {
                result: Ok(estimate),
                start,
                kind,
            } => {
                let tours = Tours::of(self.board(), start, kind);
                self.count = Some(CountLine::Estimated(tours, estimate));
            }
            KnightReport::Estimated {
                result: Err(refusal),
                ..
            } => self.count = Some(CountLine::NotEstimated(refusal)),
            KnightReport::CountRefused(why) => self.count = Some(CountLine::NotCounted(why)),
            KnightReport::FailingStarts(squares) => {
                let mut mask = vec![false; self.board().area()];
                for square in &squares {
                    if self.board().contains(*square) {
                        mask[self.board().index(*square)] = true;
                    }
                }
                self.answer = Some(Answer::FailingStarts {
                    names: named_few(self.board(), &squares),
                    failing: squares.len(),
                    squares: self.board().open_count(),
                });
                self.failing_starts = Some(mask);
                self.core.touch();
            }
        }
        self.core.last_job = Some(JobEnd {
            label,
            how,
            progress,
        });
    }

    fn job_cut_short(&mut self, kind: JobKind, end: &JobEnd) {
        let how = end.how.clone();
        match kind {
            JobKind::Count => self.count_cut_short(end),
            JobKind::Solve | JobKind::Watch | JobKind::Compare => {
                self.answer = Some(Answer::SearchCutShort(how));
            }
            JobKind::Estimate => self.count = Some(CountLine::EstimateCutShort(how)),
            JobKind::FailingStarts => {
                self.show_failing_starts = false;
                self.answer = Some(Answer::FailingStartsCutShort(how));
            }
        }
    }
}

/// The notice that `source` is open.
fn opened(source: &str) -> Notice {
    let source = source.to_owned();
    Notice::info(move || tr!("opened", source = source.as_str()))
}

mod answer;
mod board;
mod counting;
mod history;
mod summary;

#[cfg(test)]
#[path = "session_tests.rs"]
mod tests;
