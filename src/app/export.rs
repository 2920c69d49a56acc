//! Board pictures as SVG and PNG images, and crash-safe file writes.
//!
//! A [`Drawing`] says what a board shows without saying how; one painting
//! routine turns it into shapes for both the SVG writer and the PNG
//! rasteriser, so the two images always agree. Shapes are laid out in cell
//! units: every square (or grid point) is one unit wide and the board sits
//! inside a margin of half a cell, which puts every cell centre on whole
//! numbers and keeps SVG coordinates short.
//!
//! The look follows the classic knight's tour drawings: white and black
//! squares with the top-left square white, the tour as cyan lines through the
//! square centres. The cyan lines carry a dark casing so they stay readable on
//! white squares as well as on black ones; the start is ringed by a circle and
//! the end framed by a square.

use std::collections::{HashMap, HashSet};
use std::ffi::OsString;
use std::fmt::{self, Write as _};
use std::fs::{self, File, OpenOptions};
use std::io::{self, ErrorKind, Write as _};
use std::path::{Path, PathBuf};
use std::process;
use std::sync::atomic::{AtomicU64, Ordering};

/// What a board drawing shows, independent of any renderer.
///
/// Coordinates are `(x, y)` pairs: `x` counts columns from the left and `y`
/// rows from the top, both from zero. Coordinates outside the board are drawn
/// where they fall (and clipped in PNG images); they never cause an error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Drawing {
    /// Number of columns: cells in [`BoardStyle::Checkerboard`], grid points
    /// in [`BoardStyle::GoGrid`].
    pub width: u32,
    /// Number of rows, counted like `width`.
    pub height: u32,
    /// How the board itself is drawn; also decides which of `blocked` and
    /// `stones` are shown.
    pub style: BoardStyle,
    /// Squares a knight may not visit, drawn grey with an x
    /// ([`BoardStyle::Checkerboard`] only).
    pub blocked: Vec<(u32, u32)>,
    /// Stones, drawn as black discs on grid points ([`BoardStyle::GoGrid`]
    /// only).
    pub stones: Vec<(u32, u32)>,
    /// The tour or pick order, drawn as cyan lines through the centres; the
    /// first entry is ringed by a circle and the last framed by a square.
    pub path: Vec<(u32, u32)>,
    /// Whether to draw the segment from the last entry of `path` back to the
    /// first, as a closed tour returns to its start.
    pub closed: bool,
    /// Whether to write move (or pick) numbers, counted from 1, on the path.
    /// Only SVG images show them: PNG images are rendered without a font.
    pub numbers: bool,
}

/// The kind of board a [`Drawing`] shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardStyle {
    /// A chessboard of white and black squares, top-left white, as used for
    /// knight's tours; blocked squares are shown.
    Checkerboard,
    /// Lines through grid points with stones on them, as used for Goishi
    /// Hiroi; stones are shown.
    GoGrid,
}

/// Renders `drawing` as a standalone SVG document.
///
/// The `viewBox` spans the board in cell units, so viewers scale the image
/// freely; the nominal size is 40 pixels a cell. Move numbers, when asked
/// for, are `<text>` elements with a halo in the colour of the square under
/// them. The tour is stored once and stroked twice through `<use>`, which
/// keeps files of large tours small.
pub fn to_svg(drawing: &Drawing) -> String {
    let (columns, rows) = image_cells(drawing);
    let mut svg = SvgCanvas::default();
    // Writing into a String cannot fail, so the fmt::Results here and in the
    // canvas methods are ignored.
    let _ = writeln!(svg.out, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        svg.out,
        concat!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1""#,
            r#" width="{width}" height="{height}" viewBox="0 0 {columns} {rows}""#,
            r#" stroke-linecap="round" stroke-linejoin="round" paint-order="stroke""#,
            r#" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-weight="bold" text-anchor="middle">"#
        ),
        width = Num(columns * SVG_PIXELS_PER_CELL),
        height = Num(rows * SVG_PIXELS_PER_CELL),
        columns = Num(columns),
        rows = Num(rows),
    );
    paint(drawing, &mut svg);
    svg.out.push_str("</svg>\n");
    svg.out
}

/// Rasterises `drawing` to a PNG image with `cell_px` pixels a cell.
///
/// Move numbers are drawn with the window's own sans-serif font, so the
/// image looks the same on every machine. Images wider or taller than 16384
/// pixels, or larger than 200 megapixels, are refused before any memory is
/// allocated, with a message naming the largest cell size that fits.
pub fn to_png(drawing: &Drawing, cell_px: u32) -> Result<Vec<u8>, String> {
    let (width, height) = png_size(drawing, cell_px)?;
    let pixmap = tiny_skia::Pixmap::new(width, height)
        .ok_or_else(|| format!("could not allocate a {width} x {height} pixel image"))?;
    // Lossless: the cell size is far below f32's exact integer range here.
    let scale = cell_px as f32;
    let mut canvas = PngCanvas {
        pixmap,
        transform: tiny_skia::Transform::from_scale(scale, scale),
        font: NumberFont::new()?,
    };
    paint(drawing, &mut canvas);
    canvas
        .pixmap
        .encode_png()
        .map_err(|error| format!("could not encode the PNG image: {error}"))
}

/// Writes `bytes` to `path` so that the file holds either its old contents or
/// all of the new ones, never a mixture, even if the program or the machine
/// stops half-way.
///
/// The bytes go to a hidden temporary file in the same directory, are flushed
/// to disk, and the temporary file is then renamed over the target. An
/// existing target keeps its permissions; a symbolic link is written through,
/// not replaced. On failure the temporary file is removed and the message
/// names `path` and the reason.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let failure = |reason: &dyn fmt::Display| format!("cannot write {}: {reason}", path.display());
    let target = resolve_symlink(path);
    let Some(file_name) = target.file_name() else {
        return Err(failure(&"the path does not name a file"));
    };
    let directory = match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let (temp_path, temp_file) = create_temp_file(directory, file_name).map_err(|error| {
        if error.kind() == ErrorKind::NotFound && !directory.is_dir() {
            failure(&format_args!(
                "the folder {} does not exist",
                directory.display()
            ))
        } else {
            failure(&error)
        }
    })?;
    if let Err(error) = fill_and_replace(temp_file, &temp_path, &target, bytes) {
        // The error being reported is the useful one; a failed clean-up of
        // a file that may not even exist any more adds nothing.
        let _ = fs::remove_file(&temp_path);
        return Err(failure(&error));
    }
    sync_directory(directory).map_err(|error| {
        failure(&format_args!(
            "the file was replaced but the change could not be flushed to disk: {error}"
        ))
    })
}

/// Nominal SVG size of one cell in pixels, for viewers that honour `width`
/// and `height`.
const SVG_PIXELS_PER_CELL: f64 = 40.0;
/// Space around the board, in cells.
const MARGIN: f64 = 0.5;
/// Largest PNG width or height in pixels; common viewers and GPUs stop here.
const MAX_PNG_SIDE: u64 = 16_384;
/// Largest PNG area in pixels, which bounds memory use to 800 MB.
const MAX_PNG_PIXELS: u64 = 200_000_000;

const WHITE: Colour = Colour::rgb(0xff, 0xff, 0xff);
const BLACK: Colour = Colour::rgb(0x00, 0x00, 0x00);
const CYAN: Colour = Colour::rgb(0x00, 0xff, 0xff);
/// Dark teal edge around cyan strokes: contrast on white squares, and it
/// blends into black ones.
const CASING: Colour = Colour::rgb(0x00, 0x33, 0x40);
const BLOCKED_FILL: Colour = Colour::rgb(0x8c, 0x8c, 0x8c);
const BLOCKED_MARK: Colour = Colour::rgb(0x40, 0x40, 0x40);
const GRID: Colour = Colour::rgb(0x40, 0x40, 0x40);

