//! The modes of the window: one per game, each in its own folder.

use gridtour::tr;
use serde::{Deserialize, Serialize};

/// Which puzzle the window shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Mode {
    /// Knight's tours on a chessboard.
    #[default]
    Knight,
    /// Goishi Hiroi stone-pickup puzzles.
    Goishi,
}

impl Mode {
    /// Every mode, in the order of the window's mode bar.
    pub const ALL: [Mode; 2] = [Mode::Knight, Mode::Goishi];

    /// The mode's name, as its tab shows it.
    pub fn label(self) -> &'static str {
        match self {
            Mode::Knight => tr!("mode-knight"),
            Mode::Goishi => tr!("mode-goishi"),
        }
    }
}
