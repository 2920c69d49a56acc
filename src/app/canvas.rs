//! The board canvas shared by both modes: geometry, zoom and pan, and the
//! drawing itself.
//!
//! Knight boards are drawn like the classic Tkinter pictures: a white and
//! black checkerboard (a1 dark) with the tour as cyan lines through square
//! centres. Goishi boards are a go board: grid lines with stones on the
//! points. Every colour and proportion comes from the library's
//! [`STYLE`], which the SVG, PNG and GIF writers use too, so exports look
//! like the screen; the canvas adds only minimum sizes in points, so thin
//! lines stay visible when zoomed out.
//!
//! Only what lies in the visible area is drawn. Each frame walks the visible
//! squares (or, when most of the path is in view, the path) through a
//! square-to-move index, so the cost follows the screen, not the board.
//! Small squares come from a texture with one pixel per square instead of
//! one quad each, and a long path becomes one mesh that is reused while the
//! view and the path stay the same. When squares shrink below a few pixels
//! the texture alone remains, visited squares tinted cyan, which is all the
//! eye can tell apart at that scale.

use std::sync::Arc;

use eframe::egui::{
    self, Align2, Color32, ColorImage, FontId, Mesh, Pos2, Rect, Sense, Shape, Stroke,
    TextureHandle, TextureOptions, Vec2, pos2, vec2,
};
use gridtour::goishi::{Point, Puzzle};
use gridtour::knight::{Board, Square};
use gridtour::render::{Colour, STYLE, SquareMark};

mod geometry;
mod labels;
mod path;

use geometry::LABEL_ROOM;
pub use geometry::{Cell, Geometry, Layer};
pub use path::{CachedPath, PathIndex};
use path::{PathMeshKey, draw_path};

use super::watch::{Watch, step_key};
use super::widgets::colour as color;
use gridtour::tr;

/// A length of the shared style (in cells) in points, at least `min`.
fn length(cells: f64, geometry: &Geometry, min: f32) -> f32 {
    (cells as f32 * geometry.cell).max(min)
}

/// Below this many points per square the path cannot be told apart any
/// more: the board becomes a texture with the visited squares tinted.
const VECTOR_MIN_CELL: f32 = 3.0;
/// Below this many points per square the squares come from a texture (one
/// pixel a square, magnified without smoothing) rather than one quad each;
/// the blocked squares' x marks start at this size.
const BOARD_TEXTURE_MAX_CELL: f32 = 8.0;
/// Move numbers appear once a square is at least this large.
const NUMBERS_MIN_CELL: f32 = 18.0;
/// Numbers smaller than this many points are not written: they would run
/// together.
const NUMBER_MIN_POINTS: f32 = 7.0;
/// The most a square is magnified, in points.
const MAX_CELL: f32 = 160.0;
/// Largest side of the small-zoom texture; 2048 is the smallest limit any
/// GPU backend guarantees.
const MAX_TEXTURE_SIDE: u32 = 2048;
/// Empty border around a fitted board, in points.
const MARGIN: f32 = 6.0;
/// Magnification of one press of `+` (and reduction of one press of `-`).
const KEY_ZOOM_STEP: f32 = 1.5;

/// Squares smaller than this (points) are too small to aim at: a click
/// there zooms in on the place clicked, to [`PICKING_CELL`], instead of
/// picking a square a pixel off.
const PICK_MIN_CELL: f32 = 4.0;

/// The size squares are zoomed to by a click on squares too small to pick.
const PICKING_CELL: f32 = 16.0;

/// Everything one frame of the canvas draws.
pub struct Scene<'a> {
    /// The board and its fixed contents.
    pub layer: Layer<'a>,
    /// The tour or pickup order, if there is one.
    pub path: Option<&'a PathIndex>,
    /// How many positions of the path are shown (the animation's progress).
    pub shown: usize,
    /// Whether the path closes back on its start (drawn once fully shown).
    pub closed: bool,
    /// Whether move numbers are written.
    pub numbers: bool,
    /// Whether the board's files and ranks (knight) or columns and rows
    /// (Goishi) are written around it, as messages name them.
    pub labels: bool,
    /// Changes whenever the layer or the path changes; keys the texture
    /// used at small zoom so it is rebuilt only when needed.
    pub revision: u64,
}

