//! The desktop window, shaped like egui's demo app and the mid end of a
//! puzzle collection. Each mode is a folder under `modes/`, listed once in
//! [`modes`], and shown as a [`pane::Pane`]: a session that owns the
//! mode's state and changes only through commands (no egui in it:
//! `modes/<mode>/session.rs`, on the shared core of [`session`]), the work
//! it runs on worker threads (`modes/<mode>/work.rs`), and a thin UI that
//! draws it (`modes/<mode>/ui.rs`). The window iterates its modes through
//! that one trait.
//! Commands given during a frame are applied once it is drawn; what they
//! ask of the outside world (a job, a dialog, the clipboard) comes back as
//! effects that this module carries out.
//!
//! Solvers run in [`jobs::JobSlot`], dialogs, reads and writes in
//! [`files::FileTasks`]; both wake the window when they have something to
//! say, and it polls them at the start of every frame, handing each report
//! to the mode that asked for the work.

mod app_command;
mod browse;
mod canvas;
mod clock;
mod command;
mod files;
mod fonts;
mod help;
mod intake;
mod jobs;
mod modes;
mod notice;
mod pane;
mod platform;
mod print;
mod said;
mod saving;
mod session;
mod settings;
mod shelf;
mod shelf_list;
mod status;
#[cfg(test)]
mod tests;
mod timeline;
mod watch;
mod widgets;
mod words;

#[cfg(not(target_arch = "wasm32"))]
pub use platform::run;

use std::ffi::OsString;
use web_time::{Duration, Instant};

use eframe::egui;

use gridtour::english;
use gridtour::job::{Resources, Urgency};
use gridtour::message::printable;
use gridtour::saved_state::{Saver, Trouble};

use app_command::AppCommand;
use command::{Command, Effect};
use files::{Export, FileTasks};
use gridtour::i18n::{self, Language};
use gridtour::tr;
use help::{Help, KeyRow, KeySection};
use jobs::{JobSlot, Stopped, Task, Update};
use modes::{Mode, Panes, Report, Work};
use notice::Notice;
use pane::Pane;
use print::{PrintDialog, SheetTo};
use said::Said;
use settings::{Earlier, Settings};
use status::StatusBar;

/// How often a running clock repaints the window: often enough that its
/// seconds never skip.
const CLOCK_REPAINT: Duration = Duration::from_millis(250);

/// How often a running job's counters repaint the window: ten times a
/// second reads as live, and leaves the cores to the job.
pub(crate) const PROGRESS_REPAINT: Duration = Duration::from_millis(100);

/// The whole application state.
pub struct GridtourApp {
    settings: Settings,
    panes: Panes,
    jobs: JobSlot<Work>,
    /// Quick checks beside the main job (see [`Effect::Advise`]).
    adviser: JobSlot<Work>,
    files: FileTasks,
    status: StatusBar,
    /// Commands given during this frame, applied once it is drawn.
    queue: Vec<AppCommand>,
    /// The window, to wake it from other threads; set on the first frame.
    ctx: egui::Context,
    /// What each mode's session looked like when last written into the
    /// settings (revision and shown length): a save every few seconds
    /// reads a large board again only after it changed, and a mode left
    /// alone keeps what another window saved.
    remembered: [Option<(u64, usize)>; Mode::ALL.len()],
    /// The Help window.
    help: Help,
    /// The Print dialog.
    print: PrintDialog,
    /// The mode the Print dialog was opened in, the only one it shows in.
    print_mode: Mode,
    /// Saves the settings, boards and shelf; `None` keeps them in this
    /// window only.
    saver: Option<Saver<Settings>>,
    /// What went wrong reading or saving them, while it is on show.
    state_trouble: Option<Trouble>,
    /// The settings as last sent to be saved.
    last_sent: Option<Settings>,
    /// When the next save is due.
    next_save: Instant,
    /// What an earlier version saved, kept until the state is first saved.
    earlier: Option<Earlier>,
    /// Whether eframe's storage still holds an earlier version's settings,
    /// which the state file now holds.
    forget_earlier_key: bool,
    /// Whether the line for a first run is on show.
    welcome: bool,
    /// The window's title as last set.
    title: String,
    /// A file or link given on the command line, opened on the first frame.
    opening: Option<OsString>,
    /// The language the window's fonts are set up for.
    fonts_for: Option<Language>,
    /// The system's language, for a window whose settings choose none.
    system_language: Language,
    /// Where closing the window stands while long work runs.
    closing: Closing,
    /// How long a job runs before closing the window asks first.
    ask_before_closing_after: Duration,
}

