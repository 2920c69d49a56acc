//! Playing a path move by move: play/pause, single steps, a slider to any
//! move, speed and looping, with Space, Left/Right and Home/End as keys.

use eframe::egui::{self, Key, Modifiers};

/// Slowest and fastest playback, in moves per second.
const SPEED_RANGE: std::ops::RangeInclusive<f32> = 0.5..=100_000.0;

/// The playback state of one path.
#[derive(Debug, Clone, PartialEq)]
pub struct Animation {
    len: usize,
    shown: usize,
    playing: bool,
    /// Fractional moves accumulated between frames.
    carry: f32,
}

impl Default for Animation {
    fn default() -> Self {
        Self {
            len: 0,
            shown: 0,
            playing: false,
            carry: 0.0,
        }
    }
}

impl Animation {
    /// Starts a new path of `len` positions: from its first position and
    /// playing, or fully shown and paused.
    pub fn restart(&mut self, len: usize, play: bool) {
        self.len = len;
        self.carry = 0.0;
        self.playing = play && len > 1;
        self.shown = if self.playing { len.min(1) } else { len };
    }

    /// Follows a path that grows or shrinks one move at a time (play mode),
    /// always showing all of it.
    pub fn follow(&mut self, len: usize) {
        self.len = len;
        self.shown = len;
        self.playing = false;
    }

    /// How many positions are shown.
    pub fn shown(&self) -> usize {
        self.shown
    }

    #[cfg(test)]
    /// Whether the animation runs.
    pub fn is_playing(&self) -> bool {
        self.playing
    }

    #[cfg(test)]
    /// Whether every position is shown.
    pub fn is_complete(&self) -> bool {
        self.shown == self.len
    }

    fn set_shown(&mut self, shown: usize) {
        self.shown = shown.clamp(self.len.min(1), self.len);
        self.carry = 0.0;
    }

    /// Stops playing and shows the first `shown` positions.
    fn jump(&mut self, shown: usize) {
        self.playing = false;
        self.set_shown(shown);
    }

    fn toggle_play(&mut self) {
        if self.playing {
            self.playing = false;
        } else if self.len > 1 {
            if self.shown == self.len {
                self.shown = 1;
            }
            self.playing = true;
        }
    }

    /// Advances by the time since the last frame and keeps frames coming
    /// while playing.
    pub fn tick(&mut self, ctx: &egui::Context, moves_per_second: f32, looping: bool) {
        if self.playing {
            // Capped so that a stalled frame does not jump far ahead.
            let dt = ctx.input(|i| i.stable_dt).min(0.25);
            self.advance(dt, moves_per_second, looping);
            ctx.request_repaint();
        }
    }

    /// Advances a playing animation by `dt` seconds.
    fn advance(&mut self, dt: f32, moves_per_second: f32, looping: bool) {
        self.carry += dt * moves_per_second;
        let whole = self.carry.floor();
        self.carry -= whole;
        let next = self.shown.saturating_add(whole as usize);
        if next < self.len {
            self.shown = next;
        } else if looping {
            self.shown = self.len.min(1);
        } else {
            self.shown = self.len;
            self.playing = false;
        }
    }

    /// Space, Left/Right, Home/End, unless a text field has the keyboard.
    /// The keys are consumed, so a focused button or slider does not also
    /// act on them (Space would otherwise press the button clicked last,
    /// which keeps the keyboard focus).
    pub fn handle_keys(&mut self, ctx: &egui::Context) {
        if ctx.text_edit_focused() || self.len == 0 {
            return;
        }
        let pressed = |key| ctx.input_mut(|i| i.consume_key(Modifiers::NONE, key));
        if pressed(Key::Space) {
            self.toggle_play();
        }
        let target = if pressed(Key::ArrowRight) {
            Some(self.shown + 1)
        } else if pressed(Key::ArrowLeft) {
            Some(self.shown.saturating_sub(1))
        } else if pressed(Key::Home) {
            Some(1)
        } else if pressed(Key::End) {
            Some(self.len)
        } else {
            None
        };
        if let Some(target) = target {
            self.jump(target);
        }
    }

    /// The playback controls: buttons, move slider, speed and loop.
    pub fn controls(&mut self, ui: &mut egui::Ui, moves_per_second: &mut f32, looping: &mut bool) {
        ui.add_enabled_ui(self.len > 0, |ui| {
            ui.horizontal(|ui| {
                if ui
                    .button("First")
                    .on_hover_text("First move (Home)")
                    .clicked()
                {
                    self.jump(1);
                }
                if ui
                    .button("Back")
                    .on_hover_text("Step back (Left)")
                    .clicked()
                {
                    self.jump(self.shown.saturating_sub(1));
                }
                let play_label = if self.playing { "Pause" } else { "Play" };
                if ui.button(play_label).on_hover_text("Space").clicked() {
                    self.toggle_play();
                }
                if ui
                    .button("Forward")
                    .on_hover_text("Step forward (Right)")
                    .clicked()
                {
                    self.jump(self.shown + 1);
                }
                if ui.button("Last").on_hover_text("Last move (End)").clicked() {
                    self.jump(self.len);
                }
            });
            let mut shown = self.shown;
            let slider =
                egui::Slider::new(&mut shown, self.len.min(1)..=self.len.max(1)).text("Move");
            if ui.add(slider).changed() {
                self.jump(shown);
            }
            ui.add(
                egui::Slider::new(moves_per_second, SPEED_RANGE)
                    .logarithmic(true)
                    .text("Moves/s"),
            );
            ui.checkbox(looping, "Loop");
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stepping_stays_within_the_path() {
        let mut animation = Animation::default();
        animation.restart(5, false);
        assert_eq!(animation.shown(), 5);
        animation.set_shown(9);
        assert_eq!(animation.shown(), 5);
        animation.set_shown(0);
        assert_eq!(animation.shown(), 1);
    }

    #[test]
    fn playing_from_the_end_starts_over() {
        let mut animation = Animation::default();
        animation.restart(4, false);
        animation.toggle_play();
        assert!(animation.is_playing());
        assert_eq!(animation.shown(), 1);
    }

    #[test]
    fn playing_advances_with_time_and_stops_at_the_end() {
        let mut animation = Animation::default();
        animation.restart(10, true);
        animation.advance(0.5, 8.0, false);
        assert_eq!(animation.shown(), 5);
        animation.advance(0.1, 8.0, false);
        assert_eq!(animation.shown(), 5, "0.8 of a move is carried over");
        animation.advance(0.1, 8.0, false);
        assert_eq!(animation.shown(), 6);
        animation.advance(10.0, 8.0, false);
        assert_eq!(animation.shown(), 10);
        assert!(!animation.is_playing());
    }

    #[test]
    fn looping_starts_over() {
        let mut animation = Animation::default();
        animation.restart(3, true);
        animation.advance(1.0, 10.0, true);
        assert_eq!(animation.shown(), 1);
        assert!(animation.is_playing());
    }
}
