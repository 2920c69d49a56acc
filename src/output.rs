//! Everything gridtour writes about a tour or a puzzle, in every format:
//! the window's Export and the command line's `--format` both come here, so
//! a file made either way is the same file.
//!
//! Pictures carry the tour or puzzle inside them as JSON (an SVG
//! `<metadata>` element, a PNG text chunk), so opening a picture gives the
//! tour or puzzle back.

use std::fmt;

use crate::tr;
use std::path::{Path, PathBuf};

use crate::document;
use crate::goishi::format as goishi_format;
use crate::goishi::{Point, Puzzle};
use crate::knight::{BoardLink, Tour};
use crate::numbers::{self, NumbersPuzzle};
use crate::render::{self, PictureError, Scene, Timing};

/// A tour or a puzzle, as written.
#[derive(Debug, Clone, PartialEq)]
pub enum Subject {
    /// A knight's tour.
    Tour(Tour),
    /// A knight's tour puzzle to solve: its board and given numbers.
    NumbersPuzzle(NumbersPuzzle),
    /// A knight's tour puzzle filled in: drawn as its tour, and carrying
    /// the puzzle with its solution, so that it reads back with its
    /// givens.
    SolvedNumbers {
        /// The puzzle.
        puzzle: NumbersPuzzle,
        /// Every square's number.
        solution: numbers::Filled,
    },
    /// A Goishi puzzle with its first picks (none, some, or a solution).
    Goishi {
        /// The puzzle.
        puzzle: Puzzle,
        /// The picks made, in order.
        order: Vec<Point>,
    },
}

/// The formats gridtour writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// The engine's JSON schema.
    Json,
    /// The numbered board as text (the puzzle's own text for an unsolved
    /// Goishi puzzle).
    Text,
    /// The puzz.link editor's file format (Goishi only).
    Pzprv3,
    /// A link to share in one line: puzz.link for a Goishi puzzle, a
    /// gridtour knight link for a tour (`url` or `link`).
    Url,
    /// A picture of the board.
    Svg,
    /// A picture of the board.
    Png,
    /// A page to print, with the board in vector shapes.
    Pdf,
    /// The path drawn move by move, for web browsers.
    AnimatedSvg,
    /// The path drawn move by move.
    Gif,
}

impl Format {
    /// Every format with its name on the command line.
    const NAMES: [(Format, &'static str); 10] = [
        (Format::Text, "text"),
        (Format::Json, "json"),
        (Format::Pzprv3, "pzprv3"),
        (Format::Url, "url"),
        (Format::Url, "link"),
        (Format::Svg, "svg"),
        (Format::Png, "png"),
        (Format::Pdf, "pdf"),
        (Format::AnimatedSvg, "animated-svg"),
        (Format::Gif, "gif"),
    ];

    /// The format named `text` (as on the command line, any case).
    pub fn parse(text: &str) -> Result<Format, OutputError> {
        let wanted = text.trim().to_ascii_lowercase();
        Self::NAMES
            .iter()
            .find(|(_, name)| *name == wanted)
            .map(|&(format, _)| format)
            .ok_or_else(|| OutputError::UnknownFormat {
                text: text.to_owned(),
            })
    }

    /// The format a file name asks for, by its extension; a name ending in
    /// `.animated.svg` asks for an animation.
    pub fn from_path(path: &Path) -> Result<Format, OutputError> {
        let name = path
            .file_name()
            .map(|name| name.to_string_lossy().to_ascii_lowercase())
            .unwrap_or_default();
        let by_extension = [
            (".animated.svg", Format::AnimatedSvg),
            (".json", Format::Json),
            (".txt", Format::Text),
            (".svg", Format::Svg),
            (".png", Format::Png),
            (".pdf", Format::Pdf),
            (".gif", Format::Gif),
            (".pzprv3", Format::Pzprv3),
        ];
        by_extension
            .iter()
            .find(|(extension, _)| name.ends_with(extension))
            .map(|&(_, format)| format)
            .ok_or_else(|| OutputError::NoFormatFor {
                path: path.to_path_buf(),
            })
    }

    /// Whether the format is a picture rather than data.
    pub fn is_picture(self) -> bool {
        matches!(
            self,
            Format::Svg | Format::Png | Format::Pdf | Format::AnimatedSvg | Format::Gif
        )
    }

    /// Whether the format is binary, unfit for a terminal.
    pub fn is_binary(self) -> bool {
        matches!(self, Format::Png | Format::Pdf | Format::Gif)
    }
}

/// How pictures are drawn; `None` picks a default for the board.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct PictureOptions {
    /// Pixels a cell (square or grid spacing).
    pub cell_px: Option<u32>,
    /// Whether move or pick numbers are written.
    pub numbers: Option<bool>,
    /// Whether the columns and rows are named around the board.
    pub labels: bool,
    /// The pace of animations.
    pub timing: Option<Timing>,
}

