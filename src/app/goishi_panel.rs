//! Goishi Hiroi mode: opening puzzles, the stone editor, solving, counting,
//! uniqueness, generation and the play mode with undo.

use std::ops::ControlFlow;

use eframe::egui;
use gridtour::goishi::format::{self, Loaded};
use gridtour::goishi::{self, Game, Point, Puzzle};
use gridtour::job::group_digits;

use super::animation::Animation;
use super::browse::Browser;
use super::canvas::{Layer, PathIndex, Scene, View};
use super::export::{BoardStyle, Drawing};
use super::files::{Export, FileTasks, Subject};
use super::jobs::{self, BROWSE_LIMIT, Finished, Found, JobOwner, JobSlot};
use super::settings::{Mode, Settings};

/// What a click on the board does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Interaction {
    /// Clicks do nothing; the solution on show can be animated.
    View,
    /// Clicks add or remove stones.
    Edit,
    /// Clicks pick stones, under the rules.
    Play,
}

/// Everything the Goishi mode shows and remembers while the window is open.
pub struct GoishiPanel {
    puzzle: Puzzle,
    /// Where the puzzle came from, for the heading.
    source: String,
    /// What clicks do.
    pub interaction: Interaction,
    order: Option<Vec<Point>>,
    game: Game,
    path: Option<PathIndex>,
    hints: Vec<Point>,
    /// Playback of the order on show.
    pub animation: Animation,
    found: Browser<Vec<Point>>,
    /// The text field for a pasted puzz.link URL.
    pub url: String,
    seed: u64,
    /// Starts this mode's jobs and drops them when the puzzle changes.
    pub job_owner: JobOwner,
    message: Option<String>,
    revision: u64,
    /// Changes whenever the puzzle (its size or stones) changes.
    puzzle_revision: u64,
    /// The puzzle revision last written into the settings.
    remembered_revision: Option<u64>,
    /// Zoom and pan of the board.
    pub view: View,
}

/// The puzzles of `assets/goishi/`, built into the program so that a first
/// look needs no file: the classic example first.
const EXAMPLES: &[(&str, &str)] = &[
    (
        "seed-example.txt",
        include_str!("../../assets/goishi/seed-example.txt"),
    ),
    (
        "cross-unique.txt",
        include_str!("../../assets/goishi/cross-unique.txt"),
    ),
    (
        "four-solutions-4x4.txt",
        include_str!("../../assets/goishi/four-solutions-4x4.txt"),
    ),
    (
        "unique-6x6-10stones.txt",
        include_str!("../../assets/goishi/unique-6x6-10stones.txt"),
    ),
    (
        "unique-10x10-30stones.txt",
        include_str!("../../assets/goishi/unique-10x10-30stones.txt"),
    ),
    (
        "unique-12x12-35stones.txt",
        include_str!("../../assets/goishi/unique-12x12-35stones.txt"),
    ),
    (
        "walk-25x25-100stones.txt",
        include_str!("../../assets/goishi/walk-25x25-100stones.txt"),
    ),
];

impl GoishiPanel {
    /// A panel showing the puzzle of the last run, or the classic example
    /// on the first run; the size fields in `settings` take its size.
    pub fn new(settings: &mut Settings) -> Self {
        let (puzzle, source) = match &settings.goishi_puzzle {
            Some(url) => (
                format::parse_url(url).unwrap_or_else(|_| Self::empty_puzzle(settings)),
                "last session's puzzle",
            ),
            None => {
                let (name, text) = EXAMPLES[0];
                let puzzle = format::load_bytes(name, text.as_bytes())
                    .expect("the built-in examples parse")
                    .puzzle;
                (puzzle, name)
            }
        };
        settings.goishi_width = puzzle.width();
        settings.goishi_height = puzzle.height();
        // An empty board is there to be filled in; a puzzle to be solved.
        let interaction = if puzzle.stones().is_empty() {
            Interaction::Edit
        } else {
            Interaction::View
        };
        Self {
            game: Game::new(puzzle.clone()),
            puzzle,
            source: source.to_owned(),
            interaction,
            order: None,
            path: None,
            hints: Vec::new(),
            animation: Animation::default(),
            found: Browser::default(),
            url: String::new(),
            seed: 1,
            job_owner: JobOwner::new(Mode::Goishi),
            message: None,
            revision: 0,
            puzzle_revision: 0,
            remembered_revision: None,
            view: View::default(),
        }
    }

