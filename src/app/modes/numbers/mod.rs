//! The knight's tour puzzle mode (numbered tours): its session (no egui),
//! the work it runs on worker threads, and its UI, joined to the window
//! as one pane.

pub mod command;
pub mod session;
pub mod settings;
pub mod ui;
pub mod work;

pub use session::NumbersSession;
use session::Source;
pub use ui::NumbersUi;

use gridtour::document::Document;
use gridtour::knight::{Square, Tour};
use gridtour::output::Subject;
use gridtour::tr;

use super::super::command::{Effect, Step};
use super::super::pane::WindowMode;
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

    /// A solved board exports as its tour.
    fn subject(&self) -> Result<(Subject, String), String> {
        let play = self.play();
        if !play.is_solved() {
            // The puzzle as a sheet to solve, as the command line draws it.
            let board = self.board();
            let name = format!("numbers-puzzle-{}x{}", board.width(), board.height());
            return Ok((Subject::NumbersPuzzle(play.puzzle().clone()), name));
        }
        let board = self.board();
        let mut numbered: Vec<(u32, Square)> = board
            .open_squares()
            .filter_map(|square| play.number(square).map(|number| (number, square)))
            .collect();
        numbered.sort_unstable_by_key(|&(number, _)| number);
        let tour = Tour {
            board: board.clone(),
            kind: play.puzzle().kind(),
            path: numbered.into_iter().map(|(_, square)| square).collect(),
        };
        let name = format!("numbers-{}x{}", board.width(), board.height());
        Ok((Subject::Tour(tour), name))
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
