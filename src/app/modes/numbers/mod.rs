//! The knight's tour puzzle mode (numbered tours): its session (no egui),
//! the work it runs on worker threads, and its UI, joined to the window
//! as one pane.

pub mod command;
pub mod examples;
pub mod session;
pub mod settings;
pub mod source;
pub mod ui;
pub mod work;

pub use session::NumbersSession;
use source::Source;
pub use ui::NumbersUi;

use gridtour::document::Document;
use gridtour::knight::{Board, Square};
use gridtour::numbers;
use gridtour::print::{Game, Recipe, ToPrint};
use gridtour::output::Subject;
use gridtour::tr;

use super::super::command::{Effect, Step};
use super::super::pane::WindowMode;
use super::super::print::PrintChoices;
use super::super::session::Common;
use super::super::session::Session;
use command::NumbersCommand;
use settings::NumbersSettings;
use work::NumbersJob;

impl WindowMode for NumbersSession {
    type Settings = NumbersSettings;

    fn name() -> &'static str {
        tr!("mode-numbers")
    }

    fn welcome() -> &'static str {
        tr!("welcome-numbers")
    }

    fn restore(settings: &NumbersSettings) -> Self {
        NumbersSession::new(settings)
    }

    /// The puzzle on show, the numbers laid on it and the pencil marks.
    fn saved_together() -> &'static [&'static str] {
        &["puzzle", "generated_seed", "source_name", "laid", "marks", "clock"]
    }

    fn merge_saved(mine: &mut NumbersSettings, theirs: NumbersSettings) {
        mine.shelf = crate::app::shelf::merged(&mine.shelf, theirs.shelf);
    }

    fn open(&mut self, document: Document, source: &str) -> Result<Vec<Effect<NumbersJob>>, Document> {
        match document {
            Document::Numbers(read) => Ok(self.load(read, Source::Named(source.to_owned()))),
            other => Err(other),
        }
    }

    /// Undo and redo, Hint and Check: there is no path to play.
    fn keyed() -> Vec<NumbersCommand> {
        [Step::Undo, Step::Redo]
            .map(|step| Common::Step(step).into())
            .into_iter()
            .chain([NumbersCommand::Hint, NumbersCommand::Check])
            .collect()
    }

    fn has_path() -> bool {
        false
    }

    fn in_view(&mut self, in_view: bool) {
        NumbersSession::in_view(self, in_view);
    }

    fn ticking(&self) -> bool {
        self.clock().is_running()
    }

    fn summary(&self) -> String {
        self.summary()
    }

    fn result(&self) -> Option<String> {
        self.finding_words()
    }

    fn title(&self) -> String {
        tr!("title-numbers", source = self.source())
    }

    /// A solved board exports as its tour, carrying the puzzle solved.
    fn subject(&self) -> Result<(Subject, String), String> {
        let board = self.board();
        let puzzle = self.play().puzzle().clone();
        let Some(solution) = solved_numbers(self) else {
            // The puzzle as a sheet to solve, as the command line draws it.
            let name = format!("numbers-puzzle-{}x{}", board.width(), board.height());
            return Ok((Subject::NumbersPuzzle(puzzle), name));
        };
        let name = format!("numbers-{}x{}", board.width(), board.height());
        Ok((Subject::SolvedNumbers { puzzle, solution }, name))
    }

    /// The puzzle on show, with its solution once it is filled in.
    fn to_print(&self, settings: &NumbersSettings) -> Option<PrintChoices> {
        let on_show = ToPrint {
            game: Game::Numbers {
                puzzle: self.play().puzzle().clone(),
                solution: solved_path(self),
            },
            level: None,
            unique: None,
        };
        let level = (!settings.holes).then_some(settings.generated_level());
        // What Generate does not offer, Print does not make either.
        let recipe = work::offered(level, settings.width, settings.height)
            .then(|| Board::new(settings.width, settings.height).ok())
            .flatten()
            .map(|board| Recipe::Numbers {
                board,
                kind: settings.kind(),
                level,
            });
        Some(PrintChoices {
            on_show,
            recipe,
            seed: settings.seed,
        })
    }

    fn remember(&self, settings: &mut NumbersSettings) {
        NumbersSession::remember(self, settings);
    }

    fn shown(&self) -> (u64, usize) {
        // Both only grow, so their sum changes whenever either does.
        (
            self.core().revision + self.shelf().changes(),
            self.core().moves.changes() as usize,
        )
    }

    fn adopt(&mut self, settings: &NumbersSettings) {
        self.adopt_shelf(&settings.shelf);
    }
}

/// The numbers on show, once every square is filled in right.
fn solved_numbers(session: &NumbersSession) -> Option<numbers::Filled> {
    let play = session.play();
    play.is_solved().then(|| {
        session
            .board()
            .squares()
            .map(|square| play.number(square).unwrap_or(0))
            .collect()
    })
}

/// The tour the numbers on show make, once every square is filled in
/// right.
fn solved_path(session: &NumbersSession) -> Option<Vec<Square>> {
    solved_numbers(session).map(|filled| numbers::path_of(session.play().puzzle(), &filled))
}