/// Zoom and pan of one canvas, plus the cached small-zoom texture.
#[derive(Default)]
pub struct View {
    /// Magnification over the fitted size (1 = whole board visible).
    zoom: Option<f32>,
    /// Board coordinates (in squares) shown at the canvas centre.
    center: Option<Vec2>,
    /// The board size the zoom and centre were set for; a board of another
    /// size is shown whole.
    size: Option<(u32, u32)>,
    geometry: Option<Geometry>,
    texture: Option<(TextureKey, TextureHandle)>,
    path_mesh: Option<(PathMeshKey, Arc<Mesh>)>,
}

/// What the user did on the canvas this frame.
#[derive(Debug, Default, Clone, Copy)]
pub struct CanvasResponse {
    /// The square clicked, if any.
    pub clicked: Option<Cell>,
    /// The square under the pointer, if any.
    pub hovered: Option<Cell>,
}

impl CanvasResponse {
    /// On a knight board: pushes to `out` the command `click` makes of the
    /// square clicked, if one was, and returns the name of the square
    /// under the pointer.
    pub fn on_knight_board<C>(
        self,
        board: &Board,
        out: &mut Vec<C>,
        click: impl FnOnce(Square) -> C,
    ) -> Option<String> {
        if let Some((x, y)) = self.clicked {
            out.push(click(Square::new(x, y)));
        }
        self.hovered
            .map(|(x, y)| board.square_name(Square::new(x, y)))
    }
}

impl View {
    /// The board's place on screen in the last frame drawn.
    pub fn geometry(&self) -> Option<Geometry> {
        self.geometry
    }

    #[cfg(test)]
    /// Magnifies the board `zoom` times over its fitted size, centred on
    /// the board position `center` (in squares).
    pub fn zoom_to(&mut self, zoom: f32, center: Vec2) {
        self.zoom = Some(zoom);
        self.center = Some(center);
    }

    /// Shows the whole board again.
    pub fn fit(&mut self) {
        self.zoom = None;
        self.center = None;
    }

    /// Magnifies one step, keeping the middle of the view in place (the
    /// zoom is clamped to the board's limits when it is next drawn).
    pub fn zoom_in(&mut self) {
        self.zoom = Some(self.zoom.unwrap_or(1.0) * KEY_ZOOM_STEP);
    }

    /// Reduces one step, down to the whole board.
    pub fn zoom_out(&mut self) {
        self.zoom = Some((self.zoom.unwrap_or(1.0) / KEY_ZOOM_STEP).max(1.0));
    }

