//! The commands of the window itself, each mode's own inside.

use gridtour::tr;

use super::command::{Command, Key, Shortcut};
use super::modes::{Mode, ModeCommand};
use super::print::SheetTo;

/// The commands of the window itself; each mode's own commands travel
/// inside.
#[derive(Debug, Clone, PartialEq)]
pub enum AppCommand {
    /// Shows a mode.
    Show(Mode),
    /// The Open dialog.
    Open,
    /// The Export dialog.
    Export,
    /// Opens or closes the Print dialog.
    Print,
    /// Makes the sheet the Print dialog asks for.
    MakeSheet(SheetTo),
    /// Stops making the sheet.
    CancelSheet,
    /// Stops the running job.
    Cancel,
    /// Holds the running job where it is, its cores free for other work.
    Pause,
    /// Lets a paused job go on.
    Resume,
    /// Fits the whole board in view.
    FitBoard,
    /// Opens or closes the Help window.
    Help,
    /// Magnifies the board.
    ZoomIn,
    /// Reduces the board.
    ZoomOut,
    /// Closes the window although long work is running (the answer to
    /// the question closing puts then).
    CloseAnyway,
    /// Keeps the window open for the long work running.
    KeepWorking,
    /// A command of one of the modes.
    Mode(ModeCommand),
}

impl AppCommand {
    /// The window's commands that have keys, for the keyboard.
    pub const KEYED: [AppCommand; 8] = [
        AppCommand::Help,
        AppCommand::Open,
        AppCommand::Export,
        AppCommand::Print,
        AppCommand::Cancel,
        AppCommand::FitBoard,
        AppCommand::ZoomIn,
        AppCommand::ZoomOut,
    ];
}

impl Command for AppCommand {
    fn label(&self) -> &'static str {
        match self {
            AppCommand::Show(mode) => mode.label(),
            AppCommand::Open => tr!("open"),
            AppCommand::Export => tr!("export"),
            AppCommand::Print => tr!("print"),
            AppCommand::MakeSheet(SheetTo::File) => tr!("print-save"),
            AppCommand::MakeSheet(SheetTo::Viewer) => tr!("print-view"),
            AppCommand::CancelSheet => tr!("cancel"),
            AppCommand::Cancel => tr!("cancel"),
            AppCommand::Pause => tr!("pause-job"),
            AppCommand::Resume => tr!("resume-job"),
            AppCommand::FitBoard => tr!("fit-board"),
            AppCommand::Help => tr!("help"),
            AppCommand::ZoomIn => tr!("zoom-in"),
            AppCommand::ZoomOut => tr!("zoom-out"),
            AppCommand::CloseAnyway => tr!("close-anyway"),
            AppCommand::KeepWorking => tr!("keep-working"),
            AppCommand::Mode(command) => command.label(),
        }
    }

    fn description(&self) -> &'static str {
        match self {
            AppCommand::Show(_) => tr!("show-mode-does"),
            AppCommand::Open => {
                tr!("open-does")
            }
            AppCommand::Export => {
                tr!("export-does")
            }
            AppCommand::Print => tr!("print-does"),
            AppCommand::MakeSheet(SheetTo::File) => tr!("print-save-does"),
            AppCommand::MakeSheet(SheetTo::Viewer) => tr!("print-view-does"),
            AppCommand::CancelSheet => tr!("print-cancel-does"),
            AppCommand::Cancel => tr!("cancel-does"),
            AppCommand::Pause => {
                tr!("pause-job-does")
            }
            AppCommand::Resume => tr!("resume-job-does"),
            AppCommand::FitBoard => tr!("fit-board-does"),
            AppCommand::Help => tr!("help-does"),
            AppCommand::ZoomIn => tr!("zoom-in-does"),
            AppCommand::ZoomOut => tr!("zoom-out-does"),
            AppCommand::CloseAnyway => tr!("close-anyway-does"),
            AppCommand::KeepWorking => tr!("keep-working-does"),
            AppCommand::Mode(command) => command.description(),
        }
    }

    fn shortcuts(&self) -> &'static [Shortcut] {
        match self {
            AppCommand::Open => const { &[Shortcut::command(Key::O)] },
            AppCommand::Export => const { &[Shortcut::command(Key::S)] },
            AppCommand::Print => const { &[Shortcut::command(Key::P)] },
            AppCommand::Cancel => const { &[Shortcut::plain(Key::Escape)] },
            AppCommand::FitBoard => const { &[Shortcut::plain(Key::Num0)] },
            AppCommand::Help => const { &[Shortcut::plain(Key::F1)] },
            AppCommand::ZoomIn => const { &[Shortcut::plain(Key::Plus)] },
            AppCommand::ZoomOut => const { &[Shortcut::plain(Key::Minus)] },
            AppCommand::Mode(command) => command.shortcuts(),
            AppCommand::Show(_)
            | AppCommand::MakeSheet(_)
            | AppCommand::CancelSheet
            | AppCommand::Pause
            | AppCommand::Resume
            | AppCommand::CloseAnyway
            | AppCommand::KeepWorking => &[],
        }
    }
}
