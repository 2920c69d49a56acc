//! What the knight's tour mode remembers between runs.

use gridtour::knight::{Algorithm, Square, TourKind};
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
    /// The searches a comparison runs, by [`Algorithm::label`]; names
    /// that no longer exist are left out.
    pub compare: Vec<String>,
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
    /// The count of this board under way when the window last closed,
    /// whose progress is kept to be taken up.
    pub unfinished_count: Option<UnfinishedCount>,
}

/// A count of the board's tours that did not finish: which tours it
/// counts. Its progress is kept in a file named after the same request
/// (see `work::kept_progress`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnfinishedCount {
    /// The square its tours start from, as `[x, y]`, or all tours.
    pub start: Option<[u32; 2]>,
    /// Whether it counts closed tours.
    pub closed: bool,
    /// Whether a person stopped it (else it was under way when the window
    /// closed).
    #[serde(default)]
    pub stopped: bool,
}

impl Default for KnightSettings {
    fn default() -> Self {
        Self {
            width: 8,
            height: 8,
            closed: false,
            algorithm: Algorithm::ALL[0].label().to_owned(),
            compare: Algorithm::ALL
                .iter()
                .map(|algorithm| algorithm.label().to_owned())
                .collect(),
            blocked: Vec::new(),
            walk: Vec::new(),
            walk_shown: 0,
            interaction: Interaction::default(),
            count_start: None,
            count_from_start: false,
            unfinished_count: None,
        }
    }
}

impl KnightSettings {
    /// The tour kind the user chose.
    pub fn tour_kind(&self) -> TourKind {
        tour_kind(self.closed)
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

    /// The searches a comparison runs, in menu order.
    pub fn compare_with(&self) -> Vec<Algorithm> {
        Algorithm::ALL
            .into_iter()
            .filter(|algorithm| self.compare.iter().any(|name| name == algorithm.label()))
            .collect()
    }
}

impl UnfinishedCount {
    /// The tours it counts: open or closed.
    pub fn kind(self) -> TourKind {
        tour_kind(self.closed)
    }

    /// The square its tours start from, if they have one.
    pub fn start(self) -> Option<Square> {
        self.start.map(|[x, y]| Square::new(x, y))
    }
}

/// Closed tours, or open ones.
fn tour_kind(closed: bool) -> TourKind {
    if closed {
        TourKind::Closed
    } else {
        TourKind::Open
    }
}
