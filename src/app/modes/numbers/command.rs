//! What a person can ask of the knight's tour puzzle mode, and the moves
//! its history is made of.

use gridtour::knight::Square;
use gridtour::numbers::Play;

use super::source::Source;
use super::work::Request;
use crate::app::command::{Answer, Command, Key, Shortcut};
use crate::app::session::{Common, Finds};
use crate::app::timeline::PathMove;
use gridtour::tr;

/// The pencil marks of a board: for each square, in the board's order,
/// the numbers marked on it, smallest first.
pub type Marks = Vec<Vec<u32>>;

/// A move of the history.
#[derive(Debug, Clone, PartialEq)]
pub enum NumbersMove {
    /// A number laid on a square, over what was laid there.
    Lay {
        /// The square.
        square: Square,
        /// The number laid.
        number: u32,
        /// The number it replaced, if any.
        before: Option<u32>,
    },
    /// A laid number taken back.
    TakeBack {
        /// The square.
        square: Square,
        /// The number it held.
        number: u32,
    },
    /// A pencil mark put on a square, or taken off it if it was there.
    Mark {
        /// The square.
        square: Square,
        /// The number marked.
        number: u32,
    },
    /// Another game takes the place of the one on show (a new puzzle, or
    /// the same one started over).
    Replace {
        /// The game before, where its puzzle came from, and its marks.
        before: Box<(Play, Source, Marks)>,
        /// The game after, where its puzzle came from, and its marks.
        after: Box<(Play, Source, Marks)>,
    },
}

impl PathMove for NumbersMove {
    /// The puzzle's moves fill a board, not a path to replay.
    fn is_step(&self) -> bool {
        false
    }
}

/// Everything a person can ask of the puzzle mode.
#[derive(Debug, Clone, PartialEq)]
pub enum NumbersCommand {
    /// A click on a square: lays the smallest number missing on an empty
    /// square, takes back a laid one.
    Click(Square),
    /// Lays this number on the square, over the number laid there if any
    /// (a number typed, then a click).
    Lay {
        /// The square.
        square: Square,
        /// The number.
        number: u32,
    },
    /// Puts a pencil mark of the number on the square, or takes it off.
    Mark {
        /// The square.
        square: Square,
        /// The number.
        number: u32,
    },
    /// A new unique puzzle.
    Generate(Request),
    /// Shows the example of this index (see `session::EXAMPLES`).
    LoadExample(usize),
    /// Names a number that must go on a square, and why.
    Hint,
    /// Says whether the board can still be finished.
    Check,
    /// Takes back every laid number (undo brings them back).
    Restart,
    /// Puts the puzzle's link on the clipboard.
    CopyLink,
    /// Opens a puzzle of the shelf, by its link, to play.
    OpenFromShelf(String),
    /// A command every mode has.
    Common(Common),
}

impl From<Common> for NumbersCommand {
    fn from(common: Common) -> Self {
        NumbersCommand::Common(common)
    }
}

impl Command for NumbersCommand {
    fn label(&self) -> &'static str {
        match self {
            NumbersCommand::Generate(_) => tr!("generate"),
            NumbersCommand::Hint => tr!("hint"),
            NumbersCommand::Check => tr!("check"),
            NumbersCommand::Restart => tr!("restart"),
            NumbersCommand::CopyLink => tr!("copy-link"),
            NumbersCommand::Common(common) => common.label(Finds::Solutions),
            NumbersCommand::Click(_)
            | NumbersCommand::Lay { .. }
            | NumbersCommand::Mark { .. }
            | NumbersCommand::LoadExample(_)
            | NumbersCommand::OpenFromShelf(_) => "",
        }
    }

    fn description(&self) -> &'static str {
        match self {
            NumbersCommand::Generate(_) => tr!("numbers-generate-does"),
            NumbersCommand::Hint => tr!("numbers-hint-does"),
            NumbersCommand::Check => tr!("numbers-check-does"),
            NumbersCommand::Restart => tr!("numbers-restart-does"),
            NumbersCommand::CopyLink => tr!("numbers-copy-link-does"),
            NumbersCommand::Common(common) => common.description(Finds::Solutions),
            NumbersCommand::Click(_)
            | NumbersCommand::Lay { .. }
            | NumbersCommand::Mark { .. }
            | NumbersCommand::LoadExample(_)
            | NumbersCommand::OpenFromShelf(_) => "",
        }
    }

    fn shortcuts(&self) -> &'static [Shortcut] {
        match self {
            NumbersCommand::Hint => const { &[Shortcut::plain(Key::H)] },
            NumbersCommand::Check => const { &[Shortcut::plain(Key::K)] },
            NumbersCommand::Common(common) => common.shortcuts(),
            _ => &[],
        }
    }
}

impl Answer for NumbersCommand {
    fn answer(&self) -> Option<bool> {
        match self {
            NumbersCommand::Common(Common::Answer(yes)) => Some(*yes),
            _ => None,
        }
    }
}