const FRAME: Stroke = Stroke::new(BLACK, 0.04);
const GRID_LINE: Stroke = Stroke::new(GRID, 0.05);
const BLOCKED_CROSS: Stroke = Stroke::new(BLOCKED_MARK, 0.08);
/// Distance of the blocked square's x from the square's edges, in cells.
const BLOCKED_CROSS_INSET: f64 = 0.22;
const STONE_RADIUS: f64 = 0.4;
/// The tour: a cyan line on a dark casing twice as wide.
const TOUR: [Stroke; 2] = [Stroke::new(CASING, 0.2), Stroke::new(CYAN, 0.1)];
/// Start and end markers, cased like the tour.
const MARKER: [Stroke; 2] = [Stroke::new(CASING, 0.16), Stroke::new(CYAN, 0.08)];
const START_MARKER_RADIUS: f64 = 0.36;
const END_MARKER_HALF_SIDE: f64 = 0.32;
/// Largest font size of move numbers, in cells, used up to three digits.
const NUMBER_MAX_SIZE: f64 = 0.42;
/// Width of a number in ems per digit, enough for bold sans-serif digits
/// plus spacing; longer numbers get smaller so they stay inside their cell.
const NUMBER_EM_PER_DIGIT: f64 = 0.55;
/// Share of a cell a number may cover horizontally.
const NUMBER_MAX_WIDTH: f64 = 0.72;
/// Baseline offset below the centre, in ems, that centres digits vertically.
const NUMBER_BASELINE_SHIFT: f64 = 0.36;
/// Halo around numbers, in ems.
const NUMBER_HALO: f64 = 0.22;
/// Outline stroke that brings the window's light font in PNG images to
/// about the weight of the bold numbers in SVG images, in ems.
const NUMBER_EMBOLDEN: f64 = 0.07;

/// An opaque colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Colour {
    red: u8,
    green: u8,
    blue: u8,
}

impl Colour {
    const fn rgb(red: u8, green: u8, blue: u8) -> Self {
        Colour { red, green, blue }
    }
}

impl fmt::Display for Colour {
    /// The `#rrggbb` form used by SVG.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.red, self.green, self.blue)
    }
}

/// A line style: colour and width in cells.
#[derive(Debug, Clone, Copy)]
struct Stroke {
    colour: Colour,
    width: f64,
}

impl Stroke {
    const fn new(colour: Colour, width: f64) -> Self {
        Stroke { colour, width }
    }
}

/// A position in cell units.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Point {
    x: f64,
    y: f64,
}

/// An axis-aligned rectangle in cell units.
#[derive(Debug, Clone, Copy)]
struct Rect {
    left: f64,
    top: f64,
    width: f64,
    height: f64,
}

impl Rect {
    /// The square of half-side `half_side` centred on `centre`.
    fn square_around(centre: Point, half_side: f64) -> Self {
        Rect {
            left: centre.x - half_side,
            top: centre.y - half_side,
            width: 2.0 * half_side,
            height: 2.0 * half_side,
        }
    }
}

/// The drawing operations [`paint`] needs; implemented once per output
/// format. Methods taking several strokes paint them in order, each over
/// the previous, which is how cased lines are drawn.
trait Canvas {
    fn fill_rect(&mut self, rect: Rect, colour: Colour);
    fn stroke_rect(&mut self, rect: Rect, strokes: &[Stroke]);
    fn fill_circle(&mut self, centre: Point, radius: f64, colour: Colour);
    fn stroke_circle(&mut self, centre: Point, radius: f64, strokes: &[Stroke]);
    fn line(&mut self, from: Point, to: Point, stroke: Stroke);
    /// Strokes the lines through `points`, back to the first if `closed`.
    fn polyline(&mut self, points: &[Point], closed: bool, strokes: &[Stroke]);
    /// Writes `text` centred on `centre` in `colour`, on a halo of `halo`.
    fn text(&mut self, centre: Point, size: f64, text: &str, colour: Colour, halo: Colour);
}

/// Image size in cells: the board plus the margin on both sides.
fn image_cells(drawing: &Drawing) -> (f64, f64) {
    (
        f64::from(drawing.width) + 2.0 * MARGIN,
        f64::from(drawing.height) + 2.0 * MARGIN,
    )
}

/// Centre of the cell (or grid point) at `(x, y)`.
fn centre((x, y): (u32, u32)) -> Point {
    Point {
        x: MARGIN + f64::from(x) + 0.5,
        y: MARGIN + f64::from(y) + 0.5,
    }
}

/// The square covering the cell at `(x, y)`.
fn cell_rect(cell: (u32, u32)) -> Rect {
    Rect::square_around(centre(cell), 0.5)
}

/// Whether the square at `(x, y)` is black; the top-left square is white.
/// Compares parities rather than adding, which cannot overflow.
fn is_dark_square((x, y): (u32, u32)) -> bool {
    x % 2 != y % 2
}

/// Paints the whole drawing, back to front.
fn paint(drawing: &Drawing, canvas: &mut impl Canvas) {
    let (columns, rows) = image_cells(drawing);
    let page = Rect {
        left: 0.0,
        top: 0.0,
        width: columns,
        height: rows,
    };
    canvas.fill_rect(page, WHITE);
    match drawing.style {
        BoardStyle::Checkerboard => paint_checkerboard(drawing, canvas),
        BoardStyle::GoGrid => paint_go_grid(drawing, canvas),
    }
    paint_path(drawing, canvas);
    if drawing.numbers {
        paint_numbers(drawing, canvas);
    }
}

/// Black squares (the page is already white), blocked squares, and a frame
/// that separates the white edge squares from the margin.
fn paint_checkerboard(drawing: &Drawing, canvas: &mut impl Canvas) {
    for y in 0..drawing.height {
        for x in (0..drawing.width).filter(|&x| is_dark_square((x, y))) {
            canvas.fill_rect(cell_rect((x, y)), BLACK);
        }
    }
    for &cell in &drawing.blocked {
        let square = cell_rect(cell);
        canvas.fill_rect(square, BLOCKED_FILL);
        let near = BLOCKED_CROSS_INSET;
        let far = 1.0 - BLOCKED_CROSS_INSET;
        let at = |dx: f64, dy: f64| Point {
            x: square.left + dx,
            y: square.top + dy,
        };
        canvas.line(at(near, near), at(far, far), BLOCKED_CROSS);
        canvas.line(at(far, near), at(near, far), BLOCKED_CROSS);
    }
    let board = Rect {
        left: MARGIN,
        top: MARGIN,
        width: f64::from(drawing.width),
        height: f64::from(drawing.height),
    };
    canvas.stroke_rect(board, &[FRAME]);
}

/// One line through each row and each column of grid points, then the
/// stones on top.
fn paint_go_grid(drawing: &Drawing, canvas: &mut impl Canvas) {
    let last_column = drawing.width.saturating_sub(1);
    let last_row = drawing.height.saturating_sub(1);
    for y in 0..drawing.height {
        canvas.line(centre((0, y)), centre((last_column, y)), GRID_LINE);
    }
    for x in 0..drawing.width {
        canvas.line(centre((x, 0)), centre((x, last_row)), GRID_LINE);
    }
    for &stone in &drawing.stones {
        canvas.fill_circle(centre(stone), STONE_RADIUS, BLACK);
    }
}

