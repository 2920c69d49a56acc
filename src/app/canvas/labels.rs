//! The names of a board's columns and rows, written around it.

use eframe::egui::{self, Align2, Color32, FontId, Pos2, pos2};

use super::geometry::{Geometry, LABEL_ROOM, Layer};

/// The largest labels, in points.
const LABEL_MAX_POINTS: f32 = 13.0;

/// Draws the names of the columns and rows around the board (see
/// [`labels`]) in `colour`. Where the board, zoomed in, runs under them,
/// they stand on a strip of `backdrop` so that they do not sit faintly
/// over the squares.
pub(super) fn draw(
    painter: &egui::Painter,
    geometry: &Geometry,
    layer: &Layer,
    (colour, backdrop): (Color32, Color32),
) {
    let (board, clip) = (geometry.board_rect(), geometry.clip);
    let columns_above = matches!(layer, Layer::Goishi { .. });
    let (left, top, bottom) = (
        clip.left() + LABEL_ROOM,
        clip.top() + LABEL_ROOM,
        clip.bottom() - LABEL_ROOM,
    );
    let strips = [
        (
            board.left() < left,
            (clip.left_top(), pos2(left, clip.bottom())),
        ),
        (
            columns_above && board.top() < top,
            (clip.left_top(), pos2(clip.right(), top)),
        ),
        (
            !columns_above && board.bottom() > bottom,
            (pos2(clip.left(), bottom), clip.right_bottom()),
        ),
    ];
    for (under, (min, max)) in strips {
        if under {
            painter.rect_filled(egui::Rect::from_min_max(min, max), 0.0, backdrop);
        }
    }
    let size = label_size(geometry);
    let font = FontId::proportional(size);
    let (column_name, _) = namers(layer);
    let sample = widest_like(&column_name(geometry.cols.saturating_sub(1)));
    let widest = painter
        .layout_no_wrap(sample, font.clone(), colour)
        .size()
        .x;
    for (at, text) in labels(geometry, layer, widest.max(size)) {
        painter.text(at, Align2::CENTER_CENTER, text, font.clone(), colour);
    }
}

/// A name as wide as any of as many characters as `name` (the last
/// column's): its letters as `w`, its digits as `8`, so that no column's
/// name (`aww` beside `all`) is wider than the room left for it.
fn widest_like(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_ascii_digit() { '8' } else { 'w' })
        .collect()
}

/// The size of the labels, in points, for squares of `geometry`'s size.
fn label_size(geometry: &Geometry) -> f32 {
    (geometry.cell * 0.45).clamp(8.0, LABEL_MAX_POINTS)
}

/// How a layer names its columns or its rows.
type Namer<'a> = Box<dyn Fn(u32) -> String + 'a>;

/// The names of `layer`'s columns and of its rows.
fn namers<'a>(layer: &Layer<'a>) -> (Namer<'a>, Namer<'a>) {
    match *layer {
        Layer::Knight { board, .. } => (
            Box::new(|x| board.file_name(x)),
            Box::new(|y| board.rank_name(y)),
        ),
        Layer::Goishi { .. } => (
            Box::new(|x| (x + 1).to_string()),
            Box::new(|y| (y + 1).to_string()),
        ),
    }
}

/// The names of the columns and rows around the board and where their
/// middles go, in the words every message uses: a knight board's files
/// (a, b, …) below it and ranks (1 at the bottom) on its left, as on a
/// chessboard; a Goishi board's columns (1 at the left) above it and rows
/// (1 at the top) on its left, as puzzles print them. Labels stay at the
/// edge of the canvas while the board is zoomed past it; where squares
/// are too narrow for each to carry one (`widest` points wide), every few
/// do, counted from the one named first.
fn labels(geometry: &Geometry, layer: &Layer, widest: f32) -> Vec<(Pos2, String)> {
    let (column_name, row_name) = namers(layer);
    let columns_above = matches!(layer, Layer::Goishi { .. });
    let board = geometry.board_rect();
    let clip = geometry.clip;
    let half = LABEL_ROOM / 2.0;
    let row_x = board.left().max(clip.left() + LABEL_ROOM) - half;
    let column_y = if columns_above {
        board.top().max(clip.top() + LABEL_ROOM) - half
    } else {
        board.bottom().min(clip.bottom() - LABEL_ROOM) + half
    };
    let every = |room: f32| ((room + 4.0) / geometry.cell).ceil().max(1.0) as u32;
    let (column_step, row_step) = (every(widest), every(label_size(geometry)));
    let (xs, ys) = geometry.visible(0);
    let columns = xs.filter(|x| x % column_step == 0).map(|x| {
        (
            pos2(geometry.cell_center((x, 0)).x, column_y),
            column_name(x),
        )
    });
    let rows = ys
        .filter(|&y| {
            let from_first = if columns_above {
                y
            } else {
                geometry.rows - 1 - y
            };
            from_first % row_step == 0
        })
        .map(|y| (pos2(row_x, geometry.cell_center((0, y)).y), row_name(y)));
    columns.chain(rows).collect()
}

