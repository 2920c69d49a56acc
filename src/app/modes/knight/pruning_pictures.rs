//! Help's pictures of the backtracking search's pruning rules: for each
//! rule, the position where the real search first gives a small board up
//! by it, with the squares the rule speaks of hatched.

use std::sync::OnceLock;

use eframe::egui::{self, Stroke, vec2};
use gridtour::knight::first_steps;
use gridtour::knight::trace::{PruneRule, Step, pruned_squares};
use gridtour::knight::{Algorithm, Board, Square, TourKind};
use gridtour::render::{STYLE, SquareMark};

use crate::app::widgets::colour;

/// A position a rule gave up.
#[derive(Debug)]
pub struct PruningExample {
    /// The rule.
    pub rule: PruneRule,
    /// The board, with its blocked squares.
    pub board: Board,
    /// The path the search had made, the knight on its last square.
    pub path: Vec<Square>,
    /// The squares the rule speaks of.
    pub named: Vec<Square>,
}

/// The most steps looked at for an example: each comes within a few
/// dozen.
const EXAMPLE_STEPS: usize = 1_000;

/// Where each rule is first met on a small board: width, height, blocked
/// squares, start and tour kind, found by trying the boards up to 6 x 6
/// from every square.
fn example_search(rule: PruneRule) -> Option<(u32, u32, &'static [&'static str], &'static str, TourKind)> {
    match rule {
        PruneRule::Closing => Some((6, 6, &[], "a1", TourKind::Closed)),
        PruneRule::DeadEnds => Some((5, 5, &["c3"], "c4", TourKind::Open)),
        PruneRule::Connectivity => Some((5, 6, &[], "d4", TourKind::Open)),
        // Only searches with a fixed end (puzzles) meet it.
        PruneRule::EndTooEarly => None,
    }
}

/// The first position the search gives up by `rule` in its example (for
/// the dead-ends rule, the first with two squares that could only be the
/// end).
fn find_example(rule: PruneRule) -> Option<PruningExample> {
    let (width, height, blocked, start, kind) = example_search(rule)?;
    let mut board = Board::new(width, height).ok()?;
    for name in blocked {
        let square = board.parse_square(name).ok()?;
        board.set_blocked(square, true);
    }
    let start = board.parse_square(start).ok()?;
    let mut path = Vec::new();
    for step in first_steps(&board, (start, kind), Algorithm::Backtrack, EXAMPLE_STEPS) {
        match step {
            Step::Push(square) => path.push(square),
            Step::Pop(_) => {
                path.pop();
            }
            Step::Prune { rule: met, .. } if met == rule => {
                let named = pruned_squares(&board, &path, kind, rule);
                // Two ends where one is allowed show the rule better than
                // a square no path can visit.
                if rule == PruneRule::DeadEnds && named.len() < 2 {
                    continue;
                }
                return Some(PruningExample {
                    rule,
                    board,
                    path,
                    named,
                });
            }
            _ => {}
        }
    }
    None
}

/// The example of every rule that has one, found once.
pub fn examples() -> &'static [PruningExample] {
    static EXAMPLES: OnceLock<Vec<PruningExample>> = OnceLock::new();
    EXAMPLES.get_or_init(|| {
        [
            PruneRule::Closing,
            PruneRule::DeadEnds,
            PruneRule::Connectivity,
        ]
        .into_iter()
        .filter_map(find_example)
        .collect()
    })
}

