//! The path on the canvas: its index from squares to moves, and its
//! drawing, as segments of the visible steps or one cached mesh.

use super::*;

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
    pub(super) fn step_at(&self, x: u32, y: u32) -> Option<usize> {
        let step = self.step_at[y as usize * self.cols as usize + x as usize];
        (step != Self::NOT_ON_PATH).then_some(step as usize)
    }
}

/// Adds a straight segment of the given width to `mesh` as a quad, with
/// square caps so that consecutive segments meet without gaps.
pub(super) fn add_segment(mesh: &mut Mesh, a: Pos2, b: Pos2, width: f32, color: Color32) {
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
pub(super) fn draw_path(
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
