//! Print…: a sheet of the puzzle on show, or of new puzzles like the
//! mode's Generate makes, laid out as the command line's `--print` lays
//! it out. The dialog holds the choices; the sheet is made off the UI
//! thread (see [`super::files::FileTasks::make_sheet`]) and saved, or
//! opened in the system's PDF viewer.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use eframe::egui;
use gridtour::i18n::{self, Language};
use gridtour::job::{Control, Outcome};
use gridtour::print::{Game, Recipe, ToPrint, check_sheet_for, print_sheet, solved};
use gridtour::render::{MOST_BOARDS_A_SIDE, Paper, SheetOptions};
use gridtour::tr;

use super::app_command::AppCommand;
use super::command::Command;

/// What a mode can put on a sheet (see
/// [`super::pane::WindowMode::to_print`]).
#[derive(Debug, Clone)]
pub struct PrintChoices {
    /// The puzzle on show, with its solution if the mode has it.
    pub on_show: ToPrint,
    /// How the mode's Generate makes new puzzles; `None` where it would
    /// not make them as set up (a level not offered on the board).
    pub recipe: Option<Recipe>,
    /// The seed Generate would use next.
    pub seed: u64,
}

/// Where a finished sheet goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SheetTo {
    /// A file chosen in the Save dialog.
    File,
    /// The system's PDF viewer, from a file in the temporary folder.
    Viewer,
}

/// The most new puzzles one sheet of the window holds.
const MOST_NEW: usize = 100;

/// The Print dialog's choices, and the sheet being made.
#[derive(Debug)]
pub struct PrintDialog {
    /// Whether it is on screen.
    pub open: bool,
    /// Whether the sheet is of new puzzles rather than the one on show.
    new_puzzles: bool,
    /// How many new puzzles.
    count: usize,
    across: u32,
    down: u32,
    with_solutions: bool,
    paper: Paper,
    making: Option<Making>,
}

/// A sheet being made: how to stop it and how far it has got.
#[derive(Debug)]
struct Making {
    control: Arc<Control>,
    made: Arc<AtomicUsize>,
    wanted: usize,
}

impl Default for PrintDialog {
    fn default() -> Self {
        Self {
            open: false,
            new_puzzles: false,
            count: 12,
            across: 3,
            down: 4,
            with_solutions: true,
            paper: Paper::of_system(),
            making: None,
        }
    }
}

/// The work of making a sheet, handed to a file thread.
pub struct SheetJob {
    puzzles: SheetPuzzles,
    layout: SheetOptions,
    with_solutions: bool,
    control: Arc<Control>,
    made: Arc<AtomicUsize>,
    /// The window's language, which the sheet is worded in.
    language: Language,
    /// The file name offered in the Save dialog.
    pub file_name: String,
}

enum SheetPuzzles {
    OnShow(Box<ToPrint>),
    New {
        recipe: Recipe,
        count: usize,
        seed: u64,
    },
}

impl PrintDialog {
    /// Whether a sheet is being made.
    pub fn is_making(&self) -> bool {
        self.making.is_some()
    }

    /// Stops the sheet being made.
    pub fn cancel(&mut self) {
        if let Some(making) = &self.making {
            making.control.cancel();
        }
    }

    /// The sheet being made is done (or gave up).
    pub fn finished(&mut self) {
        self.making = None;
    }

    /// The work of the sheet the dialog asks for, from `choices`, or why
    /// it cannot be made (a layout that does not fit is refused here,
    /// before any puzzle is made).
    pub fn job(&mut self, choices: PrintChoices) -> Result<SheetJob, String> {
        let layout = SheetOptions {
            across: self.across,
            down: self.down,
            paper: self.paper,
            scale: 1.0,
        };
        let new = self.new_puzzles.then_some(choices.recipe).flatten();
        let (sample, count) = match &new {
            Some(recipe) => (recipe.blank(), self.count),
            None => (Some(choices.on_show.clone()), 1),
        };
        if let Some(sample) = sample {
            check_sheet_for(&sample, count, &layout, self.with_solutions)
                .map_err(|error| error.to_string())?;
        }
        let file_name = match &choices.on_show.game {
            Game::Goishi { .. } => "goishi-sheet.pdf",
            Game::Numbers { .. } => "numbers-sheet.pdf",
        };
        let (puzzles, wanted) = match new {
            Some(recipe) => {
                let new = SheetPuzzles::New {
                    recipe,
                    count: self.count,
                    seed: choices.seed,
                };
                (new, self.count)
            }
            None => (SheetPuzzles::OnShow(Box::new(choices.on_show)), 1),
        };
        let making = Making {
            control: Arc::new(Control::new()),
            made: Arc::new(AtomicUsize::new(0)),
            wanted,
        };
        let job = SheetJob {
            puzzles,
            layout,
            with_solutions: self.with_solutions,
            control: Arc::clone(&making.control),
            made: Arc::clone(&making.made),
            language: i18n::current(),
            file_name: file_name.to_owned(),
        };
        self.making = Some(making);
        Ok(job)
    }