    /// A puzzle without stones, of the size in `settings` if that is
    /// valid.
    fn empty_puzzle(settings: &Settings) -> Puzzle {
        Puzzle::new(settings.goishi_width, settings.goishi_height)
            .or_else(|_| Puzzle::new(6, 6))
            .expect("a 6x6 puzzle is always valid")
    }

    /// Writes the puzzle on show into `settings`, to be found again next
    /// run. Runs at every periodic save on the UI thread, so the puzzle is
    /// only encoded again after it has changed.
    pub fn remember(&mut self, settings: &mut Settings) {
        if self.remembered_revision != Some(self.puzzle_revision) {
            self.remembered_revision = Some(self.puzzle_revision);
            settings.goishi_puzzle = Some(format::to_url(&self.puzzle));
        }
    }

    #[cfg(test)]
    /// The puzzle on the board.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The pickup order on show (a solution, or the picks in play mode).
    pub fn order(&self) -> Option<&[Point]> {
        match self.interaction {
            Interaction::Play => Some(self.game.picks()),
            _ => self.order.as_deref(),
        }
    }

    #[cfg(test)]
    /// The last result or problem, in words.
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// Replaces the puzzle and forgets everything about the old one.
    pub fn set_puzzle(&mut self, puzzle: Puzzle, source: String) {
        self.puzzle_revision += 1;
        self.job_owner.mark_changed();
        self.game = Game::new(puzzle.clone());
        self.puzzle = puzzle;
        self.source = source;
        self.found.clear();
        self.view.reset();
        self.hints.clear();
        self.show_order(None, false);
        if self.interaction == Interaction::Play {
            self.game_changed();
        }
    }

    /// Takes a puzzle read from a file or URL; a stored order is shown.
    pub fn loaded(&mut self, loaded: Loaded, source: String, settings: &mut Settings) {
        settings.goishi_width = loaded.puzzle.width();
        settings.goishi_height = loaded.puzzle.height();
        self.message = Some(format!(
            "Opened {source}: {} x {}, {} stones.",
            loaded.puzzle.width(),
            loaded.puzzle.height(),
            loaded.puzzle.stones().len()
        ));
        self.interaction = Interaction::View;
        self.set_puzzle(loaded.puzzle, source);
        if loaded.order.is_some() {
            self.show_order(loaded.order, true);
        }
    }

    fn show_order(&mut self, order: Option<Vec<Point>>, play: bool) {
        self.path = order
            .as_deref()
            .map(|order| PathIndex::from_points(&self.puzzle, order));
        self.order = order;
        self.animation
            .restart(self.path.as_ref().map_or(0, PathIndex::len), play);
        self.revision = self.revision.wrapping_add(1);
    }

    fn game_changed(&mut self) {
        self.path = Some(PathIndex::from_points(&self.puzzle, self.game.picks()));
        self.animation.follow(self.game.picks().len());
        self.hints = self.game.legal_picks();
        self.revision = self.revision.wrapping_add(1);
    }

    fn set_interaction(&mut self, interaction: Interaction) {
        self.interaction = interaction;
        match interaction {
            Interaction::Play => {
                self.game = Game::new(self.puzzle.clone());
                self.message = Some("Click a stone to start picking.".to_owned());
                self.game_changed();
            }
            Interaction::View => {
                self.hints.clear();
                let order = self.order.take();
                self.show_order(order, false);
            }
            Interaction::Edit => {
                self.hints.clear();
                self.show_order(None, false);
            }
        }
    }

    /// Undoes the last pick in play mode.
    pub fn undo(&mut self) {
        if self.interaction == Interaction::Play && self.game.undo().is_some() {
            self.message = None;
            self.game_changed();
        }
    }

