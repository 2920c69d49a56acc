//! The Goishi Hiroi mode without its window: the puzzle, the history of
//! stone edits and picks, the answers, the job it waits for. It changes
//! only through [`GoishiSession::apply`] (and the job reports the window
//! passes on), so everything a person can do here is testable as plain
//! unit tests.
//!
//! The pick order on show (a solution, one browsed from a count, or the
//! picks of a person playing) is the trailing run of `Pick` moves of the
//! history, and its picks still to be replayed are the `Pick` moves just
//! after the cursor.

use web_time::{Duration, Instant};

use gridtour::english::group_digits;
use gridtour::goishi::format::{self, Loaded};
use gridtour::goishi::{self, Game, Point, Puzzle};
use gridtour::job::Progress;

use crate::app::command::{Effect, Step};
use crate::app::modes::goishi::command::{GoishiCommand, GoishiMove, Interaction, PuzzleChange};
use crate::app::modes::goishi::settings::GoishiSettings;
use crate::app::clock::{Clock, clock_text};
use crate::app::shelf::{Record, Shelf, generated_name};
use crate::app::modes::goishi::work::{GoishiJob, GoishiReport, Outlook};
use crate::app::jobs::{How, JobEnd};
use crate::app::notice::Notice;
use crate::app::said::Said;
use crate::app::session::{Common, Core, Finds, Session};
use crate::app::timeline::{MoveOwner, PathHistory, Playback, Timeline, places};
use gridtour::message::cut_name;
use gridtour::tr;

/// The longest puzz.link URL of a puzzle the shelf keeps: a board of about
/// 100 x 100 points.
const SHELF_URL_MAX: usize = 2_000;

/// The example a first run shows: a puzzle with one solution, to play.
pub const FIRST_EXAMPLE: usize = 1;

/// The puzzles of `assets/goishi/`, built into the program so that a first
/// look needs no file: the classic example first.
pub const EXAMPLES: &[(&str, &str)] = &[
    (
        "seed-example.txt",
        include_str!("../../../../assets/goishi/seed-example.txt"),
    ),
    (
        "cross-unique.txt",
        include_str!("../../../../assets/goishi/cross-unique.txt"),
    ),
    (
        "four-solutions-4x4.txt",
        include_str!("../../../../assets/goishi/four-solutions-4x4.txt"),
    ),
    (
        "unique-6x6-10stones.txt",
        include_str!("../../../../assets/goishi/unique-6x6-10stones.txt"),
    ),
    (
        "unique-10x10-30stones.txt",
        include_str!("../../../../assets/goishi/unique-10x10-30stones.txt"),
    ),
    (
        "unique-12x12-35stones.txt",
        include_str!("../../../../assets/goishi/unique-12x12-35stones.txt"),
    ),
    (
        "unique-60x60-200stones.txt",
        include_str!("../../../../assets/goishi/unique-60x60-200stones.txt"),
    ),
    (
        "walk-25x25-100stones.txt",
        include_str!("../../../../assets/goishi/walk-25x25-100stones.txt"),
    ),
];

/// What a player asked of the adviser.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Asked {
    Hint,
    Check,
}

/// Which of the mode's jobs runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JobKind {
    Solve,
    Watch,
    Rate,
    Count,
    Unique,
    Generate,
}

/// The Goishi Hiroi mode.
pub struct GoishiSession {
    puzzle: Puzzle,
    /// Where the puzzle came from, for the heading.
    source: String,
    interaction: Interaction,
    /// The picks on show: the trailing picks of the done moves.
    game: Game,
    /// The answer to the last count or uniqueness check.
    answer: Option<Said>,
    /// In play mode, whether the position can still be finished, once the
    /// adviser has said so.
    outlook: Option<Outlook>,
    /// The picks the adviser was last asked about.
    advised: Option<Vec<Point>>,
    /// What was asked of the adviser and waits for its answer.
    waiting: Option<Asked>,
    /// The hint on show: the picks it is for, and the stone to pick.
    hint: Option<(Vec<Point>, Point)>,
    /// What every mode has: history, notice, job, question, playback.
    core: Core<GoishiCommand, GoishiMove, JobKind, Point>,
    /// The clock of the game in play.
    clock: Clock,
    /// The time of the game just solved, with the best before it.
    solved_in: Option<(Duration, Option<Duration>)>,
    /// Whether the game in play took a hint: its time is no record.
    helped: bool,
    /// The puzzles met.
    shelf: Shelf,
    /// The puzzle's puzz.link URL, its name on the shelf: made again
    /// whenever the puzzle changes, not on every frame that asks.
    url: String,
}

