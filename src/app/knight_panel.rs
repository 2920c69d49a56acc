//! Knight's tour mode: the board options, click-to-start solving, blocking
//! squares, counting with browsing, and Warnsdorff's failing starts.

use std::ops::ControlFlow;

use eframe::egui;
use gridtour::job::{Outcome, group_digits};
use gridtour::knight::{self, Algorithm, Board, SolveResult, Square, Tour, TourKind};

use super::animation::Animation;
use super::browse::Browser;
use super::canvas::{Cell, Layer, PathIndex, Scene, View};
use super::export::{BoardStyle, Drawing};
use super::files::{Export, Subject};
use super::jobs::{self, BROWSE_LIMIT, Finished, Found, JobOwner, JobSlot};
use super::settings::{Mode, Settings};

/// Largest board (in squares) for the failing-starts map: it runs a full
/// Warnsdorff walk from every square, and cannot be interrupted.
const FAILING_STARTS_MAX_SQUARES: usize = 100 * 100;

/// Everything the knight mode shows and remembers while the window is open.
pub struct KnightPanel {
    board: Board,
    /// Whether clicks block and unblock squares instead of starting tours.
    pub edit_blocked: bool,
    /// The square a tour was last started from.
    last_start: Option<Square>,
    /// Whether counts are of tours from `last_start` only.
    count_from_start: bool,
    show_failing_starts: bool,
    /// Row-major mask of the failing starts, with the board revision it was
    /// made for.
    failing_starts: Option<(u64, Vec<bool>)>,
    /// The board revision the running failing-starts job works on.
    failing_starts_requested: Option<u64>,
    /// Changes whenever the board's size or blocked squares change.
    board_revision: u64,
    /// The board revision last written into the settings.
    remembered_revision: Option<u64>,
    /// Blocking edits, newest last, for undo: the squares each action
    /// flipped (one for a click, every blocked square for a clear).
    edit_history: Vec<Vec<Square>>,
    /// Starts this mode's jobs and drops them when the board changes.
    pub job_owner: JobOwner,
    tour: Option<Tour>,
    path: Option<PathIndex>,
    /// Playback of the shown tour.
    pub animation: Animation,
    found: Browser<Vec<Square>>,
    /// What the last count started counts, in words.
    counted: String,
    message: Option<String>,
    revision: u64,
    /// Zoom and pan of the board.
    pub view: View,
}

impl KnightPanel {
    /// A panel with the board in `settings`: its size and the blocked
    /// squares that fit on it.
    pub fn new(settings: &Settings) -> Self {
        let mut board = Board::new(settings.knight_width, settings.knight_height)
            .or_else(|_| Board::new(8, 8))
            .expect("an 8x8 board is always valid");
        let stored = settings
            .knight_blocked
            .iter()
            .map(|&[x, y]| Square { x, y });
        block_where_they_fit(&mut board, stored);
        Self {
            board,
            edit_blocked: false,
            last_start: None,
            count_from_start: false,
            show_failing_starts: false,
            failing_starts: None,
            failing_starts_requested: None,
            board_revision: 0,
            remembered_revision: None,
            edit_history: Vec::new(),
            job_owner: JobOwner::new(Mode::Knight),
            tour: None,
            path: None,
            animation: Animation::default(),
            found: Browser::default(),
            counted: String::new(),
            message: None,
            revision: 0,
            view: View::default(),
        }
    }

    /// The board as it is now, with its blocked squares.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Writes the blocked squares into `settings`, to be found again next
    /// run (the size is kept there already). Runs at every periodic save on
    /// the UI thread, so the board (up to 16 million squares) is only read
    /// again after it has changed.
    pub fn remember(&mut self, settings: &mut Settings) {
        if self.remembered_revision == Some(self.board_revision) {
            return;
        }
        self.remembered_revision = Some(self.board_revision);
        settings.knight_blocked = self
            .board
            .blocked_squares()
            .into_iter()
            .map(|square| [square.x, square.y])
            .collect();
    }

    #[cfg(test)]
    /// The tour on show, if any.
    pub fn tour(&self) -> Option<&Tour> {
        self.tour.as_ref()
    }

    #[cfg(test)]
    /// The last result or problem, in words.
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    #[cfg(test)]
    /// The squares the failing-starts overlay marks, once computed for the
    /// board as it is.
    pub fn failing_starts(&self) -> Option<Vec<Square>> {
        let (revision, mask) = self.failing_starts.as_ref()?;
        let width = self.board.width() as usize;
        (*revision == self.board_revision).then(|| {
            (0..mask.len())
                .filter(|&index| mask[index])
                .map(|index| Square {
                    x: (index % width) as u32,
                    y: (index / width) as u32,
                })
                .collect()
        })
    }

