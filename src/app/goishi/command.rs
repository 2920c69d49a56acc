//! What a person can ask of the Goishi Hiroi mode: its commands, what a
//! click does, and the moves its history is made of.

use gridtour::goishi::{Point, Puzzle};

use super::work::Request;
use crate::app::command::{Answer, Command, Key, Shortcut};
use crate::app::session::{Common, FoundWords};
use crate::app::timeline::Move;

/// What a click on the board does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Interaction {
    /// Nothing: the order on show can be animated.
    View,
    /// A click adds or removes a stone.
    Edit,
    /// A click picks a stone, under the rules.
    Play,
}

impl Interaction {
    /// The radio button's text.
    pub fn label(self) -> &'static str {
        match self {
            Interaction::View => "View",
            Interaction::Edit => "Edit stones",
            Interaction::Play => "Play mode",
        }
    }
}

/// A move of the history: a stone is picked up, or the picks on show are
/// put away and the puzzle changes.
pub type GoishiMove = Move<Point, PuzzleChange>;

/// How a [`GoishiMove::Reset`] changes the puzzle.
#[derive(Debug, Clone, PartialEq)]
pub enum PuzzleChange {
    /// It does not: the stones go back for a new order.
    Keep,
    /// Stones are added at these empty points and removed from these
    /// stones.
    Flip(Vec<Point>),
    /// Another puzzle takes its place (opened, generated, resized, new).
    Replace {
        /// The puzzle before, and where it came from.
        before: (Puzzle, String),
        /// The puzzle after, and where it came from.
        after: (Puzzle, String),
    },
}

/// Everything a person can ask of the Goishi mode.
#[derive(Debug, Clone, PartialEq)]
pub enum GoishiCommand {
    /// What clicks on the board do.
    SetInteraction(Interaction),
    /// A click on a grid point.
    Click(Point),
    /// The same stones on a board of another size (cut at the right and
    /// bottom).
    Resize {
        /// New width.
        width: u32,
        /// New height.
        height: u32,
    },
    /// An empty board of this size.
    NewBoard {
        /// Width.
        width: u32,
        /// Height.
        height: u32,
    },
    /// A puzzle from a puzz.link URL.
    LoadUrl(String),
    /// One of the built-in [`EXAMPLES`].
    LoadExample(usize),
    /// Finds one solution.
    Solve,
    /// Counts every solution.
    CountSolutions,
    /// Looks for a second solution.
    IsUnique,
    /// In play mode, shows one pick that still leads to a solution.
    Hint,
    /// In play mode, says whether the position can still be finished.
    Check,
    /// Rates how hard the puzzle is.
    Rate,
    /// A new unique puzzle.
    Generate(Request),
    /// Puts the puzzle's puzz.link URL on the clipboard.
    CopyUrl,
    /// Puts every picked stone back, to play again.
    Restart,
    /// Opens a puzzle of the shelf, by its URL, to play.
    OpenFromShelf(String),
    /// A command every mode has: undo, redo and playback, the move
    /// slider, browsing what a search found, answering the question on
    /// show.
    Common(Common),
}

/// The Goishi mode's words for browsing the solutions found.
pub const FOUND: FoundWords = FoundWords {
    previous: "Previous solution",
    next: "Next solution",
    previous_does: "Show the previous solution found",
    next_does: "Show the next solution found",
    one: "solution",
    many: "solutions",
    kept: "found",
};

impl From<Common> for GoishiCommand {
    fn from(common: Common) -> Self {
        GoishiCommand::Common(common)
    }
}

impl Command for GoishiCommand {
    fn label(&self) -> &'static str {
        match self {
            GoishiCommand::Solve => "Solve",
            GoishiCommand::CountSolutions => "Count solutions",
            GoishiCommand::IsUnique => "Is it unique?",
            GoishiCommand::Hint => "Hint",
            GoishiCommand::Check => "Check",
            GoishiCommand::Rate => "Rate difficulty",
            GoishiCommand::Generate(_) => "Generate",
            GoishiCommand::CopyUrl => "Copy puzz.link URL",
            GoishiCommand::Restart => "Restart",
            GoishiCommand::Resize { .. } => "Resize",
            GoishiCommand::NewBoard { .. } => "New empty board",
            GoishiCommand::LoadUrl(_) => "Load URL",
            GoishiCommand::Common(common) => common.label(&FOUND),
            _ => "",
        }
    }

    fn description(&self) -> &'static str {
        match self {
            GoishiCommand::Solve => "Find one order that picks up every stone",
            GoishiCommand::CountSolutions => "Count every solution of the puzzle",
            GoishiCommand::IsUnique => {
                "Look for a second solution; when there is one, both can be compared"
            }
            GoishiCommand::Hint => "Show one pick that still leads to a solution",
            GoishiCommand::Check => {
                "Say whether the stones left can still all be picked, without saying how"
            }
            GoishiCommand::Rate => {
                "Easy, medium or hard: the wrong picks along the solution and the search the \
                 hardest one takes to fail"
            }
            GoishiCommand::Generate(_) => {
                "Make a new puzzle with exactly one solution, of the size and stones given"
            }
            GoishiCommand::CopyUrl => "Put the puzzle's puzz.link URL on the clipboard",
            GoishiCommand::Restart => "Put every picked stone back (undo brings the picks back)",
            GoishiCommand::Resize { .. } => "Keep the stones, change the board's size",
            GoishiCommand::NewBoard { .. } => "Start from an empty board of this size",
            GoishiCommand::LoadUrl(_) => "Open the puzzle of a puzz.link or pzv.jp URL",
            GoishiCommand::Common(common) => common.description(&FOUND),
            _ => "",
        }
    }

    fn shortcuts(&self) -> &'static [Shortcut] {
        match self {
            GoishiCommand::Hint => const { &[Shortcut::plain(Key::H)] },
            GoishiCommand::Check => const { &[Shortcut::plain(Key::K)] },
            GoishiCommand::Common(common) => common.shortcuts(),
            _ => &[],
        }
    }
}

impl Answer for GoishiCommand {
    fn answer(&self) -> Option<bool> {
        match self {
            GoishiCommand::Common(Common::Answer(yes)) => Some(*yes),
            _ => None,
        }
    }
}
