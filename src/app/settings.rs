//! What the window remembers between runs: the mode, the board sizes, the
//! drawing and solving options, the last directory a file came from, and the
//! boards themselves (the knight board's blocked squares and the Goishi
//! puzzle on show), so that closing the window loses nothing a person made.
//!
//! Stored through eframe's persistence as one serde value, so an old or
//! damaged entry simply falls back to the defaults field by field.

use std::path::PathBuf;

use gridtour::knight::{Algorithm, TourKind};
use serde::{Deserialize, Serialize};

/// Key under which the settings live in eframe's storage.
pub const STORAGE_KEY: &str = "gridtour-settings";

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
            Mode::Knight => "Knight's tour",
            Mode::Goishi => "Goishi Hiroi",
        }
    }
}

/// Every option the user can set and expects to find again next time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The mode shown at start.
    pub mode: Mode,
    /// Knight board width in squares (the board's own size once shown).
    pub knight_width: u32,
    /// Knight board height in squares.
    pub knight_height: u32,
    /// Whether tours must return to their start square.
    pub knight_closed: bool,
    /// The solver's name as given by [`Algorithm::label`]; a name that no
    /// longer exists falls back to the first solver.
    pub knight_algorithm: String,
    /// Whether move numbers are written on the squares.
    pub show_numbers: bool,
    /// Goishi board width in grid points for a new, resized or generated
    /// puzzle.
    pub goishi_width: u32,
    /// Goishi board height in grid points, like `goishi_width`.
    pub goishi_height: u32,
    /// How many stones a generated puzzle has.
    pub generate_stones: usize,
    /// Animation speed in moves per second.
    pub moves_per_second: f32,
    /// Whether the animation starts over after its last move.
    pub looping: bool,
    /// Where the last file was opened or saved, for the next dialog.
    pub last_directory: Option<PathBuf>,
    /// The knight board's blocked squares, as `[x, y]`.
    pub knight_blocked: Vec<[u32; 2]>,
    /// The Goishi puzzle on show, as a puzz.link URL; `None` before the
    /// first run ends, when the window starts on the classic example.
    pub goishi_puzzle: Option<String>,
    /// The knight's walk on show (a tour, or a game half played), as
    /// `[x, y]` squares; a closed tour ends back on its first square.
    pub knight_walk: Vec<[u32; 2]>,
    /// How many squares of `knight_walk` were shown.
    pub knight_walk_shown: usize,
    /// The Goishi pick order on show, as `[x, y]` points.
    pub goishi_order: Vec<[u32; 2]>,
    /// How many picks of `goishi_order` were shown.
    pub goishi_order_shown: usize,
    /// The seed of the next generated puzzle.
    pub generate_seed: u64,
    /// The level a generated puzzle must rate, by its name
    /// ([`Level::name`](gridtour::goishi::Level::name)); any other text,
    /// empty by default, asks for any level.
    pub generate_difficulty: String,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            mode: Mode::Knight,
            knight_width: 8,
            knight_height: 8,
            knight_closed: false,
            knight_algorithm: Algorithm::ALL[0].label().to_owned(),
            show_numbers: true,
            goishi_width: 6,
            goishi_height: 6,
            generate_stones: 12,
            moves_per_second: 8.0,
            looping: false,
            last_directory: None,
            knight_blocked: Vec::new(),
            goishi_puzzle: None,
            knight_walk: Vec::new(),
            knight_walk_shown: 0,
            goishi_order: Vec::new(),
            goishi_order_shown: 0,
            generate_seed: 1,
            generate_difficulty: String::new(),
        }
    }
}

impl Settings {
    /// The tour kind the user chose.
    pub fn tour_kind(&self) -> TourKind {
        if self.knight_closed {
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
            .find(|algorithm| algorithm.label() == self.knight_algorithm)
            .unwrap_or(Algorithm::ALL[0])
    }

    /// Loads the stored settings, or the defaults when there are none.
    pub fn load(storage: Option<&dyn eframe::Storage>) -> Self {
        storage
            .and_then(|storage| eframe::get_value(storage, STORAGE_KEY))
            .unwrap_or_default()
    }

    /// Writes the settings to eframe's storage.
    pub fn store(&self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, STORAGE_KEY, self);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_survive_a_round_trip_through_storage_format() {
        let settings = Settings {
            mode: Mode::Goishi,
            knight_width: 12,
            knight_closed: true,
            knight_algorithm: Algorithm::ALL[1].label().to_owned(),
            last_directory: Some(PathBuf::from("/tmp/puzzles")),
            knight_blocked: vec![[1, 2], [3, 4]],
            goishi_puzzle: Some("https://puzz.link/p?goishi/4/4/1370".to_owned()),
            ..Settings::default()
        };
        let text = serde_json::to_string(&settings).expect("serialises");
        let back: Settings = serde_json::from_str(&text).expect("deserialises");
        assert_eq!(back, settings);
        assert_eq!(back.algorithm(), Algorithm::ALL[1]);
        assert_eq!(back.tour_kind(), TourKind::Closed);
    }

    #[test]
    fn missing_or_unknown_values_fall_back_to_defaults() {
        let back: Settings =
            serde_json::from_str(r#"{"knight_width": 9, "knight_algorithm": "no such solver"}"#)
                .expect("deserialises");
        assert_eq!(back.knight_width, 9);
        assert_eq!(back.knight_height, Settings::default().knight_height);
        assert_eq!(back.algorithm(), Algorithm::ALL[0]);
    }
}
