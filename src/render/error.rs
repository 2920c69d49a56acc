//! Why a picture could not be made (see [`PictureError`]).

use std::fmt;

use crate::tr;

/// Why a picture could not be made.
#[derive(Debug, Clone, PartialEq)]
pub enum PictureError {
    /// A cell size of 0 pixels.
    NoCellSize,
    /// A raster picture past the size limits, with the largest cell size
    /// that fits (0 when none does).
    TooLarge {
        /// Its width in pixels.
        width: u64,
        /// Its height in pixels.
        height: u64,
        /// The most pixels a side.
        max_side: u64,
        /// The most pixels in all.
        max_pixels: u64,
        /// The largest cell size that fits.
        largest_cell: u64,
    },
    /// A PDF page past the format's size limit, in points, with the
    /// largest cell size that fits.
    PageTooLarge {
        /// Its width in points.
        width: u64,
        /// Its height in points.
        height: u64,
        /// The most points a side.
        most: u64,
        /// The largest cell size that fits, in points.
        largest_cell: u64,
    },
    /// A sheet with no boards on it.
    EmptySheet,
    /// Boards asked for larger than their place on the page.
    ScaleTooLarge {
        /// The scale asked for.
        scale: f64,
        /// The largest scale that fits.
        largest: f64,
    },
    /// Boards that would print too small to read.
    BoardsTooSmall {
        /// Boards across a page.
        across: u32,
        /// Boards down a page.
        down: u32,
        /// The size a square would have.
        millimetres: f64,
        /// The smallest size printed.
        smallest: f64,
    },
    /// An animation past its size limit.
    AnimationTooLarge {
        /// Its width in pixels.
        width: u32,
        /// Its height in pixels.
        height: u32,
        /// The most pixels in all.
        max_pixels: u64,
        /// The largest cell size that fits.
        largest_cell: f64,
    },
    /// The memory for the picture could not be had.
    NoMemory {
        /// Its width in pixels.
        width: u32,
        /// Its height in pixels.
        height: u32,
    },
    /// A speed that is not a positive number up to the most there is.
    Speed {
        /// The speed asked for, in moves a second.
        moves_per_second: f64,
        /// The least there is.
        least: f64,
        /// The most there is.
        most: f64,
    },
    /// The encoder of an image format failed.
    Encoding {
        /// What was being encoded: "png" (an image) or "gif" (an
        /// animation).
        what: &'static str,
        /// What the encoder said.
        message: String,
    },
    /// An animation frame outside the picture (a fault of the drawing).
    Frame,
    /// The built-in font could not be read.
    Font(String),
}

impl fmt::Display for PictureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let megapixels = |pixels: u64| pixels / 1_000_000;
        f.write_str(&match self {
            PictureError::NoCellSize => tr!("picture-no-cell-size").to_owned(),
            PictureError::TooLarge {
                width,
                height,
                max_side,
                max_pixels,
                largest_cell,
            } => tr!(
                "picture-too-large",
                width = *width,
                height = *height,
                side = *max_side,
                megapixels = megapixels(*max_pixels),
                cell = *largest_cell
            ),
            PictureError::PageTooLarge {
                width,
                height,
                most,
                largest_cell,
            } => tr!(
                "picture-page-too-large",
                width = *width,
                height = *height,
                most = *most,
                cell = *largest_cell
            ),
            PictureError::EmptySheet => tr!("picture-empty-sheet").to_owned(),
            PictureError::ScaleTooLarge { scale, largest } => tr!(
                "picture-scale-too-large",
                scale = *scale,
                largest = *largest
            ),
            PictureError::BoardsTooSmall {
                across,
                down,
                millimetres,
                smallest,
            } => tr!(
                "picture-boards-too-small",
                across = *across,
                down = *down,
                // Rounded apart, so that the size said is always under
                // the smallest said.
                size = (*millimetres * 100.0).floor() / 100.0,
                smallest = (*smallest * 100.0).ceil() / 100.0
            ),
            PictureError::AnimationTooLarge {
                width,
                height,
                max_pixels,
                largest_cell,
            } => tr!(
                "picture-animation-too-large",
                width = *width,
                height = *height,
                megapixels = megapixels(*max_pixels),
                cell = *largest_cell
            ),
            PictureError::NoMemory { width, height } => {
                tr!("picture-no-memory", width = *width, height = *height)
            }
            PictureError::Speed {
                moves_per_second,
                least,
                most,
            } => tr!(
                "picture-speed",
                speed = *moves_per_second,
                least = *least,
                most = *most
            ),
            PictureError::Encoding { what, message } => {
                tr!("picture-encoding", what = *what, detail = message.as_str())
            }
            PictureError::Frame => tr!("picture-frame").to_owned(),
            PictureError::Font(message) => tr!("picture-font", detail = message.as_str()),
        })
    }
}

impl std::error::Error for PictureError {}
