//! A GIF's frames: the palette they share, and the part of the picture
//! each one changes, drawn over the board or found by comparing pixels.

use std::collections::HashMap;

use crate::render::error::PictureError;
use crate::render::marks::paint_marks;
use crate::render::png::PngCanvas;
use crate::render::scene::{Cell, Painter};
use crate::replay::MoveState;

/// The smallest rectangle holding every pixel that differs between two
/// RGBA pictures `width` pixels wide, if any does.
pub(super) fn changed_region(before: &[u8], after: &[u8], width: u32) -> Option<PixelRect> {
    let row_bytes = width as usize * 4;
    let mut region: Option<PixelRect> = None;
    for (y, (old, new)) in before
        .chunks_exact(row_bytes)
        .zip(after.chunks_exact(row_bytes))
        .enumerate()
    {
        if old == new {
            continue;
        }
        let differs = |x: &usize| old[x * 4..x * 4 + 4] != new[x * 4..x * 4 + 4];
        let pixels = width as usize;
        let left = (0..pixels).find(differs).unwrap_or(0) as u32;
        let right = (0..pixels).rev().find(differs).unwrap_or(0) as u32 + 1;
        let y = y as u32;
        region = Some(match region {
            None => PixelRect {
                left,
                top: y,
                right,
                bottom: y + 1,
            },
            Some(r) => PixelRect {
                left: r.left.min(left),
                top: r.top,
                right: r.right.max(right),
                bottom: y + 1,
            },
        });
    }
    region
}

pub(super) fn gif_error(error: gif::EncodingError) -> PictureError {
    PictureError::Encoding {
        what: "gif",
        message: error.to_string(),
    }
}

/// The palette index no colour uses: pixels that did not change.
pub(super) const TRANSPARENT: u8 = 255;

/// A rectangle of whole pixels, `right` and `bottom` excluded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct PixelRect {
    pub(super) left: u32,
    pub(super) top: u32,
    pub(super) right: u32,
    pub(super) bottom: u32,
}

impl PixelRect {
    /// The pixels covering `cells` (whole cells, plus a pixel for
    /// anti-aliasing), within `bounds`.
    pub(super) fn around(
        painter: &Painter<'_>,
        cells: &[Cell],
        scale: f32,
        bounds: PixelRect,
    ) -> PixelRect {
        let mut rect: Option<(f64, f64, f64, f64)> = None;
        for &cell in cells {
            let r = painter.layout.cell_rect(cell);
            let (left, top, right, bottom) = (r.left, r.top, r.left + r.width, r.top + r.height);
            rect = Some(match rect {
                None => (left, top, right, bottom),
                Some((l, t, r, b)) => (l.min(left), t.min(top), r.max(right), b.max(bottom)),
            });
        }
        let Some((left, top, right, bottom)) = rect else {
            return PixelRect {
                right: bounds.left + 1,
                bottom: bounds.top + 1,
                ..bounds
            };
        };
        let scale = f64::from(scale);
        let clamp =
            |value: f64, low: u32, high: u32| value.clamp(f64::from(low), f64::from(high)) as u32;
        PixelRect {
            left: clamp((left * scale).floor() - 1.0, bounds.left, bounds.right - 1),
            top: clamp((top * scale).floor() - 1.0, bounds.top, bounds.bottom - 1),
            right: clamp((right * scale).ceil() + 1.0, bounds.left + 1, bounds.right),
            bottom: clamp((bottom * scale).ceil() + 1.0, bounds.top + 1, bounds.bottom),
        }
    }

    pub(super) fn width(&self) -> u32 {
        self.right - self.left
    }

    /// The pixels of `pixmap` inside the rectangle.
    pub(super) fn copy_of(
        &self,
        pixmap: &tiny_skia::Pixmap,
    ) -> Result<tiny_skia::Pixmap, PictureError> {
        let rect = tiny_skia::IntRect::from_xywh(
            self.left as i32,
            self.top as i32,
            self.width(),
            self.height(),
        )
        .ok_or(PictureError::Frame)?;
        pixmap.clone_rect(rect).ok_or(PictureError::Frame)
    }

    pub(super) fn height(&self) -> u32 {
        self.bottom - self.top
    }
}

/// A canvas holding a copy of `region` of the board picture, drawn on in
/// the board's coordinates.
pub(super) fn overlay(
    board: &PngCanvas,
    region: PixelRect,
    scale: f32,
) -> Result<PngCanvas, PictureError> {
    let pixmap = region.copy_of(&board.pixmap)?;
    let transform = tiny_skia::Transform::from_scale(scale, scale)
        .post_translate(-(region.left as f32), -(region.top as f32));
    Ok(PngCanvas::new(pixmap, transform))
}