    /// Draws `scene` into all the space left in `ui` and handles zoom (wheel
    /// or pinch at the pointer), pan (drag) and clicks. The second click of
    /// a double click is not a click: a quick double click on a square acts
    /// once.
    pub fn show(&mut self, ui: &mut egui::Ui, scene: &Scene) -> CanvasResponse {
        let (rect, response) = ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, tr!("board")));
        let (cols, rows) = scene.layer.size();
        if self.size != Some((cols, rows)) {
            self.size = Some((cols, rows));
            self.fit();
        }
        let margin = if scene.labels {
            MARGIN + LABEL_ROOM
        } else {
            MARGIN
        };
        let fit = ((rect.width() - 2.0 * margin) / cols as f32)
            .min((rect.height() - 2.0 * margin) / rows as f32)
            .max(f32::MIN_POSITIVE);
        let max_zoom = (MAX_CELL / fit).max(1.0);
        let board_middle = vec2(cols as f32, rows as f32) / 2.0;
        let mut zoom = self.zoom.unwrap_or(1.0).clamp(1.0, max_zoom);
        let mut center = self.center.unwrap_or(board_middle);

        if response.dragged() {
            center -= response.drag_delta() / (fit * zoom);
        }
        if let Some(pointer) = response.hover_pos() {
            let (scroll, pinch) = ui.input(|i| (i.smooth_scroll_delta.y, i.zoom_delta()));
            let factor = pinch * (scroll / 300.0).exp();
            if factor != 1.0 {
                let new_zoom = (zoom * factor).clamp(1.0, max_zoom);
                let under_pointer = center + (pointer - rect.center()) / (fit * zoom);
                center = under_pointer - (pointer - rect.center()) / (fit * new_zoom);
                zoom = new_zoom;
            }
        }
        center = center.clamp(Vec2::ZERO, vec2(cols as f32, rows as f32));
        self.zoom = Some(zoom);
        self.center = Some(center);

        // At Fit, whole pixels a square and a board on the pixel grid: every
        // square the same size on screen, so no moiré of uneven squares.
        let pixels = ui.ctx().pixels_per_point();
        let (cell, origin) = if zoom == 1.0 && fit * pixels >= 1.0 {
            let cell = (fit * pixels).floor() / pixels;
            let origin = rect.center() - center * cell;
            (cell, (origin * pixels).round() / pixels)
        } else {
            (fit * zoom, rect.center() - center * fit * zoom)
        };
        let geometry = Geometry {
            origin,
            cell,
            cols,
            rows,
            clip: rect,
        };
        self.geometry = Some(geometry);

        let painter = ui.painter_at(rect);
        match &scene.layer {
            Layer::Knight {
                board,
                highlight,
                unreachable,
                candidates,
            } => {
                let tinted = cell < VECTOR_MIN_CELL;
                // Squares big enough to show a blocked square's x, or a
                // board too large for one pixel a square, are drawn one by
                // one; below that the squares come from a texture.
                let marks = Marks {
                    highlight,
                    unreachable,
                };
                if cell >= BOARD_TEXTURE_MAX_CELL || pixel_block(board) > 1 && !tinted {
                    draw_checkerboard(&painter, &geometry, board, &marks);
                } else {
                    let texture = self.board_texture(ui.ctx(), scene, board, &marks, tinted);
                    painter.image(
                        texture,
                        geometry.board_rect(),
                        Rect::from_min_max(Pos2::ZERO, pos2(1.0, 1.0)),
                        Color32::WHITE,
                    );
                }
                if !tinted {
                    draw_path(&painter, &geometry, scene, &mut self.path_mesh);
                }
                // Dark squares would melt into a dark background.
                painter.rect_stroke(
                    geometry.board_rect(),
                    0.0,
                    Stroke::new(
                        length(STYLE.board_frame_width, &geometry, 1.0),
                        color(STYLE.board_frame),
                    ),
                    egui::StrokeKind::Outside,
                );
                draw_unreachable(&painter, &geometry, board, unreachable);
                // Numbers last, so that no marker hides one.
                draw_markers(&painter, &geometry, scene);
                draw_knight_numbers(&painter, &geometry, scene, board, &marks);
                draw_candidates(&painter, &geometry, candidates);
            }
            Layer::Goishi {
                puzzle,
                hints,
                stranded,
            } => {
                draw_go_board(&painter, &geometry, puzzle, (hints, stranded));
                draw_path(&painter, &geometry, scene, &mut self.path_mesh);
                draw_stones(&painter, &geometry, scene, puzzle);
                draw_markers(&painter, &geometry, scene);
            }
        }
        if scene.labels {
            let visuals = ui.visuals();
            let colours = (visuals.text_color(), visuals.panel_fill);
            labels::draw(&painter, &geometry, &scene.layer, colours);
        }

        let mut clicked_at = (response.clicked() && !response.double_clicked())
            .then(|| response.interact_pointer_pos())
            .flatten();
        if let Some(pointer) = clicked_at.filter(|_| cell < PICK_MIN_CELL) {
            let new_zoom = (PICKING_CELL / fit).clamp(1.0, max_zoom);
            let under_pointer = (pointer - origin) / cell;
            self.zoom = Some(new_zoom);
            self.center = Some(under_pointer - (pointer - rect.center()) / (fit * new_zoom));
            ui.ctx().request_repaint();
            clicked_at = None;
        }
        CanvasResponse {
            clicked: clicked_at.and_then(|pos| geometry.cell_at(pos)),
            hovered: response.hover_pos().and_then(|pos| geometry.cell_at(pos)),
        }
    }

    /// A texture with one pixel per square (or per block of squares on
    /// boards wider than any GPU texture may be); when `tinted`, the squares
    /// the shown path has visited are cyan. Rebuilt only when the scene's
    /// revision, the kind of texture or (when tinted) the number of shown
    /// moves changes.
    fn board_texture(
        &mut self,
        ctx: &egui::Context,
        scene: &Scene,
        board: &Board,
        marks: &Marks,
        tinted: bool,
    ) -> egui::TextureId {
        let key = TextureKey {
            revision: scene.revision,
            tinted_moves: tinted.then_some(scene.shown),
        };
        if let Some((cached, texture)) = &self.texture
            && *cached == key
        {
            return texture.id();
        }
        let (cols, rows) = (board.width(), board.height());
        let block = pixel_block(board);
        let (width, height) = (cols.div_ceil(block), rows.div_ceil(block));
        let mut pixels = Vec::with_capacity(width as usize * height as usize);
        for y in (0..rows).step_by(block as usize) {
            for x in (0..cols).step_by(block as usize) {
                let visited = key.tinted_moves.is_some_and(|shown| {
                    scene
                        .path
                        .and_then(|path| path.step_at(x, y))
                        .is_some_and(|step| step < shown)
                });
                pixels.push(if visited {
                    let dark = board.is_dark(Square { x, y });
                    color(if dark {
                        STYLE.visited_on_dark
                    } else {
                        STYLE.visited_on_light
                    })
                } else {
                    square_color(board, marks, (x, y))
                });
            }
        }
        let image = ColorImage::new([width as usize, height as usize], pixels);
        match &mut self.texture {
            // Same size: the GPU texture is updated in place.
            Some((cached, texture)) if texture.size() == image.size => {
                texture.set(image, BOARD_TEXTURE);
                *cached = key;
            }
            _ => {
                let texture = ctx.load_texture("board", image, BOARD_TEXTURE);
                self.texture = Some((key, texture));
            }
        }
        self.texture
            .as_ref()
            .map_or(egui::TextureId::default(), |(_, texture)| texture.id())
    }
}

