//! The egui side of commands: buttons that take their label, hint and
//! enabled state from the command, and the keyboard read through the same
//! shortcuts.

use eframe::egui::{self, KeyboardShortcut, Modifiers};
use gridtour::english::group_digits;
use gridtour::render::Colour;

use super::command::{Command, Key, Shortcut};
use super::notice::Notice;
use super::session::{Common, Finds, Session, WatchStep};
use super::settings::ViewSettings;
use super::watch::{RunTarget, WATCH_SPEEDS};
use gridtour::pseudocode::Code;
use gridtour::replay::{Cell, Event, Landmark, Replay, Rule};
use gridtour::tr;

/// egui's name for `key`.
fn egui_key(key: Key) -> egui::Key {
    match key {
        Key::O => egui::Key::O,
        Key::P => egui::Key::P,
        Key::S => egui::Key::S,
        Key::Y => egui::Key::Y,
        Key::Z => egui::Key::Z,
        Key::Escape => egui::Key::Escape,
        Key::Space => egui::Key::Space,
        Key::ArrowLeft => egui::Key::ArrowLeft,
        Key::ArrowRight => egui::Key::ArrowRight,
        Key::Home => egui::Key::Home,
        Key::End => egui::Key::End,
        Key::Plus => egui::Key::Plus,
        Key::Minus => egui::Key::Minus,
        Key::Num0 => egui::Key::Num0,
        Key::F1 => egui::Key::F1,
        Key::H => egui::Key::H,
        Key::K => egui::Key::K,
    }
}

/// egui's form of `shortcut`.
fn egui_shortcut(shortcut: Shortcut) -> KeyboardShortcut {
    let mut modifiers = Modifiers::NONE;
    if shortcut.command {
        modifiers |= Modifiers::COMMAND;
    }
    if shortcut.shift {
        modifiers |= Modifiers::SHIFT;
    }
    KeyboardShortcut::new(modifiers, egui_key(shortcut.key))
}

/// Whether one of `command`'s shortcuts was pressed this frame; the key is
/// consumed so that nothing else acts on it. Modifiers must match exactly
/// (Ctrl+Shift+Z is redo, not undo), except that `+` may come with Shift,
/// which many keyboards need for it. Nothing is taken from a text field
/// that has the keyboard: it uses the same keys for its own editing.
pub fn pressed(ctx: &egui::Context, command: &impl Command) -> bool {
    if ctx.text_edit_focused() {
        return false;
    }
    command.shortcuts().iter().any(|&shortcut| {
        let wanted = egui_shortcut(shortcut);
        let keys: &[egui::Key] = if shortcut.key == Key::Plus {
            &[egui::Key::Plus, egui::Key::Equals]
        } else {
            &[wanted.logical_key]
        };
        ctx.input_mut(|input| {
            let before = input.events.len();
            input.events.retain(|event| {
                !matches!(event, egui::Event::Key { key, modifiers, pressed: true, .. }
                if keys.contains(key)
                    && if shortcut.key == Key::Plus {
                        modifiers.matches_logically(wanted.modifiers)
                    } else {
                        modifiers.matches_exact(wanted.modifiers)
                    })
            });
            input.events.len() < before
        })
    })
}

/// A button for `command`: its label, greyed out unless `enabled`, its
/// description and key as hover text. Returns whether it was clicked.
pub fn button(ui: &mut egui::Ui, command: &impl Command, enabled: bool) -> bool {
    button_sized(ui, command, enabled, egui::Vec2::ZERO)
}

/// [`button`] at least `min_size` large, so that buttons whose label
/// changes (Play / Pause) keep their place and size.
pub fn button_sized(
    ui: &mut egui::Ui,
    command: &impl Command,
    enabled: bool,
    min_size: egui::Vec2,
) -> bool {
    ui.add_enabled(
        enabled,
        egui::Button::new(command.label()).min_size(min_size),
    )
    .on_hover_text(command.hint())
    .on_disabled_hover_text(command.hint())
    .clicked()
}

