//! What a board shows and how it is painted, whatever the back end: the
//! [`Scene`], the [`Canvas`] a back end paints on, and the one painting
//! routine.

use std::collections::HashMap;

use super::font;
use super::style::{Colour, SquareMark, Style};
use crate::goishi::{Point as GridPoint, Puzzle};
use crate::knight::{Board, Square, Tour, TourKind, is_dark_square};
use crate::numbers::NumbersPuzzle;

/// A grid position, `(x, y)`: column from the left and row from the top,
/// both from zero.
pub type Cell = (u32, u32);

/// The board under the path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ground {
    /// A chessboard with a dark a1.
    Knight {
        /// Squares no knight may visit.
        blocked: Vec<Cell>,
        /// Start squares where plain Warnsdorff's rule dead-ends, tinted.
        failing_starts: Vec<Cell>,
        /// A puzzle's given numbers, written large in their squares.
        givens: Vec<(Cell, u32)>,
    },
    /// A go board: grid lines with stones on the points.
    Goishi {
        /// Every stone of the puzzle; those on the path show as picked.
        stones: Vec<Cell>,
    },
}

/// What a board picture shows, independent of any renderer.
///
/// Cells outside the board are drawn where they fall (and clipped in
/// raster images); they never cause an error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scene {
    /// Columns: squares of a knight board, grid points of a go board.
    pub width: u32,
    /// Rows, counted like `width`.
    pub height: u32,
    pub ground: Ground,
    /// The tour or the pick order, in order.
    pub path: Vec<Cell>,
    /// Whether the path returns from its last cell to its first.
    pub closed: bool,
    /// Whether move (or pick) numbers are written, counted from 1.
    pub numbers: bool,
    /// A line of text above the board, for printed puzzle sheets.
    pub title: Option<String>,
    /// Whether the columns and rows are named around the board, as on
    /// screen: files and ranks on a knight board, numbers on a go board.
    pub labels: bool,
}

impl Scene {
    /// A knight's tour on its board.
    pub fn tour(tour: &Tour) -> Scene {
        let mut scene = Scene::knight_board(&tour.board);
        scene.path = tour.path.iter().map(|s| (s.x, s.y)).collect();
        scene.closed = tour.kind == TourKind::Closed;
        scene
    }

    /// A knight board with no path.
    pub fn knight_board(board: &Board) -> Scene {
        Scene {
            width: board.width(),
            height: board.height(),
            ground: Ground::Knight {
                blocked: board.blocked_squares().iter().map(|s| (s.x, s.y)).collect(),
                failing_starts: Vec::new(),
                givens: Vec::new(),
            },
            path: Vec::new(),
            closed: false,
            numbers: false,
            title: None,
            labels: false,
        }
    }

    /// A knight board with the start squares where Warnsdorff's rule fails
    /// tinted.
    pub fn failing_starts(board: &Board, starts: &[Square]) -> Scene {
        let mut scene = Scene::knight_board(board);
        if let Ground::Knight { failing_starts, .. } = &mut scene.ground {
            *failing_starts = starts.iter().map(|s| (s.x, s.y)).collect();
        }
        scene
    }

    /// A knight's tour puzzle to solve: its board with the given numbers
    /// in their squares.
    pub fn numbers_puzzle(puzzle: &NumbersPuzzle) -> Scene {
        let mut scene = Scene::knight_board(puzzle.board());
        if let Ground::Knight { givens, .. } = &mut scene.ground {
            *givens = puzzle
                .givens()
                .into_iter()
                .map(|(square, number)| ((square.x, square.y), number))
                .collect();
        }
        scene
    }

    /// A Goishi puzzle with the first picks of `order` made (all of them for
    /// a solution, none for a blank puzzle sheet).
    pub fn goishi(puzzle: &Puzzle, order: &[GridPoint]) -> Scene {
        Scene {
            width: puzzle.width(),
            height: puzzle.height(),
            ground: Ground::Goishi {
                stones: puzzle.stones().iter().map(|p| (p.x, p.y)).collect(),
            },
            path: order.iter().map(|p| (p.x, p.y)).collect(),
            closed: false,
            numbers: false,
            title: None,
            labels: false,
        }
    }

