//! The work of every mode, as the one job slot of the window runs it: a
//! job asked for by a mode, and its report, tagged by the mode.

use gridtour::job::{Control, Outcome};

use super::goishi::work::{GoishiJob, GoishiReport};
use super::jobs::Task;
use super::knight::work::{KnightJob, KnightReport};
use super::said::Said;
use crate::app::mode::Mode;

/// A job a session asked for.
#[derive(Debug, Clone, PartialEq)]
pub enum Work {
    /// A knight's tour search, count or analysis.
    Knight(KnightJob),
    /// A Goishi search, count or generation.
    Goishi(GoishiJob),
}

/// What a job reports, streamed or at its end, for the session that asked.
#[derive(Debug)]
pub enum Report {
    /// For the knight's tour session.
    Knight(KnightReport),
    /// For the Goishi session.
    Goishi(GoishiReport),
}

impl Report {
    /// The mode whose session the report is for.
    pub fn owner(&self) -> Mode {
        match self {
            Report::Knight(_) => Mode::Knight,
            Report::Goishi(_) => Mode::Goishi,
        }
    }
}

impl Task for Work {
    type Report = Report;

    fn owner(&self) -> Mode {
        match self {
            Work::Knight(_) => Mode::Knight,
            Work::Goishi(_) => Mode::Goishi,
        }
    }

    fn label(&self) -> Said {
        match self {
            Work::Knight(job) => job.label(),
            Work::Goishi(job) => job.label(),
        }
    }

    fn run(self, control: &Control, emit: &(dyn Fn(Report) -> bool + Sync)) -> Option<Report> {
        match self {
            Work::Knight(job) => match job.run(control, &|report| emit(Report::Knight(report))) {
                Outcome::Done(report) => Some(Report::Knight(report)),
                Outcome::Cancelled => None,
            },
            Work::Goishi(job) => match job.run(control, &|report| emit(Report::Goishi(report))) {
                Outcome::Done(report) => Some(Report::Goishi(report)),
                Outcome::Cancelled => None,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use gridtour::knight::{Board, TourKind};

    use super::*;
    use crate::app::jobs::{JobSlot, Update};

    fn count_job(side: u32) -> Work {
        Work::Knight(KnightJob::Count {
            board: Board::new(side, side).expect("board"),
            start: None,
            kind: TourKind::Open,
        })
    }

    #[test]
    fn a_new_job_replaces_the_old_one_whose_result_never_arrives() {
        let mut slot = JobSlot::<Work>::default();
        assert!(slot.start(count_job(8), |_| {}).is_none());
        let replaced = slot
            .start(count_job(5), |_| {})
            .expect("the 8x8 count was running");
        assert_eq!(replaced.owner, Mode::Knight);
        assert!(
            replaced.label.words().contains("open"),
            "{}",
            replaced.label
        );
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut finished = Vec::new();
        while slot.owner().is_some() {
            assert!(Instant::now() < deadline, "the 5x5 count did not end");
            for update in slot.poll() {
                if let Update::Finished { result, .. } = update {
                    finished.push(result);
                }
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        match finished.as_slice() {
            [Some(Report::Knight(KnightReport::Counted(count)))] => assert_eq!(count.tours, 864),
            other => panic!("expected the 5x5 count alone: {other:?}"),
        }
    }
}