/// The cyan path, then the start ring and the end square over it.
fn paint_path(drawing: &Drawing, canvas: &mut impl Canvas) {
    let points: Vec<Point> = drawing.path.iter().copied().map(centre).collect();
    if points.len() >= 2 {
        // Two points "closed" would retrace the same segment.
        canvas.polyline(&points, drawing.closed && points.len() >= 3, &TOUR);
    }
    if let Some(&start) = points.first() {
        canvas.stroke_circle(start, START_MARKER_RADIUS, &MARKER);
    }
    if let [_, .., end] = points[..] {
        canvas.stroke_rect(Rect::square_around(end, END_MARKER_HALF_SIDE), &MARKER);
    }
}

/// Numbers 1, 2, ... on the path, light on dark squares and stones, dark on
/// light ones, all in one size chosen for the longest number.
fn paint_numbers(drawing: &Drawing, canvas: &mut impl Canvas) {
    let digits = drawing.path.len().to_string().len();
    let size = NUMBER_MAX_SIZE.min(NUMBER_MAX_WIDTH / (NUMBER_EM_PER_DIGIT * digits as f64));
    let stones: HashSet<(u32, u32)> = match drawing.style {
        BoardStyle::Checkerboard => HashSet::new(),
        BoardStyle::GoGrid => drawing.stones.iter().copied().collect(),
    };
    for (index, &cell) in drawing.path.iter().enumerate() {
        let on_dark = match drawing.style {
            BoardStyle::Checkerboard => is_dark_square(cell),
            BoardStyle::GoGrid => stones.contains(&cell),
        };
        let (colour, halo) = if on_dark {
            (WHITE, BLACK)
        } else {
            (BLACK, WHITE)
        };
        let label = (index + 1).to_string();
        canvas.text(centre(cell), size, &label, colour, halo);
    }
}

/// Formats a coordinate for SVG: at most three decimals, no trailing zeros,
/// so `1.5` stays `1.5` and `0.72000001` becomes `0.72`.
struct Num(f64);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fixed = format!("{:.3}", self.0);
        let trimmed = fixed.trim_end_matches('0').trim_end_matches('.');
        f.write_str(if trimmed == "-0" { "0" } else { trimmed })
    }
}

/// Builds the SVG body; [`to_svg`] adds the document around it.
#[derive(Default)]
struct SvgCanvas {
    out: String,
    /// Number of polylines defined so far, for unique `id`s.
    polylines: usize,
}

impl SvgCanvas {
    fn rect_element(&mut self, rect: Rect, paint: fmt::Arguments<'_>) {
        let _ = writeln!(
            self.out,
            r#"<rect x="{}" y="{}" width="{}" height="{}" {paint}/>"#,
            Num(rect.left),
            Num(rect.top),
            Num(rect.width),
            Num(rect.height),
        );
    }

    fn circle_element(&mut self, centre: Point, radius: f64, paint: fmt::Arguments<'_>) {
        let _ = writeln!(
            self.out,
            r#"<circle cx="{}" cy="{}" r="{}" {paint}/>"#,
            Num(centre.x),
            Num(centre.y),
            Num(radius),
        );
    }
}

