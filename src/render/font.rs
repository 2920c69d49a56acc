//! Text in raster pictures, drawn with the window's own sans-serif font
//! and, for the characters it lacks, its Japanese font (both built into the
//! program), so PNG and GIF pictures look the same on every machine.
//!
//! A tour of n squares writes n numbers with only ten distinct digits, and
//! rasterising an outline costs far more than copying pixels. So each
//! character is rasterised once per colour into a small image (a sprite)
//! that every label then copies at its place, snapped to whole pixels.

use std::collections::HashMap;

use skrifa::MetadataProvider;

use super::error::PictureError;
use super::style::Colour;

/// Outline stroke that brings the window's light font to about the weight
/// of bold text, in ems.
pub(crate) const EMBOLDEN: f32 = 0.07;

/// The window's sans-serif font, which has Latin letters only. Fonts are
/// statics, not constants, whose bytes would be copied where each is used.
pub(crate) static LATIN_FONT: &[u8] = epaint_default_fonts::UBUNTU_LIGHT;

/// A subset of Noto Sans CJK JP: ASCII, kana, the common kanji and every
/// character of the program's Japanese texts (see `assets/fonts/`).
pub static JAPANESE_FONT: &[u8] = include_bytes!("../../assets/fonts/NotoSansJP-gridtour.otf");

/// The width of `text` in ems in the font `bytes`, counting `missing` for
/// a character the font lacks (`None` then, if `missing` is); `None` if
/// the font is unreadable.
pub(crate) fn advance_ems(bytes: &[u8], text: &str, missing: Option<f64>) -> Option<f64> {
    char_advance_ems(bytes, text, missing)?.into_iter().sum()
}

/// The width of each character of `text` in ems, as [`advance_ems`]
/// counts it (`None` in place of a character the font lacks, if `missing`
/// is); `None` if the font is unreadable.
pub(crate) fn char_advance_ems(
    bytes: &[u8],
    text: &str,
    missing: Option<f64>,
) -> Option<Vec<Option<f64>>> {
    let font = skrifa::FontRef::new(bytes).ok()?;
    let metrics = font.glyph_metrics(
        skrifa::instance::Size::new(1.0),
        skrifa::instance::LocationRef::default(),
    );
    let charmap = font.charmap();
    Some(
        text.chars()
            .map(|character| {
                charmap
                    .map(character)
                    .and_then(|glyph| metrics.advance_width(glyph))
                    .map(f64::from)
                    .or(missing)
            })
            .collect(),
    )
}

/// How much wider than the window's font the fonts an SVG viewer picks for
/// a title may be (DejaVu Sans Bold runs about a fifth wider).
const OTHER_FONTS_SLACK: f64 = 1.25;

/// The width in cells that `text` may take at `size` cells to the em,
/// drawn by any back end: measured in the window's font, emboldened, with
/// room for the wider fonts of SVG viewers. Characters the font lacks
/// count as a wide letter.
pub(crate) fn text_room(text: &str, size: f64) -> f64 {
    let ems = advance_ems(LATIN_FONT, text, Some(1.0)).unwrap_or(text.chars().count() as f64);
    (ems + f64::from(EMBOLDEN)) * size * OTHER_FONTS_SLACK
}

/// A font and its glyph outlines.
struct Face {
    font: skrifa::FontRef<'static>,
    outlines: skrifa::OutlineGlyphCollection<'static>,
}

impl Face {
    fn new(bytes: &'static [u8]) -> Result<Self, PictureError> {
        let font =
            skrifa::FontRef::new(bytes).map_err(|error| PictureError::Font(error.to_string()))?;
        let outlines = font.outline_glyphs();
        Ok(Face { font, outlines })
    }
}

/// The window's Latin font, and the Japanese one for the characters it
/// lacks, with caches for one em size at one scale.
pub(crate) struct RasterFont {
    faces: [Face; 2],
    /// The em size in cells and the pixels a cell the caches below hold.
    size: f64,
    scale: f32,
    /// Each character's width in cells; `None` when the fonts lack it.
    advances: HashMap<char, Option<f32>>,
    sprites: HashMap<(char, Colour), Option<Sprite>>,
}

/// One character in one colour, rasterised; its top-left pixel lies at
/// (`left`, `top`) from the character's origin on the baseline.
pub(crate) struct Sprite {
    pub pixmap: tiny_skia::Pixmap,
    pub left: i32,
    pub top: i32,
}

impl RasterFont {
    pub fn new() -> Result<Self, PictureError> {
        Ok(RasterFont {
            faces: [Face::new(LATIN_FONT)?, Face::new(JAPANESE_FONT)?],
            size: 0.0,
            scale: 0.0,
            advances: HashMap::new(),
            sprites: HashMap::new(),
        })
    }

    /// The first font that has `character`, with its glyph.
    fn glyph(&self, character: char) -> Option<(&Face, skrifa::GlyphId)> {
        self.faces
            .iter()
            .find_map(|face| Some((face, face.font.charmap().map(character)?)))
    }

    /// Empties the caches unless they were made for `size` cells to the em
    /// at `scale` pixels a cell.
    pub fn use_size(&mut self, size: f64, scale: f32) {
        if (size, scale) != (self.size, self.scale) {
            (self.size, self.scale) = (size, scale);
            self.advances.clear();
            self.sprites.clear();
        }
    }

    /// The width of `character` in cells, `None` when the font lacks it.
    pub fn advance(&mut self, character: char) -> Option<f32> {
        if let Some(&advance) = self.advances.get(&character) {
            return advance;
        }
        let advance = self.glyph(character).map(|(face, glyph)| {
            let em = skrifa::instance::Size::new(self.size as f32);
            let metrics = face
                .font
                .glyph_metrics(em, skrifa::instance::LocationRef::default());
            metrics.advance_width(glyph).unwrap_or(0.0)
        });
        self.advances.insert(character, advance);
        advance
    }

    /// The sprite of `character` in `colour`; `None` for a character with
    /// nothing to draw.
    pub fn sprite(&mut self, character: char, colour: Colour) -> Option<&Sprite> {
        let key = (character, colour);
        if !self.sprites.contains_key(&key) {
            let sprite = self.render(character, colour);
            self.sprites.insert(key, sprite);
        }
        self.sprites.get(&key).and_then(Option::as_ref)
    }

    fn render(&self, character: char, colour: Colour) -> Option<Sprite> {
        let (face, glyph) = self.glyph(character)?;
        let em = skrifa::instance::Size::new(self.size as f32);
        let settings =
            skrifa::outline::DrawSettings::unhinted(em, skrifa::instance::LocationRef::default());
        let mut pen = PathPen(tiny_skia::PathBuilder::new());
        face.outlines.get(glyph)?.draw(settings, &mut pen).ok()?;
        let outline = pen.0.finish()?;
        let stroke = tiny_skia::Stroke {
            width: EMBOLDEN * self.size as f32,
            line_join: tiny_skia::LineJoin::Round,
            ..tiny_skia::Stroke::default()
        };
        let emboldened = outline.stroke(&stroke, self.scale)?;
        // The stroked outline is the wider: its bounds hold both.
        let bounds = emboldened.bounds();
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
        for path in [&emboldened, &outline] {
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

/// A paint of one opaque colour.
pub(super) fn solid_paint(colour: Colour, anti_alias: bool) -> tiny_skia::Paint<'static> {
    let mut paint = tiny_skia::Paint {
        anti_alias,
        ..tiny_skia::Paint::default()
    };
    paint.set_color_rgba8(colour.red, colour.green, colour.blue, 0xff);
    paint
}