    /// The scene with move numbers shown or not.
    pub fn with_numbers(mut self, numbers: bool) -> Scene {
        self.numbers = numbers;
        self
    }

    /// The scene with its columns and rows named or not.
    pub fn with_labels(mut self, labels: bool) -> Scene {
        self.labels = labels;
        self
    }

    /// The scene with a title above the board.
    pub fn with_title(mut self, title: impl Into<String>) -> Scene {
        self.title = Some(title.into());
        self
    }

    /// The larger side in cells, at least 1.
    pub fn longest_side(&self) -> u32 {
        self.width.max(self.height).max(1)
    }
}

/// A position in cell units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Point {
    pub x: f64,
    pub y: f64,
}

/// An axis-aligned rectangle in cell units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Rect {
    pub left: f64,
    pub top: f64,
    pub width: f64,
    pub height: f64,
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

/// A line style: colour and width in cells.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Stroke {
    pub colour: Colour,
    pub width: f64,
}

/// Where a label's position is on the label.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Anchor {
    /// The top-left corner of the text.
    TopLeft,
    /// The middle of the text.
    Centre,
}

/// A line of text. Where its baseline and backing lie is decided here for
/// every back end; each measures the text's width its own way.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Label<'a> {
    pub at: Point,
    pub anchor: Anchor,
    /// Em size in cells.
    pub size: f64,
    pub text: &'a str,
    pub colour: Colour,
    /// A rectangle under the text, snug around it.
    pub backing: Option<Colour>,
}

impl Label<'_> {
    /// Distance from the top of the text to its baseline, in ems.
    const ASCENT: f64 = 0.8;
    /// Height of the backing, in ems: digits and capitals with a little
    /// room below.
    const BACKING_HEIGHT: f64 = 0.92;
    /// Space left and right of the text on its backing, in ems.
    const BACKING_PADDING: f64 = 0.08;
    /// Baseline below the middle for centred text, in ems: centres digits
    /// and capitals.
    const CENTRE_BASELINE: f64 = 0.36;

    /// Where the text starts and where its baseline runs, for a text
    /// `width` cells wide.
    pub fn origin(&self, width: f64) -> Point {
        match self.anchor {
            Anchor::TopLeft => Point {
                x: self.at.x,
                y: self.at.y + Self::ASCENT * self.size,
            },
            Anchor::Centre => Point {
                x: self.at.x - width / 2.0,
                y: self.at.y + Self::CENTRE_BASELINE * self.size,
            },
        }
    }

    /// The rectangle under a text `width` cells wide.
    pub fn backing_rect(&self, width: f64) -> Rect {
        let origin = self.origin(width);
        let padding = Self::BACKING_PADDING * self.size;
        Rect {
            left: origin.x - padding,
            top: origin.y - Self::ASCENT * self.size,
            width: width + 2.0 * padding,
            height: Self::BACKING_HEIGHT * self.size,
        }
    }
}

/// The drawing operations painting needs; implemented once per output
/// format. Methods taking several strokes paint them in order, each over
/// the previous, which is how cased lines are drawn.
pub(crate) trait Canvas {
    fn fill_rect(&mut self, rect: Rect, colour: Colour);
    fn stroke_rect(&mut self, rect: Rect, stroke: Stroke);
    fn fill_circle(&mut self, centre: Point, radius: f64, colour: Colour);
    fn stroke_circle(&mut self, centre: Point, radius: f64, stroke: Stroke);
    /// Strokes the lines through `points` with round caps and joins, back
    /// to the first if `closed`.
    fn polyline(&mut self, points: &[Point], closed: bool, strokes: &[Stroke]);
    fn text(&mut self, label: &Label<'_>);
}

/// Where things are in a picture of a scene, in cells.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Layout {
    /// The board's top edge: the margin plus the title band, if any.
    top: f64,
    /// The board's left edge: the margin, or more where a title wider
    /// than the board widens the page and the board sits in its middle.
    left: f64,
    margin: f64,
    /// The band for column and row names (0 without them).
    label_room: f64,
    page: (f64, f64),
}