impl GoishiSession {
    /// The mode as the settings left it: the puzzle on show (the classic
    /// example on the first run) and its last pick order, if it still fits.
    pub fn new(settings: &GoishiSettings) -> Self {
        let (puzzle, source) = match &settings.puzzle {
            Some(url) => match format::parse_url(url) {
                Ok(puzzle) => {
                    let source = settings.source.as_deref().map(cut_name);
                    (
                        puzzle,
                        source.unwrap_or_else(|| tr!("last-sessions-puzzle").to_owned()),
                    )
                }
                Err(_) => (
                    example(FIRST_EXAMPLE).puzzle,
                    EXAMPLES[FIRST_EXAMPLE].0.to_owned(),
                ),
            },
            None => (
                example(FIRST_EXAMPLE).puzzle,
                EXAMPLES[FIRST_EXAMPLE].0.to_owned(),
            ),
        };
        let interaction = match settings.interaction {
            _ if puzzle.stone_count() == 0 => Interaction::Edit,
            Some(interaction) => interaction,
            None => Interaction::View,
        };
        let mut session = Self {
            game: Game::new(puzzle.clone()),
            puzzle,
            source,
            interaction,
            answer: None,
            outlook: None,
            advised: None,
            waiting: None,
            hint: None,
            core: Core::default(),
            clock: Clock::default(),
            solved_in: None,
            helped: false,
            shelf: Shelf::from_records(settings.shelf.clone()),
            url: String::new(),
        };
        session.url = format::to_url(&session.puzzle);
        for (index, &(name, _)) in EXAMPLES.iter().enumerate() {
            let puzzle = example(index).puzzle;
            let size = (puzzle.width(), puzzle.height());
            let url = format::to_url(&puzzle);
            session.shelf.stock(&url, name, size, puzzle.stone_count());
        }
        session.put_on_shelf();
        let order: Vec<Point> = settings
            .order
            .iter()
            .map(|&[x, y]| Point::new(x, y))
            .collect();
        if !order.is_empty() && goishi::validate_prefix(&session.puzzle, &order).is_ok() {
            session.show_path(&order, settings.order_shown);
            session.take_up_the_clock(settings.clock);
        }
        session
    }

    /// Writes what should be found again next run into `settings`.
    pub fn remember(&self, settings: &mut GoishiSettings) {
        settings.puzzle = Some(self.url.clone());
        settings.source = Some(self.source.clone());
        settings.shelf = self.shelf.records().to_vec();
        settings.interaction = Some(self.interaction);
        settings.order = self.line().iter().map(|p| [p.x, p.y]).collect();
        settings.order_shown = self.game.picks().len();
        settings.clock = self.clock.saved(Instant::now(), self.helped);
    }

    // ----- reading the state -----

    /// The puzzle on the board.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// Where the puzzle came from, in words.
    pub fn source(&self) -> String {
        source_words(&self.source)
    }

    /// What clicks do.
    pub fn interaction(&self) -> Interaction {
        self.interaction
    }

    /// The picks shown.
    pub fn picks(&self) -> &[Point] {
        self.game.picks()
    }

    /// The whole order on show: the picks shown and those to be replayed.
    pub fn line(&self) -> Vec<Point> {
        let ahead = places(self.core.moves.ahead());
        self.game.picks().iter().copied().chain(ahead).collect()
    }

    /// The stones that may be picked next.
    pub fn legal_picks(&self) -> Vec<Point> {
        self.game.legal_picks()
    }

    /// The stone a hint suggests picking next, while it applies.
    pub fn hint(&self) -> Option<Point> {
        self.hint
            .as_ref()
            .filter(|(picks, _)| picks == self.game.picks())
            .map(|&(_, stone)| stone)
    }

    /// The answer to the last count or uniqueness check.
    pub fn answer(&self) -> Option<String> {
        self.answer.as_ref().map(Said::words)
    }

    // ----- commands -----

    fn refuse(&mut self, reason: String) -> Vec<Effect<GoishiJob>> {
        self.core.notice = Some(Notice::error(move || reason.clone()));
        Vec::new()
    }

