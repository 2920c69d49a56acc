//! The knight's tour mode: its session (no egui), the work it runs on
//! worker threads, and its UI, joined to the window as one pane.

pub mod command;
mod lanes;
mod pruning_pictures;
pub mod session;
pub mod settings;
pub mod ui;
pub mod work;

pub use session::KnightSession;
pub use ui::KnightUi;

use gridtour::document::Document;
use gridtour::knight::TourKind;
use gridtour::output::Subject;
use gridtour::tr;

use super::super::command::Effect;
use super::super::pane::WindowMode;
use super::super::session::Session;
use settings::KnightSettings;
use work::KnightJob;

impl WindowMode for KnightSession {
    type Settings = KnightSettings;

    fn name() -> &'static str {
        tr!("mode-knight")
    }

    fn welcome() -> &'static str {
        tr!("welcome")
    }

    /// The board, its blocked squares and the walk on it.
    fn saved_together() -> &'static [&'static str] {
        &["width", "height", "blocked", "walk", "walk_shown"]
    }

    fn restore(settings: &KnightSettings) -> Self {
        KnightSession::new(settings)
    }

    fn open(&mut self, document: Document, source: &str) -> Result<Vec<Effect<KnightJob>>, Document> {
        match document {
            Document::Tour(tour) => Ok(self.load_tour(tour, source)),
            Document::KnightLink(link) => Ok(self.load_link(link, source)),
            other => Err(other),
        }
    }

    fn summary(&self) -> String {
        self.summary()
    }

    fn result(&self) -> Option<String> {
        self.count()
    }

    fn title(&self) -> String {
        let board = self.board();
        let size = format!("{}x{}", board.width(), board.height());
        match self.kind() {
            TourKind::Open => tr!("title-knight-open", size = size),
            TourKind::Closed => tr!("title-knight-closed", size = size),
        }
    }

    fn subject(&self) -> Result<(Subject, String), String> {
        let tour = self.tour().ok_or(tr!("nothing-to-export").to_owned())?;
        let name = format!("knight-{}x{}", tour.board.width(), tour.board.height());
        Ok((Subject::Tour(tour), name))
    }

    fn remember(&self, settings: &mut KnightSettings) {
        KnightSession::remember(self, settings);
    }

    fn shown(&self) -> (u64, usize) {
        (self.core().revision, self.walk().len())
    }
}
