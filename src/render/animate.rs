//! Animated pictures of a tour or a pick order: an SVG that plays in web
//! browsers (SMIL) and a GIF that plays everywhere.
//!
//! Both show the board first, then one move after another at the pace of
//! [`Timing`], hold the finished picture, and start over.

use std::collections::HashMap;
use std::fmt::Write as _;

use super::error::PictureError;
use super::png::{PngCanvas, pixel_size};
use super::svg::{Num, SvgCanvas};
use super::{Canvas, Cell, Ground, Painter, STYLE, Scene, Stroke, Visit, cells_between};

/// The pace of an animation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Timing {
    /// Moves (or picks) shown per second.
    pub moves_per_second: f64,
    /// How long the finished picture stays before the animation restarts.
    pub hold_seconds: f64,
}

impl Timing {
    /// The fastest pace accepted: a GIF shows at most 50 frames a second,
    /// so beyond that moves are grouped, and a tour of a million squares
    /// still plays in about a second.
    pub const MAX_MOVES_PER_SECOND: f64 = 1_000_000.0;

    /// A pace of `moves_per_second`, which must be a positive number up to
    /// [`Self::MAX_MOVES_PER_SECOND`].
    pub fn new(moves_per_second: f64) -> Result<Timing, PictureError> {
        if moves_per_second.is_finite()
            && moves_per_second > 0.0
            && moves_per_second <= Self::MAX_MOVES_PER_SECOND
        {
            Ok(Timing {
                moves_per_second,
                hold_seconds: 3.0,
            })
        } else {
            Err(PictureError::Speed {
                moves_per_second,
                most: Self::MAX_MOVES_PER_SECOND,
            })
        }
    }

    /// The pace for a path of `moves` cells when none is asked for: the
    /// whole path in about 12 seconds, but never slower than 4 moves a
    /// second.
    pub fn for_path(moves: usize) -> Timing {
        Timing {
            moves_per_second: (moves as f64 / 12.0).clamp(4.0, Self::MAX_MOVES_PER_SECOND),
            hold_seconds: 3.0,
        }
    }

    /// When move `step` appears, in seconds from the start.
    fn at(&self, step: usize) -> f64 {
        step as f64 / self.moves_per_second
    }
}