impl Canvas for SvgCanvas {
    fn fill_rect(&mut self, rect: Rect, colour: Colour) {
        self.rect_element(rect, format_args!(r#"fill="{colour}""#));
    }

    fn stroke_rect(&mut self, rect: Rect, strokes: &[Stroke]) {
        for stroke in strokes {
            self.rect_element(rect, format_args!(r#"fill="none" {}"#, SvgStroke(stroke)));
        }
    }

    fn fill_circle(&mut self, centre: Point, radius: f64, colour: Colour) {
        self.circle_element(centre, radius, format_args!(r#"fill="{colour}""#));
    }

    fn stroke_circle(&mut self, centre: Point, radius: f64, strokes: &[Stroke]) {
        for stroke in strokes {
            let paint = format_args!(r#"fill="none" {}"#, SvgStroke(stroke));
            self.circle_element(centre, radius, paint);
        }
    }

    fn line(&mut self, from: Point, to: Point, stroke: Stroke) {
        let _ = writeln!(
            self.out,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" {}/>"#,
            Num(from.x),
            Num(from.y),
            Num(to.x),
            Num(to.y),
            SvgStroke(&stroke),
        );
    }

    fn polyline(&mut self, points: &[Point], closed: bool, strokes: &[Stroke]) {
        let element = if closed { "polygon" } else { "polyline" };
        let id = format!("path{}", self.polylines);
        self.polylines += 1;
        let _ = write!(self.out, r#"<defs><{element} id="{id}" points=""#);
        for (index, point) in points.iter().enumerate() {
            let separator = if index == 0 { "" } else { " " };
            let _ = write!(self.out, "{separator}{},{}", Num(point.x), Num(point.y));
        }
        let _ = writeln!(self.out, r#""/></defs>"#);
        for stroke in strokes {
            let _ = writeln!(
                self.out,
                r##"<use href="#{id}" xlink:href="#{id}" fill="none" {}/>"##,
                SvgStroke(stroke),
            );
        }
    }

    fn text(&mut self, centre: Point, size: f64, text: &str, colour: Colour, halo: Colour) {
        let _ = writeln!(
            self.out,
            r#"<text x="{}" y="{}" font-size="{}" fill="{colour}" stroke="{halo}" stroke-width="{}">{text}</text>"#,
            Num(centre.x),
            Num(centre.y + NUMBER_BASELINE_SHIFT * size),
            Num(size),
            Num(NUMBER_HALO * size),
        );
    }
}

/// `stroke` and `stroke-width` attributes.
struct SvgStroke<'a>(&'a Stroke);

impl fmt::Display for SvgStroke<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            r#"stroke="{}" stroke-width="{}""#,
            self.0.colour,
            Num(self.0.width)
        )
    }
}

/// Checks the PNG size limits and returns the image size in pixels.
fn png_size(drawing: &Drawing, cell_px: u32) -> Result<(u32, u32), String> {
    if cell_px == 0 {
        return Err("the cell size of a PNG image must be at least 1 pixel".to_string());
    }
    // The margins add half a cell on each side: one cell in all.
    let columns = u64::from(drawing.width) + 1;
    let rows = u64::from(drawing.height) + 1;
    // At most (2^32) * (2^32 - 1): no overflow in u64.
    let width = columns * u64::from(cell_px);
    let height = rows * u64::from(cell_px);
    let fits = width <= MAX_PNG_SIDE && height <= MAX_PNG_SIDE && width * height <= MAX_PNG_PIXELS;
    match (u32::try_from(width), u32::try_from(height)) {
        (Ok(width), Ok(height)) if fits => Ok((width, height)),
        _ => {
            let largest_cell = (MAX_PNG_SIDE / columns.max(rows))
                .min((MAX_PNG_PIXELS / columns.saturating_mul(rows)).isqrt());
            let advice = if largest_cell == 0 {
                "this board is too large for a PNG image; export it as SVG instead".to_string()
            } else {
                format!("choose a cell size of at most {largest_cell} pixels")
            };
            Err(format!(
                "a {width} x {height} pixel image is too large (the limit is {MAX_PNG_SIDE} pixels a side and {} megapixels); {advice}",
                MAX_PNG_PIXELS / 1_000_000
            ))
        }
    }
}

/// Rasterises shapes with tiny-skia; coordinates are scaled from cells to
/// pixels by `transform`.
struct PngCanvas {
    pixmap: tiny_skia::Pixmap,
    transform: tiny_skia::Transform,
    font: NumberFont,
}

/// The font move numbers are drawn with in PNG images: the sans-serif face
/// the window itself uses, built into the program.
///
/// A tour of n squares writes n numbers with only ten distinct digits in
/// two colourings, and rasterising a stroked outline costs far more than
/// copying pixels. So each digit is rasterised once per colour, halo and
/// body apart, into a small image (a sprite) that every number then copies
/// at its place, snapped to whole pixels.
struct NumberFont {
    font: skrifa::FontRef<'static>,
    outlines: skrifa::OutlineGlyphCollection<'static>,
    /// The em size in cells and the pixels a cell the caches below hold.
    size: f64,
    scale: f32,
    /// Each character's width in cells; `None` when the font lacks it.
    advances: HashMap<char, Option<f32>>,
    sprites: HashMap<(char, Colour, NumberLayer), Option<Sprite>>,
}

/// The two layers of a number: every character's halo goes down before any
/// character's body, so no halo covers a neighbouring character.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum NumberLayer {
    Halo,
    Body,
}

/// One character's layer in one colour, rasterised; its top-left pixel
/// lies at (`left`, `top`) from the character's origin on the baseline.
struct Sprite {
    pixmap: tiny_skia::Pixmap,
    left: i32,
    top: i32,
}

impl NumberFont {
    fn new() -> Result<Self, String> {
        use skrifa::MetadataProvider;
        let font = skrifa::FontRef::new(epaint_default_fonts::UBUNTU_LIGHT)
            .map_err(|error| format!("the built-in font is unreadable: {error}"))?;
        let outlines = font.outline_glyphs();
        Ok(NumberFont {
            font,
            outlines,
            size: 0.0,
            scale: 0.0,
            advances: HashMap::new(),
            sprites: HashMap::new(),
        })
    }

    /// Empties the caches unless they were made for `size` cells to the em
    /// at `scale` pixels a cell.
    fn use_size(&mut self, size: f64, scale: f32) {
        if (size, scale) != (self.size, self.scale) {
            (self.size, self.scale) = (size, scale);
            self.advances.clear();
            self.sprites.clear();
        }
    }

    /// The width of `character` in cells, `None` when the font lacks it.
    fn advance(&mut self, character: char) -> Option<f32> {
        use skrifa::MetadataProvider;
        let (font, size) = (&self.font, self.size);
        *self.advances.entry(character).or_insert_with(|| {
            let glyph = font.charmap().map(character)?;
            let em = skrifa::instance::Size::new(size as f32);
            let metrics = font.glyph_metrics(em, skrifa::instance::LocationRef::default());
            Some(metrics.advance_width(glyph).unwrap_or(0.0))
        })
    }

    /// The sprite of one layer of `character` in `colour`; `None` for a
    /// character with nothing to draw.
    fn sprite(&mut self, character: char, colour: Colour, layer: NumberLayer) -> Option<&Sprite> {
        let key = (character, colour, layer);
        if !self.sprites.contains_key(&key) {
            let sprite = self.render(character, colour, layer);
            self.sprites.insert(key, sprite);
        }
        self.sprites.get(&key).and_then(Option::as_ref)
    }

    fn render(&self, character: char, colour: Colour, layer: NumberLayer) -> Option<Sprite> {
        use skrifa::MetadataProvider;
        let glyph = self.font.charmap().map(character)?;
        let em = skrifa::instance::Size::new(self.size as f32);
        let settings =
            skrifa::outline::DrawSettings::unhinted(em, skrifa::instance::LocationRef::default());
        let mut pen = PathPen(tiny_skia::PathBuilder::new());
        self.outlines.get(glyph)?.draw(settings, &mut pen).ok()?;
        let outline = pen.0.finish()?;
        let stroked = |width: f64| {
            let stroke = tiny_skia::Stroke {
                width: (width * self.size) as f32,
                line_join: tiny_skia::LineJoin::Round,
                ..tiny_skia::Stroke::default()
            };
            outline.stroke(&stroke, self.scale)
        };
        let paths = match layer {
            NumberLayer::Halo => vec![stroked(NUMBER_HALO)?],
            NumberLayer::Body => vec![stroked(NUMBER_EMBOLDEN)?, outline.clone()],
        };
        // The first path is the widest: its bounds hold the others.
        let bounds = paths[0].bounds();
        let left = (bounds.left() * self.scale).floor() as i32 - 1;
        let top = (bounds.top() * self.scale).floor() as i32 - 1;
        let right = (bounds.right() * self.scale).ceil() as i32 + 1;
        let bottom = (bounds.bottom() * self.scale).ceil() as i32 + 1;
        let mut pixmap = tiny_skia::Pixmap::new(
            u32::try_from(right - left).ok()?,
            u32::try_from(bottom - top).ok()?,
        )?;
        let transform = tiny_skia::Transform::from_scale(self.scale, self.scale)
            .post_translate(-left as f32, -top as f32);
        let paint = solid_paint(colour, true);
        for path in &paths {
            pixmap.fill_path(path, &paint, tiny_skia::FillRule::Winding, transform, None);
        }
        Some(Sprite { pixmap, left, top })
    }
}

/// Turns font outlines (y up) into a tiny-skia path (y down).
struct PathPen(tiny_skia::PathBuilder);

impl skrifa::outline::OutlinePen for PathPen {
    fn move_to(&mut self, x: f32, y: f32) {
        self.0.move_to(x, -y);
    }

    fn line_to(&mut self, x: f32, y: f32) {
        self.0.line_to(x, -y);
    }

    fn quad_to(&mut self, cx0: f32, cy0: f32, x: f32, y: f32) {
        self.0.quad_to(cx0, -cy0, x, -y);
    }

    fn curve_to(&mut self, cx0: f32, cy0: f32, cx1: f32, cy1: f32, x: f32, y: f32) {
        self.0.cubic_to(cx0, -cy0, cx1, -cy1, x, -y);
    }

    fn close(&mut self) {
        self.0.close();
    }
}

impl PngCanvas {
    fn stroke_path(&mut self, path: &tiny_skia::Path, strokes: &[Stroke]) {
        for stroke in strokes {
            let style = tiny_skia::Stroke {
                width: stroke.width as f32,
                line_cap: tiny_skia::LineCap::Round,
                line_join: tiny_skia::LineJoin::Round,
                ..tiny_skia::Stroke::default()
            };
            let paint = solid_paint(stroke.colour, true);
            self.pixmap
                .stroke_path(path, &paint, &style, self.transform, None);
        }
    }
}

/// A paint of one opaque colour.
fn solid_paint(colour: Colour, anti_alias: bool) -> tiny_skia::Paint<'static> {
    let mut paint = tiny_skia::Paint {
        anti_alias,
        ..tiny_skia::Paint::default()
    };
    paint.set_color_rgba8(colour.red, colour.green, colour.blue, 0xff);
    paint
}

fn skia_rect(rect: Rect) -> Option<tiny_skia::Rect> {
    tiny_skia::Rect::from_xywh(
        rect.left as f32,
        rect.top as f32,
        rect.width as f32,
        rect.height as f32,
    )
}

impl Canvas for PngCanvas {
    /// Without anti-aliasing: neighbouring squares then share their edge
    /// pixels exactly instead of leaving faint seams at odd cell sizes.
    fn fill_rect(&mut self, rect: Rect, colour: Colour) {
        if let Some(rect) = skia_rect(rect) {
            let paint = solid_paint(colour, false);
            self.pixmap.fill_rect(rect, &paint, self.transform, None);
        }
    }

    fn stroke_rect(&mut self, rect: Rect, strokes: &[Stroke]) {
        if let Some(rect) = skia_rect(rect) {
            self.stroke_path(&tiny_skia::PathBuilder::from_rect(rect), strokes);
        }
    }

    fn fill_circle(&mut self, centre: Point, radius: f64, colour: Colour) {
        let circle =
            tiny_skia::PathBuilder::from_circle(centre.x as f32, centre.y as f32, radius as f32);
        if let Some(circle) = circle {
            let paint = solid_paint(colour, true);
            let rule = tiny_skia::FillRule::Winding;
            self.pixmap
                .fill_path(&circle, &paint, rule, self.transform, None);
        }
    }

    fn stroke_circle(&mut self, centre: Point, radius: f64, strokes: &[Stroke]) {
        let circle =
            tiny_skia::PathBuilder::from_circle(centre.x as f32, centre.y as f32, radius as f32);
        if let Some(circle) = circle {
            self.stroke_path(&circle, strokes);
        }
    }

    fn line(&mut self, from: Point, to: Point, stroke: Stroke) {
        self.polyline(&[from, to], false, &[stroke]);
    }

    fn polyline(&mut self, points: &[Point], closed: bool, strokes: &[Stroke]) {
        let mut builder = tiny_skia::PathBuilder::with_capacity(points.len() + 1, points.len());
        for (index, point) in points.iter().enumerate() {
            let (x, y) = (point.x as f32, point.y as f32);
            if index == 0 {
                builder.move_to(x, y);
            } else {
                builder.line_to(x, y);
            }
        }
        if closed {
            builder.close();
        }
        // None only for fewer than two points: nothing to draw then.
        if let Some(path) = builder.finish() {
            self.stroke_path(&path, strokes);
        }
    }

    fn text(&mut self, centre: Point, size: f64, text: &str, colour: Colour, halo: Colour) {
        // `to_png` scales cells to pixels and does nothing else.
        let scale = self.transform.sx;
        self.font.use_size(size, scale);
        let mut placed = Vec::with_capacity(text.len());
        let mut width = 0.0;
        for character in text.chars() {
            if let Some(advance) = self.font.advance(character) {
                placed.push((width, character));
                width += advance;
            }
        }
        let left = centre.x as f32 - width / 2.0;
        let baseline = ((centre.y + NUMBER_BASELINE_SHIFT * size) as f32 * scale).round();
        let (image_width, image_height) = (self.pixmap.width(), self.pixmap.height());
        // Whether a sprite's span along one axis meets the image; a square
        // far off the board is skipped before its pixel position overflows.
        let inside = |start: f32, offset: i32, length: u32, limit: u32| {
            let start = f64::from(start) + f64::from(offset);
            start < f64::from(limit) && start + f64::from(length) > 0.0
        };
        for (layer, layer_colour) in [(NumberLayer::Halo, halo), (NumberLayer::Body, colour)] {
            for &(x, character) in &placed {
                let origin = ((left + x) * scale).round();
                if let Some(sprite) = self.font.sprite(character, layer_colour, layer) {
                    let (sprite_width, sprite_height) =
                        (sprite.pixmap.width(), sprite.pixmap.height());
                    if !inside(origin, sprite.left, sprite_width, image_width)
                        || !inside(baseline, sprite.top, sprite_height, image_height)
                    {
                        continue;
                    }
                    self.pixmap.draw_pixmap(
                        origin as i32 + sprite.left,
                        baseline as i32 + sprite.top,
                        sprite.pixmap.as_ref(),
                        &tiny_skia::PixmapPaint::default(),
                        tiny_skia::Transform::identity(),
                        None,
                    );
                }
            }
        }
    }
}

/// The file a write to `path` lands in: the destination of a symbolic link
/// (so the link survives), otherwise `path` itself. A dangling link is
/// replaced by the new file.
fn resolve_symlink(path: &Path) -> PathBuf {
    match fs::symlink_metadata(path) {
        Ok(metadata) if metadata.file_type().is_symlink() => {
            fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
        }
        _ => path.to_path_buf(),
    }
}

/// Creates a new, hidden file next to the target, named after it so a
/// leftover from a crash is recognisable, e.g. `.tour.svg.1234.0.tmp`.
fn create_temp_file(directory: &Path, file_name: &std::ffi::OsStr) -> io::Result<(PathBuf, File)> {
    /// Distinguishes temporary files of concurrent writes in one process.
    static NEXT_TEMP_NUMBER: AtomicU64 = AtomicU64::new(0);
    /// Tries before giving up on names taken by leftovers of other runs.
    const ATTEMPTS: usize = 100;
    let mut last_error = io::Error::from(ErrorKind::AlreadyExists);
    for _ in 0..ATTEMPTS {
        let number = NEXT_TEMP_NUMBER.fetch_add(1, Ordering::Relaxed);
        let mut name = OsString::from(".");
        name.push(file_name);
        name.push(format!(".{}.{number}.tmp", process::id()));
        let temp_path = directory.join(name);
        match OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp_path)
        {
            Ok(file) => return Ok((temp_path, file)),
            Err(error) if error.kind() == ErrorKind::AlreadyExists => last_error = error,
            Err(error) => return Err(error),
        }
    }
    Err(last_error)
}

/// Fills the temporary file, flushes it to disk and renames it over the
/// target, keeping an existing target's permissions.
fn fill_and_replace(
    mut file: File,
    temp_path: &Path,
    target: &Path,
    bytes: &[u8],
) -> io::Result<()> {
    file.write_all(bytes)?;
    if let Ok(metadata) = fs::metadata(target)
        && metadata.is_file()
    {
        file.set_permissions(metadata.permissions())?;
    }
    file.sync_all()?;
    drop(file);
    fs::rename(temp_path, target)
}

/// Flushes the directory entry of the renamed file, so the rename itself
/// survives a power cut. Only Unix-like systems can open directories for
/// this; elsewhere the rename is as durable as the system makes it.
fn sync_directory(directory: &Path) -> io::Result<()> {
    if cfg!(unix) {
        File::open(directory)?.sync_all()
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An element of a parsed SVG document.
    #[derive(Debug)]
    struct Element {
        name: String,
        attributes: Vec<(String, String)>,
        text: String,
    }

    impl Element {
        fn attribute(&self, name: &str) -> &str {
            self.attributes
                .iter()
                .find(|(key, _)| key == name)
                .map(|(_, value)| value.as_str())
                .unwrap_or_else(|| panic!("<{}> has no attribute {name}", self.name))
        }

        fn number(&self, name: &str) -> f64 {
            let value = self.attribute(name);
            value
                .parse()
                .unwrap_or_else(|_| panic!("<{}> {name}={value:?} is not a number", self.name))
        }
    }

    /// A strict little XML reader, enough for the SVG this module writes:
    /// panics unless every tag is closed in order, attributes are quoted and
    /// unique, and there is exactly one root element.
    fn parse_xml(document: &str) -> Vec<Element> {
        let mut elements: Vec<Element> = Vec::new();
        let mut open: Vec<usize> = Vec::new();
        let mut roots = 0;
        let mut rest = document;
        while let Some(start) = rest.find('<') {
            let text = &rest[..start];
            match open.last() {
                Some(&parent) => elements[parent].text.push_str(text),
                None => assert!(text.trim().is_empty(), "text outside the root: {text:?}"),
            }
            rest = &rest[start..];
            if let Some(declaration) = rest.strip_prefix("<?") {
                assert!(elements.is_empty(), "declaration after elements");
                let end = declaration.find("?>").expect("unterminated declaration");
                rest = &declaration[end + 2..];
                continue;
            }
            let end = rest.find('>').expect("unterminated tag");
            let tag = &rest[1..end];
            rest = &rest[end + 1..];
            if let Some(name) = tag.strip_prefix('/') {
                let parent = open.pop().expect("closing tag without an open one");
                assert_eq!(elements[parent].name, name, "mismatched closing tag");
                continue;
            }
            let (tag, self_closing) = match tag.strip_suffix('/') {
                Some(tag) => (tag, true),
                None => (tag, false),
            };
            let name_end = tag.find(char::is_whitespace).unwrap_or(tag.len());
            let name = &tag[..name_end];
            assert!(
                !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric()),
                "bad element name {name:?}"
            );
            let mut attributes = Vec::new();
            let mut attribute_text = tag[name_end..].trim_start();
            while !attribute_text.is_empty() {
                let (key, after) = attribute_text
                    .split_once("=\"")
                    .expect("unquoted attribute");
                let (value, after) = after.split_once('"').expect("unterminated attribute");
                assert!(!value.contains('<'), "'<' in attribute {key}");
                assert!(
                    attributes.iter().all(|(seen, _)| seen != key),
                    "duplicate attribute {key} in <{name}>"
                );
                attributes.push((key.to_string(), value.to_string()));
                let trimmed = after.trim_start();
                assert!(
                    trimmed.len() < after.len() || trimmed.is_empty(),
                    "attributes not separated by space in <{name}>"
                );
                attribute_text = trimmed;
            }
            if open.is_empty() {
                roots += 1;
            }
            elements.push(Element {
                name: name.to_string(),
                attributes,
                text: String::new(),
            });
            if !self_closing {
                open.push(elements.len() - 1);
            }
        }
        assert!(rest.trim().is_empty(), "text after the root: {rest:?}");
        assert!(open.is_empty(), "unclosed elements");
        assert_eq!(roots, 1, "an XML document has exactly one root");
        elements
    }

    fn count(elements: &[Element], name: &str) -> usize {
        elements
            .iter()
            .filter(|element| element.name == name)
            .count()
    }

    fn named<'a>(elements: &'a [Element], name: &str) -> Vec<&'a Element> {
        elements
            .iter()
            .filter(|element| element.name == name)
            .collect()
    }

