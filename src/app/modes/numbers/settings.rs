//! What the knight's tour puzzle mode remembers between runs.

use serde::{Deserialize, Serialize};

use gridtour::knight::TourKind;
use gridtour::level::Level;

use crate::app::clock::SavedClock;
use crate::app::shelf::Record;

/// The puzzle mode's options and the game on show.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct NumbersSettings {
    /// Board width of a generated puzzle.
    pub width: u32,
    /// Board height of a generated puzzle.
    pub height: u32,
    /// Whether a generated puzzle's tour is closed.
    pub closed: bool,
    /// The level of a generated puzzle, by its name.
    pub level: String,
    /// Whether Generate makes the article's form (squares blocked and the
    /// 1 alone) instead of a puzzle of a level.
    pub holes: bool,
    /// The seed of the next generated puzzle.
    pub seed: u64,
    /// The puzzle on show, in its text form; `None` before the first run
    /// ends, when the window starts on the article's puzzle.
    pub puzzle: Option<String>,
    /// The seed that made the puzzle on show, if Generate made it.
    pub generated_seed: Option<u64>,
    /// The name of the file the puzzle on show came from, if one did.
    pub source_name: Option<String>,
    /// The numbers laid by hand, row by row (0 where none).
    pub laid: Vec<u32>,
    /// The clock of the game in progress, once it is timed.
    pub clock: Option<SavedClock>,
    /// The puzzles met, most recent first, with their best times.
    pub shelf: Vec<Record>,
    /// The pencil marks on the board, square by square.
    pub marks: Vec<Vec<u32>>,
}

impl NumbersSettings {
    /// The level chosen, medium when the name is none of them.
    pub fn chosen_level(&self) -> Level {
        Level::ALL
            .into_iter()
            .find(|level| level.name() == self.level)
            .unwrap_or(Level::Medium)
    }

    /// The level Generate makes on the board set: the one chosen or,
    /// where the board is too large for it, the hardest offered there
    /// (easy is offered on any board).
    pub fn generated_level(&self) -> Level {
        let chosen = self.chosen_level();
        Level::ALL
            .into_iter()
            .rev()
            .filter(|&level| level <= chosen)
            .find(|&level| super::work::offered(Some(level), self.width, self.height))
            .unwrap_or(chosen)
    }

    /// The tour a generated puzzle has.
    pub fn kind(&self) -> TourKind {
        if self.closed {
            TourKind::Closed
        } else {
            TourKind::Open
        }
    }
}

impl Default for NumbersSettings {
    fn default() -> Self {
        Self {
            width: 6,
            height: 6,
            closed: false,
            level: "medium".to_owned(),
            holes: false,
            seed: 1,
            puzzle: None,
            generated_seed: None,
            source_name: None,
            laid: Vec::new(),
            clock: None,
            shelf: Vec::new(),
            marks: Vec::new(),
        }
    }
}
