//! The registry of the window's modes: one line per game, naming its
//! folder, its session and its UI. Everything the window needs to hold
//! every mode (which mode is shown, their commands, jobs and reports,
//! their saved settings, their panes) is made from that list by
//! [`modes!`], so a new game is its folder plus one line here (and its
//! words in the Fluent files). The folder holds the mode's session, UI,
//! commands, work and settings, and its rules for Help as `rules.md` and
//! `rules.ja.md`.

use eframe::egui;
use gridtour::i18n::Language;
use gridtour::job::{Control, Outcome};
use serde::{Deserialize, Serialize};

use super::app_command::AppCommand;
use super::command::{Command, Shortcut};
use super::jobs::Task;
use super::pane::{ModePane, ModeUi, Pane, WindowMode};
use super::said::Said;
use super::session::Session;
use super::settings::{Settings, ViewSettings};

/// How a mode's session sits among the others: the parts of the window's
/// own types that are its. Implemented for every mode by [`modes!`].
pub trait Registered: WindowMode {
    /// The mode's own settings in `settings`, with the drawing ones.
    fn settings(settings: &mut Settings) -> (&mut Self::Settings, &mut ViewSettings);
    /// `command` as the window's.
    fn wrap(command: Self::Command) -> AppCommand;
    /// The mode's own command, if `command` is one.
    fn unwrap(command: &AppCommand) -> Option<&Self::Command>;
    /// `job` as the window's work.
    fn work(job: Self::Job) -> Work;
    /// The mode's own report, if `report` is one.
    fn report(report: Report) -> Option<Self::Report>;
}