impl Layout {
    pub fn of(scene: &Scene, style: &Style) -> Layout {
        let margin = style.page_margin;
        let band = if scene.title.is_some() {
            style.title_band
        } else {
            0.0
        };
        let title = scene
            .title
            .as_deref()
            .map_or(0.0, |title| font::text_room(title, style.title_size));
        let label_room = if scene.labels { style.label_room } else { 0.0 };
        // Row names on the left; column names above a go board, below a
        // chessboard.
        let above = match scene.ground {
            Ground::Goishi { .. } => label_room,
            Ground::Knight { .. } => 0.0,
        };
        let board = f64::from(scene.width) + label_room;
        // Whole cells, as raster pictures have them.
        let width = (board + 2.0 * margin).max((title + 2.0 * margin).ceil());
        Layout {
            top: margin + band + above,
            left: (width - board) / 2.0 + label_room,
            margin,
            label_room,
            page: (
                width,
                f64::from(scene.height) + 2.0 * margin + band + label_room,
            ),
        }
    }

    /// Width and height of the whole picture in cells.
    pub fn page(&self) -> (f64, f64) {
        self.page
    }

    /// Centre of the cell (or grid point) at `(x, y)`.
    pub fn centre(&self, (x, y): Cell) -> Point {
        Point {
            x: self.left + f64::from(x) + 0.5,
            y: self.top + f64::from(y) + 0.5,
        }
    }

    /// The square covering the cell at `(x, y)`.
    pub fn cell_rect(&self, cell: Cell) -> Rect {
        Rect::square_around(self.centre(cell), 0.5)
    }

    fn board_rect(&self, scene: &Scene) -> Rect {
        Rect {
            left: self.left,
            top: self.top,
            width: f64::from(scene.width),
            height: f64::from(scene.height),
        }
    }
}

/// Paints a scene onto a canvas, whole or a move at a time.
pub(crate) struct Painter<'a> {
    pub scene: &'a Scene,
    pub style: &'a Style,
    pub layout: Layout,
    /// The first visit of each board cell, row-major, for numbers and
    /// picked stones found by position.
    step_at: HashMap<Cell, usize>,
}

impl<'a> Painter<'a> {
    pub fn new(scene: &'a Scene, style: &'a Style) -> Self {
        let mut step_at = HashMap::with_capacity(scene.path.len());
        for (step, &cell) in scene.path.iter().enumerate() {
            step_at.entry(cell).or_insert(step);
        }
        Painter {
            scene,
            style,
            layout: Layout::of(scene, style),
            step_at,
        }
    }

    /// The whole picture with the first `shown` cells of the path.
    pub fn paint(&self, shown: usize, canvas: &mut impl Canvas) {
        let shown = shown.min(self.scene.path.len());
        self.paint_ground(canvas);
        let points: Vec<Point> = self.scene.path[..shown]
            .iter()
            .map(|&cell| self.layout.centre(cell))
            .collect();
        let closed = self.closes(shown);
        if points.len() >= 2 {
            canvas.polyline(&points, closed, &self.path_strokes());
        }
        // Knight numbers go over the markers, as on screen; picked stones
        // under them, since the current stone's ring lies inside it.
        let numbers_on_top = matches!(self.scene.ground, Ground::Knight { .. });
        if numbers_on_top {
            self.paint_markers(shown, canvas);
        }
        for step in 0..shown {
            self.paint_visit(step, canvas);
        }
        if !numbers_on_top {
            self.paint_markers(shown, canvas);
        }
    }