#[cfg(test)]
mod tests {
    use eframe::egui::{Rect, Vec2, vec2};
    use gridtour::goishi::Puzzle;
    use gridtour::knight::Board;

    use super::super::MARGIN;
    use super::*;

    fn fitted(cols: u32, rows: u32, cell: f32) -> Geometry {
        let origin = pos2(LABEL_ROOM + MARGIN, LABEL_ROOM + MARGIN);
        let size = vec2(cols as f32 * cell, rows as f32 * cell);
        Geometry {
            origin,
            cell,
            cols,
            rows,
            clip: Rect::from_min_size(Pos2::ZERO, size + Vec2::splat(2.0 * (LABEL_ROOM + MARGIN))),
        }
    }

    #[test]
    fn the_knight_board_has_its_files_below_and_rank_one_at_the_bottom() {
        let board = Board::new(8, 8).expect("8x8");
        let layer = Layer::Knight {
            board: &board,
            highlight: &[],
            unreachable: &[],
            candidates: &[],
        };
        let geometry = fitted(8, 8, 50.0);
        let shown = labels(&geometry, &layer, 10.0);
        let texts: Vec<&str> = shown.iter().map(|(_, text)| text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "a", "b", "c", "d", "e", "f", "g", "h", "8", "7", "6", "5", "4", "3", "2", "1"
            ]
        );
        let board_rect = geometry.board_rect();
        assert!(shown[..8].iter().all(|(at, _)| at.y > board_rect.bottom()));
        assert!(shown[8..].iter().all(|(at, _)| at.x < board_rect.left()));
        // Rank 1 beside the bottom row, file a under the left column.
        assert_eq!(shown[15].0.y, geometry.cell_center((0, 7)).y);
        assert_eq!(shown[0].0.x, geometry.cell_center((0, 0)).x);
    }

    #[test]
    fn file_names_past_zz_on_a_wide_board_never_overlap() {
        let ctx = egui::Context::default();
        // A pass sets the fonts up; its textures are no painter's here.
        ctx.run_ui(egui::RawInput::default(), |_| {})
            .textures_delta
            .clear();
        let font = FontId::proportional(8.0);
        let width = |text: &str| {
            ctx.fonts_mut(|fonts| {
                fonts
                    .layout_no_wrap(text.to_owned(), font.clone(), Color32::WHITE)
                    .size()
                    .x
            })
        };
        let board = Board::new(1000, 8).expect("1000 x 8");
        let layer = Layer::Knight {
            board: &board,
            highlight: &[],
            unreachable: &[],
            candidates: &[],
        };
        let geometry = fitted(1000, 8, 0.7);
        let widest = width(&widest_like(&board.file_name(999)));
        let columns: Vec<(Pos2, String)> = labels(&geometry, &layer, widest)
            .into_iter()
            .take_while(|(_, text)| text.starts_with(|c: char| c.is_ascii_lowercase()))
            .collect();
        assert!(columns.len() > 10, "{}", columns.len());
        for pair in columns.windows(2) {
            let ((left, a), (right, b)) = (&pair[0], &pair[1]);
            let room = right.x - left.x;
            assert!(room >= (width(a) + width(b)) / 2.0, "{a} and {b} overlap");
        }
    }

    #[test]
    fn the_goishi_board_counts_columns_and_rows_from_the_top_left_and_thins_out_when_small() {
        let puzzle = Puzzle::new(30, 7).expect("a board");
        let layer = Layer::Goishi {
            puzzle: &puzzle,
            hints: &[],
            stranded: &[],
        };
        let large = labels(&fitted(30, 7, 40.0), &layer, 14.0);
        assert_eq!(large[0].1, "1");
        assert_eq!(large.len(), 30 + 7);
        assert_eq!(large[30].1, "1", "row 1 is the top row");
        assert!(large[0].0.y < fitted(30, 7, 40.0).board_rect().top());
        // Squares of 6 points carry every third column's name.
        let small = labels(&fitted(30, 7, 6.0), &layer, 14.0);
        let columns: Vec<&str> = small
            .iter()
            .take(10)
            .map(|(_, text)| text.as_str())
            .collect();
        assert_eq!(
            columns,
            ["1", "4", "7", "10", "13", "16", "19", "22", "25", "28"]
        );
    }
}
