//! Animated pictures of a tour or a pick order: an SVG that plays in web
//! browsers (SMIL) and a GIF that plays everywhere.
//!
//! Both show the board first, then one move after another at the pace of
//! [`Timing`], hold the finished picture, and start over.

use std::fmt::Write as _;

use super::error::PictureError;
use super::marks::{MARK_RADIUS, MARK_WIDTH, mark_look, paint_marks};
use super::png::{PngCanvas, pixel_size};
use super::scene::{Canvas, Cell, Ground, Painter, Scene, Stroke, Visit, cells_between};
use super::style::STYLE;
use super::svg::{Num, SvgCanvas};
use crate::english::group_digits;
use crate::replay::{Event, MoveState, Replay};

mod frames;

use frames::{Palette, PixelRect, TRANSPARENT, changed_region, gif_error, overlay};

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

    /// The slowest pace accepted: a move every 100 seconds, within what a
    /// GIF frame's delay can hold (655 seconds) and far from where the
    /// arithmetic of frames overflows.
    pub const MIN_MOVES_PER_SECOND: f64 = 0.01;

    /// A pace of `moves_per_second`, which must be a number from
    /// [`Self::MIN_MOVES_PER_SECOND`] to [`Self::MAX_MOVES_PER_SECOND`].
    pub fn new(moves_per_second: f64) -> Result<Timing, PictureError> {
        if (Self::MIN_MOVES_PER_SECOND..=Self::MAX_MOVES_PER_SECOND).contains(&moves_per_second) {
            Ok(Timing {
                moves_per_second,
                hold_seconds: 3.0,
            })
        } else {
            Err(PictureError::Speed {
                moves_per_second,
                least: Self::MIN_MOVES_PER_SECOND,
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
    let (width, height) = gif_size(&painter, cell_px)?;
    let mut board = PngCanvas::for_page(&painter.layout, cell_px)?;
    let scale = cell_px as f32;
    let mut palette = Palette::of_finished_picture(&painter, cell_px, false)?;
    painter.paint_ground(&mut board);

    let moves = scene.path.len();
    let Pace {
        moves_per_frame,
        frame_delay,
        hold,
    } = Pace::of(timing);

    let mut out = Vec::new();
    let (mut encoder, mut shown_indices, whole) = gif_start(&mut out, (width, height), &palette)?;
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

/// The pixel size of a GIF of `painter`'s picture, refused when it is
/// too large to animate.
fn gif_size(painter: &Painter<'_>, cell_px: u32) -> Result<(u32, u32), PictureError> {
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
    Ok((width, height))
}

/// A GIF being written: its encoder, the palette indices on show, the
/// rectangle of the whole picture.
type GifStart<'o> = (gif::Encoder<&'o mut Vec<u8>>, Vec<u8>, PixelRect);

/// A looping GIF encoder writing into `out`, with nothing on show yet.
fn gif_start<'o>(
    out: &'o mut Vec<u8>,
    (width, height): (u32, u32),
    palette: &Palette,
) -> Result<GifStart<'o>, PictureError> {
    let mut encoder =
        gif::Encoder::new(out, width as u16, height as u16, &palette.rgb).map_err(gif_error)?;
    encoder
        .set_repeat(gif::Repeat::Infinite)
        .map_err(gif_error)?;
    let shown = vec![TRANSPARENT; width as usize * height as usize];
    let whole = PixelRect {
        left: 0,
        top: 0,
        right: width,
        bottom: height,
    };
    Ok((encoder, shown, whole))
}

/// How a GIF's frames follow a [`Timing`]: faster than 50 moves a second,
/// a frame shows several.
struct Pace {
    moves_per_frame: usize,
    /// Hundredths of a second a frame stays.
    frame_delay: u16,
    /// Hundredths of a second the last frame stays.
    hold: u16,
}

impl Pace {
    fn of(timing: Timing) -> Pace {
        let frame_centiseconds = (100.0 / timing.moves_per_second).max(MIN_FRAME_CENTISECONDS);
        Pace {
            moves_per_frame: ((timing.moves_per_second * frame_centiseconds / 100.0).round()
                as usize)
                .max(1),
            frame_delay: frame_centiseconds.round().clamp(2.0, 65_535.0) as u16,
            hold: (timing.hold_seconds * 100.0).round().clamp(2.0, 65_535.0) as u16,
        }
    }
}

/// The most steps a picture of a search holds: beyond, a GIF would take
/// minutes to draw and no browser would play the SVG.
pub const MOST_TRACE_STEPS: u64 = 200_000;

/// The moves a search has tried and has still to try from where it stands
/// after the steps a replay has applied, to be ringed in its pictures.
pub type MarksOf<'m> = &'m (dyn Fn(&Replay) -> Vec<(Cell, MoveState)> + 'm);

/// Renders a search as an animated GIF with `cell_px` pixels a cell:
/// `scene` gives the board (its path is not drawn; its title, if any, is
/// written above each frame with the steps so far), `events` the search's
/// steps, [`Timing`] the steps a second. Each frame shows the path after
/// its steps, so the search backing up shows as the path shrinking, and
/// with `marks` the moves tried and still to try from its last cell;
/// each frame stores only the pixels that changed.
pub fn trace_gif(
    scene: &Scene,
    events: &[Event],
    cell_px: u32,
    (timing, marks): (Timing, Option<MarksOf<'_>>),
) -> Result<Vec<u8>, PictureError> {
    // A titled board says, frame by frame, how far the search has got.
    let at = |path: &[Cell], step: usize| Scene {
        path: path.to_vec(),
        closed: false,
        title: scene.title.as_ref().map(|title| {
            crate::tr!(
                "trace-caption",
                title = title.as_str(),
                step = group_digits(step as u64),
                steps = group_digits(events.len() as u64)
            )
        }),
        ..scene.clone()
    };
    let deepest = deepest_path(events);
    let deepest_scene = at(&deepest, events.len());
    let deepest_painter = Painter::new(&deepest_scene, &STYLE);
    let (width, height) = gif_size(&deepest_painter, cell_px)?;
    // The deepest path holds every kind of thing a frame draws.
    let mut palette = Palette::of_finished_picture(&deepest_painter, cell_px, marks.is_some())?;
    let pace = Pace::of(timing);
    let mut out = Vec::new();
    let (mut encoder, mut shown, whole) = gif_start(&mut out, (width, height), &palette)?;
    // It remembers its last step: the marks read it.
    let mut replay = Replay::new(1);
    // One canvas for every frame, so that its glyphs are drawn once.
    let mut canvas = PngCanvas::for_page(&deepest_painter.layout, cell_px)?;
    // The first frame differs from this everywhere, as nothing is shown.
    let mut before = vec![1; canvas.pixmap.data().len()];
    let mut frames = std::iter::once(&events[..0]).chain(events.chunks(pace.moves_per_frame));
    let mut next = frames.next();
    let mut applied = 0;
    while let Some(steps) = next {
        for &event in steps {
            replay.apply(event);
        }
        applied += steps.len();
        next = frames.next();
        let frame_scene = at(replay.path(), applied);
        let painter = Painter::new(&frame_scene, &STYLE);
        canvas.pixmap.fill(tiny_skia::Color::TRANSPARENT);
        painter.paint(replay.path().len(), &mut canvas);
        if let Some(marks) = marks {
            paint_marks(&painter.layout, &marks(&replay), &mut canvas);
        }
        let delay = if next.is_some() {
            pace.frame_delay
        } else {
            pace.hold
        };
        // Only the pixels that changed are looked up in the palette.
        let region = changed_region(&before, canvas.pixmap.data(), width).unwrap_or(PixelRect {
            right: 1,
            bottom: 1,
            ..whole
        });
        before.copy_from_slice(canvas.pixmap.data());
        let changed = region.copy_of(&canvas.pixmap)?;
        let frame = palette.frame(&changed, region, &mut shown, width, delay);
        encoder.write_frame(&frame).map_err(gif_error)?;
    }
    drop(encoder);
    Ok(out)
}

/// The longest path `events` build.
fn deepest_path(events: &[Event]) -> Vec<Cell> {
    let mut replay = Replay::new(0);
    let mut deepest = Vec::new();
    for &event in events {
        replay.apply(event);
        if replay.path().len() > deepest.len() {
            deepest = replay.path().to_vec();
        }
    }
    deepest
}

/// Renders a search as an SVG document that plays it in a web browser:
/// each segment of the path shows from the step that draws it to the step
/// that takes it back, at [`Timing`]'s steps a second; the current cell is
/// marked as it moves, and with `marks` the moves tried and still to try
/// from it are ringed.
pub fn trace_svg(
    scene: &Scene,
    events: &[Event],
    cell_px: u32,
    (timing, marks): (Timing, Option<MarksOf<'_>>),
) -> String {
    let board = Scene {
        path: Vec::new(),
        closed: false,
        ..scene.clone()
    };
    let painter = Painter::new(&board, &STYLE);
    let mut svg = SvgCanvas::new(&painter.layout, cell_px);
    painter.paint_ground(&mut svg);
    let total = timing.at(events.len()) + timing.hold_seconds;
    let _ = writeln!(
        svg.out,
        r#"<rect width="0" height="0"><animate id="clock" attributeName="x" from="0" to="0" begin="0s;clock.end" dur="{}s"/></rect>"#,
        Num(total)
    );
    let layout = painter.layout;
    let mut tops = Vec::with_capacity(events.len() + 1);
    for segment in segments(events) {
        let begin = timing.at(segment.from_step);
        let end = segment.to_step.map_or(total, |step| timing.at(step));
        let show = format!(
            r#"<set attributeName="visibility" to="visible" begin="clock.begin+{}s" dur="{}s"/>"#,
            Num(begin),
            Num((end - begin).max(0.0))
        );
        let ends = (
            layout.centre(segment.cells.0),
            layout.centre(segment.cells.1),
        );
        for stroke in painter.path_strokes() {
            svg.line_element(ends.0, ends.1, stroke, r#" visibility="hidden""#, &show);
        }
    }
    let mut replay = Replay::new(1);
    tops.push(None);
    // The rings at each step, if asked for.
    let mut rings = Vec::new();
    let mut ring_at = |replay: &Replay| {
        if let Some(marks) = marks {
            rings.push(marks(replay));
        }
    };
    ring_at(&replay);
    for &event in events {
        replay.apply(event);
        tops.push(replay.path().last().copied());
        ring_at(&replay);
    }
    // The current cell jumps from step to step; hidden while the path is
    // empty.
    let (mut xs, mut ys, mut seen, mut times) =
        (String::new(), String::new(), String::new(), String::new());
    for (step, top) in tops.iter().enumerate() {
        let separator = if step == 0 { "" } else { ";" };
        let centre = layout.centre(top.unwrap_or((0, 0)));
        let _ = write!(xs, "{separator}{}", svg.px(centre.x));
        let _ = write!(ys, "{separator}{}", svg.px(centre.y));
        let shown = if top.is_some() { "visible" } else { "hidden" };
        let _ = write!(seen, "{separator}{shown}");
        let _ = write!(times, "{separator}{:.6}", timing.at(step) / total);
    }
    let moving = |attribute: &str, values: &str| {
        format!(
            r#"<animate attributeName="{attribute}" values="{values}" keyTimes="{times}" calcMode="discrete" begin="clock.begin" dur="{}s"/>"#,
            Num(total)
        )
    };
    let body = moving("cx", &xs) + &moving("cy", &ys) + &moving("visibility", &seen);
    let paint = format!(
        r#"fill="{}" stroke="none" visibility="hidden""#,
        STYLE.knight
    );
    svg.circle_element(layout.centre((0, 0)), STYLE.knight_radius, &paint, &body);
    // As many rings as a step has at most, each moving from step to step
    // to the move it stands for, and hidden where a step has fewer.
    let most = rings.iter().map(Vec::len).max().unwrap_or(0);
    for slot in 0..most {
        let (mut xs, mut ys, mut seen, mut fills, mut strokes, mut radii) = (
            String::new(),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
        );
        for (step, marks) in rings.iter().enumerate() {
            let separator = if step == 0 { "" } else { ";" };
            let (cell, state) = marks
                .get(slot)
                .copied()
                .unwrap_or(((0, 0), MoveState::Tried));
            let (fill, ring, radius) = mark_look(state);
            let centre = layout.centre(cell);
            let shown = if slot < marks.len() {
                "visible"
            } else {
                "hidden"
            };
            let fill = fill.map_or_else(|| "none".to_owned(), |fill| fill.to_string());
            let _ = write!(xs, "{separator}{}", svg.px(centre.x));
            let _ = write!(ys, "{separator}{}", svg.px(centre.y));
            let _ = write!(seen, "{separator}{shown}");
            let _ = write!(fills, "{separator}{fill}");
            let _ = write!(strokes, "{separator}{ring}");
            let _ = write!(radii, "{separator}{}", svg.px(radius));
        }
        let body = [
            ("cx", &xs),
            ("cy", &ys),
            ("visibility", &seen),
            ("fill", &fills),
            ("stroke", &strokes),
            ("r", &radii),
        ]
        .map(|(attribute, values)| moving(attribute, values))
        .concat();
        let paint = format!(
            r#"fill="none" stroke="none" stroke-width="{}" visibility="hidden""#,
            svg.px(MARK_WIDTH)
        );
        svg.circle_element(layout.centre((0, 0)), MARK_RADIUS, &paint, &body);
    }
    svg.finish()
}

/// A segment of a search's path and the steps it is on show between.
struct Segment {
    cells: (Cell, Cell),
    /// The step (counted from 1) that draws it.
    from_step: usize,
    /// The step that takes it back, if one does.
    to_step: Option<usize>,
}

/// Every segment `events` draw, with when each is drawn and taken back.
fn segments(events: &[Event]) -> Vec<Segment> {
    let mut segments: Vec<Segment> = Vec::new();
    // The segments on show, one for each pair of the path's neighbours.
    let mut open: Vec<usize> = Vec::new();
    let mut replay = Replay::new(0);
    let close = |segments: &mut Vec<Segment>, open: &mut Vec<usize>, from: usize, step| {
        for index in open.drain(from..) {
            segments[index].to_step = Some(step);
        }
    };
    let draw = |segments: &mut Vec<Segment>, open: &mut Vec<usize>, path: &[Cell], step| {
        for pair in path[open.len()..].windows(2).map(|pair| (pair[0], pair[1])) {
            open.push(segments.len());
            segments.push(Segment {
                cells: pair,
                from_step: step,
                to_step: None,
            });
        }
    };
    for (index, &event) in events.iter().enumerate() {
        let step = index + 1;
        replay.apply(event);
        let path = replay.path();
        let kept_segments = match event {
            Event::Rotate { kept } => kept.saturating_sub(1),
            _ => path.len().saturating_sub(1),
        };
        if open.len() > kept_segments {
            close(&mut segments, &mut open, kept_segments, step);
        }
        // `open` now covers the path's first `open.len() + 1` cells.
        if path.len() >= 2 && open.len() < path.len() - 1 {
            draw(&mut segments, &mut open, path, step);
        }
    }
    segments
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knight::{self, Algorithm, Board, TourKind};

    /// The steps of `algorithm`'s search on a `side` x `side` board from a1,
    /// at most `most` of them.
    fn trace(side: u32, kind: TourKind, algorithm: Algorithm, most: usize) -> Vec<Event> {
        let board = Board::new(side, side).expect("board");
        let start = board.parse_square("a1").expect("a1");
        let steps = knight::first_steps(&board, (start, kind), algorithm, most);
        steps.into_iter().map(Event::from).collect()
    }

    #[test]
    fn the_segments_on_show_at_every_step_are_the_path_then() {
        let traces = [
            trace(5, TourKind::Open, Algorithm::Dfs, 3_000),
            trace(6, TourKind::Closed, Algorithm::Warnsdorff, 100_000),
            trace(6, TourKind::Closed, Algorithm::Backtrack, 100_000),
        ];
        assert!(
            traces[1]
                .iter()
                .any(|event| matches!(event, Event::Rotate { .. })),
            "a trace with rotations"
        );
        for events in traces {
            let segments = segments(&events);
            let mut replay = Replay::new(0);
            for step in 0..=events.len() {
                if step > 0 {
                    replay.apply(events[step - 1]);
                }
                let mut on_show: Vec<(Cell, Cell)> = segments
                    .iter()
                    .filter(|s| s.from_step <= step && s.to_step.is_none_or(|end| step < end))
                    .map(|s| s.cells)
                    .collect();
                let mut path: Vec<(Cell, Cell)> = replay
                    .path()
                    .windows(2)
                    .map(|pair| (pair[0], pair[1]))
                    .collect();
                on_show.sort_unstable();
                path.sort_unstable();
                assert_eq!(on_show, path, "step {step}");
            }
        }
    }

    #[test]
    fn a_search_gif_has_a_frame_for_each_group_of_steps_and_stays_small() {
        let events = trace(5, TourKind::Open, Algorithm::Dfs, 2_000);
        let board = Board::new(5, 5).expect("board");
        let scene = Scene::knight_board(&board).with_numbers(true);
        for (speed, frames) in [(50.0, 2_001), (200.0, 501)] {
            let timing = Timing::new(speed).expect("a speed");
            let bytes = trace_gif(&scene, &events, 40, (timing, None)).expect("a GIF");
            assert!(bytes.len() < 3_000_000, "{} bytes", bytes.len());
            let mut options = gif::DecodeOptions::new();
            options.set_color_output(gif::ColorOutput::Indexed);
            let mut decoder = options.read_info(bytes.as_slice()).expect("a GIF");
            let (width, height) = (decoder.width(), decoder.height());
            let mut delays = Vec::new();
            while let Some(frame) = decoder.read_next_frame().expect("a frame") {
                assert!(frame.left + frame.width <= width && frame.top + frame.height <= height);
                delays.push(frame.delay);
            }
            assert_eq!(delays.len(), frames, "at {speed} steps a second");
            assert_eq!(delays.last(), Some(&300), "the end is held 3 s");
        }
    }

    /// The rings of `events` at each step: plain DFS's moves from the
    /// knight's square on 5 x 5.
    fn dfs_moves(replay: &Replay) -> Vec<(Cell, MoveState)> {
        let board = Board::new(5, 5).expect("board");
        let search = (Algorithm::Dfs, TourKind::Open);
        knight::next_moves::watched_moves(&board, search, replay).map_or_else(Vec::new, |moves| {
            moves
                .moves
                .into_iter()
                .map(|(square, _, state)| ((square.x, square.y), state))
                .collect()
        })
    }

    #[test]
    fn a_traced_search_rings_the_moves_tried_and_still_to_try() {
        let events = trace(5, TourKind::Open, Algorithm::Dfs, 40);
        let board = Board::new(5, 5).expect("board");
        let scene = Scene::knight_board(&board);
        let timing = Timing::new(10.0).expect("a speed");
        let svg = trace_svg(&scene, &events, 40, (timing, Some(&dfs_moves)));
        // Each ring's fill at each step: after step 1 (the knight on a1)
        // b3 is next, filled; c2 later, a ring.
        let fills: Vec<Vec<&str>> = svg
            .split(r#"<animate attributeName="fill" values=""#)
            .skip(1)
            .map(|rest| rest.split('"').next().expect("values").split(';').collect())
            .collect();
        assert!(fills.len() >= 2, "{} rings", fills.len());
        assert_eq!(fills[0][1], STYLE.legal_move_fill.to_string());
        assert_eq!(fills[1][1], "none");
        assert!(fills.iter().all(|steps| steps.len() == events.len() + 1));
        // Where the step has no move to ring, the ring hides.
        assert!(
            !trace_svg(&scene, &events, 40, (timing, None)).contains(r#"attributeName="fill""#)
        );
        // The GIF's colours hold the rings' green.
        let gif = trace_gif(&scene, &events, 40, (timing, Some(&dfs_moves))).expect("a GIF");
        let decoder = gif::DecodeOptions::new()
            .read_info(gif.as_slice())
            .expect("a GIF");
        let palette = decoder.global_palette().expect("a palette");
        let green = STYLE.legal_move_fill;
        assert!(
            palette
                .chunks_exact(3)
                .any(|rgb| rgb == [green.red, green.green, green.blue]),
            "{palette:?}"
        );
    }
}