    /// Page, title and board, with no path: the background of every frame.
    pub fn paint_ground(&self, canvas: &mut impl Canvas) {
        let (style, layout, scene) = (self.style, &self.layout, self.scene);
        let (width, height) = layout.page();
        let page = Rect {
            left: 0.0,
            top: 0.0,
            width,
            height,
        };
        canvas.fill_rect(page, style.page);
        if let Some(title) = &scene.title {
            canvas.text(&Label {
                at: Point {
                    x: layout.margin,
                    y: layout.margin,
                },
                anchor: Anchor::TopLeft,
                size: style.title_size,
                text: title,
                colour: style.text_on(style.page),
                backing: None,
            });
        }
        match &scene.ground {
            Ground::Knight {
                blocked,
                failing_starts,
                givens,
            } => {
                self.paint_chessboard(blocked, failing_starts, canvas);
                self.paint_givens(givens, canvas);
            }
            Ground::Goishi { stones } => self.paint_go_board(stones, canvas),
        }
        if scene.labels {
            self.paint_labels(canvas);
        }
    }

    /// The names of the columns and rows, in the band beside the board:
    /// files (a, b, ...) below a chessboard and ranks with 1 at the
    /// bottom, or a go board's columns above it and rows from the top,
    /// both counted from 1.
    fn paint_labels(&self, canvas: &mut impl Canvas) {
        let (style, layout, scene) = (self.style, &self.layout, self.scene);
        let half = layout.label_room / 2.0;
        let knight = matches!(scene.ground, Ground::Knight { .. });
        let column_y = if knight {
            layout.top + f64::from(scene.height) + half
        } else {
            layout.top - half
        };
        let column_name = |x: u32| {
            if knight {
                crate::knight::file_letters(x)
            } else {
                (x + 1).to_string()
            }
        };
        let row_name = |y: u32| {
            if knight {
                (scene.height - y).to_string()
            } else {
                (y + 1).to_string()
            }
        };
        let columns = (0..scene.width).map(|x| {
            let at = Point {
                x: layout.centre((x, 0)).x,
                y: column_y,
            };
            (at, column_name(x))
        });
        let rows = (0..scene.height).map(|y| {
            let at = Point {
                x: layout.left - half,
                y: layout.centre((0, y)).y,
            };
            (at, row_name(y))
        });
        for (at, text) in columns.chain(rows) {
            canvas.text(&Label {
                at,
                anchor: Anchor::Centre,
                size: style.label_size,
                text: &text,
                colour: style.text_on(style.page),
                backing: None,
            });
        }
    }

    fn paint_chessboard(&self, blocked: &[Cell], failing: &[Cell], canvas: &mut impl Canvas) {
        let (style, layout, scene) = (self.style, &self.layout, self.scene);
        canvas.fill_rect(layout.board_rect(scene), style.light_square);
        for y in 0..scene.height {
            for x in (0..scene.width).filter(|&x| is_dark_square(x, y, scene.height)) {
                canvas.fill_rect(layout.cell_rect((x, y)), style.dark_square);
            }
        }
        for &cell in failing {
            let colour = style.square_colour(self.is_dark(cell), SquareMark::FailingStart);
            canvas.fill_rect(layout.cell_rect(cell), colour);
        }
        let cross = Stroke {
            colour: style.blocked_cross,
            width: style.blocked_cross_width,
        };
        for &cell in blocked {
            let square = layout.cell_rect(cell);
            canvas.fill_rect(square, style.blocked_square);
            let near = style.blocked_cross_inset;
            let far = 1.0 - near;
            let at = |dx: f64, dy: f64| Point {
                x: square.left + dx,
                y: square.top + dy,
            };
            canvas.polyline(&[at(near, near), at(far, far)], false, &[cross]);
            canvas.polyline(&[at(far, near), at(near, far)], false, &[cross]);
        }
        let frame = Stroke {
            colour: style.board_frame,
            width: style.board_frame_width,
        };
        canvas.stroke_rect(layout.board_rect(scene), frame);
    }

