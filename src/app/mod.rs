//! The desktop window: a mode bar on top, the controls of the current mode on
//! the left, the board canvas in the middle and a status bar at the bottom.
//!
//! The UI thread only draws and reacts. Solvers run in [`jobs::JobSlot`],
//! dialogs, reads and writes in [`files::FileTasks`]; both wake the window
//! when they have something to say, and it polls them at the start of every
//! frame.

mod animation;
mod browse;
mod canvas;
pub mod export;
mod files;
mod goishi_panel;
mod jobs;
mod knight_panel;
mod settings;
mod status;
#[cfg(test)]
mod tests;

use std::time::Duration;

use eframe::egui::{self, Key, KeyboardShortcut, Modifiers};

use files::{FileEvent, FileTasks};
use goishi_panel::GoishiPanel;
use jobs::{Finished, Found, JobSlot, Update};
use knight_panel::KnightPanel;
use settings::{Mode, Settings};
use status::{Notice, StatusBar};

/// Opens the window and runs until it closes.
pub fn run() -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("gridtour")
            .with_inner_size([1100.0, 760.0])
            .with_min_inner_size([640.0, 480.0])
            .with_drag_and_drop(true),
        // Boards are flat colours, where dithering changes nothing visible;
        // without it a software renderer shades every pixel faster.
        dithering: false,
        // OpenGL through glow: with Mesa's software rasteriser (no GPU, or a
        // remote display) it paints this window several times faster than
        // wgpu does, which keeps the frame rate up while a count fills both
        // cores.
        renderer: eframe::Renderer::Glow,
        ..Default::default()
    };
    eframe::run_native(
        "gridtour",
        options,
        Box::new(|creation| Ok(Box::new(GridtourApp::new(Settings::load(creation.storage))))),
    )
}

/// How often the settings and the boards are written to disk while the
/// window is open (they are also written when it closes), so that a crash
/// or a killed process loses at most a few seconds of editing.
const AUTO_SAVE_INTERVAL: Duration = Duration::from_secs(5);

const OPEN: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::O);
const EXPORT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::S);
const UNDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);

/// The whole application state.
pub struct GridtourApp {
    settings: Settings,
    knight: KnightPanel,
    goishi: GoishiPanel,
    jobs: JobSlot,
    files: FileTasks,
    status: StatusBar,
}

impl GridtourApp {
    /// A window in the state `settings` describe.
    pub fn new(mut settings: Settings) -> Self {
        Self {
            knight: KnightPanel::new(&settings),
            goishi: GoishiPanel::new(&mut settings),
            settings,
            jobs: JobSlot::default(),
            files: FileTasks::default(),
            status: StatusBar::default(),
        }
    }

    /// Copies the boards a person may have made into the settings, so that
    /// storing the settings keeps them.
    fn remember_boards(&mut self) {
        self.knight.remember(&mut self.settings);
        self.goishi.remember(&mut self.settings);
    }

    /// One frame: takes in background results, handles shortcuts and draws.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        self.status.count_frame(&ctx);
        // eframe saves only during a frame: an idle window still needs one
        // now and then for its periodic save.
        ctx.request_repaint_after(AUTO_SAVE_INTERVAL);
        self.take_job_updates();
        self.take_file_events();
        self.take_dropped_files(&ctx);
        self.shortcuts(&ctx);
        self.tick(&ctx);

