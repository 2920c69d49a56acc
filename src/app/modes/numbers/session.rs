//! The knight's tour puzzle mode's state (no egui): the game on show (a
//! puzzle and the numbers laid by hand), its solution once known (for
//! hints), and what was last said about it. Every change goes through a
//! command; laying and taking back numbers are moves of the shared
//! history, so undo and redo work as in the other modes.

use gridtour::job::Progress;
use gridtour::knight::{Board, Square};
use gridtour::numbers::format::{self, ReadPuzzle};
use gridtour::numbers::link::to_link;
use gridtour::numbers::{Broken, Filled, Generated, NumbersPuzzle, Play};
use gridtour::tr;

use super::command::{NumbersCommand, NumbersMove};
use super::settings::NumbersSettings;
use super::work::{NumbersJob, NumbersReport};
use web_time::{Duration, Instant};

use crate::app::clock::{Clock, SavedClock, clock_text};
use crate::app::command::Effect;
use crate::app::jobs::{How, JobEnd};
use crate::app::notice::Notice;
use crate::app::said::Said;
use crate::app::session::{Common, Core, Finds, Session};
use crate::app::shelf::{Record, Shelf};
use crate::app::timeline::{MoveOwner, PathHistory, Playback, Timeline};

mod marks;

pub use super::examples::{EXAMPLES, example, example_words};
pub use super::source::Source;
use super::command::Marks;
use super::examples::size_of;
use marks::valid_marks;

/// Which of the mode's jobs runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JobKind {
    /// A new puzzle.
    Generate,
    /// The solution, for a hint.
    Solve,
    /// Whether the board can be finished.
    Finish,
}

/// What was last found out about the game on show, kept as values and
/// worded when drawn; it speaks of the position it was given at (the
/// history's changes then), and goes when the board moves on.
#[derive(Debug, Clone, PartialEq)]
pub enum Finding {
    /// The board breaks this rule, said when a number was laid against
    /// it, at Check or at Hint.
    Broken(Broken, Asked),
    /// The board can still be finished.
    CanFinish,
    /// The numbers laid leave no solution.
    DeadEnd,
    /// A number that must go on a square, and why.
    Hint {
        /// The number.
        number: u32,
        /// Its square.
        square: Square,
        /// Whether the board forces it: the square is the only one a
        /// knight's move from a laid neighbour in number order that can
        /// still reach the next laid number; otherwise it comes from the
        /// solution.
        forced_from: Option<(u32, Square)>,
    },
    /// Every square filled, every rule kept: in this time on the clock,
    /// and whether with a hint, when the player filled them.
    Solved(Option<(Duration, bool)>),
    /// The puzzle has no solution.
    NoSolution,
}

/// What brought a finding up: the number just laid, Check or Hint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Asked {
    Laid,
    Check,
    Hint,
}

/// The knight's tour puzzle mode.
pub struct NumbersSession {
    /// The puzzle and the numbers on the board.
    play: Play,
    /// Where the puzzle came from, for the heading.
    source: Source,
    /// The puzzle's solution, once known.
    solution: Option<Filled>,
    /// A hint asked for before the solution was known.
    hint_waiting: bool,
    /// What was last found out, with the history's changes it was
    /// given at.
    finding: Option<(Finding, u64)>,
    /// What the last Generate made, for the summary.
    made: Option<Said>,
    /// The clock of the game: from the first number laid to the last.
    clock: Clock,
    /// Whether a hint was taken in the game on show: its time is then no
    /// best time.
    helped: bool,
    /// The puzzles met.
    shelf: Shelf,
    /// The link of the puzzle on show, its name on the shelf.
    link: String,
    /// The pencil marks on the board.
    marks: Marks,
    core: Core<NumbersCommand, NumbersMove, JobKind, Square>,
}