    fn start_solve(&mut self, ctx: &egui::Context, jobs: &mut JobSlot) {
        let puzzle = self.puzzle.clone();
        self.prepare_search("Solving…");
        self.job_owner
            .start(ctx, jobs, "Solving the puzzle", move |control, _| {
                jobs::finished(goishi::solve(&puzzle, control), Finished::GoishiSolve)
            });
    }

    fn start_count(&mut self, ctx: &egui::Context, jobs: &mut JobSlot) {
        let puzzle = self.puzzle.clone();
        self.prepare_search("Counting solutions…");
        self.job_owner
            .start(ctx, jobs, "Counting solutions", move |control, emitter| {
                let mut kept = 0;
                let outcome = goishi::enumerate(&puzzle, control, &mut |order| {
                    if kept < BROWSE_LIMIT {
                        kept += 1;
                        if !emitter.emit(Found::GoishiOrder(order.to_vec())) {
                            return ControlFlow::Break(());
                        }
                    }
                    ControlFlow::Continue(())
                });
                jobs::finished(outcome, |solutions| Finished::GoishiCount {
                    solutions,
                    limit: None,
                })
            });
    }

    fn start_uniqueness(&mut self, ctx: &egui::Context, jobs: &mut JobSlot) {
        let puzzle = self.puzzle.clone();
        self.prepare_search("Checking uniqueness…");
        self.job_owner
            .start(ctx, jobs, "Is it unique?", move |control, _| {
                let limit = Some(2);
                jobs::finished(goishi::count(&puzzle, limit, control), |solutions| {
                    Finished::GoishiCount { solutions, limit }
                })
            });
    }

    fn start_generate(&mut self, ctx: &egui::Context, jobs: &mut JobSlot, settings: &Settings) {
        let (width, height, stones) = (
            settings.goishi_width,
            settings.goishi_height,
            settings.generate_stones,
        );
        let seed = self.seed;
        self.seed = self.seed.wrapping_add(1);
        self.message = Some(format!("Generating with seed {seed}…"));
        self.job_owner
            .start(ctx, jobs, "Generating a puzzle", move |control, _| {
                jobs::finished(
                    goishi::generate(width, height, stones, seed, control),
                    Finished::GoishiGenerate,
                )
            });
    }

    fn prepare_search(&mut self, message: &str) {
        if self.interaction != Interaction::View {
            self.set_interaction(Interaction::View);
        }
        self.found.clear();
        self.show_order(None, false);
        self.message = Some(message.to_owned());
    }

    /// Takes a streamed solution of a running count.
    pub fn on_found(&mut self, order: Vec<Point>) {
        if self.found.push(order) {
            self.show_browsed();
        }
    }

    fn show_browsed(&mut self) {
        let order = self.found.current().cloned();
        self.show_order(order, false);
    }

    /// Takes the result of a Goishi job.
    pub fn on_finished(&mut self, finished: Finished) {
        match finished {
            Finished::GoishiSolve(Some(order)) if order.is_empty() => {
                self.message = Some("There are no stones to pick.".to_owned());
            }
            Finished::GoishiSolve(Some(order)) => {
                self.message = Some(format!("Solved: {} picks.", order.len()));
                self.show_order(Some(order), true);
            }
            Finished::GoishiSolve(None) => {
                self.message = Some("This puzzle has no solution.".to_owned());
            }
            Finished::GoishiCount { solutions, limit } => {
                self.message = Some(match (limit, solutions) {
                    (_, 0) => "This puzzle has no solution.".to_owned(),
                    (Some(_), 1) => "Unique: exactly one solution.".to_owned(),
                    (Some(limit), n) if n >= limit => {
                        format!("Not unique: at least {n} solutions.")
                    }
                    (_, n) => format!("{} solutions.", group_digits(n)),
                });
            }
            Finished::GoishiGenerate(Ok(puzzle)) => {
                let stones = puzzle.stones().len();
                self.interaction = Interaction::View;
                self.set_puzzle(puzzle, "generated puzzle".to_owned());
                self.message = Some(format!("Generated a puzzle with {stones} stones."));
            }
            Finished::GoishiGenerate(Err(error)) => {
                self.message = Some(format!("Could not generate: {error}"));
            }
            _ => {}
        }
    }

