//! What a person can ask of the Goishi Hiroi mode: its commands, what a
//! click does, and the moves its history is made of.

use gridtour::goishi::{Point, Puzzle};

use super::work::Request;
use crate::app::command::{Answer, Command, Key, Shortcut};
use crate::app::session::{Common, Finds};
use crate::app::timeline::Move;
use gridtour::tr;

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
            Interaction::View => tr!("view"),
            Interaction::Edit => tr!("edit-stones"),
            Interaction::Play => tr!("play-mode"),
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
    /// Solves, showing the search step by step.
    Watch,
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

impl From<Common> for GoishiCommand {
    fn from(common: Common) -> Self {
        GoishiCommand::Common(common)
    }
}

impl Command for GoishiCommand {
    fn label(&self) -> &'static str {
        match self {
            GoishiCommand::Solve => tr!("solve"),
            GoishiCommand::Watch => tr!("watch-the-search"),
            GoishiCommand::CountSolutions => tr!("count-solutions"),
            GoishiCommand::IsUnique => tr!("is-unique"),
            GoishiCommand::Hint => tr!("hint"),
            GoishiCommand::Check => tr!("check"),
            GoishiCommand::Rate => tr!("rate"),
            GoishiCommand::Generate(_) => tr!("generate"),
            GoishiCommand::CopyUrl => tr!("copy-url"),
            GoishiCommand::Restart => tr!("restart"),
            GoishiCommand::Resize { .. } => tr!("resize"),
            GoishiCommand::NewBoard { .. } => tr!("new-board"),
            GoishiCommand::LoadUrl(_) => tr!("load-url"),
            GoishiCommand::Common(common) => common.label(Finds::Solutions),
            _ => "",
        }
    }

    fn description(&self) -> &'static str {
        match self {
            GoishiCommand::Solve => tr!("solve-does"),
            GoishiCommand::Watch => tr!("watch-the-search-does"),
            GoishiCommand::CountSolutions => tr!("count-solutions-does"),
            GoishiCommand::IsUnique => {
                tr!("is-unique-does")
            }
            GoishiCommand::Hint => tr!("hint-does"),
            GoishiCommand::Check => {
                tr!("check-does")
            }
            GoishiCommand::Rate => tr!("rate-does"),
            GoishiCommand::Generate(_) => {
                tr!("generate-does")
            }
            GoishiCommand::CopyUrl => tr!("copy-url-does"),
            GoishiCommand::Restart => tr!("restart-does"),
            GoishiCommand::Resize { .. } => tr!("resize-does"),
            GoishiCommand::NewBoard { .. } => tr!("new-board-does"),
            GoishiCommand::LoadUrl(_) => tr!("load-url-does"),
            GoishiCommand::Common(common) => common.description(Finds::Solutions),
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