impl NumbersSession {
    /// The mode as `settings` left it: the puzzle and numbers on show, or
    /// the article's puzzle on a first run (or when the saved one no
    /// longer reads).
    pub fn new(settings: &NumbersSettings) -> Self {
        let saved = settings
            .puzzle
            .as_deref()
            .and_then(|text| format::parse("settings", text).ok())
            .map(|read| {
                let source = Source::of_saved(settings.source_name.as_deref(), settings.generated_seed);
                (read.puzzle, source)
            });
        let (puzzle, source) = saved.unwrap_or_else(|| {
            // The first example: the article's 4 x 5 board with its corners
            // and the middle of its third row blocked, 1 given.
            let (read, _) = example(0).expect("the shipped puzzle reads");
            (read.puzzle, Source::Article)
        });
        let mut play = Play::new(puzzle);
        if settings.laid.len() == play.numbers().len() {
            let board = play.puzzle().board().clone();
            for square in board.squares() {
                let number = settings.laid[board.index(square)];
                if number != 0 && play.number(square).is_none() {
                    let _ = play.place(square, number);
                }
            }
        }
        let mut shelf = Shelf::from_records(settings.shelf.clone());
        for (index, (name, _, level)) in EXAMPLES.iter().enumerate() {
            if let Some((read, _)) = example(index) {
                let link = to_link(&read.puzzle);
                shelf.stock(&link, name, size_of(&read.puzzle), read.puzzle.givens().len());
                shelf.rated(&link, level.name());
            }
        }
        let marks = valid_marks(&settings.marks, play.puzzle());
        let mut session = Self {
            marks,
            link: to_link(play.puzzle()),
            play,
            source,
            solution: None,
            hint_waiting: false,
            finding: None,
            made: None,
            clock: Clock::default(),
            helped: false,
            shelf,
            core: Core::default(),
        };
        session.put_on_shelf();
        session.take_up_the_clock(settings.clock);
        session
    }

    /// Takes up the clock `saved` with the numbers just laid again: its
    /// time runs on once the mode is in view, and a game that ended says
    /// its time.
    fn take_up_the_clock(&mut self, saved: Option<SavedClock>) {
        let laid = self.board().squares().any(|square| {
            self.play.puzzle().given(square).is_none() && self.play.number(square).is_some()
        });
        if !laid {
            return;
        }
        (self.clock, self.helped) = Clock::restored(saved);
        if let Some(time) = self.clock.time_taken().filter(|_| self.play.is_solved()) {
            self.find(Finding::Solved(Some((time, self.helped))));
        }
    }

    /// Puts the puzzle on show first on the shelf, under its source.
    fn put_on_shelf(&mut self) {
        let puzzle = self.play.puzzle();
        let (size, givens) = (size_of(puzzle), puzzle.givens().len());
        self.shelf
            .note(&self.link, &self.source.shelf_name(), size, givens);
    }

    /// The puzzles met.
    pub fn shelf(&self) -> &Shelf {
        &self.shelf
    }

    /// Takes `records` (the shelf merged with another window's) for the
    /// shelf on show.
    pub fn adopt_shelf(&mut self, records: &[Record]) {
        self.shelf.replace(records.to_vec());
    }

    /// The best time of the puzzle on show, if it was ever solved.
    pub fn best_time(&self) -> Option<Duration> {
        self.shelf.get(&self.link)?.best()
    }

    /// The game on show.
    pub fn play(&self) -> &Play {
        &self.play
    }

    /// The board of the puzzle on show.
    pub fn board(&self) -> &Board {
        self.play.puzzle().board()
    }

    /// The clock of the game on show.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The mode is in view or not: the clock runs only while it is.
    pub fn in_view(&mut self, in_view: bool) {
        let now = Instant::now();
        if in_view {
            self.clock.resume(now);
        } else {
            self.clock.pause(now);
        }
    }

    /// Where the puzzle came from, in words.
    pub fn source(&self) -> String {
        self.source.words()
    }

    /// What was last found out, while it speaks of the position on show.
    pub fn finding(&self) -> Option<&Finding> {
        self.finding
            .as_ref()
            .filter(|(_, at)| *at == self.core.moves.changes())
            .map(|(finding, _)| finding)
    }

    /// The squares the finding on show speaks of, to outline.
    pub fn marked(&self) -> Vec<Square> {
        match self.finding() {
            Some(Finding::Broken(rule, _)) => rule.squares().to_vec(),
            Some(Finding::Hint { square, .. }) => vec![*square],
            _ => Vec::new(),
        }
    }

