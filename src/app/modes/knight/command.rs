//! What a person can ask of the knight's tour mode: its commands, what a
//! click does, and the moves its history is made of.

use gridtour::knight::{Algorithm, Board, Square, TourKind};

use crate::app::command::{Answer, Command, Shortcut};
use crate::app::session::{Common, Finds};
use crate::app::timeline::Move;
use gridtour::tr;

/// What a click on the board does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum Interaction {
    /// A click starts a tour search from the square.
    #[default]
    Tour,
    /// A click blocks or unblocks the square.
    Edit,
    /// A click moves the knight there, under the rules.
    Play,
    /// A click starts a search from the square, shown step by step.
    Watch,
}

impl Interaction {
    /// The radio button's text.
    pub fn label(self) -> &'static str {
        match self {
            Interaction::Tour => tr!("start-tours"),
            Interaction::Edit => tr!("edit-blocked"),
            Interaction::Play => tr!("play-mode"),
            Interaction::Watch => tr!("watch-a-search"),
        }
    }
}

/// A move of the history: the knight goes to a square (the walk's first
/// visit places it), or the walk on show is put away and the board changes.
pub type KnightMove = Move<Square, BoardChange>;

/// How a [`KnightMove::Reset`] changes the board.
#[derive(Debug, Clone, PartialEq)]
pub enum BoardChange {
    /// It does not: a new walk starts on the same board.
    Keep,
    /// These squares switch between blocked and open.
    Flip(Vec<Square>),
    /// The board takes a new size. Squares keep their chess names (a1 stays
    /// at the bottom left); `lost` are the blocked squares that fell off.
    Resize {
        /// Width and height before.
        from: (u32, u32),
        /// Width and height after.
        to: (u32, u32),
        /// Blocked squares of the old board that the new one lacks.
        lost: Vec<Square>,
    },
    /// The board is replaced by one read from a file.
    Replace {
        /// The board before.
        before: Board,
        /// The board after.
        after: Board,
    },
}

/// Everything a person can ask of the knight's tour mode.
#[derive(Debug, Clone, PartialEq)]
pub enum KnightCommand {
    /// A new board size; squares keep their chess names.
    Resize {
        /// New width.
        width: u32,
        /// New height.
        height: u32,
    },
    /// Open or closed tours.
    SetKind(TourKind),
    /// The solver for clicked squares.
    SetAlgorithm(Algorithm),
    /// What clicks on the board do.
    SetInteraction(Interaction),
    /// A click on a square.
    Click(Square),
    /// Opens every blocked square.
    ClearBlocked,
    /// Puts the walk on show away, to place the knight anew.
    NewWalk,
    /// Puts a link to the board (and the tour on show) on the clipboard.
    CopyLink,
    /// Counts the tours of the board (or from the chosen square).
    CountTours,
    /// Goes on with the count that was under way when the window last
    /// closed, from its kept progress.
    TakeUpCount,
    /// Forgets that count and deletes its kept progress.
    ForgetCount,
    /// Runs the searches chosen side by side from the chosen square, at
    /// one pace, to their first tours.
    CompareSearches,
    /// Whether a comparison runs this search.
    CompareWith(Algorithm, bool),
    /// Estimates the number of tours the count would count.
    EstimateTours,
    /// Whether counts are of tours from the chosen square only.
    CountFromStart(bool),
    /// Shows the squares where plain Warnsdorff dead-ends.
    ShowFailingStarts(bool),
    /// Shows Warnsdorff counts and unreachable squares in play mode.
    ShowHints(bool),
    /// A command every mode has: undo, redo and playback, the move
    /// slider, browsing what a search found, answering the question on
    /// show.
    Common(Common),
}

impl From<Common> for KnightCommand {
    fn from(common: Common) -> Self {
        KnightCommand::Common(common)
    }
}

impl Command for KnightCommand {
    fn label(&self) -> &'static str {
        match self {
            KnightCommand::ClearBlocked => tr!("clear-blocked"),
            KnightCommand::NewWalk => tr!("new-walk"),
            KnightCommand::CopyLink => tr!("copy-link"),
            KnightCommand::CountTours => tr!("count-tours"),
            KnightCommand::TakeUpCount => tr!("take-up-count"),
            KnightCommand::ForgetCount => tr!("forget-count"),
            KnightCommand::EstimateTours => tr!("estimate-tours"),
            KnightCommand::CompareSearches => tr!("compare-searches"),
            KnightCommand::Common(common) => common.label(Finds::Tours),
            _ => "",
        }
    }

    fn description(&self) -> &'static str {
        match self {
            KnightCommand::ClearBlocked => tr!("clear-blocked-does"),
            KnightCommand::CopyLink => tr!("copy-link-does"),
            KnightCommand::NewWalk => {
                tr!("new-walk-does")
            }
            KnightCommand::CountTours => {
                tr!("count-tours-does")
            }
            KnightCommand::TakeUpCount => tr!("take-up-count-does"),
            KnightCommand::ForgetCount => tr!("forget-count-does"),
            KnightCommand::EstimateTours => tr!("estimate-tours-does"),
            KnightCommand::CompareSearches => tr!("compare-searches-does"),
            KnightCommand::Common(common) => common.description(Finds::Tours),
            _ => "",
        }
    }

    fn shortcuts(&self) -> &'static [Shortcut] {
        match self {
            KnightCommand::Common(common) => common.shortcuts(),
            _ => &[],
        }
    }
}

impl Answer for KnightCommand {
    fn answer(&self) -> Option<bool> {
        match self {
            KnightCommand::Common(Common::Answer(yes)) => Some(*yes),
            _ => None,
        }
    }
}
