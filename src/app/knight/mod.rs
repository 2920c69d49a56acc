//! The knight's tour mode: its session (no egui), the work it runs on
//! worker threads, and its UI, joined to the window as one pane.

pub mod command;
pub mod session;
pub mod settings;
pub mod ui;
pub mod work;

use gridtour::knight::TourKind;
use gridtour::output::Subject;

use super::pane::WindowMode;
use super::session::Session;
use super::settings::{Settings, ViewSettings};
use super::work::{Report, Work};
use crate::app::app_command::AppCommand;
use crate::app::knight::settings::KnightSettings;
use crate::app::mode::Mode;
use command::KnightCommand;
use gridtour::tr;
use session::KnightSession;
use work::KnightJob;

impl WindowMode for KnightSession {
    const MODE: Mode = Mode::Knight;
    type Settings = KnightSettings;

    fn settings(settings: &mut Settings) -> (&mut KnightSettings, &mut ViewSettings) {
        (&mut settings.knight, &mut settings.view)
    }

    fn restore(settings: &KnightSettings) -> Self {
        KnightSession::new(settings)
    }

    fn wrap(command: KnightCommand) -> AppCommand {
        AppCommand::Knight(command)
    }

    fn unwrap(command: &AppCommand) -> Option<&KnightCommand> {
        match command {
            AppCommand::Knight(command) => Some(command),
            _ => None,
        }
    }

    fn work(job: KnightJob) -> Work {
        Work::Knight(job)
    }

    fn report(report: Report) -> Option<work::KnightReport> {
        match report {
            Report::Knight(report) => Some(report),
            Report::Goishi(_) => None,
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