    /// The finding on show in words.
    pub fn finding_words(&self) -> Option<String> {
        let board = self.board();
        let name = |square: Square| board.square_name(square);
        Some(match self.finding()? {
            Finding::Broken(rule, asked) => {
                let rule = rule.words(board);
                match asked {
                    Asked::Laid => tr!("numbers-laid-broken", rule = rule),
                    Asked::Check => tr!("numbers-check-broken", rule = rule),
                    Asked::Hint => tr!("numbers-hint-broken", rule = rule),
                }
            }
            Finding::CanFinish => tr!("numbers-check-fine").to_owned(),
            Finding::DeadEnd => tr!("numbers-check-dead-end").to_owned(),
            Finding::Hint {
                number,
                square,
                forced_from: Some((from, from_square)),
            } => tr!(
                "numbers-hint-forced",
                number = *number,
                square = name(*square),
                from = *from,
                from_square = name(*from_square)
            ),
            Finding::Hint {
                number,
                square,
                forced_from: None,
            } => tr!("numbers-hint-solution", number = *number, square = name(*square)),
            Finding::Solved(Some((time, helped))) => {
                let hints = if *helped { tr!("with-hints") } else { "" };
                tr!("numbers-solved-in", time = clock_text(*time), hints = hints)
            }
            Finding::Solved(None) => tr!("numbers-solved").to_owned(),
            Finding::NoSolution => tr!("no-solution").to_owned(),
        })
    }

    /// The paragraph under the controls.
    pub fn summary(&self) -> String {
        let puzzle = self.play.puzzle();
        let board = puzzle.board();
        let laid = self.play.numbers().iter().filter(|&&n| n != 0).count();
        let (givens, squares) = (puzzle.givens().len(), puzzle.last_number());
        let about = match self.source {
            // An example's name says its board already.
            Source::Example(_) => tr!(
                "numbers-about-example",
                source = self.source.words(),
                givens = givens,
                filled = laid,
                squares = squares
            ),
            _ => tr!(
                "numbers-about",
                source = self.source.words(),
                size = format!("{}x{}", board.width(), board.height()),
                kind = puzzle.kind().label(),
                givens = givens,
                filled = laid,
                squares = squares
            ),
        };
        match &self.made {
            Some(made) => format!("{about}\n{}", made.words()),
            None => about,
        }
    }

    /// Writes what should be found again next run into `settings`.
    pub fn remember(&self, settings: &mut NumbersSettings) {
        settings.shelf = self.shelf.records().to_vec();
        settings.marks = self.marks.clone();
        let puzzle = self.play.puzzle();
        settings.puzzle = Some(format::to_text(puzzle, None));
        (settings.generated_seed, settings.source_name) = match &self.source {
            Source::Article => (None, None),
            Source::Generated(seed) => (Some(*seed), None),
            Source::Named(name) => (None, Some(name.clone())),
            Source::Example(index) => (None, Some(EXAMPLES[*index].0.to_owned())),
        };
        let board = puzzle.board();
        settings.laid = board
            .squares()
            .map(|square| match puzzle.given(square) {
                Some(_) => 0,
                None => self.play.number(square).unwrap_or(0),
            })
            .collect();
        settings.clock = self.clock.saved(Instant::now(), self.helped);
    }

    /// Says `finding` about the position on show.
    fn find(&mut self, finding: Finding) {
        self.finding = Some((finding, self.core.moves.changes()));
        self.core.touch();
    }

    /// A click on `square`, with the number typed before it if any: lays
    /// that number there, or the smallest missing one on an empty square;
    /// takes back a laid number clicked with none typed.
    fn click(&mut self, square: Square, typed: Option<u32>) -> Vec<Effect<NumbersJob>> {
        if self.play.puzzle().given(square).is_some() || self.board().is_blocked(square) {
            return Vec::new();
        }
        self.clock.start(Instant::now());
        let made = match (self.play.number(square), typed) {
            (Some(number), None) => self
                .play
                .remove(square)
                .map(|_| NumbersMove::TakeBack { square, number }),
            _ => {
                let Some(number) = typed.or_else(|| self.play.next_missing()) else {
                    return Vec::new();
                };
                self.play.place(square, number).map(|before| NumbersMove::Lay {
                    square,
                    number,
                    before,
                })
            }
        };
        match made {
            Ok(made) => {
                self.core.moves.record(made);
                self.core.touch();
                // A number laid against the rules says which one at once.
                let breaks = self
                    .play
                    .broken()
                    .into_iter()
                    .find(|rule| rule.squares().contains(&square));
                match breaks {
                    Some(rule) => self.find(Finding::Broken(rule, Asked::Laid)),
                    None if self.play.is_solved() => {
                        let time = self.clock.stop(Instant::now());
                        self.shelf.solved(&self.link, time, self.helped);
                        self.find(Finding::Solved(Some((time, self.helped))));
                    }
                    None => {}
                }
            }
            Err(refusal) => {
                let words = refusal.words(self.board());
                self.core.notice = Some(Notice::error(move || words.clone()));
            }
        }
        Vec::new()
    }