    /// Is `(x, y)` a knight's move away from `(x0, y0)`?
    fn is_knight_move((x0, y0): (u32, u32), (x, y): (u32, u32)) -> bool {
        let (dx, dy) = (x0.abs_diff(x), y0.abs_diff(y));
        (dx, dy) == (1, 2) || (dx, dy) == (2, 1)
    }

    /// The 3x3 board with its centre blocked has a closed knight's tour
    /// round the eight outer squares.
    fn ring_tour() -> Drawing {
        let path = vec![
            (0, 0),
            (1, 2),
            (2, 0),
            (0, 1),
            (2, 2),
            (1, 0),
            (0, 2),
            (2, 1),
        ];
        // Independent check that the fixture really is a closed tour of the
        // eight free squares.
        let mut squares = path.clone();
        squares.sort_unstable();
        squares.dedup();
        assert_eq!(squares.len(), 8);
        assert!(!squares.contains(&(1, 1)));
        for (index, &square) in path.iter().enumerate() {
            assert!(is_knight_move(square, path[(index + 1) % path.len()]));
        }
        Drawing {
            width: 3,
            height: 3,
            style: BoardStyle::Checkerboard,
            blocked: vec![(1, 1)],
            stones: Vec::new(),
            path,
            closed: true,
            numbers: true,
        }
    }