        egui::Panel::top("mode-bar").show(ui, |ui| self.mode_bar(ui));
        egui::Panel::bottom("status-bar").show(ui, |ui| {
            self.status.show(ui, &self.jobs, &self.files);
        });
        egui::Panel::left("controls")
            .default_size(300.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| match self.settings.mode {
                    Mode::Knight => self.knight.controls(ui, &mut self.jobs, &mut self.settings),
                    Mode::Goishi => self.goishi.controls(
                        ui,
                        &mut self.jobs,
                        &mut self.files,
                        &mut self.settings,
                    ),
                });
            });
        egui::CentralPanel::default().show(ui, |ui| {
            self.status.hovered = match self.settings.mode {
                Mode::Knight => self
                    .knight
                    .canvas(ui, &mut self.jobs, &self.settings)
                    .map(|square| self.knight.board().square_name(square)),
                Mode::Goishi => self
                    .goishi
                    .canvas(ui, &self.settings)
                    .map(|point| format!("({}, {})", point.x, point.y)),
            };
        });
        // A job started on a board that has changed since would show
        // results that no longer fit it.
        self.knight.job_owner.drop_stale_job(&mut self.jobs);
        self.goishi.job_owner.drop_stale_job(&mut self.jobs);
    }

    fn mode_bar(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.settings.mode, Mode::Knight, "Knight's tour");
            ui.selectable_value(&mut self.settings.mode, Mode::Goishi, "Goishi Hiroi");
            ui.separator();
            if ui
                .button("Open…")
                .on_hover_text("Open a Goishi puzzle (Ctrl+O)")
                .clicked()
            {
                self.open_dialog(&ctx);
            }
            if ui.button("Export…").on_hover_text("Ctrl+S").clicked() {
                self.export_dialog(&ctx);
            }
            if ui
                .add_enabled(self.jobs.is_running(), egui::Button::new("Cancel"))
                .on_hover_text("Esc")
                .clicked()
            {
                self.cancel_job();
            }
        });
    }

    /// Space, arrows, Home/End for the animation; Esc cancels; Ctrl+O,
    /// Ctrl+S and Ctrl+Z.
    fn shortcuts(&mut self, ctx: &egui::Context) {
        // A text field keeps Ctrl+Z for its own undo.
        let typing = ctx.text_edit_focused();
        let (open, export, undo, escape) = ctx.input_mut(|i| {
            (
                i.consume_shortcut(&OPEN),
                i.consume_shortcut(&EXPORT),
                !typing && i.consume_shortcut(&UNDO),
                i.key_pressed(Key::Escape),
            )
        });
        if open {
            self.open_dialog(ctx);
        }
        if export {
            self.export_dialog(ctx);
        }
        if undo {
            match self.settings.mode {
                Mode::Knight => self.knight.undo(),
                Mode::Goishi => self.goishi.undo(),
            }
        }
        if escape {
            self.cancel_job();
        }
        match self.settings.mode {
            Mode::Knight => self.knight.animation.handle_keys(ctx),
            Mode::Goishi => self.goishi.animation.handle_keys(ctx),
        }
    }

    /// Cancel button and Esc: stops the job and tells the mode that ran it.
    fn cancel_job(&mut self) {
        match self.jobs.cancel() {
            Some(Mode::Knight) => self.knight.cancelled(),
            Some(Mode::Goishi) => self.goishi.cancelled(),
            None => {}
        }
    }

    fn tick(&mut self, ctx: &egui::Context) {
        let (speed, looping) = (self.settings.moves_per_second, self.settings.looping);
        match self.settings.mode {
            Mode::Knight => self.knight.animation.tick(ctx, speed, looping),
            Mode::Goishi => self.goishi.animation.tick(ctx, speed, looping),
        }
    }

    fn open_dialog(&mut self, ctx: &egui::Context) {
        self.settings.mode = Mode::Goishi;
        self.files
            .open_dialog(ctx, self.settings.last_directory.clone());
    }

    fn export_dialog(&mut self, ctx: &egui::Context) {
        let export = match self.settings.mode {
            Mode::Knight => self
                .knight
                .export(&self.settings)
                .map(|export| (export, self.knight.export_name())),
            Mode::Goishi => Some((
                self.goishi.export(&self.settings),
                self.goishi.export_name(),
            )),
        };
        match export {
            Some((export, name)) => {
                self.files
                    .save_dialog(ctx, self.settings.last_directory.clone(), name, export);
            }
            None => {
                self.status.notice =
                    Some(Notice::error("Nothing to export yet: find a tour first."));
            }
        }
    }

    /// Routes job results to the mode that started the job, whatever mode is
    /// on show now.
    fn take_job_updates(&mut self) {
        for update in self.jobs.poll() {
            match update {
                Update::Found(Found::KnightTour(tour)) => {
                    self.knight.on_found(tour, &self.settings)
                }
                Update::Found(Found::GoishiOrder(order)) => self.goishi.on_found(order),
                Update::Finished(None) => {}
                Update::Finished(Some(
                    finished @ (Finished::KnightSolve(_)
                    | Finished::KnightCount(_)
                    | Finished::FailingStarts(_)),
                )) => self.knight.on_finished(finished),
                Update::Finished(Some(finished)) => self.goishi.on_finished(finished),
            }
        }
    }

    fn take_file_events(&mut self) {
        for event in self.files.poll() {
            match event {
                FileEvent::Loaded { source, result } => match result {
                    Ok(loaded) => {
                        self.settings.mode = Mode::Goishi;
                        self.goishi
                            .loaded(loaded, source.clone(), &mut self.settings);
                        self.status.notice = Some(Notice::info(format!("Opened {source}")));
                    }
                    Err(error) => self.status.notice = Some(Notice::error(error)),
                },
                FileEvent::Saved { path, result } => {
                    self.status.notice = Some(match result {
                        Ok(()) => Notice::info(format!("Saved {}", path.display())),
                        Err(error) => Notice::error(error),
                    });
                }
                FileEvent::DirectoryChosen(directory) => {
                    self.settings.last_directory = Some(directory);
                }
                FileEvent::NoDialog(message) => {
                    self.status.notice = Some(Notice::error(message));
                }
            }
        }
    }

    /// Files dropped on the window are read as Goishi puzzles.
    fn take_dropped_files(&mut self, ctx: &egui::Context) {
        let dropped = ctx.input(|i| i.raw.dropped_files.clone());
        for file in dropped {
            self.files.open_path(ctx, file.path().to_path_buf());
        }
    }
}

/// Width and height fields for a board of at most `max` along each side.
fn size_controls(
    ui: &mut egui::Ui,
    id_salt: &str,
    (width, height): (&mut u32, &mut u32),
    max: u32,
) {
    egui::Grid::new(id_salt).num_columns(2).show(ui, |ui| {
        for (name, value) in [("Width", width), ("Height", height)] {
            let label = ui.label(name);
            ui.add(egui::DragValue::new(value).range(1..=max))
                .labelled_by(label.id);
            ui.end_row();
        }
    });
}

impl eframe::App for GridtourApp {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        self.status.frame_cpu_seconds = frame.info().cpu_usage;
        self.show(ui);
    }

    fn auto_save_interval(&self) -> Duration {
        AUTO_SAVE_INTERVAL
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        self.remember_boards();
        self.settings.store(storage);
    }
}