/// Boards with more squares than this get no numbers unless asked: the
/// numbers would be too small to read at the default picture sizes.
const NUMBERS_MAX_CELLS: u64 = 1_024;

impl PictureOptions {
    /// Pixels a cell of a watched search's picture that the window saves:
    /// larger than a path's GIF, to read the move numbers and the title,
    /// about 800 pixels a side.
    pub fn trace_cell_px(side: u32) -> u32 {
        (800 / side.max(1)).clamp(2, 80)
    }

    /// The cell size for `format` on a board whose longer side is `side`
    /// cells: 40 pixels in SVG (which scales anyway); raster pictures aim
    /// at about 4000 pixels (PNG) or 1000 pixels (GIF) a side, within 2 to
    /// 48 (PNG) or 40 (GIF) pixels a cell.
    pub fn cell_px_for(&self, format: Format, side: u32) -> u32 {
        self.cell_px.unwrap_or(match format {
            Format::Png => (4000 / side.max(1)).clamp(2, 48),
            Format::Gif => (1000 / side.max(1)).clamp(2, 40),
            _ => 40,
        })
    }
}

impl Subject {
    /// The tour or puzzle as JSON, which pictures carry inside them.
    pub fn to_json(&self) -> String {
        match self {
            Subject::Tour(tour) => tour.to_json(),
            Subject::NumbersPuzzle(puzzle) => numbers::format::to_json(puzzle, None),
            Subject::SolvedNumbers { puzzle, solution } => {
                numbers::format::to_json(puzzle, Some(solution))
            }
            Subject::Goishi { puzzle, order } => goishi_format::to_json(puzzle, order),
        }
    }

    /// What a picture of the subject shows. Puzzle pictures are titled
    /// with their size and what to find, in the language of the messages,
    /// so a printed sheet says what it is.
    pub fn scene(&self, numbers: Option<bool>) -> Scene {
        let scene = match self {
            Subject::Tour(tour) => Scene::tour(tour),
            Subject::SolvedNumbers { puzzle, solution } => Scene::tour(&Tour {
                board: puzzle.board().clone(),
                kind: puzzle.kind(),
                path: numbers::path_of(puzzle, solution),
            }),
            Subject::NumbersPuzzle(puzzle) => {
                let board = puzzle.board();
                Scene::numbers_puzzle(puzzle).with_title(tr!(
                    "picture-title-numbers",
                    width = board.width(),
                    height = board.height(),
                    kind = puzzle.kind().label(),
                    last = puzzle.last_number()
                ))
            }
            Subject::Goishi { puzzle, order } => {
                let stones = puzzle.stones().len();
                let (width, height) = (puzzle.width(), puzzle.height());
                Scene::goishi(puzzle, order).with_title(match order.len() {
                    0 => tr!(
                        "picture-title-goishi",
                        width = width,
                        height = height,
                        stones = stones
                    ),
                    picked if picked == stones => tr!(
                        "picture-title-goishi-solution",
                        width = width,
                        height = height,
                        stones = stones
                    ),
                    picked => tr!(
                        "picture-title-goishi-picked",
                        width = width,
                        height = height,
                        stones = stones,
                        picked = picked
                    ),
                })
            }
        };
        let cells = u64::from(scene.width) * u64::from(scene.height);
        scene.with_numbers(numbers.unwrap_or(cells <= NUMBERS_MAX_CELLS))
    }

    /// The subject written in `format`.
    pub fn render(&self, format: Format, options: &PictureOptions) -> Result<Vec<u8>, OutputError> {
        let text = match (format, self) {
            (Format::Svg | Format::Png | Format::Pdf | Format::AnimatedSvg | Format::Gif, _) => {
                let scene = self.scene(options.numbers).with_labels(options.labels);
                return picture(&scene, format, options, Some(&self.to_json()));
            }
            (Format::Json, _) => self.to_json(),
            (Format::Text, Subject::Tour(tour)) => tour.to_text(),
            (Format::Text, Subject::Goishi { puzzle, order }) if order.is_empty() => {
                goishi_format::to_text(puzzle)
            }
            (Format::Text, Subject::Goishi { puzzle, order }) => {
                goishi_format::numbered_board(puzzle, order)
            }
            (Format::Pzprv3, Subject::Goishi { puzzle, order }) => {
                let order = (!order.is_empty()).then_some(order.as_slice());
                goishi_format::to_pzprv3(puzzle, order)
            }
            (Format::Url, Subject::Goishi { puzzle, .. }) => goishi_format::to_url(puzzle),
            (Format::Url, Subject::Tour(tour)) => BoardLink::of_tour(tour).to_link(),
            (Format::Text, Subject::NumbersPuzzle(puzzle)) => {
                numbers::format::to_text(puzzle, None)
            }
            (Format::Url, Subject::NumbersPuzzle(puzzle)) => numbers::link::to_link(puzzle),
            (Format::Text, Subject::SolvedNumbers { puzzle, solution }) => {
                numbers::format::to_text(puzzle, Some(solution))
            }
            // A link shares the puzzle, never its solution.
            (Format::Url, Subject::SolvedNumbers { puzzle, .. }) => numbers::link::to_link(puzzle),
            (
                Format::Pzprv3,
                Subject::Tour(_) | Subject::NumbersPuzzle(_) | Subject::SolvedNumbers { .. },
            ) => {
                return Err(OutputError::NotForTours);
            }
        };
        let mut bytes = text.into_bytes();
        if bytes.last() != Some(&b'\n') {
            bytes.push(b'\n');
        }
        Ok(bytes)
    }
}