/// Makes the window's types of modes from one list: each entry is the
/// mode's doc line, its name, its folder, and its session and UI there.
macro_rules! modes {
    ($( #[doc = $doc:literal] $mode:ident : $folder:ident :: { $session:ident, $ui:ident } ; )+) => {
        $( pub mod $folder; )+

        /// Which game the window shows.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
        pub enum Mode {
            $( #[doc = $doc] $mode, )+
        }

        impl Mode {
            /// Every mode, in the order of the window's mode bar.
            pub const ALL: [Mode; [$(Mode::$mode),+].len()] = [$(Mode::$mode),+];

            /// The mode's name, as its tab shows it.
            pub fn label(self) -> &'static str {
                match self {
                    $( Mode::$mode => <$folder::$session as WindowMode>::name(), )+
                }
            }

            /// The line a first run shows above the mode.
            pub fn welcome(self) -> &'static str {
                match self {
                    $( Mode::$mode => <$folder::$session as WindowMode>::welcome(), )+
                }
            }

            /// How the mode's game is played, in `language`, as Help shows
            /// it: `rules.md` in the mode's folder, `rules.ja.md` in
            /// Japanese, each a Markdown text of headings, paragraphs and
            /// lists.
            pub fn rules(self, language: Language) -> &'static str {
                match (self, language) {
                    $(
                        (Mode::$mode, Language::English) => {
                            include_str!(concat!("modes/", stringify!($folder), "/rules.md"))
                        }
                        (Mode::$mode, Language::Japanese) => {
                            include_str!(concat!("modes/", stringify!($folder), "/rules.ja.md"))
                        }
                    )+
                }
            }

            /// A small picture of the game, drawn beside its rules.
            pub fn rules_picture(self, ui: &mut egui::Ui) {
                match self {
                    $( Mode::$mode => {
                        <$folder::$ui as ModeUi<$folder::$session>>::rules_picture(ui)
                    } )+
                }
            }

            /// The picture named `name` that the rules ask for.
            pub fn rules_figure(self, ui: &mut egui::Ui, name: &str) {
                match self {
                    $( Mode::$mode => {
                        <$folder::$ui as ModeUi<$folder::$session>>::rules_figure(ui, name)
                    } )+
                }
            }
        }

        impl Default for Mode {
            fn default() -> Self {
                Mode::ALL[0]
            }
        }

        /// A command of one of the modes.
        #[derive(Debug, Clone, PartialEq)]
        pub enum ModeCommand {
            $( #[doc = $doc] $mode(<$folder::$session as Session>::Command), )+
        }

        impl ModeCommand {
            /// The mode whose command it is.
            pub fn mode(&self) -> Mode {
                match self {
                    $( ModeCommand::$mode(_) => Mode::$mode, )+
                }
            }
        }

        impl Command for ModeCommand {
            fn label(&self) -> &'static str {
                match self {
                    $( ModeCommand::$mode(command) => command.label(), )+
                }
            }

            fn description(&self) -> &'static str {
                match self {
                    $( ModeCommand::$mode(command) => command.description(), )+
                }
            }

            fn shortcuts(&self) -> &'static [Shortcut] {
                match self {
                    $( ModeCommand::$mode(command) => command.shortcuts(), )+
                }
            }
        }

        /// A job a mode's session asked for.
        #[derive(Debug, Clone, PartialEq)]
        pub enum Work {
            $( #[doc = $doc] $mode(<$folder::$session as Session>::Job), )+
        }

        /// What a job reports, streamed or at its end, for the session
        /// that asked.
        #[derive(Debug)]
        pub enum Report {
            $( #[doc = $doc] $mode(<$folder::$session as Session>::Report), )+
        }

        impl Report {
            /// The mode whose session the report is for.
            pub fn owner(&self) -> Mode {
                match self {
                    $( Report::$mode(_) => Mode::$mode, )+
                }
            }
        }

        impl Task for Work {
            type Report = Report;

            fn owner(&self) -> Mode {
                match self {
                    $( Work::$mode(_) => Mode::$mode, )+
                }
            }

            fn label(&self) -> Said {
                match self {
                    $( Work::$mode(job) => job.label(), )+
                }
            }

            fn run(
                self,
                control: &Control,
                emit: &(dyn Fn(Report) -> bool + Sync),
            ) -> Option<Report> {
                match self {
                    $( Work::$mode(job) => {
                        match job.run(control, &|report| emit(Report::$mode(report))) {
                            Outcome::Done(report) => Some(Report::$mode(report)),
                            Outcome::Cancelled => None,
                        }
                    } )+
                }
            }
        }

        /// Every mode's own settings, each under its folder's name.
        #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
        #[serde(default)]
        pub struct ModeSettings {
            $( #[doc = $doc] pub $folder: <$folder::$session as WindowMode>::Settings, )+
        }

        impl ModeSettings {
            /// Takes in what each mode keeps of another window's save.
            pub fn merge_from(&mut self, theirs: ModeSettings) {
                $( <$folder::$session as WindowMode>::merge_saved(&mut self.$folder, theirs.$folder); )+
            }

            /// Each mode's members that a merge takes whole from one
            /// window, as paths in the state file.
            pub fn together() -> Vec<Vec<String>> {
                [$(
                    <$folder::$session as WindowMode>::saved_together()
                        .iter()
                        .map(|member| format!("{}.{member}", stringify!($folder)))
                        .collect::<Vec<String>>(),
                )+]
                .into_iter()
                .filter(|group| !group.is_empty())
                .collect()
            }

            /// Whether `mode`'s settings are the same here and in `other`.
            pub fn same_for(&self, other: &ModeSettings, mode: Mode) -> bool {
                match mode {
                    $( Mode::$mode => self.$folder == other.$folder, )+
                }
            }

            /// Takes `mode`'s settings from `other`.
            pub fn take_for(&mut self, other: &ModeSettings, mode: Mode) {
                match mode {
                    $( Mode::$mode => self.$folder = other.$folder.clone(), )+
                }
            }
        }

        /// Every mode's pane, each under its folder's name.
        pub struct Panes {
            $( #[doc = $doc] pub $folder: ModePane<$folder::$session, $folder::$ui>, )+
        }

        impl Panes {
            /// Every mode as `settings` left it.
            pub fn new(settings: &mut Settings) -> Self {
                Self { $( $folder: ModePane::new(settings), )+ }
            }

            /// The pane of `mode`.
            pub fn get(&self, mode: Mode) -> &dyn Pane {
                match mode {
                    $( Mode::$mode => &self.$folder, )+
                }
            }

            /// The pane of `mode`, to change it.
            pub fn get_mut(&mut self, mode: Mode) -> &mut dyn Pane {
                match mode {
                    $( Mode::$mode => &mut self.$folder, )+
                }
            }
        }

        $(
            impl Registered for $folder::$session {
                fn settings(settings: &mut Settings) -> (&mut Self::Settings, &mut ViewSettings) {
                    (&mut settings.modes.$folder, &mut settings.view)
                }

                fn wrap(command: Self::Command) -> AppCommand {
                    AppCommand::Mode(ModeCommand::$mode(command))
                }

                fn unwrap(command: &AppCommand) -> Option<&Self::Command> {
                    match command {
                        AppCommand::Mode(ModeCommand::$mode(command)) => Some(command),
                        _ => None,
                    }
                }

                fn work(job: Self::Job) -> Work {
                    Work::$mode(job)
                }

                fn report(report: Report) -> Option<Self::Report> {
                    #[allow(irrefutable_let_patterns)]
                    if let Report::$mode(report) = report { Some(report) } else { None }
                }
            }
        )+
    };
}

modes! {
    /// Knight's tours on a chessboard.
    Knight: knight::{KnightSession, KnightUi};
    /// Goishi Hiroi stone-pickup puzzles.
    Goishi: goishi::{GoishiSession, GoishiUi};
    /// Knight's tour puzzles: numbered tours to fill in.
    Numbers: numbers::{NumbersSession, NumbersUi};
}

impl From<ModeCommand> for AppCommand {
    fn from(command: ModeCommand) -> Self {
        AppCommand::Mode(command)
    }
}

#[cfg(test)]
mod tests {
    use web_time::{Duration, Instant};

    use gridtour::knight::{Board, TourKind};

    use super::knight::work::{KnightJob, KnightReport};
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

    #[test]
    fn every_mode_has_its_name_welcome_and_rules_in_each_language() {
        for mode in Mode::ALL {
            assert!(!mode.label().is_empty());
            assert!(!mode.welcome().is_empty());
            let texts = Language::ALL.map(|language| mode.rules(language));
            for text in texts {
                assert!(text.starts_with("# "), "{mode:?}: {text:.40}");
            }
            assert_ne!(
                texts[0], texts[1],
                "{mode:?} has one text for two languages"
            );
        }
    }

    #[test]
    fn a_mode_command_goes_to_its_mode_alone() {
        use super::goishi::command::GoishiCommand;
        let command = AppCommand::from(ModeCommand::Goishi(GoishiCommand::Hint));
        assert!(<goishi::GoishiSession as Registered>::unwrap(&command).is_some());
        assert!(<knight::KnightSession as Registered>::unwrap(&command).is_none());
    }
}