    fn start(&mut self, kind: JobKind, job: GoishiJob) -> Vec<Effect<GoishiJob>> {
        if kind != JobKind::Generate {
            self.core.found.clear();
        }
        self.core.running = Some(kind);
        vec![Effect::Start(job)]
    }

    fn click(&mut self, point: Point) -> Vec<Effect<GoishiJob>> {
        match self.interaction {
            Interaction::View => Vec::new(),
            Interaction::Edit => self.change_puzzle(PuzzleChange::Flip(vec![point])),
            Interaction::Play => {
                if self.game.is_complete() && self.puzzle.stone_count() > 0 {
                    return self.refuse(tr!("every-stone-picked").to_owned());
                }
                match self.game.try_pick(point) {
                    Ok(()) => {
                        // The pick is made: only its record is left to do.
                        self.core.playback.stop();
                        self.core.moves.record(GoishiMove::Step(point));
                        self.core.touch();
                        self.time_the_game();
                        Vec::new()
                    }
                    Err(violation) => {
                        let rule = violation.to_string();
                        self.refuse(tr!("not-allowed", rule = rule))
                    }
                }
            }
        }
    }

    fn replace(&mut self, puzzle: Puzzle, source: String) -> Vec<Effect<GoishiJob>> {
        let before = (self.puzzle.clone(), self.source.clone());
        let effects = self.change_puzzle(PuzzleChange::Replace {
            before,
            after: (puzzle, source),
        });
        self.put_on_shelf();
        effects
    }

    /// Puts `puzzle`, from `source`, on the board.
    fn show_puzzle(&mut self, (puzzle, source): &(Puzzle, String)) {
        self.puzzle = puzzle.clone();
        self.source = source.clone();
    }

    /// Shows a puzzle read from a file, URL or example, with the order it
    /// carried if that order is legal. A puzzle already on the shelf keeps
    /// the name it has there.
    pub fn load(&mut self, loaded: Loaded, source: &str) -> Vec<Effect<GoishiJob>> {
        let known = self.shelf.get(&format::to_url(&loaded.puzzle));
        let source = known.map_or_else(|| source.to_owned(), |record| record.name.clone());
        let source = source.as_str();
        let effects = self.replace(loaded.puzzle, source.to_owned());
        if self.puzzle.stone_count() > 0 && self.interaction == Interaction::Edit {
            self.interaction = Interaction::View;
        }
        let stones = self.puzzle.stone_count();
        let (width, height, opened) = (
            self.puzzle.width(),
            self.puzzle.height(),
            source.to_owned(),
        );
        self.core.notice = Some(Notice::info(move || {
            tr!(
                "opened-puzzle",
                source = opened.as_str(),
                width = width,
                height = height,
                stones = stones
            )
        }));
        if let Some(order) = loaded.order {
            match goishi::validate_prefix(&self.puzzle, &order) {
                Ok(()) => self.show_path(&order, order.len()),
                Err(violation) => {
                    let source = source.to_owned();
                    self.core.notice = Some(Notice::error(move || {
                        tr!(
                            "opened-bad-order",
                            source = source.as_str(),
                            rule = violation.to_string()
                        )
                    }));
                }
            }
        }
        effects
    }

    fn change_puzzle(&mut self, change: PuzzleChange) -> Vec<Effect<GoishiJob>> {
        self.core.playback.stop();
        self.record(GoishiMove::Reset(Box::new(change)));
        self.puzzle_changed()
    }

    /// Forgets what no longer fits the puzzle, and stops the job that
    /// worked on the old one (a generation makes a new puzzle of its own
    /// and goes on).
    fn puzzle_changed(&mut self) -> Vec<Effect<GoishiJob>> {
        self.url = format::to_url(&self.puzzle);
        self.answer = None;
        self.clock = Clock::default();
        self.solved_in = None;
        self.helped = false;
        // The status bar spoke of the old puzzle.
        self.core.last_job = None;
        self.core.found.clear();
        self.core.watch = None;
        // What the adviser said was about the old puzzle, even where the
        // picks happen to be the same.
        self.outlook = None;
        self.hint = None;
        self.waiting = None;
        let mut effects = Vec::new();
        if self.advised.take().is_some() {
            effects.push(Effect::EndAdvice);
        }
        match self.core.running {
            Some(JobKind::Generate) | None => {}
            Some(_) => {
                self.core.running = None;
                effects.push(Effect::Cancel);
            }
        }
        effects
    }

