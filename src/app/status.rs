//! The status bar: the shown mode's job (its progress, or how it ended),
//! file work under way, the mode's notice, the square under the pointer and
//! the frame rate with the CPU time of the last frame (to check that drawing
//! stays fast while solvers run).

use std::collections::VecDeque;

use eframe::egui;

use super::notice::Notice;
use super::widgets;
use gridtour::job::Headway;
use gridtour::tr;

/// The longest pause between frames, in seconds, for which frames still
/// count as continuous.
const MAX_STEADY_FRAME_GAP: f64 = 0.25;

/// Points across the progress bar of a running job: room for
/// `42%, about 15 minutes left`.
const HEADWAY_WIDTH: f32 = 230.0;

/// What the status bar shows besides the job.
#[derive(Debug, Default)]
pub struct StatusBar {
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

    /// Frames painted in the last second, when they came continuously
    /// (an animation, a running job, a moving pointer). An idle window
    /// paints only now and then, and a rate would then read as sluggish.
    fn frame_rate(&self) -> Option<usize> {
        let times = &self.frame_times;
        let (first, last) = (times.front()?, times.back()?);
        let covers_a_second = last - first > 0.9;
        let steady = times
            .iter()
            .zip(times.iter().skip(1))
            .all(|(earlier, later)| later - earlier < MAX_STEADY_FRAME_GAP);
        (covers_a_second && steady).then_some(times.len())
    }

    /// Draws the bar: the job and the last notice on the left, the pointer
    /// and the frame figures on the right. The right side is laid out
    /// first, so a long notice is cut short (whole on hover) instead of
    /// running under it.
    ///
    /// A running job whose method knows how far it has got (see
    /// [`Headway`]) gets a progress bar at the line's start with the share
    /// done and the time left, which the cut can then never hide.
    pub fn show(
        &self,
        ui: &mut egui::Ui,
        job_line: &str,
        headway: Option<Headway>,
        notice: Option<&Notice>,
    ) {
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if let Some(cpu) = self.frame_cpu_seconds {
                ui.label(tr!("ms-per-frame", ms = format!("{:.1}", cpu * 1000.0)));
            }
            if let Some(rate) = self.frame_rate() {
                ui.label(tr!("frames-per-second", rate = rate));
            }
            if let Some(hovered) = &self.hovered {
                ui.separator();
                ui.label(hovered);
            }
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                // No spinner: it would repaint the window continuously, and
                // the job's counters and clock already show it is alive.
                // Cut to the room left by the labels on the right (the
                // whole line shows on hover).
                if let Some(headway) = headway {
                    ui.add(
                        egui::ProgressBar::new(headway.done)
                            .desired_width(HEADWAY_WIDTH)
                            .text(headway.to_string()),
                    );
                }
                ui.add(egui::Label::new(job_line).truncate());
                if let Some(notice) = notice {
                    ui.separator();
                    let text = widgets::notice_text(ui, notice);
                    ui.add(egui::Label::new(text).truncate());
                }
            });
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bar_with_frames_at(times: impl IntoIterator<Item = f64>) -> StatusBar {
        StatusBar {
            frame_times: times.into_iter().collect(),
            ..StatusBar::default()
        }
    }

    #[test]
    fn the_frame_rate_shows_only_while_frames_come_steadily() {
        let steady = bar_with_frames_at((0..60).map(|i| f64::from(i) / 59.0));
        assert_eq!(steady.frame_rate(), Some(60));
        let idle = bar_with_frames_at([0.0, 0.4, 0.95]);
        assert_eq!(idle.frame_rate(), None);
        let just_started = bar_with_frames_at((0..10).map(|i| f64::from(i) / 60.0));
        assert_eq!(just_started.frame_rate(), None);
    }
}
