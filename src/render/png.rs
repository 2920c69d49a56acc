//! PNG pictures, rasterised with tiny-skia.

use super::error::PictureError;
use super::font::{RasterFont, solid_paint};
use super::scene::{Canvas, Label, Layout, Painter, Point, Rect, Scene, Stroke};
use super::style::{Colour, STYLE};

/// Largest picture width or height in pixels; common viewers and GPUs stop
/// here.
const MAX_SIDE: u64 = 16_384;
/// Largest picture area in pixels, which bounds memory use to 800 MB.
const MAX_PIXELS: u64 = 200_000_000;

/// Rasterises `scene` to a PNG image with `cell_px` pixels a cell.
///
/// Pictures wider or taller than 16384 pixels, or larger than 200
/// megapixels, are refused before any memory is allocated, with a message
/// naming the largest cell size that fits.
pub fn to_png(scene: &Scene, cell_px: u32) -> Result<Vec<u8>, PictureError> {
    let painter = Painter::new(scene, &STYLE);
    let mut canvas = PngCanvas::for_page(&painter.layout, cell_px)?;
    painter.paint(scene.path.len(), &mut canvas);
    canvas
        .pixmap
        .encode_png()
        .map_err(|error| PictureError::Encoding {
            what: "png",
            message: error.to_string(),
        })
}

/// Checks the size limits of a raster picture of `layout` and returns its
/// size in pixels.
pub(crate) fn pixel_size(layout: &Layout, cell_px: u32) -> Result<(u32, u32), PictureError> {
    if cell_px == 0 {
        return Err(PictureError::NoCellSize);
    }
    let (columns, rows) = layout.page();
    // Pages are whole cells plus margins; ceil keeps a title band whole.
    let (columns, rows) = (columns.ceil() as u64, rows.ceil() as u64);
    // At most (2^32 + 2) * (2^32 - 1): no overflow in u64.
    let width = columns.saturating_mul(u64::from(cell_px));
    let height = rows.saturating_mul(u64::from(cell_px));
    let fits = width <= MAX_SIDE && height <= MAX_SIDE && width * height <= MAX_PIXELS;
    match (u32::try_from(width), u32::try_from(height)) {
        (Ok(width), Ok(height)) if fits => Ok((width, height)),
        _ => {
            let largest_cell = (MAX_SIDE / columns.max(rows))
                .min((MAX_PIXELS / columns.saturating_mul(rows)).isqrt());
            Err(PictureError::TooLarge {
                width,
                height,
                max_side: MAX_SIDE,
                max_pixels: MAX_PIXELS,
                largest_cell,
            })
        }
    }
}

/// Rasterises shapes given in cells onto a pixmap; `transform` maps cells
/// to the pixmap's pixels.
pub(crate) struct PngCanvas {
    pub pixmap: tiny_skia::Pixmap,
    pub transform: tiny_skia::Transform,
    /// Made on the first label: frames without text never load it.
    font: Option<RasterFont>,
}

impl PngCanvas {
    /// A blank canvas for the whole page at `cell_px` pixels a cell.
    pub fn for_page(layout: &Layout, cell_px: u32) -> Result<Self, PictureError> {
        let (width, height) = pixel_size(layout, cell_px)?;
        let pixmap = tiny_skia::Pixmap::new(width, height)
            .ok_or(PictureError::NoMemory { width, height })?;
        // Lossless: the cell size is far below f32's exact integer range.
        let scale = cell_px as f32;
        Ok(PngCanvas::new(
            pixmap,
            tiny_skia::Transform::from_scale(scale, scale),
        ))
    }

    pub fn new(pixmap: tiny_skia::Pixmap, transform: tiny_skia::Transform) -> Self {
        PngCanvas {
            pixmap,
            transform,
            font: None,
        }
    }

    fn stroke_path(&mut self, path: &tiny_skia::Path, stroke: Stroke) {
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

    fn stroke_rect(&mut self, rect: Rect, stroke: Stroke) {
        if let Some(rect) = skia_rect(rect) {
            self.stroke_path(&tiny_skia::PathBuilder::from_rect(rect), stroke);
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

    fn stroke_circle(&mut self, centre: Point, radius: f64, stroke: Stroke) {
        let circle =
            tiny_skia::PathBuilder::from_circle(centre.x as f32, centre.y as f32, radius as f32);
        if let Some(circle) = circle {
            self.stroke_path(&circle, stroke);
        }
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
            for &stroke in strokes {
                self.stroke_path(&path, stroke);
            }
        }
    }

    fn text(&mut self, label: &Label<'_>) {
        let scale = self.transform.sx;
        let font = match &mut self.font {
            Some(font) => font,
            None => match RasterFont::new() {
                Ok(font) => self.font.insert(font),
                // The font is compiled in; should it ever fail to parse,
                // pictures lose their numbers rather than fail.
                Err(_) => return,
            },
        };
        font.use_size(label.size, scale);
        let mut placed = Vec::with_capacity(label.text.len());
        let mut width = 0.0;
        for character in label.text.chars() {
            if let Some(advance) = font.advance(character) {
                placed.push((width, character));
                width += advance;
            }
        }
        let width = f64::from(width);
        if let Some(backing) = label.backing {
            self.fill_rect(label.backing_rect(width), backing);
        }
        let Some(font) = self.font.as_mut() else {
            return;
        };
        let origin = label.origin(width);
        let (dx, dy) = (self.transform.tx, self.transform.ty);
        let baseline = (origin.y as f32 * scale + dy).round();
        let (image_width, image_height) = (self.pixmap.width(), self.pixmap.height());
        // Whether a sprite's span along one axis meets the image; a cell
        // far off the board is skipped before its pixel position overflows.
        let inside = |start: f32, offset: i32, length: u32, limit: u32| {
            let start = f64::from(start) + f64::from(offset);
            start < f64::from(limit) && start + f64::from(length) > 0.0
        };
        for &(x, character) in &placed {
            let left = ((origin.x as f32 + x) * scale + dx).round();
            if let Some(sprite) = font.sprite(character, label.colour) {
                let (sprite_width, sprite_height) = (sprite.pixmap.width(), sprite.pixmap.height());
                if !inside(left, sprite.left, sprite_width, image_width)
                    || !inside(baseline, sprite.top, sprite_height, image_height)
                {
                    continue;
                }
                self.pixmap.draw_pixmap(
                    left as i32 + sprite.left,
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
