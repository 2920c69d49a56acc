//! What the knight's tour mode remembers between runs.

use gridtour::knight::{Algorithm, TourKind};
use serde::{Deserialize, Serialize};

use super::command::Interaction;

/// The knight's tour mode's options and board.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct KnightSettings {
    /// Board width in squares (the board's own size once shown).
    pub width: u32,
    /// Board height in squares.
    pub height: u32,
    /// Whether tours must return to their start square.
    pub closed: bool,
    /// The solver's name as given by [`Algorithm::label`]; a name that no
    /// longer exists falls back to the first solver.
    pub algorithm: String,
    /// The board's blocked squares, as `[x, y]`.
    pub blocked: Vec<[u32; 2]>,
    /// The walk on show (a tour, or a game half played), as `[x, y]`
    /// squares; a closed tour ends back on its first square.
    pub walk: Vec<[u32; 2]>,
    /// How many squares of `walk` were shown.
    pub walk_shown: usize,
    /// What a click on the board does.
    pub interaction: Interaction,
    /// The square counts may be restricted to, as `[x, y]`.
    pub count_start: Option<[u32; 2]>,
    /// Whether counts are of tours from `count_start` only.
    pub count_from_start: bool,
}

impl Default for KnightSettings {
    fn default() -> Self {
        Self {
            width: 8,
            height: 8,
            closed: false,
            algorithm: Algorithm::ALL[0].label().to_owned(),
            blocked: Vec::new(),
            walk: Vec::new(),
            walk_shown: 0,
            interaction: Interaction::default(),
            count_start: None,
            count_from_start: false,
        }
    }
}

impl KnightSettings {
    /// The tour kind the user chose.
    pub fn tour_kind(&self) -> TourKind {
        if self.closed {
            TourKind::Closed
        } else {
            TourKind::Open
        }
    }

    /// The solver the user chose, or the first one if the stored name is
    /// unknown.
    pub fn algorithm(&self) -> Algorithm {
        Algorithm::ALL
            .iter()
            .copied()
            .find(|algorithm| algorithm.label() == self.algorithm)
            .unwrap_or(Algorithm::ALL[0])
    }
}