    /// Shows the puzzle `read` from `source` (a file opened or dropped, an
    /// example), with its solution when it carried a true one.
    pub fn load(&mut self, read: ReadPuzzle, source: Source) -> Vec<Effect<NumbersJob>> {
        let solution = read
            .solution
            .filter(|solution| gridtour::numbers::is_solution(&read.puzzle, solution));
        self.replace(Play::new(read.puzzle), source);
        self.solution = solution;
        self.put_on_shelf();
        Vec::new()
    }

    /// Puts `play` on show in place of the game there, as one move.
    fn replace(&mut self, play: Play, source: Source) {
        let marks = vec![Vec::new(); play.puzzle().board().area()];
        let made = NumbersMove::Replace {
            before: Box::new((self.play.clone(), self.source.clone(), self.marks.clone())),
            after: Box::new((play, source, marks)),
        };
        self.apply_move(&made);
        self.core.moves.record(made);
        self.core.touch();
    }

    /// The hint for the position on show: the first rule broken, else a
    /// number the board forces, else the smallest missing number where the
    /// solution has it.
    fn hint(&mut self) -> Vec<Effect<NumbersJob>> {
        self.helped = true;
        if let Some(rule) = self.play.broken().first() {
            self.find(Finding::Broken(*rule, Asked::Hint));
            return Vec::new();
        }
        if let Some(forced) = forced_number(&self.play) {
            self.find(forced);
            return Vec::new();
        }
        let Some(solution) = &self.solution else {
            self.hint_waiting = true;
            return self.start(
                JobKind::Solve,
                NumbersJob::Solve(self.play.puzzle().clone()),
            );
        };
        let board = self.board();
        let missing = board
            .squares()
            .filter(|&square| self.play.number(square).is_none() && board.is_open(square))
            .min_by_key(|&square| solution[board.index(square)]);
        let finding = match missing {
            Some(square) => Finding::Hint {
                number: solution[board.index(square)],
                square,
                forced_from: None,
            },
            _ => Finding::Solved(None),
        };
        // A laid number the solution puts elsewhere is not broken by the
        // rules yet, but leads nowhere: Check says so.
        self.find(finding);
        Vec::new()
    }

    fn start(&mut self, kind: JobKind, job: NumbersJob) -> Vec<Effect<NumbersJob>> {
        self.core.running = Some(kind);
        vec![Effect::Start(job)]
    }
}

/// A number the board forces: a laid number whose next (or previous)
/// number is missing, with one free square only a knight's move away from
/// which the next laid number can still be reached.
fn forced_number(play: &Play) -> Option<Finding> {
    let puzzle = play.puzzle();
    let board = puzzle.board();
    let last = puzzle.last_number();
    let mut at = vec![None; last as usize + 2];
    for square in board.squares() {
        if let Some(number) = play.number(square) {
            at[number as usize] = Some(square);
        }
    }
    let laid: Vec<(u32, Square)> = (1..=last)
        .filter_map(|number| at[number as usize].map(|square| (number, square)))
        .collect();
    for (index, &(number, square)) in laid.iter().enumerate() {
        let neighbours = [
            (number + 1, laid.get(index + 1).copied(), number < last),
            (
                number.wrapping_sub(1),
                index.checked_sub(1).map(|before| laid[before]),
                number > 1,
            ),
        ];
        for (wanted, towards, exists) in neighbours {
            if !exists || at[wanted as usize].is_some() {
                continue;
            }
            let fits: Vec<Square> = board
                .neighbours(square)
                .filter(|&next| play.number(next).is_none())
                .filter(|&next| {
                    towards.is_none_or(|(far, far_square)| {
                        gridtour::numbers::can_reach(board, next, far_square, far.abs_diff(wanted))
                    })
                })
                .collect();
            if let [only] = fits[..] {
                return Some(Finding::Hint {
                    number: wanted,
                    square: only,
                    forced_from: Some((number, square)),
                });
            }
        }
    }
    None
}