    /// Draws the dialog when it is open; what the person asks goes to
    /// `out`. `can_print` says whether the mode on show has puzzles, and if
    /// so whether Generate can make new ones as it is set up.
    pub fn window(
        &mut self,
        ctx: &egui::Context,
        can_print: Option<bool>,
        out: &mut Vec<AppCommand>,
    ) {
        let mut open = self.open;
        egui::Window::new(tr!("print-title"))
            .open(&mut open)
            .resizable(false)
            .collapsible(false)
            .show(ctx, |ui| self.contents(ui, can_print, out));
        self.open = open;
        if self.making.is_some() {
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
    }

    fn contents(&mut self, ui: &mut egui::Ui, can_print: Option<bool>, out: &mut Vec<AppCommand>) {
        let Some(can_make) = can_print else {
            ui.label(tr!("print-no-puzzles"));
            return;
        };
        if !can_make {
            self.new_puzzles = false;
        }
        let making = self.making.is_some();
        ui.add_enabled_ui(!making, |ui| {
            ui.radio_value(&mut self.new_puzzles, false, tr!("print-on-show"));
            ui.add_enabled_ui(can_make, |ui| {
                ui.horizontal(|ui| {
                    ui.radio_value(&mut self.new_puzzles, true, tr!("print-new"));
                    let count = ui.add(egui::DragValue::new(&mut self.count).range(1..=MOST_NEW));
                    if count.changed() {
                        self.new_puzzles = true;
                    }
                });
            });
            let note = if can_make {
                tr!("print-new-like-generate")
            } else {
                tr!("print-new-not-offered")
            };
            ui.label(egui::RichText::new(note).weak());
            ui.horizontal(|ui| {
                let label = ui.label(tr!("print-boards-a-page"));
                ui.add(egui::DragValue::new(&mut self.across).range(1..=MOST_BOARDS_A_SIDE))
                    .labelled_by(label.id);
                ui.label(tr!("print-across"));
                ui.add(egui::DragValue::new(&mut self.down).range(1..=MOST_BOARDS_A_SIDE))
                    .labelled_by(label.id);
                ui.label(tr!("print-down"));
            });
            ui.checkbox(&mut self.with_solutions, tr!("print-with-solutions"));
            ui.horizontal(|ui| {
                ui.label(tr!("print-paper"));
                for paper in Paper::ALL {
                    let name = match paper {
                        Paper::A4 => tr!("print-paper-a4"),
                        Paper::Letter => tr!("print-paper-letter"),
                    };
                    ui.radio_value(&mut self.paper, paper, name);
                }
            });
        });
        ui.separator();
        match &self.making {
            Some(making) => {
                ui.horizontal(|ui| {
                    ui.spinner();
                    let made = making.made.load(Ordering::Relaxed).min(making.wanted);
                    ui.label(tr!("print-making", made = made, wanted = making.wanted));
                    if ui.button(tr!("cancel")).clicked() {
                        out.push(AppCommand::CancelSheet);
                    }
                });
            }
            None => {
                ui.horizontal(|ui| {
                    for to in [SheetTo::File, SheetTo::Viewer] {
                        let command = AppCommand::MakeSheet(to);
                        if ui
                            .button(command.label())
                            .on_hover_text(command.description())
                            .clicked()
                        {
                            out.push(command);
                        }
                    }
                });
            }
        }
    }
}

/// The seeds a sheet's new puzzles passed over, making no puzzle.
pub type Skipped = Vec<u64>;

impl SheetJob {
    /// The sheet as a PDF with the seeds its new puzzles passed over, or
    /// why not; `Ok(None)` when it was cancelled.
    pub fn make(&self) -> Result<Option<(Vec<u8>, Skipped)>, String> {
        i18n::set(self.language);
        let control = &self.control;
        let (puzzles, skipped) = match &self.puzzles {
            SheetPuzzles::OnShow(puzzle) => (vec![(**puzzle).clone()], Vec::new()),
            SheetPuzzles::New {
                recipe,
                count,
                seed,
            } => {
                let made = |made| self.made.store(made, Ordering::Relaxed);
                match recipe.make(*count, *seed, control, made) {
                    Outcome::Done(result) => {
                        let made = result.map_err(|error| error.to_string())?;
                        (made.puzzles, made.skipped)
                    }
                    Outcome::Cancelled => return Ok(None),
                }
            }
        };
        let puzzles = if self.with_solutions {
            match solved(puzzles, control) {
                Outcome::Done(puzzles) => puzzles,
                Outcome::Cancelled => return Ok(None),
            }
        } else {
            puzzles
        };
        self.made.store(puzzles.len(), Ordering::Relaxed);
        print_sheet(&puzzles, &self.layout, self.with_solutions)
            .map(|bytes| Some((bytes, skipped)))
            .map_err(|error| error.to_string())
    }
}
