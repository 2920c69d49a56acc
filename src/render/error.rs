//! Why a picture could not be made (see [`PictureError`]).

use std::fmt;

use crate::english::indefinite_article;

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
        /// What was being encoded: "PNG image", "GIF animation".
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
        match self {
            PictureError::NoCellSize => {
                write!(f, "the cell size of a picture must be at least 1 pixel")
            }
            PictureError::TooLarge {
                width,
                height,
                max_side,
                max_pixels,
                largest_cell,
            } => {
                write!(
                    f,
                    "{} {width} x {height} pixel picture is too large (the limit is {max_side} \
                     pixels a side and {} megapixels); ",
                    indefinite_article(*width),
                    max_pixels / 1_000_000
                )?;
                match largest_cell {
                    0 => write!(
                        f,
                        "this board is too large for a raster picture; export it as SVG instead"
                    ),
                    largest => write!(f, "choose a cell size of at most {largest} pixels"),
                }
            }
            PictureError::AnimationTooLarge {
                width,
                height,
                max_pixels,
                largest_cell,
            } => write!(
                f,
                "{} {width} x {height} pixel animation is too large (the limit is {} \
                 megapixels); choose a cell size of at most {largest_cell} pixels",
                indefinite_article(u64::from(*width)),
                max_pixels / 1_000_000
            ),
            PictureError::NoMemory { width, height } => write!(
                f,
                "could not allocate {} {width} x {height} pixel picture",
                indefinite_article(u64::from(*width))
            ),
            PictureError::Speed {
                moves_per_second,
                least,
                most,
            } => write!(
                f,
                "the speed must be a number of moves per second from {least} to {most}, got \
                 {moves_per_second}"
            ),
            PictureError::Encoding { what, message } => {
                write!(f, "could not encode the {what}: {message}")
            }
            PictureError::Frame => write!(f, "an animation frame outside the picture"),
            PictureError::Font(message) => write!(f, "the built-in font is unreadable: {message}"),
        }
    }
}

impl std::error::Error for PictureError {}
