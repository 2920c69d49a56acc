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

use geometry::LABEL_ROOM;
pub use geometry::{Cell, Geometry, Layer};

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

/// The path on show, indexed, kept until the drawing changes.
#[derive(Debug, Default)]
pub struct CachedPath {
    built: Option<(u64, PathIndex)>,
}

impl CachedPath {
    /// The path of `revision`, built by `build` unless it was already.
    pub fn of(&mut self, revision: u64, build: impl FnOnce() -> PathIndex) -> &PathIndex {
        if self
            .built
            .as_ref()
            .is_none_or(|(built, _)| *built != revision)
        {
            self.built = Some((revision, build()));
        }
        let (_, path) = self.built.as_ref().expect("built just now");
        path
    }

    /// The path of a watched search at its present step, with the key
    /// it was built for (the session's `revision`, which changes when a
    /// watch starts, and the step). A path is a function of the step, so
    /// going back and forth builds it only when it changes.
    pub fn of_watch(
        &mut self,
        watch: &Watch,
        revision: u64,
        cols: u32,
        rows: u32,
    ) -> (&PathIndex, u64) {
        let key = step_key(revision, watch);
        let path = self.of(key, || {
            PathIndex::new(cols, rows, watch.replay().path().to_vec())
        });
        (path, key)
    }

    /// Forgets the path, so that it is built again.
    pub fn clear(&mut self) {
        self.built = None;
    }
}

/// A tour or pickup order with a reverse index from grid positions to move
/// numbers, so drawing can start from the visible squares.
#[derive(Debug, Clone, PartialEq)]
pub struct PathIndex {
    cells: Vec<Cell>,
    step_at: Vec<u32>,
    cols: u32,
}

impl PathIndex {
    const NOT_ON_PATH: u32 = u32::MAX;

    /// Indexes `cells` (in move order) on a `cols` x `rows` grid. Cells
    /// outside the grid are kept in the path but never drawn. A cell the
    /// path comes back to (a closed tour's return to its start) keeps the
    /// number of its first visit.
    pub fn new(cols: u32, rows: u32, cells: Vec<Cell>) -> Self {
        let mut step_at = vec![Self::NOT_ON_PATH; cols as usize * rows as usize];
        for (step, &(x, y)) in cells.iter().enumerate() {
            if x < cols && y < rows {
                let at = &mut step_at[y as usize * cols as usize + x as usize];
                if *at == Self::NOT_ON_PATH {
                    *at = step as u32;
                }
            }
        }
        Self {
            cells,
            step_at,
            cols,
        }
    }

    /// Indexes a knight's tour.
    pub fn from_squares(board: &Board, path: &[Square]) -> Self {
        let cells = path.iter().map(|s| (s.x, s.y)).collect();
        Self::new(board.width(), board.height(), cells)
    }

    /// Indexes a Goishi pickup order.
    pub fn from_points(puzzle: &Puzzle, order: &[Point]) -> Self {
        let cells = order.iter().map(|p| (p.x, p.y)).collect();
        Self::new(puzzle.width(), puzzle.height(), cells)
    }

