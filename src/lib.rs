//! gridtour: knight's tours and Goishi Hiroi puzzles.
//!
//! This library holds the puzzle engines, the background-job machinery, the
//! history of moves both puzzles undo and redo through, and the reading of
//! every file gridtour writes.
//! It knows nothing about windows or drawing, so everything here is testable
//! headless; the desktop front end lives in the binary crate (`src/app/`).

pub mod document;
pub mod goishi;
pub mod history;
pub mod job;
pub mod knight;