    /// Four stones in the corners of a 3x3 grid, picked round the square.
    fn corner_stones() -> Drawing {
        let stones = vec![(0, 0), (2, 0), (2, 2), (0, 2)];
        Drawing {
            width: 3,
            height: 3,
            style: BoardStyle::GoGrid,
            blocked: Vec::new(),
            path: stones.clone(),
            stones,
            closed: false,
            numbers: true,
        }
    }

    #[test]
    fn svg_of_closed_tour_has_one_element_per_feature() {
        let elements = parse_xml(&to_svg(&ring_tour()));
        assert_eq!(elements[0].name, "svg");
        // Page, 4 black squares, 1 blocked square, frame, 2 end-marker strokes.
        assert_eq!(count(&elements, "rect"), 9);
        // The blocked square's x.
        assert_eq!(count(&elements, "line"), 2);
        // Start-marker casing and ring.
        assert_eq!(count(&elements, "circle"), 2);
        assert_eq!(count(&elements, "polygon"), 1);
        assert_eq!(count(&elements, "polyline"), 0);
        assert_eq!(count(&elements, "use"), 2);
        let numbers: Vec<&str> = named(&elements, "text")
            .iter()
            .map(|text| text.text.as_str())
            .collect();
        assert_eq!(numbers, ["1", "2", "3", "4", "5", "6", "7", "8"]);
    }

    #[test]
    fn svg_scales_with_a_view_box_of_the_board_and_margin() {
        let elements = parse_xml(&to_svg(&ring_tour()));
        let root = &elements[0];
        assert_eq!(root.attribute("xmlns"), "http://www.w3.org/2000/svg");
        assert_eq!(root.attribute("viewBox"), "0 0 4 4");
        assert_eq!(root.attribute("width"), "160");
        assert_eq!(root.attribute("height"), "160");
        let page = named(&elements, "rect")[0];
        assert_eq!(page.attribute("width"), "4");
        assert_eq!(page.attribute("fill"), "#ffffff");
    }

    #[test]
    fn svg_tour_passes_through_square_centres_in_order() {
        let drawing = ring_tour();
        let elements = parse_xml(&to_svg(&drawing));
        let polygon = named(&elements, "polygon")[0];
        let expected: Vec<String> = drawing
            .path
            .iter()
            .map(|&(x, y)| format!("{},{}", x + 1, y + 1))
            .collect();
        assert_eq!(polygon.attribute("points"), expected.join(" "));
        let id = polygon.attribute("id");
        let strokes: Vec<&str> = named(&elements, "use")
            .iter()
            .map(|usage| {
                assert_eq!(usage.attribute("href"), format!("#{id}"));
                usage.attribute("stroke")
            })
            .collect();
        // Dark casing first, cyan on top.
        assert_eq!(strokes, ["#003340", "#00ffff"]);
    }

    #[test]
    fn svg_marks_start_with_circle_and_end_with_square() {
        let drawing = ring_tour();
        let elements = parse_xml(&to_svg(&drawing));
        for circle in named(&elements, "circle") {
            assert_eq!((circle.number("cx"), circle.number("cy")), (1.0, 1.0));
        }
        // The last square (2, 1) has its centre at (3, 2).
        let markers: Vec<&Element> = named(&elements, "rect")
            .into_iter()
            .filter(|rect| rect.attribute("fill") == "none" && rect.number("width") < 1.0)
            .collect();
        assert_eq!(markers.len(), 2);
        for marker in markers {
            let half = marker.number("width") / 2.0;
            assert_eq!(marker.number("x") + half, 3.0);
            assert_eq!(marker.number("y") + half, 2.0);
        }
    }

    #[test]
    fn svg_colours_squares_like_a_chessboard_with_white_top_left() {
        let drawing = Drawing {
            blocked: Vec::new(),
            path: Vec::new(),
            ..ring_tour()
        };
        let elements = parse_xml(&to_svg(&drawing));
        let black: Vec<(f64, f64)> = named(&elements, "rect")
            .iter()
            .filter(|rect| rect.attribute("fill") == "#000000")
            .map(|rect| (rect.number("x"), rect.number("y")))
            .collect();
        assert_eq!(black, [(1.5, 0.5), (0.5, 1.5), (2.5, 1.5), (1.5, 2.5)]);
    }

    #[test]
    fn svg_numbers_contrast_with_the_square_under_them() {
        let elements = parse_xml(&to_svg(&ring_tour()));
        let texts = named(&elements, "text");
        // Move 1 is on (0, 0), white; move 2 on (1, 2), black.
        assert_eq!(texts[0].attribute("fill"), "#000000");
        assert_eq!(texts[0].attribute("stroke"), "#ffffff");
        assert_eq!(texts[1].attribute("fill"), "#ffffff");
        assert_eq!(texts[1].attribute("stroke"), "#000000");
        assert_eq!(texts[1].number("x"), 2.0);
    }