/// Closing the window while a job that has run for a while goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Closing {
    /// Nothing asked.
    #[default]
    NotAsked,
    /// Closing was asked for, and the window asks whether to stop the job.
    Asking,
    /// The person said to close anyway.
    Confirmed,
}

/// How long a job runs before closing the window asks first: work of a
/// minute or more is worth a question.
const ASK_BEFORE_CLOSING_AFTER: Duration = Duration::from_secs(60);

impl GridtourApp {
    /// A window in the state `settings` describe.
    pub fn new(mut settings: Settings) -> Self {
        let welcome = settings.first_run;
        Self {
            panes: Panes::new(&mut settings),
            settings,
            jobs: JobSlot::default(),
            adviser: JobSlot::default(),
            files: FileTasks::default(),
            status: StatusBar::default(),
            queue: Vec::new(),
            ctx: egui::Context::default(),
            remembered: [None; Mode::ALL.len()],
            help: Help::default(),
            print: PrintDialog::default(),
            print_mode: Mode::default(),
            saver: None,
            state_trouble: None,
            last_sent: None,
            next_save: Instant::now() + saving::AUTO_SAVE_INTERVAL,
            earlier: None,
            forget_earlier_key: false,
            welcome,
            title: String::new(),
            opening: None,
            fonts_for: None,
            system_language: Language::of_system(),
            closing: Closing::NotAsked,
            ask_before_closing_after: ASK_BEFORE_CLOSING_AFTER,
        }
    }

    /// The language the window speaks: the one chosen, else the system's.
    fn language(&self) -> Language {
        self.settings.language.unwrap_or(self.system_language)
    }

    /// The same window, as if the system spoke `language`.
    #[cfg(test)]
    pub fn with_system_language(self, language: Language) -> Self {
        Self {
            system_language: language,
            ..self
        }
    }

    /// The same window, opening `what` (a file, a knight link or a
    /// puzz.link URL) on its first frame.
    pub fn opening(self, what: OsString) -> Self {
        Self {
            opening: Some(what),
            ..self
        }
    }

    /// The same window, asking before closing once a job has run `after`.
    #[cfg(test)]
    pub fn asking_before_closing_after(self, after: Duration) -> Self {
        Self {
            ask_before_closing_after: after,
            ..self
        }
    }

    /// The same window, its jobs using `resources`.
    pub fn with_resources(self, resources: Resources) -> Self {
        Self {
            jobs: JobSlot::with_resources(resources.clone()),
            adviser: JobSlot::with_resources(resources),
            ..self
        }
    }

    /// The mode `mode`.
    fn pane(&self, mode: Mode) -> &dyn Pane {
        self.panes.get(mode)
    }

    /// The mode `mode`, to change it, and the settings beside it.
    fn pane_and_settings(&mut self, mode: Mode) -> (&mut dyn Pane, &mut Settings) {
        (self.panes.get_mut(mode), &mut self.settings)
    }

    /// The mode `mode`, to change it.
    fn pane_mut(&mut self, mode: Mode) -> &mut dyn Pane {
        self.pane_and_settings(mode).0
    }

    /// The mode on show.
    fn shown(&self) -> &dyn Pane {
        self.pane(self.settings.mode)
    }

