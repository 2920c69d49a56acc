//! The rings a search's pictures draw round the moves it has tried and
//! has still to try from where it stands.

use super::scene::{Canvas, Cell, Layout, Stroke};
use super::style::{Colour, STYLE};
use crate::replay::MoveState;

/// The radius of a move's ring, in cells.
pub(super) const MARK_RADIUS: f64 = 0.3;

/// The width of a move's ring, in cells.
pub(super) const MARK_WIDTH: f64 = 0.07;

/// How a move in `state` is ringed: its fill, if any, and its ring's
/// colour and radius. Moves still to come in the legal-move green (the
/// next one filled), the others small and grey.
pub(super) fn mark_look(state: MoveState) -> (Option<Colour>, Colour, f64) {
    match state {
        MoveState::Next => (Some(STYLE.legal_move_fill), STYLE.legal_move, MARK_RADIUS),
        MoveState::Later => (None, STYLE.legal_move, MARK_RADIUS),
        MoveState::Tried | MoveState::GivenUp | MoveState::PassedOver => {
            (None, STYLE.board_frame, MARK_RADIUS * 0.6)
        }
    }
}

/// Rings `marks` on `canvas`.
pub(super) fn paint_marks(layout: &Layout, marks: &[(Cell, MoveState)], canvas: &mut impl Canvas) {
    for &(cell, state) in marks {
        let (fill, ring, radius) = mark_look(state);
        let centre = layout.centre(cell);
        if let Some(fill) = fill {
            canvas.fill_circle(centre, radius, fill);
        }
        let stroke = Stroke {
            colour: ring,
            width: MARK_WIDTH,
        };
        canvas.stroke_circle(centre, radius, stroke);
    }
}