    fn changed(&mut self) {
        self.revision = self.revision.wrapping_add(1);
    }

    fn clear_tour(&mut self) {
        self.tour = None;
        self.path = None;
        self.animation.restart(0, false);
        self.changed();
    }

    /// Replaces the board, keeping the blocked squares that still fit.
    fn resize(&mut self, width: u32, height: u32) {
        match Board::new(width, height) {
            Ok(mut board) => {
                block_where_they_fit(&mut board, self.board.blocked_squares());
                self.board = board;
                self.message = None;
                self.view.reset();
                self.after_edit();
            }
            Err(error) => self.message = Some(error),
        }
    }

    fn show_tour(&mut self, tour: Tour, play: bool) {
        let path = PathIndex::from_squares(&tour.board, &tour.path);
        // Long tours start fully drawn; playing a million moves is opt-in.
        self.animation
            .restart(path.len(), play && path.len() <= 5000);
        self.path = Some(path);
        self.tour = Some(tour);
        self.changed();
    }

    fn show_browsed(&mut self, kind: TourKind) {
        if let Some(path) = self.found.current() {
            let tour = Tour {
                board: self.board.clone(),
                kind,
                path: path.clone(),
            };
            self.show_tour(tour, false);
        }
    }

    /// Starts searching a tour from `start` in the background.
    pub fn start_solve(
        &mut self,
        ctx: &egui::Context,
        jobs: &mut JobSlot,
        settings: &Settings,
        start: Square,
    ) {
        let board = self.board.clone();
        let kind = settings.tour_kind();
        let algorithm = settings.algorithm();
        let name = board.square_name(start);
        self.found.clear();
        self.clear_tour();
        self.message = Some(format!("Searching a tour from {name}…"));
        // The solver answers from theory first, without searching, when no
        // tour can exist.
        self.job_owner
            .start(ctx, jobs, format!("Tour from {name}"), move |control, _| {
                jobs::finished(
                    knight::solve(&board, start, kind, algorithm, control),
                    Finished::KnightSolve,
                )
            });
    }

    /// Starts counting tours (directed ones from the last clicked square,
    /// or undirected ones over the whole board), keeping the first ones for
    /// browsing.
    pub fn start_count(&mut self, ctx: &egui::Context, jobs: &mut JobSlot, settings: &Settings) {
        let board = self.board.clone();
        let kind = settings.tour_kind();
        let start = self.last_start.filter(|_| self.count_from_start);
        let what = describe_count(&board, start, kind);
        self.found.clear();
        self.clear_tour();
        self.message = Some(format!("Counting {what}…"));
        self.counted = what.clone();
        self.job_owner.start(
            ctx,
            jobs,
            format!("Counting {what}"),
            move |control, emitter| {
                if let Some(reason) = knight::impossibility(&board, start, kind) {
                    return Some(Finished::KnightSolve(SolveResult::NoTour(reason)));
                }
                let mut kept = 0;
                let outcome = knight::enumerate(&board, start, kind, control, &mut |tour| {
                    if kept < BROWSE_LIMIT {
                        kept += 1;
                        if !emitter.emit(Found::KnightTour(tour.to_vec())) {
                            return ControlFlow::Break(());
                        }
                    }
                    ControlFlow::Continue(())
                });
                jobs::finished(outcome, Finished::KnightCount)
            },
        );
    }

    fn start_failing_starts(&mut self, ctx: &egui::Context, jobs: &mut JobSlot) {
        let board = self.board.clone();
        self.failing_starts_requested = Some(self.board_revision);
        self.message = Some("Trying plain Warnsdorff from every square…".to_owned());
        self.job_owner.start(
            ctx,
            jobs,
            "Warnsdorff failing starts".to_owned(),
            move |control, _| match knight::warnsdorff_failing_starts(&board, control) {
                Outcome::Done(failing) => Some(Finished::FailingStarts(failing)),
                Outcome::Cancelled => None,
            },
        );
    }

    /// Takes a streamed tour of a running count.
    pub fn on_found(&mut self, tour: Vec<Square>, settings: &Settings) {
        if self.found.push(tour) {
            self.show_browsed(settings.tour_kind());
        }
    }

