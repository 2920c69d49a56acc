//! The Goishi Hiroi mode: its session (no egui), the work it runs on
//! worker threads, and its UI, joined to the window as one pane.

pub mod command;
pub mod session;
pub mod settings;
pub mod ui;
pub mod work;

pub use session::GoishiSession;
pub use ui::GoishiUi;

use gridtour::document::Document;
use gridtour::output::Subject;
use gridtour::print::{Game, Recipe, ToPrint};
use gridtour::tr;

use super::super::command::Effect;
use super::super::pane::WindowMode;
use super::super::print::PrintChoices;
use super::super::session::Session;
use command::GoishiCommand;
use settings::GoishiSettings;
use work::GoishiJob;

impl WindowMode for GoishiSession {
    type Settings = GoishiSettings;

    fn name() -> &'static str {
        tr!("mode-goishi")
    }

    fn welcome() -> &'static str {
        tr!("welcome-goishi")
    }

    fn restore(settings: &GoishiSettings) -> Self {
        GoishiSession::new(settings)
    }

    /// The puzzle on show and the picks made on it.
    fn saved_together() -> &'static [&'static str] {
        &["puzzle", "order", "order_shown", "source", "interaction", "clock"]
    }

    fn merge_saved(mine: &mut GoishiSettings, theirs: GoishiSettings) {
        mine.shelf = crate::app::shelf::merged(&mine.shelf, theirs.shelf);
    }

    fn open(&mut self, document: Document, source: &str) -> Result<Vec<Effect<GoishiJob>>, Document> {
        match document {
            Document::Goishi(loaded) => Ok(self.load(loaded, source)),
            other => Err(other),
        }
    }

    fn keyed_own() -> Vec<GoishiCommand> {
        vec![GoishiCommand::Hint, GoishiCommand::Check]
    }

    fn summary(&self) -> String {
        self.summary()
    }

    fn result(&self) -> Option<String> {
        self.answer()
    }

    fn title(&self) -> String {
        tr!("title-goishi", source = self.source())
    }

    fn in_view(&mut self, in_view: bool) {
        GoishiSession::in_view(self, in_view);
    }

    fn ticking(&self) -> bool {
        self.clock().is_running()
    }

    fn subject(&self) -> Result<(Subject, String), String> {
        let puzzle = self.puzzle();
        let name = format!("goishi-{}x{}", puzzle.width(), puzzle.height());
        let subject = Subject::Goishi {
            puzzle: puzzle.clone(),
            order: self.picks().to_vec(),
        };
        Ok((subject, name))
    }

    /// The puzzle on show, with its solution once it is picked whole.
    fn to_print(&self, settings: &GoishiSettings) -> Option<PrintChoices> {
        let puzzle = self.puzzle().clone();
        let picks = self.picks();
        let solved = picks.len() == puzzle.stones().len()
            && gridtour::goishi::validate(&puzzle, picks).is_ok();
        let on_show = ToPrint {
            game: Game::Goishi {
                solution: solved.then(|| picks.to_vec()),
                puzzle,
            },
            level: None,
            unique: None,
        };
        let request = settings.generate_request();
        // What Generate would refuse, Print does not make either.
        let recipe = request.refusal().is_ok().then_some(Recipe::Goishi {
            width: request.width,
            height: request.height,
            stones: request.stones,
            level: request.difficulty,
        });
        Some(PrintChoices {
            on_show,
            recipe,
            seed: request.seed,
        })
    }

    fn remember(&self, settings: &mut GoishiSettings) {
        GoishiSession::remember(self, settings);
    }

    fn shown(&self) -> (u64, usize) {
        // Both only grow, so their sum changes whenever either does.
        (
            self.core().revision + self.shelf().changes(),
            self.picks().len(),
        )
    }

    fn adopt(&mut self, settings: &GoishiSettings) {
        self.adopt_shelf(&settings.shelf);
    }
}