    /// The mode on show, to change it.
    fn shown_mut(&mut self) -> &mut dyn Pane {
        self.pane_mut(self.settings.mode)
    }

    /// A closure that wakes the window, for file threads.
    fn waker(&self) -> impl Fn() + Send + Sync + 'static {
        let wake = platform::waker(&self.ctx);
        move || wake(true)
    }

    /// A closure that wakes the window for a job: at once for its result,
    /// at most [`PROGRESS_REPAINT`] apart for its counters. Every frame a
    /// software renderer paints takes CPU time from the job.
    fn job_waker(&self) -> impl Fn(Urgency) + Send + Sync + 'static {
        let wake = platform::waker(&self.ctx);
        move |urgency| wake(urgency == Urgency::Finished)
    }

    /// One frame: takes in background results and keys, draws, then
    /// applies the commands given while drawing.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        self.ctx = ctx.clone();
        let language = self.language();
        i18n::set(language);
        if self.fonts_for != Some(language) {
            ctx.set_fonts(fonts::definitions(language));
            self.fonts_for = Some(language);
        }
        self.status.count_frame(&ctx);
        // Saves happen during a frame: an idle window still needs one now
        // and then for its periodic save.
        ctx.request_repaint_after(saving::AUTO_SAVE_INTERVAL);
        self.autosave(Instant::now());
        if let Some(what) = self.opening.take() {
            self.open_given(what);
        }
        let busy =
            self.jobs.owner().is_some() || self.adviser.owner().is_some() || self.files.is_busy();
        platform::each_frame(&ctx, busy);
        self.take_job_updates();
        self.take_file_events();
        self.take_dropped_files(&ctx);
        self.take_pasted_links(&ctx);
        self.read_keys(&ctx);
        self.tick(&ctx);
        self.guard_closing(&ctx);

        egui::Panel::top("mode-bar").show(ui, |ui| self.mode_bar(ui));
        if self.state_trouble.is_some() || self.save_waiting() {
            egui::Panel::top("saved-state").show(ui, |ui| self.state_line(ui));
        }
        if self.welcome {
            egui::Panel::top("welcome").show(ui, |ui| self.welcome_line(ui));
        }
        egui::Panel::bottom("status-bar").show(ui, |ui| self.status_bar(ui));
        egui::Panel::left("controls")
            .default_size(300.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.controls(ui));
            });
        egui::CentralPanel::default().show(ui, |ui| self.canvas(ui));
        self.question(&ctx);
        self.closing_question(&ctx);
        let title = format!("gridtour — {}", self.shown().title());
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
        if self.help.open {
            let keys = self.key_sheet();
            help::window(&ctx, &mut self.help, self.settings.mode, &keys);
        }
        if self.print.open && self.print_mode == self.settings.mode {
            let mode = self.settings.mode;
            let (pane, settings) = self.pane_and_settings(mode);
            let can_print = pane
                .to_print(settings)
                .map(|choices| choices.recipe.is_some());
            let mut out = Vec::new();
            self.print.window(&ctx, can_print, &mut out);
            self.queue.extend(out);
        }
        let commands = std::mem::take(&mut self.queue);
        if !commands.is_empty() {
            // This frame shows the state before them: draw the next at once.
            ctx.request_repaint();
        }
        for command in commands {
            self.apply(command);
        }
    }

    fn controls(&mut self, ui: &mut egui::Ui) {
        let mut out = Vec::new();
        let (pane, settings) = self.pane_and_settings(self.settings.mode);
        pane.controls(ui, settings, &mut out);
        self.queue.extend(out);
    }

    fn canvas(&mut self, ui: &mut egui::Ui) {
        let mut out = Vec::new();
        let (pane, settings) = self.pane_and_settings(self.settings.mode);
        self.status.hovered = pane.canvas(ui, settings, &mut out);
        self.queue.extend(out);
    }

    /// What to do first, until the person does something.
    /// What went wrong with the saved state, or that a save waits for
    /// another window, worded now.
    fn state_line(&mut self, ui: &mut egui::Ui) {
        if self.save_waiting() {
            let path = self
                .saver
                .as_ref()
                .map(|saver| saver.path().display().to_string());
            let text = tr!(
                "state-save-waiting",
                path = printable(&path.unwrap_or_default())
            );
            ui.colored_label(ui.visuals().warn_fg_color, text);
        }
        let Some(trouble) = &self.state_trouble else {
            return;
        };
        let text = saving::trouble_words(trouble);
        ui.horizontal_wrapped(|ui| {
            ui.colored_label(ui.visuals().warn_fg_color, text);
            if ui.button(tr!("got-it")).clicked() {
                self.state_trouble = None;
            }
        });
    }

    fn welcome_line(&mut self, ui: &mut egui::Ui) {
        ui.horizontal_wrapped(|ui| {
            ui.label(self.settings.mode.welcome());
            if ui.button(tr!("got-it")).clicked() {
                self.welcome = false;
            }
        });
    }

    /// The bar at the top; on a narrow window it wraps onto a second line,
    /// so that every control stays within reach.
    fn mode_bar(&mut self, ui: &mut egui::Ui) {
        ui.horizontal_wrapped(|ui| {
            for mode in Mode::ALL {
                let command = AppCommand::Show(mode);
                if ui
                    .selectable_label(self.settings.mode == mode, command.label())
                    .on_hover_text(command.hint())
                    .clicked()
                {
                    self.queue.push(command);
                }
            }
            ui.separator();
            self.buttons(
                ui,
                &[
                    AppCommand::Open,
                    AppCommand::Export,
                    AppCommand::Print,
                    AppCommand::Help,
                ],
            );
            ui.separator();
            self.buttons(
                ui,
                &[
                    AppCommand::FitBoard,
                    AppCommand::ZoomIn,
                    AppCommand::ZoomOut,
                ],
            );
            // The job's controls next, so that Pause job turning into Resume
            // job moves nothing before it.
            ui.separator();
            let hold = if self.jobs.is_paused() {
                AppCommand::Resume
            } else {
                AppCommand::Pause
            };
            self.buttons(ui, &[AppCommand::Cancel]);
            let width = widgets::widest_button(ui, &[&AppCommand::Pause, &AppCommand::Resume]);
            if widgets::button_sized(ui, &hold, self.can(&hold), egui::vec2(width, 0.0)) {
                self.queue.push(hold);
            }
            ui.separator();
            self.language_menu(ui);
        });
    }

    /// The language choice, each language named in itself so that anyone
    /// can find their own; a choice is remembered.
    fn language_menu(&mut self, ui: &mut egui::Ui) {
        let shown = self.language();
        let mut chosen = shown;
        egui::ComboBox::from_label(tr!("language"))
            .selected_text(shown.endonym())
            .show_ui(ui, |ui| {
                for language in Language::ALL {
                    ui.selectable_value(&mut chosen, language, language.endonym());
                }
            })
            .response
            .on_hover_text(tr!("language-does"));
        if chosen != shown {
            self.settings.language = Some(chosen);
        }
    }

    /// A row of buttons, each enabled when its command can be given.
    fn buttons(&mut self, ui: &mut egui::Ui, commands: &[AppCommand]) {
        for command in commands {
            if widgets::button(ui, command, self.can(command)) {
                self.queue.push(command.clone());
            }
        }
    }

    /// The status bar: the shown mode's job (running, or how its last one
    /// ended), the other mode's running job, the shown mode's notice.
    fn status_bar(&mut self, ui: &mut egui::Ui) {
        let now = Instant::now();
        let mode = self.settings.mode;
        let (last, notice) = (self.shown().last_job(), self.shown().notice(now));
        let watched = self.shown().watched_steps();
        let (mut line, headway) = match (self.jobs.owner(), self.jobs.current()) {
            // A watched search has one counter, the panel's: its steps.
            (Some(owner), Some((label, _)))
                if owner == mode
                    && let Some(steps) = watched =>
            {
                (watch_line(label, steps), None)
            }
            _ if let (Some(steps), Some(last)) = (watched, last) => {
                (watch_line(&last.label, steps), None)
            }
            (Some(owner), Some((label, progress))) if owner == mode => {
                let counters = progress.to_string();
                let line = if self.jobs.is_paused() {
                    tr!("job-paused", label = label.words(), progress = counters)
                } else {
                    tr!("job-running", label = label.words(), progress = counters)
                };
                (line, progress.headway())
            }
            _ => (
                last.map_or_else(|| tr!("ready").to_owned(), jobs::JobEnd::line),
                None,
            ),
        };
        if let (Some(owner), Some((label, _))) = (self.jobs.owner(), self.jobs.current())
            && owner != mode
        {
            let other = AppCommand::Show(owner).label();
            line.push_str(&tr!(
                "other-mode-running",
                mode = other,
                label = label.words()
            ));
        }
        if let Some(notice) = notice {
            ctx_repaint_at_expiry(ui.ctx(), notice, now);
        }
        if self.files.is_busy() {
            line.push_str(tr!("files-busy"));
        }
        self.status.show(ui, &line, headway, notice);
    }

    /// Holds the window open when it is closed during a job that has run
    /// for a while ([`ASK_BEFORE_CLOSING_AFTER`]), to ask first.
    fn guard_closing(&mut self, ctx: &egui::Context) {
        if !ctx.input(|i| i.viewport().close_requested()) || self.closing == Closing::Confirmed {
            return;
        }
        let long = self
            .jobs
            .current()
            .is_some_and(|(_, progress)| progress.elapsed >= self.ask_before_closing_after);
        if long {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.closing = Closing::Asking;
        }
    }

    /// Whether to close while long work runs, as a modal.
    fn closing_question(&mut self, ctx: &egui::Context) {
        if self.closing != Closing::Asking {
            return;
        }
        let Some((label, progress)) = self.jobs.current() else {
            // The job ended meanwhile: nothing is lost by closing.
            self.closing = Closing::Confirmed;
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            return;
        };
        let text = tr!(
            "close-during-job",
            label = label.words(),
            time = i18n::duration_words(progress.elapsed.as_secs_f64())
        );
        let modal = egui::Modal::new(egui::Id::unique("closing")).show(ctx, |ui| {
            ui.set_max_width(360.0);
            ui.label(text);
            ui.horizontal(|ui| {
                for command in [AppCommand::KeepWorking, AppCommand::CloseAnyway] {
                    if widgets::button(ui, &command, true) {
                        self.queue.push(command);
                    }
                }
            });
        });
        if modal.should_close() && self.queue.is_empty() {
            self.queue.push(AppCommand::KeepWorking);
        }
    }

    /// The question a session puts before stopping long work, as a modal.
    fn question(&mut self, ctx: &egui::Context) {
        let Some((text, [confirm, dismiss])) = self.shown().question() else {
            return;
        };
        let modal = egui::Modal::new(egui::Id::unique("question")).show(ctx, |ui| {
            ui.set_max_width(360.0);
            ui.label(text);
            ui.horizontal(|ui| {
                for command in [&confirm, &dismiss] {
                    if widgets::button(ui, command, true) {
                        self.queue.push(command.clone());
                    }
                }
            });
        });
        if modal.should_close() && self.queue.is_empty() {
            self.queue.push(dismiss);
        }
    }

    /// Turns the keys pressed this frame into commands: the window's own,
    /// then the shown mode's undo, redo and playback steps (and Goishi's
    /// hint).
    fn read_keys(&mut self, ctx: &egui::Context) {
        if self.shown().question().is_some() {
            // The question's own keys (Esc) answer it.
            return;
        }
        // Escape closes Help first, as it closes the window on top anywhere.
        if self.help.open
            && ctx.input_mut(|input| input.consume_key(egui::Modifiers::NONE, egui::Key::Escape))
        {
            self.help.open = false;
        }
        for command in AppCommand::KEYED {
            if self.can(&command) && widgets::pressed(ctx, &command) {
                self.queue.push(command);
            }
        }
        let mode_keyed = self.shown().keyed();
        for command in mode_keyed {
            if self.can(&command) && widgets::pressed(ctx, &command) {
                self.queue.push(command);
            }
        }
    }

    /// The key sheet of the Help window, from the lists the keyboard is
    /// read from: the window's keys, those every mode has, then each
    /// mode's own.
    fn key_sheet(&self) -> Vec<KeySection> {
        let rows = |commands: &[AppCommand]| commands.iter().filter_map(KeyRow::of).collect();
        let mut sections = vec![KeySection {
            title: tr!("keys-window").to_owned(),
            rows: rows(&AppCommand::KEYED),
        }];
        let keyed: Vec<(Mode, Vec<AppCommand>)> = Mode::ALL
            .into_iter()
            .map(|mode| (mode, self.pane(mode).keyed()))
            .collect();
        let in_every_mode = |command: &AppCommand| {
            keyed.iter().all(|(_, commands)| {
                commands
                    .iter()
                    .any(|other| other.label() == command.label())
            })
        };
        let shared: Vec<AppCommand> = keyed[0]
            .1
            .iter()
            .filter(|c| in_every_mode(c))
            .cloned()
            .collect();
        sections.push(KeySection {
            title: tr!("keys-every-mode").to_owned(),
            rows: rows(&shared),
        });
        for (mode, commands) in &keyed {
            let own: Vec<AppCommand> = commands
                .iter()
                .filter(|c| !in_every_mode(c))
                .cloned()
                .collect();
            if !own.is_empty() {
                sections.push(KeySection {
                    title: mode.label().to_owned(),
                    rows: rows(&own),
                });
            }
        }
        sections
    }

    /// Whether `command` can be given now.
    fn can(&self, command: &AppCommand) -> bool {
        match command {
            AppCommand::Cancel => self.jobs.owner().is_some(),
            AppCommand::Pause => self.jobs.owner().is_some() && !self.jobs.is_paused(),
            AppCommand::Resume => self.jobs.is_paused(),
            AppCommand::MakeSheet(_) => !self.print.is_making(),
            AppCommand::CancelSheet => self.print.is_making(),
            AppCommand::Mode(own) => self.pane(own.mode()).can(command),
            _ => true,
        }
    }

    fn tick(&mut self, ctx: &egui::Context) {
        // Capped so that a stalled frame does not jump far ahead.
        let seconds = ctx.input(|i| i.stable_dt).min(0.25);
        let view = self.settings.view.clone();
        let playing = self.shown_mut().tick(seconds, &view);
        if playing {
            ctx.request_repaint();
        }
        // A player's clock runs only while its mode is shown in a window
        // in front.
        let in_front = ctx.input(|i| {
            let viewport = i.viewport();
            viewport.focused != Some(false) && viewport.minimized != Some(true)
        });
        let shown = self.settings.mode;
        for mode in Mode::ALL {
            self.pane_mut(mode).in_view(in_front && mode == shown);
        }
        if self.shown().ticking() {
            ctx.request_repaint_after(CLOCK_REPAINT);
        }
    }

    /// Carries out one command and what it asks for.
    fn apply(&mut self, command: AppCommand) {
        if matches!(command, AppCommand::Help | AppCommand::Mode(_)) {
            self.welcome = false;
        }
        match command {
            AppCommand::Show(mode) => self.settings.mode = mode,
            AppCommand::Open => {
                let wake = self.waker();
                self.files
                    .open_dialog(wake, self.settings.last_directory.clone());
            }
            AppCommand::Export => self.export_dialog(),
            AppCommand::Print => {
                let mode = self.settings.mode;
                self.print.open = !(self.print.open && self.print_mode == mode);
                self.print_mode = mode;
            }
            AppCommand::MakeSheet(to) => self.make_sheet(to),
            AppCommand::CancelSheet => self.print.cancel(),
            AppCommand::Cancel => {
                if let Some(stopped) = self.jobs.stop_for_later() {
                    self.stopped(stopped, None);
                }
            }
            AppCommand::Pause => self.jobs.set_paused(true),
            AppCommand::Resume => self.jobs.set_paused(false),
            AppCommand::FitBoard => self.view().fit(),
            AppCommand::Help => self.help.open = !self.help.open,
            AppCommand::ZoomIn => self.view().zoom_in(),
            AppCommand::ZoomOut => self.view().zoom_out(),
            AppCommand::CloseAnyway => {
                self.closing = Closing::Confirmed;
                self.ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            AppCommand::KeepWorking => self.closing = Closing::NotAsked,
            AppCommand::Mode(ref own) => {
                let mode = own.mode();
                let effects = self.pane_mut(mode).apply(command);
                self.carry_out(mode, effects);
            }
        }
    }

    fn view(&mut self) -> &mut canvas::View {
        self.shown_mut().view()
    }

    /// Carries out what `mode`'s session asked for.
    fn carry_out(&mut self, mode: Mode, effects: Vec<Effect<Work>>) {
        for effect in effects {
            match effect {
                Effect::Start(work) => self.start(work),
                Effect::Advise(work) => self.advise(work),
                Effect::EndAdvice => {
                    self.adviser.cancel_for(mode);
                }
                Effect::Cancel => self.drop_job(mode),
                Effect::Copy(link) => self.ctx.copy_text(gridtour::platform::shared_link(link)),
                Effect::SaveTrace(mut export) => {
                    export.scene.labels = self.settings.view.show_labels;
                    let wake = self.waker();
                    let directory = self.settings.last_directory.clone();
                    self.files.save_trace_dialog(wake, directory, export);
                }
            }
        }
    }

    /// Starts `work`; a job of the other mode that it replaces is reported
    /// to that mode as stopped for it.
    fn start(&mut self, work: Work) {
        let owner = work.owner();
        let label = work.label();
        let wake = self.job_waker();
        if let Some(stopped) = self.jobs.start(work, wake)
            && stopped.owner != owner
        {
            self.stopped(stopped, Some(label));
        }
    }

    /// Starts `work` in the adviser's slot, replacing the last advice job.
    fn advise(&mut self, work: Work) {
        let wake = self.job_waker();
        self.adviser.start(work, wake);
    }

    /// Stops `owner`'s job because its board changed (the session already
    /// knows; this only records how it ended).
    fn drop_job(&mut self, owner: Mode) {
        if let Some(stopped) = self.jobs.cancel_for(owner) {
            self.stopped(stopped, None);
        }
    }

    fn stopped(&mut self, stopped: Stopped, by: Option<Said>) {
        self.pane_mut(stopped.owner).job_stopped(stopped, by);
    }

    fn tell(&mut self, notice: Notice) {
        self.shown_mut().tell(notice);
    }

    fn export_dialog(&mut self) {
        match self.export() {
            Ok((export, name)) => {
                let wake = self.waker();
                self.files
                    .save_dialog(wake, self.settings.last_directory.clone(), name, export);
            }
            Err(message) => self.tell(Notice::error(move || message.clone())),
        }
    }

    /// Makes the sheet the Print dialog asks for, of what the mode on
    /// show can print, and sends it `to` a file or the PDF viewer.
    fn make_sheet(&mut self, to: SheetTo) {
        if let Some(job) = self.sheet_job() {
            let wake = self.waker();
            let directory = self.settings.last_directory.clone();
            self.files.make_sheet(wake, directory, job, to);
        }
    }

    /// Makes the sheet the Print dialog asks for and writes it to `path`,
    /// or to none (what the Save dialog does once it is answered).
    #[cfg(test)]
    fn make_sheet_to(&mut self, path: Option<std::path::PathBuf>) {
        if let Some(job) = self.sheet_job() {
            self.files.sheet_to(path, job);
        }
    }

    /// The work of the sheet the Print dialog asks for, or `None` after
    /// saying why there is none.
    fn sheet_job(&mut self) -> Option<print::SheetJob> {
        let mode = self.settings.mode;
        let (pane, settings) = self.pane_and_settings(mode);
        let Some(choices) = pane.to_print(settings) else {
            self.tell(Notice::error(|| tr!("print-no-puzzles").to_owned()));
            return None;
        };
        match self.print.job(choices) {
            Ok(job) => Some(job),
            Err(message) => {
                self.tell(Notice::error(move || message.clone()));
                None
            }
        }
    }

    /// What is on show as an export, with a file name for it.
    fn export(&self) -> Result<(Export, String), String> {
        let (subject, name) = self.shown().subject()?;
        let export = Export {
            subject,
            numbers: self.settings.view.show_numbers,
            labels: self.settings.view.show_labels,
            moves_per_second: self.settings.view.moves_per_second,
        };
        Ok((export, name))
    }

    /// Hands each job report to the session that asked for the work.
    fn take_job_updates(&mut self) {
        for update in self.adviser.poll() {
            match update {
                Update::Item(report)
                | Update::Finished {
                    result: Some(report),
                    ..
                } => self.take_item(report),
                // Advice overtaken by a newer request.
                Update::Finished { result: None, .. } => {}
            }
        }
        for update in self.jobs.poll() {
            match update {
                Update::Item(report) => self.take_item(report),
                Update::Finished {
                    result: Some(report),
                    owner,
                    label,
                    progress,
                } => self.pane_mut(owner).job_done(report, label, progress),
                Update::Finished {
                    result: None,
                    owner,
                    label,
                    progress,
                } => self.stopped(
                    Stopped {
                        owner,
                        label,
                        progress,
                        kept: false,
                    },
                    None,
                ),
            }
        }
    }

    /// A report that does not end the mode's job: a streamed result, or
    /// advice.
    fn take_item(&mut self, report: Report) {
        self.pane_mut(report.owner()).job_item(report);
    }
}