/// The colours of an animation: the most frequent ones of its finished
/// picture (which holds every kind of thing drawn), 255 at most; any other
/// colour is drawn in the nearest of them.
pub(super) struct Palette {
    pub(super) rgb: Vec<u8>,
    /// Every colour met so far with its index.
    pub(super) index_of: HashMap<[u8; 3], u8>,
}

impl Palette {
    /// The colours of `painter`'s finished picture, most used first, with
    /// those of the rings of moves if it is to have them.
    pub(super) fn of_finished_picture(
        painter: &Painter<'_>,
        cell_px: u32,
        with_marks: bool,
    ) -> Result<Palette, PictureError> {
        let mut finished = PngCanvas::for_page(&painter.layout, cell_px)?;
        painter.paint(painter.scene.path.len(), &mut finished);
        if with_marks {
            let every_look = [MoveState::Next, MoveState::Later, MoveState::Tried];
            let marks: Vec<(Cell, MoveState)> = every_look
                .into_iter()
                .enumerate()
                .map(|(x, state)| ((x as u32, 0), state))
                .collect();
            paint_marks(&painter.layout, &marks, &mut finished);
        }
        let mut counts: HashMap<[u8; 3], u64> = HashMap::new();
        for pixel in finished.pixmap.pixels() {
            let colour = pixel.demultiply();
            *counts
                .entry([colour.red(), colour.green(), colour.blue()])
                .or_default() += 1;
        }
        let mut by_frequency: Vec<([u8; 3], u64)> = counts.into_iter().collect();
        by_frequency.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        by_frequency.truncate(usize::from(TRANSPARENT));
        let index_of: HashMap<[u8; 3], u8> = by_frequency
            .iter()
            .enumerate()
            .map(|(index, &(colour, _))| (colour, index as u8))
            .collect();
        let mut rgb: Vec<u8> = by_frequency
            .iter()
            .flat_map(|&(colour, _)| colour)
            .collect();
        // The transparent entry, and padding up to a power of two.
        rgb.resize(256 * 3, 0);
        Ok(Palette { rgb, index_of })
    }

    /// The palette index for `colour`: its own, or the nearest's.
    pub(super) fn index(&mut self, colour: [u8; 3]) -> u8 {
        if let Some(&index) = self.index_of.get(&colour) {
            return index;
        }
        let distance = |entry: &[u8]| -> u32 {
            entry
                .iter()
                .zip(colour)
                .map(|(&a, b)| (i32::from(a) - i32::from(b)).pow(2) as u32)
                .sum()
        };
        let nearest = self
            .rgb
            .chunks_exact(3)
            .take(usize::from(TRANSPARENT))
            .enumerate()
            .min_by_key(|(_, entry)| distance(entry))
            .map_or(0, |(index, _)| index as u8);
        self.index_of.insert(colour, nearest);
        nearest
    }

    /// A frame of the pixels of `pixmap` (covering `region`) that differ
    /// from what is on show, cropped to them; `shown` is updated.
    pub(super) fn frame(
        &mut self,
        pixmap: &tiny_skia::Pixmap,
        region: PixelRect,
        shown: &mut [u8],
        picture_width: u32,
        delay: u16,
    ) -> gif::Frame<'static> {
        let (width, height) = (region.width() as usize, region.height() as usize);
        let mut indices = vec![TRANSPARENT; width * height];
        let (mut left, mut top, mut right, mut bottom) = (usize::MAX, usize::MAX, 0, 0);
        for (offset, pixel) in pixmap.pixels().iter().enumerate() {
            let (x, y) = (offset % width, offset / width);
            let colour = pixel.demultiply();
            let index = self.index([colour.red(), colour.green(), colour.blue()]);
            let at = (region.top as usize + y) * picture_width as usize + region.left as usize + x;
            if shown[at] != index {
                shown[at] = index;
                indices[offset] = index;
                (left, top) = (left.min(x), top.min(y));
                (right, bottom) = (right.max(x + 1), bottom.max(y + 1));
            }
        }
        if left == usize::MAX {
            // Nothing changed: one transparent pixel keeps the timing.
            (left, top, right, bottom) = (0, 0, 1, 1);
        }
        let mut cropped = Vec::with_capacity((right - left) * (bottom - top));
        for y in top..bottom {
            cropped.extend_from_slice(&indices[y * width + left..y * width + right]);
        }
        gif::Frame {
            delay,
            dispose: gif::DisposalMethod::Keep,
            transparent: Some(TRANSPARENT),
            left: (region.left as usize + left) as u16,
            top: (region.top as usize + top) as u16,
            width: (right - left) as u16,
            height: (bottom - top) as u16,
            buffer: cropped.into(),
            ..gif::Frame::default()
        }
    }
}