/// Why something could not be written in a format.
#[derive(Debug, Clone, PartialEq)]
pub enum OutputError {
    /// A format name gridtour does not know.
    UnknownFormat {
        /// What was given.
        text: String,
    },
    /// A file name whose ending names no format.
    NoFormatFor {
        /// The file name.
        path: PathBuf,
    },
    /// A Goishi-only format asked of a knight's tour.
    NotForTours,
    /// A data format asked for as a picture.
    NotAPicture,
    /// The picture could not be made.
    Picture(PictureError),
}

impl fmt::Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match self {
            OutputError::UnknownFormat { text } => {
                let names: Vec<&str> = Format::NAMES.iter().map(|(_, name)| *name).collect();
                tr!(
                    "output-unknown-format",
                    text = text.escape_debug().to_string(),
                    names = names.join(", ")
                )
            }
            OutputError::NoFormatFor { path } => {
                tr!("output-no-format-for", path = path.display().to_string())
            }
            OutputError::NotForTours => tr!("output-not-for-tours").to_owned(),
            OutputError::NotAPicture => tr!("output-not-a-picture").to_owned(),
            OutputError::Picture(error) => error.to_string(),
        })
    }
}

impl std::error::Error for OutputError {}

impl From<PictureError> for OutputError {
    fn from(error: PictureError) -> Self {
        OutputError::Picture(error)
    }
}

/// A picture of `scene` in `format`, with `data` (JSON) inside it where
/// the format can carry it. Formats that are not pictures are refused.
pub fn picture(
    scene: &Scene,
    format: Format,
    options: &PictureOptions,
    data: Option<&str>,
) -> Result<Vec<u8>, OutputError> {
    let cell_px = options.cell_px_for(format, scene.longest_side());
    let timing = options
        .timing
        .unwrap_or_else(|| Timing::for_path(scene.path.len()));
    let with_data = |svg: String| match data {
        Some(data) => document::embed_in_svg(&svg, data),
        None => svg,
    };
    match format {
        Format::Svg => Ok(with_data(render::to_svg(scene, cell_px)).into_bytes()),
        Format::AnimatedSvg => {
            Ok(with_data(render::animated_svg(scene, cell_px, timing)).into_bytes())
        }
        Format::Png => {
            let png = render::to_png(scene, cell_px)?;
            Ok(match data {
                Some(data) => document::embed_in_png(&png, data),
                None => png,
            })
        }
        Format::Gif => Ok(render::animated_gif(scene, cell_px, timing)?),
        // Points a cell, if asked; else the page fits A4 and Letter.
        Format::Pdf => Ok(render::to_pdf(scene, options.cell_px.map(f64::from))?),
        Format::Json | Format::Text | Format::Pzprv3 | Format::Url => Err(OutputError::NotAPicture),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_follows_the_file_name() {
        let format = |name: &str| Format::from_path(Path::new(name));
        assert_eq!(format("a.JSON"), Ok(Format::Json));
        assert_eq!(format("b.png"), Ok(Format::Png));
        assert_eq!(format("c.pzprv3"), Ok(Format::Pzprv3));
        assert_eq!(format("tour.svg"), Ok(Format::Svg));
        assert_eq!(format("tour.Animated.SVG"), Ok(Format::AnimatedSvg));
        assert_eq!(format("tour.gif"), Ok(Format::Gif));
        let error = format("dir/d.doc").unwrap_err();
        assert!(matches!(error, OutputError::NoFormatFor { .. }), "{error}");
        assert!(error.to_string().contains("dir/d.doc"), "{error}");
    }

    #[test]
    fn format_names_parse_in_any_case_and_unknown_ones_are_listed() {
        assert_eq!(Format::parse(" PNG "), Ok(Format::Png));
        assert_eq!(Format::parse("animated-svg"), Ok(Format::AnimatedSvg));
        let error = Format::parse("jpeg\u{1b}").unwrap_err().to_string();
        assert!(error.contains("'jpeg\\u{1b}'"), "{error}");
        assert!(error.contains("text, json, pzprv3, url, link, svg, png, pdf, animated-svg, gif"));
    }
}