    #[test]
    fn svg_numbers_shrink_to_fit_long_tours() {
        let path: Vec<(u32, u32)> = (0..10_000).map(|i| (i % 100, i / 100)).collect();
        let drawing = Drawing {
            width: 100,
            height: 100,
            blocked: Vec::new(),
            path,
            ..ring_tour()
        };
        let elements = parse_xml(&to_svg(&drawing));
        let texts = named(&elements, "text");
        assert_eq!(texts.len(), 10_000);
        assert_eq!(texts[9_999].text, "10000");
        let size = texts[0].number("font-size");
        // Five digits must fit inside one cell.
        assert!(5.0 * NUMBER_EM_PER_DIGIT * size <= 0.75, "font size {size}");
        assert!(size > 0.2, "font size {size}");
    }

    #[test]
    fn svg_open_path_has_no_closing_segment_and_numbers_are_optional() {
        let drawing = Drawing {
            closed: false,
            numbers: false,
            ..ring_tour()
        };
        let elements = parse_xml(&to_svg(&drawing));
        assert_eq!(count(&elements, "polyline"), 1);
        assert_eq!(count(&elements, "polygon"), 0);
        assert_eq!(count(&elements, "text"), 0);
    }

    #[test]
    fn svg_single_square_path_has_only_the_start_marker() {
        let drawing = Drawing {
            path: vec![(2, 2)],
            ..ring_tour()
        };
        let elements = parse_xml(&to_svg(&drawing));
        assert_eq!(count(&elements, "use"), 0);
        assert_eq!(count(&elements, "circle"), 2);
        // Page, 4 black squares, 1 blocked square, frame: no end marker.
        assert_eq!(count(&elements, "rect"), 7);
        assert_eq!(count(&elements, "text"), 1);
    }

    #[test]
    fn svg_of_goishi_draws_grid_lines_stones_and_pick_order() {
        let elements = parse_xml(&to_svg(&corner_stones()));
        // Three rows and three columns of grid points.
        assert_eq!(count(&elements, "line"), 6);
        // Four stones plus the two start-marker strokes.
        assert_eq!(count(&elements, "circle"), 6);
        // Page and the two end-marker strokes; no squares.
        assert_eq!(count(&elements, "rect"), 3);
        assert_eq!(count(&elements, "polyline"), 1);
        let stones: Vec<(f64, f64)> = named(&elements, "circle")
            .iter()
            .filter(|circle| circle.attribute("fill") == "#000000")
            .map(|circle| (circle.number("cx"), circle.number("cy")))
            .collect();
        assert_eq!(stones, [(1.0, 1.0), (3.0, 1.0), (3.0, 3.0), (1.0, 3.0)]);
        // Numbers on stones are white.
        for text in named(&elements, "text") {
            assert_eq!(text.attribute("fill"), "#ffffff");
        }
    }

    #[test]
    fn svg_of_empty_board_is_still_a_document() {
        let drawing = Drawing {
            width: 0,
            height: 0,
            blocked: Vec::new(),
            path: Vec::new(),
            ..ring_tour()
        };
        let elements = parse_xml(&to_svg(&drawing));
        assert_eq!(elements[0].attribute("viewBox"), "0 0 1 1");
    }

    #[test]
    fn coordinates_off_the_board_are_drawn_without_failing() {
        let far = (u32::MAX, u32::MAX);
        let drawing = Drawing {
            blocked: vec![far],
            path: vec![(0, 0), far],
            ..ring_tour()
        };
        let elements = parse_xml(&to_svg(&drawing));
        let texts = named(&elements, "text");
        // The far square has odd + odd coordinates: a white square.
        assert_eq!(texts[1].attribute("fill"), "#000000");
        assert_eq!(texts[1].number("x"), f64::from(u32::MAX) + 1.0);
        let png = to_png(&drawing, 10).expect("a small image");
        assert_eq!(png_header_size(&png), (40, 40));
        let goishi = Drawing {
            stones: vec![far],
            path: vec![far],
            ..corner_stones()
        };
        assert_eq!(count(&parse_xml(&to_svg(&goishi)), "circle"), 3);
        assert!(to_png(&goishi, 10).is_ok());
    }

    #[test]
    fn numbers_print_without_float_noise() {
        assert_eq!(Num(1.0).to_string(), "1");
        assert_eq!(Num(0.5 + 0.22).to_string(), "0.72");
        assert_eq!(Num(0.1 + 0.2).to_string(), "0.3");
        assert_eq!(Num(-0.0001).to_string(), "0");
        assert_eq!(Num(8040.0).to_string(), "8040");
    }

    /// Width and height from a PNG's IHDR chunk, after checking the
    /// signature.
    fn png_header_size(png: &[u8]) -> (u32, u32) {
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        assert_eq!(&png[12..16], b"IHDR");
        let read = |at: usize| u32::from_be_bytes([png[at], png[at + 1], png[at + 2], png[at + 3]]);
        (read(16), read(20))
    }

    fn pixel(image: &tiny_skia::Pixmap, x: u32, y: u32) -> Colour {
        let pixel = image
            .pixel(x, y)
            .unwrap_or_else(|| panic!("({x}, {y}) is outside the image"))
            .demultiply();
        assert_eq!(pixel.alpha(), 0xff, "pixel ({x}, {y}) is not opaque");
        Colour::rgb(pixel.red(), pixel.green(), pixel.blue())
    }

    /// A 4x4 board with one knight's move from the top-left corner.
    fn one_move() -> Drawing {
        Drawing {
            width: 4,
            height: 4,
            style: BoardStyle::Checkerboard,
            blocked: vec![(3, 3)],
            stones: Vec::new(),
            path: vec![(0, 0), (1, 2)],
            closed: false,
            numbers: true,
        }
    }

    #[test]
    fn png_has_signature_and_size_of_board_plus_margin() {
        let png = to_png(&one_move(), 40).expect("a small image");
        assert_eq!(png_header_size(&png), (200, 200));
        let png = to_png(&corner_stones(), 7).expect("a small image");
        assert_eq!(png_header_size(&png), (28, 28));
    }

    #[test]
    fn png_shows_squares_path_and_markers_in_their_colours() {
        let png = to_png(&one_move(), 40).expect("a small image");
        let image = tiny_skia::Pixmap::decode_png(&png).expect("a decodable PNG");
        assert_eq!((image.width(), image.height()), (200, 200));
        // Margin.
        assert_eq!(pixel(&image, 5, 5), WHITE);
        // Centre of white square (2, 0), at cell coordinates (3, 1).
        assert_eq!(pixel(&image, 120, 40), WHITE);
        // Centre of black square (3, 0).
        assert_eq!(pixel(&image, 160, 40), BLACK);
        // Blocked square (3, 3), off its x.
        assert_eq!(pixel(&image, 160, 145), BLOCKED_FILL);
        // Its x through the centre.
        assert_eq!(pixel(&image, 160, 160), BLOCKED_MARK);
        // Middle of the move from (1, 1) to (2, 3) in cell coordinates.
        assert_eq!(pixel(&image, 60, 80), CYAN);
        // Three pixels to the side of it: the casing.
        assert_eq!(pixel(&image, 62, 78), CASING);
        // The start ring, 0.36 cells right of the first centre.
        assert_eq!(pixel(&image, 54, 40), CYAN);
        // The end square's right side, 0.32 cells right of the last centre.
        assert_eq!(pixel(&image, 92, 120), CYAN);
    }