    /// A puzzle's given numbers, centred in their squares, all in the size
    /// the longest needs.
    fn paint_givens(&self, givens: &[(Cell, u32)], canvas: &mut impl Canvas) {
        let style = self.style;
        let longest = givens.iter().map(|&(_, number)| number).max().unwrap_or(1);
        let digits = longest.to_string().len();
        for &(cell, number) in givens {
            let text = number.to_string();
            let square = style.square_colour(self.is_dark(cell), SquareMark::Plain);
            canvas.text(&Label {
                at: self.layout.centre(cell),
                anchor: Anchor::Centre,
                size: style.given_size_for(digits),
                text: &text,
                colour: style.text_on(square),
                backing: None,
            });
        }
    }

    fn paint_go_board(&self, stones: &[Cell], canvas: &mut impl Canvas) {
        let (style, layout, scene) = (self.style, &self.layout, self.scene);
        canvas.fill_rect(layout.board_rect(scene), style.wood);
        let line = Stroke {
            colour: style.grid_line,
            width: style.grid_line_width,
        };
        let last_column = scene.width.saturating_sub(1);
        let last_row = scene.height.saturating_sub(1);
        for y in 0..scene.height {
            let ends = [layout.centre((0, y)), layout.centre((last_column, y))];
            canvas.polyline(&ends, false, &[line]);
        }
        for x in 0..scene.width {
            let ends = [layout.centre((x, 0)), layout.centre((x, last_row))];
            canvas.polyline(&ends, false, &[line]);
        }
        let edge = Stroke {
            colour: style.stone_edge,
            width: style.stone_edge_width,
        };
        for &stone in stones {
            let centre = layout.centre(stone);
            canvas.fill_circle(centre, style.stone_radius, style.stone);
            canvas.stroke_circle(centre, style.stone_radius, edge);
        }
    }

    /// Whether the closing segment shows with `shown` cells of the path.
    pub(super) fn closes(&self, shown: usize) -> bool {
        // Two cells "closed" would retrace the same segment.
        self.scene.closed && shown == self.scene.path.len() && shown >= 3
    }

    /// The path's casing, then its colour.
    pub(super) fn path_strokes(&self) -> [Stroke; 2] {
        let path = self.style.path;
        [
            Stroke {
                colour: path.casing,
                width: path.casing_width,
            },
            Stroke {
                colour: path.colour,
                width: path.width,
            },
        ]
    }

    /// Draws move `step` over a picture that shows the moves before it:
    /// the segment that arrives there (and the closing one when `step` is
    /// the last of a closed tour), with what must lie on top of it redrawn.
    /// The new segment's casing goes over older lines it crosses, so it
    /// looks laid on top of them; the previous segment's colour is redrawn
    /// so their joint shows no casing.
    pub fn paint_move(&self, step: usize, canvas: &mut impl Canvas) {
        let path = &self.scene.path;
        if step >= path.len() {
            return;
        }
        let centre = |index: usize| self.layout.centre(path[index]);
        let [casing, line] = self.path_strokes();
        let mut redrawn = Vec::new();
        if step >= 1 {
            canvas.polyline(&[centre(step - 1), centre(step)], false, &[casing]);
            let from = step.saturating_sub(2);
            let points: Vec<Point> = (from..=step).map(centre).collect();
            canvas.polyline(&points, false, &[line]);
            redrawn.push((path[step - 1], path[step]));
        }
        if self.closes(step + 1) {
            let (last, first) = (centre(step), centre(0));
            canvas.polyline(&[last, first], false, &[casing]);
            canvas.polyline(&[centre(step - 1), last, first, centre(1)], false, &[line]);
            redrawn.push((path[step], path[0]));
        }
        if redrawn.is_empty() {
            self.paint_visit(step, canvas);
        }
        for (from, to) in redrawn {
            for cell in cells_between(self.scene, from, to) {
                if let Some(&visit) = self.step_at.get(&cell)
                    && visit <= step
                {
                    self.paint_visit(visit, canvas);
                }
            }
        }
    }

    /// What lies over the path at the cell visited at `step`: its move
    /// number on a knight board, the picked stone on a go board.
    fn paint_visit(&self, step: usize, canvas: &mut impl Canvas) {
        self.visit_labels(step, |visit| match visit {
            Visit::Stone { centre, fill, edge } => {
                canvas.fill_circle(centre, self.style.stone_radius, fill);
                canvas.stroke_circle(centre, self.style.stone_radius, edge);
            }
            Visit::Number(label) => canvas.text(&label),
        });
    }

