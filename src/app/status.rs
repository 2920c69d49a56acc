//! The status bar: the running job's progress, a spinner while files are
//! read or written, the last message, the square under the pointer and the
//! frame rate with the CPU time of the last frame (to check that drawing
//! stays fast while solvers run).

use std::collections::VecDeque;

use eframe::egui::{self, Color32};

use super::files::FileTasks;
use super::jobs::JobSlot;

/// A message for the user; errors name what failed and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// The message.
    pub text: String,
    /// Whether something went wrong.
    pub error: bool,
}

impl Notice {
    /// A plain message.
    pub fn info(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            error: false,
        }
    }

    /// A failure, shown in red until the next message.
    pub fn error(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            error: true,
        }
    }
}

/// What the status bar shows besides the job.
#[derive(Debug, Default)]
pub struct StatusBar {
    /// The last message.
    pub notice: Option<Notice>,
    /// The name of the square or point under the pointer.
    pub hovered: Option<String>,
    /// Start times (seconds) of the frames painted in the last second.
    frame_times: VecDeque<f64>,
    /// CPU time of the previous frame as measured by eframe (build, layout,
    /// tessellation and painting), when running in a real window.
    pub frame_cpu_seconds: Option<f32>,
}

impl StatusBar {
    /// Notes that a frame is being painted now.
    pub fn count_frame(&mut self, ctx: &egui::Context) {
        let now = ctx.input(|i| i.time);
        self.frame_times.push_back(now);
        while self.frame_times.front().is_some_and(|&t| now - t > 1.0) {
            self.frame_times.pop_front();
        }
    }

    /// Draws the bar.
    pub fn show(&self, ui: &mut egui::Ui, jobs: &JobSlot, files: &FileTasks) {
        ui.horizontal(|ui| {
            if jobs.is_running() || files.is_busy() {
                ui.spinner();
            }
            ui.label(jobs.status_line());
            if let Some(notice) = &self.notice {
                ui.separator();
                let color = if notice.error {
                    Color32::from_rgb(220, 50, 50)
                } else {
                    ui.visuals().text_color()
                };
                ui.colored_label(color, &notice.text);
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if let Some(cpu) = self.frame_cpu_seconds {
                    ui.label(format!("{:.1} ms/frame", cpu * 1000.0));
                }
                // Only meaningful while frames come continuously.
                if self.frame_times.len() > 2 {
                    ui.label(format!("{} fps", self.frame_times.len()));
                }
                if let Some(hovered) = &self.hovered {
                    ui.separator();
                    ui.label(hovered);
                }
            });
        });
    }
}
