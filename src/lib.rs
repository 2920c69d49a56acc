//! gridtour: knight's tours and Goishi Hiroi puzzles.
//!
//! This library holds the puzzle engines and the background-job machinery.
//! It knows nothing about windows or drawing, so everything here is testable
//! headless; the desktop front end lives in the binary crate (`src/app/`).

pub mod goishi;
pub mod job;
pub mod knight;