    /// Takes the result of a knight job.
    pub fn on_finished(&mut self, finished: Finished) {
        match finished {
            Finished::KnightSolve(SolveResult::Found(tour)) => {
                let start = tour
                    .path
                    .first()
                    .map(|&start| self.board.square_name(start))
                    .unwrap_or_default();
                let squares = tour.path.len();
                self.message = Some(match tour.kind {
                    TourKind::Open => format!(
                        "Found an open tour from {start}: {squares} squares, {} moves.",
                        squares.saturating_sub(1)
                    ),
                    TourKind::Closed => format!(
                        "Found a closed tour from {start}: {squares} squares, {squares} moves back to {start}."
                    ),
                });
                self.show_tour(tour, true);
            }
            Finished::KnightSolve(SolveResult::NoTour(reason)) => {
                self.message = Some(format!("No tour: {reason}"));
            }
            Finished::KnightCount(tours) => {
                self.message = Some(format!("{} {}.", group_digits(tours), self.counted));
            }
            Finished::FailingStarts(squares)
                if self.failing_starts_requested == Some(self.board_revision) =>
            {
                let width = self.board.width() as usize;
                let mut mask = vec![false; width * self.board.height() as usize];
                for square in &squares {
                    mask[square.y as usize * width + square.x as usize] = true;
                }
                self.message = Some(format!(
                    "Plain Warnsdorff dead-ends from {} of {} start squares.",
                    squares.len(),
                    self.board.open_count()
                ));
                self.failing_starts = Some((self.board_revision, mask));
                self.changed();
            }
            _ => {}
        }
    }

    /// The running job was cancelled; whatever it had found stays on show.
    pub fn cancelled(&mut self) {
        self.message = Some("Cancelled.".to_owned());
    }

    /// The side panel's controls.
    pub fn controls(&mut self, ui: &mut egui::Ui, jobs: &mut JobSlot, settings: &mut Settings) {
        let ctx = ui.ctx().clone();
        ui.heading("Knight's tour");
        super::size_controls(
            ui,
            "knight-size",
            (&mut settings.knight_width, &mut settings.knight_height),
            Board::MAX_SIDE,
        );
        if (settings.knight_width, settings.knight_height)
            != (self.board.width(), self.board.height())
        {
            self.resize(settings.knight_width, settings.knight_height);
            // A size the board refused snaps back to the board's.
            settings.knight_width = self.board.width();
            settings.knight_height = self.board.height();
        }
        ui.horizontal(|ui| {
            ui.radio_value(&mut settings.knight_closed, false, "Open tour");
            ui.radio_value(&mut settings.knight_closed, true, "Closed tour");
        });
        let mut algorithm = settings.algorithm();
        egui::ComboBox::from_label("Algorithm")
            .selected_text(algorithm.label())
            .show_ui(ui, |ui| {
                for choice in Algorithm::ALL {
                    ui.selectable_value(&mut algorithm, choice, choice.label());
                }
            });
        settings.knight_algorithm = algorithm.label().to_owned();

        ui.separator();
        ui.checkbox(&mut self.edit_blocked, "Edit blocked squares");
        ui.label(if self.edit_blocked {
            "Click a square to block or unblock it."
        } else {
            "Click a square to start a tour from it."
        });
        ui.horizontal(|ui| {
            if ui
                .add_enabled(
                    !self.board.is_full(),
                    egui::Button::new("Clear blocked squares"),
                )
                .clicked()
            {
                self.flip_blocked(self.board.blocked_squares());
            }
            let can_undo = !self.edit_history.is_empty();
            if ui
                .add_enabled(can_undo, egui::Button::new("Undo edit"))
                .on_hover_text("Ctrl+Z")
                .clicked()
            {
                self.undo();
            }
        });
        if ui
            .checkbox(&mut settings.show_numbers, "Move numbers")
            .changed()
        {
            self.changed();
        }
        let small_enough = self.board.area() <= FAILING_STARTS_MAX_SQUARES;
        self.show_failing_starts &= small_enough;
        if ui
            .add_enabled(
                small_enough,
                egui::Checkbox::new(
                    &mut self.show_failing_starts,
                    "Show Warnsdorff failing starts",
                ),
            )
            .on_disabled_hover_text(format!(
                "Only for boards of at most {FAILING_STARTS_MAX_SQUARES} squares: \
                 it runs Warnsdorff's rule from every square"
            ))
            .changed()
        {
            // Ticking the box again asks again, even after a cancel.
            self.failing_starts_requested = None;
            self.changed();
        }
        let fresh = self
            .failing_starts
            .as_ref()
            .is_some_and(|(revision, _)| *revision == self.board_revision);
        let requested = self.failing_starts_requested == Some(self.board_revision);
        if self.show_failing_starts && !fresh && !requested && !jobs.is_running() {
            self.start_failing_starts(&ctx, jobs);
        }

        ui.separator();
        let from = match self.last_start {
            Some(start) => format!("Only tours from {}", self.board.square_name(start)),
            None => "Only tours from the clicked square".to_owned(),
        };
        self.count_from_start &= self.last_start.is_some();
        ui.add_enabled(
            self.last_start.is_some(),
            egui::Checkbox::new(&mut self.count_from_start, from),
        );
        if ui.button("Count tours").clicked() {
            self.start_count(&ctx, jobs, settings);
        }
        if self
            .found
            .controls(ui, "tour", jobs.progress_of(Mode::Knight))
        {
            self.show_browsed(settings.tour_kind());
        }

        ui.separator();
        self.animation
            .controls(ui, &mut settings.moves_per_second, &mut settings.looping);
        if let Some(message) = &self.message {
            ui.separator();
            ui.label(message.as_str());
        }
    }