/// The width of a button that shows any of `commands`' labels: a button
/// whose label changes (Play / Pause) takes it, and keeps its place and
/// size in every language.
pub fn widest_button(ui: &egui::Ui, commands: &[&dyn Command]) -> f32 {
    let padding = 2.0 * ui.spacing().button_padding.x;
    commands
        .iter()
        .map(|command| {
            egui::WidgetText::from(command.label())
                .into_galley(
                    ui,
                    Some(egui::TextWrapMode::Extend),
                    f32::INFINITY,
                    egui::TextStyle::Button,
                )
                .size()
                .x
                + padding
        })
        .fold(ui.spacing().interact_size.x, f32::max)
}

/// Width and height fields for a board of at most `max` a side. Returns a
/// new size once the person has finished changing it (the drag ended or
/// the field lost focus), so that one resize is one step of the history.
/// `pending` holds the value while it is being changed.
pub fn size_fields(
    ui: &mut egui::Ui,
    id_salt: &str,
    current: (u32, u32),
    pending: &mut Option<(u32, u32)>,
    max: u32,
) -> Option<(u32, u32)> {
    let (mut width, mut height) = pending.unwrap_or(current);
    let mut busy = false;
    egui::Grid::new(id_salt).num_columns(2).show(ui, |ui| {
        for (name, value) in [(tr!("width"), &mut width), (tr!("height"), &mut height)] {
            let label = ui.label(name);
            let field = ui
                .add(egui::DragValue::new(value).range(1..=max))
                .labelled_by(label.id);
            busy |= field.dragged() || field.has_focus();
            ui.end_row();
        }
    });
    if (width, height) == current {
        *pending = None;
        return None;
    }
    if busy {
        *pending = Some((width, height));
        return None;
    }
    *pending = None;
    Some((width, height))
}

/// A row of buttons for `commands`, each enabled when `can` says so; the
/// one clicked goes to `out`.
pub fn button_row<C: Command>(
    ui: &mut egui::Ui,
    commands: impl IntoIterator<Item = C>,
    can: impl Fn(&C) -> bool,
    out: &mut Vec<C>,
) {
    // Wrapped: a row wider than the panel goes on below, never widens it.
    ui.horizontal_wrapped(|ui| {
        for command in commands {
            if button(ui, &command, can(&command)) {
                out.push(command);
            }
        }
    });
}

/// `colour` of the shared style, for egui.
pub fn colour(colour: Colour) -> egui::Color32 {
    egui::Color32::from_rgb(colour.red, colour.green, colour.blue)
}

/// The foot of a mode's controls: the answer of its last job and the
/// notice on show, each whole (wrapped, never cut). They come last so that
/// no control moves when an answer arrives.
pub fn result_area(ui: &mut egui::Ui, result: Option<&str>, notice: Option<&Notice>) {
    if result.is_none() && notice.is_none() {
        return;
    }
    ui.separator();
    if let Some(result) = result {
        ui.label(egui::RichText::new(result).strong());
    }
    if let Some(notice) = notice {
        ui.label(notice_text(ui, notice));
    }
}

/// `notice` in its colour: red for a failure.
pub fn notice_text(ui: &egui::Ui, notice: &Notice) -> egui::RichText {
    let colour = if notice.error {
        egui::Color32::from_rgb(220, 50, 50)
    } else {
        ui.visuals().text_color()
    };
    egui::RichText::new(notice.text()).color(colour)
}

/// Previous and Next through what a search kept, and which is on show.
pub fn found_browser<S: Session<Command: Command>>(
    ui: &mut egui::Ui,
    session: &S,
    out: &mut Vec<S::Command>,
) {
    button_row(
        ui,
        [Common::PreviousFound, Common::NextFound].map(S::Command::from),
        |command| session.can(command),
        out,
    );
    ui.label(match (session.found(), S::FINDS) {
        (Some((index, kept)), Finds::Tours) => tr!(
            "showing-tour",
            index = group_digits(index as u64),
            kept = group_digits(kept as u64)
        ),
        (Some((index, found)), Finds::Solutions) => tr!(
            "showing-solution",
            index = group_digits(index as u64),
            found = group_digits(found as u64)
        ),
        (None, Finds::Tours) => tr!("no-tours-kept").to_owned(),
        (None, Finds::Solutions) => tr!("no-solutions-kept").to_owned(),
    });
}