/// Squares magnified stay sharp; squares smaller than a pixel blend into
/// the colour they average to (mipmaps), instead of a moiré of whichever
/// square each pixel happens to hit.
const BOARD_TEXTURE: TextureOptions = TextureOptions {
    magnification: egui::TextureFilter::Nearest,
    minification: egui::TextureFilter::Linear,
    wrap_mode: egui::TextureWrapMode::ClampToEdge,
    mipmap_mode: Some(egui::TextureFilter::Linear),
};

/// What a cached board texture shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct TextureKey {
    /// The scene revision it was made for.
    revision: u64,
    /// With visited squares tinted: how many moves were shown.
    tinted_moves: Option<usize>,
}

/// How many squares along each side share one texture pixel: 1 unless the
/// board is wider or taller than [`MAX_TEXTURE_SIDE`].
fn pixel_block(board: &Board) -> u32 {
    board
        .width()
        .max(board.height())
        .div_ceil(MAX_TEXTURE_SIDE)
        .max(1)
}

/// Row-major masks of knight squares drawn in other colours.
struct Marks<'a> {
    /// Warnsdorff's failing starts.
    highlight: &'a [bool],
    /// Squares a play-mode walk can no longer reach.
    unreachable: &'a [bool],
}

/// The fill of a knight board square without the path.
fn square_color(board: &Board, marks: &Marks, (x, y): Cell) -> Color32 {
    let index = y as usize * board.width() as usize + x as usize;
    let marked = |mask: &[bool]| mask.get(index).copied().unwrap_or(false);
    let square = Square { x, y };
    let mark = if board.is_blocked(square) {
        SquareMark::Blocked
    } else if marked(marks.unreachable) {
        SquareMark::Unreachable
    } else if marked(marks.highlight) {
        SquareMark::FailingStart
    } else {
        SquareMark::Plain
    };
    color(STYLE.square_colour(board.is_dark(square), mark))
}

fn draw_checkerboard(painter: &egui::Painter, geometry: &Geometry, board: &Board, marks: &Marks) {
    let light = color(STYLE.light_square);
    painter.rect_filled(geometry.board_rect(), 0.0, light);
    let (xs, ys) = geometry.visible(0);
    let mut mesh = Mesh::default();
    let mut blocked = Vec::new();
    for y in ys {
        for x in xs.clone() {
            let fill = square_color(board, marks, (x, y));
            if fill != light {
                mesh.add_colored_rect(geometry.cell_rect((x, y)), fill);
            }
            if board.is_blocked(Square { x, y }) {
                blocked.push((x, y));
            }
        }
    }
    painter.add(mesh);
    if geometry.cell >= BOARD_TEXTURE_MAX_CELL {
        let width = length(STYLE.blocked_cross_width, geometry, 1.0);
        let stroke = Stroke::new(width, color(STYLE.blocked_cross));
        let inset = STYLE.blocked_cross_inset as f32 * geometry.cell;
        for cell in blocked {
            let r = geometry.cell_rect(cell).shrink(inset);
            painter.line_segment([r.left_top(), r.right_bottom()], stroke);
            painter.line_segment([r.right_top(), r.left_bottom()], stroke);
        }
    }
}

/// Squares too small for a mark to be seen get none: their tint remains.
const UNREACHABLE_MARK_MIN_CELL: f32 = 8.0;