    /// Blocks the open squares of `squares` and opens the blocked ones, as
    /// one action that [`Self::undo`] can take back.
    fn flip_blocked(&mut self, squares: Vec<Square>) {
        self.flip_without_history(&squares);
        self.edit_history.push(squares);
    }

    /// Takes back the last blocking edit (button and Ctrl+Z). Squares that
    /// a resize has since cut off are left alone.
    pub fn undo(&mut self) {
        if let Some(squares) = self.edit_history.pop() {
            self.flip_without_history(&squares);
        }
    }

    fn flip_without_history(&mut self, squares: &[Square]) {
        for &square in squares {
            if self.board.contains(square) {
                let blocked = !self.board.is_blocked(square);
                self.board.set_blocked(square, blocked);
            }
        }
        self.after_edit();
    }

    /// Forgets everything that depended on the old board.
    fn after_edit(&mut self) {
        self.board_revision = self.board_revision.wrapping_add(1);
        self.job_owner.mark_changed();
        self.last_start = self
            .last_start
            .filter(|&start| self.board.contains(start) && !self.board.is_blocked(start));
        self.found.clear();
        self.clear_tour();
    }

    /// The board canvas; a click starts a tour or toggles a blocked square.
    /// Returns the square under the pointer.
    pub fn canvas(
        &mut self,
        ui: &mut egui::Ui,
        jobs: &mut JobSlot,
        settings: &Settings,
    ) -> Option<Square> {
        let highlight: &[bool] = match (&self.failing_starts, self.show_failing_starts) {
            (Some((revision, mask)), true) if *revision == self.board_revision => mask,
            _ => &[],
        };
        let scene = Scene {
            layer: Layer::Knight {
                board: &self.board,
                highlight,
            },
            path: self.path.as_ref(),
            shown: self.animation.shown(),
            closed: self
                .tour
                .as_ref()
                .is_some_and(|tour| tour.kind == TourKind::Closed),
            numbers: settings.show_numbers,
            revision: self.revision,
        };
        let response = self.view.show(ui, &scene);
        if let Some(cell) = response.clicked {
            self.clicked(ui.ctx(), jobs, settings, cell);
        }
        response.hovered.map(|(x, y)| Square { x, y })
    }

    fn clicked(
        &mut self,
        ctx: &egui::Context,
        jobs: &mut JobSlot,
        settings: &Settings,
        (x, y): Cell,
    ) {
        let square = Square { x, y };
        if self.edit_blocked {
            self.flip_blocked(vec![square]);
        } else if self.board.is_blocked(square) {
            self.message = Some(format!(
                "{} is blocked; a tour cannot start there.",
                self.board.square_name(square)
            ));
        } else {
            self.last_start = Some(square);
            self.start_solve(ctx, jobs, settings, square);
        }
    }

    /// The tour on show as an export, if there is one.
    pub fn export(&self, settings: &Settings) -> Option<Export> {
        let tour = self.tour.as_ref()?;
        let cells = |squares: &[Square]| squares.iter().map(|s| (s.x, s.y)).collect();
        Some(Export {
            drawing: Drawing {
                width: self.board.width(),
                height: self.board.height(),
                style: BoardStyle::Checkerboard,
                blocked: cells(&self.board.blocked_squares()),
                stones: Vec::new(),
                path: cells(&tour.path),
                closed: tour.kind == TourKind::Closed,
                numbers: settings.show_numbers,
            },
            subject: Subject::Tour(tour.clone()),
        })
    }

    /// A file name for exporting the tour on show.
    pub fn export_name(&self) -> String {
        format!("knight-{}x{}", self.board.width(), self.board.height())
    }
}

/// Blocks those of `squares` that lie on `board`.
fn block_where_they_fit(board: &mut Board, squares: impl IntoIterator<Item = Square>) {
    for square in squares {
        if board.contains(square) {
            board.set_blocked(square, true);
        }
    }
}

/// What a count counts, in words.
fn describe_count(board: &Board, start: Option<Square>, kind: TourKind) -> String {
    let kind = match kind {
        TourKind::Open => "open",
        TourKind::Closed => "closed",
    };
    match start {
        Some(start) => format!("directed {kind} tours from {}", board.square_name(start)),
        None => format!("undirected {kind} tours"),
    }
}