    // ----- the history -----

    fn record(&mut self, made: GoishiMove) {
        self.apply_move(&made);
        self.core.moves.record(made);
        self.core.touch();
    }

    fn flip(&mut self, points: &[Point]) {
        for &point in points {
            if self.puzzle.contains(point) {
                let stone = !self.puzzle.has_stone(point);
                self.puzzle.set_stone(point, stone);
            }
        }
    }

    // ----- job reports -----
}

impl Session for GoishiSession {
    fn watched_board(&self) -> Option<gridtour::render::Scene> {
        let mut scene = gridtour::render::Scene::goishi(&self.puzzle, &[]).with_numbers(true);
        let size = format!("{}x{}", self.puzzle.width(), self.puzzle.height());
        scene.title = Some(tr!("trace-title-goishi", size = size));
        Some(scene)
    }

    type Command = GoishiCommand;
    type Place = Point;
    type Job = GoishiJob;
    type Report = GoishiReport;
    type JobKind = JobKind;
    const FINDS: Finds = Finds::Solutions;

    fn core(&self) -> &Core<GoishiCommand, GoishiMove, JobKind, Point> {
        &self.core
    }

    fn core_mut(&mut self) -> &mut Core<GoishiCommand, GoishiMove, JobKind, Point> {
        &mut self.core
    }

    fn common(command: &GoishiCommand) -> Option<Common> {
        match *command {
            GoishiCommand::Common(common) => Some(common),
            _ => None,
        }
    }

    /// Whether `command` can be given now.
    fn can_own(&self, command: &GoishiCommand) -> bool {
        match command {
            GoishiCommand::Restart => !self.game.picks().is_empty(),
            GoishiCommand::Hint | GoishiCommand::Check => {
                self.interaction == Interaction::Play && !self.game.is_complete()
            }
            GoishiCommand::CountSolutions => self.core.running != Some(JobKind::Count),
            _ => true,
        }
    }

    /// The question to ask before `command`, if it would stop a count.
    fn interruption(&self, command: &GoishiCommand) -> Option<String> {
        if self.core.running != Some(JobKind::Count) {
            return None;
        }
        let action = match command {
            GoishiCommand::Click(_) if self.interaction == Interaction::Edit => {
                tr!("to-edit-stones")
            }
            GoishiCommand::Resize { .. } => tr!("to-resize-puzzle"),
            GoishiCommand::NewBoard { .. } => tr!("to-start-empty"),
            GoishiCommand::LoadUrl(_) | GoishiCommand::LoadExample(_) => tr!("to-open-another"),
            GoishiCommand::Solve
            | GoishiCommand::Watch
            | GoishiCommand::IsUnique
            | GoishiCommand::Rate => {
                tr!("to-search-again")
            }
            GoishiCommand::Generate(_) => tr!("to-generate"),
            GoishiCommand::Common(Common::Step(Step::Undo)) if matches!(self.core.moves.last_done(), Some(GoishiMove::Reset(change)) if **change != PuzzleChange::Keep) =>
            {
                tr!("to-undo-stones-edit")
            }
            GoishiCommand::Common(Common::Step(Step::Redo)) if matches!(self.core.moves.next_undone(), Some(GoishiMove::Reset(change)) if **change != PuzzleChange::Keep) =>
            {
                tr!("to-redo-stones-edit")
            }
            _ => return None,
        };
        Some(tr!("stop-to", what = tr!("count-running"), action = action))
    }

