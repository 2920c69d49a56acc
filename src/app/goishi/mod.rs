//! The Goishi Hiroi mode: its session (no egui), the work it runs on
//! worker threads, and its UI, joined to the window as one pane.

pub mod command;
pub mod session;
pub mod settings;
pub mod shelf;
pub mod ui;
pub mod work;

use gridtour::output::Subject;

use super::pane::WindowMode;
use super::session::Session;
use super::settings::{Settings, ViewSettings};
use super::work::{Report, Work};
use crate::app::app_command::AppCommand;
use crate::app::goishi::settings::GoishiSettings;
use crate::app::mode::Mode;
use command::GoishiCommand;
use gridtour::tr;
use session::GoishiSession;
use work::GoishiJob;

impl WindowMode for GoishiSession {
    const MODE: Mode = Mode::Goishi;
    type Settings = GoishiSettings;

    fn settings(settings: &mut Settings) -> (&mut GoishiSettings, &mut ViewSettings) {
        (&mut settings.goishi, &mut settings.view)
    }

    fn restore(settings: &GoishiSettings) -> Self {
        GoishiSession::new(settings)
    }

    fn wrap(command: GoishiCommand) -> AppCommand {
        AppCommand::Goishi(command)
    }

    fn unwrap(command: &AppCommand) -> Option<&GoishiCommand> {
        match command {
            AppCommand::Goishi(command) => Some(command),
            _ => None,
        }
    }

    fn work(job: GoishiJob) -> Work {
        Work::Goishi(job)
    }

    fn report(report: Report) -> Option<work::GoishiReport> {
        match report {
            Report::Goishi(report) => Some(report),
            Report::Knight(_) => None,
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