    /// Number of positions on the path.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// The positions in move order.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The move number (0-based) at which the path visits `(x, y)`.
    fn step_at(&self, x: u32, y: u32) -> Option<usize> {
        let step = self.step_at[y as usize * self.cols as usize + x as usize];
        (step != Self::NOT_ON_PATH).then_some(step as usize)
    }
}

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

        CanvasResponse {
            clicked: (response.clicked() && !response.double_clicked())
                .then(|| response.interact_pointer_pos())
                .flatten()
                .and_then(|pos| geometry.cell_at(pos)),
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

/// Adds a straight segment of the given width to `mesh` as a quad, with
/// square caps so that consecutive segments meet without gaps.
fn add_segment(mesh: &mut Mesh, a: Pos2, b: Pos2, width: f32, color: Color32) {
    let along = (b - a).normalized() * (width / 2.0);
    let across = along.rot90();
    let (a, b) = (a - along, b + along);
    let first = mesh.vertices.len() as u32;
    for corner in [a + across, a - across, b - across, b + across] {
        mesh.colored_vertex(corner, color);
    }
    mesh.add_triangle(first, first + 1, first + 2);
    mesh.add_triangle(first, first + 2, first + 3);
}

/// Up to this many visible segments are drawn as anti-aliased lines with
/// round joints; beyond that (tiny squares, where smoothing cannot be seen)
/// as one plain mesh, which is much cheaper to build.
const SMOOTH_SEGMENT_LIMIT: usize = 4000;

/// The segments of the shown path that can cross the visible area, in move
/// order, with the closing segment of a closed tour once it is fully shown.
/// Segment `step` joins position `step` to position `step + 1` (modulo the
/// length, for the closing one). Only segments starting within two squares
/// of the visible area can cross it (a knight moves at most two squares
/// along an axis), so the visible squares (through the path index) say
/// which segments to draw; Goishi orders are short enough to draw whole.
fn visible_steps(geometry: &Geometry, scene: &Scene, path: &PathIndex) -> Vec<usize> {
    let shown = scene.shown.min(path.len());
    if shown < 2 {
        return Vec::new();
    }
    let mut steps: Vec<usize> = match scene.layer {
        Layer::Knight { .. } => {
            let (xs, ys) = geometry.visible(2);
            let cells = path.cells();
            if xs.len() * ys.len() >= shown {
                // Most of the path is in view: walking it is cheaper than
                // walking the squares, and needs no sorting.
                (0..shown - 1)
                    .filter(|&step| {
                        let (x, y) = cells[step];
                        xs.contains(&x) && ys.contains(&y)
                    })
                    .collect()
            } else {
                let mut steps = Vec::new();
                for y in ys {
                    for x in xs.clone() {
                        if let Some(step) = path.step_at(x, y)
                            && step + 1 < shown
                        {
                            steps.push(step);
                        }
                    }
                }
                steps.sort_unstable();
                steps
            }
        }
        Layer::Goishi { .. } => (0..shown - 1).collect(),
    };
    if scene.closed && shown == path.len() && shown > 2 {
        steps.push(shown - 1);
    }
    steps
}

/// Draws the shown part of the path as straight segments between centres.
/// Paths too long to draw smoothly become one mesh, kept in `cache` and
/// reused while neither the path nor the view changes (a count or a paused
/// tour repaints the same picture many times).
fn draw_path(
    painter: &egui::Painter,
    geometry: &Geometry,
    scene: &Scene,
    cache: &mut Option<(PathMeshKey, Arc<Mesh>)>,
) {
    let Some(path) = scene.path else { return };
    let key = PathMeshKey {
        revision: scene.revision,
        shown: scene.shown,
        geometry: *geometry,
    };
    if let Some((cached, mesh)) = cache.as_ref()
        && *cached == key
    {
        painter.add(Shape::Mesh(Arc::clone(mesh)));
        return;
    }
    let steps = visible_steps(geometry, scene, path);
    let cells = path.cells();
    let ends = |step: usize| {
        (
            geometry.cell_center(cells[step]),
            geometry.cell_center(cells[(step + 1) % cells.len()]),
        )
    };
    let look = STYLE.path;
    let width = length(look.width, geometry, 1.0);
    let line_color = color(look.colour);
    if steps.len() <= SMOOTH_SEGMENT_LIMIT {
        // Separate segments with a disc on each end: polylines would put
        // long miter spikes on the knight's sharp turns.
        let casing = (geometry.cell >= CASING_MIN_CELL).then(|| {
            let casing_width = length(look.casing_width, geometry, width + 2.0);
            (casing_width, color(look.casing))
        });
        for (line_width, color) in casing.into_iter().chain([(width, line_color)]) {
            let stroke = Stroke::new(line_width, color);
            for &step in &steps {
                let (a, b) = ends(step);
                painter.line_segment([a, b], stroke);
                if line_width >= 2.0 {
                    painter.circle_filled(a, line_width / 2.0, color);
                    painter.circle_filled(b, line_width / 2.0, color);
                }
            }
        }
    } else {
        let mut mesh = Mesh::default();
        mesh.reserve_vertices(4 * steps.len());
        mesh.reserve_triangles(2 * steps.len());
        for step in steps {
            let (a, b) = ends(step);
            add_segment(&mut mesh, a, b, width, line_color);
        }
        let mesh = Arc::new(mesh);
        painter.add(Shape::Mesh(Arc::clone(&mesh)));
        *cache = Some((key, mesh));
    }
}

/// What a cached path mesh was built for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PathMeshKey {
    revision: u64,
    shown: usize,
    geometry: Geometry,
}

/// Squares smaller than this get no casing around the tour: the line is a
/// pixel wide and the casing would hide the squares.
const CASING_MIN_CELL: f32 = 8.0;

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
    let font = FontId::proportional(STYLE.legal_move_number_size as f32 * geometry.cell);
    let ring = Stroke::new(
        length(STYLE.marker_width, geometry, 1.5),
        color(STYLE.legal_move),
    );
    for &(cell, onward) in candidates {
        let center = geometry.cell_center(cell);
        let radius = STYLE.legal_move_radius as f32 * geometry.cell;
        painter.circle(center, radius, color(STYLE.legal_move_fill), ring);
        painter.text(
            center,
            Align2::CENTER_CENTER,
            onward,
            font.clone(),
            color(STYLE.text_on(STYLE.legal_move_fill)),
        );
    }
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