/// The playback controls shared by both modes: First, Back, Play or Pause
/// (one place, one size), Forward, Last, the move slider, speed and loop.
/// Steps that cannot act now are greyed out; the step or slider position
/// chosen, if any, comes back for the mode to wrap in its command.
pub fn playback(
    ui: &mut egui::Ui,
    session: &impl Session,
    settings: &mut super::settings::ViewSettings,
) -> Option<Common> {
    use super::command::Step;
    let (shown, len) = session.position();
    let playing = session.is_playing();
    let can = |step| session.can_common(Common::Step(step));
    let mut request = None;
    let play_pause = if playing { Step::Pause } else { Step::Play };
    let play_width = widest_button(ui, &[&Step::Play, &Step::Pause]);
    ui.horizontal_wrapped(|ui| {
        for command in [
            Step::First,
            Step::Back,
            play_pause,
            Step::Forward,
            Step::Last,
        ] {
            let min = if command == play_pause {
                egui::vec2(play_width, 0.0)
            } else {
                egui::Vec2::ZERO
            };
            if button_sized(ui, &command, can(command), min) {
                request = Some(Common::Step(command));
            }
        }
    });
    ui.add_enabled_ui(len > 0, |ui| {
        let mut position = shown;
        let slider = egui::Slider::new(&mut position, len.min(1)..=len.max(1))
            .text(tr!("seek"))
            .custom_formatter(|n, _| group_digits(n as u64))
            .custom_parser(|text| text.replace([',', '_', ' '], "").parse().ok());
        if ui.add(slider).changed() {
            request = Some(Common::Seek(position));
        }
        ui.add(
            egui::Slider::new(&mut settings.moves_per_second, 0.5..=100_000.0)
                .logarithmic(true)
                .text(tr!("moves-per-second")),
        );
        ui.checkbox(&mut settings.looping, tr!("loop"));
        ui.checkbox(&mut settings.within_a_minute, tr!("within-a-minute"))
            .on_hover_text(tr!("within-a-minute-does"));
        let playing = settings.playing_speed(len);
        if playing > settings.moves_per_second {
            ui.label(tr!(
                "playing-faster",
                speed = group_digits(playing.round() as u64)
            ));
        }
    });
    request
}

/// The panel of a search being watched, the same in both modes: what the
/// search just did, its counters, the watch's buttons and its speed.
/// `name` names a cell as the mode does (a square, a point).
pub fn watch_panel<S: Session<Command: Command>>(
    ui: &mut egui::Ui,
    session: &S,
    (view, code): (&mut ViewSettings, Code),
    name: impl Fn(Cell) -> String,
    out: &mut Vec<S::Command>,
) {
    let Some(watch) = session.core().watch.as_ref() else {
        return;
    };
    let replay = watch.replay();
    ui.label(egui::RichText::new(last_step_words(replay.last(), &name)).strong());
    counters_grid(ui, "watch-counters", replay);
    watch_buttons(
        ui,
        session,
        watch.is_paused(),
        &[
            WatchStep::Back,
            WatchStep::Forward,
            WatchStep::Close,
            WatchStep::SaveAnimation,
        ],
        out,
    );
    let watch_command = |step| S::Command::from(Common::Watch(step));
    // Run forward or back to the next dead end, pruning, ... of the
    // kind chosen.
    // Only the kinds this search can meet are offered; the one chosen in
    // another search stays chosen for it.
    let met = Landmark::ALL
        .into_iter()
        .filter(|&landmark| code.meets(landmark));
    let landmark = if code.meets(view.watch_landmark) {
        view.watch_landmark
    } else {
        met.clone().next().unwrap_or(view.watch_landmark)
    };
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(tr!("watch-jump-to"));
        egui::ComboBox::from_id_salt("watch-landmark")
            .selected_text(landmark.words())
            .show_ui(ui, |ui| {
                for choice in met {
                    if ui
                        .selectable_label(choice == landmark, choice.words())
                        .clicked()
                    {
                        view.watch_landmark = choice;
                    }
                }
            })
            .response
            .labelled_by(label.id);
    });
    button_row(
        ui,
        [WatchStep::RunBack(landmark), WatchStep::RunTo(landmark)].map(watch_command),
        |command| session.can(command),
        out,
    );
    speed_slider(ui, view);
    // One line in one place, whether the search runs or is over, so that
    // nothing below it moves when it ends.
    ui.label(match watch.running_to() {
        _ if watch.is_over() => tr!("watch-over").to_owned(),
        Some(RunTarget::Landmark(landmark)) => {
            tr!("watch-running-to", landmark = landmark.words())
        }
        Some(RunTarget::Take { cell, .. }) => tr!("watch-running-to-take", cell = name(cell)),
        None if watch.is_paused() => tr!("watch-paused").to_owned(),
        None => tr!("watch-running").to_owned(),
    });
    // Last, so that opening or closing it moves none of the controls.
    code_panel(ui, code, replay);
}

