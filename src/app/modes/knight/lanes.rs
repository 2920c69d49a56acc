//! Searches compared side by side on screen: the panel's choice of
//! searches and its controls, and on the canvas a board a search, each
//! with its counters, the size of its tree and how it ended.

use eframe::egui;
use gridtour::english::group_digits;
use gridtour::knight::{Algorithm, Board, Square};
use gridtour::tr;

use super::command::KnightCommand;
use super::session::{Comparing, KnightSession};
use super::work::{Comparison, Ended};
use crate::app::canvas::{CachedPath, Layer, Scene, View};
use crate::app::command::Command;
use crate::app::session::Session;
use crate::app::settings::ViewSettings;
use crate::app::watch::Watch;
use crate::app::widgets;

/// What one lane's board keeps between frames.
#[derive(Default)]
pub struct LaneView {
    view: View,
    path: CachedPath,
}

/// The panel's part: which searches to compare, from where, the button
/// that starts them and, while they run, their controls.
pub fn compare_section(
    ui: &mut egui::Ui,
    session: &KnightSession,
    view: &mut ViewSettings,
    out: &mut Vec<KnightCommand>,
) {
    widgets::lanes_panel(ui, session, view, out);
    ui.separator();
    let board = session.board();
    ui.label(match session.count_start().1 {
        Some(start) => tr!("compare-from", name = board.square_name(start)),
        None => tr!("compare-click-first").to_owned(),
    });
    ui.horizontal_wrapped(|ui| {
        for algorithm in Algorithm::ALL {
            let mut on = session.compare_with().contains(&algorithm);
            if ui
                .checkbox(&mut on, algorithm.words())
                .on_hover_text(tr!("compare-with-does"))
                .changed()
            {
                out.push(KnightCommand::CompareWith(algorithm, on));
            }
        }
    });
    let compare = KnightCommand::CompareSearches;
    let enabled = session.can(&compare);
    let button = ui
        .add_enabled(enabled, egui::Button::new(compare.label()))
        .on_hover_text(compare.description());
    // Greyed while a comparison runs too: then it says what it does.
    let why_not = if session.compare_with().len() < 2 {
        tr!("compare-choose-two")
    } else if session.count_start().1.is_none() {
        tr!("compare-click-first")
    } else {
        compare.description()
    };
    if button.on_disabled_hover_text(why_not).clicked() {
        out.push(compare);
    }
}

/// The canvas's part: the compared searches' boards side by side, each
/// under its name and over its counters.
pub fn compare_canvas(
    ui: &mut egui::Ui,
    lanes_shown: &mut Vec<LaneView>,
    session: &KnightSession,
    comparing: &Comparing,
    view: &ViewSettings,
) {
    let Some(lanes) = session.core().lanes.as_ref() else {
        return;
    };
    let watches = lanes.watches();
    lanes_shown.resize_with(watches.len(), LaneView::default);
    let board = session.board();
    let revision = session.revision();
    ui.columns(watches.len(), |columns| {
        for (index, (column, watch)) in columns.iter_mut().zip(watches).enumerate() {
            let Some(&algorithm) = comparing.algorithms.get(index) else {
                continue;
            };
            let ended = comparing
                .ended
                .as_ref()
                .and_then(|ended| ended.get(index))
                .filter(|_| watch.is_over());
            column.heading(algorithm.words());
            let shown = &mut lanes_shown[index];
            let (path, key) =
                shown
                    .path
                    .of_watch(watch, revision, board.width(), board.height());
            let scene = Scene {
                layer: Layer::Knight {
                    board,
                    highlight: &[],
                    unreachable: &[],
                    candidates: &[],
                },
                path: Some(path),
                shown: watch.replay().path().len(),
                closed: false,
                numbers: view.show_numbers,
                labels: view.show_labels,
                revision: key ^ u64::from(view.show_numbers) << 63,
            };
            // A square place under the name, leaving room for the words
            // under it: the lanes' boards line up, and no lane widens its
            // column.
            let line = column.spacing().interact_size.y + column.spacing().item_spacing.y;
            let side = column
                .available_width()
                .min(column.available_height() - LANE_LINES * line)
                .max(line);
            column.allocate_ui(egui::vec2(side, side), |ui| shown.view.show(ui, &scene));
            lane_words(column, index, board, watch, ended);
        }
    });
}

/// The lines of words under a lane's board, at most.
const LANE_LINES: f32 = 12.0;

/// A lane's step in words, its counters and tree, and how its search
/// ended once the lane has shown it.
fn lane_words(
    ui: &mut egui::Ui,
    index: usize,
    board: &Board,
    watch: &Watch,
    ended: Option<&Comparison>,
) {
    let replay = watch.replay();
    let name = |(x, y)| board.square_name(Square::new(x, y));
    ui.label(widgets::last_step_words(replay.last(), &name));
    widgets::counters_grid(ui, ("lane-counters", index), replay);
    // The deepest level a cell was taken at, as far as the replay counts.
    let levels = replay
        .depths()
        .iter()
        .rposition(|depth| depth.tried > 0)
        .map_or(0, |deepest| deepest + 1);
    ui.label(tr!(
        "lane-tree",
        positions = group_digits(replay.positions()),
        levels = levels
    ));
    let ending = ended.map(|ended| {
        let steps = group_digits(ended.steps);
        match ended.ended {
            // Large full boards are built from tiles, not searched.
            Ended::Found if ended.steps == 0 => tr!("watched-built").to_owned(),
            Ended::Found => tr!("lane-found", steps = steps),
            Ended::NoTour => tr!("lane-no-tour", steps = steps),
            Ended::OutOfSteps => tr!("lane-out-of-steps", steps = steps),
        }
    });
    // The line is there before the search ends, so that the board under
    // it does not move when it does.
    ui.label(egui::RichText::new(ending.unwrap_or_default()).strong());
}