/// Renders `scene` as an SVG document that plays the path move by move in
/// a web browser, with `cell_px` pixels a cell. Viewers without animation
/// show the board with the start marked.
pub fn animated_svg(scene: &Scene, cell_px: u32, timing: Timing) -> String {
    let painter = Painter::new(scene, &STYLE);
    let mut svg = SvgCanvas::new(&painter.layout, cell_px);
    painter.paint_ground(&mut svg);
    let path = &scene.path;
    let moves = path.len();
    let closing = painter.closes(moves);
    let last = if closing {
        moves
    } else {
        moves.saturating_sub(1)
    };
    let total = timing.at(last) + timing.hold_seconds;
    // A clock that restarts itself at its end; every move starts relative
    // to it, so the whole picture loops.
    let _ = writeln!(
        svg.out,
        r#"<rect width="0" height="0"><animate id="clock" attributeName="x" from="0" to="0" begin="0s;clock.end" dur="{}s"/></rect>"#,
        Num(total)
    );
    let appear = |step: usize| {
        let at = timing.at(step);
        format!(
            r#"<set attributeName="visibility" to="visible" begin="clock.begin+{}s" dur="{}s"/>"#,
            Num(at),
            Num(total - at)
        )
    };
    let layout = painter.layout;
    let segment = |step: usize| {
        let from = path[step - 1];
        let to = if step == moves { path[0] } else { path[step] };
        (layout.centre(from), layout.centre(to))
    };
    for stroke in painter.path_strokes() {
        for step in 1..=last {
            let (from, to) = segment(step);
            svg.line_element(from, to, stroke, r#" visibility="hidden""#, &appear(step));
        }
    }
    for step in 0..moves {
        painter.visit_labels(step, |visit| match visit {
            Visit::Stone { centre, fill, edge } => {
                let paint = format!(
                    r#"fill="{fill}" stroke="{}" stroke-width="{}" visibility="hidden""#,
                    edge.colour,
                    svg.px(edge.width)
                );
                svg.circle_element(centre, STYLE.stone_radius, &paint, &appear(step));
            }
            Visit::Number(label) => svg.label(&label, r#" visibility="hidden""#, &appear(step)),
        });
    }
    if let Some(&start) = path.first() {
        let ring = Stroke {
            colour: STYLE.start_ring,
            width: STYLE.marker_width,
        };
        svg.stroke_circle(layout.centre(start), STYLE.start_ring_radius, ring);
        // The current position jumps from cell to cell along the path.
        let mut xs = String::new();
        let mut ys = String::new();
        let mut times = String::new();
        for (step, &cell) in path.iter().enumerate() {
            let centre = layout.centre(cell);
            let separator = if step == 0 { "" } else { ";" };
            let _ = write!(xs, "{separator}{}", svg.px(centre.x));
            let _ = write!(ys, "{separator}{}", svg.px(centre.y));
            let _ = write!(times, "{separator}{:.5}", timing.at(step) / total);
        }
        let moving = |attribute: &str, values: &str| {
            format!(
                r#"<animate attributeName="{attribute}" values="{values}" keyTimes="{times}" calcMode="discrete" begin="clock.begin" dur="{}s"/>"#,
                Num(total)
            )
        };
        let body = moving("cx", &xs) + &moving("cy", &ys);
        let centre = layout.centre(start);
        match scene.ground {
            Ground::Knight { .. } => {
                let paint = format!(r#"fill="{}" stroke="none""#, STYLE.knight);
                svg.circle_element(centre, STYLE.knight_radius, &paint, &body);
            }
            Ground::Goishi { .. } => {
                let ring = Stroke {
                    colour: STYLE.knight,
                    width: STYLE.marker_width,
                };
                let paint = svg.stroke(ring);
                svg.circle_element(centre, STYLE.current_stone_ring_radius, &paint, &body);
            }
        }
    }
    svg.finish()
}

/// The largest animated GIF in pixels: every frame is composed over a copy
/// of the picture, so memory grows with it.
const MAX_GIF_PIXELS: u64 = 40_000_000;

/// GIF delays are counted in hundredths of a second, and browsers slow
/// anything below two hundredths down to a tenth.
const MIN_FRAME_CENTISECONDS: f64 = 2.0;

/// Renders `scene` as an animated GIF with `cell_px` pixels a cell.
///
/// The board is drawn once; each frame then paints only the moves it adds
/// and stores only the pixels that changed (the rest transparent over the
/// previous frame), so a frame costs in proportion to its moves, not to
/// the board. Faster than 50 moves a second, one frame shows several.
pub fn animated_gif(scene: &Scene, cell_px: u32, timing: Timing) -> Result<Vec<u8>, PictureError> {
    let painter = Painter::new(scene, &STYLE);
    let (width, height) = pixel_size(&painter.layout, cell_px)?;
    if u64::from(width) * u64::from(height) > MAX_GIF_PIXELS {
        let side = painter.layout.page().0.max(painter.layout.page().1).ceil();
        let largest = ((MAX_GIF_PIXELS as f64).sqrt() / side).floor();
        return Err(PictureError::AnimationTooLarge {
            width,
            height,
            max_pixels: MAX_GIF_PIXELS,
            largest_cell: largest,
        });
    }
    let mut board = PngCanvas::for_page(&painter.layout, cell_px)?;
    let scale = cell_px as f32;
    let mut palette = Palette::of_finished_picture(&painter, cell_px)?;
    painter.paint_ground(&mut board);

    let moves = scene.path.len();
    let frame_centiseconds = (100.0 / timing.moves_per_second).max(MIN_FRAME_CENTISECONDS);
    let moves_per_frame =
        ((timing.moves_per_second * frame_centiseconds / 100.0).round() as usize).max(1);
    let frame_delay = frame_centiseconds.round().clamp(2.0, 65_535.0) as u16;
    let hold = (timing.hold_seconds * 100.0).round().clamp(2.0, 65_535.0) as u16;

    let mut out = Vec::new();
    let mut encoder = gif::Encoder::new(&mut out, width as u16, height as u16, &palette.rgb)
        .map_err(gif_error)?;
    encoder
        .set_repeat(gif::Repeat::Infinite)
        .map_err(gif_error)?;
    let mut shown_indices = vec![TRANSPARENT; width as usize * height as usize];
    let whole = PixelRect {
        left: 0,
        top: 0,
        right: width,
        bottom: height,
    };
    let mut region = whole;
    let mut shown = 0;
    let mut steps = Vec::new();
    let closing_step = painter.closes(moves).then_some(moves);
    loop {
        let first = shown == 0;
        let end = if first {
            moves.min(1)
        } else {
            (shown + moves_per_frame).min(moves)
        };
        steps.clear();
        steps.extend(shown..end);
        if end == moves
            && let Some(closing) = closing_step
            && shown < moves
        {
            steps.push(closing);
        }
        let previous_current = shown.checked_sub(1).map(|step| scene.path[step]);
        for &step in &steps {
            if step < moves {
                painter.paint_move(step, &mut board);
            }
        }
        shown = end;
        if !first {
            let mut cells: Vec<Cell> = previous_current.into_iter().collect();
            for &step in &steps {
                let to = scene.path[step % moves];
                cells.extend(cells_between(scene, scene.path[step - 1], to));
            }
            if let Some(&current) = shown.checked_sub(1).and_then(|s| scene.path.get(s)) {
                cells.push(current);
            }
            region = PixelRect::around(&painter, &cells, scale, whole);
        }
        let mut frame_canvas = overlay(&board, region, scale)?;
        painter.paint_markers(shown, &mut frame_canvas);
        let finished = shown == moves;
        let delay = if finished { hold } else { frame_delay };
        let frame = palette.frame(
            &frame_canvas.pixmap,
            region,
            &mut shown_indices,
            width,
            delay,
        );
        encoder.write_frame(&frame).map_err(gif_error)?;
        if finished {
            break;
        }
    }
    drop(encoder);
    Ok(out)
}

fn gif_error(error: gif::EncodingError) -> PictureError {
    PictureError::Encoding {
        what: "GIF animation",
        message: error.to_string(),
    }
}

/// The palette index no colour uses: pixels that did not change.
const TRANSPARENT: u8 = 255;

/// A rectangle of whole pixels, `right` and `bottom` excluded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct PixelRect {
    left: u32,
    top: u32,
    right: u32,
    bottom: u32,
}

impl PixelRect {
    /// The pixels covering `cells` (whole cells, plus a pixel for
    /// anti-aliasing), within `bounds`.
    fn around(painter: &Painter<'_>, cells: &[Cell], scale: f32, bounds: PixelRect) -> PixelRect {
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

    fn width(&self) -> u32 {
        self.right - self.left
    }

    fn height(&self) -> u32 {
        self.bottom - self.top
    }
}

/// A canvas holding a copy of `region` of the board picture, drawn on in
/// the board's coordinates.
fn overlay(board: &PngCanvas, region: PixelRect, scale: f32) -> Result<PngCanvas, PictureError> {
    let rect = tiny_skia::IntRect::from_xywh(
        region.left as i32,
        region.top as i32,
        region.width(),
        region.height(),
    )
    .ok_or(PictureError::Frame)?;
    let pixmap = board.pixmap.clone_rect(rect).ok_or(PictureError::Frame)?;
    let transform = tiny_skia::Transform::from_scale(scale, scale)
        .post_translate(-(region.left as f32), -(region.top as f32));
    Ok(PngCanvas::new(pixmap, transform))
}

/// The colours of an animation: the most frequent ones of its finished
/// picture (which holds every kind of thing drawn), 255 at most; any other
/// colour is drawn in the nearest of them.
struct Palette {
    rgb: Vec<u8>,
    /// Every colour met so far with its index.
    index_of: HashMap<[u8; 3], u8>,
}

impl Palette {
    fn of_finished_picture(painter: &Painter<'_>, cell_px: u32) -> Result<Palette, PictureError> {
        let mut finished = PngCanvas::for_page(&painter.layout, cell_px)?;
        painter.paint(painter.scene.path.len(), &mut finished);
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
    fn index(&mut self, colour: [u8; 3]) -> u8 {
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
    fn frame(
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
