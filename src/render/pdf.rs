//! PDF documents in points, written by krilla: vector shapes, and text in
//! fonts the program carries, embedded as subsets of the characters used,
//! so the text can be searched and copied and looks the same everywhere.

use krilla::Document;
use krilla::action::LinkAction;
use krilla::annotation::{Annotation, LinkAnnotation, Target};
use krilla::color::rgb;
use krilla::geom::{Path, PathBuilder, Point as PdfPoint, Rect as KrillaRect};
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, LineCap, LineJoin, Stroke as PdfStroke};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};

use super::error::PictureError;
use super::font::{self, EMBOLDEN};
use super::scene::{Canvas, Label, Painter, Point, Rect, Scene, Stroke};
use super::style::{Colour, PAPER};

/// The most points a side of a PDF page may have (the format's limit).
pub const MOST_POINTS: f64 = 14_400.0;

/// Points a cell when none is asked for: a board printed at about the
/// size of a chess diagram in a book, at most half an inch a square.
const LARGEST_DEFAULT_CELL: f64 = 36.0;

/// The room the default cell size fits a picture into: an A4 page less
/// a margin of half an inch, so the page prints whole on A4 and Letter.
const PRINTABLE: (f64, f64) = (559.0, 756.0);

/// The default points a cell for a picture of `columns` x `rows` cells.
fn default_cell((columns, rows): (f64, f64)) -> f64 {
    let fit = (PRINTABLE.0 / columns).min(PRINTABLE.1 / rows);
    fit.min(LARGEST_DEFAULT_CELL)
}

/// Renders `scene` as a one-page PDF document, `cell_pt` points a cell
/// (by default as `default_cell` says).
pub fn to_pdf(scene: &Scene, cell_pt: Option<f64>) -> Result<Vec<u8>, PictureError> {
    let painter = Painter::new(scene, &PAPER);
    let (columns, rows) = painter.layout.page();
    let cell = cell_pt.unwrap_or_else(|| default_cell((columns, rows)));
    if cell.is_nan() || cell <= 0.0 {
        return Err(PictureError::NoCellSize);
    }
    let (width, height) = (columns * cell, rows * cell);
    let too_large = || PictureError::PageTooLarge {
        width: width.round() as u64,
        height: height.round() as u64,
        most: MOST_POINTS as u64,
        largest_cell: (MOST_POINTS / columns.max(rows)).floor() as u64,
    };
    if width > MOST_POINTS || height > MOST_POINTS {
        return Err(too_large());
    }
    let settings = PageSettings::from_wh(width as f32, height as f32).ok_or_else(too_large)?;
    let mut document = Document::new();
    let fonts = Fonts::new()?;
    draw_page(&mut document, &fonts, settings, |canvas| {
        canvas.place((0.0, 0.0), cell);
        painter.paint(scene.path.len(), canvas);
        Vec::new()
    });
    finish(document)
}

/// A part of a page that opens `uri` when clicked, in points from the
/// page's top left.
pub(super) struct PageLink {
    pub rect: (f64, f64, f64, f64),
    pub uri: String,
}

/// Adds a page of `settings` to `document`, drawn by `draw`, with the
/// links it returns.
pub(super) fn draw_page(
    document: &mut Document,
    fonts: &Fonts,
    settings: PageSettings,
    draw: impl FnOnce(&mut PdfCanvas<'_, '_>) -> Vec<PageLink>,
) {
    let mut page = document.start_page_with(settings);
    let mut surface = page.surface();
    let mut canvas = PdfCanvas {
        surface: &mut surface,
        origin: (0.0, 0.0),
        scale: 1.0,
        fonts,
    };
    let links = draw(&mut canvas);
    surface.finish();
    for PageLink { rect, uri } in links {
        let (left, top, width, height) = rect;
        let Some(rect) =
            KrillaRect::from_xywh(left as f32, top as f32, width as f32, height as f32)
        else {
            continue;
        };
        let target = Target::Action(LinkAction::new(uri).into());
        page.add_annotation(Annotation::new_link(
            LinkAnnotation::new(rect, target),
            None,
        ));
    }
    page.finish();
}

/// The document's bytes.
pub(super) fn finish(document: Document) -> Result<Vec<u8>, PictureError> {
    document.finish().map_err(|error| PictureError::Encoding {
        what: "pdf",
        message: format!("{error:?}"),
    })
}

/// The fonts text is written in: the window's Latin font, and the
/// Japanese one for text the Latin one lacks a character of.
pub(super) struct Fonts {
    latin: Font,
    japanese: Font,
}

impl Fonts {
    pub(super) fn new() -> Result<Self, PictureError> {
        let load = |bytes: &'static [u8]| {
            Font::new(bytes.into(), 0)
                .ok_or_else(|| PictureError::Font("not an OpenType font".to_owned()))
        };
        Ok(Fonts {
            latin: load(font::LATIN_FONT)?,
            japanese: load(font::JAPANESE_FONT)?,
        })
    }

    /// The font for `text`, with its width in ems.
    pub(super) fn for_text(&self, text: &str) -> (&Font, f64) {
        match font::advance_ems(font::LATIN_FONT, text, None) {
            Some(ems) => (&self.latin, ems),
            None => (
                &self.japanese,
                font::advance_ems(font::JAPANESE_FONT, text, Some(1.0))
                    .unwrap_or(text.chars().count() as f64),
            ),
        }
    }
}