    fn perform(&mut self, command: GoishiCommand) -> Vec<Effect<GoishiJob>> {
        match command {
            GoishiCommand::SetInteraction(interaction) => {
                self.interaction = interaction;
                self.core.playback.stop();
                self.core.touch();
                Vec::new()
            }
            GoishiCommand::Click(point) => self.click(point),
            GoishiCommand::Resize { width, height } => match self.puzzle.resized(width, height) {
                Ok(puzzle) => {
                    let source = self.source.clone();
                    self.replace(puzzle, source)
                }
                Err(error) => self.refuse(error.to_string()),
            },
            GoishiCommand::NewBoard { width, height } => match Puzzle::new(width, height) {
                Ok(puzzle) => self.replace(puzzle, tr!("new-puzzle").to_owned()),
                Err(error) => self.refuse(error.to_string()),
            },
            GoishiCommand::LoadUrl(url) => match format::parse_url(url.trim()) {
                Ok(puzzle) => self.load(Loaded::puzzle_only(puzzle), tr!("puzzle-from-url")),
                Err(error) => self.refuse(error.to_string()),
            },
            GoishiCommand::LoadExample(index) => match EXAMPLES.get(index) {
                Some(&(name, _)) => self.load(example(index), name),
                None => Vec::new(),
            },
            GoishiCommand::Solve => {
                self.start(JobKind::Solve, GoishiJob::Solve(self.puzzle.clone()))
            }
            GoishiCommand::Watch => {
                self.core.watch = None;
                self.answer = Some(Said::new(|| tr!("watching-picks").to_owned()));
                self.core.touch();
                self.start(JobKind::Watch, GoishiJob::Watch(self.puzzle.clone()))
            }
            GoishiCommand::CountSolutions => {
                self.answer = Some(Said::new(|| tr!("counting-solutions").to_owned()));
                self.start(JobKind::Count, GoishiJob::Count(self.puzzle.clone()))
            }
            GoishiCommand::IsUnique => {
                self.answer = Some(Said::new(|| tr!("looking-for-second").to_owned()));
                self.start(JobKind::Unique, GoishiJob::Unique(self.puzzle.clone()))
            }
            GoishiCommand::Generate(request) => {
                let seed = request.seed;
                if let Err(reason) = request.refusal() {
                    let reason = reason.to_string();
                    return self.refuse(tr!("cannot-generate", reason = reason));
                }
                self.answer = Some(Said::new(move || tr!("generating-seed", seed = seed)));
                self.start(JobKind::Generate, GoishiJob::Generate(request))
            }
            GoishiCommand::Hint => {
                self.answer_player(Asked::Hint);
                Vec::new()
            }
            GoishiCommand::Check => {
                self.answer_player(Asked::Check);
                Vec::new()
            }
            GoishiCommand::Rate => {
                self.answer = Some(Said::new(|| tr!("rating").to_owned()));
                self.start(JobKind::Rate, GoishiJob::Rate(self.puzzle.clone()))
            }
            GoishiCommand::CopyUrl => {
                self.core.notice = Some(Notice::info(|| tr!("copied-url").to_owned()));
                vec![Effect::Copy(self.url.clone())]
            }
            GoishiCommand::Restart => {
                self.core.playback.stop();
                self.record(GoishiMove::Reset(Box::new(PuzzleChange::Keep)));
                self.clock = Clock::default();
                self.solved_in = None;
                self.helped = false;
                Vec::new()
            }
            GoishiCommand::OpenFromShelf(url) => {
                let name = self.shelf.get(&url).map(|record| record.name.clone());
                match (format::parse_url(&url), name) {
                    (Ok(puzzle), Some(name)) => {
                        let effects = self.load(Loaded::puzzle_only(puzzle), &name);
                        if self.interaction == Interaction::View {
                            self.interaction = Interaction::Play;
                        }
                        effects
                    }
                    _ => self.refuse(tr!("not-on-shelf").to_owned()),
                }
            }
            // See `Session::perform_common`.
            GoishiCommand::Common(_) => Vec::new(),
        }
    }

    fn after_command(&mut self) -> Vec<Effect<GoishiJob>> {
        self.advice()
    }

    /// Puts `order` on show as new picks, with its first `shown` picks done
    /// and the rest ready to be replayed. `order` must be legal.
    fn show_path(&mut self, order: &[Point], shown: usize) {
        self.core.playback.stop();
        if !self.game.picks().is_empty() || !self.core.moves.ahead().is_empty() {
            self.record(GoishiMove::Reset(Box::new(PuzzleChange::Keep)));
        }
        for &point in order {
            self.record(GoishiMove::Step(point));
        }
        while self.game.picks().len() > shown.max(1) && self.can_step_back() {
            self.step_back();
        }
    }

    /// Takes a solution a count or uniqueness check streamed, or the
    /// adviser's answer.
    fn job_item(&mut self, report: GoishiReport) {
        match report {
            GoishiReport::Found(order) => self.keep_found(order),
            GoishiReport::Watching(steps) => self.core.watch_steps(steps),
            GoishiReport::Outlook(outlook) => {
                if outlook.picks == self.game.picks() {
                    self.outlook = Some(outlook);
                    if let Some(asked) = self.waiting {
                        self.answer_player(asked);
                    }
                }
            }
            // Only ends of the mode's job carry these.
            GoishiReport::Solved(_)
            | GoishiReport::Watched(_)
            | GoishiReport::Rated(_)
            | GoishiReport::Counted(_)
            | GoishiReport::Unique(_)
            | GoishiReport::Generated { .. } => {}
        }
    }

