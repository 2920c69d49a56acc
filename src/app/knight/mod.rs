//! The knight's tour mode: its session (no egui) and its UI.

pub mod session;
pub mod ui;