impl MoveOwner for NumbersSession {
    type Move = NumbersMove;
    type Effect = Effect<NumbersJob>;

    fn moves(&mut self) -> &mut PathHistory<NumbersMove> {
        &mut self.core.moves
    }

    fn apply_move(&mut self, made: &NumbersMove) {
        match made {
            NumbersMove::Lay { square, number, .. } => {
                let _ = self.play.place(*square, *number);
            }
            NumbersMove::TakeBack { square, .. } => {
                let _ = self.play.remove(*square);
            }
            NumbersMove::Mark { square, number } => self.toggle_mark(*square, *number),
            NumbersMove::Replace { after, .. } => self.show(after),
        }
    }

    fn revert_move(&mut self, made: &NumbersMove) {
        match made {
            NumbersMove::Lay { square, before, .. } => {
                let _ = match before {
                    Some(before) => self.play.place(*square, *before).map(|_| ()),
                    None => self.play.remove(*square).map(|_| ()),
                };
            }
            NumbersMove::TakeBack { square, number } => {
                let _ = self.play.place(*square, *number);
            }
            NumbersMove::Mark { square, number } => self.toggle_mark(*square, *number),
            NumbersMove::Replace { before, .. } => self.show(before),
        }
    }

    fn history_moved(&mut self, _made: &NumbersMove) -> Vec<Effect<NumbersJob>> {
        self.core.touch();
        Vec::new()
    }
}

impl NumbersSession {
    /// Shows the game `(play, source)`; the solution is kept when the
    /// puzzle stays the same.
    fn show(&mut self, (play, source, marks): &(Play, Source, Marks)) {
        if play.puzzle() != self.play.puzzle() {
            self.solution = None;
            self.made = None;
        }
        // Another game, or the same one started over, is timed anew.
        self.clock = Clock::default();
        self.helped = false;
        self.play = play.clone();
        self.source = source.clone();
        self.marks = marks.clone();
        self.link = to_link(self.play.puzzle());
    }
}

impl Timeline for NumbersSession {
    fn can_step_back(&self) -> bool {
        false
    }

    fn can_step_forward(&self) -> bool {
        false
    }

    fn step_back(&mut self) {}

    fn step_forward(&mut self) {}

    fn position(&self) -> (usize, usize) {
        (0, 0)
    }

    fn playback(&mut self) -> &mut Playback {
        &mut self.core.playback
    }
}

impl Session for NumbersSession {
    type Command = NumbersCommand;
    type Place = Square;
    type Job = NumbersJob;
    type Report = NumbersReport;
    type JobKind = JobKind;
    const FINDS: Finds = Finds::Solutions;

    fn core(&self) -> &Core<NumbersCommand, NumbersMove, JobKind, Square> {
        &self.core
    }

    fn core_mut(&mut self) -> &mut Core<NumbersCommand, NumbersMove, JobKind, Square> {
        &mut self.core
    }

    fn common(command: &NumbersCommand) -> Option<Common> {
        match *command {
            NumbersCommand::Common(common) => Some(common),
            _ => None,
        }
    }

    fn can_own(&self, command: &NumbersCommand) -> bool {
        let laid = || {
            let puzzle = self.play.puzzle();
            self.board()
                .squares()
                .any(|square| puzzle.given(square).is_none() && self.play.number(square).is_some())
        };
        match command {
            NumbersCommand::Restart => laid(),
            NumbersCommand::Hint | NumbersCommand::Check => !self.play.is_solved(),
            _ => true,
        }
    }

    /// Nothing the mode runs is long enough to ask before stopping it.
    fn interruption(&self, _command: &NumbersCommand) -> Option<String> {
        None
    }