    /// Takes the result of the mode's job.
    fn job_done(&mut self, report: GoishiReport, label: Said, progress: Progress) {
        self.core.running = None;
        let mut how = How::Done;
        let no_solution = || Said::new(|| tr!("no-solution").to_owned());
        match report {
            GoishiReport::Found(_) | GoishiReport::Outlook(_) | GoishiReport::Watching(_) => {}
            GoishiReport::Watched(Some(_)) => {
                self.answer = Some(Said::new(|| tr!("watched-solution").to_owned()));
            }
            GoishiReport::Watched(None) => {
                self.answer = Some(no_solution());
                how = How::NoSolution;
            }
            GoishiReport::Solved(Some(order)) if order.is_empty() => {
                self.answer = Some(Said::new(|| tr!("no-stones-to-pick").to_owned()));
            }
            GoishiReport::Solved(Some(order)) => {
                let picks = order.len() as u64;
                self.answer = Some(Said::new(move || {
                    tr!("solved-picks", picks = group_digits(picks))
                }));
                if self.interaction == Interaction::Edit {
                    self.interaction = Interaction::View;
                }
                self.show_path(&order, 1);
                self.walk_path(Step::Play);
            }
            GoishiReport::Solved(None) => {
                self.answer = Some(no_solution());
                how = How::NoSolution;
            }
            GoishiReport::Rated(rating) => {
                if let Some(rating) = &rating {
                    self.shelf.rated(&self.url, rating.level.name());
                }
                self.answer = Some(match rating {
                    Some(rating) => Said::new(move || rating.to_string()),
                    None => no_solution(),
                });
            }
            GoishiReport::Counted(solutions) => {
                self.answer = Some(match solutions {
                    0 => no_solution(),
                    n => Said::new(move || tr!("solutions", n = n, grouped = group_digits(n))),
                });
            }
            GoishiReport::Unique(found) => {
                self.answer = Some(match found {
                    0 => no_solution(),
                    1 => Said::new(|| tr!("unique").to_owned()),
                    _ => Said::new(|| tr!("not-unique").to_owned()),
                });
            }
            GoishiReport::Generated {
                result: Ok(puzzle),
                request,
            } => {
                let (stones, seed) = (puzzle.stone_count(), request.seed);
                // A player who asked for a new puzzle goes on playing.
                if self.interaction == Interaction::Edit {
                    self.interaction = Interaction::View;
                }
                self.replace(puzzle, generated_name(seed));
                // Generate made it of the level asked for, if one was.
                if let Some(level) = request.difficulty {
                    self.shelf.rated(&self.url, level.name());
                }
                self.answer = Some(Said::new(move || {
                    let level = request.difficulty.map_or_else(String::new, |level| {
                        tr!("generated-of-level", level = level.words())
                    });
                    tr!("generated", stones = stones, level = level, seed = seed)
                }));
            }
            GoishiReport::Generated {
                result: Err(error),
                request,
            } => {
                self.answer = None;
                let seed = request.seed;
                self.core.notice = Some(Notice::error(move || {
                    tr!("generate-failed", seed = seed, error = error.to_string())
                }));
                how = How::Failed;
            }
        }
        self.core.last_job = Some(JobEnd {
            label,
            how,
            progress,
        });
    }

    fn job_cut_short(&mut self, _kind: JobKind, end: &JobEnd) {
        let (label, how) = (end.label.clone(), end.how.clone());
        let kept = self.core.found.position().1;
        self.answer = Some(Said::new(move || match kept {
            0 => tr!("cut-short", label = label.words(), how = how.words()),
            kept => tr!(
                "cut-short-browse",
                label = label.words(),
                how = how.words(),
                kept = group_digits(kept as u64)
            ),
        }));
    }
}

/// The built-in example `index`.
fn example(index: usize) -> Loaded {
    let (name, text) = EXAMPLES[index];
    format::load_bytes(name, text.as_bytes()).expect("the built-in examples parse")
}


mod adviser;
mod history;
mod player;
mod summary;

pub use player::source_words;

#[cfg(test)]
#[path = "session_tests.rs"]
mod tests;