/// A watched search's six counters, a row each, in a grid named `id`.
pub fn counters_grid(ui: &mut egui::Ui, id: impl egui::AsIdSalt, replay: &Replay) {
    let counters = replay.counters();
    egui::Grid::new(id).num_columns(2).show(ui, |ui| {
        for (label, does, value) in [
            (tr!("watch-steps"), tr!("watch-steps-does"), counters.steps),
            (
                tr!("watch-depth"),
                tr!("watch-depth-does"),
                replay.path().len() as u64,
            ),
            (
                tr!("watch-backtracks"),
                tr!("watch-backtracks-does"),
                counters.backtracks,
            ),
            (
                tr!("watch-dead-ends"),
                tr!("watch-dead-ends-does"),
                counters.dead_ends,
            ),
            (
                tr!("watch-prunings"),
                tr!("watch-prunings-does"),
                counters.prunings,
            ),
            (
                tr!("watch-restarts"),
                tr!("watch-restarts-does"),
                counters.restarts,
            ),
        ] {
            ui.label(label).on_hover_text(does);
            ui.monospace(group_digits(value));
            ui.end_row();
        }
    });
}

/// The controls of searches compared side by side: hold, step, close, and
/// the pace they keep.
pub fn lanes_panel<S: Session<Command: Command>>(
    ui: &mut egui::Ui,
    session: &S,
    view: &mut ViewSettings,
    out: &mut Vec<S::Command>,
) {
    let Some(lanes) = session.core().lanes.as_ref() else {
        return;
    };
    watch_buttons(
        ui,
        session,
        lanes.is_paused(),
        &[WatchStep::Back, WatchStep::Forward, WatchStep::Close],
        out,
    );
    speed_slider(ui, view);
    ui.label(match (lanes.is_over(), lanes.is_paused()) {
        (true, _) => tr!("lanes-over"),
        (false, true) => tr!("lanes-paused"),
        (false, false) => tr!("lanes-running"),
    });
}

/// Pause (or Go on, in the same place) and then the buttons of `steps`.
fn watch_buttons<S: Session<Command: Command>>(
    ui: &mut egui::Ui,
    session: &S,
    paused: bool,
    steps: &[WatchStep],
    out: &mut Vec<S::Command>,
) {
    let hold = if paused {
        WatchStep::Resume
    } else {
        WatchStep::Pause
    };
    let watch_command = |step| S::Command::from(Common::Watch(step));
    // Pause and Go on share one place and one size: the buttons after
    // them stay under the pointer.
    let hold_width = widest_button(
        ui,
        &[
            &watch_command(WatchStep::Pause),
            &watch_command(WatchStep::Resume),
        ],
    );
    ui.horizontal_wrapped(|ui| {
        let command = watch_command(hold);
        if button_sized(
            ui,
            &command,
            session.can(&command),
            egui::vec2(hold_width, 0.0),
        ) {
            out.push(command);
        }
        for &step in steps {
            let command = watch_command(step);
            if button(ui, &command, session.can(&command)) {
                out.push(command);
            }
        }
    });
}