    fn perform(&mut self, command: NumbersCommand) -> Vec<Effect<NumbersJob>> {
        match command {
            NumbersCommand::Click(square) => self.click(square, None),
            NumbersCommand::Lay { square, number } => self.click(square, Some(number)),
            NumbersCommand::Mark { square, number } => self.mark(square, number),
            NumbersCommand::Generate(request) => {
                self.start(JobKind::Generate, NumbersJob::Generate(request))
            }
            NumbersCommand::Hint => self.hint(),
            NumbersCommand::CopyLink => {
                let link = gridtour::numbers::link::to_link(self.play.puzzle());
                let length = link.chars().count();
                self.core.notice = Some(Notice::info(move || {
                    tr!("numbers-link-copied", length = length)
                }));
                vec![Effect::Copy(link)]
            }
            NumbersCommand::LoadExample(index) => match example(index) {
                Some((read, _)) => self.load(read, Source::Example(index)),
                None => Vec::new(),
            },
            NumbersCommand::OpenFromShelf(link) => {
                let name = self.shelf.get(&link).map(|record| record.name.clone());
                match (gridtour::numbers::link::parse(&link), name) {
                    (Ok(puzzle), Some(name)) => {
                        let read = ReadPuzzle {
                            puzzle,
                            solution: None,
                        };
                        self.load(read, Source::of_shelf_name(&name))
                    }
                    _ => {
                        self.core.notice = Some(Notice::error(|| tr!("not-on-shelf").to_owned()));
                        Vec::new()
                    }
                }
            }
            NumbersCommand::Check => match self.play.broken().first() {
                Some(rule) => {
                    self.find(Finding::Broken(*rule, Asked::Check));
                    Vec::new()
                }
                None => {
                    let givens: Vec<(Square, u32)> = self
                        .board()
                        .squares()
                        .filter_map(|square| self.play.number(square).map(|n| (square, n)))
                        .collect();
                    let puzzle = self.play.puzzle();
                    match NumbersPuzzle::new(puzzle.board().clone(), puzzle.kind(), &givens) {
                        Ok(as_given) => self.start(JobKind::Finish, NumbersJob::Finish(as_given)),
                        Err(_) => Vec::new(),
                    }
                }
            },
            NumbersCommand::Restart => {
                let fresh = Play::new(self.play.puzzle().clone());
                self.replace(fresh, self.source.clone());
                Vec::new()
            }
            // The shared pipeline carries these out.
            NumbersCommand::Common(_) => Vec::new(),
        }
    }

    /// The mode shows no paths.
    fn show_path(&mut self, _path: &[Square], _shown: usize) {}

    fn job_item(&mut self, _report: NumbersReport) {}

    fn job_done(&mut self, report: NumbersReport, label: Said, progress: Progress) {
        self.core.running = None;
        let mut how = How::Done;
        match report {
            NumbersReport::Generated {
                result: Ok(Generated { puzzle, solution }),
                request,
            } => {
                let seed = request.seed;
                self.replace(Play::new(puzzle), Source::Generated(seed));
                self.solution = Some(solution);
                self.put_on_shelf();
                if let Some(level) = request.level {
                    self.shelf.rated(&self.link, level.name());
                }
                self.made = Some(Said::new(move || {
                    tr!("numbers-generated", request = request.words())
                }));
            }
            NumbersReport::Generated {
                result: Err(error),
                request,
            } => {
                let seed = request.seed;
                self.core.notice = Some(Notice::error(move || {
                    tr!("generate-failed", seed = seed, error = error.to_string())
                }));
                how = How::Failed;
            }
            NumbersReport::Solved(solution) => {
                let waiting = std::mem::take(&mut self.hint_waiting);
                match solution {
                    Some(solution) => {
                        self.solution = Some(solution);
                        if waiting {
                            self.hint();
                        }
                    }
                    None => {
                        self.find(Finding::NoSolution);
                        how = How::NoSolution;
                    }
                }
            }
            NumbersReport::Finishable(yes) => self.find(if yes {
                Finding::CanFinish
            } else {
                Finding::DeadEnd
            }),
        }
        self.core.last_job = Some(JobEnd {
            label,
            how,
            progress,
        });
    }

    fn job_cut_short(&mut self, kind: JobKind, _end: &JobEnd) {
        if kind == JobKind::Solve {
            self.hint_waiting = false;
        }
    }
}

#[cfg(test)]
#[path = "session_tests.rs"]
mod tests;
