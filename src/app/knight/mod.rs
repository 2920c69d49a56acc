//! The knight's tour mode: its session (no egui), the work it runs on
//! worker threads, and its UI, joined to the window as one pane.

pub mod command;
pub mod session;
pub mod ui;
pub mod work;

use gridtour::output::Subject;

use super::AppCommand;
use super::command::Step;
use super::pane::WindowMode;
use super::session::{Common, Session};
use super::settings::{Mode, Settings};
use super::work::{Report, Work};
use command::KnightCommand;
use session::KnightSession;
use work::KnightJob;

impl WindowMode for KnightSession {
    const MODE: Mode = Mode::Knight;

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

    fn keyed() -> Vec<KnightCommand> {
        Step::ALL
            .map(|step| KnightCommand::Common(Common::Step(step)))
            .to_vec()
    }

    fn answers() -> [KnightCommand; 2] {
        [
            KnightCommand::Common(Common::Answer(true)),
            KnightCommand::Common(Common::Answer(false)),
        ]
    }

    fn subject(&self) -> Result<(Subject, String), String> {
        let tour = self.tour().ok_or(
            "Nothing to export yet: find a tour, or complete one in play mode.".to_owned(),
        )?;
        let name = format!("knight-{}x{}", tour.board.width(), tour.board.height());
        Ok((Subject::Tour(tour), name))
    }

    fn remember(&self, settings: &mut Settings) {
        KnightSession::remember(self, settings);
    }

    fn shown(&self) -> (u64, usize) {
        (self.core().revision, self.walk().len())
    }
}