/// The watching speed, in steps a second, up to full speed.
fn speed_slider(ui: &mut egui::Ui, view: &mut ViewSettings) {
    ui.add(
        egui::Slider::new(&mut view.watch_speed, WATCH_SPEEDS)
            .logarithmic(true)
            .text(tr!("watch-speed"))
            .custom_formatter(|steps, _| {
                if steps >= f64::from(*WATCH_SPEEDS.end()) {
                    tr!("watch-full-speed").to_owned()
                } else {
                    group_digits(steps.round() as u64)
                }
            }),
    );
}

/// Points a line of code is indented for each level.
const CODE_INDENT: f32 = 14.0;

/// The search's code, with the line the step on show ran lit.
fn code_panel(ui: &mut egui::Ui, code: Code, replay: &Replay) {
    let lit = replay
        .last()
        .and_then(|event| code.line_of(event, replay.path().len()));
    egui::CollapsingHeader::new(tr!("watch-code"))
        .default_open(true)
        .show(ui, |ui| {
            for (index, (depth, words)) in code.lines().into_iter().enumerate() {
                let text = egui::RichText::new(words);
                let text = if Some(index) == lit {
                    text.strong()
                        .color(ui.visuals().strong_text_color())
                        .background_color(ui.visuals().selection.bg_fill)
                } else {
                    text.weak()
                };
                ui.horizontal(|ui| {
                    ui.add_space(CODE_INDENT * f32::from(depth));
                    ui.add(egui::Label::new(text).wrap());
                });
            }
        });
}

/// What the step just shown did, in words.
pub fn last_step_words(last: Option<Event>, name: &impl Fn(Cell) -> String) -> String {
    match last {
        None => tr!("watch-starting").to_owned(),
        Some(Event::Take(cell)) => tr!("step-take", cell = name(cell)),
        Some(Event::GiveBack(cell)) => tr!("step-give-back", cell = name(cell)),
        Some(Event::DeadEnd(cell)) => tr!("step-dead-end", cell = name(cell)),
        Some(Event::Prune { at, rule }) => tr!(
            "step-prune",
            cell = name(at),
            rule = match rule {
                Rule::Closing => tr!("rule-closing"),
                Rule::DeadEnds => tr!("rule-dead-ends"),
                Rule::Connectivity => tr!("rule-connectivity"),
                Rule::EndTooEarly => tr!("rule-end-too-early"),
                Rule::Stranded => tr!("rule-stranded"),
                Rule::Known => tr!("rule-known"),
            }
        ),
        Some(Event::Rotate { kept }) => tr!("step-rotate", kept = kept),
        Some(Event::Restart { .. }) => tr!("step-restart").to_owned(),
        Some(Event::Found) => tr!("step-found").to_owned(),
    }
}

/// A small checkerboard of `side` squares a side, `width` points wide, for
/// a rules picture in Help; returns its painter, its top left corner and
/// its squares' width.
pub fn rules_board(ui: &mut egui::Ui, side: u32, width: f32) -> (egui::Painter, egui::Pos2, f32) {
    use gridtour::render::STYLE;
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, width), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let cell = width / side as f32;
    for y in 0..side {
        for x in 0..side {
            let fill = colour(if (x + y) % 2 == 1 {
                STYLE.dark_square
            } else {
                STYLE.light_square
            });
            let min = rect.min + egui::vec2(x as f32 * cell, y as f32 * cell);
            painter.rect_filled(
                egui::Rect::from_min_size(min, egui::vec2(cell, cell)),
                0.0,
                fill,
            );
        }
    }
    (painter, rect.min, cell)
}