/// A watched search's line: the step on show, of how many once known,
/// and what a step is.
fn watch_line(label: &Said, (step, total): (u64, Option<u64>)) -> String {
    let total = total.map_or_else(String::new, |total| {
        tr!("status-watch-total", total = english::group_digits(total))
    });
    tr!(
        "status-watch",
        label = label.words(),
        step = english::group_digits(step),
        total = total
    )
}

/// Asks for a frame when `notice` expires, so it disappears on time even
/// in an idle window.
fn ctx_repaint_at_expiry(ctx: &egui::Context, notice: &Notice, now: Instant) {
    ctx.request_repaint_after(notice.expires_in(now) + Duration::from_millis(50));
}

impl eframe::App for GridtourApp {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        self.status.frame_cpu_seconds = frame.info().cpu_usage;
        self.show(ui);
    }

    /// eframe's own storage keeps only what it keeps for itself (the
    /// window's place): the state is saved in its own file, whether or not
    /// eframe can save at all.
    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        if self.forget_earlier_key && storage.get_string(settings::STORAGE_KEY).is_some() {
            storage.remove_string(settings::STORAGE_KEY);
        }
        platform::save_state(self, storage);
    }

    fn auto_save_interval(&self) -> Duration {
        platform::EFRAME_SAVE_INTERVAL
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        self.save_on_closing();
    }
}