/// Draws the example of the rule named `label` (see [`PruneRule::label`]),
/// `width` points wide.
pub fn draw(ui: &mut egui::Ui, label: &str, width: f32) {
    let Some(example) = examples().iter().find(|example| example.rule.label() == label) else {
        return;
    };
    let board = &example.board;
    let (cols, rows) = (board.width(), board.height());
    // Room at the left and below for the ranks and files the words name.
    let label_room = 14.0;
    let cell = (width - label_room) / cols.max(rows) as f32;
    let (whole, _) = ui.allocate_exact_size(
        vec2(cell * cols as f32 + label_room, cell * rows as f32 + label_room),
        egui::Sense::hover(),
    );
    let rect = egui::Rect::from_min_size(
        whole.min + vec2(label_room, 0.0),
        vec2(cell * cols as f32, cell * rows as f32),
    );
    let painter = ui.painter_at(whole);
    let font = egui::FontId::proportional(11.0);
    let label_colour = ui.visuals().weak_text_color();
    for x in 0..cols {
        let square = Square::new(x, rows - 1);
        let name = board.square_name(square);
        let file = name.trim_end_matches(|c: char| c.is_ascii_digit());
        let at = rect.left_bottom() + vec2((x as f32 + 0.5) * cell, label_room / 2.0);
        painter.text(at, egui::Align2::CENTER_CENTER, file, font.clone(), label_colour);
    }
    for y in 0..rows {
        let name = board.square_name(Square::new(0, y));
        let rank = name.trim_start_matches(|c: char| !c.is_ascii_digit());
        let at = rect.left_top() + vec2(-label_room / 2.0, (y as f32 + 0.5) * cell);
        painter.text(at, egui::Align2::CENTER_CENTER, rank, font.clone(), label_colour);
    }
    let corner =
        |square: Square| rect.min + vec2(square.x as f32 * cell, square.y as f32 * cell);
    let centre = |square: Square| corner(square) + vec2(cell / 2.0, cell / 2.0);
    let knight = example.path.last().copied();
    let hatch = Stroke::new(cell * 0.06, colour(STYLE.unreachable_mark));
    for square in board.squares() {
        let square_rect = egui::Rect::from_min_size(corner(square), vec2(cell, cell));
        let mark = if board.is_blocked(square) {
            SquareMark::Blocked
        } else if example.named.contains(&square) {
            SquareMark::Unreachable
        } else if Some(square) == knight {
            SquareMark::FailingStart
        } else {
            SquareMark::Plain
        };
        painter.rect_filled(square_rect, 0.0, colour(STYLE.square_colour(board.is_dark(square), mark)));
        if mark == SquareMark::Unreachable {
            let inner = square_rect.shrink(hatch.width);
            painter.rect_stroke(inner, 0.0, hatch, egui::StrokeKind::Inside);
            painter.line_segment([inner.left_bottom(), inner.right_top()], hatch);
        }
        if mark == SquareMark::Blocked {
            let inner = square_rect.shrink(cell * 0.25);
            let cross = Stroke::new(cell * 0.08, colour(STYLE.blocked_cross));
            painter.line_segment([inner.left_top(), inner.right_bottom()], cross);
            painter.line_segment([inner.left_bottom(), inner.right_top()], cross);
        }
    }
    let points: Vec<egui::Pos2> = example.path.iter().map(|&square| centre(square)).collect();
    painter.add(egui::Shape::line(
        points.clone(),
        Stroke::new(cell * 0.16, colour(STYLE.path.casing)),
    ));
    painter.add(egui::Shape::line(
        points,
        Stroke::new(cell * 0.1, colour(STYLE.path.colour)),
    ));
    if let Some(&start) = example.path.first() {
        painter.circle_stroke(
            centre(start),
            cell * 0.35,
            Stroke::new(cell * 0.06, colour(STYLE.start_ring)),
        );
    }
    if let Some(knight) = knight {
        painter.circle_filled(centre(knight), cell * 0.2, colour(STYLE.knight));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_is_pictured_where_the_search_first_meets_it() {
        let named = |rule: PruneRule| -> Vec<String> {
            let example = examples()
                .iter()
                .find(|example| example.rule == rule)
                .expect("an example");
            example
                .named
                .iter()
                .map(|&square| example.board.square_name(square))
                .collect()
        };
        assert_eq!(examples().len(), 3);
        assert_eq!(named(PruneRule::Closing), ["a1"]);
        assert_eq!(named(PruneRule::DeadEnds), ["a5", "a1"]);
        assert_eq!(named(PruneRule::Connectivity).len(), 6);
        // Each is a path of knight's moves over open squares, once each.
        for example in examples() {
            let board = &example.board;
            let path = &example.path;
            assert!(path.iter().all(|&square| !board.is_blocked(square)));
            assert!(path.windows(2).all(|pair| Board::is_knight_move(pair[0], pair[1])));
            for (index, square) in path.iter().enumerate() {
                assert!(!path[..index].contains(square), "{example:?}");
            }
        }
    }
}