/// Outlines and hatches the squares a play-mode walk can no longer reach,
/// in a colour that stands out on light and dark squares alike.
fn draw_unreachable(
    painter: &egui::Painter,
    geometry: &Geometry,
    board: &Board,
    unreachable: &[bool],
) {
    if unreachable.is_empty() || geometry.cell < UNREACHABLE_MARK_MIN_CELL {
        return;
    }
    let width = length(STYLE.blocked_cross_width, geometry, 1.0);
    let stroke = Stroke::new(width, color(STYLE.unreachable_mark));
    let (xs, ys) = geometry.visible(0);
    for y in ys {
        for x in xs.clone() {
            if !unreachable
                .get(board.index(Square { x, y }))
                .copied()
                .unwrap_or(false)
            {
                continue;
            }
            let r = geometry.cell_rect((x, y)).shrink(width);
            painter.rect_stroke(r, 0.0, stroke, egui::StrokeKind::Inside);
            // Three parallel diagonals: a hatch, unlike a blocked square's x.
            let (left, right) = (r.left_center(), r.right_center());
            let (top, bottom) = (r.center_top(), r.center_bottom());
            for (from, to) in [
                (left, top),
                (r.left_bottom(), r.right_top()),
                (bottom, right),
            ] {
                painter.line_segment([from, to], stroke);
            }
        }
    }
}

fn draw_knight_numbers(
    painter: &egui::Painter,
    geometry: &Geometry,
    scene: &Scene,
    board: &Board,
    marks: &Marks,
) {
    let Some(path) = scene.path else { return };
    if !scene.numbers || geometry.cell < NUMBERS_MIN_CELL {
        return;
    }
    // Small enough for the longest number to fit in a square, and written
    // only where that size can be read and fits beside its neighbours.
    let digits = path.len().max(1).ilog10() as usize + 1;
    let font = FontId::proportional(STYLE.number_size_for(digits) as f32 * geometry.cell);
    let inset = STYLE.number_inset as f32 * geometry.cell;
    let widest = painter.layout_no_wrap("8".repeat(digits), font.clone(), Color32::WHITE);
    if font.size < NUMBER_MIN_POINTS || widest.size().x + inset > geometry.cell {
        return;
    }
    let (xs, ys) = geometry.visible(0);
    for y in ys {
        for x in xs.clone() {
            if let Some(step) = path.step_at(x, y)
                && step < scene.shown
            {
                let square = square_color(board, marks, (x, y));
                let text_color =
                    color(STYLE.text_on(Colour::rgb(square.r(), square.g(), square.b())));
                let corner = geometry.cell_rect((x, y)).left_top() + Vec2::splat(inset);
                let galley =
                    painter.layout_no_wrap((step + 1).to_string(), font.clone(), text_color);
                // A backing in the square's colour keeps the number readable
                // where the tour crosses it.
                let backing = Rect::from_min_size(corner, galley.size()).expand(1.0);
                painter.rect_filled(backing, 2.0, square);
                painter.galley(corner, galley, text_color);
            }
        }
    }
}

/// Rings the squares the knight may go to next, each with its number of
/// onward moves.
fn draw_candidates(painter: &egui::Painter, geometry: &Geometry, candidates: &[(Cell, u32)]) {
    if geometry.cell < NUMBERS_MIN_CELL {
        return;
    }
    let ring = Stroke::new(
        length(STYLE.marker_width, geometry, 1.5),
        color(STYLE.legal_move),
    );
    let pip = color(STYLE.text_on(STYLE.legal_move_fill));
    for &(cell, onward) in candidates {
        let center = geometry.cell_center(cell);
        let radius = STYLE.legal_move_radius as f32 * geometry.cell;
        painter.circle(center, radius, color(STYLE.legal_move_fill), ring);
        // Dots, not a digit: a digit on a square reads as its move number.
        for offset in pips(onward, radius * 0.55) {
            painter.circle_filled(center + offset, radius * 0.14, pip);
        }
        if onward == 0 {
            let half = egui::vec2(radius * 0.5, 0.0);
            painter.line_segment(
                [center - half, center + half],
                Stroke::new(radius * 0.16, pip),
            );
        }
    }
}

/// Where `count` dots go round a centre, `spread` from it: one in the
/// middle, the others evenly round a circle (with one in the middle for
/// more than six, as on dice).
fn pips(count: u32, spread: f32) -> Vec<egui::Vec2> {
    let (middle, around) = match count {
        1 => (1, 0),
        7.. => (1, count - 1),
        _ => (0, count),
    };
    let ring = (0..around).map(|index| {
        let angle =
            std::f32::consts::TAU * index as f32 / around as f32 - std::f32::consts::FRAC_PI_2;
        egui::vec2(angle.cos(), angle.sin()) * spread
    });
    std::iter::repeat_n(egui::Vec2::ZERO, middle)
        .chain(ring)
        .collect()
}