    /// The running job was cancelled; whatever it had found stays on show.
    pub fn cancelled(&mut self) {
        self.message = Some("Cancelled.".to_owned());
    }

    /// The side panel's controls.
    pub fn controls(
        &mut self,
        ui: &mut egui::Ui,
        jobs: &mut JobSlot,
        files: &mut FileTasks,
        settings: &mut Settings,
    ) {
        let ctx = ui.ctx().clone();
        ui.heading("Goishi Hiroi");
        ui.label(format!(
            "{}: {} x {}, {} stones",
            self.source,
            self.puzzle.width(),
            self.puzzle.height(),
            self.puzzle.stones().len()
        ));
        ui.horizontal(|ui| {
            let label = ui.label("URL");
            let field = ui
                .add(
                    egui::TextEdit::singleline(&mut self.url)
                        .hint_text("https://puzz.link/p?goishi/…")
                        .desired_width(140.0),
                )
                .labelled_by(label.id);
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if (ui.button("Load URL").clicked() || entered) && !self.url.trim().is_empty() {
                files.open_bytes(&ctx, "URL".to_owned(), self.url.trim().as_bytes().to_vec());
            }
        });

        ui.horizontal(|ui| {
            let label = ui.label("Example");
            egui::ComboBox::from_id_salt("goishi-example")
                .selected_text("choose a puzzle")
                .show_ui(ui, |ui| {
                    for &(name, text) in EXAMPLES {
                        if ui.selectable_label(false, name).clicked() {
                            files.open_bytes(&ctx, name.to_owned(), text.as_bytes().to_vec());
                        }
                    }
                })
                .response
                .labelled_by(label.id);
        });

        ui.separator();
        let mut interaction = self.interaction;
        ui.horizontal(|ui| {
            ui.radio_value(&mut interaction, Interaction::View, "View");
            ui.radio_value(&mut interaction, Interaction::Edit, "Edit stones");
            ui.radio_value(&mut interaction, Interaction::Play, "Play mode");
        });
        if interaction != self.interaction {
            self.set_interaction(interaction);
        }
        match self.interaction {
            Interaction::Edit => self.editor_controls(ui, settings),
            Interaction::Play => self.play_controls(ui),
            Interaction::View => {}
        }

        ui.separator();
        ui.horizontal_wrapped(|ui| {
            if ui.button("Solve").clicked() {
                self.start_solve(&ctx, jobs);
            }
            if ui.button("Count solutions").clicked() {
                self.start_count(&ctx, jobs);
            }
            if ui.button("Is it unique?").clicked() {
                self.start_uniqueness(&ctx, jobs);
            }
        });
        if self
            .found
            .controls(ui, "solution", jobs.progress_of(Mode::Goishi))
        {
            self.show_browsed();
        }
        ui.horizontal(|ui| {
            if ui.button("Generate").clicked() {
                self.start_generate(&ctx, jobs, settings);
            }
            let label = ui.label("stones");
            ui.add(egui::DragValue::new(&mut settings.generate_stones).range(1..=400))
                .labelled_by(label.id);
            let label = ui.label("seed");
            ui.add(egui::DragValue::new(&mut self.seed))
                .labelled_by(label.id);
        });
        if ui.button("Copy puzz.link URL").clicked() {
            ctx.copy_text(goishi::format::to_url(&self.puzzle));
            self.message = Some("Copied the puzz.link URL.".to_owned());
        }
        if ui
            .checkbox(&mut settings.show_numbers, "Pick numbers")
            .changed()
        {
            self.revision = self.revision.wrapping_add(1);
        }

        if self.interaction == Interaction::View {
            ui.separator();
            self.animation
                .controls(ui, &mut settings.moves_per_second, &mut settings.looping);
        }
        if let Some(message) = &self.message {
            ui.separator();
            ui.label(message.as_str());
        }
    }

