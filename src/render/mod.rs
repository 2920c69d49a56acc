//! Board pictures: one description of what a board shows ([`Scene`]), one
//! painting routine, and back ends for SVG, PNG, PDF, animated SVG and
//! animated GIF, and printed sheets of many boards. The window's canvas takes its colours and proportions from the same
//! [`Style`], so files look like the screen.
//!
//! Painting works in cell units: every square (or grid point) is one unit
//! wide, the board sits inside a margin of half a cell (plus a title band
//! when the scene has a title). Each back end scales cells to pixels.
//!
//! The look follows the classic knight's tour drawings: a chessboard with a
//! dark a1 and the tour as cyan lines through the square centres, cased in
//! dark teal so they read on light squares as well as dark ones. The start
//! is ringed in green, the knight is a red dot on its last square.

mod animate;
mod error;
mod font;
mod marks;
mod pdf;
mod png;
mod scene;
mod sheet;
pub mod style;
mod svg;

pub use animate::{
    MOST_TRACE_STEPS, MarksOf, Timing, animated_gif, animated_svg, trace_gif, trace_svg,
};
pub use error::PictureError;
pub use font::JAPANESE_FONT;
pub use pdf::{MOST_POINTS, to_pdf};
pub use png::to_png;
pub use scene::*;
pub use sheet::{
    MOST_BOARDS_A_SIDE, NATURAL_CELL, Paper, SheetItem, SheetOptions, SheetSection, check_sheet,
    sheet_to_pdf,
};
pub use style::{CasedLine, Colour, PAPER, STYLE, SquareMark, Style};
pub use svg::to_svg;

#[cfg(test)]
mod tests;
