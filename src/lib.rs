//! gridtour: knight's tours and Goishi Hiroi puzzles.
//!
//! This library holds the puzzle engines, the background-job machinery, the
//! history of moves both puzzles undo and redo through, the drawing of
//! boards (one style for the screen and every picture file), and the
//! writing and reading of every file gridtour makes.
//! It knows nothing about windows, so everything here is testable headless;
//! the desktop front end lives in the binary crate (`src/app/`).

pub mod atomic_write;
pub mod document;
pub mod english;
pub mod goishi;
pub mod history;
pub mod i18n;
pub mod job;
pub mod knight;
pub mod level;
pub mod memory;
pub mod message;
pub mod numbers;
pub mod output;
pub mod placed;
pub mod platform;
pub mod print;
pub mod pseudocode;
pub mod random;
pub mod render;
pub mod replay;
pub mod saved_state;
