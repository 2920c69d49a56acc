//! Where a board lies on screen, and what lies on it besides the path.

use std::ops::Range;

use eframe::egui::{Pos2, Rect, Vec2, vec2};
use gridtour::goishi::{Point, Puzzle};
use gridtour::knight::Board;

/// Room around a fitted board for its labels (files and ranks, columns
/// and rows), in points.
pub(super) const LABEL_ROOM: f32 = 20.0;

/// A grid position: a square of a knight board or a point of a Goishi board.
pub type Cell = (u32, u32);

/// What lies on the board, besides the path.
pub enum Layer<'a> {
    /// A knight board: its blocked squares and optionally a set of squares
    /// to highlight (Warnsdorff's failing starts), as a row-major mask, and
    /// the play-mode hints.
    Knight {
        /// The board with its blocked squares.
        board: &'a Board,
        /// Row-major highlight mask, empty for none.
        highlight: &'a [bool],
        /// Row-major mask of squares no walk can reach any more, empty for
        /// none.
        unreachable: &'a [bool],
        /// Squares the knight may go to next, with their onward moves.
        candidates: &'a [(Cell, u32)],
    },
    /// A Goishi board: its stones, and points to hint at (legal picks).
    Goishi {
        /// The puzzle with its stones.
        puzzle: &'a Puzzle,
        /// Points to mark as possible next picks.
        hints: &'a [Point],
        /// Stones a watched search's pruning speaks of, ringed in red.
        stranded: &'a [Point],
    },
}

impl Layer<'_> {
    pub(super) fn size(&self) -> (u32, u32) {
        match self {
            Layer::Knight { board, .. } => (board.width(), board.height()),
            Layer::Goishi { puzzle, .. } => (puzzle.width(), puzzle.height()),
        }
    }
}

/// Where the board lies on screen in the last frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Geometry {
    /// Screen position of the board's top-left corner.
    pub origin: Pos2,
    /// Size of one square in points.
    pub cell: f32,
    /// Board width in squares.
    pub cols: u32,
    /// Board height in squares.
    pub rows: u32,
    /// The canvas area; nothing outside it is drawn.
    pub clip: Rect,
}

impl Geometry {
    /// Screen centre of a square (or grid point).
    pub fn cell_center(&self, (x, y): Cell) -> Pos2 {
        self.origin + vec2((x as f32 + 0.5) * self.cell, (y as f32 + 0.5) * self.cell)
    }

    /// Screen rectangle of a square.
    pub fn cell_rect(&self, (x, y): Cell) -> Rect {
        Rect::from_min_size(
            self.origin + vec2(x as f32 * self.cell, y as f32 * self.cell),
            Vec2::splat(self.cell),
        )
    }

    /// The square under a screen position, if any.
    pub fn cell_at(&self, pos: Pos2) -> Option<Cell> {
        let board = (pos - self.origin) / self.cell;
        if board.x < 0.0 || board.y < 0.0 {
            return None;
        }
        let (x, y) = (board.x as u32, board.y as u32);
        (x < self.cols && y < self.rows).then_some((x, y))
    }

    pub(super) fn board_rect(&self) -> Rect {
        Rect::from_min_size(
            self.origin,
            vec2(self.cols as f32 * self.cell, self.rows as f32 * self.cell),
        )
    }

    /// Columns and rows that touch the visible area, widened by `margin`.
    pub(super) fn visible(&self, margin: u32) -> (Range<u32>, Range<u32>) {
        let low = (self.clip.min - self.origin) / self.cell;
        let high = (self.clip.max - self.origin) / self.cell;
        let span = |low: f32, high: f32, count: u32| {
            let start = (low.floor().max(0.0) as u32).saturating_sub(margin);
            let end = ((high.ceil().max(0.0) as u32).saturating_add(margin)).min(count);
            start.min(end)..end
        };
        (
            span(low.x, high.x, self.cols),
            span(low.y, high.y, self.rows),
        )
    }
}