/// Draws shapes given in cells on a PDF page in points: a cell is
/// `scale` points, and cell (0, 0) lies at `origin`.
pub(super) struct PdfCanvas<'surface, 'page> {
    surface: &'surface mut Surface<'page>,
    origin: (f64, f64),
    scale: f64,
    fonts: &'surface Fonts,
}

/// How far from a circle's end points its Bézier handles lie, in radii.
const CIRCLE_HANDLE: f64 = 0.552_284_75;

impl PdfCanvas<'_, '_> {
    /// Draws from now on with cell (0, 0) at `origin` (in points) and
    /// `scale` points a cell.
    pub(super) fn place(&mut self, origin: (f64, f64), scale: f64) {
        self.origin = origin;
        self.scale = scale;
    }

    fn at(&self, point: Point) -> (f32, f32) {
        (
            (self.origin.0 + point.x * self.scale) as f32,
            (self.origin.1 + point.y * self.scale) as f32,
        )
    }

    fn length(&self, cells: f64) -> f32 {
        (cells * self.scale) as f32
    }

    fn rect_path(&self, rect: Rect) -> Option<Path> {
        let (left, top) = self.at(Point {
            x: rect.left,
            y: rect.top,
        });
        let (right, bottom) = self.at(Point {
            x: rect.left + rect.width,
            y: rect.top + rect.height,
        });
        let mut builder = PathBuilder::new();
        builder.move_to(left, top);
        builder.line_to(right, top);
        builder.line_to(right, bottom);
        builder.line_to(left, bottom);
        builder.close();
        builder.finish()
    }

    fn circle_path(&self, centre: Point, radius: f64) -> Option<Path> {
        let (x, y) = self.at(centre);
        let r = self.length(radius);
        let k = r * CIRCLE_HANDLE as f32;
        let mut builder = PathBuilder::new();
        builder.move_to(x + r, y);
        builder.cubic_to(x + r, y + k, x + k, y + r, x, y + r);
        builder.cubic_to(x - k, y + r, x - r, y + k, x - r, y);
        builder.cubic_to(x - r, y - k, x - k, y - r, x, y - r);
        builder.cubic_to(x + k, y - r, x + r, y - k, x + r, y);
        builder.close();
        builder.finish()
    }

    fn fill_path(&mut self, path: Option<Path>, colour: Colour) {
        let Some(path) = path else { return };
        self.surface.set_stroke(None);
        self.surface.set_fill(Some(fill(colour)));
        self.surface.draw_path(&path);
    }

    fn stroke_path(&mut self, path: Option<&Path>, stroke: Stroke) {
        let Some(path) = path else { return };
        self.surface.set_fill(None);
        self.surface.set_stroke(Some(self.pdf_stroke(stroke)));
        self.surface.draw_path(path);
    }

    fn pdf_stroke(&self, stroke: Stroke) -> PdfStroke {
        PdfStroke {
            paint: rgb_of(stroke.colour).into(),
            width: self.length(stroke.width),
            line_cap: LineCap::Round,
            line_join: LineJoin::Round,
            ..PdfStroke::default()
        }
    }
}

fn rgb_of(colour: Colour) -> rgb::Color {
    rgb::Color::new(colour.red, colour.green, colour.blue)
}

fn fill(colour: Colour) -> Fill {
    Fill {
        paint: rgb_of(colour).into(),
        opacity: NormalizedF32::ONE,
        ..Fill::default()
    }
}

impl Canvas for PdfCanvas<'_, '_> {
    fn fill_rect(&mut self, rect: Rect, colour: Colour) {
        let path = self.rect_path(rect);
        self.fill_path(path, colour);
    }

    fn stroke_rect(&mut self, rect: Rect, stroke: Stroke) {
        let path = self.rect_path(rect);
        self.stroke_path(path.as_ref(), stroke);
    }

    fn fill_circle(&mut self, centre: Point, radius: f64, colour: Colour) {
        let path = self.circle_path(centre, radius);
        self.fill_path(path, colour);
    }

    fn stroke_circle(&mut self, centre: Point, radius: f64, stroke: Stroke) {
        let path = self.circle_path(centre, radius);
        self.stroke_path(path.as_ref(), stroke);
    }

    fn polyline(&mut self, points: &[Point], closed: bool, strokes: &[Stroke]) {
        let Some((&first, rest)) = points.split_first() else {
            return;
        };
        let mut builder = PathBuilder::new();
        let (x, y) = self.at(first);
        builder.move_to(x, y);
        for &point in rest {
            let (x, y) = self.at(point);
            builder.line_to(x, y);
        }
        if closed {
            builder.close();
        }
        let Some(path) = builder.finish() else { return };
        for &stroke in strokes {
            self.stroke_path(Some(&path), stroke);
        }
    }

    fn text(&mut self, label: &Label<'_>) {
        let (font, ems) = self.fonts.for_text(label.text);
        let width = ems * label.size;
        if let Some(backing) = label.backing {
            let path = self.rect_path(label.backing_rect(width));
            self.fill_path(path, backing);
        }
        let origin = self.at(label.origin(width));
        let size = self.length(label.size);
        // Filled and outlined in the same colour: the window's light font
        // at the weight of bold text, still text a reader can copy.
        self.surface.set_fill(Some(fill(label.colour)));
        self.surface.set_stroke(Some(PdfStroke {
            paint: rgb_of(label.colour).into(),
            width: size * EMBOLDEN,
            line_join: LineJoin::Round,
            ..PdfStroke::default()
        }));
        self.surface.draw_text(
            PdfPoint::from_xy(origin.0, origin.1),
            font.clone(),
            size,
            label.text,
            false,
            TextDirection::Auto,
        );
    }
}