/// The board, its lines, and rings round the stones `hints` (green) and
/// `stranded` (red) name.
fn draw_go_board(
    painter: &egui::Painter,
    geometry: &Geometry,
    puzzle: &Puzzle,
    (hints, stranded): (&[Point], &[Point]),
) {
    painter.rect_filled(geometry.board_rect(), 4.0, color(STYLE.wood));
    let stroke = Stroke::new(
        length(STYLE.grid_line_width, geometry, 1.0),
        color(STYLE.grid_line),
    );
    let (cols, rows) = (puzzle.width(), puzzle.height());
    let (xs, ys) = geometry.visible(0);
    for x in xs {
        painter.line_segment(
            [
                geometry.cell_center((x, 0)),
                geometry.cell_center((x, rows - 1)),
            ],
            stroke,
        );
    }
    for y in ys {
        painter.line_segment(
            [
                geometry.cell_center((0, y)),
                geometry.cell_center((cols - 1, y)),
            ],
            stroke,
        );
    }
    let width = length(STYLE.marker_width, geometry, 1.5);
    for (points, ring) in [
        (hints, STYLE.legal_move),
        (stranded, STYLE.unreachable_mark),
    ] {
        for point in points {
            painter.circle_stroke(
                geometry.cell_center((point.x, point.y)),
                STYLE.hint_ring_radius as f32 * geometry.cell,
                Stroke::new(width, color(ring)),
            );
        }
    }
}

/// Stones not yet picked are solid; picked ones are pale, with their pick
/// number, and hide the path under them.
fn draw_stones(painter: &egui::Painter, geometry: &Geometry, scene: &Scene, puzzle: &Puzzle) {
    let radius = STYLE.stone_radius as f32 * geometry.cell;
    let digits = scene
        .path
        .map_or(1, |path| path.len().max(1).ilog10() as usize + 1);
    let font = FontId::proportional(STYLE.pick_number_size_for(digits) as f32 * geometry.cell);
    let widest = painter.layout_no_wrap("8".repeat(digits), font.clone(), Color32::WHITE);
    let numbers = scene.numbers && font.size >= NUMBER_MIN_POINTS && widest.size().x < 2.0 * radius;
    let edge_width = length(STYLE.stone_edge_width, geometry, 1.0);
    for point in puzzle.stones() {
        let center = geometry.cell_center((point.x, point.y));
        if !geometry.clip.expand(radius).contains(center) {
            continue;
        }
        let picked = scene
            .path
            .and_then(|path| path.step_at(point.x, point.y))
            .filter(|&step| step < scene.shown);
        match picked {
            Some(step) => {
                let edge = Stroke::new(edge_width, color(STYLE.stone));
                painter.circle(center, radius, color(STYLE.picked_stone), edge);
                if numbers {
                    painter.text(
                        center,
                        Align2::CENTER_CENTER,
                        step + 1,
                        font.clone(),
                        color(STYLE.stone),
                    );
                }
            }
            None => {
                let edge = Stroke::new(edge_width, color(STYLE.stone_edge));
                painter.circle(center, radius, color(STYLE.stone), edge);
            }
        }
    }
}

/// Marks the start (green ring) and the current position: a red dot (the
/// knight) on knight boards, a red ring around the numbered stone on Goishi
/// boards.
fn draw_markers(painter: &egui::Painter, geometry: &Geometry, scene: &Scene) {
    let Some(path) = scene.path else { return };
    let shown = scene.shown.min(path.len());
    if shown == 0 {
        return;
    }
    let cells = path.cells();
    let width = (STYLE.marker_width as f32 * geometry.cell).clamp(1.5, 4.0);
    painter.circle_stroke(
        geometry.cell_center(cells[0]),
        length(STYLE.start_ring_radius, geometry, 8.0),
        Stroke::new(width, color(STYLE.start_ring)),
    );
    let current = geometry.cell_center(cells[shown - 1]);
    match scene.layer {
        Layer::Knight { .. } => {
            let radius = length(STYLE.knight_radius, geometry, 5.0);
            painter.circle_filled(current, radius, color(STYLE.knight));
        }
        Layer::Goishi { .. } => {
            painter.circle_stroke(
                current,
                STYLE.current_stone_ring_radius as f32 * geometry.cell,
                Stroke::new(width, color(STYLE.knight)),
            );
        }
    }
}