    #[test]
    fn png_writes_move_numbers_centred_in_their_cells() {
        let decode = |drawing: &Drawing| {
            let png = to_png(drawing, 40).expect("a small image");
            tiny_skia::Pixmap::decode_png(&png).expect("a decodable PNG")
        };
        // Rows of black pixels within 12 pixels of the first square's
        // centre (40, 40): the white square holds a black "1".
        let black_rows = |image: &tiny_skia::Pixmap| -> Vec<u32> {
            (28..=52)
                .filter(|&y| (28..=52).any(|x| pixel(image, x, y) == BLACK))
                .collect()
        };
        let plain = decode(&Drawing {
            numbers: false,
            ..one_move()
        });
        assert!(black_rows(&plain).is_empty());
        let rows = black_rows(&decode(&one_move()));
        let (top, bottom) = (rows[0], rows[rows.len() - 1]);
        // Digits are about 0.7 em high; the em is 0.42 cells of 40 pixels.
        assert!((9..=14).contains(&(bottom - top)), "rows {top}..{bottom}");
        assert!((top + bottom).abs_diff(80) <= 4, "rows {top}..{bottom}");
    }

    #[test]
    fn png_of_goishi_shows_stones_and_grid_lines() {
        let drawing = Drawing {
            path: Vec::new(),
            ..corner_stones()
        };
        let png = to_png(&drawing, 40).expect("a small image");
        let image = tiny_skia::Pixmap::decode_png(&png).expect("a decodable PNG");
        // Stone on the corner point at (1, 1) in cell coordinates.
        assert_eq!(pixel(&image, 40, 40), BLACK);
        // Grid line half-way between the corner and the top middle point.
        assert_eq!(pixel(&image, 60, 40), GRID);
        // No stone on the centre point, only the crossing lines.
        assert_eq!(pixel(&image, 80, 80), GRID);
        assert_eq!(pixel(&image, 70, 70), WHITE);
    }

    #[test]
    fn png_squares_meet_without_seams_at_odd_cell_sizes() {
        let drawing = Drawing {
            blocked: Vec::new(),
            path: Vec::new(),
            ..one_move()
        };
        let png = to_png(&drawing, 15).expect("a small image");
        let image = tiny_skia::Pixmap::decode_png(&png).expect("a decodable PNG");
        // Row through the middle of the top row of squares, away from the
        // frame: only pure black and white, never grey.
        for x in 9..66 {
            let colour = pixel(&image, x, 15);
            assert!(colour == BLACK || colour == WHITE, "({x}, 15) is {colour}");
        }
    }

    #[test]
    fn png_refuses_images_too_large_with_advice() {
        let board = |side| Drawing {
            width: side,
            height: side,
            blocked: Vec::new(),
            path: Vec::new(),
            ..one_move()
        };
        // 201 cells of 100 pixels: 20100 pixels a side.
        let error = to_png(&board(200), 100).expect_err("too wide");
        assert!(error.contains("20100 x 20100"), "{error}");
        // 81 pixels would fit a side, but make 265 megapixels.
        assert!(error.contains("at most 70 pixels"), "{error}");
        // 16000 pixels a side is allowed, but 256 megapixels is not.
        let error = to_png(&board(159), 100).expect_err("too many pixels");
        assert!(error.contains("200 megapixels"), "{error}");
        assert!(error.contains("at most 88 pixels"), "{error}");
        // No cell size fits.
        let error = to_png(&board(u32::MAX), 1).expect_err("far too large");
        assert!(error.contains("export it as SVG"), "{error}");
        let error = to_png(&board(3), 0).expect_err("empty cells");
        assert!(error.contains("at least 1 pixel"), "{error}");
    }

    /// A fresh directory under the system's temporary directory, removed
    /// when dropped.
    struct ScratchDir(PathBuf);

    impl ScratchDir {
        fn new(name: &str) -> Self {
            let path =
                std::env::temp_dir().join(format!("gridtour-export-{}-{name}", process::id()));
            let _ = fs::remove_dir_all(&path);
            fs::create_dir_all(&path).expect("a scratch directory");
            ScratchDir(path)
        }

        /// Names in the directory, sorted, hidden ones included.
        fn entries(&self) -> Vec<String> {
            let mut names: Vec<String> = fs::read_dir(&self.0)
                .expect("a readable scratch directory")
                .map(|entry| {
                    let entry = entry.expect("a directory entry");
                    entry.file_name().to_string_lossy().into_owned()
                })
                .collect();
            names.sort();
            names
        }
    }

    impl Drop for ScratchDir {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn write_atomic_creates_the_file() {
        let dir = ScratchDir::new("create");
        let target = dir.0.join("tour.svg");
        write_atomic(&target, b"<svg/>").expect("a writable directory");
        assert_eq!(fs::read(&target).expect("the written file"), b"<svg/>");
        assert_eq!(dir.entries(), ["tour.svg"]);
    }

    #[test]
    fn write_atomic_replaces_longer_contents_completely() {
        let dir = ScratchDir::new("overwrite");
        let target = dir.0.join("tour.json");
        write_atomic(&target, b"a much longer first version").expect("first write");
        write_atomic(&target, b"short").expect("second write");
        assert_eq!(fs::read(&target).expect("the written file"), b"short");
        assert_eq!(dir.entries(), ["tour.json"]);
    }

    #[test]
    fn write_atomic_names_path_and_missing_folder() {
        let dir = ScratchDir::new("missing");
        let missing = dir.0.join("no such folder");
        let target = missing.join("tour.png");
        let error = write_atomic(&target, b"data").expect_err("no directory");
        assert!(error.contains(&target.display().to_string()), "{error}");
        assert!(
            error.contains(&format!("the folder {} does not exist", missing.display())),
            "{error}"
        );
        assert!(dir.entries().is_empty());
    }

    #[test]
    fn write_atomic_cleans_up_when_the_rename_fails() {
        let dir = ScratchDir::new("rename");
        let target = dir.0.join("taken");
        fs::create_dir(&target).expect("a directory in the way");
        let error = write_atomic(&target, b"data").expect_err("a directory cannot be replaced");
        assert!(
            error.starts_with(&format!("cannot write {}: ", target.display())),
            "{error}"
        );
        assert_eq!(dir.entries(), ["taken"]);
    }

    #[test]
    fn write_atomic_refuses_a_path_without_file_name() {
        let error = write_atomic(Path::new("/"), b"data").expect_err("not a file");
        assert_eq!(error, "cannot write /: the path does not name a file");
    }

    #[cfg(unix)]
    #[test]
    fn write_atomic_keeps_permissions_of_the_replaced_file() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = ScratchDir::new("permissions");
        let target = dir.0.join("private.txt");
        write_atomic(&target, b"old").expect("first write");
        fs::set_permissions(&target, fs::Permissions::from_mode(0o600)).expect("chmod");
        write_atomic(&target, b"new").expect("second write");
        let mode = fs::metadata(&target)
            .expect("metadata")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
    }

    #[cfg(unix)]
    #[test]
    fn write_atomic_writes_through_a_symbolic_link() {
        let dir = ScratchDir::new("symlink");
        let real = dir.0.join("real.svg");
        let link = dir.0.join("link.svg");
        fs::write(&real, b"old").expect("the link's destination");
        std::os::unix::fs::symlink(&real, &link).expect("a symbolic link");
        write_atomic(&link, b"new").expect("write through the link");
        assert_eq!(fs::read(&real).expect("the destination"), b"new");
        let link_type = fs::symlink_metadata(&link).expect("the link").file_type();
        assert!(link_type.is_symlink());
        assert_eq!(dir.entries(), ["link.svg", "real.svg"]);
    }
}