    fn editor_controls(&mut self, ui: &mut egui::Ui, settings: &mut Settings) {
        ui.label("Click a grid point to add or remove a stone.");
        super::size_controls(
            ui,
            "goishi-size",
            (&mut settings.goishi_width, &mut settings.goishi_height),
            Puzzle::MAX_SIDE,
        );
        ui.horizontal(|ui| {
            if ui.button("Resize").clicked() {
                match self
                    .puzzle
                    .resized(settings.goishi_width, settings.goishi_height)
                {
                    Ok(puzzle) => {
                        let source = self.source.clone();
                        self.set_puzzle(puzzle, source);
                    }
                    Err(error) => self.message = Some(error),
                }
            }
            if ui.button("New empty board").clicked() {
                match Puzzle::new(settings.goishi_width, settings.goishi_height) {
                    Ok(puzzle) => self.set_puzzle(puzzle, "new puzzle".to_owned()),
                    Err(error) => self.message = Some(error),
                }
            }
        });
    }

    fn play_controls(&mut self, ui: &mut egui::Ui) {
        ui.label(format!(
            "Picked {} of {} stones.",
            self.game.picks().len(),
            self.puzzle.stones().len()
        ));
        ui.horizontal(|ui| {
            if ui
                .add_enabled(!self.game.picks().is_empty(), egui::Button::new("Undo"))
                .on_hover_text("Ctrl+Z")
                .clicked()
            {
                self.undo();
            }
            if ui.button("Restart").clicked() {
                self.set_interaction(Interaction::Play);
            }
        });
    }

    /// The board canvas; clicks edit or pick depending on the interaction.
    /// Returns the grid point under the pointer.
    pub fn canvas(&mut self, ui: &mut egui::Ui, settings: &Settings) -> Option<Point> {
        let scene = Scene {
            layer: Layer::Goishi {
                puzzle: &self.puzzle,
                hints: &self.hints,
            },
            path: self.path.as_ref(),
            shown: self.animation.shown(),
            closed: false,
            numbers: settings.show_numbers,
            revision: self.revision,
        };
        let response = self.view.show(ui, &scene);
        if let Some((x, y)) = response.clicked {
            self.clicked(Point { x, y });
        }
        response.hovered.map(|(x, y)| Point { x, y })
    }

    fn clicked(&mut self, point: Point) {
        match self.interaction {
            Interaction::View => {}
            Interaction::Edit => {
                let stone = !self.puzzle.has_stone(point);
                self.puzzle.set_stone(point, stone);
                self.puzzle_revision += 1;
                self.job_owner.mark_changed();
                self.game = Game::new(self.puzzle.clone());
                self.found.clear();
                self.show_order(None, false);
            }
            Interaction::Play => match self.game.try_pick(point) {
                Ok(()) => {
                    self.message = Some(if self.game.is_complete() {
                        "Solved! Every stone is picked.".to_owned()
                    } else {
                        format!("Picked ({}, {}).", point.x, point.y)
                    });
                    self.game_changed();
                }
                Err(violation) => self.message = Some(format!("Not allowed: {violation}")),
            },
        }
    }

    /// The puzzle and its order on show, as an export.
    pub fn export(&self, settings: &Settings) -> Export {
        let order = self.order().map(<[Point]>::to_vec).unwrap_or_default();
        let cells = |points: &[Point]| points.iter().map(|p| (p.x, p.y)).collect();
        Export {
            drawing: Drawing {
                width: self.puzzle.width(),
                height: self.puzzle.height(),
                style: BoardStyle::GoGrid,
                blocked: Vec::new(),
                stones: cells(&self.puzzle.stones()),
                path: cells(&order),
                closed: false,
                numbers: settings.show_numbers,
            },
            subject: Subject::Goishi {
                puzzle: self.puzzle.clone(),
                order,
            },
        }
    }

    /// A file name for exporting the puzzle on show.
    pub fn export_name(&self) -> String {
        format!("goishi-{}x{}", self.puzzle.width(), self.puzzle.height())
    }
}
