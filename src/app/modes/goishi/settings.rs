//! What the Goishi Hiroi mode remembers between runs.

use serde::{Deserialize, Serialize};

use super::command::Interaction;
use super::work::Request;
use gridtour::level::Level;
use crate::app::clock::SavedClock;
use crate::app::shelf::Record;

/// The Goishi Hiroi mode's options and puzzle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct GoishiSettings {
    /// Board width in grid points for a new, resized or generated puzzle.
    pub width: u32,
    /// Board height in grid points, like `width`.
    pub height: u32,
    /// The puzzle on show, as a puzz.link URL; `None` before the first run
    /// ends, when the window starts on the classic example.
    pub puzzle: Option<String>,
    /// The pick order on show, as `[x, y]` points.
    pub order: Vec<[u32; 2]>,
    /// How many picks of `order` were shown.
    pub order_shown: usize,
    /// Where the puzzle came from, as its heading names it.
    pub source: Option<String>,
    /// What a click on the board does; `None` for what suits the puzzle.
    pub interaction: Option<Interaction>,
    /// The clock of the game in progress, once it is timed.
    pub clock: Option<SavedClock>,
    /// The puzzles met, with what the player did with them.
    pub shelf: Vec<Record>,
    /// How many stones a generated puzzle has.
    pub generate_stones: usize,
    /// The seed of the next generated puzzle.
    pub generate_seed: u64,
    /// The level a generated puzzle must rate, by its name
    /// ([`Level::name`](gridtour::goishi::Level::name)); any other text,
    /// empty by default, asks for any level.
    pub generate_difficulty: String,
}

impl Default for GoishiSettings {
    fn default() -> Self {
        Self {
            width: 6,
            height: 6,
            puzzle: None,
            order: Vec::new(),
            order_shown: 0,
            source: None,
            interaction: None,
            clock: None,
            shelf: Vec::new(),
            generate_stones: 12,
            generate_seed: 1,
            generate_difficulty: String::new(),
        }
    }
}

impl GoishiSettings {
    /// The level generated puzzles must have, if one is chosen.
    pub fn difficulty(&self) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|level| level.name() == self.generate_difficulty)
    }

    /// What Generate asks for as the mode is set up.
    pub fn generate_request(&self) -> Request {
        Request {
            width: self.width,
            height: self.height,
            stones: self.generate_stones,
            seed: self.generate_seed,
            difficulty: self.difficulty(),
        }
    }
}