    /// Hands `each` what is drawn over the path at the cell visited at
    /// `step`, bottom first. Numbers are sized for the longest of the whole
    /// path, so they keep one size while an animation plays.
    pub(super) fn visit_labels(&self, step: usize, mut each: impl FnMut(Visit<'_>)) {
        let (style, layout, scene) = (self.style, &self.layout, self.scene);
        let Some(&cell) = scene.path.get(step) else {
            return;
        };
        let digits = scene.path.len().max(1).to_string().len();
        let number = (step + 1).to_string();
        match scene.ground {
            Ground::Knight { .. } => {
                if !scene.numbers || self.step_at.get(&cell) != Some(&step) {
                    return;
                }
                // A visited square is neither blocked nor a failing start.
                let square = style.square_colour(self.is_dark(cell), SquareMark::Plain);
                let corner = layout.cell_rect(cell);
                each(Visit::Number(Label {
                    at: Point {
                        x: corner.left + style.number_inset,
                        y: corner.top + style.number_inset,
                    },
                    anchor: Anchor::TopLeft,
                    size: style.number_size_for(digits),
                    text: &number,
                    colour: style.text_on(square),
                    backing: Some(square),
                }));
            }
            Ground::Goishi { .. } => {
                let centre = layout.centre(cell);
                each(Visit::Stone {
                    centre,
                    fill: style.picked_stone,
                    edge: Stroke {
                        colour: style.stone,
                        width: style.stone_edge_width,
                    },
                });
                if scene.numbers {
                    each(Visit::Number(Label {
                        at: centre,
                        anchor: Anchor::Centre,
                        size: style.pick_number_size_for(digits),
                        text: &number,
                        colour: style.stone,
                        backing: None,
                    }));
                }
            }
        }
    }

    /// The start ring and the current position: the knight as a red dot,
    /// or a red ring around the stone last picked.
    pub fn paint_markers(&self, shown: usize, canvas: &mut impl Canvas) {
        let (style, layout, scene) = (self.style, &self.layout, self.scene);
        let shown = shown.min(scene.path.len());
        if shown == 0 {
            return;
        }
        let ring = |colour: Colour| Stroke {
            colour,
            width: style.marker_width,
        };
        let start = layout.centre(scene.path[0]);
        canvas.stroke_circle(start, style.start_ring_radius, ring(style.start_ring));
        let current = layout.centre(scene.path[shown - 1]);
        match scene.ground {
            Ground::Knight { .. } => canvas.fill_circle(current, style.knight_radius, style.knight),
            Ground::Goishi { .. } => {
                canvas.stroke_circle(current, style.current_stone_ring_radius, ring(style.knight))
            }
        }
    }

    fn is_dark(&self, (x, y): Cell) -> bool {
        is_dark_square(x, y, self.scene.height)
    }
}

/// What is drawn over the path where a move lands.
pub(crate) enum Visit<'a> {
    /// A picked stone.
    Stone {
        centre: Point,
        fill: Colour,
        edge: Stroke,
    },
    /// A move or pick number.
    Number(Label<'a>),
}

/// Every board cell of the rectangle spanned by `from` and `to`, both
/// included: the cells a straight segment between their centres can touch.
/// Cells off the board (which a scene may hold) are left out, so a segment
/// to a far-off cell costs no more than the board.
pub(super) fn cells_between(scene: &Scene, from: Cell, to: Cell) -> impl Iterator<Item = Cell> {
    let (left, right) = (
        from.0.min(to.0),
        from.0.max(to.0).min(scene.width.saturating_sub(1)),
    );
    let (top, bottom) = (
        from.1.min(to.1),
        from.1.max(to.1).min(scene.height.saturating_sub(1)),
    );
    (top..=bottom).flat_map(move |y| (left..=right).map(move |x| (x, y)))
}
